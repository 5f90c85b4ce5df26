//! Class K: a bit test of a shifted value that is also kept.

/// The reproducer: bit 0 of `x >> 16` decides a branch, and `x >> 16` is returned.
const KEPT_SHIFT: &str = r#"
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"
define i32 @kept_shift(i32 %x) {
  %s = lshr i32 %x, 16
  %b = trunc i32 %s to i1
  br i1 %b, label %t, label %e
t:
  ret i32 %s
e:
  ret i32 7
}
define i16 @kept_shift_and(i16 %x) {
  %s = lshr i16 %x, 12
  %a = and i16 %s, 1
  %b = icmp eq i16 %a, 0
  br i1 %b, label %t, label %e
t:
  ret i16 %s
e:
  ret i16 7
}
"#;

#[test]
fn a_kept_shifts_bit_is_tested_in_a_register() {
    let dir = std::env::temp_dir().join(format!("falcon-btst-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("kept_shift.s");
    super::super::codegen_ir(KEPT_SHIFT, &out, "2", true).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    // The shift is kept (lsr) and its bit 0 tested, with no BTST of the unshifted value.
    assert!(text.contains("lsr.l") && text.contains("lsr.w"), "{text}");
    assert!(!text.contains("btst"), "{text}");
    // Without the barrier this LLVM stops with SIGILL in its assembly printer, which a test
    // cannot catch; docs/toolchain.md (class K) says how to see it.
}
