use super::intrinsic_kind;

#[test]
fn expands_only_the_small_widths() {
    assert_eq!(intrinsic_kind(b"llvm.umul.with.overflow.i8"), Some(false));
    assert_eq!(intrinsic_kind(b"llvm.smul.with.overflow.i16"), Some(true));
    assert_eq!(intrinsic_kind(b"llvm.umul.with.overflow.i32"), None);
    assert_eq!(intrinsic_kind(b"llvm.uadd.with.overflow.i8"), None);
}
