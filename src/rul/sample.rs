//! A small hand-built rule used by the engine's tests (loader, writer, game).

use super::model::*;
use alloc::vec;
use alloc::vec::Vec;

/// Builds a valid rule model whose phases are the given code fragments laid end to end.
pub fn sample_rule(phases: [&[u8]; 7]) -> RuleFile {
    let mut code = Vec::new();
    let mut offs = [0u32; 7];
    for (i, p) in phases.iter().enumerate() {
        offs[i] = code.len() as u32;
        code.extend_from_slice(p);
    }
    let mut name = [0u8; 24];
    name[..6].copy_from_slice(b"Sample");
    let mut pattern = [0u8; PATTERN_SIZE];
    for i in 0..PATTERN_PIXELS {
        RuleFile::set_pixel(&mut pattern, i, (i % 8) as u8);
    }
    RuleFile {
        colours: [0x00ff_ffff, 0x00ff_0000, 0x0000_ff00, 0x0000_00ff],
        name_height: 32,
        name,
        name_font: 0,
        numbers_font: 0,
        board_size: 0,
        score_max: [10, 10, 10, 10],
        stack_size: 16,
        patterns: vec![pattern, [0x92; PATTERN_SIZE]],
        shapes: vec![
            Shape { count: 1, rotation: Rotation::None, initial: [0, 0, 0, 0] },
            Shape { count: 3, rotation: Rotation::AboutReference(-1), initial: [0, 1, 4, 0] },
            Shape {
                count: 2,
                rotation: Rotation::List(vec![[0, 1, 0, 0], [0, 2, 0, 0], [0, 3, 0, 0]]),
                initial: [0, 1, 0, 0],
            },
        ],
        signals: vec![
            Signal { external: u32::from_be_bytes(*b"DOWN"), key: 0x0010 },
            Signal { external: u32::from_be_bytes(*b"PAUS"), key: 0x0061 },
        ],
        numbers: vec![NumberDef {
            max_digits: 6,
            min_digits: 1,
            text_height: 16,
            number_height: 24,
            text_colour: 0x00ff_ff00,
            zero_colour: 0x0040_4040,
            digit_colour: 0x00ff_ffff,
            placement: 0,
            texts: vec![
                LangText { lang: b'E', text: b"Score".to_vec() },
                LangText { lang: b'F', text: b"Score".to_vec() },
            ],
        }],
        code,
        phases: offs,
        help: vec![HelpText { lang: b'E', underline: b'=', reserved: 0, text: b"Help\r\n====\r\n".to_vec() }],
        scores: [
            vec![ScoreEntry { name: *b"Ann\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", score: 99, date: 0x1234_5678 }],
            vec![],
            vec![],
            vec![],
        ],
    }
}

/// The sample rule with trivial phases (each returns 0).
pub fn trivial_rule() -> RuleFile {
    const RET0: &[u8] = &[0xC0, 0x51];
    sample_rule([RET0; 7])
}
