use alloc::collections::{BTreeMap, VecDeque};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use falcon_gem::aes::Aes;
use falcon_gem::object::ObjectId;
use falcon_gem::trap::recorder::AesReply;
use falcon_gem::trap::{AesArrays, VdiArrays};

use super::super::tests::{Desk, Screen};
use super::*;
use crate::app::collection::App;
use crate::keyboard::scancode;

/// The fake AES of the host's tests, with the user's answers to dialogs and the file
/// selector. While a dialog is up (from `form_dial` FMD_START to FMD_FINISH) `evnt_multi`
/// gives the messages queued in `in_dialog`, then a click that `objc_find` and
/// `form_button` make the next exit object queued (then the root: no button, taken as
/// Cancel); `fsel` OK or Cancel as queued (then Cancel), `scrp_read` `scrap` (1: done, an
/// empty path; 0: an error).
struct Forms {
    desk: Desk,
    exits: VecDeque<ObjectId>,
    in_dialog: VecDeque<[i16; 8]>,
    dialog_up: bool,
    clicked: ObjectId,
    selector: VecDeque<bool>,
    scrap: i16,
}

impl Forms {
    fn new(desk: Desk) -> Self {
        Forms {
            desk,
            exits: VecDeque::new(),
            in_dialog: VecDeque::new(),
            dialog_up: false,
            clicked: ObjectId::ROOT,
            selector: VecDeque::new(),
            scrap: 1,
        }
    }
}

impl falcon_gem::trap::Trap for Forms {
    fn aes(&mut self, block: &mut AesArrays) {
        let reply = match block.control[0] {
            51 => {
                self.dialog_up = block.intin[0] == 0;
                AesReply::ints(&[1])
            }
            25 if self.dialog_up => match self.in_dialog.pop_front() {
                Some(words) => super::super::tests::message(words),
                None => {
                    self.clicked = self.exits.pop_front().unwrap_or(ObjectId::ROOT);
                    AesReply::ints(&[0x02, 100, 100, 1, 0, 0, 1])
                }
            },
            43 if self.dialog_up => AesReply::ints(&[self.clicked.0]),
            56 => AesReply::ints(&[0, self.clicked.0]),
            46 => AesReply::ints(&[1, 0]),
            90 | 91 => AesReply::ints(&[1, self.selector.pop_front().map_or(0, i16::from)]),
            80 => AesReply::ints(&[self.scrap]),
            _ => return self.desk.aes(block),
        };
        self.desk.rec.reply_aes(reply);
        self.desk.rec.aes(block);
    }

    fn vdi(&mut self, block: &mut VdiArrays) {
        self.desk.vdi(block);
    }
}

/// A disk in memory: files by path, the folders made, the current folder if it has one.
#[derive(Default)]
struct MemoryDisk {
    files: BTreeMap<String, Vec<u8>>,
    folders: Vec<String>,
    current: Option<String>,
}

impl Disk for MemoryDisk {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        self.files.get(path).cloned().ok_or_else(|| alloc::format!("Cannot open {path}"))
    }

    fn write(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        self.files.insert(path.into(), data.to_vec());
        Ok(())
    }

    fn make_folder(&mut self, path: &str) {
        self.folders.push(path.into());
    }

    fn current_folder(&mut self) -> Option<String> {
        self.current.clone()
    }

    /// The names in the folder of `pattern` that start with its part before `*`.
    fn names(&mut self, pattern: &str) -> Vec<String> {
        let start = pattern.split('*').next().unwrap_or(pattern);
        let folder = &start[..start.rfind('\\').map_or(0, |i| i + 1)];
        self.files.keys().filter(|p| p.starts_with(start)).map(|p| p[folder.len()..].to_string()).collect()
    }

    fn delete(&mut self, path: &str) -> bool {
        self.files.remove(path).is_some()
    }
}

/// The address of VA_START's command line in the tests.
const LINE: usize = 0x00AB_CDEF;

/// The tests' reader of VA_START's command line: a quoted name and another one at
/// [`LINE`], nothing elsewhere.
fn dropped(address: usize) -> Option<String> {
    (address == LINE).then(|| String::from("'C:\\MY GAMES\\FIFTEEN.SAV' C:\\OTHER.SAV"))
}

type TestHost<'a> = Host<Forms, &'a mut Screen>;

/// The host with Fifteen in its window (16 colours), the calls recorded so far forgotten.
fn fifteen(screen: &mut Screen) -> TestHost<'_> {
    let forms = Forms::new(Desk::new([]));
    let Ok(mut host) = Host::start(Aes::with_trap(forms), screen, App::new(b"test"), super::super::Role::Program)
    else {
        panic!("the host did not start");
    };
    assert!(host.open_window());
    let n = crate::games::ALL.iter().position(|g| g.name == "Fifteen").unwrap();
    assert_eq!(host.call(|app, t| app.command(t, Command::ChooseGame(n))), None);
    assert_eq!(host.app.title(), "Fifteen");
    host.aes.trap_mut().desk.rec.clear();
    host
}

/// The accessory (16 colours) with its window open on the collection's start screen, F10
/// queued as its next event, the calls recorded so far forgotten.
fn accessory_with_f10(screen: &mut Screen) -> TestHost<'_> {
    let f10 = AesReply::ints(&[0x01, 100, 100, 0, 0, (scancode::F10 as i16) << 8, 0]);
    let forms = Forms::new(Desk::new([f10]));
    let Ok(mut host) = Host::start(Aes::with_trap(forms), screen, App::new(b"test"), super::super::Role::Accessory)
    else {
        panic!("the accessory did not start");
    };
    assert!(host.open_window());
    host.aes.trap_mut().desk.rec.clear();
    host
}

/// The accessory's menu dialog for the app's bar as it stands, menu `open` open.
fn menu_ids(host: &mut TestHost<'_>, open: usize) -> menu_dialog::MenuDialogIds {
    let cell = host.aes.graf_handle().char_cell;
    menu_dialog::layout(&host.app.menu_bar(), open, cell, host.vdi.screen()).1
}

fn screen() -> Screen {
    Screen::new(4)
}

/// The app's dialog for `command`.
fn dialog_for(host: &mut TestHost<'_>, command: Command) -> Dialog {
    match host.call(|app, t| app.command(t, command)) {
        Some(HostRequest::Dialog(d)) => d,
        other => panic!("{other:?}"),
    }
}

/// The game ID of the game in the window.
fn game_id(host: &mut TestHost<'_>) -> String {
    dialog_for(host, Command::GameId).text().unwrap().to_string()
}

/// The OK and Cancel of `d`'s tree as the host lays it out.
fn buttons(host: &mut TestHost<'_>, d: &Dialog) -> (ObjectId, ObjectId) {
    let cell = host.aes.graf_handle().char_cell;
    let (_, ids) = dialog::layout(d, cell, host.vdi.screen());
    (ids.ok, ids.cancel)
}

fn ops(host: &TestHost<'_>) -> Vec<i16> {
    host.aes.trap().desk.rec.aes_opcodes()
}

fn count(ops: &[i16], op: i16) -> usize {
    ops.iter().filter(|&&o| o == op).count()
}

crate::test_cases! {
    fn a_custom_dialog_confirmed_starts_a_game_of_its_size() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut d = dialog_for(&mut host, Command::Custom);
        // What the user typed (the tree's fields read back: gem::dialog's tests).
        assert!(d.set_text("Width", "3") && d.set_text("Height", "5"));
        let (ok, _) = buttons(&mut host, &d);
        host.aes.trap_mut().exits.push_back(ok);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.reply(Some(HostRequest::Dialog(d))));
        let o = ops(&host);
        // graf_handle, then form_run: form_center, wind_update twice, form_dial, objc_draw,
        // the cursor in the first field, the wait, the click found and handed to
        // form_button, the cursor hidden, form_dial, wind_update twice; no alert.
        assert_eq!(o[..14], [77, 54, 107, 107, 51, 42, 46, 25, 43, 56, 46, 51, 107, 107], "{o:?}");
        let calls = &host.aes.trap().desk.rec.aes_calls;
        assert_eq!((calls[4].intin[0], calls[11].intin[0]), (0, 3), "FMD_START, then FMD_FINISH");
        assert_eq!(count(&o, 52), 0, "{o:?}");
        assert!(game_id(&mut host).starts_with("3x5:"), "{}", game_id(&mut host));
    }

    fn help_turns_its_pages_forward_and_back_until_ok() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        // Mines' help at 80 columns (the fake's 640-pixel screen, 8-pixel cells): two pages.
        let game = "Mines";
        let cols = crate::frontend::gem::help::columns_for(80);
        let pages_shown = crate::frontend::gem::help::pages(&crate::app::help::text_or_default(game), cols, crate::frontend::gem::help::ROWS);
        let cell = falcon_gem::object::builder::CharCell { w: 8, h: 16 };
        let screen_rect = falcon_gem::rect::Rect::new(0, 0, 640, 480);
        let ids = |n: usize| crate::frontend::gem::help::layout(game, &pages_shown, n, cols, cell, screen_rect).1;
        // Next to the last page, Back once and Next again where there are pages, then OK.
        let mut exits = Vec::new();
        for n in 0..pages_shown.len() - 1 {
            exits.push(ids(n).next.expect("a next page"));
        }
        let last = pages_shown.len() - 1;
        if last > 0 {
            exits.push(ids(last).back.expect("a page before"));
            exits.push(ids(last - 1).next.expect("the last page"));
        }
        exits.push(ids(last).ok);
        let expected = exits.len();
        host.aes.trap_mut().exits.extend(exits);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.reply(Some(HostRequest::Help { game })));
        let o = ops(&host);
        assert_eq!(count(&o, 56), expected, "one exit button a page shown: {o:?}");
        assert!(host.aes.trap().exits.is_empty(), "every answer taken");
        assert!(pages_shown.len() > 1, "Mines' help is more than a page");
        // A short text: one page, OK closes it.
        let one = crate::frontend::gem::help::pages(crate::app::help::text("Fifteen").unwrap_or(""), cols, crate::frontend::gem::help::ROWS);
        let ok = crate::frontend::gem::help::layout("Fifteen", &one, 0, cols, cell, screen_rect).1.ok;
        host.aes.trap_mut().exits.push_back(ok);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.reply(Some(HostRequest::Help { game: "Fifteen" })));
        assert_eq!(count(&ops(&host), 56), 1);
        assert_eq!(count(&ops(&host), 52), 0, "no alert any more");
    }

    fn cancel_leaves_the_game_alone() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let before = game_id(&mut host);
        let mut d = dialog_for(&mut host, Command::Custom);
        assert!(d.set_text("Width", "3"));
        let (_, cancel) = buttons(&mut host, &d);
        host.aes.trap_mut().exits.push_back(cancel);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.reply(Some(HostRequest::Dialog(d))));
        let o = ops(&host);
        assert_eq!((count(&o, 56), count(&o, 52)), (1, 0), "{o:?}");
        assert_eq!(game_id(&mut host), before);
    }

    /// A multitasking AES ends the program while a dialog is up (AP_TERM): the dialog is
    /// given back (FMD_FINISH, the screen and the mouse released) and the program ends;
    /// the game is left as it was. A WM_REDRAW of our window that came before it is carried
    /// out once the dialog is gone.
    fn ap_term_inside_a_dialog_ends_the_dialog_and_the_program() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let before = game_id(&mut host);
        let mut d = dialog_for(&mut host, Command::Custom);
        assert!(d.set_text("Width", "3"));
        let ours = super::super::tests::WINDOW;
        let forms = host.aes.trap_mut();
        forms.in_dialog.extend([[20, 0, 0, ours, 20, 40, 100, 100], [50, 0, 0, 0, 0, 50, 0, 0]]);
        forms.desk.rec.clear();
        host.vdi.trap_mut().rec.clear();
        assert!(!host.reply(Some(HostRequest::Dialog(d))), "AP_TERM ends the program");
        let o = ops(&host);
        assert_eq!(count(&o, 56), 0, "no button was pressed: {o:?}");
        let calls = &host.aes.trap().desk.rec.aes_calls;
        let finish = calls.iter().position(|c| c.control[0] == 51 && c.intin[0] == 3).expect("FMD_FINISH");
        let after: Vec<i16> = calls[finish..].iter().map(|c| c.control[0]).collect();
        assert_eq!(after[..3], [51, 107, 107], "{o:?}");
        assert_eq!((calls[finish + 1].intin[0], calls[finish + 2].intin[0]), (2, 0), "END_MCTRL, END_UPDATE");
        // The redraw: the rectangle list walked (WF_FIRSTXYWH) and the surface copied.
        assert!(after.contains(&104), "{o:?}");
        assert!(host.vdi.trap().rec.vdi_opcodes().contains(&109), "the window redrawn after the dialog");
        assert_eq!(game_id(&mut host), before);
    }

    /// A WM_REDRAW of another window during a dialog is not ours to carry out: nothing is
    /// copied; the dialog goes on to its Cancel.
    fn a_redraw_of_another_window_during_a_dialog_draws_nothing() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let d = dialog_for(&mut host, Command::Custom);
        let (_, cancel) = buttons(&mut host, &d);
        let forms = host.aes.trap_mut();
        forms.in_dialog.push_back([20, 0, 0, 7, 20, 40, 100, 100]);
        forms.exits.push_back(cancel);
        forms.desk.rec.clear();
        host.vdi.trap_mut().rec.clear();
        assert!(host.reply(Some(HostRequest::Dialog(d))));
        assert_eq!(count(&ops(&host), 56), 1, "Cancel pressed");
        assert!(!host.vdi.trap().rec.vdi_opcodes().contains(&109), "nothing drawn");
    }

    /// AC_CLOSE while the accessory's dialog is up (a program starting or ending under a
    /// single-tasking TOS: the AES has closed the window already): the dialog ends as
    /// Cancel, the window is forgotten, nothing is applied or drawn.
    fn ac_close_inside_a_dialog_cancels_it_and_forgets_the_window() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let before = game_id(&mut host);
        let mut d = dialog_for(&mut host, Command::Custom);
        assert!(d.set_text("Width", "3"));
        let (ok, _) = buttons(&mut host, &d);
        let forms = host.aes.trap_mut();
        forms.in_dialog.push_back([41, 0, 0, 0, 0, 0, 0, 0]);
        forms.exits.push_back(ok);
        forms.desk.rec.clear();
        host.vdi.trap_mut().rec.clear();
        assert!(host.reply(Some(HostRequest::Dialog(d))), "the accessory goes on");
        assert_eq!(host.window, None, "the window forgotten");
        assert_eq!(host.aes.trap().exits.len(), 1, "OK was never pressed");
        assert!(!host.vdi.trap().rec.vdi_opcodes().contains(&109), "nothing drawn");
        assert_eq!(game_id(&mut host), before);
    }

    fn a_refused_dialog_is_an_alert_then_the_dialog_again() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let before = game_id(&mut host);
        let mut d = dialog_for(&mut host, Command::Custom);
        assert!(d.set_text("Width", "1"));
        let (ok, cancel) = buttons(&mut host, &d);
        host.aes.trap_mut().exits.extend([ok, cancel]);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.reply(Some(HostRequest::Dialog(d))));
        let o = ops(&host);
        // The dialog left with OK, the alert with the reason, the dialog again left with
        // Cancel.
        let seq: Vec<i16> = o.iter().copied().filter(|op| [56, 52].contains(op)).collect();
        assert_eq!(seq, [56, 52, 56], "{o:?}");
        let alert = host.aes.trap().desk.rec.aes_calls.iter().find(|c| c.control[0] == 52).unwrap();
        assert_eq!(alert.intin, [1], "OK is the alert's default");
        assert_eq!(game_id(&mut host), before);
    }

    /// F10 in the accessory's window (it has no menu bar): the app's menus in a dialog,
    /// File open first; Games clicked opens that menu, Net clicked starts Net, as the
    /// program's menu bar would.
    fn f10_in_the_accessory_shows_its_menus_and_carries_out_the_item_chosen() {
        let mut screen = screen();
        let mut host = accessory_with_f10(&mut screen);
        let bar = host.app.menu_bar();
        let games = bar.menus.iter().position(|m| m.title == "Games").expect("a Games menu");
        let net = crate::games::ALL.iter().position(|g| g.name == "Net").unwrap();
        let first = menu_ids(&mut host, menu_dialog::first_menu(&bar));
        let second = menu_ids(&mut host, games);
        let item = second.items.iter().find(|(_, c)| *c == Command::ChooseGame(net)).expect("Net in Games").0;
        host.aes.trap_mut().exits.extend([first.titles[games], item]);
        assert_eq!(host.app.title(), "Falcon Puzzles");
        assert!(host.step(), "the accessory goes on");
        assert_eq!(host.app.title(), "Net");
        let o = ops(&host);
        // Two dialogs (the File menu, then Games), each put up and given back; no key went
        // to the app.
        assert_eq!((count(&o, 56), count(&o, 51)), (2, 4), "{o:?}");
        assert!(host.aes.trap().exits.is_empty(), "both answers taken");
        assert!(host.window.is_some());
    }

    fn cancel_or_ac_close_in_the_accessory_s_menu_changes_nothing() {
        let mut screen = screen();
        let mut host = accessory_with_f10(&mut screen);
        let cancel = menu_ids(&mut host, 1).cancel;
        host.aes.trap_mut().exits.push_back(cancel);
        assert!(host.step());
        assert_eq!(host.app.title(), "Falcon Puzzles");
        assert_eq!(count(&ops(&host), 56), 1);
        assert!(host.window.is_some());
        // AC_CLOSE while the menu is up (a program change): the window is forgotten, no
        // item is carried out.
        let mut screen = self::screen();
        let mut host = accessory_with_f10(&mut screen);
        let quit = menu_ids(&mut host, 1).items.iter().find(|(_, c)| *c == Command::Quit).expect("Quit in File").0;
        let forms = host.aes.trap_mut();
        forms.in_dialog.push_back([41, 0, 0, 0, 0, 0, 0, 0]);
        forms.exits.push_back(quit);
        assert!(host.step());
        assert_eq!(host.window, None);
        assert_eq!(host.aes.trap().exits.len(), 1, "Quit was never clicked");
    }

    /// The program has its menu bar: F10 is the app's key there (TETRHEX's best scores).
    fn f10_in_the_program_s_window_goes_to_the_app() {
        let mut screen = screen();
        let f10 = AesReply::ints(&[0x01, 100, 100, 0, 0, (scancode::F10 as i16) << 8, 0]);
        let forms = Forms::new(Desk::new([f10]));
        let Ok(mut host) = Host::start(Aes::with_trap(forms), &mut screen, App::new(b"test"), super::super::Role::Program)
        else {
            panic!("the host did not start");
        };
        assert!(host.open_window());
        assert!(host.step());
        assert_eq!(count(&ops(&host), 51), 0, "no dialog");
    }

    fn a_game_id_confirmed_starts_that_game() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut d = dialog_for(&mut host, Command::GameId);
        let id = d.items[0].name();
        assert!(d.set_text(id, "2x2:3,1,2,0"));
        let (ok, _) = buttons(&mut host, &d);
        host.aes.trap_mut().exits.push_back(ok);
        assert!(host.reply(Some(HostRequest::Dialog(d))));
        assert_eq!(game_id(&mut host), "2x2:3,1,2,0");
    }

    fn save_then_load_brings_the_game_back() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut disk = MemoryDisk::default();
        let saved = game_id(&mut host);
        let Some(HostRequest::SaveFile { data }) = host.call(|app, t| app.command(t, Command::Save)) else { panic!("no save") };
        host.aes.trap_mut().selector.push_back(true);
        host.save_game(&data, &mut disk);
        // The file selector proposed the game's save file in the root.
        assert_eq!(disk.files.keys().collect::<Vec<_>>(), ["\\FIFTEEN.SAV"]);
        assert_eq!(disk.files["\\FIFTEEN.SAV"], data.as_bytes());
        host.call(|app, t| app.command(t, Command::NewGame));
        assert_ne!(game_id(&mut host), saved);
        host.aes.trap_mut().selector.push_back(true);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.load_game(&mut disk));
        assert_eq!(game_id(&mut host), saved);
        let o = ops(&host);
        assert_eq!(count(&o, 52), 0, "no alert: {o:?}");
        // AES 0.00 in the fake: fsel_input, with the path and name buffers.
        let fsel = host.aes.trap().desk.rec.aes_calls.iter().find(|c| c.control[0] == 90).unwrap();
        assert_eq!(fsel.addrin.len(), 2);
    }

    /// VA_START: the first name of the sender's command line (quoted: it holds a space) is
    /// loaded as Load does, the window topped first; AV_STARTED goes back to the sender
    /// with the same address. A name that cannot be read is an alert; a message without a
    /// command line loads nothing; AV_STARTED is answered each time.
    fn va_start_opens_the_save_file_named_and_answers_av_started() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut disk = MemoryDisk::default();
        let saved = game_id(&mut host);
        let Some(HostRequest::SaveFile { data }) = host.call(|app, t| app.command(t, Command::Save)) else { panic!("no save") };
        disk.files.insert("C:\\MY GAMES\\FIFTEEN.SAV".into(), data.into_bytes());
        host.call(|app, t| app.command(t, Command::NewGame));
        assert_ne!(game_id(&mut host), saved);
        host.read_line = dropped;
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.open_dropped(LINE, falcon_gem::aes::AppId(3), &mut disk));
        assert_eq!(game_id(&mut host), saved);
        let calls = &host.aes.trap().desk.rec.aes_calls;
        let write = calls.iter().find(|c| c.control[0] == 12).expect("appl_write");
        assert_eq!(write.intin, [3, 16]);
        assert_eq!(write.message, [0x4738, 0, 0, 0x00AB, 0xCDEFu16 as i16, 0, 0, 0]);
        assert!(calls.iter().any(|c| c.control[0] == 105 && c.intin[1] == 10), "the window topped");
        assert_eq!(count(&ops(&host), 52), 0, "no alert");
        // The file is gone: an alert, the game as it was; AV_STARTED all the same.
        disk.files.clear();
        host.call(|app, t| app.command(t, Command::NewGame));
        let before = game_id(&mut host);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.open_dropped(LINE, falcon_gem::aes::AppId(3), &mut disk));
        assert_eq!((count(&ops(&host), 12), count(&ops(&host), 52)), (1, 1));
        assert_eq!(game_id(&mut host), before);
        // No command line at that address: nothing loaded, no alert.
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.open_dropped(0, falcon_gem::aes::AppId(3), &mut disk));
        assert_eq!(ops(&host), [12]);
    }

    fn a_file_that_cannot_be_read_is_an_alert_and_cancel_reads_nothing() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let before = game_id(&mut host);
        let mut disk = MemoryDisk::default();
        host.aes.trap_mut().selector.extend([true, false]);
        assert!(host.load_game(&mut disk));
        assert_eq!(count(&ops(&host), 52), 1);
        assert!(host.load_game(&mut disk));
        assert_eq!(count(&ops(&host), 52), 1, "Cancel: no alert");
        host.save_game("data", &mut disk);
        assert!(disk.files.is_empty(), "Cancel: nothing written");
        assert_eq!(game_id(&mut host), before);
    }

    fn copy_writes_scrap_txt_into_a_clipboard_made_when_there_is_none() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut disk = MemoryDisk::default();
        let Some(HostRequest::Clipboard(text)) = host.call(|app, t| app.command(t, Command::CopyText)) else { panic!("no text") };
        host.copy_to_clipboard(&text, &mut disk);
        // scrp_read gave an empty path: C:\CLIPBRD made and given to the AES (scrp_write).
        assert_eq!(disk.folders, ["C:\\CLIPBRD"]);
        let o = ops(&host);
        assert_eq!(o, [80, 81], "{o:?}");
        let write = &host.aes.trap().desk.rec.aes_calls[1];
        assert_eq!(write.addrin, [clipboard::DEFAULT_FOLDER.as_ptr() as usize]);
        let file = &disk.files["C:\\CLIPBRD\\SCRAP.TXT"];
        assert_eq!(*file, clipboard::text_file(&text));
        assert!(file.windows(2).any(|w| w == b"\r\n"), "CR LF lines");
        // An AES that fails scrp_read: the same.
        host.aes.trap_mut().scrap = 0;
        host.copy_to_clipboard("x", &mut disk);
        assert_eq!(disk.files["C:\\CLIPBRD\\SCRAP.TXT"], b"x");        // No SC_CHANGED on an AES without shel_write mode 7 (the fake's is 0.00, as TOS 4's
        // and EmuTOS's have none either): no shel_write above. Where mode 7 exists, the
        // text written, SC_CHANGED (80) with SCF_TEXT goes to every other program.
        host.caps = falcon_gem::aes::Capabilities {
            version: 0x0410,
            getinfo: true,
            shel_write_max_mode: 10,
            ..Default::default()
        };
        // The clipboard's thing before, in other formats: deleted once the text is written;
        // another program's file in the folder stays.
        for other in ["C:\\CLIPBRD\\SCRAP.IMG", "C:\\CLIPBRD\\SCRAP.RTF", "C:\\CLIPBRD\\NOTES.TXT"] {
            disk.files.insert(other.into(), b"old".to_vec());
        }
        host.aes.trap_mut().desk.rec.clear();
        host.copy_to_clipboard("y", &mut disk);
        assert_eq!(disk.files.keys().collect::<Vec<_>>(), ["C:\\CLIPBRD\\NOTES.TXT", "C:\\CLIPBRD\\SCRAP.TXT"]);
        let calls = &host.aes.trap().desk.rec.aes_calls;
        let broadcast = calls.last().expect("calls");
        assert_eq!((broadcast.control[0], broadcast.intin.as_slice()), (121, &[7, 0, 0][..]), "{calls:?}");
        assert_eq!(broadcast.message[..4], [80, 0, 0, clipboard::SC_TEXT]);
        assert_eq!(disk.files["C:\\CLIPBRD\\SCRAP.TXT"], b"y");
    }

    fn the_file_selector_starts_in_the_current_folder_then_where_the_last_file_was_picked() {
        let mut screen = screen();
        let mut host = fifteen(&mut screen);
        let mut disk = MemoryDisk { current: Some("C:\\GAMES\\".into()), ..MemoryDisk::default() };
        let Some(HostRequest::SaveFile { data }) = host.call(|app, t| app.command(t, Command::Save)) else { panic!("no save") };
        // The fake file selector answers OK with the folder and name it was given.
        host.aes.trap_mut().selector.push_back(true);
        host.save_game(&data, &mut disk);
        assert_eq!(disk.files.keys().collect::<Vec<_>>(), ["C:\\GAMES\\FIFTEEN.SAV"]);
        // Another current folder now: the selector stays where the last file was picked.
        disk.current = Some("D:\\".into());
        host.aes.trap_mut().selector.push_back(true);
        host.aes.trap_mut().desk.rec.clear();
        assert!(host.load_game(&mut disk));
        assert_eq!(count(&ops(&host), 52), 0, "read from C:\\GAMES\\, no alert");
        // Cancel changes nothing.
        host.aes.trap_mut().selector.push_back(false);
        host.save_game("two", &mut disk);
        host.aes.trap_mut().selector.push_back(true);
        host.save_game("three", &mut disk);
        assert_eq!(disk.files.keys().collect::<Vec<_>>(), ["C:\\GAMES\\FIFTEEN.SAV"]);
        assert_eq!(disk.files["C:\\GAMES\\FIFTEEN.SAV"], b"three");
    }

    fn the_current_folder_is_the_drive_and_gemdos_path() {
        use crate::frontend::gem::disk::folder_text;
        assert_eq!(folder_text(2, b"\\GAMES\\FALCON\0junk"), Some("C:\\GAMES\\FALCON\\".into()));
        assert_eq!(folder_text(0, b"\0"), Some("A:\\".into()));
        assert_eq!(folder_text(3, b"\\"), Some("D:\\".into()));
        assert_eq!(folder_text(25, b"GAMES\\"), Some("Z:\\GAMES\\".into()));
        assert_eq!(folder_text(26, b"\0"), None);
        assert_eq!(folder_text(2, b"\\\xff\0"), None);
    }

    fn the_file_selector_starts_on_save_files_with_the_proposed_name() {
        let (path, name) = selector_start("\\*.SAV", "FIFTEEN.SAV");
        assert_eq!(&path[..7], b"\\*.SAV\0");
        assert_eq!(&name[..12], b"FIFTEEN.SAV\0");
        let long: String = (0..300).map(|_| 'a').collect();
        let (path, name) = selector_start(&long, &long);
        assert_eq!((path[fsel::PATH_LEN - 1], name[fsel::NAME_LEN - 1]), (0, 0), "cut, NUL-terminated");
        assert_eq!(chosen_path(&path[..], b"B.SAV\0"), Some("B.SAV".into()));
    }
}

/// Every menu of every entry of the collection fits a screen of 25 rows, at 640x400 (8x16
/// characters) and 320x200 (8x8). Host only: making every game is 0.74 G cycles on the
/// 68030, where the layout itself is tested by `menu_dialog`'s tests.
#[cfg(test)]
#[test]
fn every_menu_of_the_collection_fits_the_accessory_s_dialog() {
    let mut screen = screen();
    let mut host = fifteen(&mut screen);
    let screens = [
        (falcon_gem::object::builder::CharCell { w: 8, h: 16 }, falcon_gem::rect::Rect::new(0, 0, 640, 400)),
        (falcon_gem::object::builder::CharCell { w: 8, h: 8 }, falcon_gem::rect::Rect::new(0, 0, 320, 200)),
    ];
    for n in 0..crate::app::entries::count() {
        let _ = host.call(|app, t| app.command(t, Command::ChooseGame(n)));
        assert_eq!(host.app.title(), crate::app::entries::name(n));
        let bar = host.app.menu_bar();
        for open in 0..bar.menus.len() {
            for (cell, screen) in screens {
                let (tree, ids) = menu_dialog::layout(&bar, open, cell, screen);
                let root = tree.root_rect();
                let title = &bar.menus[open].title;
                let name = crate::app::entries::name(n);
                assert!(root.w <= screen.w && root.h <= screen.h, "{name}'s {title}: {root:?} on {screen:?}");
                assert_eq!(ids.items.len(), bar.menus[open].items().filter(|i| i.enabled).count());
            }
        }
    }
}
