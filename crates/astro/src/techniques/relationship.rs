//! Relationship charts: the composite (midpoint) chart of two charts, and the instant and place
//! of a Davison chart. Synastry needs nothing of its own: it is [`crate::aspects::find_cross`]
//! between the two charts' points.
//!
//! # Definitions
//!
//! * **Composite chart** ([`composite`]): every body at the midpoint on the shorter arc
//!   ([`crate::angle::midpoint`]) of its two natal longitudes; cusp `n` at the midpoint of the two
//!   natal cusps `n`; each angle (ascendant, MC, ARMC, vertex, …) at the midpoint of the two
//!   natal angles. Latitude, distance and the speeds are the means of the two natal values (the
//!   speed is the rate of the midpoint if both charts moved on in time, so aspects in the
//!   composite apply and separate as that motion says).
//! * **Exactly opposite points**: both arcs are 180°; the convention of
//!   [`crate::angle::midpoint`] takes the point 90° ahead of the smaller longitude, whichever
//!   chart it belongs to (`10°` and `190°` give `100°`).
//! * **Cusp order**: the midpoints of two sets of cusps in zodiacal order need not be in order.
//!   When natal cusps `n` are nearly opposite, a small change moves the shorter arc to the other
//!   side and that composite cusp jumps by 180°, out of line with its neighbours; for exactly
//!   opposite pairs the convention above puts cusp `n` and cusp `n + 6` on the same point.
//!   [`Composite::cusps_in_order`] says whether the composite cusps still go round the circle
//!   once, in the natal charts' direction; nothing is moved to hide it.
//! * **Davison chart**: a real chart cast for the mean of the two instants
//!   ([`davison_instant`], exact to the nanosecond and symmetric) at the great-circle midpoint of
//!   the two places ([`great_circle_midpoint`]).
//! * **Great-circle midpoint**: the places as unit vectors on a sphere, `m = (a + b) / |a + b|`:
//!   the point halfway along the shorter great-circle arc, equidistant from both. The altitude is
//!   the mean of the two. Antipodal places (within [`ANTIPODAL_TOLERANCE_DEG`] of 180° apart) have
//!   no such arc (every great circle through one passes through the other): an error. At a pole
//!   the longitude has no meaning; it is then whatever `atan2` gives for the vector.

mod cast;

pub use cast::{
    CUSP_ORDER_NOTE, CompositeChart, RelationshipBirth, RelationshipChart, RelationshipChartError,
    RelationshipMethod, RelationshipQuery, WhichChart, relationship_chart,
};

use jiff::Timestamp;
use orrery_ephem::{Angles, EphemerisSource, HousePoint, Houses, Observer};

use crate::angle::{Longitude, midpoint};
use crate::chart::{BodyPosition, Chart};

/// Places closer than this to 180° apart count as antipodal. Within 1e-6° (about 0.1 m on the
/// ground) of antipodal the midpoint swings by up to 90° for a shift of the input far below any
/// birth place's precision, so it means nothing.
pub const ANTIPODAL_TOLERANCE_DEG: f64 = 1e-6;

/// Why a relationship chart cannot be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RelationshipError {
    /// The two places are (nearly) antipodal.
    #[error(
        "are antipodal ({separation_deg}° apart on the great circle, within {ANTIPODAL_TOLERANCE_DEG}° of 180°): every great circle through one passes through the other, so the great-circle midpoint is undefined"
    )]
    Antipodal {
        /// The great-circle distance of the two places, degrees.
        separation_deg: f64,
    },
    /// The two charts do not list the same bodies in the same order.
    #[error("the two charts do not have the same bodies ({first} against {second})")]
    DifferentBodies { first: String, second: String },
    /// A value that is not a finite number (never from the library's own output).
    #[error("{what} is not finite")]
    NotFinite { what: &'static str },
}

/// A composite chart and whether its cusps kept their order.
#[derive(Debug, Clone, PartialEq)]
pub struct Composite {
    /// The midpoint positions, and the midpoint houses when both charts have houses.
    pub chart: Chart,
    /// `false` when the midpoint cusps do not go round the circle once in the natal direction
    /// (see the module documentation); always `true` without houses.
    pub cusps_in_order: bool,
}

/// The composite (midpoint) chart of `a` and `b`, which must list the same bodies in the same
/// order. Houses are present when both charts have them and the same number of cusps.
///
/// The house system of the composite houses is the natal one when both charts used the same;
/// otherwise (one fell back to Porphyry inside a polar circle) the requested one, and the caller
/// says what happened. `fallback` is left empty for the caller to fill.
///
/// # Errors
/// [`RelationshipError::DifferentBodies`] when the body lists differ.
pub fn composite(a: &Chart, b: &Chart) -> Result<Composite, RelationshipError> {
    if a.positions.len() != b.positions.len() {
        return Err(different_bodies(&a.positions, &b.positions));
    }
    let positions = a
        .positions
        .iter()
        .zip(&b.positions)
        .map(|(pa, pb)| {
            if pa.body == pb.body {
                composite_position(pa, pb)
            } else {
                Err(different_bodies(&a.positions, &b.positions))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let houses = match (&a.houses, &b.houses) {
        (Some(ha), Some(hb)) if ha.cusps.len() == hb.cusps.len() => Some(composite_houses(ha, hb)?),
        _ => None,
    };
    let cusps_in_order = match (&houses, &a.houses) {
        (Some(h), Some(ha)) => windings(&h.cusps) == windings(&ha.cusps),
        _ => true,
    };
    Ok(Composite {
        chart: Chart {
            positions,
            houses,
            houses_omitted_reason: a.houses_omitted_reason.or(b.houses_omitted_reason),
            // Both charts have the same bodies (checked above), so both left out the same.
            omitted: a.omitted.clone(),
            // Midpoints of longitude have no instant, so no equator of date.
            equatorial: None,
        },
        cusps_in_order,
    })
}

fn different_bodies(a: &[BodyPosition], b: &[BodyPosition]) -> RelationshipError {
    let names = |list: &[BodyPosition]| {
        list.iter()
            .map(|p| p.body.name().into_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    RelationshipError::DifferentBodies {
        first: names(a),
        second: names(b),
    }
}

fn mean(a: f64, b: f64) -> f64 {
    a.midpoint(b)
}

fn mid_longitude(a: f64, b: f64, what: &'static str) -> Result<Longitude, RelationshipError> {
    let lon = |deg| Longitude::new(deg).map_err(|_| RelationshipError::NotFinite { what });
    Ok(midpoint(lon(a)?, lon(b)?))
}

fn composite_position(
    a: &BodyPosition,
    b: &BodyPosition,
) -> Result<BodyPosition, RelationshipError> {
    Ok(BodyPosition {
        body: a.body,
        lon: midpoint(a.lon, b.lon),
        lat_deg: mean(a.lat_deg, b.lat_deg),
        dist_au: mean(a.dist_au, b.dist_au),
        lon_speed_deg_per_day: mean(a.lon_speed_deg_per_day, b.lon_speed_deg_per_day),
        lat_speed_deg_per_day: mean(a.lat_speed_deg_per_day, b.lat_speed_deg_per_day),
        dist_speed_au_per_day: mean(a.dist_speed_au_per_day, b.dist_speed_au_per_day),
        source: if a.source == EphemerisSource::Moshier {
            a.source
        } else {
            b.source
        },
    })
}

fn mid_house_point(
    a: HousePoint,
    b: HousePoint,
    what: &'static str,
) -> Result<HousePoint, RelationshipError> {
    Ok(HousePoint {
        lon_deg: mid_longitude(a.lon_deg, b.lon_deg, what)?.degrees(),
        speed_deg_per_day: mean(a.speed_deg_per_day, b.speed_deg_per_day),
    })
}

/// Cusp `n` at the midpoint of the natal cusps `n`, each angle at the midpoint of the natal
/// angles (see [`composite`] for the system reported).
///
/// # Errors
/// [`RelationshipError::NotFinite`] for a non-finite cusp or angle.
pub fn composite_houses(a: &Houses, b: &Houses) -> Result<Houses, RelationshipError> {
    let cusps = a
        .cusps
        .iter()
        .zip(&b.cusps)
        .map(|(ca, cb)| mid_house_point(*ca, *cb, "a cusp"))
        .collect::<Result<Vec<_>, _>>()?;
    let (aa, ab) = (&a.angles, &b.angles);
    let angles = Angles {
        ascendant: mid_house_point(aa.ascendant, ab.ascendant, "the ascendant")?,
        mc: mid_house_point(aa.mc, ab.mc, "the MC")?,
        armc_deg: mid_longitude(aa.armc_deg, ab.armc_deg, "the ARMC")?.degrees(),
        armc_speed_deg_per_day: mean(aa.armc_speed_deg_per_day, ab.armc_speed_deg_per_day),
        vertex: mid_house_point(aa.vertex, ab.vertex, "the vertex")?,
        equatorial_ascendant: mid_house_point(
            aa.equatorial_ascendant,
            ab.equatorial_ascendant,
            "the equatorial ascendant",
        )?,
        co_ascendant_koch: mid_house_point(
            aa.co_ascendant_koch,
            ab.co_ascendant_koch,
            "the co-ascendant",
        )?,
        co_ascendant_munkasey: mid_house_point(
            aa.co_ascendant_munkasey,
            ab.co_ascendant_munkasey,
            "the co-ascendant",
        )?,
        polar_ascendant: mid_house_point(
            aa.polar_ascendant,
            ab.polar_ascendant,
            "the polar ascendant",
        )?,
    };
    Ok(Houses {
        system_requested: a.system_requested,
        system_used: if a.system_used == b.system_used {
            a.system_used
        } else {
            a.system_requested
        },
        fallback: None,
        cusps,
        angles,
    })
}

/// How many times the cusps, taken in order and closed back to the first, go round the circle
/// forwards (12 cusps in zodiacal order: 1; out of order: more).
fn windings(cusps: &[HousePoint]) -> i64 {
    let total_deg: f64 = cusps
        .iter()
        .zip(cusps.iter().cycle().skip(1))
        .map(|(from, to)| (to.lon_deg - from.lon_deg).rem_euclid(360.0))
        .sum();
    #[allow(
        clippy::cast_possible_truncation,
        reason = "at most 36 arcs of under 360° each"
    )]
    let turns = (total_deg / 360.0).round() as i64;
    turns
}

/// The mean of two instants, exact to the nanosecond (rounded down), and symmetric.
#[must_use]
pub fn davison_instant(a: Timestamp, b: Timestamp) -> Timestamp {
    let mean_ns = (a.as_nanosecond() + b.as_nanosecond()).div_euclid(2);
    // The mean lies between two valid instants, so it is valid too.
    Timestamp::from_nanosecond(mean_ns).unwrap_or(a)
}

fn unit_vector(place: &Observer) -> [f64; 3] {
    let (lat, lon) = (place.lat_deg.to_radians(), place.lon_deg.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

fn norm(v: [f64; 3]) -> f64 {
    v[0].hypot(v[1]).hypot(v[2])
}

/// The great-circle distance of two places in degrees of arc, in `[0, 180]`.
#[must_use]
pub fn great_circle_distance_deg(a: &Observer, b: &Observer) -> f64 {
    let (u, v) = (unit_vector(a), unit_vector(b));
    let cross = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    norm(cross).atan2(dot).to_degrees()
}

/// The midpoint of the shorter great-circle arc between two places (on a sphere), with the
/// mean altitude.
///
/// # Errors
/// [`RelationshipError::Antipodal`] for places within [`ANTIPODAL_TOLERANCE_DEG`] of antipodal.
pub fn great_circle_midpoint(a: &Observer, b: &Observer) -> Result<Observer, RelationshipError> {
    let separation_deg = great_circle_distance_deg(a, b);
    if separation_deg >= 180.0 - ANTIPODAL_TOLERANCE_DEG {
        return Err(RelationshipError::Antipodal { separation_deg });
    }
    let (u, v) = (unit_vector(a), unit_vector(b));
    let sum = [u[0] + v[0], u[1] + v[1], u[2] + v[2]];
    Ok(Observer {
        lat_deg: sum[2].atan2(sum[0].hypot(sum[1])).to_degrees(),
        lon_deg: sum[1].atan2(sum[0]).to_degrees(),
        alt_m: mean(a.alt_m, b.alt_m),
    })
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "midpoints of whole and half degrees are exact in binary; tolerances are given where they are not"
)]
mod tests {
    use super::*;
    use crate::body::Body;
    use orrery_ephem::HouseSystem;
    use proptest::prelude::*;

    fn place(lat_deg: f64, lon_deg: f64) -> Observer {
        Observer {
            lat_deg,
            lon_deg,
            alt_m: 0.0,
        }
    }

    fn point(lon_deg: f64, speed_deg_per_day: f64) -> HousePoint {
        HousePoint {
            lon_deg,
            speed_deg_per_day,
        }
    }

    fn houses(cusps: &[f64], system: HouseSystem) -> Houses {
        let p = point(cusps[0], 1.0);
        Houses {
            system_requested: HouseSystem::KOCH,
            system_used: system,
            fallback: None,
            cusps: cusps.iter().map(|&c| point(c, 1.0)).collect(),
            angles: Angles {
                ascendant: p,
                mc: point(cusps[9], 1.0),
                armc_deg: 0.0,
                armc_speed_deg_per_day: 361.0,
                vertex: p,
                equatorial_ascendant: p,
                co_ascendant_koch: p,
                co_ascendant_munkasey: p,
                polar_ascendant: p,
            },
        }
    }

    fn equal_cusps(first: f64) -> Vec<f64> {
        (0..12)
            .map(|i| (first + 30.0 * f64::from(i)).rem_euclid(360.0))
            .collect()
    }

    fn chart(lons: &[(Body, f64, f64)], cusps: Option<&[f64]>) -> Chart {
        Chart {
            positions: lons
                .iter()
                .map(|&(body, lon, speed)| BodyPosition {
                    body,
                    lon: Longitude::new(lon).unwrap(),
                    lat_deg: 1.0,
                    dist_au: 1.0,
                    lon_speed_deg_per_day: speed,
                    lat_speed_deg_per_day: 0.0,
                    dist_speed_au_per_day: 0.0,
                    source: EphemerisSource::Swiss,
                })
                .collect(),
            houses: cusps.map(|c| houses(c, HouseSystem::KOCH)),
            houses_omitted_reason: None,
            omitted: Vec::new(),
            equatorial: None,
        }
    }

    #[test]
    fn composite_takes_midpoints_and_mean_speeds() {
        let a = chart(
            &[(Body::Sun, 350.0, 1.0), (Body::Moon, 10.0, 13.0)],
            Some(&equal_cusps(5.0)),
        );
        let b = chart(
            &[(Body::Sun, 20.0, 0.9), (Body::Moon, 190.0, -1.0)],
            Some(&equal_cusps(65.0)),
        );
        let c = composite(&a, &b).unwrap();
        let sun = c.chart.positions[0];
        assert_eq!(sun.lon.degrees(), 5.0);
        assert!((sun.lon_speed_deg_per_day - 0.95).abs() < 1e-15);
        // Exactly opposite: 90° ahead of the smaller longitude, whichever chart has it.
        assert_eq!(c.chart.positions[1].lon.degrees(), 100.0);
        let swapped = composite(&b, &a).unwrap();
        assert_eq!(swapped.chart.positions[1].lon.degrees(), 100.0);
        let h = c.chart.houses.unwrap();
        assert_eq!(h.cusps[0].lon_deg, 35.0);
        // The MCs (the 10th cusps) at 275° and 335°.
        assert_eq!(h.angles.mc.lon_deg, 305.0);
        assert!(c.cusps_in_order);
    }

    #[test]
    fn exactly_opposite_cusps_collapse_and_are_reported() {
        // Whole-sign style cusps from 0° Aries and from 0° Libra: every pair is exactly opposite,
        // so cusps n and n + 6 both land 90° ahead of the smaller longitude.
        let a = chart(&[(Body::Sun, 1.0, 1.0)], Some(&equal_cusps(0.0)));
        let b = chart(&[(Body::Sun, 2.0, 1.0)], Some(&equal_cusps(180.0)));
        let c = composite(&a, &b).unwrap();
        let h = c.chart.houses.unwrap();
        assert_eq!(h.cusps[0].lon_deg, 90.0);
        assert_eq!(h.cusps[6].lon_deg, 90.0);
        assert!(!c.cusps_in_order);
    }

    #[test]
    fn a_flipped_cusp_pair_is_reported() {
        // Cusp 1: 10° and 200° are 170° apart the short way round through 0°, so the midpoint
        // is 285°; cusp 2: 40° and 215° give 127.5°. The composite cusps leave their order.
        let mut first = equal_cusps(10.0);
        let mut second = equal_cusps(185.0);
        second[0] = 200.0;
        first[1] = 40.0;
        second[1] = 215.0;
        let a = chart(&[(Body::Sun, 1.0, 1.0)], Some(&first));
        let b = chart(&[(Body::Sun, 2.0, 1.0)], Some(&second));
        let c = composite(&a, &b).unwrap();
        let h = c.chart.houses.as_ref().unwrap();
        assert_eq!(h.cusps[0].lon_deg, 285.0);
        assert_eq!(h.cusps[1].lon_deg, 127.5);
        assert!(!c.cusps_in_order);
    }

    #[test]
    fn different_bodies_are_an_error() {
        let a = chart(&[(Body::Sun, 1.0, 1.0)], None);
        let b = chart(&[(Body::Moon, 2.0, 1.0)], None);
        assert!(matches!(
            composite(&a, &b),
            Err(RelationshipError::DifferentBodies { .. })
        ));
        let c = chart(&[(Body::Sun, 2.0, 1.0), (Body::Moon, 2.0, 1.0)], None);
        assert!(composite(&a, &c).is_err());
    }

    #[test]
    fn mixed_house_systems_report_the_requested_one() {
        let mut a = chart(&[(Body::Sun, 1.0, 1.0)], Some(&equal_cusps(0.0)));
        let b = chart(&[(Body::Sun, 2.0, 1.0)], Some(&equal_cusps(10.0)));
        if let Some(h) = a.houses.as_mut() {
            h.system_used = HouseSystem::PORPHYRY;
        }
        let c = composite(&a, &b).unwrap();
        assert_eq!(c.chart.houses.unwrap().system_used, HouseSystem::KOCH);
    }

    #[test]
    fn antipodal_places_have_no_midpoint() {
        for (a, b) in [
            (place(10.0, 20.0), place(-10.0, -160.0)),
            (place(90.0, 0.0), place(-90.0, 45.0)),
            (place(0.0, 180.0), place(0.0, 0.0)),
        ] {
            assert!(matches!(
                great_circle_midpoint(&a, &b),
                Err(RelationshipError::Antipodal { .. })
            ));
        }
        // 0.01° from antipodal is still a well-defined midpoint.
        let m = great_circle_midpoint(&place(0.0, 0.0), &place(0.0, 179.99)).unwrap();
        assert!((m.lon_deg - 89.995).abs() < 1e-9 && m.lat_deg.abs() < 1e-9);
    }

    #[test]
    fn known_midpoints() {
        // Along the equator and along a meridian the midpoint is the plain mean.
        let m = great_circle_midpoint(&place(0.0, 10.0), &place(0.0, 50.0)).unwrap();
        assert!((m.lon_deg - 30.0).abs() < 1e-12 && m.lat_deg.abs() < 1e-12);
        let m = great_circle_midpoint(&place(-20.0, 7.0), &place(60.0, 7.0)).unwrap();
        assert!((m.lat_deg - 20.0).abs() < 1e-12 && (m.lon_deg - 7.0).abs() < 1e-12);
        // Across the date line: the short way round, not through Greenwich.
        let m = great_circle_midpoint(&place(0.0, 170.0), &place(0.0, -170.0)).unwrap();
        assert!((m.lon_deg.abs() - 180.0).abs() < 1e-12);
        // Two places on the same parallel: the great circle bulges towards the pole.
        let m = great_circle_midpoint(&place(45.0, 0.0), &place(45.0, 180.0)).unwrap();
        assert!((m.lat_deg - 90.0).abs() < 1e-12);
        let m = great_circle_midpoint(&place(45.0, -30.0), &place(45.0, 30.0)).unwrap();
        assert!(m.lat_deg > 45.0 && m.lon_deg.abs() < 1e-12);
    }

    #[test]
    fn davison_instant_is_the_exact_mean() {
        let a: Timestamp = "1990-05-15T12:30:00Z".parse().unwrap();
        let b: Timestamp = "1992-11-03T01:15:01Z".parse().unwrap();
        let m = davison_instant(a, b);
        assert_eq!(m.duration_since(a), b.duration_since(m));
        let before: Timestamp = "1899-12-31T23:59:59Z".parse().unwrap();
        assert_eq!(
            davison_instant(before, before).as_nanosecond(),
            before.as_nanosecond()
        );
    }

    fn any_place() -> impl Strategy<Value = Observer> {
        (-90.0..=90.0_f64, -180.0..=180.0_f64).prop_map(|(lat, lon)| place(lat, lon))
    }

    fn any_instant() -> impl Strategy<Value = Timestamp> {
        // Years 1000 to 3000, to the nanosecond.
        (-30_610_224_000_i64..32_503_680_000, 0..1_000_000_000_i32)
            .prop_map(|(s, ns)| Timestamp::new(s, ns).unwrap())
    }

    proptest! {
        #[test]
        fn great_circle_midpoint_is_symmetric_and_equidistant(a in any_place(), b in any_place()) {
            let separation = great_circle_distance_deg(&a, &b);
            prop_assume!(separation < 180.0 - 1e-3);
            let m = great_circle_midpoint(&a, &b).unwrap();
            let n = great_circle_midpoint(&b, &a).unwrap();
            prop_assert!(great_circle_distance_deg(&m, &n) < 1e-9);
            let (da, db) = (great_circle_distance_deg(&m, &a), great_circle_distance_deg(&m, &b));
            prop_assert!((da - db).abs() < 1e-9, "{da} vs {db}");
            prop_assert!((da - separation / 2.0).abs() < 1e-9, "{da} vs {separation}");
            prop_assert!((-90.0..=90.0).contains(&m.lat_deg));
            prop_assert!((-180.0..=180.0).contains(&m.lon_deg));
        }

        #[test]
        fn davison_instant_is_symmetric_and_halfway(a in any_instant(), b in any_instant()) {
            let m = davison_instant(a, b);
            prop_assert_eq!(m, davison_instant(b, a));
            let (to_a, to_b) = (a.as_nanosecond() - m.as_nanosecond(), m.as_nanosecond() - b.as_nanosecond());
            prop_assert!((to_a - to_b).abs() <= 1);
        }

        #[test]
        fn composite_of_a_chart_with_itself_is_the_chart(
            lons in proptest::collection::vec((0.0..360.0_f64, -2.0..15.0_f64), 3),
            first in 0.0..360.0_f64,
        ) {
            let bodies = [Body::Sun, Body::Moon, Body::Mars];
            let list: Vec<(Body, f64, f64)> =
                bodies.iter().zip(&lons).map(|(&b, &(lon, speed))| (b, lon, speed)).collect();
            let a = chart(&list, Some(&equal_cusps(first)));
            let c = composite(&a, &a).unwrap();
            prop_assert_eq!(&c.chart.positions, &a.positions);
            prop_assert_eq!(&c.chart.houses, &a.houses);
            prop_assert!(c.cusps_in_order);
        }
    }
}
