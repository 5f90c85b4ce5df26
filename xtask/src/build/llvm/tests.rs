/// Class I: a byte of a lookup table, zero-extended and stored as a long.
const KEY_LEN: &str = r#"
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"
@table = private unnamed_addr constant [4 x i8] c"\04\04\05\07", align 1
define void @key_len(i32 %k, ptr %out) {
  %i = and i32 %k, 3
  %p = getelementptr inbounds [4 x i8], ptr @table, i32 0, i32 %i
  %b = load i8, ptr %p, align 1
  %w = zext i8 %b to i32
  store i32 %w, ptr %out, align 2
  ret void
}
"#;

/// Class I, made by the selector itself: the low byte of a word (`a[0] & 0xff`) stored as a
/// word becomes a byte load of the odd address, folded into a word move.
const LOW_BYTE: &str = r#"
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"
define void @low_byte(ptr %src, ptr %dst) {
  %v = load i16, ptr %src, align 2
  %m = and i16 %v, 255
  %d = getelementptr inbounds i8, ptr %dst, i32 2
  store i16 %m, ptr %d, align 2
  ret void
}
"#;

/// Class I through an argument: a byte passed on the stack, zero-extended and stored as a
/// word (`Xbtimer`'s arguments built from a `u8` in `machine::clock`).
const STORE_ARG: &str = r#"
target datalayout = "E-m:e-p:32:16:32-i8:8:8-i16:16:16-i32:16:32-n8:16:32-a:0:16-S16"
target triple = "m68k"
define void @store_arg(i8 zeroext %c, ptr %out) {
  %w = zext i8 %c to i16
  store i16 %w, ptr %out, align 2
  ret void
}
"#;

fn assembly(barrier: bool) -> String {
    assembly_of(KEY_LEN, barrier)
}

fn assembly_of(ir: &str, barrier: bool) -> String {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("falcon-ext-load-{}-{barrier}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("repro.s");
    super::codegen_ir(ir, &out, "2", barrier).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text
}

/// A memory-to-memory move: `move.l (...), (...)`.
fn memory_to_memory(text: &str) -> Vec<String> {
    moves_between_memory(text, "move.l")
}

/// Memory-to-memory moves of one width (`move.w`, `move.l`).
fn moves_between_memory(text: &str, mnemonic: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| l.starts_with(mnemonic) && l.contains("), (")).map(String::from).collect()
}

#[test]
fn extended_byte_load_is_not_a_long_memory_move() {
    let text = assembly(true);
    assert!(memory_to_memory(&text).is_empty(), "{text}");
    assert!(text.lines().any(|l| l.trim().starts_with("move.b") && l.contains("(0,%a")), "{text}");
}

#[test]
fn masked_word_is_computed_in_a_register() {
    let text = assembly_of(LOW_BYTE, true);
    assert!(moves_between_memory(&text, "move.w").is_empty(), "{text}");
    let bad = assembly_of(LOW_BYTE, false);
    // Documents the defect: without the barrier, a word read from the odd address.
    assert_eq!(moves_between_memory(&bad, "move.w"), ["move.w\t(1,%a0), (2,%a1)"], "{bad}");
}

#[test]
fn without_the_barrier_llvm_reads_a_long() {
    // Documents the defect in this LLVM; if it ever fails, LLVM was fixed and the
    // barrier can be reconsidered (docs/toolchain.md, class I).
    let text = assembly(false);
    assert_eq!(memory_to_memory(&text).len(), 1, "{text}");
}

#[test]
fn extended_byte_argument_is_read_as_a_byte() {
    let text = assembly_of(STORE_ARG, true);
    assert!(moves_between_memory(&text, "move.w").is_empty(), "{text}");
    assert!(text.lines().any(|l| l.trim().starts_with("move.b\t(7,%sp)")), "{text}");
}

#[test]
fn without_the_barrier_llvm_reads_an_argument_byte_as_a_word() {
    // The byte at 7(sp) and the first byte of the next argument, as one word. If this ever
    // fails, LLVM was fixed (docs/toolchain.md, class I).
    let text = assembly_of(STORE_ARG, false);
    let moves = moves_between_memory(&text, "move.w");
    assert_eq!(moves.len(), 1, "{text}");
    assert!(moves[0].starts_with("move.w\t(7,%sp)"), "{text}");
}
