//! The GEM clipboard (Edit > Copy as text): a folder whose path the AES keeps (`scrp_read`),
//! holding one `SCRAP.*` file per format. Text goes into `SCRAP.TXT`, lines ending in CR LF
//! as TOS's text files do. When no program has set the path yet, the window makes
//! [`DEFAULT_FOLDER`] and tells the AES (`scrp_write`), as GEM programs do.

use alloc::string::String;
use alloc::vec::Vec;
use core::ffi::CStr;

/// The clipboard folder when the AES has none: `C:\CLIPBRD\`.
pub const DEFAULT_FOLDER: &CStr = c"C:\\CLIPBRD\\";
/// SC_CHANGED's format word for text (the Compendium's SCF_TEXT: bit 1).
pub const SC_TEXT: i16 = 0x0002;
/// Every file of the clipboard, whatever its format.
pub const ALL_FILES: &str = "SCRAP.*";
/// The text file in the clipboard folder.
pub const TEXT_FILE: &str = "SCRAP.TXT";

/// The clipboard folder (ending in `\`) from `scrp_read`'s NUL-terminated answer; `None`
/// when it is empty. An old-style answer naming a file (`C:\CLIPBRD\SCRAP.*`: its last
/// part has a dot or a wildcard) gives the file's folder.
pub fn folder(answer: &[u8]) -> Option<String> {
    let end = answer.iter().position(|&b| b == 0).unwrap_or(answer.len());
    let path: String = answer[..end].iter().map(|&b| b as char).collect();
    let path = path.trim();
    if path.is_empty() {
        return None;
    }
    let last = path.rfind('\\').map_or(0, |i| i + 1);
    let mut folder = String::from(if path[last..].contains(['.', '*', '?']) { &path[..last] } else { path });
    if !folder.is_empty() && !folder.ends_with('\\') {
        folder.push('\\');
    }
    (!folder.is_empty()).then_some(folder)
}

/// [`DEFAULT_FOLDER`] as text, without its trailing `\` (the folder to make).
pub fn default_folder_to_make() -> String {
    let text = DEFAULT_FOLDER.to_str().unwrap_or("C:\\CLIPBRD\\");
    String::from(text.trim_end_matches('\\'))
}

/// `text` as `SCRAP.TXT`'s bytes: every line ended by CR LF (a CR already there is kept
/// once), characters outside ASCII as `?`.
pub fn text_file(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 16);
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
        let body = body.unwrap_or(line);
        out.extend(body.chars().map(|c| if c.is_ascii() { c as u8 } else { b'?' }));
        if line.ends_with('\n') {
            out.extend_from_slice(b"\r\n");
        }
    }
    out
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
