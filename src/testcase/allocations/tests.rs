use alloc::vec::Vec;

use super::*;

crate::test_cases! {
    fn an_allocation_is_counted_and_a_loop_without_one_is_not() {
        let (n, v) = during(|| alloc::vec![1u8; 100]);
        assert_eq!(n, 1);
        // A Vec growing from nothing: its first allocation and at least one reallocation.
        let (n, _) = during(|| (0..100).collect::<Vec<u32>>().len() + v.len());
        assert!(n >= 1, "{n}");
        let mut kept: Vec<u32> = Vec::with_capacity(8);
        let (n, _) = during(|| {
            for i in 0..8 {
                kept.push(i);
            }
        });
        assert_eq!(n, 0, "pushes within the capacity allocate nothing");
        let (n, _) = during(|| kept.push(8));
        assert_eq!(n, 1, "growing past it reallocates");
    }
}
