//! Wings: XY-Wing, XYZ-Wing, W-Wing. Each proves that one of two cells holds a digit `z`, so no
//! cell seeing both can.

use super::{Technique, digits, elimination};
use crate::{Candidates, CellDigit, CellSet, Step, sees};
use sudoku_engine::grid::{Position, Unit};

/// The cells holding `z` that see every cell of `cells`.
fn seeing_all(candidates: &Candidates, z: u8, cells: &[Position]) -> Vec<CellDigit> {
    let cells: CellSet = cells.iter().copied().collect();
    (candidates.digit_cells(z) & cells.common_peers())
        .iter()
        .map(|position| CellDigit { position, digit: z })
        .collect()
}

fn open_cells(candidates: &Candidates, count: u32) -> Vec<Position> {
    Position::all()
        .filter(|&p| candidates.mark_bits(p).count_ones() == count)
        .collect()
}

/// A pivot with candidates {x, y} (`with_z`: {x, y, z}) and two pincers it sees, {x, z} and
/// {y, z}: whatever the pivot holds, a pincer (or, for XYZ, the pivot) holds `z`.
///
/// In HoDoKu's order, so that the step taken is its: XY-Wings by three two-candidate cells in
/// reading order, each of the three tried as the pivot (first, second, third); XYZ-Wings by
/// pivot, then pincers in reading order.
pub fn xy(candidates: &Candidates, with_z: bool) -> Option<Step> {
    let pairs = open_cells(candidates, 2);
    if with_z {
        let pivots = open_cells(candidates, 3);
        return pivots.iter().find_map(|&pivot| {
            pairs.iter().enumerate().find_map(|(i, &p1)| {
                pairs[i + 1..]
                    .iter()
                    .find_map(|&p2| wing(candidates, pivot, p1, p2, true))
            })
        });
    }
    let marks = |p: Position| candidates.mark_bits(p);
    pairs.iter().enumerate().find_map(|(i, &a)| {
        pairs.iter().enumerate().skip(i + 1).find_map(|(j, &b)| {
            if (marks(a) | marks(b)).count_ones() != 3 {
                return None;
            }
            pairs[j + 1..].iter().find_map(|&c| {
                let distinct = marks(a) != marks(b) && marks(b) != marks(c) && marks(a) != marks(c);
                if (marks(a) | marks(b) | marks(c)).count_ones() != 3 || !distinct {
                    return None;
                }
                [(a, b, c), (b, a, c), (c, b, a)]
                    .into_iter()
                    .find_map(|(pivot, p1, p2)| wing(candidates, pivot, p1, p2, false))
            })
        })
    })
}

/// The wing of `pivot` and pincers `p1`, `p2`, if they make one that removes something.
fn wing(
    candidates: &Candidates,
    pivot: Position,
    p1: Position,
    p2: Position,
    with_z: bool,
) -> Option<Step> {
    let marks = candidates.mark_bits(pivot);
    if !sees(p1, pivot) || !sees(p2, pivot) {
        return None;
    }
    let (m1, m2) = (candidates.mark_bits(p1), candidates.mark_bits(p2));
    let z = m1 & m2;
    let fits = m1 != m2
        && z.count_ones() == 1
        && if with_z {
            (m1 | m2) == marks
        } else {
            z & marks == 0 && (m1 | m2) & !z == marks
        };
    if !fits {
        return None;
    }
    let z = z.trailing_zeros() as u8;
    let mut must_see = vec![p1, p2];
    if with_z {
        must_see.push(pivot);
    }
    let technique = if with_z {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let reason = || format!("{pivot} with {p1}, {p2} on {z}");
    elimination(technique, seeing_all(candidates, z, &must_see), reason)
}

/// Two cells with the same candidates {x, y} that do not see each other, joined by a strong
/// link on `x` (a unit where `x` has two places, one seen by each cell): one of them holds `y`.
pub fn w(candidates: &Candidates) -> Option<Step> {
    let pairs = open_cells(candidates, 2);
    pairs.iter().enumerate().find_map(|(i, &c1)| {
        pairs[i + 1..].iter().find_map(|&c2| {
            let marks = candidates.mark_bits(c1);
            if candidates.mark_bits(c2) != marks || sees(c1, c2) {
                return None;
            }
            digits(marks).find_map(|x| {
                let y = digits(marks).find(|&d| d != x).expect("two candidates");
                Unit::all().find_map(|unit| {
                    let ends: Vec<Position> = candidates.cells_with(unit, x).collect();
                    let [e1, e2] = ends[..] else { return None };
                    let linked = (sees(e1, c1) && sees(e2, c2)) || (sees(e1, c2) && sees(e2, c1));
                    let apart = ![c1, c2].contains(&e1) && ![c1, c2].contains(&e2);
                    if !linked || !apart {
                        return None;
                    }
                    let reason = || format!("{c1}, {c2} on {y}, linked by {x} in {unit}");
                    elimination(
                        Technique::WWing,
                        seeing_all(candidates, y, &[c1, c2]),
                        reason,
                    )
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
    fn w_wing_in_a_real_position() {
        assert_step(
            Technique::WWing,
            ".......8.1................9...4......2...6....2...6.....3............7......5.........6.....3.......2.4...........7......5....1.........2.4............8.........9....5.....2.4...........7.........8...3..............9.2.4.6...1....6...12.......1.......9......7.........8.....5.......4.......3......1.......9.2............6.....3.......2.4.....12.4..........6...........9.2....7..1.....7......5...........8..2......9....5.........6...1.........2....7.........8.......7.9...4.......3............7.......6.....3.......2.......1............5...........8.........9...4......2.4.............912.........3.............8....4.67......5....1....6...12....7..12.4............8.....5............9.....67.....4.67...2...6.....3......12....7..",
            "W-Wing: r3c9, r8c3 on 2, linked by 1 in row 9 -> r8c9 <> 2",
        );
    }

    #[test]
    fn xy_wing_in_a_real_position() {
        assert_step(
            Technique::XyWing,
            "......7..1...............8..2......9.2..5.....2..5...9..3.........4.6......4.6...........9.23.5.....23.5.........6......4.....1.........2..5..........78.......78....4......2..5.........6.........78...3............78..2..5...91...5....1.......91......8......6...1.....7....34.............9..34...........78..2...........5......3.......2..5.7..........9.2....7.........8..2..567..1....67..1..4..7..1..4..7...2..5..8..2.45.78..2.45.7..1.........2..56....2..567.......678.........9..3......1....6.8.........91.34..7......5....1....6.....34.6.8.1.....7..1.3..678..2.......12..56.8..23.5..8.123.5.....23....89......7...23..6.89...4.....1.3.56.8.1....6.8912..56.8..2345.78.12345.7...234...8912...6....234.6.89....5...91.3.5678.1....6789",
            "XY-Wing: r4c7 with r4c1, r7c7 on 1 -> r7c1 <> 1",
        );
    }

    #[test]
    fn xyz_wing_in_a_real_position() {
        assert_step(
            Technique::XyzWing,
            ".......8.....5..........7.......6..9.2...6....2...6..9...4.....1..........3..............9.2...6...1..4.......3......1..4..7..1......8.....5.....2...678......678...3.......2...6...1..4.....1..4..7......5....1..4...8..2...6..9.2...6.89.....6789.2..5.......4............8.1...56...123..6.........7..1.3..6..9..3..6..91....6..9......7....3.....9..3..6..91..4.6.8.1.34.6.8.1.34.6..91.3..6.......5.....2........2..5....1..........3..6..9....56..9.23..6....23.56..9......7.....4...8....4...8......6.....3....89..3.....9.2.............78.1.34.....1.3........34..7......5....1..4...........7...2..5....1..456...1.34.6...1.3456..........8..234.6..91..4.6..91..4.......3....8..2..5..........78.........91.3456...123..6....234.67..1..4.67..",
            "XYZ-Wing: r3c6 with r2c6, r3c3 on 1 -> r3c4 <> 1",
        );
    }
}
