//! The IANA zone of a point, from the time-zone boundaries bundled in `tzf-rs` (data from the
//! timezone-boundary-builder project, simplified: tzf-dist's "lite" set).

use std::sync::LazyLock;

use tzf_rs::DefaultFinder;

static FINDER: LazyLock<DefaultFinder> = LazyLock::new(DefaultFinder::new);

/// The zone found for a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneAt {
    /// The IANA zone name.
    pub timezone: String,
    /// Whether the point lies outside every land zone, so that the zone is the nautical
    /// `Etc/GMT±N` of its longitude.
    pub at_sea: bool,
}

/// The release of the zone boundaries (timezone-boundary-builder's, as `tzf-rs` bundles it).
#[must_use]
pub fn boundaries_version() -> &'static str {
    FINDER.data_version()
}

/// Builds the boundary finder anew (what the first lookup does once; for measuring it) and
/// returns how many zones it knows.
#[must_use]
pub fn load_boundaries() -> usize {
    DefaultFinder::new().timezonenames().len()
}

/// Prepares the boundaries (about 0.1 s) so that the first lookup does not pay for it.
pub fn preload() {
    LazyLock::force(&FINDER);
}

/// The one overlap in the boundaries: Asia/Shanghai (official Beijing time) is drawn over all of
/// China, and Asia/Urumqi (Xinjiang time, UTC+6 since 1980, which most of Xinjiang's people keep)
/// inside it. A point in both gets Asia/Urumqi: the gazetteer gives that zone to every place in
/// Xinjiang, so a birth given by `place_id` and the same birth given by its coordinates with
/// `timezone: "auto"` resolve alike; the tz database's zone1970.tab and PyPI's timezonefinder
/// agree (docs/ATLAS.md).
const OVERLAPPED_ZONE: &str = "Asia/Shanghai";
const OVERLAPPING_ZONE: &str = "Asia/Urumqi";
/// A box around Asia/Urumqi's boundary: outside it the slower scan of every polygon at the point
/// is not needed (the zone lookup's budget is 2 µs).
const XINJIANG_BOX_LONGITUDE: std::ops::RangeInclusive<f64> = 73.0..=97.0;
const XINJIANG_BOX_LATITUDE: std::ops::RangeInclusive<f64> = 34.0..=50.0;

/// The zone at a point (degrees north, degrees east). Never fails: a point covered by no land
/// zone gets its longitude's [`nautical_zone`].
#[must_use]
pub fn zone_at(latitude_deg: f64, longitude_deg: f64) -> ZoneAt {
    let mut name = FINDER.get_tz_name(longitude_deg, latitude_deg);
    if name == OVERLAPPED_ZONE
        && XINJIANG_BOX_LONGITUDE.contains(&longitude_deg)
        && XINJIANG_BOX_LATITUDE.contains(&latitude_deg)
        && FINDER
            .get_tz_names(longitude_deg, latitude_deg)
            .contains(&OVERLAPPING_ZONE)
    {
        name = OVERLAPPING_ZONE;
    }
    if name.is_empty() || name.starts_with("Etc/") {
        ZoneAt {
            timezone: nautical_zone(longitude_deg),
            at_sea: true,
        }
    } else {
        ZoneAt {
            timezone: name.to_owned(),
            at_sea: false,
        }
    }
}

/// Every land zone whose boundary covers the point: more than one where the boundaries overlap on
/// purpose (timezone-boundary-builder's Asia/Shanghai covers Asia/Urumqi's area, where both
/// clocks are in use; [`zone_at`] answers Asia/Urumqi, as the gazetteer does for the places there).
#[must_use]
pub fn land_zones_at(latitude_deg: f64, longitude_deg: f64) -> Vec<String> {
    FINDER
        .get_tz_names(longitude_deg, latitude_deg)
        .into_iter()
        .filter(|name| !name.starts_with("Etc/"))
        .map(str::to_owned)
        .collect()
}

/// The nautical zone of a longitude: 15° wide bands centred on multiples of 15°, named the POSIX
/// way (east of Greenwich is `Etc/GMT-N`, UTC+N). A longitude on a band's edge (7.5°, 22.5°, ...)
/// goes to the band farther from Greenwich; ±180° is `Etc/GMT-12` (east) or `Etc/GMT+12` (west).
///
/// ```
/// use orrery_atlas::nautical_zone;
///
/// assert_eq!(nautical_zone(-30.0), "Etc/GMT+2");
/// assert_eq!(nautical_zone(3.0), "Etc/GMT");
/// assert_eq!(nautical_zone(170.0), "Etc/GMT-11");
/// ```
#[must_use]
pub fn nautical_zone(longitude_deg: f64) -> String {
    let hours_east = (longitude_deg / 15.0).round().clamp(-12.0, 12.0);
    // The clamp keeps the value in -12..=12, so the conversion is exact.
    #[allow(clippy::cast_possible_truncation)]
    let hours_east = hours_east as i32;
    match hours_east {
        0 => "Etc/GMT".to_owned(),
        h if h > 0 => format!("Etc/GMT-{h}"),
        h => format!("Etc/GMT+{}", -h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn land_and_sea() {
        assert_eq!(
            zone_at(47.07, 15.44),
            ZoneAt {
                timezone: "Europe/Vienna".to_owned(),
                at_sea: false
            }
        );
        let atlantic = zone_at(-30.0, -20.0);
        assert!(atlantic.at_sea);
        assert_eq!(atlantic.timezone, "Etc/GMT+1");
        assert_eq!(nautical_zone(180.0), "Etc/GMT-12");
        assert_eq!(nautical_zone(-180.0), "Etc/GMT+12");
        assert_eq!(nautical_zone(-7.4), "Etc/GMT");
        assert_eq!(nautical_zone(7.5), "Etc/GMT-1");
    }

    #[test]
    fn every_boundary_zone_is_in_the_bundled_tz_database() {
        for name in FINDER.timezonenames() {
            assert!(orrery_civil::Zone::get(name).is_ok(), "{name}");
        }
        assert_eq!(boundaries_version().len(), 5, "{}", boundaries_version());
    }

    #[test]
    fn every_nautical_zone_is_in_the_bundled_tz_database() {
        for tenth_deg in -1800..=1800 {
            let name = nautical_zone(f64::from(tenth_deg) / 10.0);
            assert!(orrery_civil::Zone::get(&name).is_ok(), "{name}");
        }
    }
}
