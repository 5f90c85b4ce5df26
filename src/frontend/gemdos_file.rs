//! A file read whole through GEMDOS, the way both of the hosts' disks read theirs
//! (`picture_folder`: Slide's pictures, `rule_disk`: TETRHEX's rule files): Fopen, Fread in
//! 4 KiB pieces up to a size the caller gives, Fclose. Each caller words the failures for
//! its own messages.

use alloc::ffi::CString;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::runtime::gemdos;

/// Why a file could not be read whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Fopen failed with this GEMDOS error code.
    Open(i32),
    /// Fread failed with this GEMDOS error code.
    Read(i32),
    /// The file holds more than the caller's limit.
    TooLarge,
    /// The heap had no room for the next piece.
    NoMemory,
}

/// `path` as GEMDOS takes it (NUL-terminated), or why not.
pub fn c_name(path: &str) -> Result<CString, String> {
    CString::new(path).map_err(|_| format!("{} is not a file name", path))
}

/// The file at `path` (already a C name), at most `max` bytes.
pub fn read_whole(path: &CString, max: usize) -> Result<Vec<u8>, ReadError> {
    let handle = gemdos::fopen_read(path);
    if handle < 0 {
        return Err(ReadError::Open(handle));
    }
    let mut data = Vec::new();
    let mut chunk = [0u8; 4096];
    let result = loop {
        let n = gemdos::fread(handle as u16, &mut chunk);
        if n < 0 {
            break Err(ReadError::Read(n));
        }
        if n == 0 {
            break Ok(());
        }
        if data.len() + n as usize > max {
            break Err(ReadError::TooLarge);
        }
        if data.try_reserve(n as usize).is_err() {
            break Err(ReadError::NoMemory);
        }
        data.extend_from_slice(&chunk[..n as usize]);
    };
    gemdos::fclose(handle as u16);
    result.map(|()| data)
}
