//! The state of a game of `sudoku play`: the givens, the player's values and pencil marks, the
//! cells filled automatically, the history for undo and redo, and what the logic says about
//! the position, at any size ([`Rules`]). Nothing here draws or reads keys: the view and the key
//! map work on it.

use std::time::Duration;

use sudoku_engine::sized::Alphabet;

use super::later::Later;
pub use super::rules::Solutions;
use super::rules::{AT_ONCE, Found, Hint, IN_THE_BACKGROUND, Rules, next_step, values_of};
use crate::cli::logic_state::AnyState;

/// How long the end of the game waits for the hardest technique before it is announced
/// without it (it follows once found).
const RATING_GRACE: Duration = Duration::from_millis(200);

/// Where the value of a filled cell came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Part of the puzzle.
    Given,
    /// Typed by the player, or placed by a hint the player applied.
    Player,
    /// Placed by auto-fill: a single that followed from a move.
    Auto,
}

/// Everything a move can change, kept whole in the undo history. Cells in reading order;
/// value sets as words with bit `v` for value `v`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The value of every cell, 0 for an empty one.
    pub digits: Vec<u8>,
    /// Where each filled cell's value came from.
    pub origins: Vec<Option<Origin>>,
    /// The candidates the player struck out while the candidates are automatic: kept as the
    /// rules change around them.
    pub eliminated: Vec<u64>,
    /// The player's own pencil marks, shown while the candidates are not automatic.
    pub pencil: Vec<u64>,
}

impl Board {
    /// A board holding `givens` (a value per cell, 0 for empty) and nothing else.
    pub fn of(givens: &[u8]) -> Board {
        Board {
            digits: givens.to_vec(),
            origins: givens
                .iter()
                .map(|&d| (d != 0).then_some(Origin::Given))
                .collect(),
            eliminated: vec![0; givens.len()],
            pencil: vec![0; givens.len()],
        }
    }

    /// The givens alone.
    pub fn givens(&self) -> Vec<u8> {
        self.digits
            .iter()
            .zip(&self.origins)
            .map(|(&d, &origin)| if origin == Some(Origin::Given) { d } else { 0 })
            .collect()
    }

    fn set(&mut self, cell: usize, digit: u8, origin: Origin) {
        self.digits[cell] = digit;
        self.origins[cell] = (digit != 0).then_some(origin);
    }
}

/// The switches the player can flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Place every single that follows from a move.
    pub auto_fill: bool,
    /// Show the candidates the rules allow (less the player's eliminations) instead of the
    /// player's own pencil marks.
    pub auto_candidates: bool,
    /// Digits typed toggle pencil marks instead of filling the cell.
    pub pencil_mode: bool,
    /// Mark every digit that differs from the solution.
    pub show_mistakes: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            auto_fill: true,
            auto_candidates: true,
            pencil_mode: false,
            show_mistakes: false,
        }
    }
}

/// Whether a move lets auto-fill place the singles that follow from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// A placement or an elimination: singles may follow.
    Singles,
    /// A clear, a restored candidate, a pencil mark of the player's own, a given.
    No,
}

/// Which way through the history a move goes.
#[derive(Clone, Copy)]
enum History {
    Undo,
    Redo,
}

/// How far the game has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player types the givens of a puzzle from elsewhere.
    Entering,
    /// The player solves.
    Playing,
    /// Every cell is filled and nothing clashes.
    Solved,
}

/// What a message is about, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News: a hint, a setting changed, a file saved.
    Info,
    /// Something is wrong or refused.
    Warning,
    /// The puzzle is solved.
    Success,
}

/// The part a cell plays in the hint on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintRole {
    /// The hint places a value here.
    Placement,
    /// The hint removes these candidates here (bit `v` for value `v`).
    Elimination(u64),
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    board: Board,
    undo: Vec<Board>,
    redo: Vec<Board>,
    settings: Settings,
    stage: Stage,
    solutions: Solutions,
    /// The count of the solutions going on in the background, if one is.
    counting: Option<Later<Solutions>>,
    /// The hardest technique the givens need, in words, worked out in the background from the
    /// start of play.
    hardest: Option<Later<String>>,
    /// The end was announced before the hardest technique was known: it follows once it is.
    hardest_to_announce: bool,
    cursor: usize,
    /// The first digit of a two-digit value typed (the numbers alphabet, sides above 35).
    pending: Option<u8>,
    hint: Option<Hint>,
    message: Option<(Tone, String)>,
    elapsed: Duration,
    unsaved: bool,
}

impl Game {
    /// A game on `givens` (a value per cell of the grid `rules` describe), ready to play. The
    /// solutions are counted at once, and a puzzle without exactly one says so in the first
    /// message.
    pub fn new(rules: Rules, givens: &[u8]) -> Game {
        let mut game = Game::entering(rules, givens);
        game.start_playing();
        game
    }

    /// A game whose givens the player types first (starting from `givens`, often empty).
    pub fn entering(rules: Rules, givens: &[u8]) -> Game {
        assert_eq!(givens.len(), rules.cells(), "a value per cell");
        Game {
            rules,
            board: Board::of(givens),
            undo: Vec::new(),
            redo: Vec::new(),
            settings: Settings::default(),
            stage: Stage::Entering,
            solutions: Solutions::Unknown,
            counting: None,
            hardest: None,
            hardest_to_announce: false,
            cursor: 0,
            pending: None,
            hint: None,
            message: Some((
                Tone::Info,
                "Type the givens, then press Enter to start playing.".into(),
            )),
            elapsed: Duration::ZERO,
            unsaved: false,
        }
    }

    /// A game as it was saved: its board, time and settings.
    pub fn resume(rules: Rules, board: Board, elapsed: Duration, settings: Settings) -> Game {
        let mut game = Game::entering(rules, &board.givens());
        game.board = board;
        game.settings = settings;
        game.start_playing();
        game.elapsed = elapsed;
        game.after_move();
        game
    }

    /// Ends the entering of givens: refused while two givens clash; otherwise the solutions are
    /// counted and play starts (a count that outlasts a moment goes on in the background).
    pub fn start_playing(&mut self) {
        self.start_playing_within(AT_ONCE);
    }

    /// [`Game::start_playing`], counting the solutions for at most `patience` before play
    /// starts.
    fn start_playing_within(&mut self, patience: Duration) {
        let givens = self.board.givens();
        if let Some(conflict) = self.rules.clash(&givens) {
            self.say(
                Tone::Warning,
                format!("The givens clash ({conflict}): fix them first."),
            );
            return;
        }
        self.solutions = self.rules.solutions(&givens, patience);
        if self.solutions == Solutions::Unsettled {
            self.solutions = Solutions::Counting;
            let (rules, givens) = (self.rules.clone(), givens.clone());
            self.counting = Some(Later::start(move || {
                rules.solutions(&givens, IN_THE_BACKGROUND)
            }));
        }
        // After the count, if one is going on: it matters more, and a core may be all there is.
        let (rules, counting) = (self.rules.clone(), self.counting.clone());
        self.hardest = Some(Later::start(move || {
            if let Some(counting) = counting {
                counting.wait_for(IN_THE_BACKGROUND);
            }
            rules.hardest(&givens, IN_THE_BACKGROUND)
        }));
        self.stage = Stage::Playing;
        self.undo.clear();
        self.redo.clear();
        self.message = Some(news_of(&self.solutions));
        self.after_move();
    }

    /// Takes the answer of the count in the background, once there is one, and says it (but
    /// for good news while a hint is on show: the hint's text stays).
    fn take_count(&mut self) {
        let Some(answer) = self.counting.as_ref().and_then(Later::get) else {
            return;
        };
        self.solutions = answer;
        self.counting = None;
        if self.hint.is_none() || !matches!(self.solutions, Solutions::Unique(_)) {
            self.message = Some(match &self.solutions {
                Solutions::Unique(_) => (
                    Tone::Info,
                    "Counted: one solution, so mistakes can be shown (m).".into(),
                ),
                solutions => news_of(solutions),
            });
        }
    }

    /// The grid's shape, symbols and units.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The switches.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// How far the game has gone.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The selected cell.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The latest message, if any.
    pub fn message(&self) -> Option<(Tone, &str)> {
        self.message
            .as_ref()
            .map(|(tone, text)| (*tone, text.as_str()))
    }

    /// Time spent playing.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// True when something changed since the game was loaded or saved.
    pub fn is_unsaved(&self) -> bool {
        self.unsaved
    }

    /// Notes that the game was saved.
    pub fn mark_saved(&mut self) {
        self.unsaved = false;
    }

    /// Shows a message in place of the last one. A message said after the end also drops the
    /// hardest technique still to be added to the end's: that would replace this one.
    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some((tone, text.into()));
        self.hardest_to_announce = false;
    }

    /// Counts playing time; the clock stands still while entering and once solved.
    pub fn tick(&mut self, delta: Duration) {
        if self.stage == Stage::Playing {
            self.elapsed += delta;
        }
        self.take_count();
        self.announce_hardest();
    }

    /// Adds the hardest technique to the announcement of the end, once it is known, when the
    /// end came before it.
    fn announce_hardest(&mut self) {
        if !self.hardest_to_announce || self.stage != Stage::Solved {
            return;
        }
        if let Some(hardest) = self.hardest.as_ref().and_then(Later::get) {
            self.hardest_to_announce = false;
            self.say_solved(&hardest);
        }
    }

    /// Announces the end: the time, and the hardest technique (when known).
    fn say_solved(&mut self, hardest: &str) {
        let text = format!("Solved in {}! {hardest}", clock(self.elapsed));
        self.say(Tone::Success, text.trim_end());
    }

    /// Moves the selection by rows and columns, wrapping around the edges.
    pub fn move_cursor(&mut self, rows: isize, columns: isize) {
        let size = self.rules.size();
        let wrap = |at: usize, by: isize| (at as isize + by).rem_euclid(size as isize) as usize;
        let (row, column) = (self.cursor / size, self.cursor % size);
        self.cursor = wrap(row, rows) * size + wrap(column, columns);
    }

    /// Selects `cell` (a cell of the grid; any other is ignored).
    pub fn select(&mut self, cell: usize) {
        if cell < self.rules.size() * self.rules.size() {
            self.cursor = cell;
        }
    }

    /// The candidates shown in an empty cell: the ones the rules allow less the player's
    /// eliminations, or the player's own marks when the candidates are not automatic.
    pub fn marks(&self, cell: usize) -> u64 {
        self.marks_in(cell, || self.state())
    }

    /// [`Game::marks`] of every cell, the candidate state worked out once.
    pub fn all_marks(&self) -> Vec<u64> {
        let state = self.settings.auto_candidates.then(|| self.state());
        (0..self.rules.cells())
            .map(|cell| self.marks_in(cell, || state.clone().expect("automatic")))
            .collect()
    }

    /// The marks shown in `cell`, taking the candidate state from `state` when needed.
    fn marks_in(&self, cell: usize, state: impl FnOnce() -> AnyState) -> u64 {
        if self.board.digits[cell] != 0 || self.stage == Stage::Entering {
            0
        } else if self.settings.auto_candidates {
            state().marks(cell)
        } else {
            self.board.pencil[cell]
        }
    }

    /// True when the value in `cell` repeats in one of its units.
    pub fn clashes(&self, cell: usize) -> bool {
        let digit = self.board.digits[cell];
        digit != 0
            && self
                .rules
                .units_of(cell)
                .iter()
                .flat_map(|unit| unit.iter())
                .any(|&peer| peer != cell && self.board.digits[peer] == digit)
    }

    /// True when mistakes are shown and the value in `cell` differs from the solution.
    pub fn is_mistake(&self, cell: usize) -> bool {
        let digit = self.board.digits[cell];
        match &self.solutions {
            Solutions::Unique(solution) if self.settings.show_mistakes && digit != 0 => {
                solution[cell] != digit
            }
            _ => false,
        }
    }

    /// The hint on show, if any.
    pub fn hint_step(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// The part `cell` plays in the hint on show, if any.
    pub fn hint_role(&self, cell: usize) -> Option<HintRole> {
        let step = self.hint.as_ref()?;
        if step.placements.iter().any(|p| p.cell == cell) {
            return Some(HintRole::Placement);
        }
        let removed = step
            .eliminations
            .iter()
            .filter(|e| e.cell == cell)
            .fold(0, |bits, e| bits | 1 << e.value);
        (removed != 0).then_some(HintRole::Elimination(removed))
    }

    /// The candidate state the logic works on: the rules' candidates less the player's
    /// eliminations.
    pub fn state(&self) -> AnyState {
        self.rules.state(&self.board.digits, &self.board.eliminated)
    }

    /// A symbol key: the value it stands for is typed ([`Game::type_digit`]); a blank clears.
    /// With numbers (sides above 35) a value takes two digits, `07` or `23`.
    pub fn type_symbol(&mut self, symbol: char) {
        let rules = &self.rules;
        if rules.alphabet() == Alphabet::Numbers && symbol.is_ascii_digit() {
            let digit = symbol as u8 - b'0';
            let Some(first) = self.pending.take() else {
                self.pending = Some(digit);
                let cell = self.rules.cell_name(self.cursor);
                self.say(Tone::Info, format!("{cell}: {digit}_ (two digits a value)"));
                return;
            };
            let value = first * 10 + digit;
            match value {
                0 => self.clear(),
                _ if usize::from(value) <= self.rules.size() => self.type_digit(value),
                _ => {
                    let size = self.rules.size();
                    self.say(
                        Tone::Warning,
                        format!("{value:02} is not a value: 01-{size:02}."),
                    );
                }
            }
            return;
        }
        self.pending = None;
        if let Some(value) = rules.value_of(symbol) {
            self.type_digit(value);
        } else if rules.alphabet().is_blank(symbol) {
            self.clear();
        } else {
            let keys = rules.keys();
            self.say(
                Tone::Warning,
                format!("{symbol} is not a symbol of this grid: {keys}."),
            );
        }
    }

    /// Forgets the first digit of a two-digit value (another key came in between).
    pub fn forget_pending(&mut self) {
        self.pending = None;
    }

    /// A value typed: fills the selected cell (or, in pencil mode, toggles the mark). While
    /// entering, the value becomes a given.
    pub fn type_digit(&mut self, digit: u8) {
        let cell = self.cursor;
        match self.stage {
            Stage::Entering => {
                self.change(Fill::No, |game| {
                    game.board.set(cell, digit, Origin::Given);
                });
                self.advance();
                return;
            }
            Stage::Solved => {
                self.say(Tone::Info, "Solved already: u undoes, q quits.");
                return;
            }
            Stage::Playing => {}
        }
        if self.board.origins[cell] == Some(Origin::Given) {
            let name = self.rules.cell_name(cell);
            self.say(Tone::Warning, format!("{name} is a given."));
        } else if self.settings.pencil_mode {
            self.toggle_mark(cell, digit);
        } else if self.board.digits[cell] != digit {
            self.change(Fill::Singles, |game| {
                game.board.set(cell, digit, Origin::Player);
            });
        }
    }

    fn toggle_mark(&mut self, cell: usize, digit: u8) {
        let bit = 1u64 << digit;
        let name = self.rules.cell_name(cell);
        if self.board.digits[cell] != 0 {
            self.say(Tone::Warning, format!("{name} is filled: clear it first."));
        } else if !self.settings.auto_candidates {
            self.change(Fill::No, |game| game.board.pencil[cell] ^= bit);
        } else if self.marks(cell) & bit != 0 {
            self.change(Fill::Singles, |game| game.board.eliminated[cell] |= bit);
        } else if self.board.eliminated[cell] & bit != 0 {
            self.change(Fill::No, |game| game.board.eliminated[cell] &= !bit);
        } else {
            let symbol = self.rules.symbol(digit);
            self.say(
                Tone::Warning,
                format!("{symbol} is already in the row, column or box of {name}."),
            );
        }
    }

    /// Moves the selection to the next cell in reading order: while entering givens, each value
    /// or blank typed moves on, so a puzzle line typed or pasted fills the grid.
    fn advance(&mut self) {
        self.cursor = (self.cursor + 1) % self.rules.cells();
    }

    /// Empties the selected cell (a given only while entering, moving on to the next cell).
    /// Nothing is auto-filled after a clear: it takes a move back rather than making one.
    pub fn clear(&mut self) {
        let cell = self.cursor;
        match (self.stage, self.board.origins[cell]) {
            (Stage::Entering, _) => {
                self.change(Fill::No, |game| game.board.set(cell, 0, Origin::Player));
                self.advance();
            }
            (Stage::Playing, Some(Origin::Player | Origin::Auto)) => {
                self.change(Fill::No, |game| game.board.set(cell, 0, Origin::Player));
            }
            (Stage::Playing, Some(Origin::Given)) => {
                let name = self.rules.cell_name(cell);
                self.say(Tone::Warning, format!("{name} is a given."));
            }
            _ => {}
        }
    }

    /// The hint key: the first press shows the easiest next step (its cells highlighted), the
    /// second applies it.
    pub fn hint(&mut self) {
        if self.stage != Stage::Playing {
            return;
        }
        if let Some(step) = self.hint.take() {
            self.change(Fill::Singles, |game| {
                for placement in &step.placements {
                    game.board
                        .set(placement.cell, placement.value, Origin::Player);
                }
                for elimination in &step.eliminations {
                    let (cell, bit) = (elimination.cell, 1 << elimination.value);
                    game.board.eliminated[cell] |= bit;
                    game.board.pencil[cell] &= !bit;
                }
            });
            if self
                .message
                .as_ref()
                .is_none_or(|(tone, _)| *tone == Tone::Info)
            {
                self.say(Tone::Info, format!("Applied: {}", step.text));
            }
            return;
        }
        if let Some(problem) = self.problem() {
            self.say(Tone::Warning, problem);
            return;
        }
        match next_step(&self.state()) {
            Found::Step(step) => {
                let mut text = format!("{}  (? again applies it)", step.text);
                let mistakes = self.mistakes();
                if mistakes > 0 {
                    text = format!("{text}; but {mistakes} digit(s) differ from the solution");
                }
                self.say(Tone::Info, text);
                self.hint = Some(step);
            }
            Found::Nothing => self.say(
                Tone::Warning,
                "No technique I know applies here: try a guess (and undo if it fails).",
            ),
            Found::TimedOut => self.say(
                Tone::Warning,
                "No step found in time: try a guess (and undo if it fails).",
            ),
        }
    }

    /// How many filled cells differ from the unique solution (0 when there is none).
    pub fn mistakes(&self) -> usize {
        match &self.solutions {
            Solutions::Unique(solution) => (self.board.digits.iter().zip(solution))
                .filter(|&(&digit, &right)| digit != 0 && digit != right)
                .count(),
            _ => 0,
        }
    }

    /// What makes the position impossible, in words: two equal values in a unit, or the
    /// candidates contradicting themselves.
    fn problem(&self) -> Option<String> {
        if let Some(conflict) = self.rules.clash(&self.board.digits) {
            return Some(format!("Clash: {conflict}. Undo or clear a cell."));
        }
        let contradiction = self.state().contradiction()?;
        Some(format!(
            "Contradiction: {contradiction}. A digit or an elimination is wrong: u undoes."
        ))
    }

    /// Undoes the last move, with everything auto-fill placed after it.
    pub fn undo(&mut self) {
        self.travel(History::Undo);
    }

    /// Makes again the last move undone.
    pub fn redo(&mut self) {
        self.travel(History::Redo);
    }

    /// Takes the board from one history and puts the current one on the other.
    fn travel(&mut self, way: History) {
        let (from, to, done, nothing) = match way {
            History::Undo => (
                &mut self.undo,
                &mut self.redo,
                "Undone.",
                "Nothing to undo.",
            ),
            History::Redo => (
                &mut self.redo,
                &mut self.undo,
                "Redone.",
                "Nothing to redo.",
            ),
        };
        match from.pop() {
            Some(board) => {
                to.push(std::mem::replace(&mut self.board, board));
                self.say(Tone::Info, done);
                self.after_move();
            }
            None => self.say(Tone::Info, nothing),
        }
    }

    /// Switches auto-fill (from the next move on).
    pub fn toggle_auto_fill(&mut self) {
        self.settings.auto_fill = !self.settings.auto_fill;
        let on = self.settings.auto_fill;
        self.say(Tone::Info, format!("Auto-fill {}.", on_off(on)));
    }

    /// Switches automatic candidates. Switched off, the marks on show become the player's own
    /// pencil marks; switched on, the player's earlier eliminations apply again.
    pub fn toggle_auto_candidates(&mut self) {
        if self.settings.auto_candidates && self.stage == Stage::Playing {
            self.board.pencil = self.all_marks();
        }
        self.settings.auto_candidates = !self.settings.auto_candidates;
        let on = self.settings.auto_candidates;
        self.say(Tone::Info, format!("Automatic candidates {}.", on_off(on)));
    }

    /// Switches pencil mode.
    pub fn toggle_pencil_mode(&mut self) {
        self.settings.pencil_mode = !self.settings.pencil_mode;
        let on = self.settings.pencil_mode;
        self.say(Tone::Info, format!("Pencil mode {}.", on_off(on)));
    }

    /// Switches the marking of mistakes, and says how many there are.
    pub fn toggle_mistakes(&mut self) {
        self.settings.show_mistakes = !self.settings.show_mistakes;
        let text = match (&self.solutions, self.settings.show_mistakes) {
            (_, false) => "Mistakes hidden.".to_string(),
            (Solutions::Unique(_), true) => match self.mistakes() {
                0 => "No mistakes so far.".to_string(),
                n => format!("{n} digit(s) differ from the solution, marked."),
            },
            (Solutions::None, true) => "No solution to compare with.".to_string(),
            (Solutions::Unsettled, true) => "The solution is not known.".to_string(),
            (Solutions::Counting, true) => {
                "The solutions are still being counted: mistakes show once they are.".to_string()
            }
            _ => "More than one solution: nothing to compare with.".to_string(),
        };
        self.say(Tone::Info, text);
    }

    /// Runs a move, then (for `Fill::Singles`, while auto-fill is on) fills the singles that
    /// follow from it; the board before it goes on the undo history if the move changed it.
    fn change(&mut self, fill: Fill, make_move: impl FnOnce(&mut Game)) {
        let before = self.board.clone();
        let before_state = self.state();
        make_move(self);
        if fill == Fill::Singles && self.settings.auto_fill && self.stage == Stage::Playing {
            self.auto_fill(&before_state);
        }
        if self.board != before {
            self.undo.push(before);
            self.redo.clear();
            self.unsaved = true;
            self.message = None;
            self.after_move();
        }
    }

    /// Places every single that follows from the move made since `before`, and from those
    /// placements in turn, until none follows or the position contradicts itself. A single
    /// follows when a candidate the move removed leaves a cell with one candidate (naked) or a
    /// value with one place in a unit through that cell (hidden); singles the move did not
    /// touch are left for the player to find.
    fn auto_fill(&mut self, before: &AnyState) {
        while self.problem().is_none() {
            let Some((cell, value)) = self.single_after(before) else {
                break;
            };
            self.board.set(cell, value, Origin::Auto);
        }
    }

    /// The first single among the cells and units whose candidates changed since `before`, as
    /// its cell and value.
    fn single_after(&self, before: &AnyState) -> Option<(usize, u8)> {
        let now = self.state();
        let cells = 0..self.rules.cells();
        let removed = |cell: usize| before.marks(cell) & !now.marks(cell);
        let naked = cells.clone().find_map(|cell| {
            let marks = now.marks(cell);
            let single = marks != 0 && marks & (marks - 1) == 0;
            (removed(cell) != 0 && single).then(|| (cell, marks.trailing_zeros() as u8))
        });
        naked.or_else(|| {
            cells.clone().find_map(|changed| {
                let removed = removed(changed);
                self.rules.units_of(changed).into_iter().find_map(|unit| {
                    values_of(removed).find_map(|value| {
                        let placed = unit.iter().any(|&c| now.value(c) == Some(value));
                        let mut places = unit.iter().filter(|&&c| now.marks(c) >> value & 1 == 1);
                        match (placed, places.next(), places.next()) {
                            (false, Some(&cell), None) => Some((cell, value)),
                            _ => None,
                        }
                    })
                })
            })
        })
    }

    /// After the board changed: drop the hint on show, report a clash or a contradiction, and
    /// announce the end.
    fn after_move(&mut self) {
        self.hint = None;
        if self.stage == Stage::Entering {
            return;
        }
        let complete = self.board.digits.iter().all(|&d| d != 0);
        if complete && self.rules.clash(&self.board.digits).is_none() {
            if self.stage != Stage::Solved {
                self.stage = Stage::Solved;
                let hardest = self.hardest.as_ref().and_then(|h| h.wait_for(RATING_GRACE));
                self.say_solved(hardest.as_deref().unwrap_or_default());
                self.hardest_to_announce = hardest.is_none();
            }
            return;
        }
        self.stage = Stage::Playing;
        if let Some(problem) = self.problem() {
            self.say(Tone::Warning, problem);
        }
    }
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The message play starts with, given what the solutions are.
fn news_of(solutions: &Solutions) -> (Tone, String) {
    let warning = |text: &str| (Tone::Warning, text.to_string());
    match solutions {
        Solutions::None => {
            warning("This puzzle has no solution: it can be played, but not finished.")
        }
        Solutions::Several => {
            warning("This puzzle has more than one solution: mistakes cannot be shown.")
        }
        Solutions::Unsettled => {
            warning("The solutions could not be counted in time: mistakes cannot be shown.")
        }
        Solutions::Counting => (
            Tone::Info,
            "Good luck! The solutions are being counted; ? for a hint.".into(),
        ),
        Solutions::Unknown | Solutions::Unique(_) => {
            (Tone::Info, "Good luck! Press ? for a hint.".into())
        }
    }
}

/// A duration as `m:ss`, or `h:mm:ss` from an hour on.
pub fn clock(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::play::testing;
    use sudoku_engine::Grid;

    /// A medium puzzle (`sudoku generate --seed 7 --difficulty medium`): singles, then a
    /// pointing pair and a naked triple.
    const MEDIUM: &str =
        ".....3..24..8.....1.39...8...62...1..7..8..53..........8.6..12...9.3...7....9.6..";

    fn cells(puzzle: &str) -> Vec<u8> {
        puzzle.parse::<Grid>().unwrap().cells().to_vec()
    }

    fn game() -> Game {
        Game::new(Rules::classic(), &cells(MEDIUM))
    }

    fn solution() -> Vec<u8> {
        let solution = sudoku_engine::solve(&MEDIUM.parse().unwrap()).unwrap();
        solution.cells().to_vec()
    }

    fn place(game: &mut Game, row: usize, column: usize, digit: u8) {
        game.cursor = row * 9 + column;
        game.type_digit(digit);
    }

    fn count(game: &Game, origin: Origin) -> usize {
        game.board
            .origins
            .iter()
            .filter(|&&o| o == Some(origin))
            .count()
    }

    #[test]
    fn nothing_is_filled_before_the_first_move() {
        let game = game();
        assert_eq!(count(&game, Origin::Auto), 0);
        let Found::Step(step) = next_step(&game.state()) else {
            panic!("no step")
        };
        assert!(step.technique.is_single());
    }

    #[test]
    fn a_move_fills_the_singles_that_follow_and_undo_takes_them_back_with_it() {
        let mut game = game();
        let before = game.board.clone();
        // r8c8 = 4 leaves r9c8 with 3 alone, and on from there.
        place(&mut game, 7, 7, 4);
        let filled = count(&game, Origin::Auto);
        assert!(filled > 0, "nothing followed");
        assert!(filled < 81 - 27, "the pointing pair is still needed");
        assert_eq!(game.board.digits[8 * 9 + 7], 3);
        let solution = solution();
        for cell in (0..81).filter(|&c| game.board.digits[c] != 0) {
            assert_eq!(solution[cell], game.board.digits[cell]);
        }
        game.undo();
        assert_eq!(game.board, before);
        game.redo();
        assert_eq!(count(&game, Origin::Auto), filled);
    }

    #[test]
    fn without_auto_fill_a_move_places_only_its_digit() {
        let mut game = game();
        game.toggle_auto_fill();
        place(&mut game, 7, 7, 4);
        assert_eq!(count(&game, Origin::Auto), 0);
        assert_eq!(count(&game, Origin::Player), 1);
    }

    #[test]
    fn a_wrong_digit_is_reported_and_nothing_is_filled_from_a_contradiction() {
        let mut game = game();
        // 1 in r1c1 clashes with nothing, but it is wrong; keep adding wrong digits until
        // the position contradicts itself.
        let solution = solution();
        let mut reported = false;
        let empty: Vec<usize> = (0..81).filter(|&c| game.board.digits[c] == 0).collect();
        for cell in empty {
            let right = solution[cell];
            let Some(wrong) = values_of(game.state().marks(cell)).find(|&d| d != right) else {
                continue;
            };
            game.cursor = cell;
            game.type_digit(wrong);
            if let Some((Tone::Warning, text)) = game.message() {
                assert!(
                    text.starts_with("Contradiction") || text.starts_with("Clash"),
                    "{text}"
                );
                reported = true;
                break;
            }
        }
        assert!(reported);
        // A contradiction stops auto-fill: no cell was filled from it.
        assert!(
            game.state().contradiction().is_some()
                || game.rules.clash(&game.board.digits).is_some()
        );
        let hint_before = game.hint.clone();
        game.hint();
        assert_eq!(
            game.hint, hint_before,
            "no hint from an impossible position"
        );
    }

    #[test]
    fn the_players_eliminations_are_kept_as_digits_go_in_and_can_be_restored() {
        let mut game = game();
        game.toggle_auto_fill();
        let cell = 0;
        let struck = game.marks(cell).trailing_zeros() as u8;
        game.cursor = cell;
        game.toggle_pencil_mode();
        game.type_digit(struck);
        assert_eq!(game.marks(cell) & (1 << struck), 0);
        game.toggle_pencil_mode();
        place(&mut game, 7, 7, 4);
        assert_eq!(game.marks(cell) & (1 << struck), 0, "kept after a move");
        game.toggle_pencil_mode();
        game.cursor = cell;
        game.type_digit(struck);
        assert_ne!(game.marks(cell) & (1 << struck), 0, "restored");
    }

    #[test]
    fn turning_automatic_candidates_off_keeps_the_marks_on_show_as_the_players_own() {
        let mut game = game();
        let shown: Vec<u64> = (0..81).map(|c| game.marks(c)).collect();
        game.toggle_auto_candidates();
        let kept: Vec<u64> = (0..81).map(|c| game.marks(c)).collect();
        assert_eq!(shown, kept);
        // Now a pencil mark is the player's to set, even where the rules forbid it.
        game.cursor = 0;
        game.toggle_pencil_mode();
        let forbidden = (1..=9u8)
            .find(|d| game.marks(game.cursor) & (1 << d) == 0)
            .unwrap();
        game.type_digit(forbidden);
        assert_ne!(game.marks(game.cursor) & (1 << forbidden), 0);
    }

    #[test]
    fn a_hint_shows_first_and_applies_on_the_second_press() {
        let mut game = game();
        game.hint();
        let step = game.hint.clone().expect("a step");
        let target = step.placements[0];
        assert_eq!(game.hint_role(target.cell), Some(HintRole::Placement));
        assert_eq!(game.board.digits[target.cell], 0);
        game.hint();
        assert_eq!(game.board.digits[target.cell], target.value);
        assert!(game.hint.is_none());
    }

    #[test]
    fn givens_cannot_be_changed_while_playing() {
        let mut game = game();
        place(&mut game, 0, 5, 7);
        assert_eq!(game.board.digits[5], 3);
        game.clear();
        assert_eq!(game.board.digits[5], 3);
        assert_eq!(game.message(), Some((Tone::Warning, "r1c6 is a given.")));
    }

    /// Waits until the game knows the hardest technique its givens need.
    fn rated(game: &Game) {
        let hardest = game.hardest.as_ref().expect("rated from the start of play");
        assert!(hardest.wait_for(Duration::from_secs(60)).is_some());
    }

    #[test]
    fn solving_announces_the_time_and_the_hardest_technique() {
        let mut game = game();
        rated(&game);
        game.tick(Duration::from_secs(125));
        finish(&mut game);
        assert_eq!(game.stage, Stage::Solved);
        let (tone, text) = game.message().unwrap();
        assert_eq!(tone, Tone::Success);
        assert!(
            text.starts_with("Solved in 2:05! Hardest technique: naked triple"),
            "{text}"
        );
        game.tick(Duration::from_secs(5));
        assert_eq!(
            game.elapsed(),
            Duration::from_secs(125),
            "the clock stopped"
        );
    }

    /// Gives `game` a hardest technique found only once the returned release is called (which
    /// then waits until it is known).
    fn rated_when_released(game: &mut Game) -> impl FnOnce(&Game) + use<> {
        let (go, wait) = std::sync::mpsc::channel::<()>();
        game.hardest = Some(Later::start(move || {
            wait.recv().unwrap();
            "Hardest technique: found late.".to_string()
        }));
        move |game: &Game| {
            go.send(()).unwrap();
            let hardest = game.hardest.as_ref().unwrap();
            hardest.wait_for(Duration::from_secs(60));
        }
    }

    /// Places the solution's digits in the empty cells, first to last, until the game ends.
    fn finish(game: &mut Game) {
        let solution = solution();
        while game.stage == Stage::Playing {
            let cell = (0..81).find(|&c| game.board.digits[c] == 0).unwrap();
            place(game, cell / 9, cell % 9, solution[cell]);
        }
    }

    #[test]
    fn a_hardest_technique_found_after_the_end_is_announced_then() {
        let mut game = game();
        let release = rated_when_released(&mut game);
        finish(&mut game);
        assert_eq!(game.message(), Some((Tone::Success, "Solved in 0:00!")));
        game.tick(Duration::from_secs(1));
        assert_eq!(game.message(), Some((Tone::Success, "Solved in 0:00!")));
        release(&game);
        game.tick(Duration::from_secs(1));
        assert_eq!(
            game.message(),
            Some((
                Tone::Success,
                "Solved in 0:00! Hardest technique: found late."
            ))
        );
    }

    #[test]
    fn a_message_after_the_end_is_not_replaced_by_a_late_hardest_technique() {
        let mut game = game();
        let release = rated_when_released(&mut game);
        finish(&mut game);
        game.say(Tone::Info, "Saved to game.sudoku.");
        release(&game);
        game.tick(Duration::from_secs(1));
        assert_eq!(game.message(), Some((Tone::Info, "Saved to game.sudoku.")));
    }

    #[test]
    fn givens_are_entered_then_checked_before_play() {
        let mut game = Game::entering(Rules::classic(), &[0; 81]);
        game.type_digit(5);
        game.type_digit(5);
        assert_eq!(game.cursor, 2, "each digit moves on");
        game.start_playing();
        assert_eq!(game.stage, Stage::Entering, "two 5s in row 1");
        game.move_cursor(0, -1);
        game.clear();
        game.start_playing();
        assert_eq!(game.stage, Stage::Playing);
        assert_eq!(game.solutions, Solutions::Several);
        assert_eq!(game.board.origins[0], Some(Origin::Given));
    }

    #[test]
    fn undo_and_redo_go_back_and_forth_without_limit() {
        let mut game = game();
        game.toggle_auto_fill();
        let empty: Vec<usize> = (0..81).filter(|&c| game.board.digits[c] == 0).collect();
        let solution = solution();
        for &cell in &empty {
            place(&mut game, cell / 9, cell % 9, solution[cell]);
        }
        assert_eq!(game.stage, Stage::Solved);
        for _ in &empty {
            game.undo();
        }
        assert_eq!(game.board, Board::of(&cells(MEDIUM)));
        assert_eq!(game.stage, Stage::Playing);
        for _ in &empty {
            game.redo();
        }
        assert_eq!(game.stage, Stage::Solved);
    }

    #[test]
    fn a_puzzle_line_typed_while_entering_fills_the_grid() {
        let mut game = Game::entering(Rules::classic(), &[0; 81]);
        for c in MEDIUM.chars() {
            game.type_symbol(c);
        }
        game.start_playing();
        assert_eq!(game.board.givens(), cells(MEDIUM));
        assert_eq!(game.solutions, Solutions::Unique(solution()));
    }

    #[test]
    fn the_cursor_wraps_around() {
        let mut game = game();
        game.move_cursor(-1, -1);
        assert_eq!(game.cursor, 80);
        game.move_cursor(1, 1);
        assert_eq!(game.cursor, 0);
    }

    /// The first 16x16 puzzle of gecode_16x16.txt, and its rules.
    fn sixteen() -> (Rules, Vec<u8>) {
        testing::sized(&testing::sixteen())
    }

    #[test]
    fn a_count_that_outlasts_its_moment_goes_on_while_the_player_plays() {
        let (rules, givens) = sixteen();
        let mut game = Game::entering(rules.clone(), &givens);
        game.start_playing_within(Duration::ZERO);
        assert_eq!(game.stage, Stage::Playing, "play starts at once");
        assert_eq!(game.solutions, Solutions::Counting);
        assert!(game.message().unwrap().1.contains("being counted"));
        game.toggle_mistakes();
        assert!(game.message().unwrap().1.contains("still being counted"));
        let waited = std::time::Instant::now();
        while game.solutions == Solutions::Counting {
            assert!(waited.elapsed() < Duration::from_secs(60), "the count ends");
            std::thread::sleep(Duration::from_millis(5));
            game.tick(Duration::from_millis(5));
        }
        assert_eq!(game.solutions, rules.solutions(&givens, AT_ONCE));
        assert!(matches!(game.solutions, Solutions::Unique(_)));
        assert_eq!(
            game.message(),
            Some((
                Tone::Info,
                "Counted: one solution, so mistakes can be shown (m)."
            ))
        );
    }

    #[test]
    fn a_6x6_game_is_solved_by_hints_alone_and_names_its_hardest_technique() {
        let (rules, givens) = testing::sized(".3....54..6.....52...4.....1..16..3.");
        let mut game = Game::new(rules, &givens);
        rated(&game);
        let Solutions::Unique(solution) = game.solutions.clone() else {
            panic!("one solution")
        };
        for _ in 0..36 {
            if game.stage == Stage::Solved {
                break;
            }
            game.hint();
            assert!(game.hint.is_some(), "{:?}", game.message());
            game.hint();
        }
        assert_eq!(game.stage, Stage::Solved);
        assert_eq!(game.board.digits, solution);
        let (tone, text) = game.message().unwrap();
        assert_eq!(tone, Tone::Success);
        assert!(text.contains("Hardest technique: "), "{text}");
    }

    #[test]
    fn on_16x16_letters_are_values_and_a_move_fills_the_singles_that_follow() {
        let (rules, givens) = sixteen();
        let mut game = Game::new(rules, &givens);
        let Solutions::Unique(solution) = game.solutions.clone() else {
            panic!("one solution")
        };
        // A cell whose value is written with a letter.
        let cell = (0..256)
            .find(|&c| givens[c] == 0 && solution[c] > 9)
            .unwrap();
        game.cursor = cell;
        let letter = game.rules.symbol(solution[cell]).chars().next().unwrap();
        game.type_symbol(letter.to_ascii_lowercase());
        assert_eq!(game.board.digits[cell], 0, "small letters are not values");
        game.type_symbol(letter);
        assert_eq!(game.board.digits[cell], solution[cell]);
        for c in (0..256).filter(|&c| game.board.origins[c] == Some(Origin::Auto)) {
            assert_eq!(game.board.digits[c], solution[c], "auto-fill at {c}");
        }
        game.type_symbol('H');
        let (tone, text) = game.message().unwrap();
        assert_eq!(tone, Tone::Warning);
        assert_eq!(text, "H is not a symbol of this grid: 1-9 A-G.");
    }

    #[test]
    fn on_16x16_a_wrong_value_is_a_mistake_and_a_clash_is_reported() {
        let (rules, givens) = sixteen();
        let mut game = Game::new(rules, &givens);
        let given = (0..16).find(|&c| givens[c] != 0).unwrap();
        let open = (0..16).find(|&c| givens[c] == 0).unwrap();
        game.toggle_auto_fill();
        game.cursor = open;
        game.type_digit(givens[given]);
        assert!(game.clashes(open));
        let (_, text) = game.message().unwrap();
        assert!(text.starts_with("Clash: row 1: "), "{text}");
        game.undo();
        game.toggle_mistakes();
        assert_eq!(game.mistakes(), 0);
    }

    #[test]
    fn with_numbers_a_value_takes_two_digits() {
        let rules = Rules::new("2x2".parse().unwrap(), Alphabet::Numbers);
        let mut game = Game::entering(rules, &[0; 16]);
        game.type_symbol('0');
        assert_eq!(game.board.digits[0], 0, "waits for the second digit");
        game.type_symbol('3');
        assert_eq!(game.board.digits[0], 3);
        assert_eq!(game.cursor, 1);
        game.type_symbol('0');
        game.type_symbol('7');
        assert_eq!(game.board.digits[1], 0);
        assert_eq!(game.message().unwrap().1, "07 is not a value: 01-04.");
        game.type_symbol('0');
        game.forget_pending();
        game.type_symbol('0');
        game.type_symbol('4');
        assert_eq!(game.board.digits[1], 4, "a key in between starts again");
    }
}
