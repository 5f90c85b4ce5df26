use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::*;

/// No options files: every read fails.
fn no_files(name: &str) -> Result<Vec<u8>, String> {
    Err(alloc::format!("{name} not found"))
}

/// The options of a command line alone.
fn cl(text: &str) -> Result<Options, OptionError> {
    parse(None, text.as_bytes(), &mut no_files)
}

fn ok(text: &str) -> Options {
    match cl(text) {
        Ok(o) => o,
        Err(e) => panic!("{text:?} refused: {}", e.message),
    }
}

/// The message of a refused command line (and its code is 10).
fn refused(text: &str) -> String {
    match cl(text) {
        Ok(_) => panic!("{text:?} accepted"),
        Err(e) => {
            assert_eq!(e.code, ExitCode::BadOptions);
            assert_eq!(e.code.value(), 10);
            e.message
        }
    }
}

/// `refused(text)` starts with `start`.
fn refused_with(text: &str, start: &str) {
    let message = refused(text);
    assert!(message.starts_with(start), "{text:?}: {message:?} does not start with {start:?}");
}

/// Files from a list of (name, contents).
fn files<'a>(list: &'a [(&'a str, &'a str)]) -> impl FnMut(&str) -> Result<Vec<u8>, String> + 'a {
    move |name: &str| {
        list.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.as_bytes().to_vec())
            .ok_or_else(|| "no such file".to_string())
    }
}

crate::test_cases! {
    fn the_exit_codes_are_the_manuals() {
        let values: Vec<i16> = ExitCode::ALL.iter().map(|c| c.value()).collect();
        assert_eq!(values, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, -1]);
        assert_eq!(ExitCode::BadOptions.value(), 10);
        assert_eq!(ExitCode::SystemError.value(), -1);
    }

    fn nothing_gives_the_defaults() {
        let o = ok("");
        assert_eq!(o, Options::default());
        assert_eq!(o.board, BoardColours { front: [240, 240, 240], step: [48, 48, 48] });
        assert_eq!(o.hex_levels, [0x30, 0x60, 0x78, 0x90, 0xA8, 0xC8, 0xD8, 0xF8]);
        assert_eq!(o.hex_white, [0, 0, 0, 0, 0x10, 0x20, 0x50, 0x80]);
        assert_eq!(o.languages, DEFAULT_LANGUAGES.to_vec());
        assert_eq!(o.date_colour, Rgb::WHITE);
        assert_eq!(o.board_side, None);
        assert!(o.player.is_empty());
        assert_eq!(ok(" \t\r\n\x01 "), Options::default());
        assert_eq!(parse(Some(b""), b"", &mut no_files).unwrap(), Options::default());
    }

    fn the_manuals_example() {
        let o = parse(Some(b"-ww -wpc -n 6\r\n"), b"-ws -vs", &mut no_files).unwrap();
        assert_eq!(o.window_mode(true), WindowMode::FullScreen);
        assert!(o.video_sync);
        assert_eq!(o.board_side, Some(6));
        assert_eq!(o.window_placement, WindowPlacement::Centred);
    }

    fn the_board_side() {
        assert_eq!(ok("-n 6").board_side, Some(6));
        assert_eq!(ok("-n 9").board_side, Some(9));
        assert_eq!(ok("-N $8").board_side, Some(8));
        assert_eq!(refused("-n 12"), "-n 12: the board side must be between 6 and 9 (on the command line)");
        refused_with("-n 5", "-n 5: the board side must be between 6 and 9");
        refused_with("-n", "-n: the board side is missing");
        refused_with("-n -ws", "-n: the board side is missing before -ws");
        refused_with("-n six", "-n six: the board side must be a number");
        refused_with("-n $", "-n $: the board side must be a number");
        refused_with("-n 99999999999", "-n 99999999999: the board side is too large");
    }

    fn hexadecimal_numbers() {
        assert_eq!(parse_number(b"$F8"), Ok(0xF8));
        assert_eq!(parse_number(b"$f8"), Ok(0xF8));
        assert_eq!(parse_number(b"248"), Ok(248));
        assert_eq!(parse_number(b"$FFFFFFFF"), Ok(u32::MAX));
        assert!(parse_number(b"$100000000").is_err());
        assert!(parse_number(b"$G").is_err());
        assert!(parse_number(b"12a").is_err());
        assert!(parse_number(b"").is_err());
        assert_eq!(ok("-vhc $10 $20 $30 $40 $50 $60 $70 $FF").hex_levels, [16, 32, 48, 64, 80, 96, 112, 255]);
    }

    fn the_last_one_wins() {
        let o = ok("-n 6 -ta -vs -ws -n 7 -td -vs- -ww -ma -mf -i on -i off");
        assert_eq!(o.board_side, Some(7));
        assert_eq!(o.timer(true), Timer::D);
        assert!(!o.video_sync);
        assert_eq!(o.window_mode(false), WindowMode::Window);
        assert_eq!(o.background_memory, Some(BackgroundMemory::FreeAfterDisplay));
        assert_eq!(o.speaker_on, Some(false));
        let o = parse(Some(b"-n 9 -r A.RUL"), b"-n 8 -r B.RUL", &mut no_files).unwrap();
        assert_eq!((o.board_side, o.rule_file.as_deref()), (Some(8), Some("B.RUL")));
    }

    fn the_board_colours() {
        let o = ok("-b 200 100 $90 60 33 48");
        assert_eq!(o.board, BoardColours { front: [200, 100, 0x90], step: [60, 33, 48] });
        assert!(o.notes.is_empty());
        // Three times 81 exceeds 240: ignored, with a note.
        let o = ok("-b 240 240 240 81 48 48");
        assert_eq!(o.board, BoardColours::default());
        assert_eq!(o.notes.len(), 1);
        assert!(o.notes[0].starts_with("-b 240 240 240 81 48 48: ignored"), "{}", o.notes[0]);
        let o = ok("-b 300 240 240 48 48 48");
        assert_eq!(o.board, BoardColours::default());
        assert_eq!(o.notes.len(), 1);
        refused_with("-b 1 2 3", "-b 1 2 3: each of the 6 intensities is missing");
        refused_with("-b 1 2 3 x 5 6", "-b 1 2 3 x: each of the 6 intensities must be a number");
    }

    fn the_rgb_colours() {
        let o = ok("-cd 10 20 30 -ch $FF 0 0 -ct 1 2 3");
        assert_eq!(o.date_colour, Rgb { red: 10, green: 20, blue: 30 });
        assert_eq!(o.help_colour, Rgb { red: 255, green: 0, blue: 0 });
        assert_eq!(o.time_colour, Rgb { red: 1, green: 2, blue: 3 });
        // A component outside 0–255 is unchanged.
        let o = ok("-cd 10 20 30 -cd 256 99 1000");
        assert_eq!(o.date_colour, Rgb { red: 10, green: 99, blue: 30 });
        assert_eq!(o.notes.len(), 1);
        // All zero after every -cd: white; zero then set: not.
        assert_eq!(ok("-cd 0 0 0").date_colour, Rgb::WHITE);
        assert_eq!(ok("-ct 0 0 0 -ct 300 0 0").time_colour, Rgb::WHITE);
        assert_eq!(ok("-ch 0 0 0 -ch 0 0 7").help_colour, Rgb { red: 0, green: 0, blue: 7 });
        refused_with("-ch 1 2", "-ch 1 2: each of the 3 intensities is missing");
        refused_with("-ct 1 2 -3", "-ct 1 2: each of the 3 intensities is missing before -3");
    }

    fn the_colour_indices() {
        let o = ok("-ci 0 -cp 15");
        assert_eq!((o.icon_colour, o.pause_colour), (Some(0), Some(15)));
        assert_eq!(ok("-cp $F").pause_colour, Some(15));
        refused_with("-ci 16", "-ci 16: the colour index must be between 0 and 15");
        refused_with("-cp 99", "-cp 99: the colour index must be between 0 and 15");
    }

    fn the_date_and_time() {
        let o = ok("-dn");
        assert_eq!((o.date, o.time), (DateDisplay::Hidden, TimeDisplay::Hidden));
        let o = ok("-dn -dd");
        assert_eq!((o.date, o.time), (DateDisplay::WithoutYear, TimeDisplay::Hidden));
        let o = ok("-dn -dt");
        assert_eq!((o.date, o.time), (DateDisplay::Hidden, TimeDisplay::WithoutSeconds));
        let o = ok("-dn -dy -ds");
        assert_eq!((o.date, o.time), (DateDisplay::WithYear, TimeDisplay::WithSeconds));
        let o = ok("-dd -dt -da");
        assert_eq!((o.date, o.time), (DateDisplay::WithYear, TimeDisplay::WithSeconds));
        refused_with("-dx", "-dx: unknown option");
    }

    fn the_switches() {
        let o = ok("-e -u -vl -vr -vs -wu");
        assert!(o.error_output && o.keep_scores && o.led_panel_off && o.fixed_resolution && o.video_sync);
        assert!(o.screen_locked);
        let o = ok("-e -u -vl -vr -vs -wu -e- -u- -vl- -vr- -vs- -wu-");
        assert!(!o.error_output && !o.keep_scores && !o.led_panel_off && !o.fixed_resolution && !o.video_sync);
        assert!(!o.screen_locked);
        let o = ok("-vs- -vs+ -u- -U+");
        assert!(o.video_sync && o.keep_scores);
        refused_with("-vs* ", "-vs*: unknown option");
        refused_with("-n+ 6", "-n+: unknown option");
    }

    fn the_fonts() {
        let o = ok("-f+ 5000 -fe 1 -fg +5 -fh 2 -fm +$10 -fn 3 -fo 4 -fp 5 -fr 6 -fs 7 -ft 8 -fw 9 -gdos");
        let f = o.fonts;
        assert_eq!(f.vector_offset, 5000);
        assert_eq!(f.menu_title, Some(FontChoice { number: 1, vector: false }));
        assert_eq!(f.game, Some(FontChoice { number: 5, vector: true }));
        assert_eq!(f.menus, Some(FontChoice { number: 16, vector: true }));
        let numbers: Vec<u16> = [f.help, f.rule_name, f.game_over, f.pause, f.register, f.scores, f.title, f.shareware]
            .iter()
            .map(|c| c.unwrap().number)
            .collect();
        assert_eq!(numbers, vec![2, 3, 4, 5, 6, 7, 8, 9]);
        assert!(o.assume_gdos);
        refused_with("-fg ++5", "-fg ++5: the font number must be a number");
        refused_with("-fh 70000", "-fh 70000: the font number must be between 0 and 65535");
        refused_with("-f+ 65536", "-f+ 65536: the offset of vector fonts must be between 0 and 65535");
        refused_with("-fz 1", "-fz: unknown option");
    }

    fn help_speaker_memory_timer() {
        assert!(ok("-h").help_to_output);
        assert!(ok("-help").help_to_output);
        assert!(!ok("").help_to_output);
        assert_eq!(ok("-i on").speaker_on, Some(true));
        assert_eq!(ok("-i OFF").speaker_on, Some(false));
        refused_with("-i maybe", "-i maybe: the speaker is switched on or off");
        refused_with("-i", "-i: on or off is missing");
        assert_eq!(ok("-ma").background_memory, Some(BackgroundMemory::KeepAllocated));
        assert_eq!(ok("").timer(true), Timer::A);
        assert_eq!(ok("").timer(false), Timer::D);
        assert_eq!(ok("-ta").timer(false), Timer::A);
        assert_eq!(ok("-td").timer(true), Timer::D);
        refused_with("-tb", "-tb: unknown option");
    }

    fn the_hexagon_shades() {
        assert_eq!(ok("-vhw 1 2 3 4 5 6 7 8").hex_white, [1, 2, 3, 4, 5, 6, 7, 8]);
        refused_with("-vhc 1 2 3 4 5 6 7 256", "-vhc 1 2 3 4 5 6 7 256: each of the 8 intensities must be between 0 and 255");
        refused_with("-vhw 1 2 3", "-vhw 1 2 3: each of the 8 intensities is missing");
    }

    fn the_window() {
        assert_eq!(ok("").window_mode(true), WindowMode::Window);
        assert_eq!(ok("").window_mode(false), WindowMode::FullScreen);
        assert_eq!(ok("-ww").window_mode(false), WindowMode::Window);
        assert_eq!(ok("-wp 10 $20").window_placement, WindowPlacement::At { x: 10, y: 32 });
        assert_eq!(ok("-wp 10 20 -wpc").window_placement, WindowPlacement::Centred);
        assert_eq!(ok("-wpc -wp 1 2").window_placement, WindowPlacement::At { x: 1, y: 2 });
        refused_with("-wp 10", "-wp 10: the window's y is missing");
        refused_with("-wx", "-wx: unknown option");
    }

    fn the_files() {
        let o = ok("-r HEXCOL.RUL -s C:\\TETRHEX\\PLAY.MSG");
        assert_eq!(o.rule_file.as_deref(), Some("HEXCOL.RUL"));
        assert_eq!(o.message_file.as_deref(), Some("C:\\TETRHEX\\PLAY.MSG"));
        refused_with("-r", "-r: the rule file is missing");
        refused_with("-s \"\"", "-s \"\": the message file is empty");
        refused_with("-r \"A\x01.RUL\"", "-r \"A?.RUL\": the rule file must be written in printable ASCII");
    }

    fn dropped_files() {
        // A rule or a message file dropped on the icon.
        let o = ok("C:\\GAMES\\TETLIGHT.RUL");
        assert_eq!(o.rule_file.as_deref(), Some("C:\\GAMES\\TETLIGHT.RUL"));
        assert_eq!(ok("-n 7 music.msg").message_file.as_deref(), Some("music.msg"));
        // Any other file is an options file.
        let list = [("FAST.OPT", "-n 6 -vs")];
        let o = parse(None, b"FAST.OPT", &mut files(&list)).unwrap();
        assert_eq!(o.board_side, Some(6));
        assert_eq!(o.options_files, vec!["FAST.OPT".to_string()]);
        assert_eq!(
            refused("6"),
            "6: not a .RUL or .MSG file, so read as an options file (as -o), but it cannot be read: \
             6 not found (on the command line)"
        );
    }

    fn an_options_file_replaces_the_rest() {
        let list = [("A.OPT", "-n 8\r\n-ta"), ("B.OPT", "-ww -o A.OPT -vs")];
        // What follows -o is dropped, what comes before stays.
        let o = parse(None, b"-p 'Ann' -n 6 -o A.OPT -n 9 -td", &mut files(&list)).unwrap();
        assert_eq!(o.player, b"Ann".to_vec());
        assert_eq!((o.board_side, o.timer), (Some(8), Some(Timer::A)));
        // -o in TETRHEX.CFG replaces the command line too.
        let o = parse(Some(b"-o A.OPT"), b"-n 9", &mut files(&list)).unwrap();
        assert_eq!(o.board_side, Some(8));
        // A chain of files.
        let o = parse(None, b"-o B.OPT", &mut files(&list)).unwrap();
        assert_eq!((o.window_mode, o.board_side, o.video_sync), (Some(WindowMode::Window), Some(8), false));
        assert_eq!(o.options_files, vec!["B.OPT".to_string(), "A.OPT".to_string()]);
        // Errors inside a file name it.
        let list = [("BAD.OPT", "-ws\n-n 10")];
        let e = parse(None, b"-o BAD.OPT", &mut files(&list)).unwrap_err();
        assert_eq!(e.code, ExitCode::BadOptions);
        assert_eq!(e.message, "-n 10: the board side must be between 6 and 9 (in the options file BAD.OPT)");
        assert_eq!(refused("-o NONE.OPT"), "-o NONE.OPT: the options file cannot be read: NONE.OPT not found (on the command line)");
        refused_with("-o", "-o: the options file is missing");
    }

    fn an_options_file_loop_is_an_error() {
        let list = [("A.OPT", "-n 6 -o B.OPT"), ("B.OPT", "-o a.opt")];
        let mut reads = 0;
        let mut read = |name: &str| {
            reads += 1;
            files(&list)(&name.to_ascii_uppercase())
        };
        let e = parse(None, b"-o A.OPT", &mut read).unwrap_err();
        assert_eq!(e.code, ExitCode::BadOptions);
        assert_eq!(e.message, "-o a.opt: a.opt is read a second time: the options files make a loop (in the options file B.OPT)");
        assert_eq!(reads, 2);
        // A chain too long.
        let mut read = |name: &str| -> Result<Vec<u8>, String> {
            let n: u32 = name.parse().unwrap();
            Ok(alloc::format!("-o {}", n + 1).into_bytes())
        };
        let e = parse(None, b"-o 1", &mut read).unwrap_err();
        assert_eq!(e.message, "-o 9: more than 8 options files read one from another (in the options file 8)");
    }

    fn quoted_player_names() {
        assert_eq!(ok("-p \"Jean Dupont\"").player, b"Jean Dupont".to_vec());
        assert_eq!(ok("-p 'Jean \"JD\" Dupont' -n 7").player, b"Jean \"JD\" Dupont".to_vec());
        assert_eq!(ok("-p \"O'Brien\"").player, b"O'Brien".to_vec());
        assert_eq!(ok("-p \"-n 6\"").board_side, None);
        assert_eq!(ok("-p 'Ann' -p \"\"").player, Vec::<u8>::new());
        assert_eq!(ok("-p '\u{e9}'").player, "\u{e9}".as_bytes().to_vec());
        assert_eq!(refused("-p \"Ann -n 6"), "-p \"Ann -n 6: the quote is not closed (on the command line)");
        refused_with("-p 'Ann", "-p 'Ann: the quote is not closed");
        refused_with("-p Ann", "-p Ann: the player's name must be between quotes");
        refused_with("-p \"Ann\"x", "-p \"Ann\"x: a blank must follow the closing quote");
        refused_with("-p", "-p: the player's name is missing");
        refused_with("-p 'abcdefghijklmnopqrstuvwx'", "-p 'abcdefghijklmnopqrstuvwx': the player's name has 24 characters");
        assert_eq!(ok("-p 'abcdefghijklmnopqrstuvw'").player.len(), PLAYER_NAME_MAX);
        refused_with("-p 'A\x01'", "-p 'A?': the player's name holds a control character (code 1)");
        // A quote is not closed by the other kind, nor across TETRHEX.CFG's end.
        let e = parse(Some(b"-p 'Ann"), b"' -n 6", &mut no_files).unwrap_err();
        assert_eq!(e.message, "-p 'Ann: the quote is not closed (in TETRHEX.CFG)");
    }

    fn bad_strings_and_their_messages() {
        assert_eq!(refused("-x"), "-x: unknown option (on the command line)");
        assert_eq!(refused("-"), "-: unknown option (on the command line)");
        assert_eq!(refused("-ws -n 7 -vz"), "-vz: unknown option (on the command line)");
        assert_eq!(refused("\"unclosed"), "\"unclosed: the quote is not closed (on the command line)");
        let e = parse(Some(b"-n 6\n-ci 20"), b"", &mut no_files).unwrap_err();
        assert_eq!(e.message, "-ci 20: the colour index must be between 0 and 15 (in TETRHEX.CFG)");
        let e = parse(Some(b"-n 6"), b"-n -7", &mut no_files).unwrap_err();
        assert_eq!(e.message, "-n: the board side is missing before -7 (on the command line)");
        // An option's parameters are not looked for in the command line after TETRHEX.CFG.
        let e = parse(Some(b"-n"), b"6", &mut no_files).unwrap_err();
        assert_eq!(e.message, "-n: the board side is missing (in TETRHEX.CFG)");
        // A very long word is cut in the message.
        let long = alloc::format!("-{}", "z".repeat(100));
        assert!(refused(&long).starts_with("-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...: unknown option"));
    }

    fn language_preferences() {
        assert_eq!(ok("-l 2 ? * $8").languages, vec![
            LanguagePreference::Code(2),
            LanguagePreference::System,
            LanguagePreference::CloseToSystem,
            LanguagePreference::Code(8),
        ]);
        // No parameters at all; the list ends at the next option.
        let o = ok("-l -n 6");
        assert!(o.languages.is_empty());
        assert_eq!(o.board_side, Some(6));
        assert_eq!(ok("-l 1 -l 5").languages, vec![LanguagePreference::Code(5)]);
        refused_with("-l 1 256", "-l 1 256: a language must be between 0 and 255");
        // A word that is no language ends the list: here a dropped rule file.
        let o = ok("-l 3 TETRHEX.RUL");
        assert_eq!((o.languages.len(), o.rule_file.as_deref()), (1, Some("TETRHEX.RUL")));
    }

    fn picking_a_language() {
        let default = ok("");
        // "* 0 3": the system's language, then its group, then English.
        assert_eq!(default.pick_language(Some(2), &[0, 2, 7]), Some(2));
        assert_eq!(default.pick_language(Some(7), &[0, 2]), Some(2));
        assert_eq!(default.pick_language(Some(8), &[0, 1]), Some(1));
        assert_eq!(default.pick_language(Some(8), &[3, 5]), Some(3));
        assert_eq!(default.pick_language(Some(5), &[0, 5]), Some(5));
        assert_eq!(default.pick_language(None, &[3, 2]), Some(3));
        assert_eq!(default.pick_language(Some(2), &[4, 5]), None);
        assert_eq!(default.pick_language(Some(2), &[]), None);
        // "?" is the system's language alone.
        let o = ok("-l ? 1");
        assert_eq!(o.pick_language(Some(7), &[1, 2]), Some(1));
        assert_eq!(o.pick_language(Some(2), &[1, 2]), Some(2));
        assert_eq!(o.pick_language(None, &[1, 2]), Some(1));
        // Numbers in their order.
        let o = ok("-l 5 4");
        assert_eq!(o.pick_language(Some(0), &[0, 4, 5]), Some(5));
        assert_eq!(o.pick_language(Some(0), &[0, 4]), Some(4));
        assert_eq!(o.pick_language(Some(0), &[0]), None);
        // No preference: nothing.
        assert_eq!(ok("-l").pick_language(Some(0), &[0]), None);
    }

    fn an_error_displays_as_its_message() {
        let e = cl("-n 1").unwrap_err();
        assert_eq!(alloc::format!("{e}"), e.message);
    }
}
