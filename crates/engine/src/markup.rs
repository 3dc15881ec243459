//! The text around the cells, as books and programs write grids: the separators between the
//! cells of a row, the border lines above, below and between the bands, and the section
//! headers of some files (`[Puzzle]`), which the readers of every size skip.

/// True for a character drawn between the cells of a row: `|`, `+` or `-`.
pub fn is_separator(c: char) -> bool {
    matches!(c, '|' | '+' | '-')
}

/// True for a border line: the lines drawn above, between and below the bands of a grid
/// (`+-------+-------+`, `*-----------*`, `.-------.-------.`, `:---+---:`,
/// `'-------'-------'`, `|---+---+---|`, `=========`, `.--.--.` at 4x4). It holds only `-`,
/// `=`, `+`, `|`, spaces and the corners `.`, `*`, `:` and `'`, with at least two `-` or `=`
/// and more of them than of the corners that are also blank cells (`.` and `*`), so that a
/// row of blank cells (`. . . | . . .`, even `. . -- . .`) is never one.
pub fn is_border(line: &[u8]) -> bool {
    let mut rules = 0;
    let mut blanks = 0;
    for &byte in line {
        match byte {
            b'-' | b'=' => rules += 1,
            b'.' | b'*' => blanks += 1,
            b'+' | b'|' | b':' | b'\'' | b' ' | b'\t' | b'\r' => {}
            _ => return false,
        }
    }
    rules >= 2 && rules > blanks
}

/// True for a section header such as SadMan Sudoku's `[Puzzle]` above its grid: a word in
/// square brackets, alone on its line (spaces around it aside).
pub fn is_section_header(line: &[u8]) -> bool {
    match line.trim_ascii() {
        [b'[', inside @ .., b']'] => {
            inside.first().is_some_and(u8::is_ascii_alphabetic)
                && inside
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || b == b' ')
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_borders_programs_draw_are_borders() {
        for border in [
            "+-------+-------+-------+",
            "*-----------*",
            ".-------.-------.-------.",
            ":-------+-------+-------:",
            "'-------'-------'-------'",
            "|---+---+---|",
            "------+-------+------",
            "=========",
            " *---*\r",
            ".--.--.",
            "+--+--+",
        ] {
            assert!(is_border(border.as_bytes()), "{border}");
        }
    }

    #[test]
    fn rows_of_cells_are_not_borders() {
        for row in [
            ". . . | . . . | . . .",
            "|...|...|...|",
            "*.*.*.*.*",
            "..-..",
            ". . -- . .",
            "5 3 . | . 7 . | . . .",
            "-- 1 --",
            "",
        ] {
            assert!(!is_border(row.as_bytes()), "{row}");
        }
    }

    #[test]
    fn a_word_in_brackets_is_a_section_header() {
        for header in ["[Puzzle]", " [State] \r", "[Puzzle 2]"] {
            assert!(is_section_header(header.as_bytes()), "{header}");
        }
        for line in [
            "[]",
            "[1.2]",
            "[Puzzle",
            "Puzzle]",
            "[Puzzle] 1..",
            "[.........]",
        ] {
            assert!(!is_section_header(line.as_bytes()), "{line}");
        }
    }
}
