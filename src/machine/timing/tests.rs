//! Tests of the game-clock arithmetic (host and 68030).

use super::*;

crate::test_cases! {
    fn ticks_convert_to_milliseconds_exactly() {
        assert_eq!(ticks_to_ms(0), 0);
        assert_eq!(ticks_to_ms(1), 0);
        assert_eq!(ticks_to_ms(2), 1);
        assert_eq!(ticks_to_ms(128), 125);
        assert_eq!(ticks_to_ms(1024), 1000);
        assert_eq!(ticks_to_ms(1024 * 3600), 3_600_000);
        // Against the 64-bit formula, over a spread of values up to u32::MAX.
        let mut t: u32 = 1;
        for _ in 0..200 {
            assert_eq!(ticks_to_ms(t) as u64, t as u64 * 1000 / 1024, "{t}");
            t = t.wrapping_mul(2_654_435_761).wrapping_add(12_345);
        }
        assert_eq!(ticks_to_ms(u32::MAX) as u64, u32::MAX as u64 * 1000 / 1024);
    }

    fn the_one_hertz_counter_is_a_second_of_ticks() {
        assert_eq!(ticks_to_seconds(1023), 0);
        assert_eq!(ticks_to_seconds(1024), 1);
        assert_eq!(ticks_to_seconds(1024 * 59 + 1023), 59);
    }

    fn metronome_beats_on_its_grid() {
        let mut m = Metronome::new(100, 1000);
        assert_eq!(m.due(1099), 0);
        assert_eq!(m.remaining(1099), 1);
        assert_eq!(m.due(1100), 1);
        assert_eq!(m.due(1100), 0);
        // Late by 2.5 periods: three beats, and the grid stays at multiples of 100.
        assert_eq!(m.due(1450), 3);
        assert_eq!(m.remaining(1450), 50);
        assert_eq!(m.due(1500), 1);
    }

    fn metronome_periods_are_clamped_and_survive_wraparound() {
        assert_eq!(Metronome::new(0, 0).period_ms(), 1);
        assert_eq!(Metronome::new(9000, 0).period_ms(), 8191);
        let mut m = Metronome::new(8191, u32::MAX - 100);
        assert_eq!(m.due(u32::MAX), 0);
        assert_eq!(m.due(8090), 1);
        let mut fast = Metronome::new(1, 5);
        assert_eq!(fast.due(5), 0);
        assert_eq!(fast.due(16), 11, "beats at 6, 7, ..., 16");
    }
}
