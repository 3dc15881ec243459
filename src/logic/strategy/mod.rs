//! The techniques, one file per family, and the [`Technique`] list that orders them from the
//! easiest to the hardest.

mod fish;
mod locked;
mod single_digit;
mod singles;
mod subsets;
mod wings;

use std::fmt;
use std::str::FromStr;

use super::{Candidates, CellDigit, Step};
use crate::grid::Position;

/// A named solving technique. The order is the order in which they are tried, easiest first:
/// HoDoKu's, so that paths and levels match the ones its users know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse,
    /// The only digit left for a cell.
    NakedSingle,
    /// The only place left for a digit in a row, column or box.
    HiddenSingle,
    /// A digit confined, inside a box, to one row or column: gone from the rest of that line.
    Pointing,
    /// A digit confined, inside a row or column, to one box: gone from the rest of that box.
    Claiming,
    /// Two cells of a unit holding the same two candidates only.
    NakedPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// Four cells of a unit holding four candidates between them.
    NakedQuad,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
    /// A digit confined to the same two columns in two rows (or the reverse).
    XWing,
    /// A digit confined to the same three columns in three rows (or the reverse).
    Swordfish,
    /// A digit confined to the same four columns in four rows (or the reverse).
    Jellyfish,
    /// Two parallel strong links on one digit whose ends meet on a line.
    Skyscraper,
    /// A row and a column strong link on one digit whose ends meet in a box.
    TwoStringKite,
    /// Two strong links on one digit whose ends see each other, in any other way.
    TurbotFish,
    /// Two equal two-candidate cells joined by a strong link on one of their digits.
    WWing,
    /// A two-candidate pivot with two two-candidate pincers sharing a third digit.
    XyWing,
    /// A three-candidate pivot with two two-candidate pincers sharing its third digit.
    XyzWing,
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

impl FromStr for Level {
    type Err = String;

    /// Reads a level by name, in any case.
    fn from_str(name: &str) -> Result<Level, String> {
        let wanted = name.trim().to_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == wanted)
            .ok_or_else(|| format!("unknown level {name:?} (easy, medium, hard, unfair, extreme)"))
    }
}

impl Technique {
    /// Every technique, in the order they are tried.
    pub const ALL: [Technique; 20] = [
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
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
    ];

    /// The points HoDoKu adds to a puzzle's score each time this technique is used.
    pub fn score(self) -> u32 {
        match self {
            Technique::FullHouse | Technique::NakedSingle => 4,
            Technique::HiddenSingle => 14,
            Technique::Pointing | Technique::Claiming => 50,
            Technique::NakedPair => 60,
            Technique::NakedTriple => 80,
            Technique::HiddenPair => 70,
            Technique::HiddenTriple => 100,
            Technique::NakedQuad => 120,
            Technique::HiddenQuad => 150,
            Technique::XWing => 140,
            Technique::Swordfish => 150,
            Technique::Jellyfish => 160,
            Technique::Skyscraper => 130,
            Technique::TwoStringKite => 150,
            Technique::TurbotFish => 120,
            Technique::WWing => 150,
            Technique::XyWing => 160,
            Technique::XyzWing => 180,
        }
    }

    /// The HoDoKu level this technique belongs to.
    pub fn level(self) -> Level {
        match self {
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle => Level::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::NakedTriple
            | Technique::HiddenPair
            | Technique::HiddenTriple => Level::Medium,
            Technique::NakedQuad
            | Technique::HiddenQuad
            | Technique::XWing
            | Technique::Swordfish
            | Technique::Jellyfish
            | Technique::Skyscraper
            | Technique::TwoStringKite
            | Technique::TurbotFish
            | Technique::WWing
            | Technique::XyWing
            | Technique::XyzWing => Level::Hard,
        }
    }

    /// The technique's name, as people write it (`hidden single`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "hidden quad",
        }
    }

    /// The name in lower case with dashes, as command lines take it (`hidden-single`).
    pub fn slug(self) -> String {
        self.name().to_lowercase().replace(' ', "-")
    }

    /// The technique's rating on the Sudoku Explainer scale.
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::TurbotFish => 4.2,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.4,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
        }
    }

    /// True for the techniques that place digits by themselves (what old solvers auto-fill).
    pub fn is_single(self) -> bool {
        self <= Technique::HiddenSingle
    }

    /// The first step this technique finds in `candidates`, if any.
    pub fn find(self, candidates: &Candidates) -> Option<Step> {
        match self {
            Technique::FullHouse => singles::full_house(candidates),
            Technique::HiddenSingle => singles::hidden_single(candidates),
            Technique::NakedSingle => singles::naked_single(candidates),
            Technique::Pointing => locked::pointing(candidates),
            Technique::Claiming => locked::claiming(candidates),
            Technique::NakedPair => subsets::naked(candidates, 2, self),
            Technique::NakedTriple => subsets::naked(candidates, 3, self),
            Technique::NakedQuad => subsets::naked(candidates, 4, self),
            Technique::HiddenPair => subsets::hidden(candidates, 2, self),
            Technique::HiddenTriple => subsets::hidden(candidates, 3, self),
            Technique::HiddenQuad => subsets::hidden(candidates, 4, self),
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                single_digit::find(candidates, self)
            }
            Technique::XyWing => wings::xy(candidates, false),
            Technique::XyzWing => wings::xy(candidates, true),
            Technique::WWing => wings::w(candidates),
            Technique::XWing => fish::basic(candidates, 2, self),
            Technique::Swordfish => fish::basic(candidates, 3, self),
            Technique::Jellyfish => fish::basic(candidates, 4, self),
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Technique {
    type Err = String;

    /// Reads a technique by name, in any case, with spaces or dashes (`x-wing`, `Hidden Single`).
    fn from_str(name: &str) -> Result<Technique, String> {
        let wanted = name.trim().to_lowercase().replace(' ', "-");
        Technique::ALL
            .into_iter()
            .find(|t| t.slug() == wanted)
            .ok_or_else(|| format!("unknown technique {name:?}"))
    }
}

/// A step placing one digit.
fn placement(technique: Technique, position: Position, digit: u8, reason: String) -> Step {
    Step {
        technique,
        placements: vec![CellDigit { position, digit }],
        eliminations: Vec::new(),
        reason,
    }
}

/// A step eliminating candidates, or `None` when there is nothing to eliminate.
fn elimination(technique: Technique, eliminations: Vec<CellDigit>, reason: String) -> Option<Step> {
    (!eliminations.is_empty()).then(|| Step {
        technique,
        placements: Vec::new(),
        eliminations,
        reason,
    })
}

/// The digits of a candidate bitmask, in order.
fn digits(marks: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| marks & (1 << d) != 0)
}

/// Every choice of `size` of the `items`, in order.
fn choices<T: Copy>(items: &[T], size: u32) -> impl Iterator<Item = Vec<T>> + '_ {
    (0u32..1 << items.len())
        .filter(move |set| set.count_ones() == size)
        .map(|set| {
            let chosen = items
                .iter()
                .enumerate()
                .filter(move |(i, _)| set & (1 << i) != 0);
            chosen.map(|(_, &item)| item).collect()
        })
}

/// The positions joined for a reason: `r1c2, r1c7`.
fn cell_list(positions: &[Position]) -> String {
    let names: Vec<String> = positions.iter().map(ToString::to_string).collect();
    names.join(", ")
}
