//! The replies the window carries out with the AES's own forms and the disk:
//!
//! - `Reply::Dialog`: the dialog as a tree (`gem::dialog`), run with `form_run` (centred,
//!   its area reserved and given back with `form_dial`: the AES then sends WM_REDRAW for
//!   what was under it). OK reads the answers back and sends `Command::ApplyDialog`; a
//!   refusal (`Reply::Error`) is an alert, then the dialog again with the user's values
//!   (Tatham's behaviour); Cancel does nothing.
//! - `Reply::PickFileToLoad` and `Reply::SaveFile`: the file selector ("Load game", "Save
//!   game"), starting on `\*.SAV` with the game's save name (`app::onscreen::save_file_name`,
//!   as full screen proposes), then the file read (`Command::LoadData`, the app's answer
//!   carried out) or written; failures are alerts.
//! - `Reply::Clipboard`: `SCRAP.TXT` in the clipboard's folder (`gem::clipboard`).
//! - `Reply::Help`: the game's help text a page at a time (`gem::help`).
//!
//! The disk is a [`Disk`]: `Gemdos` when the host runs, one in memory in the tests.

use alloc::string::String;
use core::ffi::CStr;

use falcon_gem::aes::fsel;
use falcon_gem::aes::scrp;
use falcon_gem::trap::Trap;

use super::{Host, chosen_path};
use crate::app::activity::{Activity, Reply};
use crate::app::command::Command;
use crate::app::dialog::Dialog;
use crate::app::onscreen::save_file_name;
use crate::frontend::gem::clipboard;
use crate::frontend::gem::dialog;
use crate::frontend::gem::disk::Disk;
use crate::frontend::gem::help;

/// Where the file selector starts for Load and Save: the current drive's root, save files.
pub const SAVE_WILDCARD: &str = "\\*.SAV";

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
    /// `Reply::Dialog`: runs `dialog` until the app takes it or the user cancels; false to
    /// quit (the app's answer to the dialog may be Quit).
    pub(super) fn run_dialog(&mut self, mut dialog: Dialog) -> bool {
        loop {
            let cell = self.aes.graf_handle().char_cell;
            let (tree, ids) = dialog::layout(&dialog, cell, self.vdi.screen());
            if self.aes.form_run(&tree, ids.first_field()) != ids.ok {
                return true;
            }
            dialog::read_back(&tree, &ids, &mut dialog);
            let answer = dialog.clone();
            match self.call(|app, t| app.command(t, Command::ApplyDialog(answer))) {
                Reply::Error(why) => self.alert(3, "", &why),
                other => return self.reply(other),
            }
        }
    }

    /// `Reply::Help`: the help on `game`, a page at a time, until OK (or Return).
    pub(super) fn show_help(&mut self, game: &str) {
        let text = crate::app::help::text_or_default(game);
        let cell = self.aes.graf_handle().char_cell;
        let screen = self.vdi.screen();
        let cols = help::columns_for(screen.w / cell.w.max(1));
        let pages = help::pages(&text, cols, help::ROWS);
        let mut page = 0;
        loop {
            let (tree, ids) = help::layout(game, &pages, page, cols, cell, screen);
            let exit = self.aes.form_run(&tree, falcon_gem::object::ObjectId::ROOT);
            if Some(exit) == ids.next {
                page += 1;
            } else if Some(exit) == ids.back {
                page -= 1;
            } else {
                return;
            }
        }
    }

    /// The file picked in the file selector titled `title`, which starts on save files with
    /// the game's save name; `None` on Cancel.
    fn pick_save_file(&mut self, title: &CStr) -> Option<String> {
        let (mut path, mut name) = selector_start(SAVE_WILDCARD, &save_file_name(self.app.title()));
        if self.aes.fsel(&mut path, &mut name, title) != Some(true) {
            return None;
        }
        chosen_path(&path, &name)
    }

    /// `Reply::PickFileToLoad`: the file picked, read from `disk`, goes to the app as
    /// `Command::LoadData`, whose answer is carried out; false to quit.
    pub(super) fn load_game(&mut self, disk: &mut impl Disk) -> bool {
        let Some(path) = self.pick_save_file(c"Load game") else { return true };
        match disk.read(&path) {
            Ok(data) => {
                let reply = self.call(|app, t| app.command(t, Command::LoadData(data)));
                self.reply(reply)
            }
            Err(why) => {
                self.alert(3, "Load", &why);
                true
            }
        }
    }

    /// `Reply::SaveFile`: `data` written to the file picked.
    pub(super) fn save_game(&mut self, data: &str, disk: &mut impl Disk) {
        let Some(path) = self.pick_save_file(c"Save game") else { return };
        if let Err(why) = disk.write(&path, data.as_bytes()) {
            self.alert(3, "Save", &why);
        }
    }

    /// `Reply::Clipboard`: `text` as `SCRAP.TXT` in the clipboard's folder (made, and given
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
        if let Err(why) = disk.write(&path, &clipboard::text_file(text)) {
            self.alert(3, "Copy", &why);
        }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
