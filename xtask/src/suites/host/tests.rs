use super::*;

#[test]
fn libtests_lines_give_counts_and_times() {
    let out = "running 3 tests\n\
test games::flip::tests::a ... ok <0.012s>\n\
test games::flip::tests::b ... FAILED <1.500s>\n\
test games::flip::tests::c ... ignored, full tier: a sweep\n\
test result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 1.52s\n\
test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
    let r = read(out);
    assert_eq!(r.counts, Counts { passed: 5, failed: 1 });
    assert_eq!(r.ignored, 1);
    assert_eq!(r.times, [("games::flip::tests::a".to_string(), 0.012)]);
}
