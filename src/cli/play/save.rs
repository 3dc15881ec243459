//! Saved games: a plain text file that `sudoku play FILE` resumes from its `#` lines, and that
//! the other subcommands read as a puzzle from its one line without `#`: the position as an
//! 81-cell line, or as the 729-character candidate form when the player struck out candidates.
//!
//! ```text
//! # sudoku play: a saved game; `sudoku play FILE` resumes it.
//! # givens: 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
//! # player: .1...............................................................................
//! # auto: ...........................................................................6.....
//! # eliminated: (729 characters, a digit where the player struck out that candidate)
//! # pencil: (729 characters, the player's own marks, when the candidates are not automatic)
//! # time: 754
//! # settings: auto-fill on, auto-candidates on, pencil-mode off, mistakes off
//! 41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9..6.....
//! ```

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use sudoku_engine::Position;
use sudoku_engine::grid::CELLS;

use super::game::{Board, Game, Origin, Settings};

/// The first line of every saved game.
pub const HEADER: &str = "# sudoku play: a saved game; `sudoku play FILE` resumes it.";

/// True when `text` is a saved game rather than a puzzle file.
pub fn is_saved_game(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with(HEADER)
}

/// The text of a saved game.
pub fn to_text(game: &Game) -> String {
    let board = game.board();
    let digits_of = |origin: Origin| -> String {
        (0..CELLS)
            .map(|i| match board.origins[i] == Some(origin) {
                true => char::from(b'0' + board.digits[i]),
                false => '.',
            })
            .collect()
    };
    let settings = game.settings();
    let mut text = format!(
        "{HEADER}\n# givens: {}\n# player: {}\n# auto: {}\n",
        digits_of(Origin::Given),
        digits_of(Origin::Player),
        digits_of(Origin::Auto)
    );
    if board.eliminated.iter().any(|&bits| bits != 0) {
        text += &format!("# eliminated: {}\n", marks_text(&board.eliminated));
    }
    if board.pencil.iter().any(|&bits| bits != 0) {
        text += &format!("# pencil: {}\n", marks_text(&board.pencil));
    }
    text += &format!(
        "# time: {}\n# settings: auto-fill {}, auto-candidates {}, pencil-mode {}, mistakes {}\n",
        game.elapsed().as_secs(),
        on_off(settings.auto_fill),
        on_off(settings.auto_candidates),
        on_off(settings.pencil_mode),
        on_off(settings.show_mistakes),
    );
    text += &position_record(game);
    text.push('\n');
    text
}

/// The line the other subcommands read: the candidate form when the player's eliminations
/// are part of a consistent position, the 81-cell line otherwise.
fn position_record(game: &Game) -> String {
    let board = game.board();
    let state = game.state();
    let consistent = board.grid().first_conflict().is_none() && state.contradiction().is_none();
    if game.settings().auto_candidates && consistent && board.eliminated.iter().any(|&b| b != 0) {
        state.to_text()
    } else {
        String::from_utf8_lossy(&board.grid().line_bytes()).into_owned()
    }
}

/// Reads a saved game back.
pub fn from_text(text: &str) -> Result<Game> {
    let mut givens = None;
    let (mut player, mut auto) = ([0u8; CELLS], [0u8; CELLS]);
    let (mut eliminated, mut pencil) = ([0u16; CELLS], [0u16; CELLS]);
    let mut elapsed = Duration::ZERO;
    let mut settings = Settings::default();
    for (number, line) in text.lines().enumerate() {
        let Some((key, value)) = line.strip_prefix("# ").and_then(|l| l.split_once(": ")) else {
            continue;
        };
        let value = value.trim();
        let mut read = || -> Result<()> {
            match key {
                "givens" => givens = Some(digits(value)?),
                "player" => player = digits(value)?,
                "auto" => auto = digits(value)?,
                "eliminated" => eliminated = marks(value)?,
                "pencil" => pencil = marks(value)?,
                "time" => elapsed = Duration::from_secs(value.parse()?),
                "settings" => settings = read_settings(value)?,
                _ => {}
            }
            Ok(())
        };
        read().with_context(|| format!("line {}: {key}", number + 1))?;
    }
    let givens = givens.ok_or_else(|| anyhow!("no `# givens:` line"))?;
    let mut board = Board {
        digits: [0; CELLS],
        origins: [None; CELLS],
        eliminated,
        pencil,
    };
    for (origin, digits) in [
        (Origin::Given, givens),
        (Origin::Player, player),
        (Origin::Auto, auto),
    ] {
        for (index, &digit) in digits.iter().enumerate().filter(|(_, d)| **d != 0) {
            if board.digits[index] != 0 {
                bail!("{} is filled twice", Position::new(index));
            }
            board.digits[index] = digit;
            board.origins[index] = Some(origin);
        }
    }
    Ok(Game::resume(board, elapsed, settings))
}

/// 81 cells, a digit or `.` each.
fn digits(text: &str) -> Result<[u8; CELLS]> {
    let bytes = text.as_bytes();
    if bytes.len() != CELLS {
        bail!("{} characters, expected {CELLS}", bytes.len());
    }
    let mut digits = [0; CELLS];
    for (digit, &byte) in digits.iter_mut().zip(bytes) {
        *digit = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => bail!("invalid character {:?}", char::from(byte)),
        };
    }
    Ok(digits)
}

/// Marks of every cell as 9 characters each, a digit where the mark is.
fn marks_text(marks: &[u16; CELLS]) -> String {
    let mut text = String::with_capacity(9 * CELLS);
    for bits in marks {
        for digit in 1..=9u8 {
            text.push(match bits & (1 << digit) != 0 {
                true => char::from(b'0' + digit),
                false => '.',
            });
        }
    }
    text
}

/// Reads [`marks_text`] back.
fn marks(text: &str) -> Result<[u16; CELLS]> {
    let bytes = text.as_bytes();
    if bytes.len() != 9 * CELLS {
        bail!("{} characters, expected {}", bytes.len(), 9 * CELLS);
    }
    let mut marks = [0u16; CELLS];
    for (bits, cell) in marks.iter_mut().zip(bytes.chunks(9)) {
        for &byte in cell {
            match byte {
                b'1'..=b'9' => *bits |= 1 << (byte - b'0'),
                b'.' | b'0' => {}
                _ => bail!("invalid character {:?}", char::from(byte)),
            }
        }
    }
    Ok(marks)
}

fn read_settings(text: &str) -> Result<Settings> {
    let mut settings = Settings::default();
    for item in text.split(',') {
        let (name, value) = item
            .trim()
            .split_once(' ')
            .ok_or_else(|| anyhow!("expected `name on|off`, found {item:?}"))?;
        let on = match value {
            "on" => true,
            "off" => false,
            _ => bail!("{name}: expected on or off, found {value:?}"),
        };
        match name {
            "auto-fill" => settings.auto_fill = on,
            "auto-candidates" => settings.auto_candidates = on,
            "pencil-mode" => settings.pencil_mode = on,
            "mistakes" => settings.show_mistakes = on,
            _ => {}
        }
    }
    Ok(settings)
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn a_game_reads_back_as_it_was_saved() {
        let mut game = Game::new(&PUZZLE.parse().unwrap());
        game.move_cursor(0, 1);
        game.toggle_pencil_mode();
        let struck = game.marks(game.cursor()).trailing_zeros() as u8;
        game.type_digit(struck);
        game.toggle_pencil_mode();
        game.move_cursor(0, 1);
        game.type_digit(6);
        game.tick(Duration::from_secs(75));
        let text = to_text(&game);
        let back = from_text(&text).unwrap();
        assert_eq!(back.board(), game.board());
        assert_eq!(back.settings(), game.settings());
        assert_eq!(back.elapsed(), Duration::from_secs(75));
        assert_eq!(to_text(&back), text);
    }

    #[test]
    fn the_position_line_is_the_candidate_form_once_candidates_are_struck_out() {
        let mut game = Game::new(&PUZZLE.parse().unwrap());
        let record = |game: &Game| to_text(game).lines().last().unwrap().len();
        assert_eq!(record(&game), 81);
        game.move_cursor(0, 1);
        game.toggle_pencil_mode();
        let struck = game.marks(game.cursor()).trailing_zeros() as u8;
        game.type_digit(struck);
        assert_eq!(record(&game), 729);
    }

    #[test]
    fn a_damaged_file_says_which_line() {
        let text = format!("{HEADER}\n# givens: {PUZZLE}\n# time: soon\n");
        let error = from_text(&text).err().unwrap();
        assert!(
            format!("{error:#}").starts_with("line 3: time: "),
            "{error:#}"
        );
        let error = from_text(HEADER).err().unwrap();
        assert_eq!(error.to_string(), "no `# givens:` line");
    }
}
