//! Test cases written once, run twice: by `cargo test` on the host and by the on-target test
//! program on the emulated 68030, exactly like the core's `test_cases!`.
//!
//! The core (`falcon-puzzles`) depends on this crate, so this crate cannot name the core's
//! `TestCase`: it has its own with the same two fields, and `selftest/src/suites.rs` turns
//! each table into the core's type when it lists the suites. Only compiled for tests
//! (`cfg(test)` or the `target-tests` feature).

/// One test: a name and a body that panics on failure.
#[derive(Clone, Copy)]
pub struct TestCase {
    pub name: &'static str,
    pub run: fn(),
}

/// Declares test functions and a `pub const TESTS: &[TestCase]` listing them.
///
/// ```ignore
/// crate::test_cases! {
///     fn encodes() { assert_eq!(1 + 1, 2); }
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
