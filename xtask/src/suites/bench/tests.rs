use super::*;

#[test]
fn measures_become_bench_lines_with_their_goal() {
    let out = "falcon-bench start 2\n\
               run a::one\n\
               measure one_phase 16000 20000 ops=12\n\
               measure two 40000 20000\n\
               measure three 5 -\n\
               ok a::one 99\n\
               run a::two\n\
               panicked at src/x.rs: wrong answer\n\
               FAILED a::two 7\n\
               falcon-bench end 1 passed, 1 failed\n";
    let r = bench_report(out);
    assert!(r.complete);
    assert_eq!((r.passed, r.failed, r.met, r.missed), (1, 1, 1, 1));
    assert_eq!(r.lines[0], "68030 bench one_phase: 16000 cycles = 1.0 ms at 16 MHz (goal ≤ 20000: met) ops=12");
    assert_eq!(r.lines[1], "68030 bench two: 40000 cycles = 2.5 ms at 16 MHz (goal ≤ 20000: MISSED)");
    assert_eq!(r.lines[2], "68030 bench three: 5 cycles = 0.0 ms at 16 MHz");
    assert_eq!(r.lines[4], "68030 benchmark a::two ... FAILED (7 cycles): panicked at src/x.rs: wrong answer");
}

#[test]
fn a_run_without_its_end_is_incomplete() {
    assert!(!bench_report("falcon-bench start 1\nrun a::one\n").complete);
}

#[test]
fn an_incomplete_figure_never_meets_its_goal() {
    let out = "falcon-bench start 1\n\
               run a::one\n\
               measure mean 100 200 solved=1 incomplete=1\n\
               measure whole 100 200 solved=2 incomplete=0\n\
               ok a::one 99\n\
               falcon-bench end 1 passed, 0 failed\n";
    let r = bench_report(out);
    assert_eq!((r.met, r.missed), (1, 1));
    assert_eq!(
        r.lines[0],
        "68030 bench mean: 100 cycles = 0.0 ms at 16 MHz (goal ≤ 200: MISSED, incomplete) solved=1 incomplete=1"
    );
    assert_eq!(r.lines[1], "68030 bench whole: 100 cycles = 0.0 ms at 16 MHz (goal ≤ 200: met) solved=2 incomplete=0");
}
