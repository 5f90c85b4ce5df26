//! `rul`: host tools of the RUL engine (`rul help` lists the commands).

#[path = "../tools/rul/mod.rs"]
mod rul;

use falcon_puzzles::rul::{loader::load, writer::write};
use std::process::exit;

const USAGE: &str = "\
usage: rul <command>
  compile SRC.rls OUT.RUL       compile a rule source
  disasm FILE.RUL               the source of a compiled rule, on standard output
  check FILE.RUL                load a rule and report what it holds
  play FILE.RUL [SIZE] [SEED] [GAMES] [LENGTH] [--show] [--record REPLAY]
                                random games, headless (SIZE 0: every board size)
  replay FILE.RUL REPLAY [--show]
                                play a recorded game and check its final state
  same OLD.RUL NEW.RUL [SIZE] [SEEDS]
                                the random player's games (seeds 1..SEEDS, default 500;
                                SIZE 0: every board size) on both rules in lock step,
                                compared after every event; exits 1 at the first difference
  fuzz FILE.RUL... [COUNT]      load and run mutated rules: no panic, no hang
  bench FILE.RUL [SIZE]         interpreter speed on phase C
  help                          this text";

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
        Some("help" | "-h" | "--help") => println!("{USAGE}"),
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
            Ok(r) => println!(
                "{}: ok, '{}', {} patterns, {} shapes, {} signals, {} numbers, {} code bytes",
                args[1],
                String::from_utf8_lossy(r.name_str()),
                r.patterns.len(),
                r.shapes.len(),
                r.signals.len(),
                r.numbers.len(),
                r.code.len()
            ),
            Err(e) => {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1);
            }
        },
        Some("play") if args.len() >= 2 => {
            let rule = load(&read(&args[1])).unwrap_or_else(|e| {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1)
            });
            let show = args.iter().any(|a| a == "--show");
            let record = args.iter().position(|a| a == "--record").and_then(|i| args.get(i + 1)).cloned();
            let nums: Vec<u32> =
                args[2..].iter().filter(|a| Some(*a) != record.as_ref()).filter_map(|a| a.parse().ok()).collect();
            let sizes: Vec<u8> = match nums.first() {
                Some(&s) if s != 0 => vec![s as u8],
                _ if rule.board_size != 0 => vec![rule.board_size],
                _ => vec![6, 7, 8, 9],
            };
            let seed = nums.get(1).copied().unwrap_or(1);
            let games = nums.get(2).copied().unwrap_or(1);
            let length = nums.get(3).copied().unwrap_or(600_000);
            let mut failed = false;
            for size in sizes {
                let mut st = rul::player::Stats::default();
                let t0 = std::time::Instant::now();
                for g in 0..games {
                    let events = rul::player::play_random(&rule, size, seed.wrapping_add(g), length, show, &mut st);
                    if let Some(path) = &record {
                        let end = events.last().map_or(0, |e| e.0);
                        let mut rf = rul::replayfile::ReplayFile {
                            size,
                            seed: seed.wrapping_add(g),
                            end_ms: end,
                            events,
                            expect: None,
                        };
                        let fin = rul::replayfile::run(&rule, &rf, false).unwrap();
                        let exp = rul::replayfile::expectation(&fin);
                        let events = std::mem::take(&mut rf.events);
                        let text = rul::replayfile::format(&rule, size, rf.seed, end, &events, &exp);
                        std::fs::write(path, text).unwrap();
                    }
                }
                let secs = t0.elapsed().as_secs_f64();
                println!(
                    "size {size}: {} games, {} over, {} failed, {} still playing; mean score {}, best {}, {} pieces, {} RUL ops ({:.1} M ops/s), deepest engine memory use {} bytes",
                    st.games,
                    st.over,
                    st.failed,
                    st.timeouts,
                    if st.over > 0 { st.total_score / st.over as i64 } else { 0 },
                    st.best,
                    st.pieces,
                    st.ops,
                    st.ops as f64 / secs / 1e6,
                    st.max_depth
                );
                if let Some(e) = &st.first_error {
                    println!("  first error: {e}");
                    failed = true;
                }
            }
            if failed {
                exit(1);
            }
        }
        Some("replay") if args.len() == 3 || args.len() == 4 => {
            let rule = load(&read(&args[1])).unwrap_or_else(|e| {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1)
            });
            let text = String::from_utf8_lossy(&read(&args[2])).into_owned();
            let r = rul::replayfile::parse(&rule, &text).unwrap_or_else(|e| {
                eprintln!("{}: {e}", args[2]);
                exit(1)
            });
            let show = args.get(3).is_some_and(|a| a == "--show");
            let g = rul::replayfile::run(&rule, &r, show).unwrap_or_else(|e| {
                eprintln!("{e}");
                exit(1)
            });
            print!("{}", g.render());
            let got = rul::replayfile::expectation(&g);
            println!("after {} ms, V10..V13 = {:?}: {got}", g.now, &g.vm.vars[10..14]);
            if let Some(want) = &r.expect {
                if *want != got {
                    eprintln!("MISMATCH: the replay expects {want}");
                    exit(1);
                }
                println!("matches the recorded final state");
            }
        }
        Some("same") if (3..=5).contains(&args.len()) => {
            let load_rule = |path: &str| {
                load(&read(path)).unwrap_or_else(|e| {
                    eprintln!("{path}: {:?} at byte {}", e.reason, e.offset);
                    exit(1)
                })
            };
            let (old, new) = (load_rule(&args[1]), load_rule(&args[2]));
            // SIZE 0 (or none): every side the rule allows; a word that is no number is refused.
            let number = |i: usize, what: &str, default: u32, range: std::ops::RangeInclusive<u32>| {
                let Some(a) = args.get(i) else { return default };
                match a.parse::<u32>() {
                    Ok(n) if range.contains(&n) => n,
                    _ => {
                        eprintln!(
                            "rul same: {what} must be a number from {} to {}, not {a:?}",
                            range.start(),
                            range.end()
                        );
                        exit(2)
                    }
                }
            };
            let size = number(3, "SIZE", 0, 0..=9) as u8;
            if (1..6).contains(&size) {
                eprintln!("rul same: SIZE must be 0 (every side) or 6 to 9, not {size}");
                exit(2);
            }
            let seeds = number(4, "SEEDS", 500, 1..=1_000_000);
            let sizes: Vec<u8> = match size {
                0 if old.board_size != 0 => vec![old.board_size],
                0 => vec![6, 7, 8, 9],
                s => vec![s],
            };
            match rul::same::compare(&old, &new, &sizes, seeds) {
                Ok(r) => println!(
                    "same games: sizes {sizes:?}, {} games, {} pieces, {} events, {} bomb blasts compared, 0 differences",
                    r.games, r.pieces, r.events, r.bomb_blasts
                ),
                Err(d) => {
                    println!("DIFFERENCE: {d}");
                    exit(1);
                }
            }
        }
        Some("fuzz") if args.len() >= 2 => {
            let count: u64 = args.last().unwrap().parse().unwrap_or(1_000_000);
            let mut seeds: Vec<Vec<u8>> =
                args[1..].iter().filter(|a| a.parse::<u64>().is_err()).map(|p| read(p)).collect();
            seeds.push(write(&falcon_puzzles::rul::sample::trivial_rule()));
            let t0 = std::time::Instant::now();
            let r = rul::fuzz::campaign(&seeds, count, 0xF00D);
            println!(
                "{} mutated files in {:.1} s: {} loaded, {} rejected, 0 panics, slowest load+run {:?}; {} phase runs ended with a RUL error",
                r.files,
                t0.elapsed().as_secs_f64(),
                r.loaded,
                r.rejected,
                r.slowest,
                r.run_errors
            );
            for (k, v) in &r.reasons {
                println!("  {k}: {v}");
            }
        }
        Some("bench") if args.len() >= 2 => {
            // Interpreter speed: phase C of the rule on a half-full board, repeated.
            let rule = load(&read(&args[1])).unwrap_or_else(|e| {
                eprintln!("{}: {:?} at byte {}", args[1], e.reason, e.offset);
                exit(1)
            });
            let size: u8 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(8);
            let mut game = falcon_puzzles::rul::session::Session::new(&rule, size, 7).unwrap();
            let n = game.vm.board.cell_count() as i32;
            for id in 1..=n {
                let (c, h) = game.vm.board.col_height(id);
                if h < (2 * size as i32 - 1 - c.abs()) / 2 && (id * 7) % 11 != 0 {
                    let cell = game.vm.board.cell_mut(id);
                    cell.colour = 1 + ((id * 5 + c) % 6) as u8;
                    cell.pattern = 1;
                }
            }
            let board = game.vm.board.clone();
            let t0 = std::time::Instant::now();
            let mut steps = 0u64;
            let mut runs = 0u64;
            while t0.elapsed().as_secs_f64() < 2.0 {
                game.vm.board = board.clone();
                game.vm.piece = [1, 1, 2, 3, 0];
                game.vm.piece_len = 3;
                game.vm.vars[9] = 0;
                game.vm.run(&rule.code, rule.phases[3]).unwrap();
                steps += game.vm.steps as u64;
                runs += 1;
            }
            let secs = t0.elapsed().as_secs_f64();
            println!(
                "{}: phase C on a half-full board of side {size}: {} RUL ops per run, {:.1} M RUL ops/s ({runs} runs in {secs:.1} s)",
                args[1],
                steps / runs,
                steps as f64 / secs / 1e6
            );
        }
        _ => {
            eprintln!("{USAGE}");
            exit(2);
        }
    }
}
