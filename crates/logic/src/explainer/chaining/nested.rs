//! Dynamic (+) and nested forcing chains: when a chain's consequences run dry, simpler
//! techniques (and, nested, simpler chain searches) are asked what they find on the grid the
//! chain has left; each removal becomes a potential whose parents are what that step needed
//! turned off (Sudoku Explainer's `getAdvancedPotentials` and `collectRuleParents`), and a
//! nested chain brings its complexity, counted once per distinct chain.

use super::*;

/// A step a nested chain search found, as the container uses it.
pub(super) struct NestedHint {
    removals: Vec<(Cell, u16)>,
    parents: Vec<(Cell, u8)>,
    complexity: u32,
    fingerprint: u64,
}

/// A nested chain that proved a potential: its complexity, and what tells it from another.
pub(super) struct NestedInfo {
    complexity: u32,
    fingerprint: u64,
}

impl Search<'_> {
    /// Every step `rule` finds at `board` (the grid a container's chain has left), easiest
    /// first, one for each set of removals, with what each needs turned off since `initial`.
    pub(super) fn nested_hints(board: &Board, rule: Rule, initial: &Board) -> Vec<NestedHint> {
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

    /// The complexity of the different nested chains `targets` rest on.
    pub(super) fn nested_complexity(&self, chains: &[Vec<u32>]) -> u32 {
        if self.rule.level() < 2 {
            return 0;
        }
        let mut counted: Vec<u64> = Vec::new();
        let mut total = 0;
        for chain in chains {
            for &p in chain {
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
    pub(super) fn fingerprint(&self, targets: &[u32], chains: &[Vec<u32>]) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |k: u64| {
            hash ^= k;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        };
        for &target in targets {
            feed(self.arena.key(target) as u64);
        }
        for chain in chains {
            feed(u64::MAX);
            for &p in chain {
                feed(self.arena.key(p) as u64);
            }
        }
        hash
    }

    /// A cycle read backwards: each potential turned over, keeping its cause (Sudoku
    /// Explainer's `getReversedCycle`); returns its start.
    pub(super) fn reversed_cycle(&mut self, dst_on: u32) -> u32 {
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
    pub(super) fn rule_parents(
        &self,
        shape: Shape,
        chains: &[Vec<u32>],
        initial: &Board,
    ) -> Vec<(Cell, u8)> {
        let current = self.board;
        let mut parents: Vec<(Cell, u8)> = Vec::new();
        let mut add = |cell: Cell, value: u8| {
            if !parents.contains(&(cell, value)) {
                parents.push((cell, value));
            }
        };
        for chain in chains {
            for &p in chain {
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

    /// What intersections, hidden and naked pairs and X-Wings remove from `grid` (the first of
    /// these that finds steps needing what the chain turned off), each removal an off
    /// potential whose parents are what its step needed turned off.
    pub(super) fn advanced(&mut self, grid: &Board, offs: &PotSet) -> Vec<u32> {
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
