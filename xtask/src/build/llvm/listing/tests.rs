use super::*;

#[test]
fn functions_are_compared_without_their_module_wide_label_numbers() {
    let whole = "\t.text\n\t.type\tf,@function\nf:\n\tbne\t.LBB12_3\n.LBB12_3:\n\trts\n.Lfunc_end12:\n\t.size\tf, .Lfunc_end12-f\n\
\t.type\tg,@function\ng:\n\trts\n\t.size\tg, .Lfunc_end13-g\n";
    let part = "\t.type\tf,@function\nf:\n\tbne\t.LBB0_3\n.LBB0_3:\n\trts\n.Lfunc_end0:\n\t.size\tf, .Lfunc_end0-f\n";
    let (w, p) = (functions(whole), functions(part));
    assert_eq!(w.len(), 2);
    assert_eq!(w["f"], p["f"]);
    assert!(w["f"].contains("bne\t.L#0\n.L#0:"), "{}", w["f"]);
    let other = part.replace("bne\t.LBB0_3", "beq\t.LBB0_3");
    assert_ne!(functions(&other)["f"], w["f"]);
}
