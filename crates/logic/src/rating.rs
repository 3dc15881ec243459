//! How hard a puzzle is: the Sudoku Explainer number and HoDoKu's level and score, both read
//! off the steps that solve it.

use std::collections::BTreeMap;

use super::{Level, Step, Technique};

/// The difficulty of a solved path.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The Sudoku Explainer rating: the rating of the hardest step (see [`Step::rating`]).
    pub explainer: f32,
    /// HoDoKu's level: the highest level among the techniques used, raised while the score is
    /// above the level's maximum. `None` when the steps do not solve the puzzle.
    pub level: Option<Level>,
    /// HoDoKu's score: the sum of the scores of every step.
    pub score: u32,
    /// How many times each technique was used.
    pub counts: BTreeMap<Technique, usize>,
}

/// Rates the path `steps`; `solved` says whether it reaches the solution.
#[must_use]
pub fn rate(steps: &[Step], solved: bool) -> Rating {
    rate_path(steps.iter().map(|s| (s.technique, s.rating)), solved)
}

/// Rates a path given as each step's technique and rating (steps of any size).
pub fn rate_path(steps: impl Iterator<Item = (Technique, f32)>, solved: bool) -> Rating {
    let mut counts = BTreeMap::new();
    let (mut score, mut explainer) = (0, 0.0f32);
    let mut hardest = None;
    for (technique, rating) in steps {
        *counts.entry(technique).or_default() += 1;
        score += technique.score();
        explainer = explainer.max(rating);
        hardest = hardest.max(Some(technique.level()));
    }
    let level = hardest.filter(|_| solved).map(|mut level: Level| {
        while score > level.max_score() {
            level = level.harder();
        }
        level
    });
    Rating {
        explainer,
        level,
        score,
        counts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain;

    #[test]
    fn singles_only_is_easy_unless_the_score_is_high() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let (steps, end) = explain(&puzzle.parse().unwrap());
        let rating = rate(&steps, end.is_solved());
        assert_eq!(rating.level, Some(Level::Easy));
        assert!(rating.counts.keys().all(|t| t.is_single()));
        let sum: u32 = rating
            .counts
            .iter()
            .map(|(t, &n)| t.score() * n as u32)
            .sum();
        assert_eq!(rating.score, sum);
        // Full houses (1.0) and naked singles (2.3) only.
        assert_eq!(rating.explainer, 2.3);
    }

    #[test]
    fn ratings_are_on_the_sudoku_explainer_scale() {
        assert_eq!(Technique::NakedSingle.rating(), 2.3);
        assert_eq!(Technique::HiddenSingle.rating(), 1.5);
        assert_eq!(Technique::Pointing.rating(), 2.6);
        assert_eq!(Technique::ForcingNet.rating(), 8.5);
        assert_eq!(Technique::BruteForce.rating(), 10.0);
        // A hidden single in a box rates 1.2, in a line 1.5.
        let candidates = crate::Candidates::from_grid(
            &"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap(),
        );
        let hidden = Technique::HiddenSingle.find(&candidates).unwrap();
        assert_eq!(hidden.reason, "8 in box 2");
        assert_eq!(hidden.rating, 1.2);
        let ratings: Vec<f32> = Technique::ALL.iter().map(|t| t.rating()).collect();
        assert!(ratings.iter().all(|r| (1.0..=10.0).contains(r)));
        assert!(
            ratings.iter().any(|r| r.fract() != 0.0),
            "ratings keep their tenths"
        );
    }

    #[test]
    fn a_high_score_raises_the_level() {
        let step = |technique: Technique| Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            reason: String::new(),
            rating: technique.rating(),
        };
        // 60 hidden singles: 840 points, above easy's 800.
        let steps: Vec<Step> = (0..60).map(|_| step(Technique::HiddenSingle)).collect();
        assert_eq!(rate(&steps, true).level, Some(Level::Medium));
        assert_eq!(rate(&steps[..50], true).level, Some(Level::Easy));
        assert_eq!(rate(&steps, false).level, None);
    }
}
