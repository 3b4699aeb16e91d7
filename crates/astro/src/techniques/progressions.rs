//! Progressions: a progressed instant for each age of life, the positions there, and the exact
//! events over a span of ages.
//!
//! # Methods (docs/CONVENTIONS.md)
//!
//! An age `a` in years (of life: `d = a · 365.24219` days, the tropical year) maps to a
//! progressed instant `jd_p` after the birth `jd_b`:
//!
//! | Method | `jd_p` | progressed days per year of life |
//! |---|---|---|
//! | secondary (a day for a year) | `jd_b + a` | 1 |
//! | tertiary (a day for a tropical month of life) | `jd_b + d / 27.321582` | 13.368 |
//! | minor (a tropical month for a year) | `jd_b + a · 27.321582` | 27.321582 |
//! | solar arc | `jd_b + a` (the secondary progressed Sun) | 1 |
//!
//! The first three move every point to its place at `jd_p`. Solar arc adds the arc
//! `Sun(jd_p) − Sun(jd_b)` to every natal point (the natal longitude of a point comes from the
//! natal points given in [`Progression::natal`] when it is there, else from the ephemeris at the
//! birth, or for the angles from the birth place's houses). The calendar date of an age is
//! `jd_b + a · 365.24219` (UT).
//!
//! Secondary progressed angles ([`axis`]) advance the natal ARMC by the Sun's arc in right
//! ascension; the ascendant is taken at the birth latitude.
//!
//! # The search
//!
//! Events are found with the shared search ([`crate::search`]) on the progressed time axis:
//! `jd_p` is an affine function of the age, so each body's own scan step
//! ([`super::motion::scan_step`]), declared for days of motion, applies to progressed days as it
//! is, and the positions' daily speeds are the rates. Each event is solved to
//! [`EVENT_TOLERANCE`] (half a second) of **progressed** time; in age that is
//! `0.5 s / (86 400 s · progressed days per year)`: for secondary progressions 5.8e-6 years,
//! about 3 minutes of the calendar. Transit-to-progressed aspects are searched on the calendar
//! axis (the transiting body's own time), to half a second of calendar time.
//!
//! * [`snapshot`]: progressed (or directed) positions at an age.
//! * [`events::aspect_events`]: every exact aspect in a span of ages, progressed to natal,
//!   progressed to progressed, or transiting to progressed (capped).
//! * [`phases::phase_events`]: progressed sign ingresses, stations, and the sign changes of the
//!   progressed angles.

pub mod axis;
pub mod events;
pub mod phases;
mod report;

pub use report::{
    DirectedPoint, ProgressionFound, ProgressionNatal, ProgressionQuery, ProgressionReport,
    ProgressionReportError, ProgressionSpan, progression_report,
};

use orrery_ephem::{Ephemeris, EphemerisSource, Observer};

pub use axis::{Axis, NatalAxes};

use super::motion::{longitude_sample, scan_step};
use super::transits::NatalPoint;
use crate::angle::Longitude;
use crate::aspects::{AspectConfig, AspectPoint, AspectReport, find_cross};
use crate::body::Body;
use crate::chart::{ChartError, Frame, position};
use crate::error::{AngleError, AspectError};
use crate::search::{Sample, ScanError, ScanStep, SearchError, SolveError, Tolerance, Track};
use crate::time::{Days, JulianDayUt};

/// How close to the exact progressed instant each event is: half a second of the search's time
/// axis (progressed time; calendar time for transits to progressed points).
pub const EVENT_TOLERANCE: Tolerance = Tolerance::HALF_SECOND;

/// The tropical year, days: the length of a year of life.
pub const TROPICAL_YEAR_DAYS: f64 = 365.242_19;

/// The tropical month, days.
pub const TROPICAL_MONTH_DAYS: f64 = 27.321_582;

/// The default moving points: the Sun to Pluto, and Chiron.
pub const DEFAULT_MOVING_BODIES: [Body; 11] = super::transits::DEFAULT_TRANSIT_BODIES;

/// The scan step of a progressed angle, in progressed days: the angles never turn back and
/// move at most a few degrees a progressed day (their events are searched only outside the
/// polar circles for the ascendant, which jumps there).
const AXIS_STEP: ScanStep = ScanStep::constant(1.0);

/// A point's conjunction with its own natal place within this many years of birth is the birth
/// itself (every progressed point starts on its natal place), not an event.
const IDENTITY_AGE_YEARS: f64 = 1e-6;

/// A progression method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProgressionMethod {
    /// A day after birth for each year of life.
    Secondary,
    /// A day after birth for each tropical month of life.
    Tertiary,
    /// A tropical month after birth for each year of life.
    Minor,
    /// Every natal point advanced by the secondary progressed Sun's arc.
    SolarArc,
}

impl ProgressionMethod {
    /// Every method.
    pub const ALL: [Self; 4] = [Self::Secondary, Self::Tertiary, Self::Minor, Self::SolarArc];

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Secondary => "secondary",
            Self::Tertiary => "tertiary",
            Self::Minor => "minor",
            Self::SolarArc => "solar_arc",
        }
    }

    /// The progressed instant of `age_years` for a birth at `birth` (the formulas of docs/CONVENTIONS.md).
    #[must_use]
    pub fn progressed_jd(self, birth: JulianDayUt, age_years: f64) -> JulianDayUt {
        let offset_days = match self {
            Self::Secondary | Self::SolarArc => age_years,
            Self::Tertiary => age_years * TROPICAL_YEAR_DAYS / TROPICAL_MONTH_DAYS,
            Self::Minor => age_years * TROPICAL_MONTH_DAYS,
        };
        birth + Days(offset_days)
    }

    /// Progressed days per year of life.
    #[must_use]
    pub fn progressed_days_per_year(self) -> f64 {
        match self {
            Self::Secondary | Self::SolarArc => 1.0,
            Self::Tertiary => TROPICAL_YEAR_DAYS / TROPICAL_MONTH_DAYS,
            Self::Minor => TROPICAL_MONTH_DAYS,
        }
    }

    /// The age whose progressed instant is `jd_p`.
    #[must_use]
    pub fn age_of_progressed(self, birth: JulianDayUt, jd_p: f64) -> f64 {
        (jd_p - birth.0) / self.progressed_days_per_year()
    }
}

/// The calendar date (UT) of `age_years`: the birth plus that many tropical years.
#[must_use]
pub fn calendar_jd(birth: JulianDayUt, age_years: f64) -> JulianDayUt {
    birth + Days(age_years * TROPICAL_YEAR_DAYS)
}

/// Which ephemeris serves a progression from `birth` up to the progressed age
/// `last_progressed_age` and the calendar age `last_calendar_age` (0 when no calendar date is
/// used): the Swiss Ephemeris files, or the analytical Moshier model if any date lies outside
/// them. The files cover one contiguous span, so the birth and the two latest dates decide;
/// the Sun's position at each tells which model served it.
///
/// # Errors
/// A failure of the library ([`ChartError`]).
pub fn ephemeris_source(
    eph: &Ephemeris,
    method: ProgressionMethod,
    birth: JulianDayUt,
    last_progressed_age: f64,
    last_calendar_age: f64,
) -> Result<EphemerisSource, ChartError> {
    let dates = [
        birth,
        method.progressed_jd(birth, last_progressed_age),
        calendar_jd(birth, last_calendar_age),
    ];
    for jd in dates {
        if position(eph, jd, Body::Sun, &Frame::GEOCENTRIC_TROPICAL)?.source
            == EphemerisSource::Moshier
        {
            return Ok(EphemerisSource::Moshier);
        }
    }
    Ok(EphemerisSource::Swiss)
}

/// The age at the calendar date `jd`, in tropical years.
#[must_use]
pub fn age_at(birth: JulianDayUt, jd: JulianDayUt) -> f64 {
    (jd - birth).0 / TROPICAL_YEAR_DAYS
}

/// A progression: the method and the birth it starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Progression {
    pub method: ProgressionMethod,
    /// The birth instant.
    pub birth: JulianDayUt,
    /// The birth place, needed for the angles (secondary progressed angles; the natal angles
    /// that solar arc directs when [`Progression::natal`] does not give them).
    pub place: Option<Observer>,
    /// The natal points: the targets of progressed-to-natal aspects, and the natal longitudes
    /// that solar arc directs.
    pub natal: Vec<NatalPoint>,
}

/// A point that progresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MovingPoint {
    /// A body: its place at the progressed instant, or (solar arc) its natal place directed.
    Body(Body),
    /// The ascendant or MC: secondary progressed by [`axis`], or (solar arc) directed.
    Angle(Axis),
}

impl MovingPoint {
    /// The API name.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Body(body) => body.name().into_owned(),
            Self::Angle(axis) => axis.name().to_owned(),
        }
    }
}

/// Why a progression could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProgressionError {
    /// A position could not be computed (for example Chiron before 1200).
    #[error(transparent)]
    Chart(#[from] ChartError),
    #[error(transparent)]
    Aspect(#[from] AspectError),
    /// An age that is not a finite number.
    #[error("the age must be a finite number of years (got {age_years})")]
    Age { age_years: f64 },
    /// The span of ages does not run forward between finite ages.
    #[error(
        "the span of ages must run forward between finite ages (got {age_start_years} to {age_end_years})"
    )]
    Window {
        age_start_years: f64,
        age_end_years: f64,
    },
    /// A step cap that is not a positive finite number of years.
    #[error("the scan step must be a finite number of years greater than 0 (got {step_years})")]
    Step { step_years: f64 },
    /// What was asked has no meaning for the method.
    #[error("{what} with {} progressions: {why}", method.name())]
    Unsupported {
        method: ProgressionMethod,
        what: String,
        why: &'static str,
    },
    /// The angles need the birth place.
    #[error("{what} needs the birth place (a natal chart with a location)")]
    NoBirthPlace { what: String },
    /// The progressed ascendant's events are not searched inside the polar circles.
    #[error(
        "{what} need the birth latitude within ±{limit_deg:.4}° (90° minus the obliquity; got \
         {lat_deg}°): inside the polar circles the progressed ascendant jumps by 180° wherever \
         the progressed MC crosses the horizon, so its events and sign changes are not searched \
         there; a snapshot gives both angles, and the progressed MC's aspect events are searched"
    )]
    PolarLatitude {
        what: String,
        lat_deg: f64,
        limit_deg: f64,
    },
    /// The samples of a point could not be scanned.
    #[error("scanning {point}: {source}")]
    Scan { point: String, source: ScanError },
    /// A bracketed event could not be solved.
    #[error("solving an event of {point}: {source}")]
    Solve { point: String, source: SolveError },
}

impl ProgressionError {
    fn from_search(point: &str, error: SearchError<ChartError>) -> Self {
        match error {
            SearchError::Evaluation(e) => Self::Chart(e),
            SearchError::Scan(source) => Self::Scan {
                point: point.to_owned(),
                source,
            },
            SearchError::Solve(source) => Self::Solve {
                point: point.to_owned(),
                source,
            },
        }
    }
}

/// What a moving point's longitude is computed from: a body's position or a progressed angle,
/// at the progressed instant. Solar arc points are the Sun's with an offset.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Base {
    Body(Body),
    Angle(Axis),
}

/// A moving point, resolved: its longitude at `jd_p` is its base's plus `offset_deg`.
#[derive(Debug, Clone, PartialEq)]
struct Mover {
    point: MovingPoint,
    name: String,
    /// Index into [`Resolved::bases`].
    base: usize,
    offset_deg: f64,
}

/// A progression with its moving points resolved to bases and offsets.
#[derive(Debug)]
struct Resolved<'a> {
    eph: &'a Ephemeris,
    progression: &'a Progression,
    axes: Option<NatalAxes>,
    bases: Vec<Base>,
    movers: Vec<Mover>,
}

impl<'a> Resolved<'a> {
    /// Resolves `points` (deduplicated, in order) for the method.
    fn new(
        eph: &'a Ephemeris,
        progression: &'a Progression,
        points: &[MovingPoint],
    ) -> Result<Self, ProgressionError> {
        let method = progression.method;
        let mut unique: Vec<MovingPoint> = Vec::with_capacity(points.len());
        for &p in points {
            if !unique.contains(&p) {
                unique.push(p);
            }
        }
        let needs_axes = unique.iter().any(|p| match p {
            MovingPoint::Angle(axis) => {
                method == ProgressionMethod::Secondary
                    || progression.natal_point(axis.name()).is_none()
            }
            MovingPoint::Body(_) => false,
        });
        if let Some(MovingPoint::Angle(axis)) = unique
            .iter()
            .find(|p| matches!(p, MovingPoint::Angle(_)))
            .copied()
            && matches!(
                method,
                ProgressionMethod::Tertiary | ProgressionMethod::Minor
            )
        {
            return Err(ProgressionError::Unsupported {
                method,
                what: format!("the {} as a moving point", axis.name()),
                why: "progressed angles are defined for secondary progressions (and directed by \
                      solar arc) only",
            });
        }
        let axes = if needs_axes {
            Some(progression.natal_axes(eph, "progressed or directed angles")?)
        } else {
            None
        };
        let mut resolved = Self {
            eph,
            progression,
            axes,
            bases: Vec::new(),
            movers: Vec::with_capacity(unique.len()),
        };
        let natal_sun = if method == ProgressionMethod::SolarArc {
            Some(
                position(
                    eph,
                    progression.birth,
                    Body::Sun,
                    &Frame::GEOCENTRIC_TROPICAL,
                )?
                .lon,
            )
        } else {
            None
        };
        for point in unique {
            let (base, offset_deg) = match natal_sun {
                Some(sun) => {
                    let natal = resolved.natal_longitude(point)?;
                    (Base::Body(Body::Sun), natal.degrees() - sun.degrees())
                }
                None => match point {
                    MovingPoint::Body(body) => (Base::Body(body), 0.0),
                    MovingPoint::Angle(axis) => (Base::Angle(axis), 0.0),
                },
            };
            let base = resolved.base_index(base);
            resolved.movers.push(Mover {
                point,
                name: point.name(),
                base,
                offset_deg,
            });
        }
        Ok(resolved)
    }

    fn base_index(&mut self, base: Base) -> usize {
        if let Some(i) = self.bases.iter().position(|b| *b == base) {
            return i;
        }
        self.bases.push(base);
        self.bases.len() - 1
    }

    /// The natal longitude solar arc directs: from the natal points, else computed.
    fn natal_longitude(&self, point: MovingPoint) -> Result<Longitude, ProgressionError> {
        if let Some(natal) = self.progression.natal_point(&point.name()) {
            return Ok(natal.lon);
        }
        match point {
            MovingPoint::Body(body) => Ok(position(
                self.eph,
                self.progression.birth,
                body,
                &Frame::GEOCENTRIC_TROPICAL,
            )?
            .lon),
            MovingPoint::Angle(axis) => match &self.axes {
                Some(axes) => Ok(axes.natal(axis)),
                None => Err(ProgressionError::NoBirthPlace {
                    what: format!("the directed {}", axis.name()),
                }),
            },
        }
    }

    fn method(&self) -> ProgressionMethod {
        self.progression.method
    }

    /// A base's longitude and rate (degrees per progressed day) at the progressed instant.
    fn eval_base(&self, base: usize, jd_p: f64) -> Result<Sample, ChartError> {
        match self.bases[base] {
            Base::Body(body) => longitude_sample(self.eph, body, &Frame::GEOCENTRIC_TROPICAL, jd_p),
            Base::Angle(axis) => match &self.axes {
                Some(axes) => axis::axis_sample(self.eph, axes, axis, jd_p),
                // Resolving a progressed angle computes the natal axes first.
                None => Err(ChartError::Ephemeris(orrery_ephem::EphemError::Library {
                    function: "progressions",
                    message: "a progressed angle without natal axes".into(),
                })),
            },
        }
    }

    /// A mover's longitude and rate at the progressed instant.
    fn eval_mover(&self, mover: usize, jd_p: f64) -> Result<Sample, ChartError> {
        let m = &self.movers[mover];
        let base = self.eval_base(m.base, jd_p)?;
        Ok(Sample {
            value_deg: base.value_deg + m.offset_deg,
            ..base
        })
    }

    /// Whether every progressed angle's events can be searched (not the ascendant's inside the
    /// polar circles).
    ///
    /// # Errors
    /// [`ProgressionError::PolarLatitude`].
    fn searchable(&self) -> Result<(), ProgressionError> {
        for base in &self.bases {
            if let (Base::Angle(axis), Some(axes)) = (base, &self.axes) {
                axes.searchable(
                    *axis,
                    &format!("the events of the progressed {}", axis.name()),
                )?;
            }
        }
        Ok(())
    }

    /// A base's scan step in progressed days.
    fn base_step(&self, base: usize) -> ScanStep {
        match self.bases[base] {
            Base::Body(body) => scan_step(body, &Frame::GEOCENTRIC_TROPICAL),
            Base::Angle(_) => AXIS_STEP,
        }
    }

    /// The name of a base, for errors.
    fn base_name(&self, base: usize) -> String {
        match self.bases[base] {
            Base::Body(body) => body.name().into_owned(),
            Base::Angle(axis) => axis.name().to_owned(),
        }
    }
}

impl Progression {
    /// The natal point named `name`, if given.
    #[must_use]
    pub fn natal_point(&self, name: &str) -> Option<&NatalPoint> {
        self.natal.iter().find(|p| p.name == name)
    }

    /// The natal angles, from the birth place.
    ///
    /// # Errors
    /// [`ProgressionError::NoBirthPlace`] without a place (`what` says what needed it),
    /// [`ProgressionError::PolarLatitude`], the library's errors.
    pub fn natal_axes(&self, eph: &Ephemeris, what: &str) -> Result<NatalAxes, ProgressionError> {
        let place = self.place.ok_or_else(|| ProgressionError::NoBirthPlace {
            what: what.to_owned(),
        })?;
        NatalAxes::compute(eph, self.birth, place)
    }
}

/// A progressed (or directed) position.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressedPosition {
    pub point: MovingPoint,
    pub lon: Longitude,
    /// The speed at the progressed instant, degrees per progressed day (for solar arc, the
    /// progressed Sun's).
    pub speed_deg_per_day: f64,
    /// The motion per year of life: the speed times the progressed days per year.
    pub motion_deg_per_year: f64,
    pub retrograde: bool,
}

/// The solar arc at an age: the progressed Sun minus the natal Sun.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolarArc {
    pub arc_deg: f64,
    /// The progressed Sun's speed: how fast every directed point moves, degrees per
    /// progressed day (a progressed day is a year of life).
    pub speed_deg_per_day: f64,
}

/// Progressed positions at one age.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub method: ProgressionMethod,
    pub age_years: f64,
    pub progressed_jd: JulianDayUt,
    pub calendar_jd: JulianDayUt,
    /// Solar arc only: the arc added to every natal point.
    pub solar_arc: Option<SolarArc>,
    pub positions: Vec<ProgressedPosition>,
}

impl SolarArc {
    /// A natal longitude directed by the arc.
    ///
    /// # Errors
    /// [`AngleError`] if the arc is not finite.
    pub fn direct(&self, natal: Longitude) -> Result<Longitude, AngleError> {
        Longitude::new(natal.degrees() + self.arc_deg)
    }
}

/// What a snapshot moves: the requested points, and what the method adds to them.
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotPlan<'a> {
    /// The points to progress: the requested ones first, then the added ones. Secondary
    /// progressions with a birth place add the progressed ascendant and MC; a solar arc directs
    /// every natal point that is a body or an angle.
    pub points: Vec<MovingPoint>,
    /// Solar arc only: the natal points that are neither a body nor an angle (a client's own
    /// point in `natal_positions`), directed by the arc alone.
    pub directed_only: Vec<&'a NatalPoint>,
    /// What was left out, and why.
    pub notes: Vec<String>,
}

/// The plan of a snapshot of `requested` points.
///
/// # Errors
/// The library's errors.
pub fn snapshot_plan<'a>(
    eph: &Ephemeris,
    progression: &'a Progression,
    requested: &[MovingPoint],
) -> Result<SnapshotPlan<'a>, ProgressionError> {
    let mut plan = SnapshotPlan {
        points: requested.to_vec(),
        directed_only: Vec::new(),
        notes: Vec::new(),
    };
    match progression.method {
        ProgressionMethod::Secondary if progression.place.is_some() => {
            // Defined at every latitude (docs/CONVENTIONS.md): the library's errors surface here,
            // labelled.
            progression.natal_axes(eph, "progressed angles")?;
            for axis in Axis::ALL {
                if !plan.points.contains(&MovingPoint::Angle(axis)) {
                    plan.points.push(MovingPoint::Angle(axis));
                }
            }
        }
        ProgressionMethod::SolarArc => {
            for p in &progression.natal {
                let point = Axis::parse(&p.name)
                    .map(MovingPoint::Angle)
                    .or_else(|| Body::parse(&p.name).ok().map(MovingPoint::Body));
                match point {
                    Some(point) if !plan.points.contains(&point) => plan.points.push(point),
                    Some(_) => {}
                    None => plan.directed_only.push(p),
                }
            }
        }
        _ => {}
    }
    Ok(plan)
}

/// The progressed (or directed) positions of `points` at `age_years`.
///
/// # Errors
/// [`ProgressionError::Age`] for an age that is not finite; angles without a birth place, or
/// with tertiary and minor progressions; a position without data.
pub fn snapshot(
    eph: &Ephemeris,
    progression: &Progression,
    age_years: f64,
    points: &[MovingPoint],
) -> Result<Snapshot, ProgressionError> {
    if !age_years.is_finite() {
        return Err(ProgressionError::Age { age_years });
    }
    let method = progression.method;
    let resolved = Resolved::new(eph, progression, points)?;
    let jd_p = method.progressed_jd(progression.birth, age_years);
    let per_year = method.progressed_days_per_year();
    let mut positions = Vec::with_capacity(resolved.movers.len());
    for (i, mover) in resolved.movers.iter().enumerate() {
        let sample = resolved.eval_mover(i, jd_p.0)?;
        positions.push(ProgressedPosition {
            point: mover.point,
            lon: finite_longitude(&mover.name, sample.value_deg)?,
            speed_deg_per_day: sample.rate_deg_per_day,
            motion_deg_per_year: sample.rate_deg_per_day * per_year,
            retrograde: sample.rate_deg_per_day < 0.0,
        });
    }
    let solar_arc = if method == ProgressionMethod::SolarArc {
        let frame = Frame::GEOCENTRIC_TROPICAL;
        let natal = position(eph, progression.birth, Body::Sun, &frame)?.lon;
        let progressed = position(eph, jd_p, Body::Sun, &frame)?;
        Some(SolarArc {
            // Under 180° for every age up to about 180 years, so the shorter arc is the arc.
            arc_deg: crate::angle::shortest_arc(natal, progressed.lon).degrees(),
            speed_deg_per_day: progressed.lon_speed_deg_per_day,
        })
    } else {
        None
    };
    Ok(Snapshot {
        method,
        age_years,
        progressed_jd: jd_p,
        calendar_jd: calendar_jd(progression.birth, age_years),
        solar_arc,
        positions,
    })
}

/// The aspects in orb between the snapshot's positions (first) and the natal points (second).
/// The progressed points move at their motion per year of life and the natal points stand
/// still, so `exact_in_days` of each hit is in **years** of life.
///
/// # Errors
/// [`ProgressionError::Aspect`] for a point name the aspect finder refuses.
pub fn snapshot_aspects(
    snapshot: &Snapshot,
    natal: &[NatalPoint],
    config: &AspectConfig,
) -> Result<AspectReport, ProgressionError> {
    let moving = snapshot
        .positions
        .iter()
        .map(|p| AspectPoint::new(p.point.name(), p.lon, Some(p.motion_deg_per_year)))
        .collect::<Result<Vec<_>, _>>()?;
    let fixed = natal
        .iter()
        .map(|p| AspectPoint::new(p.name.clone(), p.lon, Some(0.0)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(find_cross(&moving, &fixed, config))
}

/// A longitude from a computed value, which is finite unless the library misbehaved.
fn finite_longitude(name: &str, deg: f64) -> Result<Longitude, ProgressionError> {
    Longitude::new(deg).map_err(|_| {
        ProgressionError::Chart(ChartError::Ephemeris(orrery_ephem::EphemError::Library {
            function: "swe_calc_ut",
            message: format!("the progressed {name} is not finite"),
        }))
    })
}

/// The progressed-time window of a span of ages, checked.
fn progressed_window(
    progression: &Progression,
    age_start_years: f64,
    age_end_years: f64,
) -> Result<(f64, f64), ProgressionError> {
    if !age_start_years.is_finite()
        || !age_end_years.is_finite()
        || age_end_years <= age_start_years
    {
        return Err(ProgressionError::Window {
            age_start_years,
            age_end_years,
        });
    }
    let method = progression.method;
    Ok((
        method.progressed_jd(progression.birth, age_start_years).0,
        method.progressed_jd(progression.birth, age_end_years).0,
    ))
}

/// A step cap in years as a scan step of `days_per_year` days per year.
fn step_cap(
    step_cap_years: Option<f64>,
    days_per_year: f64,
) -> Result<Option<ScanStep>, ProgressionError> {
    step_cap_years
        .map(|step_years| {
            ScanStep::from_days(step_years * days_per_year)
                .map_err(|_| ProgressionError::Step { step_years })
        })
        .transpose()
}

/// A sample grid's times, or the scan error named after `what`.
fn grid(step: ScanStep, start: f64, end: f64, what: &str) -> Result<Vec<f64>, ProgressionError> {
    step.times(start, end)
        .map_err(|source| ProgressionError::Scan {
            point: what.to_owned(),
            source,
        })
}

/// One track per base of the moving points over the progressed window, each at its own step.
fn base_tracks(
    r: &Resolved<'_>,
    (start, end): (f64, f64),
    cap: Option<ScanStep>,
) -> Result<Vec<Track>, ProgressionError> {
    let times = (0..r.bases.len())
        .map(|b| {
            let step = cap.map_or(r.base_step(b), |cap| r.base_step(b).min(cap));
            grid(step, start, end, &r.base_name(b))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let samples = sample_in_time_order(&times, |b, t| r.eval_base(b, t))?;
    samples
        .iter()
        .enumerate()
        .map(|(b, samples)| {
            Track::build(samples, |t| r.eval_base(b, t), EVENT_TOLERANCE)
                .map_err(|e| ProgressionError::from_search(&r.base_name(b), e))
        })
        .collect()
}

/// Evaluates `eval(i, t)` at every time of `times[i]`, for every `i`, in time order across all
/// of them: the library computes the Earth's position and the nutation once per date, so
/// consecutive calls at the same date cost less than calls that jump about.
fn sample_in_time_order<E>(
    times: &[Vec<f64>],
    mut eval: impl FnMut(usize, f64) -> Result<Sample, E>,
) -> Result<Vec<Vec<Sample>>, E> {
    let mut plan: Vec<(f64, usize)> = times
        .iter()
        .enumerate()
        .flat_map(|(i, ts)| ts.iter().map(move |&t| (t, i)))
        .collect();
    plan.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    let mut samples: Vec<Vec<Sample>> = times
        .iter()
        .map(|ts| Vec::with_capacity(ts.len()))
        .collect();
    for (t, i) in plan {
        samples[i].push(eval(i, t)?);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decisions_formulas() {
        let birth = JulianDayUt(2_450_000.5);
        let age = 30.0;
        let d = age * 365.242_19;
        let jd = |m: ProgressionMethod| m.progressed_jd(birth, age).0;
        assert!((jd(ProgressionMethod::Secondary) - (birth.0 + 30.0)).abs() < 1e-9);
        assert!((jd(ProgressionMethod::SolarArc) - (birth.0 + 30.0)).abs() < 1e-9);
        assert!((jd(ProgressionMethod::Tertiary) - (birth.0 + d / 27.321_582)).abs() < 1e-9);
        assert!((jd(ProgressionMethod::Minor) - (birth.0 + 30.0 * 27.321_582)).abs() < 1e-9);
        for method in ProgressionMethod::ALL {
            let back = method.age_of_progressed(birth, jd(method));
            assert!((back - age).abs() < 1e-9, "{method:?}");
        }
        assert!((calendar_jd(birth, age).0 - (birth.0 + d)).abs() < 1e-9);
        assert!((age_at(birth, calendar_jd(birth, age)) - age).abs() < 1e-9);
    }

    #[test]
    fn the_source_is_moshier_as_soon_as_one_date_leaves_the_files() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let source = |birth: f64, progressed: f64, calendar: f64| {
            ephemeris_source(
                &eph,
                ProgressionMethod::Minor,
                JulianDayUt(birth),
                progressed,
                calendar,
            )
            .unwrap()
        };
        // 1990: everything inside the files (1200-4800).
        assert_eq!(source(2_447_892.5, 30.0, 30.0), EphemerisSource::Swiss);
        // 1150: the birth itself is before the files.
        assert_eq!(source(2_141_088.5, 20.0, 0.0), EphemerisSource::Moshier);
        // A birth on 1199-12-01, 39 days before the files: its progressed dates and the
        // calendar dates 20 years on are inside, the birth alone is not.
        assert_eq!(source(2_159_320.5, 20.0, 20.0), EphemerisSource::Moshier);
        assert_eq!(source(2_159_400.5, 20.0, 20.0), EphemerisSource::Swiss);
    }

    fn natal(name: &str, deg: f64) -> NatalPoint {
        NatalPoint::new(name, Longitude::new(deg).unwrap())
    }

    #[test]
    fn a_snapshot_plan_adds_what_the_method_moves() {
        let eph = Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens");
        let sun = MovingPoint::Body(Body::Sun);
        let mut progression = Progression {
            method: ProgressionMethod::SolarArc,
            birth: JulianDayUt(2_447_892.5),
            place: None,
            natal: vec![natal("sun", 10.0), natal("mc", 100.0), natal("vertex", 5.0)],
        };
        // Solar arc: every natal body and angle directed; other points by the arc alone.
        let plan = snapshot_plan(&eph, &progression, &[sun]).unwrap();
        assert_eq!(plan.points, [sun, MovingPoint::Angle(Axis::Mc)]);
        assert_eq!(plan.directed_only, [&natal("vertex", 5.0)]);
        // Secondary without a birth place: nothing added.
        progression.method = ProgressionMethod::Secondary;
        let plan = snapshot_plan(&eph, &progression, &[sun]).unwrap();
        assert_eq!(plan.points, [sun]);
        // With one: the progressed angles, inside the polar circles too.
        progression.place = Some(Observer {
            lat_deg: 52.5,
            lon_deg: 13.4,
            alt_m: 0.0,
        });
        let plan = snapshot_plan(&eph, &progression, &[sun]).unwrap();
        assert_eq!(plan.points.len(), 1 + Axis::ALL.len());
        progression.place = Some(Observer {
            lat_deg: 80.0,
            lon_deg: 13.4,
            alt_m: 0.0,
        });
        let plan = snapshot_plan(&eph, &progression, &[sun]).unwrap();
        assert_eq!(plan.points.len(), 1 + Axis::ALL.len());
        assert!(plan.notes.is_empty(), "{:?}", plan.notes);
    }

    #[test]
    fn a_solar_arc_directs_around_the_circle() {
        let arc = SolarArc {
            arc_deg: 30.5,
            speed_deg_per_day: 1.0,
        };
        let directed = arc.direct(Longitude::new(350.0).unwrap()).unwrap();
        assert!((directed.degrees() - 20.5).abs() < 1e-12);
    }

    #[test]
    fn bad_windows_and_steps_are_errors() {
        let progression = Progression {
            method: ProgressionMethod::Secondary,
            birth: JulianDayUt(2_450_000.5),
            place: None,
            natal: Vec::new(),
        };
        for (a, b) in [(10.0, 10.0), (10.0, 5.0), (f64::NAN, 3.0)] {
            assert!(matches!(
                progressed_window(&progression, a, b),
                Err(ProgressionError::Window { .. })
            ));
        }
        assert!(matches!(
            step_cap(Some(0.0), 1.0),
            Err(ProgressionError::Step { .. })
        ));
        assert_eq!(step_cap(None, 1.0), Ok(None));
    }
}
