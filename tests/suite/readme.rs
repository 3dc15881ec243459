//! README.md's examples, run as a reader would type them: each `$ ` command of its code blocks
//! through `sh`, in a folder that holds the project's `puzzles/` and the `grids.txt` the `check`
//! example reads, with the built `sudoku` first on the PATH. Each must print what README shows
//! (lines beginning `sudoku: ` on stderr, the others on stdout), and the quick start's first
//! command what the block after it shows. A change of output that leaves README behind fails
//! here.

use std::path::Path;
use std::process::Command;

use crate::common::{SOLUTION, readme};

/// One example: a command as README writes it, and what it prints.
#[derive(Debug)]
struct Example {
    /// The command, with its continuation lines (`\` and a line break) as written.
    command: String,
    /// The lines shown after it, up to the next command or the end of the block.
    shown: Vec<String>,
}

impl Example {
    /// What README shows on stdout: every line but the messages.
    fn stdout(&self) -> String {
        self.lines_where(|line| !is_message(line))
    }

    /// What README shows on stderr: the messages.
    fn stderr(&self) -> String {
        self.lines_where(is_message)
    }

    fn lines_where(&self, keep: impl Fn(&str) -> bool) -> String {
        let lines = self.shown.iter().filter(|line| keep(line));
        lines.map(|line| format!("{line}\n")).collect()
    }
}

/// Whether a line shown in README is a message on stderr.
fn is_message(line: &str) -> bool {
    line.starts_with("sudoku: ")
}

/// The code blocks of `markdown`, each as its opening fence's info string and its lines.
fn code_blocks(markdown: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in markdown.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(info), None) => open = Some((info.trim().to_string(), Vec::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some((info, mut lines))) => {
                lines.push(line.to_string());
                open = Some((info, lines));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "README.md ends inside a code block");
    blocks
}

/// The `$ ` examples of a block's lines, in order.
fn examples(lines: &[String]) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut continued = false;
    for line in lines {
        if continued {
            let example = examples.last_mut().expect("a command goes on");
            example.command.push('\n');
            example.command.push_str(line);
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push(line.clone());
        }
        continued = line.ends_with('\\') && !examples.is_empty();
    }
    examples
}

/// A folder to run the examples in: `puzzles/` (a link to the project's), and `grids.txt`,
/// the check example's input: a valid grid, then one whose last row has its last two digits
/// swapped (the row still valid, columns 8 and 9 not).
fn playground() -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    let puzzles = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    std::os::unix::fs::symlink(puzzles, folder.path().join("puzzles")).unwrap();
    let clashing = format!(
        "{}{}{}",
        &SOLUTION[..79],
        &SOLUTION[80..],
        &SOLUTION[79..80]
    );
    std::fs::write(
        folder.path().join("grids.txt"),
        format!("{SOLUTION}\n{clashing}\n"),
    )
    .unwrap();
    folder
}

/// A PATH with the folder of the built `sudoku` first.
fn path_with_sudoku() -> std::ffi::OsString {
    let binary = assert_cmd::cargo::cargo_bin("sudoku");
    let mut folders = vec![binary.parent().unwrap().to_path_buf()];
    folders.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(folders).unwrap()
}

/// Runs `command` through `sh` in `folder`: its stdout and stderr.
fn run_in(folder: &Path, command: &str) -> (String, String) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(folder)
        .env("PATH", path_with_sudoku())
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn every_example_in_the_readme_prints_what_it_shows() {
    let folder = playground();
    let mut run = 0;
    for (_, lines) in code_blocks(&readme()) {
        for example in examples(&lines) {
            let (stdout, stderr) = run_in(folder.path(), &example.command);
            assert_eq!(stdout, example.stdout(), "stdout of $ {}", example.command);
            assert_eq!(stderr, example.stderr(), "stderr of $ {}", example.command);
            run += 1;
        }
    }
    // The examples this test is known to find: a README that loses its `$ ` lines fails.
    assert!(run >= 9, "only {run} examples found in README.md");
}

#[test]
fn the_quick_start_prints_the_block_after_it() {
    let blocks = code_blocks(&readme());
    let at = blocks
        .iter()
        .position(|(info, _)| info == "sh")
        .expect("the quick start's commands");
    let build = blocks[at]
        .1
        .iter()
        .find_map(|line| line.strip_prefix("cargo run --release -- "))
        .expect("a command that builds and runs the tool");
    let arguments = build.split('#').next().unwrap().trim();
    let folder = playground();
    let (stdout, stderr) = run_in(folder.path(), &format!("sudoku {arguments}"));
    let shown = &blocks[at + 1].1;
    assert_eq!(
        stdout,
        shown.iter().map(|l| format!("{l}\n")).collect::<String>()
    );
    assert_eq!(stderr, "");
}

#[test]
fn examples_are_split_at_commands_and_continue_past_backslashes() {
    let lines: Vec<String> = [
        "intro",
        "$ printf a \\",
        "    b | wc",
        "1",
        "",
        "$ echo",
        "x",
    ]
    .map(String::from)
    .to_vec();
    let found = examples(&lines);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].command, "printf a \\\n    b | wc");
    assert_eq!(found[0].shown, ["1", ""]);
    assert_eq!(found[1].command, "echo");
    assert_eq!(found[1].stdout(), "x\n");
}
