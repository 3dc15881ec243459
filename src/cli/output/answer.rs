//! The shape of answers every subcommand shares: the formats, JSON's `status` words, the CSV
//! columns every row starts with, and what `--show puzzle` puts before an answer.

use std::io::{self, Write};

use clap::ValueEnum;
use sudoku_engine::Record;
use sudoku_engine::solver::SearchStats;

/// How results are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line per grid: 81 characters at 9x9, a cell for each square at other sizes
    /// (space-separated numbers above 35x35).
    #[default]
    Line,
    /// A line per row (9 at 9x9) with box separators, and a blank line after each grid.
    Grid,
    /// One JSON object per line (JSON Lines): for puzzles read, source, line, puzzle, status and
    /// solution (or error); for generate, see --format.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns.
    Csv,
}

/// With --stats, the search's work on one puzzle, as `solve` and `count` add it to their JSON
/// objects.
#[derive(serde::Serialize)]
pub struct JsonSearch {
    /// How many times the search guessed.
    guesses: u64,
    /// How many guesses it backed out of.
    backtracks: u64,
    /// How many positions it worked out.
    nodes: u64,
}

impl JsonSearch {
    /// The figures of `stats`, when `shown` (--stats).
    pub fn of(stats: &SearchStats, shown: bool) -> Option<JsonSearch> {
        shown.then_some(JsonSearch {
            guesses: stats.guesses,
            backtracks: stats.backtracks,
            nodes: stats.nodes,
        })
    }

    /// The names of the figures' CSV columns when `shown` (--stats), none without it.
    pub fn csv_header(shown: bool) -> &'static [&'static str] {
        match shown {
            true => &["guesses", "backtracks", "nodes"],
            false => &[],
        }
    }

    /// The figures as CSV cells, in the order of [`JsonSearch::csv_header`] (none without them).
    pub fn csv_cells(search: Option<&JsonSearch>) -> Vec<String> {
        let figures = search.map(|s| [s.guesses, s.backtracks, s.nodes]);
        figures
            .into_iter()
            .flatten()
            .map(|n| n.to_string())
            .collect()
    }
}

/// The `status` of every JSON object, in every subcommand: one vocabulary, each word meaning the
/// same everywhere, whatever the other flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonStatus {
    /// The record was answered; the answer is in the object.
    Ok,
    /// The text is not a puzzle, its givens clash, or its candidates contradict themselves.
    Invalid,
    /// The puzzle has no solution (or its candidates rule out every solution).
    NoSolution,
    /// The puzzle has more than one solution.
    Multiple,
    /// Logic found no step to take.
    Stuck,
    /// The grid failed its check (`check`), or the puzzle could not be made (`generate`).
    Failed,
    /// The puzzle ran out of its --timeout.
    Timeout,
}

impl JsonStatus {
    /// The word, as JSON and CSV write it.
    pub fn word(self) -> &'static str {
        match self {
            JsonStatus::Ok => "ok",
            JsonStatus::Invalid => "invalid",
            JsonStatus::NoSolution => "no_solution",
            JsonStatus::Multiple => "multiple",
            JsonStatus::Stuck => "stuck",
            JsonStatus::Failed => "failed",
            JsonStatus::Timeout => "timeout",
        }
    }
}

/// The CSV columns every row of answers starts with (the JSON's first fields), before the
/// subcommand's own; `check` names the third `grid`.
pub const CSV_RECORD_COLUMNS: [&str; 4] = ["source", "line", "puzzle", "status"];

/// The cells of [`CSV_RECORD_COLUMNS`] for one record's answer.
pub fn csv_record_cells(
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
) -> [String; 4] {
    [source, line.to_string(), puzzle, status.word().to_string()]
}

/// A CSV cell for a value that may be absent: empty then.
pub fn csv_cell<T: ToString>(value: Option<T>) -> String {
    value.map(|value| value.to_string()).unwrap_or_default()
}

/// JSON writes a status as its word: the one list of words is [`JsonStatus::word`].
impl serde::Serialize for JsonStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

/// What `--show` adds to each answer (every subcommand that reads puzzles).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// The puzzle.
    Puzzle,
}

/// With `--show puzzle`, writes the record's puzzle and a space, the start of its answer's
/// line (`PUZZLE ANSWER`, failures included); without, nothing.
pub fn write_shown(out: &mut impl Write, show: Option<Show>, record: &Record) -> io::Result<()> {
    write_shown_then(out, show, record, " ")
}

/// With `--show puzzle`, writes the record's puzzle on a line of its own, the first of its
/// answer's block (failures included); without, nothing.
pub fn write_shown_above(
    out: &mut impl Write,
    show: Option<Show>,
    record: &Record,
) -> io::Result<()> {
    write_shown_then(out, show, record, "\n")
}

/// With `--show puzzle`, writes the record's puzzle, on one line, and then `end`.
fn write_shown_then(
    out: &mut impl Write,
    show: Option<Show>,
    record: &Record,
    end: &str,
) -> io::Result<()> {
    match show {
        Some(Show::Puzzle) => write!(out, "{}{end}", on_one_line(&puzzle_text(record))),
        None => Ok(()),
    }
}

/// `text` with its line breaks made spaces (and the blanks around them, and blank lines,
/// dropped), so that a record refused over several lines (a JSON object cut short, say) still
/// keeps its answer on one line.
fn on_one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\n', '\r']) {
        return text.into();
    }
    let lines = text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|line| !line.is_empty());
    lines.collect::<Vec<_>>().join(" ").into()
}

/// The puzzle as text for JSON output: the grid on one line, or the text that failed to parse.
pub fn puzzle_text(record: &Record) -> String {
    match &record.puzzle {
        Ok(grid) => grid.to_string(),
        Err(invalid) => invalid.text.clone(),
    }
}
