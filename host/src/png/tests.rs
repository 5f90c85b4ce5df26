use super::*;

#[test]
fn crc_of_iend_is_the_published_constant() {
    assert_eq!(crc32(b"IEND"), 0xAE42_6082);
}

#[test]
fn indexed_round_trip() {
    let palette = [[0, 0, 0], [255, 0, 0], [0, 0, 255]];
    let pixels: Vec<u8> = (0..32 * 8).map(|i| (i * 7 % 3) as u8).collect();
    let image = IndexedImage { width: 32, height: 8, pixels: &pixels, palette: &palette };
    let img = decode(&encode_indexed(&image)).unwrap();
    assert_eq!(img, image.to_rgb());
}

#[test]
fn rgb_round_trip() {
    let rgb: Vec<Rgb> = (0..5 * 3).map(|i| [i as u8 * 10, 255 - i as u8, (i * i) as u8]).collect();
    let image = RgbImage { width: 5, height: 3, rgb };
    assert_eq!(decode(&encode_rgb(&image)).unwrap(), image);
}

#[test]
fn indices_beyond_the_palette_are_black() {
    let image = IndexedImage { width: 2, height: 1, pixels: &[0, 5], palette: &[[9, 9, 9]] };
    assert_eq!(decode(&encode_indexed(&image)).unwrap().rgb, vec![[9, 9, 9], [0, 0, 0]]);
}

#[test]
fn damaged_files_give_messages() {
    let image = IndexedImage { width: 4, height: 4, pixels: &[1; 16], palette: &[[0; 3], [1; 3]] };
    let good = encode_indexed(&image);
    assert_eq!(decode(b"GIF89a").unwrap_err(), "not a PNG");
    // Cut anywhere after the signature: an error, never a panic.
    for cut in 8..good.len() - 12 {
        assert!(decode(&good[..cut]).is_err(), "cut at {cut}");
    }
    // A chunk length far beyond the file.
    let mut bad = good.clone();
    bad[8..12].copy_from_slice(&u32::MAX.to_be_bytes());
    assert!(decode(&bad).is_err());
    // One flipped bit in the pixel data.
    let mut bad = good.clone();
    let at = good.len() - 14;
    bad[at] ^= 4;
    assert!(decode(&bad).unwrap_err().starts_with("CRC error"));
}
