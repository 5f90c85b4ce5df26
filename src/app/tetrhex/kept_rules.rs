//! Rule files loaded once and kept for the rest of the program.
//!
//! A game's [`Session`](crate::rul::session::Session) borrows its rule (`&'static RuleFile`)
//! and the rule's bytes for as long as the program runs. Each rule file is loaded and kept
//! once, found again by its bytes: starting a rule a hundred times from the collection, or
//! reading the same file from disk again, keeps no more memory than the first time. What is
//! kept grows only with the number of different rule files a player starts (the three built
//! in, and those loaded from disk).
//!
//! The program runs on one thread and no interrupt loads a rule; the host's tests run on
//! several threads, where a rule two of them kept at once is kept once (the other rule is
//! freed).

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

use crate::rul::error::LoadError;
use crate::rul::loader::load;
use crate::rul::model::RuleFile;

/// One kept rule: its file's bytes and the rule loaded from them.
struct Kept {
    file: &'static [u8],
    rule: RuleFile,
    /// The rule kept before this one (null after the first).
    next: *const Kept,
}

/// The rule kept last; the others follow its `next`. Nodes are never freed.
static KEPT: AtomicPtr<Kept> = AtomicPtr::new(ptr::null_mut());

/// The kept rule whose file holds the bytes `file`.
fn find(file: &[u8]) -> Option<&'static Kept> {
    let mut p = KEPT.load(Ordering::Acquire).cast_const();
    while !p.is_null() {
        // SAFETY: every node came from Box::into_raw in `keep` and is never freed.
        let kept = unsafe { &*p };
        if kept.file == file {
            return Some(kept);
        }
        p = kept.next;
    }
    None
}

/// Adds `node` (its `next` set here) unless a rule of the same bytes was kept meanwhile;
/// returns the node that is kept.
fn keep(node: Box<Kept>) -> &'static Kept {
    let fresh = Box::into_raw(node);
    #[cfg(target_arch = "m68k")]
    {
        // SAFETY: just made, never shared yet; kept for ever once stored.
        unsafe {
            (*fresh).next = KEPT.load(Ordering::Acquire);
            KEPT.store(fresh, Ordering::Release);
            &*fresh
        }
    }
    #[cfg(not(target_arch = "m68k"))]
    loop {
        let head = KEPT.load(Ordering::Acquire);
        // SAFETY: `fresh` is not shared until the exchange below succeeds.
        let file = unsafe {
            (*fresh).next = head;
            (*fresh).file
        };
        if let Some(other) = find(file) {
            // SAFETY: `fresh` was never shared.
            drop(unsafe { Box::from_raw(fresh) });
            return other;
        }
        if KEPT.compare_exchange(head, fresh, Ordering::AcqRel, Ordering::Acquire).is_ok() {
            // SAFETY: stored, kept for ever.
            return unsafe { &*fresh };
        }
    }
}

/// The rule of the file `file` (a file of the program's own, kept for ever anyway): loaded
/// and kept at the first call with these bytes.
pub fn rule(file: &'static [u8]) -> Result<&'static RuleFile, LoadError> {
    if let Some(kept) = find(file) {
        return Ok(&kept.rule);
    }
    let rule = load(file)?;
    Ok(&keep(Box::new(Kept { file, rule, next: ptr::null() })).rule)
}

/// The bytes of a rule file read from disk, kept: the kept copy of the same bytes if there
/// is one (`bytes` is then freed), else `bytes` themselves, with their rule loaded. A file
/// that is not a rule is refused with the reason and nothing is kept.
pub fn file(bytes: Vec<u8>) -> Result<&'static [u8], LoadError> {
    if let Some(kept) = find(&bytes) {
        return Ok(kept.file);
    }
    let rule = load(&bytes)?;
    let file: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    Ok(keep(Box::new(Kept { file, rule, next: ptr::null() })).file)
}

/// Keeps the rules of the files the program carries (`rules::ALL`), as the first start of
/// each does: the benchmark run does it before its first benchmark, so that what a
/// benchmark keeps of the heap is never a rule the game keeps for ever.
pub fn keep_the_program_s_rules() {
    for entry in super::rules::ALL {
        rule(entry.file).expect("a rule file the program carries loads");
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
