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

/// A named solving technique. The order is the order of difficulty, by Sudoku Explainer rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse,
    /// The only place left for a digit in a row, column or box.
    HiddenSingle,
    /// The only digit left for a cell.
    NakedSingle,
    /// A digit confined, inside a box, to one row or column: gone from the rest of that line.
    Pointing,
    /// A digit confined, inside a row or column, to one box: gone from the rest of that box.
    Claiming,
    /// Two cells of a unit holding the same two candidates only.
    NakedPair,
    /// A digit confined to the same two columns in two rows (or the reverse).
    XWing,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// A digit confined to the same three columns in three rows (or the reverse).
    Swordfish,
    /// Three digits confined to the same three cells of a unit.
    HiddenTriple,
    /// Two parallel strong links on one digit whose ends meet on a line.
    Skyscraper,
    /// A row and a column strong link on one digit whose ends meet in a box.
    TwoStringKite,
    /// Two strong links on one digit whose ends see each other, in any other way.
    TurbotFish,
    /// A two-candidate pivot with two two-candidate pincers sharing a third digit.
    XyWing,
    /// A three-candidate pivot with two two-candidate pincers sharing its third digit.
    XyzWing,
    /// Two equal two-candidate cells joined by a strong link on one of their digits.
    WWing,
    /// Four cells of a unit holding four candidates between them.
    NakedQuad,
    /// A digit confined to the same four columns in four rows (or the reverse).
    Jellyfish,
    /// Four digits confined to the same four cells of a unit.
    HiddenQuad,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 20] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
    ];

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
        self <= Technique::NakedSingle
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
