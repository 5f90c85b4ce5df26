//! Language preferences (option `-l`, manual section 4): which language's help TETRHEX
//! shows, in order of preference. Languages are the TOS country codes of the `_AKP` cookie:
//! 0 United States, 1 Germany, 2 France, 3 United Kingdom, 4 Spain, 5 Italy, 6 Sweden,
//! 7 French Switzerland, 8 German Switzerland, 9 Turkey, 10 Finland, 11 Norway, 12 Denmark,
//! 13 Saudi Arabia, 14 Netherlands, 15 Czechoslovakia, 16 Hungary.

use alloc::vec::Vec;

/// One parameter of `-l`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguagePreference {
    /// A number: this language.
    Code(u8),
    /// `?`: the system's language (the `_AKP` cookie); nothing when the cookie is absent.
    System,
    /// `*`: the system's language and the languages close to it: the groups are {0, 3}
    /// (English), {1, 8} (German) and {2, 7} (French); a language of no group is close only
    /// to itself. Nothing when the `_AKP` cookie is absent.
    CloseToSystem,
}

/// The manual's default preferences, `-l * 0 3`.
pub const DEFAULT_LANGUAGES: [LanguagePreference; 3] =
    [LanguagePreference::CloseToSystem, LanguagePreference::Code(0), LanguagePreference::Code(3)];

/// The groups of close languages.
const GROUPS: [[u8; 2]; 3] = [[0, 3], [1, 8], [2, 7]];

impl LanguagePreference {
    /// The languages this preference stands for, best first, given the system's language.
    pub fn languages(self, system: Option<u8>) -> Vec<u8> {
        let mut out = Vec::new();
        match (self, system) {
            (LanguagePreference::Code(c), _) => out.push(c),
            (LanguagePreference::System, Some(s)) => out.push(s),
            (LanguagePreference::CloseToSystem, Some(s)) => {
                out.push(s);
                for group in GROUPS.iter().filter(|g| g.contains(&s)) {
                    out.extend(group.iter().copied().filter(|&l| l != s));
                }
            }
            (_, None) => {}
        }
        out
    }
}

/// The first language of `preferences` that `available` holds; `None` when none does.
pub fn pick(preferences: &[LanguagePreference], system: Option<u8>, available: &[u8]) -> Option<u8> {
    preferences.iter().flat_map(|p| p.languages(system)).find(|l| available.contains(l))
}
