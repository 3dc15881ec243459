//! Ctrl-C, and the other signals that ask a program to end (SIGTERM from `kill`, SIGHUP when
//! the terminal goes): the run stops between two answers, so every answer already computed is
//! printed whole, an output file is left as it was, the terminal is restored, and the program
//! exits with 128 + the signal's number (130 for Ctrl-C), as shells expect.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use signal_hook::consts::{SIGINT, SIGTERM};

/// The signals caught: each stops the run as Ctrl-C does.
#[cfg(unix)]
const CAUGHT: [i32; 3] = [SIGINT, SIGTERM, signal_hook::consts::SIGHUP];
#[cfg(not(unix))]
const CAUGHT: [i32; 2] = [SIGINT, SIGTERM];

/// The number of the last signal caught, 0 before any.
static RECEIVED: LazyLock<Arc<AtomicUsize>> = LazyLock::new(|| Arc::new(AtomicUsize::new(0)));

/// Why a run stopped early: a signal asked it to (Ctrl-C, most often).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted {
    signal: i32,
}

impl Interrupted {
    /// Ctrl-C, read as a key where the terminal does not turn it into a signal (`play`).
    pub const CTRL_C: Interrupted = Interrupted { signal: SIGINT };

    /// The terminal gone, as SIGHUP (1 on every unix) says; `play` finds it out for itself too.
    pub const HANG_UP: Interrupted = Interrupted { signal: 1 };

    /// The exit status of a program ended so: 128 + the signal's number.
    pub fn exit_status(self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(u8::MAX)
    }
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Catches Ctrl-C and the other signals that ask the program to end, from now on. A signal
/// that cannot be caught keeps its default effect, ending the program at once.
pub fn catch() {
    for signal in CAUGHT {
        let received = Arc::clone(&RECEIVED);
        let _ = signal_hook::flag::register_usize(signal, received, signal as usize);
    }
}

/// Fails with [`Interrupted`] once one of those signals has come.
pub fn check() -> Result<(), Interrupted> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => Ok(()),
        signal => Err(Interrupted {
            signal: signal as i32,
        }),
    }
}

/// The interruption that ended a run with `error`, if it was one.
pub fn interruption(error: &anyhow::Error) -> Option<Interrupted> {
    error
        .chain()
        .find_map(|cause| cause.downcast_ref::<Interrupted>())
        .copied()
}

/// True when `error` is an interruption.
pub fn is_interruption(error: &anyhow::Error) -> bool {
    interruption(error).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_status_is_128_and_the_signal() {
        assert_eq!(Interrupted::CTRL_C.exit_status(), 130);
        assert_eq!(Interrupted { signal: SIGTERM }.exit_status(), 143);
        let error = anyhow::Error::new(Interrupted { signal: SIGTERM }).context("counting");
        assert_eq!(
            interruption(&error).map(Interrupted::exit_status),
            Some(143)
        );
        assert!(interruption(&anyhow::anyhow!("other")).is_none());
    }
}
