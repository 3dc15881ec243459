//! Failed-literal probing and the look-ahead that picks the guess: both sides of each pair
//! (a cell's two candidates; near the root, a value's two places in a unit) are tried in a
//! copy of the state.

use super::bits;
use super::search::{Branch, Guess, Search, State};

impl<'a> Search<'a> {
    /// Failed-literal probing: each candidate of the cells with two candidates is tried in a
    /// copy of the state; one that leads to a contradiction goes (and the cell is settled),
    /// until every trial stands. On the hard 25x25 puzzles it cuts the nodes a hundredfold.
    /// In the first [`PLACE_PROBING_LEVELS`] levels of the tree, each value with two places
    /// left in a unit has both places tried too. False on a contradiction.
    ///
    /// It also looks ahead for the guess: of the pairs whose two trials both stand, the one
    /// whose trials narrow the grid most (each trial's narrowing weighed by [`NARROWING`];
    /// the product of the two, as look-ahead SAT solvers rank their variables; the sum breaks
    /// ties) is left in [`Search::lookahead`], its literal that narrows the grid more to be
    /// tried first. On the hard 25x25 set it beats the fewest candidates severalfold.
    pub(super) fn probe(&mut self, state: &mut State) -> bool {
        let cells = state.candidates.len();
        let units = match self.depth < self.place_probing_levels() {
            true => 3 * self.layout.size,
            false => 0,
        };
        // Round and round over the cells, then the units (whose values with two places are
        // pairs too), until a whole round has passed since the last removal: every pair has
        // then stood in the state as it is. (Starting each round from the first cell again
        // would try the pairs after the last removal twice on the same state: 7-11% more
        // trials on the hard 25x25 puzzles, for the same end.) A removal ends a unit's turn
        // early, since its values' places may have changed; the unit's turn starts over.
        self.stood.forget();
        let mut best = Best::default();
        let (mut position, mut clean) = (0, 0);
        while clean < cells + units && state.open > 0 {
            let removed = match position < cells {
                true => self.probe_cell(state, position, &mut best),
                false => self.probe_unit(state, position - cells, &mut best),
            };
            match removed {
                None => return false,
                // The same position again: a unit's turn ended early (a cell's pair is gone).
                Some(true) => (best, clean) = (Best::default(), 0),
                Some(false) => (position, clean) = ((position + 1) % (cells + units), clean + 1),
            }
        }
        self.lookahead = best.guess;
        true
    }

    /// Tries the pair of `cell` if it has two candidates, offering it to `best`: whether a
    /// trial failed and its literal was struck out, or None on a contradiction.
    fn probe_cell(&mut self, state: &mut State, cell: usize, best: &mut Best) -> Option<bool> {
        let candidates = state.candidates[cell];
        if state.settled[cell] || candidates.count_ones() != 2 {
            return Some(false);
        }
        let low = candidates & candidates.wrapping_neg();
        let pair = [(cell, low), (cell, candidates ^ low)];
        match self.try_pair(state, pair) {
            Trial::Contradiction => None,
            Trial::Removed => Some(true),
            Trial::Stood(score, second_first) => {
                let guess = Guess {
                    branch: Branch::Cell(cell),
                    second_first,
                };
                best.offer(score, usize::MAX - cell, guess);
                Some(false)
            }
        }
    }

    /// Tries the two places of each value with two left in `unit`, offering them to `best`
    /// below every cell of the same score; stops at the first that fails and is struck out
    /// (true), or None on a contradiction.
    fn probe_unit(&mut self, state: &mut State, unit: usize, best: &mut Best) -> Option<bool> {
        for bit in bits(self.values_with_two_places(state, unit)) {
            let pair = self.two_places(state, unit, bit);
            match self.try_pair(state, pair) {
                Trial::Contradiction => return None,
                Trial::Removed => return Some(true),
                Trial::Stood(score, second_first) => {
                    let rank = usize::MAX / 2 - (unit << 6 | bit.trailing_zeros() as usize);
                    let guess = Guess {
                        branch: Branch::Place(unit, bit),
                        second_first,
                    };
                    best.offer(score, rank, guess);
                }
            }
        }
        Some(false)
    }

    /// How many levels of the tree, from the root, probe places as well as cells:
    /// [`DEEP_PLACE_PROBING_LEVELS`] between the first solution and a second, where a count
    /// is showing that a puzzle is unique, and in a search that has worked
    /// [`DEEP_PROBING_AFTER_NODES`] nodes without finding a solution; else
    /// [`PLACE_PROBING_LEVELS`]. (Past a second solution the tree is one of many solutions,
    /// where the extra trials only cost: 16x16 puzzles with hundreds counted 1.1x-1.4x slower
    /// with them.)
    fn place_probing_levels(&self) -> u32 {
        let deep = match self.solutions {
            0 => self.stats.nodes >= DEEP_PROBING_AFTER_NODES,
            1 => true,
            _ => false,
        };
        match deep {
            true => DEEP_PLACE_PROBING_LEVELS,
            false => PLACE_PROBING_LEVELS,
        }
    }

    /// Tries both literals of `pair`, one of which must hold (see [`Search::trial_of`]). The
    /// first that fails is struck out of `state`, which is propagated.
    fn try_pair(&mut self, state: &mut State, pair: [(usize, u64); 2]) -> Trial {
        let mut narrowed = [0u64; 2];
        for (trial_index, (cell, bit)) in pair.into_iter().enumerate() {
            match self.trial_of(state, cell, bit) {
                Some(narrowing) => narrowed[trial_index] = narrowing,
                None => {
                    // The pair's other literal holds. The trials kept were of the state before.
                    self.stood.forget();
                    self.restrict(state, cell, !bit);
                    return match self.propagate(state) {
                        true => Trial::Removed,
                        false => Trial::Contradiction,
                    };
                }
            }
        }
        let score = match narrowed[0] * narrowed[1] {
            0 => 0,
            product => product << 16 | (narrowed[0] + narrowed[1]),
        };
        Trial::Stood(score, narrowed[1] > narrowed[0])
    }

    /// The trial of the literal `bit` in `cell`, worked in a copy of `state`: how far it
    /// narrows the grid, or None when it fails. A trial that stands is kept ([`StoodTrials`])
    /// until the state changes, and serves twice:
    /// - met again, it is not worked again (a value's two places in a row are often its two
    ///   places in a box, or a cell's two candidates);
    /// - a literal that implies it starts from its state instead of from `state`: this value
    ///   leaves a peer with two candidates its other one, a literal whose trial, kept, has
    ///   already propagated that far. The fixed point is the same either way (every rule only
    ///   strikes out), and so are the narrowing (each cell's part adds up) and the search.
    ///   Where that trial has struck this literal out, the literal implies its own negation:
    ///   setting it empties its cell, and the trial fails there (the rules never look at an
    ///   empty cell as such).
    fn trial_of(&mut self, state: &State, cell: usize, bit: u64) -> Option<u64> {
        let key = StoodTrials::key(cell, bit);
        if let Some(slot) = self.stood.slot(key) {
            return Some(self.stood.narrowed[slot]);
        }
        // Of the implied literals' trials, the one that has gone furthest.
        let mut base: Option<(usize, u64)> = None;
        for &peer in self.layout.peers(cell) {
            let peer = usize::from(peer);
            let candidates = state.candidates[peer];
            if candidates & bit == 0 || candidates.count_ones() != 2 || state.settled[peer] {
                continue;
            }
            if let Some(slot) = self.stood.slot(StoodTrials::key(peer, candidates ^ bit)) {
                let narrowed = self.stood.narrowed[slot];
                if base.is_none_or(|(_, most)| narrowed > most) {
                    base = Some((slot, narrowed));
                }
            }
        }
        // The trial is worked in the next free slot, taken out of the search while in use.
        let mut states = std::mem::take(&mut self.stood.states);
        let slot = self.stood.kept();
        if states.len() <= slot {
            states.push(State::default());
        }
        let (kept, free) = states.split_at_mut(slot);
        let trial = &mut free[0];
        let already = match base {
            Some((from, narrowed)) => {
                trial.copy_from(&kept[from]);
                narrowed
            }
            None => {
                trial.copy_from(state);
                0
            }
        };
        self.narrowed = 0;
        // The trial's copy is dropped, not taken back: its changes are not recorded.
        self.trail.set_recording(false);
        let consistent = self.restrict(trial, cell, bit) && self.propagate(trial);
        self.trail.set_recording(true);
        self.queue.clear();
        self.stood.states = states;
        if !consistent {
            // What the failed trial left for the rules to read belongs to its copy.
            self.stale = Default::default();
            return None;
        }
        let narrowed = already + self.narrowed;
        if self.stood.kept() < self.stood.room(state.candidates.len()) {
            self.stood.keep(key, narrowed);
        }
        Some(narrowed)
    }

    /// The values (as bits) with exactly two places left among `unit`'s open cells.
    fn values_with_two_places(&self, state: &State, unit: usize) -> u64 {
        let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
        for &cell in self.layout.unit(unit) {
            let cell = usize::from(cell);
            if !state.settled[cell] {
                let candidates = state.candidates[cell];
                thrice |= twice & candidates;
                twice |= once & candidates;
                once |= candidates;
            }
        }
        twice & !thrice
    }

    /// The two places of `bit` among `unit`'s open cells (one of
    /// [`Search::values_with_two_places`]), as a pair of literals.
    fn two_places(&self, state: &State, unit: usize, bit: u64) -> [(usize, u64); 2] {
        let mut places = self.places(state, unit, bit);
        let mut next = || (places.next().expect("a value with two places"), bit);
        [next(), next()]
    }
}

/// How many levels of the tree, from the root, probe the two places of values with two left
/// in a unit as well as the two candidates of cells, and may guess on such a value. Up there
/// a guess splits the largest subtrees: on the hard 25x25 set it halves the nodes of the
/// slowest puzzles (1, 9, 10, 15: 1.5x-2.2x faster), at some cost on a few others
/// (docs/performance.md). Deeper, the extra trials cost more than they save.
const PLACE_PROBING_LEVELS: u32 = 6;

/// [`PLACE_PROBING_LEVELS`] where the subtrees to come are mostly failing ones (see
/// [`Search::place_probing_levels`]). The rest of a count of a proper puzzle, once its
/// solution is found, shows that no other exists: every subtree fails, and the extra trials
/// shrink failing subtrees more than they cost, deeper than they do on the way to a solution.
/// On the hard 25x25 set the slowest count (puzzle 15) was twice as fast with 12 levels as
/// with 6; with the trials kept since (cheaper trials), 16 levels take the set's 18 counts
/// from 129-133 s to 114-117 s (puzzle 15 24 s -> 17-18 s, 4 15 s -> 11 s); 9 and 20 levels
/// were slower than 12, 28 slower still (docs/performance.md).
const DEEP_PLACE_PROBING_LEVELS: u32 = 16;

/// A search that has worked this many nodes without a solution is in a large tree of failing
/// subtrees, and probes places [`DEEP_PLACE_PROBING_LEVELS`] deep from then on, until it finds
/// one. On the hard 25x25 set this takes 2-11 s off each of the puzzles that are slow to their
/// first solution (1, 4, 9 and 15); the puzzles that never get this far (the easy 25x25 ones,
/// 16x16 puzzles with many solutions, where deeper trials from the start cost up to 1.4x) are
/// untouched. 1,000 nodes measured the same.
const DEEP_PROBING_AFTER_NODES: u64 = 5_000;

/// What trying both literals of a pair found.
enum Trial {
    /// Both fail: the state has no solution.
    Contradiction,
    /// One failed and is struck out, and the state propagated.
    Removed,
    /// Both stand, with the look-ahead score of guessing there: the product of how far the
    /// two narrow the grid (as look-ahead SAT solvers rank their variables), the sum breaking
    /// ties; zero when one strikes out nothing. And whether the second narrows it more than
    /// the first.
    Stood(u64, bool),
}

/// A cell's weight in a trial's score by its number of candidates: 256·log2 of it, rounded
/// down, so that what a trial strikes out adds up to the log of how many fewer ways its cells
/// have to be filled. A candidate struck out of a cell of two (which settles it) weighs 256,
/// one out of a cell of twenty-five 15: counting every candidate alike instead, the hard
/// 25x25 set takes 10% more nodes (docs/performance.md).
pub(super) const NARROWING: [u64; 65] = {
    let mut table = [0; 65];
    let mut n = 1;
    while n < 65 {
        table[n] = log2_fixed(n as u64);
        n += 1;
    }
    table
};

/// 256·log2(`n`) rounded down, for `n` at least 1: the whole part from the highest bit, the
/// eight bits after the point by squaring the rest (in [1, 2), 32 bits after the point) and
/// halving it each time it reaches 2.
const fn log2_fixed(n: u64) -> u64 {
    let whole = 63 - n.leading_zeros() as u64;
    let mut rest = ((n as u128) << 32) >> whole;
    let mut fraction = 0;
    let mut step = 0;
    while step < 8 {
        rest = (rest * rest) >> 32;
        fraction <<= 1;
        if rest >= 2 << 32 {
            rest >>= 1;
            fraction |= 1;
        }
        step += 1;
    }
    whole << 8 | fraction
}

/// The memory the kept trials may take (see [`StoodTrials::room`]): room for about 700 states
/// of a 25x25 grid, where a node's probing asks for 100-300 trials, and 100 of a 64x64 one
/// (where probing a grid with 60% of its cells given kept about 750, 30 MB, before this
/// bound).
const KEPT_TRIALS_BYTES: usize = 4 << 20;

/// The trials that stood on the state being probed, kept until it changes: each literal's
/// state after its propagation, and how far it narrowed the grid (see [`Search::trial_of`]).
/// The states are kept from node to node as room for the next, not allocated for each trial.
pub(super) struct StoodTrials {
    /// The memory the kept states may take ([`KEPT_TRIALS_BYTES`]).
    bytes: usize,
    /// The states: the first [`StoodTrials::kept`] are kept trials, the others free room.
    states: Vec<State>,
    /// Per kept trial, how far it narrowed the grid.
    narrowed: Vec<u64>,
    /// Per literal ([`StoodTrials::key`]): the generation its trial was kept in, and its slot.
    slots: Vec<(u32, u32)>,
    /// Moved on whenever the state changes, which forgets every trial kept before; never 0,
    /// which marks no literal, once probing has begun.
    generation: u32,
}

impl Default for StoodTrials {
    fn default() -> StoodTrials {
        StoodTrials {
            bytes: KEPT_TRIALS_BYTES,
            states: Vec::new(),
            narrowed: Vec::new(),
            slots: Vec::new(),
            generation: 0,
        }
    }
}

impl StoodTrials {
    /// How many trials are kept at most on a grid of `cells` cells: as many as fit in
    /// [`StoodTrials::bytes`] (a state takes about 9 bytes a cell), so that a large grid with
    /// thousands of pairs does not keep a state for each. A trial past them is worked and
    /// scored as any other, only not kept.
    fn room(&self, cells: usize) -> usize {
        (self.bytes / (9 * cells)).max(2)
    }

    /// How many trials are kept: the first states.
    fn kept(&self) -> usize {
        self.narrowed.len()
    }

    /// The index of the literal `bit` in `cell`.
    fn key(cell: usize, bit: u64) -> usize {
        cell * 64 + bit.trailing_zeros() as usize
    }

    /// The slot of the literal `key`'s trial, if it stood on the state as it is.
    fn slot(&self, key: usize) -> Option<usize> {
        match self.slots.get(key) {
            Some(&(generation, slot)) if generation == self.generation => Some(slot as usize),
            _ => None,
        }
    }

    /// Keeps the trial in the next free slot as the literal `key`'s, which narrowed the grid
    /// by `narrowed`.
    fn keep(&mut self, key: usize, narrowed: u64) {
        if self.slots.len() <= key {
            self.slots.resize(key + 1, (0, 0));
        }
        self.slots[key] = (self.generation, self.kept() as u32);
        self.narrowed.push(narrowed);
    }

    /// Forgets every trial kept: the state has changed.
    fn forget(&mut self) {
        self.narrowed.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill((0, 0));
            self.generation = 1;
        }
    }
}

/// The best guess of the look-ahead so far: the highest score, ties going to the highest
/// rank. Cells rank above places and earlier ones above later ones, so that the guess is the
/// one a single pass in that order would pick, wherever the last round began.
#[derive(Default)]
struct Best {
    /// The best score and its rank.
    key: (u64, usize),
    /// Where it guesses.
    guess: Option<Guess>,
}

impl Best {
    /// Takes `guess` if its score and rank beat the best so far (a zero score never does).
    fn offer(&mut self, score: u64, rank: usize, guess: Guess) {
        if score != 0 && (score, rank) > self.key {
            (self.key, self.guess) = ((score, rank), Some(guess));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::SizedGrid;
    use crate::sized::solver::Setup;
    use crate::sized::solver::layout::Layout;

    /// The puzzle of puzzles/gecode_25x25_one.txt.
    fn the_25x25_sample() -> SizedGrid {
        let text = include_str!("../../../../../puzzles/gecode_25x25_one.txt");
        SizedGrid::parse(text.trim(), None, None).unwrap().0
    }

    /// A search on the 25x25 sample, and its root state propagated (not probed).
    fn the_25x25_sample_propagated(layout: &Layout) -> (Search<'_>, State) {
        let mut search = Search::new(layout, Setup::plain(None));
        let mut state = search.start(&the_25x25_sample()).unwrap();
        assert!(search.propagate(&mut state));
        (search, state)
    }

    /// Checks by hand what probing (of places too) left in `state`: every trial of every pair
    /// stands (both candidates of each cell with two, and the two places of each value with
    /// two in a unit), and the look-ahead's guess is the pair whose two trials narrow the
    /// grid most (by [`NARROWING`]), the first such (cells before places) among equals, its
    /// literal that narrows the grid more first.
    fn check_probed(search: &mut Search<'_>, state: &State) {
        let layout = search.layout;
        let size = layout.size;
        let weight = |s: &State| {
            let counts = s.candidates.iter().map(|c| c.count_ones() as usize);
            counts.map(|count| NARROWING[count]).sum::<u64>()
        };
        let mut pairs = Vec::new();
        for cell in (0..size * size).filter(|&c| !state.settled[c]) {
            let candidates = state.candidates[cell];
            if candidates.count_ones() == 2 {
                let literals = bits(candidates).map(|bit| (cell, bit)).collect();
                pairs.push((Branch::Cell(cell), literals));
            }
        }
        for unit in 0..3 * size {
            for value in 0..size {
                let bit = 1u64 << value;
                let places: Vec<(usize, u64)> = layout
                    .unit(unit)
                    .iter()
                    .map(|&c| usize::from(c))
                    .filter(|&c| !state.settled[c] && state.candidates[c] & bit != 0)
                    .map(|c| (c, bit))
                    .collect();
                if places.len() == 2 {
                    pairs.push((Branch::Place(unit, bit), places));
                }
            }
        }
        let scores: Vec<_> = pairs
            .into_iter()
            .map(|(branch, literals)| {
                let narrowed: Vec<u64> = literals
                    .iter()
                    .map(|&(cell, bit)| {
                        let mut trial = state.clone();
                        search.restrict(&mut trial, cell, bit);
                        assert!(
                            search.propagate(&mut trial),
                            "probing left a failing trial: {branch:?}"
                        );
                        weight(state) - weight(&trial)
                    })
                    .collect();
                let guess = Guess {
                    branch,
                    second_first: narrowed[1] > narrowed[0],
                };
                (
                    (narrowed[0] * narrowed[1], narrowed[0] + narrowed[1]),
                    guess,
                )
            })
            .collect();
        let best = scores.iter().map(|&(score, _)| score).max().unwrap();
        let first_best = scores.iter().find(|&&(score, _)| score == best).unwrap().1;
        assert_eq!(search.lookahead.expect("a guess"), first_best);
    }

    #[test]
    fn the_search_tries_first_the_literal_that_narrows_the_grid_more() {
        use crate::sized::solver::{afresh, solve, solve_within};
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        // gecode's 16x16 puzzles with givens taken out have many solutions. Where the root's
        // guess has a solution on the side it prefers, the first solution takes that side.
        let text = include_str!("../../../../../puzzles/gecode_16x16.txt");
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        let (mut second_first, mut checked) = (0, 0);
        for line in text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let mut puzzle = SizedGrid::parse(line, None, None).unwrap().0;
            let givens: Vec<usize> = (0..puzzle.cells().len())
                .filter(|&c| puzzle.get(c) != 0)
                .collect();
            for &cell in givens.sample(&mut rng, 12) {
                puzzle.set(cell, 0);
            }
            if afresh::is_sparse(&puzzle) {
                continue;
            }
            let layout = Layout::of(puzzle.shape());
            let mut search = Search::new(&layout, Setup::plain(None));
            let mut state = search.start(&puzzle).unwrap();
            assert!(search.propagate(&mut state) && search.probe(&mut state));
            let Some(guess) = search.lookahead else {
                continue;
            };
            let literals = search.choices(&state, guess.branch);
            let (cell, bit) =
                search.literal(guess.branch, literals[usize::from(guess.second_first)]);
            let mut allowed = state.candidates.clone();
            allowed[cell] = bit;
            if solve_within(&puzzle, &allowed).is_none() {
                continue;
            }
            let first = solve(&puzzle).expect("a solution");
            assert_eq!(1u64 << (first.get(cell) - 1), bit, "{line}");
            checked += 1;
            second_first += usize::from(guess.second_first);
        }
        assert!(
            second_first >= 3 && checked - second_first >= 3,
            "{second_first} of {checked} with the second literal first"
        );
    }

    #[test]
    fn a_trial_begun_from_an_implied_trial_ends_where_one_from_the_state_does() {
        use crate::sized::Shape;
        use crate::sized::solver::random_solution;
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(7);
        let (mut begun_from_another, mut struck_by_an_implied) = (0, 0);
        let cases = [("5x5", 330), ("4x4", 150), ("3x4", 85), ("3x3", 52)];
        // Each grid twice: as searched, and without hidden singles, so that a trial that
        // fails only because hidden singles happen to notice is caught too.
        let runs = cases.into_iter().cycle().take(24);
        for (shape, blanks, without_hidden_singles) in
            runs.flat_map(|(shape, blanks)| [(shape, blanks, false), (shape, blanks, true)])
        {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            let mut puzzle = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
            let mut cells: Vec<usize> = (0..shape.cells()).collect();
            cells.shuffle(&mut rng);
            for &cell in &cells[..blanks] {
                puzzle.set(cell, 0);
            }
            let mut search = Search::new(&layout, Setup::plain(None));
            search.without_hidden_singles = without_hidden_singles;
            let mut state = search.start(&puzzle).unwrap();
            assert!(search.propagate(&mut state));
            search.stood.forget();
            let literals: Vec<(usize, u64)> = (0..shape.cells())
                .filter(|&c| !state.settled[c] && state.candidates[c].count_ones() == 2)
                .flat_map(|c| bits(state.candidates[c]).map(move |bit| (c, bit)))
                .collect();
            let mut tried = Vec::new();
            for &(cell, bit) in &literals {
                // Whether a literal this one implies (a peer with two candidates left with
                // its other one) was tried before it, and stood: then it begins from there.
                let implied_kept: Vec<usize> = layout
                    .peers(cell)
                    .iter()
                    .map(|&peer| usize::from(peer))
                    .filter(|&peer| {
                        let candidates = state.candidates[peer];
                        candidates & bit != 0
                            && candidates.count_ones() == 2
                            && tried.contains(&(peer, candidates ^ bit, true))
                    })
                    .collect();
                let implies_one_kept = !implied_kept.is_empty();
                // Whether one of those trials struck this literal out: it implies its own
                // negation then.
                let struck_by_implied = implied_kept.iter().any(|&peer| {
                    let literal = StoodTrials::key(peer, state.candidates[peer] ^ bit);
                    let slot = search.stood.slot(literal).unwrap();
                    search.stood.states[slot].candidates[cell] & bit == 0
                });
                let kept = search.trial_of(&state, cell, bit);
                let mut alone = state.clone();
                search.narrowed = 0;
                search.restrict(&mut alone, cell, bit);
                let stands = search.propagate(&mut alone);
                search.queue.clear();
                tried.push((cell, bit, stands));
                assert_eq!(kept.is_some(), stands, "{shape} r{cell} {bit:b}");
                if struck_by_implied {
                    assert!(!stands, "{shape} r{cell} {bit:b} implies its negation");
                    struck_by_an_implied += 1;
                }
                if let Some(narrowed) = kept {
                    begun_from_another += usize::from(implies_one_kept);
                    assert_eq!(narrowed, search.narrowed);
                    let slot = search.stood.slot(StoodTrials::key(cell, bit)).unwrap();
                    assert_eq!(search.stood.states[slot].candidates, alone.candidates);
                    assert_eq!(search.stood.states[slot].open, alone.open);
                }
            }
        }
        assert!(
            begun_from_another > 100,
            "{begun_from_another} trials begun from another"
        );
        assert!(
            struck_by_an_implied > 0,
            "no literal struck out by an implied literal's trial"
        );
    }

    #[test]
    fn narrowing_weighs_a_cell_by_the_log_of_its_candidates() {
        assert_eq!(NARROWING[1], 0);
        assert_eq!(NARROWING[2], 256);
        assert_eq!(NARROWING[64], 6 * 256);
        for (n, &weight) in NARROWING.iter().enumerate().skip(1) {
            let exact = 256.0 * (n as f64).log2();
            let fixed = weight as f64;
            assert!(
                fixed <= exact + 1e-9 && exact - fixed < 1.0,
                "{n}: {fixed} for {exact}"
            );
        }
    }

    #[test]
    fn probing_leaves_the_guess_that_narrows_the_grid_most() {
        let layout = Layout::of("5x5".parse().unwrap());
        let (mut search, mut state) = the_25x25_sample_propagated(&layout);
        let solution = crate::sized::solve(&the_25x25_sample()).expect("a solution");
        let value_bit = |cell: usize| 1u64 << (solution.cells()[cell] - 1);
        // Down the look-ahead's guesses on the solution's side, through the levels that
        // probe places too, where probing strikes out failing trials on the way (and its
        // last round may begin anywhere).
        for level in 0..PLACE_PROBING_LEVELS {
            search.depth = level;
            assert!(search.probe(&mut state));
            if state.open == 0 {
                break;
            }
            check_probed(&mut search, &state);
            let (cell, bit) = match search.lookahead.unwrap().branch {
                Branch::Cell(cell) => (cell, value_bit(cell)),
                Branch::Place(unit, bit) => *search
                    .two_places(&state, unit, bit)
                    .iter()
                    .find(|&&(cell, _)| value_bit(cell) == bit)
                    .expect("the value's place in the solution"),
            };
            search.restrict(&mut state, cell, bit);
            assert!(search.propagate(&mut state));
        }
    }

    #[test]
    fn probing_reaches_its_fixed_point_on_random_grids() {
        use crate::sized::Shape;
        use crate::sized::solver::random_solution;
        use rand::seq::SliceRandom;
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(3);
        let mut removals = 0;
        for (shape, blanks) in [("3x3", 50..62), ("3x4", 80..100), ("4x4", 150..180)] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            for _ in 0..100 {
                let mut puzzle = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut cells: Vec<usize> = (0..shape.cells()).collect();
                cells.shuffle(&mut rng);
                for &cell in cells.iter().take(rng.random_range(blanks.clone())) {
                    puzzle.set(cell, 0);
                }
                let mut search = Search::new(&layout, Setup::plain(None));
                let mut state = search.start(&puzzle).unwrap();
                if !search.propagate(&mut state) {
                    continue;
                }
                let before = state.open;
                if search.probe(&mut state) && state.open > 0 {
                    removals += usize::from(state.open < before);
                    check_probed(&mut search, &state);
                }
            }
        }
        assert!(
            removals > 20,
            "{removals} grids where probing struck something out"
        );
    }

    #[test]
    fn probing_past_the_room_for_kept_trials_finds_the_same() {
        // The 25x25 sample's root probed with room for two kept trials (a 64x64 grid gets
        // about a hundred): the later trials are worked but not kept, and what probing
        // leaves, the guess included, is what it leaves with room for all.
        let layout = Layout::of("5x5".parse().unwrap());
        let probed = |bytes: usize| {
            let (mut search, mut state) = the_25x25_sample_propagated(&layout);
            search.stood.bytes = bytes;
            assert!(search.probe(&mut state));
            check_probed(&mut search, &state);
            let kept = search.stood.states.len();
            (state.candidates, search.lookahead, kept)
        };
        let (all, all_guess, all_kept) = probed(KEPT_TRIALS_BYTES);
        let (few, few_guess, few_kept) = probed(2 * 9 * 625);
        assert_eq!((few, few_guess), (all, all_guess));
        assert!(all_kept > 50, "{all_kept} states with room for all");
        assert_eq!(few_kept, 3, "two kept, and one to work in");
    }

    #[test]
    fn places_are_probed_deeper_while_proving_and_in_large_searches() {
        let layout = Layout::of("5x5".parse().unwrap());
        let (mut search, state) = the_25x25_sample_propagated(&layout);
        // A node just below the levels that probe places on the way to a first solution.
        search.depth = PLACE_PROBING_LEVELS;
        let mut guess = |solutions, nodes| {
            (search.solutions, search.stats.nodes) = (solutions, nodes);
            let mut probed = state.clone();
            assert!(search.probe(&mut probed));
            search.lookahead.expect("a guess").branch
        };
        // Here the best pair is a value's two places: the look-ahead finds it only when
        // places are probed, that is, with one solution found, or none in a large search.
        let large = DEEP_PROBING_AFTER_NODES;
        for (solutions, nodes, places) in [
            (0, 1, false),
            (0, large - 1, false),
            (0, large, true),
            (1, 1, true),
            (2, 1, false),
            (2, large, false),
        ] {
            let chosen = guess(solutions, nodes);
            let is_place = matches!(chosen, Branch::Place(..));
            assert_eq!(
                is_place, places,
                "{solutions} solutions, {nodes} nodes: {chosen:?}"
            );
        }
    }
}
