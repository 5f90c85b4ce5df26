//! From keys to the rule's signals (section 6.3): each signal of the rule file names its
//! default key as a scancode, with the modifiers it needs in the high byte (right Shift 1,
//! left Shift 2, Control 4, Alternate 8: the `Kbshift` bits, as [`Shift`] has them).
//!
//! A key sends the first signal whose scancode it has and whose modifiers are held: Control
//! and Alternate must be exactly as the signal says (Ctrl-Esc is STOP, Esc alone is not); a
//! signal asking for a Shift key wants that one, one asking for none accepts either state
//! (Shift-Left still moves left).

use crate::app::input::KeyPress;
use crate::keyboard::Shift;
use crate::rul::model::RuleFile;

/// The internal id (1–255) of the signal `key` sends in `rule`, if any.
pub fn signal_for(rule: &RuleFile, key: KeyPress) -> Option<u8> {
    let held = key.shift.bits() & 0x0F;
    rule.signals
        .iter()
        .position(|s| {
            let (code, wants) = ((s.key & 0xFF) as u8, (s.key >> 8) as u8 & 0x0F);
            let exact = Shift::CONTROL.bits() | Shift::ALTERNATE.bits();
            let shifts = Shift::SHIFT.bits();
            code == key.scancode && held & exact == wants & exact && (wants & shifts == 0 || held & wants & shifts != 0)
        })
        .and_then(|i| u8::try_from(i + 1).ok())
}
