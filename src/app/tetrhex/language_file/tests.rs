use super::*;
use crate::app::tetrhex::options::{self, Options};
use alloc::string::ToString;
use alloc::vec;

/// The message of a language file that is refused (its code is 11).
fn refused(text: &str) -> String {
    match parse(text.as_bytes()) {
        Ok(f) => panic!("{text:?} accepted: {f:?}"),
        Err(e) => {
            assert_eq!((e.code, e.code.value()), (ExitCode::BadLanguageFile, 11), "{text:?}");
            e.message
        }
    }
}

/// The options of a command line alone.
fn options(line: &str) -> Options {
    options::parse(None, line.as_bytes(), &mut |_| Err("no files".into())).unwrap()
}

/// The help on TETRHEX for language file `lng` and the files `files`, with the options of
/// `line` and the system language `system`.
fn help_with(
    lng: Option<&str>,
    files: &[(&str, &[u8])],
    line: &str,
    system: Option<u8>,
) -> Result<ProgramHelp, Failure> {
    let o = options(line);
    let mut reads = vec![];
    let mut read = |path: &str| -> Result<Option<Vec<u8>>, String> {
        reads.push(path.to_string());
        Ok(files.iter().find(|f| f.0 == path).map(|f| f.1.to_vec()))
    };
    program_help(lng.map(str::as_bytes), |available| o.pick_language(system, available), &mut read)
}

const TWO_LANGUAGES: &str = "; the help on TETRHEX\r\n\
    LANGUAGE 0\r\n\
    HELP: HELP\\TETRHEX.TXT\r\n\
    \r\n\
    # French\r\n\
    \tlanguage $2 \r\n\
    help:   HELP\\TETRHEXF.TXT\r\n\
    TITLE: ignored, kept for the original's files\r\n\
    LANGUAGE 3\r\n";

crate::test_cases! {
    fn a_language_file_lists_its_languages_and_their_help_files() {
        let f = parse(TWO_LANGUAGES.as_bytes()).unwrap();
        assert_eq!(
            f.languages,
            vec![
                Language { country: 0, help: Some("HELP\\TETRHEX.TXT".to_string()) },
                Language { country: 2, help: Some("HELP\\TETRHEXF.TXT".to_string()) },
                Language { country: 3, help: None },
            ]
        );
        // LF alone ends a line too; a number may be 255.
        let f = parse(b"LANGUAGE 255\nHELP: A.TXT").unwrap();
        assert_eq!(f.languages, vec![Language { country: 255, help: Some("A.TXT".to_string()) }]);
    }

    fn a_bad_language_file_is_refused_with_its_line_and_code_11() {
        assert_eq!(refused("HELP: A.TXT\nLANGUAGE 0"), "TETRHEX.LNG line 1: HELP: before any LANGUAGE line");
        assert_eq!(refused("LANGUAGE 2\nLANGUAGE 0\nLANGUAGE 2"), "TETRHEX.LNG line 3: LANGUAGE 2 is given twice");
        assert_eq!(refused("LANGUAGE 256"), "TETRHEX.LNG line 1: LANGUAGE 256: a country code is a number from 0 to 255");
        assert_eq!(refused("LANGUAGE fr"), "TETRHEX.LNG line 1: LANGUAGE fr: a country code is a number from 0 to 255");
        assert_eq!(refused("LANGUAGE"), "TETRHEX.LNG line 1: LANGUAGE takes one number, a TOS country code");
        assert_eq!(refused("LANGUAGE 1 2"), "TETRHEX.LNG line 1: LANGUAGE takes one number, a TOS country code");
        assert_eq!(refused("LANGUAGE 0\nHELP: A\nHELP: B"), "TETRHEX.LNG line 3: a second HELP: for LANGUAGE 0");
        assert_eq!(refused("LANGUAGE 0\nHELP:  \t"), "TETRHEX.LNG line 2: HELP: names no file");
        let long = alloc::format!("LANGUAGE 0\nHELP: {}", "A".repeat(128));
        assert_eq!(refused(&long), "TETRHEX.LNG line 2: HELP: the path is longer than 127 characters");
        assert_eq!(
            refused("LANGUAGE 0\n\nhelp me please"),
            "TETRHEX.LNG line 3: `help me please`: neither a LANGUAGE line nor a NAME: line"
        );
        assert_eq!(refused("LANGUAGE 0\nA B: c"), "TETRHEX.LNG line 2: `A B: c`: neither a LANGUAGE line nor a NAME: line");
        assert_eq!(refused("; nothing\n"), "TETRHEX.LNG: no LANGUAGE line");
        assert_eq!(refused(""), "TETRHEX.LNG: no LANGUAGE line");
        assert_eq!(refused("LANGUAGE 0\nHELP: \u{e9}.TXT"), "TETRHEX.LNG line 2: not plain text (a byte above 127)");
        assert_eq!(refused("LANGUAGE 0\x00"), "TETRHEX.LNG line 1: a control character in the line");
        let big = "; padding\n".repeat(MAX_LANGUAGE_FILE / 10 + 1);
        assert_eq!(refused(&big), "TETRHEX.LNG: longer than 16384 bytes");
    }

    fn a_help_file_becomes_the_viewer_s_lines() {
        // CR LF, LF and CR end lines; a tab is a blank; a final Control-Z is dropped.
        assert_eq!(help_text("H", b"One\r\nTwo\nThree\rFour\tfive\r\n\x1A").unwrap(), "One\nTwo\nThree\nFour five\n");
        // The Atari's accented letters lose their accents (é è à ç ß Ö; « »), signs with no
        // look-alike and the rest of the upper half are `?`.
        assert_eq!(help_text("H", b"\x82t\x8A \x85 \x87a \x9E \x99 \xAEx\xAF \xAB \xE0 \xB8").unwrap(), "ete a ca s O \"x\" ? ? O");
    }

    fn a_help_file_that_is_not_text_is_refused_with_code_13() {
        let bad = |bytes: &[u8]| {
            let e = help_text("HELP\\T.TXT", bytes).unwrap_err();
            assert_eq!((e.code, e.code.value()), (ExitCode::BadHelp, 13));
            e.message
        };
        assert_eq!(bad(b"Text\x00more"), "HELP\\T.TXT: byte $00 at offset 4 is not text");
        assert_eq!(bad(b"ab\x1Acd"), "HELP\\T.TXT: byte $1A at offset 2 is not text", "Control-Z only at the end");
        assert_eq!(bad(b"\x7F"), "HELP\\T.TXT: byte $7F at offset 0 is not text");
        assert_eq!(bad(b""), "HELP\\T.TXT: the help file is empty");
        assert_eq!(bad(b"\x1A"), "HELP\\T.TXT: the help file is empty");
        assert_eq!(bad(&vec![b'a'; MAX_HELP_FILE + 1]), "HELP\\T.TXT: the help file is longer than 65536 bytes");
        assert!(help_text("H", &vec![b'a'; MAX_HELP_FILE]).is_ok(), "64 KiB is allowed");
    }

    fn the_help_is_the_first_of_the_preferred_languages_the_file_has() {
        let files: &[(&str, &[u8])] =
            &[("HELP\\TETRHEX.TXT", b"In English."), ("HELP\\TETRHEXF.TXT", b"En fran\x87ais.")];
        let lng = Some(TWO_LANGUAGES);
        // No TETRHEX.LNG: the built-in text; nothing is read.
        assert_eq!(help_with(None, &[], "", Some(2)), Ok(ProgramHelp::BuiltIn));
        // The default preferences `* 0 3`: the system's language (France) first.
        assert_eq!(help_with(lng, files, "", Some(2)), Ok(ProgramHelp::File("En francais.".to_string())));
        assert_eq!(help_with(lng, files, "", None), Ok(ProgramHelp::File("In English.".to_string())));
        // -l 4 2: Spain is not in the file, France is.
        assert_eq!(help_with(lng, files, "-l 4 2", None), Ok(ProgramHelp::File("En francais.".to_string())));
        // -l 4: none of the file's languages; -l 3: the United Kingdom has no HELP line.
        assert_eq!(help_with(lng, files, "-l 4", Some(0)), Ok(ProgramHelp::Nothing));
        assert_eq!(help_with(lng, files, "-l 3", None), Ok(ProgramHelp::Nothing));
    }

    fn a_help_file_that_is_not_there_or_cannot_be_read_stops_the_start() {
        let e = help_with(Some(TWO_LANGUAGES), &[], "-l 2", None).unwrap_err();
        assert_eq!((e.code, e.code.value()), (ExitCode::HelpFileNotFound, 12));
        assert_eq!(e.message, "HELP\\TETRHEXF.TXT: help file not found (named by TETRHEX.LNG for language 2)");
        let e = help_with(Some(TWO_LANGUAGES), &[("HELP\\TETRHEX.TXT", b"\x01")], "-l 0", None).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (ExitCode::BadHelp, "HELP\\TETRHEX.TXT: byte $01 at offset 0 is not text"));
        let e = help_with(Some("LANGUAGE 0\nHELP A.TXT"), &[], "", None).unwrap_err();
        assert_eq!(e.code, ExitCode::BadLanguageFile);
        // A read that fails: a system error (-1), with the disk's reason.
        let o = options("");
        let e = program_help(Some(b"LANGUAGE 0\nHELP: A.TXT"), |a| o.pick_language(None, a), &mut |_| Err("read error".into()))
            .unwrap_err();
        assert_eq!((e.code.value(), e.message.as_str()), (-1, "A.TXT: read error"));
    }
}
