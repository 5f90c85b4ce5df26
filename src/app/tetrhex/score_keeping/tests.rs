//! Tests of the best scores kept in the rule file through the activity: no score that was
//! once shown in the table is ever lost, whatever step of a save fails.

use alloc::format;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cell::RefCell;

use super::super::rule_disk::{MemoryDisk, RuleDisk, SharedRuleDisk};
use super::super::{TetrhexActivity, rules};
use crate::app::activity::{Activity, ActivityReply, HostRequest};
use crate::app::command::Command;
use crate::rul::loader::load;
use crate::rul::model::ScoreEntry;

const PATH: &str = "TETRHEX.RUL";

/// 24 November 2026, 13:45:30 (XBIOS Gettime format).
const WHEN: u32 = 46 << 25 | 11 << 21 | 24 << 16 | 13 << 11 | 45 << 5 | 15;

/// Tetrhex with a disk holding `files`, the player Ann, side 6.
fn activity(files: &[(&str, &[u8])]) -> (TetrhexActivity, Rc<RefCell<MemoryDisk>>) {
    let disk = Rc::new(RefCell::new(MemoryDisk { clock: WHEN, ..MemoryDisk::with_files(files) }));
    let shared: SharedRuleDisk = disk.clone();
    let mut a = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, shared).unwrap();
    a.set_player("Ann");
    (a, disk)
}

/// The best scores of side 6 in the rule file on `disk`.
fn on_disk(disk: &MemoryDisk) -> Vec<ScoreEntry> {
    load(disk.file(PATH).expect("the rule file is there")).expect("the rule file loads").scores[0].clone()
}

fn is_error(reply: &ActivityReply) -> bool {
    matches!(reply, ActivityReply::Host(HostRequest::Error(_)))
}

/// A way the disk fails during the first save.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// The operation so many after the save's start fails.
    At(usize),
    /// That one and the next (an undo failing too).
    Two(usize),
    /// That one, if a `create`, writes half and says it went well.
    Short(usize),
    /// The disk is write-protected, until the player takes it off.
    Protected,
    /// The disk has room for half the new file, until the player makes room.
    Full,
}

/// Every fault of a save: each step (create, read back, each rename, delete and the undo's
/// steps), two in a row, a lying write, a write-protected disk and a full one.
fn every_fault() -> Vec<Fault> {
    let mut all: Vec<Fault> = (0..9).map(Fault::At).collect();
    all.extend((0..8).map(Fault::Two));
    all.extend((0..4).map(Fault::Short));
    all.extend([Fault::Protected, Fault::Full]);
    all
}

/// Every score shown in the table of side 6 so far.
#[derive(Default)]
struct Shown(Vec<ScoreEntry>);

impl Shown {
    /// Notes what the table shows now, and checks that it shows every score it ever showed.
    fn look(&mut self, a: &TetrhexActivity, when: &str) {
        for e in a.scores(6) {
            if !self.0.contains(e) {
                self.0.push(*e);
            }
        }
        for e in &self.0 {
            assert!(a.scores(6).contains(e), "{}: the score {} of the table is gone", when, e.score);
        }
    }
}

/// The rule file on the disk is never truncated or damaged: it is there and loads, or it is
/// missing (not created yet, or in its backup after two faults).
fn check_rule_file(disk: &MemoryDisk, when: &str) {
    if let Some(bytes) = disk.file(PATH) {
        assert!(load(bytes).is_ok(), "{}: the rule file does not load", when);
    }
}

/// What the player does when told: the fault lifted, and the files put back as the message
/// says (the backup renamed to the rule file's name, or deleted when the rule file holds
/// the new scores; the temporary file deleted).
fn repair(disk: &mut MemoryDisk) {
    disk.failing.clear();
    disk.short_write = None;
    disk.write_protected = false;
    disk.capacity = None;
    let backup = "TETRHEX.$$B";
    if disk.exists(backup) {
        if disk.exists(PATH) { disk.delete(backup).unwrap() } else { disk.rename(backup, PATH).unwrap() }
    }
    if disk.exists("TETRHEX.$$$") {
        disk.delete("TETRHEX.$$$").unwrap();
    }
}

/// From the rule file `start` (`None`: not on the disk), three games' scores under `fault`
/// armed at the first save, then a quit once the player repaired the disk: at every step
/// the table shows every score it ever showed and the rule file is whole; at the end the
/// rule file holds them all and nothing else is left.
fn three_scores_under(a: &mut TetrhexActivity, start: Option<&[u8]>, fault: Fault) {
    let files: Vec<(&str, &[u8])> = start.map(|s| (PATH, s)).into_iter().collect();
    let disk = Rc::new(RefCell::new(MemoryDisk { clock: WHEN, ..MemoryDisk::with_files(&files) }));
    let shared: SharedRuleDisk = disk.clone();
    a.disk = Some((shared, String::from(PATH)));
    a.scores = match start {
        Some(bytes) => load(bytes).unwrap().scores,
        None => Default::default(),
    };
    a.unsaved.clear();
    a.unsaved_told = false;
    let mut shown = Shown::default();
    shown.look(a, "at the start");
    {
        let mut d = disk.borrow_mut();
        let at = d.operations;
        match fault {
            Fault::At(k) => d.failing = vec![at + k],
            Fault::Two(k) => d.failing = vec![at + k, at + k + 1],
            Fault::Short(k) => d.short_write = Some(at + k),
            Fault::Protected => d.write_protected = true,
            Fault::Full => {
                let used: usize = d.files.iter().map(|f| f.1.len()).sum();
                d.capacity = Some(used + rules::ALL[0].file.len() / 2);
            }
        }
    }
    for (i, score) in [300, 200, 250].into_iter().enumerate() {
        let (rank, _) = a.enter_score(score);
        assert!(rank.is_some(), "{:?}: score {} enters", fault, score);
        let when = format!("{:?}, game {}", fault, i + 1);
        shown.look(a, &when);
        check_rule_file(&disk.borrow(), &when);
        if i == 1 {
            // The player does what the messages said.
            repair(&mut disk.borrow_mut());
        }
    }
    assert_eq!(a.quit(), ActivityReply::Host(HostRequest::Quit), "{:?}", fault);
    let d = disk.borrow();
    let saved = on_disk(&d);
    for e in &shown.0 {
        assert!(saved.contains(e), "{:?}: the score {} shown is not in the rule file", fault, e.score);
    }
    assert!(a.unsaved.is_empty());
    let names: Vec<&str> = d.files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, [PATH], "{:?}: files left", fault);
}

crate::test_cases! {
    /// A score whose save failed is saved with the next one: the next save does not read the
    /// table from the disk and drop it.
    fn a_score_whose_save_failed_is_saved_with_the_next_one() {
        let (mut a, disk) = activity(&[(PATH, rules::ALL[0].file)]);
        let ops = disk.borrow().operations;
        // The read, then the save's create: it fails (the disk is full).
        disk.borrow_mut().failing = vec![ops + 1];
        let (rank, reply) = a.enter_score(300);
        assert_eq!(rank, Some(0));
        assert!(is_error(&reply), "{:?}", reply);
        assert!(on_disk(&disk.borrow()).is_empty(), "not saved");
        let (rank, reply) = a.enter_score(200);
        assert_eq!((rank, reply), (Some(1), ActivityReply::None));
        let scores: Vec<u32> = on_disk(&disk.borrow()).iter().map(|e| e.score).collect();
        assert_eq!(scores, [300, 200], "the first score reached the disk with the second");
        assert_eq!(a.scores(6), &on_disk(&disk.borrow())[..]);
    }

    /// The rule file missing and its backup there (a save interrupted between its renames):
    /// the start stops with `read_rule_file`'s message and code 7, as for `-r`, and nothing
    /// is touched; the built-in rule with an empty table is not played.
    fn an_interrupted_save_stops_the_start_and_names_the_backup() {
        let mut tables: [Vec<ScoreEntry>; 4] = Default::default();
        tables[0].push(ScoreEntry::new(b"Eve", 4321, WHEN));
        let kept = crate::rul::scores::with_scores(rules::ALL[0].file, &tables).unwrap();
        let disk = Rc::new(RefCell::new(MemoryDisk::with_files(&[("TETRHEX.$$B", &kept)])));
        let shared: SharedRuleDisk = disk.clone();
        let started = TetrhexActivity::with_disk(&rules::ALL[0], 6, 1, shared);
        let e = started.err().expect("the start stops");
        assert_eq!(e.exit_code(), 7, "section 8.2: rule file not found");
        assert!(e.message.contains("TETRHEX.$$B") && e.message.contains("interrupted"), "{}", e.message);
        let d = disk.borrow();
        assert_eq!((d.operations, d.files.len()), (0, 1), "nothing written");
        assert!(d.file("TETRHEX.$$B") == Some(&kept[..]));
    }

    /// Without the rule file, the first score creates it by the safe sequence: whatever step
    /// fails (or a write that says it went well but wrote half), no truncated rule file is
    /// left under the rule file's name, no temporary file stays, and the score is kept.
    fn a_missing_rule_file_is_created_safely() {
        let (mut a, disk) = activity(&[]);
        for k in 0..6 {
            for short in [false, true] {
                *disk.borrow_mut() = MemoryDisk { clock: WHEN, ..MemoryDisk::default() };
                if short { disk.borrow_mut().short_write = Some(k) } else { disk.borrow_mut().failing = vec![k] }
                a.scores = Default::default();
                a.unsaved.clear();
                let (rank, _) = a.enter_score(100 + k as u32);
                assert_eq!(rank, Some(0));
                let d = disk.borrow();
                if let Some(bytes) = d.file(PATH) {
                    let rule = load(bytes).unwrap_or_else(|e| panic!("fault {} (short {}): a bad rule file: {:?}", k, short, e));
                    assert!(rule.scores[0].is_empty() || rule.scores[0][0].score == 100 + k as u32);
                }
                let names: Vec<String> = d.files.iter().map(|f| f.0.clone()).collect();
                assert!(d.files.len() <= 1, "fault {} (short {}): files left: {:?}", k, short, names);
            }
        }
    }

    /// Whatever step of a save fails, with the rule file there holding scores: no score the
    /// table showed is ever lost, on the screen or, once the disk is repaired, in the file.
    fn no_score_shown_is_ever_lost_whatever_step_fails() {
        let mut tables: [Vec<ScoreEntry>; 4] = Default::default();
        tables[0].extend([ScoreEntry::new(b"Eve", 4321, WHEN), ScoreEntry::new(b"Bob", 150, WHEN)]);
        let start = crate::rul::scores::with_scores(rules::ALL[0].file, &tables).unwrap();
        let (mut a, _) = activity(&[(PATH, &start)]);
        for fault in every_fault() {
            three_scores_under(&mut a, Some(&start), fault);
        }
    }

    /// The same without the rule file: the first save creates it.
    fn no_score_shown_is_ever_lost_when_the_rule_file_is_created() {
        let (mut a, _) = activity(&[]);
        for fault in every_fault() {
            three_scores_under(&mut a, None, fault);
        }
    }

    /// A score not saved is saved at quit; when it still cannot be, the player is told and
    /// stays, and leaves without it only by quitting again. Loading another rule saves it
    /// first too.
    fn a_score_not_saved_is_saved_at_quit_or_the_player_is_told() {
        let (mut a, disk) = activity(&[(PATH, rules::ALL[0].file), ("COLS.RUL", rules::ALL[1].file)]);
        disk.borrow_mut().write_protected = true;
        let (_, reply) = a.enter_score(300);
        assert!(matches!(&reply, ActivityReply::Host(HostRequest::Error(why)) if why.contains("write-protected") && why.contains("1 best score is kept")), "{:?}", reply);
        let reply = a.quit();
        assert!(matches!(&reply, ActivityReply::Host(HostRequest::Error(why)) if why.contains("do it again to leave without it")), "{:?}", reply);
        // The tab taken off: the next quit saves it, then quits.
        disk.borrow_mut().write_protected = false;
        assert_eq!(a.quit(), ActivityReply::Host(HostRequest::Quit));
        assert_eq!(on_disk(&disk.borrow())[0].score, 300);
        // Still protected at the second quit: the player was told, the program quits.
        disk.borrow_mut().write_protected = true;
        a.enter_score(200);
        assert!(is_error(&a.quit()));
        assert_eq!(a.quit(), ActivityReply::Host(HostRequest::Quit));
        // Another rule loaded (Undo in the menu): the score is saved into this rule's file first.
        let (mut a, disk) = activity(&[(PATH, rules::ALL[0].file), ("COLS.RUL", rules::ALL[1].file)]);
        let mut s = crate::app::script::Screen::new(320, 320).unwrap();
        disk.borrow_mut().write_protected = true;
        a.enter_score(300);
        let reply = a.command(&mut s.target(), Command::LoadRuleFile("COLS.RUL".into()));
        assert!(is_error(&reply), "{:?}", reply);
        assert_eq!(a.title(), "Tetrhex", "not loaded while the score is not saved");
        disk.borrow_mut().write_protected = false;
        let reply = a.command(&mut s.target(), Command::LoadRuleFile("COLS.RUL".into()));
        assert_eq!(reply, ActivityReply::None);
        assert_ne!(a.title(), "Tetrhex");
        assert_eq!(on_disk(&disk.borrow())[0].score, 300);
    }
}
