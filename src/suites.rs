//! Every shared test suite, in the order the on-target test program runs them.
//! A module that declares `test_cases!` adds its `TESTS` here.

use crate::testcase::{TestCase, ValueCase};

/// Test suites that panic on failure.
pub const SUITES: &[&[TestCase]] = &[
    crate::memory_tests::tests::TESTS,
    crate::puzzle::random::tests::TESTS,
    crate::puzzle::backend::tests::TESTS,
    crate::puzzle::compiler_repro::tests::TESTS,
    crate::puzzle::midend::tests::TESTS,
    crate::video::planar::tests::TESTS,
    crate::games::fifteen::tests::TESTS,
    crate::games::maze::tests::TESTS,
    crate::games::slide::tests::TESTS,
    crate::rul::geometry::tests::TESTS,
    crate::rul::format_tests::TESTS,
    crate::rul::board::tests::TESTS,
    crate::rul::interpreter_tests::TESTS,
    crate::rul::game_tests::TESTS,
    crate::rul::rules_tests::TESTS,
];

/// Differential suites: values compared with the host's.
pub const VALUE_SUITES: &[&[ValueCase]] = &[
    crate::differential::VALUE_CASES,
    crate::rul::rules_tests::replays::VALUE_CASES,
];
