//! `POST /v1/events`: the sky's calendar between two instants (docs/EVENTS.md).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `start`, `end` | instants with `Z` or an offset; `end` after `start`; the window at most the smallest limit of the `types` (10 years for `lunation`, `void_of_course`, `aspect`; 200 years for the others) |
//! | `types` | one or more of `ingress`, `station`, `retrograde_period`, `lunation`, `void_of_course`, `aspect`, `eclipse`, `local_eclipse`, `perigee`, `apogee`, `perihelion`, `aphelion` |
//! | `bodies` | the bodies of `ingress`, `station`, `retrograde_period`, `aspect` and the apsides; default `sun`..`pluto`, `chiron`; at most [`MAX_BODIES`] |
//! | `zodiac`, `ayanamsa` | the signs of ingresses, lunations, void of course and eclipse degrees: `tropical` (default) or `sidereal` (default ayanamsa `lahiri`) |
//! | `lunation_phases` | `four` (default: new, first quarter, full, last quarter) or `eight` (with the crescents and gibbous phases) |
//! | `void_of_course` | `{bodies}`: the bodies whose Ptolemaic aspects end a void of course; default the classical `sun`..`saturn` |
//! | `aspect_types`, `aspects` | the aspects of `aspect` events, as everywhere (default `major`) |
//! | `location` | `{latitude, longitude, altitude?}`: required by `local_eclipse`, refused without it |
//!
//! # Response
//!
//! `{"events": [...]}`, sorted by time (the start of a period, the greatest phase of an
//! eclipse). Every event has `type`; point events have `exact_at` (UTC to the second) and
//! `exact_at_jd`; periods have `start`, `end` (and their `_jd`). See [`EventDto`].

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::OrbPreset;
use orrery_astro::body::Body;
use orrery_astro::techniques::events::{
    ApsisKind, CLASSICAL_VOID_BODIES, DEFAULT_EVENT_BODIES, EclipseDetails, EclipseKind, Event,
    EventError, EventQuery, EventType, LocalEclipseDetails, LunationPhases, find_events,
};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::{Ephemeris, Observer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::AspectOptionsDto;
use crate::closed_sets::{
    EclipseKindName, EclipseTypeName, EphemerisName, LunationPhaseName, StationDirectionName,
};
use crate::common::{FrameOptions, LocationDto, ZodiacDto, body_list, utc_of};
use crate::datetime::Instant;
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos, window_ephemeris};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{
    AspectCategoryField, AspectField, AyanamsaField, BodyField, Named, OneOf, SignField,
};
use orrery_astro::chart::{MissingData, OmittedBody};

/// Days in a Gregorian year, for the window's length in years.
const DAYS_PER_YEAR: f64 = 365.2425;

/// At most this many bodies.
pub const MAX_BODIES: usize = 32;

/// An event type, as requests and responses name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[schema(as = EventType)]
#[serde(rename_all = "snake_case")]
pub enum EventTypeDto {
    Ingress,
    Station,
    RetrogradePeriod,
    Lunation,
    VoidOfCourse,
    Aspect,
    Eclipse,
    LocalEclipse,
    Perigee,
    Apogee,
    Perihelion,
    Aphelion,
}

impl EventTypeDto {
    fn core(self) -> EventType {
        match self {
            Self::Ingress => EventType::Ingress,
            Self::Station => EventType::Station,
            Self::RetrogradePeriod => EventType::RetrogradePeriod,
            Self::Lunation => EventType::Lunation,
            Self::VoidOfCourse => EventType::VoidOfCourse,
            Self::Aspect => EventType::Aspect,
            Self::Eclipse => EventType::Eclipse,
            Self::LocalEclipse => EventType::LocalEclipse,
            Self::Perigee => EventType::Perigee,
            Self::Apogee => EventType::Apogee,
            Self::Perihelion => EventType::Perihelion,
            Self::Aphelion => EventType::Aphelion,
        }
    }
}

/// Four lunation phases or eight.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[schema(as = LunationPhases)]
#[serde(rename_all = "snake_case")]
pub enum LunationPhasesDto {
    #[default]
    Four,
    Eight,
}

/// The void-of-course rule.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = VoidOfCourse)]
#[serde(deny_unknown_fields)]
pub struct VoidOfCourseDto {
    /// The bodies whose Ptolemaic aspects end a void of course; default `sun`..`saturn` (the
    /// classical rule); add `uranus`, `neptune`, `pluto` for the modern one.
    #[serde(default)]
    pub bodies: Option<Vec<BodyField>>,
}

/// The request body, as sent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventsRequest {
    /// The first instant of the window.
    pub start: Instant,
    /// The last instant of the window: after `start`, and at most the smallest window of the
    /// `types` after it (10 years with `lunation`, `void_of_course` or `aspect`, 200 years
    /// for the others); a longer window is a 400 `limit_exceeded`.
    pub end: Instant,
    /// The event types wanted.
    #[schema(min_items = 1)]
    pub types: Vec<EventTypeDto>,
    /// Body names; default `sun`..`pluto`, `chiron`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<BodyField>>,
    /// `tropical` (default) or `sidereal`.
    #[serde(default)]
    pub zodiac: Option<ZodiacDto>,
    /// With `sidereal`: the ayanamsa (default `lahiri`).
    #[serde(default)]
    pub ayanamsa: Option<AyanamsaField>,
    /// `four` (default) or `eight`.
    #[serde(default)]
    pub lunation_phases: Option<LunationPhasesDto>,
    /// The void-of-course rule's bodies.
    #[serde(default)]
    pub void_of_course: Option<VoidOfCourseDto>,
    /// Aspect categories of `aspect` events; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<AspectCategoryField>>,
    /// Aspect names of `aspect` events; take precedence over `aspect_types`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub aspects: Option<Vec<AspectField>>,
    /// The place of `local_eclipse` events.
    #[serde(default)]
    pub location: Option<LocationDto>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct EventsInput {
    pub query: EventQuery,
    /// Default bodies left out because the window is outside their data.
    pub omitted: Vec<OmittedBody>,
}

impl TryFrom<&EventsRequest> for EventsInput {
    type Error = ApiInputError;

    /// # Errors
    /// An empty `types`, `end` not after `start`, a window over the types' limit
    /// (`limit_exceeded`, before any work), a sidereal option without `sidereal`, too many
    /// bodies, a `location` missing for (or given without) `local_eclipse`.
    fn try_from(request: &EventsRequest) -> Result<Self, Self::Error> {
        if request.types.is_empty() {
            return Err(ApiInputError::field(
                "types",
                "must name at least one event type",
            ));
        }
        let types: Vec<EventType> = request.types.iter().map(|t| t.core()).collect();
        let start = request.start.julian_day();
        let end = request.end.julian_day();
        if end <= start {
            return Err(ApiInputError::field("end", "must be after start"));
        }
        let limit_type = types
            .iter()
            .copied()
            .min_by_key(|t| t.window_limit_years())
            .unwrap_or(EventType::Ingress);
        let limit_days = limit_type.window_limit_days();
        if (end - start).0 > limit_days {
            let years = (end - start).0 / DAYS_PER_YEAR;
            return Err(ApiInputError::limit(
                "end",
                format!(
                    "the window may span at most {} years with type {} (got {years:.2} years)",
                    limit_type.window_limit_years(),
                    limit_type.name()
                ),
                f64::from(limit_type.window_limit_years()),
                (years * 100.0).round() / 100.0,
            ));
        }
        let zodiac = FrameOptions {
            zodiac: request.zodiac,
            ayanamsa: request.ayanamsa.map(|field| field.0),
            ..FrameOptions::default()
        }
        .to_frame(None)?
        .zodiac;
        // A default body without data in the window (Chiron before 1200) is left out and
        // listed, as in charts; one asked for by name stays, and its 400 says why.
        let (bodies, omitted) = match &request.bodies {
            Some(list) => (body_list("bodies", list, Some(MAX_BODIES))?, Vec::new()),
            None => MissingData::LeaveOut.split_over(&DEFAULT_EVENT_BODIES, start, end),
        };
        let void_bodies = match request
            .void_of_course
            .as_ref()
            .and_then(|v| v.bodies.as_ref())
        {
            Some(list) => {
                let bodies = body_list("void_of_course.bodies", list, Some(MAX_BODIES))?;
                if bodies.iter().all(|b| *b == Body::Moon) {
                    return Err(ApiInputError::field(
                        "void_of_course.bodies",
                        "must name at least one body besides the Moon",
                    ));
                }
                bodies
            }
            None => CLASSICAL_VOID_BODIES.to_vec(),
        };
        let aspects = AspectOptionsDto {
            aspect_types: request.aspect_types.clone(),
            aspects: request.aspects.clone(),
            orbs: None,
        }
        .to_config("", OrbPreset::Transit)?
        .aspects()
        .to_vec();
        let wants_local = types.contains(&EventType::LocalEclipse);
        let location: Option<Observer> = request
            .location
            .as_ref()
            .map(|location| location.resolve("location"))
            .transpose()?;
        match (wants_local, location.is_some()) {
            (true, false) => {
                return Err(ApiInputError::field(
                    "location",
                    "is required for type local_eclipse",
                ));
            }
            (false, true) => {
                return Err(ApiInputError::field(
                    "location",
                    "is only used with type local_eclipse",
                ));
            }
            _ => {}
        }
        Ok(Self {
            query: EventQuery {
                start,
                end,
                types,
                bodies,
                zodiac,
                lunation_phases: match request.lunation_phases.unwrap_or_default() {
                    LunationPhasesDto::Four => LunationPhases::Four,
                    LunationPhasesDto::Eight => LunationPhases::Eight,
                },
                void_bodies,
                aspects,
                location,
            },
            omitted,
        })
    }
}

/// The response body.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventsResponse {
    /// The events, sorted by time.
    pub events: Vec<EventDto>,
    /// `swiss` (the data files) or `moshier` (the analytical model, for dates of the window
    /// before 1200).
    pub ephemeris: EphemerisName,
    /// Default bodies left out because the window is outside their data (Chiron before
    /// 1200), with the dates they have data for; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// An instant of an event: UTC to the second, and the Julian day (UT) of the solved instant.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventTime {
    /// The instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
    pub utc: String,
    /// The instant as a Julian day (UT), unrounded.
    pub jd: f64,
}

/// A longitude with its sign and degree in the sign.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ZodiacPosition {
    /// Tropical ecliptic longitude, degrees [0, 360).
    pub longitude: f64,
    /// The sign of `longitude`.
    pub sign: SignField,
    /// Degrees into the sign, [0, 30).
    pub degree: f64,
}

impl From<Longitude> for ZodiacPosition {
    fn from(lon: Longitude) -> Self {
        Self {
            longitude: lon.degrees(),
            sign: Named(lon.sign()),
            degree: lon.degree_in_sign(),
        }
    }
}

/// An eclipse's contacts (those it has), each an instant.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[schema(as = Contacts)]
pub struct ContactsDto {
    /// Solar: first contact of the penumbra with the Earth (global) or of the discs (local);
    /// lunar: the Moon enters the penumbra.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub begin: Option<EventTime>,
    /// Lunar: the Moon enters the umbra; local solar: first contact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial_begin: Option<EventTime>,
    /// Totality (or, solar, the central phase) begins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_begin: Option<EventTime>,
    /// Totality (or the central phase) ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_end: Option<EventTime>,
    /// Lunar: the Moon leaves the umbra; local solar: last contact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial_end: Option<EventTime>,
    /// Solar: last contact of the penumbra with the Earth; lunar: the Moon leaves the penumbra.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EventTime>,
}

/// One event; `type` says which fields it has (the discriminator: each kind is a schema of
/// its own, `IngressEvent`, `StationEvent`, …, named in `crates/server/src/openapi`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = Event)]
pub enum EventDto {
    /// A body enters `sign` (backwards when `retrograde`).
    Ingress {
        /// The body (`sun`, `moon`, …, `chiron`, `mean_node`).
        body: BodyField,
        /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        exact_at: String,
        /// `exact_at` as a Julian day (UT), unrounded.
        exact_at_jd: f64,
        /// The sign entered.
        sign: SignField,
        /// Whether the body enters the sign moving backwards (retrograde).
        retrograde: bool,
    },
    /// A body stands still and turns (`direction`: `retrograde` or `direct`).
    Station {
        /// The body (`sun`, `moon`, …, `chiron`, `mean_node`).
        body: BodyField,
        /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        exact_at: String,
        /// `exact_at` as a Julian day (UT), unrounded.
        exact_at_jd: f64,
        /// `retrograde` (the body turns backwards) or `direct` (it turns forwards again).
        direction: StationDirectionName,
        /// Where the body stands, in the tropical zodiac.
        position: ZodiacPosition,
    },
    /// From the station retrograde to the station direct, with the shadow (`shadow_start`: the
    /// body first reaches the station-direct degree; `shadow_end`: it passes the
    /// station-retrograde degree again).
    RetrogradePeriod {
        /// The body (`sun`, `moon`, …, `chiron`, `mean_node`).
        body: BodyField,
        /// When the period begins, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        start: String,
        /// `start` as a Julian day (UT), unrounded.
        start_jd: f64,
        /// When the period ends, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        end: String,
        /// `end` as a Julian day (UT), unrounded.
        end_jd: f64,
        /// Where the body turns retrograde.
        station_retrograde: ZodiacPosition,
        /// Where the body turns direct.
        station_direct: ZodiacPosition,
        /// When the body first reaches the station-direct degree before the station retrograde;
        /// `null` when outside the window.
        shadow_start: Option<EventTime>,
        /// When the body passes the station-retrograde degree again after the station direct;
        /// `null` when outside the window.
        shadow_end: Option<EventTime>,
    },
    /// The Moon's phase; `moon` is its position.
    Lunation {
        /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        exact_at: String,
        /// `exact_at` as a Julian day (UT), unrounded.
        exact_at_jd: f64,
        /// The phase (the crescents and gibbous phases only with `lunation_phases: eight`).
        phase: LunationPhaseName,
        /// The Moon's position at the phase.
        moon: ZodiacPosition,
    },
    /// The Moon void of course: from its last aspect to its next ingress.
    VoidOfCourse {
        /// When the period begins, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        start: String,
        /// `start` as a Julian day (UT), unrounded.
        start_jd: f64,
        /// When the period ends, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        end: String,
        /// `end` as a Julian day (UT), unrounded.
        end_jd: f64,
        /// The aspect of the Moon's last exact aspect before it goes void (`conjunction`,
        /// `sextile`, …).
        last_aspect: AspectField,
        /// The body of that last aspect.
        last_aspect_body: BodyField,
        /// The sign the Moon enters when the void period ends.
        next_sign: SignField,
    },
    /// `body` and `other_body` in exact aspect; `arc` is `body − other_body` in (-180, 180].
    Aspect {
        /// The body (`sun`, `moon`, …, `chiron`, `mean_node`).
        body: BodyField,
        /// The second body of the aspect.
        other_body: BodyField,
        /// The aspect (`conjunction`, `opposition`, `trine`, …).
        aspect: AspectField,
        /// `body − other_body` at the exact instant, degrees in (-180, 180].
        arc: f64,
        /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
        exact_at: String,
        /// `exact_at` as a Julian day (UT), unrounded.
        exact_at_jd: f64,
        /// `body`'s ecliptic longitude at the exact instant, degrees [0, 360).
        body_longitude: f64,
        /// `other_body`'s ecliptic longitude at the exact instant, degrees [0, 360).
        other_body_longitude: f64,
    },
    // The variants below wrap a type of their own, inlined in the schema (`#[schema(inline)]`):
    // a `$ref` inside a tagged variant's `allOf` is what openapi-python-client cannot read in a
    // union, and it would drop every model that uses the event (`.ci/openapi-check`). Their
    // meaning is in plain comments for the same reason (no `description` beside the parts).
    //
    // A solar or lunar eclipse; `exact_at` is the greatest eclipse (also `greatest_at`).
    Eclipse(#[schema(inline)] Box<EclipseDto>),
    // An eclipse seen from `location`; `exact_at` is the local maximum.
    LocalEclipse(#[schema(inline)] Box<LocalEclipseDto>),
    // The Moon closest to the Earth.
    Perigee(#[schema(inline)] ApsisDto),
    // The Moon farthest from the Earth.
    Apogee(#[schema(inline)] ApsisDto),
    // A planet closest to the Sun.
    Perihelion(#[schema(inline)] ApsisDto),
    // A planet farthest from the Sun.
    Aphelion(#[schema(inline)] ApsisDto),
}

/// An apsis.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ApsisDto {
    /// The body (`sun`, `moon`, …, `chiron`, `mean_node`).
    pub body: BodyField,
    /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
    pub exact_at: String,
    /// `exact_at` as a Julian day (UT), unrounded.
    pub exact_at_jd: f64,
    /// From the Earth (Moon), the Sun (planets), or the barycentre (Uranus, Neptune, Pluto).
    pub distance_au: f64,
}

/// A global eclipse.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EclipseDto {
    /// Whose eclipse.
    pub kind: EclipseKindName,
    /// `total`, `annular`, `hybrid`, `partial` or `penumbral`.
    pub eclipse_type: EclipseTypeName,
    /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
    pub exact_at: String,
    /// `exact_at` as a Julian day (UT), unrounded.
    pub exact_at_jd: f64,
    /// The instant of greatest eclipse (the same as `exact_at`), UTC, ISO 8601 to the second
    /// (`2024-03-20T03:06:21Z`).
    pub greatest_at: String,
    /// The Sun's (solar) or the Moon's (lunar) position at the greatest eclipse.
    pub position: ZodiacPosition,
    /// Solar: the magnitude at the place of greatest eclipse; lunar: the umbral magnitude.
    pub magnitude: f64,
    /// Lunar only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penumbral_magnitude: Option<f64>,
    /// Solar only: the shadow axis' least distance from the Earth's centre, in Earth radii.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gamma: Option<f64>,
    /// The saros series number; `null` when the ephemeris has none for this eclipse.
    pub saros_series: Option<i32>,
    /// The eclipse's member number within its saros series; `null` with `saros_series`.
    pub saros_member: Option<i32>,
    /// Solar only: the geographic latitude where the eclipse is greatest, degrees north.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greatest_latitude: Option<f64>,
    /// Solar only: the geographic longitude where the eclipse is greatest, degrees east.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greatest_longitude: Option<f64>,
    /// The eclipse's contacts (those it has), each an instant.
    pub contacts: ContactsDto,
}

/// An eclipse at the request's location.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LocalEclipseDto {
    /// Whose eclipse.
    pub kind: EclipseKindName,
    /// The type seen here.
    pub eclipse_type: EclipseTypeName,
    /// The exact instant, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).
    pub exact_at: String,
    /// `exact_at` as a Julian day (UT), unrounded.
    pub exact_at_jd: f64,
    /// The Sun's (solar) or the Moon's (lunar) position at the local maximum.
    pub position: ZodiacPosition,
    /// Solar: the magnitude here; lunar: the umbral magnitude.
    pub magnitude: f64,
    /// Solar: the fraction of the Sun's disc covered at the maximum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub obscuration: Option<f64>,
    /// The Sun's (solar) or the Moon's (lunar) true altitude at the maximum, degrees.
    pub altitude: f64,
    /// Whether the maximum is above the horizon.
    pub maximum_visible: bool,
    /// The saros series number; `null` when the ephemeris has none for this eclipse.
    pub saros_series: Option<i32>,
    /// The eclipse's member number within its saros series; `null` with `saros_series`.
    pub saros_member: Option<i32>,
    /// The eclipse's contacts (those it has), each an instant.
    pub contacts: ContactsDto,
}

fn time(jd: JulianDayUt) -> Result<EventTime, CalcFailure> {
    Ok(EventTime {
        utc: utc_of(jd)?,
        jd: jd.0,
    })
}

fn optional_time(jd: Option<JulianDayUt>) -> Result<Option<EventTime>, CalcFailure> {
    jd.map(time).transpose()
}

fn eclipse_dto(e: &EclipseDetails) -> Result<EclipseDto, CalcFailure> {
    Ok(EclipseDto {
        kind: e.kind.into(),
        eclipse_type: OneOf(e.eclipse_type),
        exact_at: utc_of(e.greatest)?,
        exact_at_jd: e.greatest.0,
        greatest_at: utc_of(e.greatest)?,
        position: e.lon.into(),
        magnitude: e.magnitude,
        penumbral_magnitude: e.penumbral_magnitude,
        gamma: e.gamma,
        saros_series: e.saros.map(|s| s.series),
        saros_member: e.saros.map(|s| s.member),
        greatest_latitude: e.greatest_place.map(|p| p.1),
        greatest_longitude: e.greatest_place.map(|p| p.0),
        contacts: ContactsDto {
            begin: optional_time(e.begin)?,
            partial_begin: optional_time(e.partial_begin)?,
            total_begin: optional_time(e.total_begin)?,
            total_end: optional_time(e.total_end)?,
            partial_end: optional_time(e.partial_end)?,
            end: optional_time(e.end)?,
        },
    })
}

fn local_eclipse_dto(e: &LocalEclipseDetails) -> Result<LocalEclipseDto, CalcFailure> {
    let l = &e.local;
    let lunar = e.kind == EclipseKind::Lunar;
    Ok(LocalEclipseDto {
        kind: e.kind.into(),
        eclipse_type: OneOf(l.eclipse_type),
        exact_at: utc_of(l.maximum)?,
        exact_at_jd: l.maximum.0,
        position: e.lon.into(),
        magnitude: l.magnitude,
        obscuration: (!lunar).then_some(l.obscuration),
        altitude: l.altitude_deg,
        maximum_visible: l.maximum_visible,
        saros_series: l.saros.map(|s| s.series),
        saros_member: l.saros.map(|s| s.member),
        contacts: ContactsDto {
            begin: optional_time(l.penumbral_begin)?,
            partial_begin: optional_time(l.first_contact)?,
            total_begin: optional_time(l.second_contact)?,
            total_end: optional_time(l.third_contact)?,
            partial_end: optional_time(l.fourth_contact)?,
            end: optional_time(l.penumbral_end)?,
        },
    })
}

fn event_dto(event: &Event) -> Result<EventDto, CalcFailure> {
    Ok(match event {
        Event::Ingress {
            body,
            exact_at,
            sign,
            retrograde,
        } => EventDto::Ingress {
            body: BodyField(*body),
            exact_at: utc_of(*exact_at)?,
            exact_at_jd: exact_at.0,
            sign: Named(*sign),
            retrograde: *retrograde,
        },
        Event::Station {
            body,
            exact_at,
            direction,
            lon,
        } => EventDto::Station {
            body: BodyField(*body),
            exact_at: utc_of(*exact_at)?,
            exact_at_jd: exact_at.0,
            direction: (*direction).into(),
            position: (*lon).into(),
        },
        Event::RetrogradePeriod {
            body,
            start,
            end,
            station_retrograde_lon,
            station_direct_lon,
            shadow_start,
            shadow_end,
        } => EventDto::RetrogradePeriod {
            body: BodyField(*body),
            start: utc_of(*start)?,
            start_jd: start.0,
            end: utc_of(*end)?,
            end_jd: end.0,
            station_retrograde: (*station_retrograde_lon).into(),
            station_direct: (*station_direct_lon).into(),
            shadow_start: optional_time(*shadow_start)?,
            shadow_end: optional_time(*shadow_end)?,
        },
        Event::Lunation {
            exact_at,
            phase,
            moon_lon,
        } => EventDto::Lunation {
            exact_at: utc_of(*exact_at)?,
            exact_at_jd: exact_at.0,
            phase: OneOf(*phase),
            moon: (*moon_lon).into(),
        },
        Event::VoidOfCourse {
            start,
            end,
            last_aspect,
            last_aspect_body,
            next_sign,
        } => EventDto::VoidOfCourse {
            start: utc_of(*start)?,
            start_jd: start.0,
            end: utc_of(*end)?,
            end_jd: end.0,
            last_aspect: Named(*last_aspect),
            last_aspect_body: BodyField(*last_aspect_body),
            next_sign: Named(*next_sign),
        },
        Event::Aspect {
            first,
            second,
            aspect,
            arc_deg,
            exact_at,
            first_lon,
            second_lon,
        } => EventDto::Aspect {
            body: BodyField(*first),
            other_body: BodyField(*second),
            aspect: Named(*aspect),
            arc: *arc_deg,
            exact_at: utc_of(*exact_at)?,
            exact_at_jd: exact_at.0,
            body_longitude: first_lon.degrees(),
            other_body_longitude: second_lon.degrees(),
        },
        Event::Eclipse(e) => EventDto::Eclipse(Box::new(eclipse_dto(e)?)),
        Event::LocalEclipse(e) => EventDto::LocalEclipse(Box::new(local_eclipse_dto(e)?)),
        Event::Apsis {
            kind,
            body,
            exact_at,
            distance_au,
        } => {
            let apsis = ApsisDto {
                body: BodyField(*body),
                exact_at: utc_of(*exact_at)?,
                exact_at_jd: exact_at.0,
                distance_au: *distance_au,
            };
            match kind {
                ApsisKind::Perigee => EventDto::Perigee(apsis),
                ApsisKind::Apogee => EventDto::Apogee(apsis),
                ApsisKind::Perihelion => EventDto::Perihelion(apsis),
                ApsisKind::Aphelion => EventDto::Aphelion(apsis),
            }
        }
    })
}

impl From<EventError> for CalcFailure {
    fn from(error: EventError) -> Self {
        match error {
            EventError::Chart(e) => e.into(),
            EventError::Ephemeris(e) => e.into(),
            EventError::Window { .. } | EventError::MissingLocation => {
                CalcFailure::Input(ApiInputError::new(error.to_string()))
            }
            EventError::Scan { .. }
            | EventError::Solve { .. }
            | EventError::NoAspectBeforeIngress { .. } => CalcFailure::Internal(error.to_string()),
        }
    }
}

/// Computes the calendar.
///
/// # Errors
/// A body or date outside the ephemeris files (400); a failure of the search or the library
/// (500).
pub fn compute(eph: &Ephemeris, input: &EventsInput) -> Result<EventsResponse, CalcFailure> {
    let events = find_events(eph, &input.query)?;
    Ok(EventsResponse {
        events: events.iter().map(event_dto).collect::<Result<_, _>>()?,
        ephemeris: window_ephemeris(input.query.start, input.query.end),
        omitted: omitted_dtos(&input.omitted),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::EventsInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for EventsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for EventsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![
                InputInstant::utc("start", self.query.start),
                InputInstant::utc("end", self.query.end),
            ]
        }
    }
}
