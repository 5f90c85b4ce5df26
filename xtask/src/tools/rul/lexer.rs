//! Tokens of the rule source language, each with its line and column.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Word(String),
    Str(Vec<u8>),
    Open,
    Close,
    LBracket,
    RBracket,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub line: usize,
    pub col: usize,
}

/// A compile error at a source position (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

pub fn error(line: usize, col: usize, msg: impl Into<String>) -> SourceError {
    SourceError { line, col, msg: msg.into() }
}

/// Splits one line (numbered `line`, starting at column `col0`) into tokens. `#` and `;`
/// start comments outside strings.
pub fn lex_line(text: &str, line: usize, col0: usize, out: &mut Vec<Token>) -> Result<(), SourceError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = col0 + i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '#' || c == ';' {
            break;
        }
        let simple = match c {
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            '[' => Some(Tok::LBracket),
            ']' => Some(Tok::RBracket),
            _ => None,
        };
        if let Some(t) = simple {
            out.push(Token { tok: t, line, col });
            i += 1;
            continue;
        }
        if c == '"' {
            let mut s = Vec::new();
            i += 1;
            loop {
                let Some(&d) = chars.get(i) else {
                    return Err(error(line, col, "unterminated string"));
                };
                i += 1;
                match d {
                    '"' => break,
                    '\\' => {
                        let e = chars.get(i).copied().unwrap_or(' ');
                        i += 1;
                        match e {
                            'n' => s.push(10),
                            'r' => s.push(13),
                            '\\' => s.push(b'\\'),
                            '"' => s.push(b'"'),
                            'x' => {
                                let h: String = chars.get(i..i + 2).map(|x| x.iter().collect()).unwrap_or_default();
                                let v =
                                    u8::from_str_radix(&h, 16).map_err(|_| error(line, col0 + i, "bad \\x escape"))?;
                                s.push(v);
                                i += 2;
                            }
                            _ => return Err(error(line, col0 + i - 1, "unknown escape")),
                        }
                    }
                    d => match atari_encode(d) {
                        Some(b) => s.push(b),
                        None => return Err(error(line, col0 + i - 1, "character outside the Atari set (use \\xHH)")),
                    },
                }
            }
            out.push(Token { tok: Tok::Str(s), line, col });
            continue;
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && !"()[]\"#;".contains(chars[i]) {
            i += 1;
        }
        out.push(Token { tok: Tok::Word(chars[start..i].iter().collect()), line, col });
    }
    Ok(())
}

/// Parses an integer: decimal, `-decimal`, `$hex`, `-$hex`.
pub fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v = if let Some(h) = body.strip_prefix('$') {
        i64::from_str_radix(h, 16).ok()?
    } else {
        if !body.chars().next()?.is_ascii_digit() {
            return None;
        }
        body.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// Accented letters of the Atari ST character set (codes $80–$9A, as in code page 437), so
/// that help texts are written with real letters in the UTF-8 source.
const ATARI: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ";

/// The Atari ST code of a character, if it has one.
pub fn atari_encode(ch: char) -> Option<u8> {
    if (ch as u32) < 128 {
        return Some(ch as u8);
    }
    ATARI.chars().position(|c| c == ch).map(|i| 0x80 + i as u8)
}

/// The character of an Atari ST code (printable ASCII or an accented letter).
pub fn atari_decode(b: u8) -> Option<char> {
    match b {
        32..=126 => Some(b as char),
        0x80..=0x9A => ATARI.chars().nth((b - 0x80) as usize),
        _ => None,
    }
}
