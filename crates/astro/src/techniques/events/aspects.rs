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

/// The exact aspects one calendar has found, by pair and window: the void of course searches
/// the Moon's Ptolemaic aspects to its bodies over a window a little wider than the
/// calendar's, and the aspect type then takes the same pairs' aspects from there instead of
/// searching them again.
#[derive(Debug, Default)]
pub(super) struct FoundAspects {
    searches: Vec<Search>,
}

#[derive(Debug)]
struct Search {
    first: Body,
    second: Body,
    aspects: Vec<Aspect>,
    from: f64,
    to: f64,
    found: Vec<ExactAspect>,
}

/// What to search: the exact aspects of `aspects` between `first` and `second` with their
/// times in `[from, to]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct PairSearch<'a> {
    pub(super) first: Body,
    pub(super) second: Body,
    pub(super) aspects: &'a [Aspect],
    pub(super) from: f64,
    pub(super) to: f64,
}

impl FoundAspects {
    /// [`exact_aspects`], from an earlier search of the pair that covered the window and the
    /// aspects where there is one (the same crossings of the same track, so the same times).
    pub(super) fn exact_aspects(
        &mut self,
        sampler: &mut Sampler<'_>,
        wanted: PairSearch<'_>,
    ) -> Result<Vec<ExactAspect>, EventError> {
        let earlier = self.searches.iter().find(|s| {
            s.first == wanted.first
                && s.second == wanted.second
                && s.from <= wanted.from
                && s.to >= wanted.to
                && wanted.aspects.iter().all(|a| s.aspects.contains(a))
        });
        if let Some(search) = earlier {
            return Ok(search
                .found
                .iter()
                .filter(|a| {
                    a.t_day >= wanted.from
                        && a.t_day <= wanted.to
                        && wanted.aspects.contains(&a.aspect)
                })
                .copied()
                .collect());
        }
        let found = exact_aspects(sampler, &wanted)?;
        self.searches.push(Search {
            first: wanted.first,
            second: wanted.second,
            aspects: wanted.aspects.to_vec(),
            from: wanted.from,
            to: wanted.to,
            found: found.clone(),
        });
        Ok(found)
    }
}

/// Every exact aspect `wanted`, in no particular order.
fn exact_aspects(
    sampler: &mut Sampler<'_>,
    wanted: &PairSearch<'_>,
) -> Result<Vec<ExactAspect>, EventError> {
    let &PairSearch {
        first,
        second,
        aspects,
        from,
        to,
    } = wanted;
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
    found_aspects: &mut FoundAspects,
    bodies: &[Body],
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    for (i, &first) in bodies.iter().enumerate() {
        for &second in &bodies[i + 1..] {
            let found = found_aspects.exact_aspects(
                sampler,
                PairSearch {
                    first,
                    second,
                    aspects: &query.aspects,
                    from: query.start.0,
                    to: query.end.0,
                },
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
