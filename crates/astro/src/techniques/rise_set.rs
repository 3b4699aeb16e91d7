//! Rise, set and meridian transits of bodies at a place: the next event of each kind after an
//! instant, or every event in a window of up to [`MAX_SERIES_DAYS`] days.
//!
//! # The events
//!
//! * `rise` and `set`: the body crosses the horizon, with atmospheric refraction for the given
//!   pressure and temperature. For the Sun and the Moon the **upper limb** touches the horizon by
//!   default, as almanacs give sunrise and moonrise; [`Disc::Center`] takes the disc's centre.
//!   Every other body is a point (a planet's disc is under 1′, a few seconds of time).
//!   Positions are topocentric, so the Moon's parallax is in.
//! * `transit`: the upper meridian transit (culmination above the pole); `anti_transit`: the
//!   lower one. Every body crosses the meridian once a day, circumpolar or not.
//!
//! Each event is the Swiss Ephemeris' own answer (`swe_rise_trans` through
//! [`Ephemeris::rise_trans`]); this module decides which questions to ask and when to stop.
//!
//! # Next mode and series mode
//!
//! * **Next** ([`Window::Next`]): one question per body and kind, "the next event after the
//!   start". For a rise or set the library looks about a day ahead
//!   ([`LIBRARY_SEARCH_SPAN_DAYS`]) where it must search slowly (latitudes beyond 60°, the Sun
//!   beyond 65°, and bodies after the lunar true node in its list such as Chiron and the
//!   asteroids). If it finds nothing the kind is [missing](Missing) for that body.
//! * **Series** ([`Window::Series`]): every event in `[start, end]`, found by asking again from
//!   [`RESTART_GAP_DAYS`] after each event found. Where the library finds nothing, the search
//!   steps ahead by [`NO_EVENT_STEP_DAYS`], less than the library's span, so nothing is skipped.
//!   A body and kind is missing when it has **no event at all** in the window; the events of a
//!   body are in time order, all kinds mixed.
//!
//! Two events of one kind are always hours apart (between two rises the body must culminate and
//! reach its lowest point), so asking again a few minutes after an event cannot skip one, and
//! an event is never reported twice: every accepted event lies at least the restart gap after
//! the previous one. A library answer before the instant asked about (its quick iteration can
//! land a few seconds early on an event right at that instant) is taken as that event when it
//! is within [`SAME_INSTANT_DAYS`]; otherwise the question is asked again a little later. The
//! number of questions per body and kind is capped ([`question_cap`]); reaching the cap is an
//! error ([`RiseSetError::Stalled`]), never a short answer.
//!
//! # Why a kind is missing
//!
//! From the body's side of the horizon at the start and at the end of the span searched (for
//! the next mode, the library's span): a rise or set missing with the body above the horizon
//! at both ends means it stayed above all along (the midnight sun, a circumpolar Moon:
//! [`MissingReason::AboveHorizon`]); below at both ends, it stayed below (polar night:
//! [`MissingReason::BelowHorizon`]). Otherwise the body crossed the horizon only the other way
//! in the span, or the span is shorter than a day ([`MissingReason::NotInSpan`]); a missing
//! transit is always the latter.
//!
//! # Bodies
//!
//! The Sun, the Moon, the planets, Chiron, Pholus, the main asteroids and numbered asteroids
//! ([`is_in_sky`]). The lunar nodes and apogees are points of the Moon's orbit with no light to
//! see rise (a node on the horizon is the chart's ascendant), and `earth` is where we stand:
//! they are refused ([`RiseSetError::NotInSky`]).

use orrery_ephem::{
    Atmosphere, DiscReference, EphemError, Ephemeris, Observer, RiseTransEvent, RiseTransRequest,
    SkyPoint, Target,
};

use crate::body::Body;
use crate::chart::{Center, Frame, Zodiac, position};
use crate::time::{Days, JulianDayUt};

/// The longest series window, days (docs/CONVENTIONS.md, Limits).
pub const MAX_SERIES_DAYS: f64 = 62.0;

/// The most bodies one request may ask for (docs/CONVENTIONS.md, Limits).
pub const MAX_BODIES: usize = 12;
/// The bodies when none are named: the lights.
pub const DEFAULT_BODIES: [Body; 2] = [Body::Sun, Body::Moon];

/// How far ahead the library's slow rise/set search looks: from two hours before the start, 14
/// steps of two hours (`swe_rise_trans_true_hor` in `swecl.c` 2.10.03), so 26 hours after the
/// start. Its fast method (latitudes within 60°, the Sun within 65°) always finds an event.
pub const LIBRARY_SEARCH_SPAN_DAYS: Days = Days(26.0 / 24.0);

/// Where the library found nothing, the series search asks again this much later: less than
/// [`LIBRARY_SEARCH_SPAN_DAYS`], so consecutive searches overlap and no event falls between.
pub const NO_EVENT_STEP_DAYS: Days = Days(1.0);

/// After an event, the next question starts this much later: far less than the hours between
/// two events of one kind, far more than the library's sub-second scatter on one event.
pub const RESTART_GAP_DAYS: Days = Days(10.0 / 1_440.0);

/// A library answer up to this much before the instant asked about is the event at that
/// instant (its quick iteration stops within a fraction of a second of the root).
pub const SAME_INSTANT_DAYS: Days = Days(1.0 / 86_400.0);

/// A retry after an answer earlier than asked moves on by this much.
const EARLY_ANSWER_STEP_DAYS: Days = Days(1.0 / 1_440.0);

/// Radii for the upper limb in [`horizon_side`]: the library's own diameters (`pla_diam` in
/// `sweph.h`: 1 392 000 km and 3 475 km), halved.
const SUN_RADIUS_KM: f64 = 696_000.0;
const MOON_RADIUS_KM: f64 = 1_737.5;
const AU_KM: f64 = 149_597_870.7;

/// A kind of event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RiseSetEvent {
    Rise,
    Set,
    /// The upper meridian transit (culmination).
    Transit,
    /// The lower meridian transit.
    AntiTransit,
}

impl RiseSetEvent {
    /// Every kind, in the order the API lists them.
    pub const ALL: [RiseSetEvent; 4] = [
        RiseSetEvent::Rise,
        RiseSetEvent::Set,
        RiseSetEvent::Transit,
        RiseSetEvent::AntiTransit,
    ];

    /// The API name: `rise`, `set`, `transit`, `anti_transit`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            RiseSetEvent::Rise => "rise",
            RiseSetEvent::Set => "set",
            RiseSetEvent::Transit => "transit",
            RiseSetEvent::AntiTransit => "anti_transit",
        }
    }

    fn library_event(self) -> RiseTransEvent {
        match self {
            RiseSetEvent::Rise => RiseTransEvent::Rise,
            RiseSetEvent::Set => RiseTransEvent::Set,
            RiseSetEvent::Transit => RiseTransEvent::UpperTransit,
            RiseSetEvent::AntiTransit => RiseTransEvent::LowerTransit,
        }
    }

    fn crosses_horizon(self) -> bool {
        matches!(self, RiseSetEvent::Rise | RiseSetEvent::Set)
    }
}

/// Which point of the Sun's and the Moon's disc rises and sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Disc {
    /// The upper limb, as almanacs give it.
    #[default]
    UpperLimb,
    /// The disc's centre.
    Center,
}

impl Disc {
    /// The API name: `upper_limb` or `center`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Disc::UpperLimb => "upper_limb",
            Disc::Center => "center",
        }
    }

    /// The point used for `body`: the choice for the Sun and the Moon, the centre for the rest.
    #[must_use]
    pub fn for_body(self, body: Body) -> Disc {
        if matches!(body, Body::Sun | Body::Moon) {
            self
        } else {
            Disc::Center
        }
    }
}

/// The span searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Window {
    /// The next event of each kind after the start.
    Next,
    /// Every event up to and including this instant (at most [`MAX_SERIES_DAYS`] after the start).
    Series { end: JulianDayUt },
}

/// A validated search.
#[derive(Debug, Clone, PartialEq)]
pub struct RiseSetSearch {
    pub place: Observer,
    /// Pressure (hPa) and temperature (°C) for the refraction.
    pub atmosphere: Atmosphere,
    pub disc: Disc,
    /// Whether rising and setting include atmospheric refraction (almanacs do; Jagannatha
    /// Hora does not).
    pub refraction: bool,
    /// At most [`MAX_BODIES`], each [`is_in_sky`], no repeats.
    pub bodies: Vec<Body>,
    /// No repeats.
    pub events: Vec<RiseSetEvent>,
    pub start: JulianDayUt,
    pub window: Window,
}

/// One event found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FoundEvent {
    pub event: RiseSetEvent,
    pub at: JulianDayUt,
}

/// Why a kind of event is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingReason {
    /// The body stayed above the horizon over the whole span (midnight sun, circumpolar).
    AboveHorizon,
    /// The body stayed below the horizon over the whole span (polar night).
    BelowHorizon,
    /// The body crossed the horizon only the other way, or the span is too short.
    NotInSpan,
}

impl MissingReason {
    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MissingReason::AboveHorizon => "above_horizon",
            MissingReason::BelowHorizon => "below_horizon",
            MissingReason::NotInSpan => "not_in_span",
        }
    }
}

/// A kind of event with no event in the span searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Missing {
    pub event: RiseSetEvent,
    pub reason: MissingReason,
    /// The end of the span searched: the series end, or the library's span in next mode.
    pub searched_until: JulianDayUt,
}

/// The events of one body.
#[derive(Debug, Clone, PartialEq)]
pub struct BodyEvents {
    pub body: Body,
    /// The point of the disc used for the body.
    pub disc: Disc,
    /// In time order.
    pub events: Vec<FoundEvent>,
    /// In the order of the request's kinds.
    pub missing: Vec<Missing>,
}

/// Why a search failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RiseSetError {
    /// A lunar point or the Earth.
    #[error("{body} {why}")]
    NotInSky { body: String, why: &'static str },
    /// The series end is before the start or too far after it.
    #[error("the series window {rule} (got {days:.3} days)")]
    Window { days: f64, rule: &'static str },
    /// The library refused, or has no data for the body at the dates.
    #[error("{body}: {source}")]
    Ephemeris { body: String, source: EphemError },
    /// The search kept asking without moving on (a bug, never a short answer).
    #[error(
        "the {event} search of {body} stopped after {questions} questions without reaching the end"
    )]
    Stalled {
        body: String,
        event: &'static str,
        questions: usize,
    },
}

/// True for the bodies that rise and set: not the lunar nodes and apogees, not the Earth.
#[must_use]
pub fn is_in_sky(body: Body) -> bool {
    !body.is_lunar_point() && body != Body::Earth
}

/// The bodies that rise and set, by name, for messages (numbered asteroids as
/// `asteroid_<number>`).
#[must_use]
pub fn sky_body_names() -> Vec<&'static str> {
    Body::ACCEPTED_NAMES
        .iter()
        .copied()
        .filter(|name| Body::parse(name).map_or(*name == "asteroid_<number>", is_in_sky))
        .collect()
}

/// Why `body` has no rise or set, or `Ok`.
///
/// # Errors
/// [`RiseSetError::NotInSky`] for the lunar points and the Earth.
pub fn check_in_sky(body: Body) -> Result<(), RiseSetError> {
    let why = if body == Body::Earth {
        "is the observer's own planet: it has no rise, set or transit"
    } else if body.is_lunar_point() {
        "is a point of the Moon's orbit, not a body in the sky: it has no rise, set or transit \
         (a point on the horizon is the chart's ascendant or descendant)"
    } else {
        return Ok(());
    };
    Err(RiseSetError::NotInSky {
        body: body.name().into_owned(),
        why,
    })
}

/// The most questions the search of one body and kind may ask: one per event or step, a few
/// events a day at most, and room for retries.
#[must_use]
pub fn question_cap(start: JulianDayUt, window: Window) -> usize {
    match window {
        Window::Next => 4,
        Window::Series { end } => {
            let days = (end - start).0.clamp(0.0, MAX_SERIES_DAYS);
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "at most 62 days, clamped"
            )]
            let per_day = (days * 4.0).ceil() as usize;
            per_day + 16
        }
    }
}

/// Why [`collect_events`] stopped short.
#[derive(Debug, Clone, PartialEq)]
pub enum CollectError<E> {
    /// The question failed.
    Question(E),
    /// The cap of questions was reached.
    Stalled { questions: usize },
}

/// Collects the events that `next_after` finds: in next mode the first one, in series mode
/// every one up to `end`. `next_after(t)` answers the first event after `t`, or `None` when
/// there is none within the library's span. See the module documentation for the rules.
///
/// # Errors
/// A failed question, or [`CollectError::Stalled`] after [`question_cap`] questions.
pub fn collect_events<E>(
    mut next_after: impl FnMut(JulianDayUt) -> Result<Option<JulianDayUt>, E>,
    start: JulianDayUt,
    window: Window,
) -> Result<Vec<JulianDayUt>, CollectError<E>> {
    let cap = question_cap(start, window);
    let end = match window {
        Window::Next => None,
        Window::Series { end } => Some(end),
    };
    let mut events: Vec<JulianDayUt> = Vec::new();
    let mut from = start;
    let mut questions = 0;
    while end.is_none_or(|end| from <= end) {
        if questions == cap {
            return Err(CollectError::Stalled { questions });
        }
        questions += 1;
        match next_after(from).map_err(CollectError::Question)? {
            None if end.is_none() => break,
            None => from += NO_EVENT_STEP_DAYS,
            Some(t) if t < from - SAME_INSTANT_DAYS => {
                from += EARLY_ANSWER_STEP_DAYS;
            }
            Some(t) => {
                // Never before the start, and every event at least the restart gap after the
                // one before: the same event cannot come twice.
                let t = JulianDayUt(t.0.max(from.0));
                if end.is_some_and(|end| t > end) {
                    break;
                }
                events.push(t);
                if end.is_none() {
                    break;
                }
                from = t + RESTART_GAP_DAYS;
            }
        }
    }
    Ok(events)
}

fn library_disc(disc: Disc) -> DiscReference {
    match disc {
        Disc::UpperLimb => DiscReference::UpperLimb,
        Disc::Center => DiscReference::Center,
    }
}

fn ephem_error(body: Body, source: EphemError) -> RiseSetError {
    RiseSetError::Ephemeris {
        body: body.name().into_owned(),
        source,
    }
}

/// Above the horizon at `jd`: the apparent (refracted) altitude of the body's topocentric
/// centre, plus its semi-diameter for the upper limb of the Sun and the Moon, is positive.
///
/// # Errors
/// The library's, with the body named.
pub fn horizon_side(
    eph: &Ephemeris,
    search: &RiseSetSearch,
    body: Body,
    jd: JulianDayUt,
) -> Result<bool, RiseSetError> {
    let frame = Frame {
        center: Center::Topocentric(search.place),
        zodiac: Zodiac::Tropical,
    };
    let p = position(eph, jd, body, &frame).map_err(|e| match e {
        crate::chart::ChartError::Ephemeris(inner) => ephem_error(body, inner),
        other => ephem_error(
            body,
            EphemError::OutOfRange {
                what: format!("{} at JD {} (UT)", body.name(), jd.0),
                message: other.to_string(),
            },
        ),
    })?;
    let horizontal = eph
        .azalt(
            jd,
            &search.place,
            &search.atmosphere,
            SkyPoint::Ecliptic {
                lon_deg: p.lon.degrees(),
                lat_deg: p.lat_deg,
            },
        )
        .map_err(|e| ephem_error(body, e))?;
    let radius_km = match (search.disc.for_body(body), body) {
        (Disc::UpperLimb, Body::Sun) => SUN_RADIUS_KM,
        (Disc::UpperLimb, Body::Moon) => MOON_RADIUS_KM,
        _ => 0.0,
    };
    let semi_diameter_deg = (radius_km / (p.dist_au * AU_KM)).asin().to_degrees();
    Ok(horizontal.apparent_altitude_deg + semi_diameter_deg > 0.0)
}

fn missing_reason(
    eph: &Ephemeris,
    search: &RiseSetSearch,
    body: Body,
    event: RiseSetEvent,
    until: JulianDayUt,
) -> Result<MissingReason, RiseSetError> {
    if !event.crosses_horizon() {
        return Ok(MissingReason::NotInSpan);
    }
    let at_start = horizon_side(eph, search, body, search.start)?;
    let at_end = horizon_side(eph, search, body, until)?;
    Ok(match (at_start, at_end) {
        (true, true) => MissingReason::AboveHorizon,
        (false, false) => MissingReason::BelowHorizon,
        _ => MissingReason::NotInSpan,
    })
}

/// The events of one body.
///
/// # Errors
/// As [`find_rise_set`].
pub fn body_events(
    eph: &Ephemeris,
    search: &RiseSetSearch,
    body: Body,
) -> Result<BodyEvents, RiseSetError> {
    check_in_sky(body)?;
    let disc = search.disc.for_body(body);
    let mut events = Vec::new();
    let mut missing = Vec::new();
    for &event in &search.events {
        let request = RiseTransRequest {
            target: Target::Body(body.body_id()),
            event: event.library_event(),
            observer: search.place,
            disc: library_disc(disc),
            refraction: search.refraction,
            atmosphere: search.atmosphere,
        };
        let found = collect_events(
            |from| eph.rise_trans(from, &request),
            search.start,
            search.window,
        )
        .map_err(|e| match e {
            CollectError::Question(source) => ephem_error(body, source),
            CollectError::Stalled { questions } => RiseSetError::Stalled {
                body: body.name().into_owned(),
                event: event.name(),
                questions,
            },
        })?;
        if found.is_empty() {
            let until = match search.window {
                Window::Next => search.start + LIBRARY_SEARCH_SPAN_DAYS,
                Window::Series { end } => end,
            };
            missing.push(Missing {
                event,
                reason: missing_reason(eph, search, body, event, until)?,
                searched_until: until,
            });
        }
        events.extend(found.into_iter().map(|at| FoundEvent { event, at }));
    }
    events.sort_by(|a, b| a.at.0.total_cmp(&b.at.0));
    Ok(BodyEvents {
        body,
        disc,
        events,
        missing,
    })
}

/// Checks the window: the end not before the start, at most [`MAX_SERIES_DAYS`] after it.
///
/// # Errors
/// [`RiseSetError::Window`].
pub fn check_window(start: JulianDayUt, window: Window) -> Result<(), RiseSetError> {
    if let Window::Series { end } = window {
        let days = (end - start).0;
        if days.is_nan() || days < 0.0 {
            return Err(RiseSetError::Window {
                days,
                rule: "end must not be before the start",
            });
        }
        if days > MAX_SERIES_DAYS {
            return Err(RiseSetError::Window {
                days,
                rule: "may span at most 62 days",
            });
        }
    }
    Ok(())
}

/// The events of every body, in the order of `search.bodies`.
///
/// # Errors
/// A body not in the sky, a bad window, no data for a body at the dates, a library failure, or
/// a search that stalled.
pub fn find_rise_set(
    eph: &Ephemeris,
    search: &RiseSetSearch,
) -> Result<Vec<BodyEvents>, RiseSetError> {
    check_window(search.start, search.window)?;
    search
        .bodies
        .iter()
        .map(|&body| body_events(eph, search, body))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: f64 = 1.0;

    /// A made-up body with one event every `period` days from `phase`, answered like the
    /// library: the first event strictly after the instant asked about.
    fn periodic(
        period: f64,
        phase: f64,
    ) -> impl FnMut(JulianDayUt) -> Result<Option<JulianDayUt>, ()> {
        move |from: JulianDayUt| {
            let k = ((from.0 - phase) / period).floor() + 1.0;
            Ok(Some(JulianDayUt(phase + k * period)))
        }
    }

    fn series(days: f64) -> Window {
        Window::Series {
            end: JulianDayUt(days),
        }
    }

    #[test]
    fn next_mode_takes_the_first_event_only() {
        let got = collect_events(periodic(DAY, 0.25), JulianDayUt(0.0), Window::Next).unwrap();
        assert_eq!(got, [JulianDayUt(0.25)]);
    }

    #[test]
    fn series_mode_finds_every_event_in_the_closed_window() {
        let got = collect_events(periodic(DAY, 0.25), JulianDayUt(0.0), series(5.25)).unwrap();
        let want: Vec<f64> = (0..6).map(|k| 0.25 + f64::from(k)).collect();
        assert_eq!(got.iter().map(|t| t.0).collect::<Vec<_>>(), want);
    }

    #[test]
    fn an_event_repeated_by_the_library_is_reported_once() {
        // This oracle answers the same event for anything up to 15 minutes after it.
        let mut oracle = |from: JulianDayUt| -> Result<Option<JulianDayUt>, ()> {
            let k = (from.0 - 15.0 / 1_440.0).floor() + 1.0;
            Ok(Some(JulianDayUt(k.max(0.5))))
        };
        let got = collect_events(&mut oracle, JulianDayUt(0.0), series(3.5)).unwrap();
        let mut times: Vec<f64> = got.iter().map(|t| t.0).collect();
        times.dedup();
        assert_eq!(times.len(), got.len(), "{got:?}");
        assert!(got.windows(2).all(|w| w[1] - w[0] >= RESTART_GAP_DAYS));
    }

    #[test]
    fn a_gap_without_events_is_stepped_over() {
        // No event between day 2 and day 9 (polar night); the oracle sees 26 hours ahead.
        let oracle = |from: JulianDayUt| -> Result<Option<JulianDayUt>, ()> {
            let next = ((from.0 - 0.5).floor() + 1.0) + 0.5;
            let next = if (2.0..9.0).contains(&next) {
                9.5
            } else {
                next
            };
            Ok((next - from.0 <= LIBRARY_SEARCH_SPAN_DAYS.0).then_some(JulianDayUt(next)))
        };
        let got = collect_events(oracle, JulianDayUt(0.0), series(12.0)).unwrap();
        let times: Vec<f64> = got.iter().map(|t| t.0).collect();
        assert_eq!(times, [0.5, 1.5, 9.5, 10.5, 11.5]);
        // In next mode the same gap is a missing event.
        assert!(
            collect_events(oracle, JulianDayUt(3.0), Window::Next)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn an_answer_slightly_early_is_the_event_at_the_start() {
        let oracle = |_: JulianDayUt| -> Result<Option<JulianDayUt>, ()> {
            Ok(Some(JulianDayUt(1.0 - SAME_INSTANT_DAYS.0 / 2.0)))
        };
        let got = collect_events(oracle, JulianDayUt(1.0), Window::Next).unwrap();
        assert_eq!(got, [JulianDayUt(1.0)]);
    }

    #[test]
    fn a_search_that_never_moves_on_is_an_error() {
        // Always an event long before the instant asked about.
        let oracle =
            |_: JulianDayUt| -> Result<Option<JulianDayUt>, ()> { Ok(Some(JulianDayUt(-5.0))) };
        let cap = question_cap(JulianDayUt(0.0), series(62.0));
        match collect_events(oracle, JulianDayUt(0.0), series(62.0)) {
            Err(CollectError::Stalled { questions }) => assert_eq!(questions, cap),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            collect_events(oracle, JulianDayUt(0.0), Window::Next),
            Err(CollectError::Stalled { .. })
        ));
    }

    #[test]
    fn library_errors_pass_through() {
        let oracle = |_: JulianDayUt| -> Result<Option<JulianDayUt>, &str> { Err("no data") };
        assert_eq!(
            collect_events(oracle, JulianDayUt(0.0), series(2.0)),
            Err(CollectError::Question("no data"))
        );
    }

    #[test]
    fn window_rules() {
        let start = JulianDayUt(100.0);
        assert!(check_window(start, Window::Next).is_ok());
        assert!(
            check_window(
                start,
                Window::Series {
                    end: JulianDayUt(162.0)
                }
            )
            .is_ok()
        );
        assert!(
            check_window(
                start,
                Window::Series {
                    end: JulianDayUt(100.0)
                }
            )
            .is_ok()
        );
        let late = check_window(
            start,
            Window::Series {
                end: JulianDayUt(162.5),
            },
        )
        .unwrap_err();
        assert!(late.to_string().contains("at most 62 days"), "{late}");
        let early = check_window(
            start,
            Window::Series {
                end: JulianDayUt(99.0),
            },
        )
        .unwrap_err();
        assert!(early.to_string().contains("before the start"), "{early}");
    }

    #[test]
    fn the_lunar_points_and_the_earth_are_not_in_the_sky() {
        for body in [
            Body::MeanNode,
            Body::TrueNode,
            Body::MeanApogee,
            Body::OsculatingApogee,
            Body::InterpolatedApogee,
            Body::InterpolatedPerigee,
            Body::Earth,
        ] {
            let message = check_in_sky(body).unwrap_err().to_string();
            assert!(message.starts_with(body.name().as_ref()), "{message}");
            assert!(!sky_body_names().contains(&body.name().as_ref()));
        }
        for body in [
            Body::Sun,
            Body::Moon,
            Body::Pluto,
            Body::Chiron,
            Body::Asteroid(433),
        ] {
            assert!(check_in_sky(body).is_ok());
        }
        assert!(sky_body_names().contains(&"asteroid_<number>"));
        assert!(sky_body_names().contains(&"vesta"));
    }

    #[test]
    fn the_disc_choice_applies_to_the_sun_and_the_moon_only() {
        assert_eq!(Disc::UpperLimb.for_body(Body::Sun), Disc::UpperLimb);
        assert_eq!(Disc::UpperLimb.for_body(Body::Moon), Disc::UpperLimb);
        assert_eq!(Disc::UpperLimb.for_body(Body::Venus), Disc::Center);
        assert_eq!(Disc::Center.for_body(Body::Moon), Disc::Center);
    }
}
