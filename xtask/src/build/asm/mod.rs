//! 68k assembly as the build pipeline sees it: lines of LLVM's output (Motorola-style
//! operands, `%` registers) parsed just enough to find instructions, their operands, labels
//! and control flow. The same model is filled from `objdump` output by `crate::build::verify`.

pub mod flags;
pub mod flow;
pub mod illegal;
pub mod movem;
pub mod repair;
pub mod symbols;
pub mod widen;

/// One source line.
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    /// `name:` (possibly followed by nothing else).
    Label(String),
    /// An instruction: mnemonic without size (`move`), size suffix (`l`, `w`, `b`, `s` or
    /// empty), operands split at top-level commas.
    Insn(Insn),
    /// Directives, comments, blank lines: kept verbatim.
    Other(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Insn {
    pub base: String,
    pub size: String,
    pub operands: Vec<String>,
}

impl Insn {
    pub fn new(base: &str, size: &str, operands: &[&str]) -> Self {
        Insn {
            base: base.to_string(),
            size: size.to_string(),
            operands: operands.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// Renders the instruction in GNU as' Motorola syntax (which accepts LLVM's operands).
    pub fn render(&self) -> String {
        let mut s = String::from("\t");
        s.push_str(&self.base);
        if !self.size.is_empty() {
            s.push('.');
            s.push_str(&self.size);
        }
        if !self.operands.is_empty() {
            s.push('\t');
            s.push_str(&self.operands.join(", "));
        }
        s
    }

    /// The destination operand (the last one), if any.
    pub fn dest(&self) -> Option<&str> {
        self.operands.last().map(|s| s.as_str())
    }
}

/// Splits operands at commas outside parentheses.
pub fn split_operands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Parses one line of LLVM's m68k assembly output.
pub fn parse_line(raw: &str) -> Line {
    let t = raw.trim();
    if t.is_empty()
        || t.starts_with('.') && !t.ends_with(':')
        || t.starts_with(';')
        || t.starts_with('|')
        || t.starts_with('#')
    {
        return Line::Other(raw.to_string());
    }
    // `alias = symbol` (LLVM's identical-function folding): a directive, not an instruction.
    if t.split_whitespace().nth(1) == Some("=") {
        return Line::Other(raw.to_string());
    }
    if let Some(name) = t.strip_suffix(':') {
        if !name.contains(char::is_whitespace) {
            return Line::Label(name.to_string());
        }
    }
    let (mnemonic, rest) = match t.find(char::is_whitespace) {
        Some(i) => (&t[..i], t[i..].trim()),
        None => (t, ""),
    };
    let (base, size) = match mnemonic.rsplit_once('.') {
        Some((b, s)) => (b, s),
        None => (mnemonic, ""),
    };
    Line::Insn(Insn {
        base: base.to_ascii_lowercase(),
        size: size.to_ascii_lowercase(),
        operands: split_operands(rest),
    })
}

/// Is this operand a data register `%d0`..`%d7`?
pub fn is_data_reg(op: &str) -> bool {
    let b = op.as_bytes();
    b.len() == 3 && b[0] == b'%' && b[1] == b'd' && (b'0'..=b'7').contains(&b[2])
}

/// Is this operand an address register `%a0`..`%a7`, `%sp` or `%fp`?
pub fn is_addr_reg(op: &str) -> bool {
    let b = op.as_bytes();
    (b.len() == 3 && b[0] == b'%' && b[1] == b'a' && (b'0'..=b'7').contains(&b[2])) || op == "%sp" || op == "%fp"
}

#[cfg(test)]
mod tests;
