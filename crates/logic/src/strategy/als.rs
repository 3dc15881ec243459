//! Almost locked sets: ALS-XZ and ALS-XY-Wing.
//!
//! An almost locked set (ALS) is N cells of one unit holding N + 1 candidates between them:
//! remove any one digit and the rest is locked. Two ALSs share a restricted common candidate x
//! when every x of one sees every x of the other: x is then true in at most one of them.

use super::{Technique, cell_list, digits, elimination};
use std::collections::HashSet;

use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

/// An almost locked set.
struct Als {
    cells: CellSet,
    marks: u16,
    /// For each digit, the set's cells holding it.
    holding: [CellSet; 10],
    /// For each digit, the cells that see all of the set's cells holding it.
    seeing: [CellSet; 10],
}

impl Als {
    fn name(&self) -> String {
        cell_list(&self.cells.iter().collect::<Vec<Position>>())
    }
}

/// Every almost locked set of the grid, each cell set once; `places` are the digits' cells.
fn all_sets(candidates: &Candidates, places: &[CellSet; 10]) -> Vec<Als> {
    let mut seen = HashSet::new();
    let mut found: Vec<Als> = Vec::new();
    for unit in Unit::all() {
        let open: Vec<Position> = unit
            .cells()
            .filter(|&p| candidates.mark_bits(p) != 0)
            .collect();
        let mut marks = vec![0u16; 1 << open.len()];
        for set in 1..marks.len() {
            let lowest = set.trailing_zeros() as usize;
            marks[set] = marks[set & (set - 1)] | candidates.mark_bits(open[lowest]);
            if marks[set].count_ones() != set.count_ones() + 1 {
                continue;
            }
            let cells: CellSet = (0..open.len())
                .filter(|i| set & (1 << i) != 0)
                .map(|i| open[i])
                .collect();
            if !seen.insert(cells) {
                continue;
            }
            let mut holding = [CellSet::EMPTY; 10];
            let mut seeing = [CellSet::EMPTY; 10];
            for digit in digits(marks[set]) {
                let d = usize::from(digit);
                holding[d] = cells & places[d];
                seeing[d] = holding[d].common_peers();
            }
            found.push(Als {
                cells,
                marks: marks[set],
                holding,
                seeing,
            });
        }
    }
    found
}

/// The restricted common candidates of two disjoint sets, as digit bits.
fn restricted_commons(a: &Als, b: &Als) -> u16 {
    digits(a.marks & b.marks)
        .filter(|&digit| {
            let d = usize::from(digit);
            (b.holding[d] - a.seeing[d]).is_empty()
        })
        .fold(0, |commons, digit| commons | 1 << digit)
}

/// The cells outside `a` and `b` holding `z` that see every `z` of both.
fn seeing_both(places: &[CellSet], z: u8, a: &Als, b: &Als) -> CellSet {
    let d = usize::from(z);
    (a.seeing[d] & b.seeing[d] & places[d]) - a.cells - b.cells
}

fn removals(z: u8, targets: CellSet) -> Vec<CellDigit> {
    targets
        .iter()
        .map(|position| CellDigit { position, digit: z })
        .collect()
}

/// Two ALSs A and B with a restricted common x: x is true in at most one, so the other is
/// locked without it. Any other common digit z is then true in A or in B: cells seeing every z
/// of both lose it.
pub fn xz(candidates: &Candidates) -> Option<Step> {
    let places = candidates.places();
    let sets = all_sets(candidates, &places);
    sets.iter().enumerate().find_map(|(i, a)| {
        sets[i + 1..].iter().find_map(|b| {
            if (a.marks & b.marks).count_ones() < 2 || !(a.cells & b.cells).is_empty() {
                return None;
            }
            let x = digits(restricted_commons(a, b)).next()?;
            let others = a.marks & b.marks & !(1 << x);
            let removed: Vec<CellDigit> = digits(others)
                .flat_map(|z| removals(z, seeing_both(&places, z, a, b)))
                .collect();
            let reason = || format!("A = {}, B = {}, x = {x}", a.name(), b.name());
            (!removed.is_empty()).then(|| elimination(Technique::AlsXz, removed, reason()))?
        })
    })
}

/// A pivot ALS C with restricted commons x to A and y to B (x and y different): one of A and B
/// is locked, so a digit z common to A and B (not x or y) is true in one of them.
pub fn xy_wing(candidates: &Candidates) -> Option<Step> {
    let places = candidates.places();
    let sets = all_sets(candidates, &places);
    sets.iter().find_map(|c| {
        let partners: Vec<(&Als, u16)> = sets
            .iter()
            .filter(|s| s.marks & c.marks != 0 && (s.cells & c.cells).is_empty())
            .map(|s| (s, restricted_commons(c, s)))
            .filter(|&(_, commons)| commons != 0)
            .collect();
        partners.iter().enumerate().find_map(|(i, &(a, x_bits))| {
            partners[i + 1..].iter().find_map(|&(b, y_bits)| {
                if a.marks & b.marks == 0 || !(a.cells & b.cells).is_empty() {
                    return None;
                }
                digits(a.marks & b.marks).find_map(|z| {
                    let targets = seeing_both(&places, z, a, b);
                    if targets.is_empty() {
                        return None;
                    }
                    // x and y: different, and neither is z.
                    let without_z = !(1 << z);
                    let y = digits(y_bits & without_z)
                        .find(|&y| x_bits & without_z & !(1 << y) != 0)?;
                    let x = digits(x_bits & without_z & !(1 << y)).next()?;
                    let reason = format!(
                        "A = {}, B = {}, pivot C = {}, x = {x}, y = {y}, z = {z}",
                        a.name(),
                        b.name(),
                        c.name()
                    );
                    elimination(Technique::AlsXyWing, removals(z, targets), reason)
                })
            })
        })
    })
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn als_xz_in_a_real_position() {
        assert_step(
            Technique::AlsXz,
            "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5...9...4.6..9..3..6.....34.6..9.2.........3456..91...........4.67.9...45678.....5.789....5....123..6...1234.6..9......78...34.6..9......78.12.4.6..91..4.6...12......91......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6.....3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7...2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......12.....8.........9123.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....8912.4.6.8.123.5678.1234567....345..8912.45...9.2345..8912...67.91.3..678.12....789",
            "ALS-XZ: A = r4c4, r4c5, r4c6, B = r5c4, r5c7, r5c8, r5c9, x = 9 -> r5c6 <> 7",
        );
    }

    #[test]
    fn als_xy_wing_in_a_real_position() {
        assert_step(
            Technique::AlsXyWing,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "ALS-XY-Wing: A = r2c1, r2c3, r2c5, r2c8, B = r4c7, r4c9, r5c9, r6c7, r6c9, pivot C = r1c7, x = 5, y = 2, z = 7 -> r2c9 <> 7",
        );
    }
}
