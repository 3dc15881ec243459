//! `--color`: when to colour messages on stderr and the text formats on stdout where colour
//! helps (the cells a hint places or eliminates). `auto` decides each stream as clap decides for
//! its own messages: a terminal whose TERM is not `dumb` is coloured, unless NO_COLOR
//! (<https://no-color.org>) or CLICOLOR=0 is set, and anything is while CLICOLOR_FORCE is
//! (<https://bixense.com/clicolors/>).

use std::sync::OnceLock;

use anstyle::{AnsiColor, Style};
use clap::ValueEnum;

/// When to colour.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR or CLICOLOR=0 is set or TERM is dumb; anywhere with
    /// CLICOLOR_FORCE.
    #[default]
    Auto,
    /// Always, even into a file or a pipe.
    Always,
    /// Never.
    Never,
}

/// Whether stdout and stderr are coloured, decided once at start.
static CHOSEN: OnceLock<(bool, bool)> = OnceLock::new();

/// Decides, for the run, whether stdout and stderr get colour.
pub fn choose(choice: ColorChoice) {
    let streams = match choice {
        ColorChoice::Always => (true, true),
        ColorChoice::Never => (false, false),
        ColorChoice::Auto => (auto(&std::io::stdout()), auto(&std::io::stderr())),
    };
    let _ = CHOSEN.set(streams);
}

/// Whether `auto` colours `stream`: as clap's own output would be (its terminal, and the
/// environment variables in the module's words).
fn auto(stream: &impl anstream::stream::RawStream) -> bool {
    anstream::AutoStream::choice(stream) != anstream::ColorChoice::Never
}

/// True when stdout is coloured.
pub fn on_stdout() -> bool {
    CHOSEN.get().is_some_and(|chosen| chosen.0)
}

/// True when stderr is coloured.
pub fn on_stderr() -> bool {
    CHOSEN.get().is_some_and(|chosen| chosen.1)
}

/// The style of the program's name before a message on stderr.
pub const PROGRAM: Style = Style::new().bold();

/// The style of an error message on stderr.
pub const ERROR: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));

/// The style of a placement in a step (`r5c5 = 5`).
pub const PLACED: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

/// The style of an elimination in a step (`r6c1 <> 4`).
pub const ELIMINATED: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));

/// `text` in `style` when `on`, else as it is.
pub fn paint(text: &str, style: Style, on: bool) -> String {
    if on {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// A step's text (`technique: reason -> r1c2 = 5, r3c4 <> 6`) with its placements and
/// eliminations coloured, when stdout is.
pub fn step_text(text: &str) -> String {
    let on = on_stdout();
    let split = text.split_once(" -> ").or_else(|| text.split_once(": "));
    let Some((head, results)) = split.filter(|_| on) else {
        return text.to_string();
    };
    let separator = if text.contains(" -> ") { " -> " } else { ": " };
    let painted: Vec<String> = results
        .split(", ")
        .map(|result| {
            let style = if result.contains(" = ") {
                PLACED
            } else {
                ELIMINATED
            };
            paint(result, style, on)
        })
        .collect();
    format!("{head}{separator}{}", painted.join(", "))
}
