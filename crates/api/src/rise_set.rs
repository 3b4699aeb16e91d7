//! `POST /v1/rise-transit-set`: rise, upper meridian transit (`transit`), set and lower meridian
//! transit (`anti_transit`) of bodies at a place: the next of each after `datetime`, or with
//! `end` every event in the window (series mode).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `datetime` | required; ISO 8601 with `Z` or an offset: the search start |
//! | `end` | optional; the same form; series mode: every event in `[datetime, end]`, at most [`MAX_SERIES_DAYS`] days |
//! | `location` | required; `{latitude -90..90, longitude -180..180, altitude?}`, altitude in metres -500..25000, default 0 |
//! | `bodies` | default `["sun", "moon"]`; 1..[`MAX_BODIES`] names, no repeats: sun..pluto, chiron, pholus, ceres, pallas, juno, vesta, `asteroid_<number>` |
//! | `events` | default `["rise", "transit", "set"]`; a non-empty subset of `rise`, `set`, `transit`, `anti_transit`, no repeats |
//! | `atmosphere` | `{pressure, temperature}` for the refraction: hPa [`PRESSURE_HPA`](crate::refraction::PRESSURE_HPA) (default 1013.25, also at altitude), °C [`TEMPERATURE_C`](crate::refraction::TEMPERATURE_C) (default 15) |
//! | `disc` | `upper_limb` (default: the Sun's and the Moon's upper limb touches the horizon, as almanacs give it) or `center`; other bodies always use their centre |
//!
//! Refraction is always applied (docs/CONVENTIONS.md). The lunar nodes and apogees
//! and `earth` have no rise or set: a 400 names them.
//!
//! # Response
//!
//! ```json
//! {
//!   "mode": "next",
//!   "settings": {
//!     "start": "2024-03-20T00:00:00Z", "start_jd": 2460389.5,
//!     "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0},
//!     "bodies": ["sun", "moon"], "events": ["rise", "transit", "set"], "disc": "upper_limb",
//!     "atmosphere": {"pressure": 1013.25, "temperature": 15.0}
//!   },
//!   "event_count": 6,
//!   "bodies": {
//!     "sun": {"disc": "upper_limb", "events": [
//!       {"event": "rise", "time": "2024-03-20T05:08:11Z", "time_jd": 2460389.714},
//!       {"event": "transit", "time": "2024-03-20T11:13:43Z", "time_jd": 2460389.968}, …]},
//!     "moon": {…}
//!   },
//!   "missing": [
//!     {"body": "sun", "event": "rise", "reason": "above_horizon",
//!      "searched_until": "2024-06-22T02:00:00Z", "message": "…"}
//!   ]
//! }
//! ```
//!
//! * `mode` is `next` or `series`; `settings.end`/`end_jd` are there in series mode.
//! * `bodies` is keyed by body in the request's order; each has the point of the disc used and
//!   its events in time order (all kinds mixed), `time` in UTC to the second, `time_jd` the
//!   Julian day (UT) as found.
//! * `missing` lists each body and kind without an event: in next mode when the library finds
//!   none within about a day of the start (26 hours where it searches slowly: beyond 60° of
//!   latitude, the Sun beyond 65°, Chiron and the asteroids); in series mode when the window
//!   holds no event of that kind at all. `reason`: `above_horizon` (the body stayed above the
//!   horizon from the start to `searched_until`: the midnight sun, a circumpolar Moon),
//!   `below_horizon` (stayed below: polar night), `not_in_span` (it crossed the horizon only
//!   the other way, or the window is shorter than the time to the next event). This is not an
//!   error.
//!
//! # Errors
//!
//! Validation errors name the field and the rule (`location.latitude must be between -90 and
//! 90 (got 91.5)`, `bodies[1] repeats "sun"`, `end must be at most 62 days after datetime`).
//! Dates outside the ephemeris files (1200–4800; numbered asteroids with their files only) are
//! a 400 naming the body.

use jiff::Timestamp;
use orrery_astro::body::Body;
use orrery_astro::techniques::rise_set::{
    BodyEvents, DEFAULT_BODIES, Disc, MAX_BODIES, MAX_SERIES_DAYS, Missing, MissingReason,
    RiseSetError, RiseSetEvent, RiseSetSearch, Window, check_in_sky, find_rise_set, sky_body_names,
};
use orrery_astro::time::julian_day_ut;
use orrery_ephem::Atmosphere;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::named_by_the_core;
use crate::common::LocationEcho;
use crate::common::{LocationDto, OrderedMap, utc_of};
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, OneOf};
use crate::presets::{AppliedPreset, PresetEcho};
use crate::refraction::{DEFAULT_PRESSURE_HPA, DEFAULT_TEMPERATURE_C, PressureHpa, TemperatureC};
use orrery_astro::presets::RiseSetDisc;

/// A kind of event, as the API names it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RiseSetEvent)]
pub enum EventDto {
    Rise,
    Set,
    Transit,
    AntiTransit,
}

impl EventDto {
    fn core(self) -> RiseSetEvent {
        match self {
            EventDto::Rise => RiseSetEvent::Rise,
            EventDto::Set => RiseSetEvent::Set,
            EventDto::Transit => RiseSetEvent::Transit,
            EventDto::AntiTransit => RiseSetEvent::AntiTransit,
        }
    }
}

impl From<RiseSetEvent> for EventDto {
    fn from(event: RiseSetEvent) -> Self {
        match event {
            RiseSetEvent::Rise => EventDto::Rise,
            RiseSetEvent::Set => EventDto::Set,
            RiseSetEvent::Transit => EventDto::Transit,
            RiseSetEvent::AntiTransit => EventDto::AntiTransit,
        }
    }
}

impl From<Disc> for DiscDto {
    fn from(disc: Disc) -> Self {
        match disc {
            Disc::UpperLimb => DiscDto::UpperLimb,
            Disc::Center => DiscDto::Center,
        }
    }
}

impl From<RiseSetDisc> for DiscDto {
    fn from(disc: RiseSetDisc) -> Self {
        match disc {
            RiseSetDisc::UpperLimb => DiscDto::UpperLimb,
            RiseSetDisc::Center => DiscDto::Center,
        }
    }
}

/// Why an event was not found, by its name.
pub type MissingReasonName = OneOf<MissingReason>;

named_by_the_core!(
    MissingReason,
    &[
        MissingReason::AboveHorizon,
        MissingReason::BelowHorizon,
        MissingReason::NotInSpan,
    ],
    "RiseSetMissingReason",
    "Why an event was not found: the body stays above (`above_horizon`) or below \
     (`below_horizon`) the horizon, or the span searched ends before it (`not_in_span`)."
);

/// Which search a rise-set answer comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RiseSetMode)]
pub enum ModeName {
    /// The next event of each kind after `start`.
    Next,
    /// Every event between `start` and `end`.
    Series,
}

/// The default `events`.
pub const DEFAULT_EVENTS: [EventDto; 3] = [EventDto::Rise, EventDto::Transit, EventDto::Set];

/// Which point of the Sun's and the Moon's disc.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Disc)]
#[serde(rename_all = "snake_case")]
pub enum DiscDto {
    #[default]
    UpperLimb,
    Center,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[schema(as = Atmosphere)]
#[serde(deny_unknown_fields)]
pub struct AtmosphereDto {
    /// Air pressure for refraction in hPa, 1..1100; default 1013.25.
    #[serde(default)]
    pub pressure: Option<PressureHpa>,
    /// Air temperature for refraction in °C, -100..60; default 15.
    #[serde(default)]
    pub temperature: Option<TemperatureC>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RiseSetRequest {
    /// Search start.
    pub datetime: Instant,
    /// Window end, not before `datetime`, at most 62 days after it: every event in the window; default the next event of each kind.
    #[serde(default)]
    pub end: Option<Instant>,
    /// The observer's place.
    pub location: LocationDto,
    /// Body names, 1..12, no repeats (not the lunar nodes/apogees or `earth`); default `sun`, `moon`.
    #[serde(default)]
    pub bodies: Option<Vec<BodyField>>,
    /// Any of `rise`, `transit`, `set`, `anti_transit`, no repeats; default `rise`, `transit`, `set`.
    #[serde(default)]
    pub events: Option<Vec<EventDto>>,
    /// The air for refraction; every part has a default.
    #[serde(default)]
    pub atmosphere: Option<AtmosphereDto>,
    /// `upper_limb` (default) or `center`: the Sun's and the Moon's point of the disc; other bodies always use the centre.
    #[serde(default)]
    pub disc: Option<DiscDto>,
    /// Whether rising and setting include atmospheric refraction; default true.
    #[serde(default)]
    pub refraction: Option<bool>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for `disc` and `refraction` where
    /// left unset; echoed in `settings.preset`.
    #[serde(default)]
    pub preset: Option<crate::names::PresetField>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct RiseSetInput {
    pub search: RiseSetSearch,
    pub start: Timestamp,
    pub end: Option<Timestamp>,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

fn parse_sky_bodies(names: Option<&[BodyField]>) -> Result<Vec<Body>, ApiInputError> {
    let Some(names) = names else {
        return Ok(DEFAULT_BODIES.to_vec());
    };
    if names.is_empty() {
        return Err(ApiInputError::field(
            "bodies",
            "must name at least one body",
        ));
    }
    if names.len() > MAX_BODIES {
        return Err(ApiInputError::too_many(
            "bodies",
            format!("may name at most {MAX_BODIES} bodies (got {})", names.len()),
            MAX_BODIES,
            names.len(),
        ));
    }
    let mut bodies: Vec<Body> = Vec::with_capacity(names.len());
    for (i, &BodyField(body)) in names.iter().enumerate() {
        let field = format!("bodies[{i}]");
        let name = body.name();
        let accepted = || {
            format!(
                "must be one of {} (got {name:?})",
                sky_body_names().join(", ")
            )
        };
        if let Err(error) = check_in_sky(body) {
            return Err(ApiInputError::field(
                &field,
                format!("{}: {error}", accepted()),
            ));
        }
        if bodies.contains(&body) {
            return Err(ApiInputError::field(&field, format!("repeats {name:?}")));
        }
        bodies.push(body);
    }
    Ok(bodies)
}

fn parse_events(events: Option<&[EventDto]>) -> Result<Vec<RiseSetEvent>, ApiInputError> {
    let events = events.unwrap_or(&DEFAULT_EVENTS);
    if events.is_empty() {
        return Err(ApiInputError::field(
            "events",
            "must name at least one of rise, set, transit, anti_transit",
        ));
    }
    let mut kinds: Vec<RiseSetEvent> = Vec::with_capacity(events.len());
    for (i, event) in events.iter().enumerate() {
        let kind = event.core();
        if kinds.contains(&kind) {
            return Err(ApiInputError::field(
                &format!("events[{i}]"),
                format!("repeats {:?}", kind.name()),
            ));
        }
        kinds.push(kind);
    }
    Ok(kinds)
}

impl TryFrom<&RiseSetRequest> for RiseSetInput {
    type Error = ApiInputError;

    fn try_from(request: &RiseSetRequest) -> Result<Self, ApiInputError> {
        let start = request.datetime.timestamp();
        let end = request.end.map(Instant::timestamp);
        let start_jd = julian_day_ut(start);
        let window = match end {
            None => Window::Next,
            Some(end) => {
                let end_jd = julian_day_ut(end);
                if end < start {
                    return Err(ApiInputError::field(
                        "end",
                        format!("must not be before datetime (got {end}, datetime {start})"),
                    ));
                }
                let days = (end_jd - start_jd).0;
                if days > MAX_SERIES_DAYS {
                    return Err(ApiInputError::limit(
                        "end",
                        format!(
                            "must be at most {MAX_SERIES_DAYS} days after datetime (got {days:.6} days)"
                        ),
                        MAX_SERIES_DAYS,
                        days,
                    ));
                }
                Window::Series { end: end_jd }
            }
        };
        let place = request.location.resolve("location")?;
        let given_disc = request.disc.map(|disc| match disc {
            DiscDto::UpperLimb => RiseSetDisc::UpperLimb,
            DiscDto::Center => RiseSetDisc::Center,
        });
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let (disc, refraction) = match &mut preset {
            Some(preset) => preset.rise_set(given_disc, request.refraction),
            None => (
                given_disc.unwrap_or(RiseSetDisc::UpperLimb),
                request.refraction.unwrap_or(true),
            ),
        };
        let atmosphere = request.atmosphere.unwrap_or_default();
        let pressure = atmosphere
            .pressure
            .map_or(DEFAULT_PRESSURE_HPA, |pressure| pressure.get());
        let temperature = atmosphere
            .temperature
            .map_or(DEFAULT_TEMPERATURE_C, |temperature| temperature.get());
        Ok(RiseSetInput {
            search: RiseSetSearch {
                place,
                atmosphere: Atmosphere {
                    pressure_mbar: Some(pressure),
                    temperature_c: temperature,
                },
                disc: match disc {
                    RiseSetDisc::UpperLimb => Disc::UpperLimb,
                    RiseSetDisc::Center => Disc::Center,
                },
                refraction,
                bodies: parse_sky_bodies(request.bodies.as_deref())?,
                events: parse_events(request.events.as_deref())?,
                start: start_jd,
                window,
            },
            start,
            end,
            preset,
        })
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct AtmosphereEcho {
    /// hPa.
    pub pressure: f64,
    /// °C.
    pub temperature: f64,
}

/// The request as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RiseSetSettings)]
pub struct RiseSetSettingsDto {
    /// The start of the search, UTC, ISO 8601 to the second.
    pub start: String,
    /// `start` as a Julian day (UT).
    pub start_jd: f64,
    /// The end of the search window, UTC, ISO 8601 to the second; absent for the next event only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// `end` as a Julian day (UT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_jd: Option<f64>,
    pub location: LocationEcho,
    /// The bodies, as resolved.
    pub bodies: Vec<BodyField>,
    /// The events searched.
    pub events: Vec<EventDto>,
    /// `upper_limb` or `center`: the Sun's and the Moon's.
    pub disc: DiscDto,
    /// Whether rising and setting include refraction.
    pub refraction: bool,
    /// The atmosphere assumed for refraction.
    pub atmosphere: AtmosphereEcho,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

/// One event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RiseSetTime)]
pub struct EventTimeDto {
    /// `rise`, `set`, `transit` or `anti_transit`.
    pub event: EventDto,
    /// UTC to the second.
    pub time: String,
    /// Julian day (UT).
    pub time_jd: f64,
}

/// The events of one body.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = BodyEvents)]
pub struct BodyEventsDto {
    /// The point of the disc used: the request's for the Sun and the Moon, `center` otherwise.
    pub disc: DiscDto,
    /// In time order.
    pub events: Vec<EventTimeDto>,
}

/// A body and kind of event without an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Missing)]
pub struct MissingDto {
    /// The body whose event was not found.
    pub body: BodyField,
    /// The event not found.
    pub event: EventDto,
    /// Why it was not found.
    pub reason: MissingReasonName,
    /// The end of the span searched (series: `end`; next mode: the library's span).
    pub searched_until: String,
    /// Why the event was not found (the body is circumpolar, or stays below the horizon).
    pub message: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RiseSetResponse {
    /// `next` or `series`.
    pub mode: ModeName,
    pub settings: RiseSetSettingsDto,
    /// The number of events found over all bodies.
    pub event_count: usize,
    /// Keyed by body, in the request's order.
    #[schema(value_type = BTreeMap<String, BodyEventsDto>)]
    pub bodies: OrderedMap<BodyEventsDto>,
    /// Events not found, each with why; empty when none.
    pub missing: Vec<MissingDto>,
}

fn failure(error: RiseSetError) -> CalcFailure {
    match error {
        RiseSetError::Ephemeris { body, source } => match CalcFailure::from(source) {
            CalcFailure::Input(mut e) => {
                e.message.prepend(&format!("{body}: "));
                CalcFailure::Input(e.prefixed("bodies"))
            }
            internal @ CalcFailure::Internal(_) => internal,
        },
        RiseSetError::NotInSky { .. } | RiseSetError::Window { .. } => {
            CalcFailure::Input(ApiInputError::new(error.to_string()))
        }
        RiseSetError::Stalled { .. } => CalcFailure::Internal(error.to_string()),
    }
}

fn missing_dto(body: Body, missing: &Missing, until: &str) -> MissingDto {
    let name = body.name().into_owned();
    let event = missing.event.name();
    let message = match missing.reason {
        MissingReason::AboveHorizon => format!(
            "{name} has no {event} before {until}: it stays above the horizon (circumpolar, \
             e.g. the midnight sun)"
        ),
        MissingReason::BelowHorizon => format!(
            "{name} has no {event} before {until}: it stays below the horizon (e.g. polar night)"
        ),
        MissingReason::NotInSpan => format!(
            "{name} has no {event} before {until}: the span searched is shorter than the time to \
             the next one"
        ),
    };
    MissingDto {
        body: BodyField(body),
        event: missing.event.into(),
        reason: OneOf(missing.reason),
        searched_until: until.to_owned(),
        message,
    }
}

fn body_dto(
    found: &BodyEvents,
    missing: &mut Vec<MissingDto>,
) -> Result<BodyEventsDto, CalcFailure> {
    for m in &found.missing {
        missing.push(missing_dto(found.body, m, &utc_of(m.searched_until)?));
    }
    Ok(BodyEventsDto {
        disc: found.disc.into(),
        events: found
            .events
            .iter()
            .map(|e| {
                Ok(EventTimeDto {
                    event: e.event.into(),
                    time: utc_of(e.at)?,
                    time_jd: e.at.0,
                })
            })
            .collect::<Result<_, CalcFailure>>()?,
    })
}

/// Finds the events.
///
/// # Errors
/// No ephemeris data for a body at the dates (a 400 naming it), or a failure of the library or
/// the search (a 500).
pub fn compute(
    eph: &orrery_ephem::Ephemeris,
    input: &RiseSetInput,
) -> Result<RiseSetResponse, CalcFailure> {
    let search = &input.search;
    let found = find_rise_set(eph, search).map_err(failure)?;
    let mut bodies = OrderedMap::default();
    let mut missing = Vec::new();
    let mut event_count = 0;
    for body in &found {
        event_count += body.events.len();
        bodies
            .0
            .push((body.body.name().into_owned(), body_dto(body, &mut missing)?));
    }
    Ok(RiseSetResponse {
        mode: match search.window {
            Window::Next => ModeName::Next,
            Window::Series { .. } => ModeName::Series,
        },
        settings: RiseSetSettingsDto {
            start: input.start.to_string(),
            start_jd: search.start.0,
            end: input.end.map(|t| t.to_string()),
            end_jd: match search.window {
                Window::Next => None,
                Window::Series { end } => Some(end.0),
            },
            location: LocationEcho::from(search.place),
            bodies: search.bodies.iter().copied().map(BodyField).collect(),
            events: search.events.iter().copied().map(EventDto::from).collect(),
            disc: search.disc.into(),
            refraction: search.refraction,
            atmosphere: AtmosphereEcho {
                pressure: search
                    .atmosphere
                    .pressure_mbar
                    .unwrap_or(DEFAULT_PRESSURE_HPA),
                temperature: search.atmosphere.temperature_c,
            },
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        event_count,
        bodies,
        missing,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::RiseSetInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for RiseSetInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for RiseSetInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = vec![InputInstant::at("datetime", self.start)];
            instants.extend(self.end.map(|end| InputInstant::at("end", end)));
            instants
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(value: serde_json::Value) -> Result<RiseSetInput, ApiInputError> {
        let request: RiseSetRequest = serde_json::from_value(value).unwrap();
        RiseSetInput::try_from(&request)
    }

    fn place() -> serde_json::Value {
        json!({"latitude": 52.52, "longitude": 13.405})
    }

    #[test]
    fn defaults() {
        let got = input(json!({"datetime": "2024-03-20T00:00:00Z", "location": place()})).unwrap();
        let s = got.search;
        assert_eq!(s.bodies, [Body::Sun, Body::Moon]);
        assert_eq!(
            s.events,
            [RiseSetEvent::Rise, RiseSetEvent::Transit, RiseSetEvent::Set]
        );
        assert_eq!(s.disc, Disc::UpperLimb);
        assert_eq!(s.window, Window::Next);
        assert_eq!(s.atmosphere.pressure_mbar, Some(DEFAULT_PRESSURE_HPA));
        assert!((s.atmosphere.temperature_c - DEFAULT_TEMPERATURE_C).abs() < 1e-12);
        assert!(s.place.alt_m.abs() < 1e-12);
    }

    #[test]
    fn window_rules() {
        let p = place();
        let d = "2024-03-20T00:00:00Z";
        // The longest window is allowed; a second more is not. Every other rule is checked over
        // HTTP (`crates/server/tests/http/rise_set.rs`).
        let longest = input(json!({"datetime": d, "end": "2024-05-21T00:00:00Z", "location": p}));
        assert!(matches!(
            longest.unwrap().search.window,
            Window::Series { .. }
        ));
        let message = input(json!({"datetime": d, "end": "2024-05-21T00:00:01Z", "location": p}))
            .unwrap_err()
            .message;
        assert_eq!(
            message,
            "end must be at most 62 days after datetime (got 62.000012 days)"
        );
    }

    #[test]
    fn a_lunar_point_says_why() {
        let message = input(
            json!({"datetime": "2024-03-20T00:00:00Z", "location": place(),
            "bodies": ["true_node"]}),
        )
        .unwrap_err()
        .message;
        assert!(
            message.contains("true_node is a point of the Moon's orbit")
                && !message.contains("earth,"),
            "{message}"
        );
    }
}
