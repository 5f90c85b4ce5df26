use super::*;
use crate::build::asm::Line;
use crate::build::asm::parse_line;

fn fx(line: &str) -> Effect {
    match parse_line(line) {
        Line::Insn(i) => effect(&i).unwrap(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn classifies_the_instructions_that_matter() {
    assert_eq!(fx("\tbne\t.LBB0_1"), Effect { reads: true, write: Write::None });
    assert_eq!(fx("\tmove.l\t%a0, %d3").write, Write::Clobber);
    assert_eq!(fx("\tmove.l\t%d0, (4,%sp)").write, Write::Clobber);
    assert_eq!(fx("\tmoveq\t#0, %d1").write, Write::Clobber);
    assert_eq!(fx("\tmove.l\t(8,%sp), %a0").write, Write::None);
    assert_eq!(fx("\tmovem.l\t(4,%sp), %d2-%d5").write, Write::None);
    assert_eq!(fx("\tcmpi.b\t#0, %d2").write, Write::Real);
    assert_eq!(fx("\tadda.l\t#4, %sp").write, Write::None);
    assert_eq!(fx("\tsubq.l\t#1, %a0").write, Write::None);
    assert_eq!(fx("\tsubq.l\t#1, %d0").write, Write::Real);
    assert_eq!(fx("\tmove.w\t%ccr, -(%sp)"), Effect { reads: true, write: Write::None });
    assert_eq!(fx("\tmove.w\t(%sp)+, %ccr").write, Write::Real);
    assert!(!fx("\tdbf\t%d0, .L1").reads);
    assert!(fx("\tseq\t%d0").reads);
    assert_eq!(fx("\tsubx.l\t%d1, %d0"), Effect { reads: true, write: Write::Real });
    assert!(effect(&crate::build::asm::Insn::new("fmove", "x", &["%fp0", "%fp1"])).is_err());
}
