//! The techniques, one file per family; the [`Technique`] list that orders them from the
//! easiest to the hardest, with each one's name, Sudoku Explainer rating, HoDoKu score and
//! level; and HoDoKu's difficulty [`Level`]s.

mod als;
mod avoidable;
mod barren;
mod brute_force;
mod chains;
mod coloring;
mod fish;
mod franken;
mod locked;
mod single_digit;
mod singles;
mod subsets;
mod sue_de_coq;
mod tabling;
mod templates;
mod uniqueness;
mod wings;

pub(crate) use singles::single_step;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Candidates, CellDigit, Step};
use sudoku_engine::grid::{Position, Unit};
use sudoku_engine::{Digit, DigitSet};

/// The catalogue of techniques, one row each, in the order they are tried (HoDoKu's, so that
/// paths and levels match the ones its users know): the variant, its name as people write it,
/// its Sudoku Explainer rating, its HoDoKu score and level, and how to find it. The enum
/// [`Technique`], [`Technique::ALL`] and every per-technique fact come from this one table.
/// Sudoku Explainer lacks some techniques (finned fish, uniqueness, ALS); those get the rating
/// of the nearest technique it has.
macro_rules! catalogue {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident: $name:literal, $explainer:literal, $score:literal, $level:ident,
            |$candidates:ident, $technique:ident| $find:expr;
    )*) => {
        /// A named solving technique. The order is the order in which they are tried, easiest
        /// first.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Technique {
            $($(#[doc = $doc])* $variant,)*
        }

        /// How many techniques there are.
        const COUNT: usize = [$(stringify!($variant)),*].len();

        impl Technique {
            /// Every technique, in the order they are tried.
            pub const ALL: [Technique; COUNT] = [$(Technique::$variant),*];

            /// The technique's row of the catalogue.
            fn info(self) -> Info {
                match self {
                    $(Technique::$variant => Info {
                        name: $name,
                        explainer: $explainer,
                        score: $score,
                        level: Level::$level,
                    },)*
                }
            }

            /// The first step this technique finds in `candidates`, if any.
            pub fn find(self, candidates: &Candidates) -> Option<Step> {
                match self {
                    $(Technique::$variant => {
                        let ($candidates, $technique) = (candidates, self);
                        let _ = $technique;
                        $find
                    })*
                }
            }
        }
    };
}

catalogue! {
    /// The last empty cell of a row, column or box.
    FullHouse: "full house", 1.0, 4, Easy, |c, technique| singles::full_house(c);
    /// The only digit left for a cell.
    NakedSingle: "naked single", 2.3, 4, Easy, |c, technique| singles::naked_single(c);
    /// The only place left for a digit in a row, column or box.
    HiddenSingle: "hidden single", 1.5, 14, Easy, |c, technique| singles::hidden_single(c);
    /// Two cells where a box crosses a line, holding two candidates between them.
    LockedPair: "locked pair", 3.0, 40, Medium, |c, technique| subsets::naked(c, 2, technique);
    /// Three cells where a box crosses a line, holding three candidates between them.
    LockedTriple: "locked triple", 3.6, 60, Medium, |c, technique| subsets::naked(c, 3, technique);
    /// A digit confined, inside a box, to one row or column: gone from the rest of that line.
    Pointing: "pointing", 2.6, 50, Medium, |c, technique| locked::pointing(c);
    /// A digit confined, inside a row or column, to one box: gone from the rest of that box.
    Claiming: "claiming", 2.8, 50, Medium, |c, technique| locked::claiming(c);
    /// Two cells of a unit holding the same two candidates only.
    NakedPair: "naked pair", 3.0, 60, Medium, |c, technique| subsets::naked(c, 2, technique);
    /// Three cells of a unit holding three candidates between them.
    NakedTriple: "naked triple", 3.6, 80, Medium, |c, technique| subsets::naked(c, 3, technique);
    /// Two digits confined to the same two cells of a unit.
    HiddenPair: "hidden pair", 3.4, 70, Medium, |c, technique| subsets::hidden(c, 2, technique);
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple: "hidden triple", 4.0, 100, Medium, |c, technique| subsets::hidden(c, 3, technique);
    /// Four cells of a unit holding four candidates between them.
    NakedQuad: "naked quad", 5.0, 120, Hard, |c, technique| subsets::naked(c, 4, technique);
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad: "hidden quad", 5.4, 150, Hard, |c, technique| subsets::hidden(c, 4, technique);
    /// A digit confined to the same two columns in two rows (or the reverse).
    XWing: "X-Wing", 3.2, 140, Hard, |c, technique| fish::basic(c, 2, technique);
    /// A digit confined to the same three columns in three rows (or the reverse).
    Swordfish: "Swordfish", 3.8, 150, Hard, |c, technique| fish::basic(c, 3, technique);
    /// A digit confined to the same four columns in four rows (or the reverse).
    Jellyfish: "Jellyfish", 5.2, 160, Hard, |c, technique| fish::basic(c, 4, technique);
    /// A chain of cells with the same two candidates, seeing each other in turn.
    RemotePair: "Remote Pair", 6.5, 110, Hard, |c, technique| coloring::remote_pair(c);
    /// Every empty cell has two candidates but one: it takes the digit that breaks the grave.
    BugPlusOne: "BUG+1", 5.6, 100, Hard, |c, technique| uniqueness::bug_plus_one(c);
    /// Two parallel strong links on one digit whose ends meet on a line.
    Skyscraper: "Skyscraper", 4.0, 130, Hard, |c, technique| single_digit::find(c, technique);
    /// A row and a column strong link on one digit whose ends meet in a box.
    TwoStringKite: "2-String Kite", 4.1, 150, Hard, |c, technique| single_digit::find(c, technique);
    /// Two strong links on one digit whose ends see each other, in any other way.
    TurbotFish: "Turbot Fish", 4.2, 120, Hard, |c, technique| single_digit::find(c, technique);
    /// A digit confined in a box to one row and one column, with a strong link outside.
    EmptyRectangle: "Empty Rectangle", 4.5, 120, Hard, |c, technique| single_digit::empty_rectangle(c);
    /// Two equal two-candidate cells joined by a strong link on one of their digits.
    WWing: "W-Wing", 4.4, 150, Hard, |c, technique| wings::w(c);
    /// A two-candidate pivot with two two-candidate pincers sharing a third digit.
    XyWing: "XY-Wing", 4.2, 160, Hard, |c, technique| wings::xy(c, false);
    /// A three-candidate pivot with two two-candidate pincers sharing its third digit.
    XyzWing: "XYZ-Wing", 4.4, 180, Hard, |c, technique| wings::xy(c, true);
    /// A rectangle of one pair with one extra-candidate corner: that corner loses the pair.
    UniqueRectangle1: "Unique Rectangle Type 1", 4.5, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle whose two roof cells share one extra digit: cells seeing both lose it.
    UniqueRectangle2: "Unique Rectangle Type 2", 4.6, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle whose roof's extra digits make a naked subset with other cells of a unit.
    UniqueRectangle3: "Unique Rectangle Type 3", 4.7, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle whose roof holds one digit of the pair for sure: the roof loses the other.
    UniqueRectangle4: "Unique Rectangle Type 4", 4.6, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle whose corners with more than the pair share one extra digit, but not a row
    /// or column (or are three): cells seeing them all lose it.
    UniqueRectangle5: "Unique Rectangle Type 5", 4.6, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle with extra candidates on a diagonal, one digit of the pair only in the
    /// rectangle on its rows and columns: the diagonal loses that digit.
    UniqueRectangle6: "Unique Rectangle Type 6", 4.6, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// A rectangle with strong links on one digit around the corner opposite a pair cell.
    HiddenRectangle: "Hidden Rectangle", 4.7, 100, Hard, |c, technique| uniqueness::unique_rectangle(c, technique);
    /// Three corners of a rectangle filled by steps, crosswise with two digits: the fourth
    /// loses the digit that would let them swap.
    AvoidableRectangle1: "Avoidable Rectangle Type 1", 4.5, 100, Hard, |c, technique| avoidable::avoidable_rectangle(c, technique);
    /// Two corners filled by steps, the other two left with the completing digit and one same
    /// extra digit: cells seeing both lose the extra digit.
    AvoidableRectangle2: "Avoidable Rectangle Type 2", 4.6, 100, Hard, |c, technique| avoidable::avoidable_rectangle(c, technique);
    /// An X-Wing with extra candidates (fins) in one box.
    FinnedXWing: "Finned X-Wing", 3.4, 130, Hard, |c, technique| fish::finned(c, 2, technique);
    /// A finned X-Wing one of whose base lines keeps a single cell in the covers.
    SashimiXWing: "Sashimi X-Wing", 3.5, 150, Hard, |c, technique| fish::finned(c, 2, technique);
    /// A Swordfish with fins in one box.
    FinnedSwordfish: "Finned Swordfish", 4.0, 200, Unfair, |c, technique| fish::finned(c, 3, technique);
    /// A finned Swordfish with a base line down to one cell in the covers.
    SashimiSwordfish: "Sashimi Swordfish", 4.1, 240, Unfair, |c, technique| fish::finned(c, 3, technique);
    /// A Jellyfish with fins in one box.
    FinnedJellyfish: "Finned Jellyfish", 5.4, 250, Unfair, |c, technique| fish::finned(c, 4, technique);
    /// A finned Jellyfish with a base line down to one cell in the covers.
    SashimiJellyfish: "Sashimi Jellyfish", 5.5, 260, Unfair, |c, technique| fish::finned(c, 4, technique);
    /// Cells where a box crosses a line, locked with cells of the line and of the box.
    SueDeCoq: "Sue de Coq", 5.0, 250, Unfair, |c, technique| sue_de_coq::sue_de_coq(c);
    /// One digit's strong links colored in two alternating colors.
    SimpleColors: "Simple Colors", 6.2, 150, Hard, |c, technique| coloring::simple_colors(c);
    /// Two networks of one digit's strong links, each in two colors, that see each other.
    MultiColors: "Multi Colors", 6.4, 200, Hard, |c, technique| coloring::multi_colors(c);
    /// A chain of strong and weak links on one digit.
    XChain: "X-Chain", 6.6, 260, Unfair, |c, technique| chains::find(c, technique);
    /// A chain through two-candidate cells, from a digit back to the same digit.
    XyChain: "XY-Chain", 6.7, 260, Unfair, |c, technique| chains::find(c, technique);
    /// An alternating inference chain over any strong and weak links (nice loops too).
    Aic: "AIC", 7.0, 280, Unfair, |c, technique| tabling::nice_loop(c, technique);
    /// An alternating inference chain whose nodes may be groups of cells in a box and a line.
    GroupedAic: "grouped AIC", 7.2, 300, Unfair, |c, technique| tabling::nice_loop(c, technique);
    /// Two almost locked sets with a restricted common digit: another common digit is in one of them.
    AlsXz: "ALS-XZ", 5.5, 300, Unfair, |c, technique| als::xz(c);
    /// Three almost locked sets, a pivot linked to two others: a digit common to those is in one of them.
    AlsXyWing: "ALS-XY-Wing", 6.0, 320, Unfair, |c, technique| als::xy_wing(c);
    /// A chain of ALSs joined by restricted commons, each set left on another digit than it
    /// was entered by: a digit of both ends is true in one of them.
    AlsXyChain: "ALS-XY-Chain", 6.2, 340, Unfair, |c, technique| als::xy_chain(c);
    /// An X-Wing whose bases or covers include a box.
    FrankenXWing: "Franken X-Wing", 3.3, 300, Unfair, |c, technique| franken::find(c, 2, false, technique);
    /// A Swordfish whose bases or covers include a box.
    FrankenSwordfish: "Franken Swordfish", 3.9, 350, Unfair, |c, technique| franken::find(c, 3, false, technique);
    /// A Franken X-Wing with fins: only cells seeing every fin lose the digit.
    FinnedFrankenXWing: "Finned Franken X-Wing", 3.5, 390, Unfair, |c, technique| franken::find(c, 2, true, technique);
    /// A Franken Swordfish with fins: only cells seeing every fin lose the digit.
    FinnedFrankenSwordfish: "Finned Franken Swordfish", 4.1, 410, Unfair, |c, technique| franken::find(c, 3, true, technique);
    /// Every candidate of a cell (or place of a digit) implies the same, following direct links; or one implies a contradiction.
    ForcingChain: "forcing chain", 8.0, 500, Extreme, |c, technique| tabling::forcing(c, technique);
    /// As a forcing chain, following every single that appears.
    ForcingNet: "forcing net", 8.5, 700, Extreme, |c, technique| tabling::forcing(c, technique);
    /// No technique applies: the digit is taken from the solution.
    BruteForce: "brute force", 10.0, 10000, Extreme, |c, technique| brute_force::brute_force(c);
}

/// HoDoKu's five difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only, and not too many of them.
    Easy,
    /// Locked candidates and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, ALS, Sue de Coq, bigger finned fish.
    Unfair,
    /// Forcing chains and nets, or guessing.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The level's name in lower case (`unfair`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The highest total score a puzzle of this level may have (HoDoKu's defaults); above it,
    /// the puzzle moves up a level.
    pub fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The next harder level (extreme stays extreme).
    pub fn harder(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of HoDoKu's five.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level {name:?} (easy, medium, hard, unfair, extreme)")]
pub struct UnknownLevel {
    /// The name given.
    pub name: String,
}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Reads a level by name, in any case.
    fn from_str(name: &str) -> Result<Level, UnknownLevel> {
        let wanted = name.trim().to_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == wanted)
            .ok_or_else(|| UnknownLevel {
                name: name.to_string(),
            })
    }
}

/// What is known of a technique: its name and how hard it is on each scale.
struct Info {
    name: &'static str,
    explainer: f32,
    score: u32,
    level: Level,
}

impl Technique {
    /// The technique's name, as people write it (`hidden single`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The name in lower case with dashes, as command lines take it (`hidden-single`).
    pub fn slug(self) -> String {
        self.name().to_lowercase().replace(' ', "-")
    }

    /// The technique's rating on the Sudoku Explainer scale.
    pub fn rating(self) -> f32 {
        self.info().explainer
    }

    /// The points HoDoKu adds to a puzzle's score each time this technique is used.
    pub fn score(self) -> u32 {
        self.info().score
    }

    /// The HoDoKu level this technique belongs to.
    pub fn level(self) -> Level {
        self.info().level
    }

    /// True for the techniques that place digits by themselves (what old solvers auto-fill).
    pub fn is_single(self) -> bool {
        self <= Technique::HiddenSingle
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique name that is not in the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown technique {name:?}; one of: {}", Technique::ALL.map(|t| t.slug()).join(", "))]
pub struct UnknownTechnique {
    /// The name given.
    pub name: String,
}

impl FromStr for Technique {
    type Err = UnknownTechnique;

    /// Reads a technique by name, in any case, with or without spaces, dashes or underscores
    /// between its words (`x-wing`, `Hidden Single`, `xwing`, `ALS_XZ`).
    fn from_str(name: &str) -> Result<Technique, UnknownTechnique> {
        let wanted = loose_name(name);
        Technique::ALL
            .into_iter()
            .find(|t| loose_name(t.name()) == wanted)
            .ok_or_else(|| UnknownTechnique {
                name: name.to_string(),
            })
    }
}

/// A technique's name as it is compared: lower case, without spaces, dashes or underscores.
fn loose_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// A step placing one digit.
fn placement(technique: Technique, position: Position, digit: u8, reason: String) -> Step {
    Step {
        technique,
        placements: vec![CellDigit { position, digit }],
        eliminations: Vec::new(),
        reason,
        rating: technique.rating(),
    }
}

/// A step eliminating candidates, or `None` when there is nothing to eliminate.
fn elimination(
    technique: Technique,
    eliminations: Vec<CellDigit>,
    reason: impl FnOnce() -> String,
) -> Option<Step> {
    (!eliminations.is_empty()).then(|| Step {
        technique,
        placements: Vec::new(),
        eliminations,
        reason: reason(),
        rating: technique.rating(),
    })
}

/// How HoDoKu ranks steps of one technique when it collects them all (chains among them):
/// more eliminations first, then the lower weighted sum of the eliminated candidates (taken in
/// order of digit, then cell; the k-th counts its cell index times 1 + 80k, plus its digit).
/// The smaller key is the step HoDoKu takes.
pub(crate) fn hodoku_rank(eliminations: &[CellDigit]) -> (std::cmp::Reverse<usize>, usize) {
    let mut sorted: Vec<(u8, usize)> = eliminations
        .iter()
        .map(|e| (e.digit, e.position.index()))
        .collect();
    sorted.sort_unstable();
    let sum = sorted
        .iter()
        .enumerate()
        .map(|(k, &(digit, index))| index * (1 + 80 * k) + usize::from(digit))
        .sum();
    (std::cmp::Reverse(eliminations.len()), sum)
}

/// The digits of a candidate bitmask (bit `d` for digit `d`), in order: the one reading of a
/// mask every strategy shares.
fn digits(marks: u16) -> impl Iterator<Item = u8> {
    DigitSet::from_bits(marks).iter().map(Digit::get)
}

/// Every choice of `size` of the `items`, in lexical order of their places (the order nested
/// loops give, as HoDoKu searches).
fn choices<T: Copy>(items: &[T], size: u32) -> impl Iterator<Item = Vec<T>> + '_ {
    let size = size as usize;
    let mut next: Option<Vec<usize>> = (size <= items.len()).then(|| (0..size).collect());
    std::iter::from_fn(move || {
        let current = next.take()?;
        // The next choice: raise the last place that can still move, and reset those after it.
        if let Some(i) = (0..size)
            .rev()
            .find(|&i| current[i] < items.len() - size + i)
        {
            let mut following = current.clone();
            following[i] += 1;
            for j in i + 1..size {
                following[j] = following[j - 1] + 1;
            }
            next = Some(following);
        }
        Some(current.iter().map(|&k| items[k]).collect())
    })
}

/// The units in the order HoDoKu scans them for subsets and hidden singles: boxes, then rows,
/// then columns.
fn boxes_first() -> impl Iterator<Item = Unit> {
    (0..9).map(Unit::Box).chain(Unit::all().take(18))
}

/// The candidates among `marks` in each of `cells`, as eliminations.
fn clear_digits(
    candidates: &Candidates,
    cells: impl IntoIterator<Item = Position>,
    marks: u16,
) -> Vec<CellDigit> {
    cells
        .into_iter()
        .flat_map(|position| {
            digits(candidates.mark_bits(position) & marks)
                .map(move |digit| CellDigit { position, digit })
        })
        .collect()
}

/// The positions joined for a reason: `r1c2, r1c7`.
fn cell_list(positions: &[Position]) -> String {
    let names: Vec<String> = positions.iter().map(ToString::to_string).collect();
    names.join(", ")
}

/// What the techniques' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::Technique;
    use crate::Candidates;
    use sudoku_engine::Digit;

    /// Asserts that `technique` finds `expected` in the 729-character `state`, and that the step
    /// agrees with the solution: placed digits are its digits, removed ones are not.
    pub fn assert_step(technique: Technique, state: &str, expected: &str) {
        let candidates = Candidates::from_text(state).expect("a 729-character state");
        assert_step_in(technique, &candidates, expected);
    }

    /// As [`assert_step`], for the 729-character `state` reached from `puzzle`: the cells
    /// filled since count as placed by steps, not given.
    pub fn assert_step_after(technique: Technique, puzzle: &str, state: &str, expected: &str) {
        let puzzle: sudoku_engine::Grid = puzzle.parse().expect("a puzzle");
        let reached = Candidates::from_text(state).expect("a 729-character state");
        let mut candidates = Candidates::from_grid(&puzzle);
        for position in sudoku_engine::grid::Position::all() {
            match reached.value(position) {
                Some(digit) if candidates.value(position).is_none() => {
                    candidates.place(crate::CellDigit { position, digit })
                }
                Some(_) => {}
                None => {
                    for digit in (1..=9).filter(|&d| !reached.has(position, d)) {
                        candidates.eliminate(crate::CellDigit { position, digit });
                    }
                }
            }
        }
        assert_eq!(candidates.to_text(), reached.to_text());
        assert_step_in(technique, &candidates, expected);
    }

    fn assert_step_in(technique: Technique, candidates: &Candidates, expected: &str) {
        let step = technique.find(candidates).expect("the technique applies");
        assert_eq!(step.to_string(), expected);
        let grid = candidates.grid();
        assert!(
            sudoku_engine::is_unique(&grid),
            "test positions have one solution"
        );
        let solution = sudoku_engine::solve(&grid).expect("one solution");
        for placed in &step.placements {
            assert_eq!(
                solution.get(placed.position).map(Digit::get),
                Some(placed.digit),
                "{step}"
            );
        }
        for removed in &step.eliminations {
            assert_ne!(
                solution.get(removed.position).map(Digit::get),
                Some(removed.digit),
                "{step}"
            );
        }
    }
}
