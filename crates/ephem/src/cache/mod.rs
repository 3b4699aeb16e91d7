//! The position cache: Chebyshev series of the library's own geocentric positions, for the
//! dense evaluations of event searches (see `docs/CACHE.md`).
//!
//! - What it holds: geocentric, tropical, ecliptic positions from the mean or the true equinox
//!   of date, with their speeds, of the Sun to Pluto, Chiron, the mean node and the mean
//!   apogee, between [`FIRST_JD`] and [`LAST_JD`] (inside the installed files, 1800–2400).
//!   Everything else goes to the library.
//! - A segment is a fixed interval of a grid that starts at [`FIRST_JD`]: its length and degree
//!   are the body's ([`SERIES_MEAN`], [`SERIES_TRUE`]). It is fitted to the library's values at
//!   the Chebyshev nodes and verified against the library at the points between them and at both ends. A segment
//!   whose verification exceeds the body's tolerance (light deflection near a conjunction with
//!   the Sun, a jump at a boundary of the library's own file segments) is marked "library":
//!   that interval is always computed by the library. The fit and the verdict depend only on
//!   the segment, so an answer is the same whether the segment was built earlier, just now, or
//!   by another thread.
//! - Sharing: one `OnceLock` per segment in a table allocated per body on first use; no lock is
//!   held while a segment is built (two threads may both build it and store the same thing).
//!   Memory grows with the segments used, up to [`full_table_bytes`].

mod chebyshev;

use std::sync::OnceLock;

use crate::body::BodyId;
use crate::calc::{
    CalcRequest, Calculated, Center, Coordinates, EclipticPosition, EphemerisSource, Equinox,
    Position, Zodiac,
};
use crate::ephemeris::Ephemeris;
use crate::error::EphemError;
use crate::time::JulianDayUt;

/// The grid's origin, JD 2378497.0 UT = 1800-01-02 12:00: a day after the planetary file's first
/// date, so that a light-time correction never reaches before it.
pub(crate) const FIRST_JD: f64 = 2_378_497.0;
/// The last instant covered, JD 2597640.0 UT = 2399-12-30 12:00: a day before the files end.
pub(crate) const LAST_JD: f64 = 2_597_640.0;

/// The six quantities of a position, each its own series: the library's speeds are not the
/// derivative of its positions (the Moon's differ by up to 0.3″/day), so they are fitted too.
const QUANTITIES: usize = 6;

/// Differences between a fit and the library, one figure per kind of quantity: the worst
/// found at a segment's verification points, or the most a segment may show (above any of
/// them the segment is left to the library).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Differences {
    /// Longitude and latitude, degrees.
    pub(crate) angle_deg: f64,
    /// Distance, AU.
    pub(crate) dist_au: f64,
    /// Speeds in longitude and latitude, degrees per day.
    pub(crate) speed_deg_per_day: f64,
    /// Speed in distance, AU per day.
    pub(crate) dist_speed_au_per_day: f64,
}

/// How one body's positions are cut into segments.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SeriesShape {
    pub(crate) body: BodyId,
    /// Segment length, days (a power of two, so segment ends are exact in binary).
    pub(crate) span_days: f64,
    /// Number of coefficients per quantity (degree + 1).
    pub(crate) coefficients: usize,
    pub(crate) tolerance: Differences,
}

/// 0.0001″ in degrees: the verification tolerance of the angles, ten times inside the 0.001″
/// the project promises for cached positions, to leave room between verification points.
const ANGLE_DEG: f64 = 0.0001 / 3600.0;
/// Distances: 1e-9 AU (150 m), ten times inside the promised 1e-8 AU.
const DIST_AU: f64 = 1e-9;
/// Speeds: 1e-7°/day, ten times inside the promised 1e-6°/day.
const SPEED_DEG_PER_DAY: f64 = 1e-7;
/// Speed in distance: 1e-7 AU/day. The library's own distance speeds of the outer planets
/// jump by a few 1e-8 AU/day at its file-segment boundaries; no fit follows that.
const DIST_SPEED_AU_PER_DAY: f64 = 1e-7;

const STANDARD: Differences = Differences {
    angle_deg: ANGLE_DEG,
    dist_au: DIST_AU,
    speed_deg_per_day: SPEED_DEG_PER_DAY,
    dist_speed_au_per_day: DIST_SPEED_AU_PER_DAY,
};

/// The library's apparent Moon carries noise near 0.001″ in its angles and a few 1e-6°/day in
/// its speeds (measured with the tuning tool below and tests/cache.rs): no smooth series
/// follows it, so the Moon's segments are verified against these.
const MOON: Differences = Differences {
    angle_deg: 0.001 / 3600.0,
    speed_deg_per_day: 3e-6,
    ..STANDARD
};

/// The mean node's and mean apogee's speeds carry noise near 3e-7°/day whatever the segment.
const MEAN_POINT: Differences = Differences {
    speed_deg_per_day: 1e-6,
    ..STANDARD
};

const fn shape(
    body: BodyId,
    span_days: f64,
    coefficients: usize,
    tolerance: Differences,
) -> SeriesShape {
    SeriesShape {
        body,
        span_days,
        coefficients,
        tolerance,
    }
}

/// The cached bodies and their segments from the mean equinox, chosen with the tuning tool
/// below: few coefficients per day, and almost every segment passes its verification.
const SERIES_MEAN: [SeriesShape; BODIES] = [
    shape(BodyId::SUN, 16.0, 14, STANDARD),
    shape(BodyId::MOON, 8.0, 12, MOON),
    shape(BodyId::MERCURY, 16.0, 16, STANDARD),
    shape(BodyId::VENUS, 8.0, 12, STANDARD),
    shape(BodyId::MARS, 16.0, 14, STANDARD),
    shape(BodyId::JUPITER, 32.0, 18, STANDARD),
    shape(BodyId::SATURN, 32.0, 18, STANDARD),
    shape(BodyId::URANUS, 32.0, 18, STANDARD),
    shape(BodyId::NEPTUNE, 32.0, 18, STANDARD),
    shape(BodyId::PLUTO, 32.0, 18, STANDARD),
    shape(BodyId::CHIRON, 16.0, 14, STANDARD),
    shape(BodyId::MEAN_NODE, 32.0, 12, MEAN_POINT),
    shape(BodyId::MEAN_APOGEE, 32.0, 14, MEAN_POINT),
];

/// The same from the true equinox: the nutation's short terms (13.7 days and below) need more
/// coefficients per day where the body itself moves slowly.
const SERIES_TRUE: [SeriesShape; BODIES] = [
    shape(BodyId::SUN, 16.0, 14, STANDARD),
    shape(BodyId::MOON, 8.0, 12, MOON),
    shape(BodyId::MERCURY, 16.0, 16, STANDARD),
    shape(BodyId::VENUS, 8.0, 12, STANDARD),
    shape(BodyId::MARS, 16.0, 14, STANDARD),
    shape(BodyId::JUPITER, 32.0, 24, STANDARD),
    shape(BodyId::SATURN, 32.0, 24, STANDARD),
    shape(BodyId::URANUS, 32.0, 24, STANDARD),
    shape(BodyId::NEPTUNE, 32.0, 24, STANDARD),
    shape(BodyId::PLUTO, 32.0, 24, STANDARD),
    shape(BodyId::CHIRON, 16.0, 14, STANDARD),
    shape(BodyId::MEAN_NODE, 32.0, 24, MEAN_POINT),
    shape(BodyId::MEAN_APOGEE, 32.0, 24, MEAN_POINT),
];

/// Number of cached bodies.
const BODIES: usize = 13;

/// The shapes of one equinox's series.
fn series(equinox: Equinox) -> &'static [SeriesShape; BODIES] {
    match equinox {
        Equinox::Mean => &SERIES_MEAN,
        Equinox::True => &SERIES_TRUE,
    }
}

/// One segment: fitted, or left to the library.
#[derive(Debug)]
enum Segment {
    /// The fit failed its verification (or the library failed at a node): always call it.
    Library,
    /// `QUANTITIES` series of the shape's coefficient count, in the order lon (unwrapped), lat,
    /// dist, lon speed, lat speed, dist speed.
    Fitted(Box<[f64]>),
}

/// The segments of every cached body, each table allocated on first use.
#[derive(Debug, Default)]
pub(crate) struct PositionCache {
    /// `[mean equinox, true equinox][body]`.
    tables: [[OnceLock<Table>; BODIES]; 2],
}

/// One body's segments from one equinox, in grid order.
type Table = Box<[OnceLock<Segment>]>;

/// Number of segments of a shape between [`FIRST_JD`] and [`LAST_JD`].
fn segment_count(shape: &SeriesShape) -> usize {
    ((LAST_JD - FIRST_JD) / shape.span_days).floor() as usize
}

/// The memory the cache would hold with every segment of every body fitted, in bytes.
#[must_use]
pub fn full_table_bytes() -> usize {
    SERIES_MEAN
        .iter()
        .chain(&SERIES_TRUE)
        .map(|s| {
            segment_count(s)
                * (size_of::<OnceLock<Segment>>() + QUANTITIES * s.coefficients * size_of::<f64>())
        })
        .sum()
}

/// A request the cache answers for `body`: geocentric, tropical, ecliptic.
fn cached_request(body: BodyId, equinox: Equinox) -> CalcRequest {
    CalcRequest {
        equinox,
        ..CalcRequest::new(body)
    }
}

/// Signed difference of two angles, degrees, in [-180, 180).
fn wrap_180(deg: f64) -> f64 {
    (deg + 180.0).rem_euclid(360.0) - 180.0
}

impl Differences {
    fn within(&self, t: &Differences) -> bool {
        self.angle_deg <= t.angle_deg
            && self.dist_au <= t.dist_au
            && self.speed_deg_per_day <= t.speed_deg_per_day
            && self.dist_speed_au_per_day <= t.dist_speed_au_per_day
    }
}

/// What building one segment found.
pub(crate) enum Built {
    /// The coefficients and the verification's worst differences.
    Fitted(Box<[f64]>, Differences),
    /// The library failed or used its Moshier fallback at a node or verification point.
    LibraryOnly,
}

/// Evaluates segment coefficients at `x` in [-1, 1].
fn evaluate(coefficients: &[f64], count: usize, x: f64) -> [f64; QUANTITIES] {
    let mut out = [0.0; QUANTITIES];
    for (q, value) in out.iter_mut().enumerate() {
        *value = chebyshev::evaluate(&coefficients[q * count..(q + 1) * count], x);
    }
    out
}

/// Fits the segment `[start, start + span_days]` of `shape` with `count` coefficients and
/// verifies it. `Err` only for a cancellation (which must not leave a verdict behind).
pub(crate) fn build_segment(
    eph: &Ephemeris,
    shape: &SeriesShape,
    equinox: Equinox,
    count: usize,
    start: f64,
) -> Result<Built, EphemError> {
    let request = cached_request(shape.body, equinox);
    let jd_at = |x: f64| start + 0.5 * (x + 1.0) * shape.span_days;
    let library = |x: f64| -> Result<Option<[f64; QUANTITIES]>, EphemError> {
        match eph.calc(JulianDayUt(jd_at(x)), &request) {
            Ok(Calculated {
                position: Position::Ecliptic(p),
                source: EphemerisSource::Swiss,
            }) => Ok(Some(p.to_array())),
            Err(EphemError::Cancelled) => Err(EphemError::Cancelled),
            _ => Ok(None),
        }
    };
    let mut samples = vec![[0.0; QUANTITIES]; count];
    for (k, sample) in samples.iter_mut().enumerate() {
        match library(chebyshev::node(k, count))? {
            Some(values) => *sample = values,
            None => return Ok(Built::LibraryOnly),
        }
    }
    // Unwrap the longitude across 0°/360° along the nodes (they are days apart at most, far
    // less than half a turn for every body).
    for k in 1..count {
        let previous = samples[k - 1][0];
        samples[k][0] = previous + wrap_180(samples[k][0] - previous);
    }
    let mut coefficients = vec![0.0; QUANTITIES * count].into_boxed_slice();
    let mut column = vec![0.0; count];
    for q in 0..QUANTITIES {
        for (value, sample) in column.iter_mut().zip(&samples) {
            *value = sample[q];
        }
        chebyshev::fit(&column, &mut coefficients[q * count..(q + 1) * count]);
    }
    // Verify halfway (in angle) between the nodes, and at both ends.
    let mut errors = Differences::default();
    for j in 0..=count {
        let x = (std::f64::consts::PI * j as f64 / count as f64).cos();
        let Some(want) = library(x)? else {
            return Ok(Built::LibraryOnly);
        };
        let got = evaluate(&coefficients, count, x);
        errors.angle_deg = errors
            .angle_deg
            .max(wrap_180(got[0] - want[0]).abs())
            .max((got[1] - want[1]).abs());
        errors.dist_au = errors.dist_au.max((got[2] - want[2]).abs());
        errors.speed_deg_per_day = errors
            .speed_deg_per_day
            .max((got[3] - want[3]).abs())
            .max((got[4] - want[4]).abs());
        errors.dist_speed_au_per_day = errors.dist_speed_au_per_day.max((got[5] - want[5]).abs());
    }
    Ok(Built::Fitted(coefficients, errors))
}

impl PositionCache {
    /// The cached position for `request` at `jd`, or `None` when the library must answer (not
    /// a cached body or frame, outside the grid, or a segment left to the library).
    fn lookup(
        &self,
        eph: &Ephemeris,
        jd: f64,
        request: &CalcRequest,
    ) -> Result<Option<EclipticPosition>, EphemError> {
        if request.center != Center::Geocentric
            || request.zodiac != Zodiac::Tropical
            || request.coordinates != Coordinates::Ecliptic
            || !(FIRST_JD..LAST_JD).contains(&jd)
        {
            return Ok(None);
        }
        let shapes = series(request.equinox);
        let Some(index) = shapes.iter().position(|s| s.body == request.body) else {
            return Ok(None);
        };
        let shape = &shapes[index];
        let equinox_index = match request.equinox {
            Equinox::Mean => 0,
            Equinox::True => 1,
        };
        let table = self.tables[equinox_index][index].get_or_init(|| {
            (0..segment_count(shape))
                .map(|_| OnceLock::new())
                .collect::<Vec<_>>()
                .into_boxed_slice()
        });
        let offset = (jd - FIRST_JD) / shape.span_days;
        let segment_index = offset.floor() as usize;
        let Some(cell) = table.get(segment_index) else {
            return Ok(None);
        };
        let segment = match cell.get() {
            Some(segment) => segment,
            None => {
                let start = FIRST_JD + segment_index as f64 * shape.span_days;
                let built =
                    match build_segment(eph, shape, request.equinox, shape.coefficients, start)? {
                        Built::Fitted(c, errors) if errors.within(&shape.tolerance) => {
                            Segment::Fitted(c)
                        }
                        Built::Fitted(..) | Built::LibraryOnly => Segment::Library,
                    };
                cell.get_or_init(|| built)
            }
        };
        let Segment::Fitted(coefficients) = segment else {
            return Ok(None);
        };
        let x = (2.0 * (offset - segment_index as f64) - 1.0).clamp(-1.0, 1.0);
        let v = evaluate(coefficients, shape.coefficients, x);
        let lon_deg = v[0].rem_euclid(360.0);
        Ok(Some(EclipticPosition {
            // rem_euclid of a tiny negative number rounds to 360.0 itself.
            lon_deg: if lon_deg >= 360.0 { 0.0 } else { lon_deg },
            lat_deg: v[1],
            dist_au: v[2],
            lon_speed_deg_per_day: v[3],
            lat_speed_deg_per_day: v[4],
            dist_speed_au_per_day: v[5],
        }))
    }
}

impl PositionCache {
    /// Builds every segment of every cached body, both equinoxes, that overlaps `[from, to]`.
    fn prefill(&self, eph: &Ephemeris, from: f64, to: f64) -> Result<(), EphemError> {
        let (from, to) = (from.max(FIRST_JD), to.min(LAST_JD));
        for equinox in [Equinox::Mean, Equinox::True] {
            for shape in series(equinox) {
                let request = cached_request(shape.body, equinox);
                let first = ((from - FIRST_JD) / shape.span_days).floor();
                let mut start = FIRST_JD + first * shape.span_days;
                while start <= to && start < LAST_JD {
                    self.lookup(eph, start, &request)?;
                    start += shape.span_days;
                }
            }
        }
        Ok(())
    }

    /// The bytes held now: the tables of slots allocated so far and the fitted coefficients.
    fn bytes(&self) -> usize {
        let slot = size_of::<OnceLock<Segment>>();
        self.tables
            .iter()
            .flatten()
            .filter_map(OnceLock::get)
            .map(|table| {
                table.len() * slot
                    + table
                        .iter()
                        .filter_map(OnceLock::get)
                        .map(|segment| match segment {
                            Segment::Fitted(c) => c.len() * size_of::<f64>(),
                            Segment::Library => 0,
                        })
                        .sum::<usize>()
            })
            .sum()
    }
}

impl Ephemeris {
    /// Builds the position cache's segments for `[from, to]` (clamped to 1800–2399), every
    /// cached body, both equinoxes, so that later requests in those years find them built. The
    /// answers are the same with or without it (docs/CACHE.md); it only moves the building
    /// cost. Meant for a background thread at start: 1950–2050 costs about 9 s of CPU and
    /// 43 MB.
    ///
    /// # Errors
    /// [`EphemError::Cancelled`] if the calling thread's request was cancelled.
    pub fn prefill_position_cache(
        &self,
        from: JulianDayUt,
        to: JulianDayUt,
    ) -> Result<(), EphemError> {
        self.position_cache().prefill(self, from.0, to.0)
    }

    /// The memory the position cache holds now, in bytes (slots and coefficients, without the
    /// allocator's overhead).
    #[must_use]
    pub fn position_cache_bytes(&self) -> usize {
        self.position_cache().bytes()
    }

    /// As [`Ephemeris::calc`], from the position cache where it holds the answer: geocentric,
    /// tropical, ecliptic positions from the mean or true equinox of date of the Sun to Pluto,
    /// Chiron, the mean node and the mean apogee, 1800–2399. There the answer is the library's
    /// within 0.001″ in longitude and latitude, 1e-8 AU in distance and 1e-6°/day in speed (the
    /// Moon: 0.0015″ and 5e-6°/day, the library's own noise; see `docs/CACHE.md`), and always
    /// the same for the same input. Anything else is [`Ephemeris::calc`]'s answer.
    ///
    /// Meant for dense evaluations (event searches), not for positions shown as such: those
    /// come from [`Ephemeris::calc`].
    ///
    /// # Errors
    /// As [`Ephemeris::calc`].
    pub fn calc_cached(
        &self,
        jd: JulianDayUt,
        request: &CalcRequest,
    ) -> Result<Calculated, EphemError> {
        if let Some(position) = self.position_cache().lookup(self, jd.0, request)? {
            // The segments are fitted to the files' positions only.
            crate::sources::record(EphemerisSource::Swiss);
            return Ok(Calculated {
                position: Position::Ecliptic(position),
                source: EphemerisSource::Swiss,
            });
        }
        self.calc(jd, request)
    }
}

#[cfg(test)]
mod tuning {
    use super::*;

    /// Prints, per body and shape, how segments at spread-out dates verify. A tool for choosing
    /// the series' shapes, not a test: `cargo test --release -p orrery-ephem tuning -- --ignored --nocapture`.
    #[test]
    #[ignore = "a tuning tool that prints; run by hand in release"]
    fn print_fit_errors_per_shape() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe opens");
        let variants: Vec<(f64, usize)> = std::env::var("SHAPES")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| {
                let (span, count) = s.split_once('/').expect("span/count");
                (span.parse().expect("span"), count.parse().expect("count"))
            })
            .collect();
        let only: Option<i32> = std::env::var("BODY").ok().and_then(|b| b.parse().ok());
        let equinox = if std::env::var("EQUINOX").is_ok_and(|e| e == "true") {
            Equinox::True
        } else {
            Equinox::Mean
        };
        for shape in series(equinox)
            .iter()
            .filter(|s| only.is_none_or(|b| s.body.se_number() == b))
        {
            let mut shapes = vec![(shape.span_days, shape.coefficients)];
            shapes.extend(&variants);
            for (span, count) in shapes {
                let trial = SeriesShape {
                    span_days: span,
                    coefficients: count,
                    ..*shape
                };
                let mut worst = Differences::default();
                let (mut failed, mut library, n) = (0, 0, 300);
                let mut by = [0; 4];
                for i in 0..n {
                    let start = FIRST_JD + (f64::from(i) * 731.37).floor() * span;
                    if start + span > LAST_JD {
                        continue;
                    }
                    match build_segment(&eph, &trial, equinox, count, start).expect("no cancel") {
                        Built::Fitted(_, e) => {
                            if !e.within(&trial.tolerance) {
                                failed += 1;
                            }
                            let t = &trial.tolerance;
                            by[0] += usize::from(e.angle_deg > t.angle_deg);
                            by[1] += usize::from(e.dist_au > t.dist_au);
                            by[2] += usize::from(e.speed_deg_per_day > t.speed_deg_per_day);
                            by[3] += usize::from(e.dist_speed_au_per_day > t.dist_speed_au_per_day);
                            worst.angle_deg = worst.angle_deg.max(e.angle_deg);
                            worst.dist_au = worst.dist_au.max(e.dist_au);
                            worst.speed_deg_per_day =
                                worst.speed_deg_per_day.max(e.speed_deg_per_day);
                            worst.dist_speed_au_per_day =
                                worst.dist_speed_au_per_day.max(e.dist_speed_au_per_day);
                        }
                        Built::LibraryOnly => library += 1,
                    }
                }
                println!(
                    "body {:2} {span:4}d/{count:2}: failed {failed:3}/{n} {by:?} lib {library}  angle {:.2e}\" dist {:.1e} speed {:.1e} dspeed {:.1e}",
                    shape.body.se_number(),
                    worst.angle_deg * 3600.0,
                    worst.dist_au,
                    worst.speed_deg_per_day,
                    worst.dist_speed_au_per_day
                );
            }
        }
    }
}
