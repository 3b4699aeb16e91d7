//! Lunations: the Moon's elongation from the Sun (geocentric apparent longitudes) reaching a
//! multiple of 90° (new, first quarter, full, last quarter) or, with eight phases, of 45°.

use super::bodies::longitude;
use super::sampler::Sampler;
use super::{EVENT_TOLERANCE, Event, EventError, EventQuery, in_window};
use crate::body::Body;
use crate::search::ScanStep;
use crate::time::JulianDayUt;

/// The scan step of the Moon's elongation: it never turns back and grows by 10° to 15° a day,
/// so four days keep it under 62°, well inside the scan's 90° per step, and the cubic's
/// estimates are good to a minute or so (each is polished on the ephemeris).
const ELONGATION_STEP: ScanStep = ScanStep::constant(4.0);

/// Four phases or eight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LunationPhases {
    /// New, first quarter, full, last quarter.
    #[default]
    Four,
    /// Also the crescents and the gibbous phases, at odd multiples of 45°.
    Eight,
}

/// A phase of the Moon: the elongation it begins at is `45° × index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LunationPhase {
    New,
    WaxingCrescent,
    FirstQuarter,
    WaxingGibbous,
    Full,
    WaningGibbous,
    LastQuarter,
    WaningCrescent,
}

impl LunationPhase {
    /// The phases in order of elongation.
    pub const ALL: [Self; 8] = [
        Self::New,
        Self::WaxingCrescent,
        Self::FirstQuarter,
        Self::WaxingGibbous,
        Self::Full,
        Self::WaningGibbous,
        Self::LastQuarter,
        Self::WaningCrescent,
    ];

    /// The snake_case names in order of elongation.
    pub const NAMES: [&'static str; 8] = [
        "new",
        "waxing_crescent",
        "first_quarter",
        "waxing_gibbous",
        "full",
        "waning_gibbous",
        "last_quarter",
        "waning_crescent",
    ];

    /// The snake_case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The Moon's elongation from the Sun at the phase, degrees.
    #[must_use]
    pub fn elongation_deg(self) -> f64 {
        45.0 * f64::from(self as u8)
    }
}

pub(super) fn lunations(
    sampler: &mut Sampler<'_>,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let phases: Vec<LunationPhase> = match query.lunation_phases {
        LunationPhases::Four => LunationPhase::ALL.iter().copied().step_by(2).collect(),
        LunationPhases::Eight => LunationPhase::ALL.to_vec(),
    };
    let elongations: Vec<f64> = phases.iter().map(|p| p.elongation_deg()).collect();
    let track = sampler.pair_track_at(
        Body::Moon,
        Body::Sun,
        ELONGATION_STEP,
        &elongations,
        query.start.0,
        query.end.0,
    )?;
    let mut crossings = Vec::new();
    for phase in phases {
        let target = phase.elongation_deg();
        crossings.clear();
        track.crossings(target, &mut crossings);
        for crossing in &crossings {
            let exact = track
                .refine(
                    crossing,
                    target,
                    |t| sampler.difference(Body::Moon, Body::Sun, t),
                    EVENT_TOLERANCE,
                )
                .map_err(|e| EventError::from_search(|| "the Moon's phase".to_owned(), e))?;
            if !in_window(query, exact.t_day) {
                continue;
            }
            let moon = sampler.longitude_near(Body::Moon, exact.t_day, crossing.estimate_day)?;
            out.push(Event::Lunation {
                exact_at: JulianDayUt(exact.t_day),
                phase,
                moon_lon: longitude(Body::Moon, moon)?,
            });
        }
    }
    Ok(())
}
