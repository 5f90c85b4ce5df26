//! [`PenMap`]: the pen each of a drawing client's colour indices is drawn with.

use crate::gfx::ColourIndex;

/// A pen for each colour index 0..=255; indices past the end use the last entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PenMap {
    pens: [u8; 256],
}

impl Default for PenMap {
    fn default() -> Self {
        Self::new()
    }
}

impl PenMap {
    /// Colour index `i` drawn with pen `i`.
    pub fn new() -> Self {
        let mut pens = [0u8; 256];
        for (i, p) in pens.iter_mut().enumerate() {
            *p = i as u8;
        }
        PenMap { pens }
    }
    /// Colour index `i` is drawn with pen `base + i` (clamped to 255).
    pub fn set_base(&mut self, base: u8) {
        for (i, p) in self.pens.iter_mut().enumerate() {
            *p = (base as usize + i).min(255) as u8;
        }
    }
    /// Colour index `colour` is drawn with `pen`.
    pub fn set(&mut self, colour: ColourIndex, pen: u8) {
        if let Some(p) = self.pens.get_mut(colour) {
            *p = pen;
        }
    }
    /// The pen colour index `colour` is drawn with.
    pub fn pen(&self, colour: ColourIndex) -> u8 {
        self.pens[colour.min(255)]
    }
}
