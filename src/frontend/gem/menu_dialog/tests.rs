use alloc::string::String;
use alloc::vec::Vec;

use super::*;
use crate::app::menu::Menu;
use crate::frontend::gem::menu::tests::bar;

const CELL: CharCell = CharCell { w: 8, h: 16 };
const SCREEN: Rect = Rect { x: 0, y: 0, w: 640, h: 480 };

/// A bar whose one menu has `n` presets.
fn long_bar(n: usize) -> MenuBar {
    let mut ty = Menu::new("Type");
    for i in 0..n {
        ty.item(&alloc::format!("Preset {i}"), Command::Preset(i), None);
    }
    MenuBar { menus: alloc::vec![ty] }
}

fn text(tree: &Tree, id: ObjectId) -> String {
    String::from_utf8(tree.string(id).unwrap().to_vec()).unwrap()
}

/// Whether every object of `tree` lies inside its root, and the root on `screen` once
/// centred (`form_center`).
fn fits(tree: &Tree, screen: Rect) -> bool {
    let root = tree.root_rect();
    let inside = (1..tree.len()).all(|i| {
        let r = tree.absolute_rect(ObjectId(i as i16));
        r.x >= root.x && r.y >= root.y && r.x + r.w <= root.x + root.w && r.y + r.h <= root.y + root.h
    });
    inside && root.w <= screen.w && root.h <= screen.h
}

crate::test_cases! {
    fn the_bar_is_a_row_of_titles_and_the_file_menu_opens_first() {
        let b = bar();
        assert_eq!(first_menu(&b), 1);
        assert_eq!(first_menu(&long_bar(3)), 0, "a bar of one menu opens it");
        let (tree, ids) = layout(&b, first_menu(&b), CELL, SCREEN);
        let titles: Vec<String> = ids.titles.iter().map(|&t| text(&tree, t)).collect();
        assert_eq!(titles, [" Desk ", " File ", " Type "]);
        // Side by side on the second row, the open one inverted; each ends the dialog.
        for (i, &t) in ids.titles.iter().enumerate() {
            let o = tree.object(t);
            assert!(o.flags().contains(ObjectFlags::SELECTABLE | ObjectFlags::EXIT));
            assert_eq!(o.state().contains(ObjectState::SELECTED), i == 1, "{}", titles[i]);
            assert_eq!(o.rect().y, 16);
        }
        let x: Vec<i16> = ids.titles.iter().map(|&t| tree.object(t).rect().x).collect();
        assert_eq!(x, [8, 8 + 6 * 8, 8 + 12 * 8]);
        // File's items as its menu shows them: the shortcuts at the right; the separator a
        // greyed row that ends nothing.
        let items: Vec<(String, Command)> = ids.items.iter().map(|(id, c)| (text(&tree, *id), c.clone())).collect();
        assert_eq!(items, [("  New game  ^N ".into(), Command::NewGame), ("  Quit      ^Q ".into(), Command::Quit)]);
        let separator = ObjectId(ids.items[0].0.0 + 1);
        assert_eq!(text(&tree, separator), "-".repeat(15), "as wide as the items");
        assert!(tree.object(separator).state().contains(ObjectState::DISABLED));
        assert!(!tree.object(separator).flags().contains(ObjectFlags::EXIT));
        assert_eq!(text(&tree, ids.cancel), "Cancel");
        assert!(tree.object(ids.cancel).flags().contains(ObjectFlags::DEFAULT), "Return closes it");
        assert!(fits(&tree, SCREEN));
    }

    fn ticks_and_greying_are_the_items_states() {
        let (tree, ids) = layout(&bar(), 2, CELL, SCREEN);
        // 3x3 ticked, 4x4 plain: both choosable; Custom greyed: not.
        let commands: Vec<&Command> = ids.items.iter().map(|(_, c)| c).collect();
        assert_eq!(commands, [&Command::Preset(0), &Command::Preset(1)]);
        let state = |n: usize| tree.object(ids.items[n].0).state();
        assert!(state(0).contains(ObjectState::CHECKED) && !state(1).contains(ObjectState::CHECKED));
        let custom = ObjectId(ids.items[1].0.0 + 1);
        assert_eq!(text(&tree, custom).trim_end(), "  Custom...");
        assert!(tree.object(custom).state().contains(ObjectState::DISABLED));
        assert!(!tree.object(custom).flags().intersects(ObjectFlags::SELECTABLE | ObjectFlags::EXIT));
        assert!(tree.object(ids.titles[2]).state().contains(ObjectState::SELECTED));
    }

    fn a_click_means_a_title_an_item_or_cancel() {
        let (_, ids) = layout(&bar(), 1, CELL, SCREEN);
        assert_eq!(ids.choice(ids.titles[2]), Choice::Title(2));
        assert_eq!(ids.choice(ids.titles[0]), Choice::Title(0));
        assert_eq!(ids.choice(ids.items[1].0), Choice::Item(Command::Quit));
        assert_eq!(ids.choice(ids.cancel), Choice::Cancel);
        assert_eq!(ids.choice(ObjectId::ROOT), Choice::Cancel, "no object: Cancel");
        // A menu out of range opens the last.
        let (tree, ids) = layout(&bar(), 9, CELL, SCREEN);
        assert!(tree.object(ids.titles[2]).state().contains(ObjectState::SELECTED));
    }

    fn a_menu_taller_than_the_screen_goes_on_in_columns() {
        // 640x400 with 16-pixel lines: 25 rows, 17 items a column.
        let screen = Rect::new(0, 0, 640, 400);
        let (tree, ids) = layout(&long_bar(40), 0, CELL, screen);
        assert_eq!(ids.items.len(), 40);
        let column_of = |n: usize| tree.object(ids.items[n].0).rect().x;
        assert_eq!(column_of(0), column_of(16));
        assert!(column_of(17) > column_of(16) && column_of(34) > column_of(33));
        assert_eq!(tree.object(ids.items[17].0).rect().y, tree.object(ids.items[0].0).rect().y);
        assert!(fits(&tree, screen), "root {:?}", tree.root_rect());
        // A short menu: one column, as tall as its items.
        let (tree, _) = layout(&long_bar(3), 0, CELL, screen);
        assert_eq!(tree.root_rect().h, (3 + 6) * 16);
    }
}
