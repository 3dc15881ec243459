//! The techniques that hold at every size, on [`SizedCandidates`], and the order they are
//! tried in: singles, box-line interactions, naked and hidden subsets, basic fish (finned
//! ones in [`super::finned`]), the chains of [`super::links`], XY-Wing and XYZ-Wing, the
//! uniqueness techniques of [`super::uniqueness`], forcing chains (an assumption followed
//! through singles to a contradiction) and, last, the solution's digit.

use sudoku_engine::sized::solve;

use super::singles::Singles;
use super::state::{SizedCandidates, SizedUnit, values_of};
use super::{SizedMove, SizedStep, finned, links, templates, trace, uniqueness};
use crate::{Technique, deadline};

/// The techniques this module knows, in the order they are tried.
pub const TECHNIQUES: [Technique; 37] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::RemotePair,
    Technique::BugPlusOne,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::WWing,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::SimpleColors,
    Technique::XChain,
    Technique::XyChain,
    Technique::ForcingChain,
    Technique::BruteForce,
];

/// The first step `technique` finds in `state`, whether or not an easier technique has one;
/// `None` also for a technique this module does not know (one not in [`TECHNIQUES`]).
/// Uniqueness techniques take `state` to have one solution.
pub fn find(technique: Technique, state: &SizedCandidates) -> Option<SizedStep> {
    match technique {
        Technique::FullHouse => full_house(state),
        Technique::NakedSingle => naked_single(state),
        Technique::HiddenSingle => hidden_single(state),
        Technique::Pointing => box_line(state, true),
        Technique::Claiming => box_line(state, false),
        Technique::NakedPair => naked_subset(state, 2, technique),
        Technique::NakedTriple => naked_subset(state, 3, technique),
        Technique::NakedQuad => naked_subset(state, 4, technique),
        Technique::HiddenPair => hidden_subset(state, 2, technique),
        Technique::HiddenTriple => hidden_subset(state, 3, technique),
        Technique::HiddenQuad => hidden_subset(state, 4, technique),
        Technique::XWing => fish(state, 2, technique),
        Technique::Swordfish => fish(state, 3, technique),
        Technique::Jellyfish => fish(state, 4, technique),
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
            links::two_links(state, technique)
        }
        Technique::EmptyRectangle => links::empty_rectangle(state),
        Technique::WWing => links::w_wing(state),
        Technique::XyWing => xy_wing(state, false),
        Technique::XyzWing => xy_wing(state, true),
        Technique::RemotePair => links::remote_pair(state),
        Technique::BugPlusOne => uniqueness::bug_plus_one(state),
        Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::UniqueRectangle4 => {
            uniqueness::unique_rectangle(state, technique)
        }
        Technique::FinnedXWing
        | Technique::SashimiXWing
        | Technique::FinnedSwordfish
        | Technique::SashimiSwordfish
        | Technique::FinnedJellyfish
        | Technique::SashimiJellyfish => finned::finned_fish(state, technique),
        Technique::SimpleColors => links::simple_colors(state),
        Technique::XChain => links::x_chain(state),
        Technique::XyChain => links::xy_chain(state),
        Technique::ForcingChain => forcing_chain(state),
        Technique::BruteForce => brute_force(state),
        _ => None,
    }
}

/// A step placing `value` in `cell`.
pub(super) fn placement(
    state: &SizedCandidates,
    technique: Technique,
    cell: usize,
    value: u8,
    reason: String,
) -> SizedStep {
    SizedStep::new(
        state,
        technique,
        vec![SizedMove { cell, value }],
        Vec::new(),
        reason,
    )
}

/// A step removing `eliminations`, or `None` when there are none.
pub(super) fn elimination(
    state: &SizedCandidates,
    technique: Technique,
    eliminations: Vec<SizedMove>,
    reason: String,
) -> Option<SizedStep> {
    (!eliminations.is_empty())
        .then(|| SizedStep::new(state, technique, Vec::new(), eliminations, reason))
}

/// The only empty cell of a unit takes the one value the unit lacks.
fn full_house(state: &SizedCandidates) -> Option<SizedStep> {
    state.units().find_map(|unit| {
        let mut empty = state.cells_of(unit).filter(|&c| state.value(c).is_none());
        let (cell, None) = (empty.next()?, empty.next()) else {
            return None;
        };
        let value = values_of(state.marks(cell)).next()?;
        Some(placement(
            state,
            Technique::FullHouse,
            cell,
            value,
            unit.to_string(),
        ))
    })
}

/// A cell with one candidate left takes it.
fn naked_single(state: &SizedCandidates) -> Option<SizedStep> {
    (0..state.shape().cells()).find_map(|cell| {
        let marks = state.marks(cell);
        (marks.count_ones() == 1).then(|| {
            let value = marks.trailing_zeros() as u8 + 1;
            placement(state, Technique::NakedSingle, cell, value, String::new())
        })
    })
}

/// A value with one place left in a unit goes there; boxes first, as people look.
fn hidden_single(state: &SizedCandidates) -> Option<SizedStep> {
    let size = state.size();
    let boxes_first = (0..size)
        .map(SizedUnit::Box)
        .chain(state.units().take(2 * size));
    boxes_first.into_iter().find_map(|unit| {
        let summary = state.summary(unit);
        let value = values_of(summary.once & !summary.twice).next()?;
        let cell = state.places(unit, value).next()?;
        let reason = format!("{} in {unit}", state.symbol(value));
        let mut step = placement(state, Technique::HiddenSingle, cell, value, reason);
        if let SizedUnit::Box(_) = unit {
            // Sudoku Explainer: 1.2 in a box, 1.5 in a row or column.
            step.rating = 1.2;
        }
        Some(step)
    })
}

/// Pointing (`pointing` true): a value confined, inside a box, to one line leaves the rest of
/// the line. Claiming: confined, inside a line, to one box, it leaves the rest of the box.
fn box_line(state: &SizedCandidates, pointing: bool) -> Option<SizedStep> {
    let size = state.size();
    let (technique, confining): (Technique, Vec<SizedUnit>) = if pointing {
        (Technique::Pointing, (0..size).map(SizedUnit::Box).collect())
    } else {
        (Technique::Claiming, state.units().take(2 * size).collect())
    };
    for unit in confining {
        for value in 1..=size as u8 {
            let places: Vec<usize> = state.places(unit, value).collect();
            if places.len() < 2 {
                continue;
            }
            let shared = state
                .units_of(places[0])
                .into_iter()
                .filter(|&other| other != unit && is_box(other) != is_box(unit))
                .find(|&other| places.iter().all(|&p| state.units_of(p).contains(&other)));
            let Some(other) = shared else {
                continue;
            };
            let removed: Vec<SizedMove> = state
                .places(other, value)
                .filter(|p| !places.contains(p))
                .map(|cell| SizedMove { cell, value })
                .collect();
            let reason = format!(
                "{} in {unit} is {} {other}",
                state.symbol(value),
                if pointing { "on" } else { "in" }
            );
            if let Some(step) = elimination(state, technique, removed, reason) {
                return Some(step);
            }
        }
    }
    None
}

fn is_box(unit: SizedUnit) -> bool {
    matches!(unit, SizedUnit::Box(_))
}

/// Every choice of `k` of `items`, in order.
pub(super) fn choices<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    fn extend<T: Copy>(
        items: &[T],
        k: usize,
        from: usize,
        chosen: &mut Vec<T>,
        out: &mut Vec<Vec<T>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            extend(items, k, i + 1, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(items, k, 0, &mut Vec::new(), &mut out);
    out
}

/// The cells as `r1c2, r1c5`.
pub(super) fn cell_list(state: &SizedCandidates, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| state.cell_name(c)).collect();
    names.join(", ")
}

/// The values of `bits` as `1/4/G`.
pub(super) fn value_list(state: &SizedCandidates, bits: u64) -> String {
    let symbols: Vec<String> = values_of(bits).map(|v| state.symbol(v)).collect();
    symbols.join("/")
}

/// `k` cells of a unit holding `k` candidates between them: those values leave the unit's
/// other cells.
fn naked_subset(state: &SizedCandidates, k: usize, technique: Technique) -> Option<SizedStep> {
    for unit in state.units() {
        let open: Vec<usize> = state
            .cells_of(unit)
            .filter(|&c| (2..=k as u32).contains(&state.marks(c).count_ones()))
            .collect();
        for chosen in choices(&open, k) {
            let marks = chosen.iter().fold(0, |m, &c| m | state.marks(c));
            if marks.count_ones() as usize != k {
                continue;
            }
            let removed: Vec<SizedMove> = state
                .cells_of(unit)
                .filter(|c| !chosen.contains(c))
                .flat_map(|cell| {
                    values_of(state.marks(cell) & marks).map(move |value| SizedMove { cell, value })
                })
                .collect();
            let reason = format!(
                "{} in {} ({unit})",
                value_list(state, marks),
                cell_list(state, &chosen)
            );
            if let Some(step) = elimination(state, technique, removed, reason) {
                return Some(step);
            }
        }
    }
    None
}

/// `k` values confined to the same `k` cells of a unit: those cells lose their other
/// candidates.
fn hidden_subset(state: &SizedCandidates, k: usize, technique: Technique) -> Option<SizedStep> {
    for unit in state.units() {
        let cells: Vec<usize> = state.cells_of(unit).collect();
        // Each value's places in the unit, as bits over `cells`; index 0 unused.
        let place_bits: Vec<u64> = (0..=state.size() as u8)
            .map(|value| {
                let places = cells.iter().enumerate();
                places
                    .filter(|&(_, &c)| value > 0 && state.has(c, value))
                    .fold(0u64, |bits, (i, _)| bits | 1 << i)
            })
            .collect();
        let values: Vec<u8> = (1..=state.size() as u8)
            .filter(|&v| (2..=k as u32).contains(&place_bits[usize::from(v)].count_ones()))
            .collect();
        for chosen in choices(&values, k) {
            let places = chosen
                .iter()
                .fold(0u64, |bits, &v| bits | place_bits[usize::from(v)]);
            if places.count_ones() as usize != k {
                continue;
            }
            let kept = chosen.iter().fold(0u64, |bits, &v| bits | 1 << (v - 1));
            let in_cells: Vec<usize> = values_of(places)
                .map(|i| cells[usize::from(i) - 1])
                .collect();
            let removed: Vec<SizedMove> = in_cells
                .iter()
                .flat_map(|&cell| {
                    values_of(state.marks(cell) & !kept).map(move |value| SizedMove { cell, value })
                })
                .collect();
            let reason = format!(
                "{} in {} ({unit})",
                value_list(state, kept),
                cell_list(state, &in_cells)
            );
            if let Some(step) = elimination(state, technique, removed, reason) {
                return Some(step);
            }
        }
    }
    None
}

/// A row or column by its number.
type LineOf = fn(usize) -> SizedUnit;

/// A value confined, in `k` rows, to the same `k` columns (or the reverse): it leaves those
/// columns' other cells.
fn fish(state: &SizedCandidates, k: usize, technique: Technique) -> Option<SizedStep> {
    let size = state.size();
    for (value, rows) in templates::values_to_search(state) {
        for by_rows in [true, false] {
            let (base, cover): (LineOf, LineOf) = if by_rows {
                (SizedUnit::Row, SizedUnit::Column)
            } else {
                (SizedUnit::Column, SizedUnit::Row)
            };
            // Each base line's places of the value, as a set of cover lines: the rows as
            // given, or the columns read across them.
            let spots: Vec<u64> = match by_rows {
                true => rows.clone(),
                false => (0..size)
                    .map(|column| {
                        rows.iter().enumerate().fold(0u64, |bits, (row, &places)| {
                            bits | (places >> column & 1) << row
                        })
                    })
                    .collect(),
            };
            let lines: Vec<usize> = (0..size)
                .filter(|&l| (2..=k as u32).contains(&spots[l].count_ones()))
                .collect();
            for chosen in choices(&lines, k) {
                let covers = chosen.iter().fold(0u64, |bits, &l| bits | spots[l]);
                if covers.count_ones() as usize != k {
                    continue;
                }
                let cover_lines: Vec<usize> =
                    values_of(covers).map(|c| usize::from(c) - 1).collect();
                let removed: Vec<SizedMove> = cover_lines
                    .iter()
                    .flat_map(|&c| state.places(cover(c), value).collect::<Vec<_>>())
                    .filter(|&cell| {
                        let own = if by_rows { cell / size } else { cell % size };
                        !chosen.contains(&own)
                    })
                    .map(|cell| SizedMove { cell, value })
                    .collect();
                let names = |lines: &[usize], unit: fn(usize) -> SizedUnit| {
                    let names: Vec<String> = lines.iter().map(|&l| unit(l).to_string()).collect();
                    names.join(", ")
                };
                let reason = format!(
                    "{} in {} is in {}",
                    state.symbol(value),
                    names(&chosen, base),
                    names(&cover_lines, cover)
                );
                if let Some(step) = elimination(state, technique, removed, reason) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A two-candidate pivot XY with two pincers XZ and YZ it sees: Z leaves every cell that sees
/// both pincers (XY-Wing). With `xyz`, a three-candidate pivot XYZ, and Z leaves every cell
/// that sees the pivot too (XYZ-Wing).
fn xy_wing(state: &SizedCandidates, xyz: bool) -> Option<SizedStep> {
    let cells = state.shape().cells();
    let (technique, pivot_count) = match xyz {
        false => (Technique::XyWing, 2u32),
        true => (Technique::XyzWing, 3u32),
    };
    let pairs = state.two_candidate_cells();
    let pivots = (0..cells).filter(|&c| state.marks(c).count_ones() == pivot_count);
    for pivot in pivots {
        let marks = state.marks(pivot);
        // An XY-Wing's pincers share one value with the pivot; an XYZ-Wing's hold two of its.
        let shared = pivot_count - 1;
        let wings: Vec<usize> = pairs
            .iter()
            .copied()
            .filter(|&w| state.sees(pivot, w) && (state.marks(w) & marks).count_ones() == shared)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (state.marks(a), state.marks(b));
                let z = ma & mb;
                let fits = match xyz {
                    false => z & marks == 0 && (ma | mb) & marks == marks,
                    true => (ma | mb) == marks,
                };
                if z.count_ones() != 1 || !fits {
                    continue;
                }
                let value = z.trailing_zeros() as u8 + 1;
                // An XY-Wing's pivot never holds Z; an XYZ-Wing's does, and is kept.
                let removed: Vec<SizedMove> = links::seeing_both(state, [a, b], value)
                    .into_iter()
                    .filter(|m| !xyz || (m.cell != pivot && state.sees(m.cell, pivot)))
                    .collect();
                let reason = format!(
                    "{} with {}, {} on {}",
                    state.cell_name(pivot),
                    state.cell_name(a),
                    state.cell_name(b),
                    state.symbol(value)
                );
                if let Some(step) = elimination(state, technique, removed, reason) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Fills every single (naked or hidden) that follows, until none is left: the contradiction
/// met on the way, if any.
pub(super) fn follow_singles(state: &mut SizedCandidates) -> Option<String> {
    loop {
        let mut progress = false;
        for cell in 0..state.shape().cells() {
            let marks = state.marks(cell);
            if marks.count_ones() == 1 {
                state.place(cell, marks.trailing_zeros() as u8 + 1);
                progress = true;
            } else if marks == 0 && state.value(cell).is_none() {
                return Some(format!("{} has no candidate left", state.cell_name(cell)));
            }
        }
        for unit in state.units() {
            let summary = state.summary(unit);
            if summary.once & !summary.twice & !summary.held == 0 {
                continue;
            }
            for value in values_of(summary.once & !summary.twice) {
                // An earlier placement in this pass may have taken the place.
                let place = state.places(unit, value).next();
                if let Some(cell) = place {
                    state.place(cell, value);
                    progress = true;
                }
            }
        }
        if !progress {
            return state.contradiction();
        }
    }
}

/// A candidate whose placement leads, through singles, to a contradiction is not the cell's.
fn forcing_chain(state: &SizedCandidates) -> Option<SizedStep> {
    let mut singles = Singles::new(state);
    for cell in 0..state.shape().cells() {
        if deadline::passed() {
            return None;
        }
        for value in values_of(state.marks(cell)) {
            // The quick verdict first (the one `follow_singles` gives), then the words for the
            // candidate that fails: the line of reasoning, or what `follow_singles` meets
            // where that line cannot be written out.
            if !singles.contradicts(cell, value) {
                continue;
            }
            let line = trace::reasoning(state, cell, value).or_else(|| {
                let mut assumed = state.clone();
                assumed.place(cell, value);
                follow_singles(&mut assumed)
            });
            if let Some(line) = line {
                let reason = format!(
                    "{} = {} leads to a contradiction: {line}",
                    state.cell_name(cell),
                    state.symbol(value)
                );
                let removed = vec![SizedMove { cell, value }];
                return elimination(state, Technique::ForcingChain, removed, reason);
            }
        }
    }
    None
}

/// Places the solution's value in the open cell with the fewest candidates.
fn brute_force(state: &SizedCandidates) -> Option<SizedStep> {
    let cell = (0..state.shape().cells())
        .filter(|&c| state.marks(c) != 0)
        .min_by_key(|&c| state.marks(c).count_ones())?;
    let solution = solve(&state.grid())?;
    let value = solution.get(cell);
    state.has(cell, value).then(|| {
        let reason = "no technique applies; the value is the solution's".to_string();
        placement(state, Technique::BruteForce, cell, value, reason)
    })
}
