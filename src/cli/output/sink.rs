//! Where the answers are written: stdout, a temporary file put in place of `-o FILE` at the
//! end, or FILE itself when it is a device or a pipe; an output that is also an input is
//! refused.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use crate::cli::input::Source;
use crate::cli::progress;
use crate::cli::replacing::{
    WriteTarget, folder_of, put_in_place, temporary_file_for, write_target,
};

/// Whether the read end of the pipe written through `fd` has been closed (poll reports an
/// error on the write end of such a pipe; on a file or a terminal it reports nothing).
#[cfg(unix)]
fn pipe_reader_gone(fd: std::os::fd::RawFd) -> bool {
    let mut poll = libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    };
    // SAFETY: poll reads and writes only the one pollfd it is given, which lives on this
    // stack frame for the whole call; with a timeout of 0 it returns at once.
    let ready = unsafe { libc::poll(&mut poll, 1, 0) };
    ready > 0 && poll.revents & libc::POLLERR != 0
}

#[cfg(not(unix))]
fn pipe_reader_gone(_: i32) -> bool {
    false
}

/// Where the results go: stdout, a temporary file to be renamed over `--output FILE` at the
/// end, or FILE itself when it is no file (a device, a named pipe). Its errors say which it
/// was (the kind is kept, so that a closed pipe is still recognised as one).
pub(super) enum Sink {
    Stdout {
        stdout: io::Stdout,
        /// When stdout is a terminal (and only then): the progress line drawn on it, kept out
        /// of the answers' way.
        progress: Option<progress::Line>,
    },
    File {
        file: tempfile::NamedTempFile,
        /// FILE as the user named it, for messages.
        target: PathBuf,
        /// Where the file is put: FILE, or where its symbolic links lead.
        path: PathBuf,
    },
    InPlace {
        file: std::fs::File,
        target: PathBuf,
    },
}

impl Sink {
    /// The sink for `--output`: stdout without it; with it, a temporary file in the folder of
    /// FILE (or of the file its links lead to), or FILE itself when it is a device or a named
    /// pipe; refused when FILE is one of `inputs` or a folder. `progress` is the progress
    /// line, kept out of the way of stdout on a terminal.
    pub(super) fn open(
        output: Option<&Path>,
        inputs: &[Source],
        progress: progress::Line,
    ) -> Result<Sink> {
        // `-o -` is stdout, as `-` is stdin among the inputs.
        let Some(target) = output.filter(|target| *target != Path::new("-")) else {
            if let Some(input) = inputs.iter().find(|input| stdout_is(input)) {
                bail!("stdout is also an input ({input}): the answers would be read back in");
            }
            let stdout = io::stdout();
            let progress = stdout.is_terminal().then_some(progress);
            return Ok(Sink::Stdout { stdout, progress });
        };
        if let Some(input) = inputs.iter().find(|input| is_same_file(input, target)) {
            bail!(
                "the output file {} is also an input ({input})",
                target.display()
            );
        }
        let path = match write_target(target) {
            WriteTarget::Replace(path) => path,
            WriteTarget::Folder => bail!("cannot write to {}: it names a folder", target.display()),
            WriteTarget::Unreachable(error) => {
                bail!("cannot write to {}: {error}", target.display())
            }
            WriteTarget::InPlace => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .with_context(|| format!("cannot write to {}", target.display()))?;
                return Ok(Sink::InPlace {
                    file,
                    target: target.to_path_buf(),
                });
            }
        };
        let file = temporary_file_for(&path).map_err(|error| {
            // Said of the target: the temporary file's name means nothing to the user.
            let cause = match error.kind() {
                io::ErrorKind::NotFound => format!("no folder {}", folder_of(&path).display()),
                kind => io::Error::from(kind).to_string(),
            };
            anyhow!("cannot write to {}: {cause}", target.display())
        })?;
        Ok(Sink::File {
            file,
            target: target.to_path_buf(),
            path,
        })
    }

    /// Whether the results go to a pipe whose reader has gone, found without writing to it:
    /// a slow job then ends as soon as the reader goes, not at its next answer.
    pub(super) fn reader_gone(&self) -> bool {
        match self {
            Sink::Stdout { .. } => pipe_reader_gone(1),
            #[cfg(unix)]
            Sink::InPlace { file, .. } => pipe_reader_gone(std::os::fd::AsRawFd::as_raw_fd(file)),
            _ => false,
        }
    }

    /// Whether the results go to a terminal.
    pub(super) fn on_terminal(&self) -> bool {
        matches!(
            self,
            Sink::Stdout {
                progress: Some(_),
                ..
            }
        )
    }

    /// An error of this sink, saying where it happened.
    fn name(&self, error: io::Error) -> io::Error {
        let place = match self {
            Sink::Stdout { .. } => "stdout".to_string(),
            Sink::File { target, .. } | Sink::InPlace { target, .. } => {
                target.display().to_string()
            }
        };
        io::Error::new(error.kind(), format!("cannot write to {place}: {error}"))
    }

    /// Puts the finished file in place (nothing to do for stdout or a file written in place).
    pub(super) fn commit(self) -> io::Result<()> {
        match self {
            Sink::Stdout { .. } | Sink::InPlace { .. } => Ok(()),
            Sink::File { file, target, path } => put_in_place(file, &path).map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!("cannot write to {}: {error}", target.display()),
                )
            }),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = match self {
            Sink::Stdout {
                stdout,
                progress: Some(line),
            } => line.clear_for(|| stdout.write(bytes)),
            Sink::Stdout { stdout, .. } => stdout.write(bytes),
            Sink::File { file, .. } => file.write(bytes),
            Sink::InPlace { file, .. } => file.write(bytes),
        };
        written.map_err(|error| self.name(error))
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = match self {
            Sink::Stdout {
                stdout,
                progress: Some(line),
            } => line.clear_for(|| stdout.flush()),
            Sink::Stdout { stdout, .. } => stdout.flush(),
            Sink::File { file, .. } => file.flush(),
            Sink::InPlace { file, .. } => file.flush(),
        };
        flushed.map_err(|error| self.name(error))
    }
}

/// True when stdout is the regular file `source` reads (`sudoku solve f.txt >> f.txt`, or
/// `< f.txt >> f.txt`), as `cat` tells "input file is output file".
#[cfg(unix)]
fn stdout_is(source: &Source) -> bool {
    use std::os::fd::AsFd;
    let input = identity_of_input(source);
    input.is_some() && input == identity_of_descriptor(io::stdout().as_fd())
}

#[cfg(not(unix))]
fn stdout_is(_: &Source) -> bool {
    false
}

/// True when `path` names the file the input `source` reads: by its name, links followed, or
/// as the same regular file under another name (a hard link) or open on stdin (`-o f.txt <
/// f.txt`). An output that does not exist yet is no input.
fn is_same_file(source: &Source, path: &Path) -> bool {
    #[cfg(unix)]
    {
        let input = identity_of_input(source);
        let output = std::fs::metadata(path).ok().and_then(identity);
        if input.is_some() && input == output {
            return true;
        }
    }
    let Source::File(input) = source else {
        return false;
    };
    match (std::fs::canonicalize(input), std::fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A regular file's device and inode: what tells it apart from every other file, whatever
/// name it is reached by.
#[cfg(unix)]
fn identity(file: std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    file.is_file().then(|| (file.dev(), file.ino()))
}

/// The identity of the regular file open on `fd`, if it is one.
#[cfg(unix)]
fn identity_of_descriptor(fd: std::os::fd::BorrowedFd<'_>) -> Option<(u64, u64)> {
    let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
    file.metadata().ok().and_then(identity)
}

/// The identity of the regular file `source` reads, if it reads one.
#[cfg(unix)]
fn identity_of_input(source: &Source) -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    match source {
        Source::File(path) => std::fs::metadata(path).ok().and_then(identity),
        Source::Stdin => identity_of_descriptor(io::stdin().as_fd()),
        Source::Argument { .. } => None,
    }
}
