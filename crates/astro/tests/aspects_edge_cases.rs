//! Edge cases of the aspect finder, each worked out by hand.
#![allow(
    clippy::float_cmp,
    reason = "the hand-worked values below are exact in binary floating point"
)]

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{
    Aspect, AspectConfig, AspectHit, AspectPoint, CustomOrbs, Orb, OrbPreset, OrbSpec,
    STATIONARY_RELATIVE_SPEED_DEG_PER_DAY, aspect_between, find_cross, find_within,
};
use orrery_astro::error::{AspectError, OrbError};

/// For times computed as `orb / relative speed` with non-binary fractions: a few ulps of a value
/// of order 10 days.
const DAYS_ROUNDING: f64 = 1e-12;

fn point(name: &str, lon_deg: f64, speed: Option<f64>) -> AspectPoint {
    AspectPoint::new(name, Longitude::new(lon_deg).expect("finite"), speed).expect("valid point")
}

fn flat(orb_deg: f64, aspects: &[Aspect]) -> AspectConfig {
    AspectConfig::new(
        aspects.iter().copied(),
        OrbSpec::Flat(Orb::new(orb_deg).expect("valid orb")),
    )
    .expect("valid config")
}

fn majors_classic() -> AspectConfig {
    AspectConfig::new(
        [
            Aspect::Conjunction,
            Aspect::Sextile,
            Aspect::Square,
            Aspect::Trine,
            Aspect::Opposition,
        ],
        OrbSpec::default(),
    )
    .expect("valid config")
}

/// The hit between two points given as (longitude, speed), with a flat 10° orb on `aspect`.
fn hit(aspect: Aspect, first: (f64, f64), second: (f64, f64)) -> AspectHit {
    aspect_between(
        &point("first", first.0, Some(first.1)),
        &point("second", second.0, Some(second.1)),
        &flat(10.0, &[aspect]),
    )
    .expect("in orb")
}

fn assert_motion(h: &AspectHit, applying: bool, exact_in_days: f64) {
    assert_eq!(h.applying, Some(applying), "{h:?}");
    let days = h.exact_in_days.expect("known motion");
    assert!(
        (days - exact_in_days).abs() <= DAYS_ROUNDING,
        "exact_in_days {days}, expected {exact_in_days}: {h:?}"
    );
}

#[test]
fn conjunction_across_the_seam() {
    let h = aspect_between(
        &point("mars", 359.5, None),
        &point("venus", 0.5, None),
        &flat(1.0, &[Aspect::Conjunction]),
    )
    .expect("in orb");
    assert_eq!(h.aspect, Aspect::Conjunction);
    assert_eq!(h.actual_separation_deg, 1.0);
    assert_eq!(h.orb_deg, 1.0);
    assert_eq!(h.orb_percent, 100.0);
    assert_eq!(h.strength, 0.0);
    assert_eq!((h.applying, h.exact_in_days), (None, None));

    // A direct body behind the seam closes on one just past it; and the other way round.
    assert_motion(
        &hit(Aspect::Conjunction, (359.5, 1.0), (0.5, 0.0)),
        true,
        1.0,
    );
    assert_motion(
        &hit(Aspect::Conjunction, (0.5, 0.0), (359.5, 1.0)),
        true,
        1.0,
    );
    assert_motion(
        &hit(Aspect::Conjunction, (0.5, 1.0), (359.5, 0.0)),
        false,
        -1.0,
    );
}

#[test]
fn opposition_measured_both_ways() {
    let config = majors_classic();
    let a = point("mars", 10.0, Some(1.0));
    let b = point("saturn", 191.0, Some(0.0));
    for (first, second) in [(&a, &b), (&b, &a)] {
        let h = aspect_between(first, second, &config).expect("in orb");
        assert_eq!(h.aspect, Aspect::Opposition);
        assert_eq!(h.actual_separation_deg, 179.0);
        assert_eq!(h.orb_deg, 1.0);
        // Mars moves from 10° to 11°: exactly opposite Saturn after one day.
        assert_motion(&h, true, 1.0);
    }
    // Past exact: the separation shrinks below 180 again, so the orb grows.
    assert_motion(
        &hit(Aspect::Opposition, (12.0, 1.0), (191.0, 0.0)),
        false,
        -1.0,
    );
    assert_motion(
        &hit(Aspect::Opposition, (191.0, 0.0), (12.0, 1.0)),
        false,
        -1.0,
    );
    // Across the seam, opposition from the far side.
    assert_motion(
        &hit(Aspect::Opposition, (359.0, 0.5), (180.0, 0.0)),
        true,
        2.0,
    );
}

#[test]
fn applying_and_separating_in_every_combination_of_motion() {
    // (first, second, applying, exact_in_days); the arc is second − first, conjunction 5° off.
    let cases = [
        // Both direct, the faster body behind: it catches up.
        ((10.0, 1.0), (15.0, 0.1), true, 5.0 / 0.9),
        // Both direct, the faster body ahead: it pulls away.
        ((15.0, 1.0), (10.0, 0.1), false, -5.0 / 0.9),
        // Faster body retrograde, behind: it backs away.
        ((10.0, -0.5), (15.0, 0.1), false, -5.0 / 0.6),
        // Faster body retrograde, ahead: it backs into the other.
        ((15.0, -0.5), (10.0, 0.1), true, 5.0 / 0.6),
        // Both retrograde, the faster one behind: it backs away.
        ((10.0, -1.0), (15.0, -0.2), false, -5.0 / 0.8),
        // Both retrograde, the faster one ahead: it backs into the slower one.
        ((15.0, -1.0), (10.0, -0.2), true, 5.0 / 0.8),
        // Direct behind, retrograde ahead: they meet.
        ((10.0, 0.5), (15.0, -0.5), true, 5.0),
        // Retrograde behind, direct ahead: they part.
        ((10.0, -0.5), (15.0, 0.5), false, -5.0),
        // Slow body is the mover, the other stationary (speed 0).
        ((10.0, 0.0), (15.0, -0.25), true, 20.0),
        ((10.0, 0.0), (15.0, 0.25), false, -20.0),
    ];
    for (first, second, applying, days) in cases {
        let h = hit(Aspect::Conjunction, first, second);
        assert_motion(&h, applying, days);
        // Swapping the points changes nothing about the motion.
        let swapped = hit(Aspect::Conjunction, second, first);
        assert_motion(&swapped, applying, days);
    }
}

#[test]
fn applying_for_an_aspect_on_either_side() {
    // A square can be exact at +90 or -90 of arc; each side with each direction of motion.
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (88.0, 1.0)), true, 2.0);
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (88.0, -1.0)), false, -2.0);
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (272.0, -1.0)), true, 2.0);
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (272.0, 1.0)), false, -2.0);
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (92.0, -2.0)), true, 1.0);
    assert_motion(&hit(Aspect::Square, (0.0, 0.0), (268.0, 2.0)), true, 1.0);
}

#[test]
fn equal_speeds_and_unknown_speeds_give_no_motion() {
    let config = majors_classic();
    let equal = aspect_between(
        &point("a", 10.0, Some(0.4)),
        &point("b", 13.0, Some(0.4)),
        &config,
    )
    .expect("in orb");
    assert_eq!((equal.applying, equal.exact_in_days), (None, None));

    let almost = aspect_between(
        &point("a", 10.0, Some(0.0)),
        &point("b", 13.0, Some(STATIONARY_RELATIVE_SPEED_DEG_PER_DAY / 2.0)),
        &config,
    )
    .expect("in orb");
    assert_eq!((almost.applying, almost.exact_in_days), (None, None));

    for (s1, s2) in [(None, Some(1.0)), (Some(1.0), None), (None, None)] {
        let h =
            aspect_between(&point("a", 10.0, s1), &point("b", 13.0, s2), &config).expect("in orb");
        assert_eq!((h.applying, h.exact_in_days), (None, None));
        assert_eq!(h.orb_deg, 3.0);
    }
}

#[test]
fn exact_aspect_is_separating_now() {
    let h = hit(Aspect::Trine, (10.0, 1.0), (130.0, 0.0));
    assert_eq!(h.orb_deg, 0.0);
    assert_eq!(h.strength, 1.0);
    assert_eq!(h.orb_percent, 0.0);
    assert_eq!(h.applying, Some(false));
    let days = h.exact_in_days.expect("known motion");
    assert_eq!(days, 0.0);
    assert!(days.is_sign_positive());
}

#[test]
fn closer_aspect_wins_when_two_match() {
    let config = flat(20.0, &[Aspect::Conjunction, Aspect::Semisextile]);
    let at = |sep: f64| {
        aspect_between(
            &point("a", 100.0, None),
            &point("b", 100.0 + sep, None),
            &config,
        )
        .expect("in orb")
    };
    assert_eq!(at(14.0).aspect, Aspect::Conjunction);
    assert_eq!(at(16.0).aspect, Aspect::Semisextile);
    assert_eq!(at(16.0).orb_deg, 14.0);
    assert_eq!(at(16.0).allowed_orb_deg, 20.0);
    // Exactly halfway: the tie goes to the aspect earlier in the catalogue.
    assert_eq!(at(15.0).aspect, Aspect::Conjunction);
    assert_eq!(at(-15.0).aspect, Aspect::Conjunction);
    // Sextile (60) against quintile (72) with wide orbs, on the quintile side.
    let config = flat(12.0, &[Aspect::Sextile, Aspect::Quintile]);
    let h = aspect_between(
        &point("a", 0.0, None),
        &point("b", 360.0 - 67.0, None),
        &config,
    )
    .expect("in orb");
    assert_eq!((h.aspect, h.orb_deg), (Aspect::Quintile, 5.0));
}

#[test]
fn halfway_between_the_two_exact_points_any_motion_applies() {
    // Only the quincunx is asked for, with the widest orb; at 180° the separation can only
    // shrink towards 150°, whichever way the points move.
    let config = flat(30.0, &[Aspect::Quincunx]);
    for speed in [1.0, -1.0] {
        let h = aspect_between(
            &point("a", 0.0, Some(0.0)),
            &point("b", 180.0, Some(speed)),
            &config,
        )
        .expect("in orb");
        assert_eq!(h.orb_deg, 30.0);
        assert_motion(&h, true, 30.0);
    }
    // Likewise at 0° for a semisextile.
    let config = flat(30.0, &[Aspect::Semisextile]);
    for speed in [2.0, -2.0] {
        let h = aspect_between(
            &point("a", 45.0, Some(speed)),
            &point("b", 45.0, Some(0.0)),
            &config,
        )
        .expect("in orb");
        assert_motion(&h, true, 15.0);
    }
}

#[test]
fn zero_and_invalid_orbs_are_rejected() {
    assert!(matches!(Orb::new(0.0), Err(OrbError::NotPositive { .. })));
    assert!(matches!(Orb::new(-0.0), Err(OrbError::NotPositive { .. })));
    assert!(matches!(
        CustomOrbs::new(None, [(Aspect::Trine, 0.0)]),
        Err(OrbError::NotPositive { .. })
    ));
    assert!(matches!(
        CustomOrbs::new(Some(f64::NAN), []),
        Err(OrbError::NotFinite { .. })
    ));
}

#[test]
fn luminaries_get_wider_orbs_in_classic() {
    let config = majors_classic();
    let at_9 =
        |name: &str| aspect_between(&point(name, 0.0, None), &point("mars", 9.0, None), &config);
    assert!(at_9("venus").is_none());
    let h = at_9("sun").expect("sun gets 10°");
    assert_eq!(h.allowed_orb_deg, 10.0);
    assert_eq!(h.orb_percent, 90.0);
    assert!(at_9("moon").is_some());
    // Tight halves everything.
    let tight = AspectConfig::new([Aspect::Conjunction], OrbSpec::Preset(OrbPreset::Tight))
        .expect("valid config");
    let h = aspect_between(&point("moon", 0.0, None), &point("mars", 5.0, None), &tight);
    assert_eq!(h.map(|h| h.allowed_orb_deg), Some(5.0));
}

#[test]
fn within_pairs_each_unordered_pair_once_and_sorts() {
    let points = [
        point("venus", 100.0, None),
        point("mars", 103.0, None),
        point("jupiter", 220.0, None),
        point("saturn", 101.0, None),
    ];
    let report = find_within(&points, &majors_classic());
    let found: Vec<_> = report
        .aspects
        .iter()
        .map(|h| (h.first.as_str(), h.second.as_str(), h.aspect, h.orb_deg))
        .collect();
    assert_eq!(
        found,
        [
            ("venus", "jupiter", Aspect::Trine, 0.0),
            ("jupiter", "saturn", Aspect::Trine, 1.0),
            ("venus", "saturn", Aspect::Conjunction, 1.0),
            ("mars", "saturn", Aspect::Conjunction, 2.0),
            ("mars", "jupiter", Aspect::Trine, 3.0),
            ("venus", "mars", Aspect::Conjunction, 3.0),
        ]
    );
    let sum: f64 = report.aspects.iter().map(|h| h.strength).sum();
    assert_eq!(report.total_strength, sum);
}

#[test]
fn cross_pairs_only_across_lists() {
    let a = [point("sun", 0.0, None), point("moon", 1.0, None)];
    let b = [point("sun", 2.0, None), point("venus", 240.0, None)];
    let report = find_cross(&a, &b, &majors_classic());
    let pairs: Vec<_> = report
        .aspects
        .iter()
        .map(|h| (h.first.as_str(), h.second.as_str(), h.aspect))
        .collect();
    // No sun-moon pair within list a; every pair keeps list a's point first.
    assert_eq!(
        pairs,
        [
            ("sun", "venus", Aspect::Trine),
            ("moon", "sun", Aspect::Conjunction),
            ("moon", "venus", Aspect::Trine),
            ("sun", "sun", Aspect::Conjunction),
        ]
    );
    assert!(find_cross(&a, &[], &majors_classic()).aspects.is_empty());
    assert_eq!(find_within(&[], &majors_classic()).total_strength, 0.0);
}

#[test]
fn invalid_configuration_and_points() {
    assert_eq!(
        AspectConfig::new([], OrbSpec::default()),
        Err(AspectError::NoAspects)
    );
    let err = AspectPoint::new("mars", Longitude::ZERO, Some(f64::NAN)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the speed of `mars` must be a finite number of degrees per day (got NaN)"
    );
    let config = AspectConfig::new(
        [Aspect::Trine, Aspect::Conjunction, Aspect::Trine],
        OrbSpec::default(),
    )
    .expect("valid config");
    assert_eq!(config.aspects(), [Aspect::Conjunction, Aspect::Trine]);
}
