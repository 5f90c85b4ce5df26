//! Building an object tree in code: objects are added under a parent, in drawing order;
//! [`TreeBuilder::build`] lays out the strings and TEDINFOs, links the objects and marks
//! the last one.
//!
//! Object numbers are given in the order objects are added, so a builder that adds them
//! in the order a resource editor would (menus: screen, bar, active area, titles, then the
//! drop-down boxes with their items) gets the numbering the AES expects.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cell::Cell;

use super::{
    Colours, Font, Justification, Object, ObjectFlags, ObjectId, ObjectState, ObjectType, TedInfo, Tree, box_spec,
};
use crate::rect::Rect;

/// The size of a character cell of the AES's font, from `graf_handle` (8×16 on a
/// 640×480 screen, 8×8 in low resolutions): dialogs and menus are laid out in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharCell {
    pub w: i16,
    pub h: i16,
}

/// Where an object goes and how it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attrs {
    /// Relative to the parent, in pixels.
    pub rect: Rect,
    pub flags: ObjectFlags,
    pub state: ObjectState,
}

impl Attrs {
    pub const fn at(rect: Rect) -> Attrs {
        Attrs { rect, flags: ObjectFlags::empty(), state: ObjectState::empty() }
    }

    pub const fn flags(mut self, flags: ObjectFlags) -> Attrs {
        self.flags = flags;
        self
    }

    pub const fn state(mut self, state: ObjectState) -> Attrs {
        self.state = state;
        self
    }
}

/// The box-like types: their `ob_spec` is colours and a border.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxKind {
    /// G_BOX
    Box,
    /// G_IBOX
    IBox,
    /// G_BOXCHAR with its character.
    BoxChar(u8),
}

/// The string types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringKind {
    /// G_STRING
    String,
    /// G_BUTTON
    Button,
    /// G_TITLE
    Title,
}

/// How a TEDINFO text is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextStyle {
    pub font: Font,
    pub justification: Justification,
    pub colours: Colours,
    /// Border thickness of G_BOXTEXT/G_FBOXTEXT (negative: outside).
    pub thickness: i16,
}

impl TextStyle {
    /// System font, left-aligned, black on white, no border.
    pub const PLAIN: TextStyle = TextStyle {
        font: Font::Normal,
        justification: Justification::Left,
        colours: Colours::BLACK_ON_WHITE,
        thickness: 0,
    };
}

/// The strings of an editable field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldText<'a> {
    /// The text shown, `_` marking each editable position ("Seed: ________").
    pub template: &'a str,
    /// One validation character per `_`: `X` any, `9` digit, `A` capital or space, `a`
    /// letter or space, `N` capital, digit or space, `n` letter, digit or space, `F` file
    /// name character, `P` path character, `p` path without wildcards. Too short is padded
    /// with its last character (empty: `X`), too long is cut.
    pub valid: &'a str,
    /// The starting text, cut to fit.
    pub initial: &'a str,
}

/// What an object's `ob_spec` will be.
enum Spec {
    Raw(usize),
    /// Offset of a NUL-terminated string in the string arena.
    String(usize),
    /// Index of a TEDINFO.
    Ted(usize),
}

enum TedText {
    /// Offset in the string arena (read-only text).
    Fixed(usize),
    /// Offset in the edit arena.
    Edit(usize),
}

struct TedSpec {
    text: TedText,
    template: usize,
    valid: usize,
    style: TextStyle,
    text_len: i16,
    template_len: i16,
}

struct Node {
    parent: Option<usize>,
    kind: ObjectType,
    spec: Spec,
    attrs: Attrs,
}

/// Collects objects; [`TreeBuilder::build`] turns them into a [`Tree`].
pub struct TreeBuilder {
    nodes: Vec<Node>,
    strings: Vec<u8>,
    edits: Vec<u8>,
    teds: Vec<TedSpec>,
}

/// The bytes of `text` up to a NUL, if it has one.
fn c_bytes(text: &str) -> &[u8] {
    let b = text.as_bytes();
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    &b[..end]
}

impl TreeBuilder {
    /// A tree whose root (object 0) is a box.
    pub fn new(root: BoxKind, thickness: i8, colours: Colours, attrs: Attrs) -> TreeBuilder {
        let mut b = TreeBuilder { nodes: Vec::new(), strings: Vec::new(), edits: Vec::new(), teds: Vec::new() };
        b.push(None, root, thickness, colours, attrs);
        b
    }

    fn push(
        &mut self,
        parent: Option<usize>,
        kind: BoxKind,
        thickness: i8,
        colours: Colours,
        attrs: Attrs,
    ) -> ObjectId {
        let (t, character) = match kind {
            BoxKind::Box => (ObjectType::Box, 0),
            BoxKind::IBox => (ObjectType::IBox, 0),
            BoxKind::BoxChar(c) => (ObjectType::BoxChar, c),
        };
        self.node(parent, t, Spec::Raw(box_spec(character, thickness, colours)), attrs)
    }

    fn node(&mut self, parent: Option<usize>, kind: ObjectType, spec: Spec, attrs: Attrs) -> ObjectId {
        self.nodes.push(Node { parent, kind, spec, attrs });
        ObjectId((self.nodes.len() - 1) as i16)
    }

    fn string(&mut self, text: &[u8]) -> usize {
        let at = self.strings.len();
        self.strings.extend_from_slice(text);
        self.strings.push(0);
        at
    }

    /// How many objects so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Changes the attributes of an object already added.
    pub fn attrs_mut(&mut self, id: ObjectId) -> &mut Attrs {
        &mut self.nodes[id.index()].attrs
    }

    /// A box, an invisible box or a box with a character.
    pub fn add_box(
        &mut self,
        parent: ObjectId,
        kind: BoxKind,
        thickness: i8,
        colours: Colours,
        attrs: Attrs,
    ) -> ObjectId {
        self.push(Some(parent.index()), kind, thickness, colours, attrs)
    }

    /// A string, button or menu title (`text` is cut at a NUL).
    pub fn add_string(&mut self, parent: ObjectId, kind: StringKind, text: &str, attrs: Attrs) -> ObjectId {
        let at = self.string(c_bytes(text));
        let t = match kind {
            StringKind::String => ObjectType::String,
            StringKind::Button => ObjectType::Button,
            StringKind::Title => ObjectType::Title,
        };
        self.node(Some(parent.index()), t, Spec::String(at), attrs)
    }

    /// A text drawn from a TEDINFO (G_TEXT, or G_BOXTEXT when `boxed`).
    pub fn add_text(&mut self, parent: ObjectId, boxed: bool, text: &str, style: TextStyle, attrs: Attrs) -> ObjectId {
        let bytes = c_bytes(text);
        let text_at = self.string(bytes);
        let empty = self.string(b"");
        self.teds.push(TedSpec {
            text: TedText::Fixed(text_at),
            template: empty,
            valid: empty,
            style,
            text_len: bytes.len() as i16 + 1,
            template_len: 1,
        });
        let t = if boxed { ObjectType::BoxText } else { ObjectType::Text };
        self.node(Some(parent.index()), t, Spec::Ted(self.teds.len() - 1), attrs)
    }

    /// An editable field (G_FTEXT, or G_FBOXTEXT when `boxed`, with EDITABLE added); see
    /// [`FieldText`] for its strings.
    pub fn add_field(
        &mut self,
        parent: ObjectId,
        boxed: bool,
        text: FieldText,
        style: TextStyle,
        attrs: Attrs,
    ) -> ObjectId {
        let FieldText { template, valid, initial } = text;
        let template = c_bytes(template);
        let capacity = template.iter().filter(|&&c| c == b'_').count();
        let mut v: Vec<u8> = c_bytes(valid).iter().copied().take(capacity).collect();
        let pad = v.last().copied().unwrap_or(b'X');
        v.resize(capacity, pad);
        let template_at = self.string(template);
        let valid_at = self.string(&v);
        let edit_at = self.edits.len();
        let initial = c_bytes(initial);
        let initial = &initial[..initial.len().min(capacity)];
        self.edits.extend_from_slice(initial);
        self.edits.resize(edit_at + capacity + 1, 0);
        self.teds.push(TedSpec {
            text: TedText::Edit(edit_at),
            template: template_at,
            valid: valid_at,
            style,
            text_len: capacity as i16 + 1,
            template_len: template.len() as i16 + 1,
        });
        let t = if boxed { ObjectType::FBoxText } else { ObjectType::FText };
        let attrs = Attrs { flags: attrs.flags | ObjectFlags::EDITABLE, ..attrs };
        self.node(Some(parent.index()), t, Spec::Ted(self.teds.len() - 1), attrs)
    }

    /// The tree: strings and edit buffers in their final place, then the TEDINFOs, then
    /// the objects linked parent to children in the order they were added.
    pub fn build(self) -> Tree {
        let strings: Box<[u8]> = self.strings.into_boxed_slice();
        let edits: Box<[Cell<u8>]> = self.edits.into_iter().map(Cell::new).collect();
        let s_base = strings.as_ptr() as usize;
        let e_base = edits.as_ptr() as usize;
        let teds: Box<[TedInfo]> = self
            .teds
            .iter()
            .map(|t| {
                let text = match t.text {
                    TedText::Fixed(at) => s_base + at,
                    TedText::Edit(at) => e_base + at,
                };
                TedInfo::new(
                    text,
                    s_base + t.template,
                    s_base + t.valid,
                    t.style.font,
                    t.style.justification,
                    t.style.colours,
                    t.style.thickness,
                    (t.text_len, t.template_len),
                )
            })
            .collect();
        let t_base = teds.as_ptr() as usize;
        let n = self.nodes.len();
        // Links: children in the order added; the last child's `next` is its parent.
        let mut head = alloc::vec![-1i16; n];
        let mut tail = alloc::vec![-1i16; n];
        let mut next = alloc::vec![-1i16; n];
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                if head[p] < 0 {
                    head[p] = i as i16;
                } else {
                    next[tail[p] as usize] = i as i16;
                }
                tail[p] = i as i16;
                next[i] = p as i16;
            }
        }
        let objects: Box<[Object]> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let spec = match node.spec {
                    Spec::Raw(v) => v,
                    Spec::String(at) => s_base + at,
                    Spec::Ted(k) => t_base + k * core::mem::size_of::<TedInfo>(),
                };
                let mut flags = node.attrs.flags - ObjectFlags::LASTOB;
                if i + 1 == n {
                    flags |= ObjectFlags::LASTOB;
                }
                Object::new(
                    [next[i], head[i], tail[i]],
                    node.kind as u16,
                    flags,
                    node.attrs.state,
                    spec,
                    node.attrs.rect,
                )
            })
            .collect();
        Tree::from_parts(objects, teds, strings, edits)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
