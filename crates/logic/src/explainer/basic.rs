//! Sudoku Explainer's singles, intersections, naked and hidden sets, fish and XY(Z)-Wings,
//! each returning the first step its own scan finds (the one Sudoku Explainer takes).

use super::Hint;
use super::grid::{Board, Cell, Kind, Region, bits, house_cells, sees, subsets};

/// What a step of the simple techniques rests on, so that a dynamic forcing chain (+) can tell
/// which of the potential values it has turned off the step needs.
pub enum Pattern<'a> {
    /// Intersections and fish: `value` in the base regions lies in the cover regions.
    Lines {
        /// The value.
        value: u8,
        /// The regions whose positions are covered.
        bases: &'a [Region],
        /// The regions that cover them.
        covers: &'a [Region],
    },
    /// A hidden set: `values` in `region`.
    Hidden {
        /// The region.
        region: Region,
        /// The set's values.
        values: u16,
    },
    /// A naked set: `cells` hold only `values`.
    Naked {
        /// The set's cells.
        cells: &'a [Cell],
        /// The set's values.
        values: u16,
    },
}

impl Pattern<'_> {
    /// The potential values of `initial` that are gone in `current` and that the step needs
    /// gone (Sudoku Explainer's `getRuleParents`).
    pub fn parents(&self, initial: &Board, current: &Board) -> Vec<(Cell, u8)> {
        let mut parents = Vec::new();
        match *self {
            Pattern::Lines {
                value,
                bases,
                covers,
            } => {
                for base in bases {
                    for cell in base.cells() {
                        let gone = initial.has(cell, value) && !current.has(cell, value);
                        if gone && covers.iter().all(|c| c.position_of(cell).is_none()) {
                            parents.push((cell, value));
                        }
                    }
                }
            }
            Pattern::Hidden { region, values } => {
                let places: u16 = bits(values)
                    .map(|v| current.positions(region, v as u8))
                    .fold(0, |a, b| a | b);
                for j in (0..9).filter(|j| places & (1 << j) == 0) {
                    let cell = region.cell(j);
                    parents.extend(
                        bits(values)
                            .filter(|&v| initial.has(cell, v as u8))
                            .map(|v| (cell, v as u8)),
                    );
                }
            }
            Pattern::Naked { cells, values } => {
                for &cell in cells {
                    let others = initial.potentials[cell] & !values;
                    parents.extend(bits(others).map(|v| (cell, v as u8)));
                }
            }
        }
        parents
    }
}

/// Every region, blocks first, then columns, then rows: the order of Sudoku Explainer's
/// singles and sets.
fn block_column_row() -> impl Iterator<Item = Region> {
    [Kind::Block, Kind::Column, Kind::Row]
        .into_iter()
        .flat_map(Region::all)
}

/// Receives each step a search finds; returns `true` to stop the search.
pub type Visit<'v> = dyn FnMut(Hint, Pattern) -> bool + 'v;

/// The first step `search` finds.
fn first(search: impl FnOnce(&mut Visit)) -> Option<Hint> {
    let mut found = None;
    search(&mut |hint, _| {
        found = Some(hint);
        true
    });
    found
}

/// Hidden singles: first a region's last empty cell (1.0), then a value with one place left,
/// blocks (1.2) before columns and rows (1.5).
pub fn hidden_single(board: &Board) -> Option<Hint> {
    for alone in [true, false] {
        for kind in [Kind::Block, Kind::Column, Kind::Row] {
            for region in Region::all(kind) {
                for value in 1..=9 {
                    let positions = board.positions(region, value);
                    if positions.count_ones() != 1 {
                        continue;
                    }
                    let is_alone = board.empty_count(region) == 1;
                    if is_alone == alone {
                        let cell = region.cell(positions.trailing_zeros() as usize);
                        let difficulty = match (is_alone, kind) {
                            (true, _) => 10,
                            (false, Kind::Block) => 12,
                            (false, _) => 15,
                        };
                        return Some(Hint::place(difficulty, cell, value));
                    }
                }
            }
        }
    }
    None
}

/// A cell with one potential value left (2.3), in reading order.
pub fn naked_single(board: &Board) -> Option<Hint> {
    (0..81)
        .find(|&c| board.potentials[c].count_ones() == 1)
        .map(|c| Hint::place(23, c, board.potentials[c].trailing_zeros() as u8))
}

/// Pointing and claiming. `direct`: only where the removal leaves a hidden single in another
/// region of the first kind (1.7 pointing, 1.9 claiming); otherwise any removal (2.6, 2.8).
pub fn locking(board: &Board, direct: bool) -> Option<Hint> {
    first(|visit| {
        locking_each(board, direct, visit);
    })
}

/// Every intersection step, in Sudoku Explainer's order, until `visit` says stop (`true`).
pub fn locking_each(board: &Board, direct: bool, visit: &mut Visit) -> bool {
    let pairs = [
        (Kind::Block, Kind::Column),
        (Kind::Block, Kind::Row),
        (Kind::Column, Kind::Block),
        (Kind::Row, Kind::Block),
    ];
    for (kind1, kind2) in pairs {
        for region1 in Region::all(kind1) {
            for region2 in Region::all(kind2) {
                if !region1.crosses(region2) {
                    continue;
                }
                for value in 1..=9 {
                    // Two places or more in region1, all of them in region2.
                    let places = board.cells_in(region1, value);
                    if places & places.wrapping_sub(1) == 0 || places & !region2.mask() != 0 {
                        continue;
                    }
                    let gone = board.cells_in(region2, value) & !region1.mask();
                    if gone == 0 {
                        continue;
                    }
                    let removals: Vec<(Cell, u16)> = region2
                        .cells()
                        .filter(|&c| gone & (1 << c) != 0)
                        .map(|c| (c, 1 << value))
                        .collect();
                    let pointing = kind1 == Kind::Block;
                    let pattern = Pattern::Lines {
                        value,
                        bases: &[region1],
                        covers: &[region2],
                    };
                    if !direct {
                        if visit(
                            Hint::remove(if pointing { 26 } else { 28 }, removals),
                            pattern,
                        ) {
                            return true;
                        }
                        continue;
                    }
                    for region3 in Region::all(kind1) {
                        if region3 == region1 || !region3.crosses(region2) {
                            continue;
                        }
                        let places3 = board.cells_in(region3, value);
                        let remaining = places3 & !region2.mask();
                        let one_left = remaining != 0 && remaining & (remaining - 1) == 0;
                        if places3 & places3.wrapping_sub(1) != 0 && one_left {
                            let cell = remaining.trailing_zeros() as Cell;
                            let difficulty = if pointing { 17 } else { 19 };
                            // A direct step only places its value: the removals that lead to it
                            // stay undone (Sudoku Explainer's direct hints remove nothing).
                            let hint = Hint::place(difficulty, cell, value);
                            let pattern = Pattern::Lines {
                                value,
                                bases: &[region1],
                                covers: &[region2],
                            };
                            if visit(hint, pattern) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// The union of `sets` when every one has at least two members and the union has `degree`
/// (Sudoku Explainer's `searchCommonTuple`).
pub fn common_tuple(sets: &[u16], degree: u32) -> Option<u16> {
    common_of(sets.iter().copied(), degree)
}

/// [`common_tuple`] of sets given one by one.
fn common_of(sets: impl Iterator<Item = u16>, degree: u32) -> Option<u16> {
    let mut union = 0;
    for set in sets {
        if set.count_ones() <= 1 {
            return None;
        }
        union |= set;
    }
    (union.count_ones() == degree).then_some(union)
}

/// Hidden pairs, triplets and quads (3.4, 4.0, 5.4). `direct`: only where removing the other
/// values from the set's cells leaves a hidden single (2.0, 2.5).
pub fn hidden_set(board: &Board, degree: u32, direct: bool) -> Option<Hint> {
    first(|visit| {
        hidden_set_each(board, degree, direct, visit);
    })
}

/// Every hidden set step, in Sudoku Explainer's order, until `visit` says stop (`true`).
pub fn hidden_set_each(board: &Board, degree: u32, direct: bool, visit: &mut Visit) -> bool {
    for region in block_column_row() {
        let empty = board.empty_count(region);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        let mut places = [0u16; 10];
        for value in 1..=9u8 {
            places[value as usize] = board.positions(region, value);
        }
        for combination in subsets(degree, 9) {
            let value_set = (combination as u16) << 1;
            let positions = bits(value_set).map(|v| places[v]);
            let Some(common) = common_of(positions, degree) else {
                continue;
            };
            let removals: Vec<(Cell, u16)> = bits(common)
                .map(|j| region.cell(j))
                .map(|c| (c, board.potentials[c] & !value_set))
                .filter(|&(_, mask)| mask != 0)
                .collect();
            let pattern = Pattern::Hidden {
                region,
                values: value_set,
            };
            if !direct {
                if !removals.is_empty() {
                    let difficulty = [34, 40, 54][degree as usize - 2];
                    if visit(Hint::remove(difficulty, removals), pattern) {
                        return true;
                    }
                }
                continue;
            }
            let single = (1..=9u8)
                .filter(|v| value_set & (1 << v) == 0)
                .find_map(|v| {
                    let places = places[v as usize];
                    let left = places & !common;
                    (places.count_ones() > 1 && left.count_ones() == 1)
                        .then(|| (region.cell(left.trailing_zeros() as usize), v))
                });
            if let Some((cell, value)) = single {
                let difficulty = if degree == 2 { 20 } else { 25 };
                if visit(Hint::place(difficulty, cell, value), pattern) {
                    return true;
                }
            }
        }
    }
    false
}

/// Naked pairs, triplets and quads (3.0, 3.6, 5.0).
pub fn naked_set(board: &Board, degree: u32) -> Option<Hint> {
    first(|visit| {
        naked_set_each(board, degree, visit);
    })
}

/// Every naked set step, in Sudoku Explainer's order, until `visit` says stop (`true`).
pub fn naked_set_each(board: &Board, degree: u32, visit: &mut Visit) -> bool {
    for region in block_column_row() {
        if board.empty_count(region) < degree * 2 {
            continue;
        }
        for combination in subsets(degree, 9) {
            let potentials = bits(combination as u16).map(|j| board.potentials[region.cell(j)]);
            let Some(common) = common_of(potentials, degree) else {
                continue;
            };
            let removals: Vec<(Cell, u16)> = (0..9)
                .filter(|j| combination & (1 << j) == 0)
                .map(|j| region.cell(j))
                .map(|c| (c, board.potentials[c] & common))
                .filter(|&(_, mask)| mask != 0)
                .collect();
            if !removals.is_empty() {
                let cells: Vec<Cell> = bits(combination as u16).map(|j| region.cell(j)).collect();
                let hint = Hint::remove([30, 36, 50][degree as usize - 2], removals);
                let pattern = Pattern::Naked {
                    cells: &cells,
                    values: common,
                };
                if visit(hint, pattern) {
                    return true;
                }
            }
        }
    }
    false
}

/// X-Wing, Swordfish, Jellyfish (3.2, 3.8, 5.2): base columns first, then base rows.
pub fn fish(board: &Board, degree: u32) -> Option<Hint> {
    first(|visit| {
        fish_each(board, degree, visit);
    })
}

/// Every fish step of `degree`, in Sudoku Explainer's order, until `visit` says stop (`true`).
pub fn fish_each(board: &Board, degree: u32, visit: &mut Visit) -> bool {
    let mut placed = [0u32; 10];
    for &v in &board.values {
        placed[v as usize] += 1;
    }
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let mut places = [[0u16; 10]; 9];
        for (index, line) in places.iter_mut().enumerate() {
            for value in 1..=9u8 {
                line[value as usize] = board.positions(Region { kind: base, index }, value);
            }
        }
        for combination in subsets(degree, 9) {
            for value in 1..=9u8 {
                if placed[value as usize] + degree * 2 > 9 {
                    continue;
                }
                let positions = bits(combination as u16).map(|index| places[index][value as usize]);
                let Some(covers) = common_of(positions, degree) else {
                    continue;
                };
                let mut removals = Vec::new();
                for i in bits(covers) {
                    let line = Region {
                        kind: cover,
                        index: i,
                    };
                    let extra = board.positions(line, value) & !(combination as u16);
                    removals.extend(bits(extra).map(|j| (line.cell(j), 1u16 << value)));
                }
                if !removals.is_empty() {
                    let hint = Hint::remove([32, 38, 52][degree as usize - 2], removals);
                    let bases: Vec<Region> = bits(combination as u16)
                        .map(|i| Region {
                            kind: base,
                            index: i,
                        })
                        .collect();
                    let lines: Vec<Region> = bits(covers)
                        .map(|i| Region {
                            kind: cover,
                            index: i,
                        })
                        .collect();
                    let pattern = Pattern::Lines {
                        value,
                        bases: &bases,
                        covers: &lines,
                    };
                    if visit(hint, pattern) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// XY-Wing (4.2) or XYZ-Wing (4.4): pivot cells in reading order, wings among its peers.
pub fn xy_wing(board: &Board, xyz: bool) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = board.potentials[pivot];
        if xy.count_ones() != pivot_size {
            continue;
        }
        for &wing1 in house_cells(pivot) {
            let xz = board.potentials[wing1];
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &wing2 in house_cells(pivot) {
                let yz = board.potentials[wing2];
                if yz.count_ones() != 2 {
                    continue;
                }
                let union = xy | xz | yz;
                let common = xy & xz & yz;
                if union.count_ones() != 3 || common.count_ones() != if xyz { 1 } else { 0 } {
                    continue;
                }
                let z = (xz & yz).trailing_zeros() as u8;
                let removals: Vec<(Cell, u16)> = house_cells(wing1)
                    .iter()
                    .copied()
                    .filter(|&c| sees(c, wing2) && (!xyz || sees(c, pivot)))
                    .filter(|&c| c != pivot && c != wing1 && c != wing2 && board.has(c, z))
                    .map(|c| (c, 1 << z))
                    .collect();
                if !removals.is_empty() {
                    return Some(Hint::remove(if xyz { 44 } else { 42 }, removals));
                }
            }
        }
    }
    None
}
