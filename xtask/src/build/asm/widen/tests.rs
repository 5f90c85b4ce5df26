use super::*;
use crate::build::asm::{Line, parse_line};

fn insn(s: &str) -> Insn {
    match parse_line(s) {
        Line::Insn(i) => i,
        _ => panic!(),
    }
}

#[test]
fn unsigned_word_immediate_to_an_address_register_becomes_long() {
    assert_eq!(rewrite(&insn("\tmove.w\t#32768, %a3")).unwrap().render(), "\tmove.l\t#32768, %a3");
    assert_eq!(rewrite(&insn("\tmovea.w\t#0xffff, %a0")).unwrap().render(), "\tmovea.l\t#0xffff, %a0");
}

#[test]
fn sign_extended_forms_and_other_destinations_are_left_alone() {
    assert_eq!(rewrite(&insn("\tmove.w\t#32767, %a3")), None);
    assert_eq!(rewrite(&insn("\tmove.w\t#-32768, %a3")), None);
    assert_eq!(rewrite(&insn("\tmove.w\t#-1, %a0")), None);
    assert_eq!(rewrite(&insn("\tmove.w\t#32768, %d3")), None); // word store: low word only
    assert_eq!(rewrite(&insn("\tmove.w\t#32768, (4,%sp)")), None);
    assert_eq!(rewrite(&insn("\tmove.l\t#32768, %a3")), None);
    assert_eq!(rewrite(&insn("\tmove.w\t%d0, %a3")), None);
}
