//! Tests of the video-mode tables and palette formats (host and 68030).

use super::*;

crate::test_cases! {
    fn the_full_screen_mode_fits_the_monitor() {
        let desktop = VideoMode(0x001A);
        assert_eq!(full_screen_mode(Monitor::Vga, desktop), Some(VideoMode(0x001B)));
        assert_eq!(full_screen_mode(Monitor::Rgb, VideoMode(0x0029)), Some(VideoMode(0x012B)));
        assert_eq!(full_screen_mode(Monitor::Tv, VideoMode(0x0009)), Some(VideoMode(0x010B)));
        assert_eq!(full_screen_mode(Monitor::Mono, desktop), None);
    }

    fn a_640x480x256_screen_is_307200_bytes() {
        let m = VideoMode::VGA_640X480X8;
        assert_eq!(m.bits_per_pixel(), 8);
        assert_eq!(m.line_words(), 320);
        assert_eq!(m.screen_bytes(480), 307_200);
        assert_eq!(VideoMode(0x001A).line_words(), 160);
        assert_eq!(VideoMode(0x0088).line_words(), 40);
    }

    fn videl_setups_exist_only_for_our_modes() {
        let vga = videl_setup(VideoMode::VGA_640X480X8, Monitor::Vga).unwrap();
        assert_eq!((vga.timing.hht, vga.timing.vft, vga.vco, vga.vctl, vga.spshift), (0xC6, 0x419, 0x186, 8, 0x10));
        assert_eq!(vga.line_words, 320);
        let pal = videl_setup(VideoMode(0x012B), Monitor::Rgb).unwrap();
        assert!(pal.sync_50hz);
        assert_eq!((pal.timing.vft, pal.vco, pal.vctl), (0x270, 0x181, 6));
        let ntsc = videl_setup(VideoMode(0x010B), Monitor::Tv).unwrap();
        assert!(!ntsc.sync_50hz);
        assert_eq!((ntsc.timing.vft, ntsc.vco), (0x20C, 0x183));
        // Both 15 kHz modes show 480 lines: 480 half lines a field, interlaced.
        for setup in [pal, ntsc] {
            let t = setup.timing;
            assert_eq!(t.vde - t.vdb, 480);
            assert!(t.vbe <= t.vdb && t.vde <= t.vbb && t.vbb <= t.vss && t.vss <= t.vft, "{t:?}");
            assert_eq!(window_of_480_lines(VideoMode(if setup.sync_50hz { 0x012B } else { 0x010B })), Some((t.vdb, t.vde)));
        }
        assert_eq!(window_of_480_lines(VideoMode::VGA_640X480X8), None);
        assert_eq!(videl_setup(VideoMode::VGA_640X480X8, Monitor::Rgb), None);
        assert_eq!(videl_setup(VideoMode(0x001A), Monitor::Vga), None);
    }

    fn palette_formats_round_trip() {
        let c = Rgb::new(0xFC, 0x80, 0x04);
        assert_eq!(c.to_register(), 0xFC80_0004);
        assert_eq!(Rgb::from_register(0xFF83_00FF), Rgb::new(0xFC, 0x80, 0xFC));
        assert_eq!(c.to_xbios(), 0x00FC_8004);
        assert_eq!(Rgb::from_xbios(0x0012_3456), Rgb::new(0x12, 0x34, 0x56));
        assert_eq!(Monitor::from_code(2), Monitor::Vga);
        assert_eq!(Monitor::from_code(0), Monitor::Mono);
    }
}
