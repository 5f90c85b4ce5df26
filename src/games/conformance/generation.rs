//! The cost of generating each preset, as `68030 bench generate_<game>_<preset>` lines:
//! the median and the largest over a few seeds (Tatham's `benchmark.sh` measures every
//! preset the same way).

use alloc::string::String;
use alloc::vec::Vec;

use crate::puzzle::backend::Game;
use crate::puzzle::random::RandomState;
use crate::testcase::Bench;

/// The seeds each preset is generated from (`params#1` … `params#5`, as `puzzle generate`
/// takes them).
pub const SEEDS: &[&str] = &["1", "2", "3", "4", "5"];

/// `name` as a benchmark name's part: lower case, every run of other characters than
/// letters and digits one `_` ("Same Game" → `same_game`, "13x11 wrapping" → `13x11_wrapping`).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

/// Generates every preset of `G` (the default parameters when it has none) from each seed,
/// in full (as for a game nobody is playing yet: a puzzle that defers work to the first
/// move does it here), checks each description, and reports the median and the largest
/// cost. On the host (whose clock says 0) one seed each.
pub fn bench<G: Game>(b: &mut Bench) {
    let mut presets: Vec<(String, G::Params)> = G::presets().into_iter().map(|p| (p.name, p.params)).collect();
    if presets.is_empty() {
        presets.push((String::from("default"), G::default_params()));
    }
    let seeds = if b.on_host() { &SEEDS[..1] } else { SEEDS };
    for (name, params) in presets {
        let mut cycles: Vec<u64> = Vec::new();
        for seed in seeds {
            let mut rs = RandomState::new(seed.as_bytes());
            let (c, (desc, _)) = b.time(|| G::new_desc(&params, &mut rs, false));
            G::validate_desc(&params, &desc).unwrap_or_else(|e| panic!("{} {name} #{seed}: {e}", G::NAME));
            cycles.push(c);
        }
        cycles.sort_unstable();
        let game: String = slug(G::NAME).chars().filter(|&c| c != '_').collect();
        let report = alloc::format!("generate_{game}_{}", slug(&name));
        let (median, max) = (cycles[cycles.len() / 2], cycles[cycles.len() - 1]);
        b.report(&report, median, None, &[("max", max), ("seeds", cycles.len() as u64)]);
    }
}
