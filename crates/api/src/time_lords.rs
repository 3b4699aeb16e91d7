//! `POST /v1/time-lords`: the firdaria of a birth in a named variant, laid out over a life with
//! their sub-periods, and the stack of lords active at an instant.
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
//!
//! Profections, decennials and circumambulations are not built yet. Conventions and sources:
//! docs/TRADITIONAL.md and [`orrery_astro::techniques::traditional::firdaria`].

use orrery_astro::techniques::traditional::firdaria::{
    FirdarPeriod, FirdariaVariant, GREGORIAN_YEAR_DAYS,
};
use orrery_astro::techniques::traditional::time_lords::{TimeLordsQuery, time_lords};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::FirdarLordName;
use crate::common::{BirthDto, ResolvedBirth, event_time, utc_of};
use crate::datetime::Instant;
use crate::dignities::{SectNameDto, sect_dto};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::OneOf;
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
    pub until_age_years: Option<f64>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct TimeLordsInput {
    pub birth: ResolvedBirth,
    pub at: Instant,
    pub variant: FirdariaVariantDto,
    pub year: YearDto,
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
            },
            birth,
            at: request.at,
            variant,
            year,
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
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeLordsResponse {
    pub input: SourceEchoDto,
    pub settings: TimeLordsSettingsDto,
    /// `day` or `night`: the Sun's true altitude at the birth above 0.
    pub sect: SectNameDto,
    /// Degrees.
    pub sun_altitude_deg: f64,
    pub firdaria: Vec<FirdarMajorDto>,
    pub stack: TimeLordStackDto,
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
    let report = time_lords(eph, &input.query)
        .map_err(|e| CalcFailure::from(e).at_field("birth.datetime"))?;
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
        },
        sect: sect_dto(report.sect),
        sun_altitude_deg: report.sun_altitude_deg,
        firdaria,
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
        },
    })
}

/// This endpoint's declarations: its lane and the input instants of its provenance.
mod declaration {
    use super::TimeLordsInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for TimeLordsInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for TimeLordsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![
                InputInstant::birth("birth", &self.birth),
                InputInstant::at("at", self.at.timestamp()),
            ]
        }
    }
}
