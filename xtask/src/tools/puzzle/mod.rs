//! The `puzzle` command-line driver (see `src/bin/puzzle.rs`). Everything goes through the
//! type-erased mid end ([`AnyPuzzle`]), so a game added to `falcon_puzzles::games::ALL` is
//! available here with no change to this file.

use std::fmt::Write as _;

use falcon_host::{IndexedImage, png};
use falcon_puzzles::app::script::Screen;
use falcon_puzzles::app::{Activity, ActivityReply, Buttons, Command, HostRequest, Input, KeyPress, PuzzleActivity};
use falcon_puzzles::games;
use falcon_puzzles::gfx::NullDrawing;
use falcon_puzzles::keyboard::{Shift, scancode};
use falcon_puzzles::puzzle::backend::{PuzzleError, Status};
use falcon_puzzles::puzzle::erased::AnyPuzzle;
use falcon_puzzles::puzzle::midend::identify_game;

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
                    std::fs::write(&path, render(me)?).map_err(|e| format!("{}: {}", path, e))?;
                    writeln!(out, "wrote {}", path).unwrap();
                }
                _ => describe(&mut out, me.as_ref()),
            }
        }
        "play" => {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut stdout = std::io::stdout();
            play(me, rest.first().map(String::as_str), &mut input, &mut stdout)?;
        }
        "help" => out.push_str(USAGE),
        other => return Err(format!("unknown command '{}'\n{}", other, USAGE)),
    }
    Ok(out)
}

pub const PLAY_HELP: &str = "\
commands: left right up down (or h l k j), select, click X Y (pixels of the puzzle),
          key C (a key, as typed: u undoes unless the puzzle uses it), ctrl C,
          move STRING, undo, redo, restart, solve, show (the solution, step by step),
          new, preset N, id, seed, save, copy,
          help, quit
";

/// The text front end: a front end of the app like the Falcon's. Each line becomes an
/// `Input` (keys, clicks) or a `Command` for a puzzle activity drawing on a 640x480 surface
/// nobody looks at; after each, animations run to their end, and the position is printed.
pub fn play(
    mut puzzle: Box<dyn AnyPuzzle>,
    id: Option<&str>,
    input: &mut dyn std::io::BufRead,
    output: &mut dyn std::io::Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    if let Some(id) = id {
        puzzle.set_game_id(id).map_err(err)?;
    }
    puzzle.new_game(&mut NullDrawing::default());
    let mut screen = Screen::new(640, 480)?;
    let mut app = PuzzleActivity::new(puzzle);
    app.draw_all(&mut screen.target());
    let mut show = String::new();
    describe(&mut show, app.puzzle());
    write!(output, "{}> ", show).map_err(io)?;
    output.flush().map_err(io)?;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let special = |code| Some(Input::KeyDown(KeyPress::special(code, Shift::empty())));
        let mut events: Vec<Input> = Vec::new();
        let mut command = None;
        match words.as_slice() {
            [] => {}
            ["left" | "h"] => events.extend(special(scancode::LEFT)),
            ["right" | "l"] => events.extend(special(scancode::RIGHT)),
            ["up" | "k"] => events.extend(special(scancode::UP)),
            ["down" | "j"] => events.extend(special(scancode::DOWN)),
            ["select"] => events.push(Input::KeyDown(KeyPress::char(b'\r'))),
            ["click", x, y] => match (x.parse::<i32>(), y.parse::<i32>()) {
                (Ok(x), Ok(y)) => {
                    let p = app.layout().puzzle;
                    for buttons in [Buttons::LEFT, Buttons::empty()] {
                        events.push(Input::Mouse { x: p.x + x, y: p.y + y, buttons, shift: Shift::empty() });
                    }
                }
                _ => writeln!(output, "click needs two pixel coordinates").map_err(io)?,
            },
            ["key", c] if c.len() == 1 => events.push(Input::KeyDown(KeyPress::char(c.as_bytes()[0]))),
            ["ctrl", c] if c.len() == 1 => events.push(Input::KeyDown(KeyPress::ctrl(c.as_bytes()[0]))),
            ["quit" | "q"] => command = Some(Command::Quit),
            ["help" | "?"] => write!(output, "{}", PLAY_HELP).map_err(io)?,
            ["undo" | "u"] => command = Some(Command::Undo),
            ["redo" | "r"] => command = Some(Command::Redo),
            ["restart"] => command = Some(Command::Restart),
            ["solve"] => command = Some(Command::Solve),
            ["show"] => command = Some(Command::ShowSolution),
            ["new" | "n"] => command = Some(Command::NewGame),
            ["save"] => command = Some(Command::Save),
            ["copy"] => command = Some(Command::CopyText),
            ["preset", n] => match n.parse() {
                Ok(n) => command = Some(Command::Preset(n)),
                Err(_) => writeln!(output, "preset needs a number").map_err(io)?,
            },
            ["move", mv] => {
                if let Err(e) = app.with_puzzle(&mut screen.target(), |p, dr| p.apply_move(dr, mv)) {
                    writeln!(output, "{}", e).map_err(io)?;
                }
            }
            ["id"] => writeln!(output, "{}", app.puzzle().game_id().unwrap_or_default()).map_err(io)?,
            ["seed"] => writeln!(output, "{}", app.puzzle().random_seed_id().unwrap_or_default()).map_err(io)?,
            _ => writeln!(output, "unknown command; type help").map_err(io)?,
        }
        let mut replies = Vec::new();
        for ev in events {
            replies.push(app.input(&mut screen.target(), &ev));
        }
        if let Some(c) = command {
            replies.push(app.command(&mut screen.target(), c));
        }
        for reply in replies {
            match reply {
                ActivityReply::Host(HostRequest::Quit) => return Ok(()),
                ActivityReply::Host(HostRequest::Error(e)) => writeln!(output, "{}", e).map_err(io)?,
                ActivityReply::Host(HostRequest::SaveFile { data }) => write!(output, "{}", data).map_err(io)?,
                ActivityReply::Host(HostRequest::Clipboard(text)) => write!(output, "{}", text).map_err(io)?,
                ActivityReply::Host(HostRequest::Message { text, .. }) => writeln!(output, "{}", text).map_err(io)?,
                _ => {}
            }
        }
        // No display: let animations and flashes run out (a timed game's clock never stops).
        for _ in 0..500 {
            if !app.wants_ticks() {
                break;
            }
            app.input(&mut screen.target(), &Input::Tick { ms: 20 });
        }
        let mut show = String::new();
        describe(&mut show, app.puzzle());
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

/// Renders the current position as the app lays it out on the Falcon's 640×480 screen
/// (puzzle centred above its status bar), as a PNG.
fn render(puzzle: Box<dyn AnyPuzzle>) -> Result<Vec<u8>, String> {
    let mut screen = Screen::new(640, 480)?;
    PuzzleActivity::new(puzzle).draw_all(&mut screen.target());
    let palette: Vec<[u8; 3]> = screen.palette.colours().iter().map(|c| [c.r, c.g, c.b]).collect();
    let pixels = screen.surface.to_indexed();
    Ok(png::encode_indexed(&IndexedImage { width: 640, height: 480, pixels: &pixels, palette: &palette }))
}

#[cfg(test)]
mod tests;
