//! The command line: argument definitions, and one module per subcommand.

/// How `rate` rates: the scales and the choices that decide a rating. Printed with every rating
/// in JSON and by `sudoku --version`.
macro_rules! rating_dialect {
    () => {
        "rating: Sudoku Explainer's scale; in rate at 9x9, ER (rating), EP and ED as serate \
         1.2.1.3 computes them (ER with + is a lower bound: no technique of Sudoku \
         Explainer finds a step), elsewhere estimated from each technique's usual value; level \
         and score: HoDoKu's, on the path hodoku-py 0.2.1 takes \
         with its default solving options (no overlapping ALSs, no ALS nodes in chains; at \
         other sizes than 9x9 the hardest technique's level); ALS-XY-Chain search capped at \
         200,000 links per step"
    };
}

/// What `sudoku --version` prints after the name.
const LONG_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\n", rating_dialect!());

mod check;
mod color;
mod count;
mod csv_input;
mod documents;
mod generate;
mod input;
mod interrupt;
mod json_input;
mod json_values;
mod line_starts;
mod logic;
mod logic_state;
mod nine_symbols;
mod offered;
mod output;
mod pipeline;
mod play;
mod progress;
mod replacing;
mod sized_marks;
mod sizes;
mod sniff;
mod solve;
mod status;

use clap::{Parser, Subcommand};
use status::Outcomes;

pub use interrupt::interruption;
pub use output::print_error;
pub use status::Status;

/// A fast sudoku solver and puzzle tool.
///
/// Puzzles are read from the files named, or from stdin when none is named or the name is `-`; a
/// name that is no file's but a puzzle on one line is that puzzle. Each puzzle is either one line
/// of 81 cells (digits 1-9; `.`, `0`, `_` or `*` for a blank; text after the cells and a space,
/// tab, comma or semicolon is ignored) or a grid of 9 lines of 9 cells, with or without `|`, `-`
/// and `+` separators (and borders such as `*-----*` or `.---.---.`; lines drawn with box-drawing
/// characters, `│` and `├───┼`, read as these; cells split by commas or semicolons, `5,3,,,7,,,,`,
/// as spreadsheets save them, too). Blank lines, lines starting with `#` and headers such as
/// `[Puzzle]` are skipped. Other sizes, 4x4 to 64x64, are read the same way, their shape told by
/// the number of cells (or a grid's rows, each grid's own, so that a file may mix sizes) or by
/// --box, their symbols by --alphabet. What `-f json` and `-f csv` print is read back too (JSON,
/// told by a first `{` or `[`: each object's `puzzle` field, or `quizzes`, `grid`, `board` and the
/// like, an object a line or spread over several lines or in an array, as jq prints them, and grids
/// as arrays of cells or of rows, `[[5,3,0,...],...]` with 0 for a blank; CSV, told by a header row
/// naming a column `puzzle`, `quizzes`, `sudoku`, `grid` or `board`, as published collections do,
/// or by --csv).
///
/// Every puzzle gets exactly one answer (a line, a block or a JSON object), failures included,
/// printed as soon as it is ready when no more input is waiting. In JSON, `status` is one of
/// ok, invalid, no_solution, multiple, stuck, failed, with the same meaning in every subcommand.
#[derive(Parser, Debug)]
#[command(name = "sudoku", version, long_version = LONG_VERSION, after_help = status::EXIT_STATUS_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,

    /// When to colour messages on stderr and the cells a step places or eliminates: auto (on a
    /// terminal, unless NO_COLOR or CLICOLOR=0 is set or TERM is dumb; anywhere with
    /// CLICOLOR_FORCE), always or never.
    #[arg(long, value_enum, default_value_t, global = true, ignore_case = true)]
    color: color::ColorChoice,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Solve puzzles: print the solution of each, one per line, in input order.
    ///
    /// A puzzle that fails gets a line starting with `error:` in its place on stdout (so the
    /// output stays one line per puzzle) and a message naming its file and line on stderr. A
    /// candidate state (a candidate line, or a grid of pencil marks) is solved within its marks.
    ///
    /// Example: sudoku solve puzzles/sample.txt
    #[command(after_help = SOLVE.help())]
    Solve(solve::SolveArgs),

    /// Count solutions: print how many solutions each puzzle has, one line per puzzle.
    ///
    /// Counting stops at --limit; such a count is a lower bound and is printed with a `+`
    /// (`1000+`). A puzzle is a proper sudoku when its count is exactly 1. A candidate state
    /// (a candidate line, or a grid of pencil marks) counts the solutions within its marks.
    ///
    /// Example: sudoku count --unique puzzles/top1465.txt
    #[command(after_help = COUNT.help())]
    Count(count::CountArgs),

    /// Generate puzzles with exactly one solution, minimal by default.
    ///
    /// Every puzzle is checked by the solver to have exactly one solution before it is printed,
    /// and is minimal: removing any clue would give it several (with --symmetry, removing any
    /// clue with its images). Above 20x20 it is minimal only with --minimal, which takes far
    /// longer; without it a clue whose removal would need a long search to check stays. The
    /// same --seed prints the same bytes on every machine, with any number of --jobs. A puzzle
    /// that cannot be made as asked gets `error: not generated` in its place, and the others
    /// are still made.
    ///
    /// Example: sudoku generate -n 10 --seed 42 --symmetry rotational
    #[command(after_help = GENERATE.help())]
    Generate(generate::GenerateArgs),

    /// Check grids: a complete grid must be a valid solution, a partial one must have no
    /// clashing givens, and with --solution (or a second grid on the line) the solution must
    /// solve its puzzle.
    ///
    /// Prints `ok` or `fail` per grid; every fault goes to stderr with its file and line, as
    /// `row 3: digit 5 at r3c1 and r3c7` or `r1c3: the puzzle gives 4, the solution has 7`.
    /// More solutions than puzzles is an error. A candidate state (a candidate line, or a grid
    /// of pencil marks) fails when its eliminations rule out every solution, naming the cell
    /// that shows it; with --solution, when the solution does not solve it or a cell's
    /// candidates leave out its digit.
    ///
    /// Example: sudoku solve puzzles.txt > solutions.txt; sudoku check puzzles.txt -s solutions.txt
    #[command(after_help = CHECK.help())]
    Check(check::CheckArgs),

    /// Show the pencil marks: for every empty cell, the digits its row, column and box allow.
    ///
    /// Works on any puzzle without clashing givens, and on candidate states: 729-character
    /// candidate lines, 9x9 grids of pencil marks as this command or HoDoKu prints them, and
    /// lines in HoDoKu's library format (`:0000:x:CELLS:STRUCK::`, `+` before a placed digit,
    /// struck-out candidates as digit, row and column: `337` is 3 at r3c7).
    ///
    /// Example: sudoku candidates --format candidates puzzles/sample.txt
    #[command(after_help = CANDIDATES.help())]
    Candidates(logic::CandidatesArgs),

    /// Give the next logical step of each puzzle (the easiest one available), not the digit.
    ///
    /// Accepts puzzles and candidate states (729-character candidate lines, 9x9 grids of pencil
    /// marks as `candidates` or HoDoKu prints them), to continue from a partly solved state.
    /// Techniques, in the order they are tried (HoDoKu's): singles, locked pairs and triples,
    /// locked candidates, naked and hidden subsets, basic fish, Remote Pair, BUG+1, Skyscraper,
    /// 2-String Kite, Turbot Fish, Empty Rectangle, W-, XY- and XYZ-Wing, unique rectangles 1-6,
    /// Hidden Rectangle, avoidable rectangles, finned and sashimi fish, Sue de Coq, Simple and
    /// Multi Colors, X- and XY-Chains, AICs (grouped too), ALS-XZ, ALS-XY-Wing, ALS-XY-Chain,
    /// Franken fish (finned too), forcing chains and nets, brute force.
    ///
    /// Example: sudoku hint puzzles/sample.txt
    #[command(after_help = HINT.help())]
    Hint(logic::StepsArgs),

    /// Explain each puzzle: the steps from the puzzle to its solution, one per line, easiest
    /// technique first, as a person would solve it; a blank line ends each puzzle's block.
    ///
    /// Every puzzle with one solution is solved by named steps; the last resort, brute force,
    /// takes a digit from the solution and says so.
    ///
    /// Example: sudoku explain --format json puzzles/sample.txt
    #[command(after_help = EXPLAIN.help())]
    Explain(logic::StepsArgs),

    /// Apply the singles (what old candidate solvers auto-fill), or with --until every technique
    /// tried before the one named, and print the resulting puzzle.
    ///
    /// Example: sudoku fill --until x-wing puzzles/sample.txt
    #[command(after_help = FILL.help())]
    Fill(logic::FillArgs),

    /// Rate each puzzle: its Sudoku Explainer rating, HoDoKu's level (easy, medium, hard, unfair,
    /// extreme) and HoDoKu's score, one line per puzzle; a grid already solved is `0.0 solved 0`.
    ///
    /// At 9x9 the rating is Sudoku Explainer's ER as its serate 1.2.1.3 computes it (the
    /// hardest step of its own path; puzzles of 10 and up take seconds); JSON and CSV add EP
    /// (the hardest step up to the first placement) and ED (the first step). At other sizes it
    /// is estimated from the path `explain` prints. The level is the highest level among the
    /// techniques of that path, raised while the score (the sum of the steps' scores) is above
    /// that level's maximum: easy 800, medium 1000, hard 1600, unfair 1800. JSON adds how often
    /// each technique was used.
    ///
    /// Example: sudoku rate --format json puzzles/sample.txt
    #[command(after_help = RATE.help())]
    Rate(logic::RateArgs),

    /// Play a puzzle in the terminal: the forced cells fill themselves as you go.
    ///
    /// Arrow keys or hjkl move (or a click selects a cell), 1-9 place (above 9x9 also capital
    /// letters, or two digits with numbers), 0, Delete or Backspace clear (`.` where 0 is a
    /// symbol), p switches pencil mode, a auto-fill (after each move, every naked or hidden
    /// single that follows is placed, and undone with the move), c automatic candidates, ? shows
    /// the next logical step and again applies it, m marks mistakes, u and r undo and redo
    /// without limit, s saves, q quits.
    /// A saved game is a text file that `sudoku play FILE` resumes and that the other
    /// subcommands read as a puzzle.
    ///
    /// Example: sudoku play --new --difficulty medium
    #[command(after_help = status::play_exit_status_help())]
    Play(play::PlayArgs),

    /// Print a completion script for a shell, generated from these very definitions.
    ///
    /// Example: sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        #[arg(value_enum, ignore_case = true)]
        shell: clap_complete::Shell,
    },

    /// Print the manual page (roff), generated from these very definitions.
    ///
    /// Example: sudoku man > sudoku.1 && man ./sudoku.1
    Man,
}

// What the statuses 0, 1 and 2 mean in each subcommand's help (status::EXIT_STATUS_HELP has
// them all, for `sudoku --help`).

/// Status 1 of the logic commands that need one solution and a path to it.
const LOGIC_FAILURE: &str = "some puzzle has no solution or more than one, or no technique applies";

/// An invalid puzzle, as every subcommand but check sees it.
const INVALID: &str = "an invalid puzzle (wrong length, bad character, clashing givens, a cell \
                       with no candidate left), a file that could not be read";
const SOLVE: Outcomes = Outcomes {
    success: "every puzzle was solved",
    failure: Some("some puzzle has no solution, or with --unique more than one"),
    errors: INVALID,
    timeout: true,
};
const COUNT: Outcomes = Outcomes {
    success: "every puzzle was counted (with --unique: each has exactly one solution)",
    failure: Some("some puzzle has no solution, or with --unique more than one"),
    errors: INVALID,
    timeout: true,
};
const GENERATE: Outcomes = Outcomes {
    success: "every puzzle asked for was generated",
    failure: Some("some puzzle could not be made as asked (--clues or --difficulty not met)"),
    errors: "an option that cannot be met (--clues below what the size allows)",
    timeout: true,
};
const CHECK: Outcomes = Outcomes {
    success: "every grid passed its check",
    failure: Some(
        "some grid failed its check: clashing digits, a solution that does not solve its \
         puzzle, or candidates that rule out every solution",
    ),
    errors: "an invalid grid (wrong length, bad character, a cell with no candidate left), \
             more solutions than puzzles, a file that could not be read",
    timeout: true,
};
const CANDIDATES: Outcomes = Outcomes {
    success: "every puzzle's pencil marks were printed",
    failure: None,
    errors: INVALID,
    timeout: false,
};
const HINT: Outcomes = Outcomes {
    success: "every puzzle got its next step (or was already solved)",
    failure: Some(LOGIC_FAILURE),
    errors: INVALID,
    timeout: true,
};
const EXPLAIN: Outcomes = Outcomes {
    success: "every puzzle was explained up to its solution",
    failure: Some(LOGIC_FAILURE),
    errors: INVALID,
    timeout: true,
};
const FILL: Outcomes = Outcomes {
    success: "every puzzle was filled",
    failure: Some("some puzzle has no solution or more than one"),
    errors: INVALID,
    timeout: true,
};
const RATE: Outcomes = Outcomes {
    success: "every puzzle was rated",
    failure: Some(LOGIC_FAILURE),
    errors: INVALID,
    timeout: true,
};

/// Parses the arguments and runs the subcommand.
pub fn run() -> anyhow::Result<Status> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version: clap's own exit would not say that stdout could not take them.
        Err(shown) if !shown.use_stderr() => {
            shown
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
                .map_err(|error| {
                    std::io::Error::new(error.kind(), format!("cannot write to stdout: {error}"))
                })?;
            return Ok(Status::Success);
        }
        Err(usage) => usage.exit(),
    };
    color::choose(cli.color);
    output::check_stdout_is_open()?;
    interrupt::catch();
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Count(args) => count::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Check(args) => check::run(args),
        Command::Candidates(args) => logic::candidates(args),
        Command::Hint(args) => logic::steps(args, true),
        Command::Explain(args) => logic::steps(args, false),
        Command::Fill(args) => logic::fill(args),
        Command::Rate(args) => logic::rate_puzzles(args),
        Command::Play(args) => play::run(args),
        Command::Completions { shell } => documents::completions(shell),
        Command::Man => documents::man_page(),
    }
}

/// True when the error comes from writing to a closed pipe (`sudoku solve ... | head -1`): the
/// reader has all it wants, so the program ends quietly and successfully.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
