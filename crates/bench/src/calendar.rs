//! The calendar workloads of issue 11 (`POST /v1/events`), shared by the criterion bench
//! (`benches/calendar.rs`) and the CPU-time runner (`examples/calendar.rs`):
//!
//! * [`one_year_calendar`]: every event type for the Sun..Pluto and Chiron in 2024 (local
//!   eclipses at New York);
//! * [`lunations`]: the four phases over 100 years (2000–2100);
//! * [`eclipses`]: every solar and lunar eclipse over 100 years, from the library's own eclipse
//!   functions;
//! * [`peer_year`]: ingresses, stations and lunations of the Sun..Pluto and Chiron in 2024, the
//!   work of the Python peer `bench/python_peer/events_peer.py`, in the peer's output format.

use orrery_astro::techniques::events::{
    CLASSICAL_VOID_BODIES, DEFAULT_EVENT_BODIES, Event, EventError, EventQuery, EventType,
    LunationPhases, PTOLEMAIC_ASPECTS, StationDirection, find_events,
};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::{Ephemeris, Observer, Zodiac};

/// 2024-01-01T00:00:00Z.
pub const JD_2024: f64 = 2_460_310.5;
/// 2025-01-01T00:00:00Z.
pub const JD_2025: f64 = 2_460_676.5;
/// 2000-01-01T00:00:00Z.
pub const JD_2000: f64 = 2_451_544.5;
/// 2100-01-01T00:00:00Z.
pub const JD_2100: f64 = 2_488_069.5;

/// New York, for the local eclipses.
pub const NEW_YORK: Observer = Observer {
    lat_deg: 40.7128,
    lon_deg: -74.0060,
    alt_m: 10.0,
};

fn query(start: f64, end: f64, types: &[EventType]) -> EventQuery {
    EventQuery {
        start: JulianDayUt(start),
        end: JulianDayUt(end),
        types: types.to_vec(),
        bodies: DEFAULT_EVENT_BODIES.to_vec(),
        zodiac: Zodiac::Tropical,
        lunation_phases: LunationPhases::Four,
        void_bodies: CLASSICAL_VOID_BODIES.to_vec(),
        aspects: PTOLEMAIC_ASPECTS.to_vec(),
        location: Some(NEW_YORK),
    }
}

/// The query of a one-year calendar of `types` (2024).
#[must_use]
pub fn one_year_query(types: &[EventType]) -> EventQuery {
    let mut q = query(JD_2024, JD_2025, types);
    if !types.contains(&EventType::LocalEclipse) {
        q.location = None;
    }
    q
}

/// Every type, 2024.
///
/// # Errors
/// As [`find_events`].
pub fn one_year_calendar(eph: &Ephemeris) -> Result<Vec<Event>, EventError> {
    find_events(eph, &one_year_query(&EventType::ALL))
}

/// The four phases, 2000–2100.
///
/// # Errors
/// As [`find_events`].
pub fn lunations(eph: &Ephemeris) -> Result<Vec<Event>, EventError> {
    let mut q = query(JD_2000, JD_2100, &[EventType::Lunation]);
    q.location = None;
    find_events(eph, &q)
}

/// Every solar and lunar eclipse, 2000–2100.
///
/// # Errors
/// As [`find_events`].
pub fn eclipses(eph: &Ephemeris) -> Result<Vec<Event>, EventError> {
    let mut q = query(JD_2000, JD_2100, &[EventType::Eclipse]);
    q.location = None;
    find_events(eph, &q)
}

/// Ingresses, stations and lunations of 2024 as the Python peer writes them: one line per
/// event, `kind body detail jd` (the Julian day UT to 1e-7), in time order.
///
/// # Errors
/// As [`find_events`].
pub fn peer_year(eph: &Ephemeris) -> Result<Vec<String>, EventError> {
    let q = one_year_query(&[EventType::Ingress, EventType::Station, EventType::Lunation]);
    let events = find_events(eph, &q)?;
    let seconds = |jd: JulianDayUt| format!("{:.7}", jd.0);
    let lines: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Ingress {
                body,
                exact_at,
                sign,
                ..
            } => Some(format!(
                "ingress {} {} {}",
                body.name(),
                sign.name(),
                seconds(*exact_at)
            )),
            Event::Station {
                body,
                exact_at,
                direction,
                ..
            } => Some(format!(
                "station {} {} {}",
                body.name(),
                match direction {
                    StationDirection::Retrograde => "retrograde",
                    StationDirection::Direct => "direct",
                },
                seconds(*exact_at)
            )),
            Event::Lunation {
                exact_at, phase, ..
            } => Some(format!(
                "lunation moon {} {}",
                phase.name(),
                seconds(*exact_at)
            )),
            _ => None,
        })
        .collect();
    Ok(lines)
}
