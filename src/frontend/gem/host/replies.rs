//! The replies the window carries out with the AES's own forms and the disk:
//!
//! - `HostRequest::Dialog`: the dialog as a tree (`gem::dialog`), run with `form_run` (centred,
//!   its area reserved and given back with `form_dial`: the AES then sends WM_REDRAW for
//!   what was under it; our own loop of `form_do`'s, so that AP_TERM ends a dialog and
//!   the program). OK reads the answers back and sends `Command::ApplyDialog`; a
//!   refusal (`HostRequest::Error`) is an alert, then the dialog again with the user's values
//!   (Tatham's behaviour); Cancel does nothing.
//! - `HostRequest::PickFileToLoad` and `HostRequest::SaveFile`: the file selector ("Load game", "Save
//!   game") on `*.SAV` with the game's save name (`app::onscreen::save_file_name`, as full
//!   screen proposes), then the file read (`Command::LoadData`, the app's answer carried
//!   out) or written; failures are alerts. The file selector starts in the folder of the
//!   last file picked (Load picture and Load a rule too), at first in the current folder
//!   (`Disk::current_folder`: GEMDOS `Dgetdrv`, `Dgetpath`).
//! - `HostRequest::Clipboard`: `SCRAP.TXT` in the clipboard's folder (`gem::clipboard`), the
//!   other `SCRAP.*` deleted after it (the clipboard's thing before), then SC_CHANGED
//!   broadcast where the AES can (shel_write mode 7).
//! - VA_START (the AV protocol): the file named in the sender's command line loaded as
//!   Load does, AV_STARTED answered (`gem::av`).
//! - `HostRequest::Help`: the game's help text a page at a time (`gem::help`).
//! - The accessory's menu (F10 in its window): the app's menu bar as a dialog
//!   (`gem::menu_dialog`): a title clicked opens its menu, an item clicked sends its
//!   `Command` as the program's menu bar does, Cancel closes it.
//!
//! The disk is a [`Disk`]: `Gemdos` when the host runs, one in memory in the tests.

use alloc::string::String;
use core::ffi::CStr;

use falcon_gem::aes::AppId;
use falcon_gem::aes::fsel;
use falcon_gem::aes::scrp;
use falcon_gem::message::Message;
use falcon_gem::object::{ObjectId, Tree};
use falcon_gem::trap::Trap;

use super::{Host, chosen_path, folder_of};
use crate::app::activity::{Activity, HostRequest};
use crate::app::command::Command;
use crate::app::dialog::Dialog;
use crate::app::onscreen::save_file_name;
use crate::frontend::gem::av;
use crate::frontend::gem::clipboard;
use crate::frontend::gem::dialog;
use crate::frontend::gem::disk::Disk;
use crate::frontend::gem::help;
use crate::frontend::gem::menu_dialog::{self, Choice};
use crate::gfx::Rect;

/// How a dialog ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormEnd {
    /// The user left it with this object (OK, Cancel, a page's Next).
    Exit(ObjectId),
    /// The accessory's window was closed under it (AC_CLOSE): as Cancel.
    Cancelled,
    /// AP_TERM: the program is to end.
    Quit,
}

/// The file selector's pattern for Load and Save: save files.
pub const SAVE_PATTERN: &str = "*.SAV";
/// The file selector's pattern for a picture or a rule: every file (what a file holds is
/// read from its content).
pub const ANY_FILE: &str = "*.*";

/// The file selector's buffers, holding `wildcard` (the folder and pattern shown) and the
/// proposed `name`, each cut to its buffer.
pub fn selector_start(wildcard: &str, name: &str) -> ([u8; fsel::PATH_LEN], [u8; fsel::NAME_LEN]) {
    let mut path = [0u8; fsel::PATH_LEN];
    let mut file = [0u8; fsel::NAME_LEN];
    let w = &wildcard.as_bytes()[..wildcard.len().min(fsel::PATH_LEN - 1)];
    path[..w.len()].copy_from_slice(w);
    let n = &name.as_bytes()[..name.len().min(fsel::NAME_LEN - 1)];
    file[..n.len()].copy_from_slice(n);
    (path, file)
}

impl<A: Trap, V: Trap> Host<A, V> {
    /// Runs the dialog `tree` (editing from `start_field`) with the AES's `form_run`,
    /// which hands over the messages that come meanwhile: AP_TERM ends the dialog and
    /// the program (as Quit), AC_CLOSE ends it and forgets the accessory's window (the AES
    /// has closed it), a WM_REDRAW of our window is carried out once the dialog is gone
    /// (the whole work area: the dialog covers part of the window, which the rectangle
    /// list does not know), anything else waits for nothing (no menu or window message can
    /// be for us while the dialog holds the screen).
    pub(super) fn form(&mut self, tree: &Tree, start_field: ObjectId) -> FormEnd {
        let ours = self.window;
        let (mut redraw, mut terminate, mut closed) = (false, false, false);
        let exit = self.aes.form_run(tree, start_field, |m| match m.decode() {
            Message::Terminate { .. } => {
                terminate = true;
                false
            }
            Message::AccClose { .. } => {
                closed = true;
                false
            }
            Message::Redraw { window, .. } => {
                redraw |= Some(window) == ours;
                true
            }
            _ => true,
        });
        if closed {
            self.forget_window();
        }
        if redraw {
            self.show(Rect { x: 0, y: 0, w: self.size.0, h: self.size.1 });
        }
        match exit {
            _ if terminate => FormEnd::Quit,
            Some(exit) if !closed => FormEnd::Exit(exit),
            _ => FormEnd::Cancelled,
        }
    }

    /// `HostRequest::Dialog`: runs `dialog` until the app takes it or the user cancels; false to
    /// quit (the app's answer to the dialog may be Quit, and AP_TERM ends it).
    pub(super) fn run_dialog(&mut self, mut dialog: Dialog) -> bool {
        loop {
            let cell = self.aes.graf_handle().char_cell;
            let (tree, ids) = dialog::layout(&dialog, cell, self.vdi.screen());
            match self.form(&tree, ids.first_field()) {
                FormEnd::Exit(exit) if exit == ids.ok => {}
                FormEnd::Quit => return self.quit(),
                _ => return true,
            }
            dialog::read_back(&tree, &ids, &mut dialog);
            let answer = dialog.clone();
            match self.call(|app, t| app.command(t, Command::ApplyDialog(answer))) {
                Some(HostRequest::Error(why)) => self.alert(3, "", &why),
                other => return self.reply(other),
            }
        }
    }

    /// `HostRequest::Help`: the help on `game`, a page at a time, until OK (or Return); false to
    /// quit (AP_TERM).
    pub(super) fn show_help(&mut self, game: &str) -> bool {
        let text = crate::app::help::text_or_default(game);
        let cell = self.aes.graf_handle().char_cell;
        let screen = self.vdi.screen();
        let cols = help::columns_for(screen.w / cell.w.max(1));
        let pages = help::pages(&text, cols, help::ROWS);
        let mut page = 0;
        loop {
            let (tree, ids) = help::layout(game, &pages, page, cols, cell, screen);
            match self.form(&tree, ObjectId::ROOT) {
                FormEnd::Exit(exit) if Some(exit) == ids.next => page += 1,
                FormEnd::Exit(exit) if Some(exit) == ids.back => page -= 1,
                FormEnd::Quit => return self.quit(),
                _ => return true,
            }
        }
    }

    /// The accessory's menu (F10): the app's menu bar as a dialog, the File menu open
    /// first, until an item is chosen (its command sent, the app's answer carried out) or
    /// the dialog is cancelled; false to quit (the item may be Quit, and AP_TERM ends it).
    pub(super) fn run_menu_dialog(&mut self) -> bool {
        let bar = self.app.menu_bar();
        let mut open = menu_dialog::first_menu(&bar);
        loop {
            let cell = self.aes.graf_handle().char_cell;
            let (tree, ids) = menu_dialog::layout(&bar, open, cell, self.vdi.screen());
            let choice = match self.form(&tree, ObjectId::ROOT) {
                FormEnd::Exit(exit) => ids.choice(exit),
                FormEnd::Quit => return self.quit(),
                FormEnd::Cancelled => Choice::Cancel,
            };
            match choice {
                Choice::Title(n) => open = n,
                Choice::Item(command) => {
                    let reply = self.call(|app, t| app.command(t, command));
                    return self.reply(reply);
                }
                Choice::Cancel => return true,
            }
        }
    }

    /// The file picked in the file selector (`fsel_exinput`) titled `title`, which shows
    /// `pattern` with `name` proposed, in the folder of the last file picked, or at first in
    /// `disk`'s current folder (the drive's root when the disk cannot say); `None` on
    /// Cancel. The folder picked in is kept for the next time.
    pub(super) fn pick(&mut self, title: &CStr, pattern: &str, name: &str, disk: &mut impl Disk) -> Option<String> {
        let folder = match &self.selector_folder {
            Some(folder) => folder.clone(),
            None => disk.current_folder().unwrap_or_else(|| String::from("\\")),
        };
        let (mut path, mut file) = selector_start(&alloc::format!("{folder}{pattern}"), name);
        if self.aes.fsel(&mut path, &mut file, title) != Some(true) {
            return None;
        }
        let picked = chosen_path(&path, &file)?;
        let folder = folder_of(&picked);
        if !folder.is_empty() {
            self.selector_folder = Some(String::from(folder));
        }
        Some(picked)
    }

    /// The save file picked in the file selector titled `title`, with the game's save name
    /// proposed.
    fn pick_save_file(&mut self, title: &CStr, disk: &mut impl Disk) -> Option<String> {
        self.pick(title, SAVE_PATTERN, &save_file_name(self.app.title()), disk)
    }

    /// `HostRequest::PickFileToLoad`: the file picked, read from `disk`, goes to the app as
    /// `Command::LoadData`, whose answer is carried out; false to quit.
    pub(super) fn load_game(&mut self, disk: &mut impl Disk) -> bool {
        let Some(path) = self.pick_save_file(c"Load game", disk) else { return true };
        self.load_file(&path, "Load", disk)
    }

    /// The file at `path`, read from `disk`, goes to the app as `Command::LoadData`, whose
    /// answer is carried out; a file that cannot be read is an alert titled `what`. False
    /// to quit.
    fn load_file(&mut self, path: &str, what: &str, disk: &mut impl Disk) -> bool {
        match disk.read(path) {
            Ok(data) => {
                let reply = self.call(|app, t| app.command(t, Command::LoadData(data)));
                self.reply(reply)
            }
            Err(why) => {
                self.alert(3, what, &why);
                true
            }
        }
    }

    /// VA_START from `from` (a desktop or another program: a file dropped on the running
    /// program): the command line's first name is loaded as Load does (`Command::LoadData`,
    /// the app's answer carried out; a file that cannot be read is an alert), the window
    /// opened (the accessory's) or topped first. AV_STARTED answers the sender, which may
    /// then free the command line: after it has been read. False to quit.
    pub(super) fn open_dropped(&mut self, command: usize, from: AppId, disk: &mut impl Disk) -> bool {
        let path = (self.read_line)(command).as_deref().and_then(av::first_name);
        let answer = Message::AvStarted { command }.encode(self.aes.app_id());
        self.aes.appl_write(from, &answer);
        let Some(path) = path else { return true };
        if let Some(window) = self.window {
            self.aes.wind_set_top(window);
        } else if !self.open_window() {
            return true;
        }
        self.load_file(&path, "Open", disk)
    }

    /// `HostRequest::SaveFile`: `data` written to the file picked.
    pub(super) fn save_game(&mut self, data: &str, disk: &mut impl Disk) {
        let Some(path) = self.pick_save_file(c"Save game", disk) else { return };
        if let Err(why) = disk.write(&path, data.as_bytes()) {
            self.alert(3, "Save", &why);
        }
    }

    /// `HostRequest::Clipboard`: `text` as `SCRAP.TXT` in the clipboard's folder (made, and given
    /// to the AES, when there is none yet).
    pub(super) fn copy_to_clipboard(&mut self, text: &str, disk: &mut impl Disk) {
        let mut answer = [0u8; scrp::PATH_LEN];
        let set = if self.aes.scrp_read(&mut answer) { clipboard::folder(&answer) } else { None };
        let folder = match set {
            Some(folder) => folder,
            None => {
                disk.make_folder(&clipboard::default_folder_to_make());
                self.aes.scrp_write(clipboard::DEFAULT_FOLDER);
                String::from(clipboard::DEFAULT_FOLDER.to_str().unwrap_or_default())
            }
        };
        let path = alloc::format!("{}{}", folder, clipboard::TEXT_FILE);
        match disk.write(&path, &clipboard::text_file(text)) {
            // Other programs are told, where the AES can broadcast (shel_write mode 7:
            // AES 4 and MiNT's; not TOS 4 or EmuTOS).
            Ok(()) => {
                // The clipboard holds one thing: the other formats' files are the thing
                // before (deleted once the text is safely written).
                for name in disk.names(&alloc::format!("{folder}{}", clipboard::ALL_FILES)) {
                    if !name.eq_ignore_ascii_case(clipboard::TEXT_FILE) {
                        disk.delete(&alloc::format!("{folder}{name}"));
                    }
                }
                let changed = Message::ClipboardChanged { format: clipboard::SC_TEXT }.encode(self.aes.app_id());
                self.aes.shel_broadcast(&self.caps, &changed);
            }
            Err(why) => self.alert(3, "Copy", &why),
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
