//! The lines drawn between and around a grid's cells, as books and programs print grids: the
//! separators between the cells of a row, and the border lines above, below and between the
//! bands, which the readers of every size skip.

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
}
