#![forbid(unsafe_code)]
//! Civil time for Orrery: a birth or event time as a client sends it, turned into a UTC instant.
//!
//! - [`IsoDateTime`] parses the ISO 8601 `datetime` string (grammar in [`parse`](mod@parse)).
//! - [`Zone`] is an IANA zone from the tz database bundled in the binary, *with* backzone (the
//!   pre-1970 history of zones the main data merged); never read from the host.
//!   [`tz_data_version`] names the release.
//! - [`CivilInput::resolve`] applies the rules (in [`resolve`](mod@resolve)): an offset in the
//!   string is taken as given; a local time is read with the zone's history; before standard time,
//!   the birth place's Local Mean Time by default ([`LmtPolicy`]); gaps and folds are errors that
//!   name both candidate instants unless a [`FoldChoice`] is given.
//! - [`Resolved`] says the UTC instant (nanoseconds), the offset used and its [`OffsetSource`].
//!
//! ```
//! use orrery_civil::{CivilInput, OffsetSource};
//!
//! let r = CivilInput::new("1900-06-01T12:00").with_timezone("Europe/Amsterdam").resolve()?;
//! assert_eq!(r.offset_string(), "+00:19:32"); // Amsterdam Mean Time, from backzone
//! assert_eq!(r.utc().to_string(), "1900-06-01T11:40:28Z");
//! assert_eq!(r.source(), OffsetSource::TzDatabase);
//! # Ok::<(), orrery_civil::CivilError>(())
//! ```

pub mod calendar;
pub mod error;
pub mod lmt;
pub mod parse;
pub mod resolve;
pub mod zone;

pub use calendar::{Calendar, CalendarUsed};
pub use error::{CivilError, DatetimeProblem, Field};
pub use lmt::{GeoLongitude, LmtKind, LmtPolicy};
pub use parse::IsoDateTime;
pub use resolve::{
    Ambiguity, Candidate, CivilInput, FoldChoice, LmtRules, Note, OffsetSource, Resolved,
    resolve_with_offset,
};
pub use zone::{Zone, bundled_tzif, tz_data_version, zone_names};

/// Re-exported so that callers name the same `Timestamp`, `DateTime` and `Offset` types.
pub use jiff;

/// Formats an offset as ISO 8601 `±HH:MM`, or `±HH:MM:SS` when it has seconds (`+05:30`,
/// `+00:19:32`, `-00:25:21`, `+00:00`).
///
/// ```
/// use orrery_civil::{iso_offset, jiff::tz::Offset};
///
/// assert_eq!(iso_offset(Offset::from_seconds(-1521)?), "-00:25:21");
/// assert_eq!(iso_offset(Offset::UTC), "+00:00");
/// # Ok::<(), orrery_civil::jiff::Error>(())
/// ```
#[must_use]
pub fn iso_offset(offset: jiff::tz::Offset) -> String {
    let total = offset.seconds();
    let sign = if total < 0 { '-' } else { '+' };
    let abs = total.unsigned_abs();
    let (hours, minutes, seconds) = (abs / 3600, abs / 60 % 60, abs % 60);
    if seconds == 0 {
        format!("{sign}{hours:02}:{minutes:02}")
    } else {
        format!("{sign}{hours:02}:{minutes:02}:{seconds:02}")
    }
}
