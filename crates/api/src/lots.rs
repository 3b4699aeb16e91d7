//! `POST /v1/lots`: the lots (Fortune, Spirit, the Hermetic lots, Basis, the family lots) with
//! the day/night reversal.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `natal` | the birth, `{datetime, timezone, location, lmt?, ambiguous_time?}` as for radix: the service computes the Sun..Saturn (geocentric, tropical, apparent) and the ascendant, and the sect from the Sun's altitude |
//! | `positions` | instead of `natal`: longitudes in degrees of `sun`, `moon` and `ascendant` (required) and any of `mercury`, `venus`, `mars`, `jupiter`, `saturn`; other names are a 400 |
//! | `sect` | with `positions` only: `day` or `night`, overriding the sect found from the positions |
//! | `lots` | lot names of the catalogue ([`Lot::NAMES`]); default all; unknown names are a 400 listing the accepted ones |
//!
//! # Sect
//!
//! * `natal`: a day chart when the Sun's altitude above the true horizon (geometric, the centre
//!   of the disc) is above 0 at the birth place and time (`sect.determined_by` is
//!   `sun_altitude`, with `sect.sun_altitude_deg`).
//! * `positions` without `sect`: a day chart when the Sun lies in the half of the zodiac from the
//!   descendant forward to the ascendant (houses 7–12 counted from the ascendant), which is where
//!   the horizon cuts the ecliptic (`determined_by`: `sun_position_from_ascendant`). The Sun
//!   exactly on the ascendant or the descendant counts as night, as an altitude of 0 does.
//!   Inside the polar circles, while the MC is below the horizon, the half above the horizon runs
//!   the other way (from the ascendant forward to the descendant) and this rule fails: give
//!   `sect` there.
//! * `positions` with `sect`: as given (`determined_by`: `request`).
//!
//! # Lots whose bodies are missing
//!
//! With `positions`, a lot needs the bodies of its formula (and of the lots it uses). A lot
//! named in `lots` whose bodies are not given is a 400 naming the lot and the missing point
//! (`lots[2]: the lot `necessity` needs positions.mercury`). With the default (all lots), such
//! lots are left out and listed in `omitted` with the missing points, so that `sun`, `moon` and
//! `ascendant` alone give Fortune, Spirit and Basis.
//!
//! # Response
//!
//! ```json
//! {
//!   "input": {"source": "natal", "resolved": {"utc": "1990-05-15T12:30:00Z", …},
//!             "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0}},
//!   "settings": {"lots": ["fortune", "spirit", …]},
//!   "sect": {"sect": "day", "determined_by": "sun_altitude", "sun_altitude_deg": 56.9},
//!   "points": {"sun": {"longitude": 54.416, "sign": "taurus", "sign_degree": 24.416}, …,
//!              "ascendant": {…}},
//!   "lots": {
//!     "fortune": {"longitude": 51.788, "sign": "taurus", "sign_degree": 21.788,
//!                 "formula": "ascendant + moon - sun", "reversal": "at_night",
//!                 "description": "Lot of Fortune (Tyche), …"},
//!     …
//!   },
//!   "omitted": []
//! }
//! ```
//!
//! * `lots` is keyed by lot name in catalogue order. `formula` is the formula as applied to this
//!   chart (the night formula of a night chart; for Basis the direction of the shorter arc);
//!   `reversal` is `at_night`, `never` or `shorter_arc`. The definitions and the sources of
//!   every formula: [`orrery_astro::techniques::lots`].
//! * `omitted` (with `positions` and the default lots only): `{lot, missing: [points]}`.

use std::collections::BTreeMap;

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::techniques::lots::{
    LOT_BODIES, Lot, LotPositions, LotTerm, LotsError, LotsFrom, LotsQuery, NatalLotsError,
    Reversal, Sect, lots, sect_from_ascendant,
};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::{OrderedMap, ResolvedBirth, ZodiacLongitudeDto};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{LotField, Named};
use crate::natal::{NatalChoice, choose_natal_or, longitude_at};
use crate::source_echo::SourceEchoDto;

/// Day or night, as a request and an answer name it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Sect)]
#[serde(rename_all = "snake_case")]
pub enum SectDto {
    Day,
    Night,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LotsRequest {
    /// The birth (sect from the Sun's altitude); give this or `positions`, not both.
    #[serde(default)]
    pub natal: Option<crate::common::BirthDto>,
    /// Name to ecliptic longitude in degrees: `sun`, `moon`, `ascendant` required, `mercury`…`saturn` optional; instead of `natal`.
    #[serde(default)]
    #[schema(value_type = Option<crate::common::PointLongitudes>)]
    pub positions: Option<BTreeMap<String, f64>>,
    /// `day` or `night`, only with `positions`; default from the Sun's half of the zodiac relative to the ascendant.
    #[serde(default)]
    pub sect: Option<SectDto>,
    /// Lot names (`fortune`, `spirit`, …), not empty; default all 14.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub lots: Option<Vec<LotField>>,
}

/// Where the positions come from.
#[derive(Debug, Clone)]
pub enum LotsSource {
    Birth(ResolvedBirth),
    /// The positions and the sect (given, or found from them).
    Positions {
        positions: LotPositions,
        sect: Sect,
        given: bool,
    },
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct LotsInput {
    pub source: LotsSource,
    pub lots: Vec<Lot>,
    /// `lots` was given: a lot without its bodies is a 400 rather than left out.
    pub named: bool,
}

/// The point names `positions` takes: the lot bodies and `ascendant`.
#[must_use]
pub fn accepted_position_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = LOT_BODIES.iter().map(|(_, n)| *n).collect();
    names.push("ascendant");
    names
}

fn lot_positions(map: &BTreeMap<String, f64>) -> Result<LotPositions, ApiInputError> {
    let mut bodies = Vec::with_capacity(LOT_BODIES.len());
    let mut ascendant = None;
    for (name, &lon_deg) in map {
        let lon = longitude_at("positions", name, lon_deg)?;
        if name == "ascendant" {
            ascendant = Some(lon);
        } else if let Some((body, _)) = LOT_BODIES.iter().find(|(_, n)| n == name) {
            bodies.push((*body, lon));
        } else {
            return Err(ApiInputError::labelled(
                &format!("positions.{name}"),
                format!(
                    "not a point of the lots; accepted names: {}",
                    accepted_position_names().join(", ")
                ),
            )
            .unknown(&accepted_position_names()));
        }
    }
    for (required, present) in [
        ("sun", bodies.iter().any(|(b, _)| *b == Body::Sun)),
        ("moon", bodies.iter().any(|(b, _)| *b == Body::Moon)),
        ("ascendant", ascendant.is_some()),
    ] {
        if !present {
            return Err(ApiInputError::field(
                &format!("positions.{required}"),
                "is required (the lots need sun, moon and ascendant)",
            ));
        }
    }
    bodies.sort_by_key(|(b, _)| LOT_BODIES.iter().position(|(x, _)| x == b));
    Ok(LotPositions {
        ascendant: ascendant.unwrap_or(Longitude::ZERO),
        bodies,
    })
}

impl TryFrom<&LotsRequest> for LotsInput {
    type Error = ApiInputError;

    fn try_from(request: &LotsRequest) -> Result<Self, ApiInputError> {
        let source = match choose_natal_or(
            request.natal.as_ref(),
            request.positions.as_ref(),
            "positions",
            "natal or positions is required: the birth {datetime, timezone, location}, or the \
             longitudes of sun, moon, ascendant and any of mercury..saturn",
        )? {
            NatalChoice::Birth(birth) => {
                if request.sect.is_some() {
                    return Err(ApiInputError::field(
                        "sect",
                        "is only used with positions: with natal the sect comes from the Sun's \
                         altitude at the birth place and time",
                    ));
                }
                LotsSource::Birth(birth)
            }
            NatalChoice::Positions(map) => {
                let positions = lot_positions(map)?;
                let (sect, given) = match request.sect {
                    Some(SectDto::Day) => (Sect::Day, true),
                    Some(SectDto::Night) => (Sect::Night, true),
                    None => {
                        let sun = positions.body(Body::Sun).unwrap_or(Longitude::ZERO);
                        (sect_from_ascendant(sun, positions.ascendant), false)
                    }
                };
                LotsSource::Positions {
                    positions,
                    sect,
                    given,
                }
            }
        };
        let (lots, named) = match &request.lots {
            None => (Lot::ALL.to_vec(), false),
            Some(names) if names.is_empty() => {
                return Err(ApiInputError::field(
                    "lots",
                    format!(
                        "must name at least one lot (leave it out for all); accepted names: {}",
                        Lot::NAMES.join(", ")
                    ),
                ));
            }
            Some(names) => {
                let mut lots = Vec::with_capacity(names.len());
                for (i, &Named(lot)) in names.iter().enumerate() {
                    let name = lot.name();
                    if let LotsSource::Positions { positions, .. } = &source
                        && let Some(body) = positions.missing_for(lot)
                    {
                        return Err(ApiInputError::labelled(
                            &format!("lots[{i}]"),
                            format!(
                                "the lot `{name}` needs positions.{}",
                                LotTerm::Body(body).name()
                            ),
                        ));
                    }
                    lots.push(lot);
                }
                lots.sort_unstable();
                lots.dedup();
                (lots, true)
            }
        };
        Ok(Self {
            source,
            lots,
            named,
        })
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = LotsSettings)]
pub struct LotsSettingsDto {
    /// The lots asked for (all by default), in catalogue order.
    pub lots: Vec<LotField>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SectDtoOut {
    /// `day` or `night`.
    pub sect: SectDto,
    /// `sun_altitude` (natal), `sun_position_from_ascendant` or `request` (positions).
    pub determined_by: SectDeterminedBy,
    /// The Sun's altitude above the true horizon, degrees (natal only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sun_altitude_deg: Option<f64>,
}

/// A lot cast.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CastLot)]
pub struct LotDto {
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// The formula applied to this chart: `ascendant + B - C`.
    pub formula: String,
    /// When the formula is reversed.
    pub reversal: ReversalName,
    /// The lot's formula and meaning, in one sentence.
    pub description: &'static str,
}

/// A lot left out because its bodies were not given.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = OmittedLot)]
pub struct OmittedLotDto {
    /// The lot left out.
    pub lot: LotField,
    /// The points it needs that the chart lacks.
    pub missing: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LotsResponse {
    pub input: SourceEchoDto,
    /// The settings used, as resolved.
    pub settings: LotsSettingsDto,
    /// The chart's sect (day or night), which reverses some formulas.
    pub sect: SectDtoOut,
    /// The positions used: the bodies, then the ascendant.
    #[schema(value_type = BTreeMap<String, ZodiacLongitudeDto>)]
    pub points: OrderedMap<ZodiacLongitudeDto>,
    /// The lots cast, keyed by lot name, in the request's order.
    #[schema(value_type = BTreeMap<String, LotDto>)]
    pub lots: OrderedMap<LotDto>,
    /// Lots left out because a point they need is missing; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedLotDto>,
}

/// How a chart's sect was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = LotsSectDeterminedBy)]
pub enum SectDeterminedBy {
    /// The Sun's altitude at the birth.
    SunAltitude,
    /// The Sun's longitude against the ascendant's (positions without `sect`).
    SunPositionFromAscendant,
    /// The request's `sect`.
    Request,
}

/// When a lot's formula is reversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = LotReversal)]
pub enum ReversalName {
    /// In a night chart.
    AtNight,
    /// Never.
    Never,
    /// The shorter arc between `B` and `C`, whichever way round (Basis).
    ShorterArc,
}

impl From<Reversal> for ReversalName {
    fn from(reversal: Reversal) -> Self {
        match reversal {
            Reversal::AtNight => Self::AtNight,
            Reversal::Never => Self::Never,
            Reversal::ShorterArc => Self::ShorterArc,
        }
    }
}

impl From<Sect> for SectDto {
    fn from(sect: Sect) -> Self {
        match sect {
            Sect::Day => Self::Day,
            Sect::Night => Self::Night,
        }
    }
}

fn failure(error: LotsError) -> CalcFailure {
    match error {
        LotsError::Natal(NatalLotsError::Chart(e)) => e.into(),
        LotsError::Natal(error @ NatalLotsError::AscendantUndefined { .. }) => {
            CalcFailure::Input(ApiInputError::labelled("natal.location.latitude", error))
        }
        // Validation refused named lots without their bodies: only defaults get here.
        LotsError::Missing(e) => CalcFailure::Input(ApiInputError::new(e.to_string())),
    }
}

/// Computes the positions (from a birth), the sect and the lots: one core call, [`lots`].
///
/// # Errors
/// A body without data at the birth, an undefined ascendant (at a pole).
pub fn compute(eph: &Ephemeris, input: &LotsInput) -> Result<LotsResponse, CalcFailure> {
    let (from, echo) = match &input.source {
        LotsSource::Birth(birth) => (
            LotsFrom::Birth {
                jd: birth.jd,
                place: birth.place,
            },
            SourceEchoDto::birth(birth, Vec::new()),
        ),
        LotsSource::Positions {
            positions, sect, ..
        } => (
            LotsFrom::Positions {
                positions,
                sect: *sect,
            },
            SourceEchoDto::positions(),
        ),
    };
    let report = lots(
        eph,
        &LotsQuery {
            from,
            lots: &input.lots,
            omit_missing: !input.named,
        },
    )
    .map_err(failure)?;
    let determined_by = match &input.source {
        LotsSource::Birth(_) => SectDeterminedBy::SunAltitude,
        LotsSource::Positions { given: true, .. } => SectDeterminedBy::Request,
        LotsSource::Positions { given: false, .. } => SectDeterminedBy::SunPositionFromAscendant,
    };
    let lots = report
        .cast
        .iter()
        .map(|cast| {
            let lot = cast.lot;
            (
                lot.name().to_owned(),
                LotDto {
                    position: cast.lon.into(),
                    formula: format!("ascendant + {} - {}", cast.to.name(), cast.from.name()),
                    reversal: lot.formula().reversal.into(),
                    description: lot.description(),
                },
            )
        })
        .collect();
    let omitted = report
        .omitted
        .iter()
        .map(|o| OmittedLotDto {
            lot: Named(o.lot),
            missing: o.missing.iter().map(|b| LotTerm::Body(*b).name()).collect(),
        })
        .collect();
    let mut points: Vec<(String, ZodiacLongitudeDto)> = report
        .positions
        .bodies
        .iter()
        .map(|(b, lon)| (LotTerm::Body(*b).name().to_owned(), (*lon).into()))
        .collect();
    points.push(("ascendant".to_owned(), report.positions.ascendant.into()));
    Ok(LotsResponse {
        input: echo,
        settings: LotsSettingsDto {
            lots: input.lots.iter().copied().map(Named).collect(),
        },
        sect: SectDtoOut {
            sect: report.sect.into(),
            determined_by,
            sun_altitude_deg: report.sun_altitude_deg,
        },
        points: OrderedMap(points),
        lots: OrderedMap(lots),
        omitted,
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{LotsInput, LotsSource};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for LotsInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for LotsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.source {
                LotsSource::Birth(birth) => vec![InputInstant::birth("natal", birth)],
                LotsSource::Positions { .. } => Vec::new(),
            }
        }
    }
}
