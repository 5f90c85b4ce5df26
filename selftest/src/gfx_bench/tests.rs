//! On the host every benchmark also runs as a test of its own (`bench_cases!`), with a clock
//! that says 0: the bodies check that the blitters' work is right (the same as the baseline's,
//! pixels where they belong). Here: each reports its figure, and the baselines are right.

use std::string::String;
use std::vec::Vec;

use falcon_puzzles::testcase::Measurement;

use super::*;

#[test]
fn every_benchmark_reports_its_figure() {
    assert_eq!(BENCHES.len(), 9);
    for case in BENCHES {
        let mut names: Vec<String> = Vec::new();
        let mut out = |m: &Measurement| names.push(String::from(m.name));
        let mut b = Bench { clock: || 0, ticks_to_cycles: |t| t, overhead: 0, out: &mut out };
        (case.run)(&mut b);
        let short = case.name.rsplit("::").next().unwrap_or(case.name);
        let want = std::format!("gfx_{short}");
        assert!(names.contains(&want), "{} reports no figure {want} (reported {names:?})", case.name);
    }
}

#[test]
fn baselines_fill_and_copy_what_they_are_given() {
    let mut w = vec![0u16; 48];
    baseline_fill(&mut w, &pattern(0x81));
    assert_eq!(&w[..8], &[0xFFFF, 0, 0, 0, 0, 0, 0, 0xFFFF]);
    assert!(w.chunks(8).all(|g| g == &w[..8]));
    let src: Vec<u16> = (0..48).collect();
    baseline_copy(&src, &mut w);
    assert_eq!(w, src);
}
