//! The rule compiler: source text (see docs/rul.md) to a [`RuleFile`] model.

use super::keys::{KEYS, MODIFIERS};
use super::lexer::{SourceError, Tok, Token, error, lex_line, parse_int};
use falcon_puzzles::rul::model::*;
use falcon_puzzles::rul::opcodes::{self as op, Operand, is_branch};
use std::collections::BTreeMap;

type R<T> = Result<T, SourceError>;

/// Compiles a whole source file.
pub fn compile(src: &str) -> R<RuleFile> {
    let lines: Vec<&str> = src.lines().collect();
    let mut rule = RuleFile {
        colours: [0x00ff_ffff, 0x00ff_4040, 0x00ff_ffff, 0x00ff_ff00],
        name_height: 32,
        name: [0; 24],
        name_font: 0,
        numbers_font: 0,
        board_size: 0,
        score_max: [20; 4],
        stack_size: 64,
        patterns: vec![],
        shapes: vec![],
        signals: vec![],
        numbers: vec![],
        code: vec![],
        phases: [0; 7],
        help: vec![],
        scores: Default::default(),
    };
    let mut have_name = false;
    let mut i = 0;
    while i < lines.len() {
        let ln = i + 1;
        let mut toks = Vec::new();
        lex_line(lines[i], ln, 1, &mut toks)?;
        i += 1;
        let Some(first) = toks.first() else { continue };
        let Tok::Word(kw) = &first.tok else {
            return Err(error(ln, first.col, "expected a keyword"));
        };
        let args = Args { toks: &toks[1..], line: ln, pos: 0, end_col: lines[i - 1].len() + 1 };
        match kw.as_str() {
            "rule" => {
                let mut a = args;
                let s = a.string()?;
                if s.len() > 23 {
                    return Err(error(ln, toks[1].col, "rule name longer than 23 bytes"));
                }
                rule.name[..s.len()].copy_from_slice(&s);
                if a.more() {
                    let raw = a.hex_bytes(24)?;
                    rule.name.copy_from_slice(&raw);
                }
                a.done()?;
                have_name = true;
            }
            "colours" => {
                let mut a = args;
                for k in 0..4 {
                    rule.colours[k] = a.int_in(0, 0xff_ffff)? as u32;
                }
                a.done()?;
            }
            "name_height" => {
                let mut a = args;
                rule.name_height = a.int_in(0, 65535)? as u16;
                a.done()?;
            }
            "fonts" => {
                let mut a = args;
                rule.name_font = a.int_in(0, 65535)? as u16;
                rule.numbers_font = a.int_in(0, 65535)? as u16;
                a.done()?;
            }
            "size" => {
                let mut a = args;
                let v = a.int_in(0, 9)?;
                if v != 0 && v < 6 {
                    return Err(error(ln, toks[1].col, "board size must be 0 (variable) or 6-9"));
                }
                rule.board_size = v as u8;
                a.done()?;
            }
            "stack" => {
                let mut a = args;
                rule.stack_size = a.int_in(0, MAX_STACK as i64)? as u32;
                a.done()?;
            }
            "max_scores" => {
                let mut a = args;
                for k in 0..4 {
                    rule.score_max[k] = a.int_in(0, 255)? as u8;
                }
                a.done()?;
            }
            "pattern" => {
                let mut p = [0u8; PATTERN_SIZE];
                for row in 0..PATTERN_HEIGHT {
                    let Some(l) = lines.get(i) else {
                        return Err(error(i + 1, 1, "pattern needs 16 rows of 18 pixels"));
                    };
                    let t = l.trim();
                    let col0 = l.len() - l.trim_start().len() + 1;
                    if t.chars().count() != PATTERN_WIDTH {
                        return Err(error(i + 1, col0, "a pattern row has 18 pixels"));
                    }
                    for (x, ch) in t.chars().enumerate() {
                        let v = match ch {
                            '0'..='7' => ch as u8 - b'0',
                            '.' => 4,
                            _ => return Err(error(i + 1, col0 + x, "pixel must be 0-7 or '.'")),
                        };
                        RuleFile::set_pixel(&mut p, row * PATTERN_WIDTH + x, v);
                    }
                    i += 1;
                }
                rule.patterns.push(p);
            }
            "shape" => rule.shapes.push(shape(args)?),
            "signal" => rule.signals.push(signal(args)?),
            "number" => rule.numbers.push(number(args)?),
            "help" => {
                let mut a = args;
                let lang = a.lang()?;
                let mut underline = 0;
                let mut reserved = 0;
                while a.more() {
                    let (k, v, col) = a.keyval()?;
                    match k.as_str() {
                        "underline" => underline = char_value(&v, ln, col)?,
                        "reserved" => reserved = char_value(&v, ln, col)?,
                        _ => return Err(error(ln, col, "expected underline= or reserved=")),
                    }
                }
                let mut text = Vec::new();
                loop {
                    let Some(l) = lines.get(i) else {
                        return Err(error(i + 1, 1, "help text without 'end'"));
                    };
                    let t = l.trim_start();
                    i += 1;
                    if t == "end" {
                        break;
                    }
                    if let Some(rest) = t.strip_prefix('|') {
                        for (x, ch) in rest.chars().enumerate() {
                            match super::lexer::atari_encode(ch) {
                                Some(b) if b >= 32 => text.push(b),
                                _ => {
                                    return Err(error(
                                        i,
                                        x + 2 + l.len() - t.len(),
                                        "character outside the Atari set (use a 'raw' line)",
                                    ));
                                }
                            }
                        }
                        text.extend_from_slice(b"\r\n");
                    } else if let Some(rest) = t.strip_prefix("raw") {
                        let mut tk = Vec::new();
                        lex_line(rest, i, 4, &mut tk)?;
                        for x in tk {
                            match x.tok {
                                Tok::Str(s) => text.extend_from_slice(&s),
                                _ => return Err(error(x.line, x.col, "raw takes strings")),
                            }
                        }
                    } else if !t.is_empty() {
                        return Err(error(i, 1, "help lines start with '|' (or 'raw'), and end with 'end'"));
                    }
                }
                rule.help.push(HelpText { lang, underline, reserved, text });
            }
            "score" => {
                let mut a = args;
                let size = a.int_in(6, 9)? as usize;
                let s = a.string()?;
                if s.len() > 23 {
                    return Err(error(ln, 1, "player name longer than 23 bytes"));
                }
                let mut name = [0u8; 24];
                name[..s.len()].copy_from_slice(&s);
                let score = a.int_in(0, u32::MAX as i64)? as u32;
                let date = a.int_in(0, u32::MAX as i64)? as u32;
                a.done()?;
                rule.scores[size - 6].push(ScoreEntry { name, score, date });
            }
            "code" => {
                let mut toks = Vec::new();
                for (k, l) in lines[i..].iter().enumerate() {
                    lex_line(l, i + k + 1, 1, &mut toks)?;
                }
                let (code, phases) = CodeGen::run(&toks, lines.len() + 1)?;
                rule.code = code;
                rule.phases = phases;
                break;
            }
            _ => return Err(error(ln, first.col, format!("unknown keyword '{kw}'"))),
        }
    }
    let last = lines.len() + 1;
    if !have_name {
        return Err(error(1, 1, "missing 'rule \"name\"'"));
    }
    for (what, n) in [("pattern", rule.patterns.len()), ("shape", rule.shapes.len()), ("signal", rule.signals.len())] {
        if n == 0 || n > 255 {
            return Err(error(last, 1, format!("a rule needs 1-255 of '{what}'")));
        }
    }
    if rule.numbers.len() > 8 {
        return Err(error(last, 1, "at most 8 numbers"));
    }
    if rule.code.is_empty() {
        return Err(error(last, 1, "missing 'code' section"));
    }
    for k in 0..4 {
        if rule.scores[k].len() > rule.score_max[k] as usize {
            return Err(error(last, 1, "more scores than max_scores"));
        }
    }
    Ok(rule)
}

fn char_value(v: &str, line: usize, col: usize) -> R<u8> {
    if let Some(n) = parse_int(v) {
        if (0..=255).contains(&n) {
            return Ok(n as u8);
        }
    }
    let b = v.as_bytes();
    if b.len() == 1 { Ok(b[0]) } else { Err(error(line, col, "expected one character or a number")) }
}

/// The arguments of a header line.
struct Args<'a> {
    toks: &'a [Token],
    line: usize,
    pos: usize,
    end_col: usize,
}

impl<'a> Args<'a> {
    fn more(&self) -> bool {
        self.pos < self.toks.len()
    }
    fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.col)
    }
    fn next(&mut self, what: &str) -> R<&'a Token> {
        let t = self.toks.get(self.pos).ok_or(error(self.line, self.end_col, format!("expected {what}")))?;
        self.pos += 1;
        Ok(t)
    }
    fn word(&mut self, what: &str) -> R<(String, usize)> {
        let t = self.next(what)?;
        match &t.tok {
            Tok::Word(w) => Ok((w.clone(), t.col)),
            _ => Err(error(t.line, t.col, format!("expected {what}"))),
        }
    }
    fn string(&mut self) -> R<Vec<u8>> {
        let t = self.next("a string")?;
        match &t.tok {
            Tok::Str(s) => Ok(s.clone()),
            _ => Err(error(t.line, t.col, "expected a string")),
        }
    }
    fn int_in(&mut self, lo: i64, hi: i64) -> R<i64> {
        let (w, col) = self.word("a number")?;
        match parse_int(&w) {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            Some(_) => Err(error(self.line, col, format!("number outside {lo}..{hi}"))),
            None => Err(error(self.line, col, "expected a number")),
        }
    }
    fn keyval(&mut self) -> R<(String, String, usize)> {
        let (w, col) = self.word("key=value")?;
        let Some((k, v)) = w.split_once('=') else {
            return Err(error(self.line, col, "expected key=value"));
        };
        Ok((k.to_string(), v.to_string(), col + k.len() + 1))
    }
    fn lang(&mut self) -> R<u8> {
        let (w, col) = self.word("a language code")?;
        char_value(&w, self.line, col)
    }
    fn hex_bytes(&mut self, n: usize) -> R<Vec<u8>> {
        let (w, col) = self.word("hex bytes")?;
        let h = w.strip_prefix('$').unwrap_or(&w);
        if h.len() != 2 * n {
            return Err(error(self.line, col, format!("expected {n} hex bytes")));
        }
        (0..n)
            .map(|k| u8::from_str_radix(&h[2 * k..2 * k + 2], 16).map_err(|_| error(self.line, col, "bad hex")))
            .collect()
    }
    fn done(&self) -> R<()> {
        if self.more() { Err(error(self.line, self.col(), "unexpected extra argument")) } else { Ok(()) }
    }
}

fn config(s: &str, line: usize, col: usize) -> R<([u8; 4], usize)> {
    let mut c = [0u8; 4];
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 4 {
        return Err(error(line, col, "a configuration has 1-4 positions"));
    }
    for (k, p) in parts.iter().enumerate() {
        match p.parse::<u8>() {
            Ok(v) if v <= 18 => c[k] = v,
            _ => return Err(error(line, col, "positions are 0-18")),
        }
    }
    if let Err((k, f)) = falcon_puzzles::rul::geometry::check_config(c, parts.len()) {
        return Err(error(line, col, format!("bad configuration (position {k}): {f:?}")));
    }
    Ok((c, parts.len()))
}

/// `shape 0,1,4 ref` | `shape 0 none` | `shape 0,1 list 0,1 0,2 0,3` | `shape … ref=-2`.
fn shape(mut a: Args) -> R<Shape> {
    let (w, col) = a.word("positions like 0,1,4")?;
    let (initial, count) = config(&w, a.line, col)?;
    let (kind, kcol) = a.word("none, ref or list")?;
    let rotation = match kind.as_str() {
        "none" => Rotation::None,
        "ref" => Rotation::AboutReference(-1),
        k if k.starts_with("ref=") => match k[4..].parse::<i8>() {
            Ok(v) if v < 0 => Rotation::AboutReference(v),
            _ => return Err(error(a.line, kcol, "ref=N needs N < 0")),
        },
        "list" => {
            let mut l = Vec::new();
            while a.more() {
                let (w, col) = a.word("a configuration")?;
                let (c, n) = config(&w, a.line, col)?;
                if n != count {
                    return Err(error(a.line, col, "every configuration has the shape's hexagon count"));
                }
                l.push(c);
            }
            if l.is_empty() || l.len() > 6 {
                return Err(error(a.line, kcol, "a list has 1-6 configurations"));
            }
            Rotation::List(l)
        }
        _ => return Err(error(a.line, kcol, "expected none, ref or list")),
    };
    a.done()?;
    Ok(Shape { count: count as u8, rotation, initial })
}

/// `signal DOWN Q` | `signal STOP ctrl+Esc` | `signal $12345678 $0010`.
fn signal(mut a: Args) -> R<Signal> {
    let (id, col) = a.word("a 4-letter signal name")?;
    let external = if let Some(v) = parse_int(&id).filter(|_| id.starts_with('$')) {
        v as u32
    } else if id.len() == 4 {
        u32::from_be_bytes(id.as_bytes().try_into().unwrap())
    } else {
        return Err(error(a.line, col, "signal names have 4 letters"));
    };
    if external == 0 || external > i32::MAX as u32 {
        return Err(error(a.line, col, "signal id must be positive"));
    }
    let (k, kcol) = a.word("a key")?;
    let key = key_code(&k).ok_or(error(a.line, kcol, format!("unknown key '{k}'")))?;
    a.done()?;
    Ok(Signal { external, key })
}

pub fn key_code(k: &str) -> Option<u16> {
    if let Some(v) = parse_int(k).filter(|_| k.starts_with('$')) {
        return u16::try_from(v).ok();
    }
    let mut mods = 0u16;
    let parts: Vec<&str> = k.split('+').collect();
    let (last, pre) = parts.split_last()?;
    for m in pre {
        mods |= MODIFIERS.iter().find(|x| x.0 == *m)?.1 as u16;
    }
    let code = KEYS.iter().find(|x| x.0 == *last)?.1 as u16;
    Some((mods << 8) | code)
}

/// `number max=6 min=1 text=16 size=24 colours=$a,$b,$c place=above E "Score" F "Score"`.
fn number(mut a: Args) -> R<NumberDef> {
    let mut n = NumberDef {
        max_digits: 6,
        min_digits: 1,
        text_height: 16,
        number_height: 24,
        text_colour: 0xffffff,
        zero_colour: 0x404040,
        digit_colour: 0xffffff,
        placement: 0,
        texts: vec![],
    };
    while a.more() {
        let col = a.col();
        if let Tok::Word(w) = &a.toks[a.pos].tok {
            if w.contains('=') {
                let (k, v, vcol) = a.keyval()?;
                let int = |lo: i64, hi: i64| -> R<i64> {
                    parse_int(&v).filter(|x| (lo..=hi).contains(x)).ok_or(error(
                        a.line,
                        vcol,
                        format!("expected {lo}..{hi}"),
                    ))
                };
                match k.as_str() {
                    "max" => n.max_digits = int(1, 8)? as u8,
                    "min" => n.min_digits = int(1, 8)? as u8,
                    "text" => n.text_height = int(16, 127)? as u8,
                    "size" => n.number_height = int(16, 127)? as u8,
                    "colours" => {
                        let c: Vec<Option<i64>> = v.split(',').map(parse_int).collect();
                        if c.len() != 3 || c.iter().any(|x| !matches!(x, Some(0..=0xffffff))) {
                            return Err(error(a.line, vcol, "three colours $RRGGBB"));
                        }
                        n.text_colour = c[0].unwrap() as u32;
                        n.zero_colour = c[1].unwrap() as u32;
                        n.digit_colour = c[2].unwrap() as u32;
                    }
                    "place" => {
                        n.placement = match v.as_str() {
                            "above" => 0,
                            "left" => 1,
                            "right" => -1,
                            _ => return Err(error(a.line, vcol, "place=above|left|right")),
                        }
                    }
                    _ => return Err(error(a.line, col, format!("unknown number field '{k}'"))),
                }
                continue;
            }
        }
        let lang = a.lang()?;
        let text = a.string()?;
        if text.is_empty() || text.len() > 127 {
            return Err(error(a.line, col, "a number's text has 1-127 bytes"));
        }
        n.texts.push(LangText { lang, text });
    }
    if n.texts.is_empty() {
        return Err(error(a.line, a.end_col, "a number needs a text in at least one language"));
    }
    Ok(n)
}

/// Code generation for the `code` section.
struct CodeGen<'a> {
    toks: &'a [Token],
    pos: usize,
    end_line: usize,
    out: Vec<u8>,
    labels: BTreeMap<String, usize>,
    /// (position of the offset, label, size 1 or 2, token for errors)
    fixups: Vec<(usize, String, u8, usize)>,
    vars: BTreeMap<String, u8>,
    consts: BTreeMap<String, i64>,
    phases: [Option<u32>; 7],
}

impl<'a> CodeGen<'a> {
    fn run(toks: &'a [Token], end_line: usize) -> R<(Vec<u8>, [u32; 7])> {
        let mut g = CodeGen {
            toks,
            pos: 0,
            end_line,
            out: vec![],
            labels: BTreeMap::new(),
            fixups: vec![],
            vars: BTreeMap::new(),
            consts: BTreeMap::new(),
            phases: [None; 7],
        };
        while g.pos < toks.len() {
            g.item(true)?;
        }
        for (at, label, size, tk) in std::mem::take(&mut g.fixups) {
            let t = &toks[tk];
            let Some(&target) = g.labels.get(&label) else {
                return Err(error(t.line, t.col, format!("unknown label '{label}'")));
            };
            let off = target as i64 - at as i64;
            if size == 1 {
                if !(-128..=127).contains(&off) {
                    return Err(error(t.line, t.col, "branch too far for 'ifs' (use 'if')"));
                }
                g.out[at] = off as i8 as u8;
            } else {
                if !(-32768..=32767).contains(&off) {
                    return Err(error(t.line, t.col, "branch too far"));
                }
                g.out[at..at + 2].copy_from_slice(&(off as i16).to_be_bytes());
            }
        }
        let mut phases = [0u32; 7];
        for (k, p) in g.phases.iter().enumerate() {
            phases[k] = p.ok_or(error(end_line, 1, format!("missing 'phase {}'", Phase::ALL[k].letter())))?;
        }
        Ok((g.out, phases))
    }

    fn err_here(&self, msg: impl Into<String>) -> SourceError {
        match self.toks.get(self.pos) {
            Some(t) => error(t.line, t.col, msg),
            None => error(self.end_line, 1, msg),
        }
    }

    fn next(&mut self) -> R<(&'a Token, usize)> {
        let t = self.toks.get(self.pos).ok_or(error(self.end_line, 1, "unexpected end of code"))?;
        self.pos += 1;
        Ok((t, self.pos - 1))
    }

    /// True when the tokens after `var` are a name and a number (a declaration).
    fn var_directive(&self) -> bool {
        let word = |k: usize| match self.toks.get(self.pos + k).map(|t| &t.tok) {
            Some(Tok::Word(w)) => Some(w.as_str()),
            _ => None,
        };
        word(0).is_some() && word(1).is_some_and(|v| parse_int(v).is_some())
    }

    fn word(&mut self, what: &str) -> R<String> {
        let (t, _) = self.next()?;
        match &t.tok {
            Tok::Word(w) => Ok(w.clone()),
            _ => Err(error(t.line, t.col, format!("expected {what}"))),
        }
    }

    fn constant(&mut self, v: i64, form: u8) {
        match form {
            1 => self.out.push(op::small_constant_code(v as i32)),
            2 => {
                self.out.push(op::WORD);
                self.out.extend_from_slice(&(v as i16).to_be_bytes());
            }
            _ => {
                self.out.push(op::LONG);
                self.out.extend_from_slice(&(v as i32).to_be_bytes());
            }
        }
    }

    fn shortest(&mut self, v: i64) {
        let form = if (-64..=63).contains(&v) {
            1
        } else if (-32768..=32767).contains(&v) {
            2
        } else {
            4
        };
        self.constant(v, form);
    }

    /// One statement (`top`) or the directives before an operand then the operand. Labels,
    /// `phase`, `var`, `const` and branches may come before any expression.
    fn item(&mut self, top: bool) -> R<()> {
        loop {
            let (t, ti) = self.next()?;
            let w = match &t.tok {
                Tok::Word(w) => w.clone(),
                Tok::Open => {
                    self.item(false)?;
                    let (c, _) = self.next()?;
                    if c.tok != Tok::Close {
                        return Err(error(c.line, c.col, "expected ')'"));
                    }
                    return Ok(());
                }
                _ => return Err(error(t.line, t.col, "expected an expression")),
            };
            if let Some(l) = w.strip_suffix(':') {
                if self.labels.insert(l.to_string(), self.out.len()).is_some() {
                    return Err(error(t.line, t.col, format!("label '{l}' defined twice")));
                }
                if top && self.pos >= self.toks.len() {
                    return Ok(());
                }
                continue;
            }
            match w.as_str() {
                "phase" => {
                    let p = self.word("a phase letter")?;
                    let k = Phase::ALL.iter().position(|x| x.letter().to_string() == p).ok_or(error(
                        t.line,
                        t.col,
                        "phases are 0, A, B, C, P, Q, S",
                    ))?;
                    if self.phases[k].replace(self.out.len() as u32).is_some() {
                        return Err(error(t.line, t.col, format!("phase {p} defined twice")));
                    }
                    if top {
                        return Ok(());
                    }
                    continue;
                }
                // `var NAME N` declares a variable; `var x` followed by anything else is the
                // operation `$5A` (V[x]), as the disassembler writes it: `(var V27)`.
                "var" | "const" if w == "const" || self.var_directive() => {
                    let name = self.word("a name")?;
                    let vt = self.pos;
                    let v = self.word("a value")?;
                    let v = parse_int(&v).ok_or(error(self.toks[vt].line, self.toks[vt].col, "expected a number"))?;
                    if w == "var" {
                        if !(0..64).contains(&v) {
                            return Err(error(self.toks[vt].line, self.toks[vt].col, "variables are 0-63"));
                        }
                        self.vars.insert(name, v as u8);
                    } else {
                        self.consts.insert(name, v);
                    }
                    if top {
                        return Ok(());
                    }
                    continue;
                }
                "byte" => {
                    // Raw bytes (used by the disassembler for code it cannot structure).
                    let mut any = false;
                    while let Some(Tok::Word(b)) = self.toks.get(self.pos).map(|t| &t.tok) {
                        match parse_int(b) {
                            Some(v) if (0..=255).contains(&v) && b.starts_with('$') => {
                                self.out.push(v as u8);
                                self.pos += 1;
                                any = true;
                            }
                            _ => break,
                        }
                    }
                    if !any {
                        return Err(error(t.line, t.col, "byte needs $XX values"));
                    }
                    if top {
                        return Ok(());
                    }
                    continue;
                }
                _ => {}
            }
            if w == "inc" || w == "dec" {
                let vt = self.pos;
                let name = self.word("a variable")?;
                let idx = self.var_index(&name).ok_or(error(
                    self.toks[vt].line,
                    self.toks[vt].col,
                    format!("unknown variable '{name}'"),
                ))? as i64;
                self.out.push(op::SET);
                if w == "inc" {
                    self.constant(idx - 64, 1)
                } else {
                    self.constant(idx + 64, 2)
                }
                return self.item(false);
            }
            if let Some(&op::OpInfo { code, operands, .. }) = op::by_name(&w) {
                if code == op::RET && !top {
                    return Err(error(t.line, t.col, "'ret' cannot be an operand"));
                }
                self.out.push(code);
                for &o in operands {
                    self.operand(o, ti)?;
                }
                if is_branch(code) && !top {
                    continue;
                }
                return Ok(());
            }
            // A value.
            if let Some(rest) = w.strip_prefix("w:").or(w.strip_prefix("l:")) {
                let v = parse_int(rest).ok_or(error(t.line, t.col, "expected a number after w:/l:"))?;
                let (form, lo, hi) =
                    if w.starts_with("w:") { (2, -32768, 32767) } else { (4, i32::MIN as i64, u32::MAX as i64) };
                if !(lo..=hi).contains(&v) {
                    return Err(error(t.line, t.col, "constant out of range"));
                }
                self.constant(v, form);
                return Ok(());
            }
            if let Some(v) = parse_int(&w) {
                if !(i32::MIN as i64..=u32::MAX as i64).contains(&v) {
                    return Err(error(t.line, t.col, "constant does not fit in 32 bits"));
                }
                let v = v as u32 as i32 as i64;
                self.shortest(v);
                return Ok(());
            }
            if let Some(&v) = self.consts.get(&w) {
                self.shortest(v);
                return Ok(());
            }
            if let Some(idx) = self.var_index(&w) {
                self.out.push(idx);
                return Ok(());
            }
            if let Some(name) = w.strip_prefix('&') {
                let idx = self.var_index(name).ok_or(error(t.line, t.col, format!("unknown variable '{name}'")))?;
                self.shortest(idx as i64);
                return Ok(());
            }
            return Err(error(t.line, t.col, format!("unknown word '{w}'")));
        }
    }

    fn var_index(&self, w: &str) -> Option<u8> {
        if let Some(&i) = self.vars.get(w) {
            return Some(i);
        }
        let n = w.strip_prefix('V')?.parse::<u8>().ok()?;
        (n < 64).then_some(n)
    }

    fn label_ref(&mut self, size: u8) -> R<()> {
        let ti = self.pos;
        let l = self.word("a label")?;
        self.fixups.push((self.out.len(), l, size, ti));
        self.out.extend(std::iter::repeat_n(0, size as usize));
        Ok(())
    }

    fn bracket_list(&mut self) -> R<Vec<(String, usize)>> {
        let (t, _) = self.next()?;
        if t.tok != Tok::LBracket {
            return Err(error(t.line, t.col, "expected '['"));
        }
        let mut items = vec![];
        loop {
            let (t, ti) = self.next()?;
            match &t.tok {
                Tok::RBracket => break,
                Tok::Word(w) => items.push((w.clone(), ti)),
                _ => return Err(error(t.line, t.col, "expected an item or ']'")),
            }
        }
        if items.is_empty() || items.len() > 255 {
            return Err(error(t.line, t.col, "a table has 1-255 entries"));
        }
        Ok(items)
    }

    fn operand(&mut self, o: Operand, _op_tok: usize) -> R<()> {
        match o {
            Operand::Expr => self.item(false),
            Operand::VarRef => {
                if let Some(Tok::Word(w)) = self.toks.get(self.pos).map(|t| &t.tok) {
                    if let Some(idx) = self.var_index(w) {
                        self.pos += 1;
                        self.shortest(idx as i64);
                        return Ok(());
                    }
                }
                self.item(false)
            }
            Operand::Rel8 => self.label_ref(1),
            Operand::Rel16 => self.label_ref(2),
            // `$48`/`$49` are written `w:5`/`l:5` and compiled as values (`item`); their
            // table names cannot be words of the source, so this only guards the table.
            Operand::Word | Operand::Long => Err(self.err_here("w:/l: constants are written w:N or l:N")),
            Operand::Cases => {
                let items = self.bracket_list()?;
                self.out.push(items.len() as u8);
                for (l, ti) in items {
                    self.fixups.push((self.out.len(), l, 2, ti));
                    self.out.extend_from_slice(&[0, 0]);
                }
                Ok(())
            }
            Operand::Table16 | Operand::Table32 => {
                let items = self.bracket_list()?;
                self.out.push(items.len() as u8);
                for (w, ti) in items {
                    let v = parse_int(&w).or_else(|| self.consts.get(&w).copied());
                    let t = &self.toks[ti];
                    let v = v.ok_or(error(t.line, t.col, "expected a number"))?;
                    if o == Operand::Table16 {
                        if !(-32768..=65535).contains(&v) {
                            return Err(error(t.line, t.col, "16-bit table entry out of range"));
                        }
                        self.out.extend_from_slice(&(v as u16).to_be_bytes());
                    } else {
                        if !(i32::MIN as i64..=u32::MAX as i64).contains(&v) {
                            return Err(error(t.line, t.col, "32-bit table entry out of range"));
                        }
                        self.out.extend_from_slice(&(v as u32).to_be_bytes());
                    }
                }
                Ok(())
            }
        }
    }
}
