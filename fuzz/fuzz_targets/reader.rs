//! The reader on any bytes: it never panics, numbers its records in order, and every puzzle it
//! returns reads back from its own line form as the same puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::{Grid, PuzzleReader};

fuzz_target!(|bytes: &[u8]| {
    let mut last_line = 0;
    for record in PuzzleReader::new(bytes) {
        let record = record.expect("reading from memory cannot fail");
        assert!(record.line >= last_line.max(1), "lines go forward");
        last_line = record.line;
        if let Ok(grid) = record.puzzle {
            let again: Grid = grid
                .to_string()
                .parse()
                .expect("a grid's line form reads back");
            assert_eq!(again, grid);
        }
    }
});
