use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::app::help;

/// VGA's cell and screen: 80 columns.
const VGA: (CharCell, Rect) = (CharCell { w: 8, h: 16 }, Rect { x: 0, y: 0, w: 640, h: 480 });
/// ST low's: 40 columns of 8×8, 25 rows.
const ST_LOW: (CharCell, Rect) = (CharCell { w: 8, h: 8 }, Rect { x: 0, y: 0, w: 320, h: 200 });

/// The texts of every string object of `tree`, in order.
fn strings(tree: &Tree) -> Vec<String> {
    (0..tree.len())
        .filter_map(|i| tree.string(ObjectId(i as i16)))
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect()
}

crate::test_cases! {
    fn words_wrap_and_paragraphs_keep_an_empty_line_between() {
        let p = pages("one two three four five\nsix seven", 9, 12);
        assert_eq!(p, [["one two", "three", "four five", "", "six seven"].map(String::from).to_vec()]);
        // A word longer than a line is cut; an empty text is one empty page.
        assert_eq!(pages("abcdefghijkl", 5, 12), [["abcde"].map(String::from).to_vec()]);
        assert_eq!(pages("", 10, 12), [Vec::<String>::new()]);
    }

    fn long_texts_are_pages_of_rows_lines_not_starting_blank() {
        let text = "a b c d\ne f";
        // Lines: "a b", "c d", "", "e f": pages of 2; the second starts at the blank.
        let p = pages(text, 3, 2);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0], ["a b", "c d"].map(String::from).to_vec());
        assert_eq!(p[1], ["e f"].map(String::from).to_vec());
    }

    fn every_help_text_fits_its_lines_on_vga_and_st_low() {
        for (cell, screen) in [VGA, ST_LOW] {
            let cols = columns_for(screen.w / cell.w);
            for n in 0..crate::app::entries::count() {
                let game = crate::app::entries::name(n);
                let text = help::text_or_default(game);
                let p = pages(&text, cols, ROWS);
                assert!(p.iter().all(|page| page.len() <= ROWS && page.iter().all(|l| l.len() <= cols)), "{game}");
                // Every word of the text is on a page.
                let shown: usize = p.iter().flatten().map(|l| l.split_whitespace().count()).sum();
                assert_eq!(shown, text.split_whitespace().count(), "{game}");
                for i in 0..p.len() {
                    let (tree, _) = layout(game, &p, i, cols, cell, screen);
                    let r = tree.root_rect();
                    assert!(r.w <= screen.w && r.h <= screen.h, "{game} page {i}: {r:?} on {screen:?}");
                }
            }
        }
    }

    fn a_page_shows_its_lines_and_only_the_buttons_that_turn_to_another_page() {
        let p = pages("one\ntwo\nthree", 20, 2);
        assert_eq!(p.len(), 3);
        let (cell, screen) = VGA;
        let (first, ids) = layout("Fifteen", &p, 0, 20, cell, screen);
        assert!(ids.back.is_none() && ids.next.is_some());
        let s = strings(&first);
        assert!(s.contains(&"Fifteen (1/3)".into()) && s.contains(&"one".into()), "{s:?}");
        let (middle, ids) = layout("Fifteen", &p, 1, 20, cell, screen);
        assert!(ids.back.is_some() && ids.next.is_some());
        assert!(strings(&middle).contains(&"two".into()));
        let (last, ids) = layout("Fifteen", &p, 2, 20, cell, screen);
        assert!(ids.back.is_some() && ids.next.is_none());
        assert_eq!(String::from_utf8_lossy(last.string(ids.ok).unwrap()), "OK");
        // One page: no page number, OK alone.
        let (single, ids) = layout("Maze", &pages("short", 20, 12), 0, 20, cell, screen);
        assert_eq!((ids.back, ids.next), (None, None));
        assert!(strings(&single).contains(&"Maze".into()));
    }
}
