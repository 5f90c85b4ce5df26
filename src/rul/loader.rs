//! Loading and validating a RUL3 rule file (section 6.8).
//!
//! Every read is bounds-checked, every count and offset is validated, and each rejection
//! names a [`LoadReason`] and the byte offset at fault. The loader never panics and runs in
//! time linear in the file size, whatever the bytes (see the fuzzing campaign in docs/rul.md).

use super::error::{LoadError, LoadReason as R};
use super::geometry::{ConfigFault, check_config};
use super::model::*;
use alloc::vec::Vec;

/// A bounds-checked big-endian reader over the file.
struct Bytes<'a> {
    data: &'a [u8],
}

fn err(reason: R, offset: usize) -> LoadError {
    LoadError { reason, offset: offset.min(u32::MAX as usize) as u32 }
}

impl<'a> Bytes<'a> {
    fn u8(&self, at: usize) -> Result<u8, LoadError> {
        self.data.get(at).copied().ok_or(err(R::OffsetOutsideFile, at))
    }
    fn u16(&self, at: usize) -> Result<u16, LoadError> {
        Ok(((self.u8(at)? as u16) << 8) | self.u8(at + 1)? as u16)
    }
    fn u32(&self, at: usize) -> Result<u32, LoadError> {
        Ok(((self.u16(at)? as u32) << 16) | self.u16(at + 2)? as u32)
    }
    fn slice(&self, at: usize, len: usize) -> Result<&'a [u8], LoadError> {
        let end = at.checked_add(len).ok_or(err(R::OffsetOutsideFile, at))?;
        self.data.get(at..end).ok_or(err(R::OffsetOutsideFile, at))
    }
    /// An address field: must point inside the file (or to its end when `end_ok`).
    fn addr(&self, at: usize, end_ok: bool) -> Result<usize, LoadError> {
        let a = self.u32(at)? as usize;
        if a > self.data.len() || (!end_ok && a == self.data.len()) {
            return Err(err(R::OffsetOutsideFile, at));
        }
        Ok(a)
    }
}

fn colour(b: &Bytes, at: usize) -> Result<u32, LoadError> {
    let c = b.u32(at)?;
    if c >> 24 != 0 {
        return Err(err(R::ColourHighByte, at));
    }
    Ok(c)
}

fn config_error(base: usize, (i, fault): (usize, ConfigFault)) -> LoadError {
    let reason = match fault {
        ConfigFault::BadPosition => R::ShapeBadPosition,
        ConfigFault::Duplicate => R::ShapeDuplicatePosition,
        ConfigFault::UnusedNotZero => R::ShapeUnusedNotZero,
        ConfigFault::NotConnected => R::ShapeNotConnected,
    };
    err(reason, base + i.min(3))
}

/// Parses and validates a whole rule file.
pub fn load(data: &[u8]) -> Result<RuleFile, LoadError> {
    let b = Bytes { data };
    if data.len() < HEADER_SIZE {
        return Err(err(R::TooShort, data.len()));
    }
    if b.u32(0)? != MAGIC {
        return Err(err(R::BadMagic, 0));
    }
    let mut colours = [0u32; 4];
    for (i, c) in colours.iter_mut().enumerate() {
        *c = colour(&b, 4 + 4 * i)?;
    }
    let name_height = b.u16(20)?;
    let mut name = [0u8; 24];
    name.copy_from_slice(b.slice(22, 24)?);
    if !name.contains(&0) {
        return Err(err(R::NameNotTerminated, 22));
    }
    let name_font = b.u16(46)?;
    let numbers_font = b.u16(48)?;
    let n_patterns = b.u8(50)? as usize;
    let n_shapes = b.u8(51)? as usize;
    let n_signals = b.u8(52)? as usize;
    let board_size = b.u8(53)?;
    if n_patterns == 0 {
        return Err(err(R::NoPatterns, 50));
    }
    if n_shapes == 0 {
        return Err(err(R::NoShapes, 51));
    }
    if n_signals == 0 {
        return Err(err(R::NoSignals, 52));
    }
    if board_size != 0 && !(6..=9).contains(&board_size) {
        return Err(err(R::BadBoardSize, 53));
    }
    let mut score_counts = [0u8; 4];
    let mut score_max = [0u8; 4];
    for k in 0..4 {
        score_counts[k] = b.u8(54 + k)?;
        score_max[k] = b.u8(58 + k)?;
        if score_counts[k] > score_max[k] {
            return Err(err(R::ScoreCountAboveMax, 54 + k));
        }
    }
    let stack_size = b.u32(62)?;
    if stack_size > MAX_STACK {
        return Err(err(R::StackTooLarge, 62));
    }
    let signals_at = b.addr(66, false)?;
    let numbers_at = b.addr(70, false)?;
    let mut phase_at = [0usize; 7];
    for (i, p) in phase_at.iter_mut().enumerate() {
        *p = b.addr(74 + 4 * i, false)?;
    }
    let help_at = b.u32(102)? as usize;
    if help_at > data.len() {
        return Err(err(R::OffsetOutsideFile, 102));
    }
    let scores_at = b.addr(106, true)?;

    // Scores: at the very end, 32 bytes each.
    let total_scores: usize = score_counts.iter().map(|&c| c as usize).sum();
    if data.len().checked_sub(scores_at) != Some(total_scores * SCORE_SIZE) {
        return Err(err(R::ScoresNotAtEnd, 106));
    }

    // Patterns right after the header.
    let shapes_at = HEADER_SIZE + n_patterns * PATTERN_SIZE;
    let mut patterns = Vec::with_capacity(n_patterns);
    for i in 0..n_patterns {
        let mut p = [0u8; PATTERN_SIZE];
        p.copy_from_slice(b.slice(HEADER_SIZE + i * PATTERN_SIZE, PATTERN_SIZE)?);
        patterns.push(p);
    }

    // Shapes: records then rotation lists, all before the signals.
    if signals_at < shapes_at + 8 * n_shapes {
        return Err(err(R::SectionOverlap, 66));
    }
    let shapes_end = signals_at;
    let mut shapes = Vec::with_capacity(n_shapes);
    for i in 0..n_shapes {
        let at = shapes_at + 8 * i;
        let count = b.u8(at)?;
        if !(1..=4).contains(&count) {
            return Err(err(R::ShapeHexCount, at));
        }
        let rot = b.u8(at + 1)? as i8;
        let list_off = b.u16(at + 2)? as usize;
        let mut initial = [0u8; 4];
        initial.copy_from_slice(b.slice(at + 4, 4)?);
        check_config(initial, count as usize).map_err(|e| config_error(at + 4, e))?;
        let rotation = if rot > 0 {
            if rot > 6 {
                return Err(err(R::ShapeRotationCount, at + 1));
            }
            let list_at = shapes_at + list_off;
            if list_off < 8 * n_shapes || list_at + 4 * rot as usize > shapes_end {
                return Err(err(R::OffsetOutsideFile, at + 2));
            }
            let mut list = Vec::with_capacity(rot as usize);
            for k in 0..rot as usize {
                let mut c = [0u8; 4];
                c.copy_from_slice(b.slice(list_at + 4 * k, 4)?);
                check_config(c, count as usize).map_err(|e| config_error(list_at + 4 * k, e))?;
                list.push(c);
            }
            Rotation::List(list)
        } else {
            if list_off != 0 {
                return Err(err(R::ShapeListOffsetNotZero, at + 2));
            }
            if rot < 0 { Rotation::AboutReference(rot) } else { Rotation::None }
        };
        shapes.push(Shape { count, rotation, initial });
    }

    // Signals.
    if numbers_at < signals_at + 8 * n_signals {
        return Err(err(R::SectionOverlap, 70));
    }
    let mut signals = Vec::with_capacity(n_signals);
    for i in 0..n_signals {
        let at = signals_at + 8 * i;
        let external = b.u32(at)?;
        if external == 0 || external > i32::MAX as u32 {
            return Err(err(R::SignalIdNotPositive, at));
        }
        let key = b.u16(at + 4)?;
        if b.u16(at + 6)? != 0 {
            return Err(err(R::SignalReservedNotZero, at + 6));
        }
        signals.push(Signal { external, key });
    }

    // Numbers.
    let n_numbers = b.u16(numbers_at)? as usize;
    if n_numbers > 8 {
        return Err(err(R::TooManyNumbers, numbers_at));
    }
    let mut numbers_end = numbers_at + 2 + 2 * n_numbers;
    let mut numbers = Vec::with_capacity(n_numbers);
    for i in 0..n_numbers {
        let at = numbers_at + b.u16(numbers_at + 2 + 2 * i)? as usize;
        let max_digits = b.u8(at)?;
        let min_digits = b.u8(at + 1)?;
        if !(1..=8).contains(&max_digits) {
            return Err(err(R::NumberDigits, at));
        }
        if !(1..=8).contains(&min_digits) {
            return Err(err(R::NumberDigits, at + 1));
        }
        let text_height = b.u8(at + 2)?;
        let number_height = b.u8(at + 3)?;
        for (k, h) in [text_height, number_height].into_iter().enumerate() {
            if !(16..=127).contains(&h) {
                return Err(err(R::NumberHeight, at + 2 + k));
            }
        }
        let text_colour = colour(&b, at + 4)?;
        let zero_colour = colour(&b, at + 8)?;
        let digit_colour = colour(&b, at + 12)?;
        let placement = b.u8(at + 16)? as i8;
        if !(-1..=1).contains(&placement) {
            return Err(err(R::NumberPlacement, at + 16));
        }
        let mut p = at + 17;
        let mut texts = Vec::new();
        loop {
            let len = b.u8(p)?;
            if len == 0 {
                break;
            }
            if len > 127 {
                return Err(err(R::NumberTextLength, p));
            }
            let lang = b.u8(p + 1)?;
            texts.push(LangText { lang, text: b.slice(p + 2, len as usize)?.to_vec() });
            p += 2 + len as usize;
        }
        if texts.is_empty() {
            return Err(err(R::NumberNoLanguage, p));
        }
        numbers_end = numbers_end.max(p + 1);
        numbers.push(NumberDef {
            max_digits,
            min_digits,
            text_height,
            number_height,
            text_colour,
            zero_colour,
            digit_colour,
            placement,
            texts,
        });
    }

    // Code: from the end of the numbers to the help (or the scores).
    let code_at = numbers_end;
    let code_end = if help_at != 0 { help_at } else { scores_at };
    if code_end <= code_at {
        return Err(err(R::EmptyCode, if help_at != 0 { 102 } else { 106 }));
    }
    let code = b.slice(code_at, code_end - code_at)?.to_vec();
    let mut phases = [0u32; 7];
    for i in 0..7 {
        if phase_at[i] < code_at || phase_at[i] >= code_end {
            return Err(err(R::PhaseOutsideCode, 74 + 4 * i));
        }
        phases[i] = (phase_at[i] - code_at) as u32;
    }

    // Help: a chain of languages ending with a null long, before the scores.
    let mut help = Vec::new();
    if help_at != 0 {
        let mut p = help_at;
        loop {
            if p + 4 > scores_at {
                return Err(err(R::HelpChainBad, p));
            }
            let next = b.u32(p)? as usize;
            if next == 0 {
                if p + 4 != scores_at {
                    return Err(err(R::HelpChainBad, p));
                }
                break;
            }
            let lang = b.u8(p + 4)?;
            let underline = b.u8(p + 5)?;
            let reserved = b.u8(p + 6)?;
            if reserved != 0 {
                return Err(err(R::HelpReservedNotZero, p + 6));
            }
            let limit = p.checked_add(next).filter(|&e| e <= scores_at && next >= 8);
            let Some(limit) = limit else {
                return Err(err(R::HelpChainBad, p));
            };
            let start = p + 7;
            let mut q = start;
            loop {
                if q >= limit {
                    return Err(err(R::HelpNotTerminated, q));
                }
                let c = b.u8(q)?;
                if c == 0 {
                    break;
                }
                if c < 32 && c != 13 && c != 10 {
                    return Err(err(R::HelpBadCharacter, q));
                }
                q += 1;
            }
            if q + 1 != limit {
                return Err(err(R::HelpChainBad, p));
            }
            help.push(HelpText { lang, underline, reserved, text: data[start..q].to_vec() });
            p = limit;
        }
    }

    // Scores.
    let mut scores: [Vec<ScoreEntry>; 4] = Default::default();
    let mut p = scores_at;
    for k in 0..4 {
        for _ in 0..score_counts[k] {
            let mut name = [0u8; 24];
            name.copy_from_slice(b.slice(p, 24)?);
            if !name.contains(&0) {
                return Err(err(R::ScoreNameNotTerminated, p));
            }
            scores[k].push(ScoreEntry { name, score: b.u32(p + 24)?, date: b.u32(p + 28)? });
            p += SCORE_SIZE;
        }
    }

    Ok(RuleFile {
        colours,
        name_height,
        name,
        name_font,
        numbers_font,
        board_size,
        score_max,
        stack_size,
        patterns,
        shapes,
        signals,
        numbers,
        code,
        phases,
        help,
        scores,
    })
}

/// Tests of the loader and the writer (round trips).
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
