//! The generator's solver: plays a mine layout from its first click the way a careful player
//! does, never guessing, and says whether it clears every safe square.
//!
//! Three kinds of deduction, tried in this order until none applies:
//!
//! 1. **One number**: a number whose known mines already match it makes its other covered
//!    neighbours safe; one whose covered neighbours are exactly as many as its missing mines
//!    makes them all mines. A work list of the numbers whose surroundings changed keeps this
//!    near linear.
//! 2. **The mine count**: no mines left means every covered square is safe; as many mines
//!    left as covered squares means they all are mines.
//! 3. **Two numbers**: for two numbers at most two squares apart, with covered sets A and B
//!    and missing mines a and b, the mines in A∩B lie between max(0, a−|A∖B|, b−|B∖A|) and
//!    min(a, b, |A∩B|); so B∖A holds between b−max and b−min mines, and if that range is
//!    {0} or {|B∖A|} the squares of B∖A are known (the subset rule is the special case A ⊆ B).
//!    A second work list holds the numbers that changed since rule 3 last looked at them: a
//!    pair of unchanged numbers gives what it gave before, nothing.
//!
//! Whatever is stuck after that is handed back as the knowledge grid, which the generator
//! uses to choose where to move a mine. The test module checks the generator's boards with a
//! different, exhaustive solver.

use alloc::vec;
use alloc::vec::Vec;

use super::squares::Squares;

/// A square not opened and not known to be a mine.
pub const COVERED: i8 = -2;
/// A square the solver knows to be a mine.
pub const KNOWN_MINE: i8 = -1;

/// The squares around `i` (not `i` itself) on a `w`×`h` grid, into `out`; returns how many.
pub fn neighbours(w: usize, h: usize, i: usize, out: &mut [usize; 8]) -> usize {
    let (x, y) = (i % w, i / w);
    let mut k = 0;
    for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
        for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
            if nx != x || ny != y {
                out[k] = ny * w + nx;
                k += 1;
            }
        }
    }
    k
}

/// The number of mines around `i`.
pub fn count_around(w: usize, h: usize, mines: &[bool], i: usize) -> i8 {
    let mut nb = [0usize; 8];
    let k = neighbours(w, h, i, &mut nb);
    nb[..k].iter().filter(|&&j| mines[j]).count() as i8
}

/// A solving session over one layout, which the generator may change between runs
/// ([`Solver::move_mine`]).
pub struct Solver {
    w: usize,
    h: usize,
    mines: Vec<bool>,
    /// Per square: [`COVERED`], [`KNOWN_MINE`] or the number shown (0–8).
    pub known: Vec<i8>,
    /// Numbers to look at again by rule 1, and whether each square is in that list.
    todo: Vec<usize>,
    queued: Vec<bool>,
    /// Numbers whose covered neighbours or missing mines changed since rule 3 last looked at
    /// them, and whether each square is in that list: a pair of numbers neither of which
    /// changed gives what it gave last time (nothing), so rule 3 looks only at pairs with one
    /// of these.
    pair_todo: Vec<usize>,
    pair_queued: Vec<bool>,
    /// The squares still to open in a flood (kept between floods: nothing is allocated).
    flood: Vec<usize>,
    /// Per square: how many of its neighbours are covered, and how many are opened.
    covered_around: Vec<u8>,
    opened_around: Vec<u8>,
    /// For the generator's choices, kept as [`Solver::refresh`] says: the mines, the covered
    /// squares, the squares touching an opened one, and the numbers and found mines touching
    /// a covered one.
    pub mine_set: Squares,
    pub covered_set: Squares,
    pub touching_opened: Squares,
    pub stuck_numbers: Squares,
    pub walls: Squares,
    safe_left: usize,
    mines_left: usize,
    covered: usize,
}

impl Solver {
    fn queue(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.todo.push(i);
        }
        if !self.pair_queued[i] {
            self.pair_queued[i] = true;
            self.pair_todo.push(i);
        }
    }

    /// Square `i`, one of `nb` (its neighbours), stops being covered (`opened`: it shows a
    /// number; else it is a known mine) or becomes covered again (`back`): its sets and its
    /// neighbours' follow, and the numbers around it are queued.
    fn covered_changed(&mut self, i: usize, nb: &[usize], opened: bool, back: bool) {
        self.refresh(i);
        for &j in nb {
            // Only a count reaching or leaving zero changes a set.
            if back {
                self.covered_around[j] += 1;
            } else {
                self.covered_around[j] -= 1;
            }
            if self.covered_around[j] == back as u8 {
                self.refresh(j);
            }
            if opened {
                self.opened_around[j] += 1;
                self.touching_opened.insert(j);
            }
            if self.known[j] >= 0 {
                self.queue(j);
            }
        }
    }

    /// Square `i`'s membership of the sets, from what is known of it and its neighbours.
    fn refresh(&mut self, i: usize) {
        let known = self.known[i];
        let touches_covered = self.covered_around[i] > 0;
        self.covered_set.set(i, known == COVERED);
        self.touching_opened.set(i, self.opened_around[i] > 0);
        self.stuck_numbers.set(i, known > 0 && touches_covered);
        self.walls.set(i, known == KNOWN_MINE && touches_covered);
    }

    /// Opens a square deduced safe, and the zero region around it.
    fn open(&mut self, start: usize) {
        let mut stack = core::mem::take(&mut self.flood);
        stack.push(start);
        while let Some(i) = stack.pop() {
            if self.known[i] != COVERED {
                continue;
            }
            debug_assert!(!self.mines[i], "the solver opened a mine");
            let mut nb = [0usize; 8];
            let k = neighbours(self.w, self.h, i, &mut nb);
            let v = nb[..k].iter().filter(|&&j| self.mines[j]).count() as i8;
            self.known[i] = v;
            self.safe_left -= 1;
            self.covered -= 1;
            self.queue(i);
            self.covered_changed(i, &nb[..k], true, false);
            if v == 0 {
                stack.extend_from_slice(&nb[..k]);
            }
        }
        self.flood = stack;
    }

    fn mark(&mut self, i: usize) {
        if self.known[i] == COVERED {
            debug_assert!(self.mines[i], "the solver marked a safe square");
            self.known[i] = KNOWN_MINE;
            self.mines_left -= 1;
            self.covered -= 1;
            let mut nb = [0usize; 8];
            let k = neighbours(self.w, self.h, i, &mut nb);
            self.covered_changed(i, &nb[..k], false, false);
        }
    }

    /// The covered neighbours of number `i` and how many of its mines are still missing.
    fn unknowns(&self, i: usize, out: &mut [usize; 8]) -> (usize, i32) {
        let mut nb = [0usize; 8];
        let k = neighbours(self.w, self.h, i, &mut nb);
        let mut n = 0;
        let mut missing = self.known[i] as i32;
        for &j in &nb[..k] {
            match self.known[j] {
                COVERED => {
                    out[n] = j;
                    n += 1;
                }
                KNOWN_MINE => missing -= 1,
                _ => {}
            }
        }
        (n, missing)
    }

    /// Rule 1 until the work list is empty.
    fn single_numbers(&mut self) {
        while let Some(i) = self.todo.pop() {
            self.queued[i] = false;
            let mut u = [0usize; 8];
            let (n, missing) = self.unknowns(i, &mut u);
            if n == 0 {
                continue;
            }
            if missing == 0 {
                for &j in &u[..n] {
                    self.open(j);
                }
            } else if missing as usize == n {
                for &j in &u[..n] {
                    self.mark(j);
                }
            }
        }
    }

    /// Rule 2; true if it changed something.
    fn mine_count(&mut self) -> bool {
        if self.covered == 0 || (self.mines_left != 0 && self.mines_left != self.covered) {
            return false;
        }
        let all_safe = self.mines_left == 0;
        for i in 0..self.known.len() {
            if self.known[i] == COVERED {
                if all_safe {
                    self.open(i);
                } else {
                    self.mark(i);
                }
            }
        }
        true
    }

    /// Rule 3 on the covered squares of one number outside another's (`ub` and `ua`, with
    /// missing mines `mb` and `ma`); true if it found them.
    fn pair_rule(&mut self, (ua, ma): (&[usize], i32), (ub, mb): (&[usize], i32)) -> bool {
        let inter = ub.iter().filter(|j| ua.contains(j)).count();
        if inter == 0 {
            return false;
        }
        let (only_a, only_b) = ((ua.len() - inter) as i32, (ub.len() - inter) as i32);
        if only_b == 0 {
            return false;
        }
        let most = ma.min(mb).min(inter as i32);
        let least = 0.max(ma - only_a).max(mb - only_b);
        let (b_least, b_most) = (mb - most, mb - least);
        if b_most != 0 && b_least != only_b {
            return false;
        }
        for &j in ub.iter().filter(|j| !ua.contains(j)) {
            if b_most == 0 {
                self.open(j);
            } else {
                self.mark(j);
            }
        }
        true
    }

    /// Rule 3 on the pairs of numbers at most two squares apart of which one changed since it
    /// last looked (both ways round, once: when the later of the two is taken from the list),
    /// applying what it finds as it goes (each deduction holds on what is known at that
    /// moment), until the pairs of one number have changed something (then true: the cheaper
    /// rules go first again) or none is left (false). The rules only ever tighten with more
    /// knowledge, so where they stop does not depend on the order.
    fn number_pairs(&mut self) -> bool {
        let (w, h) = (self.w, self.h);
        let mut changed = false;
        while let Some(a) = self.pair_todo.pop() {
            self.pair_queued[a] = false;
            if self.known[a] <= 0 {
                continue;
            }
            let mut ua = [0usize; 8];
            let (mut na, mut ma) = self.unknowns(a, &mut ua);
            let (ax, ay) = (a % w, a / w);
            for by in ay.saturating_sub(2)..=(ay + 2).min(h - 1) {
                for bx in ax.saturating_sub(2)..=(ax + 2).min(w - 1) {
                    let b = by * w + bx;
                    if na == 0 {
                        break;
                    }
                    if b == a || self.known[b] <= 0 || self.covered_around[b] == 0 || self.pair_queued[b] {
                        continue;
                    }
                    let mut ub = [0usize; 8];
                    let (mut nb, mut mb) = self.unknowns(b, &mut ub);
                    if nb == 0 {
                        continue;
                    }
                    if self.pair_rule((&ua[..na], ma), (&ub[..nb], mb)) {
                        changed = true;
                        (na, ma) = self.unknowns(a, &mut ua);
                        (nb, mb) = self.unknowns(b, &mut ub);
                    }
                    if self.pair_rule((&ub[..nb], mb), (&ua[..na], ma)) {
                        changed = true;
                        (na, ma) = self.unknowns(a, &mut ua);
                    }
                }
            }
            if changed {
                // Back to the cheaper rules first.
                return true;
            }
        }
        false
    }
}

impl Solver {
    /// A session on `mines` (a `w`×`h` grid) that has opened the click at `start`, which must
    /// be safe.
    pub fn new(w: usize, h: usize, mines: Vec<bool>, start: usize) -> Self {
        let n = mines.iter().filter(|&&m| m).count();
        let mut s = Solver {
            w,
            h,
            known: vec![COVERED; w * h],
            todo: Vec::with_capacity(w * h),
            queued: vec![false; w * h],
            pair_todo: Vec::with_capacity(w * h),
            flood: Vec::with_capacity(8 * w * h),
            pair_queued: vec![false; w * h],
            covered_around: (0..w * h).map(|i| neighbours(w, h, i, &mut [0; 8]) as u8).collect(),
            opened_around: vec![0; w * h],
            mine_set: Squares::none(w * h),
            covered_set: Squares::all(w * h),
            touching_opened: Squares::none(w * h),
            stuck_numbers: Squares::none(w * h),
            walls: Squares::none(w * h),
            safe_left: w * h - n,
            mines_left: n,
            covered: w * h,
            mines,
        };
        for i in 0..w * h {
            if s.mines[i] {
                s.mine_set.insert(i);
            }
        }
        s.open(start);
        s
    }

    /// The layout.
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }
    /// Gives the layout back.
    pub fn into_mines(self) -> Vec<bool> {
        self.mines
    }

    /// Deduces as far as it can; true if every safe square is open.
    pub fn run(&mut self) -> bool {
        loop {
            self.single_numbers();
            if self.safe_left == 0 {
                return true;
            }
            if !self.mine_count() && !self.number_pairs() {
                return false;
            }
        }
    }

    /// Moves the mine at `from` to the covered safe square `to`, correcting the numbers shown
    /// around both. A mine found at `from` is forgotten (covered again). What was deduced
    /// from the old numbers stays: only a session started afresh proves a layout soluble.
    pub fn move_mine(&mut self, from: usize, to: usize) {
        debug_assert!(self.mines[from] && !self.mines[to] && self.known[to] == COVERED);
        if self.known[from] == KNOWN_MINE {
            self.known[from] = COVERED;
            self.mines_left += 1;
            self.covered += 1;
            let mut nb = [0usize; 8];
            let k = neighbours(self.w, self.h, from, &mut nb);
            self.covered_changed(from, &nb[..k], false, true);
        }
        self.mines[from] = false;
        self.mines[to] = true;
        self.mine_set.remove(from);
        self.mine_set.insert(to);
        for c in [from, to] {
            let mut nb = [0usize; 8];
            let k = neighbours(self.w, self.h, c, &mut nb);
            for &j in &nb[..k] {
                if self.known[j] >= 0 {
                    self.known[j] = count_around(self.w, self.h, &self.mines, j);
                    self.queue(j);
                    self.refresh(j);
                }
            }
        }
    }

    /// Moves the mine at `from` to `to` (any square without a mine) and nothing else: what
    /// the session knows no longer matches the layout, and it must be started afresh
    /// ([`Solver::new`]) before it runs again.
    pub fn move_mine_unseen(&mut self, from: usize, to: usize) {
        debug_assert!(self.mines[from] && !self.mines[to]);
        self.mines[from] = false;
        self.mines[to] = true;
        self.mine_set.remove(from);
        self.mine_set.insert(to);
    }
}

/// Plays `mines` from the click at `start`, which must be safe. Returns whether every safe
/// square was opened, and the knowledge grid at the end ([`COVERED`], [`KNOWN_MINE`] or the
/// number shown).
pub fn solve(w: usize, h: usize, mines: &[bool], start: usize) -> (bool, Vec<i8>) {
    let mut s = Solver::new(w, h, mines.to_vec(), start);
    let solved = s.run();
    (solved, s.known)
}
