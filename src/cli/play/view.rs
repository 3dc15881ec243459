//! Drawing a game: the grid with box lines (each cell 5 columns by 2 rows, enough for its digit
//! or its nine pencil marks: 1-5 on the first row, 6-9 on the second), a side panel with the
//! clock, the switches and the keys, and two rows of messages at the bottom. The whole fits
//! 80x24; below 55x24 a message asks for a larger terminal.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use sudoku_engine::Position;

use super::app::App;
use super::game::{Game, HintRole, Origin, Stage, Tone, clock};
use super::keys::HELP;

/// Columns of the grid, box lines included.
const GRID_WIDTH: u16 = 55;
/// Rows of the grid, box lines included.
const GRID_HEIGHT: u16 = 22;
/// Columns of the side panel, with its margin.
const PANEL_WIDTH: u16 = 25;
/// The smallest terminal the game is drawn in: the grid and two rows of messages.
pub const MIN_SIZE: (u16, u16) = (GRID_WIDTH, GRID_HEIGHT + 2);

/// The styles of the game, in colour or (NO_COLOR, `--color never`) with attributes only:
/// bold, dim, underlined, crossed out and reversed read on a dark or a light background.
struct Palette {
    given: Style,
    player: Style,
    auto: Style,
    mark: Style,
    wrong: Style,
    hint_placement: Style,
    hint_elimination: Style,
    line: Style,
    tone_info: Style,
    tone_warning: Style,
    tone_success: Style,
}

impl Palette {
    fn new(colour: bool) -> Palette {
        let plain = Style::new();
        let bold = plain.add_modifier(Modifier::BOLD);
        let paint = |style: Style, colour_of: Color| match colour {
            true => style.fg(colour_of),
            false => style,
        };
        Palette {
            given: bold,
            player: paint(plain, Color::Blue),
            auto: match colour {
                true => plain.fg(Color::Green),
                false => plain.add_modifier(Modifier::UNDERLINED),
            },
            mark: plain.add_modifier(Modifier::DIM),
            wrong: paint(bold.add_modifier(Modifier::CROSSED_OUT), Color::Red),
            hint_placement: match colour {
                true => bold.fg(Color::Black).bg(Color::Green),
                false => bold.add_modifier(Modifier::UNDERLINED),
            },
            hint_elimination: paint(plain.add_modifier(Modifier::CROSSED_OUT), Color::Red),
            line: plain,
            tone_info: plain,
            tone_warning: paint(bold, Color::Red),
            tone_success: paint(bold, Color::Green),
        }
    }

    fn tone(&self, tone: Tone) -> Style {
        match tone {
            Tone::Info => self.tone_info,
            Tone::Warning => self.tone_warning,
            Tone::Success => self.tone_success,
        }
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buffer = frame.buffer_mut();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        too_small(buffer, area);
        return;
    }
    let palette = Palette::new(app.colour);
    let game = &app.game;
    draw_grid(buffer, area, game, &palette);
    if area.width >= GRID_WIDTH + PANEL_WIDTH {
        let panel = Rect::new(
            area.x + GRID_WIDTH + 1,
            area.y,
            PANEL_WIDTH - 1,
            GRID_HEIGHT,
        );
        draw_panel(buffer, panel, game);
    }
    let messages = Rect::new(area.x, area.y + GRID_HEIGHT, area.width, 2);
    if let Some((tone, text)) = game.message() {
        Paragraph::new(text)
            .style(palette.tone(tone))
            .wrap(Wrap { trim: true })
            .render(messages, buffer);
    }
}

fn too_small(buffer: &mut Buffer, area: Rect) {
    let (width, height) = MIN_SIZE;
    let text = format!(
        "sudoku play needs a terminal of at least {width}x{height}; this one is {}x{}. \
         Enlarge it, or press q to quit.",
        area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center)
        .render(area, buffer);
}

/// The screen column and row of a cell's top left corner, from the grid's corner.
fn cell_corner(position: Position) -> (u16, u16) {
    let (row, column) = (position.row() as u16, position.column() as u16);
    let x = 1 + column / 3 * 18 + column % 3 * 6;
    let y = 1 + row * 2 + row / 3;
    (x, y)
}

fn draw_grid(buffer: &mut Buffer, area: Rect, game: &Game, palette: &Palette) {
    let rule = |left: &str, middle: &str, right: &str| {
        let segment = "─".repeat(17);
        format!("{left}{segment}{middle}{segment}{middle}{segment}{right}")
    };
    let cells_row = format!("│{0}│{0}│{0}│", " ".repeat(17));
    let mut y = area.y;
    for band in 0..3 {
        let line = match band {
            0 => rule("┌", "┬", "┐"),
            _ => rule("├", "┼", "┤"),
        };
        buffer.set_string(area.x, y, line, palette.line);
        for _ in 0..6 {
            y += 1;
            buffer.set_string(area.x, y, &cells_row, palette.line);
        }
        y += 1;
    }
    buffer.set_string(area.x, y, rule("└", "┴", "┘"), palette.line);
    let all_marks = game.all_marks();
    for position in Position::all() {
        let (x, y) = cell_corner(position);
        let marks = all_marks[position.index()];
        draw_cell(
            buffer,
            (area.x + x, area.y + y),
            game,
            position,
            marks,
            palette,
        );
    }
}

/// One cell: its digit in the middle of the first row, or its pencil marks `marks`; reversed
/// when selected.
fn draw_cell(
    buffer: &mut Buffer,
    (x, y): (u16, u16),
    game: &Game,
    at: Position,
    marks: u16,
    palette: &Palette,
) {
    let board = game.board();
    let digit = board.digits[at.index()];
    let hint = game.hint_role(at);
    if digit != 0 {
        let mut style = match board.origins[at.index()] {
            Some(Origin::Given) => palette.given,
            Some(Origin::Auto) => palette.auto,
            _ => palette.player,
        };
        if game.clashes(at) || game.is_mistake(at) {
            style = palette.wrong;
        }
        buffer.set_string(x + 2, y, char::from(b'0' + digit).to_string(), style);
    } else {
        let placed = hint_digit(game, at);
        let removed = match hint {
            Some(HintRole::Elimination(removed)) => removed,
            _ => 0,
        };
        for digit in (1..=9u8).filter(|d| marks & (1 << d) != 0) {
            let style = if placed == Some(digit) {
                palette.hint_placement
            } else if removed & (1 << digit) != 0 {
                palette.hint_elimination
            } else {
                palette.mark
            };
            let (row, column) = (u16::from(digit - 1) / 5, u16::from(digit - 1) % 5);
            let text = char::from(b'0' + digit).to_string();
            buffer.set_string(x + column, y + row, text, style);
        }
    }
    if at == game.cursor() {
        let block = Rect::new(x, y, 5, 2);
        for position in block.positions() {
            let cell = &mut buffer[position];
            cell.set_style(cell.style().add_modifier(Modifier::REVERSED));
        }
    }
}

/// The digit the hint on show places in `position`.
fn hint_digit(game: &Game, position: Position) -> Option<u8> {
    game.hint_step()?
        .placements
        .iter()
        .find(|p| p.position == position)
        .map(|p| p.digit)
}

fn draw_panel(buffer: &mut Buffer, area: Rect, game: &Game) {
    let settings = game.settings();
    let filled = game.board().digits.iter().filter(|&&d| d != 0).count();
    let stage = match game.stage() {
        Stage::Entering => "entering givens",
        Stage::Playing => "playing",
        Stage::Solved => "solved",
    };
    let switch =
        |name: &str, on: bool| Line::from(format!("{name:<15}{}", if on { "on" } else { "off" }));
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::from(Span::styled("sudoku play", bold)),
        Line::from(stage),
        Line::from(format!("time {:>13}", clock(game.elapsed()))),
        Line::from(format!("filled {filled:>8}/81")),
        switch("auto-fill", settings.auto_fill),
        switch("candidates", settings.auto_candidates),
        switch("pencil mode", settings.pencil_mode),
        switch("mistakes", settings.show_mistakes),
        Line::from(""),
    ];
    if game.stage() == Stage::Entering {
        lines.push(Line::from("Enter  start"));
    }
    for (keys, what) in HELP {
        lines.push(Line::from(vec![
            Span::styled(format!("{keys:<10}"), bold),
            Span::raw(what),
        ]));
    }
    Paragraph::new(lines).render(area, buffer);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::play::keys::Action;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::path::PathBuf;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn screen(app: &App, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| draw(frame, app)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                let row: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
                row.trim_end().to_string() + "\n"
            })
            .collect()
    }

    fn app(puzzle: &str) -> App {
        let game = crate::cli::play::game::Game::new(&puzzle.parse().unwrap());
        App::new(game, PathBuf::from("game.txt"), false)
    }

    #[test]
    fn a_new_game_fits_80_by_24() {
        insta::assert_snapshot!(screen(&app(HARD), 80, 24));
    }

    #[test]
    fn a_hint_and_its_application() {
        let mut app = app(HARD);
        app.act(Action::Hint);
        insta::assert_snapshot!("hint_shown", screen(&app, 80, 24));
        app.act(Action::Hint);
        insta::assert_snapshot!("hint_applied", screen(&app, 80, 24));
    }

    #[test]
    fn a_move_fills_the_singles_that_follow_and_undo_takes_them_back() {
        let mut app = app(HARD);
        for action in [Action::Move(-1, 2), Action::Digit(7), Action::Move(0, 1)] {
            app.act(action);
        }
        insta::assert_snapshot!("after_r9c3_is_7", screen(&app, 80, 24));
        app.act(Action::Undo);
        insta::assert_snapshot!("undone", screen(&app, 80, 24));
    }

    /// The style of the first character drawn in a cell's box.
    fn cell_style(app: &App, at: Position, digit: Option<u8>) -> Style {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| draw(frame, app)).unwrap();
        let buffer = terminal.backend().buffer();
        let (x, y) = cell_corner(at);
        let (x, y) = match digit {
            Some(d) => (x + u16::from(d - 1) % 5, y + u16::from(d - 1) / 5),
            None => (x + 2, y),
        };
        buffer[(x, y)].style()
    }

    #[test]
    fn givens_the_players_digits_and_auto_filled_ones_look_different_without_colour() {
        let mut app = app(PUZZLE);
        app.act(Action::Move(0, 2));
        app.act(Action::Digit(4));
        let auto = Position::all()
            .find(|&p| app.game.board().origins[p.index()] == Some(Origin::Auto))
            .expect("r1c3 = 4 makes singles");
        app.act(Action::Move(1, 0));
        let given = cell_style(&app, Position::at(0, 0), None);
        let player = cell_style(&app, Position::at(0, 2), None);
        let filled = cell_style(&app, auto, None);
        assert!(given.add_modifier.contains(Modifier::BOLD));
        assert!(!player.add_modifier.contains(Modifier::BOLD));
        assert!(filled.add_modifier.contains(Modifier::UNDERLINED));
        assert_ne!(player, filled);
        assert!(
            matches!(given.fg, None | Some(Color::Reset)),
            "no colour: the terminal's own foreground"
        );
    }

    #[test]
    fn a_hint_highlights_its_cells_in_colour() {
        let mut app = app(HARD);
        app.colour = true;
        app.act(Action::Hint);
        // hidden single: 7 in box 7 -> r9c3 = 7
        let placed = cell_style(&app, Position::at(8, 2), Some(7));
        assert_eq!(placed.bg, Some(Color::Green));
        let other = cell_style(&app, Position::at(8, 2), Some(1));
        assert_ne!(other.bg, Some(Color::Green));
    }

    #[test]
    fn mistakes_are_crossed_out_once_shown() {
        let mut app = app(PUZZLE);
        app.game.toggle_auto_fill();
        app.act(Action::Move(0, 2));
        app.act(Action::Digit(1));
        let wrong = |app: &App| cell_style(app, Position::at(0, 2), None);
        assert!(!wrong(&app).add_modifier.contains(Modifier::CROSSED_OUT));
        app.act(Action::Mistakes);
        assert!(wrong(&app).add_modifier.contains(Modifier::CROSSED_OUT));
        assert_eq!(
            app.game.message(),
            Some((Tone::Info, "1 digit(s) differ from the solution, marked."))
        );
    }

    #[test]
    fn without_the_side_panel_below_80_columns_and_a_message_below_55_by_24() {
        let app = app(HARD);
        let narrow = screen(&app, 55, 24);
        assert!(narrow.contains("┌───"), "{narrow}");
        assert!(!narrow.contains("sudoku play"), "{narrow}");
        let small = screen(&app, 54, 24);
        assert!(
            small.contains("at least 55x24") && small.contains("54x24"),
            "{small}"
        );
        assert!(!small.contains("┌───"), "{small}");
    }

    #[test]
    fn entering_shows_only_givens_and_how_to_start() {
        let game = crate::cli::play::game::Game::entering(&sudoku_engine::Grid::empty());
        let mut app = App::new(game, PathBuf::from("game.txt"), false);
        for action in [
            Action::Digit(5),
            Action::Digit(3),
            Action::Clear,
            Action::Digit(7),
        ] {
            app.act(action);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }
}
