//! `sudoku play`: the real binary in a pseudo-terminal, its screen read back through a terminal
//! emulator (vt100): start, moves and the cells they fill, undo and redo, save, reopen, quit
//! with the terminal restored; Ctrl-C and SIGINT; a terminal too small, and resized. Plus the
//! errors it gives before it takes the terminal.

use crate::common;

use common::{puzzle_path, run};

/// A medium puzzle, the first of `sudoku generate --seed 7 --difficulty medium`.
const MEDIUM: &str =
    ".....3..24..8.....1.39...8...62...1..7..8..53..........8.6..12...9.3...7....9.6..";

#[test]
fn errors_come_before_the_terminal_is_taken() {
    let (status, _, stderr) = run(&["play", "no-such-file-or-puzzle"], "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("no-such-file-or-puzzle: no such file, and not a puzzle"),
        "{stderr}"
    );
    let sample = puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let (status, _, stderr) = run(&["play", sample, "--line", "1"], "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("sample.txt:1: no puzzle starts on this line"),
        "{stderr}"
    );
    // Stdout is a pipe here, not a terminal.
    let (status, _, stderr) = run(&["play", MEDIUM], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    // HoDoKu's library line too, with a candidate struck out: a state to play from.
    let open = MEDIUM.find('.').unwrap();
    let (_, marks, _) = run(&["candidates", "-f", "candidates"], &format!("{MEDIUM}\n"));
    let cell = &marks[9 * open..9 * open + 9];
    let (_, solution, _) = run(&["solve"], &format!("{MEDIUM}\n"));
    let struck = cell
        .chars()
        .find(|&c| c != '.' && c != solution.as_bytes()[open] as char)
        .unwrap();
    let library = format!(
        ":0000:x:{MEDIUM}:{struck}{}{}::",
        open / 9 + 1,
        open % 9 + 1
    );
    let (status, _, stderr) = run(&["play", &library], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    let clash = format!("55{}", &MEDIUM[2..]);
    let (status, _, stderr) = run(&["play", &clash], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("clash"), "{stderr}");
    // JSON Lines, as `-f json` prints them, give their puzzles: line 2's is read (and only the
    // terminal is missing), line 3's is named for what is wrong with it.
    let folder = tempfile::tempdir().unwrap();
    let json = folder.path().join("puzzles.json");
    let lines = format!("{{\"puzzle\":\"{MEDIUM}\"}}\n{{\"puzzle\":\"{MEDIUM}\"}}\n{{\"id\":3}}\n");
    std::fs::write(&json, lines).unwrap();
    let json = json.to_str().unwrap();
    let (status, _, stderr) = run(&["play", json, "--line", "2"], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    let (status, _, stderr) = run(&["play", json, "--line", "3"], "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("puzzles.json:3: no \"puzzle\" field holding a puzzle"),
        "{stderr}"
    );
}

#[test]
fn without_a_terminal_play_does_not_wait_for_a_pipe_left_open() {
    // Stdout a pipe, stdin a pipe that nothing closes: refused at once, never read.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .arg("play")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let _open = child.stdin.take();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("play waited for its stdin");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
}

#[cfg(target_os = "linux")]
mod in_a_terminal {
    use std::fs::File;
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command, Stdio};
    use std::sync::mpsc::Receiver;
    use std::time::{Duration, Instant};

    use rustix::termios::{LocalModes, Winsize, tcgetattr, tcsetwinsize};

    use super::MEDIUM;
    use crate::common;

    const PATIENCE: Duration = Duration::from_secs(20);

    /// A pseudo-terminal with a screen: what the program writes is read on a thread of its own
    /// and drawn by a terminal emulator.
    struct Screen {
        master: File,
        /// A handle on the program's side, held so that the master side keeps working between
        /// two programs (it fails once no handle on the other side is open).
        _held: File,
        terminal: String,
        output: Receiver<Vec<u8>>,
        parser: vt100::Parser,
    }

    impl Screen {
        fn open(rows: u16, columns: u16) -> Screen {
            let (master, terminal) = common::pty::open();
            let output = common::pty::output(&master);
            let held = common::pty::side(&terminal);
            let mut screen = Screen {
                master,
                _held: held,
                terminal,
                output,
                parser: vt100::Parser::new(nonzero(rows), nonzero(columns), 0),
            };
            screen.resize(rows, columns);
            screen
        }

        /// Runs `sudoku ARGS` with this terminal as its controlling terminal, stdin, stdout
        /// and stderr, without colour (so the attributes tell the cells apart).
        fn spawn(&self, args: &[&str]) -> Game {
            self.spawn_piped(args, None)
        }

        /// Runs `sudoku ARGS` as [`Screen::spawn`] does, but with `piped`, when given, written
        /// into its stdin (which is then a pipe, closed after it).
        fn spawn_piped(&self, args: &[&str], piped: Option<&str>) -> Game {
            let side = || Stdio::from(common::pty::side(&self.terminal));
            let mut command = Command::new(assert_cmd::cargo::cargo_bin("sudoku"));
            command
                .args(args)
                .env("NO_COLOR", "1")
                .stdin(piped.map_or_else(side, |_| Stdio::piped()))
                .stdout(side())
                .stderr(side());
            let controlling = common::pty::side(&self.terminal);
            // SAFETY: between fork and exec only async-signal-safe system calls are made: a new
            // session, and the terminal made its controlling terminal, as a shell does (so the
            // program gets SIGWINCH when the window changes).
            unsafe {
                command.pre_exec(move || {
                    rustix::process::setsid()?;
                    rustix::process::ioctl_tiocsctty(&controlling)?;
                    Ok(())
                });
            }
            let mut child = command.spawn().unwrap();
            if let (Some(text), Some(mut stdin)) = (piped, child.stdin.take()) {
                stdin.write_all(text.as_bytes()).unwrap();
            }
            Game(child)
        }

        fn resize(&mut self, rows: u16, columns: u16) {
            let size = Winsize {
                ws_row: rows,
                ws_col: columns,
                ws_xpixel: 0,
                ws_ypixel: 0,
            };
            tcsetwinsize(&self.master, size).unwrap();
            self.parser
                .screen_mut()
                .set_size(nonzero(rows), nonzero(columns));
        }

        fn press(&mut self, keys: &str) {
            self.master.write_all(keys.as_bytes()).unwrap();
        }

        /// Waits until the screen passes `test`, then until the program has drawn the rest of
        /// its frame (nothing more for 100 ms); panics with the screen after [`PATIENCE`].
        fn wait_until(&mut self, what: &str, test: impl Fn(&vt100::Screen) -> bool) {
            let started = Instant::now();
            while !test(self.parser.screen()) {
                let left = PATIENCE.saturating_sub(started.elapsed());
                match self.output.recv_timeout(left) {
                    Ok(bytes) => self.parser.process(&bytes),
                    Err(_) => panic!("never {what}; the screen:\n{}", self.text()),
                }
            }
            self.settle();
        }

        /// Reads what the program writes until it pauses for 100 ms.
        fn settle(&mut self) {
            while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(100)) {
                self.parser.process(&bytes);
            }
        }

        fn wait_for(&mut self, text: &str) {
            self.wait_until(&format!("showed {text:?}"), |screen| {
                screen.contents().contains(text)
            });
        }

        fn text(&self) -> String {
            self.parser.screen().contents()
        }

        /// The screen column and row (from 0) of the middle of a cell's first row, where its
        /// digit is drawn once filled.
        fn middle(row: u16, column: u16) -> (u16, u16) {
            (
                1 + column / 3 * 18 + column % 3 * 6 + 2,
                1 + row * 2 + row / 3,
            )
        }

        /// The character drawn in the middle of a cell's first row (its digit, if filled).
        fn digit(&self, row: u16, column: u16) -> (String, bool, bool) {
            let (x, y) = Screen::middle(row, column);
            let cell = self.parser.screen().cell(y, x).unwrap();
            (cell.contents().to_string(), cell.bold(), cell.underline())
        }

        /// A click of the left button on the middle of a cell's first row, as a terminal
        /// reports it in SGR mode (columns and rows from 1): press, then release.
        fn click(&mut self, row: u16, column: u16) {
            let (x, y) = Screen::middle(row, column);
            let (x, y) = (x + 1, y + 1);
            self.press(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
        }

        /// True when the terminal is back as the shell left it: no alternate screen, and the
        /// line discipline echoing and editing lines again.
        fn is_restored(&mut self) -> bool {
            self.settle();
            let modes = tcgetattr(&self.master).unwrap().local_modes;
            !self.parser.screen().alternate_screen()
                && self.parser.screen().mouse_protocol_mode() == vt100::MouseProtocolMode::None
                && modes.contains(LocalModes::ECHO | LocalModes::ICANON)
        }
    }

    /// A game running in the terminal. A test that fails before the game has ended drops it,
    /// and that kills it, so that no game outlives its test.
    struct Game(Child);

    impl Drop for Game {
        fn drop(&mut self) {
            if let Ok(None) = self.0.try_wait() {
                let _ = self.0.kill();
                let _ = self.0.wait();
            }
        }
    }

    fn nonzero(n: u16) -> std::num::NonZeroU16 {
        std::num::NonZeroU16::new(n).unwrap()
    }

    /// Waits for the program to end, and gives its exit status.
    fn exit_status(mut game: Game, screen: &Screen) -> i32 {
        let started = Instant::now();
        loop {
            if let Some(status) = game.0.try_wait().unwrap() {
                return status.code().expect("exited, not killed");
            }
            if started.elapsed() > PATIENCE {
                panic!("the program did not end; the screen:\n{}", screen.text());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Saves with `s`, quits with `q`, checks the program ended well and gave the terminal
    /// back, and returns the saved file.
    fn save_and_quit(screen: &mut Screen, child: Game, save: &str) -> String {
        screen.press("s");
        screen.wait_for("Saved to");
        screen.press("q");
        assert_eq!(exit_status(child, screen), 0);
        assert!(screen.is_restored());
        std::fs::read_to_string(save).unwrap()
    }

    /// The `filled N/81` (or `N/256`...) count in the side panel.
    fn filled(screen: &vt100::Screen) -> usize {
        let text = screen.contents();
        let line = text.lines().find_map(|l| l.split("filled").nth(1)).unwrap();
        let count = line.trim().split('/').next().unwrap();
        count.trim().parse().unwrap()
    }

    #[test]
    fn a_click_selects_the_cell_and_the_mouse_is_given_back_at_the_end() {
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", MEDIUM]);
        screen.wait_for("Good luck");
        assert_ne!(
            screen.parser.screen().mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the game asks for clicks"
        );
        let givens = filled(screen.parser.screen());
        // r8c8, clicked, then 4: r9c8 = 3 follows (as when moved to with the keys).
        screen.click(7, 7);
        screen.press("4");
        screen.wait_until("filled r8c8", |s| filled(s) > givens + 1);
        assert_eq!(screen.digit(7, 7), ("4".into(), false, false));
        assert_eq!(screen.digit(8, 7), ("3".into(), false, true), "auto-filled");
        screen.press("qq");
        assert_eq!(exit_status(child, &screen), 0);
        assert!(screen.is_restored());
    }

    #[test]
    fn a_game_is_played_saved_and_resumed() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.txt");
        let save = save.to_str().unwrap();
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", MEDIUM, "--save", save]);
        screen.wait_for("Good luck");
        assert!(screen.parser.screen().alternate_screen());
        let givens = filled(screen.parser.screen());
        assert_eq!(givens, MEDIUM.chars().filter(char::is_ascii_digit).count());
        assert_eq!(
            screen.digit(0, 5),
            ("3".into(), true, false),
            "a given is bold"
        );

        // r8c8 = 4: r9c8 = 3 follows, and more; auto-filled cells are underlined.
        screen.press("jjjjjjjlllllll4");
        screen.wait_until("filled r9c8", |s| filled(s) > givens + 1);
        assert_eq!(
            screen.digit(7, 7),
            ("4".into(), false, false),
            "the player's digit"
        );
        assert_eq!(screen.digit(8, 7), ("3".into(), false, true), "auto-filled");
        let after_move = filled(screen.parser.screen());

        // Undo takes the move back with everything it filled; redo brings it all back.
        screen.press("u");
        screen.wait_until("undid", |s| filled(s) == givens);
        screen.press("r");
        screen.wait_until("redid", |s| filled(s) == after_move);

        // Save, leave, and the terminal is as it was.
        let saved = save_and_quit(&mut screen, child, save);
        assert!(saved.contains(&format!("# givens: {MEDIUM}")), "{saved}");

        // Reopened: the same position, the auto-filled cells still told apart.
        let child = screen.spawn(&["play", save]);
        screen.wait_until("resumed", |s| {
            s.contents().contains("sudoku play") && filled(s) == after_move
        });
        assert_eq!(screen.digit(7, 7), ("4".into(), false, false));
        assert_eq!(screen.digit(8, 7), ("3".into(), false, true));
        screen.press("q");
        assert_eq!(
            exit_status(child, &screen),
            0,
            "nothing new to save: q leaves at once"
        );
        assert!(screen.is_restored());

        // The other subcommands read the saved game as the position it holds.
        let (status, stdout, _) = common::run(&["solve", save], "");
        assert_eq!(status, 0);
        let solution = common::run(&["solve"], MEDIUM).1;
        assert_eq!(stdout, solution);

        // A position line edited by hand is refused, so that play and the other subcommands
        // never see two different games in one file.
        let position = saved.lines().last().unwrap();
        let edited = saved.replace(position, &position.replacen('.', "1", 1));
        std::fs::write(save, edited).unwrap();
        let (status, _, stderr) = common::run(&["play", save], "");
        assert_eq!(status, 2);
        assert!(
            stderr.contains("the position is not the game the `#` lines hold"),
            "{stderr}"
        );
    }

    #[test]
    fn ctrl_c_and_the_ending_signals_leave_at_once_with_the_terminal_restored() {
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", MEDIUM]);
        screen.wait_for("Good luck");
        screen.press("l5\u{3}");
        assert_eq!(
            exit_status(child, &screen),
            130,
            "unsaved, and still no question"
        );
        assert!(screen.is_restored());

        // SIGINT, SIGTERM (`kill`) and SIGHUP: 128 + the signal's number.
        use rustix::process::Signal;
        for (signal, status) in [(Signal::INT, 130), (Signal::TERM, 143), (Signal::HUP, 129)] {
            let child = screen.spawn(&["play", MEDIUM]);
            screen.wait_for("Good luck");
            let pid = rustix::process::Pid::from_child(&child.0);
            rustix::process::kill_process(pid, signal).unwrap();
            assert_eq!(exit_status(child, &screen), status, "{signal:?}");
            assert!(screen.is_restored(), "{signal:?}");
        }
    }

    #[test]
    fn a_terminal_that_hangs_up_ends_the_game_and_saves_its_moves() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.txt");
        let mut screen = Screen::open(24, 80);
        let mut child = screen.spawn(&["play", MEDIUM, "--save", save.to_str().unwrap()]);
        screen.wait_for("Good luck");
        screen.press("5");
        let givens = MEDIUM.chars().filter(char::is_ascii_digit).count();
        screen.wait_until("placed a 5", |s| filled(s) > givens);
        // The window closes: every handle on the master side goes (the reader's once the
        // clock's next redraw reaches it), the terminal hangs up, reads on it find its end.
        let Screen { master, output, .. } = screen;
        drop((master, output));
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.0.try_wait().unwrap() {
                break status.code();
            }
            assert!(
                started.elapsed() < PATIENCE,
                "still running without a terminal"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        assert_eq!(status, Some(129), "as for SIGHUP");
        let saved = std::fs::read_to_string(&save).expect("the game saved as `s` saves it");
        assert!(saved.contains("# player: 5"), "{saved}");
    }

    #[test]
    fn sighup_saves_the_moves_and_sigterm_does_not() {
        use rustix::process::Signal;
        for (signal, status, kept) in [(Signal::HUP, 129, true), (Signal::TERM, 143, false)] {
            let folder = tempfile::tempdir().unwrap();
            let save = folder.path().join("game.txt");
            let mut screen = Screen::open(24, 80);
            let child = screen.spawn(&["play", MEDIUM, "--save", save.to_str().unwrap()]);
            screen.wait_for("Good luck");
            screen.press("5");
            let givens = MEDIUM.chars().filter(char::is_ascii_digit).count();
            screen.wait_until("placed a 5", |s| filled(s) > givens);
            let pid = rustix::process::Pid::from_child(&child.0);
            rustix::process::kill_process(pid, signal).unwrap();
            assert_eq!(exit_status(child, &screen), status, "{signal:?}");
            assert_eq!(save.exists(), kept, "{signal:?}");
        }
    }

    #[test]
    fn a_small_terminal_gets_a_message_and_a_resize_redraws() {
        let mut screen = Screen::open(20, 50);
        let child = screen.spawn(&["play", MEDIUM]);
        screen.wait_for("needs a terminal of at least 55x24");
        screen.resize(24, 80);
        screen.wait_for("┌─────");
        screen.resize(24, 60);
        screen.wait_until("dropped the side panel", |s| {
            !s.contents().contains("pencil mode")
        });
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_hard_large_puzzle_is_played_while_its_solutions_are_counted() {
        // Showing this 25x25 puzzle unique takes 12 s on the release build: play starts
        // before that, and the keys work meanwhile.
        let mut screen = Screen::open(40, 100);
        let slow = common::puzzle_path("gecode_25x25_slow.txt");
        let child = screen.spawn(&["play", slow.to_str().unwrap()]);
        screen.wait_for("The solutions are being counted");
        screen.press("l");
        screen.wait_for("r1c2");
        screen.press("m");
        screen.wait_for("still being counted");
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_book_puzzle_is_typed_in_then_played() {
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", "--enter"]);
        screen.wait_for("entering givens");
        screen.press(MEDIUM);
        screen.press("\r");
        screen.wait_for("Good luck");
        let givens = MEDIUM.chars().filter(char::is_ascii_digit).count();
        assert_eq!(filled(screen.parser.screen()), givens);
        screen.press("q");
        screen.wait_for("not saved");
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    /// README's screen, after the moves its caption names: drawn the same, but for the clock.
    #[test]
    fn the_screen_in_the_readme_is_the_one_the_game_draws() {
        let readme = common::readme();
        let caption = "After `sudoku play --seed 7 --difficulty medium`, 4 typed in r8c8";
        let after = &readme[readme.find(caption).expect("the caption")..];
        let block = after.split("```").nth(1).expect("the screen's block");
        let shown: Vec<&str> = block.trim_matches('\n').lines().collect();

        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", "--seed", "7", "--difficulty", "medium"]);
        screen.wait_for("Good luck");
        screen.press(&format!("{}{}4", "j".repeat(7), "l".repeat(7)));
        screen.wait_until("placed the 4", |s| filled(s) == 30);
        screen.press("?");
        screen.wait_for("? again applies it");
        let text = screen.text();
        let drawn: Vec<&str> = text.lines().map(str::trim_end).collect();
        let without_clock = |line: &str| match line.find(" time ") {
            Some(at) => line[..at].to_string(),
            None => line.to_string(),
        };
        let (shown, drawn): (Vec<String>, Vec<String>) = (
            shown.iter().map(|l| without_clock(l)).collect(),
            drawn.iter().map(|l| without_clock(l)).collect(),
        );
        assert_eq!(
            drawn.get(..shown.len()),
            Some(&shown[..]),
            "the screen:\n{text}"
        );
        screen.press("q");
        screen.wait_for("not saved");
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_new_puzzle_is_the_one_generate_makes_from_the_same_seed() {
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", "--seed", "7", "--difficulty", "medium"]);
        screen.wait_for("Good luck");
        for (index, c) in MEDIUM.chars().enumerate() {
            let (row, column) = (index as u16 / 9, index as u16 % 9);
            if c != '.' {
                assert_eq!(screen.digit(row, column), (c.to_string(), true, false));
            }
        }
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_puzzle_piped_in_is_the_one_played() {
        let shows_medium = |screen: &Screen| {
            for (index, c) in MEDIUM.chars().enumerate() {
                let (row, column) = (index as u16 / 9, index as u16 % 9);
                if c != '.' {
                    assert_eq!(screen.digit(row, column), (c.to_string(), true, false));
                }
            }
        };
        // `echo PUZZLE | sudoku play`: the puzzle piped in, the keys from the terminal.
        let mut screen = Screen::open(24, 80);
        let child = screen.spawn_piped(&["play"], Some(&format!("{MEDIUM}\n")));
        screen.wait_for("Good luck");
        shows_medium(&screen);
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
        // Asked for a new puzzle (the one `generate --seed 7 --difficulty medium` makes), it
        // plays that, whatever is piped in.
        let mut screen = Screen::open(24, 80);
        let args = ["play", "--seed", "7", "--difficulty", "medium"];
        let child = screen.spawn_piped(&args, Some(&format!("{}\n", ".".repeat(81))));
        screen.wait_for("Good luck");
        shows_medium(&screen);
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_9x9_game_in_letters_gets_the_9x9_logic_s_hint_in_its_letters() {
        // A puzzle of top1465 in letters, filled up to where its next step is an ALS-XY-Wing,
        // which only the 9x9 logic knows (the logic of every size would take another step).
        let digits = common::puzzles("top1465.txt")[224].to_string();
        let letters: String = digits
            .chars()
            .map(|c| match c {
                '1'..='9' => char::from(c as u8 - b'1' + b'A'),
                c => c,
            })
            .collect();
        let until = ["fill", "-f", "candidates", "--until", "Sue de Coq"];
        let (_, state, _) = common::run(&until, &format!("{letters}\n"));
        let (_, hint, _) = common::run(&["hint"], &state);
        assert!(hint.starts_with("ALS-XY-Wing: a = r7c1"), "{hint}");
        assert!(hint.contains("x = F, y = G -> r7c5 <> H"), "{hint}");
        let mut screen = Screen::open(30, 120);
        let child = screen.spawn(&["play", state.trim()]);
        screen.wait_for("Good luck");
        screen.press("?");
        screen.wait_for("ALS-XY-Wing: a = r7c1");
        screen.press("q");
        assert_eq!(exit_status(child, &screen), 0);
    }

    #[test]
    fn a_16x16_game_takes_letters_saves_its_size_and_solve_reads_it() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("game.txt");
        let save = save.to_str().unwrap();
        let path = common::puzzle_path("gecode_16x16.txt");
        let puzzle = std::fs::read_to_string(&path).unwrap();
        let puzzle = puzzle.lines().next().unwrap();
        let solution = common::run(&["solve"], puzzle).1;
        let solution: Vec<char> = solution.trim().chars().collect();
        assert_eq!(solution.len(), 256);
        // The first open cell whose value is a letter.
        let cell = puzzle
            .chars()
            .zip(&solution)
            .position(|(given, value)| given == '.' && value.is_ascii_alphabetic())
            .unwrap();

        let mut screen = Screen::open(24, 80);
        let child = screen.spawn(&["play", path.to_str().unwrap(), "--save", save]);
        screen.wait_for("Good luck");
        assert!(screen.text().contains("1-9 A-G"), "{}", screen.text());
        let givens = filled(screen.parser.screen());
        assert_eq!(givens, puzzle.chars().filter(|&c| c != '.').count());
        let moves = "j".repeat(cell / 16) + &"l".repeat(cell % 16);
        screen.press(&format!("{moves}{}", solution[cell]));
        screen.wait_until("placed the letter", |s| filled(s) > givens);
        let saved = save_and_quit(&mut screen, child, save);
        assert!(saved.contains("\n# box: 4x4\n"), "{saved}");
        let player = saved.lines().find(|l| l.starts_with("# player: ")).unwrap();
        assert_eq!(
            player.chars().nth("# player: ".len() + cell),
            Some(solution[cell])
        );
        let (status, stdout, _) = common::run(&["solve", save], "");
        assert_eq!(status, 0);
        assert_eq!(stdout.trim(), solution.iter().collect::<String>());
    }
}
