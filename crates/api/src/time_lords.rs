//! `POST /v1/time-lords`: the firdaria of a birth in a named variant, laid out over a life with
//! their sub-periods, the profections (year, month, day) at an instant, and the stack of lords
//! active at the instant with the instants in a window where any of them changes.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | the birth, as for `/v1/radix` (its sect: the Sun's true altitude above 0) |
//! | `at` | the instant of the stack (ISO 8601 with `Z` or an offset) |
//! | `variant` | `abu_mashar` (default), `al_biruni`, `bonatti`, `no_nodes` |
//! | `year` | `gregorian` (365.2425 days, default, Stellium's) or `julian` (365.25, kerykeion's) |
//! | `until_age_years` | how far the periods are laid out, 1..=[`MAX_AGE_YEARS`], default 90 |
//! | `techniques` | `firdaria` and/or `profections`; default both |
//! | `profections` | `houses` (`whole_sign` default, or a quadrant system), `year_start` (`birthday` default, `solar_return`), `months` (`equal` default, `sun_ingress`, `sun_arc`), `days` (`twelfths` default, `sign_per_day`), `rulers` |
//! | `window` | `{start, end}`: the instants in it where any lord changes, at most [`MAX_AGE_YEARS`] years |
//!
//! Decennials and circumambulations are not built yet. Conventions and sources:
//! docs/TRADITIONAL.md and [`orrery_astro::techniques::traditional::firdaria`].

use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::traditional::firdaria::{
    FirdarPeriod, FirdariaVariant, GREGORIAN_YEAR_DAYS,
};
use orrery_astro::techniques::traditional::profections::{
    DAILY_CHANGES_MAX_DAYS, DayRule, MonthRule, ProfectionError, ProfectionHouses, ProfectionLevel,
    ProfectionPeriod, ProfectionSettings, YearStart,
};
use orrery_astro::techniques::traditional::tables::Rulers;
use orrery_astro::techniques::traditional::time_lords::{
    LordChange, Techniques, TimeLord, TimeLordsError, TimeLordsQuery, time_lords,
};
use orrery_ephem::{Ephemeris, HouseSystem};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::{FirdarLordName, TimeLordName};
use crate::common::{BirthDto, ResolvedBirth, event_time, utc_of};
use crate::datetime::Instant;
use crate::dignities::{RulersDto, SectNameDto, sect_dto};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, HouseSystemField, Named, OneOf, SignField};
use crate::source_echo::SourceEchoDto;

/// The longest life laid out, years.
pub const MAX_AGE_YEARS: f64 = 150.0;
/// The default, years.
pub const DEFAULT_AGE_YEARS: f64 = 90.0;
/// The Julian year, days.
pub const JULIAN_YEAR_DAYS: f64 = 365.25;

/// Where the nodes stand in the firdaria.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = FirdariaVariant)]
#[serde(rename_all = "snake_case")]
pub enum FirdariaVariantDto {
    /// The nodes after the seven planets in both sects.
    AbuMashar,
    /// As Abu Ma'shar.
    AlBiruni,
    /// By night the nodes follow Mars.
    Bonatti,
    /// Without the nodes (70 years).
    NoNodes,
}

/// The length of a year of the periods.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = FirdariaYear)]
#[serde(rename_all = "snake_case")]
pub enum YearDto {
    /// 365.2425 days.
    Gregorian,
    /// 365.25 days.
    Julian,
}

/// A technique of the time-lords.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = TimeLordTechnique)]
#[serde(rename_all = "snake_case")]
pub enum TechniqueDto {
    /// The firdaria periods and sub-periods.
    Firdaria,
    /// The annual, monthly and daily profections.
    Profections,
}

/// When a year of the profections begins.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = ProfectionYearStart)]
#[serde(rename_all = "snake_case")]
pub enum YearStartDto {
    /// The birth's local clock reading on each anniversary date, in the birth's zone.
    Birthday,
    /// Each return of the Sun to its natal longitude.
    SolarReturn,
}

/// How a profection year divides into months.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = ProfectionMonths)]
#[serde(rename_all = "snake_case")]
pub enum MonthRuleDto {
    /// Twelve equal parts of the year.
    Equal,
    /// At the Sun's ingress into each sign after the natal Sun's (Stellium).
    SunIngress,
    /// At each 30° of the Sun's motion from its natal longitude (Valens).
    SunArc,
}

/// How a profection month divides into days.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = ProfectionDays)]
#[serde(rename_all = "snake_case")]
pub enum DayRuleDto {
    /// Twelve equal parts of the month.
    Twelfths,
    /// One sign per 24 hours from the month's start (Valens).
    SignPerDay,
}

/// The conventions of the profections; every field optional.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = ProfectionOptions)]
#[serde(deny_unknown_fields)]
pub struct ProfectionOptionsDto {
    /// `whole_sign` (default) or a quadrant system (`GET /v1/catalog/house-systems`).
    #[serde(default)]
    pub houses: Option<HouseSystemField>,
    /// `birthday` (default) or `solar_return`.
    #[serde(default)]
    pub year_start: Option<YearStartDto>,
    /// `equal` (default), `sun_ingress` or `sun_arc`.
    #[serde(default)]
    pub months: Option<MonthRuleDto>,
    /// `twelfths` (default) or `sign_per_day`.
    #[serde(default)]
    pub days: Option<DayRuleDto>,
    /// `traditional` (default) or `modern`.
    #[serde(default)]
    pub rulers: Option<RulersDto>,
}

/// A span of time.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = TimeLordsWindow)]
#[serde(deny_unknown_fields)]
pub struct WindowDto {
    /// ISO 8601 with `Z` or an offset.
    #[schema(value_type = String)]
    pub start: Instant,
    /// ISO 8601 with `Z` or an offset; not before `start`.
    #[schema(value_type = String)]
    pub end: Instant,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeLordsRequest {
    /// The birth, as for `/v1/radix`.
    pub birth: BirthDto,
    /// The instant of the stack: ISO 8601 with `Z` or an offset.
    #[schema(value_type = String)]
    pub at: Instant,
    /// `abu_mashar` (default), `al_biruni`, `bonatti` or `no_nodes`.
    #[serde(default)]
    pub variant: Option<FirdariaVariantDto>,
    /// `gregorian` (365.2425 days, default) or `julian` (365.25 days).
    #[serde(default)]
    pub year: Option<YearDto>,
    /// Years of life laid out, 1..=150; default 90.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 150)]
    pub until_age_years: Option<f64>,
    /// `firdaria`, `profections`; default both.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub techniques: Option<Vec<TechniqueDto>>,
    /// The conventions of the profections.
    #[serde(default)]
    pub profections: Option<ProfectionOptionsDto>,
    /// The stack lists every change of lord within it; at most 150 years.
    #[serde(default)]
    pub window: Option<WindowDto>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct TimeLordsInput {
    pub birth: ResolvedBirth,
    pub at: Instant,
    pub variant: FirdariaVariantDto,
    pub year: YearDto,
    pub techniques: Vec<TechniqueDto>,
    pub houses: HouseSystemName,
    pub year_start: YearStartDto,
    pub months: MonthRuleDto,
    pub days: DayRuleDto,
    pub rulers: RulersDto,
    /// The zone the birthdays are read in: an IANA name or the birth's offset.
    pub birthday_zone: String,
    pub window: Option<(Instant, Instant)>,
    pub query: TimeLordsQuery,
}

impl TryFrom<&TimeLordsRequest> for TimeLordsInput {
    type Error = ApiInputError;

    fn try_from(request: &TimeLordsRequest) -> Result<Self, ApiInputError> {
        let birth = request.birth.resolve("birth")?;
        let until = request.until_age_years.unwrap_or(DEFAULT_AGE_YEARS);
        if !(1.0..=MAX_AGE_YEARS).contains(&until) {
            return Err(ApiInputError::field(
                "until_age_years",
                format!("must be between 1 and {MAX_AGE_YEARS} years (got {until})"),
            ));
        }
        let variant = request.variant.unwrap_or(FirdariaVariantDto::AbuMashar);
        let year = request.year.unwrap_or(YearDto::Gregorian);
        let techniques = match &request.techniques {
            None => vec![TechniqueDto::Firdaria, TechniqueDto::Profections],
            Some(list) if list.is_empty() => {
                return Err(ApiInputError::field(
                    "techniques",
                    "must name at least one technique: firdaria, profections",
                ));
            }
            Some(list) => list.clone(),
        };
        let options = request.profections.clone().unwrap_or_default();
        let houses = options
            .houses
            .map_or_else(|| HouseSystemName::of(HouseSystem::WHOLE_SIGN), |f| f.0);
        let year_start = options.year_start.unwrap_or(YearStartDto::Birthday);
        let months = options.months.unwrap_or(MonthRuleDto::Equal);
        let days = options.days.unwrap_or(DayRuleDto::Twelfths);
        let rulers = options.rulers.unwrap_or(RulersDto::Traditional);
        let window = match &request.window {
            None => None,
            Some(w) => {
                let (start, end) = (w.start.julian_day().0, w.end.julian_day().0);
                if end < start {
                    return Err(ApiInputError::field(
                        "window.end",
                        "must not be before window.start",
                    ));
                }
                if end - start > MAX_AGE_YEARS * GREGORIAN_YEAR_DAYS {
                    return Err(ApiInputError::field(
                        "window",
                        format!("may span at most {MAX_AGE_YEARS} years"),
                    ));
                }
                Some((w.start, w.end))
            }
        };
        let resolved = &birth.resolved;
        let (zone, birthday_zone) = match resolved.zone() {
            Some(name) => (
                jiff::tz::TimeZone::get(name).map_err(|e| {
                    ApiInputError::field("birth.timezone", format!("unknown zone: {e}"))
                })?,
                name.to_owned(),
            ),
            None => (
                jiff::tz::TimeZone::fixed(resolved.offset()),
                resolved.offset_string(),
            ),
        };
        let profections = ProfectionSettings {
            houses: if houses.system == HouseSystem::WHOLE_SIGN {
                ProfectionHouses::WholeSign
            } else {
                ProfectionHouses::Quadrant(houses.system)
            },
            year_start: match year_start {
                YearStartDto::Birthday => YearStart::Birthday {
                    local: resolved.local(),
                    zone,
                },
                YearStartDto::SolarReturn => YearStart::SolarReturn,
            },
            months: match months {
                MonthRuleDto::Equal => MonthRule::Equal,
                MonthRuleDto::SunIngress => MonthRule::SunIngress,
                MonthRuleDto::SunArc => MonthRule::SunArc,
            },
            days: match days {
                DayRuleDto::Twelfths => DayRule::Twelfths,
                DayRuleDto::SignPerDay => DayRule::SignPerDay,
            },
            rulers: match rulers {
                RulersDto::Traditional => Rulers::Traditional,
                RulersDto::Modern => Rulers::Modern,
            },
        };
        Ok(Self {
            query: TimeLordsQuery {
                birth: birth.jd,
                place: birth.place,
                variant: match variant {
                    FirdariaVariantDto::AbuMashar => FirdariaVariant::AbuMashar,
                    FirdariaVariantDto::AlBiruni => FirdariaVariant::AlBiruni,
                    FirdariaVariantDto::Bonatti => FirdariaVariant::Bonatti,
                    FirdariaVariantDto::NoNodes => FirdariaVariant::NoNodes,
                },
                year_days: match year {
                    YearDto::Gregorian => GREGORIAN_YEAR_DAYS,
                    YearDto::Julian => JULIAN_YEAR_DAYS,
                },
                until_age_years: until,
                at: request.at.julian_day(),
                techniques: Techniques {
                    firdaria: techniques.contains(&TechniqueDto::Firdaria),
                    profections: techniques.contains(&TechniqueDto::Profections),
                },
                profections,
                window: window.map(|(a, b)| (a.julian_day(), b.julian_day())),
            },
            birth,
            at: request.at,
            variant,
            year,
            techniques,
            houses,
            year_start,
            months,
            days,
            rulers,
            birthday_zone,
            window,
        })
    }
}

/// The choices used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TimeLordsSettings)]
pub struct TimeLordsSettingsDto {
    pub variant: FirdariaVariantDto,
    pub year: YearDto,
    /// Days in a year of the periods.
    pub year_days: f64,
    /// The lords in order for this chart's sect.
    pub sequence: Vec<FirdarLordName>,
    pub until_age_years: f64,
    /// The techniques answered.
    pub techniques: Vec<TechniqueDto>,
    /// The conventions of the profections, with `techniques` holding `profections`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profections: Option<ProfectionSettingsDto>,
}

/// The conventions of the profections.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProfectionSettings)]
pub struct ProfectionSettingsDto {
    /// The houses asked for: `whole_sign` or a quadrant system (each house takes the sign on its
    /// cusp).
    pub houses: HouseSystemField,
    /// The system the cusps are in (a polar fallback says otherwise).
    pub house_system_used: HouseSystemField,
    pub year_start: YearStartDto,
    /// With `year_start: birthday`: the zone the birthdays are read in (an IANA name, or the
    /// birth's UTC offset `±HH:MM`); a gap takes the later reading, a fold the earlier.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birthday_zone: Option<String>,
    /// With `year_start: birthday`: a 29 February birthday falls on `march_1` in common years.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leap_day_birthday: Option<&'static str>,
    pub months: MonthRuleDto,
    pub days: DayRuleDto,
    pub rulers: RulersDto,
    /// A window longer than this lists no daily changes, days.
    pub daily_changes_max_days: f64,
}

/// The natal chart the profections advance through.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProfectionChart)]
pub struct ProfectionChartDto {
    /// Tropical longitude, degrees.
    pub ascendant_deg: f64,
    /// The twelve houses, 1st to 12th: the year of age `a` reaches house `a mod 12 + 1`.
    pub houses: Vec<ProfectedHouseDto>,
}

/// A natal house as a profection reaches it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProfectedHouse)]
pub struct ProfectedHouseDto {
    /// 1..=12.
    pub house: u8,
    /// Its sign: the sign on its cusp (whole signs: the ascendant's sign and those after it).
    pub sign: SignField,
    /// The sign's domicile lord.
    pub lord: BodyField,
    /// The seven planets natally in the house, Sun to Saturn.
    pub planets: Vec<BodyField>,
}

/// A year, month or day of the profections.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProfectionPeriod)]
pub struct ProfectionPeriodDto {
    /// UTC, to the second.
    pub start: String,
    /// UTC, to the second.
    pub end: String,
    /// Completed years of life, years.
    pub age: u32,
    /// The month in the profection year, 0..=11 (0 for a year), a count.
    pub month: u8,
    /// The day (or twelfth) in the month from 0 (0 for a year or a month), a count.
    pub day: u16,
    /// The profected house, 1..=12.
    pub house: u8,
    /// The sign of the profected house.
    pub sign: SignField,
    /// The sign's domicile lord.
    pub lord: BodyField,
    /// The seven planets natally in the profected house, Sun to Saturn.
    pub planets: Vec<BodyField>,
}

/// The profections active at `at`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProfectionsAt)]
pub struct ProfectionsAtDto {
    /// The lord of the year and its period.
    pub year: ProfectionPeriodDto,
    /// The lord of the month.
    pub month: ProfectionPeriodDto,
    /// The lord of the day.
    pub day: ProfectionPeriodDto,
}

/// The level of a period that begins.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = TimeLordLevel)]
#[serde(rename_all = "snake_case")]
pub enum LevelDto {
    FirdariaMajor,
    FirdariaSub,
    ProfectionYear,
    ProfectionMonth,
    ProfectionDay,
}

/// A period beginning within the window: a lord's turn at one level.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TimeLordChange)]
pub struct LordChangeDto {
    /// When the period begins, UTC, to the second.
    pub at: String,
    /// When it ends, UTC, to the second.
    pub end: String,
    pub level: LevelDto,
    /// The lord from `at`.
    pub lord: TimeLordName,
    /// The profected sign, for a profection.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign: Option<SignField>,
}

/// A firdaria period or sub-period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = FirdarPeriod)]
pub struct FirdarPeriodDto {
    /// A planet, `north_node` or `south_node`.
    pub lord: FirdarLordName,
    /// UTC, to the second.
    pub start: String,
    /// UTC, to the second.
    pub end: String,
    /// Years.
    pub start_age: f64,
    /// Years.
    pub end_age: f64,
}

/// A major period with its seven sub-periods (none for the nodes).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = FirdarMajor)]
pub struct FirdarMajorDto {
    #[serde(flatten)]
    pub period: FirdarPeriodDto,
    pub sub_periods: Vec<FirdarPeriodDto>,
}

/// The lords active at `at`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = TimeLordStack)]
pub struct TimeLordStackDto {
    /// The instant, UTC.
    pub at: String,
    /// Absent before the birth or beyond `until_age_years`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firdaria_major: Option<FirdarPeriodDto>,
    /// Absent also in a node's period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firdaria_sub: Option<FirdarPeriodDto>,
    /// Absent before the birth or without profections.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profections: Option<ProfectionsAtDto>,
    /// With a `window`: every period that begins in it, in time order (a first month or day
    /// that begins with its year or month is listed once, as the larger period).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<LordChangeDto>>,
    /// The window, UTC, to the second: `[start, end]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<[String; 2]>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeLordsResponse {
    pub input: SourceEchoDto,
    pub settings: TimeLordsSettingsDto,
    /// `day` or `night`: the Sun's true altitude at the birth above 0.
    pub sect: SectNameDto,
    /// Degrees.
    pub sun_altitude_deg: f64,
    /// Empty without `firdaria` in `techniques`.
    pub firdaria: Vec<FirdarMajorDto>,
    /// With `profections` in `techniques`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profection_chart: Option<ProfectionChartDto>,
    pub stack: TimeLordStackDto,
}

fn profection_dto(p: &ProfectionPeriod) -> Result<ProfectionPeriodDto, CalcFailure> {
    Ok(ProfectionPeriodDto {
        start: utc_of(p.start)?,
        end: utc_of(p.end)?,
        age: p.age,
        month: p.month,
        day: p.day,
        house: p.house,
        sign: Named(p.sign),
        lord: BodyField(p.lord),
        planets: p.planets.iter().map(|b| BodyField(*b)).collect(),
    })
}

fn change_dto(change: &LordChange) -> Result<LordChangeDto, CalcFailure> {
    Ok(match change {
        LordChange::FirdariaMajor(p) | LordChange::FirdariaSub(p) => LordChangeDto {
            at: utc_of(p.start)?,
            end: utc_of(p.end)?,
            level: if matches!(change, LordChange::FirdariaMajor(_)) {
                LevelDto::FirdariaMajor
            } else {
                LevelDto::FirdariaSub
            },
            lord: OneOf(TimeLord(p.lord)),
            sign: None,
        },
        LordChange::Profection(p) => LordChangeDto {
            at: utc_of(p.start)?,
            end: utc_of(p.end)?,
            level: match p.level {
                ProfectionLevel::Year => LevelDto::ProfectionYear,
                ProfectionLevel::Month => LevelDto::ProfectionMonth,
                ProfectionLevel::Day => LevelDto::ProfectionDay,
            },
            lord: OneOf(TimeLord::planet(p.lord)),
            sign: Some(Named(p.sign)),
        },
    })
}

fn failure(error: TimeLordsError) -> CalcFailure {
    match error {
        TimeLordsError::Chart(e) => CalcFailure::from(e).at_field("birth.datetime"),
        TimeLordsError::Profections(ProfectionError::Cast(e)) => {
            crate::chart_content::cast_failure(e).at_field("birth.datetime")
        }
        TimeLordsError::Profections(e @ ProfectionError::AscendantUndefined { .. }) => {
            CalcFailure::Input(ApiInputError::labelled("birth.location.latitude", e))
        }
        TimeLordsError::Profections(e @ ProfectionError::Birthday { .. }) => {
            CalcFailure::Input(ApiInputError::labelled("birth.datetime", e))
        }
        // The Sun's returns and ingresses are searched near `at` (or the window).
        TimeLordsError::Profections(ProfectionError::Sun(e)) => match e {
            orrery_astro::techniques::returns::ReturnError::Chart(e) => {
                CalcFailure::from(e).at_field("at")
            }
            other => CalcFailure::Internal(other.to_string()),
        },
    }
}

fn period_dto(p: &FirdarPeriod) -> Result<FirdarPeriodDto, CalcFailure> {
    Ok(FirdarPeriodDto {
        lord: OneOf(p.lord),
        start: utc_of(p.start)?,
        end: utc_of(p.end)?,
        start_age: p.start_age_years,
        end_age: p.end_age_years,
    })
}

/// The sect, the firdaria and the stack: one core call, [`time_lords`].
///
/// # Errors
/// A birth outside the ephemeris.
pub fn compute(eph: &Ephemeris, input: &TimeLordsInput) -> Result<TimeLordsResponse, CalcFailure> {
    let report = time_lords(eph, &input.query).map_err(failure)?;
    let firdaria = report
        .firdaria
        .iter()
        .map(|m| {
            Ok(FirdarMajorDto {
                period: period_dto(&m.period)?,
                sub_periods: m
                    .sub_periods
                    .iter()
                    .map(period_dto)
                    .collect::<Result<_, CalcFailure>>()?,
            })
        })
        .collect::<Result<Vec<_>, CalcFailure>>()?;
    Ok(TimeLordsResponse {
        input: SourceEchoDto::birth(&input.birth, Vec::new()),
        settings: TimeLordsSettingsDto {
            variant: input.variant,
            year: input.year,
            year_days: input.query.year_days,
            sequence: input
                .query
                .variant
                .sequence(report.sect)
                .iter()
                .map(|l| OneOf(*l))
                .collect(),
            until_age_years: input.query.until_age_years,
            techniques: input.techniques.clone(),
            profections: report.profection_chart.as_ref().map(|chart| {
                let birthday = input.year_start == YearStartDto::Birthday;
                ProfectionSettingsDto {
                    houses: Named(input.houses),
                    house_system_used: Named(HouseSystemName::of(chart.house_system_used)),
                    year_start: input.year_start,
                    birthday_zone: birthday.then(|| input.birthday_zone.clone()),
                    leap_day_birthday: birthday.then_some("march_1"),
                    months: input.months,
                    days: input.days,
                    rulers: input.rulers,
                    daily_changes_max_days: DAILY_CHANGES_MAX_DAYS,
                }
            }),
        },
        sect: sect_dto(report.sect),
        sun_altitude_deg: report.sun_altitude_deg,
        firdaria,
        profection_chart: report
            .profection_chart
            .as_ref()
            .map(|chart| ProfectionChartDto {
                ascendant_deg: chart.ascendant.degrees(),
                houses: chart
                    .houses
                    .iter()
                    .map(|h| ProfectedHouseDto {
                        house: h.house,
                        sign: Named(h.sign),
                        lord: BodyField(h.lord),
                        planets: h.planets.iter().map(|b| BodyField(*b)).collect(),
                    })
                    .collect(),
            }),
        stack: TimeLordStackDto {
            at: event_time(input.at.timestamp()),
            firdaria_major: report
                .stack
                .firdaria_major
                .as_ref()
                .map(period_dto)
                .transpose()?,
            firdaria_sub: report
                .stack
                .firdaria_sub
                .as_ref()
                .map(period_dto)
                .transpose()?,
            profections: report
                .stack
                .profections
                .as_ref()
                .map(|p| -> Result<ProfectionsAtDto, CalcFailure> {
                    Ok(ProfectionsAtDto {
                        year: profection_dto(&p.year)?,
                        month: profection_dto(&p.month)?,
                        day: profection_dto(&p.day)?,
                    })
                })
                .transpose()?,
            changes: input
                .window
                .map(|_| report.stack.changes.iter().map(change_dto).collect())
                .transpose()?,
            window: input
                .window
                .map(|(a, b)| [event_time(a.timestamp()), event_time(b.timestamp())]),
        },
    })
}

/// This endpoint's declarations: its lane and the input instants of its provenance.
mod declaration {
    use super::TimeLordsInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    // Heavy: a `window` of up to 150 years with solar-return years and Sun-timed months is
    // about 1,300 Sun searches, work that grows with the request.
    impl Endpoint for TimeLordsInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for TimeLordsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            let mut instants = vec![
                InputInstant::birth("birth", &self.birth),
                InputInstant::at("at", self.at.timestamp()),
            ];
            if let Some((start, end)) = self.window {
                instants.push(InputInstant::at("window.start", start.timestamp()));
                instants.push(InputInstant::at("window.end", end.timestamp()));
            }
            instants
        }
    }
}
