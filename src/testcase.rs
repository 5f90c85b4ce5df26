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

/// Declares cost measurements: bodies run once each, after every test, on the 68030 (which
/// prints their cycles as `68030 bench <name>: <N> cycles`) and as ordinary `#[test]`s on
/// the host (which checks that they still work). For work too heavy for a test case, such as
/// generating the largest preset of a puzzle. Lists `pub const BENCHES: &[TestCase]`.
#[macro_export]
macro_rules! bench_cases {
    ($( $(#[doc = $doc:literal])* fn $name:ident() $body:block )*) => {
        $( $(#[doc = $doc])* #[cfg_attr(test, test)] pub fn $name() $body )*

        /// Every cost measurement of this module, for the on-target test program.
        pub const BENCHES: &[$crate::testcase::TestCase] = &[
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
