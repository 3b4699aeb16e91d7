//! Apsides as they happen: the Moon's perigee and apogee (the minima and maxima of its
//! geocentric distance), the planets' perihelion and aphelion (of their true, geometric,
//! heliocentric distance: [`true_distance`]; Uranus, Neptune and Pluto from the solar system's
//! barycentre, see [`distance_step`]). These are the turning points of the distance, found by
//! the same scan that finds a longitude's stations: a [`Track`] of the distance (its value) and
//! its rate of change.
//!
//! They are not the osculating apsides of `/v1/nodes-apsides` (the ellipse fitted to the orbit
//! at an instant), which wander by days from the actual closest approach.

use orrery_ephem::{CalcRequest, Coordinates, EphemError, Equinox, Zodiac};

use super::sampler::{Sampler, grid};
use super::{ApsisKind, EVENT_TOLERANCE, Event, EventError, EventQuery, EventType, in_window};
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, no_data, search_position};
use crate::search::{NodeKind, Sample, ScanStep, Track};
use crate::time::JulianDayUt;

/// The scan step of a body's distance and the centre it is measured from, for the bodies that
/// have apsides here. The step is a fraction of the shortest time between a minimum and the
/// next maximum: the Moon's perigee and apogee are at least 12 days apart, a planet's
/// perihelion and aphelion half an orbit.
fn distance_step(body: Body) -> Option<(ScanStep, Center)> {
    let step = |days| ScanStep::constant(days);
    let helio = Center::Heliocentric;
    Some(match body {
        Body::Moon => (step(1.0), Center::Geocentric),
        // The scan only has to see the rate change sign between two samples, and a planet's
        // distance turns once between an apsis and the next (half an orbit later: Mercury 44
        // days, Venus 112, the Earth 183, Mars 343); each turn is then solved on the library.
        // About a third of that half orbit (a quarter for Mercury) keeps every turn in its own
        // step (1900–2100: the same 2,987 planetary apsides as at half these steps, each within
        // 0.35 s, inside the search's half second).
        Body::Mercury => (step(16.0), helio),
        Body::Venus | Body::Earth => (step(32.0), helio),
        Body::Mars => (step(64.0), helio),
        // The outer planets' distance turns so slowly that the library's own speed noise makes
        // the solved apsis depend on where the search starts by seconds to minutes (Neptune 15
        // minutes at 64 days): their steps stay, and so do their answers.
        Body::Jupiter | Body::Saturn | Body::Chiron => (step(32.0), helio),
        // The Sun itself circles the solar system's barycentre (by up to 0.01 AU, mostly with
        // Jupiter's 12 years): seen from the Sun, the distance of a far planet on a nearly
        // circular orbit wobbles with it and turns several times around each apsis. Measured
        // from the barycentre, the orbit's own extremes remain.
        Body::Uranus | Body::Neptune | Body::Pluto => (step(32.0), Center::Barycentric),
        _ => return None,
    })
}

/// The equinox a planet's distance is asked in. A distance does not depend on the equinox
/// (the nutation is a rotation), and from the mean equinox the library skips its two nutation
/// evaluations per call, most of a heliocentric call's cost besides the planet itself. The
/// library's speeds are numerical, though, and differ between the two by a few 1e-13 AU/day:
/// where the distance turns as fast as the inner planets' does, that moves an apsis by under
/// 0.25 s, inside the search's half second (1900–2100: Mercury 0.0006 s, Venus, the Earth and
/// Mars 0.25 s); the outer planets' distance turns so slowly that it would move theirs by
/// seconds to minutes (Neptune 286 s), so they keep the true equinox (and are sampled 12 times
/// a year, and most years only at [`FAR_BODY_LOOK_DAYS`]: little to save). The Moon's distance comes from the position cache, as before.
fn distance_equinox(body: Body) -> Equinox {
    match body {
        Body::Mercury | Body::Venus | Body::Earth | Body::Mars => Equinox::Mean,
        _ => Equinox::True,
    }
}

/// The step of a first look at a far planet's distance: sixteen of its scan steps. Jupiter's
/// apsides are 5.9 years apart (Saturn's 14.7, Uranus' to Pluto's more), and between two of
/// them the distance moves one way: the Sun's wobble about the barycentre changes the speed
/// of its distance from Jupiter or Saturn by under 7 m/s a year, against their own 330 and
/// 115 m/s a year near an apsis, so it adds no turns (Uranus to Pluto are measured from the
/// barycentre). So a window in which these samples show the distance's rate with one sign,
/// and no dip of it between them, holds no apsis, and most years hold none: the body's scan
/// ([`distance_step`]) runs only where they show one, and finds it exactly as before. Chiron,
/// whose orbit Saturn's passages reshape, is not looked at this way.
const FAR_BODY_LOOK_DAYS: ScanStep = ScanStep::constant(512.0);

fn is_far(body: Body) -> bool {
    matches!(
        body,
        Body::Jupiter | Body::Saturn | Body::Uranus | Body::Neptune | Body::Pluto
    )
}

/// True unless `body`'s distance keeps one direction over `[from, to]`, by the samples at
/// [`FAR_BODY_LOOK_DAYS`] and the scan's look inside each step.
fn may_turn(
    sampler: &Sampler<'_>,
    body: Body,
    frame: &Frame,
    from: f64,
    to: f64,
) -> Result<bool, EventError> {
    let samples = grid(FAR_BODY_LOOK_DAYS, from, to)
        .into_iter()
        .map(|t| distance_sample(sampler, body, frame, t))
        .collect::<Result<Vec<_>, _>>()?;
    let rate_sign = |s: &Sample| s.rate_deg_per_day.total_cmp(&0.0);
    if samples
        .windows(2)
        .any(|pair| rate_sign(&pair[0]) != rate_sign(&pair[1]))
    {
        return Ok(true);
    }
    // One direction at every sample: a turn could only hide inside a step as a dip of the
    // rate, which the track's build probes.
    let track = Track::build(
        &samples,
        |t| distance_sample(sampler, body, frame, t),
        EVENT_TOLERANCE,
    )
    .map_err(|e| EventError::from_search(|| format!("{}'s distance", body.name()), e))?;
    Ok(track.nodes().iter().any(|n| n.kind != NodeKind::Sample))
}

fn distance_sample(
    sampler: &Sampler<'_>,
    body: Body,
    frame: &Frame,
    jd: f64,
) -> Result<Sample, ChartError> {
    let (dist_au, dist_speed_au_per_day) = if body == Body::Moon {
        let p = search_position(
            sampler.ephemeris(),
            JulianDayUt(jd),
            body,
            frame,
            distance_equinox(body),
        )?;
        (p.dist_au, p.dist_speed_au_per_day)
    } else {
        true_distance(sampler, body, frame, jd)?
    };
    Ok(Sample {
        t_day: jd,
        value_deg: dist_au,
        rate_deg_per_day: dist_speed_au_per_day,
    })
}

/// A planet's true (geometric) distance from the frame's centre at `jd` and its rate, in AU
/// and AU/day. The library's heliocentric and barycentric positions are otherwise the light
/// time late (the planet where the centre sees it: the Earth's distance 499 s late, Jupiter's
/// 43 minutes), and so would be every apsis found on them.
fn true_distance(
    sampler: &Sampler<'_>,
    body: Body,
    frame: &Frame,
    jd: f64,
) -> Result<(f64, f64), ChartError> {
    let request = CalcRequest {
        body: body.body_id(),
        center: frame.center.ephem(),
        zodiac: frame.zodiac,
        coordinates: Coordinates::Ecliptic,
        equinox: distance_equinox(body),
    };
    let calculated = sampler
        .ephemeris()
        .calc_true_position(JulianDayUt(jd), &request)
        .map_err(|e| no_data(body, JulianDayUt(jd), e))?;
    let p = calculated.ecliptic().ok_or_else(|| EphemError::Library {
        function: "swe_calc_ut",
        message: "ecliptic coordinates were asked for but not returned".into(),
    })?;
    Ok((p.dist_au, p.dist_speed_au_per_day))
}

pub(super) fn apsides(
    sampler: &mut Sampler<'_>,
    bodies: &[Body],
    query: &EventQuery,
    types: &[EventType],
    out: &mut Vec<Event>,
) -> Result<(), EventError> {
    let wants = |kind: ApsisKind| types.contains(&kind.event_type());
    for &body in bodies {
        let Some((step, center)) = distance_step(body) else {
            continue;
        };
        let (near, far) = if body == Body::Moon {
            (ApsisKind::Perigee, ApsisKind::Apogee)
        } else {
            (ApsisKind::Perihelion, ApsisKind::Aphelion)
        };
        if !wants(near) && !wants(far) {
            continue;
        }
        // The zodiac does not change a distance either: tropical, so that the mean equinox
        // applies.
        let frame = Frame {
            center,
            zodiac: Zodiac::Tropical,
        };
        if is_far(body) && !may_turn(sampler, body, &frame, query.start.0, query.end.0)? {
            continue;
        }
        let samples = grid(step, query.start.0, query.end.0)
            .into_iter()
            .map(|t| distance_sample(sampler, body, &frame, t))
            .collect::<Result<Vec<_>, _>>()?;
        let track = Track::build(
            &samples,
            |t| distance_sample(sampler, body, &frame, t),
            EVENT_TOLERANCE,
        )
        .map_err(|e| EventError::from_search(|| format!("{}'s distance", body.name()), e))?;
        for (node, turns_back) in track.turns_with_direction() {
            // The distance turns back (starts to shrink) at its maximum.
            let kind = if turns_back { far } else { near };
            if wants(kind) && in_window(query, node.sample.t_day) {
                out.push(Event::Apsis {
                    kind,
                    body,
                    exact_at: JulianDayUt(node.sample.t_day),
                    distance_au: node.sample.value_deg,
                });
            }
        }
    }
    Ok(())
}
