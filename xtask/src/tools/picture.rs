//! `cargo xtask picture`: a picture file through the Falcon's own decoder and fitting
//! (`falcon_puzzles::picture`), written as a PNG; and `cargo xtask picture-fuzz`, the
//! decoders' fuzz run at scale.
//!
//! For people preparing pictures on a PC: what comes out is what Slide shows (the same
//! code, the same crop, scaler, median cut or dithering), so a picture can be tried before it
//! is copied to the Falcon.

use std::io::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use falcon_host::{IndexedImage, png};
use falcon_puzzles::picture::writers::{self, Rng};
use falcon_puzzles::picture::{self, Format, dither, fit, quantise};

pub const USAGE: &str = "\
usage: cargo xtask picture IN OUT.png [--side N] [--pens N | --desktop16]
         IN decoded (PNG, GEM IMG, DEGAS PI1-PI3/PC1-PC3, NEOchrome, TGA, recognised by
         content), its centred square scaled to N pixels a side (default 192: Slide's 3x3
         picture), quantised to N pens (1-256, default 240: a 256-colour screen's free pens)
         or dithered to the 16 colours of a 16-colour desktop; written as a palette PNG
       cargo xtask picture-fuzz [--count N] [--seed S] [NAME...]
         N mutated files (default 1000000) of each writer sample (or of those whose name
         contains a NAME) decoded: counts of pictures and refusals by reason; a panic or a
         file taking more than 10 s stops the run and keeps the file in build/picture-fuzz/";

/// How the picture's colours are made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Colours {
    /// Median cut to this many pens.
    Pens(usize),
    /// The 16 VDI colours of a 16-colour desktop, with error diffusion.
    Desktop16,
}

/// What `picture` made: its side, its pens (one a pixel) and the sentence it prints. The
/// command prints only the sentence; the tests read the rest.
#[cfg_attr(not(test), allow(dead_code))]
pub struct Made {
    pub side: u32,
    pub pixels: Vec<u8>,
    pub summary: String,
}

/// `cargo xtask picture IN OUT.png [...]`: prints one line; a file that cannot be decoded
/// gives the decoder's message (and the command a non-zero exit code).
pub fn cmd_picture(args: &[String]) -> Result<(), String> {
    let made = picture_command(args)?;
    println!("{}", made.summary);
    Ok(())
}

fn value<'a>(args: &'a [String], i: usize, what: &str) -> Result<&'a str, String> {
    args.get(i + 1).map(String::as_str).ok_or_else(|| format!("{what} needs a value\n{USAGE}"))
}

/// Runs the command line of `picture` (without the word itself); writes OUT and returns
/// what it made.
pub fn picture_command(args: &[String]) -> Result<Made, String> {
    let mut files = Vec::new();
    let mut side = 192u32;
    let mut colours = Colours::Pens(240);
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--side" => {
                side = value(args, i, "--side")?
                    .parse()
                    .ok()
                    .filter(|s| (1..=picture::MAX_SIDE).contains(s))
                    .ok_or("--side must be 1 to 4096")?;
                i += 1;
            }
            "--pens" => {
                let n = value(args, i, "--pens")?.parse().ok().filter(|n| (1..=256).contains(n));
                colours = Colours::Pens(n.ok_or("--pens must be 1 to 256")?);
                i += 1;
            }
            "--desktop16" => colours = Colours::Desktop16,
            a if a.starts_with("--") => return Err(format!("unknown option {a}\n{USAGE}")),
            _ => files.push(args[i].clone()),
        }
        i += 1;
    }
    let [input, output] = files.as_slice() else { return Err(format!("picture needs IN and OUT.png\n{USAGE}")) };
    let data = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let format = picture::sniff(&data);
    let image = picture::decode(&data).map_err(|e| format!("{input}: {e}"))?;
    let crop = fit::square_crop(&image);
    let scaled = fit::scale(&image, crop, side, 0).map_err(|e| format!("{input}: {e}"))?;
    let (palette, pixels) = match colours {
        Colours::Pens(n) => {
            let q = quantise::median_cut(&scaled, n).map_err(|e| format!("{input}: {e}"))?;
            (q.palette, q.index)
        }
        Colours::Desktop16 => {
            let pens =
                dither::floyd_steinberg(&scaled, side as usize, &dither::VDI16).map_err(|e| format!("{input}: {e}"))?;
            (dither::VDI16.to_vec(), pens)
        }
    };
    let palette: Vec<[u8; 3]> = palette.iter().map(|&c| [(c >> 16) as u8, (c >> 8) as u8, c as u8]).collect();
    let n = side as usize;
    let file = png::encode_indexed(&IndexedImage { width: n, height: n, pixels: &pixels, palette: &palette });
    write_new(Path::new(output), &file)?;
    let summary = format!(
        "{input}: {} {}x{}, square {}x{} at ({}, {}) -> {output}: {side}x{side}, {} pens{}",
        format.map_or("?", Format::name),
        image.width,
        image.height,
        crop.w,
        crop.h,
        crop.x,
        crop.y,
        palette.len(),
        if colours == Colours::Desktop16 { " (16-colour desktop, dithered)" } else { "" }
    );
    Ok(Made { side, pixels, summary })
}

/// Writes `data` to a new file beside `path`, then renames it over `path` (a failed write
/// leaves what was there).
fn write_new(path: &Path, data: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".new");
    std::fs::write(&tmp, data).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

// ------------------------------------------------------------------ fuzz run

/// What a fuzz run of one sample found.
#[derive(Default, Debug)]
pub struct FuzzCounts {
    pub files: u64,
    pub decoded: u64,
    /// Refusals by error code (kind × 10 + format), each with one example message.
    pub refused: std::collections::BTreeMap<u16, (u64, String)>,
    /// The longest decoding of one file.
    pub slowest: Duration,
}

/// The file being decoded, kept for the panic hook and the watchdog.
static CURRENT: Mutex<Option<(String, Vec<u8>)>> = Mutex::new(None);
/// Files decoded so far (the watchdog checks that it moves).
static PROGRESS: AtomicU64 = AtomicU64::new(0);
/// Longest a single file may take before the run counts a hang.
const HANG: Duration = Duration::from_secs(10);

/// Keeps the file being decoded in build/picture-fuzz/ (a panic or a hang).
fn keep_current(why: &str) {
    if let Ok(guard) = CURRENT.try_lock() {
        if let Some((name, file)) = guard.as_ref() {
            let dir = Path::new("build/picture-fuzz");
            let _ = std::fs::create_dir_all(dir);
            let path = dir.join(format!("{}-{why}.bin", name.replace(' ', "-")));
            let _ = std::fs::write(&path, file);
            eprintln!("picture-fuzz: {why} on a mutation of {name}: kept in {}", path.display());
        }
    }
}

/// Decodes `count` mutations of `file`; every outcome must be a whole picture or a refusal
/// with a reason (asserted: a failure is a panic, caught by the hook).
pub fn fuzz_sample(name: &str, file: &[u8], count: u64, seed: u32) -> FuzzCounts {
    let mut rng = Rng(seed | 1);
    let mut counts = FuzzCounts::default();
    let is_png = name.starts_with("png");
    for n in 0..count {
        let f = writers::mutate(&mut rng, file, is_png && n % 2 == 0);
        if let Ok(mut guard) = CURRENT.lock() {
            *guard = Some((name.to_string(), f.clone()));
        }
        let t0 = Instant::now();
        let result = picture::decode(&f);
        counts.slowest = counts.slowest.max(t0.elapsed());
        counts.files += 1;
        PROGRESS.fetch_add(1, Ordering::Relaxed);
        match result {
            Ok(image) => {
                let pixels = (image.width * image.height) as usize;
                let len = match &image.pixels {
                    picture::Pixels::Indexed { index, .. } => index.len(),
                    picture::Pixels::Argb(p) => p.len(),
                };
                assert!(image.width <= picture::MAX_SIDE && pixels <= picture::MAX_PIXELS as usize && len == pixels);
                counts.decoded += 1;
            }
            Err(e) => {
                assert!(!e.detail.is_empty() && e.code() >= 10, "a refusal without a reason: {e:?}");
                let entry = counts.refused.entry(e.code()).or_insert_with(|| (0, e.to_string()));
                entry.0 += 1;
            }
        }
    }
    counts
}

/// `cargo xtask picture-fuzz [--count N] [--seed S] [NAME...]`.
pub fn cmd_picture_fuzz(args: &[String]) -> Result<(), String> {
    let mut count = 1_000_000u64;
    let mut seed = 0x5EED_F030u32;
    let mut names = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--count" => {
                count = value(args, i, "--count")?.parse().map_err(|_| "--count must be a number")?;
                i += 1;
            }
            "--seed" => {
                seed = value(args, i, "--seed")?.parse().map_err(|_| "--seed must be a number")?;
                i += 1;
            }
            a if a.starts_with("--") => return Err(format!("unknown option {a}\n{USAGE}")),
            a => names.push(a.to_string()),
        }
        i += 1;
    }
    // A panic (panic=abort in release builds) or a hang keeps the file that caused it.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        keep_current("panic");
        default_hook(info);
    }));
    std::thread::spawn(|| {
        let mut last = PROGRESS.load(Ordering::Relaxed);
        loop {
            std::thread::sleep(HANG);
            let now = PROGRESS.load(Ordering::Relaxed);
            if now == last {
                keep_current("hang");
                eprintln!("picture-fuzz: one file took more than {} s", HANG.as_secs());
                std::process::exit(3);
            }
            last = now;
        }
    });
    let samples = writers::samples(true);
    let mut ran = 0;
    for (name, file) in &samples {
        if !names.is_empty() && !names.iter().any(|n| name.contains(n.as_str())) {
            continue;
        }
        ran += 1;
        let t0 = Instant::now();
        let c = fuzz_sample(name, file, count, seed);
        let refused: u64 = c.refused.values().map(|r| r.0).sum();
        println!(
            "picture-fuzz {name} ({} bytes): {} files, {} decoded, {} refused with a reason, 0 panics, 0 hangs; slowest {:.1} ms; {:.0} s",
            file.len(),
            c.files,
            c.decoded,
            refused,
            c.slowest.as_secs_f64() * 1000.0,
            t0.elapsed().as_secs_f64()
        );
        for (code, (n, example)) in &c.refused {
            println!("    error {code}: {n} ({example})");
        }
        let _ = std::io::stdout().flush();
    }
    if ran == 0 {
        let all: Vec<&str> = samples.iter().map(|s| s.0).collect();
        return Err(format!("no sample matches (samples: {})", all.join(", ")));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
