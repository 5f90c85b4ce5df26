#[test]
fn pairs_sum_matches_hand_computation() {
    // 10+200+3000+40000+0xffffffff+7+0x80000000+99 (mod 2^32) plus the bytes.
    let want = (10u32 + 200 + 3000 + 40000 + 7 + 99).wrapping_add(0xffff_ffff).wrapping_add(0x8000_0000);
    let pairs =
        [(1u8, 10u32), (2, 200), (3, 3000), (255, 40000), (0, 0xffff_ffff), (7, 7), (128, 0x8000_0000), (9, 99)];
    assert_eq!(pairs.iter().fold(0u32, |s, p| s.wrapping_add(p.1)), want);
}
