use alloc::string::ToString;
use alloc::vec::Vec;

use super::*;
use crate::app::App;
use crate::app::dialog::DialogKind;
use crate::app::script::Screen;
use crate::games;
use crate::keyboard::Shift;

fn key(code: u8) -> Input {
    Input::KeyDown(KeyPress::special(code, Shift::empty()))
}
fn typed(c: u8) -> Input {
    Input::KeyDown(KeyPress::char(c))
}
fn enter() -> Input {
    Input::KeyDown(KeyPress::new(scancode::RETURN, b'\r', Shift::empty()))
}
fn esc() -> Input {
    Input::KeyDown(KeyPress::new(scancode::ESC, 0x1B, Shift::empty()))
}
fn click(ui: &mut OnScreen<App>, s: &mut Screen, x: i32, y: i32) -> Option<MenulessHostRequest> {
    let _ = ui.input(&mut s.target(), &Input::Mouse { x, y, buttons: Buttons::LEFT, shift: Shift::empty() });
    ui.input(&mut s.target(), &Input::Mouse { x, y, buttons: Buttons::empty(), shift: Shift::empty() })
}
fn centre(r: Rect) -> (i32, i32) {
    (r.x + r.w / 2, r.y + r.h / 2)
}

/// The collection in `OnScreen` on a `w`×`h` screen, drawn, playing game `n` if given.
fn collection(w: i32, h: i32, game: Option<usize>) -> (OnScreen<App>, Screen) {
    let mut ui = OnScreen::new(App::new(b"onscreen"));
    let mut s = Screen::new(w, h).unwrap();
    ui.draw_all(&mut s.target());
    if let Some(n) = game {
        assert_eq!(ui.command(&mut s.target(), Command::ChooseGame(n)), None);
    }
    s.damage.clear();
    (ui, s)
}

fn fifteen() -> usize {
    games::ALL.iter().position(|g| g.name == "Fifteen").unwrap()
}

crate::test_cases! {
    fn tetrhexs_load_a_rule_asks_for_a_file_name_and_loads_it_from_the_disk() {
        use crate::app::tetrhex::rule_disk::{MemoryDisk, SharedRuleDisk};
        use crate::app::tetrhex::rules;
        let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(MemoryDisk::with_files(&[(
            "C:\\COLS.RUL",
            rules::ALL[1].file,
        )])));
        let mut app = App::new(b"onscreen");
        app.set_rule_disk(disk);
        let mut ui = OnScreen::new(app);
        let mut s = Screen::new(320, 320).unwrap();
        ui.draw_all(&mut s.target());
        ui.command(&mut s.target(), Command::ChooseGame(games::ALL.len()));
        ui.input(&mut s.target(), &typed(b' '));
        // Undo in TETRHEX's menu: a form with a file-name field; the name typed loads the rule.
        assert_eq!(ui.input(&mut s.target(), &key(scancode::UNDO)), None);
        assert!(ui.is_open());
        for c in b"C:\\COLS.RUL" {
            ui.input(&mut s.target(), &typed(*c));
        }
        assert_eq!(ui.input(&mut s.target(), &enter()), None);
        assert!(!ui.is_open());
        assert_eq!(ui.title(), "Hexcolumns");
        // A name that is not there: the reason on the screen, the rule stays.
        ui.input(&mut s.target(), &key(scancode::UNDO));
        for c in b"NONE.RUL" {
            ui.input(&mut s.target(), &typed(*c));
        }
        assert_eq!(ui.input(&mut s.target(), &enter()), None);
        assert!(ui.is_open(), "the error is shown");
        assert_eq!(ui.title(), "Hexcolumns");
    }

    fn the_bar_is_drawn_and_the_activity_lies_below_it() {
        let (ui, s) = collection(192, 144, None);
        let bar = ui.bar();
        assert_eq!((bar.x, bar.y, bar.w), (0, 0, 192));
        assert!(bar.h > 7 && bar.h < 20);
        assert_eq!(s.surface.pixel(2, 2), pens::PAPER);
        assert_eq!(s.surface.pixel(2, bar.bottom() - 1), pens::INK, "a line under the bar");
        assert_eq!(s.surface.pixel(2, bar.bottom()), crate::app::puzzle_activity::PUZZLE_PEN_BASE, "the start screen");
        assert_eq!(s.palette.get(pens::SELECT), pens::COLOURS[(pens::SELECT - pens::PAPER) as usize]);
        // The full screen: bigger text, a taller bar.
        let (big, _) = collection(640, 480, None);
        assert!(big.bar().h > bar.h);
    }

    fn f10_opens_a_menu_and_closing_it_puts_the_pixels_back() {
        let (mut ui, mut s) = collection(192, 144, Some(fifteen()));
        let before: Vec<u16> = s.surface.words().to_vec();
        assert_eq!(ui.input(&mut s.target(), &key(scancode::F10)), None);
        assert!(ui.is_open());
        let menu = ui.open_rect().unwrap();
        assert!(menu.y >= ui.bar().bottom());
        assert_ne!(s.surface.words(), &before[..]);
        // While it is open the game gets nothing: no ticks, no keys.
        assert!(!ui.wants_ticks() || !ui.is_open());
        assert_eq!(ui.input(&mut s.target(), &esc()), None);
        assert!(!ui.is_open());
        assert_eq!(s.surface.words(), &before[..], "the menu and the bar's highlight are gone");
        // Left and Right walk the bar; every menu fits on the screen.
        ui.input(&mut s.target(), &key(scancode::F10));
        let titles = ui.inner().menu_bar().menus.len();
        for _ in 0..titles {
            let r = ui.open_rect().unwrap();
            assert!(r.union(&s.surface.bounds()) == s.surface.bounds(), "{:?}", r);
            ui.input(&mut s.target(), &key(scancode::RIGHT));
        }
        ui.input(&mut s.target(), &key(scancode::F10));
        assert!(!ui.is_open());
        assert_eq!(s.surface.words(), &before[..]);
    }

    fn a_menu_item_chosen_by_keys_or_mouse_sends_its_command() {
        let (mut ui, mut s) = collection(192, 144, Some(fifteen()));
        // Desk > About... by keys: a message box, closed by Return.
        ui.input(&mut s.target(), &key(scancode::F10));
        assert_eq!(ui.input(&mut s.target(), &enter()), None);
        assert!(ui.is_open(), "the About box");
        ui.input(&mut s.target(), &enter());
        assert!(!ui.is_open());
        // File > Quit by the mouse: press and release on the title opens File; the item quits.
        let (tx, ty) = centre(ui.title_rect(1).unwrap());
        assert_eq!(click(&mut ui, &mut s, tx, ty), None);
        assert!(ui.is_open());
        let menu = ui.open_rect().unwrap();
        // Quit is File's last item.
        let (qx, qy) = (menu.x + menu.w / 2, menu.bottom() - 4);
        assert_eq!(click(&mut ui, &mut s, qx, qy), Some(MenulessHostRequest::Quit));
        assert!(!ui.is_open());
        // A click outside an open menu closes it and reaches nothing else.
        click(&mut ui, &mut s, tx, ty);
        assert!(ui.is_open());
        assert_eq!(click(&mut ui, &mut s, 190, 140), None);
        assert!(!ui.is_open());
        // Edit > Undo greyed or not, the Type menu's preset starts a game of that size.
        ui.input(&mut s.target(), &key(scancode::F10));
        for _ in 0..3 {
            ui.input(&mut s.target(), &key(scancode::RIGHT));
        }
        assert_eq!(ui.input(&mut s.target(), &enter()), None, "Type > 3x3");
        assert!(!ui.is_open());
        let bar = ui.inner().menu_bar();
        assert!(bar.find(&Command::Preset(0)).unwrap().checked);
    }

    fn dialogs_edit_their_fields_and_a_refused_one_stays_open() {
        let (mut ui, mut s) = collection(192, 144, Some(fifteen()));
        assert_eq!(ui.command(&mut s.target(), Command::Custom), None);
        let (ok, _cancel, controls) = ui.form_places().unwrap();
        assert_eq!(controls.len(), 2, "width and height");
        // The width field has the focus, its cursor at the end: replace "4" by "x".
        ui.input(&mut s.target(), &key(scancode::BACKSPACE));
        ui.input(&mut s.target(), &typed(b'x'));
        ui.input(&mut s.target(), &enter());
        assert!(ui.is_open(), "refused: the dialog stays");
        let (ok2, ..) = ui.form_places().unwrap();
        assert_eq!(ok, ok2);
        // Fix it: a click in the field, Backspace, 3, Tab, Backspace, 2, then a click on OK.
        let (fx, fy) = centre(controls[0]);
        click(&mut ui, &mut s, fx, fy);
        ui.input(&mut s.target(), &key(scancode::BACKSPACE));
        ui.input(&mut s.target(), &typed(b'3'));
        ui.input(&mut s.target(), &key(scancode::TAB));
        ui.input(&mut s.target(), &key(scancode::BACKSPACE));
        ui.input(&mut s.target(), &typed(b'2'));
        let (ox, oy) = centre(ok);
        assert_eq!(click(&mut ui, &mut s, ox, oy), None);
        assert!(!ui.is_open());
        let Some(HostRequest::Dialog(d)) = ui.inner_mut().command(&mut s.target(), Command::Custom) else { panic!() };
        assert_eq!(d.text(), Some("3"));
        assert_eq!(d.items[1], ConfigItem::String { name: "Height", value: "2".to_string() });
    }

    fn form_keys_and_clicks_follow_config_item_rules() {
        let items = alloc::vec![
            ConfigItem::String { name: "Name", value: "ab".to_string() },
            ConfigItem::Boolean { name: "Flag", value: false },
            ConfigItem::Choices { name: "Kind", choices: &["one", "two", "three"], selected: 0 },
        ];
        let mut f = Form::new(Purpose::Dialog(DialogKind::Custom), "Test".to_string(), items);
        f.layout(Rect::new(0, 0, 192, 144), 1);
        let k = |c: u8| KeyPress::special(c, Shift::empty());
        // Text: cursor moves, insertion in the middle, Delete and Backspace.
        assert_eq!(f.key(k(scancode::LEFT)), Outcome::Redraw);
        assert_eq!(f.key(KeyPress::char(b'X')), Outcome::Redraw);
        assert_eq!(f.text(), "aXb");
        f.key(k(scancode::DELETE));
        assert_eq!(f.text(), "aX");
        f.key(k(scancode::CLR_HOME));
        f.key(k(scancode::BACKSPACE));
        assert_eq!(f.text(), "aX", "nothing before the cursor");
        f.key(k(scancode::DELETE));
        assert_eq!(f.text(), "X");
        // Control characters are not typed.
        assert_eq!(f.key(KeyPress::ctrl(b'a')), Outcome::Stay);
        // Tab to the check box; Space toggles it.
        f.key(k(scancode::TAB));
        f.key(k(scancode::SPACE));
        assert_eq!(f.items[1], ConfigItem::Boolean { name: "Flag", value: true });
        // Down to the choices: Left wraps to the last, Right and Space go on.
        f.key(k(scancode::DOWN));
        f.key(k(scancode::LEFT));
        assert!(matches!(f.items[2], ConfigItem::Choices { selected: 2, .. }));
        f.key(k(scancode::SPACE));
        assert!(matches!(f.items[2], ConfigItem::Choices { selected: 0, .. }));
        // A click on the right half of the list steps on, on the left half back.
        let c = f.control(2);
        f.press(c.right() - 2, c.y + 2);
        assert!(matches!(f.items[2], ConfigItem::Choices { selected: 1, .. }));
        f.press(c.x + 2, c.y + 2);
        assert!(matches!(f.items[2], ConfigItem::Choices { selected: 0, .. }));
        // A click on the check box toggles it back.
        let b = f.control(1);
        f.press(b.x + 1, b.y + 1);
        assert_eq!(f.items[1], ConfigItem::Boolean { name: "Flag", value: false });
        // Shift-Tab goes back (from the check box the click focused to the text); Return is
        // OK, but with the focus on Cancel (Up wraps round to it) it is Cancel.
        f.key(k(scancode::TAB).with(Shift::LEFT_SHIFT));
        assert_eq!(f.key(KeyPress::new(scancode::RETURN, b'\r', Shift::empty())), Outcome::Submit);
        f.key(k(scancode::UP));
        assert_eq!(f.key(KeyPress::new(scancode::RETURN, b'\r', Shift::empty())), Outcome::Close, "Cancel");
        assert_eq!(f.key(k(scancode::ESC)), Outcome::Close);
        let (ok, cancel) = f.buttons();
        assert_eq!(f.press(ok.x + 1, ok.y + 1), Outcome::Submit);
        assert_eq!(f.press(cancel.x + 1, cancel.y + 1), Outcome::Close);
        assert!(ok.union(&cancel).union(&f.rect()) == f.rect(), "the buttons are inside the box");
    }

    fn save_and_load_ask_for_a_file_name_and_hand_it_to_the_host() {
        let (mut ui, mut s) = collection(192, 144, Some(fifteen()));
        assert_eq!(ui.input(&mut s.target(), &Input::KeyDown(KeyPress::ctrl(b's'))), None);
        assert!(ui.is_open());
        let Some(MenulessHostRequest::WriteFile { name, data }) = ui.input(&mut s.target(), &enter()) else { panic!("no file written") };
        assert_eq!(name, "FIFTEEN.SAV");
        assert!(data.starts_with("SAVEFILE:"));
        assert!(!ui.is_open());
        // Load: the name typed, then the host reads and sends the data.
        ui.input(&mut s.target(), &Input::KeyDown(KeyPress::ctrl(b'o')));
        for _ in 0..4 {
            ui.input(&mut s.target(), &key(scancode::BACKSPACE));
        }
        for c in b".BAK" {
            ui.input(&mut s.target(), &typed(*c));
        }
        assert_eq!(ui.input(&mut s.target(), &enter()), Some(MenulessHostRequest::ReadFile { name: "FIFTEEN.BAK".into() }));
        assert_eq!(ui.command(&mut s.target(), Command::LoadData(data.into_bytes())), None);
        // A bad file: the error is shown on the screen, not handed to the host.
        assert_eq!(ui.command(&mut s.target(), Command::LoadData(b"nonsense".to_vec())), None);
        assert!(ui.is_open());
        ui.input(&mut s.target(), &esc());
        // The host's own failure.
        ui.message(&mut s.target(), "Load game", "FIFTEEN.BAK: file not found");
        assert!(ui.is_open());
    }

    fn help_is_shown_and_scrolls_on_a_small_screen() {
        let (mut ui, mut s) = collection(192, 144, None);
        assert_eq!(ui.input(&mut s.target(), &key(scancode::HELP)), None);
        assert!(ui.is_open());
        let box_ = ui.open_rect().unwrap();
        assert!(box_.union(&s.surface.bounds()) == s.surface.bounds());
        let shown: Vec<u16> = s.surface.words().to_vec();
        ui.input(&mut s.target(), &key(scancode::DOWN));
        assert_ne!(s.surface.words(), &shown[..], "the collection's help is longer than the box: it scrolls");
        ui.input(&mut s.target(), &key(scancode::UP));
        assert_eq!(s.surface.words(), &shown[..]);
        ui.input(&mut s.target(), &esc());
        assert!(!ui.is_open());
        // Every game has its own help text.
        for g in games::ALL {
            assert!(help::text(g.name).is_some(), "no help for {}", g.name);
        }
        assert!(help::text_or_default("Nets").contains("Nets"));
    }

    fn a_press_in_the_game_stays_the_games_until_release() {
        let (mut ui, mut s) = collection(192, 144, Some(fifteen()));
        let m = |x, y, buttons| Input::Mouse { x, y, buttons, shift: Shift::empty() };
        // Pressed in the game, released over the bar: no menu opens.
        ui.input(&mut s.target(), &m(96, 80, Buttons::LEFT));
        ui.input(&mut s.target(), &m(10, 4, Buttons::LEFT));
        ui.input(&mut s.target(), &m(10, 4, Buttons::empty()));
        assert!(!ui.is_open());
        // A press on the bar opens the menu there.
        ui.input(&mut s.target(), &m(10, 4, Buttons::LEFT));
        assert!(ui.is_open());
    }

    fn text_wraps_at_spaces_and_cuts_long_words() {
        let w = crate::app::widgets::wrap("one two three\nfour", 7);
        assert_eq!(w, ["one two", "three", "four"]);
        let w = crate::app::widgets::wrap("abcdefghij k", 4);
        assert_eq!(w, ["abcd", "efgh", "ij k"]);
        assert_eq!(crate::app::widgets::wrap("", 5), [""]);
    }
}
