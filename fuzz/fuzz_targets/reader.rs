//! The reader on any bytes: it never panics, numbers its records in order, every puzzle it
//! returns reads back from its own line form as the same puzzle, and every candidate state it
//! returns is in the 729-character form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::{Grid, ParseError, PuzzleReader};

fuzz_target!(|bytes: &[u8]| {
    let mut last_line = 0;
    for record in PuzzleReader::new(bytes) {
        let record = record.expect("reading from memory cannot fail");
        assert!(record.line >= last_line.max(1), "lines go forward");
        last_line = record.line;
        match record.puzzle {
            Ok(grid) => {
                let again: Grid = grid
                    .to_string()
                    .parse()
                    .expect("a grid's line form reads back");
                assert_eq!(again, grid);
            }
            Err(invalid) if invalid.error == ParseError::PencilMarks => {
                let text = invalid.candidate_text().expect("a candidate state");
                assert_eq!(text.len(), 729);
                assert!(
                    text.bytes()
                        .all(|b| b == b'.' || (b'1'..=b'9').contains(&b))
                );
            }
            Err(_) => {}
        }
    }
});
