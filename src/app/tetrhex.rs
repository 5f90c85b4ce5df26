//! [`TetrhexActivity`]: one of TETRHEX's rules played in real time through the app's events
//! (manual section 5.4): the hexagonal board, the falling piece, the radar, the rule's
//! numbers, the game pause (action +8, "-- PAUSE --" at the top left) and the window pause of
//! section 6.7 (focus lost and gained), game over.
//!
//! The game itself is a [`Session`] of the RUL engine: `Input::Tick` lets its time pass (the
//! piece falls at the rule's speed, the 1 Hz timer counts), a key is turned into the rule's
//! signal (`keys.rs`) and handed to phase B. After each event the activity compares what the
//! engine now holds with what it last drew (each cell's hexagon, the radar's piece, each
//! number, the pause and the game's end) and draws only what changed (`game_screen.rs`); a
//! falling piece costs the hexagons it left and the ones it entered.
//!
//! Keys besides the rule's signals: Esc (without Control: Ctrl-Esc is the rule's STOP) goes
//! back to the collection with the game waiting (it gets no ticks there, so it waits
//! paused); after the game's end Return or Enter go on to the best scores or the main menu,
//! where Control with the keypad's `(` `)` `/` `*` chooses a board of side 6–9 (section 5.1).
//!
//! Around the game, the screens of section 5 ([`View`]): the presentation, the main menu
//! (`main_menu.rs`), the help viewer on TETRHEX or on the rule (`help_view.rs`), the
//! player's name (`name_entry.rs`), the best scores (`score_table.rs`). A game that ends
//! with a score that enters the table of its board side puts it there under the player's
//! name (asked for then when there is none; Ctrl-C keeps the score out) and shows it
//! (`score_keeping.rs`).
//!
//! With a host's disk (`with_disk`) the rule is read from its file beside the program and
//! each score that enters is saved into it (`rule_disk`); `apply_options`
//! (`applied_options.rs`) honours the options of section 4 that concern the game (`-n -p -u -b -vhc -vhw -ch -cd -ct -cp -l` and
//! the date and time of `-da -dd -dy -dn -ds -dt`, `clock_line.rs`); Undo in the menu loads
//! another rule file from the disk.
//!
//! The main menu's "background" (Ctrl-Tab) is offered where the host can send its window
//! back (`HostFeatures::background`).
//!
//! A landing that destroys hexagons shows the board before each destruction for a moment
//! (`landing.rs`), the game's time standing still; a key ends the show and acts.
//!
//! TETRHEX as the program (its options, TETRHEX.CFG, TETRHEX.LNG, exit codes, the activity
//! it starts) is `program.rs`.
//!
//! Not here yet: docs/tetrhex.md lists it.

pub mod applied_options;
pub mod clock_line;
pub mod exit_code;
pub mod game_screen;
pub mod help_view;
pub mod kept_rules;
pub mod keys;
pub mod landing;
pub mod language_file;
pub mod layout;
pub mod main_menu;
pub mod name_entry;
pub mod options;
pub mod pens;
pub mod presentation;
pub mod program;
pub mod program_help;
pub mod rule_disk;
pub mod rules;
pub mod score_keeping;
pub mod score_table;
pub mod sprite;

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use self::clock_line::{Clock, ClockDisplay};
use self::exit_code::{ExitCode, Failure};
use self::game_screen::Shown;
use self::help_view::{HelpOutcome, HelpView};
use self::landing::{LandingShow, Progress};
use self::language_file::ProgramHelp;
use self::layout::Layout;
use self::main_menu::{Choice, MenuInfo, MenuLines};
use self::name_entry::{NameEntry, NameOutcome, NamePens};
use self::options::{DEFAULT_LANGUAGES, LanguagePreference, Options};
use self::rule_disk::{BACKUP_EXTENSION, SharedRuleDisk, read_rule_file, sibling};
use self::rules::RuleEntry;
use self::score_table::ScorePage;
use self::sprite::Sprites;
use super::activity::{Activity, ActivityReply, HostFeatures, HostRequest, Target};
use super::command::Command;
use super::input::{Buttons, Input, KeyPress};
use super::keymap::KeyMap;
use super::menu::{Menu, MenuBar, MenuState};
use super::widgets;
use crate::gfx::Rect;
use crate::keyboard::scancode;
use crate::rul::model::{RuleFile, ScoreEntry};
use crate::rul::scores::DateTime;
use crate::rul::session::Session;

/// The board side a game starts with (the manual's default is the rule's, or 9 when it lets
/// the player choose; 7 leaves room for the numbers in small windows too).
pub const DEFAULT_SIZE: u8 = 7;

/// The scancode of Q.
const Q: u8 = scancode::of_ascii(b'q');

/// The help texts' font scale: the rules' texts are about 76 characters wide (section 6.8),
/// 456 pixels at scale 1, so the full screen's 640 pixels show them justified as written.
const HELP_SCALE: i32 = 1;

/// Which of TETRHEX's screens is up (section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The presentation: a key or a click goes to the main menu.
    Presentation,
    /// The main menu (5.1).
    Menu,
    /// A game (5.4), being played or over.
    Game,
    /// The best scores of the board side, from rank `first` (0-based); `mark` is the rank the
    /// last game entered (5.5).
    Scores { first: usize, mark: Option<usize> },
    /// A help text (5.2): on TETRHEX, or on the rule.
    Help { rule: bool },
    /// The player's name being typed (5.3) over the menu, or over the ended game whose
    /// score it is for (`at_game_end`).
    Name { at_game_end: bool },
}

/// A rule being played.
pub struct TetrhexActivity {
    title: &'static str,
    rule: &'static RuleFile,
    /// Boxed: the session is 4 KB, and an activity is moved around by value (the 68030's
    /// stack is 64 KiB).
    session: Box<Session<'static>>,
    size: u8,
    seed: u32,
    sprites: Sprites,
    layout: Layout,
    shown: Shown,
    view: View,
    /// Whether the session has been played: the menu's first Play starts the session made
    /// with the activity, later ones a new game.
    played: bool,
    /// The player's name (section 5.3), empty when there is none.
    player: String,
    /// The best scores of sides 6–9, from the rule file, with the games played since.
    scores: [Vec<ScoreEntry>; 4],
    /// The scores shown in `scores` that the rule file does not hold yet (their save
    /// failed), each with its board side: saved with the next score, or before the program
    /// quits or another rule is loaded (`score_keeping.rs`).
    unsaved: Vec<(u8, ScoreEntry)>,
    /// The player was told, when leaving (quit, another rule), that `unsaved` could not be
    /// saved: leaving again leaves without them.
    unsaved_told: bool,
    /// Where the main menu's items are, for clicks.
    menu_lines: MenuLines,
    /// The help text being read (laid out when opened).
    help: Option<HelpView>,
    /// The name entry and its recall buffer, kept from one entry to the next.
    name_entry: NameEntry,
    /// Which of the rule's help texts is shown (an index in `rule.help`), if it has any.
    help_language: Option<usize>,
    /// The language preferences (`-l`) and the system's language (the `_AKP` cookie's, when
    /// known) that chose it, kept for a rule loaded later.
    languages: (Vec<LanguagePreference>, Option<u8>),
    /// The language (a TOS country code) of the help on TETRHEX (`program_help::text`),
    /// chosen as `help_language` is.
    help_country: u8,
    /// What the Help key shows: the text above, or TETRHEX.LNG's help file, or nothing
    /// (`language_file`, read by the host at the start).
    program_help: ProgramHelp,
    /// The left button was down at the last mouse event (a click is its press).
    button_down: bool,
    /// The disk holding the rule file whose best scores are kept, and that file's path; none
    /// when the host has no disk (the scores then last as long as the program).
    disk: Option<(SharedRuleDisk, String)>,
    /// The built-in rule file, written to the disk at the first score when it is not there.
    builtin: &'static [u8],
    /// Option `-u`: the best scores are left as they are (no name asked, nothing saved).
    keep_scores: bool,
    /// The frame's, the hexagons', the help text's, the date's and the time's colours
    /// (options `-b`, `-vhc`, `-vhw`, `-ch`, `-cd`, `-ct`).
    colours: pens::Colours,
    /// What the main menu's clock line shows (options `-da -dd -dy -dn -ds -dt`).
    clock_display: ClockDisplay,
    /// The disk's clock as last read, and what the clock line shows of it.
    clock: Clock,
    clock_shown: Option<DateTime>,
    /// The pen of the window pause's "-- PAUSE --": option `-cp` (one of the 16 first
    /// colours, the system's), else the rule's pause colour.
    window_pause_pen: u8,
    /// The host can send its window behind the others: the menu's "Background" (Ctrl-Tab,
    /// section 5.1, window mode only) is offered.
    background: bool,
    /// The last landing's destruction, shown step by step (`landing.rs`).
    landing: LandingShow,
}

/// The seed of a rule's first game, made of the collection's `seed` and the rule's name (so
/// each rule has its own, as each puzzle has), as the collection and TETRHEX as the program
/// both start one.
pub fn rule_seed(seed: &[u8], entry: &RuleEntry) -> u32 {
    let mut d = crate::digest::Digest::new();
    d.bytes(seed);
    d.bytes(entry.name.as_bytes());
    d.finish() as u32
}

/// Why a rule could not be started.
pub fn start_error(entry: &RuleEntry, why: &str) -> String {
    format!("{}: {}", entry.name, why)
}

impl TetrhexActivity {
    /// Starts a game of `entry`'s rule on a board of side `size` from `seed`. The rule is
    /// loaded at the first start of its file and kept for the rest of the program
    /// ([`kept_rules`]): starting it again keeps no more memory.
    pub fn new(entry: &RuleEntry, size: u8, seed: u32) -> Result<Self, String> {
        let rule = kept_rules::rule(entry.file).map_err(|e| start_error(entry, &format!("bad rule file ({:?})", e)))?;
        let size = if rule.board_size != 0 { rule.board_size } else { size };
        let mut session = Box::new(
            Session::new(rule, size, seed).map_err(|e| start_error(entry, &format!("cannot start ({:?})", e)))?,
        );
        // The landings' destructions are shown step by step (`landing.rs`).
        session.record_destructions = true;
        let sprites = Sprites::new(rule, pens::SHADES, pens::EMPTY, pens::FRAME);
        let landing = LandingShow::new(&session.vm.destruction);
        Ok(TetrhexActivity {
            title: entry.name,
            rule,
            session,
            size,
            seed,
            sprites,
            layout: Layout::default(),
            shown: Shown::unknown(),
            view: View::Presentation,
            played: false,
            player: String::new(),
            scores: rule.scores.clone(),
            unsaved: Vec::new(),
            unsaved_told: false,
            menu_lines: MenuLines::default(),
            help: None,
            name_entry: NameEntry::new(),
            help_language: Self::language_of(rule, &DEFAULT_LANGUAGES, None),
            languages: (DEFAULT_LANGUAGES.to_vec(), None),
            help_country: Self::program_help_country(&Options::default(), None),
            program_help: ProgramHelp::BuiltIn,
            disk: None,
            builtin: entry.file,
            keep_scores: false,
            colours: pens::Colours::default(),
            clock_display: ClockDisplay::default(),
            clock: Clock::default(),
            clock_shown: None,
            window_pause_pen: pens::PAUSE,
            button_down: false,
            background: false,
            landing,
        })
    }

    /// The rule of `entry` from the file `entry.file_name` of `disk` (beside the program) when
    /// it is there: its best scores are the ones shown, and each new one is saved into it.
    /// Without the file (and without its backup), the built-in rule is played and the file
    /// is created safely at the first score that enters (`rule_disk::create_rule_file`). A file that is there but cannot be read or is not a good rule file
    /// stops the start with the reason and its exit code (it is left as it is).
    pub fn with_disk(entry: &RuleEntry, size: u8, seed: u32, disk: SharedRuleDisk) -> Result<Self, Failure> {
        let path = String::from(entry.file_name);
        let on_disk = {
            let mut d = disk.borrow_mut();
            // The rule file missing and its backup there: a save was interrupted between
            // its renames, and the backup holds the rule file with its best scores. The
            // start stops with `read_rule_file`'s message (code 7, as for `-r`) rather than
            // play the built-in rule with an empty table, which would hide the scores and
            // make every later save refuse the backup in its way. Nothing is renamed
            // without the player: the program has no question to ask on every host (the
            // accessory, TOS without AES), and a Falcon owner expects a program to leave
            // his files as they are when it cannot tell what happened to them.
            if d.exists(&path) || d.exists(&sibling(&path, BACKUP_EXTENSION)) {
                Some(read_rule_file(&mut *d, &path)?)
            } else {
                None
            }
        };
        let mut a = match on_disk {
            Some((bytes, _)) => match kept_rules::file(bytes) {
                Ok(file) => Self::new(&RuleEntry { file, ..*entry }, size, seed),
                Err(e) => Err(start_error(entry, &format!("bad rule file ({:?})", e))),
            },
            None => Self::new(entry, size, seed),
        }
        .map_err(|why| Failure::new(ExitCode::BadRuleFile, why))?;
        a.builtin = entry.file;
        a.disk = Some((disk, path));
        Ok(a)
    }

    /// The same activity, already in its first game (skipping the presentation and the menu:
    /// tests and benchmarks of the game itself).
    pub fn playing(entry: &RuleEntry, size: u8, seed: u32) -> Result<Self, String> {
        let mut a = Self::new(entry, size, seed)?;
        a.view = View::Game;
        a.played = true;
        Ok(a)
    }

    /// The screen that is up.
    pub fn view(&self) -> View {
        self.view
    }

    /// The player's name (empty when there is none).
    pub fn player(&self) -> &str {
        &self.player
    }

    /// Sets the player's name (option `-p`, the name entry), cut to what a score keeps.
    pub fn set_player(&mut self, name: &str) {
        self.player = name.chars().filter(|c| (' '..='~').contains(c)).take(23).collect();
    }

    /// The best scores of board side `side` (6–9), best first.
    pub fn scores(&self, side: u8) -> &[ScoreEntry] {
        side.checked_sub(6).and_then(|k| self.scores.get(k as usize)).map_or(&[], |t| t.as_slice())
    }

    /// The game being played.
    pub fn session(&self) -> &Session<'static> {
        &self.session
    }

    /// Where things are (after `draw_all`).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A new game: the next seed, on a board of side `size`.
    fn new_game(&mut self, target: &mut Target<'_>, size: u8, seed: u32) -> ActivityReply {
        let size = if self.rule.board_size != 0 { self.rule.board_size } else { size };
        // The rule's compiled program is kept (`Session::restart`): no recompiling at each game.
        match self.session.restart(size, seed) {
            Ok(()) => {
                self.landing = LandingShow::new(&self.session.vm.destruction);
                self.size = size;
                self.seed = seed;
                self.played = true;
                self.show(target, View::Game);
                ActivityReply::None
            }
            Err(e) => ActivityReply::Host(HostRequest::Error(format!(
                "{}: cannot start a game of side {} ({:?})",
                self.title, size, e
            ))),
        }
    }

    /// Whether the menu's clock line shows a clock: the options show the date or the time,
    /// and the disk's clock gave a valid date at the last reading.
    fn clock_runs(&self) -> bool {
        !self.clock_display.is_hidden() && self.clock.now().is_some()
    }

    /// Reads the disk's clock, `ms` milliseconds after the last reading (none without a
    /// disk, or when the options show neither the date nor the time).
    fn read_clock(&mut self, ms: u32) {
        if self.clock_display.is_hidden() {
            return;
        }
        if let Some((disk, _)) = &self.disk {
            let packed = disk.borrow_mut().now();
            self.clock.read(packed, ms);
        }
    }

    /// Draws the menu's clock line (`clock_line.rs`) when the options show a clock and the
    /// clock holds a date, or clears what it showed. Without a clock the menu stays as drawn.
    fn draw_clock(&mut self, target: &mut Target<'_>) {
        let now = self.clock.now();
        if self.clock_display.is_hidden() || (now.is_none() && self.clock_shown.is_none()) {
            return;
        }
        let r = clock_line::draw(&mut target.surface, target.region, self.clock_display, now);
        target.damage.add(r.intersect(&target.surface.bounds()));
        self.clock_shown = now;
    }

    /// Puts `view` up and draws it.
    fn show(&mut self, target: &mut Target<'_>, view: View) {
        self.view = view;
        self.draw_all(target);
    }

    fn key(&mut self, target: &mut Target<'_>, k: KeyPress) -> ActivityReply {
        match self.view {
            View::Presentation => {
                self.show(target, View::Menu);
                ActivityReply::None
            }
            View::Menu => match main_menu::choice_for_key(k) {
                Some(choice) => self.choose(target, choice),
                None => ActivityReply::None,
            },
            View::Scores { .. } => self.scores_key(target, k),
            View::Game => self.game_key(target, k),
            View::Help { .. } => self.help_key(target, k),
            View::Name { at_game_end } => self.name_key(target, k, at_game_end),
        }
    }

    /// Where a help text goes: the region less a title line above and a hint line below.
    fn help_area(region: Rect) -> Rect {
        let line = widgets::line_height(widgets::scale_for(region));
        Rect::new(region.x, region.y + line, region.w, (region.h - 2 * line).max(0))
    }

    /// Opens the help on TETRHEX or on the rule, each in the language `-l` chose; a rule
    /// without help has nothing to open, nor has TETRHEX when TETRHEX.LNG gives it none.
    fn open_help(&mut self, target: &mut Target<'_>, rule: bool) -> ActivityReply {
        let area = Self::help_area(target.region);
        let scale = HELP_SCALE;
        let view = if rule {
            match self.help_language.and_then(|k| self.rule.help.get(k)) {
                Some(text) => HelpView::rule(text, area, scale),
                None => return ActivityReply::None,
            }
        } else {
            match &self.program_help {
                ProgramHelp::BuiltIn => HelpView::plain(program_help::text(self.help_country), area, scale),
                ProgramHelp::File(text) => HelpView::plain(text, area, scale),
                ProgramHelp::Nothing => return ActivityReply::None,
            }
        };
        self.help = Some(view);
        self.show(target, View::Help { rule });
        ActivityReply::None
    }

    /// A key in the help viewer: scrolling redraws the text, Esc goes back to the menu.
    fn help_key(&mut self, target: &mut Target<'_>, k: KeyPress) -> ActivityReply {
        let Some(help) = self.help.as_mut() else { return ActivityReply::None };
        match help.key(k) {
            HelpOutcome::Leave => {
                self.help = None;
                self.show(target, View::Menu);
            }
            HelpOutcome::Scrolled => {
                let region = target.region;
                let area = Self::help_area(region);
                help.draw(&mut target.surface, region, area, HELP_SCALE, pens::BACKGROUND, pens::HELP_TEXT);
                target.damage.add(area.intersect(&target.surface.bounds()));
            }
            HelpOutcome::Nothing => {}
        }
        ActivityReply::None
    }

    /// The name box at the top left of the region, drawn over what is shown.
    fn draw_name(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        let scale = widgets::scale_for(region);
        let (w, h) = NameEntry::box_size(scale);
        let at = Rect::new(region.x + 2 * scale, region.y + 2 * scale, w, h);
        let pens = NamePens { face: pens::BACKGROUND, border: pens::FRAME[1], prompt: pens::HINT, text: pens::PROMPT };
        let r = self.name_entry.draw(&mut target.surface, region, at, scale, pens);
        target.damage.add(r.intersect(&target.surface.bounds()));
    }

    /// A key in the name entry. From the menu, the name (empty: none) becomes the player's;
    /// at a game's end, the name is the player's and the score enters the table, or Ctrl-C
    /// leaves it out.
    fn name_key(&mut self, target: &mut Target<'_>, k: KeyPress, at_game_end: bool) -> ActivityReply {
        match self.name_entry.key(k) {
            NameOutcome::Editing => {
                self.draw_name(target);
                ActivityReply::None
            }
            NameOutcome::Validated(name) => {
                self.set_player(&name);
                if at_game_end {
                    self.view = View::Game;
                    return self.end_game(target);
                }
                self.show(target, View::Menu);
                ActivityReply::None
            }
            NameOutcome::Aborted => {
                self.show(target, View::Menu);
                ActivityReply::None
            }
        }
    }

    /// Carries out the main menu's `choice`.
    fn choose(&mut self, target: &mut Target<'_>, choice: Choice) -> ActivityReply {
        match choice {
            Choice::ProgramHelp => self.open_help(target, false),
            Choice::RuleHelp => self.open_help(target, true),
            Choice::LoadRule if self.disk.is_some() => ActivityReply::Host(HostRequest::PickRuleToLoad),
            Choice::LoadRule => ActivityReply::None,
            Choice::PlayerName if self.keep_scores => ActivityReply::None,
            Choice::PlayerName => {
                self.name_entry.begin(false);
                self.view = View::Name { at_game_end: false };
                self.draw_name(target);
                ActivityReply::None
            }
            Choice::Play if !self.played => {
                self.played = true;
                self.show(target, View::Game);
                ActivityReply::None
            }
            Choice::Play => self.new_game(target, self.size, self.seed.wrapping_add(1)),
            Choice::Scores(page) => {
                self.show(target, View::Scores { first: score_table::first_rank(page), mark: None });
                ActivityReply::None
            }
            Choice::Side(side) => {
                if self.rule.board_size == 0 && side != self.size {
                    self.size = side;
                    // The waiting session has the old side: Play makes a new one.
                    self.played = true;
                    self.show(target, View::Menu);
                }
                ActivityReply::None
            }
            Choice::Background if self.background => ActivityReply::Host(HostRequest::ToBackground),
            Choice::Background => ActivityReply::None,
            Choice::Quit => self.quit(),
            Choice::Leave => ActivityReply::Back,
        }
    }

    /// The main menu's "load a rule": the rule file at `path` on the disk replaces the rule
    /// (the player's name, the options and the disk stay); its best scores are read from it
    /// and saved into it. A file that cannot be read or is not a rule leaves everything as it
    /// was, with the reason.
    fn load_rule(&mut self, target: &mut Target<'_>, path: &str) -> ActivityReply {
        let Some((disk, _)) = self.disk.clone() else { return ActivityReply::None };
        // The scores not saved yet belong to this rule's file: saved first.
        if let Err(reply) = self.save_before_leaving() {
            return reply;
        }
        let read = read_rule_file(&mut *disk.borrow_mut(), path);
        let (bytes, rule) = match read {
            Ok(r) => r,
            Err(why) => return ActivityReply::Host(HostRequest::Error(why.message)),
        };
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let base = path.rsplit(['\\', '/', ':']).next().unwrap_or(path);
        let name = core::str::from_utf8(rule.name_str()).ok().filter(|n| !n.is_empty()).unwrap_or(base);
        let file = match kept_rules::file(bytes) {
            Ok(file) => file,
            Err(e) => return ActivityReply::Host(HostRequest::Error(format!("{}: bad rule file ({:?})", path, e))),
        };
        let entry = RuleEntry { name: leak(String::from(name)), file, file_name: leak(String::from(path)) };
        let mut next = match TetrhexActivity::new(&entry, self.size, self.seed.wrapping_add(1)) {
            Ok(a) => a,
            Err(why) => return ActivityReply::Host(HostRequest::Error(why)),
        };
        next.player = core::mem::take(&mut self.player);
        next.keep_scores = self.keep_scores;
        next.colours = self.colours;
        next.clock_display = self.clock_display;
        next.window_pause_pen = self.window_pause_pen;
        next.background = self.background;
        next.help_country = self.help_country;
        // The rule's help in the language `-l` chose, as for the first rule.
        next.help_language = Self::language_of(next.rule, &self.languages.0, self.languages.1);
        next.languages = core::mem::take(&mut self.languages);
        next.name_entry = self.name_entry.clone();
        next.disk = Some((disk, String::from(path)));
        next.view = View::Menu;
        *self = next;
        self.draw_all(target);
        ActivityReply::None
    }

    /// A key on the best scores' screen: Esc (or Return) back to the menu, Fn another page.
    fn scores_key(&mut self, target: &mut Target<'_>, k: KeyPress) -> ActivityReply {
        // Down and Up: the next or the previous ten ranks, within F1's to F20's. So every
        // page is reached where the host keeps F10 for its menus (full screen, accessory).
        if let View::Scores { first, mark } = self.view {
            let step = score_table::PAGE;
            let next = match k.scancode {
                scancode::DOWN => Some(first + step).filter(|&f| f <= score_table::first_rank(score_table::LAST_PAGE)),
                scancode::UP => first.checked_sub(step),
                _ => None,
            };
            if let Some(first) = next {
                self.show(target, View::Scores { first, mark });
                return ActivityReply::None;
            }
        }
        match main_menu::choice_for_key(k) {
            Some(Choice::Scores(page)) => {
                self.show(target, View::Scores { first: score_table::first_rank(page), mark: None });
                ActivityReply::None
            }
            Some(Choice::Quit) => self.quit(),
            Some(Choice::Leave | Choice::Play) => {
                self.show(target, View::Menu);
                ActivityReply::None
            }
            _ => ActivityReply::None,
        }
    }

    /// A key during a game: the rule's signal while it is played; after its end Return,
    /// Enter or Esc go on (to the scores when the game entered them, else to the menu).
    fn game_key(&mut self, target: &mut Target<'_>, k: KeyPress) -> ActivityReply {
        // A key ends a landing's show at once, then acts.
        if self.landing.finish() {
            self.refresh(target);
        }
        if self.session.playing() {
            if let Some(id) = keys::signal_for(self.rule, k) {
                self.session.signal(id);
                self.after_engine(target);
                return ActivityReply::None;
            }
        } else if matches!(k.scancode, scancode::RETURN | scancode::KP_ENTER)
            || (k.scancode == scancode::ESC && !k.shift.control())
        {
            // Esc too: a score that enters the table is never lost by leaving.
            return self.end_game(target);
        }
        match k.scancode {
            // Esc during a game: back to the collection, the game waiting.
            scancode::ESC if !k.shift.control() => ActivityReply::Back,
            // Ctrl-Q quits (section 5.1); Q alone is the rule's DOWN.
            Q if k.shift.control() => self.quit(),
            _ => ActivityReply::None,
        }
    }

    /// A mouse event: a press of the left button is a click (on the presentation, go on; on
    /// a menu item, choose it; on the scores, back to the menu).
    fn mouse(&mut self, target: &mut Target<'_>, x: i32, y: i32, buttons: Buttons) -> ActivityReply {
        let pressed = buttons.contains(Buttons::LEFT) && !self.button_down;
        self.button_down = buttons.contains(Buttons::LEFT);
        if !pressed {
            return ActivityReply::None;
        }
        match self.view {
            View::Presentation | View::Scores { .. } => {
                self.show(target, View::Menu);
                ActivityReply::None
            }
            View::Menu => match self.menu_lines.at(x, y) {
                Some(choice) => self.choose(target, choice),
                None => ActivityReply::None,
            },
            View::Game | View::Help { .. } | View::Name { .. } => ActivityReply::None,
        }
    }

    /// The rule's name as text.
    fn rule_name(&self) -> &str {
        core::str::from_utf8(self.rule.name_str()).unwrap_or(self.title)
    }
}

impl Activity for TetrhexActivity {
    type Reply = ActivityReply;

    fn title(&self) -> &str {
        self.title
    }

    fn draw_all(&mut self, target: &mut Target<'_>) {
        let region = target.region;
        pens::set(target.palette, self.rule, &self.colours);
        target.damage.add(region.intersect(&target.surface.bounds()));
        match self.view {
            View::Presentation => {
                let name = core::str::from_utf8(self.rule.name_str()).unwrap_or(self.title);
                presentation::draw(&mut target.surface, region, &self.sprites, name);
            }
            View::Menu => {
                let info = MenuInfo {
                    rule_name: self.rule_name(),
                    player: &self.player,
                    side: self.size,
                    fixed_side: self.rule.board_size != 0,
                    rule_help: self.help_language.is_some(),
                    load_rule: self.disk.is_some(),
                    names_allowed: !self.keep_scores,
                    background: self.background,
                };
                self.menu_lines = main_menu::draw(&mut target.surface, region, &info);
                self.clock_shown = None;
                self.read_clock(0);
                self.draw_clock(target);
            }
            View::Scores { first, mark } => {
                let page = ScorePage {
                    rule_name: self.rule_name(),
                    side: self.size,
                    table: self.scores(self.size),
                    first,
                    mark,
                };
                score_table::draw(&mut target.surface, region, &page);
            }
            View::Game => self.draw_game(target),
            View::Help { rule } => {
                let scale = widgets::scale_for(region);
                let s = &mut target.surface;
                s.fill_rect(region, pens::BACKGROUND);
                let title = if rule { format!("Help on {}", self.rule_name()) } else { "Help on TETRHEX".into() };
                widgets::centred_line(s, region, region.y, scale, &title, pens::RULE_NAME);
                let area = Self::help_area(region);
                if let Some(help) = &self.help {
                    help.draw(s, region, area, HELP_SCALE, pens::BACKGROUND, pens::HELP_TEXT);
                }
                let hint = "Up/Down, Shift: page, Clr-Home; Esc: menu";
                widgets::centred_line(s, region, area.bottom(), scale, hint, pens::HINT);
            }
            View::Name { at_game_end } => {
                // What the box is over, then the box.
                self.view = if at_game_end { View::Game } else { View::Menu };
                self.draw_all(target);
                self.view = View::Name { at_game_end };
                self.draw_name(target);
            }
        }
    }

    fn input(&mut self, target: &mut Target<'_>, input: &Input) -> ActivityReply {
        match *input {
            Input::KeyDown(k) => self.key(target, k),
            Input::Mouse { x, y, buttons, .. } => self.mouse(target, x, y, buttons),
            Input::Tick { ms } => {
                if self.view == View::Game && self.landing.step().is_some() {
                    // A landing's show takes the game's time (not while the window pause
                    // is up: it gets no ticks then).
                    match self.landing.advance(ms) {
                        Progress::Same => {}
                        Progress::Step(_) | Progress::Done => self.refresh(target),
                    }
                } else if self.view == View::Game && self.session.playing() {
                    self.session.advance(ms);
                    self.after_engine(target);
                } else if self.view == View::Menu && self.clock_runs() {
                    self.read_clock(ms);
                    if self.clock.now() != self.clock_shown {
                        self.draw_clock(target);
                    }
                }
                ActivityReply::None
            }
            Input::FocusLost => {
                if self.view == View::Game && self.session.playing() {
                    self.session.window_pause();
                    self.draw_window_pause(target);
                    self.shown.window_paused = true;
                }
                ActivityReply::None
            }
            Input::FocusGained => {
                if self.session.window_paused {
                    self.session.window_resume();
                    self.draw_all(target);
                } else {
                    target.palette.mark(pens::BACKGROUND, pens::LAST);
                }
                ActivityReply::None
            }
            // A help text is laid out for its area: a new region lays it out again (from
            // its start).
            Input::Resize if matches!(self.view, View::Help { .. }) => {
                let View::Help { rule } = self.view else { return ActivityReply::None };
                self.open_help(target, rule)
            }
            Input::Resize => {
                self.draw_all(target);
                ActivityReply::None
            }
            _ => ActivityReply::None,
        }
    }

    fn command(&mut self, target: &mut Target<'_>, command: Command) -> ActivityReply {
        match command {
            Command::NewGame => self.new_game(target, self.size, self.seed.wrapping_add(1)),
            Command::Restart => self.new_game(target, self.size, self.seed),
            Command::Help => ActivityReply::Host(HostRequest::Help { game: self.title }),
            Command::About => ActivityReply::Host(HostRequest::Message {
                title: format!("About {}", self.title),
                text: format!(
                    "{}: a rule of TETRHEX (the Falcon game of 1996), played by the collection's RUL engine.",
                    self.title
                ),
            }),
            Command::Quit => self.quit(),
            Command::BackToCollection => ActivityReply::Back,
            Command::LoadRuleFile(path) => self.load_rule(target, &path),
            _ => ActivityReply::None,
        }
    }

    fn wants_ticks(&self) -> bool {
        (self.view == View::Game
            && (self.session.playing() || self.landing.step().is_some())
            && !self.session.window_paused)
            || (self.view == View::Menu && self.clock_runs())
    }

    fn menu_state(&self) -> MenuState {
        // The labels name the rule: its title is a `&'static str` (a rule loaded from disk
        // has its name leaked, never freed), so its address says which.
        MenuState { items: self.title.as_ptr() as usize, ..MenuState::default() }
    }

    fn set_host_features(&mut self, features: HostFeatures) {
        self.background = features.background;
    }

    fn menu_bar(&self) -> MenuBar {
        let k = KeyMap::default();
        let sc = |c: &Command| k.shortcut(c);
        let mut desk = Menu::new("Desk");
        desk.item(&format!("About {}...", self.title), Command::About, None);
        let mut file = Menu::new("File");
        file.item("New game", Command::NewGame, None);
        file.item("Restart", Command::Restart, None);
        file.separator();
        file.item("Back to the collection", Command::BackToCollection, sc(&Command::BackToCollection));
        file.item("Quit", Command::Quit, sc(&Command::Quit));
        let mut help = Menu::new("Help");
        help.item(&format!("Help on {}", self.title), Command::Help, None);
        MenuBar { menus: alloc::vec![desk, file, help] }
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;

/// What its frames cost on the 68030 (`cargo xtask bench`).
#[cfg(any(test, feature = "target-tests"))]
pub mod bench;
