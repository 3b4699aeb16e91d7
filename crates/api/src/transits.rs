//! `POST /v1/transits`: the transiting bodies against a natal chart, in two modes: a snapshot of
//! the aspects in orb at one instant, or every exact aspect event in a window.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `natal` | the birth, `{datetime, timezone, location, lmt?, ambiguous_time?}` as for radix: the service computes the natal points [`NATAL_BODIES`] and the `ascendant` and `mc` at the birth place |
//! | `natal_positions` | instead of `natal`: point name to ecliptic longitude in degrees (`{"sun": 112.0, "ascendant": 138.1}`); any names, 1 to 64 characters; 1 to [`MAX_NATAL_POINTS`] points; longitudes are reduced to `[0, 360)` |
//! | `at` | snapshot mode: an ISO 8601 instant with `Z` or an offset |
//! | `start`, `end` | window mode, instead of `at`: `end` after `start`, at most [`MAX_WINDOW_DAYS`] (100 years) later |
//! | `step_days` | window mode only: the coarsest sampling step allowed, in days, finite, > 0 and at most [`MAX_STEP_DAYS`] (see *Sampling*) |
//! | `transit_points` | body names (aliases accepted); default [`DEFAULT_TRANSIT_BODIES`] (`sun`..`pluto`, `chiron`); at most [`MAX_TRANSIT_POINTS`] |
//! | `aspect_types`, `aspects` | as everywhere: default `["major"]`; `aspects` overrides `aspect_types` |
//! | `orbs` | as everywhere; default `transit` (a flat 1°). Orbs select the aspects of a snapshot; window events are exact, so there they only show in the echo |
//!
//! Exactly one of `natal` and `natal_positions`, and exactly one mode, or the request is a 400.
//! The natal points and the transiting positions are geocentric, tropical and apparent.
//!
//! # Sampling (`step_days`)
//!
//! docs/CONVENTIONS.md defaults `step_days` to 1.0, 0.5 when `sun`, `mercury`, `venus` or `mars`
//! transit, 0.25 when the `moon` does. The search never relies on a fixed step: each body is
//! sampled at a step declared from its physics (shorter than the least time between its
//! stations), with positions *and* speeds, and a cubic between samples finds every turning
//! point and crossing; each event is then solved on the ephemeris to half a second. That finds
//! every crossing, the two passes a few hours either side of a station included, which sampling
//! at the spec's fixed steps can step over. So:
//!
//! * without `step_days`, `settings.step_days` echoes the spec's default for the transit points
//!   as the resolution the search at least guarantees, and no cap is applied;
//! * with `step_days`, no body is sampled more coarsely than that (a finer step costs more
//!   samples and finds nothing new), and the value is echoed.
//!
//! # Bounds on the work
//!
//! Decided when the request is validated, before anything is calculated:
//!
//! * at most [`MAX_SAMPLES`] position samples over all transit points (each body's own step, or
//!   `step_days` where finer);
//! * at most [`MAX_EXPECTED_EVENTS`] expected events: the window in years × the natal points ×
//!   the aspect targets per point (one for the conjunction and the opposition, two for the
//!   others) × each transit point's passes over a given longitude per year (the Moon's 13.4,
//!   the Sun's 1, Pluto's 0.03; see
//!   [`orrery_astro::techniques::transits::passes_per_year`]). A year of the default points against
//!   a natal chart with the major aspects expects about 2000 events.
//!
//! # Response
//!
//! A window (the Berlin birth of the HTTP tests, 2024; two of its 1988 events shown):
//!
//! ```json
//! {
//!   "mode": "window",
//!   "settings": {
//!     "start": "2024-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z", "step_days": 0.25,
//!     "transit_points": ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn",
//!                        "uranus", "neptune", "pluto", "chiron"],
//!     "aspect_names": ["conjunction", "sextile", "square", "trine", "opposition"],
//!     "orbs": {"preset": "transit", "max": 1.0}
//!   },
//!   "natal": {
//!     "source": "natal",
//!     "resolved": {"utc": "1990-05-15T12:30:00Z", "julian_day_ut": 2448027.0208333335,
//!                  "local": "1990-05-15T14:30:00", "offset": "+02:00",
//!                  "offset_source": "tz_database", "timezone": "Europe/Berlin"},
//!     "points": {"sun": 54.416195526979784, "moon": 297.419450892404, …,
//!                "mean_node": 311.33804517792424, "chiron": 103.21408734072271,
//!                "ascendant": 168.78547000782478, "mc": 75.15087166209372}
//!   },
//!   "event_count": 1988,
//!   "events": [
//!     {"transit_point": "moon", "natal_point": "mercury", "aspect": "trine", "angle": 120.0,
//!      "arc": 120.0, "exact_at": "2024-01-01T04:05:23Z", "exact_at_jd": 2460310.670400471,
//!      "transit_longitude": 158.00997308940893, "transit_speed": 11.834695936572187,
//!      "retrograde": false},
//!     {"transit_point": "moon", "natal_point": "uranus", "aspect": "trine", "angle": 120.0,
//!      "arc": -120.0, "exact_at": "2024-01-01T06:28:12Z", "exact_at_jd": 2460310.7695792355,
//!      "transit_longitude": 159.18336546424706, "transit_speed": 11.827600396687144,
//!      "retrograde": false},
//!     …
//!   ]
//! }
//! ```
//!
//! A snapshot of the same birth at `"at": "2024-06-01T00:00:00Z"` (`settings.start` and `end`
//! are `at`, `step_days` is `null`; the first of its 6 events):
//!
//! ```json
//! {"transit_point": "saturn", "natal_point": "ascendant", "aspect": "opposition",
//!  "angle": 180.0, "separation": 179.96160655179042, "orb": 0.038393448209575354,
//!  "allowed_orb": 1.0, "applying": true, "exact_in_days": 0.8245750630533796,
//!  "transit_longitude": 348.7470765596152, "transit_speed": 0.04656149564771633,
//!  "retrograde": false}
//! ```
//!
//! * `mode`: `snapshot` or `window`. `settings.start` and `settings.end` are the window in UTC
//!   (both `at` in a snapshot); `step_days` is `null` in a snapshot.
//! * `natal.source` says which input gave the natal points: `natal` (then `resolved` echoes the
//!   birth instant as every chart does) or `natal_positions`. `points` are the longitudes used.
//! * Window `events` are sorted by `exact_at` (then transit point, natal point, aspect, arc).
//!   `arc` is the arc from the natal point to the transiting body at the exact time: `+angle`
//!   when the body is ahead in zodiacal order (a waxing aspect), `-angle` when behind (0 and 180
//!   for the conjunction and the opposition). `exact_at` is UTC to the second, `exact_at_jd` the
//!   Julian day (UT) of the solved instant; `transit_speed` in degrees per day, `retrograde`
//!   when it is negative. A body that goes over a natal point, back and over again gives three
//!   events; a body that turns (stations) short of the exact aspect gives none.
//! * Snapshot `events` are the aspects in orb at `at`, closest first: `transit_point`,
//!   `natal_point`, `aspect`, `angle`, `separation` (the shorter arc between them), `orb`
//!   (`|separation - angle|`), `allowed_orb`, `applying` (the orb is shrinking), `exact_in_days`
//!   (at the current speed; negative: since exact), `transit_longitude`, `transit_speed`,
//!   `retrograde`. Natal points do not move, so `applying` comes from the transiting body's
//!   speed alone; both are `null` for a body standing still (speed below 1e-6°/day).
//!
//! # Errors
//!
//! Validation errors name the field (`natal_positions.sun must be …`, `transit_points[2]: …`).
//! A transit point or natal body without ephemeris data in the period (Chiron outside
//! before 1200, say) is a 400 naming it and the instant; a failure of the search itself is a 500.

use std::collections::BTreeMap;

use jiff::Timestamp;
use orrery_astro::aspects::{AspectConfig, OrbPreset};
use orrery_astro::body::Body;
use orrery_astro::chart::{ChartError, OmittedBody};
use orrery_astro::search::ScanStep;
use orrery_astro::techniques::natal::{BirthPointsError, MissingData};
use orrery_astro::techniques::transits::NATAL_BODIES;
use orrery_astro::techniques::transits::{
    DEFAULT_TRANSIT_BODIES, ExpectedEvents, NatalPoint, TransitAspect, TransitError, TransitEvent,
    TransitEvents, TransitNatal, TransitQuery, TransitReport, TransitReportError, TransitSpan,
    expected_events, spec_default_step_days, transit_report, window_samples,
};
use orrery_astro::time::{julian_day_ut, timestamp_of};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectOptionsDto, AspectPairing, AspectSettingsDto, OrbsEchoDto};
use crate::bounded::bounded_number;
use crate::closed_sets::EphemerisName;
use crate::common::{BirthDto, OrderedMap, ResolvedBirth, ResolvedTimeDto, body_list, event_time};
use crate::datetime::Instant;
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos, window_ephemeris};
use crate::error::{ApiInputError, CalcFailure};
use crate::instant_fields::{ExactAtFields, Stamp};
use crate::names::{AspectField, BodyField, Named};
use crate::natal::{NatalChoice, check_point_count, choose_natal, natal_longitude, points_echo};
use crate::presets::{AppliedPreset, PresetEcho, read_birth};

/// The longest window: 100 Julian years.
pub const MAX_WINDOW_DAYS: f64 = 36_525.0;
/// The coarsest `step_days` a client may set.
pub const MAX_STEP_DAYS: f64 = 30.0;
/// At most this many natal points in `natal_positions`.
pub const MAX_NATAL_POINTS: usize = 100;
/// At most this many transit points.
pub const MAX_TRANSIT_POINTS: usize = 32;
/// At most this many position samples per window request, over all transit points.
pub const MAX_SAMPLES: u64 = 1_000_000;
/// At most this many expected events per window request (see the module documentation).
pub const MAX_EXPECTED_EVENTS: f64 = 100_000.0;
/// Natal point names longer than this are refused.
const MAX_NAME_CHARS: usize = 64;

bounded_number!(
    /// The coarsest sampling step of a window, days.
    TransitStepDays,
    TransitStepDaysBounds,
    above 0.0,
    up to MAX_STEP_DAYS,
    "The coarsest sampling step, days, greater than 0 and at most 30."
);

/// The request body, as sent.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitsRequest {
    /// The birth: the service computes the natal points.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// Or the natal longitudes by point name.
    #[serde(default)]
    #[schema(value_type = Option<crate::common::PointLongitudes>)]
    pub natal_positions: Option<BTreeMap<String, f64>>,
    /// Snapshot mode: the instant.
    #[serde(default)]
    pub at: Option<Instant>,
    /// Window mode: the first instant.
    #[serde(default)]
    pub start: Option<Instant>,
    /// Window mode: the last instant.
    #[serde(default)]
    pub end: Option<Instant>,
    /// Window mode: the coarsest sampling step, in days.
    #[serde(default)]
    pub step_days: Option<TransitStepDays>,
    /// Body names (aliases accepted); default `sun`..`pluto`, `chiron`.
    #[serde(default)]
    pub transit_points: Option<Vec<BodyField>>,
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<crate::names::AspectCategoryField>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    pub aspects: Option<Vec<crate::names::AspectField>>,
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`; default `transit`.
    #[serde(default)]
    pub orbs: Option<crate::aspect_options::OrbsField>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for reading the `natal` birth
    /// (calendar, Local Mean Time); transit orbs stay the technique's. Echoed in
    /// `settings.preset`.
    #[serde(default)]
    pub preset: Option<crate::names::PresetField>,
}

/// Where the natal points come from.
#[derive(Debug, Clone)]
pub enum NatalSource {
    /// A birth: [`NATAL_BODIES`], `ascendant` and `mc` are computed.
    Birth(ResolvedBirth),
    /// Longitudes as given, in name order.
    Positions(Vec<NatalPoint>),
}

impl NatalSource {
    /// How many natal points the calculation will have.
    fn point_count(&self) -> usize {
        match self {
            Self::Birth(_) => NATAL_BODIES.len() + 2,
            Self::Positions(points) => points.len(),
        }
    }
}

/// Snapshot or window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TransitMode {
    Snapshot {
        at: Timestamp,
    },
    Window {
        start: Timestamp,
        end: Timestamp,
        /// The client's `step_days`, applied as a cap on every body's step.
        step_cap: Option<ScanStep>,
        /// What `settings.step_days` shows: the client's step, or the spec's default.
        step_days: f64,
    },
}

/// A validated request: the work is known to be within the bounds.
#[derive(Debug, Clone)]
pub struct TransitsInput {
    pub natal: NatalSource,
    pub mode: TransitMode,
    pub bodies: Vec<Body>,
    /// Default transit bodies left out because the window is outside their data.
    pub omitted: Vec<OmittedBody>,
    pub aspects: AspectConfig,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

impl TryFrom<&TransitsRequest> for TransitsInput {
    type Error = ApiInputError;

    /// Checks everything that can be checked without calculating, the bounds on the work last.
    fn try_from(request: &TransitsRequest) -> Result<Self, ApiInputError> {
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let natal = natal_source(request, preset.as_mut())?;
        let bodies = match &request.transit_points {
            Some(bodies) => body_list("transit_points", bodies, Some(MAX_TRANSIT_POINTS))?,
            None => DEFAULT_TRANSIT_BODIES.to_vec(),
        };
        let aspects = AspectOptionsDto {
            aspect_types: request.aspect_types.clone(),
            aspects: request.aspects.clone(),
            orbs: request.orbs.clone(),
        }
        .to_config("", OrbPreset::Transit)?;
        let mode = mode(request, &bodies)?;
        // A default body without data in the window (Chiron before 1200) is left out and
        // listed, as in charts; one asked for by name stays, and its 400 says why.
        let (bodies, omitted) = if request.transit_points.is_none() {
            let (first, last) = match mode {
                TransitMode::Snapshot { at } => (at, at),
                TransitMode::Window { start, end, .. } => (start, end),
            };
            MissingData::LeaveOut.split_over(&bodies, julian_day_ut(first), julian_day_ut(last))
        } else {
            (bodies, Vec::new())
        };
        if let TransitMode::Window {
            start,
            end,
            step_cap,
            ..
        } = mode
        {
            let window_days = days_between(start, end);
            check_samples(&bodies, window_days, step_cap)?;
            check_expected_events(&bodies, natal.point_count(), &aspects, window_days)?;
        }
        Ok(Self {
            natal,
            mode,
            bodies,
            omitted,
            aspects,
            preset,
        })
    }
}

fn natal_source(
    request: &TransitsRequest,
    preset: Option<&mut AppliedPreset>,
) -> Result<NatalSource, ApiInputError> {
    let natal = request
        .natal
        .as_ref()
        .map(|birth| read_birth(preset, "natal", birth));
    match choose_natal(
        natal.as_deref(),
        request.natal_positions.as_ref(),
        "natal or natal_positions is required: the birth {datetime, timezone, location}, or \
         the natal longitudes by point name ({\"sun\": 112.0, \"ascendant\": 138.1, …})",
    )? {
        NatalChoice::Birth(birth) => Ok(NatalSource::Birth(birth)),
        NatalChoice::Positions(positions) => natal_positions(positions).map(NatalSource::Positions),
    }
}

fn natal_positions(map: &BTreeMap<String, f64>) -> Result<Vec<NatalPoint>, ApiInputError> {
    check_point_count(map, MAX_NATAL_POINTS)?;
    map.iter()
        .map(|(name, &lon_deg)| {
            let chars = name.chars().count();
            if chars == 0 || chars > MAX_NAME_CHARS {
                return Err(ApiInputError::labelled(
                    "natal_positions",
                    format!(
                        "point names must have 1 to {MAX_NAME_CHARS} characters (got a name of \
                         {chars})"
                    ),
                ));
            }
            Ok(NatalPoint::new(
                name.clone(),
                natal_longitude(name, lon_deg)?,
            ))
        })
        .collect()
}

fn mode(request: &TransitsRequest, bodies: &[Body]) -> Result<TransitMode, ApiInputError> {
    match (&request.at, &request.start, &request.end) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(ApiInputError::new(
            "give either at (snapshot mode) or start and end (window mode), not both",
        )),
        (None, None, None) => Err(ApiInputError::new(
            "give at (snapshot mode: the aspects in orb at an instant) or start and end (window \
             mode: every exact aspect between them)",
        )),
        (None, Some(_), None) => Err(ApiInputError::field(
            "end",
            "is required with start (window mode)",
        )),
        (None, None, Some(_)) => Err(ApiInputError::field(
            "start",
            "is required with end (window mode)",
        )),
        (Some(at), None, None) => {
            if request.step_days.is_some() {
                return Err(ApiInputError::field(
                    "step_days",
                    "applies to window mode only (start and end), not to a snapshot at `at`",
                ));
            }
            Ok(TransitMode::Snapshot { at: at.timestamp() })
        }
        (None, Some(start), Some(end)) => {
            let (start, end) = (start.timestamp(), end.timestamp());
            if end <= start {
                return Err(ApiInputError::field(
                    "end",
                    format!("must be after start (got start {start}, end {end})"),
                ));
            }
            let days = days_between(start, end);
            if days > MAX_WINDOW_DAYS {
                return Err(ApiInputError::limit(
                    "end",
                    format!(
                        "must be at most {MAX_WINDOW_DAYS} days (100 years) after start (got \
                         {days} days)"
                    ),
                    MAX_WINDOW_DAYS,
                    days,
                ));
            }
            let (step_cap, step_days) = match request.step_days {
                None => (None, spec_default_step_days(bodies)),
                Some(days) => {
                    let days = days.get();
                    let cap = ScanStep::from_days(days)
                        .map_err(|e| ApiInputError::labelled("step_days", e))?;
                    (Some(cap), days)
                }
            };
            Ok(TransitMode::Window {
                start,
                end,
                step_cap,
                step_days,
            })
        }
    }
}

fn days_between(start: Timestamp, end: Timestamp) -> f64 {
    (julian_day_ut(end) - julian_day_ut(start)).0
}

/// Refuses a window that would take more than [`MAX_SAMPLES`] samples ([`window_samples`]).
fn check_samples(
    bodies: &[Body],
    window_days: f64,
    cap: Option<ScanStep>,
) -> Result<(), ApiInputError> {
    let samples = window_samples(bodies, window_days, cap);
    #[allow(clippy::cast_precision_loss, reason = "a small constant")]
    let limit = MAX_SAMPLES as f64;
    if samples <= limit {
        return Ok(());
    }
    let step = if cap.is_some() {
        "step_days is too small: "
    } else {
        ""
    };
    let error = ApiInputError::new(format!(
        "{step}the window would take {samples} position samples over the transit points; at \
         most {MAX_SAMPLES} are allowed per request: use a shorter window, fewer transit_points \
         or a larger step_days"
    ))
    .exceeding(limit, samples);
    Err(if cap.is_some() {
        error.at("step_days")
    } else {
        error
    })
}

/// Refuses a window whose expected event count exceeds [`MAX_EXPECTED_EVENTS`].
fn check_expected_events(
    bodies: &[Body],
    natal_points: usize,
    aspects: &AspectConfig,
    window_days: f64,
) -> Result<(), ApiInputError> {
    let ExpectedEvents {
        years,
        targets,
        passes,
        events: expected,
    } = expected_events(bodies, natal_points, aspects, window_days);
    if expected <= MAX_EXPECTED_EVENTS {
        return Ok(());
    }
    Err(ApiInputError::new(format!(
        "the window would give about {expected} events ({:.1} years x {targets} natal aspect \
         targets x {passes:.2} passes per year of the transit points); at most \
         {MAX_EXPECTED_EVENTS} are allowed per request: use a shorter window, or fewer \
         transit_points, natal points or aspects",
        years
    ))
    .exceeding(MAX_EXPECTED_EVENTS, expected))
}

/// The response body (see the module documentation).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TransitsResponse {
    /// `snapshot` or `window`.
    pub mode: TransitModeName,
    /// The validated request, echoed.
    pub settings: SettingsDto,
    /// The natal points used.
    pub natal: NatalDto,
    /// `swiss` (the data files) or `moshier` (the analytical model, for dates before 1200 in the
    /// window or at the snapshot).
    pub ephemeris: EphemerisName,
    /// Default transit bodies left out because the window is outside their data (Chiron
    /// before 1200), with the dates they have data for; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
    /// The number of `events`.
    pub event_count: usize,
    pub events: EventsDto,
}

/// The two modes of a transits answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransitModeName {
    /// The aspects in orb at one instant.
    Snapshot,
    /// Every exact aspect in a window.
    Window,
}

/// Which input gave the natal points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TransitsNatalSource)]
pub enum NatalSourceName {
    /// Computed from the birth.
    Natal,
    /// Given in `natal_positions`.
    NatalPositions,
}

/// The validated request, echoed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TransitsSettings)]
pub struct SettingsDto {
    /// The window's start, UTC (ISO 8601); `at` in a snapshot.
    pub start: String,
    /// The window's end, UTC (ISO 8601); `at` in a snapshot.
    pub end: String,
    /// The client's `step_days`, or the spec's default for the transit points; `null` in a
    /// snapshot.
    pub step_days: Option<f64>,
    /// The transiting bodies.
    pub transit_points: Vec<BodyField>,
    /// The aspects looked for.
    pub aspect_names: Vec<AspectField>,
    /// The orbs of a snapshot's aspects (window events are exact).
    pub orbs: OrbsEchoDto,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

/// The natal points used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TransitsNatal)]
pub struct NatalDto {
    /// `natal` (computed from the birth) or `natal_positions` (as given).
    pub source: NatalSourceName,
    /// The birth instant, when computed from `natal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<ResolvedTimeDto>,
    /// Longitude of each natal point, degrees.
    #[schema(value_type = BTreeMap<String, f64>)]
    pub points: OrderedMap<f64>,
    /// Natal bodies without data at the birth (Chiron before 1200), left out, with their
    /// dates; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// The events of either mode.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum EventsDto {
    Window(Vec<WindowEventDto>),
    Snapshot(Vec<SnapshotEventDto>),
}

/// `anyOf`, not the `oneOf` that utoipa derives for an untagged enum: an empty list is a valid
/// answer of either mode, and `oneOf` would require it to match exactly one.
impl utoipa::PartialSchema for EventsDto {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder};
        AnyOfBuilder::new()
            .item(
                ArrayBuilder::new().items(utoipa::openapi::Ref::from_schema_name(
                    WindowEventDto::name(),
                )),
            )
            .item(
                ArrayBuilder::new().items(utoipa::openapi::Ref::from_schema_name(
                    SnapshotEventDto::name(),
                )),
            )
            .description(Some("The events of either mode (`mode` says which)."))
            .into()
    }
}

impl ToSchema for EventsDto {
    fn name() -> std::borrow::Cow<'static, str> {
        "TransitEvents".into()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push((WindowEventDto::name().into(), WindowEventDto::schema()));
        <WindowEventDto as ToSchema>::schemas(schemas);
        schemas.push((SnapshotEventDto::name().into(), SnapshotEventDto::schema()));
        <SnapshotEventDto as ToSchema>::schemas(schemas);
    }
}

/// One exact transit aspect of a window.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = WindowEvent)]
pub struct WindowEventDto {
    /// The transiting body.
    pub transit_point: BodyField,
    /// The natal point: a body, an angle, or a name of `natal_positions` (a string: those
    /// names are the request's).
    pub natal_point: String,
    /// The aspect.
    pub aspect: AspectField,
    /// The aspect's angle, degrees in `[0, 180]`.
    pub angle: f64,
    /// The arc from the natal point to the transiting body: `+angle` ahead, `-angle` behind.
    pub arc: f64,
    /// The exact aspect.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// The transiting body's longitude at `exact_at`, degrees.
    pub transit_longitude: f64,
    /// The transiting body's speed in longitude, degrees per day.
    pub transit_speed: f64,
    /// Whether `transit_speed` is negative.
    pub retrograde: bool,
}

/// One transit aspect in orb at a snapshot's instant.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SnapshotEvent)]
pub struct SnapshotEventDto {
    /// The transiting body.
    pub transit_point: BodyField,
    /// The natal point: a body, an angle, or a name of `natal_positions` (a string: those
    /// names are the request's).
    pub natal_point: String,
    /// The aspect.
    pub aspect: AspectField,
    /// The aspect's angle, degrees in `[0, 180]`.
    pub angle: f64,
    /// The shorter arc between the transiting body and the natal point, degrees.
    pub separation: f64,
    /// `|separation - angle|`, degrees.
    pub orb: f64,
    /// The largest orb this aspect allows here, degrees.
    pub allowed_orb: f64,
    /// Whether the orb is shrinking; `null` for a body standing still.
    pub applying: Option<bool>,
    /// Days to exactness at the current speed; negative: days since exact; `null` for a body
    /// standing still.
    pub exact_in_days: Option<f64>,
    /// The transiting body's longitude at `at`, degrees.
    pub transit_longitude: f64,
    /// The transiting body's speed in longitude, degrees per day.
    pub transit_speed: f64,
    /// Whether `transit_speed` is negative.
    pub retrograde: bool,
}

/// Computes the natal points, then the snapshot or the window.
///
/// # Errors
/// A natal body or a transit point without ephemeris data at the dates is a
/// [`CalcFailure::Input`] naming it; a failure of the library or the search is
/// [`CalcFailure::Internal`].
pub fn compute(eph: &Ephemeris, input: &TransitsInput) -> Result<TransitsResponse, CalcFailure> {
    let report = report(eph, input, false)?;
    let (start, end, step_days) = match input.mode {
        TransitMode::Snapshot { at } => (at, at, None),
        TransitMode::Window {
            start,
            end,
            step_days,
            ..
        } => (start, end, Some(step_days)),
    };
    let (echo_source, resolved) = match &input.natal {
        NatalSource::Positions(_) => (NatalSourceName::NatalPositions, None),
        NatalSource::Birth(birth) => (NatalSourceName::Natal, Some(ResolvedTimeDto::new(birth))),
    };
    let events = match &report.events {
        TransitEvents::Snapshot(aspects) => {
            EventsDto::Snapshot(aspects.iter().map(snapshot_event).collect())
        }
        TransitEvents::Window(found) => EventsDto::Window(
            found
                .iter()
                .map(window_event)
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    // The same echo as every aspect report (the mode plays no part in it).
    let orbs = AspectSettingsDto::new(&input.aspects, AspectPairing::Cross).orbs;
    Ok(TransitsResponse {
        mode: match input.mode {
            TransitMode::Snapshot { .. } => TransitModeName::Snapshot,
            TransitMode::Window { .. } => TransitModeName::Window,
        },
        settings: SettingsDto {
            start: start.to_string(),
            end: end.to_string(),
            step_days,
            transit_points: input.bodies.iter().copied().map(BodyField).collect(),
            aspect_names: input.aspects.aspects().iter().copied().map(Named).collect(),
            orbs,
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        natal: NatalDto {
            source: echo_source,
            resolved,
            points: points_echo(&report.natal_points),
            omitted: omitted_dtos(&report.natal_omitted),
        },
        ephemeris: window_ephemeris(julian_day_ut(start), julian_day_ut(end)),
        omitted: omitted_dtos(&input.omitted),
        event_count: report.events.len(),
        events,
    })
}

/// The transit report of the validated request (the core's one call).
///
/// # Errors
/// As [`compute`].
pub(crate) fn report(
    eph: &Ephemeris,
    input: &TransitsInput,
    sky: bool,
) -> Result<TransitReport, CalcFailure> {
    let span = match input.mode {
        TransitMode::Snapshot { at } => TransitSpan::Snapshot {
            at: julian_day_ut(at),
        },
        TransitMode::Window {
            start,
            end,
            step_cap,
            ..
        } => TransitSpan::Window {
            start: julian_day_ut(start),
            end: julian_day_ut(end),
            step_cap,
        },
    };
    let natal = match &input.natal {
        NatalSource::Positions(points) => TransitNatal::Positions(points),
        NatalSource::Birth(birth) => TransitNatal::Birth {
            jd: birth.jd,
            place: birth.place,
        },
    };
    transit_report(
        eph,
        &TransitQuery {
            natal,
            span,
            bodies: &input.bodies,
            aspects: &input.aspects,
            sky,
        },
    )
    .map_err(report_failure)
}

fn window_event(e: &TransitEvent) -> Result<WindowEventDto, CalcFailure> {
    let instant = timestamp_of(e.exact_at).ok_or_else(|| {
        CalcFailure::Internal(format!(
            "an event at Julian day {} has no UTC instant",
            e.exact_at.0
        ))
    })?;
    Ok(WindowEventDto {
        transit_point: BodyField(e.transit_point),
        natal_point: e.natal_point.clone(),
        aspect: Named(e.aspect),
        angle: e.angle_deg,
        arc: e.arc_deg,
        exact: Stamp::new(event_time(instant), e.exact_at),
        transit_longitude: e.transit_lon.degrees(),
        transit_speed: e.transit_speed_deg_per_day,
        retrograde: e.retrograde,
    })
}

fn snapshot_event(a: &TransitAspect) -> SnapshotEventDto {
    SnapshotEventDto {
        transit_point: BodyField(a.transit_point),
        natal_point: a.hit.second.clone(),
        aspect: Named(a.hit.aspect),
        angle: a.hit.angle_deg,
        separation: a.hit.actual_separation_deg,
        orb: a.hit.orb_deg,
        allowed_orb: a.hit.allowed_orb_deg,
        applying: a.hit.applying,
        exact_in_days: a.hit.exact_in_days,
        transit_longitude: a.transit_lon.degrees(),
        transit_speed: a.transit_speed_deg_per_day,
        retrograde: a.retrograde,
    }
}

/// The natal chart's errors: a body without data or an undefined angle are the client's.
fn report_failure(error: TransitReportError) -> CalcFailure {
    match error {
        TransitReportError::Natal(BirthPointsError::Chart(error)) => chart_failure("natal", error),
        TransitReportError::Natal(error @ BirthPointsError::UndefinedAngle { .. }) => {
            CalcFailure::Input(ApiInputError::labelled("natal.location.latitude", error))
        }
        TransitReportError::Transit(error) => transit_failure(error),
        TransitReportError::Sky(error) => crate::chart_content::cast_failure(error).at_field("at"),
    }
}

/// The search's errors: a position without data is the client's (400, naming the body and the
/// instant); anything else (the window, scan and solver failures, a non-finite speed) cannot
/// follow from a validated request and is ours (500).
fn transit_failure(error: TransitError) -> CalcFailure {
    match error {
        TransitError::Chart(e) => chart_failure("transit_points", e),
        other => CalcFailure::Internal(other.to_string()),
    }
}

/// A chart error, with a body without data told as the field, the body, the instant and the
/// body's dates.
fn chart_failure(field: &str, error: ChartError) -> CalcFailure {
    crate::ephemeris_range::chart_failure_at(field, error)
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{NatalSource, TransitMode, TransitsInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for TransitsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for TransitsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = match &self.natal {
                NatalSource::Birth(birth) => vec![InputInstant::birth("natal", birth)],
                NatalSource::Positions(_) => Vec::new(),
            };
            match &self.mode {
                TransitMode::Snapshot { at } => instants.push(InputInstant::at("at", *at)),
                TransitMode::Window { start, end, .. } => instants.extend([
                    InputInstant::at("start", *start),
                    InputInstant::at("end", *end),
                ]),
            }
            instants
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_astro::aspects::Aspect;

    fn request(json: &str) -> TransitsRequest {
        serde_json::from_str(json).expect("valid request JSON")
    }

    /// Parsed as the server parses a body, then validated: an error of either step.
    fn input(json: &str) -> Result<TransitsInput, ApiInputError> {
        TransitsInput::try_from(&crate::parse::json_body::<TransitsRequest>(
            json.as_bytes(),
        )?)
    }

    fn error(json: &str) -> String {
        input(json).expect_err("an invalid request").message.into()
    }

    const NATAL: &str = r#""natal_positions": {"sun": 10.0, "ascendant": 370.0}"#;
    const WINDOW: &str = r#""start": "2024-01-01T00:00:00Z", "end": "2025-01-01T00:00:00Z""#;

    fn window(extra: &str) -> String {
        format!("{{{NATAL}, {WINDOW}{extra}}}")
    }

    fn eph() -> Ephemeris {
        Ephemeris::open(Ephemeris::default_data_dir()).expect("the ephemeris data directory")
    }

    #[test]
    fn window_defaults() {
        let input = input(&window("")).unwrap();
        assert_eq!(input.bodies, DEFAULT_TRANSIT_BODIES);
        assert_eq!(
            input.aspects.aspects(),
            Aspect::of_categories(&[orrery_astro::aspects::AspectCategory::Major])
        );
        assert_eq!(
            input.aspects.orbs(),
            &orrery_astro::aspects::OrbSpec::Preset(OrbPreset::Transit)
        );
        let TransitMode::Window {
            start,
            end,
            step_cap,
            step_days,
        } = input.mode
        else {
            panic!("window mode expected: {:?}", input.mode);
        };
        assert_eq!(start.to_string(), "2024-01-01T00:00:00Z");
        assert_eq!(end.to_string(), "2025-01-01T00:00:00Z");
        assert_eq!(step_cap, None, "no cap unless the client sets step_days");
        assert!((step_days - 0.25).abs() < f64::EPSILON);
        // Natal positions are reduced to [0, 360) and kept in name order.
        let NatalSource::Positions(points) = &input.natal else {
            panic!("natal_positions expected");
        };
        let named: Vec<(&str, f64)> = points
            .iter()
            .map(|p| (p.name.as_str(), p.lon.degrees()))
            .collect();
        assert_eq!(named, [("ascendant", 10.0), ("sun", 10.0)]);
    }

    #[test]
    fn a_client_step_caps_every_body() {
        let input = input(&window(r#", "step_days": 30"#)).unwrap();
        let TransitMode::Window {
            step_cap,
            step_days,
            ..
        } = input.mode
        else {
            panic!("window mode expected");
        };
        assert_eq!(step_cap, Some(ScanStep::constant(30.0)));
        assert!((step_days - 30.0).abs() < f64::EPSILON);
        for bad in ["0", "-0.5", "30.001", "1e300"] {
            let message = error(&window(&format!(r#", "step_days": {bad}"#)));
            assert!(
                message.starts_with("step_days must be greater than 0 and at most 30"),
                "{bad}: {message}"
            );
        }
        let snapshot = format!(r#"{{{NATAL}, "at": "2024-01-01T00:00:00Z", "step_days": 1}}"#);
        assert!(error(&snapshot).starts_with("step_days applies to window mode only"));
    }

    #[test]
    fn exactly_one_natal_source() {
        let both = format!(
            r#"{{{NATAL}, {WINDOW}, "natal": {{"datetime": "2000-01-01T00:00:00Z",
                "location": {{"latitude": 0, "longitude": 0}}}}}}"#
        );
        assert!(error(&both).starts_with("give either natal (the birth) or natal_positions"));
        let neither = format!("{{{WINDOW}}}");
        assert!(error(&neither).starts_with("natal or natal_positions is required"));
    }

    #[test]
    fn natal_positions_rules() {
        let with =
            |positions: &str| error(&format!(r#"{{"natal_positions": {positions}, {WINDOW}}}"#));
        assert_eq!(with("{}"), "natal_positions must name at least one point");
        assert_eq!(
            with(r#"{"": 1}"#),
            "natal_positions: point names must have 1 to 64 characters (got a name of 0)"
        );
        let long = "x".repeat(65);
        assert!(with(&format!(r#"{{"{long}": 1}}"#)).contains("point names must have 1 to 64"));
        let many: Vec<String> = (0..=MAX_NATAL_POINTS)
            .map(|i| format!(r#""p{i}": 1"#))
            .collect();
        assert_eq!(
            with(&format!("{{{}}}", many.join(","))),
            "natal_positions may hold at most 100 points (got 101)"
        );
        let mut infinite = request(&window(""));
        infinite.natal_positions = Some(BTreeMap::from([("sun".to_owned(), f64::INFINITY)]));
        assert_eq!(
            TransitsInput::try_from(&infinite).unwrap_err().message,
            "natal_positions.sun must be a finite longitude in degrees (got inf)"
        );
    }

    #[test]
    fn exactly_one_mode() {
        let at = r#", "at": "2024-06-01T00:00:00Z""#;
        assert!(error(&window(at)).starts_with(
            "give either at (snapshot mode) or start and end (window mode), not both"
        ));
        assert!(error(&format!("{{{NATAL}}}")).starts_with("give at (snapshot mode"));
        let start_only = format!(r#"{{{NATAL}, "start": "2024-01-01T00:00:00Z"}}"#);
        assert_eq!(
            error(&start_only),
            "end is required with start (window mode)"
        );
        let end_only = format!(r#"{{{NATAL}, "end": "2024-01-01T00:00:00Z"}}"#);
        assert_eq!(error(&end_only), "start is required with end (window mode)");
        let snapshot = input(&format!("{{{NATAL}{at}}}")).unwrap();
        assert!(matches!(snapshot.mode, TransitMode::Snapshot { .. }));
    }

    #[test]
    fn windows_run_forward_for_at_most_100_years() {
        let span = |start: &str, end: &str| {
            input(&format!(
                r#"{{{NATAL}, "start": "{start}", "end": "{end}", "transit_points": ["pluto"]}}"#
            ))
        };
        let same = span("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z").unwrap_err();
        assert!(
            same.message.starts_with("end must be after start"),
            "{same}"
        );
        let backwards = span("2024-01-01T00:00:00Z", "2023-01-01T00:00:00Z").unwrap_err();
        assert!(backwards.message.starts_with("end must be after start"));
        // 2024-01-01 to 2124-01-02 is 36525 days exactly: allowed; a day more is not.
        assert!(span("2024-01-01T00:00:00Z", "2124-01-02T00:00:00Z").is_ok());
        let long = span("2024-01-01T00:00:00Z", "2124-01-03T00:00:00Z").unwrap_err();
        assert_eq!(
            long.message,
            "end must be at most 36525 days (100 years) after start (got 36526 days)"
        );
        let local = span("2024-01-01T00:00:00", "2025-01-01T00:00:00Z").unwrap_err();
        assert!(local.message.starts_with("start must be a UTC date-time"));
    }

    #[test]
    fn transit_points_rules() {
        assert_eq!(
            error(&window(r#", "transit_points": []"#)),
            "transit_points must name at least one body"
        );
        assert!(
            error(&window(r#", "transit_points": ["sun", "vulcan"]"#))
                .starts_with("transit_points[1]: unknown")
        );
        let many: Vec<String> = (1..=33).map(|n| format!(r#""asteroid_{n}""#)).collect();
        assert_eq!(
            error(&window(&format!(
                r#", "transit_points": [{}]"#,
                many.join(",")
            ))),
            "transit_points may name at most 32 bodies (got 33)"
        );
        let input = input(&window(
            r#", "transit_points": ["sun", "mean_lilith", "sun"]"#,
        ))
        .unwrap();
        assert_eq!(input.bodies, [Body::Sun, Body::MeanApogee]);
    }

    #[test]
    fn aspect_options_and_unknown_fields() {
        assert!(error(&window(r#", "aspects": ["squircle"]"#)).starts_with("aspects[0]: unknown"));
        assert!(error(&window(r#", "orbs": "loose""#)).starts_with("orbs: unknown"));
        let minor = input(&window(
            r#", "aspect_types": ["minor"], "orbs": {"max": 0.5}"#,
        ))
        .unwrap();
        assert!(!minor.aspects.aspects().contains(&Aspect::Conjunction));
        let unknown = serde_json::from_str::<TransitsRequest>(&window(r#", "zodiac": "sidereal""#));
        assert!(
            unknown
                .unwrap_err()
                .to_string()
                .contains("unknown field `zodiac`")
        );
    }

    #[test]
    fn the_work_is_bounded_before_it_starts() {
        // A birth gives 14 natal points: 40 years of the default transit points with the major
        // aspects expect about 80 000 events, 50 years about 100 500.
        let birth = r#""natal": {"datetime": "1990-05-15T12:30:00Z",
            "location": {"latitude": 52.52, "longitude": 13.405}}"#;
        let years = |end: &str, extra: &str| {
            input(&format!(
                r#"{{{birth}, "start": "2000-01-01T00:00:00Z", "end": "{end}"{extra}}}"#
            ))
        };
        assert!(years("2040-01-01T00:00:00Z", "").is_ok());
        let message = years("2050-01-01T00:00:00Z", "").unwrap_err().message;
        assert!(
            message.starts_with("the window would give about 100"),
            "{message}"
        );
        assert!(message.contains("at most 100000"), "{message}");
        // The outer planets over a century expect a few thousand.
        let outer =
            r#", "transit_points": ["jupiter", "saturn", "uranus", "neptune", "pluto", "chiron"]"#;
        assert!(years("2099-12-31T00:00:00Z", outer).is_ok());

        // Samples: 10 years at 0.01 day is 365 000 samples per body.
        let message = years("2010-01-01T00:00:00Z", r#", "step_days": 0.01"#)
            .unwrap_err()
            .message;
        assert!(
            message.starts_with("step_days is too small: the window would take"),
            "{message}"
        );
    }

    #[test]
    fn a_birth_gives_planets_node_chiron_and_angles_in_order() {
        let eph = eph();
        let input = input(
            r#"{"natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                "location": {"latitude": 52.52, "longitude": 13.405}},
                "at": "2024-06-01T00:00:00Z"}"#,
        )
        .unwrap();
        let response = compute(&eph, &input).unwrap();
        let names: Vec<&str> = response
            .natal
            .points
            .0
            .iter()
            .map(|(n, _)| n.as_str())
            .collect();
        let mut want: Vec<String> = NATAL_BODIES.iter().map(|b| b.name().into_owned()).collect();
        want.extend(["ascendant".to_owned(), "mc".to_owned()]);
        assert_eq!(names, want);
        assert_eq!(response.natal.source, NatalSourceName::Natal);
        let resolved = response.natal.resolved.as_ref().unwrap();
        assert_eq!(resolved.utc, "1990-05-15T12:30:00Z");
        assert_eq!(response.mode, TransitModeName::Snapshot);
        assert_eq!(response.settings.step_days, None);
        assert_eq!(response.settings.start, "2024-06-01T00:00:00Z");
    }

    #[test]
    fn polar_births_keep_their_angles() {
        // Inside the polar circle Koch is undefined (the library falls back to Porphyry); the
        // library still gives finite angles, up to the pole itself (where the ascendant is an
        // equinox point).
        let eph = eph();
        for latitude in [70.0, 89.9, 90.0, -90.0] {
            let input = input(&format!(
                r#"{{"natal": {{"datetime": "2000-01-01T12:00:00Z",
                    "location": {{"latitude": {latitude}, "longitude": 10.0}}}},
                    "at": "2024-06-01T00:00:00Z"}}"#
            ))
            .unwrap();
            let response = compute(&eph, &input).unwrap();
            let names: Vec<&str> = response.natal.points.0[12..]
                .iter()
                .map(|(n, _)| n.as_str())
                .collect();
            assert_eq!(names, ["ascendant", "mc"], "{latitude}");
        }
    }

    #[test]
    fn data_gaps_are_the_clients_and_name_the_point() {
        let eph = eph();
        let early = input(&format!(
            r#"{{{NATAL}, "start": "1100-01-01T00:00:00Z", "end": "1100-03-01T00:00:00Z",
                "transit_points": ["chiron"]}}"#
        ))
        .unwrap();
        let Err(CalcFailure::Input(e)) = compute(&eph, &early) else {
            panic!("a 400 expected");
        };
        assert!(
            e.message
                .starts_with("transit_points: chiron has no ephemeris data at 1100-01-01")
                && e.message
                    .contains("its data cover 1200-01-09 to 4649-12-31"),
            "{e}"
        );
    }

    #[test]
    fn search_failures_are_ours() {
        let scan = TransitError::Scan {
            body: "mars".into(),
            source: orrery_astro::search::ScanError::BadStep { days: 0.0 },
        };
        assert!(matches!(transit_failure(scan), CalcFailure::Internal(_)));
        let window = TransitError::Window {
            start_jd: 2.0,
            end_jd: 1.0,
        };
        assert!(matches!(transit_failure(window), CalcFailure::Internal(_)));
    }
}
