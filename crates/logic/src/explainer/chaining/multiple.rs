//! Nishio, cell and region forcing chains, contradictions and double forcing chains: every
//! candidate followed on and off by Sudoku Explainer's `doChaining`, dynamic rules turning
//! potentials off in their grid as they go.

use super::*;

impl Search<'_> {
    pub(super) fn multiple_chains(&mut self) {
        let board = self.board;
        for cell in 0..81 {
            if crate::deadline::passed() {
                return;
            }
            let potentials = board.potentials[cell];
            let count = potentials.count_ones();
            if board.values[cell] != 0 || !(count > 2 || (count > 1 && self.rule.dynamic())) {
                continue;
            }
            let mark = self.arena.mark();
            let mut value_to_on: Vec<PotSet> = Vec::new();
            let mut value_to_off: Vec<PotSet> = Vec::new();
            let (mut cell_to_on, mut cell_to_off) = (self.new_set(), self.new_set());
            let double = count >= 3 && !self.rule.nishio() && self.rule.dynamic();
            let contradiction = self.rule.dynamic() || self.rule.nishio();
            for (i, value) in values_of(potentials).enumerate() {
                let p_on = self.arena.push(cell, value, true, Cause::Assumption, &[]);
                let p_off = self.arena.push(cell, value, false, Cause::Assumption, &[]);
                let mut on_to_on = self.new_set();
                let mut on_to_off = self.new_set();
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
    pub(super) fn push_reduction(&mut self, target: u32, chains: &[u32], shape: Shape) {
        let n = self.arena.node(target);
        let mut hint = self.result_hint(n.cell as usize, n.value, n.on);
        let first_on = chains.first().is_some_and(|&c| self.arena.node(c).on);
        if !first_on {
            hint.placement = None;
        }
        let sort_key = if shape == Shape::Cell { 5 } else { 6 };
        self.push(self.rule.difficulty(), shape, chains, sort_key, hint);
    }

    pub(super) fn binary(
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
    pub(super) fn reductions(
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

    pub(super) fn region_chains(
        &mut self,
        cell: Cell,
        value: u8,
        on_to_on: &PotSet,
        on_to_off: &PotSet,
    ) {
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
    pub(super) fn chaining(
        &mut self,
        to_on: &mut PotSet,
        to_off: &mut PotSet,
    ) -> Option<(u32, u32)> {
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
}
