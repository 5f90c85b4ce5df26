//! Symbol names GNU as would misread (class M, docs/toolchain.md).
//!
//! In Motorola syntax a trailing `.b`, `.w`, `.l` or `.s` on an operand is a size: GNU as
//! reads `#.Lvtable.l` as the symbol `.Lvtable` with a long size, `.Lvtable.w` as a 16-bit
//! reference to `.Lvtable`, and refuses `.b`/`.s` ("unsupported byte value"). rustc names
//! vtables and other private data `vtable.N`, `alloc.N` with a base-62 counter, and LLVM
//! prints them unquoted (`.Lvtable.l`): the program then links against a wrong or missing
//! symbol. Every symbol defined in the file whose name ends in such a suffix is renamed
//! everywhere (definition, uses, directives) with `_falcon` appended.

/// Characters that continue a symbol name in GNU as.
fn is_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'
}

/// Whether GNU as would take the end of `name` for a size.
fn ends_in_size(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() >= 3 && b[b.len() - 2] == b'.' && matches!(b[b.len() - 1].to_ascii_lowercase(), b'b' | b'w' | b'l' | b's')
}

/// The names defined in `text` (labels `name:`, aliases `name = ...`) that end in a size.
fn defined_with_size_suffix(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        let name = if let Some(n) = t.strip_suffix(':') {
            n
        } else if let Some((n, _)) = t.split_once(" = ") {
            n.trim()
        } else {
            continue;
        };
        if !name.is_empty()
            && name.chars().all(is_symbol_char)
            && ends_in_size(name)
            && !names.iter().any(|x| x == name)
        {
            names.push(name.to_string());
        }
    }
    names
}

/// Replaces whole-name occurrences of `from` in `line`.
fn replace_name(line: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut rest = line;
    let mut before: Option<char> = None;
    while let Some(i) = rest.find(from) {
        let prev = rest[..i].chars().next_back().or(before);
        let next = rest[i + from.len()..].chars().next();
        let whole = !prev.is_some_and(is_symbol_char) && !next.is_some_and(is_symbol_char);
        out.push_str(&rest[..i]);
        out.push_str(if whole { to } else { from });
        before = from.chars().next_back();
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

/// The text with every misreadable symbol renamed, and how many symbols were.
pub fn rename(text: &str) -> (String, usize) {
    let names = defined_with_size_suffix(text);
    if names.is_empty() {
        return (text.to_string(), 0);
    }
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.lines() {
        let mut l = line.to_string();
        for n in &names {
            if l.contains(n.as_str()) {
                l = replace_name(&l, n, &format!("{n}_falcon"));
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    (out, names.len())
}

#[cfg(test)]
mod tests;
