//! Save files in the guide's format: records `KEY:LEN:VALUE`, KEY padded to 8 characters.
//!
//! Written as Tatham's `midend_serialise` writes them and read as leniently as his
//! `midend_deserialise` reads them, so that files move both ways: reading stops as soon as the
//! undo chain is complete (later moves and trailing bytes are ignored), a record needs no line
//! ending after its value, and `TIME` is whatever C's `%g` made of the seconds (`1e+06`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Animation, Entry, GenMode, Midend, MoveType};
use crate::gfx::Drawing;
use crate::puzzle::backend::{ErrorKind, Game, PuzzleError};

/// First record of every save file (`SERIALISE_MAGIC`).
pub const SAVE_MAGIC: &str = "Simon Tatham's Portable Puzzle Collection";
/// The only save-file format version (`SERIALISE_VERSION`).
pub const SAVE_VERSION: &str = "1";

fn save_err(reason: &'static str, record: usize) -> PuzzleError {
    PuzzleError::at(ErrorKind::SaveFile, reason, record)
}

/// Reads a save file one record at a time, as the reference's read callback does, with its
/// error messages: before the first record is accepted every error is "does not appear to be
/// a saved game file"; afterwards, running out of data is "ended unexpectedly" and bad framing
/// "incorrectly formatted". Record numbers count from 1.
struct Records<'a> {
    data: &'a [u8],
    pos: usize,
    /// Records read so far.
    count: usize,
    /// The first record (the magic) has been accepted.
    started: bool,
}

impl<'a> Records<'a> {
    fn new(data: &'a [u8]) -> Self {
        Records { data, pos: 0, count: 0, started: false }
    }

    fn eof(&self) -> PuzzleError {
        let reason =
            if self.started { "Saved data ended unexpectedly" } else { "Data does not appear to be a saved game file" };
        save_err(reason, self.count + 1)
    }

    fn bad_format(&self) -> PuzzleError {
        let reason = if self.started {
            "Data was incorrectly formatted for a saved game file"
        } else {
            "Data does not appear to be a saved game file"
        };
        save_err(reason, self.count + 1)
    }

    /// The next record: its key (the header up to the first `:` or space) and its value.
    /// Line endings (CR and LF, any number) before a record are skipped; none is needed after.
    fn next(&mut self) -> Result<(&'a [u8], &'a [u8]), PuzzleError> {
        let d = self.data;
        while d.get(self.pos).is_some_and(|&c| c == b'\r' || c == b'\n') {
            self.pos += 1;
        }
        let header = d.get(self.pos..self.pos + 9).ok_or_else(|| self.eof())?;
        if header[8] != b':' {
            return Err(self.bad_format());
        }
        let klen = header.iter().position(|&b| b == b':' || b == b' ').unwrap_or(8);
        let key = &header[..klen];
        self.pos += 9;
        let mut len: usize = 0;
        loop {
            let &c = d.get(self.pos).ok_or_else(|| self.eof())?;
            self.pos += 1;
            match c {
                b':' => break,
                b'0'..=b'9' if len < (i32::MAX as usize - 10) / 10 => len = len * 10 + (c - b'0') as usize,
                _ => return Err(self.bad_format()),
            }
        }
        let val = d.get(self.pos..self.pos.saturating_add(len)).ok_or_else(|| self.eof())?;
        self.pos += len;
        self.count += 1;
        if key != b"SEED" && val.iter().any(|&b| !(32..127).contains(&b)) {
            return Err(save_err("Forbidden characters in saved game file", self.count));
        }
        if !self.started {
            if key != b"SAVEFILE" || val != SAVE_MAGIC.as_bytes() {
                return Err(save_err("Data does not appear to be a saved game file", self.count));
            }
            self.started = true;
        }
        Ok((key, val))
    }
}

impl<G: Game> Midend<G> {
    /// `midend_serialise`: the whole game (parameters, description, undo chain) in the
    /// guide's save-file format: records `KEY:LEN:VALUE\n` with KEY padded to 8 characters,
    /// written exactly as Tatham's program writes them (`TIME` in `%g` style).
    pub fn serialise(&self) -> String {
        let mut out = String::new();
        let mut wr = |key: &str, val: &str| {
            out.push_str(&format!("{:<8}:{}:", key, val.len()));
            out.push_str(val);
            out.push('\n');
        };
        wr("SAVEFILE", SAVE_MAGIC);
        wr("VERSION", SAVE_VERSION);
        wr("GAME", G::NAME);
        wr("PARAMS", &G::encode_params(&self.params, true));
        wr("CPARAMS", &G::encode_params(&self.curparams, true));
        if let Some(seed) = &self.seedstr {
            if seed.bytes().all(|b| (32..127).contains(&b)) {
                wr("SEED", seed);
            } else {
                wr("HEXSEED", &hex_encode(seed.as_bytes()));
            }
        }
        if let Some(d) = &self.desc {
            wr("DESC", d);
        }
        if let Some(d) = &self.privdesc {
            wr("PRIVDESC", d);
        }
        if let Some(a) = &self.aux {
            // Scrambled so that a glance at the file does not give the answer away.
            let mut b = a.clone().into_bytes();
            crate::puzzle::obfuscate::obfuscate(&mut b, false);
            wr("AUXINFO", &hex_encode(&b));
        }
        if let Some(ui) = &self.ui
            && let Some(s) = G::encode_ui(ui)
        {
            wr("UI", &s);
        }
        if G::IS_TIMED {
            wr("TIME", &format_seconds(self.anim.clock.elapsed));
        }
        wr("NSTATES", &format!("{}", self.states.len()));
        wr("STATEPOS", &format!("{}", self.statepos));
        for e in self.states.iter().skip(1) {
            let key = match e.movetype {
                MoveType::Move | MoveType::NewGame => "MOVE",
                MoveType::Solve => "SOLVE",
                MoveType::Restart => "RESTART",
            };
            wr(key, e.movestr.as_deref().unwrap_or(""));
        }
        out
    }

    /// `midend_deserialise`: replaces the game with a saved one, or changes nothing and
    /// reports why not. The error position is the 1-based record number. The old draw state
    /// is freed through `dr`; call [`size`](Self::size) and [`redraw`](Self::redraw) after.
    /// Like any load, it forgets an undoable New game.
    pub fn deserialise(&mut self, dr: &mut dyn Drawing, data: &str) -> Result<(), PuzzleError> {
        self.load(dr, data, false)
    }

    /// `midend_deserialise_internal`; with `same_params` (undo or redo of a New game), the
    /// load is refused if it would change the parameters (`newgame_undo_deserialise_check`).
    pub(super) fn load(&mut self, dr: &mut dyn Drawing, data: &str, same_params: bool) -> Result<(), PuzzleError> {
        let mut records = Records::new(data.as_bytes());
        let mut parstr: Option<(String, usize)> = None;
        let mut cparstr: Option<(String, usize)> = None;
        let mut seed: Option<String> = None;
        let mut desc: Option<(String, usize)> = None;
        let mut privdesc: Option<(String, usize)> = None;
        let mut aux: Option<String> = None;
        let mut uistr: Option<String> = None;
        let mut elapsed = 0u32;
        let mut nstates: Option<usize> = None;
        let mut statepos: Option<(usize, usize)> = None;
        let mut moves: Vec<(MoveType, String, usize)> = Vec::new();
        // Read until the undo chain is complete; whatever follows is not looked at.
        while !(nstates.is_some_and(|ns| moves.len() + 1 >= ns) && statepos.is_some()) {
            let (key, val) = records.next()?;
            let n = records.count;
            if n == 1 {
                continue;
            }
            let text = || lossy(val);
            match key {
                b"VERSION" if val != SAVE_VERSION.as_bytes() => {
                    return Err(save_err("Cannot handle this version of the saved game file format", n));
                }
                b"GAME" if val != G::NAME.as_bytes() => {
                    return Err(save_err("Save file is from a different game", n));
                }
                b"PARAMS" => parstr = Some((text(), n)),
                b"CPARAMS" => cparstr = Some((text(), n)),
                b"SEED" => seed = Some(text()),
                b"HEXSEED" => {
                    let b = hex_decode(val).ok_or(save_err("Random seed in save file is not hexadecimal", n))?;
                    seed = Some(lossy(&b));
                }
                b"DESC" => desc = Some((text(), n)),
                b"PRIVDESC" => privdesc = Some((text(), n)),
                b"AUXINFO" => {
                    let mut b = hex_decode(val).ok_or(save_err("Auxiliary data in save file is not hexadecimal", n))?;
                    crate::puzzle::obfuscate::obfuscate(&mut b, true);
                    aux = Some(lossy(&b));
                }
                b"UI" => uistr = Some(text()),
                b"TIME" => elapsed = parse_seconds(val).ok_or(save_err("Game time in save file is not a number", n))?,
                b"NSTATES" => {
                    if nstates.is_some() {
                        return Err(save_err("Two state counts provided in save file", n));
                    }
                    let v = parse_decimal(val).ok_or(save_err("Number of states in save file is not a number", n))?;
                    if v == 0 {
                        return Err(save_err("Number of states in save file was not positive", n));
                    }
                    nstates = Some(v);
                }
                b"STATEPOS" => {
                    let v = parse_decimal(val).ok_or(save_err("Game position in save file is not a number", n))?;
                    statepos = Some((v, n));
                }
                b"MOVE" | b"SOLVE" | b"RESTART" => {
                    if nstates.is_none() {
                        return Err(save_err("No state count provided in save file", n));
                    }
                    if statepos.is_none() {
                        return Err(save_err("No game position provided in save file", n));
                    }
                    let t = match key {
                        b"MOVE" => MoveType::Move,
                        b"SOLVE" => MoveType::Solve,
                        _ => MoveType::Restart,
                    };
                    moves.push((t, text(), n));
                }
                // Unknown keys are ignored, so newer files with extra data still load.
                _ => {}
            }
        }
        let end = records.count + 1;
        let (parstr, pline) = parstr.ok_or(save_err("Long-term parameters in save file are missing", end))?;
        let mut params = G::default_params();
        if G::decode_params(&mut params, &parstr).is_err() || G::validate_params(&params, true).is_err() {
            return Err(save_err("Long-term parameters in save file are invalid", pline));
        }
        let (cparstr, cline) = cparstr.ok_or(save_err("Short-term parameters in save file are missing", end))?;
        let mut cparams = G::default_params();
        if G::decode_params(&mut cparams, &cparstr).is_err() || G::validate_params(&cparams, false).is_err() {
            return Err(save_err("Short-term parameters in save file are invalid", cline));
        }
        if seed.is_some() && G::validate_params(&cparams, true).is_err() {
            // The seed is no use with these parameters, but the rest of the game is.
            seed = None;
        }
        let (desc, dline) = desc.ok_or(save_err("Game description in save file is missing", end))?;
        if G::validate_desc(&cparams, &desc).is_err() {
            return Err(save_err("Game description in save file is invalid", dline));
        }
        if let Some((p, line)) = &privdesc
            && G::validate_desc(&cparams, p).is_err()
        {
            return Err(save_err("Game private description in save file is invalid", *line));
        }
        let privdesc = privdesc.map(|p| p.0);
        // The loop ends only with both known.
        let (nstates, (statepos, sline)) = (nstates.unwrap_or(1), statepos.unwrap_or((0, end)));
        if statepos < 1 || statepos > nstates {
            return Err(save_err("Game position in save file is out of range", sline));
        }
        let mut states: Vec<Entry<G::State>> = Vec::with_capacity(nstates);
        states.push(Entry {
            state: G::new_game(&cparams, privdesc.as_deref().unwrap_or(&desc)),
            movestr: None,
            movetype: MoveType::NewGame,
        });
        for (t, mv, n) in moves {
            let s = match t {
                MoveType::Restart => {
                    if G::validate_desc(&cparams, &mv).is_err() {
                        return Err(save_err("Save file contained an invalid restart move", n));
                    }
                    G::new_game(&cparams, &mv)
                }
                _ => G::execute_move(&states[states.len() - 1].state, &mv)
                    .map_err(|_| save_err("Save file contained an invalid move", n))?,
            };
            states.push(Entry { state: s, movestr: Some(mv), movetype: t });
        }
        let mut ui = G::new_ui(&states[0].state);
        self.apply_prefs(&mut ui);
        if let Some(u) = &uistr {
            G::decode_ui(&mut ui, u);
        }
        G::changed_state(&mut ui, None, &states[statepos - 1].state);
        if same_params
            && (G::encode_params(&self.params, true) != G::encode_params(&params, true)
                || G::encode_params(&self.curparams, true) != G::encode_params(&cparams, true))
        {
            return Err(PuzzleError::new(
                ErrorKind::NotPossible,
                "Undoing this new-game operation would change params",
            ));
        }
        // Past every error: install.
        self.free_drawstate(dr);
        self.params = params;
        self.curparams = cparams;
        self.seedstr = seed;
        self.desc = Some(desc);
        self.privdesc = privdesc;
        self.aux = aux;
        self.genmode = GenMode::Nothing;
        self.states = states;
        self.statepos = statepos;
        self.ui = Some(ui);
        self.anim = Animation::default();
        self.anim.clock.elapsed = elapsed;
        self.pressed = None;
        self.last_status = None;
        self.queue.clear();
        self.newgame_undo = None;
        self.newgame_redo = None;
        // A loaded game is a game in play: a New game after it can be undone.
        self.newgame_can_store_undo = true;
        self.update_timing();
        Ok(())
    }
}

/// `identify_game`: the GAME field of a save file, to pick the right back end before loading.
pub fn identify_game(data: &str) -> Result<String, PuzzleError> {
    let mut records = Records::new(data.as_bytes());
    loop {
        let (key, val) = records.next()?;
        match key {
            b"VERSION" if val != SAVE_VERSION.as_bytes() => {
                return Err(save_err("Cannot handle this version of the saved game file format", records.count));
            }
            b"GAME" => return Ok(lossy(val)),
            _ => {}
        }
    }
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn parse_decimal(v: &[u8]) -> Option<usize> {
    if v.is_empty() || v.len() > 9 || !v.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(v.iter().fold(0usize, |a, &b| a * 10 + (b - b'0') as usize))
}

/// Milliseconds as C's `printf("%g", seconds)` prints them (Tatham writes `TIME` so): six
/// significant digits, rounded half to even, trailing zeros dropped, exponent form below
/// 10⁻⁴ or from 10⁶ on (`0`, `0.001`, `1.5`, `1234.57`, `999999`, `1e+06`, `4.29497e+06`).
pub fn format_seconds(ms: u32) -> String {
    if ms == 0 {
        return String::from("0");
    }
    let digits: Vec<u8> = format!("{}", ms).bytes().map(|b| b - b'0').collect();
    // Exponent of the leading digit in seconds (ms has three decimals).
    let mut exp = digits.len() as i32 - 4;
    let mut sig: Vec<u8> = digits.iter().copied().take(6).collect();
    if digits.len() > 6 {
        let rest = &digits[6..];
        let beyond_half = rest[1..].iter().any(|&d| d != 0);
        let odd = sig[5] % 2 == 1;
        if rest[0] > 5 || (rest[0] == 5 && (beyond_half || odd)) {
            let mut i = 6;
            loop {
                if i == 0 {
                    // 999999.5 → 1000000: one more digit in front.
                    sig.insert(0, 1);
                    sig.pop();
                    exp += 1;
                    break;
                }
                i -= 1;
                if sig[i] == 9 {
                    sig[i] = 0;
                } else {
                    sig[i] += 1;
                    break;
                }
            }
        }
    }
    while sig.len() > 1 && sig[sig.len() - 1] == 0 {
        sig.pop();
    }
    let ch = |d: &u8| (b'0' + d) as char;
    let mut out = String::new();
    if !(-4..6).contains(&exp) {
        out.push(ch(&sig[0]));
        if sig.len() > 1 {
            out.push('.');
            out.extend(sig[1..].iter().map(ch));
        }
        out.push_str(&format!("e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.unsigned_abs()));
    } else if exp >= 0 {
        let int_len = exp as usize + 1;
        for i in 0..int_len {
            out.push(ch(sig.get(i).unwrap_or(&0)));
        }
        if sig.len() > int_len {
            out.push('.');
            out.extend(sig[int_len..].iter().map(ch));
        }
    } else {
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        out.extend(sig.iter().map(ch));
    }
    out
}

/// Reads seconds written by `%g` (or any plain decimal: `12`, `1.5`, `.5`, `1e+06`,
/// `1.23457E6`, a sign) back into milliseconds, rounded to the nearest, saturating at
/// `u32::MAX` (49 days); negative times become 0. Anything else is not a number (`None`):
/// Tatham's `atof` would read junk as 0, we report it.
pub fn parse_seconds(v: &[u8]) -> Option<u32> {
    let mut i = 0;
    let negative = match v.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    // Up to 18 significant digits in `mant`; `exp10` is the power of ten it is scaled by.
    let (mut mant, mut exp10, mut ndigits, mut sigdigits) = (0u64, 0i32, 0, 0);
    let mut seen_point = false;
    while let Some(&c) = v.get(i) {
        match c {
            b'0'..=b'9' => {
                ndigits += 1;
                if mant == 0 && c == b'0' {
                    // A leading zero: significant only as a place after the point.
                    if seen_point {
                        exp10 -= 1;
                    }
                } else if sigdigits < 18 {
                    mant = mant * 10 + (c - b'0') as u64;
                    sigdigits += 1;
                    if seen_point {
                        exp10 -= 1;
                    }
                } else if !seen_point {
                    // Beyond 18 digits: dropped, but an integer digit still scales by ten.
                    exp10 += 1;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if ndigits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = v.get(i) {
        i += 1;
        let eneg = match v.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        let mut e: i32 = 0;
        while let Some(&c @ b'0'..=b'9') = v.get(i) {
            e = (e * 10 + (c - b'0') as i32).min(10_000);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if eneg { -e } else { e };
    }
    if i != v.len() {
        return None;
    }
    if negative || mant == 0 {
        return Some(0);
    }
    // Milliseconds = mant × 10^(exp10 + 3).
    let k = exp10 + 3;
    if k >= 0 {
        let mut ms = mant;
        for _ in 0..k {
            ms = ms.saturating_mul(10);
            if ms > u32::MAX as u64 {
                return Some(u32::MAX);
            }
        }
        Some(ms.min(u32::MAX as u64) as u32)
    } else if k < -19 {
        Some(0)
    } else {
        let div = 10u64.pow((-k) as u32);
        let (q, r) = (mant / div, mant % div);
        let q = if r >= div - r { q + 1 } else { q };
        Some(q.min(u32::MAX as u64) as u32)
    }
}

fn hex_encode(b: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(HEX[(x >> 4) as usize] as char);
        s.push(HEX[(x & 15) as usize] as char);
    }
    s
}

fn hex_decode(v: &[u8]) -> Option<Vec<u8>> {
    if v.len() % 2 != 0 {
        return None;
    }
    let d = |c: u8| (c as char).to_digit(16).map(|x| x as u8);
    v.chunks(2).map(|p| Some(d(p[0])? << 4 | d(p[1])?)).collect()
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
