//! Host tests of the compiler and the disassembler.

use super::compile::compile;
use super::disasm::disassemble;
use falcon_puzzles::rul::sample::{sample_rule, trivial_rule};
use falcon_puzzles::rul::{loader::load, writer::write};

fn round_trip(rule: &falcon_puzzles::rul::model::RuleFile) {
    let src = disassemble(rule);
    let back = compile(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    assert_eq!(&back, rule, "{src}");
    assert_eq!(write(&back), write(rule));
}

#[test]
fn disassembly_recompiles_to_the_same_model() {
    round_trip(&trivial_rule());
    // Code with every kind of operand.
    let code: &[u8] = &[
        0x5B, 0xC3, 0x40, 0x05, 0x48, 0x00, 0x05, // set V3 (add V5 w:5)
        0x5B, 0x83, 0x49, 0x00, 0x01, 0x00, 0x00, // inc V3 65536
        0x5B, 0x48, 0x00, 0x43, 0xC1, // dec V3 1
        0x46, 0x03, 0x03, 0xC1, 0x51, // ifs V3 → ret
        0x62, 0xC0, 0x02, 0x00, 0x03, 0x00, 0xFC, // case 0 [L 31?]
        0x60, 0x03, 0x02, 0x00, 0x01, 0xFF, 0xFF, 0x51,
        0x76, 0xC4, 0x7B, 0x04, 0xC1, 0x51,
    ];
    let rule = sample_rule([code, code, code, code, code, code, code]);
    round_trip(&rule);
    // Undecodable code falls back to bytes.
    let junk: &[u8] = &[0x52, 0x7F, 0x00, 0x51, 0x46];
    round_trip(&sample_rule([junk, junk, junk, junk, junk, junk, &junk[3..]]));
}

#[test]
fn errors_name_line_and_column() {
    let base = "rule \"x\"\npattern\n".to_string() + &"444444444444444444\n".repeat(16) + "shape 0 none\nsignal DOWN Q\n";
    let e = compile(&(base.clone() + "code\nphase 0 phase A phase B phase C phase P phase Q phase S\n  add 1 frob ret\n")).unwrap_err();
    assert_eq!((e.line, e.col), (23, 9), "{e}");
    let e = compile(&(base.clone() + "code\nphase 0 ret\n")).unwrap_err();
    assert!(e.msg.contains("missing 'phase A'"), "{e}");
    let e = compile(&(base.clone() + "signal STOP ctrl+Foo\n")).unwrap_err();
    assert_eq!((e.line, e.col), (21, 13));
    let e = compile(&(base.clone() + "code\nifs 1 far\nbyte" + &" $00".repeat(200) + "\nfar:\n")).unwrap_err();
    assert!(e.msg.contains("too far"), "{e}");
    let ok = compile(&(base + "code\nvar score 10\nphase 0 phase A phase B phase C phase P phase Q phase S\n(set score (add score -5)) inc score 1 dec score 1 ret\n")).unwrap();
    assert_eq!(ok.code, vec![0x5B, 0xCA, 0x40, 0x0A, 0xBB, 0x5B, 0x8A, 0xC1, 0x5B, 0x48, 0x00, 0x4A, 0xC1, 0x51]);
    assert!(load(&write(&ok)).is_ok());
}
