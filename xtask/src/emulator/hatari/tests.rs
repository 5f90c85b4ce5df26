use super::*;

fn args_of(cmd: &Command) -> Vec<String> {
    cmd.get_args().map(|a| a.to_string_lossy().to_string()).collect()
}

fn options(dir: &Path, tos: Option<PathBuf>) -> RunOptions {
    let program = dir.join("PROG.PRG");
    std::fs::write(&program, b"program").unwrap();
    let extra = dir.join("PROG.INF");
    std::fs::write(&extra, b"show\r\n").unwrap();
    RunOptions { program, extra_files: vec![extra], tos, max_vbls: 1234, wall_seconds: 60, ..Default::default() }
}

#[test]
fn tosless_runs_put_the_program_last_and_the_watchdog_first() {
    let dir = tempdir("hatari-test").unwrap();
    let work = tempdir("hatari-test-work").unwrap();
    let cmd = command(&options(&dir, None), &work).unwrap();
    let args = args_of(&cmd);
    // The program is Hatari's last argument, from the fresh drive C: with its extra file.
    assert_eq!(args.last().unwrap(), &work.join("c/PROG.PRG").to_string_lossy());
    assert_eq!(args[args.len() - 3..args.len() - 1], ["--tos", "none"]);
    assert_eq!(std::fs::read(work.join("c/PROG.INF")).unwrap(), b"show\r\n");
    // The watchdog: a breakpoint at the VBL limit that saves a screenshot and quits 124.
    let watchdog = std::fs::read_to_string(work.join("watchdog.ini")).unwrap();
    assert!(watchdog.starts_with("b VBL = 1234 :trace :once :quiet :file "), "{watchdog}");
    let timeout = std::fs::read_to_string(work.join("timeout.ini")).unwrap();
    assert!(timeout.ends_with("quit 124\n"), "{timeout}");
    // No FIFO unless asked for; `timeout` wraps the emulator.
    assert!(!args.contains(&"--cmd-fifo".to_string()));
    assert_eq!(cmd.get_program(), "timeout");
    assert_eq!(args[..2], ["-k", "5"]);
    assert_eq!(args[2], "60");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn tos_runs_boot_the_image_and_autostart_from_c() {
    let dir = tempdir("hatari-test").unwrap();
    let work = tempdir("hatari-test-work").unwrap();
    let image = dir.join("etos.img");
    std::fs::write(&image, b"tos").unwrap();
    let mut opts = options(&dir, Some(image.clone()));
    opts.fifo = true;
    opts.quit_on_pterm = true;
    let args = args_of(&command(&opts, &work).unwrap());
    let at = args.iter().position(|a| a == "--tos").unwrap();
    assert_eq!(args[at + 1], image.to_string_lossy());
    assert_eq!(
        args[at + 2..],
        ["-d".to_string(), work.join("c").to_string_lossy().to_string(), "--auto".into(), "C:\\PROG.PRG".into()]
    );
    let fifo = args.iter().position(|a| a == "--cmd-fifo").unwrap();
    assert_eq!(args[fifo + 1], work.join("fifo").to_string_lossy());
    // Pterm ends the emulation (the desktop would go on).
    let watchdog = std::fs::read_to_string(work.join("watchdog.ini")).unwrap();
    assert!(watchdog.contains("b GemdosOpcode = 0x4C"), "{watchdog}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn a_boot_video_mode_is_written_to_hatari_s_nvram_file() {
    let dir = tempdir("hatari-test").unwrap();
    let work = tempdir("hatari-test-work").unwrap();
    let file = work.join("home/.config/hatari/hatari.nvram");
    command(&options(&dir, None), &work).unwrap();
    assert!(!file.exists(), "no NVRAM file unless a mode is asked for");
    let mut opts = options(&dir, None);
    opts.boot_video_mode = Some(VGA_640X480_256_COLOURS);
    command(&opts, &work).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    // Registers 14 to 63; the mode in 28 and 29 ($001B: VGA, 80 columns, 8 planes).
    assert_eq!(bytes.len(), 50);
    assert_eq!(bytes[14..16], [0x00, 0x1B]);
    assert!(bytes.iter().enumerate().all(|(i, &b)| b == 0 || i == 15), "{bytes:?}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn tail_skips_state_dumps() {
    let text = "a\nstate before x 1\nb\nc\n";
    assert_eq!(tail(text, 2), "b\nc");
    assert_eq!(tail(text, 10), "a\nb\nc");
}
