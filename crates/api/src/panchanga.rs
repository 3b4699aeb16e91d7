//! `POST /v1/panchanga`: the five limbs of the Hindu day (tithi, nakshatra, yoga, karana,
//! vara) with their start and end instants, and rahu kala, yamaganda and gulika kala, at an
//! instant or for a civil day at a place. Every choice and its source: docs/VEDIC.md.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `datetime` | an instant (ISO 8601 with `Z` or an offset): the elements in force then, in the Hindu day containing it |
//! | `date` | a civil date `YYYY-MM-DD` with `timezone`: the Hindu day beginning at its first sunrise, with every element in force during it |
//! | `timezone` | the IANA zone whose local midnights bound `date`; only with `date` |
//! | `location` | required; `{latitude, longitude, altitude?}` |
//! | `ayanamsa` | a sidereal mode of `/v1/catalog/ayanamsas`; default `lahiri`; `tropical` is refused |
//! | `disc`, `refraction` | the sunrise and sunset used: as `/v1/rise-transit-set`, default `upper_limb` with refraction |
//! | `preset` | a peer's conventions for what is left unset (`jagannatha_hora`: Lahiri, disc centre, no refraction) |
//!
//! Exactly one of `datetime` and `date`.
//!
//! # Response
//!
//! ```json
//! {
//!   "settings": {"mode": "civil_day", "date": "2024-03-20", "timezone": "Asia/Kolkata",
//!                "location": {…}, "zodiac": "sidereal", "ayanamsa": "lahiri",
//!                "ayanamsa_deg": 24.19, "positions": "apparent", "day_start": "sunrise",
//!                "vara_rule": "…", "disc": "upper_limb", "refraction": true},
//!   "ephemeris": "swiss",
//!   "at": "2024-03-20T00:57:54Z", "at_jd": 2460389.54,
//!   "day": {"sunrise": "…", "sunrise_jd": …, "sunset": …, "next_sunrise": …,
//!           "vara": {"number": 3, "name": "budhavara", "lord": "mercury"},
//!           "rahu_kala": {"part": 5, "start": "…", "start_jd": …, "end": "…", "end_jd": …},
//!           "yamaganda": {…}, "gulika_kala": {…}},
//!   "tithi": [{"number": 11, "name": "shukla_ekadashi", "paksha": "shukla",
//!              "start": "…", "start_jd": …, "end": "…", "end_jd": …}],
//!   "nakshatra": […], "yoga": […], "karana": […]
//! }
//! ```
//!
//! Each limb is a list in time order: with `datetime` the one part in force at the instant;
//! with `date` every part in force from the sunrise to the next, the one at sunrise first.
//! Definitions: [`orrery_astro::techniques::vedic::panchanga`].
//!
//! # Errors
//!
//! A 400 names the field and the rule: both or neither of `datetime` and `date`, `date`
//! without `timezone` (or `timezone` without `date`), a malformed `date`, a tropical or
//! unknown `ayanamsa`, a place where the Sun does not rise or set that day (polar day and
//! night), a date outside the ephemeris.

use orrery_astro::presets::RiseSetDisc;
use orrery_astro::techniques::rise_set::Disc;
use orrery_astro::techniques::vedic::Graha;
use orrery_astro::techniques::vedic::panchanga::{
    Kala, Limb, LimbSpan, Panchanga, PanchangaError, PanchangaOptions, PanchangaWhen, VARA_NAMES,
    panchanga,
};
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use orrery_ephem::{Atmosphere, AyanamsaId, Ephemeris, Observer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::EphemerisName;
use crate::common::{LocationDto, LocationEcho, ephemeris_name, utc_of};
use crate::datetime::{Instant, TimeZoneName};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, Named, PresetField};
use crate::presets::{AppliedPreset, PresetEcho};
use crate::refraction::{DEFAULT_PRESSURE_HPA, DEFAULT_TEMPERATURE_C};
use crate::rise_set::DiscDto;
use crate::vedic::SiderealModeField;

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PanchangaRequest {
    /// An instant, ISO 8601 with `Z` or an offset: the elements in force then. Exactly one of
    /// `datetime` and `date`.
    #[serde(default)]
    pub datetime: Option<Instant>,
    /// A civil date, `YYYY-MM-DD`, with `timezone`: the Hindu day beginning at its first
    /// sunrise, with every element in force during it.
    #[serde(default)]
    #[schema(example = "2024-03-20")]
    pub date: Option<String>,
    /// The IANA zone whose local midnights bound `date`; only with `date`.
    #[serde(default)]
    pub timezone: Option<TimeZoneName>,
    /// The place: its sunrise and sunset bound the Hindu day.
    pub location: LocationDto,
    /// Sidereal mode (`GET /v1/catalog/ayanamsas`), not `tropical`; default `lahiri`.
    #[serde(default)]
    pub ayanamsa: Option<SiderealModeField>,
    /// `upper_limb` (default) or `center`: the Sun's point on the horizon at sunrise and sunset.
    #[serde(default)]
    pub disc: Option<DiscDto>,
    /// Whether sunrise and sunset include atmospheric refraction; default true.
    #[serde(default)]
    pub refraction: Option<bool>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for `ayanamsa`, `disc` and
    /// `refraction` where left unset; echoed in `settings.preset`.
    #[serde(default)]
    pub preset: Option<PresetField>,
}

/// What the request asks for.
#[derive(Debug, Clone)]
pub enum PanchangaAsk {
    Instant(Instant),
    CivilDay {
        date: jiff::civil::Date,
        zone: &'static str,
        start: JulianDayUt,
        end: JulianDayUt,
    },
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct PanchangaInput {
    pub ask: PanchangaAsk,
    pub place: Observer,
    pub ayanamsa: AyanamsaId,
    pub disc: Disc,
    pub refraction: bool,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

fn civil_day(date: &str, zone: &TimeZoneName) -> Result<PanchangaAsk, ApiInputError> {
    let parsed: jiff::civil::Date = date.parse().map_err(|e| {
        ApiInputError::field(
            "date",
            format!("must be a civil date YYYY-MM-DD (got {date:?}: {e})"),
        )
    })?;
    let tz = zone.zone().time_zone().clone();
    let midnight = |d: jiff::civil::Date| {
        d.to_zoned(tz.clone())
            .map(|z| julian_day_ut(z.timestamp()))
            .map_err(|e| {
                ApiInputError::field(
                    "date",
                    format!("has no local midnight in {} ({e})", zone.name()),
                )
            })
    };
    let next = parsed
        .tomorrow()
        .map_err(|e| ApiInputError::field("date", format!("is the last date there is ({e})")))?;
    Ok(PanchangaAsk::CivilDay {
        date: parsed,
        zone: zone.name(),
        start: midnight(parsed)?,
        end: midnight(next)?,
    })
}

impl TryFrom<&PanchangaRequest> for PanchangaInput {
    type Error = ApiInputError;

    fn try_from(request: &PanchangaRequest) -> Result<Self, ApiInputError> {
        let ask = match (&request.datetime, &request.date, &request.timezone) {
            (Some(_), Some(_), _) => {
                return Err(ApiInputError::field(
                    "date",
                    "must not be given with datetime: ask for an instant or for a civil day",
                ));
            }
            (None, None, _) => {
                return Err(ApiInputError::field(
                    "datetime",
                    "is required unless date is given (an instant, or a civil day with date and timezone)",
                ));
            }
            (Some(_), None, Some(_)) => {
                return Err(ApiInputError::field(
                    "timezone",
                    "is only taken with date (datetime carries its own offset)",
                ));
            }
            (None, Some(_), None) => {
                return Err(ApiInputError::field(
                    "timezone",
                    "is required with date: the IANA zone whose midnights bound the civil day",
                ));
            }
            (Some(at), None, None) => PanchangaAsk::Instant(*at),
            (None, Some(date), Some(zone)) => civil_day(date, zone)?,
        };
        let place = request.location.resolve("location")?;
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let ayanamsa = match (request.ayanamsa, &mut preset) {
            (Some(SiderealModeField(mode)), _) => mode,
            (None, Some(preset)) => preset
                .sidereal_mode("ayanamsa")?
                .unwrap_or(AyanamsaId::LAHIRI),
            (None, None) => AyanamsaId::LAHIRI,
        };
        let given_disc = request.disc.map(|disc| match disc {
            DiscDto::UpperLimb => RiseSetDisc::UpperLimb,
            DiscDto::Center => RiseSetDisc::Center,
        });
        let (disc, refraction) = match &mut preset {
            Some(preset) => preset.rise_set(given_disc, request.refraction),
            None => (
                given_disc.unwrap_or(RiseSetDisc::UpperLimb),
                request.refraction.unwrap_or(true),
            ),
        };
        Ok(Self {
            ask,
            place,
            ayanamsa,
            disc: match disc {
                RiseSetDisc::UpperLimb => Disc::UpperLimb,
                RiseSetDisc::Center => Disc::Center,
            },
            refraction,
            preset,
        })
    }
}

/// Whether the answer is for an instant or a civil day.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = PanchangaMode)]
pub enum ModeName {
    /// The elements in force at `datetime`.
    Instant,
    /// Every element in force during the Hindu day of `date`.
    CivilDay,
}

/// The options in force.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PanchangaSettings)]
pub struct PanchangaSettingsDto {
    /// `instant` or `civil_day`.
    pub mode: ModeName,
    /// The instant asked, UTC to the second (instant mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub datetime: Option<String>,
    /// The civil date asked, `YYYY-MM-DD` (civil-day mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The zone of `date` (civil-day mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<&'static str>,
    /// The place.
    pub location: LocationEcho,
    /// Always `sidereal`.
    pub zodiac: &'static str,
    /// The ayanamsa of the nakshatra and the yoga (the tithi and karana do not depend on it).
    pub ayanamsa: AyanamsaField,
    /// The ayanamsa at `at`, degrees (with nutation).
    pub ayanamsa_deg: f64,
    /// Always `apparent`: geocentric apparent longitudes of the Moon and the Sun.
    pub positions: &'static str,
    /// Always `sunrise`: the Hindu day runs from one sunrise to the next.
    pub day_start: &'static str,
    /// How the vara is found: the weekday of the sunrise in the place's local mean time.
    pub vara_rule: &'static str,
    /// `upper_limb` or `center`: the Sun's point on the horizon at sunrise and sunset.
    pub disc: DiscDto,
    /// Whether sunrise and sunset include refraction.
    pub refraction: bool,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

/// One part of a limb.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PanchangaPart)]
pub struct LimbSpanDto {
    /// 1-based: tithi 1..30, nakshatra and yoga 1..27, karana 1..60.
    pub number: usize,
    /// The part's name, snake_case (`shukla_ekadashi`, `ashwini`, `vishkambha`, `bava`).
    pub name: &'static str,
    /// The tithi's half of the month: `shukla` (1..15) or `krishna` (16..30); tithis only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paksha: Option<&'static str>,
    /// When it began, UTC to the second.
    pub start: String,
    /// `start` as a Julian day (UT).
    pub start_jd: f64,
    /// When it ends, UTC to the second.
    pub end: String,
    /// `end` as a Julian day (UT).
    pub end_jd: f64,
}

/// An eighth of the daytime.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PanchangaKala)]
pub struct KalaDto {
    /// Which eighth of the daytime from sunrise, 1..8.
    pub part: u8,
    /// UTC to the second.
    pub start: String,
    /// `start` as a Julian day (UT).
    pub start_jd: f64,
    /// UTC to the second.
    pub end: String,
    /// `end` as a Julian day (UT).
    pub end_jd: f64,
}

/// The weekday.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Vara)]
pub struct VaraDto {
    /// 0 (Sunday) .. 6 (Saturday).
    pub number: usize,
    /// `ravivara` .. `shanivara`.
    pub name: &'static str,
    /// The graha ruling the weekday.
    pub lord: &'static str,
}

/// The Hindu day, from a sunrise to the next.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = HinduDay)]
pub struct HinduDayDto {
    /// UTC to the second.
    pub sunrise: String,
    /// `sunrise` as a Julian day (UT).
    pub sunrise_jd: f64,
    /// UTC to the second.
    pub sunset: String,
    /// `sunset` as a Julian day (UT).
    pub sunset_jd: f64,
    /// The next sunrise, where the day ends; UTC to the second.
    pub next_sunrise: String,
    /// `next_sunrise` as a Julian day (UT).
    pub next_sunrise_jd: f64,
    /// The weekday of the sunrise.
    pub vara: VaraDto,
    /// Rahu kala: an eighth of the daytime by weekday.
    pub rahu_kala: KalaDto,
    /// Yamaganda: an eighth of the daytime by weekday.
    pub yamaganda: KalaDto,
    /// Gulika kala: an eighth of the daytime by weekday.
    pub gulika_kala: KalaDto,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PanchangaResponse {
    pub settings: PanchangaSettingsDto,
    /// `swiss`, or `moshier` when a position came from the library's analytical fallback.
    pub ephemeris: EphemerisName,
    /// The instant the elements are given for: `datetime`, or the day's sunrise; UTC to the
    /// second.
    pub at: String,
    /// `at` as a Julian day (UT).
    pub at_jd: f64,
    /// The Hindu day containing `at`.
    pub day: HinduDayDto,
    /// The lunar days (12° of elongation each), in time order.
    pub tithi: Vec<LimbSpanDto>,
    /// The Moon's nakshatras (13°20′ of sidereal longitude), in time order.
    pub nakshatra: Vec<LimbSpanDto>,
    /// The yogas (13°20′ of the sum of the sidereal Moon and Sun), in time order.
    pub yoga: Vec<LimbSpanDto>,
    /// The karanas (half tithis, 6° of elongation), in time order.
    pub karana: Vec<LimbSpanDto>,
}

fn kala_dto(k: &Kala) -> Result<KalaDto, CalcFailure> {
    Ok(KalaDto {
        part: k.part,
        start: utc_of(k.start)?,
        start_jd: k.start.0,
        end: utc_of(k.end)?,
        end_jd: k.end.0,
    })
}

fn spans_dto(limb: Limb, spans: &[LimbSpan]) -> Result<Vec<LimbSpanDto>, CalcFailure> {
    spans
        .iter()
        .map(|s| {
            Ok(LimbSpanDto {
                number: s.number,
                name: limb.part_name(s.number),
                paksha: (limb == Limb::Tithi).then_some(if s.number <= 15 {
                    "shukla"
                } else {
                    "krishna"
                }),
                start: utc_of(s.start)?,
                start_jd: s.start.0,
                end: utc_of(s.end)?,
                end_jd: s.end.0,
            })
        })
        .collect()
}

/// A calculation's failure; a date outside the ephemeris is blamed on `time_field`
/// (`datetime` or `date`).
fn failure(error: PanchangaError, time_field: &str) -> CalcFailure {
    let blamed = |failure: CalcFailure| match failure {
        CalcFailure::Input(e) if e.field.is_none() => CalcFailure::Input(e.prefixed(time_field)),
        other => other,
    };
    match error {
        PanchangaError::NoSun { .. } => {
            CalcFailure::Input(ApiInputError::field("location", error.to_string()))
        }
        PanchangaError::RiseSet(e) => match e {
            orrery_astro::techniques::rise_set::RiseSetError::Ephemeris { source, .. } => {
                blamed(source.into())
            }
            other => CalcFailure::Internal(other.to_string()),
        },
        PanchangaError::Chart(e) => blamed(e.into()),
        PanchangaError::Bound { .. } => CalcFailure::Internal(error.to_string()),
    }
}

/// The vara's rule, as echoed.
const VARA_RULE: &str = "the weekday of the sunrise in the local mean time of the place";

/// Computes the answer.
///
/// # Errors
/// A place without sunrise or sunset that day, a date outside the ephemeris, a library failure.
pub fn compute(eph: &Ephemeris, input: &PanchangaInput) -> Result<PanchangaResponse, CalcFailure> {
    let when = match &input.ask {
        PanchangaAsk::Instant(at) => PanchangaWhen::Instant(at.julian_day()),
        PanchangaAsk::CivilDay { start, end, .. } => PanchangaWhen::CivilDay {
            start: *start,
            end: *end,
        },
    };
    let options = PanchangaOptions {
        ayanamsa: input.ayanamsa,
        disc: input.disc,
        refraction: input.refraction,
        atmosphere: Atmosphere {
            pressure_mbar: Some(DEFAULT_PRESSURE_HPA),
            temperature_c: DEFAULT_TEMPERATURE_C,
        },
    };
    let time_field = match input.ask {
        PanchangaAsk::Instant(_) => "datetime",
        PanchangaAsk::CivilDay { .. } => "date",
    };
    let p: Panchanga =
        panchanga(eph, input.place, when, &options).map_err(|e| failure(e, time_field))?;
    let day = &p.day;
    let (datetime, date, timezone, mode) = match &input.ask {
        PanchangaAsk::Instant(at) => (
            Some(utc_of(at.julian_day())?),
            None,
            None,
            ModeName::Instant,
        ),
        PanchangaAsk::CivilDay { date, zone, .. } => (
            None,
            Some(date.to_string()),
            Some(*zone),
            ModeName::CivilDay,
        ),
    };
    Ok(PanchangaResponse {
        settings: PanchangaSettingsDto {
            mode,
            datetime,
            date,
            timezone,
            location: LocationEcho::from(input.place),
            zodiac: "sidereal",
            ayanamsa: Named(input.ayanamsa),
            ayanamsa_deg: p.ayanamsa_deg,
            positions: "apparent",
            day_start: "sunrise",
            vara_rule: VARA_RULE,
            disc: match input.disc {
                Disc::UpperLimb => DiscDto::UpperLimb,
                Disc::Center => DiscDto::Center,
            },
            refraction: input.refraction,
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        ephemeris: ephemeris_name(p.source),
        at: utc_of(p.at)?,
        at_jd: p.at.0,
        day: HinduDayDto {
            sunrise: utc_of(day.sunrise)?,
            sunrise_jd: day.sunrise.0,
            sunset: utc_of(day.sunset)?,
            sunset_jd: day.sunset.0,
            next_sunrise: utc_of(day.next_sunrise)?,
            next_sunrise_jd: day.next_sunrise.0,
            vara: VaraDto {
                number: day.vara,
                name: VARA_NAMES[day.vara],
                // The weekdays are named for the grahas in `Graha::ALL`'s order, Sunday first.
                lord: Graha::ALL[day.vara].name(),
            },
            rahu_kala: kala_dto(&day.rahu_kala)?,
            yamaganda: kala_dto(&day.yamaganda)?,
            gulika_kala: kala_dto(&day.gulika_kala)?,
        },
        tithi: spans_dto(Limb::Tithi, &p.tithi)?,
        nakshatra: spans_dto(Limb::Nakshatra, &p.nakshatra)?,
        yoga: spans_dto(Limb::Yoga, &p.yoga)?,
        karana: spans_dto(Limb::Karana, &p.karana)?,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{PanchangaAsk, PanchangaInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for PanchangaInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for PanchangaInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.ask {
                PanchangaAsk::Instant(at) => vec![InputInstant::at("datetime", at.timestamp())],
                PanchangaAsk::CivilDay { start, .. } => vec![InputInstant::utc("date", *start)],
            }
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn validate(value: serde_json::Value) -> Result<PanchangaInput, ApiInputError> {
        let request: PanchangaRequest = crate::parse::json_value(value)?;
        PanchangaInput::try_from(&request)
    }

    fn place() -> serde_json::Value {
        json!({"latitude": 28.6, "longitude": 77.2})
    }

    #[test]
    fn defaults() {
        let input =
            validate(json!({"datetime": "2024-03-20T06:00:00Z", "location": place()})).unwrap();
        assert_eq!(input.ayanamsa, AyanamsaId::LAHIRI);
        assert_eq!(input.disc, Disc::UpperLimb);
        assert!(input.refraction);
        assert!(matches!(input.ask, PanchangaAsk::Instant(_)));
    }

    #[test]
    fn a_civil_day_is_bounded_by_its_local_midnights() {
        let input = validate(json!({"date": "2024-03-20", "timezone": "Asia/Kolkata",
                                    "location": place()}))
        .unwrap();
        let PanchangaAsk::CivilDay { start, end, .. } = input.ask else {
            panic!("not a civil day")
        };
        // 2024-03-20T00:00+05:30 = 2024-03-19T18:30Z.
        assert!((start.0 - (2_460_389.5 - 5.5 / 24.0)).abs() < 1e-9);
        assert!((end.0 - start.0 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn every_rule_names_the_field() {
        let cases = [
            (json!({"location": place()}), "datetime"),
            (
                json!({"datetime": "2024-03-20T06:00:00Z", "date": "2024-03-20",
                       "timezone": "Asia/Kolkata", "location": place()}),
                "date",
            ),
            (
                json!({"date": "2024-03-20", "location": place()}),
                "timezone",
            ),
            (
                json!({"datetime": "2024-03-20T06:00:00Z", "timezone": "Asia/Kolkata",
                       "location": place()}),
                "timezone",
            ),
            (
                json!({"date": "2024-13-20", "timezone": "Asia/Kolkata", "location": place()}),
                "date",
            ),
            (
                json!({"datetime": "2024-03-20T06:00:00Z", "ayanamsa": "tropical",
                       "location": place()}),
                "ayanamsa",
            ),
        ];
        for (body, field) in cases {
            let error = validate(body.clone()).unwrap_err();
            assert_eq!(error.field.as_deref(), Some(field), "{body}: {error:?}");
        }
    }

    #[test]
    fn the_jagannatha_hora_preset_sets_the_hindu_sunrise() {
        let input = validate(
            json!({"datetime": "2024-03-20T06:00:00Z", "location": place(),
                                    "preset": "jagannatha_hora"}),
        )
        .unwrap();
        assert_eq!(input.disc, Disc::Center);
        assert!(!input.refraction);
        assert_eq!(input.ayanamsa, AyanamsaId::LAHIRI);
    }
}
