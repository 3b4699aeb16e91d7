//! Parallels and contra-parallels as requests ask for them (`parallels: {aspects, orb,
//! declination_of}`) and as answers list them, beside the longitude aspects. Shared by
//! `/v1/aspects` and the chart endpoints.

use orrery_astro::aspects::{
    DEFAULT_PARALLEL_ORB_DEG, DeclinationAspect, Orb, ParallelConfig, ParallelHit,
};
use orrery_astro::equatorial::DeclinationOf;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiInputError;
use crate::names::{ClosedSet, OneOf};

/// An aspect of declination by its name.
pub type DeclinationAspectName = OneOf<DeclinationAspect>;

impl ClosedSet for DeclinationAspect {
    const ALL: &'static [Self] = &DeclinationAspect::ALL;
    const SCHEMA_NAME: &'static str = "DeclinationAspect";
    const DESCRIPTION: &'static str = "`parallel` (equal declinations on the same side of the \
        equator) or `contraparallel` (equal declinations on opposite sides).";

    fn api_name(self) -> &'static str {
        self.name()
    }
}

impl ClosedSet for DeclinationOf {
    const ALL: &'static [Self] = &[DeclinationOf::Body, DeclinationOf::EclipticDegree];
    const SCHEMA_NAME: &'static str = "DeclinationOf";
    const DESCRIPTION: &'static str = "`body`: the body's own declination, with its ecliptic \
        latitude; `ecliptic_degree`: the declination of its ecliptic degree (latitude zero), as \
        the angles have.";

    fn api_name(self) -> &'static str {
        match self {
            DeclinationOf::Body => "body",
            DeclinationOf::EclipticDegree => "ecliptic_degree",
        }
    }
}

/// `aspects` of a `parallels` request (a type alias: the schema derive reads a generic field
/// type as generic over its argument).
pub type DeclinationAspectField = OneOf<DeclinationAspect>;
/// `declination_of` of a `parallels` request.
pub type DeclinationOfField = OneOf<DeclinationOf>;

/// Parallels and contra-parallels wanted; absent: none (the answer is as without them).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = ParallelsRequest)]
#[serde(deny_unknown_fields)]
pub struct ParallelsDto {
    /// Which of the two; default both.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub aspects: Option<Vec<DeclinationAspectField>>,
    /// The orb in degrees of declination, one for every pair, in (0, 30]; default 1.
    #[serde(default)]
    pub orb: Option<f64>,
    /// Whose declination a body is compared by; default `body`. The angles have no latitude:
    /// theirs is always their ecliptic degree's.
    #[serde(default)]
    pub declination_of: Option<DeclinationOfField>,
}

impl ParallelsDto {
    /// The core's configuration; `prefix` locates the object (`options.aspects.parallels.`).
    ///
    /// # Errors
    /// An empty `aspects` list, an orb out of its bounds.
    pub fn to_config(&self, prefix: &str) -> Result<ParallelConfig, ApiInputError> {
        let orb = Orb::new(self.orb.unwrap_or(DEFAULT_PARALLEL_ORB_DEG))
            .map_err(|e| ApiInputError::field(&format!("{prefix}orb"), e))?;
        let aspects: Vec<DeclinationAspect> = match &self.aspects {
            Some(list) => list.iter().map(|field| field.0).collect(),
            None => DeclinationAspect::ALL.to_vec(),
        };
        let config = ParallelConfig::new(aspects, orb).map_err(|_| {
            ApiInputError::field(
                &format!("{prefix}aspects"),
                "must name `parallel`, `contraparallel` or both (got none)",
            )
        })?;
        Ok(config.with_declination_of(self.declination_of.map_or(DeclinationOf::Body, |f| f.0)))
    }
}

/// The settings of a list of parallels, echoed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ParallelSettings)]
pub struct ParallelSettingsDto {
    /// The aspects of declination searched: `parallel`, `contraparallel`.
    pub aspect_names: Vec<&'static str>,
    /// The orb, degrees of declination.
    pub orb: f64,
    /// `body` or `ecliptic_degree`.
    pub declination_of: &'static str,
}

/// A parallel or contra-parallel.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Parallel)]
pub struct ParallelDto {
    /// The first point of the pair.
    pub first: String,
    /// The second point of the pair.
    pub second: String,
    /// `parallel` or `contraparallel`.
    pub aspect: DeclinationAspectName,
    /// The first point's declination, degrees (north positive).
    pub first_declination: f64,
    /// The second point's declination, degrees.
    pub second_declination: f64,
    /// |first − second| for a parallel, |first + second| for a contra-parallel, degrees.
    pub orb: f64,
    /// The orb allowed, degrees.
    pub allowed_orb: f64,
    /// orb / allowed_orb × 100.
    pub orb_percent: f64,
    /// 1 − orb / allowed_orb: 1 when exact, 0 at the edge of the orb.
    pub strength: f64,
    /// Whether the orb is shrinking at the current declination speeds; `null` when a speed is
    /// unknown or the orb barely changes.
    pub applying: Option<bool>,
    /// Days until exact at the current declination speeds (negative: days since exact);
    /// `null` with `applying`.
    pub exact_in_days: Option<f64>,
}

impl From<&ParallelHit> for ParallelDto {
    fn from(hit: &ParallelHit) -> Self {
        Self {
            first: hit.first.clone(),
            second: hit.second.clone(),
            aspect: OneOf(hit.aspect),
            first_declination: hit.first_declination_deg,
            second_declination: hit.second_declination_deg,
            orb: hit.orb_deg,
            allowed_orb: hit.allowed_orb_deg,
            orb_percent: hit.orb_percent,
            strength: hit.strength,
            applying: hit.applying,
            exact_in_days: hit.exact_in_days,
        }
    }
}

/// The parallels and contra-parallels found, with their settings.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ParallelList)]
pub struct ParallelListDto {
    pub settings: ParallelSettingsDto,
    /// Closest first.
    pub list: Vec<ParallelDto>,
}

impl ParallelListDto {
    #[must_use]
    pub fn new(config: &ParallelConfig, hits: &[ParallelHit]) -> Self {
        Self {
            settings: ParallelSettingsDto {
                aspect_names: config.aspects().iter().map(|a| a.name()).collect(),
                orb: config.orb().degrees(),
                declination_of: config.declination_of().api_name(),
            },
            list: hits.iter().map(ParallelDto::from).collect(),
        }
    }
}
