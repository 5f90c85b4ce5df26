//! The utilities Simon Tatham's back ends share (his `dsf.c`, `findloop.c`, `misc.c`), one
//! file per idea, written anew from what his code at commit `a4f68b6` does.
//!
//! Why a layer of its own, beside the games, and not in `puzzle`: `puzzle` is the mid end and
//! the interface between it and the back ends; these are the back ends' own tools (the mid
//! end uses none of them), and the next games bring many more (`tree234`, `latin.c`,
//! `matching.c`, `divvy.c`...). Imports go one way: `games → util`; `util` uses nothing of
//! the project but the back-end interface's `Key` and `MoveResult` (for `cursor`).
//!
//! Where his generators depend on a utility's exact behaviour (the dsf's choice of root, the
//! order findloop visits vertices in), ours does the same, so that the same seed gives the
//! same puzzle.
//!
//! - [`dsf`]: disjoint sets (union-find) with his choice of root, plus the variants that
//!   track each class's smallest element and each element's parity.
//! - [`findloop`]: which edges of a graph lie on a loop (his 2024 Tarjan variant), and the
//!   sizes either side of a bridge.
//! - [`cursor`]: a keyboard cursor stepped by the arrow keys (his `move_cursor`).

pub mod cursor;
pub mod dsf;
pub mod findloop;
