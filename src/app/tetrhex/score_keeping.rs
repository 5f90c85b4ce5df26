//! A game's score entering the best scores of its board side (section 5.5): under the
//! player's name (asked for first when there is none), not with `-u`, and saved into the
//! rule file when there is a disk; then the scores shown at its rank.

use alloc::format;
use alloc::string::String;

use super::rule_disk::{Saved, save_scores};
use super::score_table;
use super::{TetrhexActivity, View};
use crate::app::activity::{ActivityReply, HostRequest, Target};
use crate::rul::model::{ScoreEntry, insert_score_into};
use crate::rul::session::SessionState;

impl TetrhexActivity {
    /// After a game's end: its score enters the table of its side under the player's name
    /// (asked for first when there is none; a score of 0 does not enter), then the scores
    /// are shown at its rank; else the menu.
    pub(super) fn end_game(&mut self, target: &mut Target<'_>) -> ActivityReply {
        let score = match self.session.state {
            SessionState::Over(score) if score > 0 && !self.keep_scores => score as u32,
            _ => 0,
        };
        if score > 0 && self.player.is_empty() && self.score_enters(score) {
            self.name_entry.begin(true);
            self.view = View::Name { at_game_end: true };
            self.draw_name(target);
            return ActivityReply::None;
        }
        let (rank, reply) =
            if score > 0 && !self.player.is_empty() { self.enter_score(score) } else { (None, ActivityReply::None) };
        let view = match rank {
            Some(r) => View::Scores { first: r - r % score_table::PAGE, mark: Some(r) },
            None => View::Menu,
        };
        self.show(target, view);
        reply
    }

    /// Whether `score` would enter the table of the board's side.
    pub(super) fn score_enters(&self, score: u32) -> bool {
        let Some(k) = self.size.checked_sub(6).map(usize::from).filter(|&k| k < 4) else { return false };
        let table = &self.scores[k];
        table.iter().position(|e| e.score < score).unwrap_or(table.len()) < usize::from(self.rule.score_max[k])
    }

    /// Puts `score` in the table of the board's side under the player's name, and into the
    /// rule file when there is a disk, together with the scores whose save failed before
    /// (`unsaved`); its rank, and an error to show when the file could not be written (the
    /// score is kept in memory then, and saved with the next one or before leaving).
    pub(super) fn enter_score(&mut self, score: u32) -> (Option<usize>, ActivityReply) {
        let Some(k) = self.size.checked_sub(6).map(usize::from).filter(|&k| k < 4) else {
            return (None, ActivityReply::None);
        };
        let Some((disk, path)) = self.disk.clone() else {
            let entry = ScoreEntry::new(self.player.as_bytes(), score, 0);
            return (insert_score_into(&mut self.scores[k], self.rule.score_max[k], entry), ActivityReply::None);
        };
        let entry = ScoreEntry::new(self.player.as_bytes(), score, disk.borrow_mut().now());
        self.unsaved.push((self.size, entry));
        let saved = save_scores(&mut *disk.borrow_mut(), &path, self.builtin, &self.unsaved);
        match saved {
            Ok(saved) => (saved.rank, self.saved(saved)),
            Err(why) => {
                self.unsaved.pop();
                let rank = insert_score_into(&mut self.scores[k], self.rule.score_max[k], entry);
                if rank.is_some() {
                    self.unsaved.push((self.size, entry));
                }
                self.unsaved_told = false;
                (rank, ActivityReply::Host(HostRequest::Error(self.unsaved_message(&why))))
            }
        }
    }

    /// After a save that succeeded: the table as the file holds it, nothing unsaved; a
    /// message when a backup was left.
    fn saved(&mut self, saved: Saved) -> ActivityReply {
        self.scores = saved.rule.scores;
        self.unsaved.clear();
        self.unsaved_told = false;
        match saved.warning {
            Some(why) => ActivityReply::Host(HostRequest::Error(why)),
            None => ActivityReply::None,
        }
    }

    /// What the player is told while scores are not saved.
    fn unsaved_message(&self, why: &str) -> String {
        let n = self.unsaved.len();
        let what = if n == 1 { String::from("1 best score is") } else { format!("{} best scores are", n) };
        format!(
            "The score could not be saved: {}{} {} kept and saved with the next score, or when you quit.",
            why,
            if why.ends_with('.') { "" } else { "." },
            what
        )
    }

    /// Before the program quits or another rule replaces this one: the scores whose save
    /// failed are saved. `Ok` to go on; else the message to show instead. Each time the
    /// save is tried again; only the first failure stops the player, who then leaves
    /// without them by asking again, having been told.
    pub(super) fn save_before_leaving(&mut self) -> Result<(), ActivityReply> {
        if self.unsaved.is_empty() {
            return Ok(());
        }
        let Some((disk, path)) = self.disk.clone() else { return Ok(()) };
        let saved = save_scores(&mut *disk.borrow_mut(), &path, self.builtin, &self.unsaved);
        match saved {
            Ok(saved) => {
                self.saved(saved);
                Ok(())
            }
            Err(_) if self.unsaved_told => Ok(()),
            Err(why) => {
                self.unsaved_told = true;
                let n = self.unsaved.len();
                let what = if n == 1 { String::from("1 best score") } else { format!("{} best scores", n) };
                Err(ActivityReply::Host(HostRequest::Error(format!(
                    "{} could not be saved: {}{} Make the disk writable and try again, or do it again to \
                     leave without {}.",
                    what,
                    why,
                    if why.ends_with('.') { "" } else { "." },
                    if n == 1 { "it" } else { "them" }
                ))))
            }
        }
    }

    /// Quit, the scores saved first (`save_before_leaving`).
    pub(super) fn quit(&mut self) -> ActivityReply {
        match self.save_before_leaving() {
            Ok(()) => ActivityReply::Host(HostRequest::Quit),
            Err(reply) => reply,
        }
    }
}

/// Tests on the host and the 68030.
#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
