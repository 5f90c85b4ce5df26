//! The picture's name in a save file: one extra record `PICTURE :<len>:<name>` in Tatham's
//! format (`KEY:LEN:VALUE`, the key padded to 8), written just before `NSTATES`.
//!
//! Tatham's loader, and this program's mid end, ignore records they do not know (his
//! `midend_deserialise` skips unknown keys; ours: `puzzle::midend::save`), so a Slide save
//! file with the record is still a valid save file, and one without it (older, or written by
//! another program) loads with the default picture.

use alloc::string::String;

/// The record's key.
pub const KEY: &str = "PICTURE";

/// `save` with the record for `name` added before `NSTATES` (at the end if there is none).
/// A name with characters a save file may not hold (outside 32..127) is not written.
pub fn add(save: &str, name: &str) -> String {
    if name.bytes().any(|b| !(32..127).contains(&b)) {
        return save.into();
    }
    let record = alloc::format!("{:<8}:{}:{}\n", KEY, name.len(), name);
    let at = records(save.as_bytes()).find(|r| r.0 == b"NSTATES").map_or(save.len(), |r| r.2);
    let mut out = String::with_capacity(save.len() + record.len());
    out.push_str(&save[..at]);
    out.push_str(&record);
    out.push_str(&save[at..]);
    out
}

/// The picture named in a save file, if it has the record (read up to `NSTATES`).
pub fn read(save: &[u8]) -> Option<String> {
    for (key, value, _) in records(save) {
        if key == b"NSTATES" {
            break;
        }
        if key == KEY.as_bytes() {
            return core::str::from_utf8(value).ok().filter(|v| !v.is_empty()).map(String::from);
        }
    }
    None
}

/// The records of a save file: key, value, and where the record starts; stops at the first
/// that is not well formed.
fn records(data: &[u8]) -> impl Iterator<Item = (&[u8], &[u8], usize)> {
    let mut pos = 0usize;
    core::iter::from_fn(move || {
        while data.get(pos).is_some_and(|&c| c == b'\r' || c == b'\n') {
            pos += 1;
        }
        let start = pos;
        let header = data.get(pos..pos + 9)?;
        if header[8] != b':' {
            return None;
        }
        let klen = header.iter().position(|&b| b == b':' || b == b' ').unwrap_or(8);
        let mut p = pos + 9;
        let mut len = 0usize;
        loop {
            let c = *data.get(p)?;
            p += 1;
            match c {
                b':' => break,
                b'0'..=b'9' if len < 1 << 24 => len = len * 10 + (c - b'0') as usize,
                _ => return None,
            }
        }
        let value = data.get(p..p + len)?;
        pos = p + len;
        Some((&header[..klen], value, start))
    })
}
