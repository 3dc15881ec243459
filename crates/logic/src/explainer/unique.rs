//! Sudoku Explainer's uniqueness techniques: unique rectangles and loops (types 1 to 4) and
//! the bivalue universal grave (types 1 to 4), found and chosen as it does.

use super::Hint;
use super::basic::common_tuple;
use super::grid::{Board, Cell, KINDS, Kind, Region, bits, house_cells, sees, subsets};

/// A unique loop step and its type (the tie-break after difficulty).
struct LoopHint {
    hint: Hint,
    kind: u32,
}

/// The easiest unique rectangle or loop (4.5 and up, longer loops harder; type 3 adds 0.1 for
/// each cell or value of its set beyond the first), lower types first on a tie.
pub fn unique_loop(board: &Board) -> Option<Hint> {
    let mut found: Vec<LoopHint> = Vec::new();
    for cell in 0..81 {
        let potentials = board.potentials[cell];
        if potentials.count_ones() != 2 {
            continue;
        }
        let v1 = potentials.trailing_zeros() as u8;
        let v2 = (potentials & !(1 << v1)).trailing_zeros() as u8;
        let mut loops = Vec::new();
        let mut path = Vec::new();
        search_loops(board, cell, v1, v2, &mut path, 2, 0, None, &mut loops);
        for cycle in loops.into_iter().filter(|l| is_valid_loop(l)) {
            let extra: Vec<Cell> = cycle
                .iter()
                .copied()
                .filter(|&c| board.potentials[c].count_ones() > 2)
                .collect();
            let base = loop_difficulty(cycle.len());
            let mut add = |hint: Option<Hint>, kind: u32| {
                if let Some(hint) = hint.filter(|h| !h.removals.is_empty()) {
                    found.push(LoopHint { hint, kind });
                }
            };
            match extra.len() {
                1 => add(
                    Some(Hint::remove(base, vec![(extra[0], (1 << v1) | (1 << v2))])),
                    1,
                ),
                2 => {
                    let others = (board.potentials[extra[0]] | board.potentials[extra[1]])
                        & !(1 << v1)
                        & !(1 << v2);
                    if others.count_ones() == 1 {
                        add(Some(type2(board, &extra, v1, v2, base)), 2);
                    } else if others.count_ones() >= 2 {
                        for hint in type3(board, extra[0], extra[1], v1, v2, base) {
                            add(Some(hint), 3);
                        }
                    }
                    add(type4(board, extra[0], extra[1], v1, v2, base), 4);
                }
                n if n > 2 => add(Some(type2(board, &extra, v1, v2, base)), 2),
                _ => {}
            }
        }
    }
    // Stable: among equals, the first found.
    let best = found
        .iter()
        .enumerate()
        .min_by_key(|(i, h)| (h.hint.difficulty, h.kind, *i))?;
    Some(best.1.hint.clone())
}

fn loop_difficulty(length: usize) -> u32 {
    let mut difficulty = 45;
    if length >= 10 {
        difficulty += 3;
    }
    if length >= 8 {
        difficulty += 2;
    } else if length >= 6 {
        difficulty += 1;
    }
    difficulty
}

/// Sudoku Explainer's depth-first loop search from `cell`: through cells holding both values,
/// at most two of them with more (or more, while all extras are one value).
#[allow(clippy::too_many_arguments)]
fn search_loops(
    board: &Board,
    cell: Cell,
    v1: u8,
    v2: u8,
    path: &mut Vec<Cell>,
    allowed_extra: i32,
    extra_values: u16,
    last: Option<Kind>,
    loops: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    let mut extra_values = extra_values;
    for kind in KINDS {
        if Some(kind) == last {
            continue;
        }
        let region = Region::of(kind, cell);
        for next in region.cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let potentials = board.potentials[next];
                if potentials & (1 << v1) != 0 && potentials & (1 << v2) != 0 {
                    extra_values |= potentials & !(1 << v1) & !(1 << v2);
                    let count = potentials.count_ones();
                    if count == 2 || extra_values.count_ones() == 1 || allowed_extra > 0 {
                        let allowed = allowed_extra - i32::from(count > 2);
                        search_loops(
                            board,
                            next,
                            v1,
                            v2,
                            path,
                            allowed,
                            extra_values,
                            Some(kind),
                            loops,
                        );
                    }
                }
            }
        }
    }
    path.pop();
}

/// Every region a loop visits is visited by exactly two of its cells, one at an odd place and
/// one at an even place.
fn is_valid_loop(cycle: &[Cell]) -> bool {
    let key = |r: Region| r.index + 9 * KINDS.iter().position(|&k| k == r.kind).unwrap_or(0);
    let (mut odd, mut even) = (0u32, 0u32);
    for (i, &cell) in cycle.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for kind in KINDS {
            let bit = 1u32 << key(Region::of(kind, cell));
            if *set & bit != 0 {
                return false;
            }
            *set |= bit;
        }
    }
    odd == even
}

/// The cells seeing every one of `cells` (in the first one's house order), not among them.
fn common_peers(cells: &[Cell]) -> Vec<Cell> {
    house_cells(cells[0])
        .iter()
        .copied()
        .filter(|c| cells[1..].iter().all(|&o| sees(*c, o)))
        .filter(|c| !cells.contains(c))
        .collect()
}

fn type2(board: &Board, extra: &[Cell], v1: u8, v2: u8, base: u32) -> Hint {
    let value = (board.potentials[extra[0]] & !(1 << v1) & !(1 << v2)).trailing_zeros() as u8;
    let removals = common_peers(extra)
        .into_iter()
        .filter(|&c| board.has(c, value))
        .map(|c| (c, 1 << value))
        .collect();
    Hint::remove(base, removals)
}

fn type3(board: &Board, c1: Cell, c2: Cell, v1: u8, v2: u8, base: u32) -> Vec<Hint> {
    let mut hints = Vec::new();
    let pair = (1u16 << v1) | (1 << v2);
    let extra = (board.potentials[c1] | board.potentials[c2]) & !pair;
    for degree in extra.count_ones()..=7 {
        for kind in KINDS {
            let region = Region::of(kind, c1);
            if Region::of(kind, c2) != region {
                continue;
            }
            let empty = board.empty_count(region);
            let (Some(i1), Some(i2)) = (region.position_of(c1), region.position_of(c2)) else {
                continue;
            };
            if degree * 2 <= empty {
                for combination in subsets(degree, 9) {
                    if combination & (1 << i1) == 0 || combination & (1 << i2) != 0 {
                        continue;
                    }
                    let mut naked = extra & board.potentials[c1] & board.potentials[c2];
                    let mut sets = Vec::new();
                    let mut others = Vec::new();
                    for j in bits(combination as u16) {
                        if j == i1 {
                            sets.push(extra);
                        } else {
                            let cell = region.cell(j);
                            sets.push(board.potentials[cell]);
                            naked |= board.potentials[cell];
                            others.push(cell);
                        }
                    }
                    if naked.count_ones() != degree {
                        continue;
                    }
                    if let Some(common) = common_tuple(&sets, degree) {
                        let removals = region
                            .cells()
                            .filter(|c| !others.contains(c) && *c != c1 && *c != c2)
                            .map(|c| (c, board.potentials[c] & common))
                            .filter(|&(_, m)| m != 0)
                            .collect();
                        hints.push(Hint::remove(base + common.count_ones() - 1, removals));
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u8> = (1..=9u8)
                    .filter(|&v| (pair | extra) & (1 << v) == 0)
                    .collect();
                if degree - 2 > rest.len() as u32 {
                    continue;
                }
                for combination in subsets(degree - 2, rest.len() as u32) {
                    let mut values: Vec<u8> = bits(combination as u16).map(|j| rest[j]).collect();
                    values.extend([v1, v2]);
                    let mut union = 0u16;
                    let mut light = true;
                    for &v in &values {
                        let places = board.positions(region, v) & !(1 << i2);
                        light &= places != 0;
                        union |= places;
                    }
                    if !light || union.count_ones() != degree {
                        continue;
                    }
                    let hidden: u16 = values.iter().map(|&v| 1u16 << v).sum();
                    let cells: Vec<Cell> = bits(union & !(1 << i1) & !(1 << i2))
                        .map(|j| region.cell(j))
                        .collect();
                    let removals = cells
                        .iter()
                        .map(|&c| (c, board.potentials[c] & !hidden))
                        .filter(|&(_, m)| m != 0)
                        .collect();
                    hints.push(Hint::remove(base + cells.len() as u32 - 1, removals));
                }
            }
        }
    }
    hints
}

fn type4(board: &Board, c1: Cell, c2: Cell, v1: u8, v2: u8, base: u32) -> Option<Hint> {
    let (mut lock1, mut lock2) = (false, false);
    for kind in KINDS {
        let region = Region::of(kind, c1);
        if Region::of(kind, c2) != region {
            continue;
        }
        let others = region.cells().filter(|&c| c != c1 && c != c2);
        let (mut has1, mut has2) = (false, false);
        for c in others {
            has1 |= board.has(c, v1);
            has2 |= board.has(c, v2);
        }
        lock1 |= !has1;
        lock2 |= !has2;
    }
    let removed = if lock1 {
        v2
    } else if lock2 {
        v1
    } else {
        return None;
    };
    Some(Hint::remove(
        base,
        vec![(c1, 1 << removed), (c2, 1 << removed)],
    ))
}

/// The bivalue universal grave (5.6 type 1, 5.7 types 2 and 4, type 3 5.7 plus 0.1 for each
/// value of its naked set beyond the first).
pub fn bug(board: &Board) -> Option<Hint> {
    let mut temp = *board;
    let mut bug_cells: Vec<Cell> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<Vec<Cell>> = None;
    for kind in KINDS {
        for region in Region::all(kind) {
            for value in 1..=9u8 {
                let positions = board.positions(region, value);
                let count = positions.count_ones();
                if count == 0 || count == 2 {
                    continue;
                }
                let new: Vec<Cell> = bits(positions)
                    .map(|j| region.cell(j))
                    .filter(|&c| board.potentials[c].count_ones() >= 3)
                    .collect();
                if new.is_empty() {
                    return None;
                }
                if new.len() == 1 {
                    let cell = new[0];
                    if !bug_cells.contains(&cell) {
                        bug_cells.push(cell);
                    }
                    bug_values[cell] |= 1 << value;
                    all_values |= 1 << value;
                    temp.remove(cell, 1 << value);
                    let peers = house_cells(cell).to_vec();
                    let mut shared = match common.take() {
                        None => peers,
                        Some(previous) => {
                            previous.into_iter().filter(|c| peers.contains(c)).collect()
                        }
                    };
                    shared.retain(|c| !bug_cells.contains(c));
                    let empty = shared.is_empty();
                    common = Some(shared);
                    if bug_cells.len() > 1 && all_values.count_ones() > 1 && empty {
                        return None;
                    }
                }
            }
        }
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.potentials[c].count_ones() != 2) {
        return None;
    }
    for kind in KINDS {
        for region in Region::all(kind) {
            for value in 1..=9u8 {
                let count = temp.positions(region, value).count_ones();
                if count != 0 && count != 2 {
                    return None;
                }
            }
        }
    }
    let common = common.unwrap_or_default();
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        return Some(Hint::remove(
            56,
            vec![(cell, board.potentials[cell] & !all_values)],
        ));
    }
    if all_values.count_ones() == 1 {
        let value = all_values.trailing_zeros() as u8;
        let removals: Vec<(Cell, u16)> = common
            .iter()
            .filter(|&&c| board.has(c, value))
            .map(|&c| (c, 1 << value))
            .collect();
        if !removals.is_empty() {
            return Some(Hint::remove(57, removals));
        }
        if bug_cells.len() == 2 {
            return bug4(board, &bug_cells, &bug_values, all_values);
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2
        && let Some(hint) = bug4(board, &bug_cells, &bug_values, all_values)
    {
        return Some(hint);
    }
    bug3(board, &bug_cells, all_values, &common)
}

fn shared_region(cells: &[Cell], kind: Kind) -> Option<Region> {
    let region = Region::of(kind, cells[0]);
    cells
        .iter()
        .all(|&c| Region::of(kind, c) == region)
        .then_some(region)
}

fn bug4(board: &Board, cells: &[Cell], extra: &[u16; 81], all_values: u16) -> Option<Hint> {
    let (c1, c2) = (cells[0], cells[1]);
    let shared = board.potentials[c1] & board.potentials[c2] & !all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    KINDS.iter().find_map(|&kind| {
        shared_region(cells, kind)?;
        let r1 = board.potentials[c1] & !extra[c1] & !shared;
        let r2 = board.potentials[c2] & !extra[c2] & !shared;
        let removals: Vec<(Cell, u16)> = [(c1, r1), (c2, r2)]
            .into_iter()
            .filter(|&(_, m)| m != 0)
            .collect();
        (!removals.is_empty()).then(|| Hint::remove(57, removals))
    })
}

fn bug3(board: &Board, cells: &[Cell], all_values: u16, common: &[Cell]) -> Option<Hint> {
    for kind in KINDS {
        let Some(region) = shared_region(cells, kind) else {
            continue;
        };
        let region_cells: Vec<Cell> = common
            .iter()
            .copied()
            .filter(|&c| Region::of(kind, c) == region)
            .collect();
        for degree in 2..=6u32 {
            if (region_cells.len() as u32) < degree {
                continue;
            }
            for combination in subsets(degree - 1, region_cells.len() as u32) {
                let naked_cells: Vec<Cell> =
                    bits(combination as u16).map(|j| region_cells[j]).collect();
                let mut sets: Vec<u16> = naked_cells.iter().map(|&c| board.potentials[c]).collect();
                let others = sets.iter().fold(0, |a, &s| a | s);
                sets.push(all_values);
                if others.count_ones() != degree {
                    continue;
                }
                let Some(naked) = common_tuple(&sets, degree) else {
                    continue;
                };
                let removals: Vec<(Cell, u16)> = region_cells
                    .iter()
                    .copied()
                    .filter(|c| !naked_cells.contains(c) && !cells.contains(c))
                    .map(|c| (c, board.potentials[c] & naked))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                if !removals.is_empty() {
                    return Some(Hint::remove(57 + naked.count_ones() - 1, removals));
                }
            }
        }
    }
    None
}
