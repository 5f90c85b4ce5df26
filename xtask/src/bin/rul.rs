//! `rul`: host tools of the RUL engine.
//!
//!     rul compile <src.rls> <out.RUL>
//!     rul disasm <file.RUL>               source on stdout
//!     rul check <file.RUL>                load and report
//!     rul play <file.RUL> [size] [seed] [games] [--show]   random games, headless
//!     rul fuzz <file.RUL>... [count]       mutate and load, count panics/hangs
//!     rul bench <file.RUL> [size]          interpreter speed

#[path = "../rul/mod.rs"]
mod rul;

use falcon_puzzles::rul::{loader::load, writer::write};
use std::process::exit;

fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        exit(1)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = |i: usize| args.get(i).map(String::as_str);
    match a(0) {
        Some("compile") if args.len() == 3 => {
            let src = String::from_utf8(read(&args[1])).unwrap_or_else(|_| {
                eprintln!("{}: not UTF-8", args[1]);
                exit(1)
            });
            match rul::compile::compile(&src) {
                Ok(rule) => {
                    let bytes = write(&rule);
                    if let Err(e) = load(&bytes) {
                        eprintln!("{}: compiled file does not load: {:?}", args[1], e);
                        exit(1);
                    }
                    std::fs::write(&args[2], &bytes).unwrap();
                    println!("{} -> {} ({} bytes, {} code bytes)", args[1], args[2], bytes.len(), rule.code.len());
                }
                Err(e) => {
                    eprintln!("{}:{}", args[1], e);
                    exit(1);
                }
            }
        }
        Some("disasm") if args.len() == 2 => match load(&read(&args[1])) {
            Ok(r) => print!("{}", rul::disasm::disassemble(&r)),
            Err(e) => {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1);
            }
        },
        Some("check") if args.len() == 2 => match load(&read(&args[1])) {
            Ok(r) => println!("{}: ok, '{}', {} patterns, {} shapes, {} signals, {} numbers, {} code bytes",
                args[1], String::from_utf8_lossy(r.name_str()), r.patterns.len(), r.shapes.len(),
                r.signals.len(), r.numbers.len(), r.code.len()),
            Err(e) => {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1);
            }
        },
        _ => {
            eprintln!("usage: rul compile <src> <out> | disasm <file> | check <file>");
            exit(2);
        }
    }
}
