//! Sudoku Explainer's aligned pair and triplet exclusion (6.2 and 7.5): cells whose value
//! combinations would leave a common peer of two or three values with none.

use super::Hint;
use super::grid::{Board, Cell, house_cells, sees};

/// A set of cells as bits.
type CellMask = u128;

/// The first aligned exclusion of `degree` cells (2 or 3) that removes anything.
pub fn aligned_exclusion(board: &Board, degree: usize) -> Option<Hint> {
    debug_assert!(degree == 2 || degree == 3);
    let difficulty = if degree == 2 { 62 } else { 75 };
    // The cells that may take part (two values or more, no naked single among their peers,
    // at least one excluder), and for each its excluders: peers with 2..=degree values.
    let mut candidates: Vec<Cell> = Vec::new();
    let mut excluders: Vec<Vec<Cell>> = Vec::new();
    let mut excluder_masks: Vec<CellMask> = Vec::new();
    let mut is_candidate: CellMask = 0;
    for cell in 0..81 {
        if board.potentials[cell].count_ones() < 2 {
            continue;
        }
        let mut naked_single = false;
        let mut list = Vec::new();
        let mut mask = 0;
        for &other in house_cells(cell) {
            let count = board.potentials[other].count_ones() as usize;
            if count == 1 {
                naked_single = true;
            } else if (2..=degree).contains(&count) {
                list.push(other);
                mask |= 1 << other;
            }
        }
        if !naked_single && !list.is_empty() {
            candidates.push(cell);
            excluders.push(list);
            excluder_masks.push(mask);
            is_candidate |= 1 << cell;
        }
    }
    if candidates.len() < degree {
        return None;
    }
    // Where each candidate cell sits in `candidates`.
    let mut index_of = [0usize; 81];
    for (index, &cell) in candidates.iter().enumerate() {
        index_of[cell] = index;
    }
    // Pairs in Sudoku Explainer's order (by the second index, then the first), which can
    // number more than a 32-bit mask holds.
    let pairs = (1..candidates.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        let (c0, c1) = (candidates[i0], candidates[i1]);
        let common = excluder_masks[i0] & excluder_masks[i1];
        if degree == 2 {
            if let Some(hint) = exclude(board, &[c0, c1], common, difficulty) {
                return Some(hint);
            }
            continue;
        }
        // The third cell comes from either cell's excluders, in that order.
        let mut taken: CellMask = (1 << c0) | (1 << c1);
        for &tail in excluders[i0].iter().chain(&excluders[i1]) {
            if taken & (1 << tail) != 0 || is_candidate & (1 << tail) == 0 {
                continue;
            }
            taken |= 1 << tail;
            let common = common & excluder_masks[index_of[tail]];
            if let Some(hint) = exclude(board, &[c0, c1, tail], common, difficulty) {
                return Some(hint);
            }
        }
    }
    None
}

/// The values of `cells` that no allowed combination uses, when there are at least two
/// common excluders: a combination is not allowed when two cells that see each other take
/// the same value, or when it takes every value of an excluder.
fn exclude(board: &Board, cells: &[Cell], excluders: CellMask, difficulty: u32) -> Option<Hint> {
    if excluders.count_ones() < 2 {
        return None;
    }
    let mut locks = [0u16; 20];
    let mut count = 0;
    let mut rest = excluders;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        locks[count] = board.potentials[cell];
        count += 1;
    }
    let locks = &locks[..count];
    // The values the last cell may not take once the others have theirs: a value they took,
    // where it sees that cell, and the last value of an excluder they nearly fill (all of
    // them, if they fill one).
    let last = cells.len() - 1;
    let forbidden_last = |chosen: &[u8]| {
        let mut forbidden = 0u16;
        let mut taken = 0u16;
        for (i, &v) in chosen.iter().enumerate() {
            taken |= 1 << v;
            if sees(cells[i], cells[last]) {
                forbidden |= 1 << v;
            }
        }
        for &lock in locks {
            let rest = lock & !taken;
            if rest == 0 {
                return u16::MAX;
            }
            if rest & (rest - 1) == 0 {
                forbidden |= rest;
            }
        }
        forbidden
    };
    let mut used = [0u16; 3];
    let values_of = |c: Cell| (1..=9u8).filter(move |&v| board.potentials[c] & (1 << v) != 0);
    for v0 in values_of(cells[0]) {
        if cells.len() == 2 {
            let allowed = board.potentials[cells[1]] & !forbidden_last(&[v0]);
            if allowed != 0 {
                used[0] |= 1 << v0;
                used[1] |= allowed;
            }
            continue;
        }
        for v1 in values_of(cells[1]) {
            if v0 == v1 && sees(cells[0], cells[1]) {
                continue;
            }
            let allowed = board.potentials[cells[2]] & !forbidden_last(&[v0, v1]);
            if allowed != 0 {
                used[0] |= 1 << v0;
                used[1] |= 1 << v1;
                used[2] |= allowed;
            }
        }
    }
    let removals: Vec<(Cell, u16)> = cells
        .iter()
        .zip(used)
        .map(|(&c, u)| (c, board.potentials[c] & !u))
        .filter(|&(_, m)| m != 0)
        .collect();
    (!removals.is_empty()).then(|| Hint::remove(difficulty, removals))
}
