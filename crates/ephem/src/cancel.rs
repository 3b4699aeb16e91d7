//! Stopping a calculation nobody waits for any more.
//!
//! A request that reached its time limit, or whose client went away, should not keep a core
//! busy. Every library call of this crate goes through [`Ephemeris::with_lib`](crate::Ephemeris),
//! and the long calculations (event scans, series, returns, progressions) are loops of library
//! calls, so the check lives there: once the token of the calculation running on this thread is
//! cancelled, every further call fails at once with [`EphemError::Cancelled`], and the loop ends
//! within one call (a few microseconds).
//!
//! One heliacal search is a single library call of up to tens of seconds (an object that never
//! becomes visible is looked for day by day over five synodic periods). For it, our patch of
//! the library (crates/swisseph-sys, `patches/0002-heliacal-cancellation.patch`) asks
//! [`library_check`] at each visibility step, about a millisecond apart, and ends the search
//! with `cancelled` once the token is.

use std::cell::RefCell;
use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};

use crate::EphemError;

/// Shared between the one who may cancel (the request) and the calculation; cheap to clone.
#[derive(Debug, Clone, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the calculation to stop at its next library call.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static CURRENT: RefCell<Option<CancelToken>> = const { RefCell::new(None) };
}

/// Runs `calculation` on this thread with `token` watched by every library call it makes.
pub fn run_cancellable<T>(token: &CancelToken, calculation: impl FnOnce() -> T) -> T {
    /// Restores the previous token even if the calculation panics.
    struct Restore(Option<CancelToken>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            let _ = CURRENT.try_with(|current| *current.borrow_mut() = previous);
        }
    }
    let previous = CURRENT
        .try_with(|current| current.borrow_mut().replace(token.clone()))
        .ok()
        .flatten();
    let _restore = Restore(previous);
    calculation()
}

/// [`EphemError::Cancelled`] if the calculation running on this thread was cancelled. Loops that
/// compute much between library calls may call it themselves.
///
/// # Errors
/// [`EphemError::Cancelled`] once the token is cancelled.
pub fn check_cancelled() -> Result<(), EphemError> {
    let cancelled = CURRENT
        .try_with(|current| {
            current
                .borrow()
                .as_ref()
                .is_some_and(CancelToken::is_cancelled)
        })
        .unwrap_or(false);
    if cancelled {
        Err(EphemError::Cancelled)
    } else {
        Ok(())
    }
}

/// The check the library's long searches ask (see the module's documentation): 1 once the
/// calculation running on this thread is cancelled. It never unwinds into C: it only reads a
/// thread-local and an atomic.
extern "C" fn library_check() -> c_int {
    c_int::from(check_cancelled().is_err())
}

/// Registers [`library_check`] with the library, once per process; call it before a library
/// call that asks it.
pub(crate) fn install_library_check() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| crate::ffi::set_cancel_check(library_check));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_running_calculation_sees_its_token() {
        let token = CancelToken::new();
        assert!(check_cancelled().is_ok());
        run_cancellable(&token, || {
            assert!(check_cancelled().is_ok());
            token.cancel();
            assert_eq!(check_cancelled(), Err(EphemError::Cancelled));
        });
        assert!(
            check_cancelled().is_ok(),
            "the token left with its calculation"
        );
    }

    #[test]
    fn nested_calculations_restore_the_outer_token() {
        let outer = CancelToken::new();
        let inner = CancelToken::new();
        run_cancellable(&outer, || {
            run_cancellable(&inner, || inner.cancel());
            assert!(check_cancelled().is_ok());
        });
    }
}
