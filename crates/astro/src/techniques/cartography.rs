//! Astro-cartography (Jim Lewis' Astro*Carto*Graphy): the places on the Earth where a body was
//! on one of the four angles at a moment, as lines on a map, and the distance from a place to
//! each line.
//!
//! # The lines
//!
//! From the body's apparent geocentric right ascension `α` and declination `δ` of date and the
//! Greenwich apparent sidereal time `θ` (degrees), at geographic longitude `λ` (east positive)
//! the body's hour angle is `H = θ + λ − α`:
//!
//! * **MC**: the meridian where the body culminates (`H = 0`): `λ_MC = α − θ` in [-180, 180);
//! * **IC**: the meridian of its lower culmination, `λ_MC + 180°`;
//! * **AC** (rising, `H` from −180° to 0°) and **DC** (setting, `H` from 0° to 180°): where the
//!   body is on the horizon, `cos H = −tan φ tan δ`, so at each sampled hour angle the latitude
//!   is `φ = atan(−cos H / tan δ)` and the longitude `λ = λ_MC + H`. Together the two curves are
//!   the great circle 90° from the point under the body. Each crosses the equator at `H = ∓90°`
//!   (sampled always, latitude exactly 0) and ends on the MC and IC meridians at latitude
//!   `±(90° − |δ|)`, where it joins them: poleward of that the body is circumpolar or never
//!   rises. A body on the equator (`|δ|` below [`DEC_ON_EQUATOR_DEG`]) has its AC and DC lines
//!   on the meridians 90° west and east of its MC line.
//!
//! The hour angle runs over 180° per curve in equal steps of at most the requested step (the
//! step is shrunk to a divisor of 90°): 361 points at the default 0.5°. Where a straight
//! segment between two samples, drawn in latitude and longitude as a map draws it, would stray
//! more than [`DRAWN_TOLERANCE_DEG`] (0.01°, 1.1 km) from the line, the interval is halved until
//! none does ([`horizon`]): near the equator crossing of a body close to the celestial equator,
//! where the curve runs along a meridian, and where it turns near the poles. The step is thus
//! the largest step; the refinements add at most [`horizon::MAX_REFINEMENTS`] points to a curve.
//! **The distance between a polyline and its line** is the largest, over every point of every
//! segment (linear in latitude and longitude), of the great-circle distance to the nearest
//! point of the exact line. Meridians are three points (south pole, equator, north pole), drawn
//! exactly. Each line is a list of segments of `(latitude, longitude)` points, split where the
//! line crosses the date line: the segment ends at longitude 180 and the next begins at −180,
//! both at the exact crossing latitude, so no segment jumps across the map. Every point lies on
//! the line, so consecutive points joined by great-circle arcs lie on it too.
//!
//! Distances from a place ([`lines_near`]) are to the exact line ([`Shape::nearest`]): a
//! meridian, or the two 90° arcs of the horizon circle a curve consists of, from one meridian
//! through the equator crossing to the other. They do not depend on the step or the drawing.
//!
//! # Aspect lines
//!
//! An aspect line of a body to an angle (MC, IC, AC or DC) is where that angle's ecliptic
//! degree is at the aspect's angle from the body's ecliptic longitude `λ_b`, both ways round:
//! the line of that angle drawn for the ecliptic point `λ_b ± angle` (latitude 0). The MC of a
//! place is the ecliptic point culminating there and the ascendant the one rising, so the MC
//! line of the point `λ_b + 120°` is where the chart cast for the place has the body exactly
//! trine its MC. These are the zodiacal aspect lines of the astro-locality programs (Solar
//! Maps / Solar Fire's "zodiacal" lines; Astrogold's "Zodiacal lines" "show where on Earth
//! individual chart points will conjunct the MC or IC … and the ASC or DESC", against the
//! "mundane" lines of the body itself). The aspect is a zodiacal one because that is what an
//! aspect to an angle means in the chart cast for the place; an aspect measured in right
//! ascension (the MC line shifted by the angle) has no counterpart for the AC and DC.
//! The point's right ascension and declination come from the true obliquity of date.
//! An angle of 180° gives one line (both ways round are the same point).

pub mod horizon;
pub mod sphere;

use orrery_ephem::{CalcRequest, Center, Coordinates, Ephemeris, EphemerisSource, Equinox, Zodiac};

use crate::angle::{HALF_CIRCLE_DEG, Longitude, SignedAngle, shortest_arc, wrap_180};
use crate::body::Body;
use crate::chart::{ChartError, Frame, no_data, position};
use crate::time::JulianDayUt;
pub use horizon::{DRAWN_TOLERANCE_DEG, HorizonCurve};
pub use sphere::{EARTH_MEAN_RADIUS_KM, GeoPoint, Nearest};

/// The most bodies in one request (docs/CONVENTIONS.md, Limits).
pub const MAX_BODIES: usize = 16;
/// The most aspect angles in one request (docs/CONVENTIONS.md, Limits).
pub const MAX_ASPECT_ANGLES: usize = 6;
/// A quarter circle, degrees: the hour angle of a horizon curve's equator crossing.
const QUARTER_CIRCLE_DEG: f64 = 90.0;
/// The default bodies: the Sun to Pluto, Chiron and the true node.
#[must_use]
pub fn default_bodies() -> Vec<Body> {
    let mut bodies = Body::PLANETS.to_vec();
    bodies.extend([Body::Chiron, Body::TrueNode]);
    bodies
}

/// Below this declination, degrees, a body counts as on the equator: its horizon circle runs
/// through the poles, along the meridians 90° from its MC line. A body 1e-9° off the equator
/// has a point of those meridians at most 1e-9° from its horizon.
pub const DEC_ON_EQUATOR_DEG: f64 = 1e-9;

/// The four angles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineType {
    /// Upper culmination.
    Mc,
    /// Lower culmination.
    Ic,
    /// Rising.
    Ac,
    /// Setting.
    Dc,
}

impl LineType {
    /// In the order the API lists them.
    pub const ALL: [LineType; 4] = [LineType::Mc, LineType::Ic, LineType::Ac, LineType::Dc];

    /// `mc`, `ic`, `ac` or `dc`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LineType::Mc => "mc",
            LineType::Ic => "ic",
            LineType::Ac => "ac",
            LineType::Dc => "dc",
        }
    }
}

/// The curves' largest hour-angle step, degrees, within [`Step::RANGE_DEG`] (refined where a
/// straight segment would stray from the line, see the module's notes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step(f64);

impl Step {
    /// The bounds of docs/CONVENTIONS.md, degrees.
    pub const RANGE_DEG: (f64, f64) = (0.1, 2.0);
    /// The default of docs/CONVENTIONS.md.
    pub const DEFAULT: Step = Step(0.5);

    /// A step within [`Step::RANGE_DEG`], or `None`.
    #[must_use]
    pub fn new(deg: f64) -> Option<Step> {
        (Self::RANGE_DEG.0..=Self::RANGE_DEG.1)
            .contains(&deg)
            .then_some(Step(deg))
    }

    /// The step asked for, degrees.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }

    /// Intervals per curve (180° of hour angle): the smallest even count whose interval is at
    /// most the step, so that `H = ±90°` is a sample. The tolerance keeps 90/0.1 at 900.
    #[must_use]
    pub fn intervals(self) -> u32 {
        // At most 2 · 900: the cast cannot truncate.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let half = (90.0 / self.0 - 1e-9).ceil() as u32;
        2 * half
    }
}

/// An aspect line's definition: the aspect's angle and the side of the body the angle's
/// ecliptic degree is on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AspectOffset {
    /// The aspect, degrees, (0, 180].
    pub angle_deg: f64,
    /// The angle's ecliptic longitude minus the body's: `+angle` or `−angle` (180 for 180).
    pub offset_deg: f64,
    /// The ecliptic point `λ_body + offset`.
    pub point: Longitude,
}

/// Which aspect lines to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct AspectLines {
    /// Each in (0, 180]; each gives the lines of both sides.
    pub angles_deg: Vec<f64>,
    /// The angles the aspects are to.
    pub targets: Vec<LineType>,
}

/// What to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct CartographyInput {
    /// The moment (UT).
    pub jd: JulianDayUt,
    /// No repeats, at most [`MAX_BODIES`].
    pub bodies: Vec<Body>,
    /// The body's own lines.
    pub line_types: Vec<LineType>,
    pub aspects: Option<AspectLines>,
    pub step: Step,
    /// Draw the lines' polylines; `false` when only distances are wanted (they come from the
    /// exact lines).
    pub polylines: bool,
}

/// Apparent right ascension and declination of date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RaDec {
    pub ra: Longitude,
    pub dec_deg: f64,
}

impl RaDec {
    /// The equatorial coordinates of the ecliptic point at `lon` (latitude 0) for the obliquity
    /// `obliquity_deg`.
    #[must_use]
    pub fn of_ecliptic_point(lon: Longitude, obliquity_deg: f64) -> RaDec {
        let (sin_lon, cos_lon) = lon.degrees().to_radians().sin_cos();
        let (sin_eps, cos_eps) = obliquity_deg.to_radians().sin_cos();
        let ra_deg = (sin_lon * cos_eps).atan2(cos_lon).to_degrees();
        RaDec {
            ra: Longitude::new(ra_deg).unwrap_or(lon),
            dec_deg: (sin_eps * sin_lon).asin().to_degrees(),
        }
    }
}

/// A body's position at the moment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodySky {
    pub body: Body,
    pub equatorial: RaDec,
    /// Apparent ecliptic longitude of date (the aspect lines are measured from it).
    pub lon: Longitude,
    pub source: EphemerisSource,
}

/// One line on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub body: Body,
    pub line_type: LineType,
    /// For an aspect line: which one.
    pub aspect: Option<AspectOffset>,
    /// The exact line.
    pub shape: Shape,
    /// Its drawing: polylines split at the date line (empty unless
    /// [`CartographyInput::polylines`]).
    pub segments: Vec<Vec<GeoPoint>>,
}

impl Line {
    fn new(
        body: Body,
        line_type: LineType,
        aspect: Option<AspectOffset>,
        shape: Shape,
        input: &CartographyInput,
    ) -> Line {
        let segments = if input.polylines {
            shape.segments(input.step)
        } else {
            Vec::new()
        };
        Line {
            body,
            line_type,
            aspect,
            shape,
            segments,
        }
    }
}

/// The lines of a moment.
#[derive(Debug, Clone, PartialEq)]
pub struct Cartography {
    /// Greenwich apparent sidereal time, degrees.
    pub sidereal_time: Longitude,
    /// True obliquity of date, degrees (for the aspect points).
    pub true_obliquity_deg: f64,
    /// In the request's order.
    pub bodies: Vec<BodySky>,
    /// Per body in the request's order: its own lines in the requested order, then its aspect
    /// lines by target, angle, and `+angle` before `−angle`.
    pub lines: Vec<Line>,
}

/// The longitude of the meridian where a point of right ascension `ra` culminates when the
/// Greenwich sidereal time is `sidereal_time`, [-180, 180).
#[must_use]
pub fn mc_longitude(ra: Longitude, sidereal_time: Longitude) -> f64 {
    shortest_arc(sidereal_time, ra).degrees()
}

/// A meridian from pole to pole: three points, so that each arc is 90° long and well defined.
fn meridian(lon_deg: f64) -> Vec<Vec<GeoPoint>> {
    let lon_deg = wrap_180(lon_deg);
    vec![
        [-90.0, 0.0, 90.0]
            .into_iter()
            .map(|lat_deg| GeoPoint { lat_deg, lon_deg })
            .collect(),
    ]
}

/// The exact shape of a line: the drawing and the distances both come from it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A meridian from pole to pole at this longitude, [-180, 180) (MC, IC, and the AC and DC
    /// of a body on the equator).
    Meridian(f64),
    /// Half of the body's horizon circle: the AC or DC curve.
    Horizon(HorizonCurve),
}

impl Shape {
    /// The line of one kind for a point of the sky.
    #[must_use]
    pub fn of(sky: RaDec, sidereal_time: Longitude, line_type: LineType) -> Shape {
        let mc_lon_deg = mc_longitude(sky.ra, sidereal_time);
        let horizon = |rising: bool| {
            if sky.dec_deg.abs() < DEC_ON_EQUATOR_DEG {
                let side = if rising { -90.0 } else { 90.0 };
                Shape::Meridian(wrap_180(mc_lon_deg + side))
            } else {
                Shape::Horizon(HorizonCurve {
                    mc_lon_deg,
                    dec_deg: sky.dec_deg,
                    rising,
                })
            }
        };
        match line_type {
            LineType::Mc => Shape::Meridian(mc_lon_deg),
            LineType::Ic => Shape::Meridian(wrap_180(mc_lon_deg + HALF_CIRCLE_DEG)),
            LineType::Ac => horizon(true),
            LineType::Dc => horizon(false),
        }
    }

    /// The line as map segments of `(lat, lon)` points, split at the date line; drawn
    /// straight in latitude and longitude, each segment is within [`DRAWN_TOLERANCE_DEG`] of
    /// the line (a meridian's exactly).
    #[must_use]
    pub fn segments(self, step: Step) -> Vec<Vec<GeoPoint>> {
        match self {
            Shape::Meridian(lon_deg) => meridian(lon_deg),
            Shape::Horizon(curve) => curve.segments(step),
        }
    }

    /// The point of the exact line nearest to `place` (not of its drawing: it does not depend
    /// on the step); `None` only for a line without points, which no shape is.
    #[must_use]
    pub fn nearest(self, place: GeoPoint) -> Option<Nearest> {
        match self {
            Shape::Meridian(lon_deg) => sphere::nearest_on_polyline(place, &meridian(lon_deg)),
            Shape::Horizon(curve) => curve.nearest(place),
        }
    }
}

/// The line of one kind for a point of the sky, as segments of `(lat, lon)` points.
#[must_use]
pub fn line_segments(
    sky: RaDec,
    sidereal_time: Longitude,
    line_type: LineType,
    step: Step,
) -> Vec<Vec<GeoPoint>> {
    Shape::of(sky, sidereal_time, line_type).segments(step)
}

/// The aspect lines' ecliptic points for a body at `lon`: per angle `+angle` then `−angle`,
/// once for 180°.
#[must_use]
pub fn aspect_offsets(lon: Longitude, angles_deg: &[f64]) -> Vec<AspectOffset> {
    let mut out = Vec::with_capacity(2 * angles_deg.len());
    for &angle_deg in angles_deg {
        let sides: &[f64] = if angle_deg >= HALF_CIRCLE_DEG {
            &[1.0]
        } else {
            &[1.0, -1.0]
        };
        for side in sides {
            let offset_deg = side * angle_deg;
            let point = SignedAngle::new(offset_deg).map_or(lon, |offset| lon + offset);
            out.push(AspectOffset {
                angle_deg,
                offset_deg,
                point,
            });
        }
    }
    out
}

fn opposite(lon: Longitude) -> Longitude {
    SignedAngle::new(HALF_CIRCLE_DEG).map_or(lon, |half| lon + half)
}

/// A body's apparent geocentric right ascension, declination and ecliptic longitude; the Earth
/// point is the Sun's antipode.
///
/// # Errors
/// [`ChartError::NoData`] for a body without data at the date; the library's own failures.
pub fn body_sky(eph: &Ephemeris, jd: JulianDayUt, body: Body) -> Result<BodySky, ChartError> {
    if body == Body::Earth {
        let sun = body_sky(eph, jd, Body::Sun)?;
        return Ok(BodySky {
            body,
            equatorial: RaDec {
                ra: opposite(sun.equatorial.ra),
                dec_deg: -sun.equatorial.dec_deg,
            },
            lon: opposite(sun.lon),
            source: sun.source,
        });
    }
    let request = CalcRequest {
        body: body.body_id(),
        center: Center::Geocentric,
        zodiac: Zodiac::Tropical,
        coordinates: Coordinates::Equatorial,
        equinox: Equinox::True,
    };
    let calculated = eph.calc(jd, &request).map_err(|e| no_data(body, jd, e))?;
    let equatorial = calculated.equatorial().ok_or_else(|| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_calc_ut",
            message: "equatorial coordinates were asked for but not returned".into(),
        })
    })?;
    let ra = Longitude::new(equatorial.ra_deg).map_err(|_| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_calc_ut",
            message: format!("{} right ascension is not finite", body.name()),
        })
    })?;
    let ecliptic = position(eph, jd, body, &Frame::GEOCENTRIC_TROPICAL)?;
    Ok(BodySky {
        body,
        equatorial: RaDec {
            ra,
            dec_deg: equatorial.dec_deg,
        },
        lon: ecliptic.lon,
        source: calculated.source,
    })
}

/// Every line of the request.
///
/// # Errors
/// As [`body_sky`]; the sidereal time or obliquity failing in the library.
pub fn cartography(eph: &Ephemeris, input: &CartographyInput) -> Result<Cartography, ChartError> {
    let hours = eph.sidereal_time_hours(input.jd)?;
    let sidereal_time = Longitude::new(hours * 15.0).map_err(|_| {
        ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_sidtime",
            message: format!("sidereal time {hours} is not finite"),
        })
    })?;
    let true_obliquity_deg = eph.obliquity_nutation(input.jd)?.true_obliquity_deg;
    let mut bodies = Vec::with_capacity(input.bodies.len());
    let mut lines = Vec::new();
    for &body in &input.bodies {
        let sky = body_sky(eph, input.jd, body)?;
        for &line_type in &input.line_types {
            // The lines are computed without library calls, so the loop checks for a cancelled
            // request itself (docs/LOAD-SHEDDING.md).
            orrery_ephem::check_cancelled()?;
            let shape = Shape::of(sky.equatorial, sidereal_time, line_type);
            lines.push(Line::new(body, line_type, None, shape, input));
        }
        if let Some(aspects) = &input.aspects {
            let offsets = aspect_offsets(sky.lon, &aspects.angles_deg);
            for &line_type in &aspects.targets {
                for &offset in &offsets {
                    orrery_ephem::check_cancelled()?;
                    let point = RaDec::of_ecliptic_point(offset.point, true_obliquity_deg);
                    let shape = Shape::of(point, sidereal_time, line_type);
                    lines.push(Line::new(body, line_type, Some(offset), shape, input));
                }
            }
        }
        bodies.push(sky);
    }
    Ok(Cartography {
        sidereal_time,
        true_obliquity_deg,
        bodies,
        lines,
    })
}

/// A line and its point nearest to a place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearLine<'a> {
    pub line: &'a Line,
    pub nearest: Nearest,
}

/// Each line's point nearest to `place` (on the exact line, see [`Shape::nearest`]), nearest first (ties in the lines' order), keeping
/// only those within `max_km` when it is given.
#[must_use]
pub fn lines_near<'a>(
    lines: &'a [Line],
    place: GeoPoint,
    max_km: Option<f64>,
) -> Vec<NearLine<'a>> {
    let mut near: Vec<NearLine<'a>> = lines
        .iter()
        .filter_map(|line| {
            let nearest = line.shape.nearest(place)?;
            max_km
                .is_none_or(|max| nearest.distance_km <= max)
                .then_some(NearLine { line, nearest })
        })
        .collect();
    near.sort_by(|a, b| a.nearest.distance_km.total_cmp(&b.nearest.distance_km));
    near
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The altitude equation evaluated at a computed point: a few roundings of trigonometric
    /// functions of numbers below 360, about 1e-15; 1e-12 leaves room.
    const ROUNDING: f64 = 1e-12;
    /// Distances that should be 0, km: 1e-12 rad of rounding on the unit sphere is 6 µm.
    const ZERO_KM: f64 = 1e-6;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).unwrap()
    }

    /// The sine of the body's altitude at a place (the horizon's equation).
    fn sin_altitude(sky: RaDec, st: Longitude, p: GeoPoint) -> f64 {
        let h = (st.degrees() + p.lon_deg - sky.ra.degrees()).to_radians();
        let (lat, dec) = (p.lat_deg.to_radians(), sky.dec_deg.to_radians());
        lat.sin() * dec.sin() + lat.cos() * dec.cos() * h.cos()
    }

    fn points(segments: &[Vec<GeoPoint>]) -> impl Iterator<Item = &GeoPoint> {
        segments.iter().flatten()
    }

    #[test]
    fn intervals_are_even_and_no_longer_than_the_step() {
        for (step, want) in [(0.5, 360), (0.1, 1800), (2.0, 90), (0.7, 258), (1.0, 180)] {
            let got = Step::new(step).unwrap().intervals();
            assert_eq!(got, want, "{step}");
            assert!(180.0 / f64::from(got) <= step + 1e-12);
        }
        assert!(Step::new(0.09).is_none() && Step::new(2.01).is_none());
        assert!(Step::new(f64::NAN).is_none());
    }

    #[test]
    fn a_body_on_the_equator_sets_on_the_meridians_90_degrees_away() {
        let sky = RaDec {
            ra: lon(100.0),
            dec_deg: 0.0,
        };
        let st = lon(40.0);
        let ac = line_segments(sky, st, LineType::Ac, Step::DEFAULT);
        let dc = line_segments(sky, st, LineType::Dc, Step::DEFAULT);
        assert!(points(&ac).all(|p| (p.lon_deg - -30.0).abs() < ROUNDING));
        assert!(points(&dc).all(|p| (p.lon_deg - 150.0).abs() < ROUNDING));
        assert_eq!(ac[0].len(), 3);
    }

    #[test]
    fn the_curves_end_on_the_meridians_where_the_body_turns_circumpolar() {
        let sky = RaDec {
            ra: lon(10.0),
            dec_deg: 28.5,
        };
        let st = lon(0.0);
        let ac = line_segments(sky, st, LineType::Ac, Step::DEFAULT);
        let first = ac[0][0];
        let last = *ac.last().unwrap().last().unwrap();
        // From the IC meridian in the north to the MC meridian in the south.
        assert!(
            (first.lat_deg - 61.5).abs() < ROUNDING && (first.lon_deg - -170.0).abs() < ROUNDING
        );
        assert!((last.lat_deg - -61.5).abs() < ROUNDING && (last.lon_deg - 10.0).abs() < ROUNDING);
        // The IC meridian is at -170: the curve starts right at the date line's east side, so
        // it is one segment.
        assert_eq!(ac.len(), 1);
        assert_eq!(points(&ac).count(), 361);
    }

    #[test]
    fn a_curve_across_the_date_line_is_split_there() {
        let sky = RaDec {
            ra: lon(200.0),
            dec_deg: -12.0,
        };
        // MC at 200 - 30 = 170: the DC curve runs from 170 to 350 = -10, across 180.
        let dc = line_segments(sky, lon(30.0), LineType::Dc, Step::DEFAULT);
        assert_eq!(dc.len(), 2);
        let (end, start) = (*dc[0].last().unwrap(), dc[1][0]);
        assert!((end.lon_deg - 180.0).abs() < ROUNDING && (start.lon_deg + 180.0).abs() < ROUNDING);
        assert!((end.lat_deg - start.lat_deg).abs() < ROUNDING);
        assert!(sin_altitude(sky, lon(30.0), end).abs() < ROUNDING);
    }

    #[test]
    fn aspect_points_lie_both_ways_round_and_once_for_the_opposition() {
        let got = aspect_offsets(lon(350.0), &[120.0, 180.0]);
        let points: Vec<f64> = got.iter().map(|o| o.point.degrees()).collect();
        assert_eq!(points.len(), 3);
        assert!((points[0] - 110.0).abs() < ROUNDING && (points[1] - 230.0).abs() < ROUNDING);
        assert!((points[2] - 170.0).abs() < ROUNDING);
        assert!((got[1].offset_deg + 120.0).abs() < ROUNDING);
    }

    #[test]
    fn the_ecliptic_points_on_the_colures() {
        // 0° Cancer: RA 90°, declination the obliquity; 0° Libra: RA 180°, declination 0.
        let cancer = RaDec::of_ecliptic_point(lon(90.0), 23.44);
        assert!(
            (cancer.ra.degrees() - 90.0).abs() < 1e-12 && (cancer.dec_deg - 23.44).abs() < 1e-12
        );
        let libra = RaDec::of_ecliptic_point(lon(180.0), 23.44);
        assert!((libra.ra.degrees() - 180.0).abs() < 1e-12 && libra.dec_deg.abs() < 1e-12);
    }

    fn any_sky() -> impl Strategy<Value = (RaDec, Longitude)> {
        (0.0..360.0_f64, -89.0..89.0_f64, 0.0..360.0_f64).prop_map(|(ra, dec_deg, st)| {
            (
                RaDec {
                    ra: lon(ra),
                    dec_deg,
                },
                lon(st),
            )
        })
    }

    proptest! {
        #[test]
        fn every_point_of_a_horizon_line_has_the_body_on_the_horizon(
            (sky, st) in any_sky(), step in 0.1..2.0_f64, rising in any::<bool>(),
        ) {
            let line_type = if rising { LineType::Ac } else { LineType::Dc };
            let segments = line_segments(sky, st, line_type, Step::new(step).unwrap());
            for p in points(&segments) {
                prop_assert!(p.lat_deg.is_finite() && p.lon_deg.is_finite());
                prop_assert!(sin_altitude(sky, st, *p).abs() < ROUNDING, "{p:?}");
                // Rising: the body is east of the meridian (hour angle in [-180, 0]).
                let h = crate::angle::wrap_180(st.degrees() + p.lon_deg - sky.ra.degrees());
                let east = h <= 1e-9 || h >= 180.0 - 1e-9;
                let west = h >= -1e-9 || h <= -180.0 + 1e-9;
                prop_assert!(if rising { east } else { west }, "hour angle {}", h);
            }
        }

        #[test]
        fn no_segment_jumps_across_the_map(
            (sky, st) in any_sky(), step in 0.1..2.0_f64, kind in 0..4_usize,
        ) {
            let segments = line_segments(sky, st, LineType::ALL[kind], Step::new(step).unwrap());
            for segment in &segments {
                prop_assert!(!segment.is_empty());
                for pair in segment.windows(2) {
                    prop_assert!((pair[1].lon_deg - pair[0].lon_deg).abs() < 180.0, "{pair:?}");
                }
                prop_assert!(segment.iter().all(|p| (-180.0..=180.0).contains(&p.lon_deg)
                    && (-90.0..=90.0).contains(&p.lat_deg)));
            }
        }

        #[test]
        fn the_mc_and_ic_lines_are_half_a_circle_apart((sky, st) in any_sky()) {
            let mc = line_segments(sky, st, LineType::Mc, Step::DEFAULT)[0][0].lon_deg;
            let ic = line_segments(sky, st, LineType::Ic, Step::DEFAULT)[0][0].lon_deg;
            prop_assert!(((mc - ic).abs() - 180.0).abs() < ROUNDING);
            // And the body culminates on the MC line.
            let overhead = GeoPoint { lat_deg: sky.dec_deg, lon_deg: mc };
            prop_assert!((sin_altitude(sky, st, overhead) - 1.0).abs() < ROUNDING);
        }

        #[test]
        fn the_exact_line_and_its_polyline_are_equally_far_from_a_place(
            (sky, st) in any_sky(), kind in 0..4_usize, step in 0.1..2.0_f64,
            lat_deg in -90.0..90.0_f64, lon_deg in -180.0..180.0_f64,
        ) {
            // The polyline's points joined by great-circle arcs lie on the line and cover it.
            let shape = Shape::of(sky, st, LineType::ALL[kind]);
            let place = GeoPoint { lat_deg, lon_deg };
            let exact = shape.nearest(place).unwrap();
            let drawn = sphere::nearest_on_polyline(place, &shape.segments(Step::new(step).unwrap())).unwrap();
            prop_assert!((exact.distance_km - drawn.distance_km).abs() < ZERO_KM, "{exact:?} {drawn:?}");
        }

        #[test]
        fn a_place_on_a_line_is_at_distance_zero(
            (sky, st) in any_sky(), kind in 0..4_usize, pick in 0.0..1.0_f64, t in 0.0..1.0_f64,
        ) {
            let segments = line_segments(sky, st, LineType::ALL[kind], Step::DEFAULT);
            let all: Vec<(GeoPoint, GeoPoint)> = segments
                .iter()
                .flat_map(|s| s.windows(2).map(|w| (w[0], w[1])))
                .collect();
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_precision_loss)]
            let (a, b) = all[((all.len() as f64 * pick) as usize).min(all.len() - 1)];
            // A vertex, and the point a fraction t along the arc from it (found as the arc's
            // point nearest to a place on its great circle).
            let shape = Shape::of(sky, st, LineType::ALL[kind]);
            let line = [Line { body: Body::Sun, line_type: LineType::ALL[kind], aspect: None, shape, segments: segments.clone() }];
            let near = lines_near(&line, a, Some(ZERO_KM));
            prop_assert_eq!(near.len(), 1);
            let mid = sphere::nearest_on_arc(
                GeoPoint { lat_deg: a.lat_deg + t * (b.lat_deg - a.lat_deg), lon_deg: a.lon_deg + t * (b.lon_deg - a.lon_deg) },
                a,
                b,
            ).point;
            let on = sphere::nearest_on_polyline(mid, &segments).unwrap();
            prop_assert!(on.distance_km < ZERO_KM, "{on:?}");
        }
    }
}
