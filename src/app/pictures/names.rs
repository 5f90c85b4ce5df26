//! 8.3 names for the pictures kept in `PICTURES\`: the name the player's file had, made
//! fit for TOS (upper case, at most 8 + 3 characters of letters, digits, `_` and `-`), and
//! when that name is taken by a different picture, `NAME~1`…`NAME~9` (the stem cut to six).

use alloc::string::String;

/// The file name at the end of `path` (after the last `\`, `/` or `:`).
pub fn file_name(path: &str) -> &str {
    path.rsplit(['\\', '/', ':']).next().unwrap_or(path)
}

fn tos_chars(s: &str, max: usize) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .take(max)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The 8.3 name for a picture read from `path`; `extension` (the format's usual one) when
/// the file's own is missing or unfit.
pub fn short_name(path: &str, extension: &str) -> String {
    let name = file_name(path);
    let (stem, ext) = match name.rfind('.') {
        Some(dot) => (&name[..dot], &name[dot + 1..]),
        None => (name, ""),
    };
    let mut stem = tos_chars(stem, 8);
    if stem.is_empty() {
        stem.push_str("PICTURE");
    }
    let own = tos_chars(ext, 3);
    let ext = if !own.is_empty() && own.len() == ext.len() { own } else { tos_chars(extension, 3) };
    alloc::format!("{}.{}", stem, ext)
}

/// The `k`th other name for `name` (k = 1..=9): the stem cut to six characters, `~k`.
pub fn alternative(name: &str, k: u32) -> String {
    let (stem, ext) = name.split_once('.').unwrap_or((name, ""));
    let cut: String = stem.chars().take(6).collect();
    alloc::format!("{}~{}.{}", cut, k, ext)
}
