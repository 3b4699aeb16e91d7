//! The sky's calendar: ingresses, stations, retrograde periods with their shadows, lunations,
//! the void-of-course Moon, mundane aspects, apsides and eclipses between two instants, as one
//! list sorted by time ([`find_events`]). The conventions (what void of course and the shadow
//! mean, the eclipse types) are in `docs/EVENTS.md`.
//!
//! Everything but the eclipses is found by the event search ([`crate::search`]): each body (or
//! pair of bodies) is sampled once at the step its motion declares ([`super::motion`]) on a
//! grid shared by all types ([`sampler`]), and the one [`Track`](crate::search::Track) of it
//! serves every event type that follows it: the track of a body gives its ingresses (the
//! crossings of the sign cusps), its stations (the turning points) and its retrograde periods;
//! the track of the Moon's elongation from the Sun gives the lunations; the track of the
//! difference of two longitudes gives their aspects (and the void-of-course Moon's last
//! aspects, which the aspect type then takes rather than search again). The eclipses come from
//! the library's own eclipse functions ([`eclipses`]).
//!
//! # Windows
//!
//! A point event belongs to the window `[start, end]` when its exact time does; a period
//! (retrograde, void of course) when it overlaps the window. A period is always given whole, so
//! its start may lie before the window's start and its end after the window's end.

mod apsides;
mod aspects;
mod bodies;
mod eclipses;
mod lunations;
mod sampler;
mod shadow;
mod void;

use orrery_ephem::{EphemError, Ephemeris, Observer, Zodiac};

pub use eclipses::{EclipseDetails, EclipseKind, LocalEclipseDetails};
pub use lunations::{LunationPhase, LunationPhases};

use self::aspects::FoundAspects;
use self::sampler::Sampler;
use crate::angle::{Longitude, Sign};
use crate::aspects::Aspect;
use crate::body::Body;
use crate::chart::ChartError;
use crate::search::{ScanError, SearchError, SolveError, Tolerance};
use crate::time::JulianDayUt;

/// How close to the ephemeris' exact time each event is: half a second, so that an instant
/// written to the second is the right second (or its neighbour at a half-second boundary).
/// Stations are solved to the same tolerance on the speed's zero.
pub const EVENT_TOLERANCE: Tolerance = Tolerance::HALF_SECOND;

/// The bodies of a calendar unless a request names them: the Sun to Pluto, and Chiron.
pub const DEFAULT_EVENT_BODIES: [Body; 11] = super::transits::DEFAULT_TRANSIT_BODIES;

/// The classical void-of-course rule's bodies: the Sun to Saturn (docs/EVENTS.md).
pub const CLASSICAL_VOID_BODIES: [Body; 6] = [
    Body::Sun,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
];

/// The aspects that end a void of course: the five Ptolemaic aspects.
pub const PTOLEMAIC_ASPECTS: [Aspect; 5] = [
    Aspect::Conjunction,
    Aspect::Sextile,
    Aspect::Square,
    Aspect::Trine,
    Aspect::Opposition,
];

/// The kinds of events, in the order events of the same instant are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventType {
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

/// About 365.2425 days: the window limits are given in years.
const DAYS_PER_YEAR: f64 = 365.2425;

impl EventType {
    /// Every type, in listing order.
    pub const ALL: [Self; 12] = [
        Self::Ingress,
        Self::Station,
        Self::RetrogradePeriod,
        Self::Lunation,
        Self::VoidOfCourse,
        Self::Aspect,
        Self::Eclipse,
        Self::LocalEclipse,
        Self::Perigee,
        Self::Apogee,
        Self::Perihelion,
        Self::Aphelion,
    ];

    /// The snake_case names, in listing order.
    pub const NAMES: [&'static str; 12] = [
        "ingress",
        "station",
        "retrograde_period",
        "lunation",
        "void_of_course",
        "aspect",
        "eclipse",
        "local_eclipse",
        "perigee",
        "apogee",
        "perihelion",
        "aphelion",
    ];

    /// The snake_case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The longest window a request of this type may ask for, in years (docs/CONVENTIONS.md,
    /// Limits): the frequent events (lunations, void of course, aspects) 10 years, the rare
    /// ones 200.
    #[must_use]
    pub fn window_limit_years(self) -> u32 {
        match self {
            Self::Lunation | Self::VoidOfCourse | Self::Aspect => 10,
            _ => 200,
        }
    }

    /// [`EventType::window_limit_years`] in days.
    #[must_use]
    pub fn window_limit_days(self) -> f64 {
        f64::from(self.window_limit_years()) * DAYS_PER_YEAR
    }
}

/// Which way a body turns at a station.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StationDirection {
    /// It stops and turns backwards.
    Retrograde,
    /// It stops and turns forwards again.
    Direct,
}

/// Perigee and apogee (the Moon's distance from the Earth), perihelion and aphelion (a
/// planet's distance from the Sun).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApsisKind {
    Perigee,
    Apogee,
    Perihelion,
    Aphelion,
}

impl ApsisKind {
    fn event_type(self) -> EventType {
        match self {
            Self::Perigee => EventType::Perigee,
            Self::Apogee => EventType::Apogee,
            Self::Perihelion => EventType::Perihelion,
            Self::Aphelion => EventType::Aphelion,
        }
    }
}

/// One event of the calendar.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A body enters `sign` (backwards into it when `retrograde`).
    Ingress {
        body: Body,
        exact_at: JulianDayUt,
        sign: Sign,
        retrograde: bool,
    },
    /// A body stands still in longitude and turns.
    Station {
        body: Body,
        exact_at: JulianDayUt,
        direction: StationDirection,
        lon: Longitude,
    },
    /// From the station retrograde (`start`) to the station direct (`end`), with the shadow:
    /// from when the body first reaches the later station's longitude (`shadow_start`) to when
    /// it leaves the earlier station's longitude behind (`shadow_end`). A shadow end outside
    /// the data's years is `None`.
    RetrogradePeriod {
        body: Body,
        start: JulianDayUt,
        end: JulianDayUt,
        station_retrograde_lon: Longitude,
        station_direct_lon: Longitude,
        shadow_start: Option<JulianDayUt>,
        shadow_end: Option<JulianDayUt>,
    },
    /// The Moon's elongation from the Sun reaches a multiple of 90° (or 45°).
    Lunation {
        exact_at: JulianDayUt,
        phase: LunationPhase,
        moon_lon: Longitude,
    },
    /// From the Moon's last exact aspect (`last_aspect` with `last_aspect_body`) to its entry
    /// into `next_sign`.
    VoidOfCourse {
        start: JulianDayUt,
        end: JulianDayUt,
        last_aspect: Aspect,
        last_aspect_body: Body,
        next_sign: Sign,
    },
    /// Two moving bodies in exact aspect; `arc_deg` is `first − second` on the circle, in
    /// `(-180, 180]`.
    Aspect {
        first: Body,
        second: Body,
        aspect: Aspect,
        arc_deg: f64,
        exact_at: JulianDayUt,
        first_lon: Longitude,
        second_lon: Longitude,
    },
    /// A solar or lunar eclipse, seen from the whole Earth.
    Eclipse(EclipseDetails),
    /// An eclipse seen from the query's location.
    LocalEclipse(LocalEclipseDetails),
    /// The Moon closest to or farthest from the Earth, a planet from the Sun.
    Apsis {
        kind: ApsisKind,
        body: Body,
        exact_at: JulianDayUt,
        distance_au: f64,
    },
}

impl Event {
    /// The type of the event.
    #[must_use]
    pub fn event_type(&self) -> EventType {
        match self {
            Self::Ingress { .. } => EventType::Ingress,
            Self::Station { .. } => EventType::Station,
            Self::RetrogradePeriod { .. } => EventType::RetrogradePeriod,
            Self::Lunation { .. } => EventType::Lunation,
            Self::VoidOfCourse { .. } => EventType::VoidOfCourse,
            Self::Aspect { .. } => EventType::Aspect,
            Self::Eclipse(_) => EventType::Eclipse,
            Self::LocalEclipse(_) => EventType::LocalEclipse,
            Self::Apsis { kind, .. } => kind.event_type(),
        }
    }

    /// The time the list is sorted by: the exact time of a point event, the start of a period,
    /// the greatest phase of an eclipse.
    #[must_use]
    pub fn time(&self) -> JulianDayUt {
        match self {
            Self::Ingress { exact_at, .. }
            | Self::Station { exact_at, .. }
            | Self::Lunation { exact_at, .. }
            | Self::Aspect { exact_at, .. }
            | Self::Apsis { exact_at, .. } => *exact_at,
            Self::RetrogradePeriod { start, .. } | Self::VoidOfCourse { start, .. } => *start,
            Self::Eclipse(e) => e.greatest,
            Self::LocalEclipse(e) => e.local.maximum,
        }
    }
}

/// What a calendar asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct EventQuery {
    /// The window, inclusive at both ends.
    pub start: JulianDayUt,
    pub end: JulianDayUt,
    /// The types wanted; a type named twice counts once.
    pub types: Vec<EventType>,
    /// The bodies of the body events (ingress, station, retrograde, aspect, apsides); a body
    /// named twice counts once.
    pub bodies: Vec<Body>,
    /// Tropical or sidereal signs (ingresses, lunations' signs, void-of-course signs, eclipse
    /// degrees).
    pub zodiac: Zodiac,
    pub lunation_phases: LunationPhases,
    /// The bodies whose aspects end a void of course ([`CLASSICAL_VOID_BODIES`] classically).
    pub void_bodies: Vec<Body>,
    /// The aspects of the `aspect` events.
    pub aspects: Vec<Aspect>,
    /// Where local eclipses are seen from (required for [`EventType::LocalEclipse`]).
    pub location: Option<Observer>,
}

/// Why a calendar could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EventError {
    /// A position could not be computed (Chiron before 1200, say).
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// An eclipse function of the library failed.
    #[error(transparent)]
    Ephemeris(#[from] EphemError),
    /// The window's ends are not finite, or the end is before the start.
    #[error("the window must run forward between finite Julian days (got {start_jd} to {end_jd})")]
    Window { start_jd: f64, end_jd: f64 },
    /// A request asked for local eclipses without a place.
    #[error("local eclipses need a location")]
    MissingLocation,
    /// The samples of a body could not be scanned (a motion too fast for its step).
    #[error("scanning {what}: {source}")]
    Scan { what: String, source: ScanError },
    /// A bracketed event could not be solved.
    #[error("solving an event of {what}: {source}")]
    Solve { what: String, source: SolveError },
    /// The Moon made none of the void-of-course aspects in the look-back before an ingress
    /// (only possible with bodies the Moon cannot aspect).
    #[error(
        "the Moon made no aspect to the void-of-course bodies in the {days} days before JD {jd}"
    )]
    NoAspectBeforeIngress { days: f64, jd: f64 },
}

impl EventError {
    fn from_search(what: impl FnOnce() -> String, error: SearchError<ChartError>) -> Self {
        match error {
            SearchError::Evaluation(e) => Self::Chart(e),
            SearchError::Scan(source) => Self::Scan {
                what: what(),
                source,
            },
            SearchError::Solve(source) => Self::Solve {
                what: what(),
                source,
            },
        }
    }
}

/// The distinct entries of a list, in first-seen order.
fn distinct<T: Copy + PartialEq>(items: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(items.len());
    for &item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// Every event of the query's types in its window, sorted by time (then by type in
/// [`EventType::ALL`] order, keeping each type's own order).
///
/// # Errors
/// [`EventError::Window`] for a window that does not run forward; [`EventError::Chart`] and
/// [`EventError::Ephemeris`] when a position or an eclipse cannot be computed (a body outside
/// its data file's years); [`EventError::MissingLocation`]; [`EventError::Scan`] and
/// [`EventError::Solve`] if the search fails (it reports, never drops).
pub fn find_events(eph: &Ephemeris, query: &EventQuery) -> Result<Vec<Event>, EventError> {
    let (start, end) = (query.start.0, query.end.0);
    if !start.is_finite() || !end.is_finite() || end < start {
        return Err(EventError::Window {
            start_jd: start,
            end_jd: end,
        });
    }
    let types = distinct(&query.types);
    let bodies = distinct(&query.bodies);
    let wants = |t: EventType| types.contains(&t);
    let mut sampler = Sampler::new(eph, query.zodiac);
    let mut found_aspects = FoundAspects::default();
    let mut events = Vec::new();

    if wants(EventType::Ingress) || wants(EventType::Station) || wants(EventType::RetrogradePeriod)
    {
        bodies::body_events(&mut sampler, &bodies, query, &types, &mut events)?;
    }
    if wants(EventType::Lunation) {
        lunations::lunations(&mut sampler, query, &mut events)?;
    }
    if wants(EventType::VoidOfCourse) {
        void::void_of_course(&mut sampler, &mut found_aspects, query, &mut events)?;
    }
    if wants(EventType::Aspect) {
        aspects::mundane_aspects(
            &mut sampler,
            &mut found_aspects,
            &bodies,
            query,
            &mut events,
        )?;
    }
    if wants(EventType::Eclipse) {
        eclipses::global_eclipses(eph, query, &mut events)?;
    }
    if wants(EventType::LocalEclipse) {
        let location = query.location.ok_or(EventError::MissingLocation)?;
        eclipses::local_eclipses(eph, query, &location, &mut events)?;
    }
    let apsis_types = [
        EventType::Perigee,
        EventType::Apogee,
        EventType::Perihelion,
        EventType::Aphelion,
    ];
    if apsis_types.iter().any(|&t| wants(t)) {
        apsides::apsides(&mut sampler, &bodies, query, &types, &mut events)?;
    }
    // A stable sort keeps each type's own order among simultaneous events.
    events.sort_by(|a, b| {
        a.time()
            .0
            .total_cmp(&b.time().0)
            .then(a.event_type().cmp(&b.event_type()))
    });
    Ok(events)
}

/// True when a point event at `t` belongs to the window.
fn in_window(query: &EventQuery, t: f64) -> bool {
    t >= query.start.0 && t <= query.end.0
}

/// True when a period overlaps the window.
fn overlaps_window(query: &EventQuery, from: f64, to: f64) -> bool {
    from <= query.end.0 && to >= query.start.0
}
