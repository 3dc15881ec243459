//! Sudoku Explainer's ratings. `puzzles/se_reference.tsv` holds the ER, EP and ED that serate
//! 1.2.1.3 gives 617 puzzles (every 5th of top1465, 22 of the forum's 11+ list, the hardest
//! of sample.txt, 200 generated ones, 98 more of top1465, 3 more of the 11+ list). Every rating the library computes
//! must be Sudoku Explainer's (were a step ever beyond its techniques, a lower bound of it).
//!
//! The quick test rates a spread of them (every ER from 1.2 to 9.x, and one 10.3);
//! `cargo test --release --test suite explainer -- --ignored --nocapture` rates all of them and
//! prints the agreement.

use crate::common;

use std::fs;

use rayon::prelude::*;
use sudoku_engine::{Grid, solve};
use sudoku_logic::{Candidates, ExplainerRating, explainer_path, explainer_rating};

/// One reference line: the group, the puzzle, and serate's ER, EP and ED in tenths.
struct Reference {
    group: String,
    puzzle: String,
    er: u32,
    ep: u32,
    ed: u32,
}

fn tenths(text: &str) -> u32 {
    (text.parse::<f64>().expect("a rating") * 10.0).round() as u32
}

fn references() -> Vec<Reference> {
    let text =
        fs::read_to_string(common::puzzle_path("se_reference.tsv")).expect("se_reference.tsv");
    let mut group = String::new();
    let mut all = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("# group ") {
            group = name.split(':').next().unwrap_or(name).to_string();
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        all.push(Reference {
            group: group.clone(),
            puzzle: fields[0].to_string(),
            er: tenths(fields[1]),
            ep: tenths(fields[2]),
            ed: tenths(fields[3]),
        });
    }
    all
}

fn rate(puzzle: &str) -> ExplainerRating {
    let grid: Grid = puzzle.parse().expect("a puzzle");
    explainer_rating(&Candidates::from_grid(&grid), None).expect("no deadline")
}

/// Every step of the path on `puzzle` places the solution's values and removes only
/// candidates the solution does not have; the path ends solved.
fn sound(puzzle: &str) -> Result<(), String> {
    let grid: Grid = puzzle.parse().expect("a puzzle");
    let solution = solve(&grid).expect("one solution");
    let (steps, solved) = explainer_path(&Candidates::from_grid(&grid), None).expect("no deadline");
    for (index, step) in steps.iter().enumerate() {
        let right = |position| solution.get(position).map(|d| d.get());
        let wrong_removal = step
            .eliminations
            .iter()
            .find(|e| right(e.position) == Some(e.digit));
        let wrong_placement = step
            .placement
            .filter(|p| right(p.position) != Some(p.digit));
        if wrong_removal.is_some() || wrong_placement.is_some() {
            return Err(format!("{puzzle}: step {index} ({step:?}) is wrong"));
        }
    }
    if solved {
        Ok(())
    } else {
        Err(format!("{puzzle}: stuck"))
    }
}

/// Whether `ours` is serate's rating, or (where incomplete) a lower bound of it whose known
/// parts are serate's.
fn agrees(ours: &ExplainerRating, reference: &Reference) -> bool {
    if ours.complete {
        (ours.er, ours.ep, ours.ed) == (reference.er, Some(reference.ep), Some(reference.ed))
    } else {
        ours.er <= reference.er
            && ours.ep.is_none_or(|ep| ep == reference.ep)
            && ours.ed.is_none_or(|ed| ed == reference.ed)
    }
}

#[test]
fn a_spread_of_ratings_are_sudoku_explainers() {
    let all = references();
    // The first puzzle of each ER in the top1465 group (1.2 to 9.x: singles, intersections,
    // subsets, fish, wings, unique rectangles, aligned exclusion, every chain search up to
    // dynamic (+)), and the sample puzzle, which needs nested forcing chains (10.3). The
    // hardest group takes seconds a puzzle: only the full run rates it.
    let mut picked: Vec<&Reference> = Vec::new();
    for reference in &all {
        let new_er = !picked
            .iter()
            .any(|p| p.group == reference.group && p.er == reference.er);
        let wanted = match reference.group.as_str() {
            "top1465" | "generated" => new_er,
            "sample" => true,
            _ => false,
        };
        if wanted {
            picked.push(reference);
        }
    }
    assert!(picked.len() >= 30, "{}", picked.len());
    let wrong: Vec<String> = picked
        .par_iter()
        .filter_map(|reference| {
            if let Err(unsound) = sound(&reference.puzzle) {
                return Some(unsound);
            }
            let ours = rate(&reference.puzzle);
            (!agrees(&ours, reference)).then(|| {
                format!(
                    "{} serate {}/{}/{} ours {ours:?}",
                    reference.puzzle, reference.er, reference.ep, reference.ed
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
#[ignore = "rates 617 puzzles, the 11+ ones in seconds each: run with --release"]
fn every_reference_rating_agrees() {
    let all = references();
    let results: Vec<(bool, bool)> = all
        .par_iter()
        .map(|reference| {
            let ours = rate(&reference.puzzle);
            (agrees(&ours, reference), ours.complete)
        })
        .collect();
    let mut groups: Vec<&str> = Vec::new();
    for reference in &all {
        if !groups.contains(&reference.group.as_str()) {
            groups.push(&reference.group);
        }
    }
    for group in groups {
        let rows: Vec<&(bool, bool)> = all
            .iter()
            .zip(&results)
            .filter(|(r, _)| r.group == group)
            .map(|(_, result)| result)
            .collect();
        let exact = rows
            .iter()
            .filter(|(agree, complete)| *agree && *complete)
            .count();
        let bounds = rows
            .iter()
            .filter(|(agree, complete)| *agree && !*complete)
            .count();
        println!(
            "{group}: {} puzzles, ER/EP/ED equal on {exact}, a true lower bound on {bounds}",
            rows.len()
        );
    }
    let failures = results.iter().filter(|(agree, _)| !agree).count();
    assert_eq!(failures, 0);
}
