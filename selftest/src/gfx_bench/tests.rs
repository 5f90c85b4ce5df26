//! On the host every benchmark runs once with a clock that says 0: the bodies check that
//! the blitters' work is right (the same as the baseline's, pixels where they belong).

use std::string::String;
use std::vec::Vec;

use super::*;

#[test]
fn every_benchmark_does_its_work() {
    for &(name, run) in BENCHES {
        let mut names: Vec<String> = Vec::new();
        let mut out = |m: &Measurement| names.push(String::from(m.name));
        let mut b = Bench { clock: || 0, ticks_to_cycles: |t| t, overhead: 0, out: &mut out };
        run(&mut b);
        assert!(names.iter().any(|n| n == name), "{} reports no figure of its name", name);
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
