//! Logic at every size: pencil marks ([`SizedCandidates`]) and the techniques that hold on any
//! grid of boxes (singles, box-line interactions, naked and hidden subsets, basic fish,
//! Remote Pair, BUG+1, Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, W-Wing,
//! XY-Wing, XYZ-Wing, unique rectangles of types 1, 2 and 4, finned and sashimi fish,
//! Simple Colors, X-Chains, XY-Chains, forcing chains through singles), each step explained
//! as for 9x9. The 9x9 engine of this crate has more techniques; those that lean on the 9x9
//! layout are not here, nor yet Multi Colors, AICs, ALS and the other unique rectangles.
//!
//! ```
//! use sudoku_engine::sized::SizedGrid;
//! use sudoku_logic::sized::{SizedCandidates, solve_steps};
//!
//! let (puzzle, alphabet) = SizedGrid::parse("..1..2.34.......", None, None).unwrap();
//! let (steps, end) = solve_steps(SizedCandidates::from_grid(&puzzle, alphabet));
//! assert!(end.is_solved());
//! assert_eq!(steps[0].to_string(), "naked single: r1c1 = 3");
//! ```

mod finned;
mod links;
mod singles;
mod state;
mod techniques;
mod templates;
mod text;
mod trace;
mod uniqueness;

use std::fmt;
use std::time::Instant;

use sudoku_engine::TimedOut;

pub use state::{SizedCandidates, SizedUnit};
pub use techniques::{TECHNIQUES, find as find_step};
pub use text::SizedCandidatesError;

use crate::{Level, Rating, Technique, deadline};

/// A value placed in a cell, or a candidate removed from it; cells in reading order from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizedMove {
    /// The cell, in reading order from 0.
    pub cell: usize,
    /// The value, from 1.
    pub value: u8,
}

/// One step on a grid of any size: what a technique proved, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct SizedStep {
    /// The technique that found it.
    pub technique: Technique,
    /// Values the step places.
    pub placements: Vec<SizedMove>,
    /// Candidates the step removes.
    pub eliminations: Vec<SizedMove>,
    /// Why, in words.
    pub reason: String,
    /// The step's rating on the Sudoku Explainer scale (see [`crate::Step::rating`]).
    pub rating: f32,
    /// The side and alphabet, to name cells and values.
    side: usize,
    alphabet: sudoku_engine::sized::Alphabet,
}

impl SizedStep {
    fn new(
        state: &SizedCandidates,
        technique: Technique,
        placements: Vec<SizedMove>,
        eliminations: Vec<SizedMove>,
        reason: String,
    ) -> SizedStep {
        SizedStep {
            technique,
            placements,
            eliminations,
            reason,
            rating: technique.rating(),
            side: state.size(),
            alphabet: state.alphabet(),
        }
    }

    /// The side of the step's grid: cell `c` is in row `c / side`, column `c % side`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// How a value is written in the step's grid.
    pub fn symbol(&self, value: u8) -> String {
        self.alphabet.symbol(usize::from(value))
    }
}

impl fmt::Display for SizedStep {
    /// `hidden single: G in box 3 -> r2c8 = G`, as for 9x9 steps.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique.name())?;
        if !self.reason.is_empty() {
            write!(f, "{} -> ", self.reason)?;
        }
        let name = |cell: usize| format!("r{}c{}", cell / self.side + 1, cell % self.side + 1);
        let placements = self
            .placements
            .iter()
            .map(|m| format!("{} = {}", name(m.cell), self.symbol(m.value)));
        let eliminations = self
            .eliminations
            .iter()
            .map(|m| format!("{} <> {}", name(m.cell), self.symbol(m.value)));
        let all: Vec<String> = placements.chain(eliminations).collect();
        f.write_str(&all.join(", "))
    }
}

impl SizedCandidates {
    /// Places and eliminates what `step` says, removing placed values from their peers.
    pub fn apply(&mut self, step: &SizedStep) {
        for placement in &step.placements {
            self.place(placement.cell, placement.value);
        }
        for elimination in &step.eliminations {
            self.eliminate(elimination.cell, elimination.value);
        }
    }
}

/// The easiest step in `state`, giving up once `deadline` (if any) has passed.
pub fn next_step_before(
    state: &SizedCandidates,
    deadline: Option<Instant>,
) -> Result<Option<SizedStep>, TimedOut> {
    next_step_among(state, &TECHNIQUES, deadline)
}

/// The easiest step of `techniques` (in their order), within `deadline`.
fn next_step_among(
    state: &SizedCandidates,
    techniques: &[Technique],
    deadline: Option<Instant>,
) -> Result<Option<SizedStep>, TimedOut> {
    deadline::within(deadline, || {
        techniques
            .iter()
            .take_while(|_| !deadline::passed())
            .find_map(|&technique| techniques::find(technique, state))
    })
}

/// The steps from `state` as far as the techniques go (the last resort places the solution's
/// value, so a puzzle with one solution is always solved), and the state they reach.
pub fn solve_steps(state: SizedCandidates) -> (Vec<SizedStep>, SizedCandidates) {
    solve_steps_before(state, None, None).expect("no deadline, so no time-out")
}

/// Like [`solve_steps`], stopping before the first step that needs `until` or a harder
/// technique (when given), and giving up once `deadline` (if any) has passed.
pub fn solve_steps_before(
    state: SizedCandidates,
    until: Option<Technique>,
    deadline: Option<Instant>,
) -> Result<(Vec<SizedStep>, SizedCandidates), TimedOut> {
    let allowed = TECHNIQUES
        .iter()
        .take_while(|&&t| until.is_none_or(|limit| t < limit))
        .count();
    steps_among(state, &TECHNIQUES[..allowed], deadline)
}

/// The steps from `state` as far as `techniques` go (the easiest of them first at each step),
/// and the state they reach; Err once `deadline` (if any) has passed.
fn steps_among(
    mut state: SizedCandidates,
    techniques: &[Technique],
    deadline: Option<Instant>,
) -> Result<(Vec<SizedStep>, SizedCandidates), TimedOut> {
    let mut steps = Vec::new();
    while !state.is_solved() {
        let Some(step) = next_step_among(&state, techniques, deadline)? else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    Ok((steps, state))
}

/// Whether the techniques of `level` and the easier levels, tried easiest first, solve
/// `state`: the bound within which a generator thins a puzzle meant to be of that level (see
/// `sudoku_engine::sized::generate_accepted`). Err once `deadline` (if any) has passed.
pub fn solved_within(
    state: SizedCandidates,
    level: Level,
    deadline: Option<Instant>,
) -> Result<bool, TimedOut> {
    let allowed: Vec<Technique> = TECHNIQUES
        .into_iter()
        .filter(|technique| technique.level() <= level)
        .collect();
    Ok(steps_among(state, &allowed, deadline)?.1.is_solved())
}

/// Rates a path of steps on a grid of any size: the Sudoku Explainer number and HoDoKu's score
/// as [`crate::rate`] does for 9x9, but the level is the hardest technique's only. HoDoKu's
/// score limits are set for 81 cells, and a 16x16 grid solved by singles alone scores like a
/// hard 9x9 one.
pub fn rate(steps: &[SizedStep], solved: bool) -> Rating {
    rate_path(steps.iter().map(|s| (s.technique, s.rating)), solved)
}

/// [`rate`] for a path given as each step's technique and rating.
pub fn rate_path(steps: impl Iterator<Item = (Technique, f32)>, solved: bool) -> Rating {
    let mut rating = crate::rate_path(steps, solved);
    rating.level = rating
        .counts
        .keys()
        .map(|technique| technique.level())
        .max()
        .filter(|_| solved);
    rating
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::generate::puzzle_rng;
    use sudoku_engine::sized::{Alphabet, Shape, SizedGrid, generate};

    /// Every step of the path of generated puzzles of `shape` places the solution's values and
    /// removes only candidates that are not, and the path ends solved. The techniques used.
    fn sound_paths(shape: Shape, puzzles: u64) -> Vec<Technique> {
        let mut used = Vec::new();
        for seed in 0..puzzles {
            let (puzzle, solution) = generate(shape, &mut puzzle_rng(seed, 0));
            let alphabet = Alphabet::default_for(shape.size());
            let mut state = SizedCandidates::from_grid(&puzzle, alphabet);
            while let Some(step) = next_step_before(&state, None).unwrap() {
                for placed in &step.placements {
                    assert_eq!(solution.get(placed.cell), placed.value, "{step}");
                }
                for removed in &step.eliminations {
                    assert_ne!(solution.get(removed.cell), removed.value, "{step}");
                }
                used.push(step.technique);
                state.apply(&step);
            }
            assert!(state.is_solved() && state.grid() == solution);
        }
        used
    }

    #[test]
    fn paths_are_sound_at_every_small_size() {
        let mut used = Vec::new();
        for (rows, columns) in [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4)] {
            used.extend(sound_paths(Shape::new(rows, columns).unwrap(), 30));
        }
        for technique in [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ] {
            assert!(used.contains(&technique), "{technique:?} never used");
        }
    }

    #[test]
    fn paths_are_sound_on_16x16_and_reach_past_singles() {
        let used = sound_paths(Shape::new(4, 4).unwrap(), 4);
        assert!(used.iter().any(|t| !t.is_single()), "{used:?}");
    }

    /// The techniques of [`super::links`] and [`super::finned`], the XYZ-Wing, BUG+1 and the
    /// unique rectangles: those of [`TECHNIQUES`] from Remote Pair to the forcing chains, but
    /// the XY-Wing.
    fn chains_and_patterns() -> Vec<Technique> {
        let at = |technique| TECHNIQUES.iter().position(|&t| t == technique).unwrap();
        let (from, to) = (at(Technique::RemotePair), at(Technique::ForcingChain));
        let between = TECHNIQUES[from..to].iter().copied();
        between.filter(|&t| t != Technique::XyWing).collect()
    }

    /// Those the hard-puzzle test below meets too seldom to require.
    const SELDOM: [Technique; 4] = [
        Technique::SimpleColors,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
    ];

    /// Asserts that `step` places only `solution`'s values and removes none of them.
    fn assert_sound(step: &SizedStep, solution: &SizedGrid) {
        for placed in &step.placements {
            assert_eq!(solution.get(placed.cell), placed.value, "{step}");
        }
        for removed in &step.eliminations {
            assert_ne!(solution.get(removed.cell), removed.value, "{step}");
        }
    }

    #[test]
    fn chains_and_patterns_are_sound_at_every_state_of_other_shapes() {
        // Each technique asked directly at every state of the path, whether the path needs it
        // or not: generated puzzles of other shapes are mostly easy.
        let chains = chains_and_patterns();
        let mut found = 0;
        for (rows, columns, puzzles) in [(2, 3, 20), (2, 4, 10), (3, 4, 4), (4, 4, 2)] {
            let shape = Shape::new(rows, columns).unwrap();
            for seed in 0..puzzles {
                let (puzzle, solution) = generate(shape, &mut puzzle_rng(seed, 7));
                let alphabet = Alphabet::default_for(shape.size());
                let mut state = SizedCandidates::from_grid(&puzzle, alphabet);
                while let Some(step) = next_step_before(&state, None).unwrap() {
                    for &technique in &chains {
                        if let Some(other) = techniques::find(technique, &state) {
                            assert_sound(&other, &solution);
                            found += 1;
                        }
                    }
                    state.apply(&step);
                }
            }
        }
        assert!(found > 0, "no chain or pattern found on any state");
    }

    #[test]
    fn hard_puzzles_solve_soundly_through_chains_and_patterns() {
        // Hard 9x9 puzzles read as grids of 3x3 boxes, solved by this module's techniques.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/top1465.txt");
        let text = std::fs::read_to_string(path).expect("puzzles/top1465.txt");
        let mut used = Vec::new();
        // The first BUG+1 of the path comes at the 285th puzzle.
        for line in text.lines().filter(|l| l.len() >= 81).take(290) {
            let shape = Shape::new(3, 3).unwrap();
            let (grid, alphabet) = SizedGrid::parse(&line[..81], Some(shape), None).unwrap();
            let solution = sudoku_engine::sized::solve(&grid).expect("a proper puzzle");
            let mut state = SizedCandidates::from_grid(&grid, alphabet);
            while let Some(step) = next_step_before(&state, None).unwrap() {
                assert_sound(&step, &solution);
                used.push(step.technique);
                state.apply(&step);
            }
            assert!(state.is_solved() && state.grid() == solution);
        }
        for technique in chains_and_patterns().iter().filter(|t| !SELDOM.contains(t)) {
            assert!(used.contains(technique), "{technique:?} never used");
        }
    }

    /// An empty 6x6 grid (boxes of 2x3) where r1c1, r1cX and r2c1 keep only 1 and 2, and
    /// r2cX keeps 1, 2 and 3: a rectangle on two boxes when column X is in the other stack.
    fn rectangle_6x6(column: usize, second_row: usize) -> SizedCandidates {
        let shape = Shape::new(2, 3).unwrap();
        let mut state = state(&".".repeat(36), shape);
        let cell = |row: usize, column: usize| row * 6 + column;
        let corners = [cell(0, 0), cell(0, column), cell(second_row, 0)];
        for value in 3..=6 {
            for &corner in &corners {
                state.eliminate(corner, value);
            }
            if value > 3 {
                state.eliminate(cell(second_row, column), value);
            }
        }
        state
    }

    #[test]
    fn a_unique_rectangle_needs_two_boxes() {
        // Rows 1-2 and columns 1 and 4: boxes 1 and 2. The fourth corner loses 1 and 2.
        let step = techniques::find(Technique::UniqueRectangle1, &rectangle_6x6(3, 1));
        let step = step.expect("a unique rectangle");
        let removed: Vec<(usize, u8)> = step
            .eliminations
            .iter()
            .map(|m| (m.cell, m.value))
            .collect();
        assert_eq!(removed, [(9, 1), (9, 2)], "{step}");
        // Rows 1 and 3 (other bands) and columns 1 and 4: four boxes, no deadly pattern.
        assert!(techniques::find(Technique::UniqueRectangle1, &rectangle_6x6(3, 2)).is_none());
        // Rows 1-2 and columns 1 and 2: one box.
        assert!(techniques::find(Technique::UniqueRectangle1, &rectangle_6x6(1, 1)).is_none());
    }

    /// The state of a puzzle line of `shape`.
    fn state(line: &str, shape: Shape) -> SizedCandidates {
        let (grid, alphabet) = SizedGrid::parse(line, Some(shape), None).unwrap();
        SizedCandidates::from_grid(&grid, alphabet)
    }

    #[test]
    fn candidates_print_as_a_grid_and_a_line() {
        let state = state("..1..2.34.......", Shape::new(2, 2).unwrap());
        assert_eq!(
            state.block(),
            "3   34  | (1) 24\n1   (2) | 4   (3)\n--------+--------\n(4) 13  | 23  12\n123 13  | 234 124"
        );
        assert_eq!(&state.to_text()[..12], "..3...341...");
    }
}
