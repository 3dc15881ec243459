//! `sudoku generate` and `sudoku check`, run as a user runs them.

use crate::common;

use common::{EASY, SOLUTION, run, sudoku};
use predicates::prelude::*;
use sudoku_engine::generate::Symmetry;
use sudoku_engine::{Grid, count_solutions};

fn grids(stdout: &str) -> Vec<Grid> {
    stdout.lines().map(|line| line.parse().unwrap()).collect()
}

#[test]
fn the_same_seed_gives_the_same_bytes_with_any_number_of_jobs() {
    let (_, one, _) = run(&["generate", "-n", "40", "--seed", "42", "--jobs", "1"], "");
    let (_, three, _) = run(&["generate", "-n", "40", "--seed", "42", "--jobs", "3"], "");
    let (_, other, _) = run(&["generate", "-n", "40", "--seed", "43", "--jobs", "2"], "");
    assert_eq!(one.lines().count(), 40);
    assert_eq!(one, three);
    let (a, b) = (grids(&one), grids(&other));
    assert!(
        a.iter().zip(&b).all(|(x, y)| x != y),
        "different seeds, different puzzles"
    );
}

#[test]
fn generated_puzzles_are_unique_and_minimal() {
    let (status, stdout, _) = run(&["generate", "-n", "10", "--seed", "7"], "");
    assert_eq!(status, 0);
    for puzzle in grids(&stdout) {
        assert!(count_solutions(&puzzle, 2).is_unique(), "{puzzle}");
        for (position, _) in puzzle.givens() {
            let mut fewer = puzzle;
            fewer.set(position, None);
            assert!(
                !count_solutions(&fewer, 2).is_unique(),
                "{puzzle}: clue {position} is redundant"
            );
        }
    }
}

#[test]
fn symmetries_hold() {
    for symmetry in Symmetry::ALL {
        let (status, stdout, _) = run(
            &[
                "generate",
                "-n",
                "5",
                "--seed",
                "3",
                "--symmetry",
                symmetry.name(),
            ],
            "",
        );
        assert_eq!(status, 0, "{symmetry:?}");
        for puzzle in grids(&stdout) {
            assert!(symmetry.holds_for(&puzzle), "{symmetry:?}: {puzzle}");
            assert!(count_solutions(&puzzle, 2).is_unique());
        }
    }
    sudoku()
        .args(["generate", "--symmetry", "spiral"])
        .assert()
        .code(2);
}

#[test]
fn solved_grids_are_complete_valid_and_varied() {
    let (status, stdout, _) = run(&["generate", "--solved", "-n", "20", "--seed", "5"], "");
    assert_eq!(status, 0);
    let grids = grids(&stdout);
    assert!(
        grids
            .iter()
            .all(|g| g.is_complete() && g.first_conflict().is_none())
    );
    // Not a fixed template: first rows differ.
    let first_rows: std::collections::HashSet<String> = grids
        .iter()
        .map(|g| g.to_string()[..9].to_string())
        .collect();
    assert!(first_rows.len() > 15);
}

#[test]
fn clue_limits_are_met_or_fail_clearly() {
    let (status, stdout, _) = run(&["generate", "-n", "3", "--seed", "9", "--clues", "23"], "");
    assert_eq!(status, 0);
    assert!(grids(&stdout).iter().all(|p| p.given_count() <= 23));
    let (status, stdout, stderr) = run(
        &[
            "generate",
            "--seed",
            "9",
            "--clues",
            "17",
            "--attempts",
            "5",
        ],
        "",
    );
    assert_eq!(status, 1);
    // The puzzle that could not be made keeps its line.
    assert_eq!(stdout, "error: not generated\n");
    assert!(
        stderr.starts_with("sudoku: puzzle 1: no puzzle with at most 17 clues in 5 attempts"),
        "{stderr}"
    );
}

#[test]
fn json_gives_seed_clues_and_solution_and_verbose_gives_the_seed() {
    let (_, stdout, stderr) = run(&["generate", "-n", "2", "-f", "json", "--verbose"], "");
    let seed: u64 = stderr
        .trim()
        .strip_prefix("sudoku: seed ")
        .unwrap()
        .parse()
        .unwrap();
    for (index, line) in stdout.lines().enumerate() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        // The seed is a string, so that tools reading numbers as doubles keep it exact.
        assert_eq!(object["seed"], seed.to_string());
        assert_eq!(object["index"], index + 1);
        assert_eq!(object["status"], "ok");
        let puzzle: Grid = object["puzzle"].as_str().unwrap().parse().unwrap();
        let solution: Grid = object["solution"].as_str().unwrap().parse().unwrap();
        assert_eq!(object["clues"], puzzle.given_count());
        assert!(solution.is_solution_of(&puzzle));
    }
    // The printed seed makes the same puzzles again.
    let (_, again, _) = run(
        &[
            "generate",
            "-n",
            "2",
            "-f",
            "json",
            "--seed",
            &seed.to_string(),
        ],
        "",
    );
    assert_eq!(again, stdout);
}

#[test]
fn check_accepts_valid_grids_and_puzzles() {
    let puzzle = EASY;
    let (status, stdout, stderr) = run(
        &["check"],
        &format!("{SOLUTION}\n{puzzle}\n{puzzle} {SOLUTION}\n"),
    );
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "ok\nok\nok\n", "")
    );
}

#[test]
fn check_names_every_fault() {
    let puzzle = EASY;
    let clashing_puzzle = format!("5{}5{}", &puzzle[1..6], &puzzle[7..]);
    let swapped = format!("35{}", &SOLUTION[2..]);
    let input = format!("{clashing_puzzle}\n{swapped}\n{puzzle} {swapped}\n");
    let (status, stdout, stderr) = run(&["check"], &input);
    assert_eq!(status, 1);
    assert_eq!(stdout, "fail\nfail\nfail\n");
    let expected = [
        "sudoku: <stdin>:1: row 1: digit 5 at r1c1 and r1c7",
        "sudoku: <stdin>:2: column 1: digit 3 at r1c1 and r9c1",
        "sudoku: <stdin>:2: column 2: digit 5 at r1c2 and r4c2",
        "sudoku: <stdin>:3: column 1: digit 3 at r1c1 and r9c1",
        "sudoku: <stdin>:3: column 2: digit 5 at r1c2 and r4c2",
        "sudoku: <stdin>:3: r1c1: the puzzle gives 5, the solution has 3",
        "sudoku: <stdin>:3: r1c2: the puzzle gives 3, the solution has 5",
    ];
    assert_eq!(stderr.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn check_reads_solutions_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    let solutions = dir.path().join("solutions.txt");
    let top = common::puzzle_path("top1465.txt");
    let solved = sudoku()
        .args(["solve", top.to_str().unwrap()])
        .output()
        .unwrap();
    std::fs::copy(&top, &puzzles).unwrap();
    std::fs::write(&solutions, &solved.stdout).unwrap();
    let args = [
        "check",
        puzzles.to_str().unwrap(),
        "-s",
        solutions.to_str().unwrap(),
    ];
    let output = sudoku().args(args).output().unwrap();
    assert!(output.status.success());
    assert_eq!(output.stdout, "ok\n".repeat(1465).into_bytes());
    // One solution short: the last puzzle cannot be checked, and that is an error.
    let mut fewer = String::from_utf8(solved.stdout).unwrap();
    fewer.truncate(fewer.len() - 82);
    std::fs::write(&solutions, fewer).unwrap();
    sudoku()
        .args(args)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no solution left for this puzzle"));
}

#[test]
fn a_faulty_solution_from_the_file_is_named_by_its_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let solutions = dir.path().join("solutions.txt");
    let solutions_path = solutions.to_str().unwrap();
    // The second solution swaps two digits of a row: two clashes in each of two columns.
    let swapped: String = SOLUTION[..9]
        .chars()
        .rev()
        .chain(SOLUTION[9..].chars())
        .collect();
    let six = "123456456123231564564231312645645312";
    let written = format!("# solutions\n{SOLUTION}\n\n{swapped}\n{six}\n");
    std::fs::write(&solutions, written).unwrap();
    let six_puzzle = format!("2{}", &six[1..]).replacen('4', ".", 3);
    let puzzles = format!("{EASY}\n{EASY}\n{six_puzzle}\n");
    let (status, stdout, stderr) = run(&["check", "--solution", solutions_path], &puzzles);
    assert_eq!(
        (status, stdout.as_str()),
        (1, "ok\nfail\nfail\n"),
        "{stderr}"
    );
    let place = format!("sudoku: <stdin>:2: the solution at {solutions_path}:4: ");
    assert!(
        stderr.lines().any(|line| line.starts_with(&place)),
        "{stderr}"
    );
    let place = format!("sudoku: <stdin>:3: the solution at {solutions_path}:5: ");
    assert!(
        stderr.lines().any(|line| line.starts_with(&place)),
        "{stderr}"
    );
    assert!(
        stderr
            .lines()
            .all(|line| line.contains(" the solution at ")),
        "{stderr}"
    );
    // A solution on the puzzle's own line is the record's: no other place to name.
    let (status, _, stderr) = run(&["check"], &format!("{EASY} {swapped}\n"));
    assert_eq!(status, 1);
    assert!(stderr.starts_with("sudoku: <stdin>:1: "), "{stderr}");
    assert!(!stderr.contains("the solution at"), "{stderr}");
}

#[test]
fn check_takes_a_solution_written_in_place_of_its_file() {
    // As a FILE argument may be a puzzle, --solution may be the grid itself.
    let (status, stdout, stderr) = run(&["check", EASY, "--solution", SOLUTION], "");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "ok\n", ""));
    let wrong = format!("{}{}", &SOLUTION[1..2], &SOLUTION[1..]);
    let (status, stdout, stderr) = run(&["check", "-s", &wrong], &format!("{EASY}\n"));
    assert_eq!((status, stdout.as_str()), (1, "fail\n"));
    let place = "sudoku: <stdin>:1: the solution at <--solution>:1: ";
    assert!(
        stderr.lines().all(|line| line.starts_with(place)),
        "{stderr}"
    );
    // A name that is no file and no grid is still a file that cannot be read.
    let (status, _, stderr) = run(&["check", "-s", "solutions.txt"], &format!("{EASY}\n"));
    assert_eq!(status, 2);
    assert!(stderr.starts_with("sudoku: solutions.txt: "), "{stderr}");
}

#[test]
fn check_takes_the_second_grid_of_a_solutions_line_that_holds_two() {
    // What `solve --show puzzle` writes, at 9x9 and at 6x6, read back as the solutions file.
    let dir = tempfile::tempdir().unwrap();
    for (args, puzzles) in [
        (&["--box", "3x3"][..], format!("{EASY}\n{EASY}\n")),
        (
            &["--box", "2x3"],
            "3..2.6..6.3.....41.5.....2......1...\n".repeat(2),
        ),
    ] {
        let puzzles_path = dir.path().join("puzzles.txt");
        std::fs::write(&puzzles_path, &puzzles).unwrap();
        let puzzles_path = puzzles_path.to_str().unwrap();
        let solve = [&["solve", "--show", "puzzle", puzzles_path][..], args].concat();
        let (status, shown, _) = run(&solve, "");
        assert_eq!(status, 0, "{args:?}");
        let solutions = dir.path().join("solutions.txt");
        std::fs::write(&solutions, &shown).unwrap();
        let check = [
            &["check", "-s", solutions.to_str().unwrap(), puzzles_path][..],
            args,
        ]
        .concat();
        let (status, stdout, stderr) = run(&check, "");
        assert_eq!(
            (status, stdout.as_str()),
            (0, "ok\nok\n"),
            "{args:?}: {stderr}"
        );
        // A digit changed in the second line's solution fails that puzzle alone.
        let mut lines: Vec<String> = shown.lines().map(String::from).collect();
        let last = lines[1].pop().unwrap();
        lines[1].push(if last == '1' { '2' } else { '1' });
        std::fs::write(&solutions, lines.join("\n") + "\n").unwrap();
        let (status, stdout, stderr) = run(&check, "");
        assert_eq!(
            (status, stdout.as_str()),
            (1, "ok\nfail\n"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn check_reports_unparseable_input_with_status_2() {
    let (status, stdout, stderr) = run(&["check"], "12345\n");
    assert_eq!(status, 2);
    assert_eq!(stdout, "error: invalid puzzle\n");
    assert!(stderr.starts_with("sudoku: <stdin>:1: found 5 cells"));
}

#[test]
fn difficulty_gives_puzzles_of_that_level_or_fails_clearly() {
    use sudoku_logic::{Level, explain, rate};
    for level in ["easy", "hard", "extreme"] {
        let args = ["generate", "-n", "3", "--seed", "5", "--difficulty", level];
        let (status, stdout, _) = run(&args, "");
        assert_eq!(status, 0, "{level}");
        for puzzle in grids(&stdout) {
            let (steps, end) = explain(&puzzle);
            let rated = rate(&steps, end.is_solved()).level;
            assert_eq!(rated, Some(level.parse::<Level>().unwrap()), "{puzzle}");
        }
    }
    let args = [
        "generate",
        "--seed",
        "1",
        "--difficulty",
        "extreme",
        "--attempts",
        "1",
    ];
    let (status, stdout, stderr) = run(&args, "");
    assert_eq!((status, stdout.as_str()), (1, "error: not generated\n"));
    assert!(
        stderr.contains("no extreme puzzle in 1 attempt;"),
        "{stderr}"
    );
    let (status, _, _) = run(&["generate", "--difficulty", "impossible"], "");
    assert_eq!(status, 2);
}
