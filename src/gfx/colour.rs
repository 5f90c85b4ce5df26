//! Colours: [`Colour`] (8-bit RGB) and [`Palette`] (what each of the 256 pens shows).
//!
//! A pixel of a planar surface holds a *pen* (0–255); the palette says which colour a pen
//! shows. On the Falcon the palette is the VIDEL's 256 colour registers (6 bits per gun: the
//! host drops the low two bits); in a GEM window it is the VDI's pens; in a host test it is
//! written into the PNG.

/// An RGB colour, 8 bits per component.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Colour {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Colour { r, g, b }
    }
    pub const BLACK: Colour = Colour::rgb(0, 0, 0);
    pub const WHITE: Colour = Colour::rgb(0xff, 0xff, 0xff);
    /// The default background (Tatham's `frontend_default_colour`): a light grey.
    pub const DEFAULT_BACKGROUND: Colour = Colour::rgb(0xc0, 0xc0, 0xc0);

    /// `game_mkhighlight`: from a background colour, a (background, highlight, lowlight)
    /// triple for bevelled tiles, all in integer arithmetic. A background too light for a
    /// visible highlight is darkened first, as in the reference.
    pub fn highlights(bg: Colour) -> (Colour, Colour, Colour) {
        let max = bg.r.max(bg.g).max(bg.b) as u32;
        // Keep the highlight (bg * 1.2) within 255: scale bg down if needed.
        let bg = if max * 6 > 255 * 5 {
            let s = |c: u8| ((c as u32 * 255 * 5) / (max * 6)) as u8;
            Colour::rgb(s(bg.r), s(bg.g), s(bg.b))
        } else {
            bg
        };
        let hi = |c: u8| ((c as u32 * 6 / 5).min(255)) as u8;
        let lo = |c: u8| (c as u32 * 4 / 5) as u8;
        (bg, Colour::rgb(hi(bg.r), hi(bg.g), hi(bg.b)), Colour::rgb(lo(bg.r), lo(bg.g), lo(bg.b)))
    }
}

/// The colour of each of the 256 pens, and which pens changed since the host last looked
/// (so a full-screen host reloads only those VIDEL registers, a GEM host only those VDI pens).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Palette {
    colours: [Colour; 256],
    /// First and last pen changed since [`take_changes`](Palette::take_changes).
    changed: Option<(u8, u8)>,
}

impl Default for Palette {
    fn default() -> Self {
        Self::new()
    }
}

impl Palette {
    /// Every pen black, nothing changed.
    pub const fn new() -> Self {
        Palette { colours: [Colour::BLACK; 256], changed: None }
    }
    pub fn get(&self, pen: u8) -> Colour {
        self.colours[pen as usize]
    }
    /// Sets one pen (recorded as changed only if its colour differs).
    pub fn set(&mut self, pen: u8, colour: Colour) {
        if self.colours[pen as usize] != colour {
            self.colours[pen as usize] = colour;
            self.mark(pen, pen);
        }
    }
    /// Sets pens `first`, `first + 1`, ... to `colours` (those beyond pen 255 are dropped).
    pub fn set_range(&mut self, first: u8, colours: &[Colour]) {
        for (pen, &c) in (first as usize..256).zip(colours) {
            self.set(pen as u8, c);
        }
    }
    /// Marks pens `first..=last` as changed without changing them (a host that gave the
    /// palette away, e.g. a GEM window that was untopped, must load them again).
    pub fn mark(&mut self, first: u8, last: u8) {
        self.changed = Some(match self.changed {
            Some((a, b)) => (a.min(first), b.max(last)),
            None => (first.min(last), first.max(last)),
        });
    }
    /// The pens changed since the last call, as an inclusive range, and forgets them.
    pub fn take_changes(&mut self) -> Option<(u8, u8)> {
        self.changed.take()
    }
    /// All 256 colours, pen 0 first.
    pub fn colours(&self) -> &[Colour; 256] {
        &self.colours
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
