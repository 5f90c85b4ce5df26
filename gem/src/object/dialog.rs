//! A dialog built in code, laid out in character cells like a resource editor's forms:
//! an outlined box (thickness 2, black on white) holding labels, editable fields, radio
//! groups, toggles and exit buttons. Run it with [`crate::aes::Aes::form_run`].

use super::builder::{Attrs, BoxKind, CharCell, FieldText, StringKind, TextStyle, TreeBuilder};
use super::{Colours, ObjectFlags, ObjectId, ObjectState, Tree};
use crate::rect::Rect;

/// What an exit button does in `form_do`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonRole {
    /// Ends the dialog; Return selects it (one per dialog: OK).
    Default,
    /// Ends the dialog (Cancel).
    Exit,
}

/// Collects a dialog's objects; positions and sizes in character cells.
pub struct DialogBuilder {
    cell: CharCell,
    tree: TreeBuilder,
}

impl DialogBuilder {
    /// A dialog of `cols` × `rows` cells.
    pub fn new(cell: CharCell, cols: i16, rows: i16) -> DialogBuilder {
        let root = Attrs::at(Rect::new(0, 0, cols * cell.w, rows * cell.h)).state(ObjectState::OUTLINED);
        DialogBuilder { cell, tree: TreeBuilder::new(BoxKind::Box, 2, Colours::BLACK_ON_WHITE, root) }
    }

    fn cells(&self, col: i16, row: i16, cols: i16, rows: i16) -> Rect {
        Rect::new(col * self.cell.w, row * self.cell.h, cols * self.cell.w, rows * self.cell.h)
    }

    /// A label (G_STRING) at (`col`, `row`).
    pub fn label(&mut self, col: i16, row: i16, text: &str) -> ObjectId {
        let r = self.cells(col, row, text.len() as i16, 1);
        self.tree.add_string(ObjectId::ROOT, StringKind::String, text, Attrs::at(r))
    }

    /// An editable field (G_FTEXT) as wide as its template; see [`FieldText`] for
    /// `template` and `valid`. Its text after the dialog: [`Tree::text`].
    pub fn field(&mut self, col: i16, row: i16, template: &str, valid: &str, initial: &str) -> ObjectId {
        let r = self.cells(col, row, template.len() as i16, 1);
        self.tree.add_field(
            ObjectId::ROOT,
            false,
            FieldText { template, valid, initial },
            TextStyle::PLAIN,
            Attrs::at(r),
        )
    }

    /// An invisible box grouping radio buttons (only one of a group's buttons is
    /// selected at a time).
    pub fn group(&mut self, col: i16, row: i16, cols: i16, rows: i16) -> ObjectId {
        let r = self.cells(col, row, cols, rows);
        self.tree.add_box(ObjectId::ROOT, BoxKind::IBox, 0, Colours::default(), Attrs::at(r))
    }

    /// A radio button in `group`, at (`col`, `row`) of the group.
    pub fn radio(&mut self, group: ObjectId, col: i16, row: i16, cols: i16, text: &str, selected: bool) -> ObjectId {
        let state = if selected { ObjectState::SELECTED } else { ObjectState::empty() };
        let attrs =
            Attrs::at(self.cells(col, row, cols, 1)).flags(ObjectFlags::SELECTABLE | ObjectFlags::RBUTTON).state(state);
        self.tree.add_string(group, StringKind::Button, text, attrs)
    }

    /// A button that toggles between selected and not (an option on or off).
    pub fn toggle(&mut self, col: i16, row: i16, cols: i16, text: &str, on: bool) -> ObjectId {
        let state = if on { ObjectState::SELECTED } else { ObjectState::empty() };
        let attrs = Attrs::at(self.cells(col, row, cols, 1)).flags(ObjectFlags::SELECTABLE).state(state);
        self.tree.add_string(ObjectId::ROOT, StringKind::Button, text, attrs)
    }

    /// A button that ends the dialog.
    pub fn button(&mut self, col: i16, row: i16, cols: i16, text: &str, role: ButtonRole) -> ObjectId {
        let mut flags = ObjectFlags::SELECTABLE | ObjectFlags::EXIT;
        if role == ButtonRole::Default {
            flags |= ObjectFlags::DEFAULT;
        }
        let attrs = Attrs::at(self.cells(col, row, cols, 1)).flags(flags);
        self.tree.add_string(ObjectId::ROOT, StringKind::Button, text, attrs)
    }

    /// The underlying builder, for anything else (pixel positions).
    pub fn builder_mut(&mut self) -> &mut TreeBuilder {
        &mut self.tree
    }

    pub fn build(self) -> Tree {
        self.tree.build()
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
