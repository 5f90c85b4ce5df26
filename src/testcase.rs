//! Test cases written once, run twice: by `cargo test` on the host and by the on-target test
//! program (`selftest/src/bin/target_tests.rs`) on the emulated 68030.
//!
//! A test module declares its cases with [`test_cases!`]; each becomes an ordinary `#[test]`
//! on the host and an entry of the module's `TESTS` table, which `selftest/src/suites.rs`
//! lists for the target. Only compiled for tests (`cfg(test)` or the `target-tests` feature):
//! nothing of it is in the shipped program. Cases must be `no_std` (use `alloc::`), deterministic, and cheap enough for a
//! 16 MHz CPU (a few million instructions at most); host-only stress tests stay plain
//! `#[test]`s.
//!
//! The differential suite uses [`value_cases!`]: each case computes a `u64` digest; the host
//! tool runs the same function natively to produce the expected value and compares it with
//! what the 68030 printed.

/// Counting heap allocations: tests that check a loop allocates nothing.
pub mod allocations;

/// One test: a name and a body that panics on failure.
#[derive(Clone, Copy)]
pub struct TestCase {
    pub name: &'static str,
    pub run: fn(),
}

/// One differential case: a name and a function whose result must be equal on both machines.
#[derive(Clone, Copy)]
pub struct ValueCase {
    pub name: &'static str,
    pub run: fn() -> u64,
}

/// One module's shared cases (its `TESTS` and `VALUE_CASES`): what the 68030 run schedules
/// on a shard, times and holds to a cycle budget as one unit. `name` is the module's path
/// (`falcon_puzzles::games::flip::tests`), the prefix of its cases' names.
#[derive(Clone, Copy)]
pub struct Suite {
    pub name: &'static str,
    pub tests: &'static [TestCase],
    pub values: &'static [ValueCase],
}

impl Suite {
    /// How many cases it has.
    pub const fn len(&self) -> usize {
        self.tests.len() + self.values.len()
    }
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Declares test functions and a `pub const TESTS: &[TestCase]` listing them.
///
/// ```ignore
/// falcon_puzzles::test_cases! {
///     fn adds() { assert_eq!(1 + 1, 2); }
/// }
/// ```
#[macro_export]
macro_rules! test_cases {
    ($( $(#[doc = $doc:literal])* fn $name:ident() $body:block )*) => {
        $( $(#[doc = $doc])* #[cfg_attr(test, test)] pub fn $name() $body )*

        /// Every test case of this module, for the on-target test program.
        pub const TESTS: &[$crate::testcase::TestCase] = &[
            $( $crate::testcase::TestCase {
                name: concat!(module_path!(), "::", stringify!($name)),
                run: $name,
            } ),*
        ];
    };
}

/// Declares differential cases (`fn name() -> u64 { ... }`) and a
/// `pub const VALUE_CASES: &[ValueCase]`; on the host each also runs as a `#[test]`.
#[macro_export]
macro_rules! value_cases {
    ($( $(#[doc = $doc:literal])* fn $name:ident() -> u64 $body:block )*) => {
        $( $(#[doc = $doc])* pub fn $name() -> u64 $body )*

        /// Every differential case of this module.
        pub const VALUE_CASES: &[$crate::testcase::ValueCase] = &[
            $( $crate::testcase::ValueCase {
                name: concat!(module_path!(), "::", stringify!($name)),
                run: $name,
            } ),*
        ];

        #[cfg(test)]
        #[test]
        fn every_value_case_is_deterministic() {
            for case in VALUE_CASES {
                assert_eq!((case.run)(), (case.run)(), "{}", case.name);
            }
        }
    };
}

/// One benchmark: a name and a body that measures itself with a [`Bench`]. Benchmarks run
/// on the 68030 (`cargo xtask bench`: cycles from MFP Timer A, printed as
/// `68030 bench <name>: <N> cycles ...`) and on the host as ordinary tests (with a clock that
/// always says 0: there they only check that the work is right, never its speed).
#[derive(Clone, Copy)]
pub struct BenchCase {
    pub name: &'static str,
    pub run: fn(&mut Bench),
}

/// One figure of a benchmark: what was measured, its cycles, the goal if there is one,
/// and named figures that explain it (`ops=1425`, `nodes=3120`).
pub struct Measurement<'a> {
    pub name: &'a str,
    pub cycles: u64,
    pub goal: Option<u64>,
    pub figures: &'a [(&'a str, u64)],
}

/// What a benchmark measures with: a clock in ticks (on the 68030, MFP Timer A units of
/// 1/614400 s; always 0 on the host), how ticks convert to cycles of the 16 MHz 68030, what
/// reading the clock twice costs (subtracted from every interval), and where measurements go.
pub struct Bench<'a> {
    pub clock: fn() -> u64,
    pub ticks_to_cycles: fn(u64) -> u64,
    /// Ticks between two clock readings with nothing between them.
    pub overhead: u64,
    pub out: &'a mut dyn FnMut(&Measurement),
}

impl Bench<'_> {
    /// Cycles `f` takes, and its result.
    pub fn time<T>(&mut self, f: impl FnOnce() -> T) -> (u64, T) {
        let t0 = (self.clock)();
        let r = f();
        let t1 = (self.clock)();
        (self.cycles(t1.saturating_sub(t0), 1), r)
    }
    /// Cycles of `ticks` measured over `intervals` clock intervals (each including one
    /// clock overhead).
    pub fn cycles(&self, ticks: u64, intervals: u64) -> u64 {
        (self.ticks_to_cycles)(ticks.saturating_sub(self.overhead * intervals))
    }
    /// Reports one figure.
    pub fn report(&mut self, name: &str, cycles: u64, goal: Option<u64>, figures: &[(&str, u64)]) {
        (self.out)(&Measurement { name, cycles, goal, figures });
    }
    /// True on the host (its clock says nothing): benchmarks may do less work there.
    pub fn on_host(&self) -> bool {
        (self.clock)() == 0
    }
}

/// Declares benchmarks (`fn name(b: &mut Bench) { ... }`) and a `pub const BENCHES:
/// &[BenchCase]`; on the host each also runs as a `#[test]` with a clock that says 0.
#[macro_export]
macro_rules! bench_cases {
    ($( $(#[doc = $doc:literal])* fn $name:ident($b:ident: &mut Bench) $body:block )*) => {
        $( $(#[doc = $doc])* pub fn $name($b: &mut $crate::testcase::Bench) $body )*

        /// Every benchmark of this module, for the on-target benchmark run.
        pub const BENCHES: &[$crate::testcase::BenchCase] = &[
            $( $crate::testcase::BenchCase {
                name: concat!(module_path!(), "::", stringify!($name)),
                run: $name,
            } ),*
        ];

        #[cfg(test)]
        mod bench_tests {
            $(
                #[test]
                fn $name() {
                    let mut out = |m: &$crate::testcase::Measurement| {
                        std::println!("host bench {}: {:?} {:?}", m.name, m.goal, m.figures);
                    };
                    let mut b = $crate::testcase::Bench { clock: || 0, ticks_to_cycles: |t| t, overhead: 0, out: &mut out };
                    super::$name(&mut b);
                }
            )*
        }
    };
}
