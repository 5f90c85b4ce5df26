use super::*;

#[test]
fn splits_objdump_mnemonics() {
    assert_eq!(split_mnemonic("movel"), ("move".into(), "l".into()));
    assert_eq!(split_mnemonic("bls"), ("bls".into(), "".into()));
    assert_eq!(split_mnemonic("blss"), ("bls".into(), "s".into()));
    assert_eq!(split_mnemonic("moveq"), ("moveq".into(), "".into()));
    assert_eq!(split_mnemonic("cmpib"), ("cmpi".into(), "b".into()));
}

#[test]
fn refuses_a_hazard_in_disassembly() {
    let text =
        "00000000 <f>:\n   0:\tcmpib #0,%d2\n   4:\tmovel %a0,%d3\n   6:\tbnes a <f+0xa>\n   8:\trts\n   a:\trts\n";
    let err = verify_disassembly(text, &BTreeSet::new()).unwrap_err();
    assert!(err.contains("f+0x4") && err.contains("movel %a0,%d3"), "{err}");
    let fixed = "00000000 <f>:\n   0:\tcmpib #0,%d2\n   4:\tmovew %ccr,%sp@-\n   6:\tmovel %a0,%d3\n   8:\tmovew %sp@+,%ccr\n   a:\tbnes e <f+0xe>\n   c:\trts\n   e:\trts\n";
    verify_disassembly(fixed, &BTreeSet::new()).unwrap();
    // The same code, as GCC's, is trusted with its flags.
    verify_disassembly(text, &["f".to_string()].into_iter().collect()).unwrap();
}

/// A hazardous program, assembled and linked by the real tools: the verifier must refuse
/// the binary, and accept it once the repair step has run. (Needs binutils-m68k-linux-gnu,
/// which `cargo xtask setup` installs before the tests run.)
#[test]
fn refuses_a_hazardous_binary_and_accepts_the_repaired_one() {
    let sample = "\t.text\n\t.globl\tf\nf:\n\tcmpi.b\t#0, %d2\n\tmove.l\t%a0, %d3\n\tbne\t.L1\n\tmoveq\t#1, %d0\n\trts\n.L1:\n\tmoveq\t#2, %d0\n\trts\n";
    let dir = std::env::temp_dir().join(format!("falcon-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = |name: &str, text: &str| {
        let s = dir.join(format!("{name}.s"));
        let o = dir.join(format!("{name}.o"));
        let elf = dir.join(format!("{name}.elf"));
        std::fs::write(&s, text).unwrap();
        let ok = Command::new("m68k-linux-gnu-as")
            .args(["-m68030", "--keep-locals", "-o"])
            .arg(&o)
            .arg(&s)
            .status()
            .unwrap();
        assert!(ok.success());
        let ok = Command::new("m68k-linux-gnu-ld")
            .args(["-q", "-Ttext=0", "-e", "f", "-o"])
            .arg(&elf)
            .arg(&o)
            .status()
            .unwrap();
        assert!(ok.success());
        elf
    };
    let err = verify_elf(&link("hazard", sample)).unwrap_err();
    assert!(err.contains("f+0x4") && err.contains("movel %a0,%d3"), "{err}");
    let (repaired, _) = crate::build::asm::repair::repair(sample).unwrap();
    verify_elf(&link("repaired", &repaired)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
