//! Sudoku Explainer's aligned pair and triplet exclusion (6.2 and 7.5): cells whose value
//! combinations would leave a common peer of two or three values with none.

use super::Hint;
use super::grid::{Board, Cell, bits, house_cells, sees};

/// The first aligned exclusion of `degree` cells (2 or 3) that removes anything.
pub fn aligned_exclusion(board: &Board, degree: usize) -> Option<Hint> {
    debug_assert!(degree == 2 || degree == 3);
    let difficulty = if degree == 2 { 62 } else { 75 };
    let mut candidates: Vec<Cell> = Vec::new();
    let mut excluders: Vec<Vec<Cell>> = Vec::new();
    for cell in 0..81 {
        if board.potentials[cell].count_ones() < 2 {
            continue;
        }
        let mut naked_single = false;
        let mut list = Vec::new();
        for &other in house_cells(cell) {
            let count = board.potentials[other].count_ones() as usize;
            if count == 1 {
                naked_single = true;
            } else if (2..=degree).contains(&count) {
                list.push(other);
            }
        }
        if !naked_single && !list.is_empty() {
            candidates.push(cell);
            excluders.push(list);
        }
    }
    if candidates.len() < degree {
        return None;
    }
    let index_of = |cell: Cell| candidates.iter().position(|&c| c == cell);
    // Pairs in Sudoku Explainer's order (by the second index, then the first), which can
    // number more than a 32-bit mask holds.
    let pairs = (1..candidates.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        if degree == 2 {
            let cells = [candidates[i0], candidates[i1]];
            let common = intersect(&[&excluders[i0], &excluders[i1]]);
            if let Some(hint) = exclude(board, &cells, &common, difficulty) {
                return Some(hint);
            }
            continue;
        }
        let mut twins: Vec<Cell> = Vec::new();
        for &c in excluders[i0].iter().chain(&excluders[i1]) {
            if !twins.contains(&c)
                && index_of(c).is_some()
                && c != candidates[i0]
                && c != candidates[i1]
            {
                twins.push(c);
            }
        }
        if twins.len() < degree - 2 {
            continue;
        }
        // Only triplets are searched: the tail is one cell.
        for &tail in &twins {
            let cells = vec![candidates[i0], candidates[i1], tail];
            let lists: Vec<&Vec<Cell>> = cells
                .iter()
                .map(|&c| &excluders[index_of(c).unwrap_or(0)])
                .collect();
            let common = intersect(&lists);
            if let Some(hint) = exclude(board, &cells, &common, difficulty) {
                return Some(hint);
            }
        }
    }
    None
}

/// The cells of the first list that are in all the others.
fn intersect(lists: &[&Vec<Cell>]) -> Vec<Cell> {
    lists[0]
        .iter()
        .copied()
        .filter(|c| lists[1..].iter().all(|l| l.contains(c)))
        .collect()
}

/// The values of `cells` that no allowed combination uses, when there are at least two
/// common excluders.
fn exclude(board: &Board, cells: &[Cell], excluders: &[Cell], difficulty: u32) -> Option<Hint> {
    if excluders.len() < 2 {
        return None;
    }
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| bits(board.potentials[c]).map(|v| v as u8).collect())
        .collect();
    let mut used = vec![0u16; cells.len()];
    let mut choice = vec![0usize; cells.len()];
    loop {
        let values: Vec<u8> = choice
            .iter()
            .enumerate()
            .map(|(i, &k)| options[i][k])
            .collect();
        let clash = (0..cells.len()).any(|a| {
            (a + 1..cells.len()).any(|b| values[a] == values[b] && sees(cells[a], cells[b]))
        });
        let chosen: u16 = values.iter().map(|&v| 1u16 << v).fold(0, |a, b| a | b);
        let emptied = excluders
            .iter()
            .any(|&e| board.potentials[e] & !chosen == 0);
        if !clash && !emptied {
            for (i, &v) in values.iter().enumerate() {
                used[i] |= 1 << v;
            }
        }
        // Next combination, odometer style.
        let mut i = 0;
        loop {
            if i == cells.len() {
                let removals: Vec<(Cell, u16)> = cells
                    .iter()
                    .zip(&used)
                    .map(|(&c, &u)| (c, board.potentials[c] & !u))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                return (!removals.is_empty()).then(|| Hint::remove(difficulty, removals));
            }
            choice[i] += 1;
            if choice[i] < options[i].len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}
