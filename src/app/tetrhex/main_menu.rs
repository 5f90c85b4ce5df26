//! TETRHEX's main menu (manual section 5.1): what each key chooses, and the screen that lists
//! the items with the rule's name, the player's name and the board's side.
//!
//! Every item is chosen by its key or by a click on its line (the manual allows clicks in a
//! GEM window only; here the mouse works on both hosts, as everywhere in the collection):
//!
//! | key | item |
//! | --- | --- |
//! | Help | help on TETRHEX |
//! | Shift-Help | help on the rule (only listed when the rule has a help text) |
//! | Undo | load another rule (only listed when the host has a disk) |
//! | N | the player's name (not listed with option `-u`) |
//! | Return, Enter | play |
//! | F1–F10, Shift-F1–F10 | best scores, ranks 10n−9 to 10n (Fn, n = 1–20; a click is F1) |
//! | Ctrl-Tab | background: the window behind the others (listed only when the host can) |
//! | Ctrl-Q | quit |
//! | Esc | back to the collection (the collection's own key, not the manual's) |
//!
//! Control with the keypad's `(` `)` `/` `*` chooses a board of side 6, 7, 8 or 9.

use alloc::format;

use super::pens;
use crate::app::input::KeyPress;
use crate::app::widgets;
use crate::gfx::{Planar, Rect};
use crate::keyboard::{Shift, scancode};

/// What the player chose in the main menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Help on TETRHEX itself (the program's help).
    ProgramHelp,
    /// Help on the rule, from the rule file.
    RuleHelp,
    /// Load another rule file.
    LoadRule,
    /// Enter the player's name.
    PlayerName,
    /// Start a game.
    Play,
    /// The best scores from rank 10(n−1)+1, n = 1–20.
    Scores(u8),
    /// A board of this side (6–9).
    Side(u8),
    /// The window behind the others (window mode, where the host can).
    Background,
    /// Leave the program.
    Quit,
    /// Back to the collection's start screen.
    Leave,
}

/// The scancode of N.
const N: u8 = scancode::of_ascii(b'n');
/// The scancode of Q.
const Q: u8 = scancode::of_ascii(b'q');
/// TOS's scancodes of Shift-F1 to Shift-F10 (the IKBD sends F1–F10 with Shift held; TOS's
/// keyboard routine moves them here).
const SHIFT_F1: u8 = 0x54;
const SHIFT_F10: u8 = 0x5D;

/// The item `k` chooses, if any.
pub fn choice_for_key(k: KeyPress) -> Option<Choice> {
    let ctrl = k.shift.control();
    let shifted = k.shift.intersects(Shift::SHIFT);
    Some(match k.scancode {
        scancode::HELP if shifted => Choice::RuleHelp,
        scancode::HELP => Choice::ProgramHelp,
        scancode::UNDO => Choice::LoadRule,
        N if !ctrl && k.ascii != 0 => Choice::PlayerName,
        scancode::RETURN | scancode::KP_ENTER => Choice::Play,
        scancode::F1..=scancode::F10 => Choice::Scores(k.scancode - scancode::F1 + 1 + if shifted { 10 } else { 0 }),
        SHIFT_F1..=SHIFT_F10 => Choice::Scores(k.scancode - SHIFT_F1 + 11),
        Q if ctrl => Choice::Quit,
        scancode::TAB if ctrl => Choice::Background,
        scancode::KP_LPAREN if ctrl => Choice::Side(6),
        scancode::KP_RPAREN if ctrl => Choice::Side(7),
        scancode::KP_SLASH if ctrl => Choice::Side(8),
        scancode::KP_STAR if ctrl => Choice::Side(9),
        scancode::ESC if !ctrl => Choice::Leave,
        _ => return None,
    })
}

/// The most items the menu lists.
pub const MAX_ITEMS: usize = 8;

/// What the menu shows besides its items.
pub struct MenuInfo<'a> {
    pub rule_name: &'a str,
    /// The player's name, empty when there is none.
    pub player: &'a str,
    pub side: u8,
    /// The rule runs on one side only (no side keys then).
    pub fixed_side: bool,
    pub rule_help: bool,
    /// The host has a disk to load a rule from.
    pub load_rule: bool,
    /// Option `-u`: no player's name item.
    pub names_allowed: bool,
    /// The host can send its window behind the others (`HostFeatures::background`).
    pub background: bool,
}

/// The items as drawn: each one's choice and its line, for clicks.
#[derive(Clone, Copy, Debug, Default)]
pub struct MenuLines {
    pub items: [Option<(Choice, Rect)>; MAX_ITEMS],
}

impl MenuLines {
    /// The item whose line holds (`x`, `y`).
    pub fn at(&self, x: i32, y: i32) -> Option<Choice> {
        self.items.iter().flatten().find(|(_, r)| r.contains(x, y)).map(|&(c, _)| c)
    }
}

/// Draws the menu over the whole `region` and returns where its items are.
pub fn draw(surface: &mut Planar<&mut [u16]>, region: Rect, info: &MenuInfo<'_>) -> MenuLines {
    let s = widgets::scale_for(region);
    let line = widgets::line_height(s);
    surface.fill_rect(region, pens::BACKGROUND);
    let mut y = region.y + line;
    let title_scale = if widgets::text_width(info.rule_name, 2 * s) <= region.w { 2 * s } else { s };
    widgets::centred_line(surface, region, y, title_scale, info.rule_name, pens::RULE_NAME);
    y += line * title_scale / s + line / 2;
    let player = if info.player.is_empty() { "No player's name".into() } else { format!("Player: {}", info.player) };
    widgets::centred_line(surface, region, y, s, &player, pens::PROMPT);
    y += line;
    widgets::centred_line(surface, region, y, s, &format!("Board side {}", info.side), pens::HINT);
    y += line * 3 / 2;

    let entries: [(bool, &str, &str, Choice); MAX_ITEMS] = [
        (true, "Help", "Help on TETRHEX", Choice::ProgramHelp),
        (info.rule_help, "Shift-Help", "Help on the rule", Choice::RuleHelp),
        (info.load_rule, "Undo", "Load a rule", Choice::LoadRule),
        (info.names_allowed, "N", "Player's name", Choice::PlayerName),
        (true, "Return", "Play", Choice::Play),
        (true, "F1-F20", "Best scores", Choice::Scores(1)),
        (info.background, "Ctrl-Tab", "Background", Choice::Background),
        (true, "Ctrl-Q", "Quit", Choice::Quit),
    ];
    let key_w = widgets::text_width("Shift-Help", s) + 2 * widgets::char_width(s);
    let text_w = key_w + widgets::text_width("Help on TETRHEX", s);
    let x = region.x + ((region.w - text_w) / 2).max(s * 2);
    let mut lines = MenuLines::default();
    let mut k = 0;
    for (shown, key, text, choice) in entries {
        if !shown {
            continue;
        }
        widgets::line_text(surface, region, x, y, s, key, pens::HINT);
        widgets::line_text(surface, region, x + key_w, y, s, text, pens::PROMPT);
        lines.items[k] = Some((choice, Rect::new(x - s * 2, y, text_w + s * 4, line).intersect(&region)));
        k += 1;
        y += line;
    }
    y += line / 2;
    if !info.fixed_side {
        widgets::centred_line(surface, region, y, s, "Ctrl-( ) / *: side 6 7 8 9", pens::HINT);
        y += line;
    }
    widgets::centred_line(surface, region, y, s, "Esc: back to the collection", pens::HINT);
    lines
}
