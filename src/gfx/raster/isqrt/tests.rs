use super::*;

crate::test_cases! {
    fn isqrt_is_floor_sqrt() {
        for n in 0..2000u32 {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "{}", n);
        }
        assert_eq!(isqrt(u32::MAX), 65535);
        assert_eq!(isqrt(1 << 30), 1 << 15);
    }
}
