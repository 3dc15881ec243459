//! The keys of `sudoku play` and what each one asks for, and the mouse's click. The help panel
//! is drawn from the same table, so the keys on screen are the keys that work. Values are typed
//! as their symbols: digits, and capital letters on grids above 9x9 (small letters are
//! commands).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the selection by rows and columns.
    Move(isize, isize),
    /// Select this cell (clicked).
    Select(usize),
    /// A symbol typed (a digit or a capital letter): place its value, or toggle its pencil
    /// mark; a blank clears.
    Symbol(char),
    /// Empty the selected cell.
    Clear,
    /// Show the next step, or apply the one on show.
    Hint,
    /// Take the last move back.
    Undo,
    /// Make the last move undone again.
    Redo,
    /// Switch auto-fill.
    AutoFill,
    /// Switch automatic candidates.
    AutoCandidates,
    /// Switch pencil mode.
    Pencil,
    /// Switch the marking of mistakes.
    Mistakes,
    /// Save the game.
    Save,
    /// End the entering of givens.
    Start,
    /// Leave (asks again when the game is unsaved).
    Quit,
    /// Ctrl-C: leave at once, unsaved or not, with the status of an interrupted program.
    Interrupt,
}

/// The help panel: keys and what they do, one line each, for a grid whose values are typed
/// with `place` (`1-9`, `1-9 A-G`, `A-Y`, `0-9 A-F`, `01-36`).
pub fn help(place: &str) -> [(&str, &str); 12] {
    let clear = match place.starts_with('0') {
        true => ". Del ⌫",
        false => "0 Del ⌫",
    };
    [
        ("←↓↑→hjkl", "move, or click"),
        (place, "place"),
        (clear, "clear"),
        ("p", "pencil mode"),
        ("a", "auto-fill"),
        ("c", "candidates"),
        ("?", "hint / apply"),
        ("m", "mistakes"),
        ("u ^Z", "undo"),
        ("r ^Y", "redo"),
        ("s", "save"),
        ("q Esc ^C", "quit"),
    ]
}

/// The action a key press asks for, if any (key releases and repeats of modifiers are not).
pub fn action(key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c') if control => Action::Interrupt,
        KeyCode::Char('z') if control => Action::Undo,
        KeyCode::Char('y' | 'r') if control => Action::Redo,
        _ if control => return None,
        KeyCode::Left | KeyCode::Char('h') => Action::Move(0, -1),
        KeyCode::Right | KeyCode::Char('l') => Action::Move(0, 1),
        KeyCode::Up | KeyCode::Char('k') => Action::Move(-1, 0),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(1, 0),
        KeyCode::Char(c @ ('0'..='9' | 'A'..='Z')) => Action::Symbol(c),
        KeyCode::Char('.' | ' ') | KeyCode::Delete | KeyCode::Backspace => Action::Clear,
        KeyCode::Char('p') => Action::Pencil,
        KeyCode::Char('a') => Action::AutoFill,
        KeyCode::Char('c') => Action::AutoCandidates,
        KeyCode::Char('?') => Action::Hint,
        KeyCode::Char('m') => Action::Mistakes,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('r') => Action::Redo,
        KeyCode::Char('s') => Action::Save,
        KeyCode::Enter => Action::Start,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> Option<Action> {
        action(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn arrows_and_vi_keys_move_alike() {
        assert_eq!(press(KeyCode::Left), press(KeyCode::Char('h')));
        assert_eq!(press(KeyCode::Down), Some(Action::Move(1, 0)));
        assert_eq!(press(KeyCode::Char('k')), Some(Action::Move(-1, 0)));
    }

    #[test]
    fn digits_and_capitals_are_symbols_and_delete_backspace_clear() {
        assert_eq!(press(KeyCode::Char('7')), Some(Action::Symbol('7')));
        assert_eq!(press(KeyCode::Char('0')), Some(Action::Symbol('0')));
        assert_eq!(press(KeyCode::Char('G')), Some(Action::Symbol('G')));
        assert_eq!(
            press(KeyCode::Char('g')),
            None,
            "small letters are commands"
        );
        for key in [KeyCode::Char('.'), KeyCode::Delete, KeyCode::Backspace] {
            assert_eq!(press(key), Some(Action::Clear));
        }
    }

    #[test]
    fn the_help_names_the_keys_of_the_grid() {
        assert_eq!(help("1-9")[1], ("1-9", "place"));
        assert_eq!(help("1-9")[2].0, "0 Del ⌫");
        assert_eq!(help("0-9 A-F")[2].0, ". Del ⌫", "0 is a value in hex");
    }

    #[test]
    fn control_c_interrupts_and_control_z_undoes() {
        let control = |c| action(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        assert_eq!(control('c'), Some(Action::Interrupt));
        assert_eq!(control('z'), Some(Action::Undo));
        assert_eq!(control('y'), Some(Action::Redo));
        assert_eq!(control('x'), None);
    }
}
