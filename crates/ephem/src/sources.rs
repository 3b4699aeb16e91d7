//! Which ephemerides a piece of work actually used, for the answer's provenance.
//!
//! The library reports per call whether a position came from the data files or from its
//! analytical Moshier model ([`EphemerisSource`]); an answer computed from hundreds of calls
//! reports the union. Recording is per thread: a calculation runs on one thread from start to
//! end, so [`track_sources`] around it sees exactly its own calls, and calls of other requests
//! on other threads never mix in.

use std::cell::Cell;

use crate::calc::EphemerisSource;

/// The ephemerides some calls used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SourcesUsed {
    /// The Swiss Ephemeris data files (or the library's formulas that need no file, which it
    /// reports the same way: the mean node and the mean apogee).
    pub files: bool,
    /// The analytical Moshier model, outside the files' years.
    pub moshier: bool,
}

impl SourcesUsed {
    fn with(self, source: EphemerisSource) -> Self {
        match source {
            EphemerisSource::Swiss => Self {
                files: true,
                ..self
            },
            EphemerisSource::Moshier => Self {
                moshier: true,
                ..self
            },
        }
    }

    fn union(self, other: Self) -> Self {
        Self {
            files: self.files || other.files,
            moshier: self.moshier || other.moshier,
        }
    }
}

thread_local! {
    static USED: Cell<SourcesUsed> = const { Cell::new(SourcesUsed { files: false, moshier: false }) };
}

/// Runs `work` and returns, beside its result, the ephemerides its library calls used on this
/// thread. Nested tracking is allowed: the outer call sees the inner calls too.
pub fn track_sources<R>(work: impl FnOnce() -> R) -> (R, SourcesUsed) {
    let outer = USED.replace(SourcesUsed::default());
    let result = work();
    let used = USED.replace(SourcesUsed::default());
    USED.set(outer.union(used));
    (result, used)
}

/// Notes that a call of this thread used `source`.
pub(crate) fn record(source: EphemerisSource) {
    // On an exiting thread the slot may be gone; there is then no tracking to report to.
    let _ = USED.try_with(|used| used.set(used.get().with(source)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracking_sees_its_own_calls_and_nesting_reaches_the_outer_call() {
        let ((), outer) = track_sources(|| {
            record(EphemerisSource::Swiss);
            let ((), inner) = track_sources(|| record(EphemerisSource::Moshier));
            assert_eq!(
                inner,
                SourcesUsed {
                    files: false,
                    moshier: true
                }
            );
        });
        assert_eq!(
            outer,
            SourcesUsed {
                files: true,
                moshier: true
            }
        );
        let ((), nothing) = track_sources(|| ());
        assert_eq!(nothing, SourcesUsed::default());
    }
}
