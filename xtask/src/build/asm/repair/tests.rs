use super::*;

#[test]
fn wraps_a_register_copy_between_compare_and_branch() {
    let src = "f:\n\tcmpi.b\t#0, %d2\n\tmove.l\t%a0, %d3\n\tbne\t.L1\n\trts\n.L1:\n\trts\n";
    let (out, report) = repair(src).unwrap();
    assert!(out.contains("\tmove.w\t%ccr, -(%sp)\n\tmove.l\t%a0, %d3\n\tmove.w\t(%sp)+, %ccr\n"), "{out}");
    assert_eq!(report.ccr_wraps, 1);
}

#[test]
fn turns_spills_and_reloads_into_movem() {
    let src = "f:\n\ttst.l\t%d0\n\tmove.l\t%d1, (8,%sp)\n\tmove.l\t(12,%sp), %d2\n\tbeq\t.L1\n.L1:\n\trts\n";
    let (out, report) = repair(src).unwrap();
    assert!(out.contains("\tmovem.l\t%d1, (8,%sp)\n\tmovem.l\t(12,%sp), %d2\n"), "{out}");
    assert_eq!(report.movem_rewrites, 2);
}

#[test]
fn shifts_stack_operands_inside_a_wrap() {
    let src = "f:\n\ttst.l\t%d0\n\tmove.b\t(6,%sp), %d2\n\tbeq\t.L1\n.L1:\n\trts\n";
    let (out, _) = repair(src).unwrap();
    assert!(out.contains("\tmove.b\t(8,%sp), %d2\n"), "{out}");
    assert_eq!(shift_sp_operand("(4,%sp,%d0.l)").unwrap(), "(6,%sp,%d0.l)");
    assert_eq!(shift_sp_operand("(%sp)").unwrap(), "(2,%sp)");
}

#[test]
fn refuses_what_it_cannot_prove_safe() {
    let src = "f:\n\ttst.l\t%d0\n\tmove.b\t%d1, -(%sp)\n\tbeq\t.L1\n.L1:\n\trts\n";
    let err = repair(src).unwrap_err();
    assert!(err.0.contains("moves the stack pointer") && err.0.contains(" in f"), "{err}");
    let err = repair("g:\n\tfadd.x\t%fp0, %fp1\n\trts\n").unwrap_err();
    assert!(err.0.contains("unknown instruction") && err.0.contains("in g"), "{err}");
}

#[test]
fn tail_calls_get_the_32_bit_branch() {
    let (out, _) = repair("f:\n\tbra\tg\n\tbne\t.L1\n.L1:\n\trts\ng:\n\trts\n").unwrap();
    assert!(out.contains("\tbra.l\tg\n") && out.contains("\tjbne\t.L1\n"), "{out}");
}

#[test]
fn absolute_addresses_become_32_bit_hex() {
    assert_eq!(absolute_hex("$fffffffffffffa17"), "0xfffffa17");
    assert_eq!(absolute_hex("#$10"), "#0x10");
    assert_eq!(absolute_hex("(4,%sp)"), "(4,%sp)");
}

#[test]
fn gives_subx_the_carry_of_the_compare() {
    let src = "f:\n\tcmpi.l\t#1, (32,%sp)\n\tsubx.l\t%d0, %d0\n\trts\n";
    let (out, report) = repair(src).unwrap();
    assert_eq!(report.x_fixes, 1);
    assert!(out.contains("\tcmpi.l\t#1, (32,%sp)\n\tjbcc\t.Lfalcon_x0_clear\n\tori.b\t#16, %ccr\n"), "{out}");
}

#[test]
fn widens_an_unsigned_word_immediate_into_an_address_register() {
    let src = "f:\n\tmove.w\t#32768, %a3\n\tmove.l\t%a3, %d1\n\trts\n";
    let (out, report) = repair(src).unwrap();
    assert_eq!(out, "f:\n\tmove.l\t#32768, %a3\n\tmove.l\t%a3, %d1\n\trts\n");
    assert_eq!(report.word_immediates_widened, 1);
}

#[test]
fn leaves_safe_code_alone() {
    let src = "f:\n\tmove.l\t%a0, %d3\n\tcmpi.b\t#0, %d2\n\tbne\t.L1\n\trts\n.L1:\n\trts\n";
    let (out, report) = repair(src).unwrap();
    assert_eq!(out, src.replace("\tbne", "\tjbne"));
    assert_eq!(report, Report::default());
}
