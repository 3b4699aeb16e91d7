//! The IANA tz database, bundled in the binary: never read from the host.
//!
//! The data come from the `tzdb_data` crate, which compiles the complete distribution of the tz
//! database *with* `backzone` (the history of zones that the main data merged because they agree
//! after 1970). Without backzone, Europe/Amsterdam in 1900 would read +00:00 instead of its
//! Amsterdam Mean Time +00:19:32, and Europe/Oslo in 1890 Berlin's +00:53:28 instead of +00:43.
//! Each zone's TZif bytes are parsed by jiff the first time the zone is asked for, then kept.

use std::sync::OnceLock;

use jiff::tz::TimeZone;

use crate::error::CivilError;

/// Every name in the bundled tz database, zones and links alike (`Europe/Kyiv`, `Europe/Kiev`,
/// `US/Eastern`, `UTC`, …), in the database's own order.
///
/// ```
/// assert!(orrery_civil::zone_names().any(|n| n == "Europe/Berlin"));
/// ```
pub fn zone_names() -> impl ExactSizeIterator<Item = &'static str> + Clone {
    tzdb_data::TZ_NAMES.iter().copied()
}

/// The version of the bundled IANA tz database, e.g. `2026b`.
#[must_use]
pub fn tz_data_version() -> &'static str {
    tzdb_data::VERSION
}

/// The TZif bytes of a bundled zone, exactly as the binary embeds them (for references that read
/// the same data, such as Python's `ZoneInfo.from_file`); `None` for a name not in the database.
#[must_use]
pub fn bundled_tzif(name: &str) -> Option<&'static [u8]> {
    tzdb_data::find_raw(name.as_bytes())
}

const ZONE_COUNT: usize = tzdb_data::TZ_NAMES.len();

/// Parsed zones, indexed like [`tzdb_data::TZ_NAMES`]. Each slot is filled once and then only read.
static PARSED: [OnceLock<TimeZone>; ZONE_COUNT] = [const { OnceLock::new() }; ZONE_COUNT];

/// A time zone of the bundled tz database, found by its exact IANA name.
#[derive(Clone, Debug)]
pub struct Zone {
    name: &'static str,
    tz: TimeZone,
}

impl Zone {
    /// Looks a zone up by its exact, case-sensitive IANA name (links such as `Asia/Calcutta` count).
    ///
    /// # Errors
    ///
    /// [`CivilError::UnknownTimezone`] if there is no such name; it suggests the right spelling
    /// when the name matches one ignoring ASCII case.
    ///
    /// # Examples
    ///
    /// ```
    /// use orrery_civil::{CivilError, Zone};
    ///
    /// assert_eq!(Zone::get("Europe/Berlin")?.name(), "Europe/Berlin");
    /// let err = Zone::get("europe/berlin").unwrap_err();
    /// assert!(matches!(err, CivilError::UnknownTimezone { suggestion: Some("Europe/Berlin"), .. }));
    /// # Ok::<(), CivilError>(())
    /// ```
    pub fn get(name: &str) -> Result<Zone, CivilError> {
        let unknown = || CivilError::UnknownTimezone {
            name: name.to_owned(),
            suggestion: tzdb_data::TZ_NAMES
                .iter()
                .copied()
                .find(|known| known.eq_ignore_ascii_case(name)),
            version: tz_data_version(),
        };
        let index = tzdb_data::TZ_NAMES
            .iter()
            .position(|known| *known == name)
            .ok_or_else(unknown)?;
        let name = tzdb_data::TZ_NAMES[index];
        let tz = PARSED[index].get_or_init(|| parse_bundled(name));
        Ok(Zone {
            name,
            tz: tz.clone(),
        })
    }

    /// The IANA name as looked up (a link keeps its own name).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The jiff time zone with the zone's full history.
    #[must_use]
    pub fn time_zone(&self) -> &TimeZone {
        &self.tz
    }
}

/// Parses one zone's bundled TZif bytes.
///
/// Every name in `TZ_NAMES` has bundled data and the data are valid TZif: both are checked for
/// every zone by the test `every_bundled_zone_parses`, so a failure here is a broken build of the
/// data crate, not bad input.
fn parse_bundled(name: &'static str) -> TimeZone {
    let bytes = tzdb_data::find_raw(name.as_bytes())
        .unwrap_or_else(|| panic!("tzdb_data lists {name} but has no data for it"));
    TimeZone::tzif(name, bytes)
        .unwrap_or_else(|e| panic!("tzdb_data's TZif data for {name} does not parse: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_zone_parses() {
        for name in zone_names() {
            let zone = Zone::get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(zone.name(), name);
            assert_eq!(zone.time_zone().iana_name(), Some(name));
        }
        assert!(zone_names().len() > 500);
    }

    #[test]
    fn version_looks_like_a_tz_release() {
        let v = tz_data_version();
        assert_eq!(v.len(), 5, "{v}");
        assert!(v[..4].bytes().all(|b| b.is_ascii_digit()), "{v}");
        assert!(v.as_bytes()[4].is_ascii_lowercase(), "{v}");
    }

    #[test]
    fn unknown_zone_is_an_error_that_names_it() {
        let err = Zone::get("Mars/Olympus_Mons").unwrap_err();
        assert!(
            matches!(&err, CivilError::UnknownTimezone { name, suggestion: None, .. } if name == "Mars/Olympus_Mons")
        );
        assert_eq!(
            err.to_string(),
            format!(
                "timezone must be an IANA time zone name like Europe/Berlin (got \
                 \"Mars/Olympus_Mons\", which is not in tz database {})",
                tz_data_version()
            )
        );
    }

    #[test]
    fn names_are_case_sensitive_with_a_suggestion() {
        let err = Zone::get("AMERICA/NEW_YORK").unwrap_err();
        assert!(
            err.to_string().ends_with("did you mean America/New_York?)"),
            "{err}"
        );
        assert!(Zone::get("").is_err());
        assert!(Zone::get("Europe/Berlin ").is_err());
    }

    #[test]
    fn links_keep_their_own_name() {
        assert_eq!(
            Zone::get("Asia/Calcutta").map(|z| z.name()),
            Ok("Asia/Calcutta")
        );
        assert_eq!(
            Zone::get("Europe/Kiev").map(|z| z.name()),
            Ok("Europe/Kiev")
        );
    }
}
