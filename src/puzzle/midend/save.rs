//! Save files in the guide's format: records `KEY:LEN:VALUE`, KEY padded to 8 characters.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Animation, Entry, GenMode, Midend, MoveType};
use crate::puzzle::backend::{ErrorKind, Game, PuzzleError};

/// First record of every save file (`SERIALISE_MAGIC`).
pub const SAVE_MAGIC: &str = "Simon Tatham's Portable Puzzle Collection";
/// The only save-file format version (`SERIALISE_VERSION`).
pub const SAVE_VERSION: &str = "1";

fn save_err(reason: &'static str, record: usize) -> PuzzleError {
    PuzzleError::at(ErrorKind::SaveFile, reason, record)
}

impl<G: Game> Midend<G> {
    /// `midend_serialise`: the whole game (parameters, description, undo chain) in the
    /// guide's save-file format: records `KEY:LEN:VALUE\n` with KEY padded to 8 characters.
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
            wr("TIME", &format!("{}.{:03}", self.anim.clock.elapsed / 1000, self.anim.clock.elapsed % 1000));
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
    /// reports why not. The error position is the 1-based record (line) number.
    pub fn deserialise(&mut self, data: &str) -> Result<(), PuzzleError> {
        let records = parse_records(data.as_bytes())?;
        let mut parstr = None;
        let mut cparstr = None;
        let mut seed: Option<String> = None;
        let mut desc: Option<String> = None;
        let mut privdesc: Option<String> = None;
        let mut aux: Option<String> = None;
        let mut uistr: Option<String> = None;
        let mut elapsed = 0u32;
        let mut nstates: Option<usize> = None;
        let mut statepos: Option<usize> = None;
        let mut moves: Vec<(MoveType, String, usize)> = Vec::new();
        let mut last_record = 0;
        for (i, (key, val)) in records.iter().enumerate() {
            let n = i + 1;
            last_record = n;
            let text = || lossy(val);
            if i == 0 {
                if key != "SAVEFILE" || val.as_slice() != SAVE_MAGIC.as_bytes() {
                    return Err(save_err("Data does not appear to be a saved game file", n));
                }
                continue;
            }
            if key != "SEED" && val.iter().any(|&b| !(32..127).contains(&b)) {
                return Err(save_err("Forbidden characters in saved game file", n));
            }
            match key.as_str() {
                "VERSION" if val.as_slice() != SAVE_VERSION.as_bytes() => {
                    return Err(save_err("Cannot handle this version of the saved game file format", n));
                }
                "GAME" if val.as_slice() != G::NAME.as_bytes() => {
                    return Err(save_err("Save file is from a different game", n));
                }
                "PARAMS" => parstr = Some((text(), n)),
                "CPARAMS" => cparstr = Some((text(), n)),
                "SEED" => seed = Some(text()),
                "HEXSEED" => {
                    let b = hex_decode(val).ok_or(save_err("Random seed in save file is not hexadecimal", n))?;
                    seed = Some(lossy(&b));
                }
                "DESC" => desc = Some(text()),
                "PRIVDESC" => privdesc = Some(text()),
                "AUXINFO" => {
                    let mut b = hex_decode(val).ok_or(save_err("Auxiliary data in save file is not hexadecimal", n))?;
                    crate::puzzle::obfuscate::obfuscate(&mut b, true);
                    aux = Some(lossy(&b));
                }
                "UI" => uistr = Some(text()),
                "TIME" => elapsed = parse_millis(val).ok_or(save_err("Game time in save file is not a number", n))?,
                "NSTATES" => {
                    if nstates.is_some() {
                        return Err(save_err("Two state counts provided in save file", n));
                    }
                    let v = parse_decimal(val).ok_or(save_err("Number of states in save file is not a number", n))?;
                    if v == 0 {
                        return Err(save_err("Number of states in save file was not positive", n));
                    }
                    nstates = Some(v);
                }
                "STATEPOS" => {
                    statepos =
                        Some(parse_decimal(val).ok_or(save_err("Game position in save file is not a number", n))?)
                }
                "MOVE" | "SOLVE" | "RESTART" => {
                    let Some(ns) = nstates else {
                        return Err(save_err("No state count provided in save file", n));
                    };
                    if statepos.is_none() {
                        return Err(save_err("No game position provided in save file", n));
                    }
                    if moves.len() + 1 >= ns {
                        return Err(save_err("Too many states in save file", n));
                    }
                    let t = match key.as_str() {
                        "MOVE" => MoveType::Move,
                        "SOLVE" => MoveType::Solve,
                        _ => MoveType::Restart,
                    };
                    moves.push((t, text(), n));
                }
                // Unknown keys are ignored, so newer files with extra data still load.
                _ => {}
            }
        }
        let end = last_record + 1;
        if records.is_empty() {
            return Err(save_err("Data does not appear to be a saved game file", 1));
        }
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
            seed = None;
        }
        let desc = desc.ok_or(save_err("Game description in save file is missing", end))?;
        if G::validate_desc(&cparams, &desc).is_err() {
            return Err(save_err("Game description in save file is invalid", find_record(&records, "DESC")));
        }
        if let Some(p) = &privdesc
            && G::validate_desc(&cparams, p).is_err()
        {
            return Err(save_err(
                "Game private description in save file is invalid",
                find_record(&records, "PRIVDESC"),
            ));
        }
        let nstates = nstates.ok_or(save_err("No state count provided in save file", end))?;
        let statepos = statepos.ok_or(save_err("No game position provided in save file", end))?;
        if statepos < 1 || statepos > nstates {
            return Err(save_err("Game position in save file is out of range", find_record(&records, "STATEPOS")));
        }
        if moves.len() + 1 < nstates {
            return Err(save_err("Saved data ended unexpectedly", end));
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
        if let Some(u) = &uistr {
            G::decode_ui(&mut ui, u);
        }
        G::changed_state(&mut ui, None, &states[statepos - 1].state);
        // Past every error: install.
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
        self.drawstate = None;
        self.last_status = None;
        self.queue.clear();
        self.update_timing();
        Ok(())
    }
}

/// `identify_game`: the GAME field of a save file, to pick the right back end before loading.
pub fn identify_game(data: &str) -> Result<String, PuzzleError> {
    let records = parse_records(data.as_bytes())?;
    for (i, (key, val)) in records.iter().enumerate() {
        if i == 0 {
            if key != "SAVEFILE" || val.as_slice() != SAVE_MAGIC.as_bytes() {
                return Err(save_err("Data does not appear to be a saved game file", 1));
            }
        } else if key == "VERSION" && val.as_slice() != SAVE_VERSION.as_bytes() {
            return Err(save_err("Cannot handle this version of the saved game file format", i + 1));
        } else if key == "GAME" {
            return Ok(lossy(val));
        }
    }
    Err(save_err("Saved data ended unexpectedly", records.len() + 1))
}

fn find_record(records: &[(String, Vec<u8>)], key: &str) -> usize {
    records.iter().position(|(k, _)| k == key).map_or(0, |i| i + 1)
}

/// Splits a save file into (key, value) records, checking the framing of each: a key of 8
/// characters (trailing spaces stripped), `:`, a decimal length, `:`, exactly that many bytes,
/// then a line ending (CR and/or LF; blank lines between records are allowed, as in the
/// reference). Errors carry the 1-based record number.
fn parse_records(data: &[u8]) -> Result<Vec<(String, Vec<u8>)>, PuzzleError> {
    let mut out = Vec::new();
    let mut p = 0;
    loop {
        while p < data.len() && (data[p] == b'\r' || data[p] == b'\n') {
            p += 1;
        }
        if p >= data.len() {
            break;
        }
        let n = out.len() + 1;
        let first = out.is_empty();
        let fmt = if first {
            "Data does not appear to be a saved game file"
        } else {
            "Data was incorrectly formatted for a saved game file"
        };
        if p + 9 > data.len() {
            return Err(save_err(if first { fmt } else { "Saved data ended unexpectedly" }, n));
        }
        if data[p + 8] != b':' {
            return Err(save_err(fmt, n));
        }
        let key_bytes = &data[p..p + 8];
        let klen = key_bytes.iter().position(|&b| b == b' ' || b == b':').unwrap_or(8);
        if klen == 0
            || !key_bytes[..klen].iter().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            || !key_bytes[klen..].iter().all(|&b| b == b' ')
        {
            return Err(save_err(fmt, n));
        }
        let key = lossy(&key_bytes[..klen]);
        p += 9;
        let mut len: usize = 0;
        let mut digits = 0;
        loop {
            let Some(&c) = data.get(p) else {
                return Err(save_err("Saved data ended unexpectedly", n));
            };
            p += 1;
            if c == b':' {
                break;
            }
            if !c.is_ascii_digit() || len > 10_000_000 {
                return Err(save_err(fmt, n));
            }
            len = len * 10 + (c - b'0') as usize;
            digits += 1;
        }
        if digits == 0 {
            return Err(save_err(fmt, n));
        }
        if p + len > data.len() {
            return Err(save_err("Saved data ended unexpectedly", n));
        }
        let val = data[p..p + len].to_vec();
        p += len;
        if p < data.len() && data[p] != b'\n' && data[p] != b'\r' {
            return Err(save_err("Record length does not match its value", n));
        }
        out.push((key, val));
    }
    Ok(out)
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

/// Seconds with an optional fraction ("12", "12.5", "12.345") → milliseconds.
fn parse_millis(v: &[u8]) -> Option<u32> {
    let (int, frac) = match v.iter().position(|&b| b == b'.') {
        Some(i) => (&v[..i], &v[i + 1..]),
        None => (v, &[][..]),
    };
    let secs = parse_decimal(int)? as u32;
    if secs > 4_000_000 || !frac.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut ms = 0u32;
    for k in 0..3 {
        ms = ms * 10 + frac.get(k).map_or(0, |&b| (b - b'0') as u32);
    }
    Some(secs * 1000 + ms)
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
