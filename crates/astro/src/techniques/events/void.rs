//! The void-of-course Moon (docs/EVENTS.md): from the Moon's last exact Ptolemaic aspect to one
//! of the void-of-course bodies until it enters the next sign.
//!
//! Each Moon ingress ends a period, which starts at the last exact aspect before the ingress.
//! When the Moon makes no aspect at all in a sign, its last aspect lies in an earlier sign and
//! the period runs on through the whole sign: the two periods ending at the two ingresses
//! start at the same aspect, and only the longer one (ending at the later ingress) is listed.

use super::aspects::{ExactAspect, FoundAspects, PairSearch};
use super::sampler::Sampler;
use super::{EVENT_TOLERANCE, Event, EventError, EventQuery, PTOLEMAIC_ASPECTS, overlaps_window};
use crate::angle::Sign;
use crate::body::Body;
use crate::time::JulianDayUt;

/// How far before the window the Moon's aspects are searched: a period overlapping the window's
/// start began at the last aspect before the next ingress. The Moon aspects each body every
/// 3.7 days at most with the Ptolemaic aspects (eight arcs in a synodic month of 29.5 days), so
/// ten days always hold one.
const LOOK_BACK_DAYS: f64 = 10.0;

/// How far after the window the Moon's ingresses are searched: the Moon crosses a sign in at
/// most 2.7 days.
const LOOK_AHEAD_DAYS: f64 = 3.0;

pub(super) fn void_of_course(
    sampler: &mut Sampler<'_>,
    found_aspects: &mut FoundAspects,
    query: &EventQuery,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let from = query.start.0 - LOOK_BACK_DAYS;
    let to = query.end.0 + LOOK_AHEAD_DAYS;

    // The Moon's ingresses (forward always: the Moon never turns back).
    let track = sampler.body_track(Body::Moon, from, to)?;
    let mut ingresses: Vec<(f64, Sign)> = Vec::new();
    let mut crossings = Vec::new();
    for sign in Sign::ALL {
        let cusp = sign.start().degrees();
        crossings.clear();
        track.crossings(cusp, &mut crossings);
        for crossing in &crossings {
            let exact = track
                .refine(
                    crossing,
                    cusp,
                    |t| sampler.sample(Body::Moon, t),
                    EVENT_TOLERANCE,
                )
                .map_err(|e| EventError::from_search(|| "the Moon".to_owned(), e))?;
            if exact.t_day >= from && exact.t_day <= to {
                ingresses.push((exact.t_day, sign));
            }
        }
    }
    ingresses.sort_by(|a, b| a.0.total_cmp(&b.0));

    let mut aspects: Vec<(ExactAspect, Body)> = Vec::new();
    for &body in &query.void_bodies {
        if body == Body::Moon {
            continue;
        }
        let found = found_aspects.exact_aspects(
            sampler,
            PairSearch {
                first: Body::Moon,
                second: body,
                aspects: &PTOLEMAIC_ASPECTS,
                from,
                to,
            },
        )?;
        aspects.extend(found.into_iter().map(|a| (a, body)));
    }
    aspects.sort_by(|a, b| a.0.t_day.total_cmp(&b.0.t_day));

    let mut periods: Vec<Event> = Vec::new();
    let mut last_start: Option<f64> = None;
    for &(t_ingress, sign) in &ingresses {
        let before = aspects.partition_point(|(a, _)| a.t_day < t_ingress);
        let Some(&(last, body)) = before.checked_sub(1).map(|i| &aspects[i]) else {
            // Only the first ingresses of the look-back can lack an earlier aspect inside it.
            if t_ingress - LOOK_BACK_DAYS >= from {
                return Err(EventError::NoAspectBeforeIngress {
                    days: LOOK_BACK_DAYS,
                    jd: t_ingress,
                });
            }
            continue;
        };
        let period = Event::VoidOfCourse {
            start: JulianDayUt(last.t_day),
            end: JulianDayUt(t_ingress),
            last_aspect: last.aspect,
            last_aspect_body: body,
            next_sign: sign,
        };
        // A sign without any aspect: the period that ended at the previous ingress started at
        // the same aspect; this one replaces it.
        if last_start.is_some_and(|s| s.to_bits() == last.t_day.to_bits()) {
            periods.pop();
        }
        last_start = Some(last.t_day);
        periods.push(period);
    }
    out.extend(periods.into_iter().filter(|p| match p {
        Event::VoidOfCourse { start, end, .. } => overlaps_window(query, start.0, end.0),
        _ => false,
    }));
    Ok(())
}
