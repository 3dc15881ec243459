//! The uniqueness techniques at every size: unique rectangles of types 1, 2 and 4, and BUG+1.
//! Each proves that some candidates would leave the puzzle with two solutions; they hold for
//! puzzles with one solution, the only ones the logic commands take.

use super::links::seeing_both;
use super::state::{SizedCandidates, values_of};
use super::techniques::{cell_list, elimination, placement, value_list};
use super::{SizedMove, SizedStep};
use crate::Technique;

/// Unique rectangles: four open cells on two rows, two columns and two boxes, all holding the
/// same two candidates A and B, some with more. Were the four left with A and B alone, they
/// could swap them and the puzzle would have two solutions, so the extra candidates are
/// needed. Type 1: three have A and B alone, so the fourth loses both. Type 2: two on a line
/// (the floor) have A and B alone and the other two the same one extra X, so X is in one of
/// those and leaves the cells seeing both. Type 4: the other two, on a line, are all the
/// places of A in a unit, so one of them holds A and neither can hold B. (Uniqueness
/// techniques: they hold for puzzles with one solution, the only ones the logic commands
/// take.)
pub(super) fn unique_rectangle(state: &SizedCandidates, technique: Technique) -> Option<SizedStep> {
    let (size, shape) = (state.size(), state.shape());
    for r1 in 0..size {
        for r2 in r1 + 1..size {
            for c1 in 0..size {
                for c2 in c1 + 1..size {
                    let corners = [
                        r1 * size + c1,
                        r1 * size + c2,
                        r2 * size + c1,
                        r2 * size + c2,
                    ];
                    // Two corners in each of two boxes.
                    let mut boxes =
                        [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, c)| shape.box_of(r, c));
                    boxes.sort_unstable();
                    let two_boxes =
                        boxes[0] == boxes[1] && boxes[2] == boxes[3] && boxes[1] != boxes[2];
                    if !two_boxes || corners.iter().any(|&c| state.marks(c) == 0) {
                        continue;
                    }
                    let step = match technique {
                        Technique::UniqueRectangle1 => rectangle_step(state, corners),
                        _ => rectangle_roof_step(state, corners, technique),
                    };
                    if step.is_some() {
                        return step;
                    }
                }
            }
        }
    }
    None
}

/// The type 1 step of a rectangle's `corners`, if three hold the same pair and the fourth
/// holds it with more.
fn rectangle_step(state: &SizedCandidates, corners: [usize; 4]) -> Option<SizedStep> {
    let marks = corners.map(|c| state.marks(c));
    for roof in 0..4 {
        let floor: Vec<u64> = (0..4).filter(|&i| i != roof).map(|i| marks[i]).collect();
        let pair = floor[0];
        let same = floor.iter().all(|&m| m == pair);
        if pair.count_ones() != 2 || !same || marks[roof] & pair != pair || marks[roof] == pair {
            continue;
        }
        let cell = corners[roof];
        let removed = values_of(pair)
            .map(|value| SizedMove { cell, value })
            .collect();
        let reason = format!(
            "{} in {}",
            value_list(state, pair),
            cell_list(state, &corners)
        );
        return elimination(state, Technique::UniqueRectangle1, removed, reason);
    }
    None
}

/// The type 2 or 4 step (see [`unique_rectangle`]) of a rectangle's `corners` (in reading
/// order), if two of them on a line hold the same pair alone and the other two hold it with
/// more.
fn rectangle_roof_step(
    state: &SizedCandidates,
    corners: [usize; 4],
    technique: Technique,
) -> Option<SizedStep> {
    let marks = corners.map(|c| state.marks(c));
    // The sides on a line: the two rows, then the two columns; each with the opposite side.
    for (floor, roof) in [
        ([0, 1], [2, 3]),
        ([2, 3], [0, 1]),
        ([0, 2], [1, 3]),
        ([1, 3], [0, 2]),
    ] {
        let pair = marks[floor[0]];
        let roof_marks = roof.map(|i| marks[i]);
        if pair.count_ones() != 2
            || marks[floor[1]] != pair
            || roof_marks.iter().any(|&m| m & pair != pair || m == pair)
        {
            continue;
        }
        let roof_cells = roof.map(|i| corners[i]);
        let reason = format!(
            "{} in {}",
            value_list(state, pair),
            cell_list(state, &corners)
        );
        let removed: Vec<SizedMove> = match technique {
            Technique::UniqueRectangle2 => {
                let extra = roof_marks[0] & !pair;
                if roof_marks[1] != roof_marks[0] || extra.count_ones() != 1 {
                    continue;
                }
                // The floor's cells hold the pair alone, so never the extra value.
                seeing_both(state, roof_cells, extra.trailing_zeros() as u8 + 1)
            }
            _ => {
                // A unit holding both roof cells where one value of the pair has no other place.
                let shared = state
                    .units_of(roof_cells[0])
                    .into_iter()
                    .filter(|unit| state.units_of(roof_cells[1]).contains(unit));
                let held = shared
                    .flat_map(|unit| values_of(pair).map(move |value| (unit, value)))
                    .find(|&(unit, value)| state.places(unit, value).count() == 2);
                let Some((_, value)) = held else {
                    continue;
                };
                let other = values_of(pair & !(1 << (value - 1))).next()?;
                roof_cells
                    .iter()
                    .map(|&cell| SizedMove { cell, value: other })
                    .collect()
            }
        };
        if let Some(step) = elimination(state, technique, removed, reason) {
            return Some(step);
        }
    }
    None
}

/// BUG+1: every open cell has two candidates but one, which has three, and every value of a
/// unit has two places but the three-candidate cell's extra value: were that cell to lose
/// it, every value would have two places in every unit and the puzzle two solutions (the
/// "bivalue universal grave"), so it holds that value. (A uniqueness technique.)
pub(super) fn bug_plus_one(state: &SizedCandidates) -> Option<SizedStep> {
    let cells = state.shape().cells();
    let mut open = (0..cells).filter(|&c| state.marks(c) != 0);
    let mut triple = None;
    for cell in open.by_ref() {
        match state.marks(cell).count_ones() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return None,
        }
    }
    let cell = triple?;
    let units = state.units_of(cell);
    // The value whose removal from the cell leaves every value of every unit two places or
    // none: the grave.
    let value = values_of(state.marks(cell)).find(|&removed| {
        state.units().all(|unit| {
            (1..=state.size() as u8).all(|v| {
                let places = state.places(unit, v).count();
                let gone = usize::from(v == removed && units.contains(&unit));
                matches!(places - gone, 0 | 2)
            })
        })
    })?;
    let reason = format!(
        "every other open cell has two candidates: {}",
        state.cell_name(cell)
    );
    Some(placement(state, Technique::BugPlusOne, cell, value, reason))
}
