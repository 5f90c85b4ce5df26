//! `cargo xtask run`: the collection in Hatari's window for a person to play, or without a
//! display its attract mode with a screenshot of each screen; any other program headless.

use std::path::{Path, PathBuf};

use crate::emulator::hatari::{RunOptions, run, tos_from_env};

/// `cargo xtask run`: builds the Falcon program (unless one is named) and runs it. The
/// collection (no program named) runs in Hatari's window when there is a display, for a
/// person to play; without one, in the attract mode, with a screenshot of each screen it
/// shows under `build/attract/`.
pub fn cmd_run(args: &[String]) -> Result<(), String> {
    let tos = crate::args::option(args, "--tos").map(PathBuf::from).or_else(tos_from_env);
    if let Some(t) = &tos
        && !t.is_file()
    {
        return Err(format!("TOS image {} not found", t.display()));
    }
    let program = match crate::args::positional(args).into_iter().find(|a| Path::new(a).is_file()) {
        Some(p) => PathBuf::from(p),
        None => {
            let mut build_args = args.to_vec();
            if tos.is_none() {
                build_args.push("--tosless".into());
            }
            let prg = crate::build::pipeline::build_from_args(&build_args)?.prg;
            let collection = crate::args::option(args, "--bin").is_none_or(|b| b == "falcon");
            if collection {
                return match std::env::var("DISPLAY").ok().filter(|d| !d.is_empty()) {
                    Some(display) => play(&prg, tos.as_deref(), &display),
                    None => attract(&prg, tos.as_deref()),
                };
            }
            prg
        }
    };
    let max_vbls = crate::args::option(args, "--vbls").and_then(|v| v.parse().ok()).unwrap_or(if tos.is_some() {
        6000
    } else {
        3000
    });
    eprintln!(
        "running {} in Hatari (Falcon 68030, {}), at most {max_vbls} VBLs",
        program.display(),
        describe(tos.as_deref())
    );
    let result = run(&RunOptions {
        program,
        quit_on_pterm: true,
        tos,
        max_vbls,
        screenshot_on_timeout: crate::args::option(args, "--screenshot").map(PathBuf::from),
        wall_seconds: 300,
        ..Default::default()
    })?;
    print!("{}", result.output);
    if result.timed_out {
        return Err(format!("timed out after {max_vbls} VBLs"));
    }
    if result.exit_code != 0 {
        return Err(format!("program exited with code {}", result.exit_code));
    }
    eprintln!("exit code 0");
    Ok(())
}

fn describe(tos: Option<&Path>) -> String {
    tos.map_or("TOS-less".to_string(), |t| format!("TOS {}", t.display()))
}

/// The collection in Hatari's window, at the Falcon's real speed, until the player quits
/// (`q`, Esc) or closes the window.
fn play(program: &Path, tos: Option<&Path>, display: &str) -> Result<(), String> {
    eprintln!(
        "playing {} in Hatari's window on {display} (Falcon 68030, {}): click into the window, \
         cursor keys and the mouse play, u undoes, n starts a new game, q or Esc ends",
        program.display(),
        describe(tos)
    );
    let result = run(&RunOptions {
        program: program.to_path_buf(),
        quit_on_pterm: true,
        tos: tos.map(Path::to_path_buf),
        // A day of play at 60 frames a second; the watchdog is only a safety net here.
        max_vbls: 60 * 60 * 60 * 24,
        wall_seconds: 60 * 60 * 24,
        display: Some(display.to_string()),
        interactive: true,
        ..Default::default()
    })?;
    if result.exit_code != 0 {
        print!("{}", result.output);
        return Err(format!("the program exited with code {}", result.exit_code));
    }
    eprintln!("exit code 0");
    Ok(())
}

/// No display: the attract mode, a screenshot of each screen it shows.
fn attract(program: &Path, tos: Option<&Path>) -> Result<(), String> {
    let shots = crate::build::pipeline::root().join("build/attract");
    eprintln!(
        "no display (DISPLAY is not set): the attract mode plays each game for a few seconds in Hatari \
         (Falcon 68030, {}); screenshots go to {}",
        describe(tos),
        shots.display()
    );
    let a = crate::suites::fullscreen::attract(program, tos, Some(&shots), false)?;
    for (screen, shot) in &a.shown {
        if let Some(path) = shot {
            println!("{screen}: {}", path.display());
        }
    }
    crate::suites::fullscreen::report_costs(if tos.is_some() { "TOS" } else { "TOS-less" }, &a.output);
    if a.exit_code != 0 {
        print!("{}", a.output);
        return Err(format!("the program exited with code {}", a.exit_code));
    }
    eprintln!("exit code 0");
    Ok(())
}
