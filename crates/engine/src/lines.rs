//! Lines of text from a buffered reader, as every reader of puzzles takes them: ended by LF,
//! CRLF or a lone CR, kept up to a bound, numbered from 1, a UTF-8 byte-order mark dropped;
//! for the readers of puzzle text, box-drawing characters and cells split by commas folded to
//! the plain forms they know (see [`crate::markup::fold_markup`]).

use std::io::{self, BufRead};

use crate::markup::{column_as_written, fold_markup};

/// The byte-order mark of UTF-8, skipped at the start of an input.
pub const UTF8_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Reads a text line by line into one reused buffer, so that memory does not grow with the
/// input: a line longer than its bound is cut there and marked, the rest of it skipped.
///
/// A line ends at LF, CRLF or a lone CR. After a CR the reader does not wait to see whether an
/// LF follows (a person may be typing): the next call skips an LF that comes first.
pub struct LineReader<R> {
    reader: R,
    line: Vec<u8>,
    max: usize,
    too_long: bool,
    number: u64,
    /// The last line ended with a CR: an LF right after it belongs to the same line ending.
    after_cr: bool,
    /// Each line's markup is folded to its plain form ([`LineReader::of_puzzles`]).
    folds_markup: bool,
    /// The line read last as it was written, when folding split its cells anew.
    written: Option<Vec<u8>>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of the lines of `reader`, each kept up to `max` bytes.
    pub fn new(reader: R, max: usize) -> LineReader<R> {
        LineReader {
            reader,
            line: Vec::with_capacity(128),
            max,
            too_long: false,
            number: 0,
            after_cr: false,
            folds_markup: false,
            written: None,
        }
    }

    /// A reader of the lines of puzzle text in `reader`, each kept up to `max` bytes, its
    /// markup folded to the plain form the readers of puzzles know (see
    /// [`fold_markup`]); other text (a line of JSON) is read with [`LineReader::new`].
    pub fn of_puzzles(reader: R, max: usize) -> LineReader<R> {
        LineReader {
            folds_markup: true,
            ..LineReader::new(reader, max)
        }
    }

    /// Reads the next line, which [`line`](Self::line) then gives; false at the end of the
    /// input.
    pub fn advance(&mut self) -> io::Result<bool> {
        self.line.clear();
        self.written = None;
        self.too_long = false;
        let mut read_any = false;
        loop {
            let mut available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            read_any = true;
            let (chunk, used, ended) = match memchr::memchr2(b'\n', b'\r', available) {
                Some(end) => {
                    self.after_cr = available[end] == b'\r';
                    available = &available[..end];
                    (available, end + 1, true)
                }
                None => (available, available.len(), false),
            };
            let room = self.max - self.line.len();
            if chunk.len() > room {
                self.too_long = true;
            }
            self.line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        if read_any {
            self.number += 1;
            if self.number == 1 && self.line.starts_with(UTF8_MARK) {
                self.line.drain(..UTF8_MARK.len());
            }
            if self.folds_markup {
                self.written = fold_markup(&mut self.line);
            }
        }
        Ok(read_any)
    }

    /// The line read last, without its line ending (cut at the bound if it was longer).
    pub fn line(&self) -> &[u8] {
        &self.line
    }

    /// Where the character at `column` (in characters, from 1) of [`line`](Self::line) stands
    /// on the line as it was written: the same column, unless folding split its cells anew
    /// (`5,3,,,7` read as `5 3 . . 7`; see [`column_as_written`]).
    pub fn column_as_written(&self, column: usize) -> usize {
        match &self.written {
            Some(written) => column_as_written(written, column),
            None => column,
        }
    }

    /// True when the line read last was longer than the bound.
    pub fn is_too_long(&self) -> bool {
        self.too_long
    }

    /// The number of the line read last, from 1.
    pub fn number(&self) -> u64 {
        self.number
    }

    /// Gives back the reader, with the line read last as bytes to read before it again: as it
    /// was written (before folding split its cells anew), and ended by a CR when an LF that
    /// belongs to its line ending may still follow in the reader, by an LF otherwise. Another
    /// reader can so take the input up again from that line (see
    /// [`PuzzleReader::gave_line_alone`](crate::PuzzleReader::gave_line_alone)).
    pub fn into_rest(self) -> (Vec<u8>, R) {
        let mut line = self.written.unwrap_or(self.line);
        line.push(if self.after_cr { b'\r' } else { b'\n' });
        (line, self.reader)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], max: usize) -> Vec<(u64, String, bool)> {
        let mut reader = LineReader::new(text, max);
        let mut found = Vec::new();
        while reader.advance().unwrap() {
            let line = String::from_utf8_lossy(reader.line()).into_owned();
            found.push((reader.number(), line, reader.is_too_long()));
        }
        found
    }

    #[test]
    fn every_line_ending_ends_a_line_once() {
        let expected = |texts: &[&str]| -> Vec<(u64, String, bool)> {
            (1..)
                .zip(texts)
                .map(|(n, t)| (n, t.to_string(), false))
                .collect()
        };
        assert_eq!(lines(b"a\nb\r\nc\rd", 10), expected(&["a", "b", "c", "d"]));
        assert_eq!(
            lines(b"a\r\rb\r\n\nc", 10),
            expected(&["a", "", "b", "", "c"])
        );
        assert_eq!(lines(b"\xEF\xBB\xBFa\n", 10), expected(&["a"]));
    }

    #[test]
    fn only_a_reader_of_puzzles_folds_markup() {
        let text: &[u8] = "5,3,,,7,,,,\n│ 1 │\n".as_bytes();
        let read = |mut reader: LineReader<&[u8]>| {
            let mut found = Vec::new();
            while reader.advance().unwrap() {
                found.push(String::from_utf8_lossy(reader.line()).into_owned());
            }
            found
        };
        assert_eq!(read(LineReader::new(text, 100)), ["5,3,,,7,,,,", "│ 1 │"]);
        assert_eq!(
            read(LineReader::of_puzzles(text, 100)),
            ["5 3 . . 7 . . . .", "| 1 |"]
        );
    }

    #[test]
    fn a_line_past_the_bound_is_cut_and_marked() {
        assert_eq!(
            lines(b"abcdef\r\nab\n", 3),
            [(1, "abc".to_string(), true), (2, "ab".to_string(), false)]
        );
    }
}
