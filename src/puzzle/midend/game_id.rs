//! Game IDs (`params`, `params:desc`, `params#seed`): reading them into the mid end, printing
//! the current game's, and the two dialogs that show and take them (Game ID…, Random seed…).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::{ConfigKind, GenMode, Midend};
use crate::puzzle::backend::{ConfigItem, ErrorKind, Game, PuzzleError};

/// Splits a game ID into (params, description, seed) as `midend_game_id` does: whichever of
/// `:` and `#` comes first decides; a bare string is parameters only.
pub fn split_game_id(id: &str) -> (Option<&str>, Option<&str>, Option<&str>) {
    split_game_id_as(id, Bare::Params)
}

/// What a game ID with neither `:` nor `#` is (`DEF_PARAMS`, `DEF_SEED`, `DEF_DESC`): bare
/// parameters when typed as a game ID, a seed in the Random seed… dialog, a description in
/// the Game ID… dialog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bare {
    Params,
    Seed,
    Desc,
}

fn split_game_id_as(id: &str, bare: Bare) -> (Option<&str>, Option<&str>, Option<&str>) {
    let colon = id.find(':');
    let hash = id.find('#');
    match (colon, hash) {
        (Some(c), h) if h.is_none_or(|h| c < h) => (Some(&id[..c]), Some(&id[c + 1..]), None),
        (_, Some(h)) => (Some(&id[..h]), None, Some(&id[h + 1..])),
        _ => match bare {
            Bare::Params => (Some(id), None, None),
            Bare::Seed => (None, None, Some(id)),
            Bare::Desc => (None, Some(id), None),
        },
    }
}

impl<G: Game> Midend<G> {
    /// `midend_game_id`: accepts `params`, `params:desc` or `params#seed`. Nothing changes on
    /// error. Call [`new_game`](Self::new_game) after.
    ///
    /// As in Tatham's: parameters given with a description are decoded over the current ones
    /// (a description often leaves generation-only settings out, and those the player chose
    /// should stay), but given with a seed, or alone, over the **defaults**, so that the same
    /// ID always means the same game (`20x20#123` does not keep the last Maze generator).
    /// Whatever description or seed the mid end had is forgotten until the new game.
    pub fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError> {
        self.set_game_id_as(id, Bare::Params)
    }

    fn set_game_id_as(&mut self, id: &str, bare: Bare) -> Result<(), PuzzleError> {
        let (par, desc, seed) = split_game_id_as(id, bare);
        let (newcur, newparams) = match par {
            Some(par) => {
                let mut newcur = if desc.is_some() { self.params.clone() } else { G::default_params() };
                G::decode_params(&mut newcur, par).map_err(|mut e| {
                    e.kind = ErrorKind::Params;
                    e
                })?;
                G::validate_params(&newcur, desc.is_none())?;
                // Only the persistent part (what a non-full encoding keeps) of parameters given
                // with a description or seed carries over to later games; bare parameters
                // carry over whole.
                let newparams = if desc.is_some() || seed.is_some() {
                    let mut p = self.params.clone();
                    G::decode_params(&mut p, &G::encode_params(&newcur, false))?;
                    p
                } else {
                    newcur.clone()
                };
                (newcur, newparams)
            }
            None => (self.curparams.clone(), self.params.clone()),
        };
        if let Some(d) = desc {
            G::validate_desc(&newcur, d).map_err(|mut e| {
                if let Some(p) = e.position.as_mut() {
                    *p += par.map_or(0, |s| s.len() + 1);
                }
                e
            })?;
        }
        // Past every error: install.
        self.params = newparams;
        self.curparams = newcur;
        self.desc = None;
        self.privdesc = None;
        self.seedstr = None;
        self.genmode = GenMode::Nothing;
        if let Some(d) = desc {
            self.desc = Some(d.into());
            self.aux = None;
            self.genmode = GenMode::GotDesc;
        }
        if let Some(s) = seed {
            self.seedstr = Some(s.into());
            self.genmode = GenMode::GotSeed;
        }
        // The game in play no longer matches the set-up: a New game now cannot be undone.
        self.newgame_can_store_undo = false;
        Ok(())
    }

    /// `midend_get_game_id`: `params:desc` with the non-full parameter encoding (`None` after
    /// a game ID without description, until the new game).
    pub fn game_id(&self) -> Option<String> {
        let desc = self.desc.as_ref()?;
        Some(format!("{}:{}", G::encode_params(&self.curparams, false), desc))
    }

    /// `midend_get_random_seed`: `params#seed` with the full encoding, if the game came
    /// from a seed.
    pub fn random_seed_id(&self) -> Option<String> {
        let seed = self.seedstr.as_ref()?;
        Some(format!("{}#{}", G::encode_params(&self.curparams, true), seed))
    }

    /// `midend_get_config(CFG_DESC / CFG_SEED)`: the dialog title and its one text field,
    /// filled with the current game's ID (empty description or seed if there is none).
    pub(super) fn game_id_config(&self, kind: ConfigKind) -> (String, Vec<ConfigItem>) {
        let seed = kind == ConfigKind::Seed;
        let title = format!("{} {} selection", G::NAME, if seed { "random" } else { "game" });
        let par = G::encode_params(&self.curparams, seed);
        let value = if seed {
            format!("{}#{}", par, self.seedstr.as_deref().unwrap_or(""))
        } else {
            format!("{}:{}", par, self.desc.as_deref().unwrap_or(""))
        };
        let name = if seed { "Game random seed" } else { "Game ID" };
        (title, vec![ConfigItem::String { name, value }])
    }

    /// `midend_set_config(CFG_DESC / CFG_SEED)`: the text goes through the same path as a
    /// typed-in game ID, except that a bare string is a seed (Random seed…) or a
    /// description (Game ID…) of the current parameters.
    pub(super) fn set_game_id_config(&mut self, kind: ConfigKind, items: &[ConfigItem]) -> Result<(), PuzzleError> {
        let Some(ConfigItem::String { value, .. }) = items.first() else {
            return Err(PuzzleError::new(ErrorKind::GameId, "The dialog has no game ID field"));
        };
        self.set_game_id_as(value, if kind == ConfigKind::Seed { Bare::Seed } else { Bare::Desc })
    }
}

#[cfg(any(test, feature = "target-tests"))]
pub mod tests;
