//! Ingresses, stations and retrograde periods (with their shadows), all from one track of each
//! body's longitude.

use super::sampler::Sampler;
use super::{EVENT_TOLERANCE, Event, EventError, EventQuery, EventType, StationDirection};
use super::{in_window, overlaps_window};
use crate::angle::{Longitude, Sign};
use crate::body::Body;
use crate::chart::ChartError;
use crate::search::{Crossing, Sample, Track};
use crate::time::JulianDayUt;

/// How far beyond the window a body's track reaches when retrograde periods are wanted: a
/// period overlapping the window may start or end outside it, and its shadow lies further out.
/// The margin covers the body's longest retrograde period plus its longest shadow on one
/// side (over 1900–2100, with room): Mercury 24 + 20 days, Venus 43 + 45, Mars 81 + 70,
/// Jupiter 123 + 95, Saturn 141 + 110; the outer planets and Chiron about 160 + 165. Other
/// bodies get the widest.
/// Whether the body's geocentric longitude ever turns back: not the Sun, the Moon, the Earth
/// point, the mean node (always backwards) or the mean apogee (always forwards). Their tracks
/// are built only for ingresses.
fn can_turn(body: Body) -> bool {
    !matches!(
        body,
        Body::Sun | Body::Moon | Body::Earth | Body::MeanNode | Body::MeanApogee
    )
}

fn retrograde_margin_days(body: Body) -> f64 {
    match body {
        Body::Mercury => 60.0,
        Body::Venus => 120.0,
        Body::Mars => 200.0,
        Body::Jupiter => 280.0,
        Body::Saturn => 320.0,
        _ => 400.0,
    }
}

/// A computed longitude as a [`Longitude`] (a NaN from the library is an error, not a value).
pub(super) fn longitude(body: Body, value_deg: f64) -> Result<Longitude, EventError> {
    Longitude::new(value_deg).map_err(|_| {
        EventError::Chart(ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_calc_ut",
            message: format!("{} longitude is not finite", body.name()),
        }))
    })
}

pub(super) fn body_events(
    sampler: &mut Sampler<'_>,
    bodies: &[Body],
    query: &EventQuery,
    types: &[EventType],
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let wants = |t: EventType| types.contains(&t);
    for &body in bodies {
        let turns = can_turn(body);
        if !turns && !wants(EventType::Ingress) {
            continue;
        }
        let margin = if wants(EventType::RetrogradePeriod) && turns {
            retrograde_margin_days(body)
        } else {
            0.0
        };
        let track = sampler.body_track(body, query.start.0 - margin, query.end.0 + margin)?;
        let mut eval = |t: f64| sampler.sample(body, t);
        if wants(EventType::Ingress) {
            ingresses(body, &track, query, &mut eval, out)?;
        }
        if wants(EventType::Station) {
            for (node, retrograde) in track.turns_with_direction() {
                if in_window(query, node.sample.t_day) {
                    out.push(Event::Station {
                        body,
                        exact_at: JulianDayUt(node.sample.t_day),
                        direction: if retrograde {
                            StationDirection::Retrograde
                        } else {
                            StationDirection::Direct
                        },
                        lon: longitude(body, node.sample.value_deg)?,
                    });
                }
            }
        }
        if wants(EventType::RetrogradePeriod) {
            retrograde_periods(body, &track, query, &mut eval, out)?;
        }
    }
    Ok(())
}

fn ingresses(
    body: Body,
    track: &Track,
    query: &EventQuery,
    eval: &mut impl FnMut(f64) -> Result<Sample, ChartError>,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let mut crossings: Vec<Crossing> = Vec::new();
    let mut found = Vec::new();
    for (k, sign) in Sign::ALL.iter().enumerate() {
        crossings.clear();
        let cusp = sign.start().degrees();
        track.crossings(cusp, &mut crossings);
        for crossing in &crossings {
            // The cubic's estimate is within seconds: a crossing a minute outside the window
            // cannot come inside.
            if crossing.estimate_day < query.start.0 - 1.0
                || crossing.estimate_day > query.end.0 + 1.0
            {
                continue;
            }
            let exact = track
                .refine(crossing, cusp, &mut *eval, EVENT_TOLERANCE)
                .map_err(|e| EventError::from_search(|| body.name().into_owned(), e))?;
            if !in_window(query, exact.t_day) {
                continue;
            }
            let retrograde = exact.rate_deg_per_day < 0.0;
            // Moving backwards over a cusp, the body enters the sign before it.
            let entered = if retrograde { (k + 11) % 12 } else { k };
            found.push(Event::Ingress {
                body,
                exact_at: JulianDayUt(exact.t_day),
                sign: Sign::ALL[entered],
                retrograde,
            });
        }
    }
    out.extend(found);
    Ok(())
}

fn retrograde_periods(
    body: Body,
    track: &Track,
    query: &EventQuery,
    eval: &mut impl FnMut(f64) -> Result<Sample, ChartError>,
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let turns: Vec<(Sample, bool)> = track
        .turns_with_direction()
        .map(|(node, retrograde)| (node.sample, retrograde))
        .collect();
    for pair in turns.windows(2) {
        let [(station_r, true), (station_d, false)] = [pair[0], pair[1]] else {
            continue;
        };
        if !overlaps_window(query, station_r.t_day, station_d.t_day) {
            continue;
        }
        // Pre-shadow: the last time before the station retrograde that the body reached the
        // station direct's longitude; post-shadow: the first time after the station direct
        // that it passes the station retrograde's longitude again.
        let shadow_start = shadow_crossing(
            body,
            track,
            station_d.value_deg,
            eval,
            |t| t < station_r.t_day,
            true,
        )?;
        let shadow_end = shadow_crossing(
            body,
            track,
            station_r.value_deg,
            eval,
            |t| t > station_d.t_day,
            false,
        )?;
        out.push(Event::RetrogradePeriod {
            body,
            start: JulianDayUt(station_r.t_day),
            end: JulianDayUt(station_d.t_day),
            station_retrograde_lon: longitude(body, station_r.value_deg)?,
            station_direct_lon: longitude(body, station_d.value_deg)?,
            shadow_start: shadow_start.map(JulianDayUt),
            shadow_end: shadow_end.map(JulianDayUt),
        });
    }
    Ok(())
}

/// The crossing of `target_deg` in direct motion that `keep` accepts: the last of them
/// (`last`) or the first. `None` when the track does not reach that far (its margin covers every
/// shadow inside the data's years).
fn shadow_crossing(
    body: Body,
    track: &Track,
    target_deg: f64,
    eval: &mut impl FnMut(f64) -> Result<Sample, ChartError>,
    keep: impl Fn(f64) -> bool,
    last: bool,
) -> Result<Option<f64>, EventError> {
    let mut crossings = Vec::new();
    track.crossings(target_deg, &mut crossings);
    let mut candidates = crossings.iter().filter(|c| keep(c.estimate_day));
    let chosen = if last {
        candidates.next_back()
    } else {
        candidates.next()
    };
    let Some(crossing) = chosen else {
        return Ok(None);
    };
    let exact = track
        .refine(crossing, target_deg, &mut *eval, EVENT_TOLERANCE)
        .map_err(|e| EventError::from_search(|| body.name().into_owned(), e))?;
    Ok(Some(exact.t_day))
}
