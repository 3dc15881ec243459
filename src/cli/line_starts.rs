//! The line a CSV record starts on, counted as the puzzle reader counts lines: `\n`, `\r\n`
//! and a lone `\r` each end one. The csv crate counts only `\n`, counts a `\r\n` one record
//! late (rust-csv issue #395), and puts a record after blank lines at the first of them.

use std::collections::VecDeque;
use std::io::{self, Read};

/// A reader that notes where each line that is not blank starts, in the bytes passing
/// through it. Only the starts not yet asked past are kept: as many as a read-ahead buffer
/// holds.
pub struct LineStarts<R> {
    inner: R,
    /// Bytes read so far.
    offset: u64,
    /// The offset and the line (from 1) of the first byte of each line that is not blank.
    starts: VecDeque<(u64, u64)>,
    /// The line the next byte is on.
    line: u64,
    /// The last byte read ended a line (or nothing was read yet).
    at_line_start: bool,
    /// The last byte read was a `\r`: a `\n` next ends no other line.
    after_return: bool,
}

impl<R> LineStarts<R> {
    /// Counts the lines of what `inner` gives.
    pub fn new(inner: R) -> LineStarts<R> {
        LineStarts {
            inner,
            offset: 0,
            starts: VecDeque::new(),
            line: 1,
            at_line_start: true,
            after_return: false,
        }
    }

    /// The line of the first byte at or after `offset` that does not end a line: where a
    /// record said to start at `offset` (perhaps before blank lines) has its text. Offsets
    /// must be asked in increasing order.
    pub fn line_at(&mut self, offset: u64) -> u64 {
        while self
            .starts
            .front()
            .is_some_and(|&(start, _)| start < offset)
        {
            self.starts.pop_front();
        }
        self.starts.front().map_or(self.line, |&(_, line)| line)
    }
}

impl<R: Read> Read for LineStarts<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buffer)?;
        for (at, &byte) in buffer[..read].iter().enumerate() {
            match byte {
                b'\n' if self.after_return => {}
                b'\r' | b'\n' => {
                    self.line += 1;
                    self.at_line_start = true;
                }
                _ if self.at_line_start => {
                    self.starts.push_back((self.offset + at as u64, self.line));
                    self.at_line_start = false;
                }
                _ => {}
            }
            self.after_return = byte == b'\r';
        }
        self.offset += read as u64;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line of the text at or after each offset of `text`, read in chunks of `chunk`.
    fn lines(text: &[u8], chunk: usize) -> Vec<u64> {
        let mut reader = LineStarts::new(text);
        let mut buffer = vec![0; chunk];
        while reader.read(&mut buffer).unwrap() > 0 {}
        (0..text.len() as u64)
            .map(|at| reader.line_at(at))
            .collect()
    }

    #[test]
    fn every_kind_of_line_end_ends_one_line() {
        for chunk in [1, 2, 64] {
            assert_eq!(
                lines(b"a\nb\r\nc\rd", chunk),
                [1, 2, 2, 3, 3, 3, 4, 4],
                "{chunk}"
            );
            // Blank lines count, whatever ends them, and a record starting on them is on the
            // line of its text.
            assert_eq!(lines(b"\r\n\r\n\n\rx", chunk), [5; 7], "{chunk}");
            assert_eq!(lines(b"a\r\n\r\nb", chunk), [1, 3, 3, 3, 3, 3], "{chunk}");
        }
    }

    #[test]
    fn only_the_starts_ahead_are_kept() {
        let text = b"x\n".repeat(10_000);
        let mut reader = LineStarts::new(&text[..]);
        let mut buffer = [0; 100];
        let mut at = 0;
        while reader.read(&mut buffer).unwrap() > 0 {
            assert_eq!(reader.line_at(at), at / 2 + 1);
            // The starts of the chunk just read, no more.
            assert!(reader.starts.len() <= 50);
            at = reader.offset;
        }
    }
}
