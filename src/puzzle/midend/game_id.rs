//! Game IDs (`params`, `params:desc`, `params#seed`): reading them into the mid end and
//! printing the current game's.

use alloc::format;
use alloc::string::String;

use super::{GenMode, Midend};
use crate::puzzle::backend::{ErrorKind, Game, PuzzleError};

/// Splits a game ID into (params, description, seed) as `midend_game_id` does: whichever of
/// `:` and `#` comes first decides; a bare string is parameters only.
pub fn split_game_id(id: &str) -> (Option<&str>, Option<&str>, Option<&str>) {
    let colon = id.find(':');
    let hash = id.find('#');
    match (colon, hash) {
        (Some(c), h) if h.is_none_or(|h| c < h) => (Some(&id[..c]), Some(&id[c + 1..]), None),
        (_, Some(h)) => (Some(&id[..h]), None, Some(&id[h + 1..])),
        _ => (Some(id), None, None),
    }
}

impl<G: Game> Midend<G> {
    // ------------------------------------------------------------------ game IDs

    /// `midend_game_id`: accepts `params`, `params:desc` or `params#seed` (the parameters are
    /// decoded on top of the current ones). Nothing changes on error. Call `new_game` after.
    pub fn set_game_id(&mut self, id: &str) -> Result<(), PuzzleError> {
        let (par, desc, seed) = split_game_id(id);
        let mut newcur = self.params.clone();
        if let Some(par) = par {
            G::decode_params(&mut newcur, par).map_err(|mut e| {
                e.kind = ErrorKind::Params;
                e
            })?;
        }
        G::validate_params(&newcur, desc.is_none())?;
        if let Some(d) = desc {
            G::validate_desc(&newcur, d).map_err(|mut e| {
                if let Some(p) = e.position.as_mut() {
                    *p += par.map_or(0, |s| s.len() + 1);
                }
                e
            })?;
        }
        // Only the persistent part (what a non-full encoding keeps) of parameters given with a
        // description or seed carries over to later games; bare parameters carry over whole.
        let newparams = if desc.is_some() || seed.is_some() {
            let mut p = self.params.clone();
            G::decode_params(&mut p, &G::encode_params(&newcur, false))?;
            p
        } else {
            newcur.clone()
        };
        self.params = newparams;
        self.curparams = newcur;
        if let Some(d) = desc {
            self.desc = Some(d.into());
            self.privdesc = None;
            self.aux = None;
            self.seedstr = None;
            self.genmode = GenMode::GotDesc;
        }
        if let Some(s) = seed {
            self.seedstr = Some(s.into());
            self.genmode = GenMode::GotSeed;
        }
        Ok(())
    }

    /// `midend_get_game_id`: `params:desc` with the non-full parameter encoding.
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
}
