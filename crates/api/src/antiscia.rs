//! `POST /v1/antiscia`: each body's antiscion and contra-antiscion, and the pairs of bodies in
//! antiscia or contra-antiscia.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `datetime` | required; ISO 8601 with `Z` or an offset (`2024-01-01T00:00:00Z`) |
//! | `bodies` | body names from the catalogue (as `/v1/catalog/bodies`, `mean_lilith` and `true_lilith` included); default the 14 standard points: sun, moon, mercury..pluto, mean_node, true_node, mean_apogee (mean Lilith), chiron. Unknown names are **ignored** (docs/CONVENTIONS.md), and echoed in `settings.ignored_bodies`; an empty array is a 400 |
//! | `orb` | degrees, 0..3 (the spec's maximum); default 1 |
//! | `include_pairs` | `false` gives the mirror points only; default `true` |
//!
//! # Response
//!
//! ```json
//! {
//!   "datetime_utc": "2024-01-01T00:00:00Z",
//!   "julian_day_ut": 2460310.5,
//!   "ephemeris": "swiss",
//!   "settings": {"bodies": ["sun", "moon", …], "ignored_bodies": ["vulcan"], "orb": 1.0,
//!                "include_pairs": true},
//!   "points": {
//!     "sun": {"longitude": 280.01, "sign": "capricorn", "sign_degree": 10.01,
//!             "antiscion": {"longitude": 259.99, "sign": "sagittarius", "sign_degree": 19.99},
//!             "contra_antiscion": {"longitude": 79.99, "sign": "gemini", "sign_degree": 19.99}},
//!     …
//!   },
//!   "pairs": [{"first": "venus", "second": "pluto", "mirror": "contra_antiscion", "orb": 0.31}]
//! }
//! ```
//!
//! * Longitudes are geocentric, tropical, apparent, in `[0, 360)`. The antiscion is
//!   `(180 − longitude) mod 360` (the mirror across 0° Cancer / 0° Capricorn), the
//!   contra-antiscion `(360 − longitude) mod 360` (across 0° Aries / 0° Libra).
//! * `points` is keyed by body, in the request's order (duplicates and aliases dropped).
//! * `pairs` (left out with `include_pairs: false`): two bodies are in antiscia when one lies
//!   within `orb` of the other's antiscion (`mirror: "antiscion"`), in contra-antiscia when
//!   within `orb` of its contra-antiscion (`mirror: "contra_antiscion"`). `orb` is the distance
//!   found, in degrees, at most the `orb` asked for (the edge included). The relation is
//!   symmetric (the distance is the same from either side), so each pair is listed once, with
//!   `first` the body named earlier; closest first. The definitions:
//!   [`orrery_astro::techniques::antiscia`].
//! * `ephemeris` is `swiss`, or `moshier` where a planet came from the library's analytical
//!   fallback (before 1200).
//!
//! # Errors
//!
//! A 400 names the field and the rule (`orb must be between 0 and 3 (got 3.5)`). A body named
//! in `bodies` without data at the date is a 400 naming it; one of the default list (Chiron
//! before 1200) is left out and listed in `omitted` (docs/EPHEMERIS-RANGE.md).

use jiff::Timestamp;
use orrery_astro::body::Body;
use orrery_astro::chart::MissingData;
use orrery_astro::techniques::antiscia::{
    self, AntisciaOrb, Mirror, MirrorPair, MirrorPoints, antiscia, default_bodies,
};
use orrery_astro::time::{JulianDayUt, julian_day_ut};
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::closed_sets::EphemerisName;
use crate::common::{OrderedMap, ZodiacLongitudeDto, ephemeris_name};
use crate::datetime::Instant;
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, LenientBodyField};

bounded_number!(
    /// The orb of the mirror pairs, degrees.
    AntisciaOrbDeg,
    AntisciaOrbDegBounds,
    (AntisciaOrb::MIN_DEG, AntisciaOrb::MAX_DEG),
    "Degrees of orb for the mirror pairs, 0..3."
);

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AntisciaRequest {
    /// The instant.
    pub datetime: Instant,
    /// Body names; default the 14 standard points; unknown names are ignored (echoed in `settings.ignored_bodies`); not empty.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<LenientBodyField>>,
    /// Degrees of orb for `pairs`, 0..3; default 1.
    #[serde(default)]
    pub orb: Option<AntisciaOrbDeg>,
    /// Whether to list `pairs`; default true.
    #[serde(default)]
    pub include_pairs: Option<bool>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct AntisciaInput {
    pub instant: Timestamp,
    pub jd: JulianDayUt,
    /// The known bodies (in the request's order, without duplicates), the orb, the pairs;
    /// [`MissingData::LeaveOut`] for the default list, [`MissingData::Refuse`] for named bodies.
    pub technique: antiscia::AntisciaInput,
    /// The names that are not in the catalogue, as given (each once).
    pub ignored: Vec<String>,
}

/// Splits names into known bodies and ignored names, each kept once in the order given.
fn known_and_ignored(names: &[LenientBodyField]) -> (Vec<Body>, Vec<String>) {
    let mut bodies = Vec::with_capacity(names.len());
    let mut ignored: Vec<String> = Vec::new();
    for name in names {
        match name {
            LenientBodyField::Known(body) if !bodies.contains(body) => bodies.push(*body),
            LenientBodyField::Known(_) => {}
            LenientBodyField::Unknown(name) if !ignored.contains(name) => {
                ignored.push(name.clone());
            }
            LenientBodyField::Unknown(_) => {}
        }
    }
    (bodies, ignored)
}

impl TryFrom<&AntisciaRequest> for AntisciaInput {
    type Error = ApiInputError;

    fn try_from(request: &AntisciaRequest) -> Result<Self, ApiInputError> {
        let instant = request.datetime.timestamp();
        let missing = if request.bodies.is_some() {
            MissingData::Refuse
        } else {
            MissingData::LeaveOut
        };
        let (bodies, ignored) = match &request.bodies {
            None => (default_bodies(), Vec::new()),
            Some(names) if names.is_empty() => {
                return Err(ApiInputError::field(
                    "bodies",
                    "must name at least one body (leave it out for the 14 standard points)",
                ));
            }
            Some(names) => known_and_ignored(names),
        };
        let orb = match request.orb {
            None => AntisciaOrb::DEFAULT,
            Some(deg) => AntisciaOrb::new(deg.get()).map_err(|e| ApiInputError::field("orb", e))?,
        };
        let jd = julian_day_ut(instant);
        Ok(Self {
            instant,
            jd,
            technique: antiscia::AntisciaInput {
                jd,
                bodies,
                missing,
                orb,
                include_pairs: request.include_pairs.unwrap_or(true),
            },
            ignored,
        })
    }
}

/// The request as understood.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AntisciaSettings)]
pub struct AntisciaSettingsDto {
    /// The bodies computed.
    pub bodies: Vec<BodyField>,
    /// The names that were not recognised and left out, as sent (strings: they are not in the
    /// catalogue).
    pub ignored_bodies: Vec<String>,
    /// The orb of the pairs, degrees.
    pub orb: f64,
    /// Whether `pairs` was asked for.
    pub include_pairs: bool,
}

/// A body's longitude and its mirrors.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = MirrorPoints)]
pub struct MirrorPointsDto {
    /// The body's longitude (degrees), sign and degree within the sign.
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// The mirror across 0° Cancer / 0° Capricorn: (180 − longitude) mod 360, degrees.
    pub antiscion: ZodiacLongitudeDto,
    /// The mirror across 0° Aries / 0° Libra: (360 − longitude) mod 360, degrees.
    pub contra_antiscion: ZodiacLongitudeDto,
}

/// Which mirror two bodies share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MirrorKind {
    /// Across 0° Cancer / 0° Capricorn.
    Antiscion,
    /// Across 0° Aries / 0° Libra.
    ContraAntiscion,
}

impl From<Mirror> for MirrorKind {
    fn from(mirror: Mirror) -> Self {
        match mirror {
            Mirror::Antiscion => Self::Antiscion,
            Mirror::ContraAntiscion => Self::ContraAntiscion,
        }
    }
}

impl From<&MirrorPoints> for MirrorPointsDto {
    fn from(p: &MirrorPoints) -> Self {
        Self {
            position: p.lon.into(),
            antiscion: p.antiscion.into(),
            contra_antiscion: p.contra_antiscion.into(),
        }
    }
}

/// Two bodies in antiscia or contra-antiscia.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = MirrorPair)]
pub struct MirrorPairDto {
    /// The body named earlier.
    pub first: BodyField,
    /// The body named later.
    pub second: BodyField,
    /// `antiscion` or `contra_antiscion`.
    pub mirror: MirrorKind,
    /// Degrees between one body and the other's mirror.
    pub orb: f64,
}

impl From<&MirrorPair> for MirrorPairDto {
    fn from(p: &MirrorPair) -> Self {
        Self {
            first: BodyField(p.first),
            second: BodyField(p.second),
            mirror: p.mirror.into(),
            orb: p.orb_deg,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AntisciaResponse {
    /// The instant, UTC, ISO 8601.
    pub datetime_utc: String,
    /// The instant as a Julian day (UT).
    pub julian_day_ut: f64,
    /// `swiss`, or `moshier` if any position came from the analytical fallback.
    pub ephemeris: EphemerisName,
    /// The request as understood.
    pub settings: AntisciaSettingsDto,
    /// Keyed by body, in the request's order.
    #[schema(value_type = BTreeMap<String, MirrorPointsDto>)]
    pub points: OrderedMap<MirrorPointsDto>,
    /// The pairs in antiscia or contra-antiscia, closest first; absent with
    /// `include_pairs: false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs: Option<Vec<MirrorPairDto>>,
    /// Bodies of the default list without data at the date (Chiron before 1200), left out,
    /// with their dates; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// Computes the mirrors and, if asked, the pairs.
///
/// # Errors
/// A body named without data at the date is a 400 that says so; one of the default list is
/// left out and listed in `omitted`.
pub fn compute(eph: &Ephemeris, input: &AntisciaInput) -> Result<AntisciaResponse, CalcFailure> {
    let technique = &input.technique;
    let found = antiscia(eph, technique)?;
    Ok(AntisciaResponse {
        datetime_utc: input.instant.to_string(),
        julian_day_ut: input.jd.0,
        ephemeris: ephemeris_name(found.ephemeris),
        settings: AntisciaSettingsDto {
            bodies: technique.bodies.iter().copied().map(BodyField).collect(),
            ignored_bodies: input.ignored.clone(),
            orb: technique.orb.degrees(),
            include_pairs: technique.include_pairs,
        },
        points: OrderedMap(
            found
                .points
                .iter()
                .map(|p| (p.body.name().into_owned(), p.into()))
                .collect(),
        ),
        pairs: found
            .pairs
            .map(|pairs| pairs.iter().map(Into::into).collect()),
        omitted: omitted_dtos(&found.omitted),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::AntisciaInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for AntisciaInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for AntisciaInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::utc("datetime", self.jd)]
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn validate(value: serde_json::Value) -> Result<AntisciaInput, ApiInputError> {
        let request: AntisciaRequest = crate::parse::json_value(value)?;
        AntisciaInput::try_from(&request)
    }

    #[test]
    fn defaults() {
        let input = validate(json!({"datetime": "2024-01-01T00:00:00Z"})).unwrap();
        assert_eq!(input.technique.bodies, default_bodies());
        assert!(input.ignored.is_empty());
        assert_eq!(input.technique.orb, AntisciaOrb::DEFAULT);
        assert!(input.technique.include_pairs);
    }

    #[test]
    fn unknown_names_are_ignored_and_aliases_merged() {
        let input = validate(json!({"datetime": "2024-01-01T00:00:00Z",
            "bodies": ["moon", "vulcan", "mean_lilith", "Sun", "mean_apogee", "vulcan", "moon"],
            "orb": 0, "include_pairs": false}))
        .unwrap();
        assert_eq!(input.technique.bodies, [Body::Moon, Body::MeanApogee]);
        assert_eq!(input.ignored, ["vulcan", "Sun"]);
        assert!(
            input.technique.orb.degrees().abs() < f64::EPSILON && !input.technique.include_pairs
        );
    }

    #[test]
    fn every_rule_names_the_field() {
        for (body, expected) in [
            (json!({}), "datetime is required"),
            (
                json!({"datetime": "yesterday"}),
                "datetime must be an ISO 8601 date-time",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "bodies": []}),
                "bodies must name at least one body",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "orb": 3.5}),
                "orb must be between 0 and 3 (got 3.5)",
            ),
            (
                json!({"datetime": "2024-01-01T00:00:00Z", "orb": -0.5}),
                "orb must be between 0 and 3 (got -0.5)",
            ),
        ] {
            let message = validate(body.clone()).unwrap_err().message;
            assert!(message.starts_with(expected), "{body}: {message}");
        }
    }
}
