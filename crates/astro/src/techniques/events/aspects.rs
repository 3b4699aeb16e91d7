//! Mundane aspects: two moving bodies in exact aspect, found on the track of the difference of
//! their longitudes. Each passage is an event (a retrograde loop can give three).

use super::bodies::longitude;
use super::sampler::Sampler;
use super::{EVENT_TOLERANCE, Event, EventError, EventQuery, in_window};
use crate::aspects::Aspect;
use crate::body::Body;

/// One exact aspect between two bodies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ExactAspect {
    pub(super) t_day: f64,
    /// Where the refinement made its first real evaluation (the crossing's estimate).
    pub(super) probe_day: f64,
    pub(super) aspect: Aspect,
    /// `first − second` on the circle at the exact time, in `(-180, 180]`.
    pub(super) arc_deg: f64,
}

/// The arcs `first − second` at which an aspect is exact: `+θ` and `−θ`, once for 0° and 180°.
fn arcs(aspect: Aspect) -> &'static [f64] {
    match aspect {
        Aspect::Conjunction => &[0.0],
        Aspect::Opposition => &[180.0],
        Aspect::Sextile => &[60.0, -60.0],
        Aspect::Square => &[90.0, -90.0],
        Aspect::Trine => &[120.0, -120.0],
        Aspect::Semisextile => &[30.0, -30.0],
        Aspect::Semisquare => &[45.0, -45.0],
        Aspect::Quintile => &[72.0, -72.0],
        Aspect::Sesquiquadrate => &[135.0, -135.0],
        Aspect::Biquintile => &[144.0, -144.0],
        Aspect::Quincunx => &[150.0, -150.0],
    }
}

/// Every exact aspect of `aspects` between `first` and `second` with its time in
/// `[from, to]`, in no particular order.
pub(super) fn exact_aspects(
    sampler: &mut Sampler<'_>,
    first: Body,
    second: Body,
    aspects: &[Aspect],
    from: f64,
    to: f64,
) -> Result<Vec<ExactAspect>, EventError> {
    let targets: Vec<f64> = aspects
        .iter()
        .flat_map(|&aspect| arcs(aspect).iter().copied())
        .collect();
    let track = sampler.pair_track(first, second, &targets, from, to)?;
    let mut found = Vec::new();
    let mut crossings = Vec::new();
    for &aspect in aspects {
        for &arc in arcs(aspect) {
            crossings.clear();
            track.crossings(arc, &mut crossings);
            for crossing in &crossings {
                if crossing.estimate_day < from - 1.0 || crossing.estimate_day > to + 1.0 {
                    continue;
                }
                let exact = track
                    .refine(
                        crossing,
                        arc,
                        |t| sampler.difference(first, second, t),
                        EVENT_TOLERANCE,
                    )
                    .map_err(|e| {
                        EventError::from_search(
                            || format!("{} and {}", first.name(), second.name()),
                            e,
                        )
                    })?;
                if exact.t_day < from || exact.t_day > to {
                    continue;
                }
                found.push(ExactAspect {
                    t_day: exact.t_day,
                    probe_day: crossing.estimate_day,
                    aspect,
                    arc_deg: arc,
                });
            }
        }
    }
    Ok(found)
}

pub(super) fn mundane_aspects(
    sampler: &mut Sampler<'_>,
    bodies: &[Body],
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for (i, &first) in bodies.iter().enumerate() {
        for &second in &bodies[i + 1..] {
            let found = exact_aspects(
                sampler,
                first,
                second,
                &query.aspects,
                query.start.0,
                query.end.0,
            )?;
            for exact in found {
                debug_assert!(in_window(query, exact.t_day));
                let a = sampler.longitude_near(first, exact.t_day, exact.probe_day)?;
                let b = sampler.longitude_near(second, exact.t_day, exact.probe_day)?;
                out.push(Event::Aspect {
                    first,
                    second,
                    aspect: exact.aspect,
                    arc_deg: exact.arc_deg,
                    exact_at: crate::time::JulianDayUt(exact.t_day),
                    first_lon: longitude(first, a)?,
                    second_lon: longitude(second, b)?,
                });
            }
        }
    }
    Ok(())
}
