//! Every size, through the binary: 4x4 to 36x36 generated, solved, counted and checked, and
//! 64x64 generated and solved; the shared 16x16 set; alphabets detected and chosen; errors
//! that name the symbol.

use crate::common;

#[cfg(target_os = "linux")]
use common::coprocess::Coprocess;
use common::{puzzle_path, run};

/// Every box shape the tool promises, with its side.
const SHAPES: [(&str, usize); 12] = [
    ("2x2", 4),
    ("2x3", 6),
    ("2x4", 8),
    ("3x3", 9),
    ("2x5", 10),
    ("3x4", 12),
    ("3x5", 15),
    ("4x4", 16),
    ("4x5", 20),
    ("5x5", 25),
    ("5x6", 30),
    ("6x6", 36),
];

/// The values of a grid written on one line, in any alphabet the tool writes: one character
/// per cell up to 35, numbers separated by spaces above.
fn cells(line: &str, side: usize) -> Vec<String> {
    if side > 35 {
        line.split_whitespace().map(str::to_string).collect()
    } else {
        line.chars().map(String::from).collect()
    }
}

/// True when `solution` keeps the givens of `puzzle` and every row, column and box of the
/// side holds each symbol once.
fn solves(puzzle: &str, solution: &str, (rows, columns): (usize, usize)) -> bool {
    let side = rows * columns;
    let (puzzle, solution) = (cells(puzzle, side), cells(solution, side));
    if solution.len() != side * side || puzzle.len() != side * side {
        return false;
    }
    let keeps = puzzle
        .iter()
        .zip(&solution)
        .all(|(given, value)| given == "." || given == value);
    let unit_ok = |cells: Vec<usize>| {
        let mut seen: Vec<&String> = cells.iter().map(|&i| &solution[i]).collect();
        seen.sort();
        seen.dedup();
        seen.len() == side && !seen.iter().any(|s| s.as_str() == ".")
    };
    let lines = (0..side).all(|i| {
        unit_ok((0..side).map(|j| i * side + j).collect())
            && unit_ok((0..side).map(|j| j * side + i).collect())
    });
    let boxes = (0..side).all(|b| {
        let (top, left) = (b / (side / columns) * rows, b % (side / columns) * columns);
        unit_ok(
            (0..side)
                .map(|i| (top + i / columns) * side + left + i % columns)
                .collect(),
        )
    });
    keeps && lines && boxes
}

/// The solved grid `solved` (one line, of the given side) as a puzzle line with every `n`th
/// cell emptied, the first included.
fn every_nth_emptied(solved: &str, side: usize, n: usize) -> String {
    keeping(solved, side, |cell| cell % n != 0)
}

/// The solved grid `solved` (one line, of the given side) as a puzzle line that keeps only
/// the cells (by index) that `keep` accepts.
fn keeping(solved: &str, side: usize, keep: impl Fn(usize) -> bool) -> String {
    let mut values = cells(solved.trim(), side);
    for (cell, value) in values.iter_mut().enumerate() {
        if !keep(cell) {
            *value = ".".into();
        }
    }
    values.join(if side > 35 { " " } else { "" }) + "\n"
}

fn shape(name: &str) -> (usize, usize) {
    let (r, c) = name.split_once('x').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

/// Asserts that every clue of the one-line `puzzle` (boxes `name`) is needed: without it the
/// puzzle has more than one solution.
fn assert_minimal(name: &str, puzzle: &str) {
    let fewer: String = puzzle
        .char_indices()
        .filter(|&(_, symbol)| symbol != '.')
        .map(|(at, _)| format!("{}.{}\n", &puzzle[..at], &puzzle[at + 1..]))
        .collect();
    let (status, counts, stderr) = run(&["count", "--box", name, "--limit", "2"], &fewer);
    assert_eq!(status, 0, "{name}: {stderr}");
    assert_eq!(counts.lines().count(), fewer.lines().count());
    let needless = counts.lines().position(|count| count != "2+");
    assert_eq!(needless, None, "{name}: a clue can go from {puzzle}");
}

#[test]
fn every_size_is_generated_unique_and_solved_by_the_rules() {
    for (name, side) in SHAPES {
        // Minimal unique puzzles up to 20x20; the largest get a solved grid with cells
        // emptied (their generation takes seconds).
        let puzzle = if side <= 20 {
            let (status, puzzle, stderr) = run(&["generate", "--box", name, "--seed", "5"], "");
            assert_eq!(status, 0, "{name}: {stderr}");
            let (status, count, _) = run(&["count", "--box", name], &puzzle);
            assert_eq!((status, count.trim()), (0, "1"), "{name}: not unique");
            assert_minimal(name, puzzle.trim());
            puzzle
        } else {
            let (status, solved, _) =
                run(&["generate", "--box", name, "--solved", "--seed", "5"], "");
            assert_eq!(status, 0);
            every_nth_emptied(&solved, side, 3)
        };
        let (status, solution, stderr) = run(&["solve", "--box", name], &puzzle);
        assert_eq!(status, 0, "{name}: {stderr}");
        assert!(
            solves(puzzle.trim(), solution.trim(), shape(name)),
            "{name}:\n{puzzle}{solution}"
        );
        // The shape is found from the number of cells too.
        let (_, again, _) = run(&["solve"], &puzzle);
        assert_eq!(again, solution, "{name} without --box");
        let (status, verdict, _) = run(&["check"], &solution);
        assert_eq!((status, verdict.trim()), (0, "ok"), "{name}");
    }
}

/// Above 20x20 a clue whose removal would take a long search to check stays, unless
/// --minimal asks for every check to be searched to its end. 22x22 (boxes of 2x11) is where
/// that is cheap.
#[test]
fn minimal_asks_for_minimal_puzzles_above_20x20() {
    let generate = ["generate", "--box", "2x11", "--seed", "4"];
    let (status, puzzle, stderr) = run(&[&generate[..], &["--minimal"]].concat(), "");
    assert_eq!(status, 0, "{stderr}");
    let (status, count, _) = run(&["count", "--box", "2x11"], &puzzle);
    assert_eq!((status, count.trim()), (0, "1"));
    assert_minimal("2x11", puzzle.trim());
    // Up to 20x20 puzzles are minimal anyway: the flag changes nothing.
    let generate = ["generate", "--box", "4x4", "--seed", "4", "-n", "2"];
    let (_, plain, _) = run(&generate, "");
    let (_, minimal, _) = run(&[&generate[..], &["--minimal"]].concat(), "");
    assert_eq!(plain, minimal);
    let (status, _, stderr) = run(&["generate", "--minimal", "--solved"], "");
    assert_eq!(status, 2, "{stderr}");
}

#[test]
fn the_largest_size_is_generated_and_solved_without_running_out_of_stack() {
    // A solved 64x64 grid is searched for from the empty grid, a guess deeper at each of
    // thousands of levels: that overflowed a worker thread's stack once.
    let (status, solved, stderr) =
        run(&["generate", "--box", "8x8", "--solved", "--seed", "1"], "");
    assert_eq!(status, 0, "{stderr}");
    let (status, verdict, _) = run(&["check"], &solved);
    assert_eq!((status, verdict.trim()), (0, "ok"));
    assert_eq!(cells(solved.trim(), 64).len(), 64 * 64);
    let puzzle = every_nth_emptied(&solved, 64, 2);
    let (status, solution, stderr) = run(&["solve"], &puzzle);
    assert_eq!(status, 0, "{stderr}");
    assert!(solves(puzzle.trim(), solution.trim(), (8, 8)), "{solution}");
}

/// The answer of `sudoku solve` to the one-line `puzzle`, and the process's peak memory in KB
/// once it has answered, read while it still runs. (Its peak once reaped, from wait4(2), would
/// count the pages it had as a fork of this process.)
#[cfg(target_os = "linux")]
fn solved_with_peak_memory(puzzle: &str) -> (String, u64) {
    let mut solver = Coprocess::start(&["solve", "-j", "1"]);
    let solution = solver.ask(&format!("{}\n", puzzle.trim()), 1).remove(0);
    let peak_kb = solver.peak_kb();
    assert_eq!(solver.finish(), 0);
    (solution, peak_kb)
}

/// A deep search holds only what its guesses changed, not a copy of the grid at each level,
/// and each level's frame stays small: the empty 64x64 grid is solved thousands of guesses
/// deep. A copy of its state (43 KB) at each level took the process's peak memory to 158 MB,
/// and a guess's choices held as whole literals (1 KB a level) took the search 11.5 MB beyond
/// the peak of answering the full grid, which needs no search (a test build; 4.7-5.0 MB now).
#[cfg(target_os = "linux")]
#[test]
fn the_largest_size_is_searched_in_little_memory() {
    let empty = vec!["."; 64 * 64].join(" ") + "\n";
    let (solution, deep_kb) = solved_with_peak_memory(&empty);
    assert!(solves(empty.trim(), solution.trim(), (8, 8)), "{solution}");
    let (again, shallow_kb) = solved_with_peak_memory(&solution);
    assert_eq!(again, solution);
    assert!(deep_kb < 64 * 1024, "peak memory {deep_kb} KB");
    let search_kb = deep_kb.saturating_sub(shallow_kb);
    assert!(
        search_kb < 8 * 1024,
        "the search took {search_kb} KB beyond the {shallow_kb} KB of a full grid"
    );
}

#[test]
fn grids_with_few_givens_are_solved_and_counted_at_once() {
    // Guessing in order, one search ran into subtrees without a solution here and did not
    // finish within 20 s: the empty 49x49 grid, and 49x49 with one cell in twenty given.
    let empty = vec!["."; 49 * 49].join(" ") + "\n";
    let (status, solved, stderr) =
        run(&["generate", "--box", "7x7", "--solved", "--seed", "1"], "");
    assert_eq!(status, 0, "{stderr}");
    let sparse = keeping(&solved, 49, |cell| cell % 20 == 0);
    for puzzle in [&empty, &sparse] {
        let (status, solution, stderr) = run(&["solve", "--timeout", "20s"], puzzle);
        assert_eq!(status, 0, "{stderr}");
        assert!(solves(puzzle.trim(), solution.trim(), (7, 7)), "{solution}");
        let (status, count, stderr) = run(&["count", "--limit", "2", "--timeout", "20s"], puzzle);
        assert_eq!((status, count.trim()), (0, "2+"), "{stderr}");
    }
}

#[test]
fn the_shared_16x16_set_is_solved_and_shown_unique() {
    let path = puzzle_path("gecode_16x16.txt");
    let path = path.to_str().unwrap();
    let (status, counts, _) = run(&["count", path], "");
    assert_eq!(status, 0);
    assert_eq!(counts.lines().count(), 55);
    assert!(counts.lines().all(|count| count == "1"));
    let (status, solutions, _) = run(&["solve", path], "");
    assert_eq!(status, 0);
    let puzzles = std::fs::read_to_string(path).unwrap();
    for (puzzle, solution) in puzzles.lines().zip(solutions.lines()) {
        assert!(solves(puzzle, solution, (4, 4)), "{puzzle}");
    }
}

#[test]
fn one_hard_25x25_is_settled() {
    let path = puzzle_path("gecode_25x25_one.txt");
    let (status, count, stderr) = run(&["count", path.to_str().unwrap()], "");
    assert_eq!((status, count.trim()), (0, "1"), "{stderr}");
}

#[test]
fn counts_of_small_grids_are_exact() {
    // The empty 4x4 grid has 288 solutions; the empty 6x6 (2x3 boxes) 28,200,960.
    let (status, count, _) = run(&["count", "--limit", "0"], &".".repeat(16));
    assert_eq!((status, count.trim()), (0, "288"));
    let (_, count, _) = run(&["count", "--limit", "1000"], &".".repeat(36));
    assert_eq!(count.trim(), "1000+");
    let (status, count, _) = run(&["count"], "1...\n");
    assert_eq!(status, 2, "4 cells is not a grid: {count}");
}

/// The letters alphabet's symbols, as far as 16x16 goes.
const LETTERS: &str = "ABCDEFGHIJKLMNOP";

/// `text` with the symbols of the digits alphabet (1-9, A-G) replaced by the same values in
/// the alphabet `to` (its symbols in order).
fn translate(text: &str, to: &str) -> String {
    let from = "123456789ABCDEFG";
    text.chars()
        .map(|c| from.find(c).map_or(c, |i| to.as_bytes()[i] as char))
        .collect()
}

/// The first `count` puzzles of a file in `puzzles/`, a line each.
fn first_puzzles(name: &str, count: usize) -> String {
    let puzzles = common::puzzles(name);
    puzzles
        .iter()
        .take(count)
        .map(|p| format!("{p}\n"))
        .collect()
}

#[test]
fn alphabets_are_detected_and_answers_keep_them() {
    let puzzles = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let digits = puzzles.lines().next().unwrap();
    let (_, solution, _) = run(&["solve"], digits);
    // The same puzzle in hexadecimal (0-F) and in letters (A-P).
    for to in ["0123456789ABCDEF", LETTERS] {
        let (status, answer, stderr) = run(&["solve"], &translate(digits, to));
        assert_eq!(status, 0, "{stderr}");
        assert_eq!(answer, translate(&solution, to));
    }
    // Letters with `0` for a blank are still letters.
    let zero_blanks = translate(digits, LETTERS).replace('.', "0");
    let (status, answer, stderr) = run(&["solve"], &zero_blanks);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(answer, translate(&solution, "ABCDEFGHIJKLMNOP"));
    // A grid without a symbol is answered in the usual one: digits.
    for side in [4, 6, 16, 25] {
        let (status, answer, stderr) = run(&["solve"], &".".repeat(side * side));
        assert_eq!(status, 0, "{stderr}");
        let symbols = &"123456789ABCDEFGHIJKLMNOP"[..side];
        assert!(
            answer.trim().chars().all(|c| symbols.contains(c)),
            "{side}: {answer}"
        );
    }
    // Chosen: numbers, for any size.
    let (status, answer, _) = run(
        &[
            "generate",
            "--box",
            "2x2",
            "--alphabet",
            "numbers",
            "--solved",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(answer.split_whitespace().count(), 16);
    let (status, _, stderr) = run(
        &[
            "generate",
            "--box",
            "6x6",
            "--alphabet",
            "letters",
            "--solved",
        ],
        "",
    );
    assert_eq!(status, 2);
    assert!(stderr.contains("no symbols for a side of 36"), "{stderr}");
}

#[test]
fn a_9x9_alphabet_named_is_written_and_read_as_named() {
    // Hex's 0 is a value, not a blank: the 9x9 reader must not read the puzzle as digits.
    let (_, json, _) = run(
        &["generate", "--alphabet", "hex", "--seed", "1", "-f", "json"],
        "",
    );
    let made: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (puzzle, solution) = (
        made["puzzle"].as_str().unwrap(),
        made["solution"].as_str().unwrap(),
    );
    assert!(puzzle.contains('0') && !puzzle.contains('9'), "{puzzle}");
    for args in [
        &["solve", "--alphabet", "hex"][..],
        &["solve", "--box", "3x3", "--alphabet", "hex"],
    ] {
        let (status, answer, stderr) = run(args, puzzle);
        assert_eq!((status, answer.trim()), (0, solution), "{args:?}: {stderr}");
    }
    let (status, count, _) = run(&["count", "--alphabet", "hex"], puzzle);
    assert_eq!((status, count.trim()), (0, "1"));
    let row = format!("id,puzzle\n1,{puzzle}\n");
    let (status, answer, _) = run(&["solve", "--csv", "--alphabet", "hex"], &row);
    assert_eq!((status, answer.trim()), (0, solution));
    // Letters and numbers are written as asked, and read back.
    let (_, letters, _) = run(&["generate", "--alphabet", "letters", "--seed", "1"], "");
    assert!(
        letters
            .trim()
            .chars()
            .all(|c| c == '.' || ('A'..='I').contains(&c)),
        "{letters}"
    );
    let (status, answer, _) = run(&["solve", "--alphabet", "letters"], &letters);
    assert_eq!(status, 0);
    assert!(
        answer.trim().chars().all(|c| ('A'..='I').contains(&c)),
        "{answer}"
    );
    let (_, numbers, _) = run(&["generate", "--alphabet", "numbers", "--solved"], "");
    assert_eq!(numbers.split_whitespace().count(), 81, "{numbers}");
    // Digits where letters were named are refused, the symbol named, as at other sizes.
    let (status, stdout, stderr) = run(&["solve", "--alphabet", "letters"], common::EASY);
    assert_eq!((status, stdout.as_str()), (2, "error: invalid puzzle\n"));
    assert!(
        stderr.contains("invalid symbol '5' at r1c1: a 9x9 grid's symbols are A-I"),
        "{stderr}"
    );
}

#[test]
fn a_9x9_puzzle_in_letters_is_rated_as_in_digits_and_its_candidates_read_back() {
    let digits = first_puzzles("top1465.txt", 8);
    let letters = translate(&digits, LETTERS);
    let (status, by_digits, _) = run(&["rate", "--techniques"], &digits);
    assert_eq!(status, 0);
    let (status, by_letters, _) = run(&["rate", "--techniques", "--alphabet", "letters"], &letters);
    assert_eq!((status, by_letters), (0, by_digits));
    // The candidate line written in letters is read in letters: by every logic command.
    let (_, candidates, _) = run(
        &["candidates", "--alphabet", "letters", "-f", "candidates"],
        &letters,
    );
    assert!(candidates.lines().all(|line| line.chars().count() == 729));
    assert!(candidates.contains('A') && !candidates.contains('1'));
    let (status, rated, stderr) = run(&["rate", "--alphabet", "letters"], &candidates);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(rated.lines().count(), 8);
    for command in ["hint", "fill"] {
        let (status, answer, stderr) = run(&[command, "--alphabet", "letters"], &candidates);
        assert_eq!(status, 0, "{command}: {stderr}");
        assert_eq!(answer.lines().count(), 8, "{command}");
    }
    let (_, filled, _) = run(&["fill", "--alphabet", "letters"], &letters);
    let (_, filled_from_candidates, _) = run(&["fill", "--alphabet", "letters"], &candidates);
    assert_eq!(filled, filled_from_candidates);
}

#[test]
fn a_9x9_puzzle_in_letters_is_solved_and_counted_by_the_9x9_engine() {
    let digits = first_puzzles("hardest_1106.txt", 20);
    let in_letters = translate(&digits, LETTERS);
    // The same search, guess for guess, and the same answers written in each alphabet.
    for command in ["solve", "count"] {
        let args = |alphabet| [command, "--stats", "-f", "json", "--alphabet", alphabet];
        let (status, by_digits, _) = run(&args("digits"), &digits);
        assert_eq!(status, 0);
        let (status, by_letters, stderr) = run(&args("letters"), &in_letters);
        assert_eq!(status, 0, "{stderr}");
        for (digit, letter) in by_digits.lines().zip(by_letters.lines()) {
            let (digit, letter): (serde_json::Value, serde_json::Value) = (
                serde_json::from_str(digit).unwrap(),
                serde_json::from_str(letter).unwrap(),
            );
            for field in ["nodes", "guesses", "count"] {
                assert_eq!(digit[field], letter[field], "{command} {field}");
            }
            if let Some(solution) = digit["solution"].as_str() {
                assert_eq!(letter["solution"], translate(solution, LETTERS).as_str());
            }
        }
    }
}

#[test]
fn a_9x9_grid_printed_in_a_named_alphabet_reads_back() {
    let (_, puzzle, _) = run(&["generate", "--alphabet", "letters", "--seed", "3"], "");
    let (status, solution, _) = run(&["solve", "--alphabet", "letters"], &puzzle);
    assert_eq!(status, 0);
    for alphabet in ["letters", "hex"] {
        let (_, line_puzzle, _) = run(&["generate", "--alphabet", alphabet, "--seed", "3"], "");
        let (_, line, _) = run(&["solve", "--alphabet", alphabet], &line_puzzle);
        let (status, grid, _) = run(
            &["solve", "--alphabet", alphabet, "-f", "grid"],
            &line_puzzle,
        );
        assert_eq!(status, 0);
        assert_eq!(grid.lines().count(), 12, "{grid}");
        // The grid, and the puzzle as a grid followed by a one-line puzzle, read back, with
        // `--box 3x3` or without it.
        let (_, puzzle_grid, _) = run(
            &[
                "generate",
                "--alphabet",
                alphabet,
                "--seed",
                "3",
                "-f",
                "grid",
            ],
            "",
        );
        let both = format!("{puzzle_grid}{line_puzzle}");
        for shape in [&[][..], &["--box", "3x3"]] {
            let args = [&["solve", "--alphabet", alphabet][..], shape].concat();
            let (status, read_back, stderr) = run(&args, &grid);
            assert_eq!((status, read_back.as_str()), (0, line.as_str()), "{stderr}");
            let (status, read_back, stderr) = run(&args, &both);
            assert_eq!(status, 0, "{args:?}: {stderr}");
            assert_eq!(read_back, line.repeat(2), "{args:?}");
            let check = [&["check", "--alphabet", alphabet][..], shape].concat();
            let (status, verdict, stderr) = run(&check, &grid);
            assert_eq!((status, verdict.as_str()), (0, "ok\n"), "{stderr}");
        }
    }
    assert!(solution.trim().chars().all(|c| ('A'..='I').contains(&c)));
    // Letters are told from digits without --alphabet, in a grid as on one line.
    let (_, grid, _) = run(&["solve", "-f", "grid"], &puzzle);
    let (status, read_back, stderr) = run(&["solve"], &grid);
    assert_eq!((status, read_back), (0, solution), "{stderr}");
}

#[test]
fn a_prime_or_too_large_side_is_named_and_a_prime_one_read_with_rows_for_boxes() {
    let sevens = ".".repeat(49);
    let too_large = vec!["0"; 65 * 65].join(" ");
    let (status, stdout, stderr) = run(&["solve"], &format!("{sevens}\n{too_large}\n"));
    assert_eq!(status, 2);
    assert_eq!(stdout, "error: invalid puzzle\nerror: invalid puzzle\n");
    assert!(stderr.contains(":1: found 49 cells"), "{stderr}");
    assert!(
        stderr.contains("7 being prime: name a shape (1x7)"),
        "{stderr}"
    );
    assert!(stderr.contains(":2: found 4225 cells"), "{stderr}");
    assert!(
        stderr.contains("larger than the largest, 64x64"),
        "{stderr}"
    );
    let (status, solution, stderr) = run(&["solve", "--box", "1x7"], &sevens);
    assert_eq!(status, 0, "{stderr}");
    assert!(solves(&sevens, solution.trim(), (1, 7)), "{solution}");
}

#[test]
fn bad_symbols_and_clashes_are_named_and_the_rest_goes_on() {
    let input = "..1..2.34......x\n1.1..2.34.......\n..1..2.34.......\n";
    let (status, stdout, stderr) = run(&["solve"], input);
    assert_eq!(status, 2);
    assert_eq!(
        stdout,
        "error: invalid puzzle\nerror: invalid puzzle\n3412124343212134\n"
    );
    assert!(
        stderr.contains("<stdin>:1: invalid symbol 'x' at r4c4: a 4x4 grid's symbols are 1-4"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:2: clashing givens: row 1: 1 at r1c1 and r1c3"),
        "{stderr}"
    );
    let (status, _, stderr) = run(&["solve", "--box", "2x3"], "..1..2.34.......\n");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("found 16 cells, expected 6 (a row) or 36 (a whole grid) for a 6x6"),
        "{stderr}"
    );
    // A 16x16 grid over several lines without --box: each row reads as a 4x4 line, and the
    // message says what is more likely.
    let (status, _, stderr) = run(&["solve"], "D 9 2 B | F C A 1 | G 6 E 7 | 4 3 8 5\n");
    assert_eq!(status, 2);
    assert!(
        stderr.contains(
            "or is this a row of a 16x16 grid? a grid over several lines needs its shape \
             given); --box RxC names a shape"
        ),
        "{stderr}"
    );
    // A line of another size's symbols with a cell too few is told by its count, not by its
    // first symbol that a 9x9 line cannot hold; a 9x9 line a cell short keeps 9x9's words.
    let text = std::fs::read_to_string(puzzle_path("gecode_25x25_one.txt")).unwrap();
    let short = format!("{}\n", &text.trim()[..624]);
    let (status, stdout, stderr) = run(&["solve"], &short);
    assert_eq!((status, stdout.as_str()), (2, "error: invalid puzzle\n"));
    assert!(
        stderr.contains("<stdin>:1: found 624 cells: not a grid with boxes"),
        "{stderr}"
    );
    assert!(
        stderr.contains("4096 cells); --box RxC names a shape\n"),
        "{stderr}"
    );
    let (status, _, stderr) = run(&["solve"], &format!("{}\n", &common::EASY[..80]));
    assert_eq!(status, 2);
    assert!(
        stderr.contains("<stdin>:1: found 80 cells, expected 81"),
        "{stderr}"
    );
    // A 16x16 line short of a cell is told the grids nearest to it, in digits or blanks.
    for symbol in ['.', '1'] {
        let (status, _, stderr) = run(&["solve"], &format!("{}\n", symbol.to_string().repeat(255)));
        assert_eq!(status, 2);
        assert!(
            stderr.contains("have 225 (15x15) and 256 (16x16) cells"),
            "{stderr}"
        );
    }
    // The logic commands name the same problems at every size, and go on.
    let (status, stdout, stderr) = run(&["hint"], "..1..2.34......x\n....\n");
    assert_eq!(
        (status, stdout.as_str()),
        (2, "error: invalid puzzle\nerror: invalid puzzle\n")
    );
    assert!(stderr.contains("invalid symbol 'x' at r4c4"), "{stderr}");
    let (status, stdout, stderr) = run(&["rate"], "................\n");
    assert_eq!(
        (status, stdout.as_str()),
        (1, "error: not unique\n"),
        "{stderr}"
    );
}

#[test]
fn a_bad_line_among_grids_of_another_size_costs_only_its_own_answer() {
    // With --box, and in a source whose first lines are rows of a 4x4 grid: a line that is not
    // UTF-8, then one longer than any the reader keeps, between two puzzles.
    let long = "A".repeat(sudoku_engine::parse::MAX_LINE + 10);
    let rows = "..1.\n....\n1..2\n4...\n\n";
    let mut input = rows.as_bytes().to_vec();
    input.extend_from_slice(b"..1\xff....1..24...\n");
    input.extend_from_slice(format!("{long}\n..2..3...4..1...\n").as_bytes());
    for args in [&["solve", "--box", "2x2"][..], &["solve"]] {
        let (status, stdout, stderr) = common::run_bytes(args, &input);
        assert_eq!(status, 2, "{args:?}");
        assert_eq!(
            stdout.lines().collect::<Vec<_>>(),
            [
                "2413312413424231",
                "error: invalid puzzle",
                "error: invalid puzzle",
                "4123234134121234"
            ],
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains("<stdin>:6: invalid byte \\xff at column 4"),
            "{args:?}: {stderr}"
        );
        let too_long = format!("<stdin>:7: line is longer than {} bytes", long.len() - 10);
        assert!(stderr.contains(&too_long), "{args:?}: {stderr}");
    }
}

/// The logic commands at every size: each step of `explain` is checked by replaying it on the/// The logic commands at every size: each step of `explain` is checked by replaying it on the
/// solution (placements are the solution's values, eliminations are not), and the path ends in
/// the solution `solve` prints.
#[test]
fn logic_commands_work_at_every_size() {
    let mut puzzles: Vec<String> = ["sizes_4x4.txt", "sizes_6x6.txt", "gecode_16x16.txt"]
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(puzzle_path(name)).unwrap();
            let lines: Vec<String> = text
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .map(String::from)
                .collect();
            lines
        })
        .collect();
    // A minimal 16x16 puzzle, which needs forcing chains where the chains and patterns stop.
    let (status, generated, _) = run(&["generate", "--box", "4x4", "--seed", "6", "-n", "1"], "");
    assert_eq!(status, 0);
    puzzles.push(generated.trim_end().to_string());
    let input = puzzles.join("\n") + "\n";
    let (status, solutions, _) = run(&["solve"], &input);
    assert_eq!(status, 0);
    let (status, json, stderr) = run(&["explain", "-f", "json"], &input);
    assert_eq!(status, 0, "{stderr}");
    let mut techniques = Vec::new();
    for ((line, solution), puzzle) in json.lines().zip(solutions.lines()).zip(&puzzles) {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(object["solved"], true, "{puzzle}");
        assert_eq!(object["end"], solution, "{puzzle}");
        let side = (puzzle.chars().count() as f64).sqrt() as usize;
        let symbols: Vec<char> = solution.chars().collect();
        for step in object["steps"].as_array().unwrap() {
            techniques.push(step["technique"].as_str().unwrap().to_string());
            if step["technique"] == "forcing chain" {
                // The reasoning runs from the assumption to the contradiction.
                let text = step["text"].as_str().unwrap();
                let (assumed, line) = text.split_once(" leads to a contradiction: ").unwrap();
                // The assumption, what follows, the contradiction, then the elimination.
                let parts: Vec<&str> = line.split(" -> ").collect();
                assert!(parts.len() >= 3, "{text}");
                assert!(assumed.ends_with(&parts[0].replace('=', " = ")), "{text}");
                let end = parts[parts.len() - 2];
                assert!(
                    end.ends_with(" has no candidate left") || end.contains(" has no place in "),
                    "{text}"
                );
            }
            let at = |cell: &serde_json::Value| {
                let (row, col) = (cell["row"].as_u64().unwrap(), cell["col"].as_u64().unwrap());
                let symbol = cell["symbol"].as_str().unwrap().chars().next().unwrap();
                (
                    symbols[(row as usize - 1) * side + col as usize - 1],
                    symbol,
                )
            };
            for placed in step["placements"].as_array().unwrap() {
                let (expected, symbol) = at(placed);
                assert_eq!(expected, symbol, "{step}");
            }
            for removed in step["eliminations"].as_array().unwrap() {
                let (expected, symbol) = at(removed);
                assert_ne!(expected, symbol, "{step}");
            }
        }
    }
    // The 16x16 puzzles need more than singles here and there.
    let beyond_singles = [
        "pointing",
        "claiming",
        "naked pair",
        "Skyscraper",
        "XY-Chain",
        "forcing chain",
    ];
    for technique in beyond_singles {
        assert!(
            techniques.iter().any(|t| t == technique),
            "{technique} never used"
        );
    }
    // One answer per record in every command, the same end everywhere.
    let (_, filled, _) = run(&["fill", "--until", "brute force"], &input);
    assert_eq!(filled, solutions);
    let (status, hints, _) = run(&["hint"], &input);
    assert_eq!((status, hints.lines().count()), (0, puzzles.len()));
    let (status, rated, _) = run(&["rate"], &input);
    assert_eq!((status, rated.lines().count()), (0, puzzles.len()));
    assert!(
        rated.lines().next().unwrap().starts_with("2.3 easy"),
        "{rated}"
    );
    // Candidates: a grid with box lines, and the one-line form (side characters per cell).
    let (_, grid, _) = run(&["candidates"], "..1..2.34.......\n");
    assert_eq!(
        grid,
        "3   34  | (1) 24\n1   (2) | 4   (3)\n--------+--------\n(4) 13  | 23  12\n123 13  | 234 124\n\n"
    );
    let (_, line, _) = run(&["candidates", "-f", "candidates"], "..1..2.34.......\n");
    assert_eq!(line.trim_end().len(), 16 * 4);
    assert!(line.starts_with("..3...34"), "{line}");
}

#[test]
fn levels_below_the_hardest_are_generated_at_other_sizes() {
    // Minimal puzzles of 16x16 are nearly all extreme: a medium or hard one is thinned only
    // as far as that level's techniques still solve it, and `rate` agrees with the level.
    for (shape, level) in [
        ("4x4", "medium"),
        ("4x4", "hard"),
        ("3x4", "easy"),
        ("2x3", "medium"),
    ] {
        let args = [
            "generate",
            "--box",
            shape,
            "--difficulty",
            level,
            "--seed",
            "5",
            "-n",
            "2",
        ];
        let (status, puzzles, stderr) = run(&args, "");
        assert_eq!(status, 0, "{shape} {level}: {stderr}");
        assert_eq!(puzzles.lines().count(), 2, "{puzzles}");
        let (status, counts, _) = run(&["count", "--box", shape], &puzzles);
        assert_eq!((status, counts.as_str()), (0, "1\n1\n"), "{shape} {level}");
        let (_, rated, _) = run(&["rate", "--box", shape], &puzzles);
        for line in rated.lines() {
            assert_eq!(line.split(' ').nth(1), Some(level), "{shape}: {rated}");
        }
    }
    // A 4x4 grid is never medium: the level is refused in its attempts, at once.
    let args = [
        "generate",
        "--box",
        "2x2",
        "--difficulty",
        "medium",
        "--attempts",
        "50",
    ];
    let (status, stdout, stderr) = run(&args, "");
    assert_eq!((status, stdout.as_str()), (1, "error: not generated\n"));
    assert!(
        stderr.contains("no medium puzzle in 50 attempts"),
        "{stderr}"
    );
}

#[test]
fn a_puzzle_shown_beside_its_solution_in_numbers_is_checked() {
    // Above 35x35 cells are numbers apart, so `PUZZLE SOLUTION` is one line of twice 1,296
    // words: `check` reads the two halves, and `solve` the puzzle.
    let (_, solved, _) = run(&["generate", "--box", "6x6", "--solved", "--seed", "3"], "");
    let puzzle = every_nth_emptied(&solved, 36, 3);
    let (status, shown, stderr) = run(&["solve", "--show", "puzzle"], &puzzle);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(shown.split_whitespace().count(), 2 * 1296);
    let (status, checked, stderr) = run(&["check"], &shown);
    assert_eq!((status, checked.as_str()), (0, "ok\n"), "{stderr}");
    let mut words: Vec<&str> = shown.split_whitespace().collect();
    let (status, again, _) = run(&["solve"], &shown);
    assert_eq!(
        (status, again.trim()),
        (0, words[1296..].join(" ").as_str())
    );
    // Two values of the solution's first row swapped: clashes in their columns.
    words.swap(1296, 1297);
    let (status, checked, stderr) = run(&["check"], &(words.join(" ") + "\n"));
    assert_eq!((status, checked.as_str()), (1, "fail\n"));
    assert!(stderr.contains("column 1:"), "{stderr}");
}

#[test]
fn csv_input_holds_puzzles_of_every_size() {
    // Rows of 4x4, 16x16 and 9x9 puzzles after an id, and a 6x6 one gone wrong: each gets its
    // answer in its row's place, the bad one an error naming its own field's fault (not the
    // id's).
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .trim();
    let bad_six = format!("{}Z", &".3....54..6.....52...4.....1..16..3."[..35]);
    let input = format!(
        "id,puzzle\n1,..1..2.34.......\n2,{sixteen}\n3,{bad_six}\n4,{}\n",
        common::EASY
    );
    let (status, stdout, stderr) = run(&["solve", "--csv"], &input);
    assert_eq!(status, 2, "{stderr}");
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), 4, "{stdout}");
    assert_eq!(answers[0], "3412124343212134");
    assert!(solves(sixteen, answers[1], (4, 4)), "{}", answers[1]);
    assert_eq!(answers[2], "error: invalid puzzle");
    assert_eq!(answers[3], common::SOLUTION);
    assert!(
        stderr.contains("<stdin>:4: invalid symbol 'Z' at r6c6"),
        "{stderr}"
    );
    // With --box, a row of another shape is refused for its puzzle's cell count.
    let (status, stdout, stderr) = run(&["count", "--csv", "--box", "2x2"], &input);
    assert_eq!((status, stdout.lines().next()), (2, Some("1")), "{stderr}");
    assert!(stderr.contains("<stdin>:3: found 256 cells"), "{stderr}");
}

#[test]
fn pencil_marks_in_numbers_are_written_apart() {
    // Numbers above 9 run together would be read wrongly: 1 and 14 as 11 and 4, or as 114.
    // 16x16 in numbers: every cell's value or marks are numbers from 1 to 16, apart.
    let (_, solved, _) = run(&["generate", "--box", "4x4", "--solved", "--seed", "2"], "");
    let letters: Vec<char> = solved.trim().chars().collect();
    let numbers: Vec<String> = letters
        .iter()
        .enumerate()
        .map(|(cell, &c)| match cell % 3 {
            0 => ".".to_string(),
            _ => (c.to_digit(17).unwrap()).to_string(),
        })
        .collect();
    let (status, grid, stderr) = run(&["candidates", "--alphabet", "numbers"], &numbers.join(" "));
    assert_eq!(status, 0, "{stderr}");
    let marks: Vec<&str> = grid
        .split(|c: char| c.is_whitespace() || c == '|' || c == '(' || c == ')')
        .filter(|word| !word.is_empty() && !word.starts_with('-'))
        .collect();
    assert_eq!(marks.len(), 256, "{grid}");
    assert!(marks.iter().any(|word| word.contains(',')), "{grid}");
    for word in marks {
        for mark in word.split(',') {
            assert!(matches!(mark.parse::<u8>(), Ok(1..=16)), "{mark} in {grid}");
        }
    }
}

#[test]
fn grids_of_other_sizes_print_with_box_lines() {
    let (status, stdout, _) = run(&["solve", "-f", "grid"], "..1..2.34.......\n");
    assert_eq!(status, 0);
    assert_eq!(
        stdout,
        "3 4 | 1 2\n1 2 | 4 3\n----+----\n4 3 | 2 1\n2 1 | 3 4\n\n"
    );
    let (_, json, _) = run(&["solve", "-f", "json"], "..1..2.34.......\n");
    assert!(json.contains(r#""solution":"3412124343212134""#), "{json}");
}

/// Grids over several lines, as the grid format prints them, read back with --box and
/// without it (the shape then comes from the first two rows, for every default shape).
#[test]
fn a_source_may_hold_grids_of_several_sizes() {
    // Each grid over several lines is read at its own size, whatever came before it: 9x9
    // lines, then a 4x4 grid, a 6x6 one right after it, a 9x9 grid, a 4x4 one after a blank.
    let nine = common::EASY;
    let four = "1.3.\n..1.\n.1..\n4...\n";
    let six = ".3....\n54..6.\n....52\n...4..\n...1..\n16..3.\n";
    let nine_rows: String = (0..9)
        .map(|row| format!("{}\n", &nine[9 * row..9 * row + 9]))
        .collect();
    let input = format!("{nine}\n{four}{six}\n{nine_rows}\n{four}");
    let (status, stdout, stderr) = run(&["solve"], &input);
    let (four_solved, six_solved) = ("1234341221434321", "631524542361413652256413325146164235");
    let expected = [
        common::SOLUTION,
        four_solved,
        six_solved,
        common::SOLUTION,
        four_solved,
    ];
    assert_eq!(
        (status, stdout.lines().collect::<Vec<_>>()),
        (0, expected.to_vec()),
        "{stderr}"
    );
    // A 6x6 grid, then a 4x4 one (rows that would be 6x6 rows with cells missing), then the
    // rows of a 16x16 grid in letters; a fault is named by its line in the source.
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen: String = sixteen
        .lines()
        .next()
        .unwrap()
        .as_bytes()
        .chunks(16)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let input = format!("{six}{four}{sixteen}\n1.3.\n..1.\n.1..\n4..x\n");
    let (status, stdout, stderr) = run(&["solve"], &input);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!((status, answers.len()), (2, 4), "{stdout}{stderr}");
    assert_eq!(answers[..2], [six_solved, four_solved]);
    assert_eq!(answers[2].len(), 256, "{stderr}");
    assert_eq!(answers[3], "error: invalid puzzle");
    assert_eq!(
        stderr,
        "sudoku: <stdin>:28: invalid symbol 'x' at r4c4: a 4x4 grid's symbols are 1-4\n"
    );
    // Grids of pencil marks as `candidates` prints them: a 4x4 one, then 9x9 candidate blocks.
    let (_, four_marks, _) = run(&["candidates"], four);
    let (_, nine_marks, _) = run(&["candidates"], &format!("{nine}\n"));
    let (status, stdout, stderr) = run(&["solve"], &format!("{four_marks}\n{nine_marks}"));
    assert_eq!(
        (status, stdout),
        (0, format!("{four_solved}\n{}\n", common::SOLUTION)),
        "{stderr}"
    );
    // In letters, as --alphabet names them: a 9x9 line, then a 4x4 grid.
    let in_letters = |text: &str| -> String {
        text.chars()
            .map(|c| match c.to_digit(10) {
                Some(digit @ 1..) => char::from(b'A' + digit as u8 - 1),
                _ => c,
            })
            .collect()
    };
    let input = format!("{}\n{}", in_letters(nine), in_letters(four));
    let (status, stdout, stderr) = run(&["solve", "--alphabet", "letters"], &input);
    let expected = format!(
        "{}\n{}\n",
        in_letters(common::SOLUTION),
        in_letters(four_solved)
    );
    assert_eq!((status, stdout), (0, expected), "{stderr}");
    // With --box the shape is the one named: the 6x6 grid is refused, row by row.
    let (status, stdout, _) = run(&["solve", "--box", "2x2"], &format!("{four}{six}"));
    assert_eq!(status, 2);
    assert_eq!(
        stdout
            .lines()
            .filter(|line| line.starts_with("error"))
            .count(),
        6,
        "{stdout}"
    );
}

#[test]
fn grids_over_several_lines_read_back_what_the_grid_format_prints() {
    for (name, args) in [
        ("2x2", vec![]),
        ("2x3", vec![]),
        ("4x4", vec![]),
        ("6x6", vec!["--solved"]),
    ] {
        let mut generate = vec!["generate", "--box", name, "--seed", "3", "-n", "2"];
        generate.extend(&args);
        let (_, lines, _) = run(&generate, "");
        let (_, blocks, _) = run(&[generate.as_slice(), &["-f", "grid"]].concat(), "");
        let (status, from_lines, stderr) = run(&["solve", "--box", name], &lines);
        assert_eq!(status, 0, "{name}: {stderr}");
        assert_eq!(from_lines.lines().count(), 2);
        for with_box in [vec!["--box", name], vec![]] {
            let (status, from_blocks, stderr) = run(&[&["solve"], &with_box[..]].concat(), &blocks);
            assert_eq!(status, 0, "{name} {with_box:?}: {stderr}");
            assert_eq!(from_blocks, from_lines, "{name} {with_box:?}");
            let (status, counts, stderr) = run(&[&["count"], &with_box[..]].concat(), &blocks);
            assert_eq!((status, counts.as_str()), (0, "1\n1\n"), "{name}: {stderr}");
        }
    }
    // A grid cut short is one error, and the puzzle after it is still answered.
    let (status, stdout, stderr) = run(
        &["solve", "--box", "2x2"],
        "1 . | 3 .\n. . | . 2\n\n..1..2.34.......\n",
    );
    assert_eq!(status, 2);
    assert_eq!(stdout, "error: invalid puzzle\n3412124343212134\n");
    assert!(
        stderr.contains("<stdin>:1: grid ends after 2 of its 4 rows"),
        "{stderr}"
    );
    // A grid over several lines is shown on one line where the puzzle is shown, and
    // `PUZZLE SOLUTION` lines read back in `check`, with --box or without.
    let grid = "1 . | 3 .\n. . | . 2\n----+----\n. . | . .\n. . | . .\n";
    let (_, json, _) = run(&["solve", "--box", "2x2", "-f", "json"], grid);
    assert!(json.contains(r#""puzzle":"1.3....2........""#), "{json}");
    let (status, shown, _) = run(&["solve", "--box", "2x2", "--show", "puzzle"], grid);
    assert_eq!(status, 0);
    assert!(shown.starts_with("1.3....2........ 1"), "{shown}");
    for with_box in [&["--box", "2x2"][..], &[]] {
        let args = [&["check"][..], with_box].concat();
        let (status, verdict, stderr) = run(&args, &shown);
        assert_eq!(
            (status, verdict.as_str()),
            (0, "ok\n"),
            "{with_box:?}: {stderr}"
        );
    }
    // Lone carriage returns end lines as newlines do, in grids and in one-line puzzles.
    let (status, stdout, stderr) = run(
        &["solve", "--box", "2x2"],
        "1 . | 3 .\r. . | . 2\r\r..1..2.34.......\r..1..2.34.......\r",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stdout,
        "error: invalid puzzle\n3412124343212134\n3412124343212134\n"
    );
    assert!(
        stderr.contains("<stdin>:1: grid ends after 2 of its 4 rows"),
        "{stderr}"
    );
    // Without --box the same, and a line that fits neither a row nor a grid is named so.
    let (status, stdout, stderr) = run(
        &["solve"],
        "1 . | 3 .\n. . | . 2\n\n..1..2.34.......\n12.|4..\n",
    );
    assert_eq!(status, 2);
    assert_eq!(
        stdout,
        "error: invalid puzzle\n3412124343212134\nerror: invalid puzzle\n"
    );
    assert!(
        stderr.contains("<stdin>:1: grid ends after 2 of its 4 rows"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:5: found 6 cells, expected 4 (a row) or 16 (a whole grid)"),
        "{stderr}"
    );
    // A file of 4x4 puzzles, one a line, stays one: each line is a puzzle of its own.
    let (status, stdout, _) = run(&["count"], "..1..2.34.......\n3412124343212134\n");
    assert_eq!((status, stdout.as_str()), (0, "1\n1\n"));
}

/// Grids written a row a line without spaces (`123456`), as people type small ones, are read
/// without --box even where a row has every cell given, which reads like one large number.
#[test]
fn rows_of_digits_without_spaces_read_as_a_grid_without_box() {
    for name in ["2x2", "2x3", "2x4"] {
        let (rows, columns) = shape(name);
        let side = rows * columns;
        let (_, solved, _) = run(&["generate", "--box", name, "--solved", "--seed", "5"], "");
        let solved = solved.trim();
        // The first two rows whole, then every third cell emptied from the rest.
        let puzzle = keeping(solved, side, |cell| cell < 2 * side || cell % 3 != 0);
        for (grid, what) in [(solved, "solved"), (puzzle.trim(), "puzzle")] {
            let text: String = (0..side)
                .map(|row| format!("{}\n", &grid[row * side..(row + 1) * side]))
                .collect();
            let (status, stdout, stderr) = run(&["solve"], &text);
            assert_eq!(status, 0, "{name} {what}: {stderr}");
            assert_eq!(stdout.trim(), solved, "{name} {what}");
            let (status, verdict, stderr) = run(&["check"], &text);
            assert_eq!(
                (status, verdict.trim()),
                (0, "ok"),
                "{name} {what}: {stderr}"
            );
        }
    }
}

/// The grid of pencil marks `candidates` prints at other sizes reads back as the state it
/// shows, with --box and without, in digits, letters and numbers.
#[test]
fn the_candidate_grids_of_other_sizes_read_back() {
    let (_, sixteen, _) = run(&["generate", "--box", "4x4", "--seed", "2"], "");
    let (_, large, _) = run(&["generate", "--box", "6x6", "--seed", "2"], "");
    for (name, puzzle) in [
        ("2x2", "..1..2.34.......\n".to_string()),
        ("2x3", ".3....54..6.....52...4.....1..16..3.\n".to_string()),
        ("4x4", sixteen),
        ("6x6", large),
    ] {
        let (_, grid, _) = run(&["candidates"], &puzzle);
        let (_, line, _) = run(&["candidates", "-f", "candidates"], &puzzle);
        let (_, hint, _) = run(&["hint"], &puzzle);
        for with_box in [&["--box", name][..], &[]] {
            let args = |command: &'static str| [&[command][..], with_box].concat();
            let (status, read_back, stderr) = run(
                &[&args("candidates")[..], &["-f", "candidates"]].concat(),
                &grid,
            );
            assert_eq!(
                (status, &read_back),
                (0, &line),
                "{name} {with_box:?}: {stderr}"
            );
            let (status, again, stderr) = run(&args("hint"), &grid);
            assert_eq!(
                (status, &again),
                (0, &hint),
                "{name} {with_box:?}: {stderr}"
            );
        }
    }
    // A 9x9 puzzle in letters: both forms read back without --alphabet too.
    let letters = translate(common::EASY, LETTERS) + "\n";
    let (_, hint, _) = run(&["hint"], &letters);
    assert!(hint.starts_with("naked single"), "{hint}");
    for format in ["grid", "candidates"] {
        let (_, marks, _) = run(&["candidates", "-f", format], &letters);
        let (status, again, stderr) = run(&["hint"], &marks);
        assert_eq!((status, again), (0, hint.clone()), "{format}: {stderr}");
    }
    // A 4x4 grid written on one line in four words is still a puzzle.
    let (status, stdout, _) = run(&["count"], "1234 3412 2143 4321\n");
    assert_eq!((status, stdout.as_str()), (0, "1\n"));
}

/// The digits a 9x9 step's text names as values, read back from the text of the same step in
/// letters A-I (a capital letter not in a word), with the names of an ALS step's sets, written
/// in small letters beside capital values, in capitals again.
fn values_as_digits(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (at, &c) in chars.iter().enumerate() {
        let before = at.checked_sub(1).map(|i| chars[i]);
        let after: String = chars[at + 1..].iter().take(4).collect();
        let in_word = before.is_some_and(|b| b.is_ascii_alphabetic())
            || after.starts_with(|a: char| a.is_ascii_alphabetic() && a != 'r');
        match c {
            'A'..='I' if !in_word => out.push(char::from(c as u8 - b'A' + b'1')),
            _ => out.push(c),
        }
    }
    let out = match out.strip_prefix("a = r") {
        Some(rest) => format!("A = r{rest}"),
        None => out,
    };
    out.replacen(", b = r", ", B = r", 1)
        .replacen("pivot c = r", "pivot C = r", 1)
}

/// A 9x9 puzzle in letters is explained, filled and rated as the same puzzle in digits is, by
/// the 9x9 logic (every technique), with its values written in its letters.
#[test]
fn a_9x9_puzzle_in_letters_is_explained_by_the_9x9_logic_in_its_letters() {
    // A puzzle whose path takes chains, ALS, Sue de Coq, fish and a unique rectangle.
    let digits = common::puzzles("top1465.txt")[224].to_string() + "\n";
    let letters = translate(&digits, LETTERS);
    let json = |args: &[&str], input: &str| -> serde_json::Value {
        let (status, stdout, stderr) = run(args, input);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        serde_json::from_str(&stdout).unwrap()
    };
    let (by_digits, by_letters) = (
        json(&["explain", "-f", "json"], &digits),
        json(&["explain", "-f", "json"], &letters),
    );
    let (steps, lettered) = (
        by_digits["steps"].as_array().unwrap(),
        by_letters["steps"].as_array().unwrap(),
    );
    assert_eq!(steps.len(), lettered.len());
    let techniques: std::collections::BTreeSet<&str> = steps
        .iter()
        .map(|s| s["technique"].as_str().unwrap())
        .collect();
    for technique in [
        "ALS-XY-Chain",
        "Sue de Coq",
        "XY-Chain",
        "Unique Rectangle Type 3",
    ] {
        assert!(techniques.contains(technique), "{techniques:?}");
    }
    for (step, in_letters) in steps.iter().zip(lettered) {
        for field in ["technique", "rating"] {
            assert_eq!(step[field], in_letters[field]);
        }
        let text = in_letters["text"].as_str().unwrap();
        let (name, reason) = text.split_once(": ").unwrap();
        let back = format!("{name}: {}", values_as_digits(reason));
        assert_eq!(back, step["text"].as_str().unwrap());
        for list in ["placements", "eliminations"] {
            for (cell, lettered_cell) in step[list]
                .as_array()
                .unwrap()
                .iter()
                .zip(in_letters[list].as_array().unwrap())
            {
                let digit = cell["digit"].as_u64().unwrap() as u8;
                assert_eq!(lettered_cell["digit"], cell["digit"]);
                assert_eq!(
                    lettered_cell["symbol"],
                    char::from(b'A' + digit - 1).to_string()
                );
            }
        }
    }
    for field in ["rating", "level", "score"] {
        assert_eq!(by_digits[field], by_letters[field], "{field}");
    }
    let end = by_digits["end"].as_str().unwrap();
    assert_eq!(by_letters["end"], translate(end, LETTERS).as_str());
    // fill's state, and rate's words, the same too.
    for args in [
        &["fill", "-f", "candidates", "--until", "XY-Chain"][..],
        &["rate", "--techniques"],
    ] {
        let (_, from_digits, _) = run(args, &digits);
        let (_, from_letters, _) = run(args, &letters);
        let expected = match args[0] {
            "fill" => translate(&from_digits, LETTERS),
            _ => from_digits,
        };
        assert_eq!(from_letters, expected, "{args:?}");
    }
}

/// A 27x27 puzzle on one line has 729 cells, as many as a 9x9 candidate line has characters:
/// with --box 3x9 it is the puzzle, in every subcommand (solve, count and check once took it
/// for a candidate line); without, or with --box 3x3, a 729-character line of digits is still a
/// candidate state.
#[test]
fn a_27x27_line_named_by_box_is_a_puzzle_not_a_candidate_line() {
    let (status, puzzle, stderr) = run(&["generate", "--box", "3x9", "--seed", "1"], "");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(puzzle.trim().chars().count(), 729);
    let (status, solution, stderr) = run(&["solve", "--box", "3x9"], &puzzle);
    assert_eq!(status, 0, "{stderr}");
    assert!(solves(puzzle.trim(), solution.trim(), (3, 9)), "{solution}");
    for (command, answer) in [("count", "1\n"), ("check", "ok\n")] {
        let (status, stdout, stderr) = run(&[command, "--box", "3x9"], &puzzle);
        assert_eq!(
            (status, stdout.as_str()),
            (0, answer),
            "{command}: {stderr}"
        );
    }
    let (status, stdout, stderr) = run(&["hint", "--box", "3x9"], &puzzle);
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("r1c"), "{stdout}");
    let (_, marks, _) = run(
        &["candidates", "-f", "candidates"],
        &format!("{}\n", common::EASY),
    );
    let (status, stdout, _) = run(&["solve"], &marks);
    assert_eq!((status, stdout), (0, format!("{}\n", common::SOLUTION)));
    // With --box 3x3 it is the same candidate line, for hint as for solve (hint once refused
    // it as a 9x9 puzzle of 729 cells).
    let (_, hint, _) = run(&["hint"], &marks);
    let solved = format!("{}\n", common::SOLUTION);
    for (command, expected) in [("solve", &solved), ("hint", &hint)] {
        let (status, stdout, stderr) = run(&[command, "--box", "3x3"], &marks);
        assert_eq!((status, &stdout), (0, expected), "{command}: {stderr}");
    }
}

/// A row of another size's grid typed with a cell too many or too few (a word, in a grid of
/// pencil marks) spoils only its grid, one error at its line, wherever the grid is, with
/// --box or without: the grids around it are still read.
#[test]
fn a_row_with_a_cell_too_few_spoils_only_its_grid_at_other_sizes() {
    let good = ".3....\n54..6.\n....52\n...4..\n...1..\n16..3.\n";
    let short = good.replacen("54..6.", "54.6.", 1);
    let long = good.replacen("...4..", "...4...", 1);
    let solution = "631524542361413652256413325146164235\n";
    let cases = [
        (
            format!("{short}\n{good}"),
            2,
            "grid row 2 has 5 cells, expected 6",
        ),
        (
            format!("{good}\n{short}\n{good}"),
            9,
            "grid row 2 has 5 cells, expected 6",
        ),
        (
            format!("{good}\n{long}\n{good}"),
            11,
            "grid row 4 has 7 cells, expected 6",
        ),
    ];
    for (text, line, why) in cases {
        let grids = text.matches(".3....").count();
        let mut expected = vec![solution; grids];
        let bad = text
            .split("\n\n")
            .position(|grid| grid != good.trim_end())
            .unwrap();
        expected[bad] = "error: invalid puzzle\n";
        for with_box in [&["--box", "2x3"][..], &[]] {
            let (status, stdout, stderr) = run(&[&["solve"][..], with_box].concat(), &text);
            assert_eq!(
                (status, stdout),
                (2, expected.concat()),
                "{text}{with_box:?}"
            );
            assert_eq!(stderr, format!("sudoku: <stdin>:{line}: {why}\n"), "{text}");
        }
    }
    // A 16x16 grid whose first row has a cell too many or too few, without --box: the grid
    // after it is still read as 16x16 (it was once refused, line by line, as 4x4 puzzles).
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen.lines().find(|line| !line.starts_with('#')).unwrap();
    let (_, solved, _) = run(&["solve"], &format!("{sixteen}\n"));
    let rows: Vec<String> = sixteen
        .trim()
        .as_bytes()
        .chunks(16)
        .map(|row| String::from_utf8(row.to_vec()).unwrap() + "\n")
        .collect();
    let grid = rows.concat();
    for (first, found) in [
        (format!("1{}", rows[0]), 17),
        (rows[0][1..].to_string(), 15),
    ] {
        let text = format!("{first}{}\n{grid}", rows[1..].concat());
        let (status, stdout, stderr) = run(&["solve"], &text);
        assert_eq!(
            (status, stdout),
            (2, format!("error: invalid puzzle\n{solved}"))
        );
        let message = format!("sudoku: <stdin>:1: grid row 1 has {found} cells, expected 16\n");
        assert_eq!(stderr, message);
    }
    // A grid of pencil marks with a word left out of its second row.
    let (_, marks, _) = run(&["candidates"], ".3....54..6.....52...4.....1..16..3.\n");
    let mut rows: Vec<&str> = marks.lines().collect();
    let second = rows[1].replacen("(4) ", "", 1);
    rows[1] = &second;
    let text = rows.join("\n") + "\n\n" + good;
    let (status, stdout, stderr) = run(&["solve"], &text);
    assert_eq!(
        (status, stdout),
        (2, format!("error: invalid puzzle\n{solution}"))
    );
    assert_eq!(
        stderr,
        "sudoku: <stdin>:2: grid row 2 has 5 cells, expected 6\n"
    );
}

/// A symbol outside the alphabet in a grid of pencil marks of another size is named, with its
/// cell, and the grid is one record: the next one is still read.
#[test]
fn a_stray_symbol_in_a_candidate_grid_of_another_size_is_named() {
    let puzzle = ".3....54..6.....52...4.....1..16..3.\n";
    let (_, grid, _) = run(&["candidates"], puzzle);
    // The second row's third cell (`12`) gets a `Z`.
    let mut rows: Vec<String> = grid.lines().map(str::to_string).collect();
    rows[1] = rows[1].replacen("12", "Z2", 1);
    let typo = rows.join("\n") + "\n\n" + puzzle;
    for command in ["solve", "count", "check", "hint", "candidates"] {
        let (status, stdout, stderr) = run(&[command], &typo);
        assert_eq!(status, 2, "{command}: {stderr}");
        // The typo's line, then the next puzzle's answer (a grid of its own for `candidates`).
        let (first, rest) = stdout.split_once('\n').unwrap_or_default();
        assert_eq!(first, "error: invalid puzzle", "{command}");
        assert!(
            !rest.is_empty() && !rest.contains("error"),
            "{command}: {stdout}"
        );
        assert_eq!(
            stderr, "sudoku: <stdin>:1: invalid symbol 'Z' at r2c3: a 6x6 grid's symbols are 1-6\n",
            "{command}"
        );
    }
}

/// Borders drawn with corners that are also blanks (`*`, `.`) or other characters (`:`, `'`),
/// as Simple Sudoku and HoDoKu draw them, and section headers, are skipped at every size, with
/// --box or without.
#[test]
fn borders_with_corners_of_their_own_and_section_headers_are_skipped() {
    let framed = |top: &str, middle: &str, bottom: &str| {
        format!("{top}\n|..|1.|\n|.2|.3|\n{middle}\n|4.|..|\n|..|..|\n{bottom}\n")
    };
    let simple = framed("*-----*", "|--+--|", "*-----*");
    // With the section header of SadMan Sudoku's files.
    let hodoku = format!("[Puzzle]\n{}", framed(".--.--.", ":--+--:", "'--'--'"));
    for with_box in [&["--box", "2x2"][..], &[]] {
        let args = [&["solve"][..], with_box].concat();
        let (status, stdout, stderr) = run(&args, &format!("{simple}{hodoku}"));
        assert_eq!(status, 0, "{with_box:?}: {stderr}");
        assert_eq!(stdout, "3412124343212134\n".repeat(2), "{with_box:?}");
    }
}

/// Grids drawn with box-drawing characters (`│ 5 3 . │`, `├───┼───┤`, `║`, `╬`), as terminal
/// programs print them, read as the same grids drawn in ASCII, at every size and as pencil
/// marks; an error in one still names its line and the column in characters.
#[test]
fn grids_drawn_with_box_drawing_characters_read_as_their_ascii_twins() {
    let to_lines = |text: &str, vertical: &str, horizontal: &str, junction: &str| {
        text.replace('|', vertical)
            .replace('-', horizontal)
            .replace('+', junction)
    };
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    let four = "1......23......4";
    for (puzzle, shape) in [(nine, "3x3"), (sixteen, "4x4"), (four, "2x2")] {
        let (_, expected, _) = run(&["solve", "--box", shape], &format!("{puzzle}\n"));
        // The puzzle drawn as a grid, by `solve --show puzzle -f grid`'s left half.
        let (_, shown, _) = run(
            &["solve", "--box", shape, "--show", "puzzle", "-f", "grid"],
            &format!("{puzzle}\n"),
        );
        let width = shown.lines().next().unwrap().len() / 2;
        let ascii: String = shown
            .lines()
            .map(|line| format!("{}\n", line.get(..width).unwrap_or(line).trim_end()))
            .collect();
        for (vertical, horizontal, junction) in [("│", "─", "┼"), ("║", "═", "╬"), ("┃", "━", "╋")]
        {
            let drawn = to_lines(&ascii, vertical, horizontal, junction);
            for with_box in [&["--box", shape][..], &[]] {
                let args = [&["solve"][..], with_box].concat();
                let (status, stdout, stderr) = run(&args, &drawn);
                assert_eq!((status, stderr.as_str()), (0, ""), "{drawn}");
                assert_eq!(stdout, expected, "{with_box:?}\n{drawn}");
            }
        }
    }
    // Pencil marks drawn so, as HoDoKu's grid of candidates is with `|`.
    let (_, marks, _) = run(&["candidates", "-f", "grid"], &format!("{nine}\n"));
    let drawn = to_lines(&marks, "│", "─", "┼").replace('=', "═");
    let (status, stdout, stderr) = run(&["count"], &drawn);
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (0, "1\n", ""),
        "{drawn}"
    );
    // A bad cell in a drawn row: its line, and its column counted in characters.
    let bad = to_lines(&ascii_grid(nine), "│", "─", "┼").replacen("5 3", "5 x", 1);
    let (status, _, stderr) = run(&["solve"], &bad);
    assert_eq!(status, 2);
    assert_eq!(
        stderr, "sudoku: <stdin>:2: invalid character 'x' at column 5\n",
        "{bad}"
    );
}

/// Grids with cells split by commas or semicolons, as a spreadsheet saves a grid typed into
/// its cells (an empty cell an empty field) or a program prints a nested list, read as the
/// same grids at every size, with --box or without; a whole puzzle's fields on one line too.
#[test]
fn grids_saved_by_spreadsheets_and_printed_as_lists_read_as_themselves() {
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    let four = "1......23......4";
    for (puzzle, shape, side) in [(nine, "3x3", 9), (sixteen, "4x4", 16), (four, "2x2", 4)] {
        let (_, expected, _) = run(&["solve", "--box", shape], &format!("{puzzle}\n"));
        let cells: Vec<String> = puzzle
            .chars()
            .map(|c| {
                if c == '.' {
                    String::new()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let rows: Vec<&[String]> = cells.chunks(side).collect();
        let sheet = |delimiter: &str| -> String {
            rows.iter().map(|row| row.join(delimiter) + "\n").collect()
        };
        // `[["5","3",".",...],` a row, as JSON or Python print a list of lists.
        let listed = rows
            .iter()
            .map(|row| {
                let quoted: Vec<String> = row
                    .iter()
                    .map(|c| format!("\"{}\"", if c.is_empty() { "." } else { c }))
                    .collect();
                format!("[{}],\n", quoted.join(", "))
            })
            .collect::<String>();
        let listed = format!("[{}]\n", listed.trim_end().trim_end_matches(','));
        let one_line = format!("{}\n", cells.join(","));
        for input in [sheet(","), sheet(";"), listed, one_line] {
            for with_box in [&["--box", shape][..], &[]] {
                let args = [&["solve"][..], with_box].concat();
                let (status, stdout, stderr) = run(&args, &input);
                assert_eq!((status, stderr.as_str()), (0, ""), "{with_box:?}\n{input}");
                assert_eq!(stdout, expected, "{with_box:?}\n{input}");
            }
        }
    }
}

/// After a whole puzzle on one line, a comma or a semicolon starts a note as a blank does
/// (`PUZZLE;11.9`, as some collections keep ratings), and `PUZZLE,SOLUTION` gives check its
/// second grid, at every size.
#[test]
fn a_comma_or_semicolon_after_a_whole_puzzle_starts_its_note() {
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let sixteen = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen = sixteen.lines().find(|l| !l.starts_with('#')).unwrap();
    for puzzle in [nine, sixteen] {
        let (_, solution, _) = run(&["solve"], &format!("{puzzle}\n"));
        let solution = solution.trim_end();
        for separator in [";", ","] {
            let noted = format!("{puzzle}{separator}11.9{separator}x\n");
            let (status, stdout, stderr) = run(&["solve"], &noted);
            assert_eq!((status, stderr.as_str()), (0, ""), "{noted}");
            assert_eq!(stdout.trim_end(), solution);
            let paired = format!("{puzzle}{separator}{solution}\n");
            let (status, verdict, _) = run(&["check"], &paired);
            assert_eq!((status, verdict.as_str()), (0, "ok\n"), "{paired}");
            // A wrong solution so paired is checked, not passed over.
            let last = solution.chars().last().unwrap();
            let other = if last == '1' { "2" } else { "1" };
            let wrong = format!(
                "{puzzle}{separator}{}{other}\n",
                &solution[..solution.len() - 1]
            );
            let (status, verdict, _) = run(&["check"], &wrong);
            assert_eq!((status, verdict.as_str()), (1, "fail\n"), "{wrong}");
        }
    }
    // A line one cell short of a puzzle is still an error, whatever follows.
    let (status, _, stderr) = run(&["solve"], &format!("{};11.9\n", &nine[1..]));
    assert_eq!(status, 2);
    assert!(
        stderr.contains("invalid character ';' at column 81"),
        "{stderr}"
    );
}

/// A bad character in cells split by commas is reported at its column on the line as the file
/// has it, not on the line the reader splits by spaces, in a grid's row and in a whole puzzle
/// on one line alike.
#[test]
fn a_bad_cell_among_commas_is_located_on_the_line_as_written() {
    let rows = [
        "5,3,,,7,,,,",
        "6,,,1,9,5,,,",
        ",9,8,,,,,6,",
        "8,,,,6,,,,3",
        "4,,,8,,3,,,1",
        "7,,,,2,,,,6",
        ",6,,,,,2,8,",
        ",,,4,1,9,,,5",
        ",,,,8,,x,7,9",
    ];
    let column = rows[8].find('x').unwrap() + 1;
    let (status, stdout, stderr) = run(&["solve"], &(rows.join("\n") + "\n"));
    assert_eq!((status, stdout.as_str()), (2, "error: invalid puzzle\n"));
    assert_eq!(
        stderr,
        format!("sudoku: <stdin>:9: invalid character 'x' at column {column}\n")
    );
    let one_line = rows.join(",");
    let column = one_line.find('x').unwrap() + 1;
    let (status, _, stderr) = run(&["solve"], &(one_line + "\n"));
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!("sudoku: <stdin>:1: invalid character 'x' at column {column}\n")
    );
}

/// A 9x9 puzzle as a grid with a border around it and between its bands.
fn ascii_grid(puzzle: &str) -> String {
    let rule = "+-------+-------+-------+\n";
    let mut grid = String::from(rule);
    for (r, row) in puzzle.as_bytes().chunks(9).enumerate() {
        let cells: Vec<String> = row.iter().map(|&b| (b as char).to_string()).collect();
        grid += &format!(
            "| {} | {} | {} |\n",
            cells[..3].join(" "),
            cells[3..6].join(" "),
            cells[6..].join(" ")
        );
        if r % 3 == 2 {
            grid += rule;
        }
    }
    grid
}

/// generate's options at other sizes: the clue pattern keeps the symmetry, the clue limit holds,
/// the level is the one `rate` finds, and every puzzle has one solution.
#[test]
fn generate_options_hold_at_other_sizes() {
    let args = [
        "generate",
        "--box",
        "2x3",
        "-n",
        "4",
        "--seed",
        "5",
        "--symmetry",
        "rotational",
    ];
    let (status, puzzles, _) = run(&args, "");
    assert_eq!(status, 0);
    for puzzle in puzzles.lines() {
        let cells: Vec<char> = puzzle.chars().collect();
        assert!(
            (0..36).all(|i| (cells[i] == '.') == (cells[35 - i] == '.')),
            "{puzzle}"
        );
    }
    let (_, counts, _) = run(&["count"], &puzzles);
    assert_eq!(counts, "1\n".repeat(4));
    let args = [
        "generate", "--box", "2x4", "-n", "3", "--seed", "5", "--clues", "20",
    ];
    let (status, puzzles, _) = run(&args, "");
    assert_eq!(status, 0);
    assert!(
        puzzles
            .lines()
            .all(|p| p.chars().filter(|&c| c != '.').count() <= 20),
        "{puzzles}"
    );
    let args = [
        "generate",
        "--box",
        "3x4",
        "-n",
        "2",
        "--seed",
        "5",
        "--difficulty",
        "medium",
    ];
    let (status, puzzles, _) = run(&args, "");
    assert_eq!(status, 0);
    let (_, ratings, _) = run(&["rate"], &puzzles);
    assert!(
        ratings
            .lines()
            .all(|r| r.split(' ').nth(1) == Some("medium")),
        "{ratings}"
    );
    let (status, _, stderr) = run(&["generate", "--box", "2x2", "--clues", "17"], "");
    assert_eq!(status, 2);
    assert!(stderr.contains("the grid has 16 cells"), "{stderr}");
}

/// `--clues` below the fewest a puzzle with one solution can have is refused at once, not
/// tried --attempts times: 4 at 4x4 (every 3-clue 4x4 puzzle is counted here to show it), and
/// the side less one at other sizes.
#[test]
fn too_few_clues_for_a_unique_puzzle_are_refused_at_once() {
    let (status, _, stderr) = run(&["generate", "--box", "2x2", "--clues", "3"], "");
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        "sudoku: --clues 3: no 4x4 puzzle with one solution has fewer than 4 clues\n"
    );
    let (status, puzzle, _) = run(
        &["generate", "--box", "2x2", "--clues", "4", "--seed", "1"],
        "",
    );
    assert_eq!(status, 0);
    assert_eq!(puzzle.chars().filter(char::is_ascii_digit).count(), 4);
    assert_eq!(run(&["count"], &puzzle).1, "1\n");
    // Every 4x4 puzzle of 3 clues has no solution or more than one.
    let mut three_clues = String::new();
    for cells in
        (0..16).flat_map(|a| (a + 1..16).flat_map(move |b| (b + 1..16).map(move |c| [a, b, c])))
    {
        for values in 0..64 {
            let mut puzzle = [b'.'; 16];
            for (i, cell) in cells.into_iter().enumerate() {
                puzzle[cell] = b'1' + (values >> (2 * i) & 3) as u8;
            }
            three_clues.push_str(std::str::from_utf8(&puzzle).unwrap());
            three_clues.push('\n');
        }
    }
    let (_, counts, _) = run(&["count", "--limit", "2", "-q"], &three_clues);
    assert_eq!(counts.lines().count(), 560 * 64);
    assert!(counts.lines().all(|count| count != "1"));
    // At 16x16, 15 clues may be asked for (and not found in one attempt), 14 not.
    let (status, _, stderr) = run(&["generate", "--box", "4x4", "--clues", "14"], "");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("no 16x16 puzzle with one solution has fewer than 15 clues"),
        "{stderr}"
    );
    let args = [
        "generate",
        "--box",
        "4x4",
        "--clues",
        "15",
        "--attempts",
        "1",
        "--seed",
        "1",
    ];
    let (status, _, stderr) = run(&args, "");
    assert_eq!(status, 1);
    assert!(
        stderr.contains("no puzzle with at most 15 clues in 1 attempt"),
        "{stderr}"
    );
}

/// check with solutions at other sizes: after the puzzle on its line, or from --solution FILE
/// (one a line, or grids over several lines with --box); every fault named.
#[test]
fn check_reads_solutions_of_other_sizes() {
    let (_, shown, _) = run(&["solve", "--show", "puzzle"], "..1..2.34.......\n");
    assert_eq!(shown, "..1..2.34....... 3412124343212134\n");
    let wrong = "..1..2.34....... 3412124343212131\n";
    let (status, stdout, stderr) = run(&["check"], &(shown.clone() + wrong));
    assert_eq!((status, stdout.as_str()), (1, "ok\nfail\n"));
    assert!(
        stderr.contains("<stdin>:2: row 4: 1 at r4c2 and r4c4"),
        "{stderr}"
    );
    let changed = "..1..2.34....... 3421124343212134\n";
    let (_, _, stderr) = run(&["check"], changed);
    assert!(
        stderr.contains("r1c3: the puzzle gives 1, the solution has 2"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    let (_, made, _) = run(&["generate", "--box", "2x3", "-n", "3", "--seed", "9"], "");
    std::fs::write(&puzzles, &made).unwrap();
    let solutions = dir.path().join("solutions.txt");
    let (_, grids, _) = run(&["solve", "--box", "2x3", "-f", "grid"], &made);
    std::fs::write(&solutions, &grids).unwrap();
    let args = ["check", "--box", "2x3", "--solution"];
    let files = [solutions.to_str().unwrap(), puzzles.to_str().unwrap()];
    let (status, stdout, stderr) = run(&[&args[..], &files[..]].concat(), "");
    assert_eq!((status, stdout.as_str()), (0, "ok\nok\nok\n"), "{stderr}");
    // One solution short: the last puzzle cannot be checked, the others are.
    let short: Vec<&str> = grids.split("\n\n").take(2).collect();
    std::fs::write(&solutions, short.join("\n\n")).unwrap();
    let (status, stdout, stderr) = run(&[&args[..], &files[..]].concat(), "");
    assert_eq!(
        (status, stdout.as_str()),
        (2, "ok\nok\nerror: unusable input\n")
    );
    assert!(
        stderr.contains("no solution left for this puzzle"),
        "{stderr}"
    );
}

/// The candidate form of other sizes (`candidates -f candidates`) read back by every logic
/// command, as the 729-character form is for 9x9: the same state, the same steps, and a state
/// whose eliminations rule out the solution refused with the cell that shows it.
#[test]
fn candidate_lines_of_other_sizes_are_read_back() {
    let puzzles = std::fs::read_to_string(puzzle_path("gecode_16x16.txt")).unwrap();
    let sixteen: String = puzzles.lines().take(3).map(|l| format!("{l}\n")).collect();
    for input in ["..1..2.34.......\n", sixteen.as_str()] {
        let (status, forms, stderr) = run(&["candidates", "-f", "candidates"], input);
        assert_eq!(status, 0, "{stderr}");
        let (_, again, _) = run(&["candidates", "-f", "candidates"], &forms);
        assert_eq!(again, forms);
        let (_, hints, _) = run(&["hint"], input);
        let (status, hints_again, stderr) = run(&["hint"], &forms);
        assert_eq!((status, hints_again), (0, hints), "{stderr}");
        let (_, filled, _) = run(&["fill", "-f", "candidates"], input);
        let (_, filled_again, _) = run(&["fill", "-f", "candidates"], &forms);
        assert_eq!(filled_again, filled);
    }

    // 36x36 in numbers: one word a cell, candidates separated by commas.
    let (_, solved, _) = run(&["generate", "--box", "6x6", "--solved", "--seed", "4"], "");
    let mut cells: Vec<&str> = solved.split_whitespace().collect();
    for cell in cells.iter_mut().step_by(3) {
        *cell = ".";
    }
    let (status, form, stderr) = run(&["candidates", "-f", "candidates"], &cells.join(" "));
    assert_eq!(status, 0, "{stderr}");
    assert!(
        form.split_whitespace().count() == 1296 && form.contains(','),
        "{form}"
    );
    let (status, again, stderr) = run(&["candidates", "-f", "candidates"], &form);
    assert_eq!((status, again), (0, form), "{stderr}");

    // 64x64, half given: the candidate line runs past 64 KiB, and still reads back.
    let value = |r: usize, c: usize| (r % 8 * 8 + r / 8 + c) % 64 + 1;
    let half: Vec<String> = (0..64 * 64)
        .map(|cell| match cell % 2 {
            0 => value(cell / 64, cell % 64).to_string(),
            _ => ".".to_string(),
        })
        .collect();
    let (status, form, stderr) = run(&["candidates", "-f", "candidates"], &half.join(" "));
    assert_eq!(status, 0, "{stderr}");
    assert!(form.len() > 64 * 1024, "{}", form.len());
    let (status, again, stderr) = run(&["candidates", "-f", "candidates"], &form);
    assert_eq!((status, again), (0, form), "{stderr}");

    // The solution's value struck out of r1c4 of the first 16x16 puzzle.
    let first_form = run(
        &["candidates", "-f", "candidates"],
        puzzles.lines().next().unwrap(),
    )
    .1;
    let mut cells: Vec<char> = first_form.trim().chars().collect();
    for c in &mut cells[48..64] {
        if *c == 'B' {
            *c = '.';
        }
    }
    let struck: String = cells.into_iter().collect();
    let (status, stdout, stderr) = run(&["hint"], &struck);
    assert_eq!((status, stdout.as_str()), (1, "error: no solution\n"));
    assert!(
        stderr.contains("the candidates rule out every solution (r1c4 must be B)"),
        "{stderr}"
    );
    // A cell left with nothing is named.
    let mut empty: Vec<char> = first_form.trim().chars().collect();
    empty[48..64].fill('.');
    let (status, _, stderr) = run(&["candidates"], &empty.into_iter().collect::<String>());
    assert_eq!(status, 2);
    assert!(stderr.contains("r1c4 has no candidate left"), "{stderr}");
}
