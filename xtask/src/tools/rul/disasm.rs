//! The disassembler: any valid [`RuleFile`] back to source that compiles to the same model
//! (so a canonical file recompiles to the same bytes).

use super::keys::{KEYS, MODIFIERS};
use falcon_puzzles::rul::model::*;
use falcon_puzzles::rul::opcodes::{self as op, Operand, is_branch};
use std::collections::BTreeSet;
use std::fmt::Write;

fn quote(s: &[u8]) -> String {
    let mut o = String::from("\"");
    for &b in s {
        match b {
            b'"' => o.push_str("\\\""),
            b'\\' => o.push_str("\\\\"),
            32..=126 => o.push(b as char),
            0x80..=0x9A => o.push(super::lexer::atari_decode(b).unwrap_or('?')),
            _ => {
                let _ = write!(o, "\\x{b:02X}");
            }
        }
    }
    o.push('"');
    o
}

fn lang(b: u8) -> String {
    if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("${b:02X}") }
}

fn key_name(k: u16) -> String {
    let (mods, code) = ((k >> 8) as u8, k as u8);
    let Some(name) = KEYS.iter().find(|x| x.1 == code) else { return format!("${k:04X}") };
    let mut s = String::new();
    let mut rest = mods;
    for (m, bit) in MODIFIERS {
        if mods & bit != 0 {
            s.push_str(m);
            s.push('+');
            rest &= !bit;
        }
    }
    if rest != 0 {
        return format!("${k:04X}");
    }
    s.push_str(name.0);
    s
}

fn config(c: &[u8; 4], n: u8) -> String {
    c[..n as usize].iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
}

/// The whole source of a rule.
pub fn disassemble(r: &RuleFile) -> String {
    let mut o = String::new();
    let name_len = r.name.iter().position(|&b| b == 0).unwrap_or(23);
    let _ = write!(o, "rule {}", quote(&r.name[..name_len]));
    if r.name[name_len..].iter().any(|&b| b != 0) {
        let hex: String = r.name.iter().map(|b| format!("{b:02X}")).collect();
        let _ = write!(o, " ${hex}");
    }
    o.push('\n');
    let _ =
        writeln!(o, "colours ${:06X} ${:06X} ${:06X} ${:06X}", r.colours[0], r.colours[1], r.colours[2], r.colours[3]);
    let _ = writeln!(o, "name_height {}", r.name_height);
    let _ = writeln!(o, "fonts {} {}", r.name_font, r.numbers_font);
    let _ = writeln!(o, "size {}", r.board_size);
    let _ = writeln!(o, "stack {}", r.stack_size);
    let m = r.score_max;
    let _ = writeln!(o, "max_scores {} {} {} {}\n", m[0], m[1], m[2], m[3]);
    for p in &r.patterns {
        o.push_str("pattern\n");
        for row in 0..PATTERN_HEIGHT {
            o.push_str("  ");
            for x in 0..PATTERN_WIDTH {
                o.push((b'0' + RuleFile::pixel(p, row * PATTERN_WIDTH + x)) as char);
            }
            o.push('\n');
        }
    }
    o.push('\n');
    for s in &r.shapes {
        let _ = write!(o, "shape {} ", config(&s.initial, s.count));
        match &s.rotation {
            Rotation::None => o.push_str("none"),
            Rotation::AboutReference(-1) => o.push_str("ref"),
            Rotation::AboutReference(v) => {
                let _ = write!(o, "ref={v}");
            }
            Rotation::List(l) => {
                o.push_str("list");
                for c in l {
                    let _ = write!(o, " {}", config(c, s.count));
                }
            }
        }
        o.push('\n');
    }
    o.push('\n');
    for s in &r.signals {
        let b = s.external.to_be_bytes();
        let id = if b.iter().all(|c| c.is_ascii_graphic() && !b"\"#;()[]$".contains(c)) {
            String::from_utf8_lossy(&b).into_owned()
        } else {
            format!("${:08X}", s.external)
        };
        let _ = writeln!(o, "signal {id} {}", key_name(s.key));
    }
    o.push('\n');
    for n in &r.numbers {
        let place = match n.placement {
            1 => "left",
            -1 => "right",
            _ => "above",
        };
        let _ = write!(
            o,
            "number max={} min={} text={} size={} colours=${:06X},${:06X},${:06X} place={place}",
            n.max_digits, n.min_digits, n.text_height, n.number_height, n.text_colour, n.zero_colour, n.digit_colour
        );
        for t in &n.texts {
            let _ = write!(o, " {} {}", lang(t.lang), quote(&t.text));
        }
        o.push('\n');
    }
    for h in &r.help {
        let _ = writeln!(o, "\nhelp {} underline={} reserved={}", lang(h.lang), h.underline, h.reserved);
        let t = &h.text;
        let lines_ok = t.ends_with(b"\r\n")
            && t.split(|&b| b == b'\n')
                .all(|l| l.is_empty() || (l.ends_with(b"\r") && !l[..l.len() - 1].contains(&b'\r')))
            && !t.is_empty()
            && t.iter().all(|&b| b == 13 || b == 10 || super::lexer::atari_decode(b).is_some());
        if lines_ok {
            for l in t[..t.len() - 2].split(|&b| b == b'\n') {
                let l = l.strip_suffix(b"\r").unwrap_or(l);
                o.push('|');
                for &b in l {
                    o.push(super::lexer::atari_decode(b).unwrap_or('?'));
                }
                o.push('\n');
            }
        } else {
            for chunk in t.chunks(60) {
                let _ = writeln!(o, "raw {}", quote(chunk));
            }
        }
        o.push_str("end\n");
    }
    o.push('\n');
    for (k, table) in r.scores.iter().enumerate() {
        for e in table {
            let len = e.name.iter().position(|&b| b == 0).unwrap_or(23);
            let _ = writeln!(o, "score {} {} {} ${:08X}", k + 6, quote(&e.name[..len]), e.score, e.date);
        }
    }
    o.push_str("\ncode\n");
    o.push_str(&code(&r.code, &r.phases));
    o
}

/// Decodes the code; falls back to raw bytes when it does not parse as expressions with
/// branches landing on operation boundaries.
struct Dec<'a> {
    code: &'a [u8],
    pc: usize,
    starts: BTreeSet<usize>,
    targets: BTreeSet<usize>,
    out: Option<String>,
    entries: &'a [u32; 7],
}

impl<'a> Dec<'a> {
    fn b(&mut self) -> Option<u8> {
        let v = *self.code.get(self.pc)?;
        self.pc += 1;
        Some(v)
    }
    fn w(&mut self) -> Option<i16> {
        Some(i16::from_be_bytes([self.b()?, self.b()?]))
    }
    fn l(&mut self) -> Option<i32> {
        Some(i32::from_be_bytes([self.b()?, self.b()?, self.b()?, self.b()?]))
    }
    fn emit(&mut self, s: &str) {
        if let Some(o) = &mut self.out {
            if !o.is_empty() && !o.ends_with('\n') && !o.ends_with('(') && !s.starts_with(')') {
                o.push(' ');
            }
            o.push_str(s);
        }
    }
    fn mark_start(&mut self) {
        let pc = self.pc;
        self.starts.insert(pc);
        if self.out.is_some() {
            for (k, &e) in self.entries.iter().enumerate() {
                if e as usize == pc {
                    let s = format!("phase {}", Phase::ALL[k].letter());
                    if !self.out.as_ref().unwrap().ends_with('\n') {
                        self.emit("\n");
                    }
                    self.emit(&s);
                    self.emit("\n");
                }
            }
            if self.targets.contains(&pc) {
                let s = format!("L{pc}:");
                self.emit(&s);
            }
        }
    }
    fn target(&mut self, base: usize, off: i32) -> Option<String> {
        let t = base as i64 + off as i64;
        if t < 0 || t > self.code.len() as i64 {
            return None;
        }
        self.targets.insert(t as usize);
        Some(format!("L{t}"))
    }
    /// A transparent op (already read) or an expression; `top` allows `ret`.
    fn op(&mut self, code: u8, top: bool) -> Option<()> {
        match code {
            op::SMALL_CONST_FIRST..=0xFF => {
                let s = format!("{}", op::small_constant(code));
                self.emit(&s);
            }
            0..=op::VAR_LAST => {
                let s = format!("V{code}");
                self.emit(&s);
            }
            op::WORD => {
                let v = self.w()? as i32;
                let s = if (-64..=63).contains(&v) { format!("w:{v}") } else { v.to_string() };
                self.emit(&s);
            }
            op::LONG => {
                let v = self.l()?;
                let s = if (-32768..=32767).contains(&v) { format!("l:{v}") } else { v.to_string() };
                self.emit(&s);
            }
            op::RET if !top => return None,
            op::SET => {
                // set / inc / dec with a plain variable, else the general form.
                let save = self.pc;
                let c = *self.code.get(self.pc)?;
                let special = match c {
                    0xC0..=0xFF => Some(format!("set V{}", op::small_constant(c))),
                    0x80..=0xBF => Some(format!("inc V{}", op::small_constant(c) + 64)),
                    op::WORD => {
                        let v = i16::from_be_bytes([*self.code.get(self.pc + 1)?, *self.code.get(self.pc + 2)?]);
                        (64..=127).contains(&v).then(|| format!("dec V{}", v - 64))
                    }
                    _ => None,
                };
                if let Some(s) = special {
                    self.pc += if c == op::WORD { 3 } else { 1 };
                    self.starts.insert(save);
                    self.emit("(");
                    self.emit(&s);
                    self.expr()?;
                    self.emit(")");
                } else {
                    self.emit("(set");
                    self.expr()?;
                    self.expr()?;
                    self.emit(")");
                }
            }
            _ => {
                let &op::OpInfo { name, operands, .. } = op::by_code(code)?;
                let paren = !operands.is_empty() && !is_branch(code);
                if paren {
                    self.emit("(");
                }
                self.emit(name);
                for &o in operands {
                    match o {
                        Operand::Expr => self.expr()?,
                        Operand::VarRef => {
                            let c = *self.code.get(self.pc)?;
                            if (op::small_constant_code(0)..=0xFF).contains(&c) {
                                self.mark_start();
                                self.pc += 1;
                                let s = format!("V{}", op::small_constant(c));
                                self.emit(&s);
                            } else {
                                self.expr()?;
                            }
                        }
                        // `$48`/`$49` are values, printed by the arms above.
                        Operand::Word | Operand::Long => return None,
                        Operand::Rel8 => {
                            let base = self.pc;
                            let off = self.b()? as i8 as i32;
                            let s = self.target(base, off)?;
                            self.emit(&s);
                        }
                        Operand::Rel16 => {
                            let base = self.pc;
                            let off = self.w()? as i32;
                            let s = self.target(base, off)?;
                            self.emit(&s);
                        }
                        Operand::Cases => {
                            let n = self.b()?;
                            if n == 0 {
                                return None;
                            }
                            self.emit("[");
                            for _ in 0..n {
                                let base = self.pc;
                                let off = self.w()? as i32;
                                let s = self.target(base, off)?;
                                self.emit(&s);
                            }
                            self.emit("]");
                        }
                        Operand::Table16 | Operand::Table32 => {
                            let n = self.b()?;
                            if n == 0 {
                                return None;
                            }
                            self.emit("[");
                            for _ in 0..n {
                                let v = if o == Operand::Table16 { self.w()? as i32 } else { self.l()? };
                                let s = v.to_string();
                                self.emit(&s);
                            }
                            self.emit("]");
                        }
                    }
                }
                if paren {
                    self.emit(")");
                }
            }
        }
        Some(())
    }
    fn expr(&mut self) -> Option<()> {
        loop {
            self.mark_start();
            let c = self.b()?;
            self.op(c, false)?;
            if !is_branch(c) {
                return Some(());
            }
        }
    }
    fn all(&mut self) -> Option<()> {
        self.pc = 0;
        while self.pc < self.code.len() {
            self.mark_start();
            let c = self.b()?;
            self.op(c, true)?;
            if c == op::RET || is_branch(c) || self.out.as_ref().is_some_and(|o| !o.ends_with('\n')) {
                self.emit("\n");
            }
        }
        self.mark_start();
        Some(())
    }
}

fn code(code: &[u8], entries: &[u32; 7]) -> String {
    let mut d = Dec { code, pc: 0, starts: BTreeSet::new(), targets: BTreeSet::new(), out: None, entries };
    let ok = d.all().is_some()
        && d.targets.iter().all(|t| d.starts.contains(t))
        && entries.iter().all(|e| d.starts.contains(&(*e as usize)));
    if ok {
        d.out = Some(String::new());
        d.starts.clear();
        d.all();
        return d.out.unwrap();
    }
    // Raw bytes with the phase entries between them.
    let mut o = String::new();
    for (i, b) in code.iter().enumerate() {
        for (k, &e) in entries.iter().enumerate() {
            if e as usize == i {
                let _ = write!(o, "\nphase {}\n", Phase::ALL[k].letter());
            }
        }
        if i % 16 == 0 && !o.ends_with('\n') {
            o.push('\n');
        }
        if i % 16 == 0 || o.ends_with('\n') {
            o.push_str("byte");
        }
        let _ = write!(o, " ${b:02X}");
    }
    o.push('\n');
    o
}
