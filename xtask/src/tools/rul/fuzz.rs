//! The loader's fuzzing campaign: mutated rule files must load or be rejected, never
//! panic or hang; files that load must round-trip through the writer, and their phases run
//! under a small step budget (which also fuzzes the interpreter on arbitrary code).
//!
//! The workspace builds with `panic = "abort"`, so a panic ends the process: a panic hook
//! saves the offending input to `fuzz-crash.RUL` first. A campaign that completes had no panic.

use super::player::Dice;
use falcon_puzzles::rul::model::Phase;
use falcon_puzzles::rul::vm::Vm;
use falcon_puzzles::rul::{loader::load, writer::write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

static CURRENT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

#[derive(Default, Debug)]
pub struct Report {
    pub files: u64,
    pub loaded: u64,
    pub rejected: u64,
    pub run_errors: u64,
    pub slowest: Duration,
    pub reasons: std::collections::BTreeMap<String, u64>,
}

fn mutate(d: &mut Dice, seed: &[u8]) -> Vec<u8> {
    let mut f = seed.to_vec();
    let n = 1 + d.below(4);
    for _ in 0..n {
        let len = f.len().max(1) as u32;
        match d.below(9) {
            0 => {
                let i = d.below(len) as usize;
                if i < f.len() {
                    f[i] ^= 1 << d.below(8);
                }
            }
            1 => {
                let i = d.below(len) as usize;
                if i < f.len() {
                    f[i] = d.below(256) as u8;
                }
            }
            2 => {
                let i = d.below(len) as usize;
                if i < f.len() {
                    f[i] = [0, 0xff, 0x7f, 0x80, 1][d.below(5) as usize];
                }
            }
            3 => {
                let cut = d.below(len + 1) as usize;
                f.truncate(cut);
            }
            4 => {
                let i = d.below(len + 1) as usize;
                let i = i.min(f.len());
                f.insert(i, d.below(256) as u8);
            }
            5 => {
                if !f.is_empty() {
                    let i = d.below(len) as usize;
                    f.remove(i.min(f.len() - 1));
                }
            }
            // Header addresses and counts: the likeliest to reach deep code.
            6 => {
                let i = 50 + d.below(60) as usize;
                if i < f.len() {
                    f[i] = f[i].wrapping_add(d.below(5) as u8).wrapping_sub(2);
                }
            }
            7 => {
                let i = 66 + 4 * d.below(11) as usize;
                if i + 4 <= f.len() {
                    let v = u32::from_be_bytes(f[i..i + 4].try_into().unwrap());
                    let v = v.wrapping_add(d.below(65)).wrapping_sub(32);
                    f[i..i + 4].copy_from_slice(&v.to_be_bytes());
                }
            }
            _ => {
                // Splice a random run of the file elsewhere.
                if f.len() > 8 {
                    let a = d.below(f.len() as u32 - 4) as usize;
                    let b = d.below(f.len() as u32 - 4) as usize;
                    let l = (1 + d.below(16) as usize).min(f.len() - a.max(b));
                    let chunk = f[a..a + l].to_vec();
                    f[b..b + l].copy_from_slice(&chunk);
                }
            }
        }
    }
    f
}

pub fn campaign(seeds: &[Vec<u8>], count: u64, seed: u64) -> Report {
    // The hook saves the input only for a panic of this thread, during the campaign: the
    // tests run in threads of one process, and another test's panic is not this input's
    // (one such would leave a stray fuzz-crash.RUL). The hook found is put back after.
    let campaign_thread = std::thread::current().id();
    let previous: Arc<PanicHook> = Arc::from(std::panic::take_hook());
    let others = Arc::clone(&previous);
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() != campaign_thread {
            return others(info);
        }
        let data = CURRENT.lock().map(|g| g.clone()).unwrap_or_default();
        let _ = std::fs::write("fuzz-crash.RUL", &data);
        eprintln!("PANIC: {info}; input saved to fuzz-crash.RUL");
    }));
    let r = run_campaign(seeds, count, seed);
    std::panic::set_hook(Box::new(move |info| previous(info)));
    r
}

/// A panic hook, as `std::panic::take_hook` returns it.
type PanicHook = dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static;

fn run_campaign(seeds: &[Vec<u8>], count: u64, seed: u64) -> Report {
    let mut d = Dice::new(seed);
    let mut r = Report::default();
    for i in 0..count {
        let f = mutate(&mut d, &seeds[(i % seeds.len() as u64) as usize]);
        if let Ok(mut g) = CURRENT.lock() {
            g.clear();
            g.extend_from_slice(&f);
        }
        let t = Instant::now();
        match load(&f) {
            Ok(rule) => {
                r.loaded += 1;
                let w = write(&rule);
                assert_eq!(load(&w).as_ref(), Ok(&rule), "round trip of a mutated file");
                let mut vm = Vm::new(6 + (i % 4) as u8, rule.stack_size, i as u32);
                vm.budget = 20_000;
                for p in Phase::ALL {
                    if vm.run(&rule.code, rule.phases[p as usize]).is_err() {
                        r.run_errors += 1;
                    }
                }
            }
            Err(e) => {
                r.rejected += 1;
                *r.reasons.entry(format!("{:?}", e.reason)).or_default() += 1;
            }
        }
        let el = t.elapsed();
        if el > r.slowest {
            r.slowest = el;
        }
        r.files += 1;
    }
    r
}
