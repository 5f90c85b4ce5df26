//! Object trees (menus, dialogs) built in code: no resource file.
//!
//! An object tree is an array of OBJECT records (24 bytes on the 68030) linked by index:
//! `ob_next` (next sibling; the last child points back at its parent), `ob_head` and
//! `ob_tail` (first and last child, -1 for none); the last object has the LASTOB flag.
//! `ob_spec` holds the colours of a box, or the address of a string or of a TEDINFO (text
//! objects). Positions are relative to the parent, in pixels.
//!
//! The AES writes into trees while we hold them (`form_do` and `objc_change` set states,
//! `form_center` moves the root, `objc_edit` edits text, the Desk menu gets the
//! accessories' names and a new height): every field is a `Cell`, so a [`Tree`] is shared
//! (`&Tree`) with the AES and read back safely. A tree owns its objects, TEDINFOs, strings
//! and edit buffers in boxes that never move, so the addresses inside stay valid when the
//! `Tree` value moves. [`builder::TreeBuilder`] makes trees; [`menu::MenuBuilder`] and
//! [`dialog::DialogBuilder`] make the two kinds a program needs.

use alloc::boxed::Box;
use core::cell::Cell;

use bitflags::bitflags;

use crate::rect::Rect;

pub mod builder;
pub mod dialog;
pub mod menu;

/// An object's index in its tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub i16);

impl ObjectId {
    /// The root (0).
    pub const ROOT: ObjectId = ObjectId(0);
    /// No object (-1): the end of a link, or "not found".
    pub const NIL: ObjectId = ObjectId(-1);

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The object types (`ob_type`, low byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum ObjectType {
    /// G_BOX (20): a filled box, colours in `ob_spec`.
    Box = 20,
    /// G_TEXT (21): text from a TEDINFO.
    Text = 21,
    /// G_BOXTEXT (22): text in a box, from a TEDINFO.
    BoxText = 22,
    /// G_IMAGE (23).
    Image = 23,
    /// G_PROGDEF (24): drawn by the program.
    ProgDef = 24,
    /// G_IBOX (25): an invisible box (a border only if thickness ≠ 0).
    IBox = 25,
    /// G_BUTTON (26): a button with a string.
    Button = 26,
    /// G_BOXCHAR (27): one character in a box.
    BoxChar = 27,
    /// G_STRING (28): a string (menu items, labels).
    String = 28,
    /// G_FTEXT (29): editable text from a TEDINFO.
    FText = 29,
    /// G_FBOXTEXT (30): editable text in a box.
    FBoxText = 30,
    /// G_ICON (31).
    Icon = 31,
    /// G_TITLE (32): a menu title.
    Title = 32,
}

impl ObjectType {
    /// `ob_spec` is the address of a TEDINFO.
    pub fn has_tedinfo(self) -> bool {
        matches!(self, ObjectType::Text | ObjectType::BoxText | ObjectType::FText | ObjectType::FBoxText)
    }

    /// `ob_spec` is the address of a string.
    pub fn has_string(self) -> bool {
        matches!(self, ObjectType::Button | ObjectType::String | ObjectType::Title)
    }

    pub fn from_code(code: u8) -> Option<ObjectType> {
        Some(match code {
            20 => ObjectType::Box,
            21 => ObjectType::Text,
            22 => ObjectType::BoxText,
            23 => ObjectType::Image,
            24 => ObjectType::ProgDef,
            25 => ObjectType::IBox,
            26 => ObjectType::Button,
            27 => ObjectType::BoxChar,
            28 => ObjectType::String,
            29 => ObjectType::FText,
            30 => ObjectType::FBoxText,
            31 => ObjectType::Icon,
            32 => ObjectType::Title,
            _ => return None,
        })
    }
}

bitflags! {
    /// `ob_flags`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct ObjectFlags: u16 {
        const SELECTABLE = 0x0001;
        /// Return selects it in `form_do`.
        const DEFAULT = 0x0002;
        /// Selecting it ends `form_do`.
        const EXIT = 0x0004;
        const EDITABLE = 0x0008;
        /// Radio button: selecting it deselects its siblings.
        const RBUTTON = 0x0010;
        /// The last object of the tree.
        const LASTOB = 0x0020;
        /// Ends `form_do` as soon as it is pressed.
        const TOUCHEXIT = 0x0040;
        /// Neither drawn nor found, with its children.
        const HIDETREE = 0x0080;
        const INDIRECT = 0x0100;
        /// 3D indicator (AES 3.40).
        const FL3DIND = 0x0200;
        /// 3D background (AES 3.40).
        const FL3DBAK = 0x0400;
        /// 3D activator (AES 3.40): both bits.
        const FL3DACT = 0x0600;
        /// Has a submenu (AES 4.1).
        const SUBMENU = 0x0800;
    }
}

bitflags! {
    /// `ob_state`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct ObjectState: u16 {
        const SELECTED = 0x0001;
        const CROSSED = 0x0002;
        /// A tick (menu items).
        const CHECKED = 0x0004;
        /// Greyed out, not selectable.
        const DISABLED = 0x0008;
        const OUTLINED = 0x0010;
        const SHADOWED = 0x0020;
        const WHITEBAK = 0x0040;
        const DRAW3D = 0x0080;
    }
}

/// The colour word of boxes and TEDINFOs: frame colour (bits 15–12), text colour (11–8),
/// text written over the fill (bit 7; else transparent), fill pattern 0–7 (6–4), fill
/// colour (3–0). Colours are VDI pens 0–15.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Colours {
    pub frame: u8,
    pub text: u8,
    pub opaque_text: bool,
    /// 0 hollow … 7 solid.
    pub pattern: u8,
    pub fill: u8,
}

impl Colours {
    /// Black frame and text on white: every standard dialog and menu box.
    pub const BLACK_ON_WHITE: Colours = Colours { frame: 1, text: 1, opaque_text: false, pattern: 0, fill: 0 };

    pub const fn word(self) -> u16 {
        ((self.frame as u16 & 15) << 12)
            | ((self.text as u16 & 15) << 8)
            | ((self.opaque_text as u16) << 7)
            | ((self.pattern as u16 & 7) << 4)
            | (self.fill as u16 & 15)
    }

    pub const fn from_word(w: u16) -> Colours {
        Colours {
            frame: (w >> 12) as u8 & 15,
            text: (w >> 8) as u8 & 15,
            opaque_text: w & 0x80 != 0,
            pattern: (w >> 4) as u8 & 7,
            fill: w as u8 & 15,
        }
    }
}

/// `ob_spec` of G_BOX, G_IBOX, G_BOXCHAR: character (bits 31–24, G_BOXCHAR only), border
/// thickness (23–16, signed: negative outside, positive inside, 0 none), colours (15–0).
pub const fn box_spec(character: u8, thickness: i8, colours: Colours) -> usize {
    ((character as u32) << 24 | (thickness as u8 as u32) << 16 | colours.word() as u32) as usize
}

/// One OBJECT, as the AES reads it.
#[repr(C)]
pub struct Object {
    next: Cell<i16>,
    head: Cell<i16>,
    tail: Cell<i16>,
    kind: Cell<u16>,
    flags: Cell<u16>,
    state: Cell<u16>,
    spec: Cell<usize>,
    x: Cell<i16>,
    y: Cell<i16>,
    w: Cell<i16>,
    h: Cell<i16>,
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<Object>() == 24);

impl Object {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        links: [i16; 3],
        kind: u16,
        flags: ObjectFlags,
        state: ObjectState,
        spec: usize,
        r: Rect,
    ) -> Self {
        Object {
            next: Cell::new(links[0]),
            head: Cell::new(links[1]),
            tail: Cell::new(links[2]),
            kind: Cell::new(kind),
            flags: Cell::new(flags.bits()),
            state: Cell::new(state.bits()),
            spec: Cell::new(spec),
            x: Cell::new(r.x),
            y: Cell::new(r.y),
            w: Cell::new(r.w),
            h: Cell::new(r.h),
        }
    }

    /// `ob_next`, `ob_head`, `ob_tail`.
    pub fn links(&self) -> [ObjectId; 3] {
        [ObjectId(self.next.get()), ObjectId(self.head.get()), ObjectId(self.tail.get())]
    }

    /// `ob_type`, low byte (`None` for a type this crate does not know).
    pub fn kind(&self) -> Option<ObjectType> {
        ObjectType::from_code(self.kind.get() as u8)
    }

    /// `ob_type`, high byte: free for the program ("extended type").
    pub fn extended_type(&self) -> u8 {
        (self.kind.get() >> 8) as u8
    }

    pub fn flags(&self) -> ObjectFlags {
        ObjectFlags::from_bits_retain(self.flags.get())
    }

    pub fn set_flags(&self, flags: ObjectFlags) {
        self.flags.set(flags.bits());
    }

    pub fn state(&self) -> ObjectState {
        ObjectState::from_bits_retain(self.state.get())
    }

    /// Changes the state without drawing (`objc_change` draws).
    pub fn set_state(&self, state: ObjectState) {
        self.state.set(state.bits());
    }

    /// `ob_spec`, raw.
    pub fn spec(&self) -> usize {
        self.spec.get()
    }

    /// Position relative to the parent, and size.
    pub fn rect(&self) -> Rect {
        Rect::new(self.x.get(), self.y.get(), self.w.get(), self.h.get())
    }

    pub fn set_rect(&self, r: Rect) {
        self.x.set(r.x);
        self.y.set(r.y);
        self.w.set(r.w);
        self.h.set(r.h);
    }
}

/// A TEDINFO: the text, template and validation strings of a text object, and how it is
/// drawn.
#[repr(C)]
pub struct TedInfo {
    text: Cell<usize>,
    template: Cell<usize>,
    valid: Cell<usize>,
    font: Cell<i16>,
    font_id: Cell<i16>,
    justification: Cell<i16>,
    colours: Cell<u16>,
    font_size: Cell<i16>,
    thickness: Cell<i16>,
    text_len: Cell<i16>,
    template_len: Cell<i16>,
}

#[cfg(target_arch = "m68k")]
const _: () = assert!(core::mem::size_of::<TedInfo>() == 28);

/// `te_font`: the system font (3) or the small one (5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Font {
    /// IBM (3).
    Normal = 3,
    /// SMALL (5).
    Small = 5,
}

/// `te_just`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Justification {
    /// TE_LEFT (0).
    Left = 0,
    /// TE_RIGHT (1).
    Right = 1,
    /// TE_CNTR (2).
    Centre = 2,
}

impl TedInfo {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        text: usize,
        template: usize,
        valid: usize,
        font: Font,
        justification: Justification,
        colours: Colours,
        thickness: i16,
        lens: (i16, i16),
    ) -> Self {
        TedInfo {
            text: Cell::new(text),
            template: Cell::new(template),
            valid: Cell::new(valid),
            font: Cell::new(font as i16),
            font_id: Cell::new(0),
            justification: Cell::new(justification as i16),
            colours: Cell::new(colours.word()),
            font_size: Cell::new(0),
            thickness: Cell::new(thickness),
            text_len: Cell::new(lens.0),
            template_len: Cell::new(lens.1),
        }
    }

    /// `te_ptext`, `te_ptmplt`, `te_pvalid`.
    pub fn addresses(&self) -> [usize; 3] {
        [self.text.get(), self.template.get(), self.valid.get()]
    }

    /// `te_font`, `te_just`, `te_color`, `te_thickness`, `te_txtlen`, `te_tmplen`.
    pub fn words(&self) -> [i16; 6] {
        [
            self.font.get(),
            self.justification.get(),
            self.colours.get() as i16,
            self.thickness.get(),
            self.text_len.get(),
            self.template_len.get(),
        ]
    }
}

/// A tree and everything its objects point at.
pub struct Tree {
    objects: Box<[Object]>,
    teds: Box<[TedInfo]>,
    /// Read-only NUL-terminated strings (labels, items, templates, validation strings).
    strings: Box<[u8]>,
    /// Edit buffers of editable fields (the AES writes them).
    edits: Box<[Cell<u8>]>,
}

/// Why a text does not fit an editable field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The object has no edit buffer.
    NotEditable,
    /// The text has more characters than the field.
    TooLong { capacity: usize },
}

impl Tree {
    pub(crate) fn from_parts(
        objects: Box<[Object]>,
        teds: Box<[TedInfo]>,
        strings: Box<[u8]>,
        edits: Box<[Cell<u8>]>,
    ) -> Tree {
        Tree { objects, teds, strings, edits }
    }

    /// The address the AES gets (`addrin`).
    pub fn address(&self) -> usize {
        self.objects.as_ptr() as usize
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The object `id` (panics outside the tree: ids come from the builder).
    pub fn object(&self, id: ObjectId) -> &Object {
        &self.objects[id.index()]
    }

    pub fn objects(&self) -> &[Object] {
        &self.objects
    }

    /// The root's rectangle (after `form_center`: where the dialog is on screen).
    pub fn root_rect(&self) -> Rect {
        self.objects[0].rect()
    }

    /// The TEDINFO of a text object.
    pub fn tedinfo(&self, id: ObjectId) -> Option<&TedInfo> {
        let o = self.object(id);
        if !o.kind()?.has_tedinfo() {
            return None;
        }
        let a = o.spec();
        self.teds.iter().find(|t| core::ptr::from_ref(*t) as usize == a)
    }

    /// The string of a G_STRING, G_BUTTON or G_TITLE (without the NUL), if it is one of
    /// this tree's (the AES may point Desk menu entries at accessory names elsewhere).
    pub fn string(&self, id: ObjectId) -> Option<&[u8]> {
        let o = self.object(id);
        if !o.kind()?.has_string() {
            return None;
        }
        self.own_string(o.spec())
    }

    /// The NUL-terminated string of the arena at address `a`, without the NUL.
    pub(crate) fn own_string(&self, a: usize) -> Option<&[u8]> {
        let start = a.checked_sub(self.strings.as_ptr() as usize)?;
        let rest = self.strings.get(start..)?;
        let end = rest.iter().position(|&b| b == 0)?;
        Some(&rest[..end])
    }

    /// The edit buffer of an editable field: where it starts in the arena, and its
    /// capacity in characters (without the NUL).
    fn edit_buffer(&self, id: ObjectId) -> Option<(usize, usize)> {
        let ted = self.tedinfo(id)?;
        let a = ted.text.get();
        let start = a.checked_sub(self.edits.as_ptr() as usize)?;
        let capacity = (ted.text_len.get() as usize).checked_sub(1)?;
        (start + capacity < self.edits.len()).then_some((start, capacity))
    }

    /// Copies the text of an editable field (as the user left it) into `out`; its length.
    pub fn text(&self, id: ObjectId, out: &mut [u8]) -> Option<usize> {
        let (start, capacity) = self.edit_buffer(id)?;
        let mut n = 0;
        for c in &self.edits[start..start + capacity] {
            let b = c.get();
            if b == 0 || n == out.len() {
                break;
            }
            out[n] = b;
            n += 1;
        }
        Some(n)
    }

    /// Replaces the text of an editable field (then redraw it with `objc_draw`).
    pub fn set_text(&self, id: ObjectId, text: &[u8]) -> Result<(), TextError> {
        let (start, capacity) = self.edit_buffer(id).ok_or(TextError::NotEditable)?;
        if text.len() > capacity {
            return Err(TextError::TooLong { capacity });
        }
        let buf = &self.edits[start..=start + capacity];
        for (c, &b) in buf.iter().zip(text) {
            c.set(b);
        }
        buf[text.len()].set(0);
        Ok(())
    }

    /// The rectangle of `id` with its ancestors' offsets added: on screen once the root
    /// is placed (what `objc_offset` answers, without the AES).
    pub fn absolute_rect(&self, id: ObjectId) -> Rect {
        let mut r = self.object(id).rect();
        let mut child = id;
        while child != ObjectId::ROOT {
            let parent = self.parent(child);
            let p = self.object(parent).rect();
            r.x += p.x;
            r.y += p.y;
            child = parent;
        }
        r
    }

    /// The parent of `id` (the root's parent is the root).
    pub fn parent(&self, id: ObjectId) -> ObjectId {
        if id == ObjectId::ROOT {
            return ObjectId::ROOT;
        }
        let mut cur = id;
        loop {
            let next = self.object(cur).links()[0];
            if next == ObjectId::NIL {
                return ObjectId::ROOT;
            }
            if self.object(next).links()[2] == cur {
                return next;
            }
            cur = next;
        }
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: ObjectId) -> Children<'_> {
        let head = self.object(id).links()[1];
        Children { tree: self, parent: id, next: head }
    }
}

/// The children of an object (see [`Tree::children`]).
pub struct Children<'a> {
    tree: &'a Tree,
    parent: ObjectId,
    next: ObjectId,
}

impl Iterator for Children<'_> {
    type Item = ObjectId;

    fn next(&mut self) -> Option<ObjectId> {
        if self.next == ObjectId::NIL || self.next == self.parent {
            return None;
        }
        let cur = self.next;
        self.next = self.tree.object(cur).links()[0];
        Some(cur)
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
