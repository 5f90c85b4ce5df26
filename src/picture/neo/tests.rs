use alloc::vec;

use super::*;
use crate::picture::writers;
use crate::picture::{argb, decode as decode_any, sniff};

const WORDS: [u16; 16] =
    [0x777, 0x000, 0x700, 0x070, 0x007, 0x333, 0x123, 0x456, 0x765, 0x007, 0x050, 0x500, 0x111, 0x222, 0x444, 0x666];

crate::test_cases! {
    /// A NEOchrome picture is recognised by its size and header and comes back pen for pen.
    fn low_resolution_round_trips() {
        let pens = writers::pens(320, 200, 16, 11);
        let file = writers::neo(0, &WORDS, &pens);
        assert_eq!(file.len(), SIZE);
        assert_eq!(sniff(&file), Some(Format::Neo));
        let image = decode_any(&file).unwrap();
        assert_eq!((image.width, image.height, image.pixel_aspect), (320, 200, (1, 1)));
        match &image.pixels {
            Pixels::Indexed { index, palette } => {
                assert!(index == &pens);
                assert_eq!(palette[0], argb(255, 255, 255));
                assert_eq!(palette[2], argb(255, 0, 0));
            }
            Pixels::Argb(_) => panic!("pens expected"),
        }
    }

    /// A file with a non-zero flag word or a resolution over 2 is not NEOchrome.
    fn wrong_headers_are_not_neochrome() {
        let mut file = writers::neo(0, &WORDS, &vec![0u8; 64000]);
        file[3] = 3;
        assert!(!is_neo(&file));
        assert!(decode(&file).is_err());
        file[3] = 0;
        file[1] = 1;
        assert!(!is_neo(&file));
        assert!(!is_neo(&file[..SIZE - 1]));
    }
}
