//! One progression report: the natal points (cast at the birth or given), then a snapshot,
//! the aspect events or the phases over a span of ages, and the ephemeris that served them
//! ([`progression_report`]).

use orrery_ephem::{Ephemeris, EphemerisSource, Observer};

use super::events::{
    AspectEvents, AspectFrame, AspectWindow, TRANSIT_PROGRESSED_EVENT_CAP, aspect_events,
};
use super::phases::{PhaseSelection, PhaseWindow, Phases, phase_events};
use super::{
    DEFAULT_MOVING_BODIES, MovingPoint, Progression, ProgressionError, ProgressionMethod, Snapshot,
    SnapshotPlan, calendar_jd, ephemeris_source, snapshot, snapshot_aspects, snapshot_plan,
};
use crate::angle::Longitude;
use crate::aspects::{AspectConfig, AspectReport};
use crate::body::Body;
use crate::error::AngleError;
use crate::techniques::natal::{BirthPointsError, MissingData, birth_points};
use crate::techniques::transits::NatalPoint;
use crate::time::JulianDayUt;

/// Where the natal points come from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ProgressionNatal<'a> {
    /// Cast at the birth: [`DEFAULT_MOVING_BODIES`] (one without data left out), `ascendant`
    /// and `mc`.
    Birth { jd: JulianDayUt, place: Observer },
    /// Given, with the birth's Julian day.
    Positions {
        birth: JulianDayUt,
        points: &'a [NatalPoint],
    },
}

/// What is asked: one age, or a span of ages.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ProgressionSpan {
    /// The progressed positions at an age and their aspects to the natal points.
    Snapshot { age_years: f64 },
    /// The exact aspects of `frame` between two ages.
    Aspects {
        age_start_years: f64,
        age_end_years: f64,
        step_cap_years: Option<f64>,
        frame: AspectFrame,
    },
    /// Sign ingresses, stations and angle ingresses between two ages.
    Phases {
        age_start_years: f64,
        age_end_years: f64,
        step_cap_years: Option<f64>,
        phases: PhaseSelection,
    },
}

/// What a progression report is computed from.
#[derive(Debug, Clone, Copy)]
pub struct ProgressionQuery<'a> {
    pub method: ProgressionMethod,
    pub natal: ProgressionNatal<'a>,
    pub span: ProgressionSpan,
    /// The points that progress, as asked.
    pub moving: &'a [MovingPoint],
    pub aspects: &'a AspectConfig,
}

/// A natal point that solar arc directs but that is not a body or an angle (a given name).
#[derive(Debug, Clone, PartialEq)]
pub struct DirectedPoint {
    pub name: String,
    pub lon: Longitude,
}

/// What was found for the span.
#[derive(Debug, Clone, PartialEq)]
pub enum ProgressionFound {
    Snapshot {
        snapshot: Snapshot,
        /// Solar arc only: the given natal points that are neither bodies nor angles, directed
        /// (they move at the arc's speed).
        directed: Vec<DirectedPoint>,
        /// The progressed points to the natal points, `exact_in_days` in years.
        aspects: AspectReport,
        /// What the snapshot added or left out, in words.
        notes: Vec<String>,
    },
    Aspects {
        found: AspectEvents,
        /// Transit-to-progressed only: the transiting bodies (the moving bodies).
        transit_bodies: Vec<Body>,
        /// The calendar dates of the span's ends.
        start: JulianDayUt,
        end: JulianDayUt,
        /// When the list was cut: the calendar date up to which it is complete.
        complete_until: Option<JulianDayUt>,
        /// Whether the list has a cap (transit-to-progressed).
        capped: Option<usize>,
    },
    Phases {
        found: Phases,
        start: JulianDayUt,
        end: JulianDayUt,
    },
}

/// The natal points, what was found and the ephemeris that served the dates.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressionReport {
    /// The method, the birth and the natal points.
    pub progression: Progression,
    /// Natal bodies without data at the birth, left out.
    pub natal_left_out: Vec<Body>,
    pub found: ProgressionFound,
    /// The data files, or the Moshier model when any date used lies outside them.
    pub source: EphemerisSource,
}

/// Why a progression report failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProgressionReportError {
    /// The natal points could not be cast.
    #[error(transparent)]
    Natal(BirthPointsError),
    #[error(transparent)]
    Progression(#[from] ProgressionError),
    /// A directed point is not a finite longitude (never from the library's own output).
    #[error("directed {point}: {source}")]
    Directed { point: String, source: AngleError },
}

/// Casts (or takes) the natal points, then computes the span's answer.
///
/// # Errors
/// The natal chart's, the progression's and the search's errors.
pub fn progression_report(
    eph: &Ephemeris,
    query: &ProgressionQuery<'_>,
) -> Result<ProgressionReport, ProgressionReportError> {
    let (natal, birth, place, natal_left_out) = match query.natal {
        ProgressionNatal::Birth { jd, place } => {
            // Chiron is left out for a birth outside its data (before 1200), so that historical
            // charts still progress.
            let natal = birth_points(
                eph,
                jd,
                place,
                &DEFAULT_MOVING_BODIES,
                MissingData::LeaveOut,
            )
            .map_err(ProgressionReportError::Natal)?;
            (natal.points, jd, Some(place), natal.left_out)
        }
        ProgressionNatal::Positions { birth, points } => (points.to_vec(), birth, None, Vec::new()),
    };
    let progression = Progression {
        method: query.method,
        birth,
        place,
        natal,
    };
    let found = match query.span {
        ProgressionSpan::Snapshot { age_years } => {
            snapshot_found(eph, query, &progression, age_years)?
        }
        ProgressionSpan::Aspects {
            age_start_years,
            age_end_years,
            step_cap_years,
            frame,
        } => {
            let transit_bodies: Vec<Body> = query
                .moving
                .iter()
                .filter_map(|p| match p {
                    MovingPoint::Body(body) => Some(*body),
                    MovingPoint::Angle(_) => None,
                })
                .collect();
            let window = AspectWindow {
                frame,
                moving: query.moving.to_vec(),
                transit_bodies: transit_bodies.clone(),
                aspects: query.aspects.clone(),
                age_start_years,
                age_end_years,
                step_cap_years,
                event_cap: TRANSIT_PROGRESSED_EVENT_CAP,
            };
            let found = aspect_events(eph, &progression, &window)?;
            let complete_until = found
                .truncated
                .map(|t| calendar_jd(progression.birth, t.complete_until_years));
            ProgressionFound::Aspects {
                found,
                transit_bodies,
                start: calendar_jd(progression.birth, age_start_years),
                end: calendar_jd(progression.birth, age_end_years),
                complete_until,
                capped: (frame == AspectFrame::TransitProgressed)
                    .then_some(TRANSIT_PROGRESSED_EVENT_CAP),
            }
        }
        ProgressionSpan::Phases {
            age_start_years,
            age_end_years,
            step_cap_years,
            phases,
        } => {
            let window = PhaseWindow {
                moving: query.moving.to_vec(),
                phases,
                age_start_years,
                age_end_years,
                step_cap_years,
            };
            ProgressionFound::Phases {
                found: phase_events(eph, &progression, &window)?,
                start: calendar_jd(progression.birth, age_start_years),
                end: calendar_jd(progression.birth, age_end_years),
            }
        }
    };
    // The data files cover a span of dates: the earliest and the latest date used tell.
    let (last_progressed, last_calendar) = match query.span {
        ProgressionSpan::Snapshot { age_years } => (age_years, age_years),
        ProgressionSpan::Aspects {
            age_end_years,
            frame: AspectFrame::TransitProgressed,
            ..
        } => (age_end_years, age_end_years),
        ProgressionSpan::Aspects { age_end_years, .. }
        | ProgressionSpan::Phases { age_end_years, .. } => (age_end_years, 0.0),
    };
    let source = ephemeris_source(
        eph,
        query.method,
        progression.birth,
        last_progressed,
        last_calendar,
    )
    .map_err(ProgressionError::from)?;
    Ok(ProgressionReport {
        progression,
        natal_left_out,
        found,
        source,
    })
}

fn snapshot_found(
    eph: &Ephemeris,
    query: &ProgressionQuery<'_>,
    progression: &Progression,
    age_years: f64,
) -> Result<ProgressionFound, ProgressionReportError> {
    let SnapshotPlan {
        points,
        directed_only,
        notes,
    } = snapshot_plan(eph, progression, query.moving)?;
    let snap = snapshot(eph, progression, age_years, &points)?;
    let mut directed = Vec::new();
    if let Some(arc) = snap.solar_arc {
        for p in directed_only {
            let lon = arc
                .direct(p.lon)
                .map_err(|source| ProgressionReportError::Directed {
                    point: p.name.clone(),
                    source,
                })?;
            directed.push(DirectedPoint {
                name: p.name.clone(),
                lon,
            });
        }
    }
    let aspects = snapshot_aspects(&snap, &progression.natal, query.aspects)?;
    Ok(ProgressionFound::Snapshot {
        snapshot: snap,
        directed,
        aspects,
        notes,
    })
}
