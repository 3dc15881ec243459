//! Grids of pencil marks of other sizes than 9x9, as `sudoku candidates` prints them: a row a
//! line, a word a cell, `(v)` for a value and the candidates' symbols for an open cell (joined
//! by `,` in numbers). Read back as the candidate line the logic reads
//! ([`sudoku_logic::sized::SizedCandidates::from_text`]).

use sudoku_engine::markup::is_separator;
use sudoku_engine::sized::{Alphabet, Shape, SizedError};

/// The cells of a row of pencil marks, one word each, when `line` is one: as many words as the
/// side of a grid with boxes, some word a value in parentheses or holding two candidates or more
/// (a row of single symbols is a row of cells), no other word with a parenthesis, no word with
/// a blank (`.`, `_`, `*`: no cell of pencil marks is blank), and in single characters, not as
/// many symbols as a whole grid of the row's side has cells (`1234 3412 2143 4321` is a 4x4
/// grid on one line). `numbers`: the symbols are whole numbers, joined by `,` in a word of
/// candidates.
pub fn marks_words(line: &str, numbers: bool) -> Option<Vec<&str>> {
    let words = || words_of(line);
    let several = |word: &str| match numbers {
        true => word.contains(','),
        false => word.chars().count() > 1,
    };
    // The cheap tests first, without keeping the words: most rows a reader meets are rows of
    // cells, which end here.
    let (count, marks) = words().fold((0, false), |(count, marks), word| {
        (count + 1, marks || is_value(word) || several(word))
    });
    if !marks || Shape::for_cells(count * count).is_none() {
        return None;
    }
    let words: Vec<&str> = words().collect();
    let plain = |word: &&str| {
        (is_value(word) || !word.contains(['(', ')'])) && !word.contains(['.', '_', '*'])
    };
    let symbols: usize = words.iter().map(|word| symbols(word, numbers).len()).sum();
    let one_line = !numbers && symbols == words.len() * words.len();
    (!one_line && words.iter().all(plain)).then_some(words)
}

/// The words of a line, separators (`|`, `+`, `-` on their own) left out: its cells, in a row
/// of pencil marks.
pub fn words_of(line: &str) -> impl Iterator<Item = &str> + Clone {
    line.split_whitespace()
        .filter(|word| !word.chars().all(is_separator))
}

/// True for a word that is a value in parentheses, as a grid of pencil marks writes a filled
/// cell: `(5)`.
pub fn is_value(word: &str) -> bool {
    word.len() > 2 && word.starts_with('(') && word.ends_with(')')
}

/// The symbols of a cell's word: its value's, or its candidates'.
fn symbols(word: &str, numbers: bool) -> Vec<&str> {
    let word = word
        .strip_prefix('(')
        .and_then(|w| w.strip_suffix(')'))
        .unwrap_or(word);
    match numbers {
        true => word.split(',').collect(),
        false => word
            .char_indices()
            .map(|(at, c)| &word[at..at + c.len_utf8()])
            .collect(),
    }
}

/// The candidate line of a grid of `shape` whose rows are `rows` (rows of pencil marks, or of
/// cells, whose values are their only candidates and whose blanks have every candidate), in
/// `alphabet` or the one its symbols fit; the first symbol outside that alphabet is an error.
pub fn candidate_line(
    rows: &[String],
    shape: Shape,
    alphabet: Option<Alphabet>,
    numbers: bool,
) -> Result<String, SizedError> {
    let size = shape.size();
    let cells: Vec<Vec<&str>> = rows
        .iter()
        .flat_map(|row| match marks_words(row, numbers) {
            Some(words) => words,
            None => super::sizes::cells_of(row, numbers).collect(),
        })
        .map(|word| symbols(word, numbers))
        .collect();
    if numbers {
        let every: Vec<String> = (1..=size).map(|value| value.to_string()).collect();
        let words: Vec<String> = cells
            .iter()
            .map(|cell| match cell[..] {
                ["." | "_" | "*" | "0"] => every.join(","),
                _ => cell.join(","),
            })
            .collect();
        return Ok(words.join(" "));
    }
    let all: String = cells.iter().flatten().copied().collect();
    let alphabet = alphabet.unwrap_or_else(|| match all.contains('0') {
        // No grid of pencil marks has a blank: a 0 is a symbol.
        true => Alphabet::ZeroBased,
        false => Alphabet::detect(&all, size),
    });
    let mut line = String::with_capacity(size * shape.cells());
    for (index, cell) in cells.into_iter().enumerate() {
        let mut places = vec![".".to_string(); size];
        for symbol in cell {
            let c = symbol.chars().next().unwrap_or(' ');
            if alphabet.is_blank(c) {
                for (value, place) in places.iter_mut().enumerate() {
                    *place = alphabet.symbol(value + 1);
                }
                continue;
            }
            let value = alphabet.value(c).filter(|&v| v <= size);
            let Some(value) = value else {
                return Err(SizedError::InvalidSymbol {
                    symbol: symbol.to_string(),
                    row: index / size + 1,
                    column: index % size + 1,
                    size,
                    allowed: alphabet.describe(size),
                    row_of: None,
                });
            };
            places[value - 1] = symbol.to_string();
        }
        line.extend(places);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_pencil_marks_are_told_from_rows_of_cells() {
        let words = marks_words("3   34  | (1) 24", false).unwrap();
        assert_eq!(words, ["3", "34", "(1)", "24"]);
        assert_eq!(marks_words("3 4 | 1 2", false), None);
        assert_eq!(marks_words("12 3 . 14", true), None);
        assert!(marks_words("4,9,14 1,7 (19) 3", true).is_some());
        assert_eq!(marks_words("3 (4 | 1 2", false), None);
        // Blanks, and a whole 4x4 grid on a line in four words, are not pencil marks.
        assert_eq!(marks_words("..1. .2.3 4... ....", false), None);
        assert_eq!(marks_words("1234 3412 2143 4321", false), None);
        // A row of cells written as one word is no row of pencil marks.
        assert_eq!(marks_words("D92BFCA1G6E74385", false), None);
    }

    #[test]
    fn a_grid_of_pencil_marks_becomes_a_candidate_line() {
        let shape = Shape::new(2, 2).unwrap();
        let rows: Vec<String> = [
            "3   34  | (1) 24",
            "1   (2) | 4   (3)",
            "(4) 13  | 23  12",
            "123 13  | 234 124",
        ]
        .map(String::from)
        .to_vec();
        let line = candidate_line(&rows, shape, None, false).unwrap();
        assert_eq!(&line[..16], "..3...341....2.4");
        assert_eq!(line.len(), 64);
        // Numbers: a word a cell, the candidates joined by commas.
        let rows = ["(1) 2,3 | 3,4 4", "2 . | 1 3"].map(String::from).to_vec();
        let line = candidate_line(&rows, shape, None, true).unwrap();
        assert_eq!(line, "1 2,3 3,4 4 2 1,2,3,4 1 3");
        // A symbol outside the alphabet, named with its cell.
        let rows = ["3 34 | (1) 2Z"].map(String::from).to_vec();
        let error = candidate_line(&rows, shape, None, false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid symbol 'Z' at r1c4: a 4x4 grid's symbols are 1-4"
        );
    }
}
