//! Host tools of the RUL engine: compiler, disassembler, headless player, fuzzer.
pub mod compile;
pub mod disasm;
pub mod lexer;
pub mod ops;

#[cfg(test)]
mod tests;
pub mod player;
pub mod fuzz;
pub mod replayfile;
