//! Answers worked out on a thread of their own while the game goes on: the count of a large
//! puzzle's solutions, the hardest technique it needs.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// A value being worked out on a thread of its own, to be taken once it has come.
#[derive(Clone, Debug)]
pub struct Later<T> {
    slot: Arc<(Mutex<Option<T>>, Condvar)>,
}

impl<T: Clone + Send + 'static> Later<T> {
    /// Starts working `work` out on a thread of its own.
    pub fn start(work: impl FnOnce() -> T + Send + 'static) -> Later<T> {
        let slot = Arc::new((Mutex::new(None), Condvar::new()));
        let filled = Arc::clone(&slot);
        std::thread::spawn(move || {
            let value = work();
            let (lock, arrived) = &*filled;
            *lock.lock().unwrap_or_else(PoisonError::into_inner) = Some(value);
            arrived.notify_all();
        });
        Later { slot }
    }

    /// The value, if it has come.
    pub fn get(&self) -> Option<T> {
        self.wait_for(Duration::ZERO)
    }

    /// The value, waited for at most `patience`.
    pub fn wait_for(&self, patience: Duration) -> Option<T> {
        let (lock, arrived) = &*self.slot;
        let value = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let (value, _) = arrived
            .wait_timeout_while(value, patience, |value| value.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        value.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn a_value_is_there_once_its_work_is_done_and_not_before() {
        let (go, wait) = mpsc::channel::<()>();
        let later = Later::start(move || {
            wait.recv().unwrap();
            42
        });
        assert_eq!(later.get(), None);
        assert_eq!(later.wait_for(Duration::from_millis(20)), None);
        go.send(()).unwrap();
        assert_eq!(later.wait_for(Duration::from_secs(60)), Some(42));
        assert_eq!(later.clone().get(), Some(42));
    }
}
