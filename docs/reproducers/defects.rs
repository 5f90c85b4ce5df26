//! Minimal reproducers of the LLVM M68k defects in docs/toolchain.md.
//! Build: see docs/toolchain.md ("Reproducing"). Each function is `#[inline(never)]` and
//! takes its inputs from arguments so nothing is folded away.
#![no_std]

unsafe extern "C" {
    fn sink(p: *const u8, n: u32);
}

/// Class A (frame-index index dropped): `buf[i] = v` on a local array.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn store_at(i: usize, v: u8) {
    let mut buf = [0u8; 16];
    if i < 16 {
        buf[i] = v;
    }
    unsafe { sink(buf.as_ptr(), 16) };
}

/// Class D (X flag from a compare): `Option<u32>` → `usize` with a default.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn or_max(x: Option<u32>) -> usize {
    x.map(|v| v as usize).unwrap_or(usize::MAX)
}

/// Class B (condition codes clobbered by a copy), seen in larger functions: a compare
/// whose flags are read after the register allocator placed copies before the branch.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn clamp_sum(a: &[u32], limit: u32) -> u32 {
    let mut s = 0u32;
    for (k, &x) in a.iter().enumerate() {
        s = s.wrapping_add(if x > limit { limit } else { x }.rotate_left(k as u32));
    }
    s
}

/// Class C (illegal `and.l #imm,%aN`): zero-extension of a 16-bit value kept in an
/// address register.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn widen(p: &[u16], i: usize) -> *const u8 {
    unsafe { (p.as_ptr() as *const u8).add(p[i] as usize) }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}

/// Class H (word immediate sign-extended into an address register): a 32-bit constant of
/// 32768..65535 kept across calls in an address register is loaded with `move.w`.
#[inline(never)]
fn take(v: u64) {
    unsafe { sink(v as *const u8, (v >> 32) as u32) }
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn widen_repro(n: u32, a: u32, b: u32, c: u32, d: u32, e: u32, f: u32) -> u32 {
    unsafe extern "C" {
        fn other(a: u32) -> u32;
    }
    let mut s = 0u32;
    for i in 0..n {
        unsafe {
            take(32768);
            s = s.wrapping_add(other(a ^ i)).wrapping_add(other(b ^ s)).wrapping_add(other(c ^ s));
            take(32768);
            s = s.wrapping_add(other(d ^ i)).wrapping_add(other(e ^ s)).wrapping_add(other(f ^ s));
            take(s as u64);
        }
    }
    s
}

/// Class I (extended load folded into a long memory-to-memory move): a byte lookup table
/// (LLVM's switch table for the lengths), zero-extended and stored as a `u32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn key_len(k: u8, out: &mut u32) {
    *out = match k & 3 {
        0 => 4,
        1 => 4,
        2 => 5,
        _ => 7,
    };
}

/// Class A, by a select of two loads: `Option::unwrap_or` of a field of a local struct, with
/// a default made of another of its fields. LLVM turns "select of two loads" into "load of a
/// select of the two addresses" (object + 800 or object + 804) and the selector keeps only
/// the object: the value read is `data[0]`.
#[derive(Clone, Copy)]
pub enum Why {
    Zero,
    One,
    Two,
}

#[derive(Clone, Copy)]
pub struct Failure {
    pub pc: u32,
    pub why: Why,
}

pub struct Machine {
    pub data: [u32; 200],
    pub pc: u32,
    pub fault: Option<Failure>,
}

unsafe extern "C" {
    fn step(m: *mut Machine) -> bool;
    fn report(pc: u32, why: u32);
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn fault_or_pc() {
    let mut m = Machine { data: [0; 200], pc: 0, fault: None };
    if unsafe { step(&mut m) } {
        let f = m.fault.unwrap_or(Failure { pc: m.pc, why: Why::Zero });
        unsafe { report(f.pc, f.why as u32) };
    }
}

/// Class L (spills merged into one MOVEM out of register order): `a`, `c` and `d` live
/// across the loop are spilled `d0→12(sp)`, `d6→16(sp)`, `d2→8(sp)`; LLVM's MOVEM collapser
/// makes that `movem.l %d0/%d2/%d6,(8,%sp)`, which puts d0 and d2 in each other's slots.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn spill_order(p: &[u32; 6], n: u32) -> u32 {
    unsafe extern "C" {
        fn get(i: u32) -> u32;
    }
    let (a, b, c, d) = (p[0], p[1], p[2], p[3]);
    let (mut e, mut f) = (p[4], p[5]);
    for i in 0..n {
        let t = unsafe { get(i ^ b) };
        unsafe { get(d & a) };
        let u = unsafe { get(f) };
        e = b.wrapping_sub(u);
        f = t | b;
    }
    a ^ b ^ c ^ d ^ e ^ f
}

/// Class I through an argument: a byte passed on the stack, zero-extended and stored as a
/// `u16` (read as a word from the byte's address).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn store_arg(c: u8, out: &mut u16) {
    *out = c as u16
}
