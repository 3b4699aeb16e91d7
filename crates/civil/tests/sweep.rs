//! Every transition of every bundled zone, 1800..2100: the wall-clock times just before, inside
//! and just after each clock change resolve the way jiff reads the tz database (zone LMT), and
//! with a birth-place longitude they still give one reading, a fold or a gap (never the
//! "no clean pair" fallback).

mod common;

use orrery_civil::jiff::tz::Offset;
use orrery_civil::jiff::{SignedDuration, Timestamp};
use orrery_civil::{CivilError, GeoLongitude, LmtPolicy, LmtRules, Zone, zone_names};

#[test]
#[ignore = "2.3 million resolutions: 14 s in a debug build, 1 s with --release --ignored"]
fn every_transition_of_every_zone() {
    let start = Timestamp::from_second(-5_364_662_400).expect("1800-01-01"); // 1800-01-01T00:00Z
    let end = Timestamp::from_second(4_102_444_800).expect("2100-01-01");
    let zone_lmt = LmtRules {
        policy: LmtPolicy::ZoneReference,
        longitude: None,
    };
    let mut checked = 0_u64;
    let mut failures = Vec::new();
    for name in zone_names() {
        let zone = Zone::get(name).expect("listed zone");
        let tz = zone.time_zone();
        let birth = |deg: f64| LmtRules {
            policy: LmtPolicy::BirthPlace,
            longitude: Some(GeoLongitude::new(deg).expect("in range")),
        };
        for transition in tz.following(start).take_while(|t| t.timestamp() < end) {
            let at = transition.timestamp();
            let Ok(just_before) = at.checked_sub(SignedDuration::from_secs(1)) else {
                continue;
            };
            let before = tz.to_offset(just_before).seconds();
            let after = transition.offset().seconds();
            let low = before.min(after);
            let high = before.max(after);
            for delta in [low - 1, low, (low + high) / 2, high - 1, high] {
                let Ok(offset) = Offset::from_seconds(delta) else {
                    continue;
                };
                let local = offset.to_datetime(at);
                let ours = zone.resolve_local(local, zone_lmt, None);
                checked += 1;
                let agrees =
                    common::by_definition(tz, local).is_some_and(|e| common::agrees(&e, &ours));
                if !agrees {
                    failures.push(format!(
                        "{name} {local}: jiff {:?}, ours {ours:?}",
                        tz.to_ambiguous_timestamp(local).offset()
                    ));
                }
                for deg in [-179.5, -74.0, 0.0, 13.4, 88.4, 179.5] {
                    checked += 1;
                    match zone.resolve_local(local, birth(deg), None) {
                        Ok(_) | Err(CivilError::Gap { .. } | CivilError::Fold { .. }) => {}
                        Err(e) => failures.push(format!("{name} {local} lon {deg}: {e}")),
                    }
                }
            }
        }
    }
    eprintln!("checked {checked} resolutions");
    assert!(
        failures.is_empty(),
        "{} failures, first 20:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
