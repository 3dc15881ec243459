//! One record in, one answer out, at once: every subcommand of the binary answers each record as
//! soon as it is read when nothing more is waiting, prints exactly one line, block or JSON object
//! per record (failures included), and never fills in a state it should refuse.

use crate::common;

use std::process::Command as StdCommand;
use std::time::{Duration, Instant};

use common::coprocess::Coprocess;
use common::{EASY, READING_COMMANDS, SOLUTION, puzzle_path, run};
use sudoku_engine::Grid;

/// Row 1 can only end in 9, which column 9 already has further down.
const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

#[test]
fn each_subcommand_answers_a_record_before_the_next_is_written() {
    let marks = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    // The arguments, a record, and how many lines its answer takes.
    let cases: [(&[&str], &str, usize); 12] = [
        (&["solve", "-j", "1"], EASY, 1),
        (&["solve", "-j", "2"], EASY, 1),
        (&["solve", "-f", "grid"], EASY, 12),
        (&["count"], EASY, 1),
        (&["check"], SOLUTION, 1),
        (&["candidates", "-f", "candidates"], EASY, 1),
        (&["hint"], EASY, 1),
        (&["explain", "-f", "json"], EASY, 1),
        (&["fill", "-j", "2"], EASY, 1),
        (&["fill", "-f", "grid"], EASY, 12),
        (&["rate"], EASY, 1),
        (&["hint"], marks.trim(), 1),
    ];
    for (args, record, lines) in cases {
        let mut coprocess = Coprocess::start(args);
        let first = coprocess.ask(&format!("{record}\n"), lines);
        // A record that fails is answered at once too (a block has a blank line after it).
        let failed = coprocess.ask("123\n", if lines > 1 { 2 } else { 1 });
        let again = coprocess.ask(&format!("{record}\n"), lines);
        // The same answer, but for the line number in JSON.
        let unplaced = |lines: Vec<String>| -> Vec<String> {
            let after_line = |l: &String| l.split_once(",\"puzzle\"").map(|(_, rest)| rest.into());
            lines
                .iter()
                .map(|l| after_line(l).unwrap_or(l.clone()))
                .collect()
        };
        assert_eq!(unplaced(first), unplaced(again), "{args:?}");
        assert!(failed[0].contains("error"), "{args:?}: {failed:?}");
        assert_eq!(coprocess.finish(), 2, "{args:?}");
    }
}

/// Memory stays flat however long the input: the binary holds a few puzzles at a time, never
/// the input read so far or the answers written. Each collection is given `first` times over,
/// then `more` times as many more, on one input. The first part is long enough to fill the
/// pipeline (ten chunks of 256 puzzles may be in flight), so that what it may hold at once is
/// reached before the peak is first read.
#[cfg(target_os = "linux")]
#[test]
fn memory_stays_flat_however_long_the_input() {
    for (name, side, first, more) in [
        ("17_clue_1000.txt", 9, 10, 10),
        ("gecode_16x16.txt", 16, 60, 5),
    ] {
        let collection = std::fs::read_to_string(puzzle_path(name)).unwrap();
        let puzzles: Vec<&str> = collection
            .lines()
            .filter(|line| !line.starts_with('#'))
            .collect();
        let lines = puzzles.join("\n") + "\n";
        let mut solver = Coprocess::start(&["solve"]);
        let mut peak_after = |times: usize| {
            let answers = solver.ask(&lines.repeat(times), puzzles.len() * times);
            assert!(answers.iter().all(|answer| answer.len() == side * side));
            (puzzles.len() * times, solver.peak_kb())
        };
        let (few, after_few) = peak_after(first);
        let (more, after_more) = peak_after(more * first);
        assert!(
            after_more <= after_few + after_few / 10,
            "{name}: {after_few} KB after {few} puzzles, {after_more} KB after {more} more"
        );
        assert_eq!(solver.finish(), 0);
    }
}

#[test]
fn a_lone_carriage_return_ends_a_line_without_waiting_for_more() {
    let mut coprocess = Coprocess::start(&["solve"]);
    assert_eq!(coprocess.ask(&format!("{EASY}\r"), 1), [SOLUTION]);
    // The LF of a CRLF split across two writes is not a line of its own.
    assert_eq!(coprocess.ask(&format!("\n{EASY}\r\n"), 1), [SOLUTION]);
    assert_eq!(coprocess.finish(), 0);
    let (status, stdout, _) = run(&["solve"], &format!("{EASY}\r{EASY}\r{EASY}\r"));
    assert_eq!((status, stdout), (0, format!("{SOLUTION}\n").repeat(3)));
}

/// A file of the hardest puzzles, which logic takes tens of milliseconds each to rate.
fn hardest() -> String {
    puzzle_path("hardest_1106.txt")
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn slow_subcommands_answer_at_once_and_end_promptly_on_a_closed_pipe() {
    // Rating or explaining the whole file takes a minute: the first answer must not wait for a
    // batch of puzzles behind it, nor the end for the work still queued.
    let hardest = hardest();
    for args in [
        &["rate", "-j", "1", &hardest][..],
        &["explain", "-j", "2", &hardest],
        &["generate", "-n", "100000", "--difficulty", "hard"],
    ] {
        let (first, output, took) = common::first_line_then_close(args);
        assert!(!first.starts_with("error"), "{args:?}: {first}");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "");
        assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
    }
}

/// Input with one record of each kind of outcome: solvable, invalid text, no solution, several
/// solutions, clashing givens, and a 729-character candidate line.
fn mixed_input() -> (String, usize) {
    let clash = format!("55{}", &".".repeat(79));
    let marks = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    let records = [
        EASY,
        "not a puzzle",
        NO_SOLUTION,
        &".".repeat(81),
        &clash,
        marks.trim(),
        "1234",
    ];
    (
        format!("# a comment\n{}\n", records.join("\n")),
        records.len(),
    )
}

#[test]
fn line_formats_give_every_record_one_line() {
    let (input, records) = mixed_input();
    for args in [
        &["solve"][..],
        &["count"],
        &["count", "--unique"],
        &["check"],
        &["candidates", "-f", "candidates"],
        &["hint"],
        &["fill"],
        &["fill", "-f", "candidates"],
        &["rate"],
    ] {
        let (_, stdout, _) = run(args, &input);
        assert_eq!(stdout.lines().count(), records, "{args:?}:\n{stdout}");
    }
}

#[test]
fn block_formats_give_every_record_one_block() {
    let (input, records) = mixed_input();
    for args in [
        &["explain"][..],
        &["candidates"],
        &["solve", "-f", "grid"],
        &["fill", "-f", "grid"],
    ] {
        let (_, stdout, _) = run(args, &input);
        let blocks: Vec<&str> = stdout.trim_end().split("\n\n").collect();
        assert_eq!(blocks.len(), records, "{args:?}:\n{stdout}");
        assert!(
            blocks.iter().all(|b| !b.trim().is_empty()),
            "{args:?}:\n{stdout}"
        );
    }
    // A failure's block is its own: it does not run into the next puzzle's steps.
    let (_, stdout, _) = run(&["explain"], &format!("123\n{EASY}\n"));
    assert!(stdout.starts_with("error: invalid puzzle\n\n"), "{stdout}");
}

/// The JSON objects printed, one per line.
fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[test]
fn json_gives_every_record_one_object_with_a_status_from_one_vocabulary() {
    let (input, records) = mixed_input();
    let vocabulary = [
        "ok",
        "invalid",
        "no_solution",
        "multiple",
        "stuck",
        "failed",
    ];
    for command in READING_COMMANDS {
        let (_, stdout, _) = run(&[command, "-f", "json"], &input);
        let objects = json_lines(&stdout);
        assert_eq!(objects.len(), records, "{command}:\n{stdout}");
        for (object, line) in objects.iter().zip(2..) {
            let status = object["status"].as_str().unwrap();
            assert!(vocabulary.contains(&status), "{command}: {object}");
            assert_eq!(object["line"], line, "{command}: {object}");
            assert_eq!(object["source"], "<stdin>");
        }
        assert_eq!(objects[1]["status"], "invalid", "{command}");
        if command != "check" && command != "candidates" {
            assert_eq!(objects[2]["status"], "no_solution", "{command}");
        }
    }
}

#[test]
fn csv_gives_every_record_one_row_with_its_json_status() {
    let (input, records) = mixed_input();
    for command in READING_COMMANDS {
        let (_, csv, _) = run(&[command, "-f", "csv"], &input);
        let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes())
            .records()
            .map(|row| row.unwrap_or_else(|e| panic!("{command}: {e}:\n{csv}")))
            .collect();
        let objects = json_lines(&run(&[command, "-f", "json"], &input).1);
        assert_eq!(rows.len(), records, "{command}:\n{csv}");
        for (row, object) in rows.iter().zip(&objects) {
            assert_eq!(row[1], object["line"].to_string(), "{command}: {row:?}");
            assert_eq!(row[3], object["status"], "{command}: {row:?}");
        }
    }
}

#[test]
fn a_status_does_not_depend_on_other_flags() {
    let input = format!("{}\n{EASY}\n", ".".repeat(81));
    let plain = json_lines(&run(&["count", "-f", "json"], &input).1);
    let unique = json_lines(&run(&["count", "-f", "json", "--unique"], &input).1);
    assert_eq!(plain[0]["status"], "multiple");
    assert_eq!(unique[0]["status"], "multiple");
    assert_eq!(plain[1]["status"], "ok");
    assert_eq!(unique[1]["status"], "ok");
}

#[test]
fn check_json_stays_json_when_solutions_run_short() {
    let solutions = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(solutions.path(), format!("{SOLUTION}\n")).unwrap();
    let path = solutions.path().to_str().unwrap();
    let (status, stdout, stderr) = run(
        &["check", "-f", "json", "--solution", path],
        &format!("{EASY}\n{EASY}\n"),
    );
    assert_eq!(status, 2);
    let objects = json_lines(&stdout);
    assert_eq!(objects.len(), 2);
    assert_eq!(objects[0]["status"], "ok");
    assert_eq!(objects[1]["status"], "invalid");
    assert!(stderr.contains("no solution left"), "{stderr}");
}

#[test]
fn more_solutions_than_puzzles_is_an_error() {
    let solutions = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(solutions.path(), format!("{SOLUTION}\n{SOLUTION}\n")).unwrap();
    let path = solutions.path().to_str().unwrap();
    let (status, stdout, stderr) = run(&["check", "--solution", path], &format!("{EASY}\n"));
    assert_eq!((status, stdout.as_str()), (2, "ok\n"));
    assert!(
        stderr.contains(":2: more solutions than puzzles"),
        "{stderr}"
    );
}

#[test]
fn generated_seeds_survive_readers_that_use_doubles() {
    let seed = "18446744073709551557";
    let (status, stdout, _) = run(&["generate", "--seed", seed, "-f", "json"], "");
    assert_eq!(status, 0);
    let object = &json_lines(&stdout)[0];
    assert_eq!(object["seed"], seed);
    assert_eq!(object["index"], 1);
    // Read as a double, as jq does, the seed would be 18446744073709551616.
    let as_double = seed.parse::<f64>().unwrap();
    assert_ne!(format!("{as_double:.0}"), seed);
}

#[test]
fn generate_goes_on_after_a_puzzle_it_cannot_make() {
    let args = ["generate", "-n", "3", "--seed", "9", "--clues", "21"];
    let args = [&args[..], &["--attempts", "1", "-f", "json"]].concat();
    let (status, stdout, _) = run(&args, "");
    let objects = json_lines(&stdout);
    assert_eq!(objects.len(), 3, "{stdout}");
    let failed = objects.iter().filter(|o| o["status"] == "failed").count();
    let made = objects.iter().filter(|o| o["status"] == "ok").count();
    assert_eq!(failed + made, 3);
    assert!(
        failed > 0,
        "seed 9 misses 21 clues in one attempt: {stdout}"
    );
    assert_eq!(status, 1);
}

#[test]
fn every_value_is_read_in_any_case_and_line_means_81_cells() {
    for args in [
        &["generate", "--seed", "1", "--difficulty", "Easy"][..],
        &["generate", "--seed", "1", "--symmetry", "Full"],
        &["generate", "--seed", "1", "-f", "LINE"],
    ] {
        let (status, stdout, stderr) = run(args, "");
        assert_eq!(status, 0, "{args:?}: {stderr}");
        assert_eq!(stdout.trim().len(), 81, "{args:?}");
    }
    for command in ["solve", "fill"] {
        let (_, stdout, _) = run(&[command, "-f", "line"], &format!("{EASY}\n"));
        assert_eq!(stdout.trim().len(), 81, "{command}");
    }
    // `line` would be a different thing in candidates: it has no such format.
    let (status, _, _) = run(&["candidates", "-f", "line"], &format!("{EASY}\n"));
    assert_eq!(status, 2);
}

#[test]
fn every_subcommand_that_reads_puzzles_takes_jobs_and_stats() {
    for command in READING_COMMANDS {
        let (status, _, stderr) = run(&[command, "-j", "2", "--stats"], &format!("{EASY}\n"));
        assert_eq!(status, 0, "{command}: {stderr}");
        assert!(
            stderr.starts_with("sudoku: 1 puzzle: 1 "),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn far_more_jobs_than_cores_cost_nothing() {
    let started = Instant::now();
    let (status, stdout, _) = run(&["solve", "-j", "4096"], &format!("{EASY}\n"));
    assert_eq!((status, stdout), (0, format!("{SOLUTION}\n")));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(10), "took {took:?}");
}

#[test]
fn candidates_read_back_as_the_state_they_were() {
    // Through the candidate form, singles must not place a digit twice in a unit.
    let marks = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    let (status, filled, _) = run(&["fill"], &marks);
    assert_eq!((status, filled.trim()), (0, SOLUTION));
    // The steps from the candidate form are the puzzle's own.
    for puzzle in common::puzzles("top1465.txt").iter().take(20) {
        let direct = run(&["explain"], &format!("{puzzle}\n")).1;
        let marks = run(&["candidates", "-f", "candidates"], &format!("{puzzle}\n")).1;
        let through_marks = run(&["explain"], &marks).1;
        assert_eq!(direct, through_marks, "{puzzle}");
    }
}

/// The 729-character form of `EASY` with `edit` applied to cell `index`'s nine characters.
fn edited_marks(index: usize, edit: &str) -> String {
    let marks = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    let mut marks = marks.trim().to_string();
    marks.replace_range(9 * index..9 * index + 9, edit);
    marks
}

#[test]
fn a_candidate_state_that_contradicts_itself_is_refused() {
    // r1c3 allows 1, 2 and 4 in EASY; left with 5 only, it clashes with the 5 in r1c1.
    let marks = edited_marks(2, "....5....");
    for command in ["fill", "explain", "rate", "hint", "candidates"] {
        let (status, stdout, stderr) = run(&[command], &format!("{marks}\n"));
        assert_eq!(status, 2, "{command}: {stdout}");
        assert!(stdout.starts_with("error:"), "{command}: {stdout}");
        assert!(
            stderr.contains("row 1") && stderr.contains("5"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn a_candidate_state_that_rules_out_the_solution_is_refused() {
    // r1c3 is 4 in the solution: leave it 1 and 2 only.
    let marks = edited_marks(2, "12.......");
    for command in ["fill", "explain", "rate", "hint"] {
        let (status, stdout, stderr) = run(&[command], &format!("{marks}\n"));
        assert_eq!(status, 1, "{command}: {stdout}");
        assert!(stdout.starts_with("error: no solution"), "{command}");
        assert!(
            stderr.contains("rule out every solution (r1c3 must be 4)"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn a_candidate_state_of_a_puzzle_without_solution_is_answered_as_its_puzzle() {
    // The pencil marks of a sparse grid without a solution whose search gets lost: they rule
    // nothing out that the givens allow, so the state has no solution for the givens' sake,
    // and the search within them hands over as the grid's does.
    let lost = std::fs::read_to_string(puzzle_path("slow_no_solution.txt")).unwrap();
    let lost = &lost.lines().nth(12).unwrap()[..81];
    let (_, marks, _) = run(&["candidates", "-f", "candidates"], &format!("{lost}\n"));
    for command in ["solve", "count", "hint"] {
        let (status, stdout, stderr) = run(&[command], &marks);
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (
                1,
                "error: no solution\n",
                "sudoku: <stdin>:1: no solution\n"
            ),
            "{command}"
        );
    }
    // Its count honours --timeout: the empty grid's marks, counted without a limit.
    let (_, marks, _) = run(&["candidates", "-f", "candidates"], &".".repeat(81));
    let (status, stdout, stderr) = run(&["count", "-l", "0", "--timeout", "0.2"], &marks);
    assert_eq!(
        (status, stdout.as_str()),
        (3, "error: timeout\n"),
        "{stderr}"
    );
}

#[test]
fn rating_a_solved_grid_says_it_is_solved() {
    let (status, stdout, _) = run(&["rate"], &format!("{SOLUTION}\n"));
    assert_eq!((status, stdout.as_str()), (0, "0.0 solved 0\n"));
    let (status, stdout, _) = run(&["rate", "-f", "json"], &format!("{SOLUTION}\n"));
    let object = &json_lines(&stdout)[0];
    assert_eq!((status, &object["level"]), (0, &"solved".into()));
}

#[test]
fn candidates_work_on_any_puzzle_without_clashing_givens() {
    let (status, stdout, _) = run(&["candidates", "-f", "candidates"], &".".repeat(81));
    assert_eq!(status, 0);
    assert_eq!(stdout.trim(), "123456789".repeat(81));
    let (status, _, _) = run(&["candidates"], &format!("{NO_SOLUTION}\n"));
    assert_eq!(status, 0);
}

#[test]
fn unique_with_a_limit_of_one_still_tells_a_unique_puzzle() {
    let (status, stdout, stderr) = run(&["count", "--unique", "--limit", "1"], EASY);
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (0, "1\n", ""));
    let (status, stdout, _) = run(&["count", "--unique", "-l", "1"], &".".repeat(81));
    assert_eq!((status, stdout.as_str()), (1, "2+\n"));
}

/// A boxed grid of EASY, as books print it.
fn boxed_easy() -> Vec<String> {
    let grid: Grid = EASY.parse().unwrap();
    grid.block().to_string().lines().map(String::from).collect()
}

#[test]
fn a_bad_grid_row_spoils_only_its_own_grid() {
    let good = boxed_easy().join("\n");
    // A boxed row with a tenth cell, and a row of ten cells written without spaces, first and
    // in the middle of a grid, each followed by a good grid with no blank line between.
    // Rows with a stray character in place of a cell, too, first or not.
    for (index, bad_row, fault) in [
        (0, "5 3 . | . 7 . | . . . | 9", "has 10 cells"),
        (4, "8 . . | . 6 . | . . 3 | 9", "has 10 cells"),
        (0, "53..7....9", "has 10 cells"),
        (6, "7...2...69", "has 10 cells"),
        (0, "5 3 x | . 7 . | . . .", "invalid character 'x'"),
        (0, "53.o7....", "invalid character 'o'"),
        (4, "8 . . | . x . | . . 3", "invalid character 'x'"),
    ] {
        let mut bad = boxed_easy();
        bad[index] = bad_row.to_string();
        let input = format!("{}\n{good}\n", bad.join("\n"));
        let (status, stdout, stderr) = run(&["solve"], &input);
        assert_eq!(status, 2, "{bad_row}");
        assert_eq!(
            stdout,
            format!("error: invalid puzzle\n{SOLUTION}\n"),
            "{bad_row}: {stderr}"
        );
        assert!(stderr.contains(fault), "{stderr}");
    }
    // A 16x16 grid with a symbol that does not belong in its first row, read with --box or
    // without: one record, then the next grid's.
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    let (_, solution, _) = run(&["solve"], &format!("{sixteen}\n"));
    let rows: Vec<String> = sixteen
        .as_bytes()
        .chunks(16)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect();
    let mut bad = rows.clone();
    bad[0].replace_range(3..4, "Z");
    let input = format!("{}\n{}\n", bad.join("\n"), rows.join("\n"));
    for with_box in [&["--box", "4x4"][..], &[]] {
        let args = [&["solve"][..], with_box].concat();
        let (status, stdout, stderr) = run(&args, &input);
        assert_eq!(status, 2);
        assert_eq!(
            stdout,
            format!("error: invalid puzzle\n{solution}"),
            "{with_box:?}: {stderr}"
        );
        assert_eq!(
            stderr,
            "sudoku: <stdin>:1: invalid symbol 'Z' at r1c4: a 16x16 grid's symbols are 1-9 and A-G\n"
        );
    }
}

#[test]
fn messages_point_at_the_bad_character_or_byte() {
    let marks = run(&["candidates", "-f", "candidates"], &format!("{EASY}\n")).1;
    let mut bad = marks.trim().to_string();
    bad.replace_range(100..101, "x");
    let (status, _, stderr) = run(&["explain"], &format!("{bad}\n"));
    assert_eq!(status, 2);
    assert!(
        stderr.contains("invalid character 'x' at column 101"),
        "{stderr}"
    );
    let mut bytes = EASY.as_bytes().to_vec();
    bytes[40] = 0xff;
    let (_, _, stderr) = common::run_bytes(&["solve"], &bytes);
    assert!(
        stderr.contains("invalid byte \\xff at column 41"),
        "{stderr}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_names_stdout() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = StdCommand::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(["solve", puzzle_path("sample.txt").to_str().unwrap()])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("sudoku: cannot write to stdout:"),
        "{stderr}"
    );
}

/// Runs `sudoku ARGUMENTS` from a shell, with `redirect` (such as `>&-`) after it.
#[cfg(unix)]
fn run_in_shell(arguments: &str, redirect: &str) -> std::process::Output {
    let binary = assert_cmd::cargo::cargo_bin("sudoku");
    StdCommand::new("sh")
        .arg("-c")
        .arg(format!("{} {arguments} {redirect}", binary.display()))
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_is_an_error() {
    // The shell's `>&-`: the program starts with no file descriptor 1 at all.
    let sample = puzzle_path("sample.txt");
    let output = run_in_shell(&format!("solve {}", sample.display()), ">&-");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("stdout is closed"), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdin_is_an_error_and_the_other_files_are_still_read() {
    // The shell's `<&-`: reading stdin would see no puzzle at all and report success.
    let sample = puzzle_path("sample.txt");
    let output = run_in_shell(&format!("solve {} -", sample.display()), "<&-");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr, "sudoku: <stdin>: closed: nothing to read\n");
    let solved = String::from_utf8(output.stdout).unwrap();
    assert_eq!(solved.lines().count(), 4, "{solved}");
}

/// What `-f json` prints is read back by every subcommand: a JSON Lines source (its first text
/// is `{`) gives a record a line, the puzzle from its `puzzle` field (or --column's), with its
/// `solution` as the second grid `check` checks; a line that is no such object is answered with
/// its line and why, and the others are still read.
#[test]
fn every_subcommand_reads_the_json_lines_another_printed() {
    for shape in ["3x3", "4x4", "2x3"] {
        let args = ["generate", "-n", "3", "--seed", "9", "--box", shape];
        let (_, text, _) = run(&args, "");
        let (_, json, _) = run(&[&args[..], &["-f", "json"]].concat(), "");
        assert!(json.starts_with('{'), "{json}");
        for command in READING_COMMANDS {
            let from_text = run(&[command], &text);
            let from_json = run(&[command], &json);
            assert_eq!(from_json, from_text, "{shape} {command}");
        }
    }

    // solve's JSON to check: each solution against its puzzle, in the input or in --solution.
    let sample = puzzle_path("sample.txt");
    let sample = sample.to_str().unwrap();
    let (_, solved, _) = run(&["solve", "-f", "json", sample], "");
    let (status, checked, stderr) = run(&["check"], &solved);
    assert_eq!(status, 0, "{stderr}");
    assert!(checked.lines().all(|line| line == "ok"), "{checked}");
    let wrong = solved.replacen("\"solution\":\"5", "\"solution\":\"6", 1);
    assert_ne!(wrong, solved);
    let (status, checked, stderr) = run(&["check"], &wrong);
    assert_eq!(
        (status, checked.lines().next()),
        (1, Some("fail")),
        "{stderr}"
    );
    let folder = tempfile::tempdir().unwrap();
    let solutions = folder.path().join("solutions.json");
    std::fs::write(&solutions, &wrong).unwrap();
    let (status, checked, stderr) = run(&["check", sample, "-s", solutions.to_str().unwrap()], "");
    assert_eq!(
        (status, checked.lines().next()),
        (1, Some("fail")),
        "{stderr}"
    );
    assert!(stderr.contains("the solution at "), "{stderr}");

    // --column names another field: fill's grid, read on by explain.
    let (_, filled, _) = run(&["fill", "-f", "json"], &format!("{EASY}\n"));
    let (status, explained, _) = run(&["explain", "--column", "grid"], &filled);
    assert_eq!(status, 0);
    assert!(
        explained.ends_with(&format!("solved: {SOLUTION}\n\n")),
        "{explained}"
    );

    // As jq prints them: each object over several lines (`jq .`), or all in an array
    // (`jq -s .`, `jq -s -c .`); each is one record, numbered by the line it starts on.
    let objects = json_lines(&solved);
    let pretty: String = objects
        .iter()
        .map(|object| serde_json::to_string_pretty(object).unwrap() + "\n")
        .collect();
    let in_array = serde_json::to_string_pretty(&objects).unwrap();
    let compact_array = serde_json::to_string(&objects).unwrap();
    for text in [&pretty, &in_array, &compact_array] {
        let (status, checked, stderr) = run(&["check"], text);
        assert_eq!(status, 0, "{stderr}");
        assert_eq!(checked, "ok\n".repeat(objects.len()), "{text}");
    }
    let lines_of = |text: &str| -> Vec<u64> {
        let (_, json, _) = run(&["check", "-f", "json"], text);
        json_lines(&json)
            .iter()
            .map(|o| o["line"].as_u64().unwrap())
            .collect()
    };
    let starts: Vec<u64> = (1..)
        .zip(pretty.lines())
        .filter(|(_, l)| *l == "{")
        .map(|(n, _)| n)
        .collect();
    assert_eq!(lines_of(&pretty), starts);
    assert_eq!(lines_of(&compact_array), vec![1; objects.len()]);
    let two_a_line = format!("{}{}\n", objects[0], objects[1]);
    assert_eq!(lines_of(&two_a_line), [1, 1]);
    // One line longer than a line of puzzles may be (1 MB), as `jq -s -c` writes a large file.
    let many: Vec<&serde_json::Value> = objects.iter().cycle().take(8000).collect();
    let one_line = serde_json::to_string(&many).unwrap() + "\n";
    assert!(one_line.len() > 1 << 20);
    let (status, checked, stderr) = run(&["check"], &one_line);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(checked, "ok\n".repeat(8000));
    // An object left open is one fault, cut off where the next object starts its line.
    let broken = format!("{{\"puzzle\": \"{EASY}\",\n{pretty}");
    let (status, stdout, stderr) = run(&["solve"], &broken);
    assert_eq!(status, 2);
    assert_eq!(stdout.lines().count(), 1 + objects.len(), "{stdout}");
    assert!(stdout.starts_with("error: invalid puzzle\n"), "{stdout}");
    assert!(
        stderr.starts_with("sudoku: <stdin>:1: not JSON: EOF while parsing"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");

    // Lines that are no such object: one answer each, in place; `#` lines and blank ones are
    // skipped, before the first object too.
    let input = format!(
        "# from solve -f json\n{{\"puzzle\":\"{EASY}\"}}\n\n[1]\nnot json\n{{\"id\":1}}\n{{\"puzzle\":\"{EASY}\\n{EASY}\"}}\n{{\"puzzle\":\"{EASY}\"}}\n"
    );
    let (status, stdout, stderr) = run(&["solve"], &input);
    assert_eq!(status, 2);
    assert_eq!(
        stdout,
        format!(
            "{SOLUTION}\n{}{SOLUTION}\n",
            "error: invalid puzzle\n".repeat(4)
        )
    );
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [
            // An array is a grid: of one cell here.
            "sudoku: <stdin>:4: found 1 cell, expected 81 (or a grid of 9 rows of 9)",
            "sudoku: <stdin>:5: not JSON: expected ident at line 1 column 2",
            "sudoku: <stdin>:6: no \"puzzle\" field holding a puzzle (text, or an array of cells \
             or of rows)",
            "sudoku: <stdin>:7: expected one puzzle, found 2",
        ]
    );
}

/// A grid written as JSON arrays, as programs keep one (LeetCode's `board` of strings, rows of
/// numbers with 0 for a blank, a flat array of cells), alone or in an object's field, on one
/// line or spread over several as jq prints it, is read as the puzzle it is.
#[test]
fn grids_as_json_arrays_are_read() {
    let rows = |blank: serde_json::Value, cell: &dyn Fn(char) -> serde_json::Value| {
        let rows: Vec<Vec<serde_json::Value>> = EASY
            .as_bytes()
            .chunks(9)
            .map(|row| {
                row.iter()
                    .map(|&b| match b {
                        b'.' => blank.clone(),
                        digit => cell(digit as char),
                    })
                    .collect()
            })
            .collect();
        serde_json::json!(rows)
    };
    let strings = rows(".".into(), &|d| d.to_string().into());
    let numbers = rows(0.into(), &|d| d.to_digit(10).unwrap().into());
    let flat: Vec<serde_json::Value> = numbers
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone())
        .collect();
    let as_text: Vec<String> = EASY
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8(r.to_vec()).unwrap())
        .collect();
    let inputs = [
        serde_json::json!({ "board": strings }).to_string(),
        serde_json::to_string_pretty(&numbers).unwrap(),
        serde_json::json!({ "id": 7, "puzzle": flat }).to_string(),
        serde_json::json!({ "puzzle": as_text }).to_string(),
        serde_json::json!([{ "grid": numbers }]).to_string(),
    ];
    for input in &inputs {
        let (status, stdout, stderr) = run(&["solve"], &format!("{input}\n"));
        assert_eq!(
            (status, stdout),
            (0, format!("{SOLUTION}\n")),
            "{input}: {stderr}"
        );
    }
    // With its solution as an array too, for check; a wrong one fails.
    let solution: Vec<u32> = SOLUTION.chars().map(|c| c.to_digit(10).unwrap()).collect();
    let mut wrong = solution.clone();
    wrong.swap(0, 1);
    let pairs = [
        serde_json::json!({ "puzzle": flat, "solution": solution }),
        serde_json::json!({ "puzzle": flat, "solution": wrong }),
    ];
    let text: String = pairs.iter().map(|pair| format!("{pair}\n")).collect();
    let (status, stdout, _) = run(&["check"], &text);
    assert_eq!((status, stdout.as_str()), (1, "ok\nfail\n"));
    // Other sizes: a 16x16 grid of numbers is answered in numbers.
    let (_, puzzle, _) = run(
        &[
            "generate",
            "--box",
            "4x4",
            "--seed",
            "3",
            "--alphabet",
            "numbers",
        ],
        "",
    );
    let cells: Vec<u32> = puzzle
        .split_whitespace()
        .map(|cell| cell.parse().unwrap_or(0))
        .collect();
    let (_, expected, _) = run(&["solve"], &puzzle);
    let (status, stdout, stderr) = run(&["solve"], &format!("{}\n", serde_json::json!(cells)));
    assert_eq!((status, stdout), (0, expected), "{stderr}");
    // A cell that is no cell spoils only its grid.
    let bad = format!(
        "{}\n{}\n",
        serde_json::json!({ "puzzle": [[true]] }),
        inputs[0]
    );
    let (status, stdout, stderr) = run(&["solve"], &bad);
    assert_eq!(
        (status, stdout),
        (2, format!("error: invalid puzzle\n{SOLUTION}\n"))
    );
    assert!(
        stderr.starts_with("sudoku: <stdin>:1: no \"puzzle\" field holding a puzzle"),
        "{stderr}"
    );
}
