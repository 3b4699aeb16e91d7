//! The time-lords of a birth at an instant: the firdaria laid out over a life, the profections
//! (year, month and day) at the instant, and the stack of lords active at the instant with the
//! instants in a window where any of them changes. The one entry point of `POST /v1/time-lords`.
//!
//! Decennials and circumambulations are not built yet (issue 25).

use orrery_ephem::{Ephemeris, Observer};

use crate::body::Body;
use crate::chart::{ChartError, Frame, position};
use crate::techniques::lots::{Sect, sun_altitude_deg};
use crate::time::JulianDayUt;

use super::firdaria::{
    FirdarLord, FirdarMajor, FirdarPeriod, FirdariaQuery, FirdariaVariant, firdaria,
};
use super::profections::{
    ProfectionChart, ProfectionError, ProfectionPeriod, ProfectionSettings, ProfectionsAt,
    Profector,
};

/// Any lord of the time-lord techniques: a firdaria lord, or a profected sign's domicile lord
/// (the outer planets too, under modern rulers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeLord(pub FirdarLord);

impl TimeLord {
    /// The seven planets in Chaldean order, Uranus, Neptune, Pluto, then the nodes.
    pub const ALL: [Self; 12] = [
        Self(FirdarLord::ALL[0]),
        Self(FirdarLord::ALL[1]),
        Self(FirdarLord::ALL[2]),
        Self(FirdarLord::ALL[3]),
        Self(FirdarLord::ALL[4]),
        Self(FirdarLord::ALL[5]),
        Self(FirdarLord::ALL[6]),
        Self(FirdarLord::Planet(Body::Uranus)),
        Self(FirdarLord::Planet(Body::Neptune)),
        Self(FirdarLord::Planet(Body::Pluto)),
        Self(FirdarLord::NorthNode),
        Self(FirdarLord::SouthNode),
    ];

    /// A planet as a lord.
    #[must_use]
    pub fn planet(body: Body) -> Self {
        Self(FirdarLord::Planet(body))
    }

    /// The API name: the planet's, `north_node` or `south_node`.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

/// The techniques a query asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Techniques {
    pub firdaria: bool,
    pub profections: bool,
}

/// The question of `POST /v1/time-lords`.
#[derive(Debug, Clone, PartialEq)]
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
    pub techniques: Techniques,
    pub profections: ProfectionSettings,
    /// The window whose changes of lord are listed, if any.
    pub window: Option<(JulianDayUt, JulianDayUt)>,
}

/// The lords active at the instant.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeLordStack {
    /// `None` before the birth or after the periods laid out.
    pub firdaria_major: Option<FirdarPeriod>,
    /// `None` also in a node's period (the nodes have no sub-periods).
    pub firdaria_sub: Option<FirdarPeriod>,
    /// `None` before the birth or without profections.
    pub profections: Option<ProfectionsAt>,
    /// The periods that begin within the window, in time order (empty without a window).
    pub changes: Vec<LordChange>,
}

/// A period that begins within the window: a new lord (or sign) at one level.
#[derive(Debug, Clone, PartialEq)]
pub enum LordChange {
    FirdariaMajor(FirdarPeriod),
    FirdariaSub(FirdarPeriod),
    Profection(ProfectionPeriod),
}

impl LordChange {
    /// When the period begins.
    #[must_use]
    pub fn start(&self) -> JulianDayUt {
        match self {
            Self::FirdariaMajor(p) | Self::FirdariaSub(p) => p.start,
            Self::Profection(p) => p.start,
        }
    }
}

/// Why a [`TimeLordsQuery`] has no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TimeLordsError {
    #[error(transparent)]
    Chart(#[from] ChartError),
    #[error(transparent)]
    Profections(#[from] ProfectionError),
}

/// The answer to a [`TimeLordsQuery`].
#[derive(Debug, Clone, PartialEq)]
pub struct TimeLordsReport {
    pub sect: Sect,
    /// The Sun's true altitude at the birth, degrees, which sets the sect.
    pub sun_altitude_deg: f64,
    /// Empty when not asked for.
    pub firdaria: Vec<FirdarMajor>,
    /// The natal chart of the profections, when asked for.
    pub profection_chart: Option<ProfectionChart>,
    pub stack: TimeLordStack,
}

/// The sect of the birth, the firdaria, the profections and the stack at the instant.
///
/// # Errors
/// The Sun's position at the birth cannot be computed; the profections' chart, a solar return or
/// a birthday cannot be found.
pub fn time_lords(
    eph: &Ephemeris,
    query: &TimeLordsQuery,
) -> Result<TimeLordsReport, TimeLordsError> {
    let sun = position(eph, query.birth, Body::Sun, &Frame::GEOCENTRIC_TROPICAL)?;
    let altitude = sun_altitude_deg(eph, query.birth, &query.place, sun.lon, sun.lat_deg)?;
    let sect = Sect::from_sun_altitude(altitude);
    let majors = if query.techniques.firdaria {
        firdaria(&FirdariaQuery {
            birth: query.birth,
            sect,
            variant: query.variant,
            year_days: query.year_days,
            until_age_years: query.until_age_years,
        })
    } else {
        Vec::new()
    };
    let holds = |p: &FirdarPeriod| p.start.0 <= query.at.0 && query.at.0 < p.end.0;
    let major = majors.iter().find(|m| holds(&m.period));
    let mut changes = Vec::new();
    if let Some((from, to)) = query.window {
        let within = |p: &FirdarPeriod| from.0 <= p.start.0 && p.start.0 <= to.0;
        for m in &majors {
            if within(&m.period) {
                changes.push(LordChange::FirdariaMajor(m.period));
            }
            // The first sub-period begins with its major: listed once, as the major's change.
            changes.extend(
                m.sub_periods
                    .iter()
                    .skip(1)
                    .filter(|s| within(s))
                    .map(|s| LordChange::FirdariaSub(*s)),
            );
        }
    }
    let (profection_chart, profections) = if query.techniques.profections {
        let profector = Profector::new(eph, query.birth, query.place, &query.profections)?;
        if let Some((from, to)) = query.window {
            changes.extend(
                profector
                    .changes(from, to)?
                    .into_iter()
                    .map(LordChange::Profection),
            );
        }
        let at = profector.at(query.at)?;
        (Some(profector.chart), at)
    } else {
        (None, None)
    };
    // Stable: at one instant the larger period comes first, the firdaria before the profections.
    changes.sort_by(|a, b| a.start().0.total_cmp(&b.start().0));
    let stack = TimeLordStack {
        firdaria_major: major.map(|m| m.period),
        firdaria_sub: major.and_then(|m| m.sub_periods.iter().copied().find(|s| holds(s))),
        profections,
        changes,
    };
    Ok(TimeLordsReport {
        sect,
        sun_altitude_deg: altitude,
        firdaria: majors,
        profection_chart,
        stack,
    })
}
