//! Potentials (a value in a cell, on or off), what made each, and the sets a search keeps
//! them in, as Sudoku Explainer's chains have them.

use super::*;

pub(super) const NONE: u32 = u32::MAX;
pub(super) const KEYS: usize = 81 * 9 * 2;

/// Why a potential is on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
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
pub(super) struct Node {
    pub(super) cell: u8,
    pub(super) value: u8,
    pub(super) on: bool,
    pub(super) cause: Cause,
    pub(super) key: u16,
    pub(super) nested: u32,
    /// The first parent (NONE for an assumption), kept here for the walks up the first-parent
    /// line.
    pub(super) first_parent: u32,
    pub(super) parents_start: u32,
    pub(super) parents_len: u32,
}

pub(super) fn key_of(cell: Cell, value: u8, on: bool) -> usize {
    (cell * 9 + value as usize - 1) * 2 + usize::from(on)
}

/// Every potential made in one search, and what made each.
#[derive(Default)]
pub(super) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
}

impl Arena {
    pub(super) fn push(
        &mut self,
        cell: Cell,
        value: u8,
        on: bool,
        cause: Cause,
        parents: &[u32],
    ) -> u32 {
        self.push_nested(cell, value, on, cause, NONE, parents)
    }

    pub(super) fn push_nested(
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

    pub(super) fn mark(&self) -> (usize, usize) {
        (self.nodes.len(), self.parents.len())
    }

    /// Forgets the potentials made since `mark`.
    pub(super) fn truncate(&mut self, mark: (usize, usize)) {
        self.nodes.truncate(mark.0);
        self.parents.truncate(mark.1);
    }

    pub(super) fn node(&self, id: u32) -> Node {
        self.nodes[id as usize]
    }

    pub(super) fn key(&self, id: u32) -> usize {
        self.nodes[id as usize].key as usize
    }

    pub(super) fn parents(&self, id: u32) -> &[u32] {
        let n = self.node(id);
        &self.parents[n.parents_start as usize..(n.parents_start + n.parents_len) as usize]
    }

    pub(super) fn first_parent(&self, id: u32) -> Option<u32> {
        let parent = self.nodes[id as usize].first_parent;
        (parent != NONE).then_some(parent)
    }

    /// Whether a potential with `key` is among `child`'s first-parent line (not `child`).
    pub(super) fn is_parent(&self, child: u32, key: usize) -> bool {
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
pub(super) struct PotSet {
    first: Vec<u32>,
    latest: Vec<u32>,
    order: Vec<u16>,
}

/// Hands `sets` to the next search on this thread.
pub(super) fn give_back(sets: Vec<PotSet>) {
    SPARE_SETS.with(|spare| spare.borrow_mut().extend(sets));
}

thread_local! {
    /// Emptied sets of every search on this thread (nested searches come and go by the
    /// thousand; their sets are large).
    static SPARE_SETS: std::cell::RefCell<Vec<PotSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl PotSet {
    pub(super) fn new() -> PotSet {
        SPARE_SETS
            .with(|spare| spare.borrow_mut().pop())
            .unwrap_or_else(|| PotSet {
                first: vec![NONE; KEYS],
                latest: vec![NONE; KEYS],
                order: Vec::new(),
            })
    }

    pub(super) fn contains(&self, key: usize) -> bool {
        self.first[key] != NONE
    }

    pub(super) fn get(&self, key: usize) -> Option<u32> {
        let id = self.latest[key];
        (id != NONE).then_some(id)
    }

    pub(super) fn add(&mut self, arena: &Arena, id: u32) {
        let key = arena.key(id);
        if self.first[key] == NONE {
            self.first[key] = id;
            self.order.push(key as u16);
        }
        self.latest[key] = id;
    }

    /// The potentials in order (the first added for each key).
    pub(super) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&k| self.first[k as usize])
    }

    /// Makes this set hold `other`'s potentials (as iterated), as a fresh `addAll` would.
    pub(super) fn copy_from(&mut self, other: &PotSet) {
        self.clear();
        for &k in &other.order {
            self.first[k as usize] = other.first[k as usize];
            self.latest[k as usize] = other.first[k as usize];
        }
        self.order.clone_from(&other.order);
    }

    /// Empties the set (touching only what it holds).
    pub(super) fn clear(&mut self) {
        for &k in &self.order {
            self.first[k as usize] = NONE;
            self.latest[k as usize] = NONE;
        }
        self.order.clear();
    }

    pub(super) fn retain(&mut self, other: &PotSet) {
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
pub(super) struct Made {
    ids: [u32; 28],
    len: usize,
}

impl Made {
    pub(super) fn push(&mut self, id: u32) {
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
pub(super) struct Offs {
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
    pub(super) fn push(&mut self, cell: Cell, value: u8, cause: Cause) {
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
