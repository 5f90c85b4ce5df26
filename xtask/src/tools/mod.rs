//! The host tools: `cargo xtask run` (`run`), the picture decoders from the command line
//! (`picture`). The `puzzle` and `rul` tools are binaries of their own (`src/bin/`), built
//! from `tools/puzzle/` and `tools/rul/`.

pub mod picture;
pub mod run;
