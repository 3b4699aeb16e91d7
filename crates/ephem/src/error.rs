//! Typed errors: each variant names the value or the data that is missing, and keeps the
//! library's own message where the library produced one.

use std::path::PathBuf;

/// Everything that can go wrong in this crate.
///
/// The variants separate the caller's mistakes ([`EphemError::NotFinite`],
/// [`EphemError::InvalidInput`]), requests the installed data cannot answer
/// ([`EphemError::DataUnavailable`], [`EphemError::OutOfRange`], [`EphemError::StarNotFound`]),
/// a broken installation ([`EphemError::DataDir`]) and anything else the C library reports
/// ([`EphemError::Library`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EphemError {
    /// A numeric input was NaN or infinite; it was rejected before reaching the C library.
    #[error("{name} must be a finite number (got {value})")]
    NotFinite {
        /// The parameter, e.g. `"jd_ut"` or `"observer.lat_deg"`.
        name: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// An input was finite but broke a rule of the library (a range, a name length, ...).
    #[error("{name} {rule} (got {value})")]
    InvalidInput {
        /// The parameter, e.g. `"observer.alt_m"`.
        name: &'static str,
        /// The rejected value, as text.
        value: String,
        /// The rule, phrased to follow the name: `"must be between -90 and 90"`.
        rule: &'static str,
    },
    /// The ephemeris directory is missing, incomplete or cannot be used by the library.
    #[error("ephemeris data directory {path:?}: {reason}")]
    DataDir {
        /// The directory as given or found.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The data file the library needs is not installed: a numbered asteroid without its file,
    /// or a body without an analytical model (Chiron, the asteroids) at a date outside the
    /// installed files.
    #[error("no ephemeris data for {what}: {message}")]
    DataUnavailable {
        /// What was asked for, e.g. `"body 15 at JD 2341972.5 (UT)"`.
        what: String,
        /// The library's message, e.g. `SwissEph file 'seas_12.se1' not found in PATH ...`.
        message: String,
    },
    /// The date lies outside the range of a data file (numbered asteroid files end in 2102), or
    /// the calculation would silently have used the analytical Moshier model instead of the
    /// Swiss Ephemeris files.
    #[error("{what} is outside the range of the ephemeris data: {message}")]
    OutOfRange {
        /// What was asked for.
        what: String,
        /// The library's message, or ours when the library did not say.
        message: String,
    },
    /// The fixed-star catalogue has no star of this name.
    #[error("fixed star {name:?} not found: {message}")]
    StarNotFound {
        /// The name as asked.
        name: String,
        /// The library's message.
        message: String,
    },
    /// The library has no algorithm for this request (e.g. acronychal risings, or an evening
    /// first visibility of an outer planet).
    #[error("{what} is not provided by the Swiss Ephemeris: {reason}")]
    NotProvided {
        /// What was asked for.
        what: String,
        /// Why not.
        reason: String,
    },
    /// The calculation was cancelled (its request timed out or its client went away); see
    /// [`run_cancellable`](crate::run_cancellable).
    #[error("the calculation was cancelled")]
    Cancelled,
    /// Any other error reported by the C library, with its message.
    #[error("{function} failed: {message}")]
    Library {
        /// The C function, e.g. `"swe_calc_ut"`.
        function: &'static str,
        /// The library's message.
        message: String,
    },
}

impl EphemError {
    /// Sorts a failure message of the C library into a variant. The C library (2.10.03,
    /// `sweph.c`) words a missing file as `SwissEph file '...' not found in PATH '...'` and a
    /// date outside a file as `... jd ... > upper limit ...` / `< lower limit`, and Chiron far
    /// outside its years as `Chiron's ephemeris is restricted to JD ... - JD ...` (the
    /// interpolated apsides: `Interpolated apsides are restricted to ...`); anything
    /// else stays a `Library` error.
    pub(crate) fn from_library(function: &'static str, what: String, message: String) -> Self {
        if message.contains("not found in PATH") {
            EphemError::DataUnavailable { what, message }
        } else if message.contains("upper limit")
            || message.contains("lower limit")
            || message.contains(" restricted to JD ")
        {
            EphemError::OutOfRange { what, message }
        } else if message.is_empty() {
            EphemError::Library {
                function,
                message: format!("{what}: the library gave no reason"),
            }
        } else {
            EphemError::Library {
                function,
                message: format!("{what}: {message}"),
            }
        }
    }
}

/// Rejects NaN and infinities before they reach the C library.
pub(crate) fn finite(name: &'static str, value: f64) -> Result<f64, EphemError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(EphemError::NotFinite { name, value })
    }
}

/// Checks a finite value against a closed range.
pub(crate) fn in_range(
    name: &'static str,
    value: f64,
    min: f64,
    max: f64,
    rule: &'static str,
) -> Result<f64, EphemError> {
    finite(name, value)?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(EphemError::InvalidInput {
            name,
            value: value.to_string(),
            rule,
        })
    }
}
