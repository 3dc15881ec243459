//! Wings: XY-Wing, XYZ-Wing, W-Wing. Each proves that one of two cells holds a digit `z`, so no
//! cell seeing both can.

use super::single_digit::sees;
use super::{Technique, digits, elimination};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, Step};

/// The cells holding `z` that see every cell of `cells`.
fn seeing_all(candidates: &Candidates, z: u8, cells: &[Position]) -> Vec<CellDigit> {
    Position::all()
        .filter(|&p| candidates.has(p, z) && cells.iter().all(|&c| sees(p, c)))
        .map(|position| CellDigit { position, digit: z })
        .collect()
}

fn open_cells(candidates: &Candidates, count: u32) -> Vec<Position> {
    Position::all()
        .filter(|&p| candidates.marks(p).count_ones() == count)
        .collect()
}

/// A pivot with candidates {x, y} (`with_z`: {x, y, z}) and two pincers it sees, {x, z} and
/// {y, z}: whatever the pivot holds, a pincer (or, for XYZ, the pivot) holds `z`.
pub fn xy(candidates: &Candidates, with_z: bool) -> Option<Step> {
    let technique = if with_z {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let pairs = open_cells(candidates, 2);
    let pivots = open_cells(candidates, if with_z { 3 } else { 2 });
    pivots.iter().find_map(|&pivot| {
        let marks = candidates.marks(pivot);
        let pincers: Vec<Position> = pairs.iter().copied().filter(|&p| sees(p, pivot)).collect();
        pincers.iter().enumerate().find_map(|(i, &p1)| {
            pincers[i + 1..].iter().find_map(|&p2| {
                let (m1, m2) = (candidates.marks(p1), candidates.marks(p2));
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
                let reason = format!("{pivot} with {p1}, {p2} on {z}");
                elimination(technique, seeing_all(candidates, z, &must_see), reason)
            })
        })
    })
}

/// Two cells with the same candidates {x, y} that do not see each other, joined by a strong
/// link on `x` (a unit where `x` has two places, one seen by each cell): one of them holds `y`.
pub fn w(candidates: &Candidates) -> Option<Step> {
    let pairs = open_cells(candidates, 2);
    pairs.iter().enumerate().find_map(|(i, &c1)| {
        pairs[i + 1..].iter().find_map(|&c2| {
            let marks = candidates.marks(c1);
            if candidates.marks(c2) != marks || sees(c1, c2) {
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
                    let reason = format!("{c1}, {c2} on {y}, linked by {x} in {unit}");
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
