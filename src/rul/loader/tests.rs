//! Shared tests of the loader and the writer.

use crate::rul::error::{LoadError, LoadReason};
use crate::rul::loader::load;
use crate::rul::model::*;
use crate::rul::sample::trivial_rule;
use crate::rul::writer::write;

fn reject(bytes: &[u8]) -> LoadError {
    match load(bytes) {
        Ok(_) => panic!("accepted a bad file"),
        Err(e) => e,
    }
}

fn set32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_be_bytes());
}

crate::test_cases! {
    fn round_trip_is_byte_identical() {
        let rule = trivial_rule();
        let bytes = write(&rule);
        let back = load(&bytes).unwrap();
        assert_eq!(back, rule);
        assert_eq!(write(&back), bytes);
    }
    fn header_layout_matches_the_manual() {
        let bytes = write(&trivial_rule());
        assert_eq!(&bytes[0..4], b"RUL3");
        assert_eq!(&bytes[22..28], b"Sample");
        assert_eq!(bytes[50], 2); // patterns
        assert_eq!(bytes[51], 3); // shapes
        assert_eq!(bytes[52], 2); // signals
        assert_eq!(bytes[54], 1); // one score for size 6
        let scores_at = u32::from_be_bytes([bytes[106], bytes[107], bytes[108], bytes[109]]) as usize;
        assert_eq!(scores_at + 32, bytes.len());
        assert_eq!(&bytes[scores_at..scores_at + 3], b"Ann");
        // Shapes follow the two patterns; the list of shape 3 follows the three records.
        let shapes_at = HEADER_SIZE + 2 * PATTERN_SIZE;
        assert_eq!(&bytes[shapes_at + 16..shapes_at + 20], &[2, 3, 0, 24]);
        assert_eq!(&bytes[shapes_at + 24..shapes_at + 28], &[0, 1, 0, 0]);
    }
    fn pixels_pack_three_bits_msb_first() {
        let mut p = [0u8; PATTERN_SIZE];
        RuleFile::set_pixel(&mut p, 0, 7);
        RuleFile::set_pixel(&mut p, 2, 5);
        assert_eq!(p[0], 0b1110_0010);
        assert_eq!(p[1], 0b1000_0000);
        assert_eq!(RuleFile::pixel(&p, 2), 5);
        assert_eq!(RuleFile::pixel(&p, 1), 0);
    }
    fn updated_score_table_round_trips() {
        let mut rule = trivial_rule();
        let e = ScoreEntry { name: [b'Z'; 24], score: 5, date: 1 };
        let mut named = e;
        named.name[3] = 0;
        assert_eq!(rule.insert_score(6, named), Some(1));
        assert_eq!(rule.insert_score(9, ScoreEntry { score: 7, ..named }), Some(0));
        let bytes = write(&rule);
        let back = load(&bytes).unwrap();
        assert_eq!(back.scores[0].len(), 2);
        assert_eq!(back.scores[3][0].score, 7);
        assert_eq!(write(&back), bytes);
        rule.score_max[1] = 0;
        assert_eq!(rule.insert_score(7, named), None);
    }
    fn rejects_with_reason_and_offset() {
        let good = write(&trivial_rule());
        assert_eq!(reject(&good[..50]).reason, LoadReason::TooShort);
        let mut b = good.clone(); b[0] = b'X';
        assert_eq!(reject(&b), LoadError { reason: LoadReason::BadMagic, offset: 0 });
        let mut b = good.clone(); b[8] = 1;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::ColourHighByte, offset: 8 });
        let mut b = good.clone(); for i in 22..46 { b[i] = b'a'; }
        assert_eq!(reject(&b).reason, LoadReason::NameNotTerminated);
        let mut b = good.clone(); b[53] = 5;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::BadBoardSize, offset: 53 });
        let mut b = good.clone(); b[58] = 0;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::ScoreCountAboveMax, offset: 54 });
        let mut b = good.clone(); set32(&mut b, 74 + 8, 3);
        assert_eq!(reject(&b), LoadError { reason: LoadReason::PhaseOutsideCode, offset: 82 });
        let mut b = good.clone(); set32(&mut b, 66, 0x7fff_0000);
        assert_eq!(reject(&b), LoadError { reason: LoadReason::OffsetOutsideFile, offset: 66 });
        let mut b = good.clone(); b.push(0);
        assert_eq!(reject(&b).reason, LoadReason::ScoresNotAtEnd);
    }
    fn rejects_bad_shapes() {
        let good = write(&trivial_rule());
        let shapes_at = HEADER_SIZE + 2 * PATTERN_SIZE;
        let mut b = good.clone(); b[shapes_at] = 5;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::ShapeHexCount, offset: shapes_at as u32 });
        let mut b = good.clone(); b[shapes_at + 8 + 6] = 10; // hexagons 0,1,10: 10 not adjacent
        assert_eq!(reject(&b).reason, LoadReason::ShapeNotConnected);
        let mut b = good.clone(); b[shapes_at + 8 + 5] = 0;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::ShapeDuplicatePosition, offset: (shapes_at + 13) as u32 });
        let mut b = good.clone(); b[shapes_at + 16 + 1] = 7;
        assert_eq!(reject(&b).reason, LoadReason::ShapeRotationCount);
        let mut b = good.clone(); b[shapes_at + 24 + 1] = 30; // first list entry
        assert_eq!(reject(&b), LoadError { reason: LoadReason::ShapeBadPosition, offset: (shapes_at + 25) as u32 });
        let mut b = good.clone(); b[shapes_at + 3] = 1;
        assert_eq!(reject(&b).reason, LoadReason::ShapeListOffsetNotZero);
    }
    fn rejects_bad_signals_numbers_help() {
        let good = write(&trivial_rule());
        let signals_at = u32::from_be_bytes([good[66], good[67], good[68], good[69]]) as usize;
        let numbers_at = u32::from_be_bytes([good[70], good[71], good[72], good[73]]) as usize;
        let help_at = u32::from_be_bytes([good[102], good[103], good[104], good[105]]) as usize;
        let mut b = good.clone(); set32(&mut b, signals_at, 0);
        assert_eq!(reject(&b).reason, LoadReason::SignalIdNotPositive);
        let mut b = good.clone(); b[signals_at + 7] = 1;
        assert_eq!(reject(&b).reason, LoadReason::SignalReservedNotZero);
        let mut b = good.clone(); b[numbers_at + 1] = 9;
        assert_eq!(reject(&b).reason, LoadReason::TooManyNumbers);
        let def = numbers_at + 4;
        let mut b = good.clone(); b[def] = 9;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::NumberDigits, offset: def as u32 });
        let mut b = good.clone(); b[def + 3] = 200;
        assert_eq!(reject(&b).reason, LoadReason::NumberHeight);
        let mut b = good.clone(); b[def + 16] = 2;
        assert_eq!(reject(&b).reason, LoadReason::NumberPlacement);
        let mut b = good.clone(); b[help_at + 6] = 1;
        assert_eq!(reject(&b).reason, LoadReason::HelpReservedNotZero);
        let mut b = good.clone(); b[help_at + 8] = 7;
        assert_eq!(reject(&b), LoadError { reason: LoadReason::HelpBadCharacter, offset: (help_at + 8) as u32 });
        let mut b = good.clone(); let len = b.len(); b[len - 32 - 5] = b'x'; // help NUL
        assert_eq!(reject(&b).reason, LoadReason::HelpNotTerminated);
    }
    fn truncations_never_panic() {
        let good = write(&trivial_rule());
        for len in 0..good.len() {
            assert!(load(&good[..len]).is_err());
        }
    }
}

#[cfg(test)]
mod host_tests {
    use super::*;
    /// Every single-byte change of the sample file either loads or is rejected: no panic.
    #[test]
    fn every_byte_value_at_every_offset() {
        let good = write(&trivial_rule());
        for at in 0..good.len() {
            for v in [0u8, 1, 0x7f, 0x80, 0xff, good[at] ^ 1] {
                let mut b = good.clone();
                b[at] = v;
                if let Ok(r) = load(&b) {
                    let w = write(&r);
                    assert_eq!(load(&w).unwrap(), r);
                }
            }
        }
    }
}
