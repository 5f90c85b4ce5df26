use super::*;

#[test]
fn renames_names_ending_in_a_size_everywhere() {
    let src = "f:\n\tmove.l\t#.Lvtable.l, %a0\n\tlea\t(.Lvtable.w+4), %a1\n\tmove.l\t(4,%sp,%d0.l), %d1\n\trts\n\t.type\t.Lvtable.l,@object\n.Lvtable.l:\n\t.long\t.Lvtable.w\n.Lvtable.w:\n\t.long\t8\n\t.size\t.Lvtable.l, 4\n";
    let (out, n) = rename(src);
    assert_eq!(n, 2);
    assert!(out.contains("\tmove.l\t#.Lvtable.l_falcon, %a0\n"), "{out}");
    assert!(out.contains("\tlea\t(.Lvtable.w_falcon+4), %a1\n"), "{out}");
    assert!(out.contains("(4,%sp,%d0.l)"), "register sizes untouched: {out}");
    assert!(
        out.contains("\t.type\t.Lvtable.l_falcon,@object\n.Lvtable.l_falcon:\n\t.long\t.Lvtable.w_falcon\n"),
        "{out}"
    );
    assert!(out.contains("\t.size\t.Lvtable.l_falcon, 4\n"), "{out}");
}

#[test]
fn leaves_other_names_alone() {
    let src = ".Lvtable.f:\n\t.long\t1\n.Lvtable.ll:\n\t.long\t.Lvtable.f\n\tmove.l\t(4,%sp,%d0.l), %d1\n";
    assert_eq!(rename(src), (src.to_string(), 0));
    // Only whole names: `.Lx.l` inside `.Lx.lb` or `a.Lx.l` is another symbol.
    assert_eq!(replace_name("\t.long\t.Lx.lb, .Lx.l, a.Lx.l", ".Lx.l", "Y"), "\t.long\t.Lx.lb, Y, a.Lx.l");
    assert!(ends_in_size(".La.B") && ends_in_size("x.s") && !ends_in_size(".l") && !ends_in_size("a.d"));
}

/// The assembler itself: with the rename, both references resolve to their own symbols
/// (without it, GNU as makes them references to `.Lvtable`).
#[test]
fn gnu_as_resolves_the_renamed_symbols() {
    let src = "\t.text\nf:\n\tmove.l\t#.Lvtable.l, %a0\n\tmove.l\t#.Lvtable.w, %a1\n\trts\n\t.data\n.Lvtable.l:\n\t.long\t7\n.Lvtable.w:\n\t.long\t8\n";
    let dir = std::env::temp_dir().join(format!("falcon-symbols-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let relocations = |text: &str, name: &str| {
        let s = dir.join(format!("{name}.s"));
        let o = dir.join(format!("{name}.o"));
        std::fs::write(&s, text).unwrap();
        let ok = std::process::Command::new(crate::build::toolchain::AS)
            .args(["-m68030", "-o"])
            .arg(&o)
            .arg(&s)
            .status()
            .unwrap();
        assert!(ok.success());
        let dump = std::process::Command::new(crate::build::toolchain::OBJDUMP).arg("-r").arg(&o).output().unwrap();
        String::from_utf8_lossy(&dump.stdout).to_string()
    };
    let before = relocations(src, "before");
    assert!(before.contains("R_68K_32          .Lvtable\n"), "the defect itself: {before}");
    let after = relocations(&rename(src).0, "after");
    assert!(!after.contains(".Lvtable\n"), "{after}");
    assert_eq!(after.matches("R_68K_32          .data").count(), 2, "{after}");
    let _ = std::fs::remove_dir_all(&dir);
}
