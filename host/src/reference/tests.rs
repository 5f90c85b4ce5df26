use super::*;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("falcon-host-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{name}.png"))
}

const PALETTE: [[u8; 3]; 2] = [[0, 0, 0], [255, 255, 255]];

#[test]
fn equal_images_pass_and_changed_pixels_are_counted() {
    let path = temp("count");
    let pixels = [0, 1, 1, 0, 1, 0];
    let image = IndexedImage { width: 3, height: 2, pixels: &pixels, palette: &PALETTE };
    std::fs::write(&path, encode_indexed(&image)).unwrap();
    assert_eq!(compare(&path, &image), Ok(()));
    // Another palette with the same colours is the same picture.
    let swapped = [[255, 255, 255], [0, 0, 0]];
    let inverted = [1, 0, 0, 1, 0, 1];
    assert_eq!(compare(&path, &IndexedImage { pixels: &inverted, palette: &swapped, ..image }), Ok(()));
    let changed = [1, 1, 1, 0, 1, 1];
    assert_eq!(compare(&path, &IndexedImage { pixels: &changed, ..image }), Err(Mismatch::Pixels(2)));
    let smaller = IndexedImage { width: 2, height: 3, ..image };
    assert_eq!(compare(&path, &smaller), Err(Mismatch::Size((3, 2), (2, 3))));
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_missing_reference_says_how_to_make_one() {
    let path = temp("missing").with_file_name("nothing-here.png");
    let image = IndexedImage { width: 1, height: 1, pixels: &[0], palette: &PALETTE };
    let e = compare(&path, &image).unwrap_err();
    assert!(matches!(e, Mismatch::Unreadable(_)));
    assert!(e.to_string().contains("UPDATE_REFERENCE=1"), "{e}");
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
#[should_panic(expected = "pixels differ")]
fn check_panics_on_a_difference() {
    let path = temp("panics");
    let image = IndexedImage { width: 1, height: 1, pixels: &[0], palette: &PALETTE };
    std::fs::write(&path, encode_indexed(&image)).unwrap();
    check_or_update(&path, &IndexedImage { pixels: &[1], ..image }, false);
}

#[test]
fn update_writes_the_reference() {
    let path = temp("update");
    let image = IndexedImage { width: 2, height: 1, pixels: &[1, 0], palette: &PALETTE };
    check_or_update(&path, &image, true);
    assert_eq!(compare(&path, &image), Ok(()));
    check_or_update(&path, &image, false);
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}
