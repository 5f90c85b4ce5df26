//! A game's score entering the best scores of its board side (section 5.5): under the
//! player's name (asked for first when there is none), not with `-u`, and saved into the
//! rule file when there is a disk; then the scores shown at its rank.

use alloc::format;

use super::rule_disk::record_score;
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
    /// rule file when there is a disk; its rank, and an error to show when the file could
    /// not be written (the score is kept in memory then).
    pub(super) fn enter_score(&mut self, score: u32) -> (Option<usize>, ActivityReply) {
        let Some(k) = self.size.checked_sub(6).map(usize::from).filter(|&k| k < 4) else {
            return (None, ActivityReply::None);
        };
        let date = self.disk.as_ref().map_or(0, |(d, _)| d.borrow_mut().now());
        let entry = ScoreEntry::new(self.player.as_bytes(), score, date);
        let saved = self.disk.as_ref().map(|(disk, path)| {
            let mut d = disk.borrow_mut();
            if !d.exists(path) {
                d.create(path, self.builtin)?;
            }
            record_score(&mut *d, path, self.size, entry)
        });
        match saved {
            Some(Ok(Some((rank, rule)))) => {
                self.scores = rule.scores;
                (Some(rank), ActivityReply::None)
            }
            Some(Ok(None)) => (None, ActivityReply::None),
            Some(Err(why)) => {
                let rank = insert_score_into(&mut self.scores[k], self.rule.score_max[k], entry);
                (rank, ActivityReply::Host(HostRequest::Error(format!("The score could not be saved: {}", why))))
            }
            None => (insert_score_into(&mut self.scores[k], self.rule.score_max[k], entry), ActivityReply::None),
        }
    }
}
