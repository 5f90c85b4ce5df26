//! Host tools of the RUL engine: compiler, disassembler, headless player, fuzzer.
pub mod compile;
pub mod disasm;
pub mod keys;
pub mod lexer;

pub mod fuzz;
pub mod player;
pub mod replayfile;
pub mod same;
#[cfg(test)]
mod tests;
