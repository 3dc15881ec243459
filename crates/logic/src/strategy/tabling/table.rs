//! One table: a premise ("this candidate is set", or "is removed") and everything found to
//! follow from it, each consequence with the entries it follows from, so that a chain can be
//! walked back to the premise.
//!
//! Nodes are packed into one number as HoDoKu packs them (its tables compare and order them by
//! that number): the digit in bits 0-3, "set" in bit 4, the cell in bits 5-11, a group's second
//! and third cells in bits 12-18 and 19-25 (127 for none), and bit 26 for a group.

/// A candidate or a group of candidates, set or removed, packed.
pub(super) type Node = u32;

const DIGIT_MASK: u32 = 0xF;
const SET: u32 = 0x10;
const INDEX_MASK: u32 = 0x7F;
const NO_INDEX: u32 = 0x7F;
const GROUP: u32 = 1 << 26;

/// How many entries a table holds at most (HoDoKu's limit).
pub(super) const CAPACITY: usize = 1000;

/// The node of one candidate.
pub(super) fn node(cell: usize, digit: u8, set: bool) -> Node {
    (cell as u32) << 5 | u32::from(digit) | if set { SET } else { 0 }
}

/// The node of a group of two or three cells of one digit (`third` is `None` for two).
pub(super) fn group_node(cells: [usize; 2], third: Option<usize>, digit: u8, set: bool) -> Node {
    let third = third.map_or(NO_INDEX, |cell| cell as u32);
    node(cells[0], digit, set) | (cells[1] as u32) << 12 | third << 19 | GROUP
}

/// A node's (first) cell.
pub(super) fn cell_of(node: Node) -> usize {
    (node >> 5 & INDEX_MASK) as usize
}

/// A node's digit.
pub(super) fn digit_of(node: Node) -> u8 {
    (node & DIGIT_MASK) as u8
}

/// True when the node says "set" (HoDoKu's strong flag).
pub(super) fn is_set(node: Node) -> bool {
    node & SET != 0
}

/// True for a group node.
pub(super) fn is_group(node: Node) -> bool {
    node & GROUP != 0
}

/// Every cell of a node, as bits.
pub(super) fn node_cells(node: Node) -> u128 {
    let mut bits = 1u128 << cell_of(node);
    if is_group(node) {
        for offset in [12, 19] {
            let cell = node >> offset & INDEX_MASK;
            if cell != NO_INDEX {
                bits |= 1 << cell;
            }
        }
    }
    bits
}

/// Where an entry comes from: up to five earlier entries (more than one only in forcing nets,
/// where a single needs several removals), its distance from the premise, and, for an entry
/// copied from another table while expanding, which table (`from[0]` is then its number).
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct Origin {
    pub from: [u16; 5],
    pub distance: u16,
    pub expanded: bool,
    pub on_table: bool,
    pub extended: bool,
}

impl Origin {
    /// The same origin at `distance` (HoDoKu keeps 9 bits of it).
    fn at(self, distance: u16) -> Origin {
        Origin {
            distance: distance & 0x1FF,
            ..self
        }
    }

    /// The origin of entries `from` (HoDoKu drops numbers too large for its fields and moves
    /// the largest to the front).
    pub fn of(from: [usize; 5]) -> Origin {
        let mut from = from.map(|i| i as u16);
        if from[0] > 4096 {
            from[0] = 0;
        }
        for later in from.iter_mut().skip(1) {
            if *later > 1023 {
                *later = 0;
            }
        }
        for i in 1..5 {
            if from[i] > from[0] {
                from.swap(0, i);
            }
        }
        Origin {
            from,
            ..Origin::default()
        }
    }
}

/// One premise's table.
pub(super) struct Table {
    /// The entries: the premise first, then its consequences in the order they were found.
    pub nodes: Vec<Node>,
    /// Where each entry comes from.
    pub origins: Vec<Origin>,
    /// Per digit, the cells set by the premise.
    pub on: [u128; 10],
    /// Per digit, the cells that lose the digit.
    pub off: [u128; 10],
    /// Where each candidate node is in `nodes`, plus one (0 for absent), by `slot`.
    places: Box<[u16; 1620]>,
    /// Where each group node is in `nodes`.
    groups: Vec<(Node, u16)>,
    /// How many entries were written before expanding (they come first: expanding only adds
    /// after them, and never turns one of them into a copied entry but the last of a full
    /// table, which merging checks for).
    pub direct: usize,
}

/// A candidate node's place in [`Table::places`].
fn slot(node: Node) -> usize {
    (cell_of(node) * 10 + usize::from(digit_of(node))) * 2 + usize::from(is_set(node))
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            nodes: Vec::new(),
            origins: Vec::new(),
            on: [0; 10],
            off: [0; 10],
            places: Box::new([0; 1620]),
            groups: Vec::new(),
            direct: 0,
        }
    }

    /// Empties the table for another premise (keeping its room).
    pub fn clear(&mut self) {
        for &node in &self.nodes {
            if !is_group(node) {
                self.places[slot(node)] = 0;
            }
        }
        self.nodes.clear();
        self.origins.clear();
        self.groups.clear();
        self.on = [0; 10];
        self.off = [0; 10];
        self.direct = 0;
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when no premise was written.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// True when the table holds all it may.
    pub fn is_full(&self) -> bool {
        self.nodes.len() >= CAPACITY
    }

    /// Where `node` is in the table.
    pub fn position(&self, node: Node) -> Option<usize> {
        if is_group(node) {
            self.groups
                .iter()
                .find(|&&(n, _)| n == node)
                .map(|&(_, i)| usize::from(i))
        } else {
            match self.places[slot(node)] {
                0 => None,
                i => Some(usize::from(i) - 1),
            }
        }
    }

    /// Where the candidate `(cell, digit)`, set or removed, is; 0 (the premise) when absent, as
    /// HoDoKu answers.
    pub fn position_or_premise(&self, cell: usize, digit: u8, set: bool) -> usize {
        self.position(node(cell, digit, set)).unwrap_or(0)
    }

    /// The distance of entry `i` (0 past the end, as HoDoKu's cleared fields read).
    pub fn distance(&self, i: usize) -> u16 {
        self.origins.get(i).map_or(0, |origin| origin.distance)
    }

    /// Adds `node`, following from entries `from`, unless the table is full or (for a candidate
    /// node) already holds it. Its distance is one more than that of `from[0]` as given.
    pub fn add(&mut self, node: Node, from: [usize; 5]) {
        if self.is_full() {
            return;
        }
        if !is_group(node) {
            let cells = if is_set(node) { &self.on } else { &self.off };
            if cells[usize::from(digit_of(node))] & 1 << cell_of(node) != 0 {
                return;
            }
        }
        // (An entry past the end, as `from[0]` may name, reads as distance 0.)
        self.push(node, Origin::of(from).at(self.distance(from[0]) + 1));
    }

    /// Gives entry `i` the origin `origin` at `distance`.
    pub fn set_origin(&mut self, i: usize, origin: Origin, distance: u16) {
        self.origins[i] = origin.at(distance);
    }

    /// Adds `node`, copied from another table while expanding, with `origin` at `distance`.
    /// The caller knows the node is not in the table yet. A full table takes nothing, and
    /// its last entry gets the origin instead (as HoDoKu's does).
    pub fn add_copied(&mut self, node: Node, origin: Origin, distance: u16) {
        let index = self.nodes.len();
        if self.is_full() {
            self.set_origin(index - 1, origin, distance);
            return;
        }
        self.push(node, origin.at(distance));
    }

    /// Appends `node` with `origin`, and notes where it is.
    fn push(&mut self, node: Node, origin: Origin) {
        let index = self.nodes.len();
        self.nodes.push(node);
        self.origins.push(origin);
        if is_group(node) {
            self.groups.push((node, index as u16));
        } else {
            let digit = usize::from(digit_of(node));
            if is_set(node) {
                self.on[digit] |= 1 << cell_of(node);
            } else {
                self.off[digit] |= 1 << cell_of(node);
            }
            self.places[slot(node)] = index as u16 + 1;
        }
    }

    /// Adds `node` with no origin but the premise.
    pub fn add_direct(&mut self, node: Node) {
        self.add(node, [0; 5]);
    }
}
