//! The drawn astro-cartography lines against the exact ones: `fixtures/cartography/
//! generate_exact.py` root-solves each line on pyswisseph 2.10.3.2 (the library's own altitude,
//! `swe_azalt`, at every latitude and longitude of a 0.5° grid) for 20 births, most with a body
//! or an aspect point within 1° of the celestial equator (down to 1e-6°), at steps from 0.1° to
//! 2°.
//!
//! **The distance between a polyline and its line**: a map joins consecutive points with a
//! straight segment in latitude and longitude; the distance is the largest, over every point of
//! every segment, of the great-circle distance from that point to the nearest point of the
//! exact line. Here the exact line is the reference's points joined by great-circle arcs (at
//! most 0.71° apart: within 1e-3° of any line that bends up to once per radian, and the horizon
//! bends not at all), and each segment is measured at 7 points, then at its worst by a
//! golden-section search.
//!
//! acg-near's distances are checked against the reference's, found on the root-solved line.

use super::common::{self, num};
use super::{fixture_key, input_of, key_of};

use orrery_astro::techniques::cartography::{
    DRAWN_TOLERANCE_DEG, EARTH_MEAN_RADIUS_KM, GeoPoint, Line, cartography, lines_near, sphere,
};
use serde_json::Value;

/// acg-near against the reference's distance to the root-solved line: the brief's 1 km. Both
/// are exact; they agree to metres.
const NEAR_KM: f64 = 1.0;
/// Same library, same data files: the meridians agree to rounding.
const SAME_LIBRARY_DEG: f64 = 1e-7;

fn at(lat_deg: f64, lon_deg: f64) -> GeoPoint {
    GeoPoint { lat_deg, lon_deg }
}

/// The exact line as the reference gives it: points joined by great-circle arcs.
fn reference_of(line: &Value) -> Vec<GeoPoint> {
    if line["kind"] == "meridian" {
        let lon = num(&line["lon"]);
        return vec![at(-90.0, lon), at(0.0, lon), at(90.0, lon)];
    }
    line["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| at(num(&p[0]), num(&p[1])))
        .collect()
}

/// The exact line as the reference gives it, with a cursor that follows a polyline along it
/// (both run the same way: eastward, by hour angle).
struct Reference {
    points: Vec<GeoPoint>,
    cursor: usize,
}

impl Reference {
    fn new(points: Vec<GeoPoint>) -> Reference {
        Reference { points, cursor: 0 }
    }

    /// The index of the reference point nearest to `p`, from the cursor on: the distance from
    /// a point of a great circle grows monotonically along it, so the first rise ends the walk.
    fn advance_to(&mut self, p: GeoPoint) -> usize {
        let d = |i: usize| sphere::distance_km(p, self.points[i]);
        while self.cursor + 1 < self.points.len() && d(self.cursor + 1) <= d(self.cursor) {
            self.cursor += 1;
        }
        self.cursor
    }

    /// The most the straight segment from `a` to `b` strays from the line, degrees.
    fn segment_error_deg(&mut self, a: GeoPoint, b: GeoPoint) -> f64 {
        let (from, to) = (self.advance_to(a), self.advance_to(b));
        // The arcs that can hold the point nearest to a point of the segment, when that point
        // is within 0.04° (four times the tolerance) of the line: those with an end within the
        // segment's length in the (latitude, longitude) plane (a degree of longitude is at
        // most a degree of great circle), plus 0.75° (an arc's length and the 0.04°), of `a`
        // or `b`. A point farther from the line measures as far or farther: a failure is
        // never hidden.
        let reach_km = ((b.lat_deg - a.lat_deg).hypot(b.lon_deg - a.lon_deg) + 0.75).to_radians()
            * EARTH_MEAN_RADIUS_KM;
        let mut lo = from.saturating_sub(1);
        while lo > 0 && sphere::distance_km(a, self.points[lo]) <= reach_km {
            lo -= 1;
        }
        let last = self.points.len() - 1;
        let mut hi = (to + 1).min(last);
        while hi < last && sphere::distance_km(b, self.points[hi]) <= reach_km {
            hi += 1;
        }
        let arcs = &self.points[lo..=hi];
        let error = |t: f64| {
            let q = at(
                a.lat_deg + t * (b.lat_deg - a.lat_deg),
                a.lon_deg + t * (b.lon_deg - a.lon_deg),
            );
            let km = arcs
                .windows(2)
                .map(|w| sphere::nearest_on_arc(q, w[0], w[1]).distance_km)
                .fold(f64::INFINITY, f64::min);
            (km / EARTH_MEAN_RADIUS_KM).to_degrees()
        };
        const SAMPLES: u32 = 8;
        let (mut t_best, mut worst) = (0.5, 0.0_f64);
        for i in 1..SAMPLES {
            let t = f64::from(i) / f64::from(SAMPLES);
            let e = error(t);
            if e > worst {
                (t_best, worst) = (t, e);
            }
        }
        // The error along a segment is a single bump, which the samples 1/8 apart measure to
        // within a few per cent: below half the tolerance there is nothing to refine.
        if worst < 0.5 * DRAWN_TOLERANCE_DEG {
            return worst;
        }
        // Golden-section search for the bump's top.
        let width = 1.0 / f64::from(SAMPLES);
        let (mut lo, mut hi) = (t_best - width, t_best + width);
        let g = (5.0_f64.sqrt() - 1.0) / 2.0;
        let (mut c, mut d) = (hi - g * (hi - lo), lo + g * (hi - lo));
        let (mut ec, mut ed) = (error(c), error(d));
        for _ in 0..20 {
            if ec >= ed {
                (hi, d, ed) = (d, c, ec);
                c = hi - g * (hi - lo);
                ec = error(c);
            } else {
                (lo, c, ec) = (c, d, ed);
                d = lo + g * (hi - lo);
                ed = error(d);
            }
        }
        worst.max(ec).max(ed)
    }
}

/// The most a drawn line strays from the reference, degrees.
fn line_error_deg(line: &Line, reference: Vec<GeoPoint>) -> f64 {
    let mut reference = Reference::new(reference);
    let mut worst = 0.0_f64;
    for segment in &line.segments {
        for pair in segment.windows(2) {
            worst = worst.max(reference.segment_error_deg(pair[0], pair[1]));
        }
    }
    worst
}

#[test]
fn every_drawn_segment_is_within_a_hundredth_of_a_degree_of_the_exact_line() {
    let eph = common::eph();
    let fixture = common::fixture("cartography/exact_lines.json");
    let cases = fixture["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    let (mut lines_checked, mut near_equator, mut worst_near_km) = (0, 0, 0.0_f64);
    let mut failures = Vec::new();
    for case in cases {
        let label = case["label"].as_str().unwrap();
        let input = input_of(case);
        let got = cartography(&eph, &input).unwrap_or_else(|e| panic!("{label}: {e}"));
        let wanted = case["lines"].as_array().unwrap();
        assert_eq!(got.lines.len(), wanted.len(), "{label}: lines");
        let mut worst = (0.0_f64, String::new());
        for want in wanted {
            let key = fixture_key(want);
            let line = got
                .lines
                .iter()
                .find(|l| key_of(l) == key)
                .unwrap_or_else(|| panic!("{label}: {key} missing"));
            if want["kind"] == "meridian" {
                let lon = num(&want["lon"]);
                for p in line.segments.iter().flatten() {
                    let d = common::lon_diff(p.lon_deg, lon);
                    assert!(d <= SAME_LIBRARY_DEG, "{label} {key}: {p:?} vs {lon}");
                }
            }
            let error = line_error_deg(line, reference_of(want));
            if error > DRAWN_TOLERANCE_DEG {
                failures.push(format!("{label} {key}: {error:.4}°"));
            }
            if error > worst.0 {
                worst = (error, key);
            }
            lines_checked += 1;
            if num(&want["declination"]).abs() < 1.0 && want["kind"] == "horizon" {
                near_equator += 1;
            }
        }
        for rated in case["near"].as_array().unwrap() {
            let place = at(num(&rated["place"][0]), num(&rated["place"][1]));
            let near = lines_near(&got.lines, place, None);
            for want in rated["lines"].as_array().unwrap() {
                let key = fixture_key(want);
                let g = near
                    .iter()
                    .find(|n| key_of(n.line) == key)
                    .unwrap_or_else(|| panic!("{label}: {key} not rated"));
                let d = (g.nearest.distance_km - num(&want["distance_km"])).abs();
                assert!(
                    d <= NEAR_KM,
                    "{label} {key} from {place:?}: {g:?} vs {want}"
                );
                worst_near_km = worst_near_km.max(d);
            }
        }
        println!(
            "{label} (step {}): worst segment {:.5}° ({})",
            input.step.degrees(),
            worst.0,
            worst.1
        );
    }
    println!(
        "{lines_checked} lines ({near_equator} AC/DC within 1° of the equator); acg-near worst {worst_near_km:e} km"
    );
    assert!(near_equator >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
