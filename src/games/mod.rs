//! The puzzles: each a back end implementing [`crate::puzzle::backend::Game`].

pub mod fifteen;
