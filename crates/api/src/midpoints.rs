//! `POST /v1/midpoints`: every midpoint of a set of points, the third points standing on them by
//! 8th-harmonic aspects, and each point's midpoint tree.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `natal` | the birth, `{datetime, timezone, location, lmt?, ambiguous_time?}` as for radix: the service computes [`DEFAULT_NATAL_BODIES`] (sun..pluto, mean_node, chiron; geocentric, tropical, apparent) and the `ascendant` and `mc` at the birth place |
//! | `positions` | instead of `natal`: point name to ecliptic longitude in degrees (`{"sun": 112.0, "ascendant": 138.1}`); any names of 1 to 64 characters; 2 to [`MAX_POINTS`] points; longitudes are reduced to `[0, 360)` |
//! | `points` | the points to use: with `positions`, names among its keys; with `natal`, any body of the catalogue (`/v1/catalog/bodies`) and `ascendant`, `mc`; default all of `positions`, or the natal default; 2 to [`MAX_POINTS`] distinct names |
//! | `aspect_angles` | degrees, each one of 0, 45, 90, 135, 180 (the 8th harmonic); default all five |
//! | `orb` | degrees, 0 to 5 ([`MidpointOrb::MAX_DEG`]); default 1.5 |
//! | `include` | any of `list`, `activated`, `tree`; default all three |
//!
//! Exactly one of `natal` and `positions`. With the natal default, Chiron is left out (with a
//! note in `input.notes`) for a birth outside its data (before 1200); named in `points`, it is a
//! 400 there.
//!
//! # Response
//!
//! ```json
//! {
//!   "input": {"source": "natal",
//!             "resolved": {"utc": "1990-05-15T12:30:00Z", "julian_day_ut": 2448027.0208333335,
//!                          "local": "1990-05-15T14:30:00", "offset": "+02:00",
//!                          "offset_source": "tz_database", "timezone": "Europe/Berlin"},
//!             "location": {"latitude": 52.52, "longitude": 13.405, "altitude": 0.0}},
//!   "settings": {"points": ["sun", "moon", …, "ascendant", "mc"],
//!                "aspect_angles": [0.0, 45.0, 90.0, 135.0, 180.0], "orb": 1.5,
//!                "include": ["list", "activated", "tree"]},
//!   "points": {"sun": {"longitude": 54.416, "sign": "taurus", "sign_degree": 24.416}, …},
//!   "list": [{"first": "sun", "second": "moon", "longitude": 355.918, "sign": "pisces",
//!             "sign_degree": 25.918, "arc": 116.997}, …],
//!   "activated": [{"point": "venus", "first": "mars", "second": "chiron", "midpoint": "mars/chiron",
//!                  "midpoint_longitude": 2.21, "point_longitude": 2.26, "aspect": "conjunction",
//!                  "angle": 0.0, "orb": 0.05}, …],
//!   "tree": {"sun": [{"point": "sun", "first": "moon", "second": "saturn", …}, …], "moon": [], …}
//! }
//! ```
//!
//! * `input.source` is `natal` (then `resolved` echoes the birth instant and `location` the place)
//!   or `positions`.
//! * `points`: the longitudes used, in the points' order: with `positions`, bodies in catalogue
//!   order, then `ascendant`, `mc`, then other names alphabetically; with `points`, the order
//!   given.
//! * `list`: every midpoint on the shorter arc (`arc` is the separation of the two points, in
//!   degrees), `first` being the point earlier in `points`. For exactly opposite points the
//!   midpoint 90° ahead of the point with the smaller longitude is taken; see
//!   [`orrery_astro::techniques::midpoints`] for this and every other definition.
//! * `activated`: each point standing on a midpoint of two other points within `orb` by one of
//!   the aspect angles: `orb` is `|separation − angle|` in degrees. Closest first.
//! * `tree`: per point (every point, in order), the midpoints it activates, closest first (the
//!   entries of `activated` for that point).
//!
//! # Errors
//!
//! A 400 names the field and the rule (`orb must be between 0 and 5 (got 6)`,
//! `aspect_angles[1] must be one of 0, 45, 90, 135, 180 degrees …`).

use std::collections::BTreeMap;

use orrery_astro::techniques::midpoints::{
    Activation, Midpoint, MidpointAspect, MidpointOrb, MidpointSource, MidpointsError,
    MidpointsQuery, midpoint_report, sort_given_points,
};
pub use orrery_astro::techniques::midpoints::{ChartPoint, DEFAULT_NATAL_BODIES};
use orrery_astro::techniques::transits::NatalPoint;
use orrery_ephem::Ephemeris;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::common::{BirthDto, OrderedMap, ResolvedBirth, ZodiacLongitudeDto};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AspectField, Named, PointLabel};
use crate::natal::{NatalChoice, check_point_count_at, choose_natal_or, longitude_at};
use crate::source_echo::SourceEchoDto;

/// At most this many points (496 midpoints).
pub const MAX_POINTS: usize = 32;
/// Point names longer than this are refused.
const MAX_NAME_CHARS: usize = 64;

/// What a response contains.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MidpointsPart {
    List,
    Activated,
    Tree,
}

impl MidpointsPart {
    const ALL: [Self; 3] = [Self::List, Self::Activated, Self::Tree];
}

bounded_number!(
    /// The orb of activation, degrees.
    MidpointOrbDeg,
    MidpointOrbDegBounds,
    (MidpointOrb::MIN_DEG, MidpointOrb::MAX_DEG),
    "Degrees of orb for activation, 0..5."
);

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MidpointsRequest {
    /// The birth; give this or `positions`, not both.
    #[serde(default)]
    pub natal: Option<BirthDto>,
    /// Point name to ecliptic longitude in degrees, 2..32 points; instead of `natal`.
    #[serde(default)]
    #[schema(value_type = Option<crate::common::PointLongitudes>)]
    pub positions: Option<BTreeMap<String, f64>>,
    /// The points to use, 2..32 distinct names (with `natal` any catalogue body, `ascendant`, `mc`; with `positions` its names); default all.
    #[serde(default)]
    #[schema(min_items = 2, max_items = 32)]
    pub points: Option<Vec<PointLabel>>,
    /// Activation angles in degrees, any of 0, 45, 90, 135, 180; default all.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub aspect_angles: Option<Vec<f64>>,
    /// Degrees of orb for activation, 0..5; default 1.5.
    #[serde(default)]
    pub orb: Option<MidpointOrbDeg>,
    /// Parts to return: `list`, `activated`, `tree`; not empty; default all.
    #[serde(default)]
    pub include: Option<Vec<MidpointsPart>>,
}

/// Where the points come from.
#[derive(Debug, Clone)]
pub enum PointSource {
    /// A birth and the points to compute; `default` when `points` was not given.
    Birth {
        birth: ResolvedBirth,
        points: Vec<ChartPoint>,
        default: bool,
    },
    /// Longitudes as given, in the response's order.
    Positions(Vec<NatalPoint>),
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct MidpointsInput {
    pub source: PointSource,
    pub aspects: Vec<MidpointAspect>,
    pub orb: MidpointOrb,
    pub parts: Vec<MidpointsPart>,
}

impl TryFrom<&MidpointsRequest> for MidpointsInput {
    type Error = ApiInputError;

    fn try_from(request: &MidpointsRequest) -> Result<Self, ApiInputError> {
        let source = match choose_natal_or(
            request.natal.as_ref(),
            request.positions.as_ref(),
            "positions",
            "natal or positions is required: the birth {datetime, timezone, location}, or the \
             longitudes by point name ({\"sun\": 112.0, \"ascendant\": 138.1, …})",
        )? {
            NatalChoice::Birth(birth) => natal_points(birth, request.points.as_deref())?,
            NatalChoice::Positions(map) => {
                PointSource::Positions(given_points(map, request.points.as_deref())?)
            }
        };
        let aspects = match &request.aspect_angles {
            None => MidpointAspect::ALL.to_vec(),
            Some(angles) if angles.is_empty() => {
                return Err(ApiInputError::field(
                    "aspect_angles",
                    "must name at least one angle of 0, 45, 90, 135, 180",
                ));
            }
            Some(angles) => {
                let mut aspects = Vec::with_capacity(angles.len());
                for (i, &deg) in angles.iter().enumerate() {
                    let aspect = MidpointAspect::from_angle(deg)
                        .map_err(|e| ApiInputError::field(&format!("aspect_angles[{i}]"), e))?;
                    aspects.push(aspect);
                }
                aspects.sort_unstable();
                aspects.dedup();
                aspects
            }
        };
        let orb = match request.orb {
            None => MidpointOrb::DEFAULT,
            Some(deg) => MidpointOrb::new(deg.get()).map_err(|e| ApiInputError::field("orb", e))?,
        };
        let parts = match &request.include {
            None => MidpointsPart::ALL.to_vec(),
            Some(parts) if parts.is_empty() => {
                return Err(ApiInputError::field(
                    "include",
                    "must name at least one of list, activated, tree",
                ));
            }
            Some(parts) => MidpointsPart::ALL
                .into_iter()
                .filter(|p| parts.contains(p))
                .collect(),
        };
        Ok(Self {
            source,
            aspects,
            orb,
            parts,
        })
    }
}

/// Checks a `points` list: 2 to [`MAX_POINTS`] names once each (a repeat is dropped).
fn check_points_list(names: &[PointLabel]) -> Result<Vec<&str>, ApiInputError> {
    let mut distinct: Vec<&str> = Vec::with_capacity(names.len());
    for name in names.iter().map(PointLabel::as_str) {
        if !distinct.contains(&name) {
            distinct.push(name);
        }
    }
    check_distinct_count(distinct.len())?;
    Ok(distinct)
}

fn check_distinct_count(count: usize) -> Result<(), ApiInputError> {
    if (2..=MAX_POINTS).contains(&count) {
        Ok(())
    } else {
        Err(ApiInputError::field(
            "points",
            format!("must name 2 to {MAX_POINTS} distinct points (got {count})"),
        ))
    }
}

fn natal_points(
    birth: ResolvedBirth,
    names: Option<&[PointLabel]>,
) -> Result<PointSource, ApiInputError> {
    let Some(names) = names else {
        return Ok(PointSource::Birth {
            birth,
            points: ChartPoint::defaults(),
            default: true,
        });
    };
    check_points_list(names)?;
    let mut points = Vec::with_capacity(names.len());
    for (i, name) in names.iter().map(PointLabel::as_str).enumerate() {
        let point = ChartPoint::parse(name).map_err(|e| {
            let mut error = ApiInputError::unknown_name(&format!("points[{i}]"), &e);
            error.message.push_str("; or an angle: ascendant, mc");
            error
        })?;
        if !points.contains(&point) {
            points.push(point);
        }
    }
    // Aliases (mean_lilith and mean_apogee) may have merged two names into one point.
    check_distinct_count(points.len())?;
    Ok(PointSource::Birth {
        birth,
        points,
        default: false,
    })
}

fn given_points(
    map: &BTreeMap<String, f64>,
    names: Option<&[PointLabel]>,
) -> Result<Vec<NatalPoint>, ApiInputError> {
    check_point_count_at("positions", map, MAX_POINTS)?;
    let mut all = Vec::with_capacity(map.len());
    for (name, &lon_deg) in map {
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_NAME_CHARS {
            return Err(ApiInputError::labelled(
                "positions",
                format!(
                    "point names must have 1 to {MAX_NAME_CHARS} characters (got a name of \
                     {chars})"
                ),
            ));
        }
        all.push(NatalPoint::new(
            name.clone(),
            longitude_at("positions", name, lon_deg)?,
        ));
    }
    match names {
        None => {
            if all.len() < 2 {
                return Err(ApiInputError::field(
                    "positions",
                    format!(
                        "must hold at least 2 points for a midpoint (got {})",
                        all.len()
                    ),
                ));
            }
            sort_given_points(&mut all);
            Ok(all)
        }
        Some(names) => {
            let distinct = check_points_list(names)?;
            distinct
                .into_iter()
                .map(|name| {
                    all.iter().find(|p| p.name == name).cloned().ok_or_else(|| {
                        let i = names.iter().position(|n| n.as_str() == name).unwrap_or(0);
                        ApiInputError::labelled(
                            &format!("points[{i}]"),
                            format!(
                                "`{name}` is not among positions; given: {}",
                                map.keys()
                                    .map(String::as_str)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        )
                    })
                })
                .collect()
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = MidpointsSettings)]
pub struct MidpointsSettingsDto {
    /// The points used, as resolved.
    pub points: Vec<String>,
    /// Degrees, ascending.
    pub aspect_angles: Vec<f64>,
    /// Degrees.
    pub orb: f64,
    /// The parts of the answer asked for (`list`, `tree`, `activated`).
    pub include: Vec<MidpointsPart>,
}

/// A midpoint of two points.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Midpoint)]
pub struct MidpointDto {
    /// The first point of the pair.
    pub first: String,
    /// The second point of the pair.
    pub second: String,
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// The separation of the two points, degrees in `[0, 180]`.
    pub arc: f64,
}

/// A point standing on a midpoint.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Activation)]
pub struct ActivationDto {
    /// The point that activates the midpoint.
    pub point: String,
    /// The first point of the midpoint.
    pub first: String,
    /// The second point of the midpoint.
    pub second: String,
    /// `first/second`.
    pub midpoint: String,
    /// The midpoint's ecliptic longitude, degrees [0, 360).
    pub midpoint_longitude: f64,
    /// The activating point's ecliptic longitude, degrees [0, 360).
    pub point_longitude: f64,
    /// `conjunction`, `semisquare`, `square`, `sesquiquadrate` or `opposition`.
    pub aspect: AspectField,
    /// Degrees.
    pub angle: f64,
    /// `|separation − angle|`, degrees.
    pub orb: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MidpointsResponse {
    pub input: SourceEchoDto,
    /// The settings used, as resolved.
    pub settings: MidpointsSettingsDto,
    /// The points' ecliptic longitudes, keyed by point name.
    #[schema(value_type = BTreeMap<String, ZodiacLongitudeDto>)]
    pub points: OrderedMap<ZodiacLongitudeDto>,
    /// Every midpoint of the points' pairs; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list: Option<Vec<MidpointDto>>,
    /// The midpoints a point activates; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activated: Option<Vec<ActivationDto>>,
    /// The midpoint tree: per point, the midpoints it activates; absent when not asked for.
    #[schema(value_type = BTreeMap<String, Vec<ActivationDto>>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<OrderedMap<Vec<ActivationDto>>>,
}

fn activation_dto(points: &[NatalPoint], list: &[Midpoint], a: &Activation) -> ActivationDto {
    let m = &list[a.midpoint];
    let (first, second) = (&points[m.first].name, &points[m.second].name);
    ActivationDto {
        point: points[a.point].name.clone(),
        first: first.clone(),
        second: second.clone(),
        midpoint: format!("{first}/{second}"),
        midpoint_longitude: m.lon.degrees(),
        point_longitude: points[a.point].lon.degrees(),
        aspect: Named(a.aspect.aspect()),
        angle: a.aspect.angle_deg(),
        orb: a.orb_deg,
    }
}

/// Computes the points (from a birth), the midpoints and what was asked for: one core call,
/// [`midpoint_report`].
///
/// # Errors
/// A body without data at the birth, an angle undefined at the place.
pub fn compute(eph: &Ephemeris, input: &MidpointsInput) -> Result<MidpointsResponse, CalcFailure> {
    let source = match &input.source {
        PointSource::Positions(points) => MidpointSource::Positions(points),
        PointSource::Birth {
            birth,
            points,
            default,
        } => MidpointSource::Birth {
            jd: birth.jd,
            place: birth.place,
            points,
            default: *default,
        },
    };
    let wants = |part| input.parts.contains(&part);
    let report = midpoint_report(
        eph,
        &MidpointsQuery {
            source,
            aspects: &input.aspects,
            orb: input.orb,
            tree: wants(MidpointsPart::Tree),
        },
    )
    .map_err(|error| match error {
        MidpointsError::Chart(error) => error.into(),
        MidpointsError::AngleUndefined { .. } => {
            CalcFailure::Input(ApiInputError::labelled("natal.location.latitude", error))
        }
    })?;
    let echo = match &input.source {
        PointSource::Positions(_) => SourceEchoDto::positions(),
        PointSource::Birth { birth, .. } => SourceEchoDto::birth(
            birth,
            report
                .left_out
                .iter()
                .map(|l| crate::ephemeris_range::left_out_note(l.body, l.valid, "the points"))
                .collect(),
        ),
    };
    let points = &report.points;
    let list = &report.midpoints;
    let dto = |a: &Activation| activation_dto(points, list, a);
    Ok(MidpointsResponse {
        input: echo,
        settings: MidpointsSettingsDto {
            points: points.iter().map(|p| p.name.clone()).collect(),
            aspect_angles: input.aspects.iter().map(|a| a.angle_deg()).collect(),
            orb: input.orb.degrees(),
            include: input.parts.clone(),
        },
        points: OrderedMap(
            points
                .iter()
                .map(|p| (p.name.clone(), p.lon.into()))
                .collect(),
        ),
        list: wants(MidpointsPart::List).then(|| {
            list.iter()
                .map(|m| MidpointDto {
                    first: points[m.first].name.clone(),
                    second: points[m.second].name.clone(),
                    position: m.lon.into(),
                    arc: m.arc_deg,
                })
                .collect()
        }),
        activated: wants(MidpointsPart::Activated)
            .then(|| report.activations.iter().map(dto).collect()),
        tree: report.tree.as_ref().map(|tree| {
            OrderedMap(
                tree.iter()
                    .zip(points)
                    .map(|(branch, p)| (p.name.clone(), branch.iter().map(dto).collect()))
                    .collect(),
            )
        }),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{MidpointsInput, PointSource};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for MidpointsInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for MidpointsInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            match &self.source {
                PointSource::Birth { birth, .. } => vec![InputInstant::birth("natal", birth)],
                PointSource::Positions(_) => Vec::new(),
            }
        }
    }
}
