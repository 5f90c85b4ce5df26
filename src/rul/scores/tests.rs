//! Tests of the score table's writing, the entries and their dates, over the three real rule
//! files.

use alloc::vec;
use alloc::vec::Vec;

use crate::app::tetrhex::rules;
use crate::rul::error::LoadReason;
use crate::rul::loader::load;
use crate::rul::model::{SCORE_SIZE, ScoreEntry};
use crate::rul::scores::*;

/// 24 November 2026, 13:45:30, packed by hand from the module's table.
const NOV_24_2026: u32 = 46 << 25 | 11 << 21 | 24 << 16 | 13 << 11 | 45 << 5 | 15;

fn entry(name: &[u8], score: u32) -> ScoreEntry {
    ScoreEntry::new(name, score, NOV_24_2026 + score)
}

/// A few scores on three sides, none on side 8.
fn some_scores() -> [Vec<ScoreEntry>; 4] {
    [
        vec![entry(b"Ann", 9000), entry(b"Bob", 120)],
        vec![entry(b"Chlo\xe9", 5)],
        Vec::new(),
        vec![entry(b"Dan", 77), entry(b"Eve", 70), entry(b"Fay", 3)],
    ]
}

fn table_address(bytes: &[u8]) -> usize {
    u32::from_be_bytes([bytes[106], bytes[107], bytes[108], bytes[109]]) as usize
}

crate::test_cases! {
    /// Only the counts and the table change; the result loads with the new scores and
    /// everything else of the rule as before.
    fn with_scores_changes_only_the_counts_and_the_table() {
        let scores = some_scores();
        for r in rules::ALL {
            let original = r.file;
            let new = with_scores(original, &scores).unwrap();
            let at = table_address(original);
            assert_eq!(table_address(&new), at, "{}", r.name);
            assert_eq!(new.len(), at + 6 * SCORE_SIZE, "{}", r.name);
            assert_eq!(&new[..COUNTS_AT], &original[..COUNTS_AT], "{}", r.name);
            assert_eq!(&new[COUNTS_AT..COUNTS_AT + 4], &[2, 1, 0, 3], "{}", r.name);
            assert_eq!(&new[COUNTS_AT + 4..at], &original[COUNTS_AT + 4..at], "{}", r.name);
            let before = load(original).unwrap();
            let mut after = load(&new).unwrap();
            assert_eq!(after.scores, scores, "{}", r.name);
            after.scores = before.scores.clone();
            assert_eq!(after, before, "{}", r.name);
        }
    }

    /// The table's bytes are as section 6.8 lays them out: name, score, date, side 6 first.
    fn the_table_is_laid_out_as_the_manual_says() {
        let new = with_scores(rules::ALL[0].file, &some_scores()).unwrap();
        let at = table_address(&new);
        assert_eq!(&new[at..at + 4], b"Ann\0");
        assert_eq!(&new[at + 24..at + 28], &9000u32.to_be_bytes());
        assert_eq!(&new[at + 28..at + 32], &(NOV_24_2026 + 9000).to_be_bytes());
        // Side 7's only score follows side 6's two; side 9's first follows it.
        assert_eq!(&new[at + 64..at + 69], b"Chlo\xe9");
        assert_eq!(&new[at + 96..at + 100], b"Dan\0");
    }

    /// New scores, then none again: the original comes back byte for byte.
    fn emptying_the_table_gives_the_original_back() {
        for r in rules::ALL {
            let with = with_scores(r.file, &some_scores()).unwrap();
            let other = [vec![entry(b"Zed", 1)], Vec::new(), vec![entry(b"Yan", 2)], Vec::new()];
            let changed = with_scores(&with, &other).unwrap();
            assert_eq!(load(&changed).unwrap().scores, other);
            let back = with_scores(&changed, &Default::default()).unwrap();
            assert!(back == r.file, "{}", r.name);
        }
    }

    /// Full tables (the rules keep 20 per side) are accepted; one more is refused.
    fn counts_above_the_maxima_are_refused() {
        let original = rules::ALL[1].file;
        let max = load(original).unwrap().score_max;
        assert_eq!(max, [20, 20, 20, 20]);
        let full: Vec<ScoreEntry> = (0..20).map(|i| entry(b"Full", 100 - i)).collect();
        let all = [full.clone(), full.clone(), full.clone(), full.clone()];
        let new = with_scores(original, &all).unwrap();
        assert_eq!(load(&new).unwrap().scores, all);
        let mut too_many = all.clone();
        too_many[2].push(entry(b"One more", 1));
        assert_eq!(
            with_scores(original, &too_many),
            Err(ScoreFileError::TooManyScores { side: 8, count: 21, max: 20 })
        );
        let message = ScoreFileError::TooManyScores { side: 8, count: 21, max: 20 }.message();
        assert!(message.contains("side 8") && message.contains("at most 20"), "{}", message);
    }

    /// A file that does not load, or a name without its NUL, gives an error and no bytes.
    fn bad_files_and_names_are_refused() {
        let original = rules::ALL[2].file;
        // A file with scores, its last byte lost: the table is no longer its end.
        let with = with_scores(original, &some_scores()).unwrap();
        let cut = &with[..with.len() - 1];
        match with_scores(cut, &some_scores()) {
            Err(ScoreFileError::BadFile(e)) => assert_eq!(e.reason, LoadReason::ScoresNotAtEnd),
            other => panic!("a cut file gave {:?}", other.map(|b| b.len())),
        }
        assert!(matches!(with_scores(b"RUL3", &some_scores()), Err(ScoreFileError::BadFile(_))));
        let mut scores = some_scores();
        scores[3][1].name = [b'x'; 24];
        assert_eq!(with_scores(original, &scores), Err(ScoreFileError::NameNotTerminated { side: 9, rank: 1 }));
    }

    /// Names keep their printable characters only, cut to 23 bytes and NUL-ended.
    fn entries_keep_printable_names_of_at_most_23_bytes() {
        let e = ScoreEntry::new(b"Ann\tMarie\x7f \x82t\x1b\xe9", 42, NOV_24_2026);
        assert_eq!(e.name_bytes(), b"AnnMarie \x82t\xe9");
        assert_eq!((e.score, e.date), (42, NOV_24_2026));
        let long = ScoreEntry::new(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1, 0);
        assert_eq!(long.name_bytes(), b"ABCDEFGHIJKLMNOPQRSTUVW");
        assert_eq!(long.name[23], 0);
        assert_eq!(ScoreEntry::new(b"\x01\x02", 1, 0).name, [0; 24]);
        assert_eq!(ScoreEntry::score_of(-5), 0);
        assert_eq!(ScoreEntry::score_of(1234), 1234);
        assert!(is_name_character(b' ') && is_name_character(0xe9));
        assert!(!is_name_character(13) && !is_name_character(127));
    }

    /// The date packs as XBIOS Gettime does, unpacks to the same fields, and reads
    /// DD/MM/YYYY.
    fn dates_pack_and_read_as_xbios_gettime() {
        let d = DateTime { year: 2026, month: 11, day: 24, hour: 13, minute: 45, second: 30 };
        assert_eq!(d.pack(), NOV_24_2026);
        assert_eq!(DateTime::unpack(NOV_24_2026), d);
        assert_eq!(DateTime::from_gemdos((NOV_24_2026 >> 16) as u16, NOV_24_2026 as u16), d);
        assert_eq!(date_text(NOV_24_2026), "24/11/2026");
        assert_eq!(time_text(NOV_24_2026), "13:45");
        // The first and last dates the long can hold.
        let first = DateTime { year: 1980, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
        assert_eq!(first.pack(), 1 << 21 | 1 << 16);
        assert_eq!(date_text(first.pack()), "01/01/1980");
        let last = DateTime { year: 2107, month: 12, day: 31, hour: 23, minute: 59, second: 59 };
        assert_eq!(DateTime::unpack(last.pack()), DateTime { second: 58, ..last });
        assert_eq!(date_text(last.pack()), "31/12/2107");
        // Out of range fields are brought into range; a zero long is no date.
        let wild = DateTime { year: 1970, month: 13, day: 0, hour: 30, minute: 61, second: 99 };
        assert_eq!(DateTime::unpack(wild.pack()), DateTime { year: 1980, month: 12, day: 1, hour: 23, minute: 59, second: 58 });
        assert!(!DateTime::unpack(0).is_valid());
        assert_eq!(date_text(0), "--/--/----");
        assert_eq!(time_text(0), "--:--");
    }

    /// A score inserted in a loaded rule and written back is where `insert_score` put it.
    fn an_inserted_score_is_saved_at_its_rank() {
        let original = rules::ALL[0].file;
        let first = with_scores(original, &some_scores()).unwrap();
        let mut rule = load(&first).unwrap();
        assert_eq!(rule.insert_score(9, entry(b"Gus", 71)), Some(1));
        let saved = with_scores(&first, &rule.scores).unwrap();
        let back = load(&saved).unwrap();
        let side9: Vec<&[u8]> = back.scores[3].iter().map(|e| e.name_bytes()).collect();
        assert_eq!(side9, [&b"Dan"[..], b"Gus", b"Eve", b"Fay"]);
    }
}
