//! The on-target test program: runs every shared test case of the core on the 68030 and
//! prints one line per case for `cargo xtask test`, which compares them with the host.
//!
//! What to run: the file `TESTS.TXT` beside the program, if there is one, in lines of
//!   `filter <part>`        only the cases whose name holds `<part>`
//!   `suites <i> <j> ...`   only these suites (their indices in `suites::suites()`): a shard
//!   `memory-bench`         also the memory routines' throughput (`bench` lines)
//!   `benchmarks`           the benchmarks instead of the tests (`cargo xtask bench`; with
//!                          `filter <part>`, those whose name holds it)
//! Without the file: every case of every suite, and the memory benchmarks.
//!
//! Protocol (one line each, through NatFeats):
//!   `falcon-tests start <n>`            number of cases that follow
//!   `run <name>`                        before a case (a hang is then attributed)
//!   `ok <name> <cycles>`                a test case passed
//!   `FAILED <name> <cycles>`            it panicked (the panic message precedes it)
//!   `value <name> <hex> <cycles>`       a differential case's digest
//!   `falcon-tests stack <bytes> <size> <name>`  the deepest stack use of any case, and by which
//!   `falcon-tests end <passed> passed, <failed> failed`
//! Cycles are those of a 16 MHz 68030, measured with MFP Timer A.
//!
//! The benchmarks' protocol:
//!   `falcon-bench start <n>`                     number of benchmarks
//!   `run <name>` then `ok <name> <cycles>` or `FAILED <name> <cycles>` for each (failed too
//!   when it kept some of the heap: `benchmark kept <n> bytes of the heap` before)
//!   `measure <name> <cycles> <goal|-> [key=value ...]`  one figure of a benchmark
//!   `falcon-bench end <passed> passed, <failed> failed`
#![no_std]
#![no_main]

extern crate alloc;

use core::cell::UnsafeCell;

use falcon_puzzles::machine::cache;
use falcon_puzzles::machine::mfp::timer_a as timer;
use falcon_puzzles::runtime::console::{print_dec, print_hex, print_str};
use falcon_puzzles::runtime::{Start, exceptions, exit, gemdos, heap, panic};
use falcon_puzzles::testcase::Suite;
use falcon_puzzles::testcase::{Bench, Measurement};
use falcon_selftest::stack;
use falcon_selftest::suites::{benches, suites};

// In src/runner.s.
unsafe extern "C" {
    fn run_protected(body: extern "C" fn(), buf: *mut JmpBuf) -> u32;
    fn protected_abort(buf: *mut JmpBuf) -> !;
}

#[repr(C)]
struct JmpBuf([u32; 12]);

struct Shared(UnsafeCell<JmpBuf>);
// SAFETY: single-threaded.
unsafe impl Sync for Shared {}
static JMP: Shared = Shared(UnsafeCell::new(JmpBuf([0; 12])));

fn abort_to_runner() -> ! {
    // SAFETY: only reached from the panic handler while run_protected is active.
    unsafe { protected_abort(JMP.0.get()) }
}

/// The case `run_protected` runs next (set just before it), and the digest of a differential
/// case, passed out of it.
static mut TEST_FN: fn() = || {};
static mut VALUE_FN: fn() -> u64 = || 0;
static mut VALUE: u64 = 0;

/// The body given to `run_protected` for a test case (a C function: runner.s calls it).
extern "C" fn run_test_case() {
    // SAFETY: single-threaded; set just before run_protected calls us.
    unsafe { TEST_FN() };
}

/// The body given to `run_protected` for a differential case.
extern "C" fn run_value_case() {
    // SAFETY: single-threaded; set just before run_protected calls us.
    unsafe { VALUE = VALUE_FN() };
}

/// The benchmark being run, passed into `run_protected`.
static mut BENCH_FN: fn(&mut Bench) = |_| {};

/// The benchmarks' clock: Timer A units since it started (never 0, so benchmarks can tell
/// the 68030 from the host).
fn ticks_now() -> u64 {
    timer::now() + 1
}

fn print_measurement(m: &Measurement) {
    print_str("measure ");
    print_str(m.name);
    print_str(" ");
    print_dec(m.cycles);
    match m.goal {
        Some(g) => {
            print_str(" ");
            print_dec(g);
        }
        None => print_str(" -"),
    }
    for &(k, v) in m.figures {
        print_str(" ");
        print_str(k);
        print_str("=");
        print_dec(v);
    }
    print_str("\n");
}

extern "C" fn run_bench_case() {
    let mut out = |m: &Measurement| print_measurement(m);
    // What two readings of the clock cost, with nothing between them: the smallest of a few.
    let overhead = (0..8)
        .map(|_| {
            let t0 = ticks_now();
            ticks_now().saturating_sub(t0)
        })
        .min()
        .unwrap_or(0);
    let mut b = Bench { clock: ticks_now, ticks_to_cycles: timer::units_to_cycles, overhead, out: &mut out };
    // SAFETY: single-threaded; set just before run_protected calls us.
    unsafe { BENCH_FN(&mut b) };
}

/// The file `name` (`TESTS.TXT`) beside the program, read into `buf` (what
/// does not fit is left out); empty when there is none.
fn read_file<'b>(name: &core::ffi::CStr, buf: &'b mut [u8]) -> &'b str {
    let handle = gemdos::fopen_read(name);
    if handle < 0 {
        return "";
    }
    let n = gemdos::fread(handle as u16, buf).max(0) as usize;
    gemdos::fclose(handle as u16);
    core::str::from_utf8(&buf[..n]).unwrap_or("")
}

/// What `TESTS.TXT` asks for (see the top of this file).
struct Plan<'t> {
    filter: &'t str,
    /// The suites' indices, as written; `None`: every suite.
    suites: Option<&'t str>,
    memory_bench: bool,
    /// The benchmarks instead of the tests.
    benchmarks: bool,
}

impl<'t> Plan<'t> {
    fn read(text: &'t str) -> Self {
        let mut plan = Plan { filter: "", suites: None, memory_bench: text.is_empty(), benchmarks: false };
        for line in text.lines() {
            let line = line.trim();
            if let Some(f) = line.strip_prefix("filter ") {
                plan.filter = f.trim();
            } else if let Some(list) = line.strip_prefix("suites") {
                plan.suites = Some(list);
            } else if line == "memory-bench" {
                plan.memory_bench = true;
            } else if line == "benchmarks" {
                plan.benchmarks = true;
            }
        }
        plan
    }
    /// Whether suite number `index` is to run.
    fn wants(&self, index: usize) -> bool {
        self.suites.is_none_or(|list| list.split_ascii_whitespace().any(|w| w.parse() == Ok(index)))
    }
    /// The suites to run, in order.
    fn suites(&self) -> impl Iterator<Item = &'static Suite> + '_ {
        suites().enumerate().filter(|&(i, _)| self.wants(i)).map(|(_, s)| s)
    }
}

/// The shard's plan, read once (a few hundred suite numbers at most).
static mut PLAN_TEXT: [u8; 4096] = [0; 4096];

/// The benchmark run (the plan's `benchmarks`): every benchmark once (or those whose name
/// holds `filter`), its figures as `measure` lines.
fn run_benchmarks(filter: &str) -> u32 {
    let cases = || benches().filter(|c| c.name.contains(filter));
    let n = cases().count();
    print_str("falcon-bench start ");
    print_dec(n as u64);
    print_str("\n");
    let (mut passed, mut failed) = (0u32, 0u32);
    // What the program keeps for ever on purpose is kept before the first benchmark, which
    // would otherwise be charged with it (see the check of the heap below).
    falcon_puzzles::app::tetrhex::kept_rules::keep_the_program_s_rules();
    for case in cases() {
        line("run ", case.name, None);
        // SAFETY: single-threaded.
        unsafe { BENCH_FN = case.run };
        let heap_before = heap::usage().0;
        let t0 = timer::now();
        // SAFETY: JMP is only used here and by the panic hook.
        let aborted = unsafe { run_protected(run_bench_case, JMP.0.get()) } != 0;
        let cycles = timer::units_to_cycles(timer::now().saturating_sub(t0));
        // A benchmark gives back all it allocated, so that what runs after it gets the heap
        // as it was: a figure never depends on the order of the benchmarks.
        let kept = heap::usage().0.saturating_sub(heap_before);
        if kept > 0 && !aborted {
            print_str("benchmark kept ");
            print_dec(kept as u64);
            print_str(" bytes of the heap\n");
        }
        if aborted || kept > 0 {
            failed += 1;
            line("FAILED ", case.name, Some(cycles));
        } else {
            passed += 1;
            line("ok ", case.name, Some(cycles));
        }
    }
    print_str("falcon-bench end ");
    print_dec(passed as u64);
    print_str(" passed, ");
    print_dec(failed as u64);
    print_str(" failed\n");
    failed
}

/// `<what><name>[ <cycles>]\n`, printed without core::fmt.
fn line(what: &str, name: &str, cycles: Option<u64>) {
    print_str(what);
    print_str(name);
    if let Some(c) = cycles {
        print_str(" ");
        print_dec(c);
    }
    print_str("\n");
}

/// The deepest stack use of the cases so far.
struct StackPeak {
    used: usize,
    size: usize,
    name: &'static str,
}

impl StackPeak {
    /// Reads the stack's paint after a case (painted again before it): records its depth and,
    /// if it wrote into the guard below the stack, says so and returns true (the case fails:
    /// without the guard it would have overwritten .data, see docs/toolchain.md).
    fn check(&mut self, name: &'static str) -> bool {
        let u = stack::usage();
        if u.used > self.used {
            *self = StackPeak { used: u.used, size: u.size, name };
        }
        self.size = u.size;
        if u.overflowed() {
            print_str("stack overflow: ");
            print_dec(u.guard_used as u64);
            print_str(" bytes written below the ");
            print_dec(u.size as u64);
            print_str("-byte stack\n");
        }
        u.overflowed()
    }
}

/// Throughput of the core's memory routines (src/runtime/memory.s) on 32 KiB blocks:
/// `bench <name> <bytes> <cycles>` lines, cycles of the 16 MHz 68030.
fn memory_benchmarks() {
    use alloc::vec;
    use core::hint::black_box;
    const N: usize = 32 * 1024;
    let src = vec![0x5Au8; N + 16];
    let mut dst = vec![0u8; N + 16];
    let bench = |name: &str, f: &mut dyn FnMut()| {
        let t0 = timer::now();
        f();
        let cycles = timer::units_to_cycles(timer::now().saturating_sub(t0));
        print_str("bench ");
        print_str(name);
        print_str(" ");
        print_dec(N as u64);
        print_str(" ");
        print_dec(cycles);
        print_str("\n");
    };
    // SAFETY (all closures): N bytes from offsets < 16 stay inside buffers of N + 16.
    bench("memcpy_aligned", &mut || unsafe {
        core::ptr::copy_nonoverlapping(black_box(src.as_ptr()), black_box(dst.as_mut_ptr()), black_box(N))
    });
    bench("memcpy_misaligned", &mut || unsafe {
        core::ptr::copy_nonoverlapping(black_box(src.as_ptr().add(1)), black_box(dst.as_mut_ptr().add(2)), black_box(N))
    });
    bench("memmove_backward", &mut || unsafe {
        core::ptr::copy(black_box(dst.as_ptr()), black_box(dst.as_mut_ptr().add(4)), black_box(N))
    });
    bench("memset", &mut || unsafe { core::ptr::write_bytes(black_box(dst.as_mut_ptr()), black_box(0), black_box(N)) });
    let copy = src.clone();
    bench("memcmp_equal", &mut || {
        black_box(black_box(&src[..N]) == black_box(&copy[..N]));
    });
}

#[unsafe(no_mangle)]
pub fn falcon_main(_start: &Start) -> i32 {
    let old_ssp = gemdos::super_mode();
    let _ = old_ssp; // TOS-less test mode: we stay in supervisor mode until Pterm.
    // As under TOS: both caches on (TOS-less mode starts with them off).
    if !cache::enable_like_tos() {
        print_str("falcon-tests cannot switch the caches on\n");
        return 2;
    }
    if !timer::install() {
        print_str("falcon-tests cannot install Timer A\n");
        return 2;
    }
    if !exceptions::install() {
        print_str("falcon-tests cannot install exception handlers\n");
        return 2;
    }
    panic::set_hook(Some(abort_to_runner));

    // SAFETY: single-threaded; the only reference to the buffer.
    let text = read_file(c"TESTS.TXT", unsafe { &mut *core::ptr::addr_of_mut!(PLAN_TEXT) });
    let plan = Plan::read(text);
    let filter = plan.filter;
    if plan.benchmarks {
        let failed = run_benchmarks(filter);
        panic::set_hook(None);
        exit::restore_machine();
        return if failed == 0 { 0 } else { 1 };
    }
    let count: usize = plan
        .suites()
        .map(|s| {
            s.tests.iter().filter(|c| c.name.contains(filter)).count()
                + s.values.iter().filter(|c| c.name.contains(filter)).count()
        })
        .sum();
    print_str("falcon-tests start ");
    print_dec(count as u64);
    print_str("\n");
    let (mut passed, mut failed) = (0u32, 0u32);
    let mut peak = StackPeak { used: 0, size: 0, name: "" };
    for suite in plan.suites() {
        for case in suite.tests.iter().filter(|c| c.name.contains(filter)) {
            line("run ", case.name, None);
            // SAFETY: single-threaded.
            unsafe { TEST_FN = case.run };
            stack::repaint();
            let t0 = timer::now();
            // SAFETY: JMP is only used by this loop and the panic hook.
            let aborted = unsafe { run_protected(run_test_case, JMP.0.get()) } != 0;
            let cycles = timer::units_to_cycles(timer::now().saturating_sub(t0));
            let overflowed = peak.check(case.name);
            if aborted || overflowed {
                failed += 1;
                line("FAILED ", case.name, Some(cycles));
            } else {
                passed += 1;
                line("ok ", case.name, Some(cycles));
            }
        }
        for case in suite.values.iter().filter(|c| c.name.contains(filter)) {
            line("run ", case.name, None);
            // SAFETY: single-threaded.
            unsafe { VALUE_FN = case.run };
            stack::repaint();
            let t0 = timer::now();
            // SAFETY: as above.
            let aborted = unsafe { run_protected(run_value_case, JMP.0.get()) } != 0;
            let cycles = timer::units_to_cycles(timer::now().saturating_sub(t0));
            let overflowed = peak.check(case.name);
            if aborted || overflowed {
                failed += 1;
                line("FAILED ", case.name, Some(cycles));
            } else {
                // Passing is decided by the host, which knows the expected digest.
                // SAFETY: written by run_value_case.
                let v = unsafe { VALUE };
                print_str("value ");
                print_str(case.name);
                print_str(" ");
                print_hex(v);
                print_str(" ");
                print_dec(cycles);
                print_str("\n");
            }
        }
    }
    if plan.memory_bench {
        memory_benchmarks();
    }
    panic::set_hook(None);
    print_str("falcon-tests stack ");
    print_dec(peak.used as u64);
    print_str(" ");
    print_dec(peak.size as u64);
    print_str(" ");
    print_str(peak.name);
    print_str("\n");
    print_str("falcon-tests end ");
    print_dec(passed as u64);
    print_str(" passed, ");
    print_dec(failed as u64);
    print_str(" failed\n");
    exit::restore_machine();
    if failed == 0 { 0 } else { 1 }
}
