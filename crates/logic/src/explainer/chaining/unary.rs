//! Cycles and single forcing chains (X, Y and XY), searched breadth first from every
//! candidate, on and off, as Sudoku Explainer's `doCycles` and `doForcingChains` do.

use super::*;

impl Search<'_> {
    pub(super) fn loops(&mut self, y: bool, x: bool) {
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

    pub(super) fn unary(&mut self, cell: Cell, value: u8, y: bool, x: bool) {
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
    pub(super) fn cycles(
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

    pub(super) fn forcing_chains(
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
    pub(super) fn cycle_hint(&self, dst_on: u32) -> Hint {
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
}
