//! Where puzzles come from: the files named on the command line, or stdin for none or `-`; and
//! the pipeline over them that every subcommand reading puzzles runs.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use sudoku_engine::Record;

use super::csv_input::CsvRecords;
use super::json_input::{JsonRecords, is_json_lines, puzzle_records};
use super::output::Output;
use super::pipeline::{self, Feed, Setup, Signal};
use super::sizes::SizeArgs;

/// The size of the read buffer of every source.
const READ_BUFFER: usize = 64 * 1024;

/// The input arguments every subcommand that reads puzzles shares.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Files to read puzzles from, in order; `-` or none reads stdin. Gzip and zstd input is
    /// decompressed on the fly, and UTF-16 text read as UTF-8, told by its first bytes. A FILE
    /// that names no file but is a puzzle on one line (`53..7....6..195...`) is that puzzle.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read the input as CSV with a header row, one puzzle per row: the first field that holds
    /// a puzzle, or the one named by --column. Without it, CSV is told by a header row with a
    /// column named puzzle(s), quiz(zes), sudoku, grid or board.
    #[arg(long)]
    pub csv: bool,

    /// With CSV input, the column that holds the puzzle (implies --csv); with JSON input, the
    /// field [default: the first of puzzle(s), quiz(zes), sudoku, grid and board an object has].
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,

    /// With CSV input, the character between fields: `,`, `;`, `tab`, `|` or any other ASCII
    /// character (implies --csv) [default: the one of `,` `;` tab `|` the header row holds most
    /// often, else `,`].
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,

    #[command(flatten)]
    pub sizes: SizeArgs,
}

/// How the text of the sources is laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Puzzles as lines or grids, of 9x9 or of another size, within `--box` and `--alphabet`
    /// (see [`SizeArgs::records`]).
    Puzzles(SizeArgs),
    /// CSV with a header row: the puzzle in the named column, or in the first field that holds
    /// one, of 9x9 or of another size (within `--box` and `--alphabet`, if given).
    Csv {
        /// The column asked for by name, if one was.
        column: Option<String>,
        /// The delimiter asked for; without one, each source's header row tells it.
        delimiter: Option<u8>,
        /// `--box` and `--alphabet`.
        sizes: SizeArgs,
    },
}

/// One input: a named file, stdin, or a puzzle written in place of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input, named `<stdin>` in messages.
    Stdin,
    /// A file, named by its path in messages.
    File(PathBuf),
    /// An argument that names no file but reads as a puzzle (see [`is_puzzle_text`]): the
    /// puzzle itself, named `<NAME>` in messages (`<argument 2>` for the second FILE).
    Argument {
        /// Which argument it is: `argument N` (N counts the FILE arguments from 1), or the
        /// option it was given to.
        name: String,
        /// The argument.
        text: String,
    },
}

/// True for the text of a FILE argument that is a puzzle written in place of a file's name:
/// at least 16 characters (the cells of the smallest grid), only those a puzzle on one line is
/// written with (cells, blanks, the separators of cells and HoDoKu's `+` and `:`), at least
/// half of them digits or blanks, and no file name's extension (`.txt`) at the end.
pub fn is_puzzle_text(text: &str) -> bool {
    let extension = text.rsplit_once('.').map_or("", |(_, after)| after);
    if (1..=4).contains(&extension.len()) && extension.chars().all(|c| c.is_ascii_lowercase()) {
        return false;
    }
    let cells = text
        .chars()
        .filter(|c| !matches!(c, ' ' | ',' | ';' | '|' | '+' | ':'));
    let (mut count, mut digits_or_blanks) = (0, 0);
    for c in cells {
        if !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '*')) {
            return false;
        }
        count += 1;
        digits_or_blanks += usize::from(c.is_ascii_digit() || matches!(c, '.' | '_' | '*'));
    }
    count >= 16 && 2 * digits_or_blanks >= count
}

impl InputArgs {
    /// How the sources are laid out.
    pub fn layout(&self) -> Layout {
        if self.csv || self.column.is_some() || self.delimiter.is_some() {
            Layout::Csv {
                column: self.column.clone(),
                delimiter: self.delimiter,
                sizes: self.sizes,
            }
        } else {
            Layout::Puzzles(self.sizes)
        }
    }

    /// The sources to read, in order.
    pub fn sources(&self) -> Vec<Source> {
        if self.files.is_empty() {
            return vec![Source::Stdin];
        }
        (1..)
            .zip(&self.files)
            .map(|(position, path)| Source::of_argument(path, format!("argument {position}")))
            .collect()
    }
}

/// The first bytes of a gzip stream.
const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];

/// The first bytes of a zstd frame.
const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];

impl Source {
    /// The source an argument names: `-` is stdin; a name that is no file's but reads as a
    /// puzzle (see [`is_puzzle_text`]) is that puzzle, called `<name>` in messages; anything else
    /// is a file.
    pub fn of_argument(path: &Path, name: String) -> Source {
        let names_no_file = || std::fs::symlink_metadata(path).is_err();
        match path.to_str() {
            Some("-") => Source::Stdin,
            Some(text) if is_puzzle_text(text) && names_no_file() => Source::Argument {
                name,
                text: text.to_string(),
            },
            _ => Source::File(path.to_path_buf()),
        }
    }

    /// Opens the source for buffered reading, decompressing it when its first bytes say it is
    /// gzip or zstd (whatever its name), and transcoding it to UTF-8 when they are a UTF-16
    /// byte-order mark. A closed stdin (`<&-`) is an error, not an empty input.
    pub fn open(&self) -> io::Result<BufReader<Box<dyn Read + Send>>> {
        let raw: Box<dyn Read + Send> = match self {
            Source::Stdin if super::output::was_closed(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::NotConnected,
                    "closed: nothing to read",
                ));
            }
            Source::Stdin => Box::new(StopsAtFirstEnd::new(io::stdin())),
            // A terminal named as a file (`/dev/stdin`, `/dev/tty`) ends at its first Ctrl-D too.
            Source::File(path) => Box::new(StopsAtFirstEnd::new(File::open(path)?)),
            Source::Argument { text, .. } => Box::new(io::Cursor::new(format!("{text}\n"))),
        };
        transcoded(decompressed(BufReader::with_capacity(READ_BUFFER, raw))?)
    }

    /// True when a person is typing into this source: stdin on a terminal, or a file that is
    /// a terminal (`/dev/stdin` there, `/dev/tty`).
    pub fn is_interactive(&self) -> bool {
        match self {
            Source::Stdin => io::stdin().is_terminal(),
            Source::File(path) => names_a_terminal(path),
            Source::Argument { .. } => false,
        }
    }
}

/// Whether `path` is a terminal. Only a character device is opened to ask, and without
/// waiting: a named pipe would wait for a writer.
#[cfg(unix)]
fn names_a_terminal(path: &Path) -> bool {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let is_device = std::fs::metadata(path).is_ok_and(|file| file.file_type().is_char_device());
    is_device
        && std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(path)
            .is_ok_and(|device| device.is_terminal())
}

#[cfg(not(unix))]
fn names_a_terminal(_: &Path) -> bool {
    false
}

/// A reader that, once its source has said the input is over, says so again without asking it.
/// A terminal says so once per Ctrl-D and then waits for more typing: each layer of buffering
/// that looked again at an input already over cost the person one more Ctrl-D.
struct StopsAtFirstEnd<R> {
    inner: R,
    ended: bool,
}

impl<R> StopsAtFirstEnd<R> {
    fn new(inner: R) -> Self {
        StopsAtFirstEnd {
            inner,
            ended: false,
        }
    }
}

impl<R: Read> Read for StopsAtFirstEnd<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.ended || buffer.is_empty() {
            return Ok(0);
        }
        let read = self.inner.read(buffer)?;
        self.ended = read == 0;
        Ok(read)
    }
}

/// `reader` decompressed when its first bytes say it is gzip or zstd, else itself.
fn decompressed(
    mut reader: BufReader<Box<dyn Read + Send>>,
) -> io::Result<BufReader<Box<dyn Read + Send>>> {
    let start = reader.fill_buf()?;
    let decoded: Box<dyn Read + Send> = if start.starts_with(GZIP_MAGIC) {
        Box::new(flate2::bufread::MultiGzDecoder::new(reader))
    } else if start.starts_with(ZSTD_MAGIC) {
        Box::new(zstd::stream::read::Decoder::with_buffer(reader)?)
    } else {
        return Ok(reader);
    };
    Ok(BufReader::with_capacity(READ_BUFFER, decoded))
}

/// The byte-order marks of UTF-16, little-endian and big-endian.
const UTF16_MARKS: [&[u8]; 2] = [&[0xff, 0xfe], &[0xfe, 0xff]];

/// `reader` transcoded from UTF-16 to UTF-8 when it starts with a UTF-16 byte-order mark (as
/// Windows PowerShell 5 writes files and Excel saves "Unicode Text"), else itself, untouched.
fn transcoded(
    mut reader: BufReader<Box<dyn Read + Send>>,
) -> io::Result<BufReader<Box<dyn Read + Send>>> {
    let start = reader.fill_buf()?;
    if !UTF16_MARKS.iter().any(|mark| start.starts_with(mark)) {
        return Ok(reader);
    }
    let utf8 = encoding_rs_io::DecodeReaderBytesBuilder::new().build(reader);
    Ok(BufReader::with_capacity(READ_BUFFER, Box::new(utf8)))
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
            Source::Argument { name, .. } => write!(f, "<{name}>"),
        }
    }
}

/// What the feeder reads: a record, or a source that failed, with the source's place in the list.
pub enum Item {
    /// A record read from source number `.0`.
    Record(usize, Record),
    /// Source number `.0` could not be opened or read on.
    Unreadable(usize, io::Error),
}

/// A source's reader that tells the feed, before it asks the system for more bytes (which may
/// wait for a person or another program), that nothing more is ready.
struct WatchedReader<'a> {
    inner: BufReader<Box<dyn Read + Send>>,
    feed: &'a Feed<Item>,
}

impl WatchedReader<'_> {
    /// Tells the feed, when nothing is left in the buffer, that the next read may wait.
    fn before_reading(&self) {
        if self.inner.buffer().is_empty() {
            self.feed.idle();
        }
    }
}

impl Read for WatchedReader<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.before_reading();
        self.inner.read(buffer)
    }
}

impl BufRead for WatchedReader<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.before_reading();
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// Reads every source in turn into the feed.
fn feed_records(sources: &[Source], layout: &Layout, feed: &Feed<Item>) {
    for (index, source) in sources.iter().enumerate() {
        let inner = match source.open() {
            Ok(reader) => reader,
            Err(error) => {
                if !feed.push(Item::Unreadable(index, error)) {
                    return;
                }
                continue;
            }
        };
        let mut reader = WatchedReader { inner, feed };
        let records: Box<dyn Iterator<Item = io::Result<Record>>> = match layout {
            Layout::Puzzles(sizes) => puzzle_records(reader, sizes),
            // What `-f json` prints, the field named by --column.
            Layout::Csv { column, sizes, .. } if is_json_lines(&mut reader) => {
                Box::new(JsonRecords::new(reader, column.as_deref(), *sizes))
            }
            Layout::Csv {
                column,
                delimiter,
                sizes,
            } => Box::new(CsvRecords::new(
                reader,
                column.as_deref(),
                *delimiter,
                *sizes,
            )),
        };
        for record in records {
            let item = match record {
                Ok(record) => Item::Record(index, record),
                Err(error) => Item::Unreadable(index, error),
            };
            if !feed.push(item) {
                return;
            }
        }
    }
}

/// Reads every puzzle of the input, runs `work` on each on worker threads in chunks (as `setup`
/// says), and calls `report` with each result in input order. The other events are `output`'s:
/// an unreadable source is reported there, idle input and ticks flush it. Stops early only when
/// `report` or the output fails.
pub fn run_puzzles<T, W, R>(
    input: &InputArgs,
    output: &mut Output,
    setup: Setup,
    work: W,
    mut report: R,
) -> Result<()>
where
    T: Send + 'static,
    W: Fn(&Record) -> T + Send + Sync + 'static,
    R: FnMut(&mut Output, &Source, Record, T) -> Result<()>,
{
    let sources = input.sources();
    let layout = input.layout();
    let feeder_sources: Arc<[Source]> = sources.as_slice().into();
    let ran = pipeline::run(
        setup,
        move |feed| feed_records(&feeder_sources, &layout, feed),
        move |item: &Item| match item {
            Item::Record(_, record) => Some(work(record)),
            Item::Unreadable(..) => None,
        },
        |signal| match signal {
            Signal::Done(Item::Record(index, record), Some(result)) => {
                report(output, &sources[index], record, result)
            }
            Signal::Done(Item::Unreadable(index, error), _) => {
                output.unreadable(&sources[index], &error);
                Ok(())
            }
            Signal::Done(Item::Record(..), None) => unreachable!("every record is worked on"),
            Signal::InputIdle => Ok(output.flush()?),
            Signal::Tick => Ok(output.tick()?),
        },
    );
    output.after_run(ran)
}

/// Reads `--delimiter`: one ASCII character, or `tab` (or `\t`) for a tab.
fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "tab" | "\\t" | "\t" => Ok(b'\t'),
        _ => match text.as_bytes() {
            [byte] if byte.is_ascii() && *byte != b'"' && *byte != b'\n' && *byte != b'\r' => {
                Ok(*byte)
            }
            _ => Err(
                "a delimiter is one ASCII character (not a quote or a line ending), or tab".into(),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_told_from_file_names() {
        let nine =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        for puzzle in [
            nine,
            "..1..2.34.......",
            ".5G..8..F.9...A...A.1.......CB..1B.C.....7.2..6D.2.3E.6..4A.7.G.2....F1",
            "1 . 16 . 3 . . . 5 . . . . . . 2",
            ":0000:x:53..7....6..195....98....6.8...6...34..8.3..17...2...6.6+....28:::",
        ] {
            assert!(is_puzzle_text(puzzle), "{puzzle}");
        }
        for name in [
            "puzzles.txt",
            "2024_01_05_12_30_00_99.txt",
            "hardest_puzzles_of_2024",
            "1234567890123456.gz",
            "puzzles/1234567890123456",
            "..1..2.34......",
        ] {
            assert!(!is_puzzle_text(name), "{name}");
        }
    }

    #[test]
    fn a_delimiter_is_one_ascii_character_or_tab() {
        assert_eq!(parse_delimiter(";"), Ok(b';'));
        assert_eq!(parse_delimiter("tab"), Ok(b'\t'));
        assert_eq!(parse_delimiter("\t"), Ok(b'\t'));
        for bad in ["", ";;", "\"", "\n", "é"] {
            assert!(parse_delimiter(bad).is_err(), "{bad:?}");
        }
    }
}
