use super::*;

#[test]
fn parses_instructions_labels_and_directives() {
    assert_eq!(parse_line("\tmove.l\t(8,%sp), %a0"), Line::Insn(Insn::new("move", "l", &["(8,%sp)", "%a0"])));
    assert_eq!(parse_line(".LBB0_3:"), Line::Label(".LBB0_3".into()));
    assert_eq!(parse_line("\trts"), Line::Insn(Insn::new("rts", "", &[])));
    assert!(matches!(parse_line("\t.p2align\t1"), Line::Other(_)));
    assert!(matches!(parse_line("g = f"), Line::Other(_)));
    assert_eq!(split_operands("(4,%sp,%d0.l), %d1"), vec!["(4,%sp,%d0.l)", "%d1"]);
    assert!(is_data_reg("%d7") && !is_data_reg("%a0") && is_addr_reg("%sp"));
}
