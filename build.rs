//! Computes the Slide solvers' tables (`src/games/slide/tables.rs`: the 3×3 distance table
//! and the 4×4 pattern databases) into OUT_DIR, from which the program includes them.
//! About a second of work on the development machine, instead of minutes on the 68030.

extern crate alloc;

#[allow(dead_code)]
#[path = "src/games/slide/tables.rs"]
mod tables;

fn main() {
    println!("cargo::rerun-if-changed=src/games/slide/tables.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("slide3.bin"), tables::build3()).expect("slide3.bin");
    std::fs::write(out.join("slide4.bin"), tables::build4_all()).expect("slide4.bin");
}
