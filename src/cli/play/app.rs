//! A game in its session: the key actions applied to the game, saving to a file, and leaving
//! (asked twice while the game is unsaved).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result};

use super::game::{Game, Stage, Tone};
use super::keys::Action;
use super::save;
use crate::cli::replacing::{WriteTarget, put_in_place, temporary_file_for, write_target};

/// What the session does after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Keep playing.
    Continue,
    /// Leave.
    Quit,
    /// Leave at once, as an interrupted program.
    Interrupt,
}

/// A game, where it saves, and whether a quit is waiting for its confirmation.
pub struct App {
    /// The game.
    pub game: Game,
    /// Where `s` saves.
    pub save_path: PathBuf,
    /// Whether colours are used.
    pub colour: bool,
    quit_asked: bool,
}

impl App {
    /// A session on `game`, saving to `save_path`.
    pub fn new(game: Game, save_path: PathBuf, colour: bool) -> App {
        App {
            game,
            save_path,
            colour,
            quit_asked: false,
        }
    }

    /// Applies one action.
    pub fn act(&mut self, action: Action) -> Next {
        let confirming = std::mem::take(&mut self.quit_asked);
        let game = &mut self.game;
        if !matches!(action, Action::Symbol(_)) {
            game.forget_pending();
        }
        match action {
            Action::Move(rows, columns) => game.move_cursor(rows, columns),
            Action::Select(cell) => game.select(cell),
            Action::Symbol(symbol) => game.type_symbol(symbol),
            Action::Clear => game.clear(),
            Action::Hint => game.hint(),
            Action::Undo => game.undo(),
            Action::Redo => game.redo(),
            Action::AutoFill => game.toggle_auto_fill(),
            Action::AutoCandidates => game.toggle_auto_candidates(),
            Action::Pencil => game.toggle_pencil_mode(),
            Action::Mistakes => game.toggle_mistakes(),
            Action::Start if game.stage() == Stage::Entering => game.start_playing(),
            Action::Start => {}
            Action::Save => self.save(),
            Action::Interrupt => return Next::Interrupt,
            Action::Quit if confirming || !game.is_unsaved() => return Next::Quit,
            Action::Quit => {
                self.quit_asked = true;
                game.say(
                    Tone::Warning,
                    "The game is not saved: q again leaves, s saves.",
                );
            }
        }
        Next::Continue
    }

    /// Writes the game to its file (through a temporary file beside it, renamed over it, so a
    /// failed save never leaves half a file) and says so.
    fn save(&mut self) {
        match self.write() {
            Ok(()) => {
                self.game.mark_saved();
                let path = self.save_path.display();
                self.game.say(Tone::Info, format!("Saved to {path}."));
            }
            Err(error) => self.game.say(Tone::Warning, format!("{error:#}")),
        }
    }

    fn write(&self) -> Result<()> {
        write_saved_game(&self.save_path, &save::to_text(&self.game))
    }
}

/// What is left of an unsaved game when the terminal hangs up: its saved form, kept up to date
/// by the session, written where `s` saves once the terminal has gone.
pub struct Rescue {
    path: PathBuf,
    text: Mutex<Option<String>>,
}

impl Rescue {
    /// A rescue of the games that save to `path`.
    pub fn new(path: PathBuf) -> Rescue {
        Rescue {
            path,
            text: Mutex::new(None),
        }
    }

    /// Keeps `game`'s saved form while it has moves not saved, nothing once it is saved.
    pub fn keep(&self, game: &Game) {
        let text = game.is_unsaved().then(|| save::to_text(game));
        *self
            .text
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = text;
    }

    /// Saves what it keeps, as `s` would (never over a file that is not a saved game); a
    /// failure goes unsaid, there being no terminal to say it on.
    pub fn save(&self) {
        let text = self
            .text
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(text) = text.as_deref() {
            let _ = write_saved_game(&self.path, text);
        }
    }
}

/// Writes `text` to `target` through a temporary file beside it, renamed over it (so a failed
/// save never leaves half a file); refused when `target` holds something else than a saved game
/// or is no file (a folder, a device, a named pipe).
fn write_saved_game(target: &Path, text: &str) -> Result<()> {
    let context = || format!("cannot save to {}", target.display());
    let path = match write_target(target) {
        WriteTarget::Replace(path) => path,
        WriteTarget::Unreachable(error) => return Err(error).with_context(context),
        WriteTarget::Folder | WriteTarget::InPlace => {
            anyhow::bail!("not saving to {}: it is not a file", target.display())
        }
    };
    let path = path.as_path();
    if let Ok(existing) = std::fs::read(path)
        && !save::is_saved_game(&String::from_utf8_lossy(&existing))
    {
        anyhow::bail!(
            "not saving over {}: it is not a saved game (--save names another file)",
            target.display()
        );
    }
    let mut file = temporary_file_for(path).with_context(context)?;
    file.write_all(text.as_bytes()).with_context(context)?;
    put_in_place(file, path).with_context(context)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn app_saving_to(path: PathBuf) -> App {
        let givens = PUZZLE
            .parse::<sudoku_engine::Grid>()
            .unwrap()
            .cells()
            .to_vec();
        let game = Game::new(super::super::rules::Rules::classic(), &givens);
        App::new(game, path, false)
    }

    #[test]
    fn quitting_an_unsaved_game_asks_once_more() {
        let folder = tempfile::tempdir().unwrap();
        let mut app = app_saving_to(folder.path().join("game.txt"));
        assert_eq!(app.act(Action::Quit), Next::Quit, "nothing to lose yet");
        app.act(Action::Symbol('1'));
        app.act(Action::Move(0, 1));
        app.act(Action::Symbol('1'));
        assert_eq!(app.act(Action::Quit), Next::Continue);
        assert_eq!(app.act(Action::Quit), Next::Quit);
        app.act(Action::Move(0, 1));
        assert_eq!(app.act(Action::Quit), Next::Continue, "a key in between");
        app.act(Action::Save);
        assert_eq!(app.act(Action::Quit), Next::Quit, "saved");
        assert_eq!(app.act(Action::Interrupt), Next::Interrupt);
    }

    #[test]
    fn a_file_that_is_not_a_saved_game_is_never_overwritten() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("puzzles.txt");
        std::fs::write(&path, format!("{PUZZLE}\n")).unwrap();
        let mut app = app_saving_to(path.clone());
        app.act(Action::Save);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{PUZZLE}\n")
        );
        let (_, text) = app.game.message().unwrap();
        assert!(text.starts_with("not saving over"), "{text}");
        // A saved game is overwritten.
        let path = folder.path().join("game.txt");
        let mut app = app_saving_to(path.clone());
        app.act(Action::Save);
        app.act(Action::Move(0, 1));
        app.act(Action::Symbol('1'));
        app.act(Action::Save);
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains("# player: .1.")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_save_through_a_link_keeps_the_link_and_a_device_is_never_replaced() {
        let folder = tempfile::tempdir().unwrap();
        let game = folder.path().join("game.txt");
        let link = folder.path().join("link.txt");
        std::os::unix::fs::symlink(&game, &link).unwrap();
        let mut app = app_saving_to(link.clone());
        app.act(Action::Save);
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert!(
            std::fs::read_to_string(&game)
                .unwrap()
                .contains("# player:")
        );
        // A named pipe stands for the devices: a test had better not risk /dev/null.
        let pipe = folder.path().join("pipe");
        let mode = rustix::fs::Mode::from_raw_mode(0o600);
        rustix::fs::mknodat(rustix::fs::CWD, &pipe, rustix::fs::FileType::Fifo, mode, 0).unwrap();
        let mut app = app_saving_to(pipe.clone());
        app.act(Action::Save);
        let (_, text) = app.game.message().unwrap();
        assert!(text.starts_with("not saving to "), "{text}");
        assert!(!std::fs::metadata(&pipe).unwrap().is_file());
        // Nor is a loop of links, which `>` would refuse too.
        let (one, two) = (folder.path().join("one"), folder.path().join("two"));
        std::os::unix::fs::symlink(&two, &one).unwrap();
        std::os::unix::fs::symlink(&one, &two).unwrap();
        let mut app = app_saving_to(one.clone());
        app.act(Action::Save);
        let (_, text) = app.game.message().unwrap();
        assert!(text.starts_with("cannot save to "), "{text}");
        assert!(std::fs::symlink_metadata(&one).unwrap().is_symlink());
    }
}
