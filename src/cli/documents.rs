//! `sudoku completions` and `sudoku man`: documents generated from the command-line
//! definitions themselves, so that they never drift from what the program accepts.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::CommandFactory;

use super::Cli;
use super::status::Status;

/// Prints the completion script for `shell` (clap_complete writes it from the definitions).
pub fn completions(shell: clap_complete::Shell) -> Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut script);
    write_stdout(&script)
}

/// Prints the manual page in roff (clap_mangen writes it from the definitions): the program,
/// then a section per subcommand.
pub fn man_page() -> Result<Status> {
    let command = Cli::command();
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    for subcommand in command.get_subcommands().filter(|c| !c.is_hide_set()) {
        let name = subcommand.get_name();
        writeln!(page, ".SH \"SUBCOMMAND: {}\"", name.to_uppercase())?;
        let sub = clap_mangen::Man::new(subcommand.clone().bin_name(format!("sudoku {name}")));
        sub.render_synopsis_section(&mut page)?;
        sub.render_description_section(&mut page)?;
        sub.render_options_section(&mut page)?;
        if let Some(section) = subcommand.get_after_help() {
            writeln!(page, ".PP\n.nf\n{section}\n.fi")?;
        }
    }
    if let Some(section) = command.get_after_help() {
        writeln!(page, ".SH \"EXIT STATUS\"")?;
        writeln!(page, ".nf\n{section}\n.fi")?;
    }
    write_stdout(&page)
}

/// Writes a whole document to stdout.
fn write_stdout(bytes: &[u8]) -> Result<Status> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .context("cannot write to stdout")?;
    Ok(Status::Success)
}
