//! `POST /v1/vedic`: sidereal grahas and lagna with nakshatra, pada and lord; Vimshottari
//! dashas from birth to five levels; vargas (divisional charts) and vargottama; the
//! ashtakavarga. Every choice and its source: docs/VEDIC.md.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | required; `{datetime, timezone, location}` as for radix (a local time with `timezone`, or an offset) |
//! | `ayanamsa` | a sidereal mode of `/v1/catalog/ayanamsas` (all 47 allowed); default `lahiri`; `tropical` is refused |
//! | `include` | subset of `positions`, `dashas`, `vargas`, `vargottama`, `ashtakavarga`, `kp`; default the first three |
//! | `vargas` | subset of `D1`, `D2`, `D3`, `D4`, `D7`, `D9`, `D10`, `D12`, `D16`, `D20`, `D24`, `D27`, `D30`, `D40`, `D45`, `D60`, `D81`, `D108`, `D144`; default `["D1", "D9"]` |
//! | `dasha_levels` | 1 (mahadashas, default), 2 (antardashas), 3 (pratyantardashas), 4 (sookshmas), 5 (pranas); levels 3–5 only inside the antardasha running at `dasha_at` |
//! | `dasha_at` | an instant within the 120 years from birth (default: birth): where levels 3–5 are listed, and whose running periods `dashas.running` gives |
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
//!   With `dasha_at` or `dasha_levels` 3–5 the dashas also carry `balance` (the calendar
//!   difference from birth to the end of the first mahadasha, to the second) and `running`
//!   (the five periods running at `dasha_at`); an antardasha's sub-periods are
//!   `pratyantardashas`, theirs `sookshmas`, theirs `pranas`.
//! * Vargas: per requested code the sign of each graha and the lagna, by the Parashari rules
//!   documented (with sources) in [`orrery_astro::techniques::vedic::varga`]. `vargottama`:
//!   per point, whether its D9 sign is its D1 sign.
//! * Ashtakavarga: per graha Sun..Saturn its BAV (12 bindu counts, Aries first) and total, and
//!   the SAV (total 337), by BPHS 66 with the lagna contributing, unreduced
//!   ([`orrery_astro::techniques::vedic::ashtakavarga`]); `settings.ashtakavarga` names it.
//! * KP: `kp.points` (each graha and the lagna) and `kp.cusps` (the twelve Placidus cusps in
//!   the request's sidereal zodiac, `house` and `longitude`) with their `sign_lord`,
//!   `star_lord`, `sub_lord` and `sub_sub_lord` ([`orrery_astro::techniques::vedic::kp`]);
//!   `kp.house_system` says `porphyry` (with `fallback`) where Placidus fails inside the polar
//!   circles. KP's own ayanamsa is `krishnamurti` or `krishnamurti_vp291`: name it.
//!
//! # Errors
//!
//! A 400 names the field and the rule: an unknown or tropical `ayanamsa`, an unknown varga code
//! (listing the accepted ones), an empty `include` or `vargas`, `dasha_levels` outside 1..=5,
//! `dasha_at` outside the 120 years from birth, `dasha_year_days` outside 360..=366, an unknown
//! `preset`, and the birth's own rules.
//!
//! # Presets
//!
//! A `preset` fills what the request leaves unset and `settings.preset.fixed` lists it. The
//! endpoint is sidereal by definition: a sidereal preset (`jagannatha_hora`) gives its
//! ayanamsa and its dasha year besides the birth's calendar and Local Mean Time; a tropical one
//! (`astrodienst`, `kerykeion`, `morinus`) gives only the latter, and the ayanamsa and the year
//! keep Orrery's defaults.

use orrery_astro::ayanamsa::{AYANAMSA_NAMES, parse_ayanamsa};
use orrery_astro::techniques::vedic::ashtakavarga::{ASHTAKAVARGA_GRAHAS, Ashtakavarga, total};
use orrery_astro::techniques::vedic::dasha::{
    CYCLE_YEARS, DashaLevels, DashaPeriod, DashaYear, Vimshottari,
};
use orrery_astro::techniques::vedic::kp::{KpLords, kp_lords};
use orrery_astro::techniques::vedic::varga::Varga;
use orrery_astro::techniques::vedic::{
    DashaRequest, KpCusps, VedicChart, VedicPosition, vedic_reading,
};
use orrery_astro::time::{JulianDayUt, timestamp_of};
use orrery_ephem::{AyanamsaId, Ephemeris};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::closed_sets::{EphemerisName, GrahaName, NakshatraName, RashiName};
use crate::common::BirthEcho;
use crate::common::{
    BirthDto, OrderedMap, ResolvedBirth, ZodiacDto, ZodiacLongitudeDto, ephemeris_name, event_time,
};
use crate::datetime::Instant;
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
    /// Parts to return: `positions`, `dashas`, `vargas`, `vargottama`, `ashtakavarga`, `kp`;
    /// not empty; default `positions`, `dashas`, `vargas`.
    #[serde(default)]
    pub include: Option<Vec<VedicPart>>,
    /// Divisional charts: `D1`, `D2`, `D3`, `D4`, `D7`, `D9`, `D10`, `D12`, `D16`, `D20`,
    /// `D24`, `D27`, `D30`, `D40`, `D45`, `D60`, `D81`, `D108`, `D144`; not empty; default
    /// `D1`, `D9`.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub vargas: Option<Vec<VargaField>>,
    /// 1 (mahadashas), 2 (with antardashas), 3 (pratyantardashas), 4 (sookshmas) or 5
    /// (pranas); default 1. Levels 3 to 5 are listed inside the antardasha running at
    /// `dasha_at` only.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 5)]
    pub dasha_levels: Option<i64>,
    /// The instant whose running periods (all five levels) the answer gives in
    /// `dashas.running`, and whose antardasha levels 3 to 5 divide; within the 120 years from
    /// birth; default the birth.
    #[serde(default)]
    pub dasha_at: Option<Instant>,
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
    /// Whether each point's navamsa is its rashi.
    Vargottama,
    /// The bhinna and sarva ashtakavarga.
    Ashtakavarga,
    /// The KP sign, star, sub and sub-sub lords of every point and Placidus cusp.
    Kp,
}

impl VedicPart {
    /// The default: the parts the endpoint has always answered.
    const ALL: [Self; 3] = [Self::Positions, Self::Dashas, Self::Vargas];
    /// Every part, for the messages.
    const NAMES: &'static str = "positions, dashas, vargas, vargottama, ashtakavarga, kp";
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
    /// `dasha_at`, checked to lie within the 120 years from birth.
    pub dasha_at: Option<Instant>,
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
                    format!(
                        "must name at least one of {} (leave it out for positions, dashas and vargas)",
                        VedicPart::NAMES
                    ),
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
        if let Some(at) = request.dasha_at {
            check_dasha_at(at, &birth, year)?;
        }
        Ok(Self {
            echo: BirthEcho::new(&request.birth, &birth),
            birth,
            ayanamsa,
            parts,
            vargas,
            levels,
            year,
            year_chosen: year_days.is_some(),
            dasha_at: request.dasha_at,
            preset,
        })
    }
}

/// `dasha_at` must lie in the listed window, `[birth, birth + 120 dasha years)`.
fn check_dasha_at(
    at: Instant,
    birth: &ResolvedBirth,
    year: DashaYear,
) -> Result<(), ApiInputError> {
    let (from, to) = (birth.jd.0, birth.jd.0 + CYCLE_YEARS * year.days());
    let jd = at.julian_day().0;
    if (from..to).contains(&jd) {
        return Ok(());
    }
    let bound = |jd: f64| {
        timestamp_of(JulianDayUt(jd)).map_or_else(|| format!("Julian day {jd:.5}"), event_time)
    };
    Err(ApiInputError::field(
        "dasha_at",
        format!(
            "must lie within the 120 dasha years from birth, from {} up to {} (got {at})",
            bound(from),
            bound(to)
        ),
    ))
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
    /// `dasha_at` as asked, UTC to the second; absent when not asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dasha_at: Option<String>,
    /// The ashtakavarga's conventions, when it is asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ashtakavarga: Option<AshtakavargaSettingsDto>,
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

/// The conventions of the ashtakavarga answer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = AshtakavargaSettings)]
pub struct AshtakavargaSettingsDto {
    /// The contribution table: `bphs_66` (Brihat Parashara Hora Shastra chapter 66).
    pub table: &'static str,
    /// Whether the lagna gives bindus to the seven BAVs (so the SAV totals 337): always true.
    pub lagna_contributes: bool,
    /// The reduction (shodhana) applied: `none`.
    pub reduction: &'static str,
}

const ASHTAKAVARGA_SETTINGS: AshtakavargaSettingsDto = AshtakavargaSettingsDto {
    table: "bphs_66",
    lagna_contributes: true,
    reduction: "none",
};

/// A dasha period at any level.
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
    /// A mahadasha's antardashas (level 2), when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub antardashas: Option<Vec<DashaPeriodDto>>,
    /// An antardasha's pratyantardashas (level 3): only in the antardasha running at
    /// `dasha_at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub pratyantardashas: Option<Vec<DashaPeriodDto>>,
    /// A pratyantardasha's sookshma dashas (level 4), inside the antardasha running at
    /// `dasha_at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub sookshmas: Option<Vec<DashaPeriodDto>>,
    /// A sookshma's prana dashas (level 5), inside the antardasha running at `dasha_at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub pranas: Option<Vec<DashaPeriodDto>>,
}

/// One of the periods running at an instant.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RunningDashaPeriod)]
pub struct RunningPeriodDto {
    /// `mahadasha`, `antardasha`, `pratyantardasha`, `sookshma` or `prana`.
    pub level: &'static str,
    /// The period's ruling planet.
    pub lord: &'static str,
    /// The period's full length in years.
    pub years: f64,
    /// The period's own bounds (not cut at birth).
    #[serde(flatten)]
    pub span: SpanDto,
}

/// The periods of all five levels running at `dasha_at` (or at birth).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RunningDashas)]
pub struct RunningDto {
    /// The instant, UTC, ISO 8601 to the second.
    pub at: String,
    /// `at` as a Julian day (UT).
    pub at_jd: f64,
    /// Mahadasha first, prana last.
    pub periods: Vec<RunningPeriodDto>,
}

/// The balance of the first mahadasha at birth, as a calendar difference.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = DashaBalance)]
pub struct BalanceDto {
    /// Whole Gregorian years from birth to the end of the first mahadasha (UTC, to the second).
    pub years: i64,
    /// Then whole months.
    pub months: i64,
    /// Then whole days.
    pub days: i64,
    /// Then hours, minutes and seconds.
    pub hours: i64,
    pub minutes: i64,
    pub seconds: i64,
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
    /// The balance at birth as years, months, days, hours, minutes and seconds; given with
    /// `dasha_at` or `dasha_levels` 3 to 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<BalanceDto>,
    /// The periods of all five levels running at `dasha_at` (birth when it is left out);
    /// given with `dasha_at` or `dasha_levels` 3 to 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub running: Option<RunningDto>,
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
    /// Keyed by point: whether its navamsa (D9) sign is its rashi (D1) sign.
    #[schema(value_type = BTreeMap<String, bool>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vargottama: Option<OrderedMap<bool>>,
    /// The bhinna and sarva ashtakavarga; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ashtakavarga: Option<AshtakavargaDto>,
    /// The KP lords of every point and cusp; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kp: Option<KpDto>,
}

/// The four KP lords of a longitude.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = KpLords)]
pub struct KpLordsDto {
    /// The ruler of the sign.
    pub sign_lord: GrahaName,
    /// The Vimshottari lord of the nakshatra.
    pub star_lord: GrahaName,
    /// The lord of the nakshatra's ninth-part (sub), by Vimshottari shares from the star lord.
    pub sub_lord: GrahaName,
    /// The lord of the sub's ninth-part, by Vimshottari shares from the sub lord.
    pub sub_sub_lord: GrahaName,
}

impl From<KpLords> for KpLordsDto {
    fn from(l: KpLords) -> Self {
        Self {
            sign_lord: OneOf(l.sign_lord),
            star_lord: OneOf(l.star_lord),
            sub_lord: OneOf(l.sub_lord),
            sub_sub_lord: OneOf(l.sub_sub_lord),
        }
    }
}

/// A house cusp with its KP lords.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = KpCusp)]
pub struct KpCuspDto {
    /// 1..12.
    pub house: usize,
    /// Sidereal longitude, degrees [0, 360).
    pub longitude: f64,
    #[serde(flatten)]
    pub lords: KpLordsDto,
}

/// KP (Krishnamurti Paddhati): the lords of the grahas, the lagna and the Placidus cusps.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Kp)]
pub struct KpDto {
    /// `placidus`, or `porphyry` where the library fell back inside the polar circles.
    pub house_system: &'static str,
    /// The library's reason for a fallback; absent without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
    /// Keyed by graha, then `lagna`: the lords of its sidereal longitude.
    #[schema(value_type = BTreeMap<String, KpLordsDto>)]
    pub points: OrderedMap<KpLordsDto>,
    /// Houses 1 to 12.
    pub cusps: Vec<KpCuspDto>,
}

fn kp_dto(chart: &VedicChart, cusps: &KpCusps) -> KpDto {
    KpDto {
        house_system: if cusps.system_used == orrery_ephem::HouseSystem::PLACIDUS {
            "placidus"
        } else {
            "porphyry"
        },
        fallback: cusps.fallback.clone(),
        points: OrderedMap(
            chart
                .positions
                .iter()
                .map(|p| (p.point.name().to_owned(), kp_lords(p.lon).into()))
                .collect(),
        ),
        cusps: cusps
            .cusps
            .iter()
            .enumerate()
            .map(|(i, &lon)| KpCuspDto {
                house: i + 1,
                longitude: lon.degrees(),
                lords: kp_lords(lon).into(),
            })
            .collect(),
    }
}

/// The ashtakavarga: bindus per sign, Aries first (12 numbers each).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Ashtakavarga)]
pub struct AshtakavargaDto {
    /// Keyed by graha (sun .. saturn): its bhinna ashtakavarga (BAV), 0..8 bindus per sign.
    #[schema(value_type = BTreeMap<String, Vec<u8>>)]
    pub bhinna: OrderedMap<[u8; 12]>,
    /// Keyed by graha: the BAV's total (48, 49, 39, 54, 56, 52, 39).
    #[schema(value_type = BTreeMap<String, u32>)]
    pub bhinna_totals: OrderedMap<u32>,
    /// The sarva ashtakavarga (SAV): the seven BAVs summed, sign by sign.
    pub sarva: [u8; 12],
    /// The SAV's total (337).
    pub sarva_total: u32,
}

/// A value per graha of the ashtakavarga, keyed by its name.
fn per_graha<V>(av: &Ashtakavarga, value: impl Fn(&[u8; 12]) -> V) -> OrderedMap<V> {
    OrderedMap(
        ASHTAKAVARGA_GRAHAS
            .iter()
            .zip(&av.bhinna)
            .map(|(g, bav)| (g.name().to_owned(), value(bav)))
            .collect(),
    )
}

fn ashtakavarga_dto(av: &Ashtakavarga) -> AshtakavargaDto {
    AshtakavargaDto {
        bhinna: per_graha(av, |bav| *bav),
        bhinna_totals: per_graha(av, total),
        sarva: av.sarva,
        sarva_total: total(&av.sarva),
    }
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

/// A period of level `level` (1: mahadasha) with its sub-periods under their level's key.
fn period_dto(p: &DashaPeriod, level: usize) -> Result<DashaPeriodDto, CalcFailure> {
    let (before, after) = (p.starts_before_birth(), p.ends_after_window());
    let trimmed = match (before, after) {
        (true, _) => Some(Trimmed::BeforeBirth),
        (false, true) => Some(Trimmed::After120Years),
        (false, false) => None,
    };
    let sub_periods = if p.sub_periods.is_empty() {
        None
    } else {
        Some(
            p.sub_periods
                .iter()
                .map(|sub| period_dto(sub, level + 1))
                .collect::<Result<Vec<_>, _>>()?,
        )
    };
    // The sub-periods go under the key of their level.
    let mut keyed: [Option<Vec<DashaPeriodDto>>; 4] = [None, None, None, None];
    if let Some(slot) = keyed.get_mut(level.wrapping_sub(1)) {
        *slot = sub_periods;
    }
    let [antardashas, pratyantardashas, sookshmas, pranas] = keyed;
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
        pratyantardashas,
        sookshmas,
        pranas,
    })
}

/// The calendar difference from birth to the end of the first mahadasha, both rounded to the
/// second (UTC, proleptic Gregorian).
fn balance_dto(v: &Vimshottari) -> Result<Option<BalanceDto>, CalcFailure> {
    let Some(first) = v.mahadashas.first() else {
        return Ok(None);
    };
    let civil = |jd: JulianDayUt| -> Result<jiff::civil::DateTime, CalcFailure> {
        let text = instant(jd)?;
        let at: jiff::Timestamp = text
            .parse()
            .map_err(|e| CalcFailure::Internal(format!("a written instant did not parse: {e}")))?;
        Ok(at.to_zoned(jiff::tz::TimeZone::UTC).datetime())
    };
    let (from, to) = (civil(v.window_start)?, civil(first.end)?);
    let span = from
        .until((jiff::Unit::Year, to))
        .map_err(|e| CalcFailure::Internal(format!("the balance's calendar difference: {e}")))?;
    Ok(Some(BalanceDto {
        years: i64::from(span.get_years()),
        months: i64::from(span.get_months()),
        days: i64::from(span.get_days()),
        hours: i64::from(span.get_hours()),
        minutes: span.get_minutes(),
        seconds: span.get_seconds(),
    }))
}

fn running_dto(v: &Vimshottari) -> Result<RunningDto, CalcFailure> {
    Ok(RunningDto {
        at: instant(v.focus)?,
        at_jd: v.focus.0,
        periods: v
            .running
            .iter()
            .zip(DashaLevels::ALL)
            .map(|(p, level)| {
                Ok(RunningPeriodDto {
                    level: level.name(),
                    lord: p.lord.name(),
                    years: p.years,
                    span: SpanDto::new(p.start, p.end)?,
                })
            })
            .collect::<Result<_, CalcFailure>>()?,
    })
}

/// The dashas; `detailed` adds the balance and the running periods (the five-level options).
fn dashas_dto(v: &Vimshottari, detailed: bool) -> Result<DashasDto, CalcFailure> {
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
        balance: if detailed { balance_dto(v)? } else { None },
        running: detailed.then(|| running_dto(v)).transpose()?,
        mahadashas: v
            .mahadashas
            .iter()
            .map(|p| period_dto(p, 1))
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
            focus: input.dasha_at.map(Instant::julian_day),
        }),
        wants(VedicPart::Kp),
    )
    .map_err(|e| {
        match CalcFailure::from(e) {
            // A date outside the ephemeris: the birth's fault.
            CalcFailure::Input(e) => CalcFailure::Input(e.prefixed("birth.datetime")),
            internal => internal,
        }
    })?;
    let chart = reading.chart;
    // The five-level fields come with the five-level options only, so that earlier requests
    // keep their answers byte for byte.
    let detailed = input.dasha_at.is_some() || input.levels >= DashaLevels::Pratyantardasha;
    let dashas = reading
        .dashas
        .as_ref()
        .map(|v| dashas_dto(v, detailed))
        .transpose()?;
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
            dasha_at: input.dasha_at.map(|at| event_time(at.timestamp())),
            ashtakavarga: wants(VedicPart::Ashtakavarga).then_some(ASHTAKAVARGA_SETTINGS),
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
        vargottama: wants(VedicPart::Vargottama).then(|| {
            OrderedMap(
                chart
                    .positions
                    .iter()
                    .map(|p| (p.point.name().to_owned(), Varga::vargottama(p.lon)))
                    .collect(),
            )
        }),
        ashtakavarga: wants(VedicPart::Ashtakavarga)
            .then(|| ashtakavarga_dto(&reading.ashtakavarga)),
        kp: reading.kp_cusps.as_ref().map(|cusps| kp_dto(&chart, cusps)),
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
        let input = validate(json!({"birth": birth(), "dasha_levels": 5,
            "dasha_at": "2030-06-01T00:00:00+05:30", "include": ["ashtakavarga", "vargottama"],
            "vargas": ["D144", "D30"]}))
        .unwrap();
        assert_eq!(input.levels, DashaLevels::Prana);
        assert_eq!(input.dasha_at.unwrap().to_string(), "2030-05-31T18:30:00Z");
        assert_eq!(
            input.parts,
            [VedicPart::Ashtakavarga, VedicPart::Vargottama]
        );
        assert_eq!(input.vargas, [Varga::D144, Varga::D30]);
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
                "vargas must name at least one of D1, D2, D3, D4, D7, D9, D10, D12, D16, D20, D24, D27, D30, D40, D45, D60, D81, D108, D144",
            ),
            (
                json!({"vargas": ["D1", "D5"]}),
                "vargas[1] must be one of D1, D2, D3, D4, D7, D9, D10, D12, D16, D20, D24, D27, D30, D40, D45, D60, D81, D108, D144 (got \"D5\")",
            ),
            (
                json!({"dasha_levels": 6}),
                "dasha_levels must be 1 (mahadashas), 2 (with antardashas), 3 (pratyantardashas), 4 (sookshmas) or 5 (pranas) (got 6)",
            ),
            (
                json!({"dasha_levels": 0}),
                "dasha_levels must be 1 (mahadashas), 2 (with antardashas), 3 (pratyantardashas), 4 (sookshmas) or 5 (pranas) (got 0)",
            ),
            (json!({"include": ["panchanga"]}), "include[0]"),
            (
                json!({"dasha_at": "1999-12-31T23:59:59Z"}),
                "dasha_at must lie within the 120 dasha years from birth, from 2000-01-01T12:00:00Z up to 2120-01-02T12:00:00Z (got 1999-12-31T23:59:59Z)",
            ),
            (
                json!({"dasha_at": "2120-01-02T12:00:00Z"}),
                "dasha_at must lie within the 120 dasha years from birth",
            ),
            (
                json!({"dasha_at": "2001-01-01T00:00:00"}),
                "dasha_at must be a UTC date-time",
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
