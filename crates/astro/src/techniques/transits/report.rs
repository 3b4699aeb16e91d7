//! One transit report: the natal points (from a birth or as given) and the transiting bodies'
//! aspects to them, at one instant or as exact events in a window ([`transit_report`]); and the
//! bounds on a window's work, known before anything is calculated.

use orrery_ephem::{Ephemeris, Observer};

use super::{
    NATAL_BODIES, NatalPoint, TransitAspect, TransitError, TransitEvent, TransitWindow,
    transit_snapshot, transit_window,
};
use crate::aspects::{Aspect, AspectConfig};
use crate::body::Body;
use crate::chart::{Frame, MissingData, OmittedBody};
use crate::search::ScanStep;
use crate::techniques::cast::{CastChart, CastError, CastInput, cast_chart};
use crate::techniques::motion::scan_step;
use crate::techniques::natal::{BirthPointsError, birth_points};
use crate::time::JulianDayUt;

/// Days in a Julian year, for the expected events per year.
const DAYS_PER_YEAR: f64 = 365.25;

/// Where the natal points come from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TransitNatal<'a> {
    /// Cast at the birth: [`NATAL_BODIES`] (one without data left out), then `ascendant` and `mc`.
    Birth { jd: JulianDayUt, place: Observer },
    /// Given as they are.
    Positions(&'a [NatalPoint]),
}

/// One instant, or a window of exact events.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TransitSpan {
    /// The aspects in orb at `at`.
    Snapshot { at: JulianDayUt },
    /// Every exact aspect from `start` to `end`, no body sampled more coarsely than `step_cap`.
    Window {
        start: JulianDayUt,
        end: JulianDayUt,
        step_cap: Option<ScanStep>,
    },
}

/// What a transit report is computed from. Positions are geocentric, tropical and apparent.
#[derive(Debug, Clone, Copy)]
pub struct TransitQuery<'a> {
    pub natal: TransitNatal<'a>,
    pub span: TransitSpan,
    /// The transiting bodies.
    pub bodies: &'a [Body],
    pub aspects: &'a AspectConfig,
    /// A snapshot also casts the sky: every transiting body at the instant, in aspect or not
    /// (the outer ring of a transit wheel).
    pub sky: bool,
}

/// The transiting bodies' aspects of either span.
#[derive(Debug, Clone, PartialEq)]
pub enum TransitEvents {
    /// In orb at the instant, closest first.
    Snapshot(Vec<TransitAspect>),
    /// Exact in the window, in time order.
    Window(Vec<TransitEvent>),
}

impl TransitEvents {
    /// How many events.
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Self::Snapshot(list) => list.len(),
            Self::Window(list) => list.len(),
        }
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The natal points used and the transits to them.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitReport {
    /// The natal points, in order (a birth's bodies, then `ascendant` and `mc`).
    pub natal_points: Vec<NatalPoint>,
    /// Natal bodies without data at the birth, left out, with their dates.
    pub natal_omitted: Vec<OmittedBody>,
    pub events: TransitEvents,
    /// The transiting bodies at a snapshot's instant, when [`TransitQuery::sky`] asked.
    pub sky: Option<CastChart>,
}

/// Why a transit report failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TransitReportError {
    /// The natal points could not be cast at the birth.
    #[error(transparent)]
    Natal(BirthPointsError),
    /// The transits could not be found.
    #[error(transparent)]
    Transit(TransitError),
    /// The sky at the snapshot could not be cast.
    #[error(transparent)]
    Sky(CastError),
}

/// The natal points, then the snapshot or the window's events.
///
/// # Errors
/// The natal chart's failure ([`TransitReportError::Natal`]), or the search's.
pub fn transit_report(
    eph: &Ephemeris,
    query: &TransitQuery<'_>,
) -> Result<TransitReport, TransitReportError> {
    let (natal_points, natal_omitted) = match query.natal {
        TransitNatal::Positions(points) => (points.to_vec(), Vec::new()),
        TransitNatal::Birth { jd, place } => {
            // The natal bodies are a fixed list, none asked for by name: one without data at
            // the birth (Chiron before 1200) is left out and listed.
            let natal = birth_points(eph, jd, place, &NATAL_BODIES, MissingData::LeaveOut)
                .map_err(TransitReportError::Natal)?;
            let omitted = natal
                .left_out
                .iter()
                .map(|&body| OmittedBody {
                    body,
                    valid: orrery_ephem::bundled_range(body.body_id()).valid(),
                })
                .collect();
            (natal.points, omitted)
        }
    };
    let frame = Frame::GEOCENTRIC_TROPICAL;
    match query.span {
        TransitSpan::Snapshot { at } => {
            let aspects =
                transit_snapshot(eph, at, query.bodies, &natal_points, query.aspects, &frame)
                    .map_err(TransitReportError::Transit)?;
            let sky = query
                .sky
                .then(|| {
                    let sky =
                        CastInput::sky(at, query.bodies.to_vec(), MissingData::Refuse, true, None);
                    cast_chart(eph, &sky).map_err(TransitReportError::Sky)
                })
                .transpose()?;
            Ok(TransitReport {
                natal_points,
                natal_omitted,
                events: TransitEvents::Snapshot(aspects),
                sky,
            })
        }
        TransitSpan::Window {
            start,
            end,
            step_cap,
        } => {
            let window = TransitWindow {
                bodies: query.bodies.to_vec(),
                natal: natal_points,
                aspects: query.aspects.clone(),
                start,
                end,
                frame,
                step_cap,
            };
            let found = transit_window(eph, &window).map_err(TransitReportError::Transit)?;
            Ok(TransitReport {
                natal_points: window.natal,
                natal_omitted,
                events: TransitEvents::Window(found),
                sky: None,
            })
        }
    }
}

/// The default `step_days` (docs/CONVENTIONS.md): 0.25 with the Moon, 0.5 with the Sun, Mercury,
/// Venus or Mars, else 1.0.
#[must_use]
pub fn spec_default_step_days(bodies: &[Body]) -> f64 {
    if bodies.contains(&Body::Moon) {
        0.25
    } else if bodies
        .iter()
        .any(|b| matches!(b, Body::Sun | Body::Mercury | Body::Venus | Body::Mars))
    {
        0.5
    } else {
        1.0
    }
}

/// The position samples a window of `window_days` takes: each body at its own step (or the cap,
/// where finer), `ceil(window / step) + 1` times.
#[must_use]
pub fn window_samples(bodies: &[Body], window_days: f64, cap: Option<ScanStep>) -> f64 {
    let mut samples = 0.0;
    for &body in bodies {
        let step = scan_step(body, &Frame::GEOCENTRIC_TROPICAL);
        let step = cap.map_or(step, |cap| step.min(cap));
        samples += (window_days / step.days()).ceil() + 1.0;
    }
    samples
}

/// How many times per year, on average, a body passes a given longitude (each way): its total
/// motion in longitude per year, back and forth, over 360°. The largest yearly value over
/// 1950–2050 from the Swiss Ephemeris (sampled every 0.25 day; the Moon, the true node and the
/// osculating and interpolated apogee every 0.02 day; the interpolated perigee over 1950–1970
/// every 0.05 day), rounded up; used only to refuse requests that would be too large.
#[must_use]
pub fn passes_per_year(body: Body) -> f64 {
    match body {
        Body::Sun | Body::Earth => 1.0,
        Body::Moon => 13.41,
        Body::Mercury => 1.26,
        Body::Venus => 1.24,
        Body::Mars => 0.69,
        Body::Jupiter => 0.16,
        Body::Saturn => 0.08,
        Body::Uranus => 0.04,
        Body::Neptune | Body::Pluto => 0.03,
        Body::MeanNode => 0.06,
        Body::TrueNode => 0.07,
        Body::MeanApogee => 0.12,
        Body::OsculatingApogee => 2.18,
        Body::InterpolatedApogee => 0.15,
        Body::InterpolatedPerigee => 0.55,
        Body::Chiron => 0.09,
        Body::Pholus => 0.08,
        Body::Ceres | Body::Pallas | Body::Juno | Body::Vesta => 0.5,
        // Any numbered minor planet: main-belt asteroids stay well below 1; a near-Earth
        // asteroid can sweep far more at a close approach, but only briefly.
        Body::Asteroid(_) => 1.0,
    }
}

/// The estimate of a window's event count, with its factors.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpectedEvents {
    /// The window in Julian years.
    pub years: f64,
    /// Natal points × aspect targets per point (one for the conjunction and the opposition,
    /// two for the others).
    pub targets: f64,
    /// The transiting bodies' passes per year, summed ([`passes_per_year`]).
    pub passes: f64,
    /// `years × passes × targets`, rounded.
    pub events: f64,
}

/// The expected event count of a window of `window_days` against `natal_points` points.
#[must_use]
pub fn expected_events(
    bodies: &[Body],
    natal_points: usize,
    aspects: &AspectConfig,
    window_days: f64,
) -> ExpectedEvents {
    let targets_per_point: u32 = aspects
        .aspects()
        .iter()
        .map(|a| match a {
            Aspect::Conjunction | Aspect::Opposition => 1,
            _ => 2,
        })
        .sum();
    let passes: f64 = bodies.iter().map(|&b| passes_per_year(b)).sum();
    #[allow(
        clippy::cast_precision_loss,
        reason = "at most a few hundred natal points"
    )]
    let targets = natal_points as f64 * f64::from(targets_per_point);
    ExpectedEvents {
        years: window_days / DAYS_PER_YEAR,
        targets,
        passes,
        events: (window_days / DAYS_PER_YEAR * passes * targets).round(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::transits::DEFAULT_TRANSIT_BODIES;

    #[test]
    fn the_spec_default_step_follows_the_fastest_transit_point() {
        let step = |bodies: &[Body]| spec_default_step_days(bodies);
        assert!((step(&DEFAULT_TRANSIT_BODIES) - 0.25).abs() < f64::EPSILON);
        for fast in [Body::Sun, Body::Mercury, Body::Venus, Body::Mars] {
            assert!((step(&[Body::Pluto, fast]) - 0.5).abs() < f64::EPSILON);
        }
        assert!((step(&[Body::Jupiter, Body::Chiron, Body::TrueNode]) - 1.0).abs() < f64::EPSILON);
    }

    #[test]
    fn passes_per_year_cover_the_default_chart() {
        // The fixture's year of default transits against 12 natal points with the major aspects
        // had 1706 events (new_york_1972, 2024): the estimate must not be below it.
        let passes: f64 = DEFAULT_TRANSIT_BODIES
            .iter()
            .map(|&b| passes_per_year(b))
            .sum();
        let expected = passes * 12.0 * 8.0;
        assert!(expected > 1706.0 && expected < 1.2 * 1706.0, "{expected}");
        for entry in crate::body::CATALOG {
            assert!(passes_per_year(entry.body) > 0.0);
        }
    }
}
