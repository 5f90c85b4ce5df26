//! Attributes: writing mode, fill, text, and the clipping rectangle.

use bitflags::bitflags;

use super::Vdi;
use crate::rect::Rect;
use crate::trap::Trap;

/// vst_height: opcode 12, 1 ptsin point (0, height); 2 ptsout points.
const VST_HEIGHT: i16 = 12;
/// vst_font: opcode 21, 1 intin.
const VST_FONT: i16 = 21;
/// vst_color: opcode 22, 1 intin.
const VST_COLOR: i16 = 22;
/// vsf_interior: opcode 23, 1 intin.
const VSF_INTERIOR: i16 = 23;
/// vsf_style: opcode 24, 1 intin.
const VSF_STYLE: i16 = 24;
/// vsf_color: opcode 25, 1 intin.
const VSF_COLOR: i16 = 25;
/// vswr_mode: opcode 32, 1 intin.
const VSWR_MODE: i16 = 32;
/// vst_alignment: opcode 39, 2 intin (horizontal, vertical), 2 intout.
const VST_ALIGNMENT: i16 = 39;
/// vsf_perimeter: opcode 104, 1 intin.
const VSF_PERIMETER: i16 = 104;
/// vst_effects: opcode 106, 1 intin.
const VST_EFFECTS: i16 = 106;
/// vst_point: opcode 107, 1 intin (points), 1 intout; 2 ptsout points.
const VST_POINT: i16 = 107;
/// vs_clip: opcode 129, 2 ptsin points (corners), 1 intin (on/off).
const VS_CLIP: i16 = 129;

/// Writing modes (`vswr_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WritingMode {
    /// MD_REPLACE (1)
    Replace = 1,
    /// MD_TRANS (2): background pixels left alone.
    Transparent = 2,
    /// MD_XOR (3)
    Xor = 3,
    /// MD_ERASE (4): reverse transparent.
    ReverseTransparent = 4,
}

/// Fill interiors (`vsf_interior`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interior {
    /// FIS_HOLLOW (0)
    Hollow = 0,
    /// FIS_SOLID (1)
    Solid = 1,
    /// FIS_PATTERN (2): dither patterns 1–24 (`vsf_style`).
    Pattern = 2,
    /// FIS_HATCH (3): hatches 1–12.
    Hatch = 3,
    /// FIS_USER (4)
    User = 4,
}

bitflags! {
    /// Text effects (`vst_effects`).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct TextEffects: u16 {
        const THICKENED = 0x01;
        const LIGHT = 0x02;
        const SKEWED = 0x04;
        const UNDERLINED = 0x08;
        const OUTLINED = 0x10;
        const SHADOWED = 0x20;
    }
}

/// Character and cell size of the current text face (`vst_height`, `vst_point`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextSize {
    pub char_w: i16,
    pub char_h: i16,
    pub cell_w: i16,
    pub cell_h: i16,
}

impl<T: Trap> Vdi<T> {
    /// Sets one word of intin and calls an attribute function; `intout[0]` (the value the
    /// VDI chose).
    fn set_attribute(&mut self, opcode: i16, value: i16) -> i16 {
        self.arrays().intin[0] = value;
        self.call(opcode, 0, 1, 0);
        self.arrays_ref().intout[0]
    }

    /// `vswr_mode` (opcode 32): the writing mode of every drawing call.
    pub fn vswr_mode(&mut self, mode: WritingMode) -> i16 {
        self.set_attribute(VSWR_MODE, mode as i16)
    }

    /// `vsf_interior` (opcode 23).
    pub fn vsf_interior(&mut self, interior: Interior) -> i16 {
        self.set_attribute(VSF_INTERIOR, interior as i16)
    }

    /// `vsf_style` (opcode 24): the pattern or hatch number.
    pub fn vsf_style(&mut self, style: i16) -> i16 {
        self.set_attribute(VSF_STYLE, style)
    }

    /// `vsf_color` (opcode 25): the fill pen.
    pub fn vsf_color(&mut self, pen: i16) -> i16 {
        self.set_attribute(VSF_COLOR, pen)
    }

    /// `vsf_perimeter` (opcode 104): whether filled areas get a border.
    pub fn vsf_perimeter(&mut self, visible: bool) -> bool {
        self.set_attribute(VSF_PERIMETER, visible as i16) != 0
    }

    /// `vst_color` (opcode 22): the text pen.
    pub fn vst_color(&mut self, pen: i16) -> i16 {
        self.set_attribute(VST_COLOR, pen)
    }

    /// `vst_font` (opcode 21): the face (1: the system font).
    pub fn vst_font(&mut self, font: i16) -> i16 {
        self.set_attribute(VST_FONT, font)
    }

    /// `vst_effects` (opcode 106).
    pub fn vst_effects(&mut self, effects: TextEffects) -> TextEffects {
        TextEffects::from_bits_truncate(self.set_attribute(VST_EFFECTS, effects.bits() as i16) as u16)
    }

    /// `vst_height` (opcode 12): character height in pixels (top line to base line); the
    /// sizes the VDI chose.
    pub fn vst_height(&mut self, height: i16) -> TextSize {
        let a = self.arrays();
        a.ptsin[0] = 0;
        a.ptsin[1] = height;
        self.call(VST_HEIGHT, 1, 0, 0);
        let p = &self.arrays_ref().ptsout;
        TextSize { char_w: p[0], char_h: p[1], cell_w: p[2], cell_h: p[3] }
    }

    /// `vst_point` (opcode 107): character height in points; the points chosen and the
    /// sizes.
    pub fn vst_point(&mut self, points: i16) -> (i16, TextSize) {
        let chosen = self.set_attribute(VST_POINT, points);
        let p = &self.arrays_ref().ptsout;
        (chosen, TextSize { char_w: p[0], char_h: p[1], cell_w: p[2], cell_h: p[3] })
    }

    /// `vst_alignment` (opcode 39): horizontal (0 left, 1 centre, 2 right) and vertical
    /// (0 base line, 1 half line, 2 ascent, 3 bottom, 4 descent, 5 top) reference of
    /// `v_gtext`; the alignment chosen.
    pub fn vst_alignment(&mut self, horizontal: i16, vertical: i16) -> (i16, i16) {
        self.arrays().intin[..2].copy_from_slice(&[horizontal, vertical]);
        self.call(VST_ALIGNMENT, 0, 2, 0);
        let o = &self.arrays_ref().intout;
        (o[0], o[1])
    }

    /// `vs_clip` (opcode 129): clip every drawing call to `rect`, or (`None`) stop
    /// clipping.
    pub fn vs_clip(&mut self, rect: Option<Rect>) {
        let a = self.arrays();
        a.intin[0] = rect.is_some() as i16;
        a.ptsin[..4].copy_from_slice(&rect.unwrap_or_default().to_corners());
        self.call(VS_CLIP, 2, 1, 0);
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
