//! `POST /v1/zodiacal-releasing`: the time-lord periods running at an instant, level 1 to
//! `max_level`, released from a sign (Vettius Valens).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth_datetime` | required; ISO 8601 with `Z` or an offset |
//! | `target_datetime` | the instant to describe; default now (the answer is then not cached); not before the birth, at most 1,000 years after it |
//! | `start_sign` | `aries`..`pisces`; exactly one of this and `lot_longitude` |
//! | `lot_longitude` | a lot's ecliptic longitude in `[0, 360)` (usually the Lot of Fortune or of Spirit, from `/v1/lots`): releasing starts from the sign that contains it |
//! | `max_level` | 1..4, default 3 |
//! | `include_l1_sequence` | adds the first 50 level-1 periods from the birth; default false |
//! | `year_days` | the length of a level-1 year in days, 354..366; default 360 (docs/CONVENTIONS.md) |
//! | `loosing_of_the_bond` | `mark` (default: no jump, `is_lb_zone` on the eighth sub-period) or `jump` (after a full round of sub-periods, to the sign opposite the parent's) |
//!
//! # Response
//!
//! ```json
//! {
//!   "birth_utc": "1990-06-15T08:30:00Z", "birth_jd": 2448057.854167,
//!   "target_utc": "2024-01-01T00:00:00Z", "target_jd": 2460310.5,
//!   "settings": {"start_sign": "leo", "start_from": "lot_longitude", "lot_longitude": 134.2,
//!                "max_level": 3, "year_days": 360.0, "include_l1_sequence": false},
//!   "periods": [
//!     {"level": 1, "sign": "virgo", "units": 20, "unit_days": 360.0, "start": "…Z",
//!      "start_jd": …, "end": "…Z", "end_jd": …, "length_days": 7200.0, "sub_index": 1,
//!      "is_peak": false, "is_lb_zone": false},
//!     …one per level
//!   ],
//!   "l1_sequence": […]
//! }
//! ```
//!
//! The rule, exactly as docs/CONVENTIONS.md gives it (sign periods, units of
//! year / 12^(level − 1), sub-periods in sign order from the parent's sign cut at the parent's
//! end, `is_peak` on the cardinal signs, `is_lb_zone` on sub-index 7, no jump):
//! [`orrery_astro::techniques::releasing`]. `units` is the sign's period in units of its level;
//! `length_days` is shorter than `units × unit_days` for the last sub-period of a parent.
//! Times are to the second; `*_jd` beside them are Julian days (UT).

use jiff::Timestamp;
use orrery_astro::angle::Longitude;
use orrery_astro::techniques::releasing::{
    L1_SEQUENCE_LEN, Level, LoosingOfTheBond, Period, Releasing, YearDays, sign_units,
};
use orrery_astro::time::{Days, JulianDayUt, julian_day_ut, timestamp_of, utc_to_second};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::datetime::Instant;
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{Named, SignField};

bounded_number!(
    /// Days in a level-1 year.
    YearDaysField,
    YearDaysFieldBounds,
    (YearDays::MIN, YearDays::MAX),
    "Days in a level-1 year, 354..366."
);

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleasingRequest {
    /// The birth.
    pub birth_datetime: Instant,
    /// The instant whose periods are returned, not before `birth_datetime` and at most 1000
    /// years (of `year_days`) after it; default now.
    #[serde(default)]
    pub target_datetime: Option<Instant>,
    /// Sign releasing starts from (`aries`…`pisces`); give this or `lot_longitude`, not both.
    #[serde(default)]
    pub start_sign: Option<SignField>,
    /// Longitude of the lot releasing starts from, degrees, [0, 360); its sign is the start sign.
    #[serde(default)]
    #[schema(minimum = 0, exclusive_maximum = 360)]
    pub lot_longitude: Option<f64>,
    /// Deepest level returned, 1..4; default 3.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 4)]
    pub max_level: Option<i64>,
    /// Add the first 50 level-1 periods; default false.
    #[serde(default)]
    pub include_l1_sequence: Option<bool>,
    /// Days in a level-1 year, 354..366; default 360.
    #[serde(default)]
    pub year_days: Option<YearDaysField>,
    /// `mark` (default) or `jump`.
    #[serde(default)]
    pub loosing_of_the_bond: Option<LoosingDto>,
}

/// What the loosing of the bond does.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = LoosingOfTheBond)]
#[serde(rename_all = "snake_case")]
pub enum LoosingDto {
    /// No jump: `is_lb_zone` marks the eighth sub-period.
    Mark,
    /// Once a parent's sub-periods have run through the twelve signs, the next jumps to the sign
    /// opposite the parent's (Valens, Anthology IV.4).
    Jump,
}

/// Where the start sign came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StartFrom {
    Sign,
    Lot(Longitude),
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct ReleasingInput {
    pub birth: Timestamp,
    pub target: Timestamp,
    /// The target was "now" (not cacheable).
    pub used_now: bool,
    pub releasing: Releasing,
    pub start_from: StartFrom,
    pub max_level: Level,
    pub include_l1_sequence: bool,
    /// Days from the birth to the target.
    pub target_day: f64,
}

impl ReleasingRequest {
    /// Validates the request; `now` is the target when `target_datetime` is left out.
    ///
    /// # Errors
    /// Every field that breaks its rule, named with its path.
    pub fn validate(&self, now: Timestamp) -> Result<ReleasingInput, ApiInputError> {
        let birth = self.birth_datetime.timestamp();
        let (target, used_now) = match self.target_datetime {
            Some(target) => (target.timestamp(), false),
            None => (now, true),
        };
        let (start_sign, start_from) = match (&self.start_sign, self.lot_longitude) {
            (Some(_), Some(_)) => {
                return Err(ApiInputError::new(
                    "start_sign and lot_longitude: give one of them, not both",
                ));
            }
            (None, None) => {
                return Err(ApiInputError::new(
                    "start_sign or lot_longitude is required: the sign releasing starts from",
                ));
            }
            (Some(Named(sign)), None) => (*sign, StartFrom::Sign),
            (None, Some(deg)) => {
                let lon = Longitude::new(deg)
                    .ok()
                    .filter(|_| (0.0..360.0).contains(&deg))
                    .ok_or_else(|| {
                        ApiInputError::field(
                            "lot_longitude",
                            format!("must be at least 0 and less than 360 (got {deg})"),
                        )
                    })?;
                (lon.sign(), StartFrom::Lot(lon))
            }
        };
        let year_days = match self.year_days {
            None => YearDays::DEFAULT,
            // The range and its message live in `YearDays`.
            Some(days) => {
                YearDays::new(days.get()).map_err(|e| ApiInputError::field("year_days", e))?
            }
        };
        let max_level = match self.max_level {
            None => Level::DEFAULT,
            Some(n) => u8::try_from(n)
                .ok()
                .and_then(|n| Level::new(n).ok())
                .ok_or_else(|| {
                    ApiInputError::field("max_level", format!("must be 1, 2, 3 or 4 (got {n})"))
                })?,
        };
        let target_day = (julian_day_ut(target) - julian_day_ut(birth)).0;
        if target_day < 0.0 {
            return Err(ApiInputError::field(
                "target_datetime",
                format!(
                    "must not be before birth_datetime (got {}, birth {})",
                    utc_to_second(target),
                    utc_to_second(birth)
                ),
            ));
        }
        if target_day > Releasing::MAX_YEARS * year_days.days() {
            return Err(ApiInputError::limit(
                "target_datetime",
                format!(
                    "must be at most {} years of {} days after birth_datetime",
                    Releasing::MAX_YEARS,
                    year_days.days()
                ),
                Releasing::MAX_YEARS * year_days.days(),
                target_day,
            ));
        }
        Ok(ReleasingInput {
            birth,
            target,
            used_now,
            releasing: Releasing {
                start_sign,
                year_days,
                loosing: match self.loosing_of_the_bond {
                    Some(LoosingDto::Jump) => LoosingOfTheBond::Jump,
                    _ => LoosingOfTheBond::Mark,
                },
            },
            start_from,
            max_level,
            include_l1_sequence: self.include_l1_sequence.unwrap_or(false),
            target_day,
        })
    }
}

/// The request as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReleasingSettings)]
pub struct ReleasingSettingsDto {
    /// The sign the releasing starts from (the lot's sign).
    pub start_sign: SignField,
    /// Which request field the start came from.
    pub start_from: StartFromField,
    /// The lot's ecliptic longitude, degrees [0, 360); absent when not computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lot_longitude: Option<f64>,
    /// The deepest level of sub-periods given.
    pub max_level: u8,
    /// The days in one year of the periods.
    pub year_days: f64,
    /// Whether the major periods from birth are listed.
    pub include_l1_sequence: bool,
    /// `mark` or `jump`.
    pub loosing_of_the_bond: LoosingDto,
}

/// The request field a releasing's start came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReleasingStartFrom)]
pub enum StartFromField {
    /// `start_sign`, given.
    StartSign,
    /// `lot_longitude`: the start is the lot's sign.
    LotLongitude,
}

/// One period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Period)]
pub struct PeriodDto {
    /// The period's level (1: the major periods, 2: their sub-periods, …).
    pub level: u8,
    /// The period's sign.
    pub sign: SignField,
    /// The sign's period in units of this level.
    pub units: u32,
    /// The length of one unit of this level, days.
    pub unit_days: f64,
    /// When the period starts, UTC, ISO 8601 to the second.
    pub start: String,
    /// `start` as a Julian day (UT).
    pub start_jd: f64,
    /// When the period ends, UTC, ISO 8601 to the second.
    pub end: String,
    /// `end` as a Julian day (UT).
    pub end_jd: f64,
    /// The period's length, days.
    pub length_days: f64,
    /// The period's place among its parent's sub-periods, from 0.
    pub sub_index: usize,
    /// Whether the period's sign is angular to the lot (a peak period).
    pub is_peak: bool,
    /// Whether the period is a loosing of the bond.
    pub is_lb_zone: bool,
    /// With `loosing_of_the_bond: jump`: the sub-period the sequence jumped to, opposite its
    /// parent's sign.
    pub is_loosing_of_the_bond: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReleasingResponse {
    /// The birth instant, UTC, ISO 8601 to the second.
    pub birth_utc: String,
    /// `birth_utc` as a Julian day (UT).
    pub birth_jd: f64,
    /// The instant whose periods are given, UTC, ISO 8601 to the second.
    pub target_utc: String,
    /// `target_utc` as a Julian day (UT).
    pub target_jd: f64,
    pub settings: ReleasingSettingsDto,
    /// The periods running at the target, level 1 first.
    pub periods: Vec<PeriodDto>,
    /// The major periods from birth; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub l1_sequence: Option<Vec<PeriodDto>>,
}

/// The instant `days` after the birth, as the API writes it.
fn instant_after(birth_jd: JulianDayUt, days: f64) -> Result<(String, f64), CalcFailure> {
    let jd = birth_jd + Days(days);
    let instant = timestamp_of(jd).ok_or_else(|| {
        CalcFailure::Input(ApiInputError::new(format!(
            "a period ends at Julian day {:.5}, outside the years -9999..9999",
            jd.0
        )))
    })?;
    Ok((utc_to_second(instant), jd.0))
}

fn period_dto(
    input: &ReleasingInput,
    birth_jd: JulianDayUt,
    p: &Period,
) -> Result<PeriodDto, CalcFailure> {
    let (start, start_jd) = instant_after(birth_jd, p.start_day)?;
    let (end, end_jd) = instant_after(birth_jd, p.end_day)?;
    Ok(PeriodDto {
        level: p.level,
        sign: Named(p.sign),
        units: sign_units(p.sign),
        unit_days: input.releasing.unit_days(p.level),
        start,
        start_jd,
        end,
        end_jd,
        length_days: p.length_days(),
        sub_index: p.sub_index,
        is_peak: p.is_peak,
        is_lb_zone: p.is_lb_zone,
        is_loosing_of_the_bond: p.is_loosing_of_the_bond,
    })
}

/// The answer. No ephemeris is needed: releasing is arithmetic on the calendar.
///
/// # Errors
/// [`CalcFailure::Input`] for a period ending outside the calendar's years (a birth near year
/// 9999) or a target the rule refuses.
pub fn compute(input: &ReleasingInput) -> Result<ReleasingResponse, CalcFailure> {
    let birth_jd = julian_day_ut(input.birth);
    let active = input
        .releasing
        .active_at(input.target_day, input.max_level)
        .map_err(|e| ApiInputError::field("target_datetime", e))?;
    let periods = active
        .iter()
        .map(|p| period_dto(input, birth_jd, p))
        .collect::<Result<Vec<_>, _>>()?;
    let l1_sequence = if input.include_l1_sequence {
        Some(
            input
                .releasing
                .l1_sequence(L1_SEQUENCE_LEN)
                .iter()
                .map(|p| period_dto(input, birth_jd, p))
                .collect::<Result<Vec<_>, _>>()?,
        )
    } else {
        None
    };
    Ok(ReleasingResponse {
        birth_utc: utc_to_second(input.birth),
        birth_jd: birth_jd.0,
        target_utc: utc_to_second(input.target),
        target_jd: julian_day_ut(input.target).0,
        settings: ReleasingSettingsDto {
            start_sign: Named(input.releasing.start_sign),
            start_from: match input.start_from {
                StartFrom::Sign => StartFromField::StartSign,
                StartFrom::Lot(_) => StartFromField::LotLongitude,
            },
            lot_longitude: match input.start_from {
                StartFrom::Sign => None,
                StartFrom::Lot(lon) => Some(lon.degrees()),
            },
            max_level: input.max_level.get(),
            year_days: input.releasing.year_days.days(),
            include_l1_sequence: input.include_l1_sequence,
            loosing_of_the_bond: match input.releasing.loosing {
                LoosingOfTheBond::Mark => LoosingDto::Mark,
                LoosingOfTheBond::Jump => LoosingDto::Jump,
            },
        },
        periods,
        l1_sequence,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::ReleasingInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for ReleasingInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for ReleasingInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![
                InputInstant::at("birth_datetime", self.birth),
                InputInstant::at("target_datetime", self.target),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> Timestamp {
        "2026-11-21T00:00:00Z".parse().unwrap()
    }

    fn request(value: serde_json::Value) -> ReleasingRequest {
        serde_json::from_value(value).unwrap()
    }

    /// Parsed as the server parses a body, then validated: the message of either step's error.
    fn error(value: serde_json::Value) -> String {
        crate::parse::json_value::<ReleasingRequest>(value)
            .and_then(|request| request.validate(now()).map(drop))
            .unwrap_err()
            .message
            .into()
    }

    #[test]
    fn every_rule_names_its_field() {
        let birth = "1990-06-15T08:30:00Z";
        for (body, want) in [
            (json!({"start_sign": "leo"}), "birth_datetime is required"),
            (
                json!({"birth_datetime": birth}),
                "start_sign or lot_longitude is required",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo", "lot_longitude": 10.0}),
                "start_sign and lot_longitude: give one of them, not both",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "lion"}),
                "start_sign: ",
            ),
            (
                json!({"birth_datetime": birth, "lot_longitude": 360.0}),
                "lot_longitude must be at least 0 and less than 360 (got 360)",
            ),
            (
                json!({"birth_datetime": birth, "lot_longitude": -0.5}),
                "lot_longitude must be at least 0",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo", "max_level": 5}),
                "max_level must be 1, 2, 3 or 4 (got 5)",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo", "max_level": -1}),
                "max_level must be 1, 2, 3 or 4 (got -1)",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo", "year_days": 300.0}),
                "year_days must be between 354 and 366",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo",
                       "target_datetime": "1980-01-01T00:00:00Z"}),
                "target_datetime must not be before birth_datetime",
            ),
            (
                json!({"birth_datetime": birth, "start_sign": "leo",
                       "target_datetime": "3100-01-01T00:00:00Z"}),
                "target_datetime must be at most 1000 years",
            ),
            (
                json!({"birth_datetime": "1990-06-15T08:30:00", "start_sign": "leo"}),
                "birth_datetime must be a UTC date-time",
            ),
        ] {
            let got = error(body.clone());
            assert!(got.starts_with(want), "{body}: {got}");
        }
    }

    #[test]
    fn the_target_defaults_to_now_and_says_so() {
        let input = request(json!({"birth_datetime": "1990-06-15T08:30:00Z", "start_sign": "leo"}))
            .validate(now())
            .unwrap();
        assert!(input.used_now);
        assert_eq!(input.target, now());
        assert_eq!(input.max_level, Level::DEFAULT);
        let response = compute(&input).unwrap();
        assert_eq!(response.periods.len(), 3);
        assert!(response.l1_sequence.is_none());
    }

    #[test]
    fn a_lot_longitude_releases_from_its_sign() {
        let input = request(json!({"birth_datetime": "1990-06-15T08:30:00Z",
                                   "lot_longitude": 134.2, "include_l1_sequence": true,
                                   "target_datetime": "1990-06-15T08:30:00Z", "max_level": 4}))
        .validate(now())
        .unwrap();
        let response = compute(&input).unwrap();
        assert_eq!(response.settings.start_sign, "leo");
        assert_eq!(response.settings.start_from, StartFromField::LotLongitude);
        // At the birth every level starts in the start sign, at the birth.
        for p in &response.periods {
            assert_eq!(p.sign, "leo");
            assert_eq!(p.start, "1990-06-15T08:30:00Z");
            assert_eq!(p.sub_index, 0);
        }
        assert_eq!(
            response.l1_sequence.as_ref().map(Vec::len),
            Some(L1_SEQUENCE_LEN)
        );
    }
}
