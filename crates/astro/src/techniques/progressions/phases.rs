//! Phases of a progression over a span of ages:
//!
//! * **ingress**: a progressed (or directed) body enters a sign: its longitude crosses a
//!   multiple of 30°, forwards into the sign ahead or, retrograde, back into the sign behind;
//! * **station**: a progressed body turns (its speed changes sign), the turning points of the
//!   search's [`Track`] (not for solar arc, whose points never turn);
//! * **axis**: the secondary progressed ascendant or MC ([`super::axis`]) enters a sign.
//!
//! Each is solved to [`EVENT_TOLERANCE`] of progressed time, like the aspects.

use orrery_ephem::Ephemeris;

use super::axis::{Axis, axis_sample};
use super::{
    AXIS_STEP, EVENT_TOLERANCE, MovingPoint, Progression, ProgressionError, ProgressionMethod,
    Resolved, calendar_jd, finite_longitude, progressed_window, step_cap,
};
use crate::angle::{Longitude, SIGN_WIDTH_DEG, Sign, wrap_180};
use crate::search::{Crossing, Sample, Track};
use crate::time::JulianDayUt;

/// Which phases to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PhaseSelection {
    pub ingress: bool,
    pub station: bool,
    pub axis: bool,
}

/// What a phase search looks for.
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseWindow {
    pub moving: Vec<MovingPoint>,
    pub phases: PhaseSelection,
    pub age_start_years: f64,
    pub age_end_years: f64,
    /// Never sample more coarsely than this many years of life.
    pub step_cap_years: Option<f64>,
}

/// A sign ingress of a progressed point or angle.
#[derive(Debug, Clone, PartialEq)]
pub struct Ingress {
    pub point: String,
    /// The sign entered.
    pub sign: Sign,
    /// The sign left.
    pub from_sign: Sign,
    pub age_years: f64,
    pub progressed_jd: JulianDayUt,
    pub calendar_jd: JulianDayUt,
    pub lon: Longitude,
    /// Degrees per progressed day.
    pub speed_deg_per_day: f64,
    pub retrograde: bool,
}

/// Which way a station turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StationKind {
    /// The point stops and turns retrograde.
    Retrograde,
    /// The point stops and turns direct.
    Direct,
}

impl StationKind {
    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Retrograde => "retrograde",
            Self::Direct => "direct",
        }
    }
}

/// A station of a progressed body.
#[derive(Debug, Clone, PartialEq)]
pub struct Station {
    pub point: String,
    pub kind: StationKind,
    pub age_years: f64,
    pub progressed_jd: JulianDayUt,
    pub calendar_jd: JulianDayUt,
    pub lon: Longitude,
}

/// The phases found, each list sorted by time (then by the moving points' order).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Phases {
    pub ingresses: Vec<Ingress>,
    pub stations: Vec<Station>,
    pub axis_ingresses: Vec<Ingress>,
}

/// The phases of `window`.
///
/// # Errors
/// [`ProgressionError::Window`]/[`ProgressionError::Step`] for a bad span or cap;
/// [`ProgressionError::Unsupported`] for stations with solar arc and for the axis with any
/// method but secondary; [`ProgressionError::NoBirthPlace`] for the axis without a birth place,
/// [`ProgressionError::PolarLatitude`] for it inside the polar circles; the search's errors.
pub fn phase_events(
    eph: &Ephemeris,
    progression: &Progression,
    window: &PhaseWindow,
) -> Result<Phases, ProgressionError> {
    let method = progression.method;
    let (start, end) =
        progressed_window(progression, window.age_start_years, window.age_end_years)?;
    let cap = step_cap(window.step_cap_years, method.progressed_days_per_year())?;
    let selection = window.phases;
    if selection.station && method == ProgressionMethod::SolarArc {
        return Err(ProgressionError::Unsupported {
            method,
            what: "stations".into(),
            why: "directed points all move forward with the progressed Sun and never turn",
        });
    }
    if selection.axis && method != ProgressionMethod::Secondary {
        return Err(ProgressionError::Unsupported {
            method,
            what: "axis ingresses".into(),
            why: "the progressed ascendant and MC are defined for secondary progressions only",
        });
    }
    // Angles are followed by the axis phase; ingresses and stations are the bodies'.
    let bodies: Vec<MovingPoint> = window
        .moving
        .iter()
        .copied()
        .filter(|p| matches!(p, MovingPoint::Body(_)))
        .collect();
    let mut phases = Phases::default();
    if selection.ingress || selection.station {
        let r = Resolved::new(eph, progression, &bodies)?;
        let tracks = super::base_tracks(&r, (start, end), cap)?;
        if selection.ingress {
            phases.ingresses = ingresses(&r, &tracks)?;
        }
        if selection.station {
            phases.stations = stations(&r, &tracks)?;
        }
    }
    if selection.axis {
        let axes = progression.natal_axes(eph, "axis ingresses")?;
        axes.searchable(Axis::Ascendant, "axis ingresses")?;
        let step = cap.map_or(AXIS_STEP, |cap| AXIS_STEP.min(cap));
        for axis in Axis::ALL {
            let eval = |t: f64| axis_sample(eph, &axes, axis, t);
            let name = axis.name();
            let samples = step
                .times(start, end)
                .map_err(|source| ProgressionError::Scan {
                    point: name.to_owned(),
                    source,
                })?
                .into_iter()
                .map(eval)
                .collect::<Result<Vec<_>, _>>()?;
            let track = Track::build(&samples, eval, EVENT_TOLERANCE)
                .map_err(|e| ProgressionError::from_search(name, e))?;
            for (crossing, boundary) in sign_crossings(&track, 0.0) {
                let exact = track
                    .refine(&crossing, boundary, eval, EVENT_TOLERANCE)
                    .map_err(|e| ProgressionError::from_search(name, e))?;
                phases
                    .axis_ingresses
                    .push(ingress(progression, name, boundary, 0.0, &exact)?);
            }
        }
        phases
            .axis_ingresses
            .sort_by(|a, b| a.calendar_jd.0.total_cmp(&b.calendar_jd.0));
    }
    Ok(phases)
}

/// Every crossing of a sign boundary on `track` for a point `offset_deg` ahead of it, with the
/// boundary on the track's own scale (`30k − offset`).
fn sign_crossings(track: &Track, offset_deg: f64) -> Vec<(Crossing, f64)> {
    let mut out = Vec::new();
    let mut crossings = Vec::new();
    for k in 0..12 {
        let boundary = SIGN_WIDTH_DEG * f64::from(k) - offset_deg;
        crossings.clear();
        track.crossings(boundary, &mut crossings);
        out.extend(crossings.iter().map(|&c| (c, boundary)));
    }
    out.sort_by(|x, y| x.0.estimate_day.total_cmp(&y.0.estimate_day));
    out
}

/// The ingress at a solved crossing of `boundary` (on the base's scale) by a point
/// `offset_deg` ahead of the base.
fn ingress(
    progression: &Progression,
    point: &str,
    boundary: f64,
    offset_deg: f64,
    exact: &Sample,
) -> Result<Ingress, ProgressionError> {
    // The sign boundary the point crosses, as a whole sign index; from the target, not from the
    // solved value (which may sit a hair on either side).
    let cusp = finite_longitude(point, boundary + offset_deg + SIGN_WIDTH_DEG / 2.0)?.sign();
    let before = Sign::ALL[(cusp.index() + 11) % 12];
    let forward = exact.rate_deg_per_day >= 0.0;
    let (sign, from_sign) = if forward {
        (cusp, before)
    } else {
        (before, cusp)
    };
    let method = progression.method;
    let age = method.age_of_progressed(progression.birth, exact.t_day);
    Ok(Ingress {
        point: point.to_owned(),
        sign,
        from_sign,
        age_years: age,
        progressed_jd: JulianDayUt(exact.t_day),
        calendar_jd: calendar_jd(progression.birth, age),
        lon: finite_longitude(point, exact.value_deg + offset_deg)?,
        speed_deg_per_day: exact.rate_deg_per_day,
        retrograde: !forward,
    })
}

fn ingresses(r: &Resolved<'_>, tracks: &[Track]) -> Result<Vec<Ingress>, ProgressionError> {
    let mut out: Vec<(Ingress, usize)> = Vec::new();
    for (m, mover) in r.movers.iter().enumerate() {
        let track = &tracks[mover.base];
        for (crossing, boundary) in sign_crossings(track, mover.offset_deg) {
            let exact = track
                .refine(
                    &crossing,
                    boundary,
                    |t| r.eval_base(mover.base, t),
                    EVENT_TOLERANCE,
                )
                .map_err(|e| ProgressionError::from_search(&mover.name, e))?;
            out.push((
                ingress(
                    r.progression,
                    &mover.name,
                    boundary,
                    mover.offset_deg,
                    &exact,
                )?,
                m,
            ));
        }
    }
    out.sort_by(|(a, ma), (b, mb)| a.calendar_jd.0.total_cmp(&b.calendar_jd.0).then(ma.cmp(mb)));
    Ok(out.into_iter().map(|(i, _)| i).collect())
}

fn stations(r: &Resolved<'_>, tracks: &[Track]) -> Result<Vec<Station>, ProgressionError> {
    let method = r.method();
    let birth = r.progression.birth;
    let mut out: Vec<(Station, usize)> = Vec::new();
    for (m, mover) in r.movers.iter().enumerate() {
        let track = &tracks[mover.base];
        let nodes = track.nodes();
        for turn in track.turns() {
            let t = turn.sample.t_day;
            // The node after the turn (a turn is never the last node) tells the new direction.
            let i = nodes.partition_point(|n| n.sample.t_day <= t);
            let Some(next) = nodes.get(i) else { continue };
            let after = wrap_180(next.sample.value_deg - turn.sample.value_deg);
            let kind = if after < 0.0 {
                StationKind::Retrograde
            } else {
                StationKind::Direct
            };
            let age = method.age_of_progressed(birth, t);
            out.push((
                Station {
                    point: mover.name.clone(),
                    kind,
                    age_years: age,
                    progressed_jd: JulianDayUt(t),
                    calendar_jd: calendar_jd(birth, age),
                    lon: finite_longitude(&mover.name, turn.sample.value_deg + mover.offset_deg)?,
                },
                m,
            ));
        }
    }
    out.sort_by(|(a, ma), (b, mb)| a.calendar_jd.0.total_cmp(&b.calendar_jd.0).then(ma.cmp(mb)));
    Ok(out.into_iter().map(|(s, _)| s).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn station_names() {
        assert_eq!(StationKind::Retrograde.name(), "retrograde");
        assert_eq!(StationKind::Direct.name(), "direct");
    }
}
