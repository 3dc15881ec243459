//! The `sudoku` binary as a user runs it: files and stdin, formats, errors, exit statuses, pipes.

use crate::common;

use std::io::Write;

use common::{EASY, SOLUTION, puzzle_path, run, sudoku};
use predicates::prelude::*;
use sudoku_engine::Grid;

/// Row 1 can only end in 9, which column 9 already has further down.
const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

fn assert_solves(line: &str, puzzle: &str) {
    let (solution, puzzle): (Grid, Grid) = (line.parse().unwrap(), puzzle.parse().unwrap());
    assert!(
        solution.is_solution_of(&puzzle),
        "{line} does not solve {puzzle}"
    );
}

fn file_with(contents: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(contents.as_bytes()).unwrap();
    file
}

#[test]
fn solves_the_sample_file() {
    let output = sudoku()
        .args(["solve", puzzle_path("sample.txt").to_str().unwrap()])
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let lines: Vec<String> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], SOLUTION);
    for line in &lines {
        assert!(line.parse::<Grid>().unwrap().is_complete());
    }
}

#[test]
fn reads_stdin_when_no_file_or_dash_is_given() {
    for args in [&["solve"][..], &["solve", "-"][..]] {
        let (status, stdout, stderr) = run(args, &format!("{EASY}\n"));
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (0, &*format!("{SOLUTION}\n"), "")
        );
    }
}

#[test]
fn several_files_are_read_in_order() {
    let first = file_with(&format!("{EASY}\n"));
    let puzzles = common::puzzles("hardest_1106.txt");
    let second = file_with(&format!("{}\n{}\n", puzzles[0], puzzles[1]));
    let (status, stdout, _) = run(
        &[
            "solve",
            first.path().to_str().unwrap(),
            "-",
            second.path().to_str().unwrap(),
        ],
        &format!("{}\n", puzzles[2]),
    );
    assert_eq!(status, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_solves(lines[0], EASY);
    assert_solves(lines[1], &puzzles[2].to_string());
    assert_solves(lines[2], &puzzles[0].to_string());
    assert_solves(lines[3], &puzzles[1].to_string());
}

#[test]
fn grid_format_round_trips_through_the_reader() {
    let (status, stdout, _) = run(&["solve", "--format", "grid"], &format!("{EASY}\n{EASY}\n"));
    assert_eq!(status, 0);
    assert!(stdout.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"));
    assert!(stdout.contains("------+-------+------\n"));
    // What we print as grids reads back as the same solutions.
    let (status, again, _) = run(&["solve"], &stdout);
    assert_eq!((status, again), (0, format!("{SOLUTION}\n{SOLUTION}\n")));
}

#[test]
fn json_lines_carry_source_line_status_and_result() {
    let input = format!("# comment\n{EASY}\n{NO_SOLUTION}\n123\n");
    let (status, stdout, _) = run(&["solve", "--format", "json"], &input);
    assert_eq!(status, 2);
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[0]["source"], "<stdin>");
    assert_eq!(objects[0]["line"], 2);
    assert_eq!(objects[0]["puzzle"], EASY);
    assert_eq!(objects[0]["status"], "ok");
    assert_eq!(objects[0]["solution"], SOLUTION);
    assert_eq!(objects[1]["line"], 3);
    assert_eq!(objects[1]["status"], "no_solution");
    assert_eq!(objects[1]["error"], "no solution");
    assert!(objects[1].get("solution").is_none());
    assert_eq!(objects[2]["status"], "invalid");
    assert_eq!(objects[2]["puzzle"], "123");
}

#[test]
fn a_puzzle_without_solution_exits_1_and_keeps_the_others() {
    let file = file_with(&format!("{EASY}\n\n{NO_SOLUTION}\n{EASY}\n"));
    let path = file.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["solve", path], "");
    assert_eq!(status, 1);
    assert_eq!(
        stdout,
        format!("{SOLUTION}\nerror: no solution\n{SOLUTION}\n")
    );
    assert_eq!(stderr, format!("sudoku: {path}:3: no solution\n"));
}

#[test]
fn invalid_puzzles_are_located_precisely_and_exit_2() {
    let clash = format!("55{}", &EASY[2..]);
    let bad_char = format!("{}x{}", &EASY[..40], &EASY[41..]);
    let input = format!(
        "{EASY}\n{}\n{EASY}5\n{clash}\n{bad_char}\n{NO_SOLUTION}\n{EASY}\n",
        &EASY[..80]
    );
    let (status, stdout, stderr) = run(&["solve"], &input);
    assert_eq!(
        status, 2,
        "invalid input outranks a puzzle without solution"
    );
    assert_eq!(
        stderr,
        "sudoku: <stdin>:2: found 80 cells, expected 81 (or a grid of 9 rows of 9)\n\
         sudoku: <stdin>:3: found 82 cells, expected 81 (or a grid of 9 rows of 9)\n\
         sudoku: <stdin>:4: clashing givens: row 1: digit 5 at r1c1 and r1c2\n\
         sudoku: <stdin>:5: invalid character 'x' at column 41\n\
         sudoku: <stdin>:6: no solution\n"
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "one line per puzzle keeps `paste` aligned");
    assert_eq!(lines[0], SOLUTION);
    assert_eq!(&lines[1..5], ["error: invalid puzzle"; 4]);
    assert_eq!(lines[5], "error: no solution");
    assert_eq!(lines[6], SOLUTION);
}

#[test]
fn grid_errors_name_the_row_and_line() {
    let mut grid: Vec<String> = EASY
        .parse::<Grid>()
        .unwrap()
        .block()
        .to_string()
        .lines()
        .map(String::from)
        .collect();
    grid[4] = "4 2 . | 8 5 3 | 7 9".into();
    let (status, _, stderr) = run(&["solve"], &format!("{}\n", grid.join("\n")));
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "sudoku: <stdin>:5: grid row 4 has 8 cells, expected 9\n"
    );
    let (status, _, stderr) = run(&["solve"], "53..7....\n6..195...\n\n");
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "sudoku: <stdin>:1: grid ends after 2 of its 9 rows\n"
    );
}

#[test]
fn crlf_and_bom_are_accepted() {
    let (status, stdout, _) = run(&["solve"], &format!("\u{feff}{EASY}\r\n{EASY}\r\n"));
    assert_eq!((status, stdout), (0, format!("{SOLUTION}\n{SOLUTION}\n")));
}

#[test]
fn an_unreadable_file_is_reported_and_the_rest_still_solved() {
    let good = file_with(&format!("{EASY}\n"));
    sudoku()
        .args(["solve", "no-such-file.txt", good.path().to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(format!("{SOLUTION}\n"))
        .stderr(predicate::str::starts_with(
            "sudoku: no-such-file.txt: No such file",
        ));
}

#[test]
fn count_prints_the_number_of_solutions() {
    let serg = common::puzzles("serg_1000.txt")[0].to_string();
    let empty = ".".repeat(81);
    let (status, stdout, stderr) = run(&["count"], &format!("{EASY}\n{serg}\n{empty}\n"));
    assert_eq!((status, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "1");
    let several: u64 = lines[1].parse().expect("an exact count");
    assert!(several > 1);
    assert_eq!(lines[2], "1000+", "the default limit stops the empty grid");
    let (_, stdout, _) = run(&["count", "--limit", "5"], &format!("{empty}\n{serg}\n"));
    assert_eq!(stdout, "5+\n5+\n");
}

#[test]
fn count_unique_fails_on_a_puzzle_with_several_solutions() {
    let serg = common::puzzles("serg_1000.txt")[0].to_string();
    let (status, stdout, stderr) = run(
        &["count", "--unique", "-l", "2"],
        &format!("{EASY}\n{serg}\n"),
    );
    assert_eq!(status, 1);
    assert_eq!(stdout, "1\n2+\n");
    assert_eq!(stderr, "sudoku: <stdin>:2: not unique: 2+ solutions\n");
    let (status, _, stderr) = run(&["count"], &format!("{NO_SOLUTION}\n"));
    assert_eq!(
        (status, stderr.as_str()),
        (1, "sudoku: <stdin>:1: no solution\n")
    );
}

#[test]
fn solve_unique_answers_only_puzzles_with_one_solution() {
    let serg = common::puzzles("serg_1000.txt")[0].to_string();
    let input = format!("{EASY}\n{serg}\n{NO_SOLUTION}\n");
    // Without it, a puzzle with several solutions gets one of them.
    let (status, stdout, _) = run(&["solve"], &input);
    assert_eq!(status, 1);
    assert_solves(stdout.lines().nth(1).unwrap(), &serg);
    let (status, stdout, stderr) = run(&["solve", "--unique"], &input);
    assert_eq!(
        (status, stdout),
        (
            1,
            format!("{SOLUTION}\nerror: not unique\nerror: no solution\n")
        )
    );
    assert_eq!(
        stderr,
        "sudoku: <stdin>:2: not unique: 2+ solutions\nsudoku: <stdin>:3: no solution\n"
    );
    let (_, json, _) = run(&["solve", "-u", "-f", "json"], &input);
    let statuses: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].to_string())
        .collect();
    assert_eq!(statuses, ["\"ok\"", "\"multiple\"", "\"no_solution\""]);
    // Candidate states and other sizes too: the 4x4 grid with 3 clues has several solutions.
    let (status, stdout, _) = run(&["solve", "-u"], "..1..2.34.......\n.......34.......\n");
    assert_eq!(
        (status, stdout.as_str()),
        (1, "3412124343212134\nerror: not unique\n")
    );
    for (puzzle, status, answer) in [(EASY, 0, SOLUTION), (&serg, 1, "error: not unique")] {
        let (_, marks, _) = run(&["candidates", "-f", "candidates"], &format!("{puzzle}\n"));
        let (got, stdout, _) = run(&["solve", "-u"], &marks);
        assert_eq!((got, stdout), (status, format!("{answer}\n")));
    }
}

#[test]
fn solve_unique_answers_from_the_count_that_shows_it_unique() {
    // One search: the count to 2 keeps the solution it meets, so `solve -u` does exactly the
    // work of `count -l 2` (a 9x9 puzzle, a 25x25 one, a candidate state), and the same answer
    // as `solve`.
    let hard = common::puzzles("hardest_1106.txt")[0].to_string();
    let large = std::fs::read_to_string(puzzle_path("gecode_25x25_one.txt")).unwrap();
    let (_, marks, _) = run(&["candidates", "-f", "candidates"], &format!("{hard}\n"));
    let input = format!("{hard}\n{large}{marks}");
    let stats = |args: &[&str]| -> Vec<(serde_json::Value, serde_json::Value)> {
        let (status, json, stderr) = run(args, &input);
        assert_eq!(status, 0, "{stderr}");
        let records = json
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
        records
            .map(|r| (r["guesses"].clone(), r["nodes"].clone()))
            .collect()
    };
    let counted = stats(&["count", "-l", "2", "--stats", "-f", "json"]);
    assert_eq!(counted.len(), 3);
    assert!(
        counted
            .iter()
            .all(|(guesses, _)| guesses.as_u64() > Some(0)),
        "{counted:?}"
    );
    assert_eq!(stats(&["solve", "-u", "--stats", "-f", "json"]), counted);
    assert_eq!(run(&["solve", "-u"], &input).1, run(&["solve"], &input).1);
}

#[test]
fn a_puzzle_written_in_place_of_a_file_is_that_puzzle() {
    let sample = puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let (_, from_file, _) = run(&["solve", sample], "");
    let (status, stdout, stderr) = run(&["solve", EASY, sample], "");
    assert_eq!(
        (status, stdout),
        (0, format!("{SOLUTION}\n{from_file}")),
        "{stderr}"
    );
    let (status, stdout, _) = run(&["hint", EASY], "");
    assert_eq!((status, stdout.as_str()), (0, "naked single: r5c5 = 5\n"));
    let (status, stdout, _) = run(&["count", "..1..2.34.......", "................"], "");
    assert_eq!((status, stdout.as_str()), (0, "1\n288\n"));
    // Named by its place among the FILE arguments.
    let (_, json, _) = run(&["solve", "-f", "json", sample, EASY], "");
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(last["source"], "<argument 2>");
    let typo = EASY.replacen('.', "x", 1);
    let (status, stdout, stderr) = run(&["solve", &typo], "");
    assert_eq!((status, stdout.as_str()), (2, "error: invalid puzzle\n"));
    assert_eq!(
        stderr,
        "sudoku: <argument 1>:1: invalid character 'x' at column 3\n"
    );
    // A name that is no puzzle is a missing file; a file whose name reads as one is the file.
    let (status, stdout, stderr) = run(&["solve", "missing_puzzles.txt"], "");
    assert_eq!((status, stdout.as_str()), (2, ""));
    assert!(
        stderr.contains("missing_puzzles.txt: No such file"),
        "{stderr}"
    );
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("..1..2.34......."), format!("{EASY}\n")).unwrap();
    let solved = sudoku()
        .current_dir(folder.path())
        .args(["solve", "..1..2.34......."])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(solved.stdout).unwrap(),
        format!("{SOLUTION}\n")
    );
}

#[test]
fn count_json_says_unique_or_multiple() {
    let serg = common::puzzles("serg_1000.txt")[0].to_string();
    let (status, stdout, _) = run(
        &["count", "-f", "json", "-l", "3"],
        &format!("{EASY}\n{serg}\n"),
    );
    assert_eq!(status, 0);
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects[0]["status"], "ok");
    assert_eq!(objects[0]["unique"], true);
    assert_eq!(objects[0]["count"], 1);
    assert_eq!(objects[0]["limit_reached"], false);
    assert_eq!(objects[1]["status"], "multiple");
    assert_eq!(objects[1]["unique"], false);
    assert_eq!(objects[1]["count"], 3);
    assert_eq!(objects[1]["limit_reached"], true);
}

#[test]
fn jobs_do_not_change_the_output() {
    let path = puzzle_path("17_clue_1000.txt");
    let path = path.to_str().unwrap();
    let one = sudoku().args(["solve", "-j", "1", path]).output().unwrap();
    let four = sudoku()
        .args(["solve", "--jobs", "4", path])
        .output()
        .unwrap();
    // 0 is every core, as the default is.
    let every = sudoku().args(["solve", "-j", "0", path]).output().unwrap();
    assert!(one.status.success() && four.status.success() && every.status.success());
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.stdout, every.stdout);
    assert_eq!(one.stdout.iter().filter(|&&b| b == b'\n').count(), 1000);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // Enough input that the output cannot all fit in the pipe before it is closed.
    let big = file_with(&format!("{EASY}\n").repeat(200_000));
    let (first, output, _) =
        common::first_line_then_close(&["solve", big.path().to_str().unwrap()]);
    assert_eq!(first, format!("{SOLUTION}\n"));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn help_explains_formats_and_exit_statuses() {
    for args in [
        &["--help"][..],
        &["solve", "--help"][..],
        &["count", "--help"][..],
    ] {
        sudoku()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains("Exit status"))
            .stdout(predicate::str::contains("2  bad usage"));
    }
    sudoku()
        .args(["solve", "--help"])
        .assert()
        .stdout(predicate::str::contains("Example: sudoku solve"))
        .stdout(predicate::str::contains("json"));
    sudoku()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("sudoku "));
}

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_that_cannot_be_written_are_reported() {
    let sudoku = || std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"));
    for args in [
        &["--help"][..],
        &["solve", "-h"],
        &["help", "count"],
        &["--version"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = sudoku().args(args).stdout(full).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("sudoku: cannot write to stdout: "),
            "{args:?}: {stderr}"
        );
        // A reader that has gone is no error: `sudoku --help | head -1`.
        let mut child = sudoku()
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

#[test]
fn bad_usage_exits_2() {
    sudoku().args(["solve", "--format", "xml"]).assert().code(2);
    sudoku().args(["count", "--limit", "-1"]).assert().code(2);
    sudoku()
        .args(["solve", "--timeout", "soon"])
        .assert()
        .code(2);
    sudoku().arg("frobnicate").assert().code(2);
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    let (status, _, stderr) = run(
        &["solve", "--stats"],
        &format!("{EASY}\n{NO_SOLUTION}\nxyz\n"),
    );
    assert_eq!(status, 2);
    let summary = stderr.lines().last().unwrap();
    assert!(
        summary.starts_with("sudoku: 3 puzzles: 1 solved, 1 without solution, 1 invalid;"),
        "{summary}"
    );
    assert!(summary.ends_with("puzzles/s"), "{summary}");
}
