//! An ephemeris series: the points of a series and the frame rules that choose them (a point of
//! the Moon's orbit exists only around the Earth, and the body at the centre of the frame is left
//! out), and the series itself, sampled at evenly spaced instants and handed to a
//! [`SeriesSink`] one sample at a time ([`sample_series`]).

use jiff::Timestamp;
use orrery_ephem::{Ephemeris, EphemerisSource};

use crate::body::Body;
use crate::chart::{
    BodyPosition, Center, ChartError, Frame, MissingData, OmittedBody, declination_with_source,
    position,
};
use crate::time::{JulianDayUt, julian_day_ut};

/// The points of a series that names none: the planets, the mean node and Chiron.
pub const DEFAULT_POINTS: [Body; 12] = Body::CORE_POINTS;

/// Why a series' points cannot be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeriesPointsError {
    /// The frame is centred on a point of the Moon's orbit, which is not a body.
    #[error("must name a body, not a point of the Moon's orbit (got planet:{})", .0.name())]
    LunarPointCenter(Body),
    /// A point named has no position in the frame.
    #[error("{} {}", .body.name(), LUNAR_POINT_OFF_EARTH)]
    Unseen {
        /// Its place in the points named.
        index: usize,
        body: Body,
    },
    /// An asteroid number outside the minor-planet numbers.
    #[error("must be a minor-planet number from 1 to 999999 (got {number})")]
    AsteroidNumber {
        /// Its place in the numbers given.
        index: usize,
        number: u32,
    },
    /// No point is left (the only one named is the frame's centre).
    #[error("must name at least one point (with asteroids){}", center.map_or_else(String::new, |body| format!(" once the centre of the frame ({}) is left out", body.name())))]
    Empty {
        /// The body at the centre of the frame, if that is what was left out.
        center: Option<Body>,
    },
}

/// The rule a point of the Moon's orbit breaks outside an Earth-centred frame.
const LUNAR_POINT_OFF_EARTH: &str = "is a point of the Moon's orbit around the Earth: it exists \
                                     only for center = \"geocentric\" or \"topocentric\"";

/// Whether `body` has no position in `frame`: a point of the Moon's orbit seen from anywhere but
/// the Earth.
#[must_use]
pub fn unseen_from(body: Body, frame: &Frame) -> bool {
    match frame.center {
        Center::Geocentric | Center::Topocentric(_) => false,
        _ => body.is_lunar_point(),
    }
}

/// The body at the centre of the frame, which the points leave out.
#[must_use]
pub fn central_body(frame: &Frame) -> Option<Body> {
    match frame.center {
        Center::PlanetCentric(body) => Some(body),
        Center::Heliocentric => Some(Body::Sun),
        _ => None,
    }
}

/// The points of a series in `frame`, in order and once each: the points named (or
/// [`DEFAULT_POINTS`] less those the frame cannot see), then the asteroids by number, without
/// the frame's central body.
///
/// # Errors
/// [`SeriesPointsError`]: a frame centred on a lunar point, a named point the frame cannot
/// see, an asteroid number out of range, or no point left.
pub fn series_points(
    frame: &Frame,
    named: Option<&[Body]>,
    asteroids: &[u32],
) -> Result<Vec<Body>, SeriesPointsError> {
    if let Center::PlanetCentric(body) = frame.center
        && body.is_lunar_point()
    {
        return Err(SeriesPointsError::LunarPointCenter(body));
    }
    let center = central_body(frame);
    let mut points = Vec::with_capacity(DEFAULT_POINTS.len() + asteroids.len());
    let push = |points: &mut Vec<Body>, body: Body| {
        if Some(body) != center && !points.contains(&body) {
            points.push(body);
        }
    };
    match named {
        None => {
            for body in DEFAULT_POINTS {
                if !unseen_from(body, frame) {
                    push(&mut points, body);
                }
            }
        }
        Some(bodies) => {
            for (index, &body) in bodies.iter().enumerate() {
                if unseen_from(body, frame) {
                    return Err(SeriesPointsError::Unseen { index, body });
                }
                push(&mut points, body);
            }
        }
    }
    for (index, &number) in asteroids.iter().enumerate() {
        let body = Body::parse(&format!("asteroid_{number}"))
            .map_err(|_| SeriesPointsError::AsteroidNumber { index, number })?;
        push(&mut points, body);
    }
    if points.is_empty() {
        return Err(SeriesPointsError::Empty { center });
    }
    Ok(points)
}

/// The instants of a series: `start + i * step` for `i` in `0..count`, to the nanosecond.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampleGrid {
    pub start: Timestamp,
    /// The step between samples, nanoseconds (positive).
    pub step_nanos: i128,
    /// The number of samples.
    pub count: usize,
}

impl SampleGrid {
    /// The instant of sample `index`, or `None` past the last sample (or past the instants
    /// `jiff` supports).
    #[must_use]
    pub fn instant(&self, index: usize) -> Option<Timestamp> {
        if index >= self.count {
            return None;
        }
        let offset = i128::try_from(index).ok()?.checked_mul(self.step_nanos)?;
        Timestamp::from_nanosecond(self.start.as_nanosecond() + offset).ok()
    }
}

/// What a series computes for each point at each sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesValues {
    /// The ecliptic position (longitude, latitude, distance and their speeds).
    pub ecliptic: bool,
    /// The declination.
    pub declination: bool,
}

/// An ephemeris series to compute.
#[derive(Debug, Clone)]
pub struct Series {
    /// The points, in order, as [`series_points`] chose them.
    pub points: Vec<Body>,
    pub frame: Frame,
    pub grid: SampleGrid,
    pub values: SeriesValues,
    /// [`MissingData::LeaveOut`] for a default list of points: a point of [`DEFAULT_POINTS`]
    /// without data at the first or the last sample is left out of every sample.
    pub missing: MissingData,
}

/// One point at one sample: the values the series asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointSample {
    pub body: Body,
    /// The ecliptic position, when [`SeriesValues::ecliptic`].
    pub ecliptic: Option<BodyPosition>,
    /// The declination, degrees, when [`SeriesValues::declination`].
    pub declination_deg: Option<f64>,
}

/// One instant of a series, with every point's values in the order of the points kept.
#[derive(Debug, Clone, Copy)]
pub struct SeriesSample<'a> {
    pub instant: Timestamp,
    pub jd: JulianDayUt,
    pub points: &'a [PointSample],
}

/// Receives a series as it is computed: the points kept, then each sample in time order.
pub trait SeriesSink {
    /// Called once, before the first sample: the points every sample carries, in order.
    fn points(&mut self, points: &[Body]);
    /// Called for each sample, in time order. `sample.points` is a buffer the series reuses:
    /// it is valid for this call only.
    fn sample(&mut self, sample: &SeriesSample<'_>);
}

/// What a computed series leaves besides its samples.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesSummary {
    /// Default points left out of every sample, with the dates they have data for.
    pub omitted: Vec<OmittedBody>,
    /// [`EphemerisSource::Moshier`] when any value came from the analytical fallback.
    pub source: EphemerisSource,
}

/// Why a series could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SeriesError {
    /// A point without data at a sample's instant, or a failure of the library there.
    #[error("{} at {instant}: {source}", .body.name())]
    Point {
        body: Body,
        instant: Timestamp,
        source: ChartError,
    },
    /// A sample's instant outside the instants supported (a grid the caller did not bound).
    #[error("sample {index} of {count} lies outside the supported instants")]
    Instant { index: usize, count: usize },
}

/// Computes `series` and hands it to `sink`: the points kept, then one sample at a time, so
/// that nothing is held per sample beyond one reused buffer.
///
/// The last sample is computed first for every point: the data files cover contiguous periods,
/// so a series that runs past a file's end fails at once instead of after the whole
/// calculation (and before the sink has seen anything).
///
/// # Errors
/// [`SeriesError::Point`] for a point without data at a sample's instant (an asteroid outside
/// its file's years, Chiron before 1200, a barycentric position outside the files) or a failure
/// of the library; [`SeriesError::Instant`] for a grid past the supported instants.
pub fn sample_series(
    eph: &Ephemeris,
    series: &Series,
    sink: &mut impl SeriesSink,
) -> Result<SeriesSummary, SeriesError> {
    let grid = &series.grid;
    let last = grid.count.saturating_sub(1);
    // A default point without data at either end of the series is left out of all of it (the
    // ranges are contiguous, so the ends decide). Asteroids asked for by number never are.
    let (_, first_jd) = sample_time(grid, 0)?;
    let (_, last_jd) = sample_time(grid, last)?;
    let defaults: Vec<Body> = series
        .points
        .iter()
        .copied()
        .filter(|body| DEFAULT_POINTS.contains(body))
        .collect();
    let (_, omitted) = series.missing.split_over(&defaults, first_jd, last_jd);
    let points: Vec<Body> = series
        .points
        .iter()
        .copied()
        .filter(|body| !omitted.iter().any(|o| o.body == *body))
        .collect();
    let mut source = EphemerisSource::Swiss;

    if grid.count > 1 {
        let (instant, jd) = sample_time(grid, last)?;
        for &body in &points {
            point_sample(eph, series, jd, body, &mut source).map_err(|source| {
                SeriesError::Point {
                    body,
                    instant,
                    source,
                }
            })?;
        }
    }

    sink.points(&points);
    let mut values = Vec::with_capacity(points.len());
    for index in 0..grid.count {
        let (instant, jd) = sample_time(grid, index)?;
        values.clear();
        for &body in &points {
            let value = point_sample(eph, series, jd, body, &mut source).map_err(|source| {
                SeriesError::Point {
                    body,
                    instant,
                    source,
                }
            })?;
            values.push(value);
        }
        sink.sample(&SeriesSample {
            instant,
            jd,
            points: &values,
        });
    }
    Ok(SeriesSummary { omitted, source })
}

fn sample_time(grid: &SampleGrid, index: usize) -> Result<(Timestamp, JulianDayUt), SeriesError> {
    let instant = grid.instant(index).ok_or(SeriesError::Instant {
        index,
        count: grid.count,
    })?;
    Ok((instant, julian_day_ut(instant)))
}

fn point_sample(
    eph: &Ephemeris,
    series: &Series,
    jd: JulianDayUt,
    body: Body,
    source: &mut EphemerisSource,
) -> Result<PointSample, ChartError> {
    let mut sample = PointSample {
        body,
        ecliptic: None,
        declination_deg: None,
    };
    if series.values.ecliptic {
        let p = position(eph, jd, body, &series.frame)?;
        note_source(source, p.source);
        sample.ecliptic = Some(p);
    }
    if series.values.declination {
        let (dec_deg, dec_source) = declination_with_source(eph, jd, body, &series.frame)?;
        note_source(source, dec_source);
        sample.declination_deg = Some(dec_deg);
    }
    Ok(sample)
}

fn note_source(series: &mut EphemerisSource, sample: EphemerisSource) {
    if sample == EphemerisSource::Moshier {
        *series = EphemerisSource::Moshier;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lunar_points_exist_only_around_the_earth() {
        let helio = Frame {
            center: Center::Heliocentric,
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let got = series_points(&helio, None, &[]).unwrap();
        assert!(!got.iter().any(|b| b.is_lunar_point()));
        assert!(!got.contains(&Body::Sun), "the centre is left out");
        assert_eq!(
            series_points(&helio, Some(&[Body::Moon, Body::MeanNode]), &[]),
            Err(SeriesPointsError::Unseen {
                index: 1,
                body: Body::MeanNode
            })
        );
        let geo = series_points(&Frame::GEOCENTRIC_TROPICAL, None, &[]).unwrap();
        assert_eq!(geo, DEFAULT_POINTS);
    }

    #[test]
    fn the_centre_alone_leaves_nothing() {
        let marscentric = Frame {
            center: Center::PlanetCentric(Body::Mars),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        let error = series_points(&marscentric, Some(&[Body::Mars]), &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "must name at least one point (with asteroids) once the centre of the frame (mars) \
             is left out"
        );
        let lunar = Frame {
            center: Center::PlanetCentric(Body::MeanNode),
            ..Frame::GEOCENTRIC_TROPICAL
        };
        assert_eq!(
            series_points(&lunar, None, &[]),
            Err(SeriesPointsError::LunarPointCenter(Body::MeanNode))
        );
        assert!(matches!(
            series_points(&Frame::GEOCENTRIC_TROPICAL, None, &[0]),
            Err(SeriesPointsError::AsteroidNumber {
                index: 0,
                number: 0
            })
        ));
    }

    /// Records what a series hands over, in order.
    #[derive(Default)]
    struct Recorder {
        calls: Vec<String>,
    }

    impl SeriesSink for Recorder {
        fn points(&mut self, points: &[Body]) {
            let names: Vec<_> = points.iter().map(|b| b.name()).collect();
            self.calls.push(format!("points {}", names.join(",")));
        }

        fn sample(&mut self, sample: &SeriesSample<'_>) {
            let bodies: Vec<_> = sample.points.iter().map(|p| p.body.name()).collect();
            let kinds: Vec<_> = sample
                .points
                .iter()
                .map(|p| (p.ecliptic.is_some(), p.declination_deg.is_some()))
                .collect();
            self.calls.push(format!(
                "sample {} {} {kinds:?}",
                sample.instant,
                bodies.join(",")
            ));
        }
    }

    fn series(start: &str, step_days: i128, count: usize, missing: MissingData) -> Series {
        Series {
            points: vec![Body::Sun, Body::Chiron, Body::Moon],
            frame: Frame::GEOCENTRIC_TROPICAL,
            grid: SampleGrid {
                start: start.parse().unwrap(),
                step_nanos: step_days * 86_400_000_000_000,
                count,
            },
            values: SeriesValues {
                ecliptic: false,
                declination: true,
            },
            missing,
        }
    }

    #[test]
    fn a_series_hands_over_its_points_then_each_sample_in_order() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let mut recorder = Recorder::default();
        let summary = sample_series(
            &eph,
            &series("2000-01-01T00:00:00Z", 2, 3, MissingData::Refuse),
            &mut recorder,
        )
        .unwrap();
        let kinds = "[(false, true), (false, true), (false, true)]";
        assert_eq!(
            recorder.calls,
            [
                "points sun,chiron,moon".to_owned(),
                format!("sample 2000-01-01T00:00:00Z sun,chiron,moon {kinds}"),
                format!("sample 2000-01-03T00:00:00Z sun,chiron,moon {kinds}"),
                format!("sample 2000-01-05T00:00:00Z sun,chiron,moon {kinds}"),
            ]
        );
        assert_eq!(summary.omitted, []);
        assert_eq!(summary.source, EphemerisSource::Swiss);
    }

    #[test]
    fn a_default_point_without_data_at_an_end_is_left_out_of_every_sample() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        // Chiron's data start in 1200: the first sample has none, the last has.
        let mut recorder = Recorder::default();
        let summary = sample_series(
            &eph,
            &series("1199-12-01T00:00:00Z", 60, 2, MissingData::LeaveOut),
            &mut recorder,
        )
        .unwrap();
        assert_eq!(recorder.calls.len(), 3);
        assert_eq!(recorder.calls[0], "points sun,moon");
        assert!(
            recorder.calls[2].contains(" sun,moon "),
            "{:?}",
            recorder.calls
        );
        assert_eq!(summary.omitted.len(), 1);
        assert_eq!(summary.omitted[0].body, Body::Chiron);
        // Named, the same point is refused; without data at the last sample, before the sink
        // sees anything (the last sample is computed first).
        let mut recorder = Recorder::default();
        let error = sample_series(
            &eph,
            &series("1199-10-01T00:00:00Z", 60, 2, MissingData::Refuse),
            &mut recorder,
        )
        .unwrap_err();
        assert!(
            matches!(
                error,
                SeriesError::Point {
                    body: Body::Chiron,
                    ..
                }
            ),
            "{error:?}"
        );
        assert_eq!(recorder.calls, Vec::<String>::new());
    }
}
