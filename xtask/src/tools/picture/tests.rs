use super::*;

/// A fresh folder for one test's files.
fn folder(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xtask-picture-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&std::path::Path], options: &[&str]) -> Result<Made, String> {
    let mut a: Vec<String> = args.iter().map(|p| p.display().to_string()).collect();
    a.extend(options.iter().map(|s| s.to_string()));
    picture_command(&a)
}

/// A DEGAS screen written by the tests' writer comes out as a palette PNG of the side asked
/// for, with the pens of the same fitting the Falcon does (compared with the library's own
/// result), and the PNG decodes to those colours.
#[test]
fn a_degas_screen_becomes_a_png() {
    let dir = folder("degas");
    let (input, output) = (dir.join("SCREEN.PI1"), dir.join("screen.png"));
    let file = writers::degas(0, &writers::ST_WORDS, &writers::pens(320, 200, 16, 21), false, false, false);
    std::fs::write(&input, &file).unwrap();
    let made = run(&[&input, &output], &["--side", "96", "--pens", "64"]).unwrap();
    assert!(made.summary.contains("DEGAS 320x200, square 200x200 at (60, 0)"), "{}", made.summary);
    assert!(made.summary.ends_with("96x96, 64 pens"), "{}", made.summary);
    // The library's own fitting.
    let image = picture::decode(&file).unwrap();
    let scaled = fit::scale(&image, fit::square_crop(&image), 96, 0).unwrap();
    let q = quantise::median_cut(&scaled, 64).unwrap();
    assert_eq!(made.pixels, q.index);
    let png_file = png::decode(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!((png_file.width, png_file.height), (96, 96));
    for (k, rgb) in png_file.rgb.iter().enumerate() {
        let c = q.palette[q.index[k] as usize];
        assert_eq!(*rgb, [(c >> 16) as u8, (c >> 8) as u8, c as u8], "pixel {k}");
    }
}

/// A PNG to a 16-colour desktop: only the VDI's 16 colours, dithered; the default side.
#[test]
fn a_png_is_dithered_for_a_16_colour_desktop() {
    let dir = folder("desktop16");
    let (input, output) = (dir.join("photo.png"), dir.join("out.png"));
    std::fs::write(&input, picture::bench::photo_png(64, 48)).unwrap();
    let made = run(&[&input, &output], &["--desktop16"]).unwrap();
    assert_eq!(made.side, 192);
    assert!(made.summary.contains("PNG 64x48") && made.summary.contains("dithered"), "{}", made.summary);
    let decoded = png::decode(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(decoded.rgb.len(), 192 * 192);
    let vdi: Vec<[u8; 3]> = dither::VDI16.iter().map(|&c| [(c >> 16) as u8, (c >> 8) as u8, c as u8]).collect();
    assert!(decoded.rgb.iter().all(|c| vdi.contains(c)));
    // A dithered gradient uses many of them.
    let used = vdi.iter().filter(|c| decoded.rgb.contains(c)).count();
    assert!(used >= 6, "{used} colours");
}

/// Bad files and bad command lines: the decoder's message, an error, and no output file.
#[test]
fn bad_files_give_the_decoders_reason() {
    let dir = folder("bad");
    let output = dir.join("out.png");
    let text = dir.join("README.TXT");
    std::fs::write(&text, "Hello, Falcon!\r\n").unwrap();
    let e = run(&[&text, &output], &[]).err().unwrap();
    assert!(e.contains("Not a picture") && e.contains("(error 10)"), "{e}");
    let cut = dir.join("CUT.PC1");
    let pc1 = writers::degas(0, &writers::ST_WORDS, &writers::pens(320, 200, 16, 9), true, false, false);
    std::fs::write(&cut, &pc1[..pc1.len() / 2]).unwrap();
    let e = run(&[&cut, &output], &[]).err().unwrap();
    assert!(e.contains("Truncated file: DEGAS Elite compressed") && e.contains("(error 23)"), "{e}");
    assert!(!output.exists());
    assert!(run(&[&dir.join("missing.png"), &output], &[]).is_err());
    assert!(run(&[&text], &[]).err().unwrap().contains("needs IN and OUT.png"));
    assert!(run(&[&cut, &output], &["--pens", "0"]).err().unwrap().contains("--pens must be 1 to 256"));
    assert!(run(&[&cut, &output], &["--side", "5000"]).err().unwrap().contains("--side"));
    assert!(run(&[&cut, &output], &["--bogus"]).err().unwrap().contains("unknown option"));
}

/// A short fuzz run of one sample: every file counted, decoded or refused with a reason.
#[test]
fn a_short_fuzz_run_counts_every_file() {
    let samples = writers::samples(false);
    let (name, file) = samples.iter().find(|s| s.0 == "tga rle 32").unwrap();
    let c = fuzz_sample(name, file, 2000, 7);
    let refused: u64 = c.refused.values().map(|r| r.0).sum();
    assert_eq!(c.files, 2000);
    assert_eq!(c.decoded + refused, 2000);
    assert!(c.decoded > 0 && refused > 0, "{c:?}");
    assert!(c.refused.keys().all(|&code| code % 10 == 5 || code == 10), "{c:?}");
}
