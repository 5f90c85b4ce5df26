use super::*;
crate::test_cases! {
    fn ring_positions_are_distinct_and_at_distance_two() {
        for p in 7..=18u8 {
            let o = position_offset(p).unwrap();
            assert!(!adjacent(o, (0, 0)) && o != (0, 0));
            for q in 7..p { assert_ne!(position_offset(q), Some(o)); }
        }
        assert_eq!(position_offset(7), Some((0, -4)));
        assert_eq!(position_offset(8), Some((1, -3)));
        assert_eq!(position_offset(19), None);
    }
    fn rotation_cycles_in_six_steps() {
        for p in 0..=18u8 {
            assert_eq!(rotate_position(p, 6), p);
            assert_eq!(rotate_position(rotate_position(p, 1), -1), p);
        }
        assert_eq!(rotate_position(1, 1), 2);
        assert_eq!(rotate_position(18, 1), 8);
    }
    fn configs_are_checked() {
        assert_eq!(check_config([0, 1, 7, 0], 3), Ok(()));
        assert_eq!(check_config([0, 7, 0, 0], 2), Err((4, ConfigFault::NotConnected)));
        assert_eq!(check_config([0, 0, 0, 0], 2), Err((1, ConfigFault::Duplicate)));
        assert_eq!(check_config([0, 19, 0, 0], 2), Err((1, ConfigFault::BadPosition)));
        assert_eq!(check_config([0, 1, 0, 5], 2), Err((3, ConfigFault::UnusedNotZero)));
    }
}
