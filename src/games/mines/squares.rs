//! Sets of squares as bits, 32 to a word: the generator counts and draws among the squares of
//! a kind (covered and safe, away from everything opened, ...) by combining whole words
//! instead of looking at every square, which on the 68030 made most of a dense layout's cost.

use alloc::vec;
use alloc::vec::Vec;

/// A set of the squares `0..area` of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squares {
    words: Vec<u32>,
}

impl Squares {
    /// The empty set.
    pub fn none(area: usize) -> Self {
        Squares { words: vec![0; area.div_ceil(32)] }
    }

    /// Every square `0..area`.
    pub fn all(area: usize) -> Self {
        let mut s = Self::none(area);
        for i in 0..area {
            s.insert(i);
        }
        s
    }

    pub fn insert(&mut self, i: usize) {
        self.words[i / 32] |= 1 << (i % 32);
    }

    pub fn remove(&mut self, i: usize) {
        self.words[i / 32] &= !(1 << (i % 32));
    }

    /// Puts `i` in the set or takes it out.
    pub fn set(&mut self, i: usize, member: bool) {
        if member { self.insert(i) } else { self.remove(i) }
    }

    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 32] & (1 << (i % 32)) != 0
    }

    /// Word `k`: squares `32k..32k+32`, the lowest bit first.
    pub fn word(&self, k: usize) -> u32 {
        self.words[k]
    }

    /// How many words.
    pub fn len_words(&self) -> usize {
        self.words.len()
    }
}

/// How many squares the sets made word by word by `word` (over words `0..n_words`) hold.
pub fn count(n_words: usize, word: impl Fn(usize) -> u32) -> u32 {
    (0..n_words).map(|k| word(k).count_ones()).sum()
}

/// The `n`th square (from 0, in increasing order) of the set made word by word by `word`,
/// which must hold more than `n`.
pub fn nth(n_words: usize, mut n: u32, word: impl Fn(usize) -> u32) -> usize {
    for k in 0..n_words {
        let mut bits = word(k);
        let here = bits.count_ones();
        if n >= here {
            n -= here;
            continue;
        }
        for _ in 0..n {
            bits &= bits - 1;
        }
        return k * 32 + bits.trailing_zeros() as usize;
    }
    panic!("fewer squares than counted");
}
