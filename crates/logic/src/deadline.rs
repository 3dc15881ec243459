//! A moment by which a step must be found: the long searches (chains, forcing chains and nets)
//! look at it as they go, so that one step cannot overrun a time budget by much. It is kept per
//! thread, set only while [`within`] runs, so the techniques' signatures stay as they are.

use std::cell::Cell;
use std::time::Instant;

use sudoku_engine::TimedOut;

thread_local! {
    /// The deadline of the search running on this thread, if it has one.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// Whether a search on this thread found the deadline passed.
    static PASSED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `search` with `deadline` in force: `Err(TimedOut)` if the deadline passed before or
/// during it (a search that finds it passed gives up and finds nothing, so what it would have
/// returned is not to be trusted as complete).
pub(crate) fn within<T>(
    deadline: Option<Instant>,
    search: impl FnOnce() -> T,
) -> Result<T, TimedOut> {
    let outer = DEADLINE.replace(deadline);
    PASSED.set(false);
    let result = if passed() { None } else { Some(search()) };
    let timed_out = PASSED.replace(false);
    DEADLINE.set(outer);
    match result {
        Some(result) if !timed_out => Ok(result),
        _ => Err(TimedOut),
    }
}

/// True once the deadline in force (if any) has passed; a search asks between two pieces of
/// work and gives up when it says so.
pub(crate) fn passed() -> bool {
    let Some(deadline) = DEADLINE.get() else {
        return false;
    };
    let passed = PASSED.get() || Instant::now() >= deadline;
    PASSED.set(passed);
    passed
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn without_a_deadline_nothing_passes() {
        assert_eq!(within(None, passed), Ok(false));
        assert!(!passed(), "outside `within` there is no deadline");
    }

    #[test]
    fn a_past_deadline_stops_the_search_before_it_starts() {
        let past = Instant::now() - Duration::from_millis(1);
        let mut ran = false;
        assert_eq!(within(Some(past), || ran = true), Err(TimedOut));
        assert!(!ran);
    }

    #[test]
    fn a_deadline_passing_during_the_search_is_reported() {
        let soon = Instant::now() + Duration::from_millis(20);
        let result = within(Some(soon), || {
            while !passed() {
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        assert_eq!(result, Err(TimedOut));
        assert!(!passed(), "the deadline is lifted afterwards");
    }
}
