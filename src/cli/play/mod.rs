//! `sudoku play`: solve a puzzle in the terminal, the forced cells filling themselves.
//!
//! [`game`] holds the rules of the game, [`keys`] the keys, [`view`] the drawing, [`save`] the
//! saved-game format and [`app`] ties them into a session; this module finds the puzzle and
//! runs the terminal.

mod app;
mod game;
mod keys;
mod save;
mod view;

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use ratatui::crossterm::event::{self, Event};
use sudoku_engine::generate::Options;
use sudoku_engine::{Grid, ParseError, PuzzleReader};
use sudoku_logic::{Candidates, Level};

use super::input::Source;
use super::status::Status;
use super::{color, generate, interrupt};
use app::{App, Next};
use game::{Board, Game, Settings};

/// Where `s` saves when neither --save nor a saved game opened says.
const DEFAULT_SAVE: &str = "sudoku-game.txt";

/// How often the clock is redrawn while no key is pressed.
const TICK: Duration = Duration::from_millis(250);

/// Arguments of `sudoku play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The puzzle: a file (its first puzzle, or the one at --line; a game saved with `s`
    /// resumes), `-` for stdin, or the puzzle itself as 81 cells (or 729 candidates). Without
    /// it, a new puzzle from the generator.
    #[arg(value_name = "FILE|PUZZLE")]
    source: Option<String>,

    /// Play the puzzle that starts on line N of the file.
    #[arg(long, value_name = "N", requires = "source")]
    line: Option<u64>,

    /// Play a new puzzle from the generator (what happens without FILE|PUZZLE anyway).
    #[arg(long, conflicts_with_all = ["source", "enter"])]
    new: bool,

    /// The HoDoKu level of the new puzzle: easy, medium, hard, unfair or extreme.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["source", "enter"],
          value_parser = |name: &str| name.parse::<Level>())]
    difficulty: Option<Level>,

    /// The seed of the new puzzle: the puzzle `sudoku generate --seed S` prints first (with
    /// the same --difficulty).
    #[arg(long, value_name = "S", conflicts_with_all = ["source", "enter"])]
    seed: Option<u64>,

    /// Type the givens first (into an empty grid, or over FILE|PUZZLE), then press Enter to
    /// play them.
    #[arg(long)]
    enter: bool,

    /// Where `s` saves the game [default: the saved game opened, else sudoku-game.txt]. A file
    /// that is not a saved game is never overwritten.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

/// Runs `sudoku play`.
pub fn run(args: PlayArgs) -> Result<Status> {
    let (game, resumed_from) = open_game(&args)?;
    let save_path = args
        .save
        .or(resumed_from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_SAVE));
    if !std::io::stdout().is_terminal() {
        bail!("sudoku play needs a terminal, and stdout is not one");
    }
    let mut app = App::new(game, save_path, color::on_stdout());
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let result = play(&mut terminal, &mut app);
    ratatui::restore();
    result.map(|()| Status::Success)
}

/// The session: draw, wait for a key (or the next tick of the clock), act.
fn play(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> Result<()> {
    let mut last = Instant::now();
    loop {
        terminal.draw(|frame| view::draw(frame, app))?;
        if event::poll(TICK)? {
            // A resize needs nothing but the redraw at the top of the loop.
            if let Event::Key(key) = event::read()? {
                match keys::action(key).map(|action| app.act(action)) {
                    Some(Next::Quit) => return Ok(()),
                    Some(Next::Interrupt) => return Err(interrupt::Interrupted.into()),
                    Some(Next::Continue) | None => {}
                }
            }
        }
        let now = Instant::now();
        app.game.tick(now - last);
        last = now;
        interrupt::check()?;
    }
}

/// The game to play, and the saved game it resumes (where `s` saves by default).
fn open_game(args: &PlayArgs) -> Result<(Game, Option<PathBuf>)> {
    let start = |givens: &Grid| match args.enter {
        true => Game::entering(givens),
        false => Game::new(givens),
    };
    let Some(source) = &args.source else {
        let seed = args.seed.unwrap_or_else(rand::random);
        if args.difficulty.is_some() {
            eprintln!("sudoku: making a puzzle (seed {seed})...");
        }
        return match args.enter {
            true => Ok((Game::entering(&Grid::empty()), None)),
            false => {
                let made = generate::make_puzzle(seed, 0, args.difficulty, &Options::default())
                    .map_err(|error| anyhow!(generate::explain_failure(&error, args.difficulty)))?;
                Ok((Game::new(&made.puzzle), None))
            }
        };
    };
    let path = PathBuf::from(source);
    if source != "-" && !path.exists() {
        let game = puzzle_text(source, args.enter).with_context(|| {
            format!("{source}: no such file, and not a puzzle (81 cells or 729 candidates)")
        })?;
        return Ok((game, None));
    }
    let input = match source.as_str() {
        "-" => Source::Stdin,
        _ => Source::File(path.clone()),
    };
    let mut reader = input
        .open()
        .with_context(|| format!("cannot read {input}"))?;
    if save::is_saved_game(&String::from_utf8_lossy(reader.fill_buf()?)) && !args.enter {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut reader, &mut text)
            .with_context(|| format!("cannot read {input}"))?;
        let game = save::from_text(&text).with_context(|| format!("{input}"))?;
        return Ok((game, Some(path).filter(|_| input != Source::Stdin)));
    }
    for record in PuzzleReader::new(reader) {
        let record = record.with_context(|| format!("cannot read {input}"))?;
        if args.line.is_some_and(|line| line != record.line) {
            continue;
        }
        let at = format!("{input}:{}", record.line);
        let game = match record.puzzle {
            Ok(givens) => start(&givens),
            Err(invalid) => match invalid.error {
                ParseError::WrongCellCount { found: 729 } => puzzle_text(&invalid.text, false),
                error => Err(error.into()),
            }
            .with_context(|| at.clone())?,
        };
        if let Some(conflict) = game.board().givens().first_conflict() {
            bail!("{at}: the givens clash: {conflict}");
        }
        return Ok((game, None));
    }
    match args.line {
        Some(line) => bail!("{input}:{line}: no puzzle starts on this line"),
        None => bail!("{input}: no puzzle in it"),
    }
}

/// A game from a puzzle written out: 81 cells, or the 729-character candidate form (its filled
/// cells become the givens, its missing candidates the player's eliminations).
fn puzzle_text(text: &str, enter: bool) -> Result<Game> {
    let grid = match sudoku_engine::parse::parse_one(text) {
        Ok(grid) => grid,
        Err(ParseError::WrongCellCount { found: 729 }) => {
            let state = Candidates::from_text(text).context("candidates")?;
            return Ok(from_candidates(&state));
        }
        Err(error) => return Err(error.into()),
    };
    if let Some(conflict) = grid.first_conflict() {
        bail!("the givens clash: {conflict}");
    }
    Ok(match enter {
        true => Game::entering(&grid),
        false => Game::new(&grid),
    })
}

/// A game at a candidate state: the filled cells are the givens, the candidates the rules allow
/// but the state lacks are the player's eliminations.
fn from_candidates(state: &Candidates) -> Game {
    let givens = state.grid();
    let rules = Candidates::from_grid(&givens);
    let mut board = Board::of(&givens);
    for position in sudoku_engine::Position::all() {
        board.eliminated[position.index()] =
            rules.marks(position).bits() & !state.marks(position).bits();
    }
    Game::resume(board, Duration::ZERO, Settings::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn open(args: &[&str]) -> Result<(Game, Option<PathBuf>)> {
        let cli = crate::cli::Cli::try_parse_from([&["sudoku", "play"], args].concat()).unwrap();
        match cli.command {
            crate::cli::Command::Play(args) => open_game(&args),
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_file_gives_its_first_puzzle_or_the_one_at_line_n() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("puzzles.txt");
        let second = PUZZLE.replacen('4', ".", 1);
        std::fs::write(&path, format!("# two puzzles\n{PUZZLE}\n\n{second}\n")).unwrap();
        let path = path.to_str().unwrap();
        let (game, resumed) = open(&[path]).unwrap();
        assert_eq!(game.board().givens(), PUZZLE.parse().unwrap());
        assert_eq!(resumed, None, "not a saved game: s saves elsewhere");
        let (game, _) = open(&[path, "--line", "4"]).unwrap();
        assert_eq!(game.board().givens(), second.parse().unwrap());
        let error = open(&[path, "--line", "3"]).err().unwrap();
        assert!(
            error
                .to_string()
                .ends_with(":3: no puzzle starts on this line")
        );
    }

    #[test]
    fn a_candidate_line_gives_its_filled_cells_as_givens_and_its_gaps_as_eliminations() {
        let mut state = Candidates::from_grid(&PUZZLE.parse().unwrap());
        let cell = sudoku_engine::Position::new(1);
        let digit = state.marks(cell).first().unwrap().get();
        state.eliminate(sudoku_logic::CellDigit {
            position: cell,
            digit,
        });
        let (game, _) = open(&[&state.to_text()]).unwrap();
        assert_eq!(game.board().givens(), PUZZLE.parse().unwrap());
        assert_eq!(game.marks(cell) & (1 << digit), 0);
        assert_eq!(game.state(), state);
    }

    #[test]
    fn a_saved_game_resumes_and_saves_to_itself() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.txt");
        let mut game = Game::new(&PUZZLE.parse().unwrap());
        game.move_cursor(0, 1);
        game.type_digit(1);
        std::fs::write(&path, save::to_text(&game)).unwrap();
        let (resumed, saves_to) = open(&[path.to_str().unwrap()]).unwrap();
        assert_eq!(resumed.board(), game.board());
        assert_eq!(saves_to, Some(path));
    }

    #[test]
    fn neither_a_file_nor_a_puzzle_is_refused() {
        let error = open(&["12345"]).err().unwrap();
        assert_eq!(
            format!("{error:#}"),
            "12345: no such file, and not a puzzle (81 cells or 729 candidates): \
             found 5 cells, expected 81 (or a grid of 9 rows of 9)"
        );
    }
}
