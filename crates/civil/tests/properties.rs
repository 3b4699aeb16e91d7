//! Properties over every bundled zone and random times from 1800 to 2100.

mod common;

use orrery_civil::jiff::civil::DateTime;
use orrery_civil::jiff::tz::Offset;
use orrery_civil::jiff::{SignedDuration, Timestamp};
use orrery_civil::{
    CivilError, FoldChoice, GeoLongitude, IsoDateTime, LmtKind, LmtPolicy, LmtRules, OffsetSource,
    Zone, zone_names,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn zone_at(index: usize) -> Zone {
    let name = zone_names().nth(index).expect("index within zone_names");
    Zone::get(name).expect("every listed zone exists")
}

fn any_zone() -> impl Strategy<Value = usize> {
    0..zone_names().len()
}

fn local_datetime(years: std::ops::RangeInclusive<i16>) -> impl Strategy<Value = DateTime> {
    (
        years,
        1..=12_i8,
        1..=28_i8,
        0..=23_i8,
        0..=59_i8,
        0..=59_i8,
        0..1_000_000_000_i32,
    )
        .prop_map(|(y, mo, d, h, mi, s, ns)| {
            DateTime::new(y, mo, d, h, mi, s, ns).expect("day <= 28 is valid in every month")
        })
}

/// A local time within a clock change: a random instant, the zone's next transition after it,
/// and a wall-clock time inside the window that transition skipped or repeated (or, for a change
/// of abbreviation only, at the transition itself).
fn near_transition() -> impl Strategy<Value = (usize, DateTime)> {
    (
        any_zone(),
        -3_786_825_600_i64..=4_102_444_800_i64,
        0.0..1.0_f64,
    )
        .prop_filter_map(
            "zone has a transition after the instant",
            |(index, second, fraction)| {
                let zone = zone_at(index);
                let tz = zone.time_zone();
                let start = Timestamp::from_second(second).ok()?;
                let transition = tz.following(start).next()?;
                let at = transition.timestamp();
                let before = tz
                    .to_offset(at.checked_sub(SignedDuration::from_secs(1)).ok()?)
                    .seconds();
                let after = transition.offset().seconds();
                let width = i64::from((after - before).abs());
                // Truncation to whole seconds is the point: any second inside the window will do.
                #[allow(clippy::cast_possible_truncation)]
                let into = (fraction * width as f64) as i64;
                let low = Offset::from_seconds(before.min(after))
                    .ok()?
                    .to_datetime(at);
                let local = low.checked_add(SignedDuration::from_secs(into)).ok()?;
                Some((index, local))
            },
        )
}

fn zone_reference() -> LmtRules {
    LmtRules {
        policy: LmtPolicy::ZoneReference,
        longitude: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2048,
        // Integration tests have no lib.rs beside them for proptest's default location.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/properties.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    })]

    /// With the zone's own LMT the resolution is exactly the tz database's, gaps and folds alike
    /// (see `common::by_definition` for the one place jiff's own classification is off).
    #[test]
    fn zone_reference_agrees_with_jiff(
        (index, local) in prop_oneof![
            (any_zone(), local_datetime(1800..=2100)),
            near_transition(),
        ],
    ) {
        let zone = zone_at(index);
        let tz = zone.time_zone();
        let ours = zone.resolve_local(local, zone_reference(), None);
        let expected = common::by_definition(tz, local);
        prop_assert!(
            expected.as_ref().is_some_and(|e| common::agrees(e, &ours)),
            "expected {:?}, ours {:?}", expected, ours
        );
    }

    /// local → UTC → local: an unambiguous time comes back as the same wall-clock reading, both
    /// through the offset reported and through the zone itself.
    #[test]
    fn unambiguous_times_round_trip(
        index in any_zone(),
        local in local_datetime(1800..=2100),
        longitude_deg in -180.0..=180.0_f64,
        birth_place in any::<bool>(),
    ) {
        let zone = zone_at(index);
        let rules = LmtRules {
            policy: if birth_place { LmtPolicy::BirthPlace } else { LmtPolicy::ZoneReference },
            longitude: Some(GeoLongitude::new(longitude_deg).expect("in range")),
        };
        let Ok(r) = zone.resolve_local(local, rules, None) else {
            return Ok(()); // gaps, folds and -00 are covered by the other properties
        };
        prop_assert_eq!(r.offset().to_datetime(r.utc()), local);
        let tz = zone.time_zone();
        match r.lmt() {
            Some(LmtKind::BirthPlace { longitude_deg: lon }) => {
                prop_assert!(birth_place);
                prop_assert_eq!(lon.to_bits(), longitude_deg.to_bits());
                let abbreviation = tz.to_offset_info(r.utc()).abbreviation().to_owned();
                prop_assert!(abbreviation == "LMT" || abbreviation == "-00", "{}", abbreviation);
                let expected = GeoLongitude::new(lon).expect("in range").mean_time_offset();
                prop_assert_eq!(r.offset(), expected);
            }
            Some(LmtKind::ZoneReference) | None => {
                prop_assert_eq!(tz.to_datetime(r.utc()), local);
                prop_assert_eq!(r.source() == OffsetSource::LocalMeanTime, r.lmt().is_some());
            }
        }
        // Sending the result back with its offset gives the same instant.
        let echoed: IsoDateTime = format!("{}{}", local, r.offset_string()).parse().expect("parses");
        prop_assert_eq!(echoed.offset(), Some(r.offset()));
        prop_assert_eq!(echoed.offset().and_then(|o| o.to_timestamp(local).ok()), Some(r.utc()));
    }

    /// Gaps and folds: two candidates in order, each one a reading of the same local time, and the
    /// choices pick them.
    #[test]
    fn gaps_and_folds_offer_two_ordered_readings(
        (index, local) in near_transition(),
        longitude_deg in -180.0..=180.0_f64,
    ) {
        let zone = zone_at(index);
        let rules = LmtRules {
            policy: LmtPolicy::BirthPlace,
            longitude: Some(GeoLongitude::new(longitude_deg).expect("in range")),
        };
        let (earlier, later) = match zone.resolve_local(local, rules, None) {
            Err(CivilError::Gap { earlier, later, .. } | CivilError::Fold { earlier, later, .. }) => {
                (earlier, later)
            }
            _ => return Ok(()),
        };
        prop_assert!(earlier.utc() < later.utc());
        for c in [earlier, later] {
            prop_assert_eq!(c.offset().to_datetime(c.utc()), local);
        }
        let pick = |choice| zone.resolve_local(local, rules, Some(choice)).map(|r| r.utc());
        prop_assert_eq!(pick(FoldChoice::Earlier), Ok(earlier.utc()));
        prop_assert_eq!(pick(FoldChoice::Later), Ok(later.utc()));
    }

    /// What IsoDateTime prints, it parses back, for every year jiff can hold.
    #[test]
    fn iso_strings_round_trip(
        local in local_datetime(-9999..=9999),
        offset_seconds in proptest::option::of(-86_399..=86_399_i32),
    ) {
        let offset = offset_seconds.map(|s| Offset::from_seconds(s).expect("within ±24 h"));
        let text = match offset {
            Some(o) => format!("{local}{}", orrery_civil::iso_offset(o)),
            None => local.to_string(),
        };
        let parsed: IsoDateTime = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(parsed.local(), local);
        prop_assert_eq!(parsed.offset(), offset);
        prop_assert_eq!(parsed.to_string().parse::<IsoDateTime>().ok(), Some(parsed));
    }
}
