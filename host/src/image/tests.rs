use super::*;

#[test]
fn indices_become_their_palette_colours() {
    let palette = [[1, 2, 3], [4, 5, 6]];
    let img = IndexedImage { width: 2, height: 2, pixels: &[0, 1, 1, 7], palette: &palette };
    let rgb = img.to_rgb();
    assert_eq!((rgb.width, rgb.height), (2, 2));
    assert_eq!(rgb.rgb, vec![[1, 2, 3], [4, 5, 6], [4, 5, 6], [0, 0, 0]]);
}
