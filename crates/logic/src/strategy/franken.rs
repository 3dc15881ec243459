//! Franken fish: X-Wings and Swordfish some of whose base or cover sets are boxes, plain and
//! finned, found in HoDoKu's order.
//!
//! A fish of size n for one digit: n base units that share no cell (the digit is in each
//! exactly once, so n times) and n cover units holding every base candidate (at most once
//! each, so the n truths fill them): the covers' other candidates are false, and so is a
//! candidate in two covers (cannibalism). A Franken fish takes its bases from rows and boxes
//! and its covers from columns and boxes (or columns and rows the other way), at least one of
//! them a box. Finned: base candidates outside the covers (fins, up to five; a cell in two base
//! units counts as one, up to two) — either a fin is true, or the fish holds, so only cells
//! seeing every fin lose the digit.
//!
//! HoDoKu goes digit by digit, rows as bases before columns, through base choices and then
//! cover choices in lexical order, and takes the first fish that eliminates something.

use super::{Technique, cell_list, elimination, templates};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

/// The most fins HoDoKu allows.
const MOST_FINS: u32 = 5;

/// The most cells shared by two base units (endo fins) HoDoKu allows.
const MOST_ENDO_FINS: u32 = 2;

/// A unit and its cells holding the digit.
#[derive(Clone, Copy)]
struct Part {
    unit: Unit,
    cells: CellSet,
}

impl Part {
    /// True for a box.
    fn is_box(&self) -> bool {
        matches!(self.unit, Unit::Box(_))
    }
}

/// The first Franken fish of `size` (finned or not) that eliminates something.
pub fn find(
    candidates: &Candidates,
    size: u32,
    finned: bool,
    technique: Technique,
) -> Option<Step> {
    templates::first_by_digit(candidates, technique, |digit, spots| {
        [true, false].into_iter().find_map(|rows_as_base| {
            let fish = Fish {
                digit,
                spots,
                size,
                finned,
            };
            fish.search(rows_as_base, technique)
        })
    })
}

/// One digit's search.
struct Fish {
    digit: u8,
    spots: CellSet,
    size: u32,
    finned: bool,
}

impl Fish {
    /// How many fins the fish may have.
    fn fins_allowed(&self) -> u32 {
        if self.finned { MOST_FINS } else { 0 }
    }

    /// Which of `candidates` a fish with `fins` eliminates: those that see every fin (all of
    /// them for a fish without fins allowed).
    fn eliminated(&self, candidates: CellSet, fins: CellSet) -> CellSet {
        if self.finned {
            candidates & fins.common_peers()
        } else {
            candidates
        }
    }

    /// The first fish with rows (or columns) and boxes as bases that eliminates something.
    fn search(&self, rows_as_base: bool, technique: Technique) -> Option<Step> {
        let (bases, covers) = self.parts(rows_as_base);
        let mut search = BaseSearch {
            fish: self,
            bases: &bases,
            covers: &covers,
            chosen: Vec::with_capacity(self.size as usize),
            eligible: Vec::with_capacity(covers.len()),
            reach: Vec::with_capacity(covers.len() + 1),
            chosen_covers: Vec::with_capacity(self.size as usize),
            technique,
        };
        search.extend(0, CellSet::EMPTY, CellSet::EMPTY)
    }

    /// The units that may be bases and those that may be covers, each with its cells holding
    /// the digit, in lexical order.
    fn parts(&self, rows_as_base: bool) -> (Vec<Part>, Vec<Part>) {
        let part = |unit| Part {
            unit,
            cells: CellSet::unit(unit) & self.spots,
        };
        let is_line = |unit: &Unit, rows: bool| match unit {
            Unit::Row(_) => rows,
            Unit::Column(_) => !rows,
            Unit::Box(_) => true,
        };
        let bases: Vec<Part> = Unit::all()
            .filter(|unit| is_line(unit, rows_as_base))
            .map(part)
            .filter(|p| !p.cells.is_empty() && (self.finned || p.cells.len() <= self.size))
            .collect();
        let covers: Vec<Part> = Unit::all()
            .filter(|unit| is_line(unit, !rows_as_base))
            .map(part)
            .filter(|p| !p.cells.is_empty())
            .collect();
        (bases, covers)
    }
}

/// The search through choices of bases, in lexical order, as nested loops: a choice is built
/// one base at a time, with its cells and endo fins so far, and none is made anew.
struct BaseSearch<'a> {
    fish: &'a Fish,
    bases: &'a [Part],
    covers: &'a [Part],
    /// The bases chosen so far.
    chosen: Vec<Part>,
    /// The buffers of the cover search, kept across choices of bases.
    eligible: Vec<Part>,
    reach: Vec<CellSet>,
    chosen_covers: Vec<Part>,
    technique: Technique,
}

impl BaseSearch<'_> {
    /// Adds bases from `bases[start..]` to those chosen (which hold `base_cells`, with
    /// `endo_fins` the cells in two of them); at full size, searches for covers.
    fn extend(&mut self, start: usize, base_cells: CellSet, endo_fins: CellSet) -> Option<Step> {
        let size = self.fish.size as usize;
        let left = size - self.chosen.len();
        if left == 0 {
            return self.search_covers(base_cells, endo_fins);
        }
        if self.bases.len() < start + left {
            return None;
        }
        for i in start..=self.bases.len() - left {
            let base = self.bases[i];
            let endo = endo_fins | (base_cells & base.cells);
            // Endo fins only grow as bases are added: too many now, too many in every choice.
            if !endo.is_empty() && (!self.fish.finned || endo.len() > MOST_ENDO_FINS) {
                continue;
            }
            self.chosen.push(base);
            let found = self.extend(i + 1, base_cells | base.cells, endo);
            self.chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The first fish with the bases chosen, in lexical order of covers.
    fn search_covers(&mut self, base_cells: CellSet, endo_fins: CellSet) -> Option<Step> {
        let chosen = &self.chosen;
        self.eligible.clear();
        self.eligible
            .extend(self.covers.iter().copied().filter(|cover| {
                !(cover.cells & base_cells).is_empty()
                    && !chosen.iter().any(|base| base.unit == cover.unit)
            }));
        self.reach.clear();
        self.reach.resize(self.eligible.len() + 1, CellSet::EMPTY);
        for i in (0..self.eligible.len()).rev() {
            self.reach[i] = self.reach[i + 1] | self.eligible[i].cells;
        }
        let mut search = CoverSearch {
            fish: self.fish,
            bases: chosen,
            base_cells,
            endo_fins,
            eligible: &self.eligible,
            reach: &self.reach,
            chosen: &mut self.chosen_covers,
            technique: self.technique,
        };
        search.extend(0, CellSet::EMPTY, CellSet::EMPTY)
    }
}

/// The search for covers of one choice of bases.
struct CoverSearch<'a> {
    fish: &'a Fish,
    bases: &'a [Part],
    base_cells: CellSet,
    endo_fins: CellSet,
    eligible: &'a [Part],
    /// `reach[i]`: the cells of `eligible[i..]`.
    reach: &'a [CellSet],
    /// The covers chosen so far (empty again once a search is over).
    chosen: &'a mut Vec<Part>,
    technique: Technique,
}

impl CoverSearch<'_> {
    /// Adds covers from `eligible[start..]` to those chosen (which hold `covered`, with
    /// `twice` the cells in two of them), in lexical order.
    fn extend(&mut self, start: usize, covered: CellSet, twice: CellSet) -> Option<Step> {
        let size = self.fish.size as usize;
        let left = size - self.chosen.len();
        if self.eligible.len() < start + left {
            return None;
        }
        if left == 1 {
            return self.last_cover(start, covered, twice);
        }
        if !self.can_still_cover(start, covered, left) {
            return None;
        }
        for i in start..=self.eligible.len() - left {
            let cover = self.eligible[i];
            let now_covered = covered | cover.cells;
            let now_twice = twice | (covered & cover.cells);
            self.chosen.push(cover);
            // A finned fish whose first covers hold every base candidate has a cover too many:
            // HoDoKu skips it.
            let found = if self.fish.finned && (self.base_cells - now_covered).is_empty() {
                None
            } else {
                self.extend(i + 1, now_covered, now_twice)
            };
            self.chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The first fish completed by one more cover from `eligible[start..]`. This is where the
    /// search spends most of its time, and nearly every fish met here eliminates nothing, so
    /// each cover is weighed on bit sets, the cheapest test first and the fins counted only
    /// where they could be too many: a plain fish, too many fins, then
    /// [`Self::eliminations`]. The first cover to pass makes the step.
    fn last_cover(&mut self, start: usize, covered: CellSet, twice: CellSet) -> Option<Step> {
        let fish = self.fish;
        let uncovered = self.base_cells - covered;
        let fins_allowed = fish.fins_allowed();
        // Rows against columns alone make a plain fish: then the last cover must be a box.
        let needs_box = !self
            .bases
            .iter()
            .chain(self.chosen.iter())
            .any(Part::is_box);
        // A cover holding none of the uncovered candidates leaves them all as fins: when they
        // are few enough, so are any cover's, and when not, only a cover holding some of them
        // can do (counting a cover's fins is the costliest test here).
        let few_enough = (uncovered | self.endo_fins).len() <= fins_allowed;
        for i in start..self.eligible.len() {
            let cover = self.eligible[i];
            if needs_box && !cover.is_box() {
                continue;
            }
            let fins = (uncovered - cover.cells) | self.endo_fins;
            let too_many =
                !few_enough && ((cover.cells & uncovered).is_empty() || fins.len() > fins_allowed);
            if too_many {
                continue;
            }
            let (now_covered, now_twice) = (covered | cover.cells, twice | (covered & cover.cells));
            let Some(removed) = self.eliminations(now_covered, now_twice, fins) else {
                continue;
            };
            self.chosen.push(cover);
            let step = self.step(fins, removed);
            self.chosen.pop();
            return step;
        }
        None
    }

    /// False when `left` more covers from `eligible[start..]` cannot make a fish that
    /// eliminates something: they cannot hold enough of the base candidates still uncovered
    /// to leave at most the fins allowed, or the fins they must leave (those in none of them,
    /// and the endo fins) are too many or seen by no other candidate. Bounds that skip most of
    /// the search and never a fish.
    fn can_still_cover(&self, start: usize, covered: CellSet, left: usize) -> bool {
        let uncovered = self.base_cells - covered;
        let certain_fins = (uncovered - self.reach[start]) | self.endo_fins;
        if certain_fins.len() > self.fish.fins_allowed() {
            return false;
        }
        // The eliminations of a finned fish see every fin.
        if !certain_fins.is_empty() && (certain_fins.common_peers() & self.fish.spots).is_empty() {
            return false;
        }
        // With no more uncovered candidates than fins allowed plus one a cover, the bound
        // below holds: some cover left takes one (then `most_in_one` is at least 1), or none
        // does and they are all certain fins, counted above. Counting what each cover takes
        // is most of the bound's cost.
        let uncovered_count = uncovered.len();
        if uncovered_count <= self.fish.fins_allowed() + left as u32 {
            return true;
        }
        let most_in_one = self.eligible[start..]
            .iter()
            .map(|cover| (cover.cells & uncovered).len())
            .max()
            .unwrap_or(0);
        uncovered_count <= most_in_one * left as u32 + self.fish.fins_allowed()
    }

    /// What covers holding `covered` (`twice` in two of them) may eliminate: their places
    /// of the digit outside the bases, and those in two covers.
    fn candidates(&self, covered: CellSet, twice: CellSet) -> CellSet {
        let spots = self.fish.spots;
        ((spots & covered) - self.base_cells) | (spots & twice)
    }

    /// The step of the fish with the covers chosen, if it is one of the kind sought and
    /// eliminates something: every test at once, for the plain nested loops the tests
    /// compare the search with.
    #[cfg(test)]
    fn complete(&self, covered: CellSet, twice: CellSet) -> Option<Step> {
        let fins = (self.base_cells - covered) | self.endo_fins;
        if fins.len() > self.fish.fins_allowed() {
            return None;
        }
        let any_box = self
            .bases
            .iter()
            .chain(self.chosen.iter())
            .any(Part::is_box);
        if !any_box {
            // Rows against columns only: a plain fish, not a Franken one.
            return None;
        }
        let removed = self.eliminations(covered, twice, fins)?;
        self.step(fins, removed)
    }

    /// What a fish with the covers holding `covered` (`twice` in two of them) and no more
    /// `fins` than allowed eliminates, if anything: none for a finned fish without fins.
    fn eliminations(&self, covered: CellSet, twice: CellSet, fins: CellSet) -> Option<CellSet> {
        // Past the count of the fins, a fish without fins allowed has none.
        if self.fish.finned && fins.is_empty() {
            return None;
        }
        let removed = self.fish.eliminated(self.candidates(covered, twice), fins);
        (!removed.is_empty()).then_some(removed)
    }

    /// The step that removes `removed`, the fish with the covers chosen and `fins`.
    fn step(&self, fins: CellSet, removed: CellSet) -> Option<Step> {
        let removals = removed
            .iter()
            .map(|position| CellDigit {
                position,
                digit: self.fish.digit,
            })
            .collect();
        elimination(self.technique, removals, || self.reason(fins))
    }

    /// `4 in row 2, box 4 and column 3, column 8, fins r6c7`.
    fn reason(&self, fins: CellSet) -> String {
        let names = |parts: &[Part]| {
            let names: Vec<String> = parts.iter().map(|p| p.unit.to_string()).collect();
            names.join(", ")
        };
        let mut reason = format!(
            "{} in {} and {}",
            self.fish.digit,
            names(self.bases),
            names(self.chosen)
        );
        if !fins.is_empty() {
            let fins: Vec<Position> = fins.iter().collect();
            reason.push_str(&format!(", fins {}", cell_list(&fins)));
        }
        reason
    }
}

/// Each kind on a position met while solving a real puzzle (top1465), with the step HoDoKu
/// (hodoku-py 0.2.1) takes there too.
#[cfg(test)]
mod tests {
    use super::super::testing::assert_step;
    use super::super::{Technique, choices};
    use super::*;

    /// Early in the first puzzle of top1465.
    const EARLY: &str = "...4.....12..56..912..56789....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7..123.5...912..5.7.9.....6...12.4..7.91..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56789...45.789.2.4..789...45.789.2345...9.23.567..1........123..6...1234.6...12.4.6.....34..78.....5....1.34.678.1234.............9.234..78.123.............8.12.45...9..34..7.91..4..7.91.34..7.9.....6...123.5.7...2345.7..1.3..6.........7..1..456..9.2.......1..4.6.891.34.6.891.345....1.3.5..8...345..8......6.8....4.6......4.6.8.1...........4.6.89.2.............7....3.56.8...3.56.89....5....12...6.....3............789.....6789.....678912......9...4......2...6.89........912.4.6...12.4.678...345.78....4.678...345678.123.5....123.56.8..23.56.8.";

    #[test]
    fn franken_x_wing_in_a_real_position() {
        assert_step(
            Technique::FrankenXWing,
            EARLY,
            "Franken X-Wing: 5 in row 7, box 4 and column 3, box 9 -> r1c3 <> 5, r2c3 <> 5, r3c3 <> 5, r9c7 <> 5, r9c8 <> 5, r9c9 <> 5",
        );
    }

    #[test]
    fn finned_franken_x_wing_in_a_real_position() {
        assert_step(
            Technique::FinnedFrankenXWing,
            EARLY,
            "Finned Franken X-Wing: 3 in row 7, row 9 and column 7, box 9, fins r9c4, r9c6 -> r9c7 <> 3",
        );
    }

    #[test]
    fn searches_remembered_as_barren_elsewhere_hide_no_fish_here() {
        let elsewhere = crate::Candidates::from_grid(
            &"..............1..2.34....5......6.......7..8.1.......9....623....7....4.9..1....."
                .parse()
                .unwrap(),
        );
        let kinds = [
            Technique::FrankenXWing,
            Technique::FrankenSwordfish,
            Technique::FinnedFrankenXWing,
            Technique::FinnedFrankenSwordfish,
        ];
        for technique in kinds {
            technique.find(&elsewhere);
        }
        // Twice: the second search meets the places remembered from the first.
        for _ in 0..2 {
            franken_x_wing_in_a_real_position();
            finned_franken_x_wing_in_a_real_position();
        }
    }

    /// The first fish as plain nested loops find it: every choice of bases, then every choice
    /// of covers, in lexical order, with none of the search's bounds.
    fn plain_search(fish: &Fish, rows_as_base: bool, technique: Technique) -> Option<Step> {
        let (bases, covers) = fish.parts(rows_as_base);
        choices(&bases, fish.size).find_map(|chosen| {
            let mut base_cells = CellSet::EMPTY;
            let mut endo_fins = CellSet::EMPTY;
            for base in &chosen {
                endo_fins = endo_fins | (base_cells & base.cells);
                base_cells = base_cells | base.cells;
            }
            if !endo_fins.is_empty() && (!fish.finned || endo_fins.len() > MOST_ENDO_FINS) {
                return None;
            }
            let eligible: Vec<Part> = covers
                .iter()
                .copied()
                .filter(|cover| {
                    !chosen.iter().any(|base| base.unit == cover.unit)
                        && !(cover.cells & base_cells).is_empty()
                })
                .collect();
            choices(&eligible, fish.size).find_map(|mut chosen_covers| {
                let (mut covered, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
                for (k, cover) in chosen_covers.iter().enumerate() {
                    twice = twice | (covered & cover.cells);
                    covered = covered | cover.cells;
                    let last = k + 1 == chosen_covers.len();
                    if fish.finned && !last && (base_cells - covered).is_empty() {
                        return None;
                    }
                }
                let search = CoverSearch {
                    fish,
                    bases: &chosen,
                    base_cells,
                    endo_fins,
                    eligible: &eligible,
                    reach: &[],
                    chosen: &mut chosen_covers,
                    technique,
                };
                search.complete(covered, twice)
            })
        })
    }

    #[test]
    fn the_bounds_of_the_search_never_skip_a_fish() {
        // Every 25th state on the solving paths of 25 puzzles of top1465 (every 40th), every
        // digit, both ways, every kind: the search finds the fish the plain loops find.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/top1465.txt");
        let text = std::fs::read_to_string(path).expect("puzzles/top1465.txt");
        let kinds = [
            (2, false, Technique::FrankenXWing),
            (3, false, Technique::FrankenSwordfish),
            (2, true, Technique::FinnedFrankenXWing),
            (3, true, Technique::FinnedFrankenSwordfish),
        ];
        let (mut states, mut fish_found) = (0, 0);
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .step_by(40)
            .take(25)
        {
            let puzzle: sudoku_engine::Grid = line.trim().parse().unwrap();
            let (steps, _) = crate::explain(&puzzle);
            let mut state = crate::Candidates::from_grid(&puzzle);
            for (index, step) in steps.iter().enumerate() {
                if index % 25 != 0 {
                    state.apply(step);
                    continue;
                }
                states += 1;
                let places = state.places();
                for digit in 1..=9u8 {
                    for (size, finned, technique) in kinds {
                        let spots = places[usize::from(digit)];
                        let fish = Fish {
                            digit,
                            spots,
                            size,
                            finned,
                        };
                        for rows_as_base in [true, false] {
                            let found = fish.search(rows_as_base, technique);
                            let plain = plain_search(&fish, rows_as_base, technique);
                            let text = |step: &Option<Step>| step.as_ref().map(Step::to_string);
                            assert_eq!(text(&found), text(&plain), "{line}, {technique}");
                            fish_found += usize::from(found.is_some());
                        }
                    }
                }
                state.apply(step);
            }
        }
        assert!(
            states > 80 && fish_found > 500,
            "{states} states, {fish_found} fish"
        );
    }

    #[test]
    fn franken_swordfish_in_a_real_position() {
        assert_step(
            Technique::FrankenSwordfish,
            "...4.....12..56..912..56.89....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7..123.5...912..5...9.....6...12.4..7..1..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56.89...45.789.2.4..78....45.789.2345...9.23.567..1........123..6...1234.6...12.4.6.....34..78.....5....1.34.678.1234.............9.234..78.123.............8.12.45...9..34..7.91..4..7..1.34..7.9.....6...123.5.7...2345.7..1.3..6.........7..1..456..9.2.......1..4.6.8.1.34.6.891.345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....12.........3............78......678......678.12......9...4......2...6.89........912.............7....345..8....4.6.8...3456.8.123.5....123.56.8..23.56.8.",
            "Franken Swordfish: 9 in row 5, row 6, row 8 and column 3, box 5, box 9 -> r1c3 <> 9, r2c3 <> 9, r3c3 <> 9",
        );
    }

    #[test]
    fn finned_franken_swordfish_where_hodoku_takes_it_on_its_path() {
        // The tenth step of 1...5.......2.1.....3.7..6.........962......7.8593.....3..6..8..7....1..5....4.7.
        assert_step(
            Technique::FinnedFrankenSwordfish,
            "1...........4....9.2.4..78...3..6.......5......3..6....2.4..7.9.2.4....9.2.4...8....4..789...456..9...4.678..2..........4...891..........345.7.9..345...9..345..8..2.4...89...45...9..3.........4...8.......7.........89.2.45...9.....6...1..........3......1..4.....1..4..7.....45678..2.4...8..2..5678..2.456.8..2.45............9.....6....2...............91..45..8.1..4...8.....5..8...345..8...345..........7.....4..7.........8.....5............9..3.......2...67...2.4.6...1.........2.4.6....2.4....9..3......12.4.....1...5.7.......6....2..5.7.9.2.45...9.......8..2.45.....2.4...89......7...2.4.6.8...3.5..8..2.....89.23.5..891.........2345...9.23456.......5....1....6..912...6.8.1.3....8.12.....89...4......23..6..9......7...23..6...",
            "Finned Franken Swordfish: 9 in row 1, row 9, box 2 and column 2, column 5, column 7, fins r1c8, r3c6 -> r3c7 <> 9",
        );
    }
}
