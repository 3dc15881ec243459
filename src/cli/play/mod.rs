//! `sudoku play`: solve a puzzle in the terminal, the forced cells filling themselves.
//!
//! Every size plays: 4x4 to 9x9 with the pencil marks in the cells, larger grids with the
//! marks of the selected cell under the grid, values above 9 typed as capital letters.
//!
//! [`rules`] holds what the logic says at the game's size, [`game`] the rules of the game,
//! [`keys`] the keys, [`view`] the drawing, [`save`] the saved-game format and [`app`] ties
//! them into a session; this module finds the puzzle and runs the terminal.

mod app;
mod game;
mod keys;
mod later;
mod rules;
mod save;
mod view;

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use sudoku_engine::generate::Options;
use sudoku_engine::sized::{Alphabet, Shape};
use sudoku_engine::{Position, Record};
use sudoku_logic::Level;

use super::input::Source;
use super::json_input::puzzle_records;
use super::logic_state::AnyState;
use super::offered::offered;
use super::sizes::{AnyGrid, SizeArgs};
use super::status::Status;
use super::{color, generate, interrupt, logic, sizes};
use app::{App, Next, Rescue};
use game::{Board, Game, Settings};
use keys::Action;
use rules::Rules;

/// Where `s` saves when neither --save nor a saved game opened says.
const DEFAULT_SAVE: &str = "sudoku-game.txt";

/// How often the clock is redrawn while no key is pressed.
const TICK: Duration = Duration::from_millis(250);

/// Arguments of `sudoku play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The puzzle: a file (its first puzzle, or the one at --line; a game saved with `s`
    /// resumes), `-` for stdin, or the puzzle itself on one line (81 cells or 729 candidates
    /// for 9x9; the cells or candidates of any other size). Without it, the puzzle piped into
    /// stdin (`echo PUZZLE | sudoku play`, `sudoku play < FILE`), or else a new puzzle from
    /// the generator.
    #[arg(value_name = "FILE|PUZZLE")]
    source: Option<String>,

    /// Play the puzzle that starts on line N of the file.
    #[arg(long, value_name = "N", requires = "source")]
    line: Option<u64>,

    /// Play a new puzzle from the generator (what happens without FILE|PUZZLE when nothing is
    /// piped in).
    #[arg(long, conflicts_with_all = ["source", "enter"])]
    new: bool,

    /// The HoDoKu level of the new puzzle: easy, medium, hard, unfair or extreme.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["source", "enter"],
          hide_possible_values = true,
          value_parser = offered::<Level>(Level::ALL.map(Level::name)))]
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

    #[command(flatten)]
    sizes: SizeArgs,
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
    let rescue = Arc::new(Rescue::new(save_path.clone()));
    let mut app = App::new(game, save_path, color::on_stdout());
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    capture_the_mouse();
    watch_the_terminal(Arc::clone(&rescue));
    let result = play(&mut terminal, &mut app, &rescue);
    release_the_mouse();
    ratatui::restore();
    if result.is_err() && !std::io::stdout().is_terminal() {
        // The terminal went while the session was drawing or reading: a hang-up, whatever
        // the error says (as the watching thread would have it, had it looked first).
        rescue.save();
        return Err(interrupt::Interrupted::HANG_UP.into());
    }
    result.map(|()| Status::Success)
}

/// The session: draw, wait for a key (or the next tick of the clock), act; `rescue` keeps the
/// game's last state for a hang-up (SIGHUP) to save.
fn play(terminal: &mut ratatui::DefaultTerminal, app: &mut App, rescue: &Rescue) -> Result<()> {
    let mut last = Instant::now();
    loop {
        terminal.draw(|frame| view::draw(frame, app))?;
        if event::poll(TICK)? {
            // A resize needs nothing but the redraw at the top of the loop.
            let action = match event::read()? {
                Event::Key(key) => keys::action(key),
                Event::Mouse(mouse) => clicked(mouse, terminal.size()?, app.game.rules()),
                _ => None,
            };
            match action.map(|action| app.act(action)) {
                Some(Next::Quit) => return Ok(()),
                Some(Next::Interrupt) => return Err(interrupt::Interrupted::CTRL_C.into()),
                Some(Next::Continue) | None => {}
            }
        }
        let now = Instant::now();
        app.game.tick(now - last);
        last = now;
        rescue.keep(&app.game);
        if let Err(interrupted) = interrupt::check() {
            if interrupted == interrupt::Interrupted::HANG_UP {
                rescue.save();
            }
            return Err(interrupted.into());
        }
    }
}

/// What a mouse event on a screen of `size` asks for: a click on a cell selects it.
fn clicked(mouse: MouseEvent, size: ratatui::layout::Size, rules: &Rules) -> Option<Action> {
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return None;
    }
    let cell = view::cell_at(rules, (size.width, size.height), mouse.column, mouse.row)?;
    Some(Action::Select(cell))
}

/// Has the terminal report mouse clicks (a cell clicked is selected), until
/// [`release_the_mouse`]; a panic releases it too, before ratatui's hook restores the rest.
/// Best effort: a terminal that reports none is played with the keys.
fn capture_the_mouse() {
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let restore_the_rest = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        release_the_mouse();
        restore_the_rest(info);
    }));
}

/// Has the terminal stop reporting the mouse, as it was before the game.
fn release_the_mouse() {
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
}

/// Ends the program once the terminal is gone (closed, or its session hung up) as SIGHUP
/// does: the game's unsaved moves saved (`rescue`), status 129. The session's loop cannot see
/// it: on a terminal that has hung up, crossterm (0.29) reads end-of-file again and again
/// inside `event::poll`, which then never returns, not even at its timeout (crossterm issue
/// 793), and the program would spin for ever.
fn watch_the_terminal(rescue: Arc<Rescue>) {
    std::thread::spawn(move || {
        while std::io::stdout().is_terminal() {
            std::thread::sleep(TICK);
        }
        rescue.save();
        std::process::exit(interrupt::Interrupted::HANG_UP.exit_status().into());
    });
}

/// The game to play, and the saved game it resumes (where `s` saves by default).
fn open_game(args: &PlayArgs) -> Result<(Game, Option<PathBuf>)> {
    let asks_for_new = args.new || args.difficulty.is_some() || args.seed.is_some() || args.enter;
    // Not without a terminal to play on: that is refused before anything would be read.
    let playable = std::io::stdout().is_terminal();
    let piped = (!asks_for_new && playable && stdin_holds_input()).then(|| "-".to_string());
    let Some(source) = args.source.as_ref().or(piped.as_ref()) else {
        return new_game(args).map(|game| (game, None));
    };
    let path = PathBuf::from(source);
    if source != "-" && !path.exists() {
        // The puzzle itself, read as the other subcommands read one in place of a FILE (a
        // candidate state, HoDoKu's library line, another size).
        let argument = Source::Argument {
            name: "argument 1".to_string(),
            text: source.clone(),
        };
        let not_a_puzzle = || format!("{source}: no such file, and not a puzzle to play");
        let mut records = puzzle_records(argument.open()?, &args.sizes);
        let record = records.next().transpose()?;
        let record = record.with_context(not_a_puzzle)?;
        let game = game_of(&record, args).with_context(not_a_puzzle)?;
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
    let records = puzzle_records(reader, &args.sizes);
    for record in records {
        let record = record.with_context(|| format!("cannot read {input}"))?;
        if args.line.is_some_and(|line| line != record.line) {
            continue;
        }
        let at = format!("{input}:{}", record.line);
        return game_of(&record, args)
            .with_context(|| at.clone())
            .map(|game| (game, None));
    }
    match args.line {
        Some(line) => bail!("{input}:{line}: no puzzle starts on this line"),
        None => bail!("{input}: no puzzle in it"),
    }
}

/// True when stdin is a pipe or a file (`echo PUZZLE | sudoku play`, `sudoku play < FILE`):
/// what to play when no FILE|PUZZLE names it. A terminal, `/dev/null` or a closed stdin is not
/// (nor anything on a system without `/dev/stdin`).
fn stdin_holds_input() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let is_input = |kind: std::fs::FileType| kind.is_fifo() || kind.is_file();
        std::fs::metadata("/dev/stdin").is_ok_and(|metadata| is_input(metadata.file_type()))
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// A new game: an empty grid to type givens into (--enter), or a puzzle from the generator.
fn new_game(args: &PlayArgs) -> Result<Game> {
    let shape = args.sizes.shape.unwrap_or(Shape::NINE);
    let alphabet = args
        .sizes
        .alphabet
        .unwrap_or_else(|| Alphabet::default_for(shape.size()));
    if !alphabet.fits(shape.size()) {
        bail!(
            "the alphabet {alphabet} cannot write a side of {}",
            shape.size()
        );
    }
    let rules = Rules::new(shape, alphabet);
    if args.enter {
        let empty = vec![0; rules.cells()];
        return Ok(Game::entering(rules, &empty));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.difficulty.is_some() || shape.size() > 16 {
        eprintln!("sudoku: making a puzzle (seed {seed})...");
    }
    let failure = |error| anyhow!(generate::explain_failure(&error, args.difficulty));
    let options = Options::default();
    let givens = if shape == Shape::NINE {
        let made = generate::make_puzzle(seed, 0, args.difficulty, &options).map_err(failure)?;
        made.puzzle.cells().to_vec()
    } else {
        let (made, kind) = ((seed, 0), (shape, alphabet));
        let made = generate::make_other_size(made, kind, false, args.difficulty, &options)
            .map_err(failure)?;
        match made.puzzle {
            AnyGrid::Other(puzzle) => puzzle.grid.cells().to_vec(),
            AnyGrid::Nine(grid) => grid.cells().to_vec(),
        }
    };
    Ok(Game::new(rules, &givens))
}

/// The game of a record: a puzzle of any size, or a candidate line or grid of pencil marks (its
/// filled cells become the givens, its missing candidates the player's eliminations); refused
/// when two givens clash or a candidate state contradicts itself, as every command refuses
/// them.
fn game_of(record: &Record, args: &PlayArgs) -> Result<Game> {
    let start = |rules: Rules, givens: &[u8]| match args.enter {
        true => Game::entering(rules, givens),
        false => Game::new(rules, givens),
    };
    let game = match &record.puzzle {
        Ok(givens) => start(Rules::classic(), givens.cells()),
        Err(invalid) => match logic::candidate_state(record, &args.sizes) {
            Some(state) => game_at(state.map_err(|problem| anyhow!("{problem}"))?),
            None => match sizes::other_size(record, &args.sizes) {
                Some(Ok(puzzle)) => {
                    let rules = Rules::new(puzzle.grid.shape(), puzzle.alphabet);
                    start(rules, puzzle.grid.cells())
                }
                Some(Err(problem)) => bail!("{problem}"),
                None => return Err(invalid.error.clone().into()),
            },
        },
    };
    if let Some(conflict) = game.rules().clash(&game.board().givens()) {
        bail!("the givens clash: {conflict}");
    }
    Ok(game)
}

/// The game at a candidate state of any size.
fn game_at(state: AnyState) -> Game {
    match state {
        AnyState::Nine(state) => {
            let marks = |cell| u64::from(state.marks(Position::new(cell)).bits());
            from_candidates(Rules::classic(), state.grid().cells(), marks)
        }
        AnyState::NineIn(..) => game_at(state.in_own_symbols()),
        AnyState::Other(state) => {
            let rules = Rules::new(state.shape(), state.alphabet());
            from_candidates(rules, state.grid().cells(), |cell| state.marks(cell) << 1)
        }
    }
}

/// A game at a candidate state: `givens` are its filled cells, and the candidates the rules
/// allow but `marks` (bit `v` for value `v`) lacks are the player's eliminations.
fn from_candidates(rules: Rules, givens: &[u8], marks: impl Fn(usize) -> u64) -> Game {
    let allowed = rules.state(givens, &vec![0; rules.cells()]);
    let mut board = Board::of(givens);
    for (cell, eliminated) in board.eliminated.iter_mut().enumerate() {
        *eliminated = allowed.marks(cell) & !marks(cell);
    }
    Game::resume(rules, board, Duration::ZERO, Settings::default())
}

/// Puzzles of other sizes for the tests of the game's parts.
#[cfg(test)]
mod testing {
    use super::Rules;

    /// The first puzzle of `puzzles/gecode_16x16.txt`.
    pub fn sixteen() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/gecode_16x16.txt");
        let text = std::fs::read_to_string(path).unwrap();
        text.lines().next().unwrap().to_string()
    }

    /// The rules and givens of a puzzle of another size, read as `sudoku solve` reads it.
    pub fn sized(line: &str) -> (Rules, Vec<u8>) {
        let (grid, alphabet) = sudoku_engine::sized::SizedGrid::parse(line, None, None).unwrap();
        (Rules::new(grid.shape(), alphabet), grid.cells().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn cells(puzzle: &str) -> Vec<u8> {
        puzzle
            .parse::<sudoku_engine::Grid>()
            .unwrap()
            .cells()
            .to_vec()
    }

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
        assert_eq!(game.board().givens(), cells(PUZZLE));
        assert_eq!(resumed, None, "not a saved game: s saves elsewhere");
        let (game, _) = open(&[path, "--line", "4"]).unwrap();
        assert_eq!(game.board().givens(), cells(&second));
        let error = open(&[path, "--line", "3"]).err().unwrap();
        assert!(
            error
                .to_string()
                .ends_with(":3: no puzzle starts on this line")
        );
    }

    #[test]
    fn a_candidate_line_gives_its_filled_cells_as_givens_and_its_gaps_as_eliminations() {
        let mut state = sudoku_logic::Candidates::from_grid(&PUZZLE.parse().unwrap());
        let cell = sudoku_engine::Position::new(1);
        let digit = state.marks(cell).first().unwrap().get();
        state.eliminate(sudoku_logic::CellDigit {
            position: cell,
            digit,
        });
        let (game, _) = open(&[&state.to_text()]).unwrap();
        assert_eq!(game.board().givens(), cells(PUZZLE));
        assert_eq!(game.marks(cell.index()) & (1 << digit), 0);
        let expected = AnyState::Nine(Box::new(state));
        assert_eq!(game.state(), expected);
    }

    #[test]
    fn a_saved_game_resumes_and_saves_to_itself() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("game.txt");
        let mut game = Game::new(Rules::classic(), &cells(PUZZLE));
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
            "12345: no such file, and not a puzzle to play: \
             found 5 cells, expected 81 (or a grid of 9 rows of 9)"
        );
    }

    #[test]
    fn a_file_of_another_size_gives_a_game_of_that_size() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/gecode_16x16.txt");
        let (game, _) = open(&[path]).unwrap();
        assert_eq!(game.rules().shape(), "4x4".parse().unwrap());
        assert_eq!(game.board().givens(), testing::sized(&testing::sixteen()).1);

        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("six.txt");
        std::fs::write(&path, ".3....\n54..6.\n....52\n...4..\n...1..\n16..3.\n").unwrap();
        let (game, _) = open(&[path.to_str().unwrap(), "--box", "2x3"]).unwrap();
        assert_eq!(game.rules().shape(), "2x3".parse().unwrap());
        assert_eq!(game.board().givens()[..8], [0, 3, 0, 0, 0, 0, 5, 4]);
    }

    #[test]
    fn a_new_game_of_another_size_has_one_solution() {
        let (game, _) = open(&["--box", "2x2", "--seed", "7"]).unwrap();
        assert_eq!(game.rules().cells(), 16);
        let givens = game.board().givens();
        assert!(givens.contains(&0));
        assert!(matches!(
            game.rules().solutions(&givens, rules::AT_ONCE),
            rules::Solutions::Unique(_)
        ));
        let (again, _) = open(&["--box", "2x2", "--seed", "7"]).unwrap();
        assert_eq!(again.board().givens(), givens, "the seed makes the puzzle");
    }

    #[test]
    fn a_candidate_line_of_another_size_gives_its_eliminations() {
        let (grid, alphabet) =
            sudoku_engine::sized::SizedGrid::parse("..1.....1..24...", None, None).unwrap();
        let mut state = sudoku_logic::sized::SizedCandidates::from_grid(&grid, alphabet);
        let lowest = state.marks(0).trailing_zeros() as u8 + 1;
        state.eliminate(0, lowest);
        let (game, _) = open(&[&state.to_text()]).unwrap();
        assert_eq!(game.rules().cells(), 16);
        assert_eq!(game.board().givens(), grid.cells());
        assert_eq!(game.marks(0), state.marks(0) << 1);
        assert_eq!(game.marks(0) & 1 << lowest, 0);
    }

    #[test]
    fn a_candidate_state_that_contradicts_itself_is_refused_at_any_size() {
        // Row 1 with no place for its last value: 9x9 and 4x4.
        let nine = "12345678.".repeat(9) + &"123456789".repeat(72);
        let four = "123.".repeat(4) + &"1234".repeat(12);
        for (state, message) in [
            (nine, "candidates: row 1 has no place left for 9"),
            (four, "candidates: 4 has no place in row 1"),
        ] {
            let error = open(&[&state]).err().unwrap();
            assert!(format!("{error:#}").ends_with(message), "{error:#}");
        }
    }

    #[test]
    fn givens_that_clash_are_refused_at_any_size() {
        let error = open(&["1.1............."]).err().unwrap();
        assert!(
            format!("{error:#}").ends_with("the givens clash: row 1: 1 at r1c1 and r1c3"),
            "{error:#}"
        );
    }
}
