//! The search for grids of any size: candidates as bits of a `u64` per cell. At each node:
//! naked and hidden singles and box-line interactions, to a fixed point; then a guess on the
//! cell with the fewest candidates, depth first. Solving and counting add the strong
//! reasoning: the all-different constraint of every unit made arc consistent (every naked and
//! hidden subset), failed-literal probing of the cells with two candidates (and, near the
//! root, of the values with two places in a unit; deeper once a count has found its first
//! solution and is showing there is no other, or a search has grown large), the guess on the
//! pair whose two trials strike out the most, and otherwise on a value's places in a unit when
//! they are fewer than a cell's candidates. Generation's many small checks go faster without
//! it. Each rule reads only the units that changed since it last looked.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use rand::Rng;
use rand::seq::SliceRandom;

use super::{Shape, SizedGrid};
use crate::error::TimedOut;
use crate::solver::{SearchStats, SolutionCount};

/// The cells of every unit and the peers of every cell, for one shape.
struct Layout {
    size: usize,
    /// Unit `u`'s cells at `units[u * size..][..size]`: rows, then columns, then boxes.
    units: Vec<u16>,
    /// Cell `c`'s peers at `peers[c * peer_count..][..peer_count]`.
    peers: Vec<u16>,
    peer_count: usize,
    /// Each unit's partitions into the segments it shares with the units crossing it: a
    /// line's into the boxes it passes through, a box's into its rows and into its columns.
    partitions: Vec<Vec<Partition>>,
    /// Each cell's row, column and box (unit indices).
    cell_units: Vec<[u16; 3]>,
}

/// A unit cut into segments, each shared with one crossing unit (a box with a line).
type Partition = Vec<Segment>;

/// The cells a unit shares with a crossing unit, and the crossing unit's other cells: a
/// value whose places in the unit all lie in the segment leaves those others (the box-line
/// interactions: pointing when the unit is a box, claiming when it is a line).
struct Segment {
    cells: Vec<u16>,
    beyond: Vec<u16>,
}

thread_local! {
    /// The layouts built so far on this thread: generation searches hundreds of times on one
    /// shape, and a layout costs more to build than an easy search.
    static LAYOUTS: RefCell<HashMap<Shape, Rc<Layout>>> = RefCell::new(HashMap::new());
}

impl Layout {
    /// The layout of `shape`, built once per thread.
    fn of(shape: Shape) -> Rc<Layout> {
        LAYOUTS.with(|layouts| {
            let mut layouts = layouts.borrow_mut();
            Rc::clone(
                layouts
                    .entry(shape)
                    .or_insert_with(|| Rc::new(Layout::new(shape))),
            )
        })
    }

    fn new(shape: Shape) -> Layout {
        let size = shape.size();
        let cell = |row: usize, column: usize| (row * size + column) as u16;
        let mut units = Vec::with_capacity(3 * size * size);
        for row in 0..size {
            units.extend((0..size).map(|column| cell(row, column)));
        }
        for column in 0..size {
            units.extend((0..size).map(|row| cell(row, column)));
        }
        let stacks = size / shape.box_columns();
        for b in 0..size {
            let (top, left) = (
                b / stacks * shape.box_rows(),
                b % stacks * shape.box_columns(),
            );
            for i in 0..size {
                units.push(cell(
                    top + i / shape.box_columns(),
                    left + i % shape.box_columns(),
                ));
            }
        }
        let peer_count = 3 * size - shape.box_rows() - shape.box_columns() - 1;
        let mut peers = Vec::with_capacity(size * size * peer_count);
        for index in 0..size * size {
            let (row, column) = (index / size, index % size);
            let b = shape.box_of(row, column);
            let before = peers.len();
            for other in 0..size * size {
                let (r, c) = (other / size, other % size);
                let seen = r == row || c == column || shape.box_of(r, c) == b;
                if other != index && seen {
                    peers.push(other as u16);
                }
            }
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let mut partitions: Vec<Vec<Partition>> = (0..3 * size)
            .map(|u| match u < 2 * size {
                true => vec![Vec::new()],
                false => vec![Vec::new(), Vec::new()],
            })
            .collect();
        for b in 0..size {
            let box_cells = &units[(2 * size + b) * size..][..size];
            let lines = box_cells
                .iter()
                .map(|&c| usize::from(c) / size)
                .chain(box_cells.iter().map(|&c| size + usize::from(c) % size));
            let mut seen_lines = Vec::new();
            for line in lines {
                if seen_lines.contains(&line) {
                    continue;
                }
                seen_lines.push(line);
                let line_cells = &units[line * size..][..size];
                let shared: Vec<u16> = line_cells
                    .iter()
                    .copied()
                    .filter(|c| box_cells.contains(c))
                    .collect();
                let line_rest = line_cells
                    .iter()
                    .copied()
                    .filter(|c| !box_cells.contains(c))
                    .collect();
                let box_rest = box_cells
                    .iter()
                    .copied()
                    .filter(|c| !line_cells.contains(c))
                    .collect();
                partitions[line][0].push(Segment {
                    cells: shared.clone(),
                    beyond: box_rest,
                });
                // A box's rows make one partition, its columns the other.
                partitions[2 * size + b][usize::from(line >= size)].push(Segment {
                    cells: shared,
                    beyond: line_rest,
                });
            }
        }
        let cell_units = (0..size * size)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                let b = shape.box_of(row, column);
                [row, size + column, 2 * size + b].map(|u| u as u16)
            })
            .collect();
        Layout {
            size,
            units,
            peers,
            peer_count,
            partitions,
            cell_units,
        }
    }

    fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.size..][..self.size]
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..][..self.peer_count]
    }
}

/// Candidates of every cell, and which cells are settled (their value taken from their peers).
#[derive(Clone)]
struct State {
    candidates: Vec<u64>,
    settled: Vec<bool>,
    open: usize,
}

/// A set of units (at most 3 x 64), by index.
#[derive(Clone, Copy, Default)]
struct UnitSet([u64; 3]);

impl UnitSet {
    fn insert(&mut self, unit: usize) {
        self.0[unit / 64] |= 1 << (unit % 64);
    }

    /// The units in the set, lowest first.
    fn iter(self) -> impl Iterator<Item = usize> {
        (0..3).flat_map(move |word| {
            bits(self.0[word]).map(move |bit| word * 64 + bit.trailing_zeros() as usize)
        })
    }
}

/// The units whose cells lost candidates since each rule last looked at them: a rule reads
/// only those, since a unit it found nothing in, unchanged, still has nothing for it. At a
/// fixed point the sets of the rules that ran are empty (all-different runs only in the
/// strong reasoning; without it, its set just fills).
#[derive(Clone, Copy, Default)]
struct StaleUnits {
    hidden_singles: UnitSet,
    box_line: UnitSet,
    all_different: UnitSet,
}

/// What a search does with each solution, and when it stops.
trait Visitor {
    /// Called with each solution; returns false to stop the search.
    fn solution(&mut self, state: &State) -> bool;
}

struct First(Option<Vec<u64>>);

impl Visitor for First {
    fn solution(&mut self, state: &State) -> bool {
        self.0 = Some(state.candidates.clone());
        false
    }
}

struct Counter {
    found: u64,
    limit: u64,
}

impl Visitor for Counter {
    fn solution(&mut self, _: &State) -> bool {
        self.found += 1;
        self.found < self.limit
    }
}

/// A search in progress: the layout, the cells waiting to be settled, the clock.
struct Search<'a, R> {
    layout: &'a Layout,
    all: u64,
    queue: Vec<u16>,
    deadline: Option<Instant>,
    max_nodes: u64,
    stats: SearchStats,
    /// Fingerprints of units (their index and candidates) that all-different consistency has
    /// already left unchanged: met again, in another node or probe, they are skipped. A
    /// direct-mapped table; a clash of fingerprints only skips some reasoning, never adds any.
    consistent: Vec<u64>,
    timed_out: bool,
    /// Shuffles the order in which a cell's candidates are tried, when set.
    rng: Option<&'a mut R>,
    /// The strong reasoning at every node: all-different arc consistency
    /// ([`Search::all_different`]), probing ([`Search::probe`]), and guesses on a value's
    /// places in a unit as well as on a cell's candidates. It pays on hard puzzles and costs
    /// on easy ones (the many small checks of generation).
    strong: bool,
    /// What each rule has still to read (see [`StaleUnits`]).
    stale: StaleUnits,
    /// Where the last probing found it best to guess (see [`Search::probe`]).
    lookahead: Option<Branch>,
    /// How many guesses lie between the root and the node being searched.
    depth: u32,
    /// Candidates struck out since this was last set to zero: what a probe's trial strikes
    /// out, counted where every removal passes ([`Search::restrict`]).
    struck_out: u64,
    /// Solutions found so far. After the first, what is left of a count of a puzzle with one
    /// solution is all refutation, and probing places deeper pays there (see
    /// [`Search::place_probing_levels`]).
    solutions: u64,
}

impl<'a, R: Rng> Search<'a, R> {
    /// A search on `layout`'s grids as `setup` asks (its clock, randomness, node budget and
    /// reasoning), not started.
    fn new(layout: &'a Layout, setup: Setup<'a, R>) -> Search<'a, R> {
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
            stats: SearchStats::default(),
            consistent: match setup.strong {
                true if size > 16 => vec![0; 1 << 16],
                true => vec![0; 1 << 10],
                false => vec![0; 1],
            },
            timed_out: false,
            rng: setup.rng,
            strong: setup.strong,
            stale: StaleUnits::default(),
            lookahead: None,
            depth: 0,
            struck_out: 0,
            solutions: 0,
        }
    }

    /// Keeps only the `keep` candidates of `cell`, which loses some: its units become stale
    /// for every rule, and it is queued to settle when one is left. False when none is left.
    /// Every rule strikes candidates out through here, so that none forgets the stale units.
    #[inline(always)]
    fn restrict(&mut self, state: &mut State, cell: usize, keep: u64) -> bool {
        let before = state.candidates[cell];
        let left = before & keep;
        state.candidates[cell] = left;
        self.struck_out += u64::from((before ^ left).count_ones());
        self.touch(cell);
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            self.queue.push(cell as u16);
        }
        true
    }

    /// Marks the units of `cell`, whose candidates changed, for every rule to read again.
    #[inline(always)]
    fn touch(&mut self, cell: usize) {
        for &unit in &self.layout.cell_units[cell] {
            let unit = usize::from(unit);
            self.stale.hidden_singles.insert(unit);
            self.stale.box_line.insert(unit);
            self.stale.all_different.insert(unit);
        }
    }

    /// The state of `grid`, its givens queued and every unit stale; `None` if two givens
    /// clash.
    fn start(&mut self, grid: &SizedGrid) -> Option<State> {
        for cell in 0..grid.cells().len() {
            self.touch(cell);
        }
        let mut state = State {
            candidates: vec![self.all; grid.cells().len()],
            settled: vec![false; grid.cells().len()],
            open: grid.cells().len(),
        };
        for (index, &value) in grid.cells().iter().enumerate() {
            if value != 0 {
                let bit = 1u64 << (value - 1);
                if state.candidates[index] & bit == 0 {
                    return None;
                }
                state.candidates[index] = bit;
                self.queue.push(index as u16);
            }
        }
        Some(state)
    }

    /// Keeps only the `allowed` values of each cell, queueing the cells left with one; false
    /// when a cell is left with none.
    fn narrow(&mut self, state: &mut State, allowed: Option<&[u64]>) -> bool {
        let Some(allowed) = allowed else {
            return true;
        };
        (0..state.candidates.len()).all(|cell| {
            state.candidates[cell] & !allowed[cell] == 0
                || self.restrict(state, cell, allowed[cell])
        })
    }

    /// Propagates to a fixed point; false on a contradiction (the work left stale then
    /// belongs to the abandoned state and is dropped).
    fn propagate(&mut self, state: &mut State) -> bool {
        let consistent = self.propagate_to_fixed_point(state);
        if !consistent {
            self.stale = StaleUnits::default();
        }
        consistent
    }

    fn propagate_to_fixed_point(&mut self, state: &mut State) -> bool {
        loop {
            if !self.settle_queued(state) {
                return false;
            }
            match self.hidden_singles(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.box_line(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.strong {
                return true;
            }
            match self.all_different(state) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Removes each queued cell's value from its peers, queueing the peers left with one.
    fn settle_queued(&mut self, state: &mut State) -> bool {
        while let Some(cell) = self.queue.pop() {
            let cell = usize::from(cell);
            if state.settled[cell] {
                continue;
            }
            state.settled[cell] = true;
            state.open -= 1;
            let bit = state.candidates[cell];
            for &peer in self.layout.peers(cell) {
                let peer = usize::from(peer);
                if state.candidates[peer] & bit != 0 && !self.restrict(state, peer, !bit) {
                    self.queue.clear();
                    return false;
                }
            }
        }
        true
    }

    /// Every value with one place left in a stale unit goes there; None when a value has none.
    fn hidden_singles(&mut self, state: &mut State) -> Option<bool> {
        let mut progress = false;
        for u in std::mem::take(&mut self.stale.hidden_singles).iter() {
            let cells = self.layout.unit(u);
            // Settled cells' values are gone from the open cells: only the open ones count.
            let (mut once, mut twice, mut settled) = (0u64, 0u64, 0u64);
            for &cell in cells {
                let candidates = state.candidates[usize::from(cell)];
                if state.settled[usize::from(cell)] {
                    settled |= candidates;
                } else {
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            if once | settled != self.all {
                return None;
            }
            let singles = once & !twice;
            if singles == 0 {
                continue;
            }
            for &cell in cells {
                let candidates = state.candidates[usize::from(cell)];
                let here = candidates & singles;
                if here == 0 || state.settled[usize::from(cell)] {
                    continue;
                }
                // Two values with this cell as their only place: a contradiction.
                if here & (here - 1) != 0 {
                    return None;
                }
                if candidates != here {
                    self.restrict(state, usize::from(cell), here);
                    progress = true;
                }
            }
        }
        Some(progress)
    }

    /// Box-line interactions, read in the stale units: a value whose places in a box all lie
    /// on one line leaves the rest of that line (pointing), and one whose places in a line
    /// all lie in one box leaves the rest of that box (claiming). None when a cell is left
    /// with nothing.
    fn box_line(&mut self, state: &mut State) -> Option<bool> {
        let mut progress = false;
        let open_bits = |cells: &[u16], state: &State| {
            cells
                .iter()
                .filter(|&&c| !state.settled[usize::from(c)])
                .fold(0u64, |bits, &c| bits | state.candidates[usize::from(c)])
        };
        let layout = self.layout;
        for u in std::mem::take(&mut self.stale.box_line).iter() {
            for segments in &layout.partitions[u] {
                let mut in_segment = [0u64; 64];
                let (mut once, mut twice) = (0u64, 0u64);
                for (bits, segment) in in_segment.iter_mut().zip(segments) {
                    *bits = open_bits(&segment.cells, state);
                    twice |= once & *bits;
                    once |= *bits;
                }
                let confined = once & !twice;
                if confined == 0 {
                    continue;
                }
                for (bits, segment) in in_segment.iter().zip(segments) {
                    let confined = bits & confined;
                    if confined == 0 {
                        continue;
                    }
                    for &cell in &segment.beyond {
                        let cell = usize::from(cell);
                        if state.settled[cell] || state.candidates[cell] & confined == 0 {
                            continue;
                        }
                        progress = true;
                        if !self.restrict(state, cell, !confined) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(progress)
    }

    /// Every candidate that no assignment of the unit's values to its cells uses goes (the
    /// all-different constraint made arc consistent, after Régin): a perfect matching of cells
    /// to values is found; a candidate outside it stays only if it lies on an alternating
    /// cycle, that is when its cell and the cell matched to its value reach each other in the
    /// graph "cell x -> cell y when x has y's matched value". This finds every naked and
    /// hidden subset at once. None when a unit has no perfect matching.
    fn all_different(&mut self, state: &mut State) -> Option<bool> {
        const NONE: u8 = u8::MAX;
        let mut progress = false;
        for u in std::mem::take(&mut self.stale.all_different).iter() {
            let cells = self.layout.unit(u);
            // The open cells only: a settled cell's value is gone from the others already.
            let mut candidates = [0u64; 64];
            let mut place = [0u8; 64];
            let mut open = 0;
            let mut fingerprint = (u as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for (i, &cell) in cells.iter().enumerate() {
                if state.settled[usize::from(cell)] {
                    continue;
                }
                candidates[open] = state.candidates[usize::from(cell)];
                place[open] = i as u8;
                fingerprint = (fingerprint ^ candidates[open] ^ (i as u64) << 58)
                    .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
                    .rotate_left(29);
                open += 1;
            }
            let slot = fingerprint as usize & (self.consistent.len() - 1);
            if open == 0 || self.consistent[slot] == fingerprint {
                continue;
            }
            let candidates = &candidates[..open];
            // owner[v]: the open cell (its index among them) matched to value v. Each cell
            // first takes a free value of its own if it has one; the others need augmenting.
            let mut owner = [NONE; 64];
            let (mut taken, mut waiting) = (0u64, 0u64);
            for (i, &c) in candidates.iter().enumerate() {
                match c & !taken {
                    0 => waiting |= 1 << i,
                    free => {
                        owner[free.trailing_zeros() as usize] = i as u8;
                        taken |= free & free.wrapping_neg();
                    }
                }
            }
            for i in bits(waiting) {
                let mut visited = 0u64;
                if !augment(
                    i.trailing_zeros() as usize,
                    candidates,
                    &mut owner,
                    &mut visited,
                ) {
                    return None;
                }
            }
            let mut reach = [0u64; 64];
            for i in 0..open {
                reach[i] = bits(candidates[i]).fold(1u64 << i, |r, bit| {
                    r | 1u64 << owner[bit.trailing_zeros() as usize]
                });
            }
            for k in 0..open {
                let through = reach[k];
                // Without a branch on the bit (a mask of all ones or none): the hard 25x25
                // puzzles ran 12-20% faster for this alone.
                for r in reach[..open].iter_mut() {
                    *r |= through & 0u64.wrapping_sub(*r >> k & 1);
                }
            }
            let mut pruned = false;
            for i in 0..open {
                let keep = bits(candidates[i])
                    .filter(|bit| {
                        let j = usize::from(owner[bit.trailing_zeros() as usize]);
                        j == i || (reach[i] >> j & 1 != 0 && reach[j] >> i & 1 != 0)
                    })
                    .fold(0, |keep, bit| keep | bit);
                if keep != candidates[i] {
                    // Never empty: the value matched to the cell stays.
                    self.restrict(state, usize::from(cells[usize::from(place[i])]), keep);
                    pruned = true;
                }
            }
            if pruned {
                progress = true;
            } else {
                self.consistent[slot] = fingerprint;
            }
        }
        Some(progress)
    }

    /// Depth first from `state`; returns false once the visitor or the clock stops it.
    fn run(&mut self, mut state: State, visitor: &mut impl Visitor) -> bool {
        self.stats.nodes += 1;
        if self.stats.nodes > self.max_nodes
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.timed_out = true;
            return false;
        }
        if !self.propagate(&mut state) || (self.strong && !self.probe(&mut state)) {
            // What a contradiction left queued belongs to this branch only.
            self.queue.clear();
            self.stats.backtracks += 1;
            return true;
        }
        if state.open == 0 {
            self.solutions += 1;
            return visitor.solution(&state);
        }
        let branch = match self.lookahead.take() {
            Some(branch) => branch,
            None => self.narrowest(&state),
        };
        let mut choices: Vec<(usize, u64)> = match branch {
            Branch::Cell(cell) => bits(state.candidates[cell])
                .map(|bit| (cell, bit))
                .collect(),
            Branch::Place(unit, bit) => self
                .layout
                .unit(unit)
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| state.candidates[c] & bit != 0)
                .map(|c| (c, bit))
                .collect(),
        };
        if let Some(rng) = self.rng.as_deref_mut() {
            choices.shuffle(rng);
        }
        let last = choices.len() - 1;
        let mut state = Some(state);
        for (i, (cell, bit)) in choices.into_iter().enumerate() {
            // The last choice is no guess: the others were ruled out.
            let mut next = if i == last {
                state.take().expect("kept for the last choice")
            } else {
                self.stats.guesses += 1;
                state.clone().expect("kept until the last choice")
            };
            self.restrict(&mut next, cell, bit);
            self.depth += 1;
            let go_on = self.run(next, visitor);
            self.depth -= 1;
            if !go_on {
                return false;
            }
        }
        true
    }

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
    fn probe(&mut self, state: &mut State) -> bool {
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
            let cells = self.layout.unit(u);
            let open = cells
                .iter()
                .filter(|&&c| !state.settled[usize::from(c)])
                .fold(0u64, |bits, &c| bits | state.candidates[usize::from(c)]);
            for bit in bits(open) {
                let places = cells
                    .iter()
                    .filter(|&&c| state.candidates[usize::from(c)] & bit != 0)
                    .count() as u32;
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

/// A guess: every candidate of a cell, or every place of a value in a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    Cell(usize),
    Place(usize, u64),
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

/// Kuhn's augmenting path from cell `i` of a unit: true when `i` got a value, possibly by
/// moving other cells to other values of theirs.
fn augment(i: usize, candidates: &[u64], owner: &mut [u8; 64], visited: &mut u64) -> bool {
    loop {
        let free = candidates[i] & !*visited;
        if free == 0 {
            return false;
        }
        let value = free.trailing_zeros() as usize;
        *visited |= 1 << value;
        let holder = owner[value];
        if holder == u8::MAX || augment(usize::from(holder), candidates, owner, visited) {
            owner[value] = i as u8;
            return true;
        }
    }
}

/// The single bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

/// How a search runs, beyond its grid and visitor.
struct Setup<'a, R> {
    deadline: Option<Instant>,
    /// Shuffles the guesses, when set.
    rng: Option<&'a mut R>,
    /// A value an empty cell must not take.
    exclude: Option<(usize, u8)>,
    /// The values each cell may take (bit `v - 1` for value `v`), when narrower than the
    /// grid's rules: a state with candidates struck out.
    allowed: Option<&'a [u64]>,
    /// Use the strong reasoning (see [`Search::strong`]).
    strong: bool,
    /// Give up (as on a deadline) after this many nodes, if set.
    max_nodes: Option<u64>,
}

impl Setup<'_, rand::rngs::ThreadRng> {
    /// A plain search: probing, no randomness, no exclusion.
    fn plain(deadline: Option<Instant>) -> Self {
        Setup {
            deadline,
            rng: None,
            exclude: None,
            allowed: None,
            strong: true,
            max_nodes: None,
        }
    }
}

/// Runs a search over `grid`, adding its work to `stats`; Err when the deadline passed first.
fn search_measured<V: Visitor, R: Rng>(
    grid: &SizedGrid,
    visitor: &mut V,
    setup: Setup<'_, R>,
    stats: &mut SearchStats,
) -> Result<(), TimedOut> {
    let layout = Layout::of(grid.shape());
    let (exclude, allowed) = (setup.exclude, setup.allowed);
    let mut search = Search::new(&layout, setup);
    if let Some(mut state) = search.start(grid) {
        let excluded = match exclude {
            Some((cell, value)) => search.restrict(&mut state, cell, !(1u64 << (value - 1))),
            None => true,
        };
        if excluded && search.narrow(&mut state, allowed) {
            search.run(state, visitor);
        }
    }
    stats.guesses += search.stats.guesses;
    stats.backtracks += search.stats.backtracks;
    stats.nodes += search.stats.nodes;
    match search.timed_out {
        true => Err(TimedOut),
        false => Ok(()),
    }
}

/// Runs a search over `grid`; Err when the deadline passed first.
fn search<V: Visitor, R: Rng>(
    grid: &SizedGrid,
    visitor: &mut V,
    setup: Setup<'_, R>,
) -> Result<(), TimedOut> {
    search_measured(grid, visitor, setup, &mut SearchStats::default())
}

/// The grid of `candidates`, each a single bit.
fn grid_of(shape: Shape, candidates: &[u64]) -> SizedGrid {
    let values = candidates
        .iter()
        .map(|c| c.trailing_zeros() as u8 + 1)
        .collect();
    SizedGrid::from_values(shape, values).expect("values fit the shape")
}

/// The first solution of `puzzle`, if it has one.
pub fn solve(puzzle: &SizedGrid) -> Option<SizedGrid> {
    solve_before(puzzle, None).expect("no deadline")
}

/// Like [`solve`], giving up once `deadline` (if any) has passed.
pub fn solve_before(
    puzzle: &SizedGrid,
    deadline: Option<Instant>,
) -> Result<Option<SizedGrid>, TimedOut> {
    solve_measured(puzzle, deadline, &mut SearchStats::default())
}

/// Like [`solve_before`], adding the work done (up to the answer or the deadline) to `stats`.
pub fn solve_measured(
    puzzle: &SizedGrid,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<SizedGrid>, TimedOut> {
    let mut first = First(None);
    search_measured(puzzle, &mut first, Setup::plain(deadline), stats)?;
    Ok(first.0.map(|c| grid_of(puzzle.shape(), &c)))
}

/// Counts the solutions of `puzzle`, stopping at `limit`.
pub fn count_solutions(puzzle: &SizedGrid, limit: u64) -> SolutionCount {
    count_solutions_before(puzzle, limit, None).expect("no deadline")
}

/// Like [`count_solutions`], giving up once `deadline` (if any) has passed.
pub fn count_solutions_before(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
) -> Result<SolutionCount, TimedOut> {
    count_measured(puzzle, limit, deadline, &mut SearchStats::default())
}

/// Like [`count_solutions_before`], adding the work done (up to the answer or the deadline) to
/// `stats`.
pub fn count_measured(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    let mut counter = Counter {
        found: 0,
        limit: limit.max(1),
    };
    search_measured(puzzle, &mut counter, Setup::plain(deadline), stats)?;
    Ok(SolutionCount {
        found: counter.found,
        limit_reached: counter.found >= counter.limit,
    })
}

/// Counts the solutions of `puzzle` in which every cell, givens included, takes one of its
/// `allowed` values (bit `v - 1` for value `v`, one word per cell), stopping at `limit`: the
/// solutions left to a state with candidates struck out.
pub fn count_solutions_within(puzzle: &SizedGrid, allowed: &[u64], limit: u64) -> SolutionCount {
    assert_eq!(allowed.len(), puzzle.cells().len(), "one word per cell");
    let mut counter = Counter {
        found: 0,
        limit: limit.max(1),
    };
    let setup = Setup::<rand::rngs::ThreadRng> {
        allowed: Some(allowed),
        ..Setup::plain(None)
    };
    search(puzzle, &mut counter, setup).expect("no deadline");
    SolutionCount {
        found: counter.found,
        limit_reached: counter.found >= counter.limit,
    }
}

/// The first solution of `puzzle` in which every cell takes one of its `allowed` values (see
/// [`count_solutions_within`]), if it has one.
pub fn solve_within(puzzle: &SizedGrid, allowed: &[u64]) -> Option<SizedGrid> {
    assert_eq!(allowed.len(), puzzle.cells().len(), "one word per cell");
    let mut first = First(None);
    let setup = Setup::<rand::rngs::ThreadRng> {
        allowed: Some(allowed),
        ..Setup::plain(None)
    };
    search(puzzle, &mut first, setup).expect("no deadline");
    first.0.map(|c| grid_of(puzzle.shape(), &c))
}

/// A solution of `puzzle` drawn at random (the candidates of each guess tried in a random
/// order), if it has one.
pub fn random_solution(puzzle: &SizedGrid, rng: &mut impl Rng) -> Option<SizedGrid> {
    let mut first = First(None);
    let setup = Setup {
        deadline: None,
        rng: Some(rng),
        exclude: None,
        allowed: None,
        strong: false,
        max_nodes: None,
    };
    search(puzzle, &mut first, setup).expect("no deadline");
    first.0.map(|c| grid_of(puzzle.shape(), &c))
}

/// Whether `puzzle` has a solution with another value than `value` in the empty `cell`
/// (emptying a cell of a unique puzzle keeps it unique exactly when it has none), found
/// within `max_nodes` nodes and before `deadline`; Err when either ran out first.
pub(super) fn solvable_without(
    puzzle: &SizedGrid,
    (cell, value): (usize, u8),
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<bool, TimedOut> {
    let mut first = First(None);
    let setup = Setup::<rand::rngs::ThreadRng> {
        deadline,
        rng: None,
        exclude: Some((cell, value)),
        allowed: None,
        strong: false,
        max_nodes: Some(max_nodes),
    };
    search(puzzle, &mut first, setup)?;
    Ok(first.0.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution by plain backtracking, for small grids.
    fn slow_count(grid: &mut SizedGrid, limit: u64) -> u64 {
        let Some(empty) = grid.cells().iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut found = 0;
        for value in 1..=grid.shape().size() as u8 {
            grid.set(empty, value);
            if grid.first_conflict().is_none() {
                found += slow_count(grid, limit - found);
            }
            grid.set(empty, 0);
            if found >= limit {
                break;
            }
        }
        found
    }

    #[test]
    fn counts_agree_with_plain_backtracking_on_small_grids() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        for shape in ["2x2", "2x3", "3x2"] {
            let shape: Shape = shape.parse().unwrap();
            for blanks in [4, 8, 12, 16, 20, 24, 30] {
                let solution = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut puzzle = solution.clone();
                let mut cells: Vec<usize> = (0..shape.cells()).collect();
                cells.shuffle(&mut rng);
                for &cell in cells.iter().take(blanks.min(shape.cells())) {
                    puzzle.set(cell, 0);
                }
                let count = count_solutions(&puzzle, 50);
                assert_eq!(
                    count.found,
                    slow_count(&mut puzzle.clone(), 50),
                    "{shape} {blanks}"
                );
                let solved = solve(&puzzle).unwrap();
                assert!(solved.is_solution_of(&puzzle));
            }
        }
    }

    #[test]
    fn counts_within_allowed_values_agree_with_plain_backtracking() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(8);
        for shape in ["2x2", "2x3"] {
            let shape: Shape = shape.parse().unwrap();
            let all = (1u64 << shape.size()) - 1;
            for _ in 0..40 {
                let solution = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut puzzle = solution.clone();
                for cell in 0..shape.cells() {
                    if rng.next_u32() % 3 != 0 {
                        puzzle.set(cell, 0);
                    }
                }
                // Strike out a few values at random, the solution's own among them at times.
                let allowed: Vec<u64> = (0..shape.cells())
                    .map(|_| all & !(1u64 << (rng.next_u32() as usize % shape.size())))
                    .collect();
                let givens_allowed = (0..shape.cells())
                    .all(|c| puzzle.get(c) == 0 || allowed[c] >> (puzzle.get(c) - 1) & 1 == 1);
                let expected = match givens_allowed {
                    true => slow_count_within(&mut puzzle.clone(), &allowed, 50),
                    false => 0,
                };
                let count = count_solutions_within(&puzzle, &allowed, 50);
                assert_eq!(count.found, expected);
                match solve_within(&puzzle, &allowed) {
                    Some(found) => {
                        assert!(found.is_solution_of(&puzzle));
                        let kept =
                            (0..shape.cells()).all(|c| allowed[c] >> (found.get(c) - 1) & 1 == 1);
                        assert!(kept);
                    }
                    None => assert_eq!(expected, 0),
                }
            }
        }
    }

    proptest::proptest! {
        /// On 9x9 grids the engine of other sizes (all-different, probing, look-ahead
        /// guesses) must count what the 9x9 engine, a separate design, counts: grids with
        /// several solutions (a solution with cells emptied), with one or none (one given
        /// changed too), and sparse grids of random givens.
        #[test]
        fn counts_on_9x9_agree_with_the_9x9_engine(
            seed in 0u64..u64::MAX,
            blanks in 30usize..75,
            changed in proptest::bool::ANY,
            scattered in proptest::bool::ANY,
        ) {
            use rand::{RngExt, SeedableRng};
            let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
            let shape: Shape = "3x3".parse().unwrap();
            let mut puzzle = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(&mut rng);
            for &cell in &cells[..blanks] {
                puzzle.set(cell, 0);
            }
            if scattered {
                // Every given moves to a random cell with a random value, clashes left out.
                let mut sparse = SizedGrid::empty(shape);
                for _ in 0..81 - blanks {
                    let (cell, value) = (rng.random_range(0..81), rng.random_range(1..=9u8));
                    sparse.set(cell, value);
                    if sparse.first_conflict().is_some() {
                        sparse.set(cell, 0);
                    }
                }
                puzzle = sparse;
            } else if changed {
                let cell = cells[blanks];
                puzzle.set(cell, puzzle.get(cell) % 9 + 1);
            }
            let nine = crate::Grid::from_cells(puzzle.cells().try_into().unwrap()).unwrap();
            let expected = crate::solver::count_solutions(&nine, 30).found;
            proptest::prop_assert_eq!(count_solutions(&puzzle, 30).found, expected);
            match solve(&puzzle) {
                Some(found) => proptest::prop_assert!(found.is_solution_of(&puzzle)),
                None => proptest::prop_assert_eq!(expected, 0),
            }
        }
    }

    /// Like [`slow_count`], each empty cell taking only its allowed values.
    fn slow_count_within(grid: &mut SizedGrid, allowed: &[u64], limit: u64) -> u64 {
        let Some(empty) = grid.cells().iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut found = 0;
        for value in 1..=grid.shape().size() as u8 {
            if allowed[empty] >> (value - 1) & 1 == 0 {
                continue;
            }
            grid.set(empty, value);
            if grid.first_conflict().is_none() {
                found += slow_count_within(grid, allowed, limit - found);
            }
            grid.set(empty, 0);
            if found >= limit {
                break;
            }
        }
        found
    }

    #[test]
    fn a_fixed_point_over_the_stale_units_is_one_over_all_units() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(11);
        for shape in ["2x3", "3x3", "3x4", "4x4"] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            for _ in 0..30 {
                let solution = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut puzzle = solution.clone();
                for cell in 0..shape.cells() {
                    if rng.next_u32() % 5 < 3 {
                        puzzle.set(cell, 0);
                    }
                }
                let mut search = Search::new(&layout, Setup::plain(None));
                let mut state = search.start(&puzzle).unwrap();
                assert!(search.propagate(&mut state) && search.probe(&mut state));
                // A guess on a cell, then its fixed point, as a child node reaches it.
                if let Some(cell) = (0..shape.cells()).find(|&c| !state.settled[c]) {
                    let bit = 1u64 << (solution.get(cell) - 1);
                    search.restrict(&mut state, cell, bit);
                    assert!(search.propagate(&mut state));
                }
                // Every unit read again finds nothing more.
                let mut again = state.clone();
                for cell in 0..shape.cells() {
                    search.touch(cell);
                }
                assert!(search.propagate(&mut again));
                assert_eq!(again.candidates, state.candidates, "{shape}");
                for cell in 0..shape.cells() {
                    let bit = 1u64 << (solution.get(cell) - 1);
                    assert_ne!(state.candidates[cell] & bit, 0, "the solution kept");
                }
            }
        }
    }

    /// A search on puzzles/gecode_25x25_one.txt, and its root state propagated (not probed).
    fn the_25x25_sample_propagated(layout: &Layout) -> (Search<'_, rand::rngs::ThreadRng>, State) {
        let text = include_str!("../../../../puzzles/gecode_25x25_one.txt");
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

    #[test]
    fn the_empty_4x4_has_288_solutions() {
        let count = count_solutions(&SizedGrid::empty("2x2".parse().unwrap()), 1000);
        assert_eq!((count.found, count.limit_reached), (288, false));
    }

    #[test]
    fn a_clash_has_no_solution() {
        let (grid, _) = SizedGrid::parse("11..............", None, None).unwrap();
        assert_eq!(solve(&grid), None);
        assert_eq!(count_solutions(&grid, 2).found, 0);
    }
}
