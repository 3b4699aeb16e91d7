//! `POST /v1/progressions`: progressed positions at an age (snapshot), or every exact progressed
//! aspect, ingress, station and angle ingress over a span of ages (window).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `method` | `secondary` (default), `tertiary`, `minor`, `solar_arc` (formulas in docs/CONVENTIONS.md) |
//! | `natal` | `{datetime, timezone, location}`: the birth; the natal points are computed |
//! | `natal_positions` + `birth_jd` | instead of `natal`: natal longitudes by name (at most 100) and the birth's Julian day (UT) |
//! | `age_years` \| `at` | snapshot: an age in years (0..120), or an ISO 8601 instant converted to an age from the birth |
//! | `age_start` + `age_end` | window: a span of ages in years, 0..120, `age_end` after `age_start` |
//! | `step_years` | window only: a cap on the scan step (0.001..10 years, at most 20 000 steps over the span); see below |
//! | `moving_points` | default `sun`..`pluto` and `chiron`; at most 20; `ascendant` and `mc` with `secondary` (progressed angles, needs `natal`) and `solar_arc` |
//! | `aspect_frame` | window without `phases`: `progressed_natal` (default), `progressed_progressed`, `transit_progressed` |
//! | `phases` | window only: any of `ingress`, `station`, `axis` |
//! | `aspect_types`, `aspects`, `orbs` | as elsewhere; default orbs `progression` (flat 1°); orbs matter in snapshots only (window events are exact) |
//!
//! With neither `age_years`, `at` nor a window, the snapshot is taken now (the answer then
//! changes with the clock and is not cacheable).
//!
//! The natal points computed from `natal` are `sun`..`pluto`, `chiron`, `ascendant` and `mc`.
//!
//! # Conventions
//!
//! * Age `a` is in tropical years; its calendar date is `birth + a × 365.24219` days (UT).
//! * The progressed instant: secondary and solar arc `birth + a` days, tertiary
//!   `birth + a × 365.24219 / 27.321582` days, minor `birth + a × 27.321582` days. Solar arc
//!   adds the progressed Sun's arc (`Sun(birth + a) − Sun(birth)`) to every natal point.
//! * Secondary progressed angles (snapshots with `natal`, `ascendant`/`mc` moving points, the
//!   `axis` phase): the natal ARMC advanced by the Sun's arc in right ascension, the MC on that
//!   meridian, the ascendant at the birth latitude, with the obliquity of the progressed date.
//!   Inside the polar circles a snapshot gives both, and the MC's aspect events are searched;
//!   the ascendant's events and the `axis` phase are a 400 on `natal.location.latitude` there
//!   (the ascendant jumps by 180° wherever the progressed MC crosses the horizon).
//! * `step_years`: the search samples each point at a step declared from its motion and solves
//!   every event to half a second of progressed time, so every event is found without a step.
//!   A `step_years` only caps the step (more samples, the same events); it is echoed, `null` when
//!   not given.
//! * `transit_progressed`: the transiting bodies are the `moving_points` that are bodies, at the
//!   calendar date of each age, against the progressed `moving_points`; the event's
//!   `moving_point` is the transiting body and `natal_point` the progressed point. The list stops
//!   at 8000 events: then `truncated` is `true` and `complete_until_years` / `complete_until`
//!   give the age up to which it is complete.
//! * A point's conjunction with its own natal place at age 0 (the birth itself) is no event.
//!
//! # Response
//!
//! Both modes: `mode`, `method`, `ephemeris` (`swiss`, or `moshier` when a date used lies
//! outside the data files, before 1200), `natal {source, birth_jd, birth_utc, resolved?, points}`,
//! and `notes` when there is something to say (Chiron left out of the natal points of a birth
//! before 1200, angles left out at a polar latitude, a truncated list).
//!
//! Snapshot: `settings` (the age, its date, the progressed instant, the aspect settings),
//! `solar_arc` (solar arc only), `positions` keyed by point (longitude, speed per progressed
//! day, motion per year of life, retrograde, sign) — the moving points, then for secondary
//! progressions with `natal` the progressed `ascendant` and `mc`, and for solar arc every natal
//! point directed — and `aspects` in orb between the progressed and the natal points
//! (`exact_in_years` at the current motion).
//!
//! Window: `mode` `window`, `method`, `settings {age_start, age_end, step_years, …}`, `natal`,
//! `event_count`, and `events` of `{moving_point, natal_point, aspect, angle, arc,
//! exact_at_years, exact_at, exact_at_jd, progressed_jd, moving_longitude, moving_speed,
//! retrograde, natal_longitude}`; with `phases`, `ingresses`, `stations` and `axis_ingresses`
//! (the requested ones) instead of `events`, and `event_count` their total.

use std::collections::BTreeMap;

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{AspectConfig, OrbPreset};
use orrery_astro::body::{Body, CATALOG};
use orrery_astro::techniques::progressions::events::AspectFrame;
use orrery_astro::techniques::progressions::{
    Axis, DEFAULT_MOVING_BODIES, MovingPoint, ProgressionMethod, age_at,
};
use orrery_astro::techniques::transits::NatalPoint;
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::AspectOptionsDto;
use crate::bounded::bounded_number;
use crate::common::{BirthDto, ResolvedBirth};
use crate::datetime::Instant;
use crate::error::ApiInputError;
use crate::names::string_field;
use crate::natal::check_point_count;
use crate::presets::{AppliedPreset, read_birth};

/// The oldest age, years (and the longest window).
pub const MAX_AGE_YEARS: f64 = 120.0;
/// The finest `step_years`.
pub const MIN_STEP_YEARS: f64 = 0.001;
/// The coarsest `step_years`: a cap coarser than the points' own steps changes nothing.
pub const MAX_STEP_YEARS: f64 = 10.0;
/// At most this many steps of `step_years` over the window.
pub const MAX_WINDOW_STEPS: f64 = 20_000.0;
/// At most this many moving points (pairs grow with the square).
pub const MAX_MOVING_POINTS: usize = 20;
/// At most this many natal positions.
pub const MAX_NATAL_POSITIONS: usize = 100;
/// Point names longer than this are refused.
const MAX_NAME_CHARS: usize = 64;
/// `birth_jd` bounds: 0001-01-01 and 3000-01-01 (UT).
const MIN_BIRTH_JD: f64 = 1_721_425.5;
const MAX_BIRTH_JD: f64 = 2_816_787.5;

/// The progression method as requests name it.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ProgressionMethod)]
pub enum MethodDto {
    #[default]
    Secondary,
    Tertiary,
    Minor,
    SolarArc,
}

impl From<MethodDto> for ProgressionMethod {
    fn from(m: MethodDto) -> Self {
        match m {
            MethodDto::Secondary => Self::Secondary,
            MethodDto::Tertiary => Self::Tertiary,
            MethodDto::Minor => Self::Minor,
            MethodDto::SolarArc => Self::SolarArc,
        }
    }
}

/// What window events are aspected against.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = AspectFrame)]
#[serde(rename_all = "snake_case")]
pub enum AspectFrameDto {
    #[default]
    ProgressedNatal,
    ProgressedProgressed,
    TransitProgressed,
}

impl From<AspectFrameDto> for AspectFrame {
    fn from(f: AspectFrameDto) -> Self {
        match f {
            AspectFrameDto::ProgressedNatal => Self::ProgressedNatal,
            AspectFrameDto::ProgressedProgressed => Self::ProgressedProgressed,
            AspectFrameDto::TransitProgressed => Self::TransitProgressed,
        }
    }
}

/// A phase of a window.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord, ToSchema)]
#[schema(as = Phase)]
#[serde(rename_all = "snake_case")]
pub enum PhaseDto {
    Ingress,
    Station,
    Axis,
}

/// The request body, as sent.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProgressionsRequest {
    /// `secondary` (default), `tertiary`, `minor` or `solar_arc`.
    #[serde(default)]
    pub method: Option<MethodDto>,
    /// The birth; give this or `natal_positions` with `birth_jd`.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// Natal longitudes by point name.
    #[serde(default)]
    #[schema(value_type = Option<crate::common::PointLongitudes>)]
    pub natal_positions: Option<BTreeMap<String, f64>>,
    /// Julian day (UT) of the birth; with `natal_positions` only.
    #[serde(default)]
    pub birth_jd: Option<BirthJulianDay>,
    /// Snapshot at this age in tropical years, 0..120; or give `at`.
    #[serde(default)]
    pub age_years: Option<AgeYears>,
    /// Snapshot at this instant, ISO 8601 with `Z` or an offset, within 120 years after the birth; or give `age_years`. Neither nor a window: now.
    #[serde(default)]
    pub at: Option<Instant>,
    /// Window start in years of age, 0..120; with `age_end`.
    #[serde(default)]
    pub age_start: Option<AgeYears>,
    /// Window end in years of age, 0..120, after `age_start`.
    #[serde(default)]
    pub age_end: Option<AgeYears>,
    /// Window only: cap on the scan step in years, 0.001..10, at most 20000 steps over the window; default none.
    #[serde(default)]
    pub step_years: Option<StepYears>,
    /// Progressed points, 1..20: body names, and `ascendant`, `mc` with `secondary` or `solar_arc`; default `sun`…`pluto`, `chiron`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub moving_points: Option<Vec<MovingPointField>>,
    /// Window only, not with `phases`: `progressed_natal` (default), `progressed_progressed` (not with `solar_arc`) or `transit_progressed`.
    #[serde(default)]
    pub aspect_frame: Option<AspectFrameDto>,
    /// Window only: any of `ingress`, `station` (not with `solar_arc`), `axis` (`secondary` with `natal` only), instead of aspect events.
    #[serde(default)]
    pub phases: Option<Vec<PhaseDto>>,
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<crate::names::AspectCategoryField>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    pub aspects: Option<Vec<crate::names::AspectField>>,
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`; default `progression`.
    #[serde(default)]
    pub orbs: Option<crate::aspect_options::OrbsField>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for reading the `natal` birth
    /// (calendar, Local Mean Time); progression orbs stay the technique's. Echoed in
    /// `settings.preset`.
    #[serde(default)]
    pub preset: Option<crate::names::PresetField>,
}

/// A progressed point by its API name: a body, or `ascendant`/`mc` (which methods may move them
/// is a rule across fields, checked after parsing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovingPointField(pub MovingPoint);

impl MovingPointField {
    fn parse(name: &str) -> Result<Self, String> {
        if let Some(axis) = Axis::parse(name) {
            return Ok(Self(MovingPoint::Angle(axis)));
        }
        Body::parse(name)
            .map(|body| Self(MovingPoint::Body(body)))
            .map_err(|error| format!("{error}; and `ascendant`, `mc` with secondary or solar_arc"))
    }
}

string_field!(
    MovingPointField,
    "MovingPoint",
    utoipa::openapi::schema::ObjectBuilder::new()
        .pattern(Some(crate::names::body_name_pattern(&["ascendant", "mc"])))
        .description(Some(
            "A body (`GET /v1/catalog/bodies`), or `ascendant` or `mc` (with `secondary` or \
             `solar_arc`).",
        ))
);

/// Where the natal chart comes from.
#[derive(Debug, Clone)]
pub enum NatalInput {
    /// A birth: the natal points are computed.
    Birth(ResolvedBirth),
    /// Given longitudes and the birth's Julian day.
    Positions {
        birth_jd: JulianDayUt,
        points: Vec<NatalPoint>,
    },
}

impl NatalInput {
    fn birth_jd(&self) -> JulianDayUt {
        match self {
            Self::Birth(birth) => birth.jd,
            Self::Positions { birth_jd, .. } => *birth_jd,
        }
    }
}

/// What is asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// Positions at an age; `used_now` when the request gave no time at all.
    Snapshot { age_years: f64, used_now: bool },
    /// Aspect events over a span of ages.
    Aspects {
        age_start: f64,
        age_end: f64,
        step_years: Option<f64>,
        frame: AspectFrameDto,
    },
    /// Phases over a span of ages.
    Phases {
        age_start: f64,
        age_end: f64,
        step_years: Option<f64>,
        phases: Vec<PhaseDto>,
    },
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct ProgressionsInput {
    pub method: ProgressionMethod,
    pub natal: NatalInput,
    pub mode: Mode,
    pub moving: Vec<MovingPoint>,
    pub aspects: AspectConfig,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

impl ProgressionsInput {
    /// True when the snapshot was taken at `now` (not cacheable).
    #[must_use]
    pub fn used_now(&self) -> bool {
        matches!(self.mode, Mode::Snapshot { used_now: true, .. })
    }
}

bounded_number!(
    /// An age in years after the birth.
    AgeYears,
    AgeYearsBounds,
    (0.0, MAX_AGE_YEARS),
    "Years of age (tropical years after the birth), 0..120."
);
bounded_number!(
    /// The cap on a window's scan step, years.
    StepYears,
    StepYearsBounds,
    (MIN_STEP_YEARS, MAX_STEP_YEARS),
    "The cap on the scan step, years, 0.001..10."
);
bounded_number!(
    /// The birth's Julian day (UT), within the years the service reads.
    BirthJulianDay,
    BirthJulianDayBounds,
    (MIN_BIRTH_JD, MAX_BIRTH_JD),
    "Julian day (UT) of the birth, years 1..3000."
);

impl ProgressionsRequest {
    /// Validates the request; `now` is the snapshot's instant when no time is given.
    ///
    /// # Errors
    /// Every invalid field or combination, naming the field and the rule.
    pub fn validate(&self, now: Timestamp) -> Result<ProgressionsInput, ApiInputError> {
        let method: ProgressionMethod = self.method.unwrap_or_default().into();
        let mut preset = self.preset.map(|field| AppliedPreset::new(field.0));
        let natal = self.natal_input(preset.as_mut())?;
        let birth_jd = natal.birth_jd();
        let mode = self.mode(birth_jd, now)?;
        let moving = self.moving_points(method, &natal)?;
        self.check_combinations(method, &natal, &mode)?;
        let aspects = AspectOptionsDto {
            aspect_types: self.aspect_types.clone(),
            aspects: self.aspects.clone(),
            orbs: self.orbs.clone(),
        }
        .to_config("", OrbPreset::Progression)?;
        Ok(ProgressionsInput {
            method,
            natal,
            mode,
            moving,
            aspects,
            preset,
        })
    }

    fn natal_input(&self, preset: Option<&mut AppliedPreset>) -> Result<NatalInput, ApiInputError> {
        match (&self.natal, &self.natal_positions, self.birth_jd) {
            (Some(_), Some(_), _) => Err(ApiInputError::new(
                "natal and natal_positions are alternatives: give one of them",
            )),
            (Some(_), None, Some(_)) => Err(ApiInputError::field(
                "birth_jd",
                "is only used with natal_positions (natal gives the birth instant)",
            )),
            (Some(birth), None, None) => Ok(NatalInput::Birth(
                read_birth(preset, "natal", birth).resolve("natal")?,
            )),
            (None, Some(_), None) => Err(ApiInputError::field(
                "birth_jd",
                "is required with natal_positions (the Julian day UT of the birth)",
            )),
            (None, Some(map), Some(jd)) => {
                let birth_jd = JulianDayUt(jd.get());
                Ok(NatalInput::Positions {
                    birth_jd,
                    points: natal_positions(map)?,
                })
            }
            (None, None, _) => Err(ApiInputError::new(
                "natal (a birth) or natal_positions with birth_jd is required",
            )),
        }
    }

    fn mode(&self, birth_jd: JulianDayUt, now: Timestamp) -> Result<Mode, ApiInputError> {
        let snapshot_given = self.age_years.is_some() || self.at.is_some();
        let window_given = self.age_start.is_some() || self.age_end.is_some();
        if snapshot_given && window_given {
            return Err(ApiInputError::new(
                "age_years/at (a snapshot) and age_start/age_end (a window) are alternatives: give one of them",
            ));
        }
        if !window_given {
            for (field, given) in [
                ("step_years", self.step_years.is_some()),
                ("aspect_frame", self.aspect_frame.is_some()),
                ("phases", self.phases.is_some()),
            ] {
                if given {
                    return Err(ApiInputError::field(
                        field,
                        "is only used in window mode (with age_start and age_end)",
                    ));
                }
            }
            let age_of = |instant: Timestamp, field: &str| {
                let age = age_at(birth_jd, julian_day_ut(instant));
                if (0.0..=MAX_AGE_YEARS).contains(&age) {
                    Ok(age)
                } else {
                    Err(ApiInputError::field(
                        field,
                        format!(
                            "must fall between the birth and {MAX_AGE_YEARS} years after it (age {age:.4} years)"
                        ),
                    ))
                }
            };
            return match (self.age_years, &self.at) {
                (Some(_), Some(_)) => Err(ApiInputError::new(
                    "age_years and at are alternatives: give one of them",
                )),
                (Some(age), None) => Ok(Mode::Snapshot {
                    age_years: age.get(),
                    used_now: false,
                }),
                (None, Some(at)) => Ok(Mode::Snapshot {
                    age_years: age_of(at.timestamp(), "at")?,
                    used_now: false,
                }),
                (None, None) => Ok(Mode::Snapshot {
                    age_years: age_of(now, "the current date (no age_years, at or window given)")?,
                    used_now: true,
                }),
            };
        }
        let (Some(start), Some(end)) = (self.age_start, self.age_end) else {
            let missing = if self.age_start.is_none() {
                "age_start"
            } else {
                "age_end"
            };
            return Err(ApiInputError::field(
                missing,
                "is required in window mode: give both age_start and age_end",
            ));
        };
        let (age_start, age_end) = (start.get(), end.get());
        if age_end <= age_start {
            return Err(ApiInputError::field(
                "age_end",
                format!("must be after age_start (got {age_start} to {age_end})"),
            ));
        }
        let step_years = match self.step_years {
            None => None,
            Some(step) => {
                let step = step.get();
                let steps = (age_end - age_start) / step;
                if steps > MAX_WINDOW_STEPS {
                    return Err(ApiInputError::limit(
                        "step_years",
                        format!(
                            "gives {steps:.0} steps over the window; at most {MAX_WINDOW_STEPS} are allowed (use a step of at least {:.4} years)",
                            (age_end - age_start) / MAX_WINDOW_STEPS
                        ),
                        MAX_WINDOW_STEPS,
                        steps.ceil(),
                    ));
                }
                Some(step)
            }
        };
        match &self.phases {
            None => Ok(Mode::Aspects {
                age_start,
                age_end,
                step_years,
                frame: self.aspect_frame.unwrap_or_default(),
            }),
            Some(phases) => {
                if self.aspect_frame.is_some() {
                    return Err(ApiInputError::field(
                        "aspect_frame",
                        "is not used with phases (phases replace the aspect events)",
                    ));
                }
                if phases.is_empty() {
                    return Err(ApiInputError::field(
                        "phases",
                        "must name at least one of ingress, station, axis",
                    ));
                }
                let mut phases = phases.clone();
                phases.sort_unstable();
                phases.dedup();
                Ok(Mode::Phases {
                    age_start,
                    age_end,
                    step_years,
                    phases,
                })
            }
        }
    }

    fn moving_points(
        &self,
        method: ProgressionMethod,
        natal: &NatalInput,
    ) -> Result<Vec<MovingPoint>, ApiInputError> {
        let Some(names) = &self.moving_points else {
            return Ok(DEFAULT_MOVING_BODIES.map(MovingPoint::Body).to_vec());
        };
        if names.is_empty() {
            return Err(ApiInputError::field(
                "moving_points",
                "must name at least one point",
            ));
        }
        if names.len() > MAX_MOVING_POINTS {
            return Err(ApiInputError::too_many(
                "moving_points",
                format!(
                    "may name at most {MAX_MOVING_POINTS} points (got {})",
                    names.len()
                ),
                MAX_MOVING_POINTS,
                names.len(),
            ));
        }
        let mut points = Vec::with_capacity(names.len());
        for (i, &MovingPointField(point)) in names.iter().enumerate() {
            let field = format!("moving_points[{i}]");
            if let MovingPoint::Angle(axis) = point {
                let name = axis.name();
                {
                    match (method, natal) {
                        (ProgressionMethod::Tertiary | ProgressionMethod::Minor, _) => {
                            return Err(ApiInputError::field(
                                &field,
                                format!(
                                    "`{name}` progresses only with method secondary (by the solar arc in right ascension) or solar_arc, not {}",
                                    method.name()
                                ),
                            ));
                        }
                        (ProgressionMethod::Secondary, NatalInput::Positions { .. }) => {
                            return Err(ApiInputError::field(
                                &field,
                                format!(
                                    "the progressed `{name}` needs the birth place: give natal instead of natal_positions"
                                ),
                            ));
                        }
                        (ProgressionMethod::SolarArc, NatalInput::Positions { points, .. })
                            if !points.iter().any(|p| p.name == name) =>
                        {
                            return Err(ApiInputError::field(
                                &field,
                                format!(
                                    "the directed `{name}` needs its natal longitude: add it to natal_positions"
                                ),
                            ));
                        }
                        _ => {}
                    }
                }
            }
            if !points.contains(&point) {
                points.push(point);
            }
        }
        Ok(points)
    }

    fn check_combinations(
        &self,
        method: ProgressionMethod,
        natal: &NatalInput,
        mode: &Mode,
    ) -> Result<(), ApiInputError> {
        match mode {
            Mode::Aspects {
                frame: AspectFrameDto::ProgressedProgressed,
                ..
            } if method == ProgressionMethod::SolarArc => Err(ApiInputError::field(
                "aspect_frame",
                "progressed_progressed is not defined for method solar_arc: every directed point \
                 moves by the same arc, so their aspects to each other never change",
            )),
            Mode::Phases { phases, .. } => {
                if phases.contains(&PhaseDto::Station) && method == ProgressionMethod::SolarArc {
                    return Err(ApiInputError::field(
                        "phases",
                        "station is not defined for method solar_arc: directed points all move \
                         forward with the progressed Sun",
                    ));
                }
                if phases.contains(&PhaseDto::Axis) {
                    if method != ProgressionMethod::Secondary {
                        return Err(ApiInputError::field(
                            "phases",
                            format!(
                                "axis (progressed ascendant and MC ingresses) needs method secondary (got {})",
                                method.name()
                            ),
                        ));
                    }
                    if matches!(natal, NatalInput::Positions { .. }) {
                        return Err(ApiInputError::field(
                            "phases",
                            "axis needs the birth place: give natal (with its location) instead of natal_positions",
                        ));
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

fn natal_positions(map: &BTreeMap<String, f64>) -> Result<Vec<NatalPoint>, ApiInputError> {
    check_point_count(map, MAX_NATAL_POSITIONS)?;
    let mut points = map
        .iter()
        .map(|(name, &lon)| {
            let path = format!("natal_positions.{name}");
            if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
                return Err(ApiInputError::field(
                    &path,
                    format!("point names must have 1 to {MAX_NAME_CHARS} characters"),
                ));
            }
            let lon = Longitude::new(lon)
                .map_err(|_| ApiInputError::field(&path, "must be a finite longitude"))?;
            Ok(NatalPoint::new(name.clone(), lon))
        })
        .collect::<Result<Vec<_>, _>>()?;
    points.sort_by_key(|p| display_rank(&p.name));
    Ok(points)
}

/// Bodies in catalogue order, then the angles, then other names alphabetically.
fn display_rank(name: &str) -> (usize, String) {
    let rank = CATALOG
        .iter()
        .position(|e| e.name == name)
        .or_else(|| {
            Axis::parse(name)
                .map(|axis| CATALOG.len() + Axis::ALL.iter().position(|a| *a == axis).unwrap_or(0))
        })
        .unwrap_or(CATALOG.len() + Axis::ALL.len());
    (rank, name.to_owned())
}

mod compute;
mod response;

pub use compute::compute;
pub(crate) use compute::report;
pub use response::{
    EventDto, IngressDto, NatalDto, ProgressedPositionDto, ProgressionsResponse, SnapshotAspectDto,
    SnapshotResponse, SnapshotSettingsDto, StationDto, WindowResponse, WindowSettingsDto,
};

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{NatalInput, ProgressionsInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for ProgressionsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for ProgressionsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.natal {
                NatalInput::Birth(birth) => vec![InputInstant::birth("natal", birth)],
                NatalInput::Positions { birth_jd, .. } => {
                    vec![InputInstant::utc("birth_jd", *birth_jd)]
                }
            }
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(body: serde_json::Value) -> ProgressionsRequest {
        serde_json::from_value(body).unwrap()
    }

    fn now() -> Timestamp {
        "2024-06-01T00:00:00Z".parse().unwrap()
    }

    /// Parsed as the server parses a body, then validated: the message of either step's error.
    fn error(body: serde_json::Value) -> String {
        crate::parse::json_value::<ProgressionsRequest>(body)
            .and_then(|request| request.validate(now()).map(drop))
            .unwrap_err()
            .message
            .into()
    }

    fn birth() -> serde_json::Value {
        serde_json::json!({"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                           "location": {"latitude": 52.52, "longitude": 13.405}})
    }

    #[test]
    fn defaults_give_a_secondary_snapshot_now() {
        let input = request(serde_json::json!({"natal": birth()}))
            .validate(now())
            .unwrap();
        assert_eq!(input.method, ProgressionMethod::Secondary);
        assert!(input.used_now());
        assert_eq!(input.moving.len(), 11);
        let Mode::Snapshot { age_years, .. } = input.mode else {
            panic!("{:?}", input.mode)
        };
        assert!((age_years - 34.05).abs() < 0.01, "{age_years}");
    }

    #[test]
    fn every_invalid_combination_names_its_field() {
        let natal = birth();
        let cases = [
            (serde_json::json!({}), "natal (a birth) or natal_positions"),
            (
                serde_json::json!({"natal": natal, "natal_positions": {"sun": 1.0}, "birth_jd": 2.45e6}),
                "alternatives",
            ),
            (
                serde_json::json!({"natal_positions": {"sun": 1.0}}),
                "birth_jd is required",
            ),
            (
                serde_json::json!({"natal": natal, "birth_jd": 2_450_000.0}),
                "birth_jd is only used",
            ),
            (
                serde_json::json!({"natal_positions": {"sun": 1.0}, "birth_jd": 100.0}),
                "birth_jd must be between",
            ),
            (
                serde_json::json!({"natal_positions": {}, "birth_jd": 2_450_000.0}),
                "natal_positions must name",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 130}),
                "age_years must be between 0 and 120",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 3, "at": "2000-01-01T00:00:00Z"}),
                "age_years and at",
            ),
            (
                serde_json::json!({"natal": natal, "at": "1980-01-01T00:00:00Z"}),
                "at must fall between",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 3, "age_start": 1, "age_end": 2}),
                "alternatives",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 1}),
                "age_end is required",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 5, "age_end": 5}),
                "age_end must be after age_start",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 0, "age_end": 121}),
                "age_end must be between 0 and 120",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 3, "step_years": 0.1}),
                "step_years is only used in window mode",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 3, "phases": ["ingress"]}),
                "phases is only used in window mode",
            ),
            (
                serde_json::json!({"natal": natal, "age_years": 3, "aspect_frame": "progressed_natal"}),
                "aspect_frame is only used",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 0, "age_end": 90, "step_years": 0.0001}),
                "step_years must be between",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 0, "age_end": 90, "step_years": 0.001}),
                "at most 20000",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 0, "age_end": 9, "phases": []}),
                "phases must name",
            ),
            (
                serde_json::json!({"natal": natal, "age_start": 0, "age_end": 9, "phases": ["ingress"], "aspect_frame": "progressed_natal"}),
                "aspect_frame is not used with phases",
            ),
            (
                serde_json::json!({"natal": natal, "method": "tertiary", "age_start": 0, "age_end": 9, "phases": ["axis"]}),
                "axis (progressed ascendant and MC ingresses) needs method secondary",
            ),
            (
                serde_json::json!({"natal_positions": {"sun": 1.0}, "birth_jd": 2_450_000.0, "age_start": 0, "age_end": 9, "phases": ["axis"]}),
                "axis needs the birth place",
            ),
            (
                serde_json::json!({"natal": natal, "method": "solar_arc", "age_start": 0, "age_end": 9, "phases": ["station"]}),
                "station is not defined for method solar_arc",
            ),
            (
                serde_json::json!({"natal": natal, "method": "solar_arc", "age_start": 0, "age_end": 9, "aspect_frame": "progressed_progressed"}),
                "progressed_progressed is not defined",
            ),
            (
                serde_json::json!({"natal": natal, "moving_points": []}),
                "moving_points must name",
            ),
            (
                serde_json::json!({"natal": natal, "moving_points": ["sun", "vulcan"]}),
                "moving_points[1]: unknown body",
            ),
            (
                serde_json::json!({"natal": natal, "method": "minor", "moving_points": ["mc"]}),
                "moving_points[0] `mc` progresses only",
            ),
            (
                serde_json::json!({"natal_positions": {"sun": 1.0}, "birth_jd": 2_450_000.0, "moving_points": ["ascendant"]}),
                "needs the birth place",
            ),
            (
                serde_json::json!({"natal_positions": {"sun": 1.0}, "birth_jd": 2_450_000.0, "method": "solar_arc", "moving_points": ["mc"]}),
                "add it to natal_positions",
            ),
        ];
        for (body, expected) in cases {
            let message = error(body.clone());
            assert!(message.contains(expected), "{body}: {message}");
        }
    }

    #[test]
    fn natal_positions_keep_catalogue_order() {
        let input = request(serde_json::json!({
            "natal_positions": {"mc": 10.0, "zeta": 1.0, "moon": 2.0, "sun": 3.0, "ascendant": 4.0},
            "birth_jd": 2_450_000.0, "age_years": 10
        }))
        .validate(now())
        .unwrap();
        let NatalInput::Positions { points, .. } = input.natal else {
            panic!()
        };
        let names: Vec<&str> = points.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["sun", "moon", "ascendant", "mc", "zeta"]);
    }
}
