//! The integration tests, built as one binary: one build and one link for all of them, and one
//! pool of threads, so that a slow test runs beside the others instead of after them.
//!
//! Each module is one area: the binary as a user runs it (stdin, files, exit codes, stderr, a
//! pseudo-terminal where it matters) and the libraries over the puzzle files.

mod common;

mod cli;
mod conventions;
mod explainer;
mod generate_check;
mod hodoku;
mod logic;
mod play;
mod records;
// The examples link the project's puzzles into a folder of their own.
#[cfg(unix)]
mod readme;
mod sizes;
mod solver;
mod terminal;
