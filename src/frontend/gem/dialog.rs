//! The app's dialogs (`app::dialog::Dialog`: Custom…, Game ID…, Random seed…, Preferences)
//! as AES object trees built in code, and the user's answers read back from them. The host
//! runs the tree with `form_run` (host/replies.rs); everything here is pure, so it is tested
//! without an AES.
//!
//! The layout, in character cells (`graf_handle`'s cell: 8×16 at 640×480, 8×8 in the ST
//! resolutions), as narrow as the items allow and never wider than the screen less two
//! cells nor than [`MAX_COLS`]:
//!
//! - the title, centred, on the first row;
//! - one row per item: `ConfigItem::String` is its label and an editable field (G_FTEXT,
//!   any character) beside it; `Boolean` a button that toggles, named by the item;
//!   `Choices` its label and one radio button per choice, wrapping onto more rows when
//!   they do not fit;
//! - OK (the default, Return) and Cancel at the bottom right.
//!
//! Labels stand left of their controls, the controls in one column, when that leaves a
//! field at least [`MIN_FIELD`] cells; otherwise (a 40-column screen and a long label) each
//! label has a row of its own above its control.
//!
//! The AES's fields do not scroll: a field is as wide as the text it may hold, the current
//! value and [`SLACK`] more. A longer text than the column holds (a game ID) is split over
//! up to [`MAX_FIELD_ROWS`] fields one under the other, read back joined; a value longer
//! than all of them is cut (the app then refuses it with its reason). GEM's text is Atari
//! characters: anything but printable ASCII is shown and read back as `?`.

use alloc::string::String;
use alloc::vec::Vec;

use falcon_gem::object::builder::CharCell;
use falcon_gem::object::dialog::{ButtonRole, DialogBuilder};
use falcon_gem::object::{ObjectId, ObjectState, Tree};
use falcon_gem::rect::Rect;

use crate::app::dialog::{ConfigItem, Dialog};

/// The widest dialog (cells): wider is hard to read on an 80-column screen.
pub const MAX_COLS: i16 = 64;
/// The narrowest field beside the labels; less and the labels go above their controls.
pub const MIN_FIELD: i16 = 10;
/// The cells a field has beyond its current value, to type into.
pub const SLACK: i16 = 8;
/// The most fields one text is split over.
pub const MAX_FIELD_ROWS: i16 = 4;
/// Cells between the box's edge and its contents.
const MARGIN: i16 = 2;
/// Width of OK and Cancel (cells).
const BUTTON_COLS: i16 = 8;

/// The objects standing for one item of the dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// A text: its fields, top to bottom (the text is their texts joined).
    Text(Vec<ObjectId>),
    /// A check box: a button that toggles.
    Toggle(ObjectId),
    /// A choice: one radio button per choice, in order.
    Radios(Vec<ObjectId>),
}

/// Where the dialog's answers are in its tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogIds {
    /// One per item of the dialog, in its order.
    pub controls: Vec<Control>,
    pub ok: ObjectId,
    pub cancel: ObjectId,
}

impl DialogIds {
    /// The field the cursor starts in (`ObjectId::ROOT`, none, without a text item).
    pub fn first_field(&self) -> ObjectId {
        self.controls
            .iter()
            .find_map(|c| match c {
                Control::Text(fields) => fields.first().copied(),
                _ => None,
            })
            .unwrap_or(ObjectId::ROOT)
    }
}

/// `text` as the AES shows it: printable ASCII kept, anything else `?`.
pub fn atari_text(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_graphic() || c == ' ' { c } else { '?' }).collect()
}

/// What `atari_text` gives back: bytes the AES wrote, as text.
fn from_atari(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| if b.is_ascii_graphic() || b == b' ' { b as char } else { '?' }).collect()
}

/// `text` cut to `cols` characters (the texts here are ASCII: one byte a character).
fn cut(text: &str, cols: i16) -> &str {
    &text[..text.len().min(cols.max(0) as usize)]
}

/// One object of the plan, at (`col`, `row`) of the box.
enum Part {
    Title(String),
    Label(String),
    /// A field `cols` wide holding `text`.
    Field {
        cols: i16,
        text: String,
    },
    Toggle {
        cols: i16,
        text: String,
        on: bool,
    },
    /// A radio group's box and its buttons (`col`, `row` relative to the group).
    Radios {
        cols: i16,
        rows: i16,
        buttons: Vec<(i16, i16, i16, String, bool)>,
    },
}

/// The layout's plan: the parts with their places, and the box's size.
struct Plan {
    parts: Vec<(i16, i16, Part)>,
    /// Which parts make each item's control (indexes into `parts`).
    items: Vec<Vec<usize>>,
    cols: i16,
    rows: i16,
}

/// Places the dialog's parts in a box at most `max_cols` wide.
fn plan(dialog: &Dialog, max_cols: i16) -> Plan {
    let inner = (max_cols - 2 * MARGIN).max(2 * BUTTON_COLS + 1);
    let label_cols = dialog
        .items
        .iter()
        .filter(|i| !matches!(i, ConfigItem::Boolean { .. }))
        .map(|i| i.name().len() as i16)
        .max()
        .unwrap_or(0);
    let beside = label_cols + 1 + MIN_FIELD <= inner;
    let control_col = if beside { label_cols + 1 } else { 0 };
    let room = inner - control_col;
    let title: String = cut(&atari_text(&dialog.title), inner).into();
    let mut used = (title.len() as i16).max(2 * BUTTON_COLS + 1);
    let mut parts: Vec<(i16, i16, Part)> = alloc::vec![(0, 0, Part::Title(title))];
    let mut items = Vec::new();
    // Row 0 is the title, row 1 blank.
    let mut row = 2;
    for item in &dialog.items {
        let mut mine = Vec::new();
        if !matches!(item, ConfigItem::Boolean { .. }) {
            parts.push((0, row, Part::Label(cut(&atari_text(item.name()), inner).into())));
            used = used.max((item.name().len() as i16).min(inner));
            if !beside {
                row += 1;
            }
        }
        match item {
            ConfigItem::String { value, .. } => {
                let value = atari_text(value);
                let wanted = (value.len() as i16 + SLACK).max(MIN_FIELD);
                let (cols, rows) =
                    if wanted <= room { (wanted, 1) } else { (room, ((wanted + room - 1) / room).min(MAX_FIELD_ROWS)) };
                for n in 0..rows {
                    let from = (n * cols) as usize;
                    let piece = value.get(from..value.len().min(from + cols as usize)).unwrap_or("");
                    mine.push(parts.len());
                    parts.push((control_col, row, Part::Field { cols, text: piece.into() }));
                    row += 1;
                }
                used = used.max(control_col + cols);
            }
            ConfigItem::Boolean { name, value } => {
                let cols = (name.len() as i16 + 2).min(inner);
                mine.push(parts.len());
                parts.push((0, row, Part::Toggle { cols, text: cut(&atari_text(name), cols - 2).into(), on: *value }));
                used = used.max(cols);
                row += 1;
            }
            ConfigItem::Choices { choices, selected, .. } => {
                let mut buttons = Vec::new();
                let (mut x, mut y, mut widest) = (0, 0, 0);
                for (n, choice) in choices.iter().enumerate() {
                    let text = atari_text(choice);
                    let cols = (text.len() as i16 + 2).min(room);
                    if x > 0 && x + cols > room {
                        x = 0;
                        y += 1;
                    }
                    buttons.push((x, y, cols, cut(&text, cols - 2).into(), n == *selected));
                    widest = widest.max(x + cols);
                    x += cols + 1;
                }
                let rows = y + 1;
                mine.push(parts.len());
                parts.push((control_col, row, Part::Radios { cols: widest, rows, buttons }));
                used = used.max(control_col + widest);
                row += rows;
            }
        }
        items.push(mine);
    }
    // A blank row, then OK and Cancel; a blank row under them.
    let cols = used + 2 * MARGIN;
    Plan { parts, items, cols, rows: row + 3 }
}

/// The dialog's tree for a screen of `screen` pixels with the AES's character `cell`, and
/// where its answers are. The tree is placed at (0, 0): `form_center` centres it.
pub fn layout(dialog: &Dialog, cell: CharCell, screen: Rect) -> (Tree, DialogIds) {
    let screen_cols = screen.w / cell.w.max(1);
    let plan = plan(dialog, (screen_cols - 2).min(MAX_COLS));
    let (cols, rows) = (plan.cols, plan.rows + 1);
    let mut d = DialogBuilder::new(cell, cols, rows);
    let mut ids = Vec::with_capacity(plan.parts.len());
    for (col, row, part) in &plan.parts {
        // Contents start one row down and MARGIN columns in.
        let (col, row) = (col + MARGIN, row + 1);
        let id = match part {
            Part::Title(text) => {
                let col = (cols - text.len() as i16) / 2;
                alloc::vec![d.label(col, row, text)]
            }
            Part::Label(text) => alloc::vec![d.label(col, row, text)],
            Part::Field { cols, text } => {
                let template: String = (0..*cols).map(|_| '_').collect();
                alloc::vec![d.field(col, row, &template, "X", text)]
            }
            Part::Toggle { cols, text, on } => alloc::vec![d.toggle(col, row, *cols, text, *on)],
            Part::Radios { cols, rows, buttons } => {
                let group = d.group(col, row, *cols, *rows);
                buttons.iter().map(|(x, y, w, text, on)| d.radio(group, *x, *y, *w, text, *on)).collect()
            }
        };
        ids.push(id);
    }
    let button_row = rows - 2;
    let ok = d.button(cols - MARGIN - 2 * BUTTON_COLS - 1, button_row, BUTTON_COLS, "OK", ButtonRole::Default);
    let cancel = d.button(cols - MARGIN - BUTTON_COLS, button_row, BUTTON_COLS, "Cancel", ButtonRole::Exit);
    let controls = dialog
        .items
        .iter()
        .zip(&plan.items)
        .map(|(item, parts)| {
            let objects: Vec<ObjectId> = parts.iter().flat_map(|&p| ids[p].iter().copied()).collect();
            match item {
                ConfigItem::String { .. } => Control::Text(objects),
                ConfigItem::Boolean { .. } => Control::Toggle(objects[0]),
                ConfigItem::Choices { .. } => Control::Radios(objects),
            }
        })
        .collect();
    (d.build(), DialogIds { controls, ok, cancel })
}

/// Copies what the user left in the tree (texts typed, toggles, the radio button selected)
/// into `dialog`'s items; a choice with no button selected keeps its value.
pub fn read_back(tree: &Tree, ids: &DialogIds, dialog: &mut Dialog) {
    let selected = |id: ObjectId| tree.object(id).state().contains(ObjectState::SELECTED);
    for (item, control) in dialog.items.iter_mut().zip(&ids.controls) {
        match (item, control) {
            (ConfigItem::String { value, .. }, Control::Text(fields)) => {
                value.clear();
                let mut buf = [0u8; 256];
                for &f in fields {
                    let n = tree.text(f, &mut buf).unwrap_or(0);
                    value.push_str(&from_atari(&buf[..n]));
                }
            }
            (ConfigItem::Boolean { value, .. }, Control::Toggle(id)) => *value = selected(*id),
            (ConfigItem::Choices { selected: chosen, .. }, Control::Radios(buttons)) => {
                if let Some(n) = buttons.iter().position(|&b| selected(b)) {
                    *chosen = n;
                }
            }
            _ => {}
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
