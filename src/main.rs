//! The `sudoku` command: parses arguments, runs the subcommand, maps the outcome to an exit status.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(status) => status.into(),
        Err(error) if cli::is_broken_pipe(&error) => ExitCode::SUCCESS,
        // Ctrl-C: every answer computed so far was printed whole; 128 + SIGINT, as shells say.
        Err(error) if cli::is_interruption(&error) => ExitCode::from(130),
        Err(error) => {
            cli::print_error(format_args!("{error:#}"));
            cli::Status::Error.into()
        }
    }
}
