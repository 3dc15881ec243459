//! Messages on stderr, one call each, and whether a standard descriptor was closed at start.

use std::fmt;
use std::io::{self, Write};

use crate::cli::color;

/// Writes one message on stderr, prefixed with the program's name, in one call so that the
/// messages of two programs writing to the same terminal never interleave mid-line. A failure
/// to write it is ignored: there is nowhere left to report it.
pub fn print_message(text: fmt::Arguments<'_>) {
    write_message(&text.to_string(), None);
}

/// Like [`print_message`], for an error: in red when stderr is coloured.
pub fn print_error(text: fmt::Arguments<'_>) {
    write_message(&text.to_string(), Some(color::ERROR));
}

/// Writes `sudoku: TEXT` and a newline on stderr in one call, coloured when stderr is.
fn write_message(text: &str, style: Option<anstyle::Style>) {
    let on = color::on_stderr();
    let name = color::paint("sudoku:", color::PROGRAM, on);
    let text = match style {
        Some(style) => color::paint(text, style, on),
        None => text.to_string(),
    };
    let line = format!("{name} {text}\n");
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// Fails when stdout is closed (`sudoku solve >&-`), rather than print into nothing and report
/// success.
pub fn check_stdout_is_open() -> io::Result<()> {
    if was_closed(1) {
        return Err(io::Error::new(
            io::ErrorKind::NotConnected,
            "stdout is closed: nowhere to print the results",
        ));
    }
    Ok(())
}

/// True when standard descriptor `fd` (0, 1 or 2) was closed when the program started.
///
/// The standard library's start-up code opens `/dev/null` (read and write) on a standard file
/// descriptor that is closed, so a closed one shows as exactly that; a shell's `> /dev/null` or
/// `< /dev/null` opens it for writing or reading only. Told apart on Linux (through /proc);
/// elsewhere this is always false.
pub fn was_closed(fd: u32) -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let is_null =
        std::fs::read_link(format!("/proc/self/fd/{fd}")).is_ok_and(|path| path == *"/dev/null");
    let read_write = || {
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).unwrap_or_default();
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    };
    is_null && read_write()
}
