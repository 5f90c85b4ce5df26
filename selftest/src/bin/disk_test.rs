//! TETRHEX's disk through GEMDOS (`frontend::rule_disk::TosRuleDisk`) on a real drive: a
//! best score saved by the safe sequence of `app::tetrhex::rule_disk` into a rule file on
//! C: and read back, and saves that the disk itself makes fail, each leaving the rule file
//! byte for byte as it was, with a message and no file left behind. Started from the
//! EmuTOS desktop by `cargo xtask gem-test rule_disk` (xtask/src/targettest.rs); C: is
//! Hatari's GEMDOS drive, a folder of the PC.
//!
//! The faults are the disk's own, not simulated: a folder that holds the name of the new
//! file (`TETRHEX.$$$`: Fcreate refuses it), a backup name already taken (`TETRHEX.$$B`), a
//! rule file in a folder that does not exist.
//!
//! Then the GEM window's disk (`frontend::gem::disk::Gemdos`) as Copy uses it: files
//! matching `SCRAP.*` listed and deleted.
//!
//! Last, on a floppy (two more runs, each with an image in drive A:, xtask/src/floppy.rs):
//! a write-protected disk, and a disk too full for the new file.
//!
//! Protocol (NatFeats lines): `disktest: ok <check>` / `disktest: FAILED <check>: <why>`,
//! then `disktest: done <failed>`; the exit code is the number of failed checks.
#![no_std]
#![no_main]

extern crate alloc;

use alloc::string::String;
use alloc::vec::Vec;
use core::ffi::CStr;

use falcon_puzzles::app::tetrhex::rule_disk::{RuleDisk, read_rule_file, record_score};
use falcon_puzzles::app::tetrhex::rules;
use falcon_puzzles::frontend::gem::disk::{Disk, Gemdos};
use falcon_puzzles::frontend::rule_disk::TosRuleDisk;
use falcon_puzzles::println;
use falcon_puzzles::rul::model::ScoreEntry;
use falcon_puzzles::runtime::{Start, gemdos};

/// The folder of the test's files, and what is in it.
const FOLDER: &CStr = c"C:\\RDTEST";
const RULE: &str = "C:\\RDTEST\\TETRHEX.RUL";
const TEMPORARY: &str = "C:\\RDTEST\\TETRHEX.$$$";
const TEMPORARY_C: &CStr = c"C:\\RDTEST\\TETRHEX.$$$";
const BACKUP: &str = "C:\\RDTEST\\TETRHEX.$$B";
/// A rule file whose folder is not there.
const NOWHERE: &str = "C:\\NOFOLDER\\TETRHEX.RUL";

/// Counts the checks that failed; prints one line per check.
struct Checks {
    failed: u32,
}

impl Checks {
    fn check(&mut self, name: &str, ok: bool, why: core::fmt::Arguments) {
        if ok {
            println!("disktest: ok {name}");
        } else {
            self.failed += 1;
            println!("disktest: FAILED {name}: {why}");
        }
    }
}

/// The rule file's bytes now, or empty if it cannot be read.
fn bytes(disk: &mut TosRuleDisk, path: &str) -> Vec<u8> {
    disk.read(path).unwrap_or_default()
}

/// The names of the scores of side 7 in the rule file now.
fn side7(disk: &mut TosRuleDisk) -> Vec<String> {
    match read_rule_file(disk, RULE) {
        Ok((_, rule)) => rule.scores[1].iter().map(|e| String::from_utf8_lossy(e.name_bytes()).into_owned()).collect(),
        Err(e) => alloc::vec![e.message],
    }
}

/// No temporary or backup file is left beside the rule file.
fn nothing_left(disk: &mut TosRuleDisk) -> bool {
    !disk.exists(TEMPORARY) && !disk.exists(BACKUP)
}

#[unsafe(no_mangle)]
pub fn falcon_main(_start: &Start) -> i32 {
    let mut c = Checks { failed: 0 };
    let mut disk = TosRuleDisk;
    let when = disk.now();

    // The rule file written whole, as the first score of the built-in rule writes it.
    let made = gemdos::dcreate(FOLDER);
    c.check("folder_made", made == 0, format_args!("Dcreate {made}"));
    let built_in = rules::ALL[0].file;
    let created = disk.create(RULE, built_in);
    c.check("rule_file_written", created.is_ok() && bytes(&mut disk, RULE) == built_in, format_args!("{created:?}"));
    c.check("exists", disk.exists(RULE) && !disk.exists(TEMPORARY), format_args!("Fattrib"));

    // A score saved and read back: the new table in the file, nothing else left.
    let saved = record_score(&mut disk, RULE, 7, ScoreEntry::new(b"Disk", 777, when));
    let rank = saved.as_ref().map(|r| r.as_ref().map(|(rank, _)| *rank));
    c.check("score_saved_at_rank_0", rank == Ok(Some(0)), format_args!("{rank:?}"));
    c.check("score_read_back", side7(&mut disk) == ["Disk"], format_args!("{:?}", side7(&mut disk)));
    c.check("nothing_left_after_a_save", nothing_left(&mut disk), format_args!("a .$$$ or .$$B file is there"));
    let saved = record_score(&mut disk, RULE, 7, ScoreEntry::new(b"Second", 700, when));
    let rank = saved.as_ref().map(|r| r.as_ref().map(|(rank, _)| *rank));
    c.check("second_score_at_rank_1", rank == Ok(Some(1)), format_args!("{rank:?}"));
    c.check("both_read_back", side7(&mut disk) == ["Disk", "Second"], format_args!("{:?}", side7(&mut disk)));
    let date = read_rule_file(&mut disk, RULE).map(|(_, r)| r.scores[1][0].date);
    c.check("date_kept", date == Ok(when), format_args!("{date:?}, not {when:#x}"));
    let before = bytes(&mut disk, RULE);

    // A folder holds the new file's name: Fcreate fails, the file stays as it was.
    let blocked = gemdos::dcreate(TEMPORARY_C);
    c.check("temporary_name_blocked", blocked == 0, format_args!("Dcreate {blocked}"));
    let r = record_score(&mut disk, RULE, 7, ScoreEntry::new(b"Lost", 900, when));
    let message = r.as_ref().err().cloned().unwrap_or_default();
    c.check("blocked_save_says_why", message.contains("TETRHEX.$$$"), format_args!("{r:?}"));
    c.check("blocked_save_leaves_the_file", bytes(&mut disk, RULE) == before, format_args!("the rule file changed"));
    c.check("blocked_save_no_backup", !disk.exists(BACKUP), format_args!("{BACKUP} left"));
    let removed = gemdos::ddelete(TEMPORARY_C);
    c.check("temporary_name_freed", removed == 0, format_args!("Ddelete {removed}"));

    // The backup's name is taken: refused before anything is written.
    let _ = disk.create(BACKUP, b"not a backup");
    let r = record_score(&mut disk, RULE, 7, ScoreEntry::new(b"Lost", 900, when));
    let message = r.as_ref().err().cloned().unwrap_or_default();
    c.check("backup_in_the_way_says_why", message.contains("in the way"), format_args!("{r:?}"));
    c.check("backup_in_the_way_leaves_the_file", bytes(&mut disk, RULE) == before, format_args!("changed"));
    c.check("backup_in_the_way_untouched", bytes(&mut disk, BACKUP) == b"not a backup", format_args!("changed"));
    c.check("backup_in_the_way_no_temporary", !disk.exists(TEMPORARY), format_args!("{TEMPORARY} left"));
    let _ = disk.delete(BACKUP);

    // A rule file in a folder that is not there: a message, nothing created.
    let r = record_score(&mut disk, NOWHERE, 7, ScoreEntry::new(b"Lost", 900, when));
    let message = r.as_ref().err().cloned().unwrap_or_default();
    c.check("no_folder_says_why", message.contains("not found"), format_args!("{r:?}"));
    let folder = gemdos::fattrib_get(c"C:\\NOFOLDER");
    c.check("no_folder_nothing_created", folder < 0, format_args!("Fattrib {folder}"));

    // The next save works again and keeps what was there.
    let saved = record_score(&mut disk, RULE, 7, ScoreEntry::new(b"Third", 10, when));
    let rank = saved.as_ref().map(|r| r.as_ref().map(|(rank, _)| *rank));
    c.check("save_after_faults", rank == Ok(Some(2)), format_args!("{rank:?}"));
    c.check("all_read_back", side7(&mut disk) == ["Disk", "Second", "Third"], format_args!("{:?}", side7(&mut disk)));
    c.check("nothing_left_at_the_end", nothing_left(&mut disk), format_args!("a .$$$ or .$$B file is there"));

    // The window's disk (`frontend::gem::disk::Gemdos`) as Copy uses it on the clipboard's
    // folder: the files matching a pattern listed, one deleted; the process's DTA as it was.
    let mut gem = Gemdos;
    let (img, txt) = ("C:\\RDTEST\\SCRAP.IMG", "C:\\RDTEST\\SCRAP.TXT");
    let written = gem.write(img, b"picture").and_then(|()| gem.write(txt, b"text\r\n"));
    c.check("gem_disk_written", written.is_ok(), format_args!("{written:?}"));
    let dta = gemdos::fgetdta();
    let mut names = gem.names("C:\\RDTEST\\SCRAP.*");
    names.sort();
    c.check("gem_disk_names", names == ["SCRAP.IMG", "SCRAP.TXT"], format_args!("{names:?}"));
    c.check(
        "gem_disk_dta_given_back",
        gemdos::fgetdta() == dta,
        format_args!("{:#x}, not {dta:#x}", gemdos::fgetdta()),
    );
    let deleted = gem.delete(img);
    let left = gem.names("C:\\RDTEST\\SCRAP.*");
    c.check("gem_disk_delete", deleted && left == ["SCRAP.TXT"], format_args!("{deleted}, {left:?}"));
    c.check("gem_disk_delete_twice", !gem.delete(img), format_args!("deleted a file that is gone"));
    c.check("gem_disk_cleared", gem.delete(txt) && gem.names("C:\\RDTEST\\SCRAP.*").is_empty(), format_args!("left"));

    // A floppy in drive A:, in the two runs that put one there.
    floppy(&mut c, &mut disk, when);

    println!("disktest: done {}", c.failed);
    c.failed as i32
}

/// TETRHEX's rule file on the floppy in drive A:, and the file that says which fault the
/// disk makes (`protected` or `full`); without it (no floppy, or another disk) nothing is
/// checked.
const FLOPPY_RULE: &str = "A:\\TETRHEX.RUL";
const FLOPPY_MODE: &str = "A:\\MODE.TXT";

/// The floppy's own faults, from the disk under EmuTOS (the image and Hatari's
/// `--protect-floppy` are the test's, xtask/src/floppy.rs): write-protected, Fcreate fails;
/// full, Fwrite writes less than the new file. Either way the score is not saved, the
/// message says why, the rule file is byte for byte as it was and nothing is left beside it.
fn floppy(c: &mut Checks, disk: &mut TosRuleDisk, when: u32) {
    if !disk.exists(FLOPPY_MODE) {
        return;
    }
    let mode = bytes(disk, FLOPPY_MODE);
    let (name, why) = match &mode[..] {
        b"protected" => ("protected", "write-protected"),
        b"full" => ("full", "disk full"),
        _ => {
            c.check("floppy_mode", false, format_args!("A:\\MODE.TXT holds {mode:?}"));
            return;
        }
    };
    let check = |c: &mut Checks, what: &str, ok: bool, why: core::fmt::Arguments| {
        c.check(&alloc::format!("floppy_{name}_{what}"), ok, why)
    };
    let before = bytes(disk, FLOPPY_RULE);
    let read = read_rule_file(disk, FLOPPY_RULE).map(|(_, rule)| rule.scores[1].len());
    check(c, "rule_file_read", read.is_ok() && !before.is_empty(), format_args!("{read:?}"));
    let r = record_score(disk, FLOPPY_RULE, 7, ScoreEntry::new(b"Floppy", 999, when));
    let message = r.as_ref().err().cloned().unwrap_or_default();
    println!("disktest: floppy {name}: {message}");
    check(c, "save_says_why", message.contains(why), format_args!("{r:?}"));
    check(c, "rule_file_unchanged", bytes(disk, FLOPPY_RULE) == before, format_args!("the rule file changed"));
    let left = disk.exists("A:\\TETRHEX.$$$") || disk.exists("A:\\TETRHEX.$$B");
    check(c, "nothing_left", !left, format_args!("a .$$$ or .$$B file is there"));
    let again = read_rule_file(disk, FLOPPY_RULE).map(|(_, rule)| rule.scores[1].len());
    check(c, "scores_as_they_were", again == read, format_args!("{again:?}, not {read:?}"));
}
