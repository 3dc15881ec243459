//! Saved games: a plain text file that `sudoku play FILE` resumes from its `#` lines, and that
//! the other subcommands read as a puzzle from its one line without `#`: the position on one
//! line, or in the candidate form when the player struck out candidates. A position line that
//! is not the game the `#` lines hold (edited by hand) is refused.
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
//!
//! Grids of other sizes (or 9x9 in letters) add `# box: 4x4` and `# alphabet: digits` after the
//! first line, and write cells and marks in their symbols: a character a cell and, for marks,
//! the side's worth of characters a cell; with numbers (sides above 35), cells separated by
//! spaces and a cell's marks joined by commas.

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use sudoku_engine::sized::{Alphabet, Shape};

use super::game::{Board, Game, Origin, Settings};
use super::rules::{Rules, values_of};

/// The first line of every saved game.
pub const HEADER: &str = "# sudoku play: a saved game; `sudoku play FILE` resumes it.";

/// True when `text` is a saved game rather than a puzzle file.
pub fn is_saved_game(text: &str) -> bool {
    text.trim_start_matches('\u{feff}').starts_with(HEADER)
}

/// The text of a saved game.
pub fn to_text(game: &Game) -> String {
    let (board, rules) = (game.board(), game.rules());
    let digits_of = |origin: Origin| -> String {
        let cells = board
            .digits
            .iter()
            .zip(&board.origins)
            .map(|(&d, &o)| if o == Some(origin) { d } else { 0 });
        rules.line(&cells.collect::<Vec<u8>>())
    };
    let settings = game.settings();
    let mut text = format!("{HEADER}\n");
    if !rules.is_classic() {
        text += &format!(
            "# box: {}\n# alphabet: {}\n",
            rules.shape(),
            rules.alphabet().name()
        );
    }
    text += &format!(
        "# givens: {}\n# player: {}\n# auto: {}\n",
        digits_of(Origin::Given),
        digits_of(Origin::Player),
        digits_of(Origin::Auto)
    );
    if board.eliminated.iter().any(|&bits| bits != 0) {
        text += &format!("# eliminated: {}\n", marks_text(rules, &board.eliminated));
    }
    if board.pencil.iter().any(|&bits| bits != 0) {
        text += &format!("# pencil: {}\n", marks_text(rules, &board.pencil));
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
/// are part of a consistent position, the grid's line otherwise.
fn position_record(game: &Game) -> String {
    let (board, rules) = (game.board(), game.rules());
    let state = game.state();
    let consistent = rules.clash(&board.digits).is_none() && state.contradiction().is_none();
    if game.settings().auto_candidates && consistent && board.eliminated.iter().any(|&b| b != 0) {
        state.to_text()
    } else {
        rules.line(&board.digits)
    }
}

/// Reads a saved game back.
pub fn from_text(text: &str) -> Result<Game> {
    let mut fields = Vec::new();
    let (mut shape, mut alphabet) = (Shape::NINE, Alphabet::Digits);
    for (number, line) in text.lines().enumerate() {
        let Some((key, value)) = line.strip_prefix("# ").and_then(|l| l.split_once(": ")) else {
            continue;
        };
        let at = || format!("line {}: {key}", number + 1);
        match key {
            "box" => shape = parsed(value).with_context(at)?,
            "alphabet" => alphabet = parsed(value).with_context(at)?,
            _ => fields.push((number, key, value.trim())),
        }
    }
    if !alphabet.fits(shape.size()) {
        bail!(
            "the alphabet {alphabet} cannot write a side of {}",
            shape.size()
        );
    }
    let rules = Rules::new(shape, alphabet);
    let cells = rules.cells();
    let mut givens = None;
    let (mut player, mut auto) = (vec![0u8; cells], vec![0u8; cells]);
    let (mut eliminated, mut pencil) = (vec![0u64; cells], vec![0u64; cells]);
    let mut elapsed = Duration::ZERO;
    let mut settings = Settings::default();
    for (number, key, value) in fields {
        let mut read = || -> Result<()> {
            match key {
                "givens" => givens = Some(digits(&rules, value)?),
                "player" => player = digits(&rules, value)?,
                "auto" => auto = digits(&rules, value)?,
                "eliminated" => eliminated = marks(&rules, value)?,
                "pencil" => pencil = marks(&rules, value)?,
                "time" => elapsed = Duration::from_secs(value.parse()?),
                "settings" => settings = read_settings(value)?,
                _ => {}
            }
            Ok(())
        };
        read().with_context(|| format!("line {}: {key}", number + 1))?;
    }
    let givens = givens.ok_or_else(|| anyhow!("no `# givens:` line"))?;
    let mut board = Board::of(&vec![0; cells]);
    board.eliminated = eliminated;
    board.pencil = pencil;
    for (origin, digits) in [
        (Origin::Given, givens),
        (Origin::Player, player),
        (Origin::Auto, auto),
    ] {
        for (cell, &digit) in digits.iter().enumerate().filter(|(_, d)| **d != 0) {
            if board.digits[cell] != 0 {
                bail!("{} is filled twice", rules.cell_name(cell));
            }
            board.digits[cell] = digit;
            board.origins[cell] = Some(origin);
        }
    }
    let game = Game::resume(rules, board, elapsed, settings);
    // The other subcommands read the position line: one edited by hand would have them and
    // play see two different games.
    let position = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .last();
    if let Some((number, line)) = position
        && line.trim() != position_record(&game)
    {
        bail!(
            "line {}: the position is not the game the `#` lines hold (edited?): to play it as \
             a new game, delete the `#` lines; to resume, put back the position they give",
            number + 1
        );
    }
    Ok(game)
}

/// The symbols of a line, a cell each: characters, or words for the numbers alphabet.
fn symbols<'a>(rules: &Rules, text: &'a str) -> Vec<&'a str> {
    match rules.alphabet() {
        Alphabet::Numbers => text.split_whitespace().collect(),
        _ => text
            .char_indices()
            .map(|(at, c)| &text[at..at + c.len_utf8()])
            .collect(),
    }
}

/// A value per cell, `.` for an empty one.
fn digits(rules: &Rules, text: &str) -> Result<Vec<u8>> {
    let symbols = symbols(rules, text);
    if symbols.len() != rules.cells() {
        bail!("{} cells, expected {}", symbols.len(), rules.cells());
    }
    symbols
        .into_iter()
        .map(|symbol| match is_blank(rules, symbol) {
            true => Ok(0),
            false => value(rules, symbol),
        })
        .collect()
}

/// True when `symbol` stands for no value: `.`, or `0` but in hex.
fn is_blank(rules: &Rules, symbol: &str) -> bool {
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => rules.alphabet().is_blank(c),
        _ => false,
    }
}

/// The value a symbol stands for.
fn value(rules: &Rules, symbol: &str) -> Result<u8> {
    let value = match rules.alphabet() {
        Alphabet::Numbers => symbol.parse::<u8>().ok(),
        _ => symbol.chars().next().and_then(|c| rules.value_of(c)),
    };
    value
        .filter(|&v| v >= 1 && usize::from(v) <= rules.size())
        .ok_or_else(|| anyhow!("invalid symbol {symbol:?}"))
}

/// Marks of every cell: the side's worth of characters a cell, a value's symbol where its mark
/// is and `.` elsewhere; with numbers, a cell's marks joined by `,` (`.` for none), the cells
/// separated by spaces.
fn marks_text(rules: &Rules, marks: &[u64]) -> String {
    let cell_text = |bits: u64| -> String {
        match rules.alphabet() {
            Alphabet::Numbers if bits == 0 => ".".to_string(),
            Alphabet::Numbers => {
                let values: Vec<String> = values_of(bits).map(|v| rules.symbol(v)).collect();
                values.join(",")
            }
            _ => (1..=rules.size() as u8)
                .map(|v| match bits >> v & 1 == 1 {
                    true => rules.symbol(v),
                    false => ".".to_string(),
                })
                .collect(),
        }
    };
    let cells: Vec<String> = marks.iter().map(|&bits| cell_text(bits)).collect();
    match rules.alphabet() {
        Alphabet::Numbers => cells.join(" "),
        _ => cells.concat(),
    }
}

/// Reads [`marks_text`] back.
fn marks(rules: &Rules, text: &str) -> Result<Vec<u64>> {
    let cells = rules.cells();
    let words: Vec<Vec<&str>> = match rules.alphabet() {
        Alphabet::Numbers => text
            .split_whitespace()
            .map(|cell| cell.split(',').filter(|v| !is_blank(rules, v)).collect())
            .collect(),
        _ => symbols(rules, text)
            .chunks(rules.size())
            .map(|cell| {
                cell.iter()
                    .copied()
                    .filter(|v| !is_blank(rules, v))
                    .collect()
            })
            .collect(),
    };
    let expected = match rules.alphabet() {
        Alphabet::Numbers => cells,
        _ => cells * rules.size(),
    };
    let (found, unit) = match rules.alphabet() {
        Alphabet::Numbers => (words.len(), "cells"),
        _ => (text.chars().count(), "characters"),
    };
    if found != expected {
        bail!("{found} {unit}, expected {expected}");
    }
    words
        .into_iter()
        .map(|cell| {
            cell.into_iter()
                .try_fold(0u64, |bits, symbol| Ok(bits | 1 << value(rules, symbol)?))
        })
        .collect()
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

/// A field's value read as a `T`, its error kept as text.
fn parsed<T: std::str::FromStr>(value: &str) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    value.trim().parse().map_err(|e| anyhow!("{e}"))
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::play::testing;

    fn game() -> Game {
        let givens = PUZZLE
            .parse::<sudoku_engine::Grid>()
            .unwrap()
            .cells()
            .to_vec();
        Game::new(Rules::classic(), &givens)
    }

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn a_game_reads_back_as_it_was_saved() {
        let mut game = game();
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
    fn a_position_line_edited_by_hand_is_refused_not_ignored() {
        let mut game = game();
        play_a_little(&mut game);
        let text = to_text(&game);
        let position = text.lines().last().unwrap();
        // A cell changed, as a person would fix a given in an editor.
        let edited = position.replacen('.', "7", 1);
        let error = from_text(&text.replace(position, &edited)).err().unwrap();
        let lines = text.lines().count();
        assert!(
            error.to_string().starts_with(&format!(
                "line {lines}: the position is not the game the `#` lines hold"
            )),
            "{error}"
        );
        // Without the line, or with CRLF line ends and trailing blanks, the game resumes.
        let without: String = text
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(from_text(&without).unwrap().board(), game.board());
        let crlf = text.replace('\n', " \r\n") + "\r\n";
        assert_eq!(from_text(&crlf).unwrap().board(), game.board());
    }

    #[test]
    fn the_position_line_is_the_candidate_form_once_candidates_are_struck_out() {
        let mut game = game();
        let record = |game: &Game| to_text(game).lines().last().unwrap().len();
        assert_eq!(record(&game), 81);
        game.move_cursor(0, 1);
        game.toggle_pencil_mode();
        let struck = game.marks(game.cursor()).trailing_zeros() as u8;
        game.type_digit(struck);
        assert_eq!(record(&game), 729);
    }

    /// Moves the cursor to the next cell in reading order, and from the last to the first.
    fn step_on(game: &mut Game) {
        game.move_cursor(0, 1);
        if game.cursor().is_multiple_of(game.rules().size()) {
            game.move_cursor(1, 0);
        }
    }

    /// Strikes out the first candidate of the cell under the cursor, places the cell's
    /// lowest candidate in the next one, and pencils a mark with auto-candidates off.
    fn play_a_little(game: &mut Game) {
        let lowest = |game: &Game| game.marks(game.cursor()).trailing_zeros() as u8;
        while game.board().digits[game.cursor()] != 0 {
            step_on(game);
        }
        game.toggle_pencil_mode();
        game.type_digit(lowest(game));
        game.toggle_pencil_mode();
        step_on(game);
        while game.board().digits[game.cursor()] != 0 {
            step_on(game);
        }
        game.type_digit(lowest(game));
        game.tick(Duration::from_secs(9));
    }

    #[test]
    fn a_16x16_game_reads_back_with_its_box_alphabet_and_marks() {
        let (rules, givens) = testing::sized(&testing::sixteen());
        let mut game = Game::new(rules, &givens);
        play_a_little(&mut game);
        let text = to_text(&game);
        assert!(text.contains("\n# box: 4x4\n# alphabet: "), "{text}");
        let eliminated = text.lines().find(|l| l.starts_with("# eliminated: "));
        assert_eq!(eliminated.unwrap().len(), "# eliminated: ".len() + 256 * 16);
        // The last line is the candidate form: 16 characters a cell.
        assert_eq!(text.lines().last().unwrap().len(), 256 * 16);
        let back = from_text(&text).unwrap();
        assert_eq!(back.rules().shape(), game.rules().shape());
        assert_eq!(back.board(), game.board());
        assert_eq!(to_text(&back), text);

        game.toggle_auto_candidates();
        game.toggle_pencil_mode();
        game.type_digit(16);
        let text = to_text(&game);
        assert!(text.contains("\n# pencil: "), "{text}");
        assert_eq!(from_text(&text).unwrap().board(), game.board());
    }

    #[test]
    fn a_9x9_game_in_letters_speaks_and_reads_back_in_letters() {
        let puzzle =
            "....I.F.......B..E....C.AH......C..GC.F...B..I.A...H............D.AHE...GE..D....";
        let (rules, givens) = testing::sized(puzzle);
        assert_eq!(rules.alphabet(), Alphabet::Letters);
        let mut game = Game::new(rules, &givens);
        // The hint writes values as the grid does: each `<> X` or `= X` names a letter.
        game.hint();
        let hint = game.message().unwrap().1.to_string();
        let values: Vec<char> = ["<> ", "= "]
            .iter()
            .flat_map(|sign| hint.match_indices(sign).map(|(at, _)| at + sign.len()))
            .filter_map(|at| hint[at..].chars().next())
            .collect();
        assert!(!values.is_empty(), "{hint}");
        assert!(values.iter().all(|c| ('A'..='I').contains(c)), "{hint}");
        play_a_little(&mut game);
        let text = to_text(&game);
        assert!(
            text.contains("\n# box: 3x3\n# alphabet: letters\n"),
            "{text}"
        );
        assert!(text.contains(&format!("# givens: {puzzle}\n")), "{text}");
        let back = from_text(&text).unwrap();
        assert_eq!(back.rules().alphabet(), Alphabet::Letters);
        assert_eq!(back.board(), game.board());
    }

    #[test]
    fn with_numbers_cells_are_separated_by_spaces_and_marks_by_commas() {
        let rules = Rules::new("2x2".parse().unwrap(), Alphabet::Numbers);
        let givens = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        let mut game = Game::new(rules, &givens);
        play_a_little(&mut game);
        // Two candidates struck out of one cell.
        while game.marks(game.cursor()).count_ones() < 3 {
            step_on(&mut game);
        }
        game.toggle_pencil_mode();
        for _ in 0..2 {
            game.type_digit(game.marks(game.cursor()).trailing_zeros() as u8);
        }
        let text = to_text(&game);
        let givens_line = text.lines().find(|l| l.starts_with("# givens: ")).unwrap();
        assert_eq!(givens_line, "# givens: 1 . . . . . . . . . . . . . . 4");
        let eliminated = text.lines().find(|l| l.starts_with("# eliminated: "));
        assert!(eliminated.unwrap().contains(','), "{text}");
        let back = from_text(&text).unwrap();
        assert_eq!(back.board(), game.board());
        assert_eq!(to_text(&back), text);
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
