//! `POST /v1/ephemeris`: positions of chosen points at evenly spaced instants (a time series).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `start`, `end` | ISO 8601 instants with `Z` or an offset; `end` must be after `start` |
//! | `step_days` \| `step_hours` \| `step_minutes` | at most one; finite and > 0; default `step_days: 1` |
//! | `points` | body names (aliases accepted); default `sun`..`pluto`, `mean_node`, `chiron` |
//! | `asteroids` | minor-planet numbers, added after `points` as `asteroid_<number>` |
//! | `fields` | values per point and sample (see [`SeriesField`]); default `["longitude","retrograde"]` |
//! | `zodiac`, `ayanamsa`, `center`, `observer` | the frame, as for radix |
//!
//! The samples are taken at `start + i * step` for `i = 0, 1, …` while that instant is not
//! after `end`: there are `floor((end - start) / step) + 1` of them, at most
//! [`MAX_SAMPLES`]. The count is checked when the request is validated, before anything is
//! calculated. The step is rounded to whole nanoseconds (and must be at least one); each
//! sample's instant is exact (integer nanoseconds) and its Julian day is computed from that
//! instant with [`julian_day_ut`] (`2440587.5 + days since 1970-01-01T00:00:00Z`), so the
//! `datetime` and `julian_day_ut` of a sample always agree.
//!
//! Points that cannot be seen from the centre are handled as follows: a planet-centred frame
//! (`planet:<name>`) drops its central body from the points, and a heliocentric frame drops the
//! Sun (the spec's rule, applied to the Sun as the heliocentric centre). The points of the
//! Moon's orbit (nodes, apogees, perigee) exist only for a geocentric or topocentric frame:
//! the default points leave `mean_node` out in other frames, and asking for one by name there
//! is a 400. A body named twice is computed once; the results use the catalogue name
//! (`mean_lilith` is answered as `mean_apogee`).
//!
//! # Response
//!
//! ```json
//! {
//!   "settings": {
//!     "start": "2024-01-01T00:00:00Z", "end": "2024-01-03T00:00:00Z",
//!     "step_days": 1.0, "sample_count": 3,
//!     "points": ["sun", "moon"], "fields": ["longitude", "retrograde"],
//!     "zodiac": "tropical", "center": "geocentric"
//!   },
//!   "ephemeris": "swiss",
//!   "samples": [
//!     {
//!       "datetime": "2024-01-01T00:00:00Z", "julian_day_ut": 2460310.5,
//!       "points": {
//!         "sun": {"longitude": 280.0389933022068, "retrograde": false},
//!         "moon": {"longitude": 155.9921882205314, "retrograde": false}
//!       }
//!     },
//!     …two more samples, 2024-01-02T00:00:00Z and 2024-01-03T00:00:00Z
//!   ]
//! }
//! ```
//!
//! * `settings` echoes the validated request: instants in UTC, the step in days whatever unit
//!   was given, the number of samples, the points actually computed (request order, then the
//!   asteroids), the fields (catalogue order), the frame (`ayanamsa` only for sidereal,
//!   `observer` only for topocentric).
//! * `ephemeris` is `swiss` when every value came from the Swiss Ephemeris files, `moshier`
//!   when the library fell back to its analytical model for any of them (before 1200).
//! * `samples[i].datetime` is written to the second, with a fraction only when the instant
//!   has one; `points` keeps the order of `settings.points`, and each point carries exactly the
//!   requested fields, in the catalogue order of [`SeriesField`].
//!
//! # Errors
//!
//! Validation errors name the field path (`fields[2]: unknown …`). A valid request that the
//! data cannot answer (an asteroid outside its file's years 1500-2102, Chiron before 1200) is
//! a 400 that says which point has no data at which instant; the service never writes
//! made-up values.

use jiff::Timestamp;
use orrery_astro::body::{Body, SHIPPED_ASTEROIDS};
use orrery_astro::chart::{BodyPosition, Center, ChartError, Frame, MissingData};
use orrery_astro::techniques::ephemeris::{
    PointSample, SampleGrid, Series, SeriesError, SeriesPointsError, SeriesSample, SeriesSink,
    SeriesValues, sample_series, series_points,
};
use orrery_astro::time::julian_day_ut;
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize, Serializer};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::closed_sets::EphemerisName;
use crate::common::{FrameDto, FrameOptions, LocationDto, OrderedMap, ZodiacDto, ephemeris_name};
use crate::datetime::Instant;
use crate::ephemeris_range::{OmittedBodyDto, no_data_error, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::BodyField;
use crate::names::{AyanamsaField, CenterField};

/// The most samples one request may ask for (docs/CONVENTIONS.md, Limits).
pub const MAX_SAMPLES: usize = 10_000;

const NANOS_PER_MINUTE: f64 = 60e9;
const NANOS_PER_HOUR: f64 = 3_600e9;
const NANOS_PER_DAY: f64 = 86_400e9;

bounded_number!(
    /// The step between samples, days.
    StepDays,
    StepDaysBounds,
    above 0.0,
    up to f64::INFINITY,
    "Days between samples, greater than 0."
);
bounded_number!(
    /// The step between samples, hours.
    StepHours,
    StepHoursBounds,
    above 0.0,
    up to f64::INFINITY,
    "Hours between samples, greater than 0."
);
bounded_number!(
    /// The step between samples, minutes.
    StepMinutes,
    StepMinutesBounds,
    above 0.0,
    up to f64::INFINITY,
    "Minutes between samples, greater than 0."
);

/// The request body, as sent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EphemerisRequest {
    /// First sample.
    pub start: Instant,
    /// Last possible sample; must be after `start`, and `start` to `end` at the step may
    /// hold at most 10,000 samples (more is a 400 `limit_exceeded`).
    pub end: Instant,
    /// Step between samples in days, > 0; at most one of the three steps; default 1 day.
    #[serde(default)]
    pub step_days: Option<StepDays>,
    /// Step between samples in hours, > 0; at most one of the three steps.
    #[serde(default)]
    pub step_hours: Option<StepHours>,
    /// Step between samples in minutes, > 0; at most one of the three steps.
    #[serde(default)]
    pub step_minutes: Option<StepMinutes>,
    /// Body names (aliases accepted); default `sun`..`pluto`, `mean_node`, `chiron`.
    #[serde(default)]
    pub points: Option<Vec<BodyField>>,
    /// Numbered minor planets, answered as `asteroid_<number>`.
    #[serde(default)]
    pub asteroids: Option<Vec<u32>>,
    /// Values per point and sample: `longitude`, `latitude`, `distance`, `speed`,
    /// `latitude_speed`, `distance_speed`, `retrograde`, `sign`, `sign_degree`, `declination`;
    /// default `["longitude", "retrograde"]`.
    #[serde(default)]
    pub fields: Option<Vec<SeriesField>>,
    /// `tropical` (default) or `sidereal`.
    #[serde(default)]
    pub zodiac: Option<ZodiacDto>,
    /// Sidereal mode (`GET /v1/catalog/ayanamsas`), only with `zodiac` `sidereal`; default `lahiri`.
    #[serde(default)]
    pub ayanamsa: Option<AyanamsaField>,
    /// `geocentric` (default), `heliocentric`, `barycentric`, `topocentric` or `planet:<body>`.
    #[serde(default)]
    pub center: Option<CenterField>,
    /// The observer's place; required with, and only allowed with, `center` `topocentric`.
    #[serde(default)]
    pub observer: Option<LocationDto>,
}

pub use orrery_astro::techniques::ephemeris::DEFAULT_POINTS;

/// One value a sample can carry for a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeriesField {
    /// Ecliptic longitude in the frame's zodiac, degrees in `[0, 360)`.
    Longitude,
    /// Ecliptic latitude, degrees.
    Latitude,
    /// Distance from the centre, AU.
    Distance,
    /// Speed in longitude, degrees per day.
    Speed,
    /// Speed in latitude, degrees per day.
    LatitudeSpeed,
    /// Speed in distance, AU per day.
    DistanceSpeed,
    /// Speed in longitude < 0.
    Retrograde,
    /// The sign of the longitude, `aries`..`pisces`.
    Sign,
    /// Degrees past the start of the sign, `[0, 30)`.
    SignDegree,
    /// Declination (equatorial, of date) seen from the frame's centre, degrees.
    Declination,
}

impl SeriesField {
    /// Every field, in the order samples write them.
    pub const ALL: [Self; 10] = [
        Self::Longitude,
        Self::Latitude,
        Self::Distance,
        Self::Speed,
        Self::LatitudeSpeed,
        Self::DistanceSpeed,
        Self::Retrograde,
        Self::Sign,
        Self::SignDegree,
        Self::Declination,
    ];

    /// The API names, indexed like [`SeriesField::ALL`].
    pub const NAMES: [&'static str; 10] = [
        "longitude",
        "latitude",
        "distance",
        "speed",
        "latitude_speed",
        "distance_speed",
        "retrograde",
        "sign",
        "sign_degree",
        "declination",
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// True for the fields read from the ecliptic position (all but the declination).
    fn is_ecliptic(self) -> bool {
        self != Self::Declination
    }
}

/// A set of [`SeriesField`]s.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldSet([bool; SeriesField::ALL.len()]);

impl FieldSet {
    /// `longitude` and `retrograde`.
    pub const DEFAULT: Self = {
        let mut set = [false; SeriesField::ALL.len()];
        set[SeriesField::Longitude as usize] = true;
        set[SeriesField::Retrograde as usize] = true;
        Self(set)
    };

    pub fn contains(self, field: SeriesField) -> bool {
        self.0[field as usize]
    }

    fn insert(&mut self, field: SeriesField) {
        self.0[field as usize] = true;
    }

    /// The fields in catalogue order.
    pub fn iter(self) -> impl Iterator<Item = SeriesField> {
        SeriesField::ALL
            .into_iter()
            .filter(move |f| self.contains(*f))
    }

    fn needs_ecliptic(self) -> bool {
        self.iter().any(SeriesField::is_ecliptic)
    }
}

/// A validated request: the sample count is known to be within [`MAX_SAMPLES`], the points
/// can all be seen from the frame's centre.
#[derive(Debug, Clone)]
pub struct EphemerisInput {
    end: Timestamp,
    fields: FieldSet,
    /// The series to compute: points, frame, sample instants, the values the fields need.
    series: Series,
}

impl EphemerisInput {
    pub fn start(&self) -> Timestamp {
        self.series.grid.start
    }

    pub fn end(&self) -> Timestamp {
        self.end
    }

    /// The step in days (rounded to whole nanoseconds).
    pub fn step_days(&self) -> f64 {
        #[allow(
            clippy::cast_precision_loss,
            reason = "the step in days needs no more than the 53 bits of an f64"
        )]
        let nanos = self.series.grid.step_nanos as f64;
        nanos / NANOS_PER_DAY
    }

    /// `floor((end - start) / step) + 1`, at most [`MAX_SAMPLES`].
    pub fn sample_count(&self) -> usize {
        self.series.grid.count
    }

    /// The points, in the order of the response.
    pub fn points(&self) -> &[Body] {
        &self.series.points
    }

    pub fn fields(&self) -> FieldSet {
        self.fields
    }

    pub fn frame(&self) -> &Frame {
        &self.series.frame
    }

    /// The instant of sample `index`: `start + index * step`, or `None` past the last sample.
    pub fn sample_instant(&self, index: usize) -> Option<Timestamp> {
        self.series.grid.instant(index)
    }
}

impl TryFrom<&EphemerisRequest> for EphemerisInput {
    type Error = ApiInputError;

    /// Checks everything that can be checked without calculating, the sample count first
    /// among the numbers so that an oversized request costs nothing.
    fn try_from(request: &EphemerisRequest) -> Result<Self, ApiInputError> {
        let (start, end) = (request.start.timestamp(), request.end.timestamp());
        if end <= start {
            return Err(ApiInputError::field(
                "end",
                format!("must be after start (got start {start}, end {end})"),
            ));
        }
        let step = Step::from_request(request)?;
        let sample_count = step.sample_count(start, end)?;
        let frame = FrameOptions {
            zodiac: request.zodiac,
            ayanamsa: request.ayanamsa.map(|field| field.0),
            center: request.center,
            observer: request.observer.as_ref(),
            prefix: "",
        }
        .to_frame(None)?;
        let points = parse_points(request, &frame)?;
        let fields = parse_fields(request.fields.as_deref())?;
        Ok(Self {
            end,
            fields,
            series: Series {
                points,
                frame,
                grid: SampleGrid {
                    start,
                    step_nanos: step.nanos,
                    count: sample_count,
                },
                values: SeriesValues {
                    ecliptic: fields.needs_ecliptic(),
                    declination: fields.contains(SeriesField::Declination),
                },
                // A point of the default list without data is left out; one named is refused.
                missing: if request.points.is_some() {
                    MissingData::Refuse
                } else {
                    MissingData::LeaveOut
                },
            },
        })
    }
}

/// The step as given, and in whole nanoseconds.
#[derive(Debug, Clone, Copy)]
struct Step {
    field: &'static str,
    value: f64,
    nanos: i128,
    defaulted: bool,
}

impl Step {
    fn from_request(request: &EphemerisRequest) -> Result<Self, ApiInputError> {
        let candidates = [
            (
                "step_days",
                request.step_days.map(|step| step.get()),
                NANOS_PER_DAY,
            ),
            (
                "step_hours",
                request.step_hours.map(|step| step.get()),
                NANOS_PER_HOUR,
            ),
            (
                "step_minutes",
                request.step_minutes.map(|step| step.get()),
                NANOS_PER_MINUTE,
            ),
        ];
        let mut given = candidates
            .iter()
            .filter_map(|&(field, value, per_unit)| value.map(|v| (field, v, per_unit)));
        let Some((field, value, per_unit)) = given.next() else {
            return Ok(Self {
                field: "step_days",
                value: 1.0,
                nanos: 86_400_000_000_000,
                defaulted: true,
            });
        };
        if let Some((other, ..)) = given.next() {
            return Err(ApiInputError::field(
                other,
                format!(
                    "must not be given together with {field}: give one of step_days, step_hours, step_minutes"
                ),
            ));
        }
        // `as` saturates: a step beyond i128 nanoseconds (1e22 years) simply gives one sample.
        #[allow(
            clippy::cast_possible_truncation,
            reason = "rounded first; saturation is the wanted behaviour for absurd steps"
        )]
        let nanos = (value * per_unit).round() as i128;
        if nanos < 1 {
            return Err(ApiInputError::field(
                field,
                format!("must be at least 1 nanosecond (got {value})"),
            ));
        }
        Ok(Self {
            field,
            value,
            nanos,
            defaulted: false,
        })
    }

    /// `floor((end - start) / step) + 1`, refused above [`MAX_SAMPLES`].
    fn sample_count(self, start: Timestamp, end: Timestamp) -> Result<usize, ApiInputError> {
        let count = (end.as_nanosecond() - start.as_nanosecond()) / self.nanos + 1;
        match usize::try_from(count) {
            Ok(n) if n <= MAX_SAMPLES => Ok(n),
            _ => {
                let step = if self.defaulted {
                    format!("(default {})", self.value)
                } else {
                    format!("= {} is too small", self.value)
                };
                #[allow(clippy::cast_precision_loss, reason = "sample counts are small")]
                Err(ApiInputError::limit(
                    self.field,
                    format!(
                        "{step}: there would be {count} samples from start to end \
                         (floor((end - start) / step) + 1); at most {MAX_SAMPLES} samples are \
                         allowed per request: use a larger step or a shorter period"
                    ),
                    MAX_SAMPLES as f64,
                    count as f64,
                ))
            }
        }
    }
}

/// The points of the request in its frame ([`series_points`]), errors at their fields.
fn parse_points(request: &EphemerisRequest, frame: &Frame) -> Result<Vec<Body>, ApiInputError> {
    let named: Option<Vec<Body>> = request
        .points
        .as_ref()
        .map(|names| names.iter().map(|&BodyField(body)| body).collect());
    let asteroids = request.asteroids.as_deref().unwrap_or_default();
    series_points(frame, named.as_deref(), asteroids).map_err(|error| match error {
        SeriesPointsError::LunarPointCenter(_) => ApiInputError::field("center", &error),
        SeriesPointsError::Unseen { index, .. } => {
            ApiInputError::labelled(&format!("points[{index}]"), &error)
        }
        SeriesPointsError::AsteroidNumber { index, .. } => {
            ApiInputError::field(&format!("asteroids[{index}]"), &error)
        }
        SeriesPointsError::Empty { .. } => ApiInputError::field("points", &error),
    })
}

fn parse_fields(names: Option<&[SeriesField]>) -> Result<FieldSet, ApiInputError> {
    let Some(names) = names else {
        return Ok(FieldSet::DEFAULT);
    };
    let mut set = FieldSet::default();
    for &field in names {
        set.insert(field);
    }
    if set == FieldSet::default() {
        return Err(ApiInputError::field(
            "fields",
            format!(
                "must name at least one field; accepted names: {}",
                SeriesField::NAMES.join(", ")
            ),
        ));
    }
    Ok(set)
}

/// The response body (see the module documentation).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EphemerisResponse {
    pub settings: SettingsDto,
    /// `swiss`, or `moshier` when any value came from the analytical fallback.
    pub ephemeris: EphemerisName,
    /// One sample per step, in time order.
    pub samples: Vec<SampleDto>,
    /// Points of the default list without data at the first or the last sample (Chiron before
    /// 1200), left out of every sample, with their dates; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// The validated request, echoed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = EphemerisSettings)]
pub struct SettingsDto {
    /// The first sample's instant, UTC, ISO 8601.
    #[schema(value_type = String)]
    #[serde(serialize_with = "display")]
    pub start: Timestamp,
    /// The last instant of the range, UTC, ISO 8601.
    #[schema(value_type = String)]
    #[serde(serialize_with = "display")]
    pub end: Timestamp,
    /// The step in days, whatever unit the request used.
    pub step_days: f64,
    /// The number of samples.
    pub sample_count: usize,
    /// The points computed, in the order of every sample's `points`.
    pub points: Vec<String>,
    /// The fields of every point, in catalogue order.
    pub fields: Vec<&'static str>,
    #[serde(flatten)]
    pub frame: FrameDto,
    /// The place of a topocentric frame.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observer: Option<ObserverDto>,
}

/// A topocentric observer, echoed.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = EphemerisObserver)]
pub struct ObserverDto {
    /// The observer's geographic latitude, degrees north [-90, 90].
    pub latitude: f64,
    /// The observer's geographic longitude, degrees east [-180, 180].
    pub longitude: f64,
    /// The observer's height above sea level, metres.
    pub altitude: f64,
}

/// One instant of the series.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Sample)]
pub struct SampleDto {
    /// UTC, `Z`-terminated, with a fraction of a second only when the instant has one.
    #[schema(value_type = String)]
    #[serde(serialize_with = "display")]
    pub datetime: Timestamp,
    /// The sample's instant as a Julian day (UT).
    pub julian_day_ut: f64,
    /// The requested fields per point, keyed like `settings.points`.
    #[schema(value_type = BTreeMap<String, PointValues>)]
    pub points: OrderedMap<PointValues>,
}

/// The requested values of one point at one instant; fields not asked for are left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, ToSchema)]
pub struct PointValues {
    /// Ecliptic longitude, degrees [0, 360); absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
    /// Ecliptic latitude, degrees [-90, 90]; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    /// Distance, astronomical units; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<f64>,
    /// Speed in ecliptic longitude, degrees per day (negative: retrograde); absent when not asked
    /// for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speed: Option<f64>,
    /// Change of ecliptic latitude, degrees per day; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude_speed: Option<f64>,
    /// Change of distance, astronomical units per day; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_speed: Option<f64>,
    /// Whether the point moves backwards in longitude; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retrograde: Option<bool>,
    /// The sign of the longitude (`aries` … `pisces`); absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign: Option<&'static str>,
    /// Degrees into the sign, [0, 30); absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_degree: Option<f64>,
    /// Declination, degrees [-90, 90]; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declination: Option<f64>,
}

impl PointValues {
    /// The requested fields of one point's values.
    fn of(fields: FieldSet, point: &PointSample) -> Self {
        let mut values = Self {
            declination: point.declination_deg,
            ..Self::default()
        };
        if let Some(p) = &point.ecliptic {
            values.set_ecliptic(fields, p);
        }
        values
    }

    fn set_ecliptic(&mut self, fields: FieldSet, p: &BodyPosition) {
        let wanted = |f| fields.contains(f);
        if wanted(SeriesField::Longitude) {
            self.longitude = Some(p.lon.degrees());
        }
        if wanted(SeriesField::Latitude) {
            self.latitude = Some(p.lat_deg);
        }
        if wanted(SeriesField::Distance) {
            self.distance = Some(p.dist_au);
        }
        if wanted(SeriesField::Speed) {
            self.speed = Some(p.lon_speed_deg_per_day);
        }
        if wanted(SeriesField::LatitudeSpeed) {
            self.latitude_speed = Some(p.lat_speed_deg_per_day);
        }
        if wanted(SeriesField::DistanceSpeed) {
            self.distance_speed = Some(p.dist_speed_au_per_day);
        }
        if wanted(SeriesField::Retrograde) {
            self.retrograde = Some(p.is_retrograde());
        }
        if wanted(SeriesField::Sign) {
            self.sign = Some(p.lon.sign().name());
        }
        if wanted(SeriesField::SignDegree) {
            self.sign_degree = Some(p.lon.degree_in_sign());
        }
    }
}

/// Writes a value with its `Display` (straight into the output, no intermediate `String`).
fn display<T: std::fmt::Display, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Computes the series ([`sample_series`]) and writes each sample as it comes.
///
/// # Errors
/// A point without data at a sample's instant (an asteroid outside 1500-2102, Chiron and the
/// main asteroids before 1200, a barycentric position outside the files) is a
/// [`CalcFailure::Input`] naming the point and the instant; a failure of the library is
/// [`CalcFailure::Internal`].
pub fn compute(eph: &Ephemeris, input: &EphemerisInput) -> Result<EphemerisResponse, CalcFailure> {
    let mut answer = SampleWriter {
        fields: input.fields,
        names: Vec::new(),
        samples: Vec::with_capacity(input.sample_count()),
    };
    let summary = sample_series(eph, &input.series, &mut answer).map_err(|error| match error {
        SeriesError::Point {
            body,
            instant,
            source,
        } => calc_failure(source, body, input.frame(), instant),
        SeriesError::Instant { .. } => CalcFailure::Internal(error.to_string()),
    })?;
    let observer = match input.frame().center {
        Center::Topocentric(o) => Some(ObserverDto {
            latitude: o.lat_deg,
            longitude: o.lon_deg,
            altitude: o.alt_m,
        }),
        _ => None,
    };
    Ok(EphemerisResponse {
        settings: SettingsDto {
            start: input.start(),
            end: input.end,
            step_days: input.step_days(),
            sample_count: input.sample_count(),
            points: answer.names,
            fields: input.fields.iter().map(SeriesField::name).collect(),
            frame: FrameDto::new(input.frame()),
            observer,
        },
        ephemeris: ephemeris_name(summary.source),
        samples: answer.samples,
        omitted: omitted_dtos(&summary.omitted),
    })
}

/// The answer's samples, written as the series hands them over.
struct SampleWriter {
    fields: FieldSet,
    /// The names of the points kept, in order (the keys of every sample's `points`).
    names: Vec<String>,
    samples: Vec<SampleDto>,
}

impl SeriesSink for SampleWriter {
    fn points(&mut self, points: &[Body]) {
        self.names = points.iter().map(|b| b.name().into_owned()).collect();
    }

    fn sample(&mut self, sample: &SeriesSample<'_>) {
        let points = sample
            .points
            .iter()
            .zip(&self.names)
            .map(|(point, name)| (name.clone(), PointValues::of(self.fields, point)))
            .collect();
        self.samples.push(SampleDto {
            datetime: sample.instant,
            julian_day_ut: sample.jd.0,
            points: OrderedMap(points),
        });
    }
}

/// A point without data becomes a 400 that names it, the instant and the body's dates.
fn calc_failure(error: ChartError, body: Body, frame: &Frame, instant: Timestamp) -> CalcFailure {
    let ChartError::NoData {
        body: name, valid, ..
    } = error
    else {
        return error.into();
    };
    let mut error = no_data_error(&name, julian_day_ut(instant).0, valid);
    match body {
        // The library's detail names a data file, which tells a client nothing; the list of
        // installed asteroids says what it can ask for instead.
        Body::Asteroid(number) if valid.is_none() => {
            error.message = format!(
                "{name} has no ephemeris data at {instant}: the service has no data file for \
                 minor planet {number}; installed: {}",
                SHIPPED_ASTEROIDS
                    .iter()
                    .map(|(n, label)| format!("{n} {label}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
            .into();
        }
        _ if frame.center == Center::Barycentric => {
            error.message = format!(
                "{name} has no ephemeris data at {instant}: barycentric positions need the Swiss \
                 Ephemeris files, which cover {}",
                crate::ephemeris_range::files_text()
            )
            .into();
        }
        _ => {}
    }
    CalcFailure::Input(error.prefixed("points"))
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::EphemerisInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for EphemerisInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for EphemerisInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![
                InputInstant::at("start", self.start()),
                InputInstant::at("end", self.end()),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parsed as the server parses a body, then validated: an error of either step.
    fn input(json: &str) -> Result<EphemerisInput, ApiInputError> {
        EphemerisInput::try_from(&crate::parse::json_body::<EphemerisRequest>(
            json.as_bytes(),
        )?)
    }

    fn error(json: &str) -> String {
        input(json).expect_err("an invalid request").message.into()
    }

    #[test]
    fn defaults() {
        let input =
            input(r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-11T00:00:00Z"}"#).unwrap();
        assert_eq!(input.sample_count(), 11);
        assert_eq!(input.points(), &DEFAULT_POINTS);
        assert_eq!(input.fields(), FieldSet::DEFAULT);
        assert_eq!(*input.frame(), Frame::GEOCENTRIC_TROPICAL);
        assert!((input.step_days() - 1.0).abs() < f64::EPSILON);
        assert_eq!(
            input.sample_instant(10).unwrap().to_string(),
            "2024-01-11T00:00:00Z"
        );
        assert!(input.sample_instant(11).is_none());
    }

    #[test]
    fn sample_count_is_floor_plus_one() {
        let base = r#""start":"2024-01-01T00:00:00Z","end":"2024-01-01T01:00:00Z""#;
        assert_eq!(
            input(&format!("{{{base},\"step_minutes\":7}}"))
                .unwrap()
                .sample_count(),
            9
        );
        assert_eq!(
            input(&format!("{{{base},\"step_minutes\":60}}"))
                .unwrap()
                .sample_count(),
            2
        );
        assert_eq!(
            input(&format!("{{{base},\"step_hours\":2}}"))
                .unwrap()
                .sample_count(),
            1
        );
        // Exactly 10000 samples pass; one more is refused, naming the count and the limit.
        let ok = input(
            r#"{"start":"2000-01-01T00:00:00Z","end":"2000-01-07T22:39:00Z","step_minutes":1}"#,
        )
        .unwrap();
        assert_eq!(ok.sample_count(), 10_000);
        let message = error(
            r#"{"start":"2000-01-01T00:00:00Z","end":"2000-01-07T22:40:00Z","step_minutes":1}"#,
        );
        assert!(
            message.starts_with("step_minutes = 1 is too small"),
            "{message}"
        );
        assert!(
            message.contains("10001 samples") && message.contains("at most 10000"),
            "{message}"
        );
        let message = error(r#"{"start":"1800-01-01T00:00:00Z","end":"2399-01-01T00:00:00Z"}"#);
        assert!(message.starts_with("step_days (default 1)"), "{message}");
    }

    #[test]
    fn sub_second_instants_only_where_they_exist() {
        let input = input(
            r#"{"start":"2024-03-20T03:06:21.5+01:00","end":"2024-03-20T04:00:00Z","step_minutes":0.25}"#,
        )
        .unwrap();
        assert_eq!(input.start().to_string(), "2024-03-20T02:06:21.5Z");
        assert_eq!(
            input.sample_instant(1).unwrap().to_string(),
            "2024-03-20T02:06:36.5Z"
        );
        assert_eq!(
            input.sample_instant(3).unwrap().to_string(),
            "2024-03-20T02:07:06.5Z"
        );
    }

    #[test]
    fn step_rules() {
        let base = r#""start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z""#;
        let message = error(&format!("{{{base},\"step_days\":1,\"step_hours\":2}}"));
        assert!(
            message.starts_with("step_hours must not be given together with step_days"),
            "{message}"
        );
        let message = error(&format!("{{{base},\"step_hours\":1,\"step_minutes\":2}}"));
        assert!(
            message.starts_with("step_minutes must not be given together with step_hours"),
            "{message}"
        );
        for bad in ["0", "-1", "0.0"] {
            let message = error(&format!("{{{base},\"step_days\":{bad}}}"));
            assert!(
                message.starts_with("step_days must be a finite number greater than 0"),
                "{message}"
            );
        }
        let message = error(&format!("{{{base},\"step_minutes\":1e-12}}"));
        assert!(
            message.starts_with("step_minutes must be at least 1 nanosecond"),
            "{message}"
        );
        // An absurdly large step gives the start alone.
        assert_eq!(
            input(&format!("{{{base},\"step_days\":1e300}}"))
                .unwrap()
                .sample_count(),
            1
        );
    }

    #[test]
    fn start_and_end() {
        let message = error(r#"{"start":"2024-01-02T00:00:00Z","end":"2024-01-01T00:00:00Z"}"#);
        assert!(message.starts_with("end must be after start"), "{message}");
        let message = error(r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-01T00:00:00Z"}"#);
        assert!(message.starts_with("end must be after start"), "{message}");
        let message = error(r#"{"start":"2024-01-01T00:00:00","end":"2024-01-02T00:00:00Z"}"#);
        assert!(
            message.starts_with("start must be a UTC date-time"),
            "{message}"
        );
        let message = error(r#"{"start":"2024-01-01T00:00:00Z","end":"yesterday"}"#);
        assert!(message.starts_with("end"), "{message}");
    }

    #[test]
    fn points_and_asteroids() {
        let base = r#""start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z""#;
        let got = input(&format!(
            r#"{{{base},"points":["moon","mean_lilith","moon","asteroid_136199"],"asteroids":[136199,50000]}}"#
        ))
        .unwrap();
        assert_eq!(
            got.points(),
            &[
                Body::Moon,
                Body::MeanApogee,
                Body::Asteroid(136_199),
                Body::Asteroid(50_000)
            ]
        );
        let message = error(&format!(r#"{{{base},"points":["sun","vulcan"]}}"#));
        assert!(
            message.starts_with("points[1]: unknown body `vulcan`"),
            "{message}"
        );
        assert!(
            message.contains("mean_node") && message.contains("asteroid_<number>"),
            "{message}"
        );
        let message = error(&format!(r#"{{{base},"asteroids":[0]}}"#));
        assert!(
            message.starts_with("asteroids[0] must be a minor-planet number"),
            "{message}"
        );
        let message = error(&format!(r#"{{{base},"points":[]}}"#));
        assert!(
            message.starts_with("points must name at least one point"),
            "{message}"
        );
        let only_asteroid =
            input(&format!(r#"{{{base},"points":[],"asteroids":[90377]}}"#)).unwrap();
        assert_eq!(only_asteroid.points(), &[Body::Asteroid(90_377)]);
    }

    #[test]
    fn frames_and_their_points() {
        let base = r#""start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z""#;
        let jupiter = input(&format!(r#"{{{base},"center":"planet:jupiter"}}"#)).unwrap();
        assert!(!jupiter.points().contains(&Body::Jupiter));
        assert!(!jupiter.points().contains(&Body::MeanNode));
        assert!(jupiter.points().contains(&Body::Sun));
        let helio = input(&format!(
            r#"{{{base},"center":"heliocentric","points":["sun","earth","mars"]}}"#
        ))
        .unwrap();
        assert_eq!(helio.points(), &[Body::Earth, Body::Mars]);
        let message = error(&format!(
            r#"{{{base},"center":"heliocentric","points":["true_node"]}}"#
        ));
        assert!(
            message.starts_with("points[0]: true_node is a point of the Moon's orbit"),
            "{message}"
        );
        let message = error(&format!(
            r#"{{{base},"center":"planet:jupiter","points":["jupiter"]}}"#
        ));
        assert!(
            message.starts_with("points must name at least one point")
                && message.contains("jupiter"),
            "{message}"
        );
        let message = error(&format!(r#"{{{base},"center":"planet:mean_node"}}"#));
        assert!(message.starts_with("center must name a body"), "{message}");
        let message = error(&format!(r#"{{{base},"ayanamsa":"lahiri"}}"#));
        assert!(
            message.starts_with("ayanamsa is only allowed with zodiac = \"sidereal\""),
            "{message}"
        );
        let message = error(&format!(r#"{{{base},"center":"topocentric"}}"#));
        assert!(message.starts_with("observer is required"), "{message}");
        let message = error(&format!(
            r#"{{{base},"center":"topocentric","observer":{{"latitude":91,"longitude":0}}}}"#
        ));
        assert!(
            message.starts_with("observer.latitude must be between -90 and 90"),
            "{message}"
        );
    }

    #[test]
    fn fields() {
        let base = r#""start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z""#;
        let got = input(&format!(
            r#"{{{base},"fields":["declination","sign","longitude","sign"]}}"#
        ))
        .unwrap();
        let names: Vec<_> = got.fields().iter().map(SeriesField::name).collect();
        assert_eq!(names, ["longitude", "sign", "declination"]);
        let message = error(&format!(r#"{{{base},"fields":["longitude","altitude"]}}"#));
        assert!(
            message.starts_with(
                "fields[1]: unknown variant `altitude`, expected one of `longitude`, `latitude`"
            ),
            "{message}"
        );
        let message = error(&format!(r#"{{{base},"fields":[]}}"#));
        assert!(
            message.starts_with("fields must name at least one field"),
            "{message}"
        );
        for (field, name) in SeriesField::ALL.iter().zip(SeriesField::NAMES) {
            assert_eq!(
                serde_json::from_value::<SeriesField>(serde_json::json!(name)).unwrap(),
                *field
            );
            assert_eq!(field.name(), name);
        }
    }

    #[test]
    fn unknown_request_fields_are_refused() {
        let result = serde_json::from_str::<EphemerisRequest>(
            r#"{"start":"2024-01-01T00:00:00Z","end":"2024-01-02T00:00:00Z","step":1}"#,
        );
        assert!(
            result
                .unwrap_err()
                .to_string()
                .contains("unknown field `step`")
        );
    }
}
