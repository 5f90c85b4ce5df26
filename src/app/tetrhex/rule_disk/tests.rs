//! Tests of the rule files' disk: the safe save under a fault at each of its steps, the
//! reading of rule files, the recording of a score.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::*;
use crate::app::tetrhex::rules;
use crate::rul::scores::with_scores;

const IN_FOLDER: &str = "C:\\TETRHEX\\TETRHEX.RUL";
const BARE: &str = "TETRHEX.RUL";

/// A file beside the rule file that no save may touch.
const OTHER: (&str, &[u8]) = ("C:\\TETRHEX\\TETRHEX.CFG", b"-n 7\r\n");

/// 24 November 2026, 13:45:30 (XBIOS Gettime format).
const WHEN: u32 = 46 << 25 | 11 << 21 | 24 << 16 | 13 << 11 | 45 << 5 | 15;

/// The original rule file and the same with two scores for side 7.
fn old_and_new() -> (&'static [u8], Vec<u8>) {
    let old = rules::ALL[0].file;
    let scores = [
        Vec::new(),
        vec![ScoreEntry::new(b"Ann", 500, WHEN), ScoreEntry::new(b"Bob", 20, WHEN)],
        Vec::new(),
        Vec::new(),
    ];
    (old, with_scores(old, &scores).unwrap())
}

fn disk_with(path: &str, bytes: &[u8]) -> MemoryDisk {
    MemoryDisk::with_files(&[(path, bytes), OTHER])
}

/// The disk holds the rule file `path` with `bytes`, the other file, and nothing else.
fn assert_only(disk: &MemoryDisk, path: &str, bytes: &[u8]) {
    assert!(disk.file(path) == Some(bytes), "{} does not hold what it should", path);
    assert!(disk.file(OTHER.0) == Some(OTHER.1));
    let names: Vec<&str> = disk.files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(disk.files.len(), 2, "files left: {:?}", names);
}

/// The operations of a save without faults.
const SAVE_OPERATIONS: usize = 5;

crate::test_cases! {
    /// Without faults the rule file holds the new bytes, and nothing else is left.
    fn a_save_replaces_the_file_and_leaves_nothing_else() {
        let (old, new) = old_and_new();
        for path in [IN_FOLDER, BARE] {
            let mut disk = disk_with(path, old);
            save_rule_file(&mut disk, path, &new).unwrap();
            assert_only(&disk, path, &new);
            assert_eq!(disk.operations, SAVE_OPERATIONS);
        }
    }

    /// A fault at any step of the save leaves the rule file byte for byte as it was and
    /// removes the temporary file (with and without a folder in the name).
    fn a_fault_at_any_step_leaves_the_file_as_it_was() {
        let (old, new) = old_and_new();
        for path in [IN_FOLDER, BARE] {
            for k in 0..SAVE_OPERATIONS {
                let mut disk = disk_with(path, old);
                disk.failing = vec![k];
                let e = save_rule_file(&mut disk, path, &new).unwrap_err();
                assert!(e.starts_with("Not saved"), "step {}: {}", k, e);
                assert_only(&disk, path, old);
            }
        }
    }

    /// A write that says it went well but wrote half is caught by the read back.
    fn a_short_write_is_caught_by_the_read_back() {
        let (old, new) = old_and_new();
        for path in [IN_FOLDER, BARE] {
            let mut disk = disk_with(path, old);
            disk.short_write = Some(0);
            let e = save_rule_file(&mut disk, path, &new).unwrap_err();
            assert!(e.contains("differs"), "{}", e);
            assert_only(&disk, path, old);
        }
    }

    /// Two faults in a row: nothing is lost, and the message says where the files are.
    fn when_the_undo_fails_too_the_message_says_where_the_files_are() {
        let (old, new) = old_and_new();
        // The new file cannot take the name, and the old one cannot come back.
        let mut disk = disk_with(IN_FOLDER, old);
        disk.failing = vec![3, 4];
        let e = save_rule_file(&mut disk, IN_FOLDER, &new).unwrap_err();
        assert!(e.contains("The rule file is now C:\\TETRHEX\\TETRHEX.$$B"), "{}", e);
        assert!(disk.file("C:\\TETRHEX\\TETRHEX.$$B") == Some(old));
        assert!(disk.file("C:\\TETRHEX\\TETRHEX.$$$") == Some(&new[..]));
        // Reading the rule file then points to its backup.
        let e = read_rule_file(&mut disk, IN_FOLDER).unwrap_err();
        assert!(e.message.contains("interrupted") && e.message.contains("TETRHEX.$$B"), "{}", e);
        assert_eq!(e.exit_code(), 7, "the rule file was not found");
        // The backup cannot be deleted, nor the new file moved away: it stays saved.
        let mut disk = disk_with(IN_FOLDER, old);
        disk.failing = vec![4, 5];
        let e = save_rule_file(&mut disk, IN_FOLDER, &new).unwrap_err();
        assert!(e.contains("were saved"), "{}", e);
        assert!(disk.file(IN_FOLDER) == Some(&new[..]));
        assert!(disk.file("C:\\TETRHEX\\TETRHEX.$$B") == Some(old));
    }

    /// No rule file, a backup in the way, or new bytes that are not a rule file: refused
    /// before anything is written.
    fn a_save_that_cannot_be_safe_is_refused_before_writing() {
        let (old, new) = old_and_new();
        let mut disk = MemoryDisk::with_files(&[OTHER]);
        let e = save_rule_file(&mut disk, IN_FOLDER, &new).unwrap_err();
        assert!(e.contains("not found"), "{}", e);
        assert_eq!((disk.operations, disk.files.len()), (0, 1));

        let mut disk = disk_with(IN_FOLDER, old);
        disk.files.push((String::from("C:\\TETRHEX\\tetrhex.$$b"), b"mine".to_vec()));
        let e = save_rule_file(&mut disk, IN_FOLDER, &new).unwrap_err();
        assert!(e.contains("in the way"), "{}", e);
        assert_eq!(disk.operations, 0);
        assert!(disk.file(IN_FOLDER) == Some(old) && disk.file("C:\\TETRHEX\\TETRHEX.$$B") == Some(&b"mine"[..]));

        let mut disk = disk_with(IN_FOLDER, old);
        let e = save_rule_file(&mut disk, IN_FOLDER, &new[..new.len() - 3]).unwrap_err();
        assert!(e.contains("not be a valid rule file"), "{}", e);
        assert_eq!(disk.operations, 0);
        assert_only(&disk, IN_FOLDER, old);
    }

    /// The temporary and backup names sit beside the rule file, whatever the path.
    fn temporary_names_sit_beside_the_rule_file() {
        assert_eq!(sibling(IN_FOLDER, TEMPORARY_EXTENSION), "C:\\TETRHEX\\TETRHEX.$$$");
        assert_eq!(sibling(BARE, BACKUP_EXTENSION), "TETRHEX.$$B");
        assert_eq!(sibling("A:HEXCOLS.RUL", "$$$"), "A:HEXCOLS.$$$");
        assert_eq!(sibling("C:\\GAMES.V2\\RULE", "$$$"), "C:\\GAMES.V2\\RULE.$$$");
        assert_eq!(sibling("X.Y.RUL", "$$$"), "X.$$$");
    }

    /// Reading: the bytes and the rule, or a message for each way it can fail.
    fn read_rule_file_explains_each_failure() {
        let (old, new) = old_and_new();
        let mut disk = disk_with(IN_FOLDER, &new);
        let (bytes, rule) = read_rule_file(&mut disk, "c:\\tetrhex\\tetrhex.rul").unwrap();
        assert!(bytes == new);
        assert_eq!(rule.scores[1].len(), 2);
        assert_eq!(rule.name, crate::rul::loader::load(old).unwrap().name);

        let e = read_rule_file(&mut disk, "C:\\TETRHEX\\HEXCOLS.RUL").unwrap_err();
        assert_eq!(e.message, "The rule file C:\\TETRHEX\\HEXCOLS.RUL was not found.");
        assert_eq!(e.exit_code(), 7, "section 8.2: rule file not found");
        disk.failing = vec![disk.operations];
        let e = read_rule_file(&mut disk, IN_FOLDER).unwrap_err();
        assert!(e.message.starts_with("Cannot read the rule file C:\\TETRHEX\\TETRHEX.RUL"), "{}", e);
        assert_eq!(e.exit_code(), -1, "section 8.2: a system error");
        let mut disk = disk_with(IN_FOLDER, &old[..200]);
        let e = read_rule_file(&mut disk, IN_FOLDER).unwrap_err();
        assert!(e.message.contains("is not a valid rule file"), "{}", e);
        assert_eq!(e.exit_code(), 8, "section 8.2: bad rule file format");
    }

    /// A game's end: a good score is saved at its rank with the disk's date; a score that
    /// does not enter writes nothing.
    fn record_score_saves_a_score_that_enters_and_only_then() {
        let (_, new) = old_and_new();
        let mut disk = disk_with(BARE, &new);
        disk.clock = WHEN;
        let entry = ScoreEntry::new(b"Cleo", 100, disk.now());
        let (rank, rule) = record_score(&mut disk, BARE, 7, entry).unwrap().unwrap();
        assert_eq!(rank, 1);
        let saved = crate::rul::loader::load(disk.file(BARE).unwrap()).unwrap();
        assert_eq!(saved.scores, rule.scores);
        let names: Vec<&[u8]> = saved.scores[1].iter().map(|e| e.name_bytes()).collect();
        assert_eq!(names, [&b"Ann"[..], b"Cleo", b"Bob"]);
        assert_eq!(saved.scores[1][1].date, WHEN);
        assert_eq!(disk.files.len(), 2);

        // A full table of side 6 with scores of 1000 and more: 5 does not enter.
        let full: Vec<ScoreEntry> = (0..20).map(|i| ScoreEntry::new(b"Pro", 1000 + i, WHEN)).collect();
        let bytes = with_scores(&new, &[full, Vec::new(), Vec::new(), Vec::new()]).unwrap();
        let mut disk = disk_with(BARE, &bytes);
        assert!(record_score(&mut disk, BARE, 6, ScoreEntry::new(b"Me", 5, WHEN)).unwrap().is_none());
        assert_eq!(disk.operations, 1, "only the read");
        assert_only(&disk, BARE, &bytes);
        // A fault during its save leaves the file as it was.
        disk.failing = vec![disk.operations + 3];
        assert!(record_score(&mut disk, BARE, 6, ScoreEntry::new(b"Me", 5000, WHEN)).is_err());
        assert_only(&disk, BARE, &bytes);
    }

    /// The memory disk behaves as GEMDOS: renames refuse an existing target, names ignore
    /// case, missing files are errors.
    fn the_memory_disk_renames_like_frename() {
        let mut disk = MemoryDisk::with_files(&[("A.RUL", b"a"), ("B.RUL", b"b")]);
        assert!(disk.rename("A.RUL", "b.rul").is_err());
        assert!(disk.file("A.RUL") == Some(&b"a"[..]) && disk.file("B.RUL") == Some(&b"b"[..]));
        disk.rename("a.rul", "C.RUL").unwrap();
        assert!(!disk.exists("A.RUL") && disk.exists("c.rul"));
        assert!(disk.delete("A.RUL").is_err());
        assert!(disk.read("A.RUL").is_err());
        disk.failing = vec![disk.operations];
        assert!(disk.create("D.RUL", b"dddd").is_err());
        assert!(disk.file("D.RUL") == Some(&b"dd"[..]), "a failed write leaves half the file");
    }

    /// A missing rule file is created by the safe sequence (written beside, read back,
    /// renamed): three operations without faults; a fault at any of them, a lying write, a
    /// full disk or a write-protected one leave no rule file and no temporary file.
    fn a_new_rule_file_is_created_safely_or_not_at_all() {
        let (_, new) = old_and_new();
        for path in [IN_FOLDER, BARE] {
            let mut disk = MemoryDisk::with_files(&[OTHER]);
            create_rule_file(&mut disk, path, &new).unwrap();
            assert_only(&disk, path, &new);
            assert_eq!(disk.operations, 3);
            let faults: [fn(&mut MemoryDisk); 6] = [
                |d| d.failing = vec![0],
                |d| d.failing = vec![1],
                |d| d.failing = vec![2],
                |d| d.short_write = Some(0),
                |d| d.write_protected = true,
                |d| d.capacity = Some(OTHER.1.len() + 1000),
            ];
            for (k, fault) in faults.iter().enumerate() {
                let mut disk = MemoryDisk::with_files(&[OTHER]);
                fault(&mut disk);
                let e = create_rule_file(&mut disk, path, &new).unwrap_err();
                assert!(e.starts_with("Not saved"), "fault {}: {}", k, e);
                assert!(disk.file(OTHER.0) == Some(OTHER.1));
                assert_eq!(disk.files.len(), 1, "fault {}: a file is left", k);
            }
        }
        // Refused before writing: a rule file there, a backup there, bytes that are no rule.
        let mut disk = disk_with(BARE, &new);
        assert!(create_rule_file(&mut disk, BARE, &new).unwrap_err().contains("already there"));
        let mut disk = MemoryDisk::with_files(&[("TETRHEX.$$B", &new)]);
        assert!(create_rule_file(&mut disk, BARE, &new).unwrap_err().contains("in the way"));
        assert!(create_rule_file(&mut disk, "X.RUL", &new[..100]).unwrap_err().contains("not be a valid"));
        assert_eq!(disk.operations, 0);
    }

    /// A write-protected disk and a full one during a save: refused, the rule file as it was,
    /// no temporary file left.
    fn a_write_protected_or_full_disk_leaves_the_file_as_it_was() {
        let (old, new) = old_and_new();
        for path in [IN_FOLDER, BARE] {
            let mut disk = disk_with(path, old);
            disk.write_protected = true;
            let e = save_rule_file(&mut disk, path, &new).unwrap_err();
            assert!(e.contains("write-protected"), "{}", e);
            assert_only(&disk, path, old);
            let mut disk = disk_with(path, old);
            disk.capacity = Some(old.len() + OTHER.1.len() + new.len() / 2);
            let e = save_rule_file(&mut disk, path, &new).unwrap_err();
            assert!(e.contains("disk full"), "{}", e);
            assert_only(&disk, path, old);
        }
    }

    /// `save_scores`: the entries put into the table read afresh, the last one's rank; the
    /// rule file created from the built-in one when missing; an interrupted save's message
    /// when only the backup is there; nothing written when none enters.
    fn save_scores_puts_every_entry_into_the_file() {
        let (_, new) = old_and_new();
        let mut disk = disk_with(BARE, &new);
        let entries = [(7, ScoreEntry::new(b"Cleo", 100, WHEN)), (7, ScoreEntry::new(b"Dan", 600, WHEN))];
        let saved = save_scores(&mut disk, BARE, rules::ALL[0].file, &entries).unwrap();
        assert_eq!((saved.rank, saved.warning), (Some(0), None));
        let names: Vec<&[u8]> = saved.rule.scores[1].iter().map(|e| e.name_bytes()).collect();
        assert_eq!(names, [&b"Dan"[..], b"Ann", b"Cleo", b"Bob"]);
        assert_eq!(crate::rul::loader::load(disk.file(BARE).unwrap()).unwrap().scores, saved.rule.scores);
        // No rule file: made from the built-in one, with the scores.
        let mut disk = MemoryDisk::with_files(&[OTHER]);
        let saved = save_scores(&mut disk, IN_FOLDER, rules::ALL[0].file, &entries[..1]).unwrap();
        assert_eq!(saved.rank, Some(0));
        let file = disk.file(IN_FOLDER).unwrap();
        assert!(with_scores(file, &Default::default()).unwrap() == rules::ALL[0].file);
        // Only the backup: the interrupted save is said, nothing written.
        let mut disk = MemoryDisk::with_files(&[("TETRHEX.$$B", &new)]);
        let e = save_scores(&mut disk, BARE, rules::ALL[0].file, &entries).unwrap_err();
        assert!(e.contains("interrupted"), "{}", e);
        assert_eq!((disk.operations, disk.files.len()), (0, 1));
        // Nothing enters (side 5 has no table): nothing written.
        let mut disk = disk_with(BARE, &new);
        let saved = save_scores(&mut disk, BARE, rules::ALL[0].file, &[(5, entries[0].1)]).unwrap();
        assert_eq!(saved.rank, None);
        assert_eq!(disk.operations, 1, "only the read");
    }
}
