//! Failed-literal probing and the look-ahead that picks the guess: both sides of each pair
//! (a cell's two candidates; near the root, a value's two places in a unit) are tried in a
//! copy of the state.

use rand::Rng;

use super::bits;
use super::search::{Branch, Search, State};

impl<'a, R: Rng> Search<'a, R> {
    /// Failed-literal probing: each candidate of the cells with two candidates is tried in a
    /// copy of the state; one that leads to a contradiction goes (and the cell is settled).
    /// On the hard 25x25 puzzles it cuts the nodes a hundredfold. In the first
    /// [`PLACE_PROBING_LEVELS`] levels of the tree, each value with two places left in a unit
    /// has both places tried too. False on a contradiction.
    ///
    /// It also looks ahead for the guess: of the pairs whose two trials both stand, the one
    /// whose trials strike out the most candidates (the product of the two, as look-ahead SAT
    /// solvers rank their variables; the sum breaks ties) is left in [`Search::lookahead`].
    /// On the hard 25x25 set it beats the fewest candidates severalfold.
    pub(super) fn probe(&mut self, state: &mut State) -> bool {
        loop {
            let mut probing = Probing {
                best: 0,
                removed: false,
            };
            self.lookahead = None;
            for cell in 0..state.candidates.len() {
                let candidates = state.candidates[cell];
                if state.settled[cell] || candidates.count_ones() != 2 {
                    continue;
                }
                let low = candidates & candidates.wrapping_neg();
                let pair = [(cell, low), (cell, candidates ^ low)];
                if !self.try_pair(state, pair, Branch::Cell(cell), &mut probing) {
                    return false;
                }
            }
            if !probing.removed && state.open > 0 && self.depth < self.place_probing_levels() {
                // A removal changes the places of other values: the loop starts over then.
                'units: for unit in 0..3 * self.layout.size {
                    for bit in bits(self.values_with_two_places(state, unit)) {
                        let pair = self.two_places(state, unit, bit);
                        if !self.try_pair(state, pair, Branch::Place(unit, bit), &mut probing) {
                            return false;
                        }
                        if probing.removed {
                            break 'units;
                        }
                    }
                }
            }
            if !probing.removed || state.open == 0 {
                return true;
            }
        }
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

    /// Tries both literals of `pair`, one of which must hold, each in a copy of `state`. The
    /// first that fails is struck out of `state`, which is propagated (false if that
    /// contradicts); when both stand, `branch` becomes the look-ahead's guess if it scores
    /// best so far.
    fn try_pair(
        &mut self,
        state: &mut State,
        pair: [(usize, u64); 2],
        branch: Branch,
        probing: &mut Probing,
    ) -> bool {
        let mut struck = [0u64; 2];
        for (trial_index, (cell, bit)) in pair.into_iter().enumerate() {
            let mut trial = state.clone();
            self.struck_out = 0;
            self.restrict(&mut trial, cell, bit);
            let consistent = self.propagate(&mut trial);
            self.queue.clear();
            if consistent {
                struck[trial_index] = self.struck_out;
                continue;
            }
            // The pair's other literal holds.
            self.restrict(state, cell, !bit);
            probing.removed = true;
            return self.propagate(state);
        }
        // A trial that stands strikes out at least its own cell's other candidates.
        let score = (struck[0] * struck[1]) << 16 | (struck[0] + struck[1]);
        if struck[0] * struck[1] != 0 && score > probing.best {
            (probing.best, self.lookahead) = (score, Some(branch));
        }
        true
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
        let mut places = self
            .layout
            .unit(unit)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| !state.settled[c] && state.candidates[c] & bit != 0);
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
/// On the hard 25x25 set the slowest count (puzzle 15) is twice as fast with 12 levels
/// (docs/performance.md).
const DEEP_PLACE_PROBING_LEVELS: u32 = 12;

/// A search that has worked this many nodes without a solution is in a large tree of failing
/// subtrees, and probes places [`DEEP_PLACE_PROBING_LEVELS`] deep from then on, until it finds
/// one. On the hard 25x25 set this takes 2-11 s off each of the puzzles that are slow to their
/// first solution (1, 4, 9 and 15); the puzzles that never get this far (the easy 25x25 ones,
/// 16x16 puzzles with many solutions, where deeper trials from the start cost up to 1.4x) are
/// untouched. 1,000 nodes measured the same.
const DEEP_PROBING_AFTER_NODES: u64 = 5_000;

/// The running record of one probing pass.
struct Probing {
    /// The best look-ahead score so far.
    best: u64,
    /// Whether a failed trial struck something out of the state.
    removed: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::SizedGrid;
    use crate::sized::solver::Setup;
    use crate::sized::solver::layout::Layout;

    /// A search on puzzles/gecode_25x25_one.txt, and its root state propagated (not probed).
    fn the_25x25_sample_propagated(layout: &Layout) -> (Search<'_, rand::rngs::ThreadRng>, State) {
        let text = include_str!("../../../../../puzzles/gecode_25x25_one.txt");
        let (puzzle, _) = SizedGrid::parse(text.trim(), None, None).unwrap();
        let mut search = Search::new(layout, Setup::plain(None));
        let mut state = search.start(&puzzle).unwrap();
        assert!(search.propagate(&mut state));
        (search, state)
    }

    #[test]
    fn probing_leaves_the_guess_that_strikes_out_most() {
        let layout = Layout::of("5x5".parse().unwrap());
        let (mut search, mut state) = the_25x25_sample_propagated(&layout);
        assert!(search.probe(&mut state));
        let remaining = |s: &State| s.candidates.iter().map(|c| c.count_ones()).sum::<u32>();
        // Both trials of each pair, struck-out candidates multiplied, by hand: the pairs are
        // the two candidates of a cell and, at the root, the two places of a value in a unit.
        let mut pairs = Vec::new();
        for cell in (0..625).filter(|&c| !state.settled[c]) {
            let candidates = state.candidates[cell];
            if candidates.count_ones() == 2 {
                let literals = bits(candidates).map(|bit| (cell, bit)).collect();
                pairs.push((Branch::Cell(cell), literals));
            }
        }
        for unit in 0..75 {
            for value in 0..25 {
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
                let struck: Vec<u32> = literals
                    .iter()
                    .map(|&(cell, bit)| {
                        let mut trial = state.clone();
                        search.restrict(&mut trial, cell, bit);
                        assert!(
                            search.propagate(&mut trial),
                            "probing left no failing trial"
                        );
                        remaining(&state) - remaining(&trial)
                    })
                    .collect();
                ((struck[0] * struck[1], struck[0] + struck[1]), branch)
            })
            .collect();
        let places = scores
            .iter()
            .filter(|(_, b)| matches!(b, Branch::Place(..)))
            .count();
        assert!(places > 10, "{places} values with two places");
        let best = scores.iter().map(|&(score, _)| score).max().unwrap();
        let chosen = search.lookahead.expect("a guess");
        let chosen_score = scores.iter().find(|&&(_, b)| b == chosen).unwrap().0;
        assert_eq!(chosen_score, best);
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
            search.lookahead.expect("a guess")
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
