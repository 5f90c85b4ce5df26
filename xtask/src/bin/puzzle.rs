//! `puzzle`: drive any puzzle of the collection from the command line, without graphics.
//!
//!     cargo run -p xtask --bin puzzle -- help
//!
//! Generates game IDs for a preset, shows, solves and replays games, writes and reads save
//! files, and renders a position to a PNG through the same planar framebuffer the Falcon uses.

#[path = "../tools/puzzle/mod.rs"]
mod puzzle;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match puzzle::run(&args) {
        Ok(out) => print!("{}", out),
        Err(e) => {
            eprintln!("puzzle: {}", e);
            std::process::exit(1);
        }
    }
}
