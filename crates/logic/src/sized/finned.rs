//! Finned and sashimi fish, at every size: a basic fish whose base lines also hold the value
//! outside its cover lines, in cells (the fins) that all lie in one box. Either no fin holds
//! the value, and the fish stands, or one does; the cover lines' cells in the fins' box,
//! outside the base lines, see every fin and lose the value both ways.

use super::state::{SizedCandidates, SizedUnit};
use super::techniques::elimination;
use super::templates;
use super::{SizedMove, SizedStep};
use crate::Technique;

/// The size of fish `technique` names, and whether it is the sashimi kind; `None` for a
/// technique that is not a finned fish.
fn kind(technique: Technique) -> Option<(usize, bool)> {
    match technique {
        Technique::FinnedXWing => Some((2, false)),
        Technique::SashimiXWing => Some((2, true)),
        Technique::FinnedSwordfish => Some((3, false)),
        Technique::SashimiSwordfish => Some((3, true)),
        Technique::FinnedJellyfish => Some((4, false)),
        Technique::SashimiJellyfish => Some((4, true)),
        _ => None,
    }
}

/// The first finned fish of `technique`'s size and kind. Sashimi: without its fins, some base
/// line would hold the value once only (the fish would not be one).
pub(super) fn finned_fish(state: &SizedCandidates, technique: Technique) -> Option<SizedStep> {
    let (k, sashimi) = kind(technique)?;
    for (value, _) in templates::values_to_search(state) {
        for by_rows in [true, false] {
            let search = Search::new(state, value, by_rows, (k, sashimi, technique));
            if let Some(step) = search.base_lines(0, &mut Vec::new(), 0) {
                return Some(step);
            }
        }
    }
    None
}

/// The search for one value, with rows (or columns) as base lines.
struct Search<'a> {
    state: &'a SizedCandidates,
    value: u8,
    by_rows: bool,
    k: usize,
    sashimi: bool,
    technique: Technique,
    /// Each base line's places of the value, as a set of cross lines.
    spots: Vec<u64>,
    /// The lines that can be base lines: places of the value, at most `k` plus a box's width.
    lines: Vec<usize>,
    /// How many cross lines a box spans.
    width: usize,
}

impl<'a> Search<'a> {
    /// The search for `value` with rows (`by_rows`) or columns as base lines, for fish of
    /// `k` lines, sashimi or not, named `technique`.
    fn new(
        state: &'a SizedCandidates,
        value: u8,
        by_rows: bool,
        (k, sashimi, technique): (usize, bool, Technique),
    ) -> Search<'a> {
        let (size, shape) = (state.size(), state.shape());
        let width = match by_rows {
            true => shape.box_columns(),
            false => shape.box_rows(),
        };
        let mut search = Search {
            state,
            value,
            by_rows,
            k,
            sashimi,
            technique,
            spots: Vec::new(),
            lines: Vec::new(),
            width,
        };
        search.spots = (0..size)
            .map(|line| {
                (0..size)
                    .filter(|&cross| state.has(search.cell(line, cross), value))
                    .fold(0u64, |bits, cross| bits | 1 << cross)
            })
            .collect();
        search.lines = (0..size)
            .filter(|&l| (1..=k + width).contains(&(search.spots[l].count_ones() as usize)))
            .collect();
        search
    }

    /// The cell of base line `line` and cross line `cross`.
    fn cell(&self, line: usize, cross: usize) -> usize {
        let size = self.state.size();
        match self.by_rows {
            true => line * size + cross,
            false => cross * size + line,
        }
    }

    /// Every choice of `k` base lines from `lines[from..]` added to `chosen`, whose places
    /// (with `union`, those of the chosen) span at most `k` plus a box's width cross lines.
    fn base_lines(&self, from: usize, chosen: &mut Vec<usize>, union: u64) -> Option<SizedStep> {
        if chosen.len() == self.k {
            return self.covers(chosen, union);
        }
        for i in from..self.lines.len() {
            let line = self.lines[i];
            let wider = union | self.spots[line];
            if wider.count_ones() as usize > self.k + self.width {
                continue;
            }
            chosen.push(line);
            let step = self.base_lines(i + 1, chosen, wider);
            chosen.pop();
            if step.is_some() {
                return step;
            }
        }
        None
    }

    /// The cover lines for base lines `chosen` (places `union`): every cross line but those of
    /// the fins, which lie in one stack (or band) of boxes.
    fn covers(&self, chosen: &[usize], union: u64) -> Option<SizedStep> {
        let count = union.count_ones() as usize;
        if count <= self.k {
            return None;
        }
        let size = self.state.size();
        for stack in 0..size / self.width {
            let in_stack = ((1u64 << self.width) - 1) << (stack * self.width);
            let outside = union & !in_stack;
            let Some(needed) = self.k.checked_sub(outside.count_ones() as usize) else {
                continue;
            };
            let inside = union & in_stack;
            if needed >= inside.count_ones() as usize {
                continue;
            }
            let step = each_choice(inside, needed, 0, &mut |extra| {
                self.step(chosen, outside | extra)
            });
            if step.is_some() {
                return step;
            }
        }
        None
    }

    /// The step of base lines `chosen` and cover lines `cover_bits`, if its fins lie in one
    /// box, it is of the kind searched for, and it strikes something out.
    fn step(&self, chosen: &[usize], cover_bits: u64) -> Option<SizedStep> {
        let (state, size, value) = (self.state, self.state.size(), self.value);
        let in_covers = chosen
            .iter()
            .map(|&l| (self.spots[l] & cover_bits).count_ones());
        if in_covers.clone().any(|n| n == 0) || in_covers.clone().any(|n| n < 2) != self.sashimi {
            return None;
        }
        let fins: Vec<usize> = chosen
            .iter()
            .flat_map(|&l| {
                let outside = self.spots[l] & !cover_bits;
                (0..size)
                    .filter(move |&c| outside >> c & 1 == 1)
                    .map(move |c| self.cell(l, c))
            })
            .collect();
        let box_of = |c: usize| state.shape().box_of(c / size, c % size);
        let fin_box = box_of(*fins.first()?);
        if fins.iter().any(|&f| box_of(f) != fin_box) {
            return None;
        }
        let removed: Vec<SizedMove> = (0..size)
            .filter(|&cross| cover_bits >> cross & 1 == 1)
            .flat_map(|cross| (0..size).map(move |line| (line, cross)))
            .filter(|(line, _)| !chosen.contains(line))
            .map(|(line, cross)| self.cell(line, cross))
            .filter(|&c| state.has(c, value) && box_of(c) == fin_box)
            .map(|cell| SizedMove { cell, value })
            .collect();
        // Most fish met strike nothing out: their words are not written.
        if removed.is_empty() {
            return None;
        }
        let unit = |l: usize, rows: bool| match rows {
            true => SizedUnit::Row(l).to_string(),
            false => SizedUnit::Column(l).to_string(),
        };
        let base: Vec<String> = chosen.iter().map(|&l| unit(l, self.by_rows)).collect();
        let cover: Vec<String> = (0..size)
            .filter(|&c| cover_bits >> c & 1 == 1)
            .map(|c| unit(c, !self.by_rows))
            .collect();
        let fin_names: Vec<String> = fins.iter().map(|&f| state.cell_name(f)).collect();
        let reason = format!(
            "{} in {} is in {}, fins {}",
            state.symbol(value),
            base.join(", "),
            cover.join(", "),
            fin_names.join(", ")
        );
        elimination(state, self.technique, removed, reason)
    }
}

/// Calls `f` on every choice of `k` of the bits of `bits` (each as the bits chosen, added to
/// `chosen`), in lexical order of the bits' positions, until it returns a step.
fn each_choice(
    bits: u64,
    k: usize,
    chosen: u64,
    f: &mut impl FnMut(u64) -> Option<SizedStep>,
) -> Option<SizedStep> {
    if k == 0 {
        return f(chosen);
    }
    let mut rest = bits;
    while rest.count_ones() as usize >= k {
        let lowest = rest & rest.wrapping_neg();
        rest ^= lowest;
        if let Some(step) = each_choice(rest, k - 1, chosen | lowest, f) {
            return Some(step);
        }
    }
    None
}
