//! The text around the cells, as books and programs write grids: the separators between the
//! cells of a row, the border lines above, below and between the bands, and the section
//! headers of some files (`[Puzzle]`), which the readers of every size skip. Grids drawn with
//! box-drawing characters (`│ 5 3 . │`, `├───┼───┤`, as terminal programs draw them) are read
//! as the same grids drawn in ASCII (see [`fold_box_drawing`]), and rows of cells split by
//! commas or semicolons as the same rows split by spaces (see [`fold_delimited_cells`]).

/// True for a character drawn between the cells of a row: `|`, `+` or `-`.
pub fn is_separator(c: char) -> bool {
    matches!(c, '|' | '+' | '-')
}

/// True for a character that, besides a blank, ends a one-line puzzle's cells and starts its
/// note (`PUZZLE;11.9`), or the second grid of a `PUZZLE,SOLUTION` line.
pub fn is_note_delimiter(c: char) -> bool {
    matches!(c, ',' | ';')
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

/// Rewrites the markup of `line` that the readers know only in its plain form: box-drawing
/// characters as ASCII separators ([`fold_box_drawing`]), then cells split by commas or
/// semicolons as cells split by spaces ([`fold_delimited_cells`]). Every reader of puzzles
/// reads its lines through this. Returns the line as it was before its cells were split
/// anew, when they were (see [`column_as_written`]).
pub fn fold_markup(line: &mut Vec<u8>) -> Option<Vec<u8>> {
    fold_box_drawing(line);
    fold_delimited_cells(line)
}

/// The first and last box-drawing characters (U+2500 to U+257F), and the bytes their UTF-8
/// encodings share: `E2 94 80` to `E2 95 BF`.
const BOX_DRAWING: std::ops::RangeInclusive<char> = '\u{2500}'..='\u{257F}';

/// The ASCII separator a box-drawing character stands for: `|` for a vertical line (`│`, `┃`,
/// `║`, dashed ones), `-` for a horizontal one (`─`, `━`, `═`, dashed ones), `+` for a corner
/// or a junction (`┌`, `┼`, `╬`, ...); None for any other character.
pub fn box_drawing_separator(c: char) -> Option<u8> {
    if !BOX_DRAWING.contains(&c) {
        return None;
    }
    Some(match c {
        '│' | '┃' | '┆' | '┇' | '┊' | '┋' | '║' | '╎' | '╏' | '╵' | '╷' | '╹' | '╻' | '╽' | '╿' => {
            b'|'
        }
        '─' | '━' | '┄' | '┅' | '┈' | '┉' | '═' | '╌' | '╍' | '╴' | '╶' | '╸' | '╺' | '╼' | '╾' => {
            b'-'
        }
        _ => b'+',
    })
}

/// Rewrites every box-drawing character of `line` as the ASCII separator it stands for (see
/// [`box_drawing_separator`]), in place, so that a grid drawn with them reads as the same grid
/// drawn with `|`, `-` and `+`. Each such character becomes one byte, so columns counted in
/// characters stay where they were. A line without one is left as it is, after one scan.
pub fn fold_box_drawing(line: &mut Vec<u8>) {
    // Every box-drawing character starts with the byte E2, as do other characters.
    let Some(first) = memchr::memchr(0xE2, line) else {
        return;
    };
    let mut write = first;
    let mut read = first;
    while read < line.len() {
        let folded = match line[read..] {
            [0xE2, second @ (0x94 | 0x95), third, ..] if third & 0xC0 == 0x80 => {
                let code = 0x2000 | (u32::from(second & 0x3F) << 6) | u32::from(third & 0x3F);
                char::from_u32(code).and_then(box_drawing_separator)
            }
            _ => None,
        };
        match folded {
            Some(ascii) => {
                line[write] = ascii;
                read += 3;
            }
            None => {
                line[write] = line[read];
                read += 1;
            }
        }
        write += 1;
    }
    line.truncate(write);
}

/// Rewrites a line of cells split by commas or semicolons (a grid's row as a spreadsheet saves
/// it, `5,3,,,7,,,,`, or as a program's nested list, `["5","3",".",...],`) as the same cells
/// split by spaces, an empty field as a blank: `5 3 . . 7 . . . .`. It applies when the line
/// holds one of the two delimiters and not the other, and splits into at least four fields,
/// each, once spaces, brackets and quotes are taken off, empty, one character, or a number; a
/// trailing delimiter after a closing bracket ends the line. Any other line is left as it is.
/// Returns the line as it was, when it was rewritten.
pub fn fold_delimited_cells(line: &mut Vec<u8>) -> Option<Vec<u8>> {
    let (delimiter, text) = delimited_cells(line)?;
    let folded = fields(text, delimiter)
        .map(|field| if field.is_empty() { "." } else { field })
        .collect::<Vec<&str>>()
        .join(" ");
    Some(std::mem::replace(line, folded.into_bytes()))
}

/// The delimiter and the span of the fields of a line that [`fold_delimited_cells`] rewrites;
/// None for any other line.
fn delimited_cells(line: &[u8]) -> Option<(char, &str)> {
    // Most lines have neither: one scan tells.
    let first = memchr::memchr2(b',', b';', line)?;
    let delimiter = line[first];
    let other = if delimiter == b',' { b';' } else { b',' };
    if memchr::memchr(other, line).is_some() {
        return None;
    }
    let delimiter = char::from(delimiter);
    let mut text = std::str::from_utf8(line).ok()?.trim();
    // A row of a nested list ends `],`: that delimiter parts it from the next row, not a cell.
    if let Some(rest) = text.strip_suffix(delimiter)
        && rest.trim_end().ends_with(']')
    {
        text = rest;
    }
    let is_cell =
        |field: &str| field.chars().count() <= 1 || field.chars().all(|c| c.is_ascii_digit());
    // Looked over before anything is built: most lines with a delimiter are not cells.
    let cells = fields(text, delimiter).count() >= 4 && fields(text, delimiter).all(is_cell);
    cells.then_some((delimiter, text))
}

/// The fields of `text` split by `delimiter`, each without the spaces, brackets and quotes
/// around it: parts of `text`, so that where each stands can be told.
fn fields(text: &str, delimiter: char) -> impl Iterator<Item = &str> {
    text.split(delimiter).map(|field| {
        field.trim_matches(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '"' | '\''))
    })
}

/// Where the character at `column` (in characters, from 1) of a line [`fold_delimited_cells`]
/// rewrote stands on `written`, the line as it was: a cell's character where it was written;
/// a blank written for an empty field, or a space written between two cells, where that field
/// is. A column past the cells, or on a line it would not rewrite, is given back as it is.
pub fn column_as_written(written: &[u8], column: usize) -> usize {
    let Some((delimiter, text)) = delimited_cells(written) else {
        return column;
    };
    let column_of = |part: &str| {
        let offset = part.as_ptr() as usize - written.as_ptr() as usize;
        String::from_utf8_lossy(&written[..offset]).chars().count() + 1
    };
    // The column on the rewritten line where the current cell starts.
    let mut start = 1;
    for cell in fields(text, delimiter) {
        let width = cell.chars().count().max(1);
        if column < start + width {
            return column_of(cell) + (column - start).min(cell.chars().count());
        }
        if column == start + width {
            return column_of(cell) + cell.chars().count();
        }
        start += width + 1;
    }
    column
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

    fn folded(text: &str) -> String {
        let mut line = text.as_bytes().to_vec();
        fold_box_drawing(&mut line);
        String::from_utf8(line).unwrap()
    }

    fn delimited(text: &str) -> String {
        let mut line = text.as_bytes().to_vec();
        let written = fold_delimited_cells(&mut line);
        assert_eq!(written.is_some(), line != text.as_bytes(), "{text}");
        String::from_utf8(line).unwrap()
    }

    #[test]
    fn a_column_of_cells_split_anew_is_found_where_it_was_written() {
        let written = "5,3,,,7,,x,,";
        let folded = delimited(written);
        assert_eq!(folded, "5 3 . . 7 . x . .");
        let on_written = |c: char| {
            let folded_column = folded.chars().position(|f| f == c).unwrap() + 1;
            column_as_written(written.as_bytes(), folded_column)
        };
        // The `x` is the 10th character as written, the 13th once split by spaces.
        assert_eq!(on_written('x'), 10);
        assert_eq!(on_written('7'), 7);
        assert_eq!(on_written('5'), 1);
        let quoted = r#"["5", "é", "x", ""],"#;
        assert_eq!(delimited(quoted), "5 é x .");
        assert_eq!(column_as_written(quoted.as_bytes(), 5), 13);
        // A line left as it is keeps its columns.
        assert_eq!(column_as_written(b"53..x", 5), 5);
    }

    #[test]
    fn cells_split_by_commas_or_semicolons_fold_to_spaced_cells() {
        assert_eq!(delimited("5,3,,,7,,,,"), "5 3 . . 7 . . . .");
        assert_eq!(delimited("5;3;0;0;7;0;0;0;0"), "5 3 0 0 7 0 0 0 0");
        assert_eq!(
            delimited(r#"[["5","3",".",".","7",".",".",".","."],"#),
            "5 3 . . 7 . . . ."
        );
        assert_eq!(delimited(" [5, 3, 0, 0] "), "5 3 0 0");
        assert_eq!(delimited("A,,G,1"), "A . G 1");
        assert_eq!(delimited("12,,36,1"), "12 . 36 1");
        // Left alone: an annotation, a pair of grids, JSON, both delimiters, too few fields,
        // words, and lines without a delimiter.
        for text in [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79;11.9",
            "53..7....,6..195...",
            r#"{"puzzle":"5","id":1}"#,
            "5,3;0,0,7",
            "5,3,0",
            "# note, more, words, here",
            "5 3 . | . 7 .",
            "",
        ] {
            assert_eq!(delimited(text), text);
        }
    }

    #[test]
    fn box_drawing_folds_to_the_ascii_it_stands_for() {
        assert_eq!(folded("│ 5 3 . │ . 7 . │"), "| 5 3 . | . 7 . |");
        assert_eq!(folded("┌───────┬───────┐"), "+-------+-------+");
        assert_eq!(folded("╠═══╬═══╣"), "+---+---+");
        assert_eq!(folded("┃ 1 ┆ 2 ║"), "| 1 | 2 |");
        // Every character of the block folds; nothing else does.
        for c in '\u{2500}'..='\u{257F}' {
            let text = c.to_string();
            assert_eq!(folded(&text).len(), 1, "{c}");
        }
        for text in ["€ é → ↑ ✓ ░ ▀", "53..7....", ""] {
            assert_eq!(folded(text), text);
        }
        assert_eq!(folded("é│€─x"), "é|€-x");
    }

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
