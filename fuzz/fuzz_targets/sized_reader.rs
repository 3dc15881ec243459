//! Grids and candidate lines of other sizes read from any text, with or without a shape and
//! an alphabet named: reading never panics, and what is read reads back from its own written
//! form as the same grid (or state), in the same alphabet.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sized::{Alphabet, SizedGrid};
use sudoku_logic::sized::SizedCandidates;

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
    // One pick in twelve names no shape: it is detected from the text.
    let pick = usize::from(shape_pick) % (sudoku_fuzz::SHAPES.len() + 1);
    let shape = (pick < sudoku_fuzz::SHAPES.len())
        .then(|| sudoku_fuzz::shape(pick as u8, sudoku_fuzz::SHAPES.len()));
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
