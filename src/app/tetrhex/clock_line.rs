//! The date and the time TETRHEX shows (manual section 4: `-da`, `-dd`, `-dy`, `-dn`, `-ds`,
//! `-dt`, in the colours of `-cd` and `-ct`).
//!
//! The manual says what the date and the time look like but not where they go: here they
//! are the main menu's bottom line, the date at the left (`DD/MM` or `DD/MM/YYYY`, the
//! French order of the manual's reader, as the best scores' dates), the time at the right
//! (`HH:MM` or `HH:MM:SS`). The game's screen keeps its room and its frame budget.
//!
//! The clock is the host's disk's (`RuleDisk::now`: GEMDOS `Tgetdate`/`Tgettime` under a
//! TOS), read at each tick while the menu is up. GEMDOS keeps the time in steps of two
//! seconds; [`Clock`] counts the odd second from the ticks, so the seconds shown step by
//! one. A clock that gives no valid date (no disk, an unset clock) shows nothing.
//!
//! Nothing here allocates: the texts are written into small buffers.

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

use super::options::{DateDisplay, TimeDisplay};
use super::pens;
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::rul::scores::DateTime;

/// What the options ask the clock line to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockDisplay {
    pub date: DateDisplay,
    pub time: TimeDisplay,
}

impl Default for ClockDisplay {
    /// `-da`'s, the options' default (date with the year, time with the seconds).
    fn default() -> Self {
        ClockDisplay { date: DateDisplay::WithYear, time: TimeDisplay::WithSeconds }
    }
}

impl ClockDisplay {
    /// `-dn`: neither the date nor the time.
    pub fn is_hidden(&self) -> bool {
        self.date == DateDisplay::Hidden && self.time == TimeDisplay::Hidden
    }
}

/// The clock as last read: the packed date (`rul::scores`' format) and how long it has
/// read the same, to show the odd seconds GEMDOS does not keep.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    packed: u32,
    same_for_ms: u32,
}

impl Clock {
    /// The clock read as `packed`, `ms` milliseconds after the last reading.
    pub fn read(&mut self, packed: u32, ms: u32) {
        if packed == self.packed {
            self.same_for_ms = self.same_for_ms.saturating_add(ms);
        } else {
            self.packed = packed;
            self.same_for_ms = 0;
        }
    }

    /// The date and time to show, `None` when the clock holds no valid date.
    pub fn now(&self) -> Option<DateTime> {
        let mut d = DateTime::unpack(self.packed);
        if !d.is_valid() {
            return None;
        }
        // A packed time has even seconds only: a second after it changed, the odd one.
        if self.same_for_ms >= 1000 && d.second % 2 == 0 {
            d.second += 1;
        }
        Some(d)
    }
}

/// Writes `v` (0–99) as two digits at `buf[at..at + 2]`.
fn two_digits(buf: &mut [u8], at: usize, v: u32) {
    buf[at] = b'0' + (v / 10 % 10) as u8;
    buf[at + 1] = b'0' + (v % 10) as u8;
}

/// The date as `show` asks: `DD/MM`, `DD/MM/YYYY`, or empty when hidden.
pub fn date_text<'b>(d: &DateTime, show: DateDisplay, buf: &'b mut [u8; 10]) -> &'b str {
    two_digits(buf, 0, d.day.into());
    buf[2] = b'/';
    two_digits(buf, 3, d.month.into());
    buf[5] = b'/';
    two_digits(buf, 6, u32::from(d.year) / 100);
    two_digits(buf, 8, u32::from(d.year));
    let len = match show {
        DateDisplay::Hidden => 0,
        DateDisplay::WithoutYear => 5,
        DateDisplay::WithYear => 10,
    };
    core::str::from_utf8(&buf[..len]).unwrap_or("")
}

/// The time as `show` asks: `HH:MM`, `HH:MM:SS`, or empty when hidden.
pub fn time_text<'b>(d: &DateTime, show: TimeDisplay, buf: &'b mut [u8; 8]) -> &'b str {
    two_digits(buf, 0, d.hour.into());
    buf[2] = b':';
    two_digits(buf, 3, d.minute.into());
    buf[5] = b':';
    two_digits(buf, 6, d.second.into());
    let len = match show {
        TimeDisplay::Hidden => 0,
        TimeDisplay::WithoutSeconds => 5,
        TimeDisplay::WithSeconds => 8,
    };
    core::str::from_utf8(&buf[..len]).unwrap_or("")
}

/// The clock's line: the region's last line of text.
pub fn line(region: Rect) -> Rect {
    let h = widgets::line_height(widgets::scale_for(region));
    Rect::new(region.x, region.bottom() - h, region.w, h)
}

/// Draws the clock's line of `region` (cleared first): the date at the left in pen
/// [`pens::DATE`], the time at the right in [`pens::TIME`]; nothing more when `now` is
/// `None`. The rectangle drawn.
pub fn draw(surface: &mut Planar<&mut [u16]>, region: Rect, display: ClockDisplay, now: Option<DateTime>) -> Rect {
    let r = line(region);
    surface.fill_rect(r, pens::BACKGROUND);
    let Some(d) = now else { return r };
    let s = widgets::scale_for(region);
    let margin = 2 * widgets::char_width(s);
    let mut date = [0u8; 10];
    widgets::line_text(surface, r, r.x + margin, r.y, s, date_text(&d, display.date, &mut date), pens::DATE);
    let mut time = [0u8; 8];
    let time = time_text(&d, display.time, &mut time);
    let x = r.right() - margin - widgets::text_width(time, s);
    widgets::line_text(surface, r, x, r.y, s, time, pens::TIME);
    r
}
