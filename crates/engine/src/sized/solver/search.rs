//! The depth-first search: its state, its node, and where it guesses when probing left no
//! look-ahead.

use std::time::Instant;

use arrayvec::ArrayVec;
use rand::Rng;
use rand::seq::SliceRandom;

use super::Setup;
use super::bits;
use super::layout::Layout;
use super::probe::StoodTrials;
use super::rules::{StaleUnits, values_of};
use super::trail::Trail;
use crate::sized::SizedGrid;
use crate::solver::SearchStats;

/// Candidates of every cell, and which cells are settled (their value taken from their peers).
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Per cell, its candidates: bit `v - 1` for value `v`.
    pub(super) candidates: Vec<u64>,
    /// Per cell, whether its value has left its peers.
    pub(super) settled: Vec<bool>,
    /// How many cells are not settled yet.
    pub(super) open: usize,
    /// Per unit, the values of its settled cells.
    pub(super) placed: Vec<u64>,
    /// Per unit, a fingerprint of its open cells' candidates and places, kept up to date by
    /// every removal and settling in the strong reasoning (which alone reads it), so that a
    /// rule can tell a unit it has seen before without reading its cells.
    pub(super) prints: Vec<u64>,
    /// Per unit and partition (`2 * unit + partition`), the values box-line has found
    /// confined to one segment there and struck out beyond it. A value stays so in every
    /// state below (its places only shrink), so box-line never reads beyond for it again.
    pub(super) box_line_done: Vec<u64>,
}

impl State {
    /// Makes this state a copy of `source` in the vectors it already has, without allocating:
    /// how probing's trials reuse the states kept for them (see [`StoodTrials`]).
    pub(super) fn copy_from(&mut self, source: &State) {
        self.candidates.clone_from(&source.candidates);
        self.settled.clone_from(&source.settled);
        self.open = source.open;
        self.placed.clone_from(&source.placed);
        self.prints.clone_from(&source.prints);
        self.box_line_done.clone_from(&source.box_line_done);
    }
}

/// What a search does with each solution, and when it stops.
pub(super) trait Visitor {
    /// Called with each solution; returns false to stop the search.
    fn solution(&mut self, state: &State) -> bool;
}

/// Keeps the first solution (each cell's candidates, a single bit) and stops there.
pub(super) struct First(pub(super) Option<Vec<u64>>);

impl Visitor for First {
    fn solution(&mut self, state: &State) -> bool {
        self.0 = Some(state.candidates.clone());
        false
    }
}

/// Counts solutions, stopping at a limit.
pub(super) struct Counter {
    /// Solutions found so far.
    pub(super) found: u64,
    /// Where the count stops (at least 1).
    pub(super) limit: u64,
}

impl Visitor for Counter {
    fn solution(&mut self, _: &State) -> bool {
        self.found += 1;
        self.found < self.limit
    }
}

/// Counts solutions as [`Counter`] does, keeping the first as [`First`] does: for a caller
/// that wants both of one search.
pub(super) struct CounterKeepingFirst {
    pub(super) counter: Counter,
    pub(super) first: First,
}

impl Visitor for CounterKeepingFirst {
    fn solution(&mut self, state: &State) -> bool {
        if self.first.0.is_none() {
            self.first.solution(state);
        }
        self.counter.solution(state)
    }
}

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// It worked the nodes its setup allowed.
    Budget,
    /// Its deadline passed.
    Deadline,
}

/// A search in progress: the layout, the cells waiting to be settled, the clock.
pub(super) struct Search<'a> {
    /// The units and peers of the grid's shape.
    pub(super) layout: &'a Layout,
    /// Every value of the grid's size, as bits.
    pub(super) all: u64,
    /// Cells left with one candidate whose value has still to leave their peers.
    pub(super) queue: Vec<u16>,
    /// When to give up, if ever.
    deadline: Option<Instant>,
    /// How many nodes to work without a solution before stopping ([`Stop::Budget`]): a
    /// search that keeps finding solutions (a count of a grid with many) is not lost.
    max_nodes: u64,
    /// The nodes worked when the last solution was found (0 before the first).
    nodes_at_last_solution: u64,
    /// The work done so far.
    pub(super) stats: SearchStats,
    /// Fingerprints of units (their index and candidates) that all-different consistency has
    /// already left unchanged: met again, in another node or probe, they are skipped. A
    /// direct-mapped table; a clash of fingerprints only skips some reasoning, never adds any.
    pub(super) consistent: Vec<u64>,
    /// Each unit's matching of cells to values as all-different last found it, in whatever
    /// node or trial: the value of the cell at each place of the unit (`u8::MAX` for none).
    /// The unit's next matching starts from it, since most of it still holds. It is only a
    /// hint, never taken back: a value its cell has lost, or that another cell has taken,
    /// is passed over. Empty without the strong reasoning.
    pub(super) last_matchings: Vec<[u8; 64]>,
    /// What stopped the search before its end, if anything did.
    pub(super) stopped: Option<Stop>,
    /// Shuffles the order in which a cell's candidates are tried, when set.
    rng: Option<&'a mut dyn Rng>,
    /// A complete grid: a guess tries first the literal it holds (a cell's value there, or the
    /// place where it has the value), when set (and no `rng`), before the look-ahead's order.
    prefer: Option<&'a SizedGrid>,
    /// The strong reasoning at every node: all-different arc consistency
    /// ([`Search::all_different`]), probing ([`Search::probe`]), and guesses on a value's
    /// places in a unit as well as on a cell's candidates. It pays on hard puzzles and costs
    /// on easy ones (the many small checks of generation).
    pub(super) strong: bool,
    /// What each rule has still to read (see [`StaleUnits`]).
    pub(super) stale: StaleUnits,
    /// Where the last probing found it best to guess (see [`Search::probe`]).
    pub(super) lookahead: Option<Guess>,
    /// How many guesses lie between the root and the node being searched.
    pub(super) depth: u32,
    /// How far the grid has narrowed since this was last set to zero: for each candidate
    /// struck out, the fall in its cell's weight ([`NARROWING`](super::probe::NARROWING)), so
    /// that a trial's total is, in fixed point, the log of how many fewer ways its cells have
    /// to be filled. Counted where every removal passes ([`Search::restrict`]); what the
    /// look-ahead scores a trial by.
    pub(super) narrowed: u64,
    /// The trials that stood on the state being probed (see [`Search::trial_of`]).
    pub(super) stood: StoodTrials,
    /// The changes made to the state being searched, for a guess to be taken back.
    pub(super) trail: Trail,
    /// Solutions found so far. After the first, what is left of a count of a puzzle with one
    /// solution is all refutation, and probing places deeper pays there (see
    /// [`Search::place_probing_levels`]).
    pub(super) solutions: u64,
    /// Leaves hidden singles to all-different in the strong reasoning, which finds them too,
    /// more slowly. Set only by tests, to check that no rule leans on hidden singles to
    /// notice what it should notice itself.
    pub(super) without_hidden_singles: bool,
}

impl<'a> Search<'a> {
    /// A search on `layout`'s grids as `setup` asks (its clock, randomness, node budget and
    /// reasoning), not started.
    pub(super) fn new(layout: &'a Layout, setup: Setup<'a>) -> Search<'a> {
        let size = layout.size;
        Search {
            layout,
            all: if size == 64 {
                u64::MAX
            } else {
                (1u64 << size) - 1
            },
            queue: Vec::new(),
            deadline: setup.deadline,
            max_nodes: setup.max_nodes.unwrap_or(u64::MAX),
            nodes_at_last_solution: 0,
            stats: SearchStats::default(),
            consistent: match setup.strong {
                true if size > 16 => vec![0; 1 << 16],
                true => vec![0; 1 << 10],
                false => vec![0; 1],
            },
            last_matchings: match setup.strong {
                true => vec![[u8::MAX; 64]; 3 * size],
                false => Vec::new(),
            },
            stopped: None,
            rng: setup.rng,
            prefer: setup.prefer,
            strong: setup.strong,
            stale: StaleUnits::default(),
            lookahead: None,
            depth: 0,
            narrowed: 0,
            stood: StoodTrials::default(),
            trail: Trail::default(),
            solutions: 0,
            without_hidden_singles: false,
        }
    }

    /// Depth first from `state`; returns false once the visitor or the clock stops it. The
    /// state is left as the search left it: its caller takes it back ([`Search::undo_to`]).
    pub(super) fn run(&mut self, state: &mut State, visitor: &mut impl Visitor) -> bool {
        self.stats.nodes += 1;
        if self.stats.nodes - self.nodes_at_last_solution > self.max_nodes {
            self.stopped = Some(Stop::Budget);
            return false;
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stopped = Some(Stop::Deadline);
            return false;
        }
        if !self.propagate(state) || (self.strong && !self.probe(state)) {
            // What a contradiction left queued belongs to this branch only.
            self.queue.clear();
            self.stats.backtracks += 1;
            return true;
        }
        if state.open == 0 {
            self.solutions += 1;
            self.nodes_at_last_solution = self.stats.nodes;
            return visitor.solution(state);
        }
        let Guess {
            branch,
            second_first,
        } = match self.lookahead.take() {
            Some(guess) => guess,
            None => Guess {
                branch: self.narrowest(state),
                second_first: false,
            },
        };
        let mut choices = self.choices(state, branch);
        if let Some(rng) = self.rng.as_deref_mut() {
            choices.shuffle(rng);
        } else if let Some(prefer) = self.prefer {
            let preferred = |&choice: &u8| {
                let (cell, bit) = self.literal(branch, choice);
                bit == 1 << (prefer.get(cell) - 1)
            };
            if let Some(first) = choices.iter().position(preferred) {
                choices[..=first].rotate_right(1);
            }
        } else if second_first {
            choices.reverse();
        }
        let last = choices.len() - 1;
        let mark = self.trail.mark();
        for (i, choice) in choices.into_iter().enumerate() {
            // The last choice is no guess: the others were ruled out.
            if i != last {
                self.stats.guesses += 1;
            }
            let (cell, bit) = self.literal(branch, choice);
            self.restrict(state, cell, bit);
            self.depth += 1;
            // A guess is a level deeper: as many as the grid has open cells (4,096 at 64x64),
            // more than a thread's stack holds there. The stack grows on the heap instead.
            let go_on =
                stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || self.run(state, visitor));
            self.depth -= 1;
            if !go_on {
                return false;
            }
            // After the last choice the state is this node's caller's to take back.
            if i != last {
                self.undo_to(state, mark);
            }
        }
        true
    }

    /// The literals a guess at `branch` tries, in their order before any is put first: a
    /// cell's candidates, lowest value first, or a value's places in the unit, in its order;
    /// each as its index in the branch ([`Search::literal`]).
    pub(super) fn choices(&self, state: &State, branch: Branch) -> Choices {
        match branch {
            Branch::Cell(cell) => bits(state.candidates[cell])
                .map(|bit| bit.trailing_zeros() as u8)
                .collect(),
            Branch::Place(unit, bit) => self
                .placed_at(state, unit, bit)
                .map(|(position, _)| position as u8)
                .collect(),
        }
    }

    /// The literal, a cell and a value's bit, of the choice `choice` of `branch`: the value
    /// of that index for a cell, the cell at that position of the unit for a place.
    pub(super) fn literal(&self, branch: Branch, choice: u8) -> (usize, u64) {
        match branch {
            Branch::Cell(cell) => (cell, 1 << choice),
            Branch::Place(unit, bit) => {
                let cell = self.layout.unit(unit)[usize::from(choice)];
                (usize::from(cell), bit)
            }
        }
    }

    /// The places of the value `bit` in `unit`: its open cells that still have the value.
    pub(super) fn places<'s>(
        &'s self,
        state: &'s State,
        unit: usize,
        bit: u64,
    ) -> impl Iterator<Item = usize> + 's {
        self.placed_at(state, unit, bit).map(|(_, cell)| cell)
    }

    /// [`Search::places`] with the position of each in the unit.
    fn placed_at<'s>(
        &'s self,
        state: &'s State,
        unit: usize,
        bit: u64,
    ) -> impl Iterator<Item = (usize, usize)> + 's {
        let cells = self.layout.unit(unit).iter().map(|&c| usize::from(c));
        cells
            .enumerate()
            .filter(move |&(_, c)| !state.settled[c] && state.candidates[c] & bit != 0)
    }

    /// Where to guess: the open cell with the fewest candidates, or, when fewer, the places
    /// of a value in a unit (the value must go to one of them).
    fn narrowest(&self, state: &State) -> Branch {
        let (mut best, mut fewest) = (Branch::Cell(usize::MAX), u32::MAX);
        for cell in (0..state.candidates.len()).filter(|&c| !state.settled[c]) {
            let count = state.candidates[cell].count_ones();
            if count < fewest {
                (best, fewest) = (Branch::Cell(cell), count);
                if count == 2 {
                    return best;
                }
            }
        }
        if !self.strong {
            return best;
        }
        for u in 0..3 * self.layout.size {
            // The values of the unit's open cells: at a fixed point, a placed value has left
            // every other cell of the unit.
            let open = values_of(self.layout.unit(u), state) & !state.placed[u];
            for bit in bits(open) {
                let places = self.places(state, u, bit).count() as u32;
                if places < fewest {
                    (best, fewest) = (Branch::Place(u, bit), places);
                    if places == 2 {
                        return best;
                    }
                }
            }
        }
        best
    }
}

/// When less than this is left of the stack, a guess goes on in a new stack segment: room
/// for a node's propagation and probing (their only recursion, the matching's augmenting
/// path, is at most 64 small calls deep).
const STACK_RED_ZONE: usize = 64 * 1024;

/// The size of each stack segment a deep search adds.
const STACK_SEGMENT: usize = 1024 * 1024;

/// The literals of a guess as their indices in its branch ([`Search::literal`]), at most one
/// per value or per cell of a unit (64 at the largest size). A byte each in the search's own
/// frame: a node allocates nothing for them, and a deep search's frames stay small (a list of
/// whole literals there took a 64x64 generation's peak memory from 11.9 MB to 18.2 MB).
pub(super) type Choices = ArrayVec<u8, 64>;

// Every level of a search holds its choices: they must stay a few bytes.
const _: () = assert!(std::mem::size_of::<Choices>() <= 72);

/// A guess: every candidate of a cell, or every place of a value in a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    Cell(usize),
    Place(usize, u64),
}

/// The look-ahead's guess: a pair (a cell's two candidates, or a value's two places in a
/// unit), and which of its two literals is tried first. The one whose trial narrows the grid
/// more goes first: on the hard 25x25 set `solve` took 0.78x-0.83x the time for the 18 than
/// with the lower value or the earlier place first (puzzles 1 and 4 twice as fast, 12 from
/// 0.2 s to 1.0-1.4 s), and `count` as long (docs/performance.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Guess {
    /// Where it guesses.
    pub(super) branch: Branch,
    /// Whether the pair's second literal (a cell's higher value, a value's later place in
    /// the unit) goes first.
    pub(super) second_first: bool,
}
