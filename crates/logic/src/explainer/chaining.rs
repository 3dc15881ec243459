//! Sudoku Explainer's chains: cycles and forcing chains (6.5-7.0 and up), Nishio (7.5),
//! multiple (8.0), dynamic (8.5) and dynamic (+) (9.0) forcing chains, searched, measured and
//! chosen as it does.
//!
//! A chain is a graph of potentials (a value in a cell, on or off), each remembering what made
//! it so. A step's difficulty is its rule's base plus 0.1 for each threshold (4, 6, 8, 12, 16,
//! 24, ...) its complexity minus 2 exceeds; its complexity is how many different potentials its
//! chains rest on. Of all the steps a rule finds, the easiest, then the least complex, then by
//! kind, then the first found, is taken.

use std::collections::VecDeque;

use super::Hint;
use super::basic::{self, Pattern, Visit};
use super::grid::{Board, Cell, KINDS, Region, bits, has_two, house_cells, values_of};

/// The chain searches, in Sudoku Explainer's order of techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Cycles and single forcing chains (X, Y and XY), 6.5-7.0 plus length.
    Unary,
    /// Nishio forcing chains, 7.5 plus length.
    Nishio,
    /// Cell and region forcing chains, 8.0 plus length.
    Multiple,
    /// Dynamic forcing chains, 8.5 plus length.
    Dynamic,
    /// Dynamic forcing chains that also use intersections, pairs and X-Wings, 9.0 plus length.
    DynamicPlus,
}

impl Rule {
    fn multiple(self) -> bool {
        matches!(self, Rule::Multiple | Rule::Dynamic | Rule::DynamicPlus)
    }

    fn dynamic(self) -> bool {
        matches!(self, Rule::Nishio | Rule::Dynamic | Rule::DynamicPlus)
    }

    fn nishio(self) -> bool {
        self == Rule::Nishio
    }

    fn level(self) -> u32 {
        u32::from(self == Rule::DynamicPlus)
    }

    fn difficulty(self) -> u32 {
        match self {
            Rule::Unary => 0,
            Rule::Nishio => 75,
            Rule::Multiple => 80,
            Rule::Dynamic => 85,
            Rule::DynamicPlus => 90,
        }
    }
}

/// The step `rule` gives at `board`, if it finds any.
pub fn chains(board: &Board, rule: Rule) -> Option<Hint> {
    let mut search = Search::new(board, rule);
    if rule == Rule::Unary {
        // X-cycles and chains, then Y-cycles, then XY: (y, x).
        for (y, x) in [(false, true), (true, false), (true, true)] {
            search.loops(y, x);
        }
    } else {
        search.multiple_chains();
    }
    search.best()
}

const NONE: u32 = u32::MAX;
const KEYS: usize = 81 * 9 * 2;

/// A potential: `value` in `cell`, on or off.
#[derive(Clone, Copy)]
struct Node {
    cell: u8,
    value: u8,
    on: bool,
    parents_start: u32,
    parents_len: u32,
}

fn key_of(cell: Cell, value: u8, on: bool) -> usize {
    (cell * 9 + value as usize - 1) * 2 + usize::from(on)
}

/// Every potential made in one search, and what made each.
#[derive(Default)]
struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    fn push(&mut self, cell: Cell, value: u8, on: bool, parents: &[u32]) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cell: cell as u8,
            value,
            on,
            parents_start: start,
            parents_len: parents.len() as u32,
        });
        (self.nodes.len() - 1) as u32
    }

    fn mark(&self) -> (usize, usize) {
        (self.nodes.len(), self.parents.len())
    }

    /// Forgets the potentials made since `mark`.
    fn truncate(&mut self, mark: (usize, usize)) {
        self.nodes.truncate(mark.0);
        self.parents.truncate(mark.1);
    }

    fn node(&self, id: u32) -> Node {
        self.nodes[id as usize]
    }

    fn key(&self, id: u32) -> usize {
        let n = self.node(id);
        key_of(n.cell as usize, n.value, n.on)
    }

    fn parents(&self, id: u32) -> &[u32] {
        let n = self.node(id);
        &self.parents[n.parents_start as usize..(n.parents_start + n.parents_len) as usize]
    }

    fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }

    /// Whether a potential with `key` is among `child`'s first-parent line (not `child`).
    fn is_parent(&self, child: u32, key: usize) -> bool {
        let mut p = child;
        while let Some(parent) = self.first_parent(p) {
            if self.key(parent) == key {
                return true;
            }
            p = parent;
        }
        false
    }
}

/// Sudoku Explainer's `LinkedSet`: potentials by key, in the order first added; adding a
/// potential whose key is there keeps the first in the iteration and the new one for `get`.
struct PotSet {
    first: Vec<u32>,
    latest: Vec<u32>,
    order: Vec<u16>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet {
            first: vec![NONE; KEYS],
            latest: vec![NONE; KEYS],
            order: Vec::new(),
        }
    }

    fn contains(&self, key: usize) -> bool {
        self.first[key] != NONE
    }

    fn get(&self, key: usize) -> Option<u32> {
        let id = self.latest[key];
        (id != NONE).then_some(id)
    }

    fn add(&mut self, arena: &Arena, id: u32) {
        let key = arena.key(id);
        if self.first[key] == NONE {
            self.first[key] = id;
            self.order.push(key as u16);
        }
        self.latest[key] = id;
    }

    /// The potentials in order (the first added for each key).
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&k| self.first[k as usize])
    }

    /// Makes this set hold `other`'s potentials (as iterated), as a fresh `addAll` would.
    fn copy_from(&mut self, other: &PotSet) {
        self.clear();
        for &k in &other.order {
            self.first[k as usize] = other.first[k as usize];
            self.latest[k as usize] = other.first[k as usize];
        }
        self.order.clone_from(&other.order);
    }

    /// Empties the set (touching only what it holds).
    fn clear(&mut self) {
        for &k in &self.order {
            self.first[k as usize] = NONE;
            self.latest[k as usize] = NONE;
        }
        self.order.clear();
    }

    fn retain(&mut self, other: &PotSet) {
        let (first, latest) = (&mut self.first, &mut self.latest);
        self.order.retain(|&k| {
            let keep = other.contains(k as usize);
            if !keep {
                first[k as usize] = NONE;
                latest[k as usize] = NONE;
            }
            keep
        });
    }
}

/// The potentials one potential makes: at most its cell's eight other values and twenty peers.
#[derive(Default)]
struct Made {
    ids: [u32; 28],
    len: usize,
}

impl Made {
    fn push(&mut self, id: u32) {
        self.ids[self.len] = id;
        self.len += 1;
    }
}

impl IntoIterator for Made {
    type Item = u32;
    type IntoIter = std::iter::Take<std::array::IntoIter<u32, 28>>;

    fn into_iter(self) -> Self::IntoIter {
        self.ids.into_iter().take(self.len)
    }
}

/// The (cell, value) pairs an on potential turns off: at most its cell's eight other values and
/// twenty peers.
#[derive(Default)]
struct Offs {
    items: [(u8, u8); 28],
    len: usize,
}

impl Offs {
    fn push(&mut self, cell: Cell, value: u8) {
        self.items[self.len] = (cell as u8, value);
        self.len += 1;
    }
}

impl IntoIterator for Offs {
    type Item = (Cell, u8);
    type IntoIter = std::iter::Map<
        std::iter::Take<std::array::IntoIter<(u8, u8), 28>>,
        fn((u8, u8)) -> (Cell, u8),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.items
            .into_iter()
            .take(self.len)
            .map(|(c, v)| (c as Cell, v))
    }
}

/// A step found, with what orders it among the others.
struct Found {
    difficulty: u32,
    complexity: u32,
    sort_key: u32,
    hint: Hint,
}

struct Search<'b> {
    board: &'b Board,
    rule: Rule,
    arena: Arena,
    found: Vec<Found>,
    seen: Vec<u32>,
    stamp: u32,
    /// Emptied sets, to be used again.
    pool: Vec<PotSet>,
}

/// 0.1 for each threshold (4, 6, 8, 12, 16, 24, 32, ...) that `complexity - 2` exceeds.
fn length_difficulty(complexity: u32) -> u32 {
    let length = i64::from(complexity) - 2;
    let (mut ceiling, mut odd, mut added) = (4i64, false, 0);
    while length > ceiling {
        added += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

impl<'b> Search<'b> {
    fn new(board: &'b Board, rule: Rule) -> Search<'b> {
        Search {
            board,
            rule,
            arena: Arena::default(),
            found: Vec::new(),
            seen: vec![0; KEYS],
            stamp: 0,
            pool: Vec::new(),
        }
    }

    fn new_set(&mut self) -> PotSet {
        self.pool.pop().unwrap_or_else(PotSet::new)
    }

    fn recycle(&mut self, mut set: PotSet) {
        set.clear();
        self.pool.push(set);
    }

    /// The easiest, then least complex, then lowest kind, then first found step.
    fn best(self) -> Option<Hint> {
        let (index, _) = self
            .found
            .iter()
            .enumerate()
            .min_by_key(|(i, f)| (f.difficulty, f.complexity, f.sort_key, *i))?;
        self.found.into_iter().nth(index).map(|f| f.hint)
    }

    /// How many different potentials `targets` rest on, each counted from its own target
    /// (Sudoku Explainer's `getAncestorCount`, breadth first, a key explored once).
    fn ancestors(&mut self, target: u32) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        let mut todo = vec![target];
        while !todo.is_empty() {
            let mut next = Vec::new();
            for p in todo {
                let key = self.arena.key(p);
                if self.seen[key] != self.stamp {
                    self.seen[key] = self.stamp;
                    count += 1;
                    next.extend_from_slice(self.arena.parents(p));
                }
            }
            todo = next;
        }
        count
    }

    fn push(&mut self, base: u32, complexity: u32, sort_key: u32, mut hint: Hint) {
        if hint.removals.is_empty() {
            return;
        }
        hint.difficulty = base + length_difficulty(complexity);
        self.found.push(Found {
            difficulty: hint.difficulty,
            complexity,
            sort_key,
            hint,
        });
    }

    /// The removal a result proves: an on potential takes the cell's other values (and places
    /// it), an off potential its own value.
    fn result_hint(&self, cell: Cell, value: u8, on: bool) -> Hint {
        if on {
            let others = self.board.potentials[cell] & !(1 << value);
            Hint {
                difficulty: 0,
                removals: if others == 0 {
                    Vec::new()
                } else {
                    vec![(cell, others)]
                },
                placement: Some((cell, value)),
            }
        } else {
            Hint::remove(0, vec![(cell, 1 << value)])
        }
    }

    // What follows from a potential.

    /// What an on potential turns off: the cell's other values (when `y`), and its value
    /// elsewhere in its block, row and column. Made into potentials (with `p` as parent) only
    /// where kept.
    fn on_to_off(&self, grid: &Board, p: u32, y: bool) -> Offs {
        let n = self.arena.node(p);
        let cell = n.cell as usize;
        let mut out = Offs::default();
        if y {
            for value in values_of(grid.potentials[cell] & !(1 << n.value)) {
                out.push(cell, value);
            }
        }
        // Block, row, column, each peer once: the house order.
        for &other in house_cells(cell) {
            if grid.has(other, n.value) {
                out.push(other, n.value);
            }
        }
        out
    }

    /// What an off potential turns on: the cell's last value (when `y`), and the value's last
    /// place in a region (when `x`). Values gone from `grid` since `source` join the parents.
    fn off_to_on(
        &mut self,
        grid: &Board,
        p: u32,
        source: &Board,
        offs: &PotSet,
        y: bool,
        x: bool,
    ) -> Made {
        let n = self.arena.node(p);
        let cell = n.cell as usize;
        let mut out = Made::default();
        let mut parents = [0u32; 10];
        if y && has_two(u128::from(grid.potentials[cell])) {
            let mut values = values_of(grid.potentials[cell]);
            let mut other = values.next().unwrap_or(0);
            if other == n.value {
                other = values.next().unwrap_or(0);
            }
            parents[0] = p;
            let mut len = 1;
            // Only a dynamic search turns values off in its grid.
            let gone = if self.rule.dynamic() {
                source.potentials[cell] & !grid.potentials[cell]
            } else {
                0
            };
            for value in values_of(gone) {
                if let Some(parent) = offs.get(key_of(cell, value, false)) {
                    parents[len] = parent;
                    len += 1;
                }
            }
            out.push(self.arena.push(cell, other, true, &parents[..len]));
        }
        if x {
            let mut taken: u128 = 0;
            for kind in KINDS {
                let region = Region::of(kind, cell);
                let places = grid.cells_in(region, n.value);
                if !has_two(places) {
                    continue;
                }
                let other = (places & !(1 << cell)).trailing_zeros() as Cell;
                if taken & (1 << other) != 0 {
                    continue;
                }
                taken |= 1 << other;
                parents[0] = p;
                let mut len = 1;
                let gone = if self.rule.dynamic() {
                    source.positions(region, n.value) & !grid.positions(region, n.value)
                } else {
                    0
                };
                for j in bits(gone) {
                    if let Some(parent) = offs.get(key_of(region.cell(j), n.value, false)) {
                        parents[len] = parent;
                        len += 1;
                    }
                }
                out.push(self.arena.push(other, n.value, true, &parents[..len]));
            }
        }
        out
    }

    // Cycles and single forcing chains.

    fn loops(&mut self, y: bool, x: bool) {
        for cell in 0..81 {
            let potentials = self.board.potentials[cell];
            if self.board.values[cell] != 0 || potentials.count_ones() <= 1 {
                continue;
            }
            for value in values_of(potentials) {
                if potentials.count_ones() > 2 && !x {
                    continue;
                }
                self.unary(cell, value, y, x);
            }
        }
    }

    fn unary(&mut self, cell: Cell, value: u8, y: bool, x: bool) {
        let board = self.board;
        let mark = self.arena.mark();
        let p_on = self.arena.push(cell, value, true, &[]);
        let mut cycles = Vec::new();
        let mut chains = Vec::new();
        let (mut to_on, mut to_off) = (self.new_set(), self.new_set());
        to_on.add(&self.arena, p_on);
        let source = key_of(cell, value, true);
        self.cycles(board, &mut to_on, &mut to_off, y, x, &mut cycles, source);
        if x {
            to_on.clear();
            to_off.clear();
            to_on.add(&self.arena, p_on);
            self.forcing_chains(board, &mut to_on, &mut to_off, y, &mut chains, source);
            let p_off = self.arena.push(cell, value, false, &[]);
            to_on.clear();
            to_off.clear();
            to_off.add(&self.arena, p_off);
            self.forcing_chains(board, &mut to_on, &mut to_off, y, &mut chains, source ^ 1);
        }
        self.recycle(to_on);
        self.recycle(to_off);
        let (base_cycle, base_chain, sort_key) = match (x, y) {
            (true, true) => (70, 70, 4),
            (false, true) => (65, 66, 3),
            _ => (65, 66, 2),
        };
        for dst_on in cycles {
            let hint = self.cycle_hint(dst_on);
            let complexity = self.ancestors(dst_on);
            self.push(base_cycle, complexity, sort_key, hint);
        }
        for target in chains {
            let n = self.arena.node(target);
            let hint = self.result_hint(n.cell as usize, n.value, n.on);
            let complexity = self.ancestors(target);
            self.push(base_chain, complexity, sort_key, hint);
        }
        self.arena.truncate(mark);
    }

    #[allow(clippy::too_many_arguments)]
    fn cycles(
        &mut self,
        grid: &Board,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        y: bool,
        x: bool,
        cycles: &mut Vec<u32>,
        source: usize,
    ) {
        let mut pending_on: VecDeque<u32> = to_on.iter().collect();
        let mut pending_off: VecDeque<u32> = to_off.iter().collect();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                for (cell, value) in self.on_to_off(grid, p, y) {
                    if !self.arena.is_parent(p, key_of(cell, value, false)) {
                        let off = self.arena.push(cell, value, false, &[p]);
                        pending_off.push_back(off);
                        to_off.add(&self.arena, off);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                for on in self.off_to_on(grid, p, grid, to_off, y, x) {
                    let key = self.arena.key(on);
                    if length >= 4 && key == source {
                        cycles.push(on);
                    }
                    if !to_on.contains(key) {
                        pending_on.push_back(on);
                        to_on.add(&self.arena, on);
                    }
                }
            }
        }
    }

    fn forcing_chains(
        &mut self,
        grid: &Board,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
        y: bool,
        chains: &mut Vec<u32>,
        source: usize,
    ) {
        let mut pending_on: VecDeque<u32> = to_on.iter().collect();
        let mut pending_off: VecDeque<u32> = to_off.iter().collect();
        let mut targets: Vec<usize> = chains.iter().map(|&c| self.arena.key(c)).collect();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                for (cell, value) in self.on_to_off(grid, p, y) {
                    let key = key_of(cell, value, false);
                    let mut made = None;
                    if key ^ 1 == source && !targets.contains(&key) {
                        let off = self.arena.push(cell, value, false, &[p]);
                        made = Some(off);
                        targets.push(key);
                        chains.push(off);
                    }
                    if !to_off.contains(key) && !self.arena.is_parent(p, key) {
                        let off = made.unwrap_or_else(|| self.arena.push(cell, value, false, &[p]));
                        pending_off.push_back(off);
                        to_off.add(&self.arena, off);
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                for on in self.off_to_on(grid, p, grid, to_off, y, true) {
                    let key = self.arena.key(on);
                    if key ^ 1 == source && !targets.contains(&key) {
                        targets.push(key);
                        chains.push(on);
                    }
                    if !to_on.contains(key) {
                        pending_on.push_back(on);
                        to_on.add(&self.arena, on);
                    }
                }
            }
        }
    }

    /// A cycle's removals: a value in a cell off the cycle that sees one of its on potentials
    /// and one of its off potentials of that value.
    fn cycle_hint(&self, dst_on: u32) -> Hint {
        let mut cells: Vec<Cell> = Vec::new();
        let mut p = dst_on;
        while let Some(parent) = self.arena.first_parent(p) {
            cells.push(self.arena.node(p).cell as usize);
            p = parent;
        }
        let (mut forward, mut back) = (Vec::new(), Vec::new());
        let mut p = dst_on;
        while let Some(parent) = self.arena.first_parent(p) {
            let n = self.arena.node(p);
            for &other in house_cells(n.cell as usize) {
                if !cells.contains(&other) && self.board.has(other, n.value) {
                    let list = if n.on { &mut forward } else { &mut back };
                    list.push((other, n.value));
                }
            }
            p = parent;
        }
        let mut removals: Vec<(Cell, u16)> = Vec::new();
        for &(cell, value) in forward.iter().filter(|f| back.contains(f)) {
            match removals.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, mask)) => *mask |= 1 << value,
                None => removals.push((cell, 1 << value)),
            }
        }
        Hint::remove(0, removals)
    }

    // Nishio, multiple and dynamic forcing chains.

    fn multiple_chains(&mut self) {
        let board = self.board;
        for cell in 0..81 {
            let potentials = board.potentials[cell];
            let count = potentials.count_ones();
            if board.values[cell] != 0 || !(count > 2 || (count > 1 && self.rule.dynamic())) {
                continue;
            }
            let mark = self.arena.mark();
            let mut value_to_on: Vec<PotSet> = Vec::new();
            let mut value_to_off: Vec<PotSet> = Vec::new();
            let (mut cell_to_on, mut cell_to_off) = (self.new_set(), self.new_set());
            for (i, value) in values_of(potentials).enumerate() {
                let p_on = self.arena.push(cell, value, true, &[]);
                let p_off = self.arena.push(cell, value, false, &[]);
                let mut on_to_on = self.new_set();
                let mut on_to_off = self.new_set();
                let double = count >= 3 && !self.rule.nishio() && self.rule.dynamic();
                let contradiction = self.rule.dynamic() || self.rule.nishio();
                self.binary(
                    p_on,
                    p_off,
                    &mut on_to_on,
                    &mut on_to_off,
                    double,
                    contradiction,
                );
                if !self.rule.nishio() {
                    self.region_chains(cell, value, &on_to_on, &on_to_off);
                }
                if i == 0 {
                    cell_to_on.copy_from(&on_to_on);
                    cell_to_off.copy_from(&on_to_off);
                } else {
                    cell_to_on.retain(&on_to_on);
                    cell_to_off.retain(&on_to_off);
                }
                value_to_on.push(on_to_on);
                value_to_off.push(on_to_off);
            }
            if !self.rule.nishio() && (count == 2 || (self.rule.multiple() && count > 2)) {
                for (set, outcomes) in [(&cell_to_on, &value_to_on), (&cell_to_off, &value_to_off)]
                {
                    for target in set.iter() {
                        let key = self.arena.key(target);
                        let chains: Vec<u32> = outcomes.iter().filter_map(|s| s.get(key)).collect();
                        self.push_reduction(target, &chains, 5);
                    }
                }
            }
            for set in [cell_to_on, cell_to_off]
                .into_iter()
                .chain(value_to_on)
                .chain(value_to_off)
            {
                self.recycle(set);
            }
            self.arena.truncate(mark);
        }
    }

    /// A cell or region forcing chain: every case leads to `target`.
    fn push_reduction(&mut self, target: u32, chains: &[u32], sort_key: u32) {
        let n = self.arena.node(target);
        let mut hint = self.result_hint(n.cell as usize, n.value, n.on);
        let first_on = chains.first().is_some_and(|&c| self.arena.node(c).on);
        if !first_on {
            hint.placement = None;
        }
        let complexity = chains.iter().map(|&c| self.ancestors(c)).sum();
        self.push(self.rule.difficulty(), complexity, sort_key, hint);
    }

    fn binary(
        &mut self,
        p_on: u32,
        p_off: u32,
        on_to_on: &mut PotSet,
        on_to_off: &mut PotSet,
        reduction: bool,
        contradiction: bool,
    ) {
        let mut off_to_on = self.new_set();
        let mut off_to_off = self.new_set();
        let source = self.arena.node(p_on);
        let (cell, value) = (source.cell as usize, source.value);
        on_to_on.add(&self.arena, p_on);
        let absurd = self.chaining(on_to_on, on_to_off);
        if let (true, Some((on, off))) = (contradiction, absurd) {
            let complexity = self.ancestors(on) + self.ancestors(off);
            let hint = Hint::remove(0, vec![(cell, 1 << value)]);
            self.push(self.rule.difficulty(), complexity, 7, hint);
        }
        off_to_off.add(&self.arena, p_off);
        let absurd = self.chaining(&mut off_to_on, &mut off_to_off);
        if let (true, Some((on, off))) = (contradiction, absurd) {
            let complexity = self.ancestors(on) + self.ancestors(off);
            let hint = self.result_hint(cell, value, true);
            self.push(self.rule.difficulty(), complexity, 7, hint);
        }
        if reduction {
            self.reductions(on_to_on, on_to_off, &off_to_on, &off_to_off);
        }
        self.recycle(off_to_on);
        self.recycle(off_to_off);
    }

    /// Double forcing chains: what follows both from a potential and from its opposite.
    fn reductions(
        &mut self,
        on_to_on: &PotSet,
        on_to_off: &PotSet,
        off_to_on: &PotSet,
        off_to_off: &PotSet,
    ) {
        for from_on in on_to_on.iter() {
            if let Some(from_off) = off_to_on.get(self.arena.key(from_on)) {
                let n = self.arena.node(from_on);
                let hint = self.result_hint(n.cell as usize, n.value, true);
                let complexity = self.ancestors(from_on) + self.ancestors(from_off);
                self.push(self.rule.difficulty(), complexity, 1, hint);
            }
        }
        for from_on in on_to_off.iter() {
            if let Some(from_off) = off_to_off.get(self.arena.key(from_on)) {
                let n = self.arena.node(from_off);
                let hint = Hint::remove(0, vec![(n.cell as usize, 1 << n.value)]);
                let complexity = self.ancestors(from_on) + self.ancestors(from_off);
                self.push(self.rule.difficulty(), complexity, 1, hint);
            }
        }
    }

    fn region_chains(&mut self, cell: Cell, value: u8, on_to_on: &PotSet, on_to_off: &PotSet) {
        let board = self.board;
        for kind in KINDS {
            let region = Region::of(kind, cell);
            let positions = board.positions(region, value);
            let count = positions.count_ones();
            if !(count == 2 || (self.rule.multiple() && count > 2)) {
                continue;
            }
            if region.cell(positions.trailing_zeros() as usize) != cell {
                continue;
            }
            // The cell's own position is first: its outcomes are `on_to_on` and `on_to_off`.
            let mut others_on: Vec<PotSet> = Vec::new();
            let mut others_off: Vec<PotSet> = Vec::new();
            let (mut region_to_on, mut region_to_off) = (self.new_set(), self.new_set());
            region_to_on.copy_from(on_to_on);
            region_to_off.copy_from(on_to_off);
            for j in bits(positions).skip(1) {
                let p = self.arena.push(region.cell(j), value, true, &[]);
                let (mut other_on, mut other_off) = (self.new_set(), self.new_set());
                other_on.add(&self.arena, p);
                self.chaining(&mut other_on, &mut other_off);
                region_to_on.retain(&other_on);
                region_to_off.retain(&other_off);
                others_on.push(other_on);
                others_off.push(other_off);
            }
            for (set, own, others) in [
                (&region_to_on, on_to_on, &others_on),
                (&region_to_off, on_to_off, &others_off),
            ] {
                for target in set.iter() {
                    let key = self.arena.key(target);
                    let chains: Vec<u32> = own
                        .get(key)
                        .into_iter()
                        .chain(others.iter().filter_map(|s| s.get(key)))
                        .collect();
                    self.push_reduction(target, &chains, 6);
                }
            }
            for set in [region_to_on, region_to_off]
                .into_iter()
                .chain(others_on)
                .chain(others_off)
            {
                self.recycle(set);
            }
        }
    }

    /// Follows `to_on` and `to_off` to their consequences; in a dynamic rule each potential
    /// turned off leaves the grid as it goes. Returns the two potentials of a contradiction.
    fn chaining(&mut self, to_on: &mut PotSet, to_off: &mut PotSet) -> Option<(u32, u32)> {
        let source = self.board;
        let mut grid = *source;
        let y = !self.rule.nishio();
        let mut pending_on: VecDeque<u32> = to_on.iter().collect();
        let mut pending_off: VecDeque<u32> = to_off.iter().collect();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if let Some(p) = pending_on.pop_front() {
                for (cell, value) in self.on_to_off(&grid, p, y) {
                    let key = key_of(cell, value, false);
                    if let Some(on) = to_on.get(key ^ 1) {
                        return Some((on, self.arena.push(cell, value, false, &[p])));
                    } else if !to_off.contains(key) {
                        let off = self.arena.push(cell, value, false, &[p]);
                        to_off.add(&self.arena, off);
                        pending_off.push_back(off);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let made_on = self.off_to_on(&grid, p, source, to_off, y, true);
                if self.rule.dynamic() {
                    let n = self.arena.node(p);
                    grid.remove(n.cell as usize, 1 << n.value);
                }
                for on in made_on {
                    let key = self.arena.key(on);
                    if let Some(off) = to_off.get(key ^ 1) {
                        return Some((on, off));
                    } else if !to_on.contains(key) {
                        to_on.add(&self.arena, on);
                        pending_on.push_back(on);
                    }
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() && self.rule.level() > 0 {
                for off in self.advanced(&grid, to_off) {
                    if !to_off.contains(self.arena.key(off)) {
                        to_off.add(&self.arena, off);
                        pending_off.push_back(off);
                    }
                }
            }
        }
        None
    }

    /// What intersections, hidden and naked pairs and X-Wings remove from `grid` (the first of
    /// these that finds steps needing what the chain turned off), each removal an off
    /// potential whose parents are what its step needed turned off.
    fn advanced(&mut self, grid: &Board, offs: &PotSet) -> Vec<u32> {
        let source = self.board;
        // Each step's removals and the potentials it needed turned off.
        type Needs = Vec<(Cell, u8)>;
        let mut steps: Vec<(Vec<(Cell, u16)>, Needs)> = Vec::new();
        let searches: [&dyn Fn(&mut Visit); 4] = [
            &|v| {
                basic::locking_each(grid, false, v);
            },
            &|v| {
                basic::hidden_set_each(grid, 2, false, v);
            },
            &|v| {
                basic::naked_set_each(grid, 2, v);
            },
            &|v| {
                basic::fish_each(grid, 2, v);
            },
        ];
        for search in searches {
            search(&mut |hint: Hint, pattern: Pattern| {
                let parents = pattern.parents(source, grid);
                if !parents.is_empty() {
                    steps.push((hint.removals, parents));
                }
                false
            });
            if !steps.is_empty() {
                break;
            }
        }
        let mut made = Vec::new();
        for (mut removals, parents) in steps {
            let parent_ids: Vec<u32> = parents
                .iter()
                .filter_map(|&(c, v)| offs.get(key_of(c, v, false)))
                .collect();
            removals.sort_unstable();
            for (cell, mask) in removals {
                for value in values_of(mask) {
                    made.push(self.arena.push(cell, value, false, &parent_ids));
                }
            }
        }
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_thresholds() {
        let added: Vec<u32> = [6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27]
            .map(length_difficulty)
            .to_vec();
        assert_eq!(added, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    }
}
