//! Local Mean Time: the clock time of a place before standard time reached it.
//!
//! Before a zone's first standard-time rule the tz database gives the Local Mean Time of the
//! zone's reference city (Europe/Berlin: Berlin's +00:53:28), and marks that period with the
//! abbreviation `LMT`. Astro.com and the astrology programs use the LMT of the birth place itself,
//! so that is the default here ([`LmtPolicy::BirthPlace`]). Named mean times that were legal time
//! (Amsterdam's `AMT`, Dublin's `DMT`, Kolkata's `HMT`) are standard time in this sense and are
//! never replaced.

use jiff::tz::Offset;

use crate::error::CivilError;

/// Seconds of clock time per degree of longitude: 24 h / 360° = 4 min = 240 s.
const SECONDS_PER_DEGREE: f64 = 240.0;

/// Which Local Mean Time to use where the tz database has not reached standard time yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LmtPolicy {
    /// The LMT of the birth place: offset = longitude / 15° hours, to the nearest second. Needs
    /// the longitude; without one the zone's LMT is used and a [`Note`](crate::Note) says so.
    #[default]
    BirthPlace,
    /// The LMT of the zone's reference city, as the tz database gives it.
    ZoneReference,
}

impl LmtPolicy {
    /// The snake_case name used by the API (`birth_place`, `zone_reference`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LmtPolicy::BirthPlace => "birth_place",
            LmtPolicy::ZoneReference => "zone_reference",
        }
    }
}

/// Which Local Mean Time a result used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LmtKind {
    /// The birth place's own mean time, from its longitude.
    BirthPlace {
        /// The longitude it came from, degrees east.
        longitude_deg: f64,
    },
    /// The mean time of the zone's reference city, from the tz database.
    ZoneReference,
}

impl LmtKind {
    /// The snake_case name used by the API (`birth_place`, `zone_reference`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LmtKind::BirthPlace { .. } => "birth_place",
            LmtKind::ZoneReference => "zone_reference",
        }
    }
}

/// A geographic longitude in degrees east, finite and within -180..=180.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct GeoLongitude(f64);

impl GeoLongitude {
    /// The smallest accepted value (west).
    pub const MIN_DEG: f64 = -180.0;
    /// The largest accepted value (east).
    pub const MAX_DEG: f64 = 180.0;

    /// # Errors
    ///
    /// [`CivilError::Longitude`] if `deg` is not finite or outside -180..=180.
    pub fn new(deg: f64) -> Result<Self, CivilError> {
        if (Self::MIN_DEG..=Self::MAX_DEG).contains(&deg) {
            Ok(Self(deg))
        } else {
            Err(CivilError::Longitude { value: deg })
        }
    }

    /// Degrees east.
    #[must_use]
    pub fn deg(self) -> f64 {
        self.0
    }

    /// The place's Local Mean Time offset: longitude × 240 s/°, rounded to the nearest second
    /// (halves away from zero).
    ///
    /// ```
    /// use orrery_civil::GeoLongitude;
    ///
    /// // Munich, 11.5755° E: 2778.12 s = +00:46:18.
    /// assert_eq!(GeoLongitude::new(11.5755)?.mean_time_offset().seconds(), 2778);
    /// # Ok::<(), orrery_civil::CivilError>(())
    /// ```
    #[must_use]
    pub fn mean_time_offset(self) -> Offset {
        // |deg| <= 180, so the product is within ±43 200 s: exact as i32 and within jiff's
        // ±25:59:59 offsets.
        #[allow(clippy::cast_possible_truncation)]
        let seconds = (self.0 * SECONDS_PER_DEGREE).round() as i32;
        Offset::from_seconds(seconds).unwrap_or(Offset::UTC)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_time_offsets() {
        let secs = |deg: f64| GeoLongitude::new(deg).map(|l| l.mean_time_offset().seconds());
        assert_eq!(secs(0.0), Ok(0));
        assert_eq!(secs(15.0), Ok(3600));
        assert_eq!(secs(-75.0), Ok(-18_000));
        assert_eq!(secs(180.0), Ok(43_200));
        assert_eq!(secs(-180.0), Ok(-43_200));
        // 13.366_666…° E is Berlin's tz-database LMT +00:53:28 = 3208 s.
        assert_eq!(secs(3208.0 / 240.0), Ok(3208));
        // Halves round away from zero: 1/32° = 7.5 s exactly.
        assert_eq!(secs(0.031_25), Ok(8));
        assert_eq!(secs(-0.031_25), Ok(-8));
    }

    #[test]
    fn out_of_range_longitudes_are_errors() {
        for bad in [
            180.000_001,
            -181.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            let err = GeoLongitude::new(bad).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with("longitude must be between -180 and 180"),
                "{err}"
            );
        }
    }
}
