//! Spherical geometry for the astro-cartography lines, on a sphere of the Earth's mean radius:
//! places as unit vectors, great-circle distances, and the distance from a place to a
//! great-circle arc by cross-track and along-track angles.
//!
//! Every line is made of great-circle arcs shorter than 180°: a meridian is two, and a horizon
//! curve, half of one great circle (the circle 90° from the point under the body), is two 90°
//! arcs. The distance to those arcs is therefore the distance to the line itself.

use crate::angle::wrap_180;

/// The Earth's mean radius (IUGG R1; docs/CONVENTIONS.md), km.
pub const EARTH_MEAN_RADIUS_KM: f64 = 6_371.008_8;

/// Below this length (the sine of the arc), two unit vectors are taken as the same point: an
/// arc of 1e-15 rad is 6 nm on the Earth, far below anything a line or a place can resolve.
const SAME_POINT_SINE: f64 = 1e-15;

/// A place on the Earth: latitude north, longitude east, degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeoPoint {
    /// Latitude, degrees, [-90, 90].
    pub lat_deg: f64,
    /// Longitude, degrees, [-180, 180] (180 only as the end of a segment at the date line).
    pub lon_deg: f64,
}

/// The point of a line nearest to a place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Nearest {
    /// Great-circle distance from the place, km.
    pub distance_km: f64,
    /// The point of the line, longitude in [-180, 180).
    pub point: GeoPoint,
}

type Vec3 = [f64; 3];

fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

fn scaled(a: Vec3, k: f64) -> Vec3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn unit(p: GeoPoint) -> Vec3 {
    let (lat, lon) = (p.lat_deg.to_radians(), p.lon_deg.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

fn geo_point(v: Vec3) -> GeoPoint {
    GeoPoint {
        lat_deg: v[2].atan2(v[0].hypot(v[1])).to_degrees(),
        lon_deg: wrap_180(v[1].atan2(v[0]).to_degrees()),
    }
}

/// The angle between two unit vectors, radians in [0, π] (atan2: accurate at 0 and π alike).
fn angle_between(a: Vec3, b: Vec3) -> f64 {
    norm(cross(a, b)).atan2(dot(a, b))
}

/// The great-circle distance between two places, km.
#[must_use]
pub fn distance_km(a: GeoPoint, b: GeoPoint) -> f64 {
    angle_between(unit(a), unit(b)) * EARTH_MEAN_RADIUS_KM
}

fn nearest_end(p: Vec3, a: GeoPoint, b: GeoPoint) -> Nearest {
    let (to_a, to_b) = (angle_between(p, unit(a)), angle_between(p, unit(b)));
    let (angle, end) = if to_a <= to_b { (to_a, a) } else { (to_b, b) };
    Nearest {
        distance_km: angle * EARTH_MEAN_RADIUS_KM,
        point: GeoPoint {
            lat_deg: end.lat_deg,
            lon_deg: wrap_180(end.lon_deg),
        },
    }
}

/// The point of the great-circle arc from `a` to `b` (shorter than 180°) nearest to `place`.
///
/// The cross-track angle is the place's angle from the arc's great circle; its foot on that
/// circle lies on the arc when its along-track angle from `a` is between 0 and the arc's
/// length. Then the distance is the cross-track distance; otherwise it is the distance to the
/// nearer end. An arc of (almost) zero length is its end points.
#[must_use]
pub fn nearest_on_arc(place: GeoPoint, a: GeoPoint, b: GeoPoint) -> Nearest {
    let (p, va, vb) = (unit(place), unit(a), unit(b));
    let normal = cross(va, vb);
    let normal_len = norm(normal);
    if normal_len <= SAME_POINT_SINE {
        return nearest_end(p, a, b);
    }
    let n = scaled(normal, 1.0 / normal_len);
    let sin_cross_track = dot(p, n);
    let foot = [
        p[0] - sin_cross_track * n[0],
        p[1] - sin_cross_track * n[1],
        p[2] - sin_cross_track * n[2],
    ];
    let foot_len = norm(foot);
    if foot_len <= SAME_POINT_SINE {
        // The place is a pole of the arc's circle: every point of the circle is 90° away.
        return nearest_end(p, a, b);
    }
    let f = scaled(foot, 1.0 / foot_len);
    let along_track = dot(cross(va, f), n).atan2(dot(va, f));
    let arc = normal_len.atan2(dot(va, vb));
    if (0.0..=arc).contains(&along_track) {
        Nearest {
            distance_km: sin_cross_track.abs().atan2(foot_len) * EARTH_MEAN_RADIUS_KM,
            point: geo_point(f),
        }
    } else {
        nearest_end(p, a, b)
    }
}

/// The point of a polyline (segments of points joined by great-circle arcs) nearest to
/// `place`; `None` for a line without points. Ties keep the earlier point.
#[must_use]
pub fn nearest_on_polyline(place: GeoPoint, segments: &[Vec<GeoPoint>]) -> Option<Nearest> {
    let mut best: Option<Nearest> = None;
    let mut consider = |candidate: Nearest| {
        if best.is_none_or(|b| candidate.distance_km < b.distance_km) {
            best = Some(candidate);
        }
    };
    for segment in segments {
        match segment.as_slice() {
            [] => {}
            [only] => consider(nearest_end(unit(place), *only, *only)),
            points => {
                for pair in points.windows(2) {
                    consider(nearest_on_arc(place, pair[0], pair[1]));
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Rounding of a few trigonometric steps on unit vectors, times the Earth's radius: 1e-12
    /// rad is 6 µm. Checks allow 1e-6 km (1 mm), far above that, far below any use.
    const ROUNDING_KM: f64 = 1e-6;

    fn at(lat_deg: f64, lon_deg: f64) -> GeoPoint {
        GeoPoint { lat_deg, lon_deg }
    }

    /// The point `s` radians along the great circle from `a` towards `b`.
    fn along(a: GeoPoint, b: GeoPoint, s: f64) -> GeoPoint {
        let (va, vb) = (unit(a), unit(b));
        let n = scaled(cross(va, vb), 1.0 / norm(cross(va, vb)));
        let ortho = cross(n, va);
        geo_point([
            va[0] * s.cos() + ortho[0] * s.sin(),
            va[1] * s.cos() + ortho[1] * s.sin(),
            va[2] * s.cos() + ortho[2] * s.sin(),
        ])
    }

    /// Brute force: the smallest distance to 20001 points spread evenly (by angle) along the
    /// arc; the second number is their spacing, km.
    fn sampled(place: GeoPoint, a: GeoPoint, b: GeoPoint) -> (f64, f64) {
        let arc = angle_between(unit(a), unit(b));
        let count = 20_000;
        let best = (0..=count)
            .map(|i| distance_km(place, along(a, b, arc * f64::from(i) / f64::from(count))))
            .fold(f64::INFINITY, f64::min);
        (best, arc * EARTH_MEAN_RADIUS_KM / f64::from(count))
    }

    #[test]
    fn a_quarter_meridian_from_the_equator() {
        // The arc along the Greenwich meridian from the equator to 60° N; a place at 30° N,
        // 10° E is 10° of a small circle east of it: its foot is on the meridian.
        let got = nearest_on_arc(at(30.0, 10.0), at(0.0, 0.0), at(60.0, 0.0));
        // Spherical right triangle: sin(cross-track) = cos(30°) sin(10°).
        let want = (30.0_f64.to_radians().cos() * 10.0_f64.to_radians().sin()).asin();
        assert!((got.distance_km - want * EARTH_MEAN_RADIUS_KM).abs() < ROUNDING_KM);
        assert!(got.point.lon_deg.abs() < 1e-12 && got.point.lat_deg > 30.0);
        // Beyond the arc's end the nearest point is the end.
        let past = nearest_on_arc(at(80.0, 0.0), at(0.0, 0.0), at(60.0, 0.0));
        assert!((past.distance_km - distance_km(at(80.0, 0.0), at(60.0, 0.0))).abs() < 1e-9);
        assert_eq!(past.point, at(60.0, 0.0));
    }

    #[test]
    fn degenerate_arcs_and_polylines() {
        let p = at(10.0, 20.0);
        let same = nearest_on_arc(p, at(0.0, 0.0), at(0.0, 0.0));
        assert!((same.distance_km - distance_km(p, at(0.0, 0.0))).abs() < 1e-9);
        // The pole of the equator's arc: 90° from every point of it.
        let pole = nearest_on_arc(at(90.0, 0.0), at(0.0, 0.0), at(0.0, 90.0));
        assert!(
            (pole.distance_km - EARTH_MEAN_RADIUS_KM * std::f64::consts::FRAC_PI_2).abs() < 1e-6
        );
        assert_eq!(nearest_on_polyline(p, &[]), None);
        assert_eq!(nearest_on_polyline(p, &[vec![]]), None);
        let single = nearest_on_polyline(p, &[vec![at(10.0, 20.0)]]).unwrap();
        assert!(single.distance_km < ROUNDING_KM);
    }

    proptest! {
        #[test]
        fn the_cross_track_distance_is_the_smallest_sampled_one(
            lat_a in -89.0..89.0_f64, lon_a in -180.0..180.0_f64,
            lat_b in -89.0..89.0_f64, lon_b in -180.0..180.0_f64,
            lat_p in -90.0..90.0_f64, lon_p in -180.0..180.0_f64,
        ) {
            let (a, b, p) = (at(lat_a, lon_a), at(lat_b, lon_b), at(lat_p, lon_p));
            let arc = angle_between(unit(a), unit(b));
            prop_assume!(arc > 1e-3 && arc < std::f64::consts::PI - 1e-3);
            let got = nearest_on_arc(p, a, b);
            let (best, spacing_km) = sampled(p, a, b);
            // A sample is at most half a spacing from the true nearest point, so the sampled
            // minimum is at most that much larger; it can never be smaller.
            prop_assert!(got.distance_km <= best + ROUNDING_KM, "{got:?} vs {best}");
            prop_assert!(best - got.distance_km <= spacing_km / 2.0 + ROUNDING_KM);
            // The nearest point is at the distance it claims.
            prop_assert!((distance_km(p, got.point) - got.distance_km).abs() < ROUNDING_KM);
        }

        #[test]
        fn a_point_of_the_arc_is_at_distance_zero(
            lat_a in -89.0..89.0_f64, lon_a in -180.0..180.0_f64,
            lat_b in -89.0..89.0_f64, lon_b in -180.0..180.0_f64, t in 0.0..1.0_f64,
        ) {
            let (a, b) = (at(lat_a, lon_a), at(lat_b, lon_b));
            let arc = angle_between(unit(a), unit(b));
            prop_assume!(arc > 1e-6 && arc < std::f64::consts::PI - 1e-3);
            let on = along(a, b, arc * t);
            prop_assert!(nearest_on_arc(on, a, b).distance_km < ROUNDING_KM);
        }
    }
}
