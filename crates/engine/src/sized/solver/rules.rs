//! Propagation: what the rules force from a state, to a fixed point. Naked singles (a settled
//! cell's value leaves its peers), hidden singles, box-line interactions and, in the strong
//! reasoning, all-different arc consistency per unit. Every rule strikes candidates out through
//! [`Search::restrict`], which marks the units it touched stale for every rule (and keeps
//! their fingerprints up to date), and reads only the stale units; all-different and hidden
//! singles also skip a unit all-different has already found consistent as it is, and
//! box-line looks beyond a segment only for values it has not yet dealt with in that state.

use super::bits;
use super::probe::NARROWING;
use super::search::{Search, State};
use super::trail::Change;
use crate::sized::SizedGrid;

/// A set of units (at most 3 x 64), by index.
#[derive(Clone, Copy, Default)]
struct UnitSet([u64; 3]);

impl UnitSet {
    /// Adds `unit` to the set.
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
pub(super) struct StaleUnits {
    hidden_singles: UnitSet,
    box_line: UnitSet,
    all_different: UnitSet,
}

impl<'a> Search<'a> {
    /// Keeps only the `keep` candidates of `cell`, which loses some: its units become stale
    /// for every rule, and it is queued to settle when one is left. False when none is left.
    /// Every rule strikes candidates out through here, so that none forgets the stale units.
    #[inline(always)]
    pub(super) fn restrict(&mut self, state: &mut State, cell: usize, keep: u64) -> bool {
        let before = state.candidates[cell];
        let left = before & keep;
        state.candidates[cell] = left;
        self.trail.record(Change::Candidates {
            cell: cell as u16,
            before,
        });
        self.narrowed +=
            NARROWING[before.count_ones() as usize] - NARROWING[left.count_ones() as usize];
        self.reprint(state, cell, |place| {
            place_print(place, before) ^ place_print(place, left)
        });
        self.touch(cell);
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            self.queue.push(cell as u16);
        }
        true
    }

    /// Updates the fingerprints of `cell`'s units ([`State::prints`]) for a change in what the
    /// cell adds to them: `change` gives, for the cell's place in a unit, what to fold in. Only
    /// the strong reasoning reads them: without it they are left alone (generation's many
    /// small searches ran 10-20% slower for keeping them).
    #[inline(always)]
    pub(super) fn reprint(&self, state: &mut State, cell: usize, change: impl Fn(u8) -> u64) {
        if !self.strong {
            return;
        }
        let layout = self.layout;
        for (&unit, &place) in layout.cell_units[cell]
            .iter()
            .zip(&layout.cell_places[cell])
        {
            state.prints[usize::from(unit)] ^= change(place);
        }
    }

    /// Marks the units of `cell`, whose candidates changed, for every rule to read again.
    #[inline(always)]
    pub(super) fn touch(&mut self, cell: usize) {
        for &unit in &self.layout.cell_units[cell] {
            let unit = usize::from(unit);
            self.stale.hidden_singles.insert(unit);
            self.stale.box_line.insert(unit);
            self.stale.all_different.insert(unit);
        }
    }

    /// The state of `grid`, its givens queued and every unit stale; `None` if two givens
    /// clash.
    pub(super) fn start(&mut self, grid: &SizedGrid) -> Option<State> {
        for cell in 0..grid.cells().len() {
            self.touch(cell);
        }
        let mut state = State {
            candidates: vec![self.all; grid.cells().len()],
            settled: vec![false; grid.cells().len()],
            open: grid.cells().len(),
            placed: vec![0; 3 * self.layout.size],
            prints: vec![0; 3 * self.layout.size],
            box_line_done: vec![0; 6 * self.layout.size],
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
        for cell in 0..state.candidates.len() {
            let candidates = state.candidates[cell];
            self.reprint(&mut state, cell, |place| place_print(place, candidates));
        }
        Some(state)
    }

    /// Keeps only the `allowed` values of each cell, queueing the cells left with one; false
    /// when a cell is left with none.
    pub(super) fn narrow(&mut self, state: &mut State, allowed: Option<&[u64]>) -> bool {
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
    pub(super) fn propagate(&mut self, state: &mut State) -> bool {
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
            let hidden_singles = match self.strong && self.without_hidden_singles {
                true => Some(false),
                false => self.hidden_singles(state),
            };
            match hidden_singles {
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
            self.reprint(state, cell, |place| place_print(place, bit));
            let mut fresh = 0u8;
            for (k, &unit) in self.layout.cell_units[cell].iter().enumerate() {
                let placed = &mut state.placed[usize::from(unit)];
                fresh |= u8::from(*placed & bit == 0) << k;
                *placed |= bit;
            }
            self.trail.record(Change::Settled {
                cell: cell as u16,
                fresh,
            });
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

    /// Whether all-different consistency has already found unit `u`, with the candidates it
    /// has now, consistent (in any node or trial: see [`Search::consistent`]); with the slot
    /// and fingerprint to record it under. Such a unit has no hidden single either: a value
    /// with one place would be in every matching there, and its cell's other candidates gone.
    fn known_consistent(&self, state: &State, u: usize) -> (bool, usize, u64) {
        let fingerprint = state.prints[u] ^ (u as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = fingerprint as usize & (self.consistent.len() - 1);
        (self.consistent[slot] == fingerprint, slot, fingerprint)
    }

    /// Every value with one place left in a stale unit goes there; None when a value has none.
    fn hidden_singles(&mut self, state: &mut State) -> Option<bool> {
        let mut progress = false;
        for u in std::mem::take(&mut self.stale.hidden_singles).iter() {
            if self.strong && self.known_consistent(state, u).0 {
                continue;
            }
            let cells = self.layout.unit(u);
            // Settled cells count too, without a look at their flags: a settled value has
            // left the unit's other cells, so it has one place, and is then left out as
            // placed (which also keeps the loop below off the settled cells).
            let (mut once, mut twice) = (0u64, 0u64);
            for &cell in cells {
                let candidates = state.candidates[usize::from(cell)];
                twice |= once & candidates;
                once |= candidates;
            }
            if once != self.all {
                return None;
            }
            let singles = once & !twice & !state.placed[u];
            if singles == 0 {
                continue;
            }
            for &cell in cells {
                let candidates = state.candidates[usize::from(cell)];
                let here = candidates & singles;
                if here == 0 {
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
    /// with nothing. A value it has dealt with in a unit is kept in
    /// [`State::box_line_done`], and not looked at beyond its segment again.
    fn box_line(&mut self, state: &mut State) -> Option<bool> {
        let mut progress = false;
        let layout = self.layout;
        // Each segment's values, per partition; filled afresh for each unit, as far as it goes.
        let mut values = [[0u64; 64]; 2];
        for u in std::mem::take(&mut self.stale.box_line).iter() {
            self.segment_values(state, u, &mut values);
            for (p, segments) in layout.partitions[u].iter().enumerate() {
                let in_segment = &values[p][..segments.len()];
                let (mut once, mut twice) = (0u64, 0u64);
                for &bits in in_segment {
                    twice |= once & bits;
                    once |= bits;
                }
                // Only the values newly confined: the others have left the cells beyond.
                let done = &mut state.box_line_done[2 * u + p];
                let confined = once & !twice & !state.placed[u] & !*done;
                if confined == 0 {
                    continue;
                }
                self.trail.record(Change::BoxLineDone {
                    index: (2 * u + p) as u32,
                    before: *done,
                });
                *done |= confined;
                for (bits, segment) in in_segment.iter().zip(segments) {
                    let confined = bits & confined;
                    // Most segments hold no confined value: nothing beyond them to read.
                    if confined == 0 {
                        continue;
                    }
                    // Mostly an earlier pass has struck them out already: one look at the
                    // cells beyond together, without a branch a cell, says so.
                    if confined & values_of(&segment.beyond, state) == 0 {
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

    /// The values of each segment of unit `u` ([`Layout::partitions`]), partition by
    /// partition, read in one pass over its cells (settled ones too, as in [`values_of`]): a
    /// segment is a run of [`Layout::run`] cells of the unit, and a box's columns are the
    /// runs' first cells, their second cells, and so on. Reading a box once for both of its
    /// partitions took the hard 25x25 counts 0.98x the time.
    fn segment_values(&self, state: &State, u: usize, values: &mut [[u64; 64]; 2]) {
        let layout = self.layout;
        let cells = layout.unit(u);
        let run = layout.run(u);
        let [runs, columns] = values;
        if layout.is_box(u) {
            columns[..run].fill(0);
            for (segment, row) in runs.iter_mut().zip(cells.chunks_exact(run)) {
                *segment = 0;
                for (column, &cell) in columns.iter_mut().zip(row) {
                    let candidates = state.candidates[usize::from(cell)];
                    *segment |= candidates;
                    *column |= candidates;
                }
            }
        } else {
            for (segment, part) in runs.iter_mut().zip(cells.chunks_exact(run)) {
                *segment = values_of(part, state);
            }
        }
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
        // Room for a unit's open cells, filled afresh for each unit as far as it goes: set up
        // once a call rather than once a unit (each was a call to memset).
        let mut candidates = [0u64; 64];
        let mut place = [0u8; 64];
        let mut owner = [NONE; 64];
        let mut reach = [0u64; 64];
        for u in std::mem::take(&mut self.stale.all_different).iter() {
            let (consistent, slot, fingerprint) = self.known_consistent(state, u);
            if consistent {
                continue;
            }
            let cells = self.layout.unit(u);
            // The open cells only: a settled cell's value is gone from the others already.
            // Written at the next free slot whatever the cell, kept only when it is open:
            // no branch a cell on its flag, which no predictor could guess.
            let mut open = 0;
            for (i, &cell) in cells.iter().enumerate() {
                candidates[open] = state.candidates[usize::from(cell)];
                place[open] = i as u8;
                open += usize::from(!state.settled[usize::from(cell)]);
            }
            if open == 0 {
                continue;
            }
            let candidates = &candidates[..open];
            // owner[v]: the open cell (its index among them) matched to value v. Each cell
            // first takes the value the unit's last matching gave it, if it still can; the
            // others a free value of their own if they have one; the rest need augmenting.
            // Starting from the last matching took four hard 25x25 counts (puzzles 2, 6, 12
            // and 13) 0.90x-0.96x the time, the nodes the same.
            owner.fill(NONE);
            let (mut taken, mut waiting, mut unmatched) = (0u64, 0u64, 0u64);
            let last = &self.last_matchings[u];
            for (i, &c) in candidates.iter().enumerate() {
                let value = last[usize::from(place[i])];
                let bit = 1u64.checked_shl(u32::from(value)).unwrap_or(0);
                if c & bit & !taken != 0 {
                    owner[usize::from(value)] = i as u8;
                    taken |= bit;
                } else {
                    unmatched |= 1 << i;
                }
            }
            for i in bits(unmatched).map(|bit| bit.trailing_zeros() as usize) {
                match candidates[i] & !taken {
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
            // The graph "cell x -> cell y when x has y's matched value", each cell known by
            // its matched value: then a cell's arcs are its candidates as they are, with no
            // graph to build (which took most of this rule's time when cells were numbered
            // by their place).
            let values = candidates.iter().fold(0, |values, &c| values | c);
            // Each cell's value is kept by its place too, for the unit's next matching.
            let mut matched = [0u8; 64];
            let last = &mut self.last_matchings[u];
            for bit in bits(values) {
                let value = bit.trailing_zeros() as usize;
                let cell = usize::from(owner[value]);
                matched[cell] = value as u8;
                last[usize::from(place[cell])] = value as u8;
            }
            let matched = &matched[..open];
            // A graph where every cell reaches every other puts every candidate on an
            // alternating cycle: nothing to strike out, and no closure to work out. So it is
            // for about three units in four that get this far on the hard 25x25 puzzles
            // (430,027 of 564,764 on puzzle 2), and the set's counts took 0.88x the time.
            if strongly_connected(candidates, matched, &owner, values) {
                self.consistent[slot] = fingerprint;
                continue;
            }
            let reach = &mut reach[..open];
            reach.copy_from_slice(candidates);
            for (k, &through_value) in matched.iter().enumerate() {
                let through = reach[k];
                // Without a branch on the bit (a mask of all ones or none): the hard 25x25
                // puzzles ran 12-20% faster for this alone.
                for r in reach.iter_mut() {
                    *r |= through & 0u64.wrapping_sub(*r >> through_value & 1);
                }
            }
            // Two cells reach each other exactly when they reach the same cells (each reaches
            // itself), so a candidate stays when its value's cell reaches what its own does:
            // one comparison, without a branch.
            let mut pruned = false;
            for i in 0..open {
                let keep = bits(candidates[i]).fold(0, |keep, bit| {
                    let j = usize::from(owner[bit.trailing_zeros() as usize]);
                    keep | bit & 0u64.wrapping_sub(u64::from(reach[j] == reach[i]))
                });
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
}

/// The values of `cells`, settled ones too (cheaper than a look at each cell's flag). At a
/// fixed point a settled value has left its unit's other cells, so a reader that wants the
/// open cells' values takes the unit's placed ones out: box-line, to which a settled value
/// looks confined to its segment, and the narrowest guess.
pub(super) fn values_of(cells: &[u16], state: &State) -> u64 {
    cells
        .iter()
        .fold(0, |bits, &cell| bits | state.candidates[usize::from(cell)])
}

/// Whether every cell of a graph reaches every other, each found a step at a time: whether
/// all reach cell 0 and cell 0 reaches all. Cell `i` is known by the bit `label[i]` (at
/// least one cell, each a label of its own), `arcs[i]` holds the labels of the cells it has
/// an arc to (its own among them), `cell_of[l]` is the cell labelled `l`, and `all` holds
/// every label.
fn strongly_connected(arcs: &[u64], label: &[u8], cell_of: &[u8; 64], all: u64) -> bool {
    let start = 1u64 << label[0];
    // Forward from cell 0, a frontier at a time.
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let next = bits(frontier).fold(0, |next, bit| {
            next | arcs[usize::from(cell_of[bit.trailing_zeros() as usize])]
        });
        frontier = next & !seen;
        seen |= next;
    }
    if seen != all {
        return false;
    }
    // Backward to cell 0: the cells with an arc into what reaches it, until none is added.
    let mut back = start;
    loop {
        let grown = arcs.iter().zip(label).fold(back, |grown, (&a, &l)| {
            grown | u64::from(a & back != 0) << l
        });
        if grown == back {
            return back == all;
        }
        back = grown;
    }
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

/// What the open cell at `place` of a unit, with `candidates`, adds to the unit's fingerprint
/// (by exclusive or): a removal or a settling updates it in a few operations.
#[inline(always)]
pub(super) fn place_print(place: u8, candidates: u64) -> u64 {
    let mixed = (candidates ^ u64::from(place).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    mixed ^ mixed >> 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::Shape;
    use crate::sized::SizedGrid;
    use crate::sized::solver::layout::Layout;
    use crate::sized::solver::{Setup, random_puzzle};
    use rand::{RngExt, SeedableRng};

    /// Each unit's fingerprint worked out from its cells, as [`State::prints`] must hold it
    /// after any number of removals and settlings.
    fn prints_from_scratch(layout: &Layout, state: &State) -> Vec<u64> {
        (0..3 * layout.size)
            .map(|u| {
                layout
                    .unit(u)
                    .iter()
                    .enumerate()
                    .fold(0, |print, (place, &cell)| {
                        match state.settled[usize::from(cell)] {
                            true => print,
                            false => {
                                print
                                    ^ place_print(place as u8, state.candidates[usize::from(cell)])
                            }
                        }
                    })
            })
            .collect()
    }

    /// Each unit's settled values read from its cells, as [`State::placed`] must hold them.
    fn placed_from_scratch(layout: &Layout, state: &State) -> Vec<u64> {
        (0..3 * layout.size)
            .map(|u| {
                let cells = layout.unit(u).iter().map(|&c| usize::from(c));
                cells
                    .filter(|&c| state.settled[c])
                    .fold(0, |placed, c| placed | state.candidates[c])
            })
            .collect()
    }

    /// All-different finds every hidden single too, so a search without hidden singles
    /// reaches the same fixed points and grows the same tree: where it does not, some rule
    /// leans on hidden singles to notice what it should notice itself. (A trial's own test
    /// does the same for each trial, where such leaning is seen more often than in a tree.)
    #[test]
    fn a_count_grows_the_same_tree_without_hidden_singles() {
        use crate::sized::solver::search::Counter;
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(13);
        let mut guesses = 0;
        for (shape, emptied) in [
            ("3x3", (3, 5)),
            ("3x4", (3, 5)),
            ("4x4", (1, 2)),
            ("5x5", (1, 2)),
        ] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            for _ in 0..8 {
                let (_, puzzle) = random_puzzle(shape, &mut rng, emptied);
                let tree = |without_hidden_singles: bool| {
                    let mut search = Search::new(&layout, Setup::plain(None));
                    search.without_hidden_singles = without_hidden_singles;
                    let mut counter = Counter {
                        found: 0,
                        limit: 20,
                    };
                    let mut state = search.start(&puzzle).unwrap();
                    search.run(&mut state, &mut counter);
                    let stats = search.stats;
                    (counter.found, stats.nodes, stats.guesses, stats.backtracks)
                };
                let with = tree(false);
                assert_eq!(tree(true), with, "{shape}: {puzzle:?}");
                guesses += with.2;
            }
        }
        assert!(
            guesses > 500,
            "{guesses} guesses: the trees are too small to tell"
        );
    }

    /// Also: the unit fingerprints and settled values kept up to date through propagation, probing and a guess
    /// are the ones read from the cells.
    #[test]
    fn a_fixed_point_over_the_stale_units_is_one_over_all_units() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(11);
        for shape in ["2x3", "3x3", "3x4", "4x4"] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            for _ in 0..30 {
                let (solution, puzzle) = random_puzzle(shape, &mut rng, (3, 5));
                let mut search = Search::new(&layout, Setup::plain(None));
                let mut state = search.start(&puzzle).unwrap();
                assert!(search.propagate(&mut state) && search.probe(&mut state));
                assert_eq!(state.prints, prints_from_scratch(&layout, &state));
                assert_eq!(state.placed, placed_from_scratch(&layout, &state));
                // A guess on a cell, then its fixed point, as a child node reaches it.
                if let Some(cell) = (0..shape.cells()).find(|&c| !state.settled[c]) {
                    let bit = 1u64 << (solution.get(cell) - 1);
                    search.restrict(&mut state, cell, bit);
                    assert!(search.propagate(&mut state));
                    assert_eq!(state.prints, prints_from_scratch(&layout, &state));
                    assert_eq!(state.placed, placed_from_scratch(&layout, &state));
                }
                // Every unit read again, box-line's record of what it has done forgotten,
                // finds nothing more.
                let mut again = state.clone();
                again.box_line_done.fill(0);
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

    #[test]
    fn box_line_leaves_no_value_confined_to_a_box_and_line_with_places_beyond() {
        // The plain rules (no all-different, which would find these too) to a fixed point;
        // then, by hand, for every box, line crossing it and value: places all in the shared
        // cells on one side leave none on the other side.
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        let mut confined = 0;
        for shape in ["2x3", "3x2", "3x3", "3x4", "4x3", "4x4", "5x5"] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            let size = shape.size();
            for _ in 0..20 {
                let (solution, puzzle) = random_puzzle(shape, &mut rng, (3, 5));
                let setup = Setup {
                    strong: false,
                    ..Setup::plain(None)
                };
                let mut search = Search::new(&layout, setup);
                let mut state = search.start(&puzzle).unwrap();
                assert!(search.propagate(&mut state));
                let places = |cells: &[usize], bit: u64| -> Vec<usize> {
                    let open = cells.iter().copied().filter(|&c| !state.settled[c]);
                    open.filter(|&c| state.candidates[c] & bit != 0).collect()
                };
                for cell in 0..shape.cells() {
                    let bit = 1u64 << (solution.get(cell) - 1);
                    assert_ne!(state.candidates[cell] & bit, 0, "the solution kept");
                }
                for b in 0..size {
                    let in_box = |c: usize| shape.box_of(c / size, c % size) == b;
                    let box_cells: Vec<usize> = (0..shape.cells()).filter(|&c| in_box(c)).collect();
                    let lines = (0..size).flat_map(|i| {
                        [
                            (0..size).map(|j| i * size + j).collect::<Vec<_>>(),
                            (0..size).map(|j| j * size + i).collect(),
                        ]
                    });
                    for line in lines.filter(|line| line.iter().any(|&c| in_box(c))) {
                        for bit in (0..size).map(|v| 1u64 << v) {
                            let (in_line, in_box_cells) =
                                (places(&line, bit), places(&box_cells, bit));
                            let shared = |c: &usize| in_box(*c) && line.contains(c);
                            if !in_box_cells.is_empty() && in_box_cells.iter().all(shared) {
                                confined += 1;
                                assert!(in_line.iter().all(shared), "{shape} box {b}: pointing");
                            }
                            if !in_line.is_empty() && in_line.iter().all(shared) {
                                confined += 1;
                                assert!(
                                    in_box_cells.iter().all(shared),
                                    "{shape} box {b}: claiming"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(confined > 1000, "{confined} values confined");
    }

    /// Whether the cells' `candidates` can take distinct values, by trying each value of the
    /// first cell in turn (a reference, not the matching under test).
    fn distinct_values_exist(candidates: &[u64], used: u64) -> bool {
        match candidates.split_first() {
            None => true,
            Some((&first, rest)) => {
                bits(first & !used).any(|bit| distinct_values_exist(rest, used | bit))
            }
        }
    }

    #[test]
    fn all_different_keeps_exactly_the_candidates_some_assignment_uses() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(17);
        let (mut pruned, mut untouched, mut impossible) = (0, 0, 0);
        for case in 0..3000 {
            let shape: Shape = ["2x2", "2x3", "3x3"][case % 3].parse().unwrap();
            let layout = Layout::of(shape);
            let mut search = Search::new(&layout, Setup::plain(None));
            let mut state = search.start(&SizedGrid::empty(shape)).unwrap();
            let unit = rng.random_range(0..3 * layout.size);
            // Narrow candidates make Hall sets, and graphs in pieces; wide ones, none.
            let cells: Vec<usize> = layout.unit(unit).iter().map(|&c| usize::from(c)).collect();
            for &cell in &cells {
                let mut keep = 0;
                for _ in 0..rng.random_range(1..=layout.size) {
                    keep |= 1u64 << rng.random_range(0..layout.size);
                }
                state.candidates[cell] = keep;
            }
            let before: Vec<u64> = cells.iter().map(|&c| state.candidates[c]).collect();
            search.stale = StaleUnits::default();
            search.stale.all_different.insert(unit);
            let result = search.all_different(&mut state);
            if !distinct_values_exist(&before, 0) {
                assert!(result.is_none(), "{before:?}");
                impossible += 1;
                continue;
            }
            assert!(result.is_some(), "{before:?}");
            for (i, &cell) in cells.iter().enumerate() {
                for bit in bits(before[i]) {
                    let mut with_it = before.clone();
                    with_it[i] = bit;
                    let used = distinct_values_exist(&with_it, 0);
                    assert_eq!(state.candidates[cell] & bit != 0, used, "{before:?}");
                }
            }
            let after: Vec<u64> = cells.iter().map(|&c| state.candidates[c]).collect();
            match after == before {
                true => untouched += 1,
                false => pruned += 1,
            }
        }
        assert!(
            pruned > 300 && untouched > 300 && impossible > 300,
            "{pruned} pruned, {untouched} untouched, {impossible} without an assignment"
        );
    }

    #[test]
    fn a_graph_is_strongly_connected_when_its_closure_is_everywhere() {
        use rand::seq::SliceRandom;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(23);
        let (mut connected, mut apart) = (0, 0);
        for _ in 0..5000 {
            let cells = rng.random_range(1..=64usize);
            let arcs = rng.random_range(0..=6 * cells);
            let mut reach: Vec<u64> = (0..cells).map(|i| 1u64 << i).collect();
            for _ in 0..arcs {
                reach[rng.random_range(0..cells)] |= 1u64 << rng.random_range(0..cells);
            }
            // Each cell's closure, one cell through another at a time.
            let mut closure = reach.clone();
            for k in 0..cells {
                for i in 0..cells {
                    if closure[i] >> k & 1 != 0 {
                        closure[i] |= closure[k];
                    }
                }
            }
            let all = u64::MAX >> (64 - cells);
            let expected = closure.iter().all(|&c| c == all);
            // The same graph with its cells known by labels taken at random from 0..64.
            let mut labels: Vec<u8> = (0..64).collect();
            labels.shuffle(&mut rng);
            let label = &labels[..cells];
            let mut cell_of = [u8::MAX; 64];
            for (cell, &l) in label.iter().enumerate() {
                cell_of[usize::from(l)] = cell as u8;
            }
            let arcs: Vec<u64> = reach
                .iter()
                .map(|&r| bits(r).fold(0, |a, bit| a | 1 << label[bit.trailing_zeros() as usize]))
                .collect();
            assert_eq!(
                strongly_connected(&arcs, label, &cell_of, arcs.iter().fold(0, |a, &r| a | r)),
                expected,
                "{reach:?} labelled {label:?}"
            );
            match expected {
                true => connected += 1,
                false => apart += 1,
            }
        }
        assert!(
            connected > 500 && apart > 500,
            "{connected} connected, {apart} apart"
        );
    }
}
