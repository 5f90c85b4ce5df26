use super::Fold;

#[test]
fn fold_notices_any_single_changed_value() {
    let run = |k: usize, delta: u64| {
        let mut f = Fold::new();
        for i in 0..37u64 {
            f.u64(if i as usize == k { i.wrapping_mul(3) ^ delta } else { i.wrapping_mul(3) });
        }
        f.finish()
    };
    let base = run(0, 0);
    for k in 0..37 {
        for delta in [1u64, 1 << 63, 0xff00] {
            assert_ne!(run(k, delta), base, "value {k} changed by {delta:#x}");
        }
    }
    let (mut a, mut b) = (Fold::new(), Fold::new());
    a.u32(5);
    a.u32(6);
    b.u32(6);
    b.u32(5);
    assert_ne!(a.finish(), b.finish(), "order matters");
}

#[test]
fn kernels_compute_known_values() {
    // Spot checks of the facts the kernels rely on, with independently known answers.
    assert_eq!(200u8.wrapping_mul(3), 88);
    assert_eq!((-128i8).checked_div(-1), None);
    assert_eq!((-7i32).rem_euclid(3), 2);
    assert_eq!((-7i32) / 2, -3);
    assert_eq!(u64::MAX / 10, 1_844_674_407_370_955_161);
    assert_eq!(0x8000_0000u32.rotate_left(1), 1);
    assert_eq!(i16::MIN.saturating_sub(1), i16::MIN);
    assert_eq!(u32::MAX.overflowing_add(2), (1, true));
}
