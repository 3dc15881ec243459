//! Drawing a game: the grid with box lines, a side panel with the clock, the switches and the
//! keys, and two rows of messages at the bottom.
//!
//! Grids up to 9x9 give each cell 2 rows for its value or its pencil marks, half of them a row:
//! 1-5 over 6-9 at 9x9 and 1-4 over 5-8 at 8x8 in 5 columns, and spaced apart, as the boxes
//! are, 1 2 3 over 4 5 6 at 6x6 (7 columns) and 1 2 over 3 4 at 4x4 (5 columns): a 9x9 game
//! fits 80x24, and below 55x24 a message asks for a larger terminal. Larger grids give each
//! cell its symbol's width and one row, and show the selected cell's marks on a line under the
//! grid: 16x16 needs 33x24, 25x25 51x34, 36x36 109x46.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::App;
use super::game::{Game, HintRole, Origin, Stage, Tone, clock};
use super::keys::help;
use super::rules::{Rules, values_of};

/// Columns of the side panel, with its margin.
const PANEL_WIDTH: u16 = 25;
/// Rows the side panel takes.
const PANEL_HEIGHT: u16 = 22;
/// Rows of messages under the grid.
const MESSAGE_ROWS: u16 = 2;

/// Where the cells go on screen: each `width` columns by `height` rows, a column between two
/// cells of a box, a line around each box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    size: u16,
    box_rows: u16,
    box_columns: u16,
    width: u16,
    height: u16,
    /// Pencil marks inside the cells (grids up to 9x9); otherwise on a line under the grid.
    marks_inside: bool,
}

impl Layout {
    fn of(rules: &Rules) -> Layout {
        let shape = rules.shape();
        let marks_inside = rules.size() <= 9;
        let (width, height) = match marks_inside {
            true => (marked_cell_width(rules.size()), 2),
            false => (rules.symbol_width() as u16, 1),
        };
        Layout {
            size: rules.size() as u16,
            box_rows: shape.box_rows() as u16,
            box_columns: shape.box_columns() as u16,
            width,
            height,
            marks_inside,
        }
    }

    /// Columns of the grid, box lines included.
    fn grid_width(self) -> u16 {
        self.size * (self.width + 1) + 1
    }

    /// Rows of the grid, box lines included, with the line of marks under it if any.
    fn grid_height(self) -> u16 {
        let lines = self.size * self.height + self.size / self.box_rows + 1;
        lines + u16::from(!self.marks_inside)
    }

    /// The smallest terminal the game is drawn in: the grid and the messages.
    fn min_size(self) -> (u16, u16) {
        (self.grid_width(), self.grid_height() + MESSAGE_ROWS)
    }

    /// The cell drawn at a screen column and row, from the grid's corner (the column right of
    /// a cell counted as its own, a near miss): None on a line between bands, or off the grid.
    fn cell_under(self, column: u16, row: u16) -> Option<usize> {
        let size = usize::from(self.size);
        let within = |at: u16, start: u16, length: u16| (start..start + length).contains(&at);
        let column = (0..size).find(|&c| within(column, self.cell_corner(c).0, self.width + 1))?;
        let row = (0..size).find(|&r| within(row, self.cell_corner(r * size).1, self.height))?;
        Some(row * size + column)
    }

    /// The screen column and row of a cell's top left corner, from the grid's corner.
    fn cell_corner(self, cell: usize) -> (u16, u16) {
        let (row, column) = (cell as u16 / self.size, cell as u16 % self.size);
        let x = 1 + column * (self.width + 1);
        let y = 1 + row * self.height + row / self.box_rows;
        (x, y)
    }
}

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

    /// The style of a mark of `value` in `cell`: the value the hint places there, a candidate
    /// it removes, or an ordinary mark.
    fn mark_of(&self, game: &Game, cell: usize, value: u8) -> Style {
        let removed = match game.hint_role(cell) {
            Some(HintRole::Elimination(removed)) => removed,
            _ => 0,
        };
        if hint_digit(game, cell) == Some(value) {
            self.hint_placement
        } else if removed >> value & 1 == 1 {
            self.hint_elimination
        } else {
            self.mark
        }
    }
}

/// The cell drawn at `column` and `row` of a screen of `width` by `height` (where a mouse
/// was clicked), if any: none on a line between bands, off the grid, or where the screen is
/// too small for the grid to be drawn (see [`Layout::cell_under`]).
pub fn cell_at(rules: &Rules, (width, height): (u16, u16), column: u16, row: u16) -> Option<usize> {
    let layout = Layout::of(rules);
    let (min_width, min_height) = layout.min_size();
    if width < min_width || height < min_height {
        return None;
    }
    layout.cell_under(column, row)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buffer = frame.buffer_mut();
    let game = &app.game;
    let layout = Layout::of(game.rules());
    let (min_width, min_height) = layout.min_size();
    if area.width < min_width || area.height < min_height {
        too_small(buffer, area, layout.min_size());
        return;
    }
    let palette = Palette::new(app.colour);
    draw_grid(buffer, area, game, layout, &palette);
    // Small grids leave the panel its rows; the messages go under both.
    let body = layout
        .grid_height()
        .max(PANEL_HEIGHT.min(area.height - MESSAGE_ROWS));
    if area.width >= layout.grid_width() + PANEL_WIDTH {
        let panel = Rect::new(
            area.x + layout.grid_width() + 1,
            area.y,
            PANEL_WIDTH - 1,
            body,
        );
        draw_panel(buffer, panel, game);
    }
    let messages = Rect::new(area.x, area.y + body, area.width, MESSAGE_ROWS);
    if let Some((tone, text)) = game.message() {
        Paragraph::new(fitted(text, area.width, MESSAGE_ROWS))
            .style(palette.tone(tone))
            .wrap(Wrap { trim: true })
            .render(messages, buffer);
    }
}

/// `text` as it fits in `rows` lines of `width` columns wrapped at spaces: whole when it fits,
/// else with its middle left out (`…`), so that the start (what the message is about) and the
/// end (what to do next, a warning) stay. A forcing chain's reasoning can be that long.
fn fitted(text: &str, width: u16, rows: u16) -> String {
    if wrapped_lines(text, width) <= rows {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    // Keep whole words from the end, up to half the room, then as many from the start as fit.
    let room = usize::from(width) * usize::from(rows) / 2;
    let (mut tail, mut kept) = (words.len(), 0);
    while tail > 1 && kept + words[tail - 1].chars().count() <= room {
        kept += words[tail - 1].chars().count() + 1;
        tail -= 1;
    }
    let end = words[tail..].join(" ");
    (1..tail)
        .rev()
        .map(|head| format!("{} … {end}", words[..head].join(" ")))
        .find(|shorter| wrapped_lines(shorter, width) <= rows)
        .unwrap_or(end)
}

/// How many lines `text` takes in `width` columns, wrapped greedily at spaces (a word longer
/// than a line is cut).
fn wrapped_lines(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let (mut lines, mut used) = (1u16, 0usize);
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let length = word.chars().count();
        if used > 0 && used + 1 + length <= width {
            used += 1 + length;
            continue;
        }
        if used > 0 {
            lines += 1;
        }
        lines += ((length - 1) / width) as u16;
        used = (length - 1) % width + 1;
    }
    lines
}

fn too_small(buffer: &mut Buffer, area: Rect, (width, height): (u16, u16)) {
    let text = format!(
        "sudoku play needs a terminal of at least {width}x{height} for this grid; this one is \
         {}x{}. Enlarge it, or press q to quit.",
        area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .alignment(Alignment::Center)
        .render(area, buffer);
}

fn draw_grid(buffer: &mut Buffer, area: Rect, game: &Game, layout: Layout, palette: &Palette) {
    let stacks = layout.size / layout.box_columns;
    let inside = usize::from(layout.box_columns * (layout.width + 1) - 1);
    let rule = |left: &str, middle: &str, right: &str| {
        let segments = vec!["─".repeat(inside); usize::from(stacks)];
        format!("{left}{}{right}", segments.join(middle))
    };
    let cells_row = format!(
        "│{}│",
        vec![" ".repeat(inside); usize::from(stacks)].join("│")
    );
    let mut y = area.y;
    for band in 0..layout.size / layout.box_rows {
        let line = match band {
            0 => rule("┌", "┬", "┐"),
            _ => rule("├", "┼", "┤"),
        };
        buffer.set_string(area.x, y, line, palette.line);
        for _ in 0..layout.box_rows * layout.height {
            y += 1;
            buffer.set_string(area.x, y, &cells_row, palette.line);
        }
        y += 1;
    }
    buffer.set_string(area.x, y, rule("└", "┴", "┘"), palette.line);
    let all_marks = game.all_marks();
    for (cell, &marks) in all_marks.iter().enumerate() {
        let (x, y) = layout.cell_corner(cell);
        let corner = (area.x + x, area.y + y);
        draw_cell(buffer, corner, layout, game, cell, marks, palette);
    }
    if !layout.marks_inside {
        let cursor = game.cursor();
        let line = marks_line(game, cursor, all_marks[cursor], palette);
        buffer.set_line(area.x, y + 1, &line, layout.grid_width());
    }
}

/// One cell: its value, or (marks inside) its pencil marks `marks`; reversed when selected.
fn draw_cell(
    buffer: &mut Buffer,
    (x, y): (u16, u16),
    layout: Layout,
    game: &Game,
    cell: usize,
    marks: u64,
    palette: &Palette,
) {
    let board = game.board();
    let rules = game.rules();
    let digit = board.digits[cell];
    if digit != 0 {
        let mut style = match board.origins[cell] {
            Some(Origin::Given) => palette.given,
            Some(Origin::Auto) => palette.auto,
            _ => palette.player,
        };
        if game.clashes(cell) || game.is_mistake(cell) {
            style = palette.wrong;
        }
        let symbol = rules.symbol(digit);
        let (x, text) = match layout.marks_inside {
            true => (x + layout.width / 2, symbol),
            false => (x, format!("{symbol:>0$}", usize::from(layout.width))),
        };
        buffer.set_string(x, y, text, style);
    } else if layout.marks_inside {
        for value in values_of(marks) {
            let style = palette.mark_of(game, cell, value);
            let (row, column) = mark_place(rules.size(), value);
            buffer.set_string(x + column, y + row, rules.symbol(value), style);
        }
    } else {
        let (text, style) = match (game.hint_role(cell), hint_digit(game, cell)) {
            (Some(HintRole::Placement), Some(value)) => {
                (rules.symbol(value), palette.hint_placement)
            }
            (Some(HintRole::Elimination(_)), _) => ("·".to_string(), palette.hint_elimination),
            _ => ("·".to_string(), palette.mark),
        };
        let text = format!("{text:>0$}", usize::from(layout.width));
        buffer.set_string(x, y, text, style);
    }
    if cell == game.cursor() {
        let block = Rect::new(x, y, layout.width, layout.height);
        for position in block.positions() {
            let cell = &mut buffer[position];
            cell.set_style(cell.style().add_modifier(Modifier::REVERSED));
        }
    }
}

/// How many pencil marks a row of a cell holds in a grid of `size` up to 9 (two rows: half
/// the values each), and whether they are spaced a column apart (three or fewer to a row).
fn marks_per_row(size: usize) -> (u16, bool) {
    let per_row = size.div_ceil(2) as u16;
    (per_row, per_row <= 3)
}

/// The columns of a cell of a grid of `size` up to 9: five, or room for spaced marks with a
/// column free on each side.
fn marked_cell_width(size: usize) -> u16 {
    match marks_per_row(size) {
        (per_row, true) => 2 * per_row + 1,
        (_, false) => 5,
    }
}

/// Where pencil mark `value` goes in a cell of a grid of `size` up to 9: its row (0 or 1) and
/// its column.
fn mark_place(size: usize, value: u8) -> (u16, u16) {
    let (per_row, spaced) = marks_per_row(size);
    let index = u16::from(value - 1);
    let (row, at) = (index / per_row, index % per_row);
    match spaced {
        true => (row, 1 + 2 * at),
        false => (row, at),
    }
}

/// The line under a large grid: the selected cell's name and its marks, or its value.
fn marks_line<'a>(game: &Game, cell: usize, marks: u64, palette: &Palette) -> Line<'a> {
    let rules = game.rules();
    let mut spans = vec![Span::raw(format!("{}: ", rules.cell_name(cell)))];
    let digit = game.board().digits[cell];
    if digit != 0 {
        let origin = match game.board().origins[cell] {
            Some(Origin::Given) => "given",
            Some(Origin::Auto) => "filled by auto-fill",
            _ => "yours",
        };
        spans.push(Span::raw(format!("{} ({origin})", rules.symbol(digit))));
    } else {
        for value in values_of(marks) {
            let style = palette.mark_of(game, cell, value);
            spans.push(Span::styled(rules.symbol(value), style));
            spans.push(Span::raw(" "));
        }
    }
    Line::from(spans)
}

/// The value the hint on show places in `cell`.
fn hint_digit(game: &Game, cell: usize) -> Option<u8> {
    game.hint_step()?
        .placements
        .iter()
        .find(|p| p.cell == cell)
        .map(|p| p.value)
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
    let cells = game.rules().cells().to_string();
    let mut lines = vec![
        Line::from(Span::styled("sudoku play", bold)),
        Line::from(stage),
        Line::from(format!("time {:>13}", clock(game.elapsed()))),
        Line::from(format!("filled {filled:>0$}/{cells}", 10 - cells.len())),
        switch("auto-fill", settings.auto_fill),
        switch("candidates", settings.auto_candidates),
        switch("pencil mode", settings.pencil_mode),
        switch("mistakes", settings.show_mistakes),
        Line::from(""),
    ];
    if game.stage() == Stage::Entering {
        lines.push(Line::from("Enter  start"));
    }
    let place = game.rules().keys();
    for (keys, what) in help(&place) {
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
    use crate::cli::play::testing;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::path::PathBuf;
    use sudoku_engine::sized::{Shape, SizedGrid};

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
        let givens = puzzle
            .parse::<sudoku_engine::Grid>()
            .unwrap()
            .cells()
            .to_vec();
        let game = Game::new(Rules::classic(), &givens);
        App::new(game, PathBuf::from("game.txt"), false)
    }

    /// The cell of row `row`, column `column` (from 0) of a 9x9 grid.
    fn at(row: usize, column: usize) -> usize {
        row * 9 + column
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
        for action in [Action::Move(-1, 2), Action::Symbol('7'), Action::Move(0, 1)] {
            app.act(action);
        }
        insta::assert_snapshot!("after_r9c3_is_7", screen(&app, 80, 24));
        app.act(Action::Undo);
        insta::assert_snapshot!("undone", screen(&app, 80, 24));
    }

    /// The style of the first character drawn in a cell's box.
    fn cell_style(app: &App, cell: usize, digit: Option<u8>) -> Style {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| draw(frame, app)).unwrap();
        let buffer = terminal.backend().buffer();
        let (x, y) = Layout::of(app.game.rules()).cell_corner(cell);
        let size = app.game.rules().size();
        let (x, y) = match digit.map(|d| mark_place(size, d)) {
            Some((row, column)) => (x + column, y + row),
            None => (x + Layout::of(app.game.rules()).width / 2, y),
        };
        buffer[(x, y)].style()
    }

    #[test]
    fn givens_the_players_digits_and_auto_filled_ones_look_different_without_colour() {
        let mut app = app(PUZZLE);
        app.act(Action::Move(0, 2));
        app.act(Action::Symbol('4'));
        let auto = (0..81)
            .find(|&c| app.game.board().origins[c] == Some(Origin::Auto))
            .expect("r1c3 = 4 makes singles");
        app.act(Action::Move(1, 0));
        let given = cell_style(&app, at(0, 0), None);
        let player = cell_style(&app, at(0, 2), None);
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
        let placed = cell_style(&app, at(8, 2), Some(7));
        assert_eq!(placed.bg, Some(Color::Green));
        let other = cell_style(&app, at(8, 2), Some(1));
        assert_ne!(other.bg, Some(Color::Green));
    }

    #[test]
    fn mistakes_are_crossed_out_once_shown() {
        let mut app = app(PUZZLE);
        app.game.toggle_auto_fill();
        app.act(Action::Move(0, 2));
        app.act(Action::Symbol('1'));
        let wrong = |app: &App| cell_style(app, at(0, 2), None);
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
        let game = Game::entering(Rules::classic(), &[0; 81]);
        let mut app = App::new(game, PathBuf::from("game.txt"), false);
        for action in [
            Action::Symbol('5'),
            Action::Symbol('3'),
            Action::Clear,
            Action::Symbol('7'),
        ] {
            app.act(action);
        }
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    /// Where each cell's symbol is drawn on a screen of `width` by `height` showing a game of
    /// a solved grid of `shape`: the screen's rows that hold symbols are the grid's rows, and
    /// the symbols along each are its cells, read off the screen, not from the layout.
    fn drawn_cells(shape: Shape, width: u16, height: u16) -> (Rules, Vec<(usize, u16, u16)>) {
        let solved = sudoku_engine::sized::solve(&SizedGrid::empty(shape)).unwrap();
        let alphabet = sudoku_engine::sized::Alphabet::default_for(shape.size());
        let rules = Rules::new(shape, alphabet);
        let app = App::new(
            Game::new(rules.clone(), solved.cells()),
            PathBuf::from("game.txt"),
            false,
        );
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|frame| draw(frame, &app)).unwrap();
        let buffer = terminal.backend().buffer();
        // The grid's corners bound it (the panel and the messages hold letters too).
        let right = (0..width)
            .find(|&x| buffer[(x, 0)].symbol() == "┐")
            .unwrap();
        let bottom = (0..height)
            .find(|&y| buffer[(0, y)].symbol() == "└")
            .unwrap();
        let is_symbol = |x: u16, y: u16| {
            let symbol = buffer[(x, y)].symbol();
            symbol.chars().all(|c| c.is_ascii_alphanumeric()) && !symbol.is_empty()
        };
        let mut places = Vec::new();
        let mut row = 0;
        for y in 0..bottom {
            // A symbol of two characters (numbers above 35) is drawn at its first.
            let xs: Vec<u16> = (0..right)
                .filter(|&x| is_symbol(x, y) && (x == 0 || !is_symbol(x - 1, y)))
                .collect();
            if xs.len() == shape.size() && row < shape.size() {
                places.extend(
                    xs.iter()
                        .enumerate()
                        .map(|(c, &x)| (row * shape.size() + c, x, y)),
                );
                row += 1;
            }
        }
        assert_eq!(places.len(), shape.cells(), "{shape:?}");
        (rules, places)
    }

    #[test]
    fn a_click_on_a_cells_symbol_selects_that_cell_and_a_line_between_bands_none() {
        let shapes = [
            (2, 3, 80, 24),
            (3, 3, 80, 24),
            (4, 4, 80, 24),
            (5, 5, 60, 40),
        ];
        for (rows, columns, width, height) in shapes {
            let shape = Shape::new(rows, columns).unwrap();
            let (rules, places) = drawn_cells(shape, width, height);
            for &(cell, x, y) in &places {
                assert_eq!(
                    cell_at(&rules, (width, height), x, y),
                    Some(cell),
                    "{shape:?}"
                );
            }
            // The row above each band's first row of symbols is its line.
            let (_, _, first) = places[shape.size() * rows];
            let line = first - 1;
            assert_eq!(cell_at(&rules, (width, height), places[0].1, line), None);
            assert_eq!(
                cell_at(&rules, (width, height), 0, places[0].2),
                None,
                "the border"
            );
            // Too small a screen draws no grid, and no click selects.
            let (x, y) = (places[0].1, places[0].2);
            assert_eq!(cell_at(&rules, (10, 10), x, y), None);
        }
    }

    /// A game on a puzzle of another size, read as `sudoku solve` reads it.
    fn sized_app(line: &str) -> App {
        let (rules, givens) = testing::sized(line);
        App::new(Game::new(rules, &givens), PathBuf::from("game.txt"), false)
    }

    #[test]
    fn a_16x16_game_shows_a_symbol_a_cell_and_the_selected_cells_marks_under_the_grid() {
        let mut app = sized_app(&testing::sixteen());
        app.act(Action::Move(0, 3));
        app.act(Action::Hint);
        insta::assert_snapshot!("sixteen_hint_shown", screen(&app, 80, 24));
        let (min_width, min_height) = Layout::of(app.game.rules()).min_size();
        assert_eq!((min_width, min_height), (33, 24));
    }

    #[test]
    fn a_6x6_game_keeps_the_marks_in_the_cells() {
        let app = sized_app(".3....54..6.....52...4.....1..16..3.");
        insta::assert_snapshot!(screen(&app, 80, 24));
    }

    #[test]
    fn the_marks_of_a_small_grid_sit_in_two_rows_spaced_as_its_boxes() {
        let places = |size: usize| -> Vec<(u16, u16)> {
            (1..=size as u8).map(|v| mark_place(size, v)).collect()
        };
        assert_eq!(places(4), [(0, 1), (0, 3), (1, 1), (1, 3)]);
        let six = [(0, 1), (0, 3), (0, 5), (1, 1), (1, 3), (1, 5)];
        assert_eq!(places(6), six);
        assert_eq!(marked_cell_width(4), 5);
        assert_eq!(marked_cell_width(6), 7);
        assert_eq!(marked_cell_width(8), 5);
        assert_eq!(marked_cell_width(9), 5);
        let eight = [
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
        ];
        assert_eq!(places(8), eight);
        let nine = places(9);
        assert_eq!(nine[..5], [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(nine[5..], [(1, 0), (1, 1), (1, 2), (1, 3)]);
    }

    #[test]
    fn a_25x25_game_asks_for_a_larger_terminal_than_80_by_24() {
        let rules = Rules::new(
            "5x5".parse().unwrap(),
            sudoku_engine::sized::Alphabet::Letters,
        );
        let app = App::new(
            Game::entering(rules, &[0; 625]),
            PathBuf::from("game.txt"),
            false,
        );
        let small = screen(&app, 80, 24);
        assert!(small.contains("at least 51x34"), "{small}");
        let large = screen(&app, 80, 34);
        assert!(large.contains("┌─────────┬"), "{large}");
        assert!(large.contains("r1c1:"), "{large}");
    }

    #[test]
    fn a_36x36_game_writes_two_digits_a_cell() {
        let rules = Rules::new(
            "6x6".parse().unwrap(),
            sudoku_engine::sized::Alphabet::Numbers,
        );
        let layout = Layout::of(&rules);
        assert_eq!(layout.min_size(), (109, 46));
        let mut givens = vec![0; 1296];
        givens[1] = 36;
        let app = App::new(Game::new(rules, &givens), PathBuf::from("game.txt"), false);
        let screen = screen(&app, 109, 46);
        assert!(
            screen.lines().nth(1).unwrap().starts_with("│ · 36  ·"),
            "{screen}"
        );
    }

    #[test]
    fn a_message_too_long_for_its_rows_keeps_its_start_and_its_end() {
        let long = format!(
            "forcing chain: r1c7 = 4 leads to a contradiction: r1c7=4{} -> 9 has no place in \
             row 15 -> r1c7 <> 4  (? again applies it); but 2 digit(s) differ from the solution",
            " -> r3c7=3 -> r3c1=9 -> r3c4=4".repeat(6)
        );
        let short = "naked single: r2c11 = 1  (? again applies it)";
        assert_eq!(fitted(short, 80, 2), short);
        for width in [40u16, 55, 80, 120] {
            let fitted = fitted(&long, width, 2);
            let area = Rect::new(0, 0, width, 2);
            let mut buffer = Buffer::empty(area);
            Paragraph::new(fitted.as_str())
                .wrap(Wrap { trim: true })
                .render(area, &mut buffer);
            let rows: Vec<String> = (0..2)
                .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
                .collect();
            let shown = rows.join(" ");
            assert!(shown.starts_with("forcing chain:"), "{shown}");
            assert!(shown.contains(" … "), "{shown}");
            assert!(
                shown.trim_end().ends_with("differ from the solution"),
                "{width}: {shown}"
            );
        }
    }
}
