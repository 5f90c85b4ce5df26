//! The `puzzle` command-line driver (see `src/bin/puzzle.rs`). Everything goes through the
//! type-erased mid end ([`AnyPuzzle`]), so a game added to `falcon_puzzles::games::ALL` is
//! available here with no change to this file.

use std::fmt::Write as _;

use falcon_host::{IndexedImage, png};
use falcon_puzzles::games;
use falcon_puzzles::puzzle::backend::{Colour, PuzzleError, Status};
use falcon_puzzles::puzzle::drawing::{NullDrawing, Rect};
use falcon_puzzles::puzzle::erased::AnyPuzzle;
use falcon_puzzles::puzzle::midend::identify_game;
use falcon_puzzles::video::planar::PlanarScreen;

pub const USAGE: &str = "\
usage: puzzle list
       puzzle GAME presets
       puzzle GAME generate [--preset N | --params P] [--count N] [--seed S]
       puzzle GAME show ID [MOVE...]
       puzzle GAME solve ID [MOVE...]
       puzzle GAME solution ID [MOVE...]   the moves Show solution plays, one a line
       puzzle GAME replay ID MOVE... | --moves FILE
       puzzle GAME save ID [MOVE...]
       puzzle load FILE
       puzzle GAME render ID OUT.png [MOVE...]
       puzzle GAME play [ID]          text front end: commands from standard input
ID is params:description or params#seed, as in Simon Tatham's collection.
MOVEs are the game's move strings (e.g. Fifteen: M2,3 moves the gap to column 2, row 3).
";

fn err(e: PuzzleError) -> String {
    e.to_string()
}

/// Runs one command, returning what it prints.
pub fn run(args: &[String]) -> Result<String, String> {
    let mut out = String::new();
    let Some(first) = args.first() else { return Ok(USAGE.to_string()) };
    match first.as_str() {
        "help" | "--help" | "-h" => return Ok(USAGE.to_string()),
        "list" => {
            for g in games::ALL {
                let me = (g.new)(b"list");
                let presets: Vec<String> = me.presets().into_iter().map(|(_, p)| p).collect();
                writeln!(out, "{}: presets {}", g.name, presets.join(" ")).unwrap();
            }
            return Ok(out);
        }
        "load" => {
            let path = args.get(1).ok_or("load needs a file")?;
            let data = std::fs::read_to_string(path).map_err(|e| format!("{}: {}", path, e))?;
            let name = identify_game(&data).map_err(err)?;
            let g = games::find(&name).ok_or(format!("unknown game {}", name))?;
            let mut me = (g.new)(b"load");
            me.deserialise(&mut NullDrawing::default(), &data).map_err(err)?;
            describe(&mut out, me.as_ref());
            return Ok(out);
        }
        _ => {}
    }
    let g = games::find(first).ok_or_else(|| format!("unknown game '{}'\n{}", first, USAGE))?;
    let cmd = args.get(1).map(String::as_str).unwrap_or("help");
    let rest = &args[2.min(args.len())..];
    let mut me = (g.new)(b"puzzle command line");
    let dr = &mut NullDrawing::default();
    match cmd {
        "presets" => {
            for (i, (name, p)) in me.presets().into_iter().enumerate() {
                writeln!(out, "{} {} {}", i, p, name).unwrap();
            }
        }
        "generate" => {
            let mut count = 1usize;
            let mut seed = "puzzle".to_string();
            let mut it = rest.iter();
            while let Some(a) = it.next() {
                let mut val = || it.next().cloned().ok_or(format!("{} needs a value", a));
                match a.as_str() {
                    "--count" => count = val()?.parse().map_err(|_| "bad --count")?,
                    "--seed" => seed = val()?,
                    "--params" => me.set_game_id(&val()?).map_err(err)?,
                    "--preset" => {
                        let i: usize = val()?.parse().map_err(|_| "bad --preset")?;
                        let n = me.presets().len();
                        me.set_preset(i).map_err(|_| format!("no preset {} ({} presets)", i, n))?;
                    }
                    other => return Err(format!("unknown option {}", other)),
                }
            }
            let params = me.params_string();
            let mut generator = (g.new)(seed.as_bytes());
            // Nobody plays these: batch generation, as Tatham's `--generate`.
            generator.set_interactive(false);
            generator.set_game_id(&params).map_err(err)?;
            for _ in 0..count {
                generator.new_game(dr);
                writeln!(
                    out,
                    "{}\t{}",
                    generator.random_seed_id().unwrap_or_default(),
                    generator.game_id().unwrap_or_default()
                )
                .unwrap();
            }
        }
        "show" | "solve" | "solution" | "replay" | "save" | "render" => {
            let id = rest.first().ok_or(format!("{} needs a game ID", cmd))?;
            me.set_game_id(id).map_err(err)?;
            me.new_game(dr);
            let mut moves: Vec<String> = rest[1..].to_vec();
            let mut png_out = None;
            if cmd == "render" {
                png_out = Some(moves.first().cloned().ok_or("render needs an output file")?);
                moves.remove(0);
            }
            if moves.first().map(String::as_str) == Some("--moves") {
                let path = moves.get(1).ok_or("--moves needs a file")?;
                let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {}", path, e))?;
                moves = text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
            }
            for (i, mv) in moves.iter().enumerate() {
                me.apply_move(dr, mv).map_err(|e| format!("move {} ({}): {}", i + 1, mv, e))?;
                if cmd == "replay" {
                    writeln!(out, "{:>4} {:<12} {:?}", i + 1, mv, me.status()).unwrap();
                }
            }
            match cmd {
                "solve" => {
                    me.solve(dr).map_err(err)?;
                    let (chain, _) = me.moves();
                    writeln!(out, "solution: {}", chain.last().map(|m| m.1.as_str()).unwrap_or("")).unwrap();
                    describe(&mut out, me.as_ref());
                }
                "solution" => {
                    let before = me.moves().0.len();
                    me.show_solution(dr).map_err(err)?;
                    while me.wants_timer() && me.status() == Status::Playing {
                        me.timer(dr, 1000);
                    }
                    for (_, mv) in &me.moves().0[before..] {
                        writeln!(out, "{}", mv).unwrap();
                    }
                }
                "save" => out.push_str(&me.serialise()),
                "render" => {
                    let path = png_out.unwrap();
                    std::fs::write(&path, render(me.as_mut())).map_err(|e| format!("{}: {}", path, e))?;
                    writeln!(out, "wrote {}", path).unwrap();
                }
                _ => describe(&mut out, me.as_ref()),
            }
        }
        "play" => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut stdout = std::io::stdout();
            play(me.as_mut(), rest.first().map(String::as_str), &mut input, &mut stdout)?;
        }
        "help" => out.push_str(USAGE),
        other => return Err(format!("unknown command '{}'\n{}", other, USAGE)),
    }
    Ok(out)
}

pub const PLAY_HELP: &str = "\
commands: left right up down (or h l k j), select, click X Y, key C, move STRING,
          undo, redo, restart, solve, show (the solution, step by step), new, id, save,
          help, quit
";

/// The text front end: reads one command per line, feeds it to the mid end as the matching
/// input event (or mid-end call), and prints the position after each. Animations are skipped
/// by running the timer to completion, as a front end without a display would.
pub fn play(
    me: &mut dyn AnyPuzzle,
    id: Option<&str>,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> Result<(), String> {
    use falcon_puzzles::puzzle::backend::{Button, Input, Key};
    use falcon_puzzles::puzzle::midend::KeyOutcome;
    let io = |e: std::io::Error| e.to_string();
    if let Some(id) = id {
        me.set_game_id(id).map_err(err)?;
    }
    let dr = &mut NullDrawing::default();
    me.new_game(dr);
    me.size(dr, 640, 464, false);
    let mut show = String::new();
    describe(&mut show, me);
    write!(output, "{}> ", show).map_err(io)?;
    output.flush().map_err(io)?;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let key = |k: Key| Some(Input::key(k));
        let event = match words.as_slice() {
            [] => None,
            ["left" | "h"] => key(Key::CursorLeft),
            ["right" | "l"] => key(Key::CursorRight),
            ["up" | "k"] => key(Key::CursorUp),
            ["down" | "j"] => key(Key::CursorDown),
            ["select"] => key(Key::CursorSelect),
            ["click", x, y] => match (x.parse(), y.parse()) {
                (Ok(x), Ok(y)) => {
                    me.process_key(dr, Input::mouse(Key::Press(Button::Left), x, y));
                    Some(Input::mouse(Key::Release(Button::Left), x, y))
                }
                _ => {
                    writeln!(output, "click needs two pixel coordinates").map_err(io)?;
                    None
                }
            },
            ["key", c] if c.len() == 1 => key(Key::Char(c.as_bytes()[0])),
            ["quit" | "q"] => return Ok(()),
            ["help" | "?"] => {
                write!(output, "{}", PLAY_HELP).map_err(io)?;
                None
            }
            _ => {
                let result = match words.as_slice() {
                    ["undo" | "u"] => me.undo(dr),
                    ["redo" | "r"] => me.redo(dr),
                    ["restart"] => me.restart(dr),
                    ["solve"] => me.solve(dr),
                    ["show"] => me.show_solution(dr),
                    ["new" | "n"] => {
                        me.new_game(dr);
                        me.size(dr, 640, 464, false);
                        Ok(())
                    }
                    ["move", mv] => me.apply_move(dr, mv),
                    ["id"] => {
                        writeln!(output, "{}", me.game_id().unwrap_or_default()).map_err(io)?;
                        Ok(())
                    }
                    ["save"] => {
                        write!(output, "{}", me.serialise()).map_err(io)?;
                        Ok(())
                    }
                    _ => {
                        writeln!(output, "unknown command; type help").map_err(io)?;
                        Ok(())
                    }
                };
                if let Err(e) = result {
                    writeln!(output, "{}", e).map_err(io)?;
                }
                None
            }
        };
        if let Some(ev) = event
            && me.process_key(dr, ev) == KeyOutcome::Ignored
        {
            writeln!(output, "the game does not use that key").map_err(io)?;
        }
        while me.wants_timer() {
            me.timer(dr, 20);
            if me.status() != Status::Playing && !me.wants_timer() {
                break;
            }
        }
        let mut show = String::new();
        describe(&mut show, me);
        write!(output, "{}> ", show).map_err(io)?;
        output.flush().map_err(io)?;
    }
}

fn describe(out: &mut String, me: &dyn AnyPuzzle) {
    if let Some(id) = me.game_id() {
        writeln!(out, "game id: {}", id).unwrap();
    }
    if let Some(id) = me.random_seed_id() {
        writeln!(out, "seed id: {}", id).unwrap();
    }
    let (moves, pos) = me.moves();
    writeln!(out, "moves: {} (position {} of {})", moves.len(), pos, moves.len() + 1).unwrap();
    writeln!(
        out,
        "status: {}",
        match me.status() {
            Status::Won => "won",
            Status::Lost => "lost",
            Status::Playing => "playing",
        }
    )
    .unwrap();
    if let Some(t) = me.text_format() {
        out.push_str(&t);
    }
}

/// Renders the current position on a 640×480 planar screen (puzzle centred above a status
/// line), as a PNG.
fn render(me: &mut dyn AnyPuzzle) -> Vec<u8> {
    let mut scr = PlanarScreen::vga256();
    let colours = me.colours(Colour::DEFAULT_BACKGROUND);
    scr.set_colours(&colours);
    let (w, h) = me.size(&mut scr, 640, 464, false);
    scr.clear(0);
    scr.set_origin((640 - w) / 2, (464 - h) / 2);
    let text_pen = if colours.len() > 1 { 1 } else { 0 };
    scr.set_status_area(Rect::new(0, 464, 640, 16), 0, text_pen);
    me.force_redraw(&mut scr);
    let palette: Vec<[u8; 3]> = scr.palette.iter().map(|c| [c.r, c.g, c.b]).collect();
    png::encode_indexed(&IndexedImage { width: 640, height: 480, pixels: &scr.to_indexed(), palette: &palette })
}

#[cfg(test)]
mod tests;
