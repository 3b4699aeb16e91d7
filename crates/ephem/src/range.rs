//! The dates each body can be computed at with the bundled data (`ephe/`): one table, read by
//! the error messages and the `omitted` lists, so that they name a range and never a file.
//!
//! The bounds were measured with pyswisseph on the same files
//! (`fixtures/ephemeris_range/generate.py`) and rounded inwards to 0h UT: a date inside a span
//! is served as the span says whatever file the thread has open (near a file's end the
//! library's answer depends on it, by a few days). `crates/ephem/tests/range.rs` checks the
//! table against the measurement and against this crate's own answers.
//! `docs/EPHEMERIS-RANGE.md` explains the ranges.

use crate::body::BodyId;
use crate::time::JulianDayUt;

/// A closed span of dates, Julian days (UT).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DateSpan {
    /// The first date, 0h UT.
    pub first: JulianDayUt,
    /// The last date, 0h UT.
    pub last: JulianDayUt,
}

impl DateSpan {
    const fn new(first_jd_ut: f64, last_jd_ut: f64) -> Self {
        DateSpan {
            first: JulianDayUt(first_jd_ut),
            last: JulianDayUt(last_jd_ut),
        }
    }

    /// Whether `jd` lies in the span (bounds included).
    #[must_use]
    pub fn contains(&self, jd: JulianDayUt) -> bool {
        (self.first.0..=self.last.0).contains(&jd.0)
    }
}

/// The planetary and lunar files `sepl/semo_12` … `_42`: 1200-01-09 to 4799-12-31 (Gregorian).
pub const FILES: DateSpan = DateSpan::new(2_159_358.5, 3_474_222.5);
/// The Moshier model's own limit (the library's `MOSHPLEPH_START`): -3001-02-03 (Gregorian,
/// astronomical year numbering, 3002 BC).
const MOSHIER_FIRST_JD_UT: f64 = 625_000.5;
/// Where the library's Moshier model serves the Sun, the Moon and the planets: from its own
/// limit to the day before the files begin.
pub const MOSHIER: DateSpan = DateSpan::new(MOSHIER_FIRST_JD_UT, FILES.first.0 - 1.0);
/// The interpolated lunar apogee and perigee come from the Moshier lunar theory, whatever the
/// files: -3001-02-03 to 3003-04-28 (the library's `MOSHLUEPH_END`).
const INTERPOLATED_APSIDES: DateSpan = DateSpan::new(MOSHIER_FIRST_JD_UT, 2_817_999.5);
/// Chiron's orbit is given from 675 to 4650 only (the library refuses other dates); with the
/// files, 1200-01-09 to 4649-12-31.
const CHIRON: DateSpan = DateSpan::new(FILES.first.0, 3_419_436.5);
/// The numbered-asteroid files in `ephe/ast*/` (DE431): 1500-01-12 to 2102-05-13.
pub const NUMBERED_ASTEROID_FILES: DateSpan = DateSpan::new(2_268_934.5, 2_488_931.5);

/// Where a body's positions come from, by date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BodyRange {
    /// A formula of the library at any date (the mean node, the mean apogee).
    Unlimited,
    /// Positions exist in `valid` only. In `files` the library answers with
    /// [`EphemerisSource::Swiss`](crate::EphemerisSource::Swiss); in the rest of `valid` with
    /// its analytical Moshier model ([`EphemerisSource::Moshier`](crate::EphemerisSource)).
    Limited {
        /// Every date the body can be computed at.
        valid: DateSpan,
        /// The dates the library serves as Swiss Ephemeris (inside `valid`).
        files: DateSpan,
    },
}

impl BodyRange {
    /// Whether the body can be computed at `jd`.
    #[must_use]
    pub fn contains(&self, jd: JulianDayUt) -> bool {
        match self {
            BodyRange::Unlimited => true,
            BodyRange::Limited { valid, .. } => valid.contains(jd),
        }
    }

    /// The span of every date the body can be computed at, if limited.
    #[must_use]
    pub fn valid(&self) -> Option<DateSpan> {
        match self {
            BodyRange::Unlimited => None,
            BodyRange::Limited { valid, .. } => Some(*valid),
        }
    }
}

/// The range of `body` with the bundled data (a numbered asteroid: the span of the bundled
/// asteroid files, if its file is installed at all).
#[must_use]
pub fn bundled_range(body: BodyId) -> BodyRange {
    let only_files = |files: DateSpan| BodyRange::Limited {
        valid: files,
        files,
    };
    if body.asteroid_number().is_some() {
        return only_files(NUMBERED_ASTEROID_FILES);
    }
    match body {
        BodyId::MEAN_NODE | BodyId::MEAN_APOGEE => BodyRange::Unlimited,
        BodyId::INTERPOLATED_APOGEE | BodyId::INTERPOLATED_PERIGEE => {
            only_files(INTERPOLATED_APSIDES)
        }
        BodyId::CHIRON => only_files(CHIRON),
        BodyId::PHOLUS | BodyId::CERES | BodyId::PALLAS | BodyId::JUNO | BodyId::VESTA => {
            only_files(FILES)
        }
        // The Sun, the Moon, the planets, the Earth, the true node and the osculating apogee
        // (both from the Moon's orbit): the Moshier model before the files.
        _ => BodyRange::Limited {
            valid: DateSpan::new(MOSHIER_FIRST_JD_UT, FILES.last.0),
            files: FILES,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_body_has_a_range_inside_the_libraries_limits() {
        for body in BodyId::NAMED {
            match bundled_range(body) {
                BodyRange::Unlimited => {
                    assert!([BodyId::MEAN_NODE, BodyId::MEAN_APOGEE].contains(&body));
                }
                BodyRange::Limited { valid, files } => {
                    assert!(valid.first.0 < valid.last.0, "{body:?}");
                    assert!(valid.contains(files.first) && valid.contains(files.last));
                }
            }
        }
    }

    #[test]
    fn chiron_ends_before_the_files_and_the_planets_start_with_moshier() {
        let chiron = bundled_range(BodyId::CHIRON).valid().unwrap();
        assert!(chiron.last.0 < FILES.last.0);
        let sun = bundled_range(BodyId::SUN).valid().unwrap();
        assert!(sun.first.0 < FILES.first.0);
        assert!(!bundled_range(BodyId::CHIRON).contains(JulianDayUt(2_100_000.5)));
        assert!(bundled_range(BodyId::MEAN_NODE).contains(JulianDayUt(0.5)));
    }
}
