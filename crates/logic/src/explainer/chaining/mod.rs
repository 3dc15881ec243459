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

mod links;
mod multiple;
mod nested;
mod potentials;
mod unary;

use std::collections::VecDeque;

use super::Hint;
use super::basic::{self, Pattern, Visit};
use super::grid::{Board, Cell, KINDS, Kind, Region, bits, has_two, house_cells, values_of};
use links::Links;
use nested::NestedInfo;
use potentials::*;

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

/// The step `rule` gives at `board`, if it finds any. Once the deadline in force has passed
/// (see [`crate::deadline`]) the search stops early, and what it gives is no answer.
pub fn chains(board: &Board, rule: Rule) -> Option<Hint> {
    let mut search = Search::new(board, rule);
    search.run();
    search.give_back_sets();
    search.best()
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
        potentials::give_back(sets);
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
        let mut targets = targets.to_vec();
        if shape == Shape::Cycle && self.initial.is_some() {
            targets.push(self.reversed_cycle(targets[0]));
        }
        // Each target's chain, walked once for everything below.
        let chains: Vec<Vec<u32>> = targets.iter().map(|&t| self.chain(t)).collect();
        let flat = match shape {
            Shape::Cycle | Shape::Forcing => chains[0].len(),
            _ => chains.iter().map(Vec::len).sum(),
        } as u32;
        let complexity = flat + self.nested_complexity(&chains);
        hint.difficulty = base + length_difficulty(complexity);
        let (parents, fingerprint) = match self.initial {
            Some(initial) => (
                self.rule_parents(shape, &chains, initial),
                self.fingerprint(&targets, &chains),
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

    #[test]
    fn a_search_stops_at_its_deadline() {
        use std::time::{Duration, Instant};
        // The first of hardest_1106: dynamic forcing chains find a step at its givens.
        let puzzle: sudoku_engine::Grid =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
                .parse()
                .unwrap();
        let board = Board::from_candidates(&crate::Candidates::from_grid(&puzzle));
        assert!(chains(&board, Rule::Dynamic).is_some());
        // A deadline that passes before the search begins: the search finds it passed.
        let soon = Instant::now() + Duration::from_millis(1);
        let mut found = None;
        let cut = crate::deadline::within(Some(soon), || {
            while Instant::now() < soon {
                std::thread::sleep(Duration::from_millis(1));
            }
            found = chains(&board, Rule::Dynamic);
        });
        assert!(cut.is_err());
        assert!(found.is_none());
    }
}
