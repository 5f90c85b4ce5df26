//! The rule files' disk through GEMDOS ([`TosRuleDisk`]), for both hosts: what
//! `app::tetrhex::rule_disk` needs to read a rule file and save its best scores safely.
//!
//! - reading: Fopen, Fread in 4 KiB pieces up to `MAX_RULE_FILE`, Fclose;
//! - writing a new file: Fcreate, one Fwrite, Fclose; fewer bytes written than asked is an
//!   error (a full disk), the caller deletes what is left;
//! - Frename, which refuses an existing target, and Fdelete;
//! - whether a file exists: Fattrib (no DTA needed, unlike Fsfirst), a folder or a volume
//!   label is not a file;
//! - the date and time of a new score: Tgetdate and Tgettime, the stamp GEMDOS gives files
//!   and the long XBIOS Gettime returns.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::app::tetrhex::rule_disk::{MAX_RULE_FILE, RuleDisk, SharedRuleDisk};
use crate::frontend::gemdos_file::{ReadError, c_name, read_whole};
use crate::frontend::rooted_disk::RootedDisk;
use crate::machine::system::Os;
use crate::runtime::gemdos;

/// Attribute bits of a volume label (3) and a folder (4).
const NOT_A_FILE: i32 = 0x08 | 0x10;

/// The disk of the GEMDOS drives.
pub struct TosRuleDisk;

/// The disk when a TOS runs (`os`): TETRHEX's rules then read their files (and
/// `TETRHEX.CFG`) from the current folder (the program's, when the desktop starts it) and
/// save their best scores there. Without a TOS there are no files: the scores last as long
/// as the program.
pub fn for_os(os: Os) -> Option<SharedRuleDisk> {
    if os == Os::Tos {
        let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(TosRuleDisk));
        return Some(disk);
    }
    None
}

/// The desk accessory's disk: its rule files at the root of the boot drive `boot_drive`
/// (`machine::system::boot_drive`, `None` without a TOS), whatever program runs when it
/// reads or writes them (`RootedDisk`). Each call opens, uses and closes its file: no
/// handle outlives the AES message being answered (a handle belongs to the process running
/// then, which may end before the next message).
pub fn for_accessory(boot_drive: Option<u16>) -> Option<SharedRuleDisk> {
    let disk = RootedDisk::new(boot_drive?, TosRuleDisk)?;
    let disk: SharedRuleDisk = alloc::rc::Rc::new(core::cell::RefCell::new(disk));
    Some(disk)
}

/// A GEMDOS error code as words (the common ones; the others by number).
fn error_text(code: i32) -> String {
    match code {
        -13 => String::from("the disk is write-protected"),
        -33 => String::from("file not found"),
        -34 => String::from("folder not found"),
        -35 => String::from("too many open files"),
        -36 => String::from("access denied"),
        -39 => String::from("not enough memory"),
        -46 => String::from("no such drive"),
        _ => format!("GEMDOS error {}", code),
    }
}

impl RuleDisk for TosRuleDisk {
    fn read(&mut self, path: &str) -> Result<Vec<u8>, String> {
        read_whole(&c_name(path)?, MAX_RULE_FILE).map_err(|e| match e {
            ReadError::Open(code) => format!("cannot open {} ({})", path, error_text(code)),
            ReadError::Read(code) => format!("cannot read {} ({})", path, error_text(code)),
            ReadError::TooLarge => {
                format!("{} is too large for a rule file (at most {} KiB)", path, MAX_RULE_FILE / 1024)
            }
            ReadError::NoMemory => format!("not enough memory to read {}", path),
        })
    }

    fn create(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        let c = c_name(path)?;
        let handle = gemdos::fcreate(&c);
        if handle < 0 {
            return Err(format!("cannot create {} ({})", path, error_text(handle)));
        }
        let written = gemdos::fwrite(handle as u16, data);
        let closed = gemdos::fclose(handle as u16);
        if written < 0 {
            return Err(format!("cannot write {} ({})", path, error_text(written)));
        }
        if written as usize != data.len() {
            return Err(format!("only {} of {} bytes written to {} (disk full?)", written, data.len(), path));
        }
        if closed < 0 {
            return Err(format!("cannot close {} ({})", path, error_text(closed)));
        }
        Ok(())
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), String> {
        let r = gemdos::frename(&c_name(from)?, &c_name(to)?);
        if r < 0 { Err(format!("cannot rename {} to {} ({})", from, to, error_text(r))) } else { Ok(()) }
    }

    fn delete(&mut self, path: &str) -> Result<(), String> {
        let r = gemdos::fdelete(&c_name(path)?);
        if r < 0 { Err(format!("cannot delete {} ({})", path, error_text(r))) } else { Ok(()) }
    }

    fn exists(&mut self, path: &str) -> bool {
        let Ok(c) = c_name(path) else { return false };
        let attributes = gemdos::fattrib_get(&c);
        attributes >= 0 && attributes & NOT_A_FILE == 0
    }

    fn now(&mut self) -> u32 {
        (gemdos::tgetdate() as u32) << 16 | gemdos::tgettime() as u32
    }
}
