//! The time-lords of a birth at an instant: the firdaria laid out over a life, and the stack of
//! lords active at the instant. The one entry point of `POST /v1/time-lords`.
//!
//! Profections, decennials and circumambulations are not built yet (issue 25).

use orrery_ephem::{Ephemeris, Observer};

use crate::body::Body;
use crate::chart::{ChartError, Frame, position};
use crate::techniques::lots::{Sect, sun_altitude_deg};
use crate::time::JulianDayUt;

use super::firdaria::{FirdarMajor, FirdarPeriod, FirdariaQuery, FirdariaVariant, firdaria};

/// The question of `POST /v1/time-lords`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeLordsQuery {
    pub birth: JulianDayUt,
    pub place: Observer,
    pub variant: FirdariaVariant,
    /// Days in a year of the periods.
    pub year_days: f64,
    /// The periods are laid out to this age, years.
    pub until_age_years: f64,
    /// The instant of the stack.
    pub at: JulianDayUt,
}

/// The lords active at the instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeLordStack {
    /// `None` before the birth or after the periods laid out.
    pub firdaria_major: Option<FirdarPeriod>,
    /// `None` also in a node's period (the nodes have no sub-periods).
    pub firdaria_sub: Option<FirdarPeriod>,
}

/// The answer to a [`TimeLordsQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct TimeLordsReport {
    pub sect: Sect,
    /// The Sun's true altitude at the birth, degrees, which sets the sect.
    pub sun_altitude_deg: f64,
    pub firdaria: Vec<FirdarMajor>,
    pub stack: TimeLordStack,
}

/// The sect of the birth, the firdaria and the stack at the instant.
///
/// # Errors
/// The Sun's position at the birth cannot be computed.
pub fn time_lords(eph: &Ephemeris, query: &TimeLordsQuery) -> Result<TimeLordsReport, ChartError> {
    let sun = position(eph, query.birth, Body::Sun, &Frame::GEOCENTRIC_TROPICAL)?;
    let altitude = sun_altitude_deg(eph, query.birth, &query.place, sun.lon, sun.lat_deg)?;
    let sect = Sect::from_sun_altitude(altitude);
    let majors = firdaria(&FirdariaQuery {
        birth: query.birth,
        sect,
        variant: query.variant,
        year_days: query.year_days,
        until_age_years: query.until_age_years,
    });
    let holds = |p: &FirdarPeriod| p.start.0 <= query.at.0 && query.at.0 < p.end.0;
    let major = majors.iter().find(|m| holds(&m.period));
    let stack = TimeLordStack {
        firdaria_major: major.map(|m| m.period),
        firdaria_sub: major.and_then(|m| m.sub_periods.iter().copied().find(|s| holds(s))),
    };
    Ok(TimeLordsReport {
        sect,
        sun_altitude_deg: altitude,
        firdaria: majors,
        stack,
    })
}
