//! The rule files built into the program, each embedded once here: TETRHEX's three rules
//! (`rules/*.RUL`, compiled from `rules/*.rls` by `cargo run -p xtask --bin rul`; what each
//! plays: docs/rul.md, "The three rules"). The collection lists them
//! (`app::tetrhex::rules`); the engine's tests and benchmarks play them.

/// Tetrhex (`rules/tetrhex.rls`).
pub const TETRHEX: &[u8] = include_bytes!("../../rules/TETRHEX.RUL");
/// Tet'light (`rules/tetlight.rls`).
pub const TETLIGHT: &[u8] = include_bytes!("../../rules/TETLIGHT.RUL");
/// Hexcolumns (`rules/hexcolumns.rls`).
pub const HEXCOLS: &[u8] = include_bytes!("../../rules/HEXCOLS.RUL");
