//! Where puzzles come from: the files named on the command line, or stdin for none or `-`.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::path::PathBuf;

use clap::Args;

/// The input arguments every subcommand that reads puzzles shares.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Files to read puzzles from, in order; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// One input: a named file or stdin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input, named `<stdin>` in messages.
    Stdin,
    /// A file, named by its path in messages.
    File(PathBuf),
}

impl InputArgs {
    /// The sources to read, in order.
    pub fn sources(&self) -> Vec<Source> {
        if self.files.is_empty() {
            return vec![Source::Stdin];
        }
        self.files
            .iter()
            .map(|path| match path.to_str() {
                Some("-") => Source::Stdin,
                _ => Source::File(path.clone()),
            })
            .collect()
    }
}

impl Source {
    /// Opens the source for buffered reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::File(path) => Box::new(BufReader::with_capacity(64 * 1024, File::open(path)?)),
        })
    }

    /// True when a person is typing into this source, so results should not wait for a batch.
    pub fn is_interactive(&self) -> bool {
        *self == Source::Stdin && io::stdin().is_terminal()
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}
