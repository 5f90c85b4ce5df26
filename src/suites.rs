//! Every shared test suite, in the order the on-target test program runs them.
//! A module that declares `test_cases!` adds its `TESTS` here.

use crate::testcase::{TestCase, ValueCase};

/// Test suites that panic on failure.
pub const SUITES: &[&[TestCase]] = &[
    crate::testcase::tests::TESTS,
    crate::memory_tests::tests::TESTS,
    crate::stack_usage::tests::TESTS,
    crate::puzzle::random::tests::TESTS,
    crate::puzzle::obfuscate::tests::TESTS,
    crate::puzzle::backend::tests::TESTS,
    crate::puzzle::compiler_repro::tests::TESTS,
    crate::puzzle::midend::tests::TESTS,
    crate::video::planar::tests::TESTS,
    crate::games::fifteen::tests::TESTS,
    crate::games::maze::tests::TESTS,
    crate::games::slide::tests::TESTS,
    crate::games::sixteen::tests::TESTS,
    crate::games::flip::tests::TESTS,
    crate::games::samegame::tests::TESTS,
    crate::games::untangle::tests::TESTS,
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
    crate::differential::int_arith::VALUE_CASES,
    crate::differential::compare_branch::VALUE_CASES,
    crate::differential::loops_indexing::VALUE_CASES,
    crate::differential::aggregates::VALUE_CASES,
    crate::differential::match_control::VALUE_CASES,
    crate::differential::iter_closure::VALUE_CASES,
    crate::differential::option_result::VALUE_CASES,
    crate::differential::collections::VALUE_CASES,
    crate::differential::strings::VALUE_CASES,
    crate::differential::formatting::VALUE_CASES,
    crate::differential::sorting::VALUE_CASES,
    crate::differential::recursion::VALUE_CASES,
    crate::differential::bytes_packing::VALUE_CASES,
    crate::differential::sha1::VALUE_CASES,
    crate::differential::prng::VALUE_CASES,
    crate::differential::heapless_types::VALUE_CASES,
    crate::differential::bitflags_types::VALUE_CASES,
    crate::differential::alloc_patterns::VALUE_CASES,
    crate::rul::rules_tests::replays::VALUE_CASES,
    crate::games::sixteen::tests::VALUE_CASES,
    crate::games::flip::tests::VALUE_CASES,
    crate::games::samegame::tests::VALUE_CASES,
    crate::games::untangle::tests::VALUE_CASES,
];

/// Cost measurements, run after everything else (`68030 bench` lines).
pub const BENCH_SUITES: &[&[TestCase]] = &[
    crate::games::sixteen::tests::BENCHES,
    crate::games::flip::tests::BENCHES,
    crate::games::samegame::tests::BENCHES,
    crate::games::untangle::tests::BENCHES,
];
