//! The accessory's disk: names made absolute in the root of the boot drive (host and 68030).

use alloc::rc::Rc;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::*;
use crate::app::tetrhex::TetrhexActivity;
use crate::app::tetrhex::rule_disk::{MemoryDisk, SharedRuleDisk, record_score};
use crate::app::tetrhex::rules;
use crate::rul::model::ScoreEntry;
use crate::rul::scores::with_scores;

/// 24 November 2026, 13:45:30 (XBIOS Gettime format).
const WHEN: u32 = 46 << 25 | 11 << 21 | 24 << 16 | 13 << 11 | 45 << 5 | 15;

fn on_c(disk: MemoryDisk) -> RootedDisk<MemoryDisk> {
    RootedDisk::new(2, disk).unwrap()
}

/// Tetrhex's rule file with one score for side 6.
fn with_one_score() -> Vec<u8> {
    let scores = [vec![ScoreEntry::new(b"Ann", 500, WHEN)], Vec::new(), Vec::new(), Vec::new()];
    with_scores(rules::ALL[0].file, &scores).unwrap()
}

crate::test_cases! {
    fn a_folder_at_the_root_of_a_drive_is_named_with_its_letter() {
        assert_eq!(at_root(2, "PICTURES").as_deref(), Some("C:\\PICTURES"));
        assert_eq!(at_root(0, "PICTURES").as_deref(), Some("A:\\PICTURES"));
        assert_eq!(at_root(25, "X").as_deref(), Some("Z:\\X"));
        assert_eq!(at_root(26, "X"), None, "no drive past Z:");
        assert_eq!(drive_letter(2), Some('C'));
    }

    fn relative_names_start_at_the_root_of_the_drive() {
        let d = on_c(MemoryDisk::default());
        assert_eq!(d.root(), "C:\\");
        assert_eq!(d.absolute("TETRHEX.RUL"), "C:\\TETRHEX.RUL");
        assert_eq!(d.absolute("TETRHEX.$$$"), "C:\\TETRHEX.$$$");
        assert_eq!(d.absolute("RULES\\HEXCOLS.RUL"), "C:\\RULES\\HEXCOLS.RUL");
        // No drive but from a root: the drive is the boot drive, not the running program's.
        assert_eq!(d.absolute("\\TETRHEX.RUL"), "C:\\TETRHEX.RUL");
    }

    fn absolute_names_are_kept_and_a_drive_alone_means_its_root() {
        let d = on_c(MemoryDisk::default());
        assert_eq!(d.absolute("C:\\TETRHEX\\TETRHEX.RUL"), "C:\\TETRHEX\\TETRHEX.RUL");
        assert_eq!(d.absolute("A:\\TETRHEX.RUL"), "A:\\TETRHEX.RUL");
        assert_eq!(d.absolute("d:\\games\\x.rul"), "d:\\games\\x.rul");
        // A drive without a folder is that drive's current folder: the running program's.
        assert_eq!(d.absolute("A:TETRHEX.RUL"), "A:\\TETRHEX.RUL");
        assert_eq!(d.absolute("E:"), "E:\\");
        // A colon that is not a drive's (not a letter before it) is part of a relative name.
        assert_eq!(d.absolute("1:X"), "C:\\1:X");
    }

    fn the_drive_is_the_number_gemdos_gives() {
        assert_eq!(RootedDisk::new(0, MemoryDisk::default()).unwrap().absolute("X"), "A:\\X");
        assert_eq!(RootedDisk::new(3, MemoryDisk::default()).unwrap().absolute("X"), "D:\\X");
        assert_eq!(RootedDisk::new(25, MemoryDisk::default()).unwrap().root(), "Z:\\");
        assert!(RootedDisk::new(26, MemoryDisk::default()).is_none());
        assert!(RootedDisk::new(0xFFFF, MemoryDisk::default()).is_none());
    }

    /// A score saved through the adaptor goes into the rule file at the root, with the safe
    /// save's temporary files there too; a file of the same name elsewhere (the running
    /// program's folder) is not touched, and a fault leaves the root's file as it was.
    fn a_score_is_saved_in_the_root_and_nowhere_else() {
        let old = with_one_score();
        let elsewhere: (&str, &[u8]) = ("C:\\GAMES\\TETRHEX.RUL", rules::ALL[0].file);
        let mut d = on_c(MemoryDisk::with_files(&[("C:\\TETRHEX.RUL", &old), elsewhere]));
        let entry = ScoreEntry::new(b"Bob", 900, WHEN);
        let (rank, rule) = record_score(&mut d, "TETRHEX.RUL", 6, entry).unwrap().unwrap();
        assert_eq!(rank, 0);
        let saved = d.inner().file("C:\\TETRHEX.RUL").unwrap().to_vec();
        assert_eq!(crate::rul::loader::load(&saved).unwrap().scores, rule.scores);
        assert_eq!(rule.scores[0].len(), 2);
        assert!(d.inner().file(elsewhere.0) == Some(elsewhere.1));
        assert_eq!(d.inner().files.len(), 2, "no temporary file left: {:?}", d.inner().files.iter().map(|f| &f.0).collect::<Vec<_>>());
        // Each operation of a save failing in turn: the root's file byte-identical.
        for step in 0..6 {
            let mut d = on_c(MemoryDisk::with_files(&[("C:\\TETRHEX.RUL", &old), elsewhere]));
            d.inner.failing = vec![step];
            let r = record_score(&mut d, "TETRHEX.RUL", 6, ScoreEntry::new(b"Bob", 900, WHEN));
            assert!(r.is_err(), "fault at operation {step}");
            assert!(d.inner().file("C:\\TETRHEX.RUL") == Some(&old[..]), "fault at operation {step}");
            assert_eq!(d.inner().files.len(), 2, "fault at operation {step}");
        }
    }

    /// The accessory's TETRHEX: its rule read from the root (scores shown from there), not
    /// from a relative name.
    fn tetrhex_reads_its_rule_file_from_the_root() {
        let old = with_one_score();
        let disk: SharedRuleDisk = Rc::new(RefCell::new(on_c(MemoryDisk::with_files(&[("C:\\TETRHEX.RUL", &old)]))));
        let a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, disk).unwrap();
        assert_eq!(a.scores(6).len(), 1);
        assert_eq!(a.scores(6)[0].name_bytes(), b"Ann");
        // The same file in a relative place only: the built-in rule, no score.
        let disk: SharedRuleDisk = Rc::new(RefCell::new(on_c(MemoryDisk::with_files(&[("TETRHEX.RUL", &old)]))));
        let b = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, disk).unwrap();
        assert!(b.scores(6).is_empty());
    }
}
