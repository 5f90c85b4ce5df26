//! Save files through GEMDOS, for both hosts (full screen's on-screen Load and Save
//! dialogs, the window's file selector and its clipboard file): a file read whole, a file
//! written as a new file first and then renamed over the old one, so that a failed write
//! never destroys a good save; the names of the files matching a pattern (the picture
//! folder, the clipboard's `SCRAP.*`); a file deleted.

use alloc::ffi::CString;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::runtime::gemdos;

/// The largest file read (a save file holds the game and its undo chain: a few kilobytes).
const MAX_FILE: usize = 256 * 1024;
/// GEMDOS's "file not found".
const EFILNF: i32 = -33;

fn c_name(name: &str) -> Result<CString, String> {
    CString::new(name).map_err(|_| format!("{} is not a file name", name))
}

/// The contents of file `name`, or why it cannot be read.
pub fn read(name: &str) -> Result<Vec<u8>, String> {
    let c = c_name(name)?;
    let handle = gemdos::fopen_read(&c);
    if handle < 0 {
        return Err(format!("Cannot open {} (GEMDOS error {})", name, handle));
    }
    let mut data = Vec::new();
    let mut chunk = [0u8; 1024];
    let result = loop {
        let n = gemdos::fread(handle as u16, &mut chunk);
        if n < 0 {
            break Err(format!("Cannot read {} (GEMDOS error {})", name, n));
        }
        if n == 0 {
            break Ok(());
        }
        if data.len() + n as usize > MAX_FILE {
            break Err(format!("{} is too large for a saved game", name));
        }
        data.extend_from_slice(&chunk[..n as usize]);
    };
    gemdos::fclose(handle as u16);
    result.map(|()| data)
}

/// The name of the new file written before it replaces `name`: the same name with the
/// extension `$$$`.
pub fn temporary_name(name: &str) -> String {
    let stem_end = match (name.rfind('.'), name.rfind(['\\', ':'])) {
        (Some(dot), Some(sep)) if dot > sep => dot,
        (Some(dot), None) => dot,
        _ => name.len(),
    };
    format!("{}.$$$", &name[..stem_end])
}

/// Writes `data` to file `name`: a new file first, then the old one replaced.
pub fn write(name: &str, data: &[u8]) -> Result<(), String> {
    let c = c_name(name)?;
    let temp = c_name(&temporary_name(name))?;
    let handle = gemdos::fcreate(&temp);
    if handle < 0 {
        return Err(format!("Cannot create a file beside {} (GEMDOS error {})", name, handle));
    }
    let written = gemdos::fwrite(handle as u16, data);
    let closed = gemdos::fclose(handle as u16);
    if written != data.len() as i32 || closed < 0 {
        gemdos::fdelete(&temp);
        return Err(format!("Cannot write {} (disk full?)", name));
    }
    let deleted = gemdos::fdelete(&c);
    if deleted < 0 && deleted != EFILNF {
        gemdos::fdelete(&temp);
        return Err(format!("Cannot replace {} (GEMDOS error {})", name, deleted));
    }
    let renamed = gemdos::frename(&temp, &c);
    if renamed < 0 {
        return Err(format!(
            "Saved as {} but cannot rename it to {} (GEMDOS error {})",
            temporary_name(name),
            name,
            renamed
        ));
    }
    Ok(())
}

/// The disk transfer area Fsfirst and Fsnext fill (44 bytes, word-aligned): the program's
/// own, in the bss.
static mut DTA: [u16; 22] = [0; 22];

/// The name in a DTA (offset 30, NUL-terminated, at most 14 bytes).
fn dta_name(dta: &[u8; 44]) -> String {
    let name = &dta[30..44];
    let end = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    String::from_utf8_lossy(&name[..end]).into_owned()
}

/// The names (without folder) of the plain files matching `pattern` (`C:\CLIPBRD\SCRAP.*`),
/// at most `max`, in the order GEMDOS gives them. Fsfirst and Fsnext write into a DTA of the
/// program's own, set with Fsetdta for the listing; the process's own is put back after it
/// (Fgetdta first): in the accessory the process is whichever program runs, whose DTA must
/// not be left pointing into the accessory's memory.
pub fn names(pattern: &str, max: usize) -> Vec<String> {
    let mut names = Vec::new();
    let Ok(pattern) = c_name(pattern) else { return names };
    let dta = &raw mut DTA;
    let process_dta = gemdos::fgetdta();
    gemdos::fsetdta(dta as u32);
    let mut found = gemdos::fsfirst(&pattern, 0);
    while found == 0 && names.len() < max {
        // SAFETY: the DTA is only ever used here, and GEMDOS wrote it during the call
        // before (read volatile: the compiler does not see that write).
        let words = unsafe { core::ptr::read_volatile(dta) };
        let mut bytes = [0u8; 44];
        for (i, w) in words.iter().enumerate() {
            bytes[2 * i..2 * i + 2].copy_from_slice(&w.to_be_bytes());
        }
        names.push(dta_name(&bytes));
        found = gemdos::fsnext();
    }
    gemdos::fsetdta(process_dta);
    names
}

/// Deletes file `name` (Fdelete); whether it was deleted.
pub fn delete(name: &str) -> bool {
    c_name(name).is_ok_and(|c| gemdos::fdelete(&c) == 0)
}
