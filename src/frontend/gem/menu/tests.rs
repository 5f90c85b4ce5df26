use alloc::string::String;

use falcon_gem::trap::recorder::Recorder;

use super::*;
use crate::app::menu::Menu;

const CELL: CharCell = CharCell { w: 8, h: 16 };
const SCREEN: Rect = Rect { x: 0, y: 0, w: 640, h: 480 };

/// Desk (About), File (New ^N, a separator, Quit ^Q), Type (two presets, the first ticked,
/// Custom greyed). (The accessory's menu dialog's tests take it too.)
pub fn bar() -> MenuBar {
    let mut desk = Menu::new("Desk");
    desk.item("About Fifteen...", Command::About, None);
    let mut file = Menu::new("File");
    file.item("New game", Command::NewGame, Some(Shortcut::Ctrl(b'N')));
    file.separator();
    file.item("Quit", Command::Quit, Some(Shortcut::Ctrl(b'Q')));
    let mut ty = Menu::new("Type");
    ty.item("3x3", Command::Preset(0), None).checked = true;
    ty.item("4x4", Command::Preset(1), None);
    ty.item("Custom...", Command::Custom, None).enabled = false;
    MenuBar { menus: alloc::vec![desk, file, ty] }
}

fn text(menu: &GemMenu, command: &Command) -> String {
    let id = menu.entries.iter().find(|e| e.command == *command).unwrap().id;
    String::from_utf8(menu.tree.tree.string(id).unwrap().to_vec()).unwrap()
}

fn id_of(menu: &GemMenu, command: &Command) -> ObjectId {
    menu.entries.iter().find(|e| e.command == *command).unwrap().id
}

crate::test_cases! {
    fn item_lines_put_the_shortcut_at_the_right() {
        assert_eq!(item_text("New game", Some(Shortcut::Ctrl(b'N')), 16), "  New game   ^N ");
        assert_eq!(item_text("New game", Some(Shortcut::Ctrl(b'N')), 0), "  New game  ^N ", "at least two spaces");
        assert_eq!(item_text("Restart", None, 16), "  Restart ");
        assert_eq!(item_text("Solve", Some(Shortcut::ShiftCtrl(b'S')), 16), "  Solve  Shift ^S ");
    }

    fn every_item_of_the_bar_is_in_the_tree_with_its_command() {
        let m = GemMenu::build(&bar(), CELL, SCREEN);
        // The Desk menu's About, then File's two items and Type's three.
        assert_eq!(m.entries.len(), 6);
        assert_eq!(text(&m, &Command::About), "  About Fifteen... ");
        // File is 2 + 8 + 2 + 2 + 1 = 15 wide: both shortcuts end at the same column.
        assert_eq!(text(&m, &Command::NewGame), "  New game  ^N ");
        assert_eq!(text(&m, &Command::Quit), "  Quit      ^Q ");
        for e in &m.entries {
            assert_eq!(m.command(e.id), Some(&e.command));
        }
        assert_eq!(m.command(ObjectId(0)), None, "the screen box is no item");
        // Titles: Desk is object 3, File and Type follow it.
        assert_eq!(m.title_of(id_of(&m, &Command::About)), Some(ObjectId(3)));
        assert_eq!(m.title_of(id_of(&m, &Command::Quit)), Some(ObjectId(4)));
        assert_eq!(m.title_of(id_of(&m, &Command::Custom)), Some(ObjectId(5)));
        assert_eq!(m.tree.tree.string(ObjectId(4)).unwrap(), b" File ");
    }

    fn greying_and_ticks_start_as_the_bar_says() {
        let m = GemMenu::build(&bar(), CELL, SCREEN);
        let state = |c: &Command| m.tree.tree.object(id_of(&m, c)).state();
        assert_eq!(state(&Command::Preset(0)), ObjectState::CHECKED);
        assert_eq!(state(&Command::Preset(1)), ObjectState::empty());
        assert_eq!(state(&Command::Custom), ObjectState::DISABLED);
    }

    fn sync_calls_the_aes_only_for_changed_items() {
        let m = GemMenu::build(&bar(), CELL, SCREEN);
        let mut aes = Aes::with_trap(Recorder::new());
        assert!(m.sync(&mut aes, &bar()));
        assert_eq!(aes.trap().aes_opcodes(), [] as [i16; 0], "nothing changed");
        let mut changed = bar();
        changed.menus[2].entries[0] = MenuEntry::Item(MenuItem { checked: false, ..item(&changed, 2, 0) });
        changed.menus[2].entries[1] = MenuEntry::Item(MenuItem { checked: true, ..item(&changed, 2, 1) });
        changed.menus[2].entries[2] = MenuEntry::Item(MenuItem { enabled: true, ..item(&changed, 2, 2) });
        assert!(m.sync(&mut aes, &changed));
        let calls: Vec<(i16, Vec<i16>)> =
            aes.trap().aes_calls.iter().map(|c| (c.control[0], c.intin.clone())).collect();
        let (p0, p1, custom) =
            (id_of(&m, &Command::Preset(0)).0, id_of(&m, &Command::Preset(1)).0, id_of(&m, &Command::Custom).0);
        // menu_icheck is opcode 31, menu_ienable 32.
        assert_eq!(calls, [(31, alloc::vec![p0, 0]), (31, alloc::vec![p1, 1]), (32, alloc::vec![custom, 1])]);
    }

    fn another_game_s_bar_needs_a_new_tree() {
        let m = GemMenu::build(&bar(), CELL, SCREEN);
        let mut other = bar();
        other.menus[2].item("5x5", Command::Preset(2), None);
        assert!(!m.same_items(&other));
        let mut aes = Aes::with_trap(Recorder::new());
        assert!(!m.sync(&mut aes, &other));
        assert!(aes.trap().aes_opcodes().is_empty());
    }
}

fn item(bar: &MenuBar, menu: usize, entry: usize) -> MenuItem {
    match &bar.menus[menu].entries[entry] {
        MenuEntry::Item(i) => i.clone(),
        MenuEntry::Separator => panic!("a separator"),
    }
}
