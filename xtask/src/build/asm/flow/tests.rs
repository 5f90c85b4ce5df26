use super::*;
use crate::build::asm::parse_line;

fn lines(src: &str) -> Vec<Line> {
    src.lines().map(parse_line).collect()
}

#[test]
fn finds_the_copy_between_compare_and_branch() {
    let l = lines("f:\n\tcmpi.b\t#0, %d2\n\tmove.l\t%a0, %d3\n\tbne\t.L1\n\trts\n.L1:\n\trts\n");
    let a = analyse(&l);
    assert_eq!(a.hazards, vec![Hazard { line: 2, function: "f".into() }]);
}

#[test]
fn no_hazard_when_the_compare_comes_after_the_copy() {
    let l = lines("f:\n\tmove.l\t%a0, %d3\n\tcmpi.b\t#0, %d2\n\tbne\t.L1\n\trts\n.L1:\n\trts\n");
    assert!(analyse(&l).hazards.is_empty());
}

#[test]
fn follows_flags_across_blocks() {
    // The flags of the compare are read in the next block, after a reload in the first.
    let src = "f:\n\tcmp.l\t%d0, %d1\n\tmove.l\t(4,%sp), %d2\n\tbra\t.L2\n.L1:\n\trts\n\
               .L2:\n\tmoveq\t#1, %d4\n\tbhi\t.L1\n\trts\n";
    let a = analyse(&lines(src));
    let found: Vec<usize> = a.hazards.iter().map(|h| h.line).collect();
    assert_eq!(found, vec![2, 7]);
}

#[test]
fn calls_and_function_entries_end_liveness() {
    let src = "f:\n\tmove.l\t%d0, %d1\n\tjsr\tg\n\tbne\t.L1\n.L1:\n\trts\ng:\n\tmoveq\t#0, %d0\n\trts\n";
    assert!(analyse(&lines(src)).hazards.is_empty());
}

#[test]
fn finds_subx_taking_x_from_a_compare() {
    // LLVM's "d0 = -(value < 1)": CMP does not set X, so SUBX reads a stale one.
    let src = "f:\n\tcmpi.l\t#1, (32,%sp)\n\tsubx.l\t%d0, %d0\n\trts\n";
    let a = analyse(&lines(src));
    assert_eq!(a.x_hazards, vec![Hazard { line: 1, function: "f".into() }]);
    // After a SUB, X is the borrow: fine.
    let ok = "f:\n\tsub.l\t%d1, %d2\n\tsubx.l\t%d0, %d0\n\trts\n";
    assert!(analyse(&lines(ok)).x_hazards.is_empty());
}

#[test]
fn unknown_instructions_are_reported() {
    let a = analyse(&lines("f:\n\tfadd.x\t%fp0, %fp1\n\trts\n"));
    assert_eq!(a.unknown.len(), 1);
}
