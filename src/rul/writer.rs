//! Writing a [`RuleFile`] as a RUL3 file in canonical layout (see `model.rs`).

use super::model::*;
use alloc::vec::Vec;

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_be_bytes());
}
fn put32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}
fn set32(out: &mut [u8], at: usize, v: u32) {
    out[at..at + 4].copy_from_slice(&v.to_be_bytes());
}

/// Serialises the model. The result loads back to an equal model when the model is valid.
pub fn write(rule: &RuleFile) -> Vec<u8> {
    let mut out = Vec::new();
    put32(&mut out, MAGIC);
    for c in rule.colours {
        put32(&mut out, c);
    }
    put16(&mut out, rule.name_height);
    out.extend_from_slice(&rule.name);
    put16(&mut out, rule.name_font);
    put16(&mut out, rule.numbers_font);
    out.push(rule.patterns.len() as u8);
    out.push(rule.shapes.len() as u8);
    out.push(rule.signals.len() as u8);
    out.push(rule.board_size);
    for s in &rule.scores {
        out.push(s.len() as u8);
    }
    out.extend_from_slice(&rule.score_max);
    put32(&mut out, rule.stack_size);
    // Addresses (signals, numbers, 7 phases, help, scores) are patched below.
    out.resize(HEADER_SIZE, 0);
    for p in &rule.patterns {
        out.extend_from_slice(p);
    }
    // Shapes, then their rotation lists in shape order.
    let shapes_at = out.len();
    let mut list_off = 8 * rule.shapes.len();
    for s in &rule.shapes {
        out.push(s.count);
        match &s.rotation {
            Rotation::None => {
                out.push(0);
                put16(&mut out, 0);
            }
            Rotation::AboutReference(v) => {
                out.push(*v as u8);
                put16(&mut out, 0);
            }
            Rotation::List(l) => {
                out.push(l.len() as u8);
                put16(&mut out, list_off as u16);
                list_off += 4 * l.len();
            }
        }
        out.extend_from_slice(&s.initial);
    }
    for s in &rule.shapes {
        if let Rotation::List(l) = &s.rotation {
            for c in l {
                out.extend_from_slice(c);
            }
        }
    }
    debug_assert_eq!(out.len(), shapes_at + list_off);
    let signals_at = out.len();
    set32(&mut out, 66, signals_at as u32);
    for s in &rule.signals {
        put32(&mut out, s.external);
        put16(&mut out, s.key);
        put16(&mut out, 0);
    }
    let numbers_at = out.len();
    set32(&mut out, 70, numbers_at as u32);
    put16(&mut out, rule.numbers.len() as u16);
    let table_at = out.len();
    out.resize(table_at + 2 * rule.numbers.len(), 0);
    for (i, n) in rule.numbers.iter().enumerate() {
        let rel = (out.len() - numbers_at) as u16;
        out[table_at + 2 * i..table_at + 2 * i + 2].copy_from_slice(&rel.to_be_bytes());
        out.extend_from_slice(&[n.max_digits, n.min_digits, n.text_height, n.number_height]);
        put32(&mut out, n.text_colour);
        put32(&mut out, n.zero_colour);
        put32(&mut out, n.digit_colour);
        out.push(n.placement as u8);
        for t in &n.texts {
            out.push(t.text.len() as u8);
            out.push(t.lang);
            out.extend_from_slice(&t.text);
        }
        out.push(0);
    }
    let code_at = out.len();
    for (i, p) in rule.phases.iter().enumerate() {
        set32(&mut out, 74 + 4 * i, code_at as u32 + p);
    }
    out.extend_from_slice(&rule.code);
    if rule.help.is_empty() {
        set32(&mut out, 102, 0);
    } else {
        let help_at = out.len();
        set32(&mut out, 102, help_at as u32);
        for h in &rule.help {
            put32(&mut out, (4 + 3 + h.text.len() + 1) as u32);
            out.extend_from_slice(&[h.lang, h.underline, h.reserved]);
            out.extend_from_slice(&h.text);
            out.push(0);
        }
        put32(&mut out, 0);
    }
    let scores_at = out.len();
    set32(&mut out, 106, scores_at as u32);
    for table in &rule.scores {
        for e in table {
            out.extend_from_slice(&e.name);
            put32(&mut out, e.score);
            put32(&mut out, e.date);
        }
    }
    out
}
