use super::*;
use crate::build::asm::{Line, parse_line};

fn insn(s: &str) -> Insn {
    match parse_line(s) {
        Line::Insn(i) => i,
        _ => panic!(),
    }
}

#[test]
fn and_to_an_address_register_goes_through_a_data_register() {
    let seq = rewrite(&insn("\tand.l\t#65535, %a1")).unwrap().unwrap();
    let text: Vec<String> = seq.iter().map(|i| i.render()).collect();
    assert_eq!(text, vec!["\texg\t%d0, %a1", "\tand.l\t#65535, %d0", "\texg\t%d0, %a1"]);
}

#[test]
fn picks_a_register_the_instruction_does_not_use() {
    let seq = rewrite(&insn("\tand.l\t%d0, %a0")).unwrap().unwrap();
    assert_eq!(seq[1].render(), "\tand.l\t%d0, %d1");
}

#[test]
fn legal_forms_are_left_alone() {
    assert_eq!(rewrite(&insn("\tand.l\t#255, %d3")).unwrap(), None);
    assert_eq!(rewrite(&insn("\tmove.l\t%a0, %d0")).unwrap(), None);
}
