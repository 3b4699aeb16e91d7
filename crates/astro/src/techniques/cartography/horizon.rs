//! The AC and DC curves: halves of a body's horizon circle, sampled so that a map draws them
//! true.
//!
//! A map joins a line's points with straight segments in latitude and longitude (a GeoJSON
//! `LineString` on an equirectangular map). The horizon circle of a body near
//! the celestial equator runs almost along two meridians and turns sharply near the poles, so
//! straight segments between samples evenly spaced in hour angle cut across the curve: at the
//! 0.5° default, for a body 1e-6° off the equator, the segment from the equator crossing
//! reached 89.99° of latitude and passed 0.18° from the line (0.036° at the 0.1° step, 0.71° at
//! 2°).
//! Each interval between the even samples is therefore halved until its straight segment stays
//! within [`DRAWN_TOLERANCE_DEG`] of the line.
//!
//! # Measuring a segment
//!
//! The distance from a point to the horizon circle is the body's altitude there (the circle is
//! the great circle 90° from the point under the body), and a point of a segment between two
//! samples of one half has an hour angle between theirs, so its foot on the circle lies on that
//! half: the distance to the line is `|altitude|`, one formula, no search. The segment is
//! measured at seven points spread along its length, against [`REFINE_TO_DEG`], below the
//! promise: between two samples the curve neither turns back nor changes the side it bends to
//! (its only inflection, the equator crossing, is a sample), so the distance along a segment is
//! a single bump that the seven points catch to within a few per cent.

use crate::angle::{HALF_CIRCLE_DEG, wrap_180};

use super::sphere::{self, GeoPoint, Nearest};
use super::{QUARTER_CIRCLE_DEG, Step};

/// The most a segment of an AC or DC line, drawn straight in latitude and longitude, strays from
/// the line: the great-circle distance, degrees, from any point of the segment to the nearest
/// point of the line (0.01° is 1.1 km).
pub const DRAWN_TOLERANCE_DEG: f64 = 0.01;

/// What an interval is halved to: 80 % of the promise, the margin for the bump's peak falling
/// between two of the points measured.
pub const REFINE_TO_DEG: f64 = 0.8 * DRAWN_TOLERANCE_DEG;

/// The most points refining adds to a curve, at any step and declination (measured over
/// declinations from 1e-9° to 89.9° by the tests: 7 at the 0.1° step, 16 at 0.5°, 52 at 2°).
pub const MAX_REFINEMENTS: usize = 60;

/// Where a segment is measured, as fractions of its length.
const CHORD_FRACTIONS: [f64; 7] = [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875];

/// Halvings of one interval at most: 2° / 2^48 is below the resolution of an hour angle near
/// 90° (1.4e-14°), so the limit only guards the loop; the tolerance stops it long before.
const MAX_HALVINGS: u32 = 48;

/// Half of a body's horizon circle: where it rises (AC) or sets (DC).
///
/// The curve is parametrised by `u`, the hour angle's offset from the equator crossing, in
/// [-90°, 90°]: `H = u − 90°` rising, `u + 90°` setting. Then `cos H = ∓ sin u` and the
/// latitude `atan(∓ sin u / tan δ)` is well conditioned where the curve is steepest (`u` near 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HorizonCurve {
    /// The body's MC meridian, [-180, 180).
    pub mc_lon_deg: f64,
    /// The body's declination, `|δ| >= DEC_ON_EQUATOR_DEG`.
    pub dec_deg: f64,
    pub rising: bool,
}

/// A sample: the parameter and the latitude.
#[derive(Debug, Clone, Copy)]
struct Sample {
    u_deg: f64,
    lat_deg: f64,
}

impl HorizonCurve {
    fn hour_angle_deg(self, u_deg: f64) -> f64 {
        if self.rising {
            u_deg - QUARTER_CIRCLE_DEG
        } else {
            u_deg + QUARTER_CIRCLE_DEG
        }
    }

    /// The longitude at `u`, not wrapped: continuous along the curve.
    fn unwrapped_lon_deg(self, u_deg: f64) -> f64 {
        self.mc_lon_deg + self.hour_angle_deg(u_deg)
    }

    /// `atan(∓ sin u / tan δ)` written with atan2 so that it is finite everywhere; exactly 0 at
    /// the equator crossing.
    fn lat_deg(self, u_deg: f64) -> f64 {
        let (sin_dec, cos_dec) = self.dec_deg.to_radians().sin_cos();
        let side = if self.rising { -1.0 } else { 1.0 };
        // `+ 0.0` turns the crossing's −0 into 0.
        (side * u_deg.to_radians().sin() * cos_dec * sin_dec.signum())
            .atan2(sin_dec.abs())
            .to_degrees()
            + 0.0
    }

    fn sample(self, u_deg: f64) -> Sample {
        Sample {
            u_deg,
            lat_deg: self.lat_deg(u_deg),
        }
    }

    /// The great-circle distance, degrees, from the place at `lat_deg` and hour angle `h_deg`
    /// to the horizon circle: the body's altitude there, unsigned.
    fn off_circle_deg(self, lat_deg: f64, h_deg: f64) -> f64 {
        let (sin_lat, cos_lat) = lat_deg.to_radians().sin_cos();
        let (sin_dec, cos_dec) = self.dec_deg.to_radians().sin_cos();
        let sin_alt = sin_lat * sin_dec + cos_lat * cos_dec * h_deg.to_radians().cos();
        sin_alt.clamp(-1.0, 1.0).asin().abs().to_degrees()
    }

    /// The most the straight segment from `a` to `b` strays from the curve, of the points
    /// measured (see the module's notes).
    fn chord_error_deg(self, a: Sample, b: Sample) -> f64 {
        CHORD_FRACTIONS
            .iter()
            .map(|t| {
                let lat_deg = a.lat_deg + t * (b.lat_deg - a.lat_deg);
                let u_deg = a.u_deg + t * (b.u_deg - a.u_deg);
                self.off_circle_deg(lat_deg, self.hour_angle_deg(u_deg))
            })
            .fold(0.0, f64::max)
    }

    /// Appends the samples strictly between `a` and `b` that bring every segment within
    /// [`REFINE_TO_DEG`], in order.
    fn refine(self, a: Sample, b: Sample, halvings: u32, out: &mut Vec<Sample>) {
        if halvings >= MAX_HALVINGS || self.chord_error_deg(a, b) <= REFINE_TO_DEG {
            return;
        }
        let mid_deg = 0.5 * (a.u_deg + b.u_deg);
        if mid_deg <= a.u_deg || mid_deg >= b.u_deg {
            return;
        }
        let mid = self.sample(mid_deg);
        self.refine(a, mid, halvings + 1, out);
        out.push(mid);
        self.refine(mid, b, halvings + 1, out);
    }

    /// The parameter where the curve meets the date line (longitude ±180), if it does.
    fn date_line_u_deg(self) -> Option<f64> {
        let start = self.unwrapped_lon_deg(-QUARTER_CIRCLE_DEG);
        let u_deg = -QUARTER_CIRCLE_DEG + (HALF_CIRCLE_DEG - start).rem_euclid(360.0);
        (u_deg <= QUARTER_CIRCLE_DEG).then_some(u_deg)
    }

    /// The samples: every `u` of the even hour-angle grid of `step`, the date-line crossing,
    /// and the refinements between them.
    fn samples(self, step: Step) -> Vec<Sample> {
        let intervals = step.intervals();
        let mut grid: Vec<f64> = (0..=intervals)
            .map(|k| -QUARTER_CIRCLE_DEG + HALF_CIRCLE_DEG * f64::from(k) / f64::from(intervals))
            .collect();
        if let Some(crossing) = self.date_line_u_deg() {
            let at = grid.partition_point(|&u| u < crossing);
            if grid.get(at) != Some(&crossing) {
                grid.insert(at, crossing);
            }
        }
        let mut out = Vec::with_capacity(grid.len() + grid.len() / 4);
        let mut previous: Option<Sample> = None;
        for u_deg in grid {
            let sample = self.sample(u_deg);
            if let Some(a) = previous {
                self.refine(a, sample, 0, &mut out);
            }
            out.push(sample);
            previous = Some(sample);
        }
        out
    }

    /// The curve as map segments, split at the date line: a segment ends at longitude 180 and
    /// the next begins at −180, both at the crossing's latitude.
    pub fn segments(self, step: Step) -> Vec<Vec<GeoPoint>> {
        let samples = self.samples(step);
        let crossing = self.date_line_u_deg();
        // The unwrapped longitude of the crossing (≡ 180 modulo 360).
        let crossing_lon = crossing.map(|u| self.unwrapped_lon_deg(u));
        let last = samples.len() - 1;
        let mut segments = vec![Vec::with_capacity(samples.len())];
        for (i, s) in samples.iter().enumerate() {
            let lon = self.unwrapped_lon_deg(s.u_deg);
            let (Some(u_x), Some(lon_x)) = (crossing, crossing_lon) else {
                push_new(&mut segments, s.lat_deg, wrap_180(lon));
                continue;
            };
            if s.u_deg < u_x {
                push_new(&mut segments, s.lat_deg, lon - lon_x + HALF_CIRCLE_DEG);
            } else if s.u_deg > u_x {
                push_new(&mut segments, s.lat_deg, lon - lon_x - HALF_CIRCLE_DEG);
            } else {
                if i > 0 {
                    push_new(&mut segments, s.lat_deg, HALF_CIRCLE_DEG);
                }
                if i < last {
                    if segments.last().is_some_and(|s| !s.is_empty()) {
                        segments.push(Vec::with_capacity(samples.len() - i));
                    }
                    push_new(&mut segments, s.lat_deg, -HALF_CIRCLE_DEG);
                }
            }
        }
        segments
    }

    /// The point of the curve nearest to `place`, exactly: the curve is two 90° arcs of its
    /// great circle, from where it joins one meridian through the equator crossing to where it
    /// joins the other.
    pub fn nearest(self, place: GeoPoint) -> Option<Nearest> {
        let point = |u_deg: f64| GeoPoint {
            lat_deg: self.lat_deg(u_deg),
            lon_deg: wrap_180(self.unwrapped_lon_deg(u_deg)),
        };
        let arcs = [
            point(-QUARTER_CIRCLE_DEG),
            point(0.0),
            point(QUARTER_CIRCLE_DEG),
        ];
        sphere::nearest_on_polyline(place, &[arcs.to_vec()])
    }
}

/// Appends a point to the last segment unless it repeats the last point.
fn push_new(segments: &mut [Vec<GeoPoint>], lat_deg: f64, lon_deg: f64) {
    let point = GeoPoint { lat_deg, lon_deg };
    if let Some(segment) = segments.last_mut()
        && segment.last() != Some(&point)
    {
        segment.push(point);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The most a straight segment strays from the curve, found by measuring it at 63 points.
    fn worst_segment_deg(curve: HorizonCurve, segments: &[Vec<GeoPoint>]) -> f64 {
        let mut worst = 0.0_f64;
        for segment in segments {
            for pair in segment.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                for i in 1..64 {
                    let t = f64::from(i) / 64.0;
                    let lat = a.lat_deg + t * (b.lat_deg - a.lat_deg);
                    let lon = a.lon_deg + t * (b.lon_deg - a.lon_deg);
                    let h = lon - curve.mc_lon_deg;
                    worst = worst.max(curve.off_circle_deg(lat, h));
                }
            }
        }
        worst
    }

    fn points(segments: &[Vec<GeoPoint>]) -> usize {
        segments.iter().map(Vec::len).sum()
    }

    /// Declinations from 1e-9° (the smallest drawn as a curve) to 89.9°, evenly in their
    /// logarithm, 20 a decade.
    fn declinations() -> impl Iterator<Item = f64> {
        (0..=220).map(|e| 10_f64.powf(-9.0 + f64::from(e) / 20.0).min(89.9))
    }

    /// The answer's size stays bounded: see [`MAX_REFINEMENTS`]; the documented counts at the
    /// 0.1°, 0.5° and 2° steps (docs/CONVENTIONS.md, the API's size notes) hold.
    #[test]
    fn refining_adds_at_most_sixty_points_to_a_curve() {
        let documented = |step: f64| match step {
            0.1 => 7,
            0.5 => 16,
            2.0 => 52,
            _ => MAX_REFINEMENTS,
        };
        for step_deg in [0.1, 0.25, 0.5, 0.7, 1.0, 1.5, 2.0] {
            let step = Step::new(step_deg).unwrap();
            let even = step.intervals() as usize + 1;
            let mut most = 0;
            for dec_deg in declinations() {
                for (mc_lon_deg, rising) in [(17.3, true), (17.3, false), (-170.0, true)] {
                    let curve = HorizonCurve {
                        mc_lon_deg,
                        dec_deg,
                        rising,
                    };
                    let segments = curve.segments(step);
                    // The date line adds a point where it splits the curve.
                    let split = segments.len() - 1;
                    most = most.max(points(&segments) - split - even);
                }
            }
            assert!(most <= documented(step_deg), "{step:?}: {most}");
        }
    }

    proptest! {
        #[test]
        fn every_drawn_segment_is_within_the_tolerance(
            log_dec in -9.0..1.95_f64, south in any::<bool>(), mc_lon_deg in -180.0..180.0_f64,
            step in 0.1..2.0_f64, rising in any::<bool>(),
        ) {
            let dec_deg = 10_f64.powf(log_dec) * if south { -1.0 } else { 1.0 };
            let curve = HorizonCurve { mc_lon_deg, dec_deg, rising };
            let segments = curve.segments(Step::new(step).unwrap());
            let worst = worst_segment_deg(curve, &segments);
            prop_assert!(worst <= DRAWN_TOLERANCE_DEG, "{worst}");
        }
    }
}
