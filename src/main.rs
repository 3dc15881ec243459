//! The `sudoku` command: parses arguments, runs the subcommand, maps the outcome to an exit status.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(status) => status.into(),
        Err(error) if cli::is_broken_pipe(&error) => ExitCode::SUCCESS,
        // Ctrl-C or SIGTERM: every answer computed so far was printed whole; 128 + the
        // signal's number, as shells say.
        Err(error) => match cli::interruption(&error) {
            Some(interrupted) => ExitCode::from(interrupted.exit_status()),
            None => {
                cli::print_error(format_args!("{error:#}"));
                cli::Status::Error.into()
            }
        },
    }
}
