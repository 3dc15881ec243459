//! Sudoku Explainer's chains: cycles and forcing chains (6.5-7.0 and up), Nishio (7.5),
//! multiple (8.0), dynamic (8.5), dynamic (+) (9.0) and nested (9.5 and up) forcing chains,
//! searched, measured and chosen as it does.
//!
//! A chain is a graph of potentials (a value in a cell, on or off), each remembering what made
//! it so. A step's difficulty is its rule's base plus 0.1 for each threshold (4, 6, 8, 12, 16,
//! 24, ...) its complexity minus 2 exceeds; its complexity is how many different potentials its
//! chains rest on. Of all the steps a rule finds, the easiest, then the least complex, then by
//! kind, then the first found, is taken.
//!
//! Dynamic (+) and nested forcing chains, once their consequences run dry, ask simpler
//! techniques (and, nested, simpler chain searches) what they find on the grid as the chain has
//! left it; each removal they find is a potential whose parents are the potentials the step
//! needed turned off, and a nested chain adds its own complexity to the container's.

use std::collections::VecDeque;

use super::Hint;
use super::basic::{self, Pattern, Visit};
use super::grid::{Board, Cell, KINDS, Kind, Region, bits, has_two, house_cells, values_of};

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
    /// Dynamic forcing chains that also use chain searches of their own (level 2: forcing
    /// chains, 3: and multiple ones, 4: dynamic ones, 5: dynamic ones nesting level 2), 9.5
    /// plus 0.5 a level above 2, plus length.
    Nested(u32),
}

impl Rule {
    fn multiple(self) -> bool {
        matches!(
            self,
            Rule::Multiple | Rule::Dynamic | Rule::DynamicPlus | Rule::Nested(_)
        )
    }

    fn dynamic(self) -> bool {
        matches!(
            self,
            Rule::Nishio | Rule::Dynamic | Rule::DynamicPlus | Rule::Nested(_)
        )
    }

    fn nishio(self) -> bool {
        self == Rule::Nishio
    }

    fn level(self) -> u32 {
        match self {
            Rule::DynamicPlus => 1,
            Rule::Nested(level) => level,
            _ => 0,
        }
    }

    /// The chain searches a nested rule asks, after the simple techniques.
    fn nested_rules(self) -> Vec<Rule> {
        match self.level() {
            2 => vec![Rule::Unary],
            3 => vec![Rule::Unary, Rule::Multiple],
            4 => vec![Rule::Dynamic],
            level if level >= 5 => vec![Rule::Dynamic, Rule::Nested(level - 3)],
            _ => Vec::new(),
        }
    }

    fn difficulty(self) -> u32 {
        match self {
            Rule::Unary => 0,
            Rule::Nishio => 75,
            Rule::Multiple => 80,
            Rule::Dynamic => 85,
            Rule::DynamicPlus => 90,
            Rule::Nested(level) => 95 + 5 * (level - 2),
        }
    }
}

/// The step `rule` gives at `board`, if it finds any.
pub fn chains(board: &Board, rule: Rule) -> Option<Hint> {
    let mut search = Search::new(board, rule);
    search.run();
    search.give_back_sets();
    search.best()
}

const NONE: u32 = u32::MAX;
const KEYS: usize = 81 * 9 * 2;

/// Why a potential is on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// The assumption a search starts from.
    Assumption,
    /// The cell's other values (off), or its last value (on).
    NakedSingle,
    /// The value elsewhere in a region (off), or its last place there (on).
    Region(Kind),
    /// A step of another technique, on the grid as the chain has left it.
    Advanced,
}

/// A potential: `value` in `cell`, on or off, why, and (for an advanced one) the nested chain
/// that proved it.
#[derive(Clone, Copy)]
struct Node {
    cell: u8,
    value: u8,
    on: bool,
    cause: Cause,
    key: u16,
    nested: u32,
    /// The first parent (NONE for an assumption), kept here for the walks up the first-parent
    /// line.
    first_parent: u32,
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
    fn push(&mut self, cell: Cell, value: u8, on: bool, cause: Cause, parents: &[u32]) -> u32 {
        self.push_nested(cell, value, on, cause, NONE, parents)
    }

    fn push_nested(
        &mut self,
        cell: Cell,
        value: u8,
        on: bool,
        cause: Cause,
        nested: u32,
        parents: &[u32],
    ) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cell: cell as u8,
            value,
            on,
            cause,
            key: key_of(cell, value, on) as u16,
            nested,
            first_parent: parents.first().copied().unwrap_or(NONE),
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
        self.nodes[id as usize].key as usize
    }

    fn parents(&self, id: u32) -> &[u32] {
        let n = self.node(id);
        &self.parents[n.parents_start as usize..(n.parents_start + n.parents_len) as usize]
    }

    fn first_parent(&self, id: u32) -> Option<u32> {
        let parent = self.nodes[id as usize].first_parent;
        (parent != NONE).then_some(parent)
    }

    /// Whether a potential with `key` is among `child`'s first-parent line (not `child`).
    fn is_parent(&self, child: u32, key: usize) -> bool {
        let mut p = self.nodes[child as usize].first_parent;
        while p != NONE {
            let node = &self.nodes[p as usize];
            if node.key as usize == key {
                return true;
            }
            p = node.first_parent;
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

thread_local! {
    /// Emptied sets of every search on this thread (nested searches come and go by the
    /// thousand; their sets are large).
    static SPARE_SETS: std::cell::RefCell<Vec<PotSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl PotSet {
    fn new() -> PotSet {
        SPARE_SETS
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(|| PotSet {
                first: vec![NONE; KEYS],
                latest: vec![NONE; KEYS],
                order: Vec::new(),
            })
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
struct Offs {
    items: [(u8, u8, Cause); 28],
    len: usize,
}

impl Default for Offs {
    fn default() -> Offs {
        Offs {
            items: [(0, 0, Cause::Assumption); 28],
            len: 0,
        }
    }
}

impl Offs {
    fn push(&mut self, cell: Cell, value: u8, cause: Cause) {
        self.items[self.len] = (cell as u8, value, cause);
        self.len += 1;
    }
}

impl IntoIterator for Offs {
    type Item = (Cell, u8, Cause);
    type IntoIter = std::iter::Map<
        std::iter::Take<std::array::IntoIter<(u8, u8, Cause), 28>>,
        fn((u8, u8, Cause)) -> (Cell, u8, Cause),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.items
            .into_iter()
            .take(self.len)
            .map(|(c, v, cause)| (c as Cell, v, cause))
    }
}

/// The links of a grid that does not change (a search that is not dynamic): for each value of
/// each cell, the peers that hold it, and what turning it off turns on.
struct Links {
    of: Vec<ValueLinks>,
}

/// The links of one value in one cell.
#[derive(Clone, Copy)]
struct ValueLinks {
    /// Peers holding the value, in house order, with the kind of region they share.
    peers: [(u8, Kind); 20],
    peer_count: u8,
    /// The cell's other value, when it has two (0 otherwise).
    last_value: u8,
    /// The value's other place in each region where it has two, each cell once.
    last_places: [(u8, Kind); 3],
    place_count: u8,
}

impl Links {
    fn of(grid: &Board) -> Links {
        let empty = ValueLinks {
            peers: [(0, Kind::Block); 20],
            peer_count: 0,
            last_value: 0,
            last_places: [(0, Kind::Block); 3],
            place_count: 0,
        };
        let mut links = Links {
            of: vec![empty; 729],
        };
        for cell in 0..81 {
            for value in values_of(grid.potentials[cell]) {
                let entry = &mut links.of[cell * 9 + value as usize - 1];
                for (i, &other) in house_cells(cell).iter().enumerate() {
                    if grid.has(other, value) {
                        entry.peers[entry.peer_count as usize] = (other as u8, house_kind(i));
                        entry.peer_count += 1;
                    }
                }
                if has_two(u128::from(grid.potentials[cell])) {
                    entry.last_value = values_of(grid.potentials[cell] & !(1 << value))
                        .next()
                        .unwrap_or(0);
                }
                for kind in KINDS {
                    let places = grid.cells_in(Region::of(kind, cell), value);
                    if has_two(places) {
                        let other = (places & !(1 << cell)).trailing_zeros() as u8;
                        let known = &entry.last_places[..entry.place_count as usize];
                        if !known.iter().any(|&(c, _)| c == other) {
                            entry.last_places[entry.place_count as usize] = (other, kind);
                            entry.place_count += 1;
                        }
                    }
                }
            }
        }
        links
    }
}

/// The kind of region the `i`-th of a cell's house cells shares with it (8 of the block, then
/// 6 more of the row, 6 more of the column).
fn house_kind(i: usize) -> Kind {
    match i {
        0..8 => Kind::Block,
        8..14 => Kind::Row,
        _ => Kind::Column,
    }
}

/// A step found, with what orders it among the others.
struct Found {
    difficulty: u32,
    complexity: u32,
    sort_key: u32,
    hint: Hint,
    /// In a nested search: what the step needs turned off since the container's grid.
    parents: Vec<(Cell, u8)>,
    /// In a nested search: what tells this chain from another (the keys of its chains).
    fingerprint: u64,
}

/// What kind of step a chain proves, which decides how it is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// A cycle: measured on itself; its chains are itself and itself reversed.
    Cycle,
    /// A forcing chain from one assumption to its own negation.
    Forcing,
    /// A contradiction or a double forcing chain: two chains.
    Binary,
    /// Every value of a cell leads to the same.
    Cell,
    /// Every place of a value in a region leads to the same.
    Region(Kind),
}

/// A step a nested chain search found, as the container uses it.
struct NestedHint {
    removals: Vec<(Cell, u16)>,
    parents: Vec<(Cell, u8)>,
    complexity: u32,
    fingerprint: u64,
}

/// A nested chain that proved a potential: its complexity, and what tells it from another.
struct NestedInfo {
    complexity: u32,
    fingerprint: u64,
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
    /// For a nested search: the container's grid before its chain began.
    initial: Option<&'b Board>,
    /// The nested chains behind advanced potentials.
    nested: Vec<NestedInfo>,
    /// The grid's links, where the search leaves it as it is.
    links: Option<Links>,
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
            initial: None,
            nested: Vec::new(),
            links: (!rule.dynamic()).then(|| Links::of(board)),
        }
    }

    /// Runs the rule's search.
    fn run(&mut self) {
        if self.rule == Rule::Unary {
            // X-cycles and chains, then Y-cycles, then XY: (y, x).
            for (y, x) in [(false, true), (true, false), (true, true)] {
                self.loops(y, x);
            }
        } else {
            self.multiple_chains();
        }
    }

    /// Every step `rule` finds at `board` (the grid a container's chain has left), easiest
    /// first, one for each set of removals, with what each needs turned off since `initial`.
    fn nested_hints(board: &Board, rule: Rule, initial: &Board) -> Vec<NestedHint> {
        let mut search = Search::new(board, rule);
        search.initial = Some(initial);
        search.run();
        search.give_back_sets();
        let mut found = std::mem::take(&mut search.found);
        found.sort_by_key(|f| (f.difficulty, f.complexity, f.sort_key));
        let mut hints: Vec<NestedHint> = Vec::new();
        let mut seen: Vec<Vec<(Cell, u16)>> = Vec::new();
        for f in found {
            let mut removals = f.hint.removals;
            removals.sort_unstable();
            if seen.contains(&removals) {
                continue;
            }
            seen.push(removals.clone());
            hints.push(NestedHint {
                removals,
                parents: f.parents,
                complexity: f.complexity,
                fingerprint: f.fingerprint,
            });
        }
        hints
    }

    fn new_set(&mut self) -> PotSet {
        self.pool.pop().unwrap_or_else(PotSet::new)
    }

    fn recycle(&mut self, mut set: PotSet) {
        set.clear();
        self.pool.push(set);
    }

    /// Hands the search's sets to the next search on this thread.
    fn give_back_sets(&mut self) {
        let sets = std::mem::take(&mut self.pool);
        SPARE_SETS.with(|spare| spare.borrow_mut().extend(sets));
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
        self.chain(target).len() as u32
    }

    /// The potentials `target` rests on, itself first, breadth first, the first of each key
    /// (Sudoku Explainer's `getChain`).
    fn chain(&mut self, target: u32) -> Vec<u32> {
        self.stamp += 1;
        let mut chain = Vec::new();
        let mut todo = vec![target];
        let mut next = Vec::new();
        while !todo.is_empty() {
            for &p in &todo {
                let key = self.arena.key(p);
                if self.seen[key] != self.stamp {
                    self.seen[key] = self.stamp;
                    chain.push(p);
                    next.extend_from_slice(self.arena.parents(p));
                }
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
        chain
    }

    /// Records a step whose chains end in `targets` (for a cycle, the cycle's last potential).
    fn push(&mut self, base: u32, shape: Shape, targets: &[u32], sort_key: u32, mut hint: Hint) {
        if hint.removals.is_empty() {
            return;
        }
        let flat: u32 = match shape {
            Shape::Cycle | Shape::Forcing => self.ancestors(targets[0]),
            _ => targets.iter().map(|&t| self.ancestors(t)).sum(),
        };
        let mut targets = targets.to_vec();
        if shape == Shape::Cycle && self.initial.is_some() {
            targets.push(self.reversed_cycle(targets[0]));
        }
        let complexity = flat + self.nested_complexity(&targets);
        hint.difficulty = base + length_difficulty(complexity);
        let (parents, fingerprint) = match self.initial {
            Some(initial) => (
                self.rule_parents(shape, &targets, initial),
                self.fingerprint(&targets),
            ),
            None => (Vec::new(), 0),
        };
        self.found.push(Found {
            difficulty: hint.difficulty,
            complexity,
            sort_key,
            hint,
            parents,
            fingerprint,
        });
    }

    /// The complexity of the different nested chains `targets` rest on.
    fn nested_complexity(&mut self, targets: &[u32]) -> u32 {
        if self.rule.level() < 2 {
            return 0;
        }
        let mut counted: Vec<u64> = Vec::new();
        let mut total = 0;
        for &target in targets {
            for p in self.chain(target) {
                let nested = self.arena.node(p).nested;
                if nested == NONE {
                    continue;
                }
                let info = &self.nested[nested as usize];
                if !counted.contains(&info.fingerprint) {
                    counted.push(info.fingerprint);
                    total += info.complexity;
                }
            }
        }
        total
    }

    /// The keys of each target and of its chain, hashed (Sudoku Explainer tells two nested
    /// chains apart by them).
    fn fingerprint(&mut self, targets: &[u32]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |k: u64| {
            hash ^= k;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        };
        for &target in targets {
            feed(self.arena.key(target) as u64);
        }
        for &target in targets {
            feed(u64::MAX);
            for p in self.chain(target) {
                feed(self.arena.key(p) as u64);
            }
        }
        hash
    }

    /// A cycle read backwards: each potential turned over, keeping its cause (Sudoku
    /// Explainer's `getReversedCycle`); returns its start.
    fn reversed_cycle(&mut self, dst_on: u32) -> u32 {
        let mut line = vec![dst_on];
        while let Some(parent) = self.arena.first_parent(*line.last().unwrap_or(&dst_on)) {
            line.push(parent);
        }
        // The reversed potential of dst_on has no parent; each earlier one's parent is the
        // next one's reversal.
        let mut previous: Option<u32> = None;
        for &p in &line {
            let n = self.arena.node(p);
            let parents: Vec<u32> = previous.into_iter().collect();
            previous = Some(
                self.arena
                    .push(n.cell as usize, n.value, !n.on, n.cause, &parents),
            );
        }
        previous.unwrap_or(dst_on)
    }

    /// What a step of this nested search needs turned off since `initial`: for each on
    /// potential of its chains, the values its cell (naked single) or the places its region
    /// (hidden single) lost (Sudoku Explainer's `collectRuleParents`).
    fn rule_parents(&mut self, shape: Shape, targets: &[u32], initial: &Board) -> Vec<(Cell, u8)> {
        let current = self.board;
        let mut parents: Vec<(Cell, u8)> = Vec::new();
        let mut add = |cell: Cell, value: u8| {
            if !parents.contains(&(cell, value)) {
                parents.push((cell, value));
            }
        };
        for &target in targets {
            for p in self.chain(target) {
                let n = self.arena.node(p);
                let cause = match (n.cause, shape) {
                    (Cause::Assumption, Shape::Cell) => Cause::NakedSingle,
                    (Cause::Assumption, Shape::Region(kind)) => Cause::Region(kind),
                    (cause, _) => cause,
                };
                if !n.on {
                    continue;
                }
                let (cell, value) = (n.cell as usize, n.value);
                match cause {
                    Cause::NakedSingle => {
                        for gone in values_of(initial.potentials[cell] & !current.potentials[cell])
                        {
                            add(cell, gone);
                        }
                    }
                    Cause::Region(kind) => {
                        for other in Region::of(kind, cell).cells() {
                            if initial.has(other, value) && !current.has(other, value) {
                                add(other, value);
                            }
                        }
                    }
                    Cause::Assumption | Cause::Advanced => {}
                }
            }
        }
        parents
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
                out.push(cell, value, Cause::NakedSingle);
            }
        }
        if let Some(links) = &self.links {
            let entry = &links.of[cell * 9 + n.value as usize - 1];
            for &(other, kind) in &entry.peers[..entry.peer_count as usize] {
                out.push(other as Cell, n.value, Cause::Region(kind));
            }
            return out;
        }
        // Block, row, column, each peer once: the house order.
        for (i, &other) in house_cells(cell).iter().enumerate() {
            if grid.has(other, n.value) {
                out.push(other, n.value, Cause::Region(house_kind(i)));
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
        if let Some(links) = &self.links {
            let entry = links.of[cell * 9 + n.value as usize - 1];
            if y && entry.last_value != 0 {
                let on = self
                    .arena
                    .push(cell, entry.last_value, true, Cause::NakedSingle, &[p]);
                out.push(on);
            }
            if x {
                for &(other, kind) in &entry.last_places[..entry.place_count as usize] {
                    out.push(self.arena.push(
                        other as Cell,
                        n.value,
                        true,
                        Cause::Region(kind),
                        &[p],
                    ));
                }
            }
            return out;
        }
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
            out.push(
                self.arena
                    .push(cell, other, true, Cause::NakedSingle, &parents[..len]),
            );
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
                out.push(self.arena.push(
                    other,
                    n.value,
                    true,
                    Cause::Region(kind),
                    &parents[..len],
                ));
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
        let p_on = self.arena.push(cell, value, true, Cause::Assumption, &[]);
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
            let p_off = self.arena.push(cell, value, false, Cause::Assumption, &[]);
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
            self.push(base_cycle, Shape::Cycle, &[dst_on], sort_key, hint);
        }
        for target in chains {
            let n = self.arena.node(target);
            let hint = self.result_hint(n.cell as usize, n.value, n.on);
            self.push(base_chain, Shape::Forcing, &[target], sort_key, hint);
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
                for (cell, value, cause) in self.on_to_off(grid, p, y) {
                    if !self.arena.is_parent(p, key_of(cell, value, false)) {
                        let off = self.arena.push(cell, value, false, cause, &[p]);
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
                for (cell, value, cause) in self.on_to_off(grid, p, y) {
                    let key = key_of(cell, value, false);
                    let mut made = None;
                    if key ^ 1 == source && !targets.contains(&key) {
                        let off = self.arena.push(cell, value, false, cause, &[p]);
                        made = Some(off);
                        targets.push(key);
                        chains.push(off);
                    }
                    if !to_off.contains(key) && !self.arena.is_parent(p, key) {
                        let off = made
                            .unwrap_or_else(|| self.arena.push(cell, value, false, cause, &[p]));
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
                let p_on = self.arena.push(cell, value, true, Cause::Assumption, &[]);
                let p_off = self.arena.push(cell, value, false, Cause::Assumption, &[]);
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
                        self.push_reduction(target, &chains, Shape::Cell);
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
    fn push_reduction(&mut self, target: u32, chains: &[u32], shape: Shape) {
        let n = self.arena.node(target);
        let mut hint = self.result_hint(n.cell as usize, n.value, n.on);
        let first_on = chains.first().is_some_and(|&c| self.arena.node(c).on);
        if !first_on {
            hint.placement = None;
        }
        let sort_key = if shape == Shape::Cell { 5 } else { 6 };
        self.push(self.rule.difficulty(), shape, chains, sort_key, hint);
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
            let hint = Hint::remove(0, vec![(cell, 1 << value)]);
            self.push(self.rule.difficulty(), Shape::Binary, &[on, off], 7, hint);
        }
        off_to_off.add(&self.arena, p_off);
        let absurd = self.chaining(&mut off_to_on, &mut off_to_off);
        if let (true, Some((on, off))) = (contradiction, absurd) {
            let hint = self.result_hint(cell, value, true);
            self.push(self.rule.difficulty(), Shape::Binary, &[on, off], 7, hint);
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
                let targets = [from_on, from_off];
                self.push(self.rule.difficulty(), Shape::Binary, &targets, 1, hint);
            }
        }
        for from_on in on_to_off.iter() {
            if let Some(from_off) = off_to_off.get(self.arena.key(from_on)) {
                let n = self.arena.node(from_off);
                let hint = Hint::remove(0, vec![(n.cell as usize, 1 << n.value)]);
                let targets = [from_on, from_off];
                self.push(self.rule.difficulty(), Shape::Binary, &targets, 1, hint);
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
                let p = self
                    .arena
                    .push(region.cell(j), value, true, Cause::Assumption, &[]);
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
                    self.push_reduction(target, &chains, Shape::Region(kind));
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
                for (cell, value, cause) in self.on_to_off(&grid, p, y) {
                    let key = key_of(cell, value, false);
                    if let Some(on) = to_on.get(key ^ 1) {
                        return Some((on, self.arena.push(cell, value, false, cause, &[p])));
                    } else if !to_off.contains(key) {
                        let off = self.arena.push(cell, value, false, cause, &[p]);
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
        // Each step's removals, the potentials it needed turned off, and its nested chain.
        let mut steps: Vec<NestedHint> = Vec::new();
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
                    let mut removals = hint.removals;
                    removals.sort_unstable();
                    steps.push(NestedHint {
                        removals,
                        parents,
                        complexity: 0,
                        fingerprint: 0,
                    });
                }
                false
            });
            if !steps.is_empty() {
                break;
            }
        }
        let mut chain_steps = false;
        for rule in self.rule.nested_rules() {
            if !steps.is_empty() {
                break;
            }
            steps = Search::nested_hints(grid, rule, source);
            steps.retain(|step| !step.parents.is_empty());
            chain_steps = true;
        }
        let mut made = Vec::new();
        for step in steps {
            let parent_ids: Vec<u32> = step
                .parents
                .iter()
                .filter_map(|&(c, v)| offs.get(key_of(c, v, false)))
                .collect();
            let nested = if chain_steps {
                self.nested.push(NestedInfo {
                    complexity: step.complexity,
                    fingerprint: step.fingerprint,
                });
                (self.nested.len() - 1) as u32
            } else {
                NONE
            };
            for (cell, mask) in step.removals {
                for value in values_of(mask) {
                    let id = self.arena.push_nested(
                        cell,
                        value,
                        false,
                        Cause::Advanced,
                        nested,
                        &parent_ids,
                    );
                    made.push(id);
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
