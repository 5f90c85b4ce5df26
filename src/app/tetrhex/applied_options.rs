//! What TETRHEX's options of section 4 change in a rule being played: the board's side,
//! the player's name, `-u`, the colours, the clock line, the window pause's pen and the
//! helps' languages (`-l`, read as TOS country codes).

use alloc::string::String;
use alloc::vec::Vec;

use super::clock_line::ClockDisplay;
use super::language_file::ProgramHelp;
use super::options::{self, LanguagePreference, Options, Rgb};
use super::{TetrhexActivity, pens, program_help};
use crate::gfx::Colour;
use crate::rul::model::RuleFile;

/// The TOS country code (the `-l` option's, section 4) of a help text's language byte: the
/// manual's rule files hold the code itself; ours (`rules/*.rls`) mark English and French
/// texts with the letters `E` and `F` (and `D` or `G` would be German), read here as the
/// United Kingdom, France and Germany.
pub fn country_of(lang: u8) -> u8 {
    match lang {
        b'E' => 3,
        b'F' => 2,
        b'D' | b'G' => 1,
        code => code,
    }
}

/// An option's colour as the palette's.
pub(super) fn colour_of(c: Rgb) -> Colour {
    Colour::rgb(c.red, c.green, c.blue)
}

impl TetrhexActivity {
    /// Honours TETRHEX's options (section 4) that concern the game: the board's side (`-n`,
    /// unless the rule has its own), the player's name (`-p`), `-u` (the best scores left
    /// as they are), the colours (`-b`, `-vhc`, `-vhw`, `-ch`, `-cd`, `-ct`), the date and
    /// time shown (`-da -dd -dy -dn -ds -dt`), the window pause's pen (`-cp`) and the help's
    /// language (`-l`, with the system's language `system` from the `_AKP` cookie when known).
    pub fn apply_options(&mut self, options: &Options, system: Option<u8>) {
        if let Some(side) = options.board_side.filter(|_| self.rule.board_size == 0) {
            if side != self.size {
                self.size = side;
                // The waiting session has the old side: Play makes a new one.
                self.played = true;
            }
        }
        let name: String = options.player.iter().map(|&b| b as char).collect();
        self.set_player(&name);
        self.keep_scores = options.keep_scores;
        let b = &options.board;
        self.colours = pens::Colours {
            frame_front: b.front,
            frame_step: b.step,
            hex_colour: options.hex_levels,
            hex_white: options.hex_white,
            help_text: colour_of(options.help_colour),
            date: colour_of(options.date_colour),
            time: colour_of(options.time_colour),
        };
        self.clock_display = ClockDisplay { date: options.date, time: options.time };
        self.window_pause_pen = options.pause_colour.unwrap_or(pens::PAUSE);
        self.help_language = Self::language_of(self.rule, &options.languages, system);
        self.languages = (options.languages.clone(), system);
        self.help_country = Self::program_help_country(options, system);
    }

    /// The help on TETRHEX the Help key shows: TETRHEX.LNG's for the language `-l` picks
    /// (`language_file::program_help`, read by the host), or none, or the built-in text.
    pub fn set_program_help(&mut self, help: ProgramHelp) {
        self.program_help = help;
    }

    /// The rule's help text in the first language of the options' preferences it has (the
    /// system's language `system`, from the `_AKP` cookie, when known); its index.
    pub(super) fn language_of(
        rule: &RuleFile,
        preferences: &[LanguagePreference],
        system: Option<u8>,
    ) -> Option<usize> {
        let available: Vec<u8> = rule.help.iter().map(|h| country_of(h.lang)).collect();
        let lang = options::language::pick(preferences, system, &available).or(available.first().copied())?;
        available.iter().position(|&c| c == lang)
    }

    /// The language of the help on TETRHEX: the first of the options' preferences it is
    /// written in (English when none is).
    pub(super) fn program_help_country(options: &Options, system: Option<u8>) -> u8 {
        options.pick_language(system, &program_help::COUNTRIES).unwrap_or(0)
    }
}
