//! Every shared test suite and every benchmark, for the on-target test program and for
//! xtask, which schedules the suites on shards and checks what the 68030 printed.
//!
//! The list is complete by construction: `build.rs` reads the sources of the core, of
//! falcon-gem and of this crate, and lists every module that declares `test_cases!`,
//! `value_cases!` or `bench_cases!` (a declaration it cannot name stops the build). The
//! conformance suite of every game in `games::ALL` comes from the games' own list.

use falcon_puzzles::testcase::{BenchCase, Suite, TestCase};

/// A falcon-gem table as the core's type: the core depends on falcon-gem, so falcon-gem
/// has its own `TestCase` with the same two fields (gem/src/testcase.rs).
const fn gem<const N: usize>(cases: &[falcon_gem::testcase::TestCase]) -> [TestCase; N] {
    let mut out = [TestCase { name: "", run: || {} }; N];
    let mut i = 0;
    while i < N {
        out[i] = TestCase { name: cases[i].name, run: cases[i].run };
        i += 1;
    }
    out
}

/// A falcon-gem module's `TESTS` as a `&[TestCase]` (`gem_suite!(aes::wind::tests)`).
macro_rules! gem_suite {
    ($($module:ident)::+) => {{
        const CASES: &[falcon_gem::testcase::TestCase] = falcon_gem::$($module)::+::TESTS;
        const N: usize = CASES.len();
        const TABLE: [TestCase; N] = gem(CASES);
        &TABLE
    }};
}

include!(concat!(env!("OUT_DIR"), "/suites.rs"));

/// Every suite: the modules' own, then one conformance suite per game of `games::ALL`.
pub const SUITES: &[&[Suite]] = &[DECLARED, falcon_puzzles::games::conformance::SUITES];

/// Every suite, in order (their index is how a shard names them).
pub fn suites() -> impl Iterator<Item = &'static Suite> {
    SUITES.iter().flat_map(|s| s.iter())
}

/// Benchmarks (`cargo xtask bench`): cycles on the 68030, checked work on the host.
pub const BENCH_SUITES: &[&[&[BenchCase]]] = &[DECLARED_BENCHES, falcon_puzzles::games::conformance::BENCHES];

/// Every benchmark, in order.
pub fn benches() -> impl Iterator<Item = &'static BenchCase> {
    BENCH_SUITES.iter().flat_map(|s| s.iter()).flat_map(|s| s.iter())
}

#[cfg(test)]
mod tests;
