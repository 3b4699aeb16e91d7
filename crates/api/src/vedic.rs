//! `POST /v1/vedic`: sidereal grahas and lagna with nakshatra, pada and lord; Vimshottari
//! dashas from birth; vargas (divisional charts).
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | required; `{datetime, timezone, location}` as for radix (a local time with `timezone`, or an offset) |
//! | `ayanamsa` | a sidereal mode of `/v1/catalog/ayanamsas` (all 47 allowed); default `lahiri`; `tropical` is refused |
//! | `include` | subset of `positions`, `dashas`, `vargas`; default all three |
//! | `vargas` | subset of `D1`, `D2`, `D3`, `D7`, `D9`, `D10`, `D12`; default `["D1", "D9"]` |
//! | `dasha_levels` | 1 (mahadashas, default) or 2 (with antardashas) |
//! | `dasha_year_days` | the length of a dasha year in days, 360..=366; default 365.25 |
//! | `preset` | a peer's conventions (`GET /v1/catalog/presets`) for the options left unset: the birth's calendar and Local Mean Time; a sidereal preset's ayanamsa and dasha year (docs/PRESETS.md) |
//!
//! # Response
//!
//! ```json
//! {
//!   "input": {"datetime": "2000-01-01T17:30:00", "timezone": "Asia/Kolkata",
//!             "location": {"latitude": 28.6139, "longitude": 77.209, "altitude": 0.0},
//!             "resolved": {"utc": "2000-01-01T12:00:00Z", "julian_day_ut": 2451545.0, …}},
//!   "settings": {"zodiac": "sidereal", "ayanamsa": "lahiri", "ayanamsa_deg": 23.853,
//!                "include": ["positions", "dashas", "vargas"], "vargas": ["D1", "D9"],
//!                "dasha_levels": 1,
//!                "preset": {"name": "jagannatha_hora", "fixed": {"ayanamsa": "lahiri", …}}},
//!   "ephemeris": "swiss",
//!   "positions": {
//!     "sun": {"longitude": 256.52, "sign": "sagittarius", "sign_degree": 16.52,
//!             "rashi": "dhanu", "nakshatra": "purva_ashadha", "nakshatra_index": 20, "pada": 1,
//!             "nakshatra_lord": "venus", "longitude_speed": 1.019, "retrograde": false},
//!     …, "rahu": {…, "retrograde": true}, "ketu": {…},
//!     "lagna": {"longitude": 76.34, "sign": "gemini", "sign_degree": 16.34, "rashi": "mithuna",
//!               "nakshatra": "ardra", "nakshatra_index": 6, "pada": 3, "nakshatra_lord": "rahu"}
//!   },
//!   "dashas": {
//!     "system": "vimshottari", "year_days": 365.25, "cycle_years": 120.0, "levels": 1,
//!     "moon_nakshatra": "swati", "moon_nakshatra_elapsed_fraction": 0.9603,
//!     "first_lord": "rahu", "balance_years": 0.7148,
//!     "start": "2000-01-01T12:00:00Z", "start_jd": 2451545.0,
//!     "end": "2120-01-02T12:00:00Z", "end_jd": 2495375.0,
//!     "trimming": "…",
//!     "mahadashas": [
//!       {"lord": "rahu", "years": 18.0, "start": "2000-01-01T12:00:00Z", "start_jd": …,
//!        "end": "2000-09-18T13:48:48Z", "end_jd": 2451806.08, "trimmed": "before_birth",
//!        "nominal_start": "1982-09-19T01:48:48Z", "nominal_start_jd": 2445231.58},
//!       {"lord": "jupiter", "years": 16.0, …}, …
//!     ]
//!   },
//!   "vargas": {"D1": {"sun": "sagittarius", …, "lagna": "gemini"},
//!              "D9": {"sun": "leo", …, "lagna": "aquarius"}}
//! }
//! ```
//!
//! * Positions: geocentric apparent sidereal longitudes with the ayanamsa; rahu is the mean
//!   node, ketu rahu + 180°; the lagna is the sidereal ascendant (no speed, no retrograde flag).
//!   `rashi` is the sign's Sanskrit name. Nakshatras are 27 of 13°20′ from 0° (`ashwini` ..
//!   `revati`), `nakshatra_index` 1..27, padas of 3°20′ (1..4), `nakshatra_lord` the
//!   Vimshottari lord. Definitions: [`orrery_astro::techniques::vedic`].
//! * Dashas: Vimshottari from the Moon's nakshatra, in years of `dasha_year_days` (365.25 by
//!   default; `dashas.year_days` says which), over exactly 120 years from birth. `years` is a period's full length; a period cut at birth (the one running at
//!   birth) or at birth + 120 years has `trimmed` (`before_birth` / `after_120_years`) and its
//!   nominal bound beside. With `dasha_levels` 2 each mahadasha has `antardashas` (same shape);
//!   the ones wholly before birth are left out. Instants are UTC to the second with `*_jd`.
//!   Definitions: [`orrery_astro::techniques::vedic::dasha`].
//! * Vargas: per requested code the sign of each graha and the lagna, by the Parashari rules
//!   documented (with sources) in [`orrery_astro::techniques::vedic::varga`].
//!
//! # Errors
//!
//! A 400 names the field and the rule: an unknown or tropical `ayanamsa`, an unknown varga code
//! (listing the accepted ones), an empty `include` or `vargas`, `dasha_levels` other than 1 or
//! 2, `dasha_year_days` outside 360..=366, an unknown `preset`, and the birth's own rules.
//!
//! # Presets
//!
//! A `preset` fills what the request leaves unset and `settings.preset.fixed` lists it. The
//! endpoint is sidereal by definition: a sidereal preset (`jagannatha_hora`) gives its
//! ayanamsa and its dasha year besides the birth's calendar and Local Mean Time; a tropical one
//! (`astrodienst`, `kerykeion`, `morinus`) gives only the latter, and the ayanamsa and the year
//! keep Orrery's defaults.

use orrery_astro::ayanamsa::{AYANAMSA_NAMES, parse_ayanamsa};
use orrery_astro::techniques::vedic::dasha::{
    CYCLE_YEARS, DashaLevels, DashaPeriod, DashaYear, Vimshottari,
};
use orrery_astro::techniques::vedic::varga::Varga;
use orrery_astro::techniques::vedic::{DashaRequest, VedicChart, VedicPosition, vedic_reading};
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::{AyanamsaId, Ephemeris};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::{EphemerisName, GrahaName, NakshatraName, RashiName};
use crate::common::BirthEcho;
use crate::common::{
    BirthDto, OrderedMap, ResolvedBirth, ZodiacDto, ZodiacLongitudeDto, ephemeris_name, event_time,
};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{
    AyanamsaField, Catalogue, ClosedSet, Named, OneOf, PresetField, SignField, names_builder,
    string_field,
};
use crate::presets::{AppliedPreset, PresetEcho, read_birth};

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VedicRequest {
    /// The birth the chart is cast for.
    pub birth: BirthDto,
    /// Sidereal mode (`GET /v1/catalog/ayanamsas`), not `tropical`; default `lahiri`.
    #[serde(default)]
    pub ayanamsa: Option<SiderealModeField>,
    /// Parts to return: `positions`, `dashas`, `vargas`; not empty; default all.
    #[serde(default)]
    pub include: Option<Vec<VedicPart>>,
    /// Divisional charts: `D1`, `D2`, `D3`, `D7`, `D9`, `D10`, `D12`; not empty; default `D1`, `D9`.
    #[serde(default)]
    pub vargas: Option<Vec<VargaField>>,
    /// 1 (mahadashas) or 2 (with antardashas); default 1.
    #[serde(default)]
    pub dasha_levels: Option<i64>,
    /// The length of a Vimshottari year in days, 360..=366; default 365.25.
    #[serde(default)]
    #[schema(minimum = 360.0, maximum = 366.0, example = 365.256_364)]
    pub dasha_year_days: Option<f64>,
    /// A peer's conventions (`GET /v1/catalog/presets`) for every option left unset here and
    /// in `birth` (calendar, Local Mean Time): a sidereal preset also gives its ayanamsa and
    /// dasha year, a tropical one only its civil time. Echoed with what it fixed.
    #[serde(default)]
    pub preset: Option<PresetField>,
}

/// What a response contains.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VedicPart {
    Positions,
    Dashas,
    Vargas,
}

impl VedicPart {
    const ALL: [Self; 3] = [Self::Positions, Self::Dashas, Self::Vargas];
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct VedicInput {
    pub birth: ResolvedBirth,
    /// The birth as the request gave it, for the `input` echo.
    pub echo: BirthEcho,
    pub ayanamsa: AyanamsaId,
    /// The parts asked for, in the request's order, each once.
    pub parts: Vec<VedicPart>,
    /// The vargas asked for, in the request's order, each once.
    pub vargas: Vec<Varga>,
    pub levels: DashaLevels,
    pub year: DashaYear,
    /// Whether the request or its preset chose the year (the settings then echo it).
    pub year_chosen: bool,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

/// Keeps the first of each repeated item.
fn dedup<T: PartialEq + Copy>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// A sidereal mode by name; `tropical` is refused with the reason (Vedic positions are
/// sidereal), any other unknown name is `unknown_name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiderealModeField(pub AyanamsaId);

impl SiderealModeField {
    fn parse(name: &str) -> Result<Self, String> {
        if name == "tropical" {
            return Err(format!(
                "must be a sidereal mode: Vedic positions are sidereal (got \"tropical\"); leave it out for lahiri or name one of: {}",
                AYANAMSA_NAMES.join(", ")
            ));
        }
        parse_ayanamsa(name)
            .map(Self)
            .map_err(|error| error.to_string())
    }
}

string_field!(
    SiderealModeField,
    "Ayanamsa",
    names_builder(AyanamsaId::KIND, AyanamsaId::DESCRIPTION)
);

/// A divisional chart by its code, `D1`..`D12`.
pub type VargaField = OneOf<Varga>;

impl ClosedSet for Varga {
    const ALL: &'static [Self] = &Varga::ALL;
    const SCHEMA_NAME: &'static str = "Varga";
    const DESCRIPTION: &'static str = "A divisional chart (varga) by its code.";

    fn api_name(self) -> &'static str {
        self.code()
    }
}

fn parse_vargas(codes: Option<&[VargaField]>) -> Result<Vec<Varga>, ApiInputError> {
    let Some(codes) = codes else {
        return Ok(Varga::DEFAULT.to_vec());
    };
    if codes.is_empty() {
        return Err(ApiInputError::field(
            "vargas",
            format!(
                "must name at least one of {} (leave it out for D1 and D9)",
                Varga::CODES.join(", ")
            ),
        ));
    }
    Ok(dedup(codes.iter().map(|code| code.0)))
}

impl TryFrom<&VedicRequest> for VedicInput {
    type Error = ApiInputError;

    fn try_from(request: &VedicRequest) -> Result<Self, ApiInputError> {
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let birth = read_birth(preset.as_mut(), "birth", &request.birth).resolve("birth")?;
        let ayanamsa = match (request.ayanamsa, &mut preset) {
            (Some(SiderealModeField(mode)), _) => mode,
            (None, Some(preset)) => preset
                .sidereal_mode("ayanamsa")?
                .unwrap_or(AyanamsaId::LAHIRI),
            (None, None) => AyanamsaId::LAHIRI,
        };
        let year_days = match &mut preset {
            Some(preset) => preset.dasha_year_days("dasha_year_days", request.dasha_year_days),
            None => request.dasha_year_days,
        };
        let year = year_days
            .map(DashaYear::new)
            .transpose()
            .map_err(|e| ApiInputError::field("dasha_year_days", e))?
            .unwrap_or_default();
        let parts = match &request.include {
            Some(parts) if parts.is_empty() => {
                return Err(ApiInputError::field(
                    "include",
                    "must name at least one of positions, dashas, vargas (leave it out for all three)",
                ));
            }
            Some(parts) => dedup(parts.iter().copied()),
            None => VedicPart::ALL.to_vec(),
        };
        let vargas = parse_vargas(request.vargas.as_deref())?;
        let levels = match request.dasha_levels {
            None => DashaLevels::default(),
            Some(n) => DashaLevels::new(n).map_err(|e| ApiInputError::field("dasha_levels", e))?,
        };
        Ok(Self {
            echo: BirthEcho::new(&request.birth, &birth),
            birth,
            ayanamsa,
            parts,
            vargas,
            levels,
            year,
            year_chosen: year_days.is_some(),
            preset,
        })
    }
}

/// The options in force.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = VedicSettings)]
pub struct VedicSettingsDto {
    /// Always `sidereal`.
    pub zodiac: ZodiacDto,
    /// The ayanamsa of the sidereal zodiac.
    pub ayanamsa: AyanamsaField,
    /// The ayanamsa at birth, degrees (with nutation, as the positions use it).
    pub ayanamsa_deg: f64,
    /// The parts of the answer asked for.
    pub include: Vec<VedicPart>,
    /// The divisional charts (vargas) given.
    pub vargas: Vec<VargaField>,
    /// How many levels of dasha periods are given.
    pub dasha_levels: u8,
    /// The dasha year in days, where the request or its preset chose one (otherwise 365.25).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dasha_year_days: Option<f64>,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

/// A graha or the lagna.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = VedicPosition)]
pub struct VedicPositionDto {
    #[serde(flatten)]
    pub zodiac: ZodiacLongitudeDto,
    /// The sign's Sanskrit name, `mesha`..`meena`.
    pub rashi: RashiName,
    /// The lunar mansion (nakshatra) of the longitude.
    pub nakshatra: NakshatraName,
    /// 1 (Ashwini) .. 27 (Revati).
    pub nakshatra_index: usize,
    /// 1..4.
    pub pada: u8,
    /// The nakshatra's Vimshottari lord.
    pub nakshatra_lord: GrahaName,
    /// Degrees per day in sidereal longitude; absent for the lagna.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude_speed: Option<f64>,
    /// Absent for the lagna.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retrograde: Option<bool>,
}

impl From<&VedicPosition> for VedicPositionDto {
    fn from(p: &VedicPosition) -> Self {
        let retrograde = p.retrograde();
        Self {
            zodiac: p.lon.into(),
            rashi: RashiName(p.lon.sign()),
            nakshatra: NakshatraName(p.nakshatra.nakshatra),
            nakshatra_index: p.nakshatra.nakshatra.index() + 1,
            pada: p.nakshatra.pada,
            nakshatra_lord: OneOf(p.nakshatra.nakshatra.lord()),
            longitude_speed: retrograde.map(|_| p.speed_deg_per_day),
            retrograde,
        }
    }
}

/// Two instants, as UTC strings to the second with their Julian days.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Span)]
pub struct SpanDto {
    /// When the span starts, UTC, ISO 8601 to the second.
    pub start: String,
    /// `start` as a Julian day (UT).
    pub start_jd: f64,
    /// When the span ends, UTC, ISO 8601 to the second.
    pub end: String,
    /// `end` as a Julian day (UT).
    pub end_jd: f64,
}

impl SpanDto {
    fn new(start: JulianDayUt, end: JulianDayUt) -> Result<Self, CalcFailure> {
        Ok(Self {
            start: instant(start)?,
            start_jd: start.0,
            end: instant(end)?,
            end_jd: end.0,
        })
    }
}

/// A mahadasha or an antardasha.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DashaPeriod)]
pub struct DashaPeriodDto {
    /// The period's ruling planet.
    pub lord: GrahaName,
    /// The full length in years, also when the listing cuts it.
    pub years: f64,
    /// As listed (cut to the window).
    #[serde(flatten)]
    pub span: SpanDto,
    /// How the listing cut the period; absent when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trimmed: Option<Trimmed>,
    /// The period's start, UTC, ISO 8601 to the second; `null` when before the ephemeris' range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nominal_start: Option<String>,
    /// `nominal_start` as a Julian day (UT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nominal_start_jd: Option<f64>,
    /// The period's end, UTC, ISO 8601 to the second; `null` when past the ephemeris' range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nominal_end: Option<String>,
    /// `nominal_end` as a Julian day (UT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nominal_end_jd: Option<f64>,
    /// The sub-periods of this period, when more levels are asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub antardashas: Option<Vec<DashaPeriodDto>>,
}

/// The Vimshottari dashas.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Dashas)]
pub struct DashasDto {
    /// The dasha system.
    pub system: DashaSystem,
    /// The days in one dasha year.
    pub year_days: f64,
    /// The length of the whole dasha cycle, years.
    pub cycle_years: f64,
    /// How many levels of sub-periods are given (1: mahadashas only).
    pub levels: u8,
    /// The natal Moon's nakshatra, which sets the first period.
    pub moon_nakshatra: NakshatraName,
    /// How much of the Moon's nakshatra lies behind it at birth, in [0, 1].
    pub moon_nakshatra_elapsed_fraction: f64,
    /// The lord of the period running at birth.
    pub first_lord: GrahaName,
    /// Years of the first mahadasha still to run at birth.
    pub balance_years: f64,
    /// The window listed: birth .. birth + 120 years.
    #[serde(flatten)]
    pub window: SpanDto,
    /// How the periods are cut to the window.
    pub trimming: &'static str,
    /// The major periods, in order from birth.
    pub mahadashas: Vec<DashaPeriodDto>,
}

/// How the listing cut a period to the 120 years from birth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DashaTrimmed)]
pub enum Trimmed {
    /// Running at birth: listed from birth.
    BeforeBirth,
    /// Running at birth + 120 years: cut there.
    #[serde(rename = "after_120_years")]
    After120Years,
}

/// A dasha system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DashaSystem {
    /// The 120-year cycle of nine lords, from the Moon's nakshatra.
    Vimshottari,
}

/// What `trimming` says.
pub const TRIMMING_NOTE: &str = "periods are listed over exactly 120 years from birth: the mahadasha and antardasha running at birth start at birth (earlier antardashas are left out), and those running at birth + 120 years end there; a cut period keeps its full `years` and shows its nominal bound";

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VedicResponse {
    pub input: BirthEcho,
    pub settings: VedicSettingsDto,
    /// `swiss`, or `moshier` where a graha came from the analytical fallback.
    pub ephemeris: EphemerisName,
    /// Keyed by graha (sun, moon, mars, mercury, jupiter, venus, saturn, rahu, ketu), then
    /// `lagna`.
    #[schema(value_type = BTreeMap<String, VedicPositionDto>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub positions: Option<OrderedMap<VedicPositionDto>>,
    /// The dasha periods; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dashas: Option<DashasDto>,
    /// Keyed by varga code, then by point: the sign.
    #[schema(value_type = BTreeMap<String, BTreeMap<String, SignField>>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vargas: Option<OrderedMap<OrderedMap<SignField>>>,
}

/// An instant as the API writes it, or a 400 when it lies past what can be written.
fn instant(jd: JulianDayUt) -> Result<String, CalcFailure> {
    timestamp_of(jd).map(event_time).ok_or_else(|| {
        CalcFailure::Input(ApiInputError::field(
            "birth.datetime",
            format!(
                "is too far from the present: a dasha bound (Julian day {:.1}) falls outside the years -9999..9999",
                jd.0
            ),
        ))
    })
}

fn period_dto(p: &DashaPeriod) -> Result<DashaPeriodDto, CalcFailure> {
    let (before, after) = (p.starts_before_birth(), p.ends_after_window());
    let trimmed = match (before, after) {
        (true, _) => Some(Trimmed::BeforeBirth),
        (false, true) => Some(Trimmed::After120Years),
        (false, false) => None,
    };
    let antardashas = if p.sub_periods.is_empty() {
        None
    } else {
        Some(
            p.sub_periods
                .iter()
                .map(period_dto)
                .collect::<Result<Vec<_>, _>>()?,
        )
    };
    Ok(DashaPeriodDto {
        lord: OneOf(p.lord),
        years: p.years,
        span: SpanDto::new(p.start, p.end)?,
        trimmed,
        nominal_start: before.then(|| instant(p.nominal_start)).transpose()?,
        nominal_start_jd: before.then_some(p.nominal_start.0),
        nominal_end: after.then(|| instant(p.nominal_end)).transpose()?,
        nominal_end_jd: after.then_some(p.nominal_end.0),
        antardashas,
    })
}

fn dashas_dto(v: &Vimshottari) -> Result<DashasDto, CalcFailure> {
    Ok(DashasDto {
        system: DashaSystem::Vimshottari,
        year_days: v.year.days(),
        cycle_years: CYCLE_YEARS,
        levels: v.levels.number(),
        moon_nakshatra: NakshatraName(v.moon.nakshatra),
        moon_nakshatra_elapsed_fraction: v.moon.elapsed_fraction,
        first_lord: OneOf(v.first_lord),
        balance_years: v.balance_years,
        window: SpanDto::new(v.window_start, v.window_end)?,
        trimming: TRIMMING_NOTE,
        mahadashas: v
            .mahadashas
            .iter()
            .map(period_dto)
            .collect::<Result<_, _>>()?,
    })
}

fn vargas_dto(chart: &VedicChart, vargas: &[Varga]) -> OrderedMap<OrderedMap<SignField>> {
    OrderedMap(
        vargas
            .iter()
            .map(|v| {
                let signs = chart
                    .positions
                    .iter()
                    .map(|p| (p.point.name().to_owned(), Named(v.sign_of(p.lon))))
                    .collect();
                (v.code().to_owned(), OrderedMap(signs))
            })
            .collect(),
    )
}

/// Computes what the request asks for.
///
/// # Errors
/// A birth outside the ephemeris, or dashas that run past the year 9999, are 400s.
pub fn compute(eph: &Ephemeris, input: &VedicInput) -> Result<VedicResponse, CalcFailure> {
    let birth = &input.birth;
    let wants = |part| input.parts.contains(&part);
    let reading = vedic_reading(
        eph,
        birth.jd,
        birth.place,
        input.ayanamsa,
        wants(VedicPart::Dashas).then_some(DashaRequest {
            levels: input.levels,
            year: input.year,
        }),
    )
    .map_err(|e| {
        match CalcFailure::from(e) {
            // A date outside the ephemeris: the birth's fault.
            CalcFailure::Input(e) => CalcFailure::Input(e.prefixed("birth.datetime")),
            internal => internal,
        }
    })?;
    let chart = reading.chart;
    let dashas = reading.dashas.as_ref().map(dashas_dto).transpose()?;
    Ok(VedicResponse {
        input: input.echo.clone(),
        settings: VedicSettingsDto {
            zodiac: ZodiacDto::Sidereal,
            ayanamsa: Named(input.ayanamsa),
            ayanamsa_deg: chart.ayanamsa_deg,
            include: input.parts.clone(),
            vargas: input.vargas.iter().copied().map(OneOf).collect(),
            dasha_levels: input.levels.number(),
            dasha_year_days: input.year_chosen.then(|| input.year.days()),
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        ephemeris: ephemeris_name(chart.source),
        positions: wants(VedicPart::Positions).then(|| {
            OrderedMap(
                chart
                    .positions
                    .iter()
                    .map(|p| (p.point.name().to_owned(), p.into()))
                    .collect(),
            )
        }),
        dashas,
        vargas: wants(VedicPart::Vargas).then(|| vargas_dto(&chart, &input.vargas)),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::VedicInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for VedicInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for VedicInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::birth("birth", &self.birth)]
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}

#[cfg(test)]
mod tests {
    use orrery_astro::ayanamsa::ayanamsa_name;
    use serde_json::json;

    use super::*;

    fn validate(value: serde_json::Value) -> Result<VedicInput, ApiInputError> {
        let request: VedicRequest = crate::parse::json_value(value)?;
        VedicInput::try_from(&request)
    }

    fn birth() -> serde_json::Value {
        json!({"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 28.6, "longitude": 77.2}})
    }

    #[test]
    fn defaults() {
        let input = validate(json!({"birth": birth()})).unwrap();
        assert_eq!(ayanamsa_name(input.ayanamsa), "lahiri");
        assert_eq!(input.parts, VedicPart::ALL);
        assert_eq!(input.vargas, Varga::DEFAULT);
        assert_eq!(input.levels, DashaLevels::Mahadasha);
    }

    #[test]
    fn repeats_count_once_in_the_order_given() {
        let input = validate(
            json!({"birth": birth(), "include": ["vargas", "positions", "vargas"],
            "vargas": ["D12", "D2", "D12"], "dasha_levels": 2, "ayanamsa": "raman"}),
        )
        .unwrap();
        assert_eq!(input.parts, [VedicPart::Vargas, VedicPart::Positions]);
        assert_eq!(input.vargas, [Varga::D12, Varga::D2]);
        assert_eq!(input.levels, DashaLevels::Antardasha);
        assert_eq!(ayanamsa_name(input.ayanamsa), "raman");
    }

    #[test]
    fn every_rule_names_the_field() {
        for (extra, expected) in [
            (
                json!({"ayanamsa": "tropical"}),
                "ayanamsa must be a sidereal mode",
            ),
            (
                json!({"ayanamsa": "Lahiri"}),
                "ayanamsa: unknown ayanamsa `Lahiri`; accepted names: fagan_bradley, lahiri",
            ),
            (
                json!({"include": []}),
                "include must name at least one of positions, dashas, vargas",
            ),
            (
                json!({"vargas": []}),
                "vargas must name at least one of D1, D2, D3, D7, D9, D10, D12",
            ),
            (
                json!({"vargas": ["D1", "D4"]}),
                "vargas[1] must be one of D1, D2, D3, D7, D9, D10, D12 (got \"D4\")",
            ),
            (
                json!({"dasha_levels": 3}),
                "dasha_levels must be 1 (mahadashas) or 2 (with antardashas) (got 3)",
            ),
            (
                json!({"dasha_levels": 0}),
                "dasha_levels must be 1 (mahadashas) or 2 (with antardashas) (got 0)",
            ),
        ] {
            let mut body = json!({"birth": birth()});
            for (k, v) in extra.as_object().unwrap() {
                body[k] = v.clone();
            }
            let message = validate(body).unwrap_err().message;
            assert!(message.starts_with(expected), "{extra}: {message}");
        }
    }

    #[test]
    fn the_dasha_year_is_checked_and_named() {
        let input = validate(json!({"birth": birth(), "dasha_year_days": 360})).unwrap();
        assert!((input.year.days() - 360.0).abs() < f64::EPSILON);
        assert!(input.year_chosen);
        assert!(!validate(json!({"birth": birth()})).unwrap().year_chosen);
        for (value, expected) in [
            (
                json!(366.5),
                "dasha_year_days must be a number of days from 360 to 366 (got 366.5)",
            ),
            (
                json!(-365.25),
                "dasha_year_days must be a number of days from 360 to 366 (got -365.25)",
            ),
            (json!("365.25"), "dasha_year_days"),
        ] {
            let message = validate(json!({"birth": birth(), "dasha_year_days": value}))
                .unwrap_err()
                .message;
            assert!(message.starts_with(expected), "{value}: {message}");
        }
    }

    #[test]
    fn a_preset_fills_what_the_request_leaves_unset() {
        let local = json!({"datetime": "1996-12-07T10:34:00+05:30",
                           "location": {"latitude": 13.0, "longitude": 80.3}});
        let input = validate(json!({"birth": local, "preset": "jagannatha_hora"})).unwrap();
        assert_eq!(ayanamsa_name(input.ayanamsa), "lahiri");
        assert!((input.year.days() - 365.256_364).abs() < f64::EPSILON);
        let fixed = input.preset.unwrap().echo().fixed;
        let keys: Vec<&str> = fixed.keys().map(String::as_str).collect();
        // A birth with an offset is an instant already: no calendar to choose.
        assert_eq!(keys, ["ayanamsa", "dasha_year_days"]);

        let input = validate(json!({"birth": birth(), "preset": "jagannatha_hora",
                                    "ayanamsa": "raman", "dasha_year_days": 365.25}))
        .unwrap();
        assert_eq!(ayanamsa_name(input.ayanamsa), "raman");
        assert!((input.year.days() - 365.25).abs() < f64::EPSILON);
        assert!(input.preset.unwrap().echo().fixed.is_empty());

        // A tropical preset on this sidereal endpoint: only its civil time.
        let local = json!({"datetime": "1900-01-01T12:00:00", "timezone": "Europe/Berlin",
                           "location": {"latitude": 52.5, "longitude": 13.4}});
        let input = validate(json!({"birth": local, "preset": "astrodienst"})).unwrap();
        assert_eq!(ayanamsa_name(input.ayanamsa), "lahiri");
        assert!(!input.year_chosen);
        let fixed = input.preset.unwrap().echo().fixed;
        let keys: Vec<&str> = fixed.keys().map(String::as_str).collect();
        assert_eq!(keys, ["birth.calendar", "birth.lmt"]);

        let message = validate(json!({"birth": birth(), "preset": "solar_fire"}))
            .unwrap_err()
            .message;
        assert!(
            message.starts_with("preset: unknown preset `solar_fire`"),
            "{message}"
        );
    }
}
