//! Grids and candidate lines of other sizes read from any text, with or without a shape and
//! an alphabet named: reading never panics, and what is read reads back from its own written
//! form as the same grid (or state), in the same alphabet.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sized::{Alphabet, Shape, SizedGrid};
use sudoku_logic::sized::SizedCandidates;

/// The shapes a caller may name (`--box`), beside none (detected from the text).
const SHAPES: [(usize, usize); 8] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 4),
    (5, 5),
];

/// The alphabets a caller may name (`--alphabet`), beside none (detected from the symbols).
const ALPHABETS: [Option<Alphabet>; 5] = [
    None,
    Some(Alphabet::Digits),
    Some(Alphabet::Letters),
    Some(Alphabet::ZeroBased),
    Some(Alphabet::Numbers),
];

fuzz_target!(|input: (u8, u8, &str)| {
    let (shape_pick, alphabet_pick, text) = input;
    let shape = SHAPES
        .get(usize::from(shape_pick) % (SHAPES.len() + 1))
        .map(|&(rows, columns)| Shape::new(rows, columns).expect("a shape"));
    let alphabet = ALPHABETS[usize::from(alphabet_pick) % ALPHABETS.len()];

    if let Ok((grid, read_in)) = SizedGrid::parse(text, shape, alphabet) {
        let line = grid.to_line(read_in);
        let (again, alphabet_again) = SizedGrid::parse(&line, Some(grid.shape()), Some(read_in))
            .unwrap_or_else(|error| panic!("{line:?} does not read back: {error}"));
        assert_eq!(again, grid, "{line:?}");
        assert_eq!(alphabet_again, read_in);
    }

    if let Some(shape) = SizedCandidates::text_shape(text, shape)
        && let Ok(state) = SizedCandidates::from_text(text, shape, alphabet)
    {
        let written = state.to_text();
        let again = SizedCandidates::from_text(&written, shape, Some(state.alphabet()))
            .unwrap_or_else(|error| panic!("{written:?} does not read back: {error}"));
        assert_eq!(again, state, "{written:?}");
    }
});
