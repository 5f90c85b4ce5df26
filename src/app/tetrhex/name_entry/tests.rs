use super::*;
use crate::app::script::Screen;
use crate::keyboard::Shift;

fn special(code: u8) -> KeyPress {
    KeyPress::special(code, Shift::empty())
}

const RETURN: KeyPress = KeyPress::new(scancode::RETURN, b'\r', Shift::empty());
const ENTER: KeyPress = KeyPress::new(scancode::KP_ENTER, b'\r', Shift::empty());
const BACKSPACE: KeyPress = KeyPress::new(scancode::BACKSPACE, 8, Shift::empty());
const ESC: KeyPress = KeyPress::new(scancode::ESC, 0x1B, Shift::empty());

/// Types `text` and checks that every key keeps the entry going.
fn type_text(e: &mut NameEntry, text: &str) {
    for b in text.bytes() {
        assert_eq!(e.key(KeyPress::char(b)), NameOutcome::Editing);
    }
}

fn keys(e: &mut NameEntry, ks: &[KeyPress]) {
    for &k in ks {
        assert_eq!(e.key(k), NameOutcome::Editing, "{:?}", k);
    }
}

fn editing(at_game_end: bool) -> NameEntry {
    let mut e = NameEntry::new();
    e.begin(at_game_end);
    e
}

const PENS: NamePens = NamePens { face: 1, border: 2, prompt: 3, text: 4 };

/// The pens met in `r` of `pixels` (a screen of `FULL`'s size read once), as a bit set.
fn pens_in(pixels: &[u8], r: Rect) -> u32 {
    let w = FULL.w;
    let r = r.intersect(&FULL);
    let mut seen = 0u32;
    for y in r.y..r.bottom() {
        for &p in &pixels[(y * w + r.x) as usize..(y * w + r.right()) as usize] {
            seen |= 1 << (p & 31);
        }
    }
    seen
}

/// The whole test screen as the clip.
const FULL: Rect = Rect::new(0, 0, 320, 48);

crate::test_cases! {
    fn printable_characters_are_typed_up_to_23() {
        let mut e = editing(false);
        type_text(&mut e, "Bob ~!");
        assert_eq!(e.text(), "Bob ~!");
        // Tab, Delete, an Atari character, Control or Alternate with a letter: nothing.
        keys(&mut e, &[
            KeyPress::new(scancode::TAB, 9, Shift::empty()),
            KeyPress::new(scancode::DELETE, 127, Shift::empty()),
            KeyPress::new(0x28, 0x82, Shift::empty()),
            KeyPress::ctrl(b'x'),
            KeyPress::char(b'y').with(Shift::ALTERNATE),
            special(scancode::LEFT),
            special(scancode::HELP),
        ]);
        assert_eq!(e.text(), "Bob ~!");
        // Shift gives capitals as the keyboard's table says: typed as they come.
        keys(&mut e, &[KeyPress::new(scancode::of_ascii(b'q'), b'Q', Shift::LEFT_SHIFT)]);
        assert_eq!(e.text(), "Bob ~!Q");
        type_text(&mut e, "abcdefghijklmnopqrstuvwxyz");
        assert_eq!(e.text().len(), MAX_LEN);
        assert_eq!(e.text(), "Bob ~!Qabcdefghijklmnop");
    }

    fn backspace_erases_and_right_recalls() {
        let mut e = editing(false);
        type_text(&mut e, "Alice");
        keys(&mut e, &[BACKSPACE, BACKSPACE]);
        assert_eq!(e.text(), "Ali");
        keys(&mut e, &[special(scancode::RIGHT)]);
        assert_eq!(e.text(), "Alic");
        keys(&mut e, &[special(scancode::RIGHT), special(scancode::RIGHT)]);
        assert_eq!(e.text(), "Alice", "nothing more was erased");
        // Backspace on an empty name does nothing.
        let mut empty = editing(false);
        keys(&mut empty, &[BACKSPACE, special(scancode::RIGHT)]);
        assert_eq!(empty.text(), "");
    }

    fn right_recalls_an_older_character_of_the_same_position() {
        let mut e = editing(false);
        type_text(&mut e, "Xyz");
        keys(&mut e, &[BACKSPACE, BACKSPACE, BACKSPACE]);
        type_text(&mut e, "Q");
        // Position 1 last held 'y' (erased before the Q was typed at position 0).
        keys(&mut e, &[special(scancode::RIGHT)]);
        assert_eq!(e.text(), "Qy");
        // A later erasure at a position replaces the older character.
        keys(&mut e, &[BACKSPACE]);
        type_text(&mut e, "w");
        keys(&mut e, &[BACKSPACE, special(scancode::RIGHT)]);
        assert_eq!(e.text(), "Qw");
    }

    fn esc_erases_all_and_up_recalls_them() {
        let mut e = editing(false);
        type_text(&mut e, "Jonas");
        keys(&mut e, &[ESC]);
        assert_eq!(e.text(), "");
        keys(&mut e, &[special(scancode::UP)]);
        assert_eq!(e.text(), "Jonas");
        // Up from the middle recalls the rest.
        keys(&mut e, &[BACKSPACE, BACKSPACE, BACKSPACE]);
        assert_eq!(e.text(), "Jo");
        keys(&mut e, &[special(scancode::UP)]);
        assert_eq!(e.text(), "Jonas");
    }

    fn return_and_enter_validate() {
        let mut e = editing(false);
        type_text(&mut e, "Ann");
        assert_eq!(e.key(RETURN), NameOutcome::Validated("Ann".into()));
        e.begin(false);
        assert_eq!(e.text(), "", "a new entry starts empty");
        type_text(&mut e, "Bea");
        assert_eq!(e.key(ENTER), NameOutcome::Validated("Bea".into()));
        // From the main menu an empty name may be validated: no player name.
        e.begin(false);
        assert_eq!(e.key(RETURN), NameOutcome::Validated("".into()));
    }

    fn the_last_name_comes_back_after_its_first_character() {
        let mut e = editing(false);
        type_text(&mut e, "Marie");
        assert_eq!(e.key(RETURN), NameOutcome::Validated("Marie".into()));
        e.begin(true);
        // The first character is not kept: Up alone gives nothing.
        keys(&mut e, &[special(scancode::UP), special(scancode::RIGHT)]);
        assert_eq!(e.text(), "");
        type_text(&mut e, "M");
        keys(&mut e, &[special(scancode::RIGHT)]);
        assert_eq!(e.text(), "Ma");
        keys(&mut e, &[special(scancode::UP)]);
        assert_eq!(e.text(), "Marie");
        assert_eq!(e.key(RETURN), NameOutcome::Validated("Marie".into()));
        // A shorter name replaces the mini-buffer: nothing of the longer one trails after it.
        e.begin(false);
        type_text(&mut e, "Max");
        assert_eq!(e.key(RETURN), NameOutcome::Validated("Max".into()));
        e.begin(false);
        type_text(&mut e, "M");
        keys(&mut e, &[special(scancode::UP)]);
        assert_eq!(e.text(), "Max");
    }

    fn an_empty_name_cannot_end_a_game() {
        let mut e = editing(true);
        assert!(e.at_game_end());
        keys(&mut e, &[RETURN, ENTER]);
        type_text(&mut e, "Z");
        keys(&mut e, &[BACKSPACE, RETURN]);
        assert_eq!(e.text(), "");
        type_text(&mut e, "Zoe");
        assert_eq!(e.key(RETURN), NameOutcome::Validated("Zoe".into()));
    }

    fn ctrl_c_ends_with_an_empty_name_or_aborts_at_a_games_end() {
        let mut e = editing(false);
        type_text(&mut e, "Abc");
        // A front end reading the IKBD gives the letter.
        assert_eq!(e.key(KeyPress::ctrl(b'c')), NameOutcome::Validated("".into()));
        // The mini-buffer is kept as after Return.
        e.begin(true);
        type_text(&mut e, "A");
        keys(&mut e, &[special(scancode::UP)]);
        assert_eq!(e.text(), "Abc");
        // TOS gives the control code 3; at a game's end Ctrl-C aborts.
        assert_eq!(e.key(KeyPress::new(scancode::of_ascii(b'c'), 3, Shift::CONTROL)), NameOutcome::Aborted);
        e.begin(true);
        assert_eq!(e.key(KeyPress::special(scancode::of_ascii(b'c'), Shift::CONTROL)), NameOutcome::Aborted);
        // C without Control is typed.
        e.begin(true);
        type_text(&mut e, "c");
        assert_eq!(e.text(), "c");
    }

    fn the_box_holds_the_prompt_the_name_and_the_cursor() {
        let mut s = Screen::new(320, 48).unwrap();
        let mut e = editing(false);
        let at = Rect::new(8, 4, 300, 40);
        let (w, h) = NameEntry::box_size(1);
        assert!(w <= 300 && h <= 40, "the box fits the place given: {}x{}", w, h);
        let drawn = e.draw(&mut s.surface.view(), FULL, at, 1, PENS);
        assert_eq!(drawn, Rect::new(8, 4, w, h));
        let p = s.surface.to_indexed();
        // The frame's corners, the face inside, nothing outside.
        assert_eq!(s.surface.pixel(8, 4), PENS.border);
        assert_eq!(s.surface.pixel(8 + w - 1, 4 + h - 1), PENS.border);
        assert_eq!(s.surface.pixel(9, 5), PENS.face);
        assert_eq!(pens_in(&p, Rect::new(0, 4 + h, 320, 48 - 4 - h)), 1, "below the box: untouched");
        assert_eq!(pens_in(&p, Rect::new(8 + w, 0, 320 - 8 - w, 48)), 1, "right of the box: untouched");
        // The prompt in its pen; where the name goes, only the cursor (at its start).
        let name_x = 8 + 3 + widgets::text_width(PROMPT, 1) + widgets::char_width(1);
        assert_eq!(pens_in(&p, Rect::new(8, 4, name_x - 8, h)) & (1 << PENS.prompt), 1 << PENS.prompt);
        let cursor_row = 4 + (h - font5x7::HEIGHT) / 2 + font5x7::HEIGHT + 1;
        assert_eq!(s.surface.pixel(name_x, cursor_row), PENS.text);
        assert_eq!(pens_in(&p, Rect::new(name_x + 6, 5, 60, h - 2)), 1 << PENS.face);
        // Typed: the name's pixels, the cursor moved after it.
        type_text(&mut e, "Kim");
        e.draw(&mut s.surface.view(), FULL, at, 1, PENS);
        let p = s.surface.to_indexed();
        let name = Rect::new(name_x, 4 + (h - font5x7::HEIGHT) / 2, widgets::text_width("Kim", 1), font5x7::HEIGHT);
        assert_ne!(pens_in(&p, name) & (1 << PENS.text), 0);
        assert_eq!(s.surface.pixel(name_x + 3 * 6, cursor_row), PENS.text);
        // Clipped: only the clip's part is drawn and reported.
        let mut s = Screen::new(320, 48).unwrap();
        let clip = Rect::new(0, 0, 40, 48);
        let drawn = e.draw(&mut s.surface.view(), clip, at, 1, PENS);
        assert_eq!(drawn, Rect::new(8, 4, 32, h));
        let p = s.surface.to_indexed();
        assert_eq!(pens_in(&p, Rect::new(40, 0, 280, 48)), 1);
    }
}
