use alloc::format;
use alloc::vec::Vec;

use super::*;
use crate::app::script::Screen;
use crate::app::tetrhex::rules;
use crate::keyboard::Shift;
use crate::rul::loader::load;

/// The area of the layout tests: 40 characters of 6 pixels, 10 lines.
const AREA: Rect = Rect::new(0, 0, 240, 110);

fn help(text: &str) -> HelpText {
    HelpText { lang: b'E', underline: b'_', reserved: 0, text: text.as_bytes().to_vec() }
}

fn view(text: &str) -> HelpView {
    HelpView::rule(&help(text), AREA, 1)
}

/// The right end of display line `i`'s last glyph.
fn line_end(v: &HelpView, i: usize) -> i32 {
    let xs = v.word_positions(i);
    let last = v.line_text(i);
    let word = last.rsplit(' ').next().unwrap_or("");
    xs.last().map_or(0, |&x| x + widgets::text_width(word, 1))
}

fn key(code: u8, shift: Shift) -> KeyPress {
    KeyPress::special(code, shift)
}

/// A screen's pixels, read once (reading them costs the 68030: a snapshot per drawing).
struct Pixels {
    pens: Vec<u8>,
    bounds: Rect,
}

impl Pixels {
    fn of(s: &Screen) -> Pixels {
        Pixels { pens: s.surface.to_indexed(), bounds: s.surface.bounds() }
    }

    /// Whether any pixel of `r` has pen `pen`.
    fn has(&self, r: Rect, pen: u8) -> bool {
        let w = self.bounds.w;
        let r = r.intersect(&self.bounds);
        (r.y..r.bottom()).any(|y| self.pens[(y * w + r.x) as usize..(y * w + r.right()) as usize].contains(&pen))
    }
}

/// The text of the layout tests: 12 characters wide (the first line), in an area of 240
/// pixels (20 pixels per character of the text).
const SAMPLE: &str = "ab cd ef  gh\r\n  xy\r\nWord\r\n____\r\na  b\r\n ___ \r\nend\r\n";

/// The whole test screen as the clip.
const FULL: Rect = Rect::new(0, 0, 272, 80);

crate::test_cases! {
    fn a_justified_lines_words_spread_to_the_areas_width() {
        let v = view(SAMPLE);
        assert_eq!(v.line_text(0), "ab cd ef gh");
        // 4 words of 12 pixels; 193 pixels for 3 gaps (65, 64, 64).
        assert_eq!(v.word_positions(0), [0, 77, 153, 229]);
        assert_eq!(line_end(&v, 0), AREA.w);
        // Lines narrower than the text are not spread.
        assert_eq!(v.word_positions(3), [0, 12]);
        // Trailing spaces of a justified line: its end moves left in proportion (1 of 12
        // characters: 20 pixels; 6: 120), inner spaces still counting as one.
        let v = view("ab cd ef gh \r\nab  cd      \r\n");
        assert_eq!(line_end(&v, 0), AREA.w - 20);
        assert_eq!(line_end(&v, 1), AREA.w - 120);
        assert_eq!(v.word_positions(1), [0, 120 - 11]);
    }

    fn leading_spaces_indent_in_proportion() {
        let v = view(SAMPLE);
        // 2 spaces of a 12-character text: 2/12 of 240 pixels.
        assert_eq!(v.line_text(1), "xy");
        assert_eq!(v.word_positions(1), [40]);
        // A justified line indented: from its indentation to the right edge.
        let v = view("    aa bb\r\nx\r\n");
        assert_eq!(v.word_positions(0), [240 * 4 / 9, 240 - 11]);
        assert_eq!(v.word_positions(1), [0]);
    }

    fn inner_spaces_count_as_one() {
        let v = view(SAMPLE);
        assert_eq!(v.line_text(3), "a b");
        assert_eq!(v.word_positions(3), [0, 12], "one space between a and b, not two");
        let v = view("a     b  c\r\nlonger line here\r\n");
        assert_eq!(v.word_positions(0), [0, 12, 24]);
    }

    fn an_underline_line_underlines_the_characters_above_and_is_not_shown() {
        let v = view(SAMPLE);
        // ab cd ef gh / xy / Word / a b / (empty) / end: the underline line is gone.
        assert_eq!(v.line_count(), 6);
        assert_eq!(v.line_text(2), "Word");
        assert_eq!(v.line_text(3), "a b");
        assert_eq!(v.underlines(2), [(0, 23)]);
        assert!(v.underlines(0).is_empty() && v.underlines(1).is_empty());
        // Several runs; spaces at a run's ends are not underlined, inside they are.
        let v = view("Keys: Q down\r\n____  __ ___\r\nnext line, longer\r\n");
        assert_eq!(v.line_count(), 2);
        assert_eq!(v.line_text(1), "next line, longer");
        // "Keys:" from 0, "Q" from 36 (one space collapsed), "down" from 48: run 1 covers
        // "Keys" (not the colon), run 2 "Q" only (its columns 6–7 are Q and a space), run 3
        // "own".
        assert_eq!(v.word_positions(0), [0, 36, 48]);
        assert_eq!(v.underlines(0), [(0, 23), (36, 41), (54, 71)]);
        // A run spanning two words underlines the gap between them too.
        let v = view("ab cd\r\n_____\r\nlonger line\r\n");
        assert_eq!(v.underlines(0), [(0, 29)]);
        // With no underline character, such a line is text.
        let mut h = help("Word\r\n____\r\n");
        h.underline = 0;
        let v = HelpView::rule(&h, AREA, 1);
        assert_eq!(v.line_count(), 2);
        assert_eq!(v.line_text(1), "____");
        assert!(v.underlines(0).is_empty());
    }

    fn an_underline_line_not_ending_with_the_character_is_an_empty_line() {
        let v = view(SAMPLE);
        // " ___ " under "a  b": it underlines the b (columns 1–3, of which 1 and 2 are
        // spaces) and shows as an empty line.
        assert_eq!(v.underlines(3), [(12, 17)]);
        assert_eq!(v.line_text(4), "");
        assert!(v.word_positions(4).is_empty());
        assert_eq!(v.line_text(5), "end");
        // Spaces only, and truly empty lines: empty lines; CR/LF and LF alike.
        let v = view("a\r\n   \r\n\r\nb\n\nc");
        assert_eq!(v.line_count(), 6);
        assert_eq!([v.line_text(0), v.line_text(3), v.line_text(5)], ["a", "b", "c"]);
        for i in [1, 2, 4] {
            assert_eq!(v.line_text(i), "");
        }
        // Two underline lines in a row (the manual forbids them): the second underlines
        // nothing.
        let v = view("abc\r\n___\r\n___\r\n");
        assert_eq!(v.line_count(), 1);
        assert_eq!(v.underlines(0), [(0, 17)]);
    }

    fn atari_characters_are_shown_as_plain_letters() {
        let v = HelpView::rule(
            &HelpText { lang: b'F', underline: b'_', reserved: 0, text: alloc::vec![0x82, b't', 0x82, b' ', 0x85, 0xFF, 9, b'x'] },
            AREA,
            1,
        );
        assert_eq!(v.line_text(0), "ete a? x");
        assert_eq!(atari_char(0x80), 'C');
        assert_eq!(atari_char(0x97), 'u');
        assert_eq!(atari_char(0xA5), 'N');
        // Nothing at all, or only an underline line: no lines, no panic.
        assert_eq!(view("").line_count(), 0);
        assert_eq!(view("___\r\n").line_count(), 0);
    }

    fn a_narrow_area_breaks_lines_between_words() {
        // 12 characters in 60 pixels (10 columns): the justified line cannot be spread.
        let narrow = Rect::new(0, 0, 60, 110);
        let v = HelpView::rule(&help("ab cd ef gh \r\n__ __ __ __ \r\n"), narrow, 1);
        assert_eq!(v.line_count(), 3);
        assert_eq!(v.line_text(0), "ab cd ef");
        assert_eq!(v.line_text(1), "gh");
        assert_eq!(v.word_positions(1), [0]);
        assert_eq!(v.underlines(0), [(0, 11), (18, 29), (36, 47)]);
        assert_eq!(v.underlines(1), [(0, 11)]);
        assert_eq!(v.line_text(2), "", "the underline line ends with a space: an empty line");
    }

    fn the_rules_help_texts_lay_out() {
        for entry in rules::ALL {
            let rule = load(entry.file).unwrap();
            assert_eq!(rule.help.len(), 2, "{}: English and French", entry.name);
            for h in &rule.help {
                let title = entry.name.to_ascii_uppercase();
                let what = format!("{} ({})", entry.name, h.lang as char);
                // 93 columns of 6 pixels: the widest text fits (Tet'light's English help
                // has a line of 91 characters; the manual recommends 76).
                let wide = Rect::new(0, 0, 560, 300);
                let v = HelpView::rule(h, wide, 1);
                assert!(v.line_count() > 10, "{}", what);
                // The title, underlined over its whole width; the underline line not shown.
                assert_eq!(v.line_text(0), title, "{}", what);
                assert_eq!(v.underlines(0), [(0, widgets::text_width(&title, 1))], "{}", what);
                assert!(!v.line_text(1).contains('_'), "{}", what);
                let mut justified = 0;
                for i in 0..v.line_count() {
                    let end = line_end(&v, i);
                    assert!(end <= wide.w, "{}: line {} ends at {}", what, i, end);
                    justified += (end == wide.w) as i32;
                    assert!(v.line_text(i).bytes().all(|b| (32..127).contains(&b)), "{}: line {}", what, i);
                }
                // The texts are formatted, not justified: the longest lines are.
                assert!(justified >= 1, "{}: {} lines justified", what, justified);
                // A 192-pixel window (32 columns): lines broken, nothing past the edge.
                let narrow = Rect::new(0, 0, 192, 144);
                let n = HelpView::rule(h, narrow, 1);
                assert!(n.line_count() > v.line_count(), "{}", what);
                for i in 0..n.line_count() {
                    assert!(line_end(&n, i) <= narrow.w, "{}: narrow line {}", what, i);
                }
            }
        }
        // The French Hexcolumns: accented letters as plain ones.
        let rule = load(rules::ALL[1].file).unwrap();
        let fr = rule.help.iter().find(|h| h.lang == b'F').unwrap();
        let v = HelpView::rule(fr, Rect::new(0, 0, 560, 300), 1);
        assert!((0..v.line_count()).any(|i| v.line_text(i).contains("equiprobables")));
    }

    fn plain_text_is_wrapped_to_the_area() {
        // 60 pixels: 10 columns.
        let v = HelpView::plain("one two three four\n\nfive", Rect::new(0, 0, 60, 50), 1);
        let lines: Vec<_> = (0..v.line_count()).map(|i| v.line_text(i)).collect();
        assert_eq!(lines, ["one two", "three four", "", "five"]);
        assert_eq!(v.word_positions(1), [0]);
        assert!(v.underlines(1).is_empty());
    }

    fn keys_scroll_by_lines_pages_and_four_times() {
        let mut text = String::new();
        for i in 0..30 {
            text.push_str(&format!("line {}\n", i));
        }
        text.pop();
        // 5 lines of 11 pixels a page.
        let mut v = HelpView::plain(&text, Rect::new(0, 0, 200, 55), 1);
        assert_eq!((v.line_count(), v.page(), v.top()), (30, 5, 0));
        let none = Shift::empty();
        let steps: [(KeyPress, HelpOutcome, usize); 16] = [
            (key(scancode::UP, none), HelpOutcome::Nothing, 0),
            (key(scancode::DOWN, none), HelpOutcome::Scrolled, 1),
            (key(scancode::UP, none), HelpOutcome::Scrolled, 0),
            (key(scancode::DOWN, Shift::LEFT_SHIFT), HelpOutcome::Scrolled, 5),
            (key(scancode::DOWN, Shift::CONTROL), HelpOutcome::Scrolled, 9),
            (key(scancode::UP, Shift::RIGHT_SHIFT), HelpOutcome::Scrolled, 4),
            (key(scancode::DOWN, Shift::CONTROL | Shift::LEFT_SHIFT), HelpOutcome::Scrolled, 24),
            (key(scancode::DOWN, Shift::CONTROL), HelpOutcome::Scrolled, 25),
            (key(scancode::DOWN, none), HelpOutcome::Nothing, 25),
            (key(scancode::CLR_HOME, none), HelpOutcome::Scrolled, 0),
            (key(scancode::CLR_HOME, none), HelpOutcome::Nothing, 0),
            (key(scancode::CLR_HOME, Shift::LEFT_SHIFT), HelpOutcome::Scrolled, 25),
            (key(scancode::UP, Shift::CONTROL), HelpOutcome::Scrolled, 21),
            (KeyPress::char(b'a'), HelpOutcome::Nothing, 21),
            (key(scancode::LEFT, none), HelpOutcome::Nothing, 21),
            (KeyPress::new(scancode::ESC, 0x1B, none), HelpOutcome::Leave, 21),
        ];
        for (i, (k, outcome, top)) in steps.into_iter().enumerate() {
            assert_eq!(v.key(k), outcome, "step {}", i);
            assert_eq!(v.top(), top, "step {}", i);
        }
        // A text shorter than a page does not scroll.
        let mut short = HelpView::plain("a\nb", Rect::new(0, 0, 200, 55), 1);
        assert_eq!(short.key(key(scancode::DOWN, none)), HelpOutcome::Nothing);
        assert_eq!(short.key(key(scancode::CLR_HOME, Shift::LEFT_SHIFT)), HelpOutcome::Nothing);
    }

    fn drawing_shows_the_lines_from_the_top_with_their_underlines() {
        let mut s = Screen::new(272, 80).unwrap();
        let area = Rect::new(16, 8, 240, 55);
        let (bg, pen) = (5, 6);
        let mut v = HelpView::rule(&help(SAMPLE), area, 1);
        v.draw(&mut s.surface.view(), FULL, area, 1, bg, pen);
        let p = Pixels::of(&s);
        let lh = line_height(1);
        let row = |i: i32| Rect::new(area.x, area.y + i * lh + 1, area.w, font5x7::HEIGHT);
        let underline = |i: i32, x0: i32, x1: i32| Rect::new(area.x + x0, area.y + i * lh + 9, x1 - x0, 1);
        // Line 0's last word at the right edge; line 1's word indented.
        assert!(p.has(Rect::new(area.x + 229, row(0).y, 11, 7), pen));
        assert!(!p.has(Rect::new(area.x, row(1).y, 40, 7), pen));
        assert!(p.has(Rect::new(area.x + 40, row(1).y, 11, 7), pen));
        // "Word" underlined along its width; under "a b" only the b.
        assert!(!p.has(underline(2, 0, 23), bg));
        assert!(!p.has(underline(2, 23, 240), pen));
        assert!(!p.has(underline(3, 12, 17), bg));
        assert!(!p.has(underline(3, 0, 12), pen));
        // The empty line 4: nothing.
        assert!(!p.has(row(4), pen));
        // The area filled, nothing drawn outside it.
        assert_eq!(s.surface.pixel(area.x, area.y), bg);
        assert!(!p.has(Rect::new(0, 0, 272, area.y), bg) && !p.has(Rect::new(0, 0, area.x, 80), bg));
        assert!(!p.has(Rect::new(0, area.bottom(), 272, 80 - area.bottom()), bg));
        // One line down: "xy" on the first row, the right edge empty there.
        assert_eq!(v.key(key(scancode::DOWN, Shift::empty())), HelpOutcome::Scrolled);
        v.draw(&mut s.surface.view(), FULL, area, 1, bg, pen);
        let p = Pixels::of(&s);
        assert!(!p.has(Rect::new(area.x + 100, row(0).y, 140, 7), pen));
        assert!(p.has(Rect::new(area.x + 40, row(0).y, 11, 7), pen));
        assert!(!p.has(underline(1, 0, 23), bg), "Word's underline moved up with it");
        // The clip is honoured.
        let mut s = Screen::new(272, 80).unwrap();
        v.draw(&mut s.surface.view(), Rect::new(0, 0, 100, 80), area, 1, bg, pen);
        let p = Pixels::of(&s);
        assert!(!p.has(Rect::new(100, 0, 172, 80), bg));
        assert!(p.has(Rect::new(0, 0, 100, 80), bg));
    }
}
