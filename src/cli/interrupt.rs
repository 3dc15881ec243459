//! Ctrl-C: the run stops between two answers, so every answer already computed is printed whole,
//! and the program exits with status 130 (128 + SIGINT), as shells expect.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the Ctrl-C handler.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Why a run stopped early: the user pressed Ctrl-C.
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

/// Catches Ctrl-C (SIGINT) from now on. If no handler can be set, Ctrl-C keeps its default
/// effect, ending the program at once.
pub fn catch() {
    let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
}

/// Fails with [`Interrupted`] once Ctrl-C has been pressed.
pub fn check() -> Result<(), Interrupted> {
    match REQUESTED.load(Ordering::SeqCst) {
        true => Err(Interrupted),
        false => Ok(()),
    }
}

/// True when `error` is an interruption.
pub fn is_interruption(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<Interrupted>())
}
