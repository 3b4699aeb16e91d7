//! `POST /v1/acg-lines` and `POST /v1/acg-near`: astro-cartography. The lines where each body
//! was on the MC, IC, AC or DC at the birth moment (and its zodiacal aspect lines to those
//! angles), drawn as map polylines, or rated by their great-circle distance from a place.
//! The definitions are in [`orrery_astro::techniques::cartography`].
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | required; `{datetime, timezone?, location{latitude, longitude, altitude?}, lmt?, ambiguous_time?}` as for radix; only the instant sets the lines, the place is echoed |
//! | `bodies` | default sun..pluto, chiron, true_node; 1..16 names, no repeats; `earth` is the Sun's antipode |
//! | `line_types` | default `["mc", "ic", "ac", "dc"]`; a non-empty subset, no repeats |
//! | `aspects` | optional `{angles: [1..6 numbers in (0, 180]], targets?: subset of mc, ic, ac, dc (default all)}`: each angle gives the lines where the target angle's ecliptic degree is that far from the body's longitude, both ways round (once for 180) |
//! | `step_degrees` | 0.1..2, default 0.5: the AC/DC curves' largest hour-angle step (shrunk to a divisor of 90°), halved where a straight segment would stray more than 0.01° from the line; acg-near measures the exact lines and echoes it only |
//! | `location` | acg-near only, required: `{latitude, longitude}` of the place to rate |
//! | `max_km` | acg-near only: keep the lines within this many km (>= 0); default all |
//!
//! # Response of acg-lines
//!
//! ```json
//! {
//!   "input": {"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 51.5, "longitude": -0.13, "altitude": 0.0},
//!             "resolved": {"utc": "2000-01-01T12:00:00Z", "julian_day_ut": 2451545.0, "...": "..."}},
//!   "settings": {"bodies": ["sun"], "line_types": ["mc", "ic", "ac", "dc"], "step_degrees": 0.5,
//!                "hour_angle_step": 0.5, "aspects": {"angles": [120.0], "targets": ["mc"]}},
//!   "ephemeris": "swiss",
//!   "sidereal_time": 280.46,
//!   "true_obliquity": 23.44,
//!   "line_count": 6,
//!   "point_count": 736,
//!   "bodies": {
//!     "sun": {
//!       "right_ascension": 281.28, "declination": -23.03, "longitude": 280.37,
//!       "lines": {"mc": [[[-90.0, 0.82], [0.0, 0.82], [90.0, 0.82]]], "ic": [[…]],
//!                 "ac": [[[-66.97, -179.18], …, [66.97, 0.82]]], "dc": [[[66.97, 0.82], …, [-66.97, 180.0]], [[-66.97, -180.0], [-66.97, -179.18]]]},
//!       "aspect_lines": [
//!         {"target": "mc", "angle": 120.0, "offset": 120.0, "point_longitude": 40.37, "segments": [[…]]},
//!         {"target": "mc", "angle": 120.0, "offset": -120.0, "point_longitude": 160.37, "segments": [[…]]}]
//!     }
//!   }
//! }
//! ```
//!
//! Each line is a list of segments, each a list of `[latitude, longitude]` points on the line.
//! Joined by straight segments in latitude and longitude, as a map draws them (GeoJSON's
//! `LineString`), every point of a segment is within 0.01° of great circle (1.1 km) of the line;
//! joined by great-circle arcs, they lie on it. A line that crosses the date line ends a
//! segment at longitude 180 and starts the next at −180. `offset` is the target angle's ecliptic longitude minus the body's
//! (`point_longitude`). `sidereal_time` is the Greenwich apparent sidereal time in degrees.
//!
//! # Response of acg-near
//!
//! ```json
//! {
//!   "input": {…}, "settings": {…, "max_km": 500.0}, "place": {"latitude": 51.5, "longitude": -0.13},
//!   "ephemeris": "swiss", "sidereal_time": 280.46, "line_count": 2,
//!   "lines": [
//!     {"body": "sun", "line_type": "mc", "distance_km": 65.69, "nearest": {"latitude": 51.3, "longitude": 0.82}},
//!     {"body": "sun", "line_type": "mc", "aspect": {"angle": 120.0, "offset": -120.0, "point_longitude": 160.37},
//!      "distance_km": …, "nearest": {…}}
//!   ]
//! }
//! ```
//!
//! `lines` is sorted by `distance_km` (ties in the order of acg-lines); `nearest` is the line's
//! point nearest to the place. Distances are great-circle on a sphere of 6371.0088 km, to the
//! exact line (a meridian, or two 90° arcs of the body's horizon circle), not to a drawing of
//! it: they do not depend on `step_degrees`.
//!
//! # Size
//!
//! A horizon curve has the `2·ceil(90/step) + 1` points of the even hour-angle grid (361 at
//! 0.5°, 1801 at 0.1°), two more where it crosses the date line (its two sides), and the
//! refinements: at most
//! 7 at the 0.1° step, 16 at 0.5°, 52 at 2° (`MAX_REFINEMENTS` in the core, measured over every
//! declination); a meridian has 3. The worst acg-lines request (16 bodies, 6 angles under
//! 180°, 4 targets, step 0.1) has 16 · (2 + 24) curves and as many meridians: at most
//! 416 · (1801 + 2 + 7) + 416 · 3 = 754 208 points, some 30 MB of JSON, against 751 296 with the
//! even grid alone (measured at three dates with 16 bodies and angles 30, 45, 60, 90, 120, 180:
//! 693 120 points with the even grid, 693 148 at most with the refinements; at
//! the 0.5° step 140 160 and 140 540). The defaults (12 bodies, no aspects) have about 8 700.

use orrery_astro::body::Body;
use orrery_astro::chart::{ChartError, MissingData, OmittedBody};
use orrery_astro::techniques::cartography::{
    AspectLines, AspectOffset, Cartography, CartographyInput, GeoPoint, Line, LineType,
    MAX_ASPECT_ANGLES, MAX_BODIES, Step, cartography, default_bodies, lines_near,
};
use orrery_ephem::{Ephemeris, EphemerisSource};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::bounded::bounded_number;
use crate::closed_sets::EphemerisName;
use crate::common::BirthEcho;
use crate::common::{BirthDto, LocationDto, OrderedMap, ResolvedBirth, body_list, ephemeris_name};
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::BodyField;

/// A line type, as the API names it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = LineType)]
#[serde(rename_all = "snake_case")]
pub enum LineTypeDto {
    Mc,
    Ic,
    Ac,
    Dc,
}

impl From<LineType> for LineTypeDto {
    fn from(line_type: LineType) -> Self {
        match line_type {
            LineType::Mc => LineTypeDto::Mc,
            LineType::Ic => LineTypeDto::Ic,
            LineType::Ac => LineTypeDto::Ac,
            LineType::Dc => LineTypeDto::Dc,
        }
    }
}

impl LineTypeDto {
    fn core(self) -> LineType {
        match self {
            LineTypeDto::Mc => LineType::Mc,
            LineTypeDto::Ic => LineType::Ic,
            LineTypeDto::Ac => LineType::Ac,
            LineTypeDto::Dc => LineType::Dc,
        }
    }
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = AcgAspects)]
#[serde(deny_unknown_fields)]
pub struct AcgAspectsDto {
    /// Aspect angles in degrees, each in (0, 180], 1..6 of them, no repeats.
    #[schema(min_items = 1, max_items = 6)]
    pub angles: Vec<f64>,
    /// Line types the aspect lines are drawn for (`mc`, `ic`, `ac`, `dc`), no repeats; default all four.
    #[serde(default)]
    pub targets: Option<Vec<LineTypeDto>>,
}

bounded_number!(
    /// The hour-angle step of the AC/DC curves, degrees.
    StepDegrees,
    StepDegreesBounds,
    Step::RANGE_DEG,
    "Hour-angle step of the AC/DC curves, degrees, 0.1..2."
);

/// The body of both endpoints: `location` and `max_km` belong to acg-near only.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcgRequest {
    /// The birth whose lines are drawn.
    pub birth: BirthDto,
    /// Body names, 1..16, no repeats; default `sun`…`pluto`, `chiron`, `true_node`.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 16)]
    pub bodies: Option<Vec<BodyField>>,
    /// Which lines (`mc`, `ic`, `ac`, `dc`), no repeats; default all four.
    #[serde(default)]
    #[schema(min_items = 1)]
    pub line_types: Option<Vec<LineTypeDto>>,
    /// Adds zodiacal aspect lines; default none.
    #[serde(default)]
    pub aspects: Option<AcgAspectsDto>,
    /// Largest hour-angle step of the AC/DC curves in degrees, 0.1..2; default 0.5. Halved
    /// where a straight segment would stray more than 0.01° from the line; acg-near measures
    /// the exact lines and only echoes it.
    #[serde(default)]
    pub step_degrees: Option<StepDegrees>,
    /// acg-near only (required there): the place the lines are rated from.
    #[serde(default)]
    pub location: Option<LocationDto>,
    /// acg-near only: keep the lines within this many km (>= 0); default all.
    #[serde(default)]
    pub max_km: Option<f64>,
}

/// A validated acg-lines request.
#[derive(Debug, Clone)]
pub struct AcgLinesInput {
    pub birth: ResolvedBirth,
    pub lines: CartographyInput,
    /// Default bodies without data at the birth (Chiron before 1200), left out of `lines`.
    pub omitted: Vec<OmittedBody>,
}

/// A validated acg-near request.
#[derive(Debug, Clone)]
pub struct AcgNearInput {
    pub lines: AcgLinesInput,
    pub place: GeoPoint,
    pub max_km: Option<f64>,
}

fn parse_bodies(names: Option<&[BodyField]>) -> Result<Vec<Body>, ApiInputError> {
    let Some(names) = names else {
        return Ok(default_bodies());
    };
    let bodies = body_list("bodies", names, Some(MAX_BODIES))?;
    // An alias of an earlier name is a repeat too.
    if let Some(i) = (1..names.len()).find(|&i| names[..i].contains(&names[i])) {
        return Err(ApiInputError::field(
            &format!("bodies[{i}]"),
            format!("repeats {:?}", names[i].0.name()),
        ));
    }
    Ok(bodies)
}

/// A non-empty list of line types without repeats; `None` gives all four.
fn parse_line_types(
    field: &str,
    types: Option<&[LineTypeDto]>,
) -> Result<Vec<LineType>, ApiInputError> {
    let Some(types) = types else {
        return Ok(LineType::ALL.to_vec());
    };
    if types.is_empty() {
        return Err(ApiInputError::field(
            field,
            "must name at least one of mc, ic, ac, dc",
        ));
    }
    let mut out: Vec<LineType> = Vec::with_capacity(types.len());
    for (i, t) in types.iter().enumerate() {
        let t = t.core();
        if out.contains(&t) {
            return Err(ApiInputError::field(
                &format!("{field}[{i}]"),
                format!("repeats {:?}", t.name()),
            ));
        }
        out.push(t);
    }
    Ok(out)
}

fn parse_aspects(aspects: &AcgAspectsDto) -> Result<AspectLines, ApiInputError> {
    let angles = &aspects.angles;
    if angles.is_empty() || angles.len() > MAX_ASPECT_ANGLES {
        return Err(ApiInputError::field(
            "aspects.angles",
            format!(
                "must list 1 to {MAX_ASPECT_ANGLES} angles (got {})",
                angles.len()
            ),
        ));
    }
    let mut angles_deg: Vec<f64> = Vec::with_capacity(angles.len());
    for (i, &angle) in angles.iter().enumerate() {
        let field = format!("aspects.angles[{i}]");
        if !(angle.is_finite() && angle > 0.0 && angle <= 180.0) {
            return Err(ApiInputError::field(
                &field,
                format!("must be greater than 0 and at most 180 degrees (got {angle})"),
            ));
        }
        if angles_deg.iter().any(|a| (a - angle).abs() < f64::EPSILON) {
            return Err(ApiInputError::field(&field, format!("repeats {angle}")));
        }
        angles_deg.push(angle);
    }
    Ok(AspectLines {
        angles_deg,
        targets: parse_line_types("aspects.targets", aspects.targets.as_deref())?,
    })
}

impl AcgRequest {
    /// `polylines`: acg-lines draws the lines; acg-near measures the exact ones.
    fn lines_input(&self, polylines: bool) -> Result<AcgLinesInput, ApiInputError> {
        let birth = self.birth.resolve("birth")?;
        let step_deg = self
            .step_degrees
            .map_or(Step::DEFAULT.degrees(), |step| step.get());
        let step = Step::new(step_deg).ok_or_else(|| {
            let (min, max) = Step::RANGE_DEG;
            ApiInputError::field("step_degrees", format!("must be between {min} and {max}"))
        })?;
        // A default body without data at the birth is left out and listed; a named one is the
        // calculation's 400.
        let missing = if self.bodies.is_some() {
            MissingData::Refuse
        } else {
            MissingData::LeaveOut
        };
        let (bodies, omitted) = missing.split(&parse_bodies(self.bodies.as_deref())?, birth.jd);
        Ok(AcgLinesInput {
            lines: CartographyInput {
                jd: birth.jd,
                bodies,
                line_types: parse_line_types("line_types", self.line_types.as_deref())?,
                aspects: self.aspects.as_ref().map(parse_aspects).transpose()?,
                step,
                polylines,
            },
            birth,
            omitted,
        })
    }
}

impl TryFrom<&AcgRequest> for AcgLinesInput {
    type Error = ApiInputError;

    fn try_from(request: &AcgRequest) -> Result<Self, ApiInputError> {
        for (field, given) in [
            ("location", request.location.is_some()),
            ("max_km", request.max_km.is_some()),
        ] {
            if given {
                return Err(ApiInputError::field(
                    field,
                    "is only used by /v1/acg-near (the birth place is birth.location)",
                ));
            }
        }
        request.lines_input(true)
    }
}

impl TryFrom<&AcgRequest> for AcgNearInput {
    type Error = ApiInputError;

    fn try_from(request: &AcgRequest) -> Result<Self, ApiInputError> {
        let lines = request.lines_input(false)?;
        let location = request.location.as_ref().ok_or_else(|| {
            ApiInputError::field(
                "location",
                "is required: {latitude, longitude} of the place to rate",
            )
        })?;
        let observer = location.resolve("location")?;
        let max_km = match request.max_km {
            Some(km) if !(km.is_finite() && km >= 0.0) => {
                return Err(ApiInputError::field(
                    "max_km",
                    format!("must be a number of km >= 0 (got {km})"),
                ));
            }
            other => other,
        };
        Ok(AcgNearInput {
            lines,
            place: GeoPoint {
                lat_deg: observer.lat_deg,
                lon_deg: observer.lon_deg,
            },
            max_km,
        })
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AspectsEcho {
    /// The aspect angles drawn, degrees.
    pub angles: Vec<f64>,
    /// The points the aspect lines are drawn to.
    pub targets: Vec<LineTypeDto>,
}

/// The options as applied.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AcgSettings)]
pub struct AcgSettingsDto {
    /// The bodies whose lines are drawn, in the request's order.
    pub bodies: Vec<BodyField>,
    /// The line types drawn.
    pub line_types: Vec<LineTypeDto>,
    /// The sampling step along each line, degrees of geographic latitude or longitude.
    pub step_degrees: f64,
    /// The even grid's hour-angle step: 180° over an even number of intervals, at most
    /// `step_degrees` (intervals are halved where the line bends).
    pub hour_angle_step: f64,
    /// The aspect lines drawn, as resolved; absent when none are asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspects: Option<AspectsEcho>,
    /// acg-near only (absent: every line is listed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_km: Option<f64>,
}

/// Which aspect line.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = AcgAspect)]
pub struct AspectDto {
    /// The aspect, degrees.
    pub angle: f64,
    /// The target angle's ecliptic longitude minus the body's: `+angle` or `-angle`.
    pub offset: f64,
    /// The ecliptic longitude the target angle has on the line.
    pub point_longitude: f64,
}

impl From<AspectOffset> for AspectDto {
    fn from(a: AspectOffset) -> Self {
        Self {
            angle: a.angle_deg,
            offset: a.offset_deg,
            point_longitude: a.point.degrees(),
        }
    }
}

/// Segments of `[latitude, longitude]` points.
pub type SegmentsDto = Vec<Vec<[f64; 2]>>;

fn segments_dto(line: &Line) -> SegmentsDto {
    line.segments
        .iter()
        .map(|s| s.iter().map(|p| [p.lat_deg, p.lon_deg]).collect())
        .collect()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AspectLine)]
pub struct AspectLineDto {
    /// The angle the aspect is to.
    pub target: LineTypeDto,
    #[serde(flatten)]
    pub aspect: AspectDto,
    /// Polylines of `[latitude, longitude]` points, split at the date line.
    #[schema(value_type = Vec<Vec<Vec<f64>>>)]
    pub segments: SegmentsDto,
}

/// One body's position and lines.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = BodyLines)]
pub struct BodyLinesDto {
    /// Apparent geocentric right ascension of date, degrees.
    pub right_ascension: f64,
    /// Apparent geocentric declination of date, degrees.
    pub declination: f64,
    /// Apparent geocentric ecliptic longitude of date, degrees.
    pub longitude: f64,
    /// Keyed by line type, in the request's order.
    #[schema(value_type = BTreeMap<String, Vec<Vec<Vec<f64>>>>)]
    pub lines: OrderedMap<SegmentsDto>,
    /// The body's aspect lines; empty when none are asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aspect_lines: Vec<AspectLineDto>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AcgLinesResponse {
    pub input: BirthEcho,
    pub settings: AcgSettingsDto,
    /// `swiss`, or `moshier` when a body fell back to the analytical model.
    pub ephemeris: EphemerisName,
    /// Greenwich apparent sidereal time, degrees.
    pub sidereal_time: f64,
    /// True obliquity of date, degrees (converts the aspect points to the equator).
    pub true_obliquity: f64,
    /// The number of lines drawn (every body's and aspect's lines together).
    pub line_count: usize,
    /// The number of map points over all lines.
    pub point_count: usize,
    /// Keyed by body, in the request's order.
    #[schema(value_type = BTreeMap<String, BodyLinesDto>)]
    pub bodies: OrderedMap<BodyLinesDto>,
    /// Default bodies without data at the birth (Chiron before 1200), left out, with their
    /// dates; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// A point on the map (not a place of the atlas).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = MapPoint)]
pub struct MapPointDto {
    /// Geographic latitude, degrees north [-90, 90].
    pub latitude: f64,
    /// Geographic longitude, degrees east [-180, 180].
    pub longitude: f64,
}

impl From<GeoPoint> for MapPointDto {
    fn from(p: GeoPoint) -> Self {
        Self {
            latitude: p.lat_deg,
            longitude: p.lon_deg,
        }
    }
}

/// One line rated from the place.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = NearLine)]
pub struct NearLineDto {
    /// The body of the line.
    pub body: BodyField,
    /// The line's type.
    pub line_type: LineTypeDto,
    /// For an aspect line: which one (`line_type` is then its target).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect: Option<AspectDto>,
    /// Great-circle distance from the place to the line, km.
    pub distance_km: f64,
    /// The line's point nearest to the place.
    pub nearest: MapPointDto,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AcgNearResponse {
    pub input: BirthEcho,
    pub settings: AcgSettingsDto,
    /// The place rated.
    pub place: MapPointDto,
    /// `swiss` (the data files) or `moshier` (the analytical model, before 1200).
    pub ephemeris: EphemerisName,
    /// Greenwich apparent sidereal time, degrees.
    pub sidereal_time: f64,
    /// The number of lines found within the requested distance.
    pub line_count: usize,
    /// Nearest first.
    pub lines: Vec<NearLineDto>,
    /// As in `POST /v1/acg-lines`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

fn settings_echo(input: &CartographyInput, max_km: Option<f64>) -> AcgSettingsDto {
    let names = |types: &[LineType]| types.iter().copied().map(LineTypeDto::from).collect();
    AcgSettingsDto {
        bodies: input.bodies.iter().copied().map(BodyField).collect(),
        line_types: names(&input.line_types),
        step_degrees: input.step.degrees(),
        hour_angle_step: 180.0 / f64::from(input.step.intervals()),
        aspects: input.aspects.as_ref().map(|a| AspectsEcho {
            angles: a.angles_deg.clone(),
            targets: names(&a.targets),
        }),
        max_km,
    }
}

/// A body without data at the date is the client's to fix: name the field.
fn failure(error: ChartError) -> CalcFailure {
    match CalcFailure::from(error) {
        CalcFailure::Input(e) => CalcFailure::Input(e.prefixed("bodies")),
        internal @ CalcFailure::Internal(_) => internal,
    }
}

fn ephemeris_of(map: &Cartography) -> EphemerisName {
    let moshier = map
        .bodies
        .iter()
        .any(|b| b.source == EphemerisSource::Moshier);
    ephemeris_name(if moshier {
        EphemerisSource::Moshier
    } else {
        EphemerisSource::Swiss
    })
}

/// Draws the lines.
///
/// # Errors
/// A body without ephemeris data at the date (a 400 naming it), or a library failure (500).
pub fn compute_lines(
    eph: &Ephemeris,
    request: &AcgRequest,
    input: &AcgLinesInput,
) -> Result<AcgLinesResponse, CalcFailure> {
    let map = cartography(eph, &input.lines).map_err(failure)?;
    let mut bodies = OrderedMap::default();
    for sky in &map.bodies {
        let mut lines = OrderedMap::default();
        let mut aspect_lines = Vec::new();
        for line in map.lines.iter().filter(|l| l.body == sky.body) {
            match line.aspect {
                None => lines
                    .0
                    .push((line.line_type.name().to_owned(), segments_dto(line))),
                Some(aspect) => aspect_lines.push(AspectLineDto {
                    target: line.line_type.into(),
                    aspect: aspect.into(),
                    segments: segments_dto(line),
                }),
            }
        }
        bodies.0.push((
            sky.body.name().into_owned(),
            BodyLinesDto {
                right_ascension: sky.equatorial.ra.degrees(),
                declination: sky.equatorial.dec_deg,
                longitude: sky.lon.degrees(),
                lines,
                aspect_lines,
            },
        ));
    }
    Ok(AcgLinesResponse {
        input: BirthEcho::new(&request.birth, &input.birth),
        settings: settings_echo(&input.lines, None),
        ephemeris: ephemeris_of(&map),
        sidereal_time: map.sidereal_time.degrees(),
        true_obliquity: map.true_obliquity_deg,
        line_count: map.lines.len(),
        point_count: map
            .lines
            .iter()
            .flat_map(|l| &l.segments)
            .map(Vec::len)
            .sum(),
        bodies,
        omitted: omitted_dtos(&input.omitted),
    })
}

/// Rates the lines from the place.
///
/// # Errors
/// As [`compute_lines`].
pub fn compute_near(
    eph: &Ephemeris,
    request: &AcgRequest,
    input: &AcgNearInput,
) -> Result<AcgNearResponse, CalcFailure> {
    let map = cartography(eph, &input.lines.lines).map_err(failure)?;
    let lines: Vec<NearLineDto> = lines_near(&map.lines, input.place, input.max_km)
        .into_iter()
        .map(|near| NearLineDto {
            body: BodyField(near.line.body),
            line_type: near.line.line_type.into(),
            aspect: near.line.aspect.map(AspectDto::from),
            distance_km: near.nearest.distance_km,
            nearest: near.nearest.point.into(),
        })
        .collect();
    Ok(AcgNearResponse {
        input: BirthEcho::new(&request.birth, &input.lines.birth),
        settings: settings_echo(&input.lines.lines, input.max_km),
        place: input.place.into(),
        ephemeris: ephemeris_of(&map),
        sidereal_time: map.sidereal_time.degrees(),
        line_count: lines.len(),
        lines,
        omitted: omitted_dtos(&input.lines.omitted),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::{AcgLinesInput, AcgNearInput};
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for AcgLinesInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for AcgLinesInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::birth("birth", &self.birth)]
        }
    }

    impl Endpoint for AcgNearInput {
        const COST: CostClass = CostClass::Heavy;
    }

    impl ProvenanceInputs for AcgNearInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            self.lines.input_instants()
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn request(value: serde_json::Value) -> AcgRequest {
        serde_json::from_value(value).unwrap()
    }

    fn birth() -> serde_json::Value {
        json!({"datetime": "2000-01-01T12:00:00Z", "location": {"latitude": 51.5, "longitude": 0.0}})
    }

    #[test]
    fn defaults() {
        let got = AcgLinesInput::try_from(&request(json!({"birth": birth()}))).unwrap();
        assert_eq!(got.lines.bodies, default_bodies());
        assert_eq!(got.lines.line_types, LineType::ALL);
        assert_eq!(got.lines.step, Step::DEFAULT);
        assert_eq!(got.lines.aspects, None);
        let aspects = AcgLinesInput::try_from(&request(
            json!({"birth": birth(), "aspects": {"angles": [90, 120]}}),
        ))
        .unwrap();
        assert_eq!(aspects.lines.aspects.unwrap().targets, LineType::ALL);
    }

    #[test]
    fn aliases_count_as_repeats() {
        let message = AcgLinesInput::try_from(&request(
            json!({"birth": birth(), "bodies": ["mean_apogee", "mean_lilith"]}),
        ))
        .unwrap_err()
        .message;
        assert_eq!(message, "bodies[1] repeats \"mean_apogee\"");
    }
}
