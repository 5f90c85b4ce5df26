//! Every shared test suite, in the order the on-target test program runs them.
//! A module that declares `test_cases!` (or `value_cases!`) adds its table here; a table
//! missing here never runs on the 68030.

use falcon_puzzles::testcase::{BenchCase, TestCase, ValueCase};

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

/// Lists a falcon-gem module's `TESTS` as a `&[TestCase]`.
macro_rules! gem_suite {
    ($($module:ident)::+) => {{
        const CASES: &[falcon_gem::testcase::TestCase] = falcon_gem::$($module)::+::tests::TESTS;
        const N: usize = CASES.len();
        const TABLE: [TestCase; N] = gem(CASES);
        &TABLE
    }};
}

/// Test suites that panic on failure.
pub const SUITES: &[&[TestCase]] = &[
    falcon_puzzles::digest::tests::TESTS,
    falcon_puzzles::testcase::allocations::tests::TESTS,
    crate::memory_routines::TESTS,
    crate::stack::tests::TESTS,
    falcon_puzzles::puzzle::random::tests::TESTS,
    falcon_puzzles::puzzle::obfuscate::tests::TESTS,
    falcon_puzzles::puzzle::backend::tests::TESTS,
    crate::compiler_repro::TESTS,
    falcon_puzzles::puzzle::midend::tests::TESTS,
    falcon_puzzles::puzzle::midend::animation::tests::TESTS,
    falcon_puzzles::puzzle::midend::game_id::tests::TESTS,
    falcon_puzzles::puzzle::midend::input::tests::TESTS,
    falcon_puzzles::puzzle::midend::draw::tests::TESTS,
    falcon_puzzles::puzzle::midend::save::tests::TESTS,
    falcon_puzzles::puzzle::midend::prefs::tests::TESTS,
    falcon_puzzles::picture::png::tests::TESTS,
    falcon_puzzles::picture::gem_img::tests::TESTS,
    falcon_puzzles::picture::degas::tests::TESTS,
    falcon_puzzles::picture::neo::tests::TESTS,
    falcon_puzzles::picture::tga::tests::TESTS,
    falcon_puzzles::picture::fit::tests::TESTS,
    falcon_puzzles::picture::quantise::tests::TESTS,
    falcon_puzzles::picture::dither::tests::TESTS,
    falcon_puzzles::picture::tests::TESTS,
    falcon_puzzles::gfx::colour::tests::TESTS,
    falcon_puzzles::gfx::damage::tests::TESTS,
    falcon_puzzles::gfx::decimal::tests::TESTS,
    falcon_puzzles::gfx::blit::tests::TESTS,
    falcon_puzzles::gfx::planar::tests::TESTS,
    falcon_puzzles::gfx::sprite::tests::TESTS,
    falcon_puzzles::gfx::font8x16::tests::TESTS,
    falcon_puzzles::gfx::canvas::tests::TESTS,
    falcon_puzzles::app::keymap::tests::TESTS,
    falcon_puzzles::app::mouse::tests::TESTS,
    falcon_puzzles::app::puzzle_activity::tests::TESTS,
    falcon_puzzles::app::collection::tests::TESTS,
    falcon_puzzles::app::start_screen::tests::TESTS,
    falcon_puzzles::app::onscreen::tests::TESTS,
    falcon_puzzles::app::pictures::tests::TESTS,
    falcon_puzzles::app::tetrhex::tests::TESTS,
    falcon_puzzles::app::tetrhex::options::tests::TESTS,
    falcon_puzzles::app::tetrhex::name_entry::tests::TESTS,
    falcon_puzzles::app::tetrhex::help_view::tests::TESTS,
    falcon_puzzles::app::tetrhex::program::tests::TESTS,
    falcon_puzzles::app::tetrhex::program_help::tests::TESTS,
    falcon_puzzles::app::tetrhex::language_file::tests::TESTS,
    falcon_puzzles::app::tetrhex::rule_disk::tests::TESTS,
    falcon_puzzles::app::tetrhex::clock_line::tests::TESTS,
    falcon_puzzles::frontend::gem::menu::tests::TESTS,
    falcon_puzzles::frontend::gem::menu_dialog::tests::TESTS,
    falcon_puzzles::frontend::gem::input::tests::TESTS,
    falcon_puzzles::frontend::gem::redraw::tests::TESTS,
    falcon_puzzles::frontend::gem::icon::tests::TESTS,
    falcon_puzzles::frontend::gem::depth::tests::TESTS,
    falcon_puzzles::frontend::gem::host::tests::TESTS,
    falcon_puzzles::frontend::gem::dialog::tests::TESTS,
    falcon_puzzles::frontend::gem::clipboard::tests::TESTS,
    falcon_puzzles::frontend::gem::av::tests::TESTS,
    falcon_puzzles::frontend::gem::host::replies::tests::TESTS,
    falcon_puzzles::frontend::gem::help::tests::TESTS,
    falcon_puzzles::frontend::gem::first_place::tests::TESTS,
    falcon_puzzles::frontend::rooted_disk::tests::TESTS,
    falcon_puzzles::machine::ikbd_parser::tests::TESTS,
    falcon_puzzles::machine::input::tests::TESTS,
    falcon_puzzles::machine::input_ring::tests::TESTS,
    falcon_puzzles::machine::timing::tests::TESTS,
    falcon_puzzles::machine::video_mode::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::alert::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::attract::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::pacing::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::events::tests::TESTS,
    falcon_puzzles::frontend::options::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::palette::tests::TESTS,
    falcon_puzzles::frontend::fullscreen::sync::tests::TESTS,
    falcon_puzzles::games::fifteen::tests::TESTS,
    falcon_puzzles::games::maze::tests::TESTS,
    falcon_puzzles::games::slide::tests::TESTS,
    falcon_puzzles::games::slide::optimal3::tests::TESTS,
    falcon_puzzles::games::slide::reduce::tests::TESTS,
    falcon_puzzles::rul::opcodes::tests::TESTS,
    falcon_puzzles::games::sixteen::tests::TESTS,
    falcon_puzzles::games::flip::tests::TESTS,
    falcon_puzzles::games::samegame::tests::TESTS,
    falcon_puzzles::games::untangle::tests::TESTS,
    falcon_puzzles::games::net::tests::TESTS,
    falcon_puzzles::games::mines::tests::TESTS,
    falcon_puzzles::rul::geometry::tests::TESTS,
    falcon_puzzles::rul::loader::tests::TESTS,
    falcon_puzzles::rul::board::tests::TESTS,
    falcon_puzzles::rul::interpreter::tests::TESTS,
    falcon_puzzles::rul::exec::tests::TESTS,
    falcon_puzzles::rul::session::tests::TESTS,
    falcon_puzzles::rul::tests::TESTS,
    falcon_puzzles::rul::scores::tests::TESTS,
    gem_suite!(trap),
    gem_suite!(rect),
    gem_suite!(message),
    gem_suite!(aes::appl),
    gem_suite!(aes::capabilities),
    gem_suite!(aes::evnt),
    gem_suite!(aes::wind),
    gem_suite!(aes::menu),
    gem_suite!(aes::objc),
    gem_suite!(aes::form),
    gem_suite!(aes::form_loop),
    gem_suite!(aes::graf),
    gem_suite!(aes::fsel),
    gem_suite!(aes::scrp),
    gem_suite!(aes::shel),
    gem_suite!(object),
    gem_suite!(object::builder),
    gem_suite!(object::menu),
    gem_suite!(object::dialog),
    gem_suite!(vdi),
    gem_suite!(vdi::inquire),
    gem_suite!(vdi::mouse),
    gem_suite!(vdi::colour),
    gem_suite!(vdi::output),
    gem_suite!(vdi::attributes),
    gem_suite!(vdi::raster),
];

/// Differential suites: values compared with the host's.
pub const VALUE_SUITES: &[&[ValueCase]] = &[
    crate::compiler_repro::VALUE_CASES,
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
    falcon_puzzles::rul::tests::replays::VALUE_CASES,
    falcon_puzzles::app::scenarios::tests::VALUE_CASES,
    falcon_puzzles::app::tetrhex::tests::VALUE_CASES,
    falcon_puzzles::games::sixteen::tests::VALUE_CASES,
    falcon_puzzles::games::flip::tests::VALUE_CASES,
    falcon_puzzles::games::samegame::tests::VALUE_CASES,
    falcon_puzzles::games::untangle::tests::VALUE_CASES,
    falcon_puzzles::games::net::tests::VALUE_CASES,
    falcon_puzzles::games::mines::tests::VALUE_CASES,
];

/// Benchmarks (`cargo xtask bench`): cycles on the 68030, checked work on the host.
pub const BENCH_SUITES: &[&[BenchCase]] = &[
    falcon_puzzles::rul::bench::BENCHES,
    falcon_puzzles::app::tetrhex::bench::BENCHES,
    falcon_puzzles::games::sixteen::tests::BENCHES,
    falcon_puzzles::games::flip::tests::BENCHES,
    falcon_puzzles::games::samegame::tests::BENCHES,
    falcon_puzzles::games::untangle::tests::BENCHES,
    falcon_puzzles::games::net::tests::BENCHES,
    falcon_puzzles::picture::bench::BENCHES,
    falcon_puzzles::games::mines::tests::BENCHES,
    falcon_puzzles::games::slide::bench::BENCHES,
    crate::gfx_bench::BENCHES,
];

#[cfg(test)]
mod tests;
