//! `POST /v1/radix`: a complete chart (planets, houses and angles, aspects) for a birth.

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{AspectConfig, AspectPoint, OrbPreset, find_within};
use orrery_astro::chart::{BodyPosition, Chart, ChartInput, chart_bodies_seen_from, compute_chart};
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::houses::house_of;
use orrery_ephem::{Angles, Ephemeris, HousePoint, HouseSystem, Houses};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectListDto, AspectOptionsDto};
use crate::common::{
    BirthDto, FrameDto, FrameOptions, LocationDto, LocationEcho, OrderedMap, ResolvedBirth,
    ResolvedTimeDto, ZodiacDto, body_list, ephemeris_name,
};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, BodyField, CenterField, HouseSystemField};

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RadixRequest {
    /// The birth the chart is cast for.
    pub birth: BirthDto,
    /// House system, parts, aspects, frame and bodies; every part has a default.
    #[serde(default)]
    pub options: RadixOptionsDto,
}

/// What a chart response contains.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RadixPart {
    Planets,
    Houses,
    Aspects,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RadixOptionsDto {
    /// House system (`GET /v1/catalog/house-systems`); default `koch`.
    #[serde(default)]
    pub house_system: Option<HouseSystemField>,
    /// Parts to return: `planets`, `houses`, `aspects`; not empty; default all.
    #[serde(default)]
    pub include: Option<Vec<RadixPart>>,
    /// Aspect selection and orbs; default major aspects, `classic` orbs, with AC and MC.
    #[serde(default)]
    pub aspects: Option<RadixAspectsDto>,
    /// `tropical` (default) or `sidereal`.
    #[serde(default)]
    pub zodiac: Option<ZodiacDto>,
    /// Sidereal mode (`GET /v1/catalog/ayanamsas`), only with `zodiac` `sidereal`; default `lahiri`.
    #[serde(default)]
    pub ayanamsa: Option<AyanamsaField>,
    /// `geocentric` (default), `heliocentric`, `barycentric`, `topocentric` or `planet:<body>`.
    #[serde(default)]
    pub center: Option<CenterField>,
    /// Only with `center` `topocentric`: the observer's place; default the birth place.
    #[serde(default)]
    pub observer: Option<LocationDto>,
    /// The bodies of the chart; default `sun`..`pluto`, `mean_node`, `true_node`, `mean_apogee`,
    /// `osculating_apogee`, `chiron`.
    #[serde(default)]
    pub bodies: Option<Vec<BodyField>>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RadixAspectsDto {
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`; default `classic`.
    #[serde(default)]
    pub orbs: Option<crate::aspect_options::OrbsField>,
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<crate::names::AspectCategoryField>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    pub aspects: Option<Vec<crate::names::AspectField>>,
    /// AC and MC as aspect points; default true.
    #[serde(default)]
    pub include_axes: Option<bool>,
}

impl RadixAspectsDto {
    /// The aspect configuration (`prefix` locates the fields, `options.aspects.` in radix) with
    /// the `classic` orbs by default, and whether AC and MC take part (default true).
    ///
    /// # Errors
    /// As [`AspectOptionsDto::to_config`].
    pub fn to_config(&self, prefix: &str) -> Result<(AspectConfig, bool), ApiInputError> {
        let aspects = AspectOptionsDto {
            aspect_types: self.aspect_types.clone(),
            aspects: self.aspects.clone(),
            orbs: self.orbs.clone(),
        }
        .to_config(prefix, OrbPreset::Classic)?;
        Ok((aspects, self.include_axes.unwrap_or(true)))
    }
}

/// A validated chart request.
#[derive(Debug, Clone)]
pub struct RadixInput {
    pub birth: ResolvedBirth,
    pub chart: ChartInput,
    pub house_system: HouseSystemName,
    pub parts: Vec<RadixPart>,
    pub aspects: AspectConfig,
    pub include_axes: bool,
}

impl TryFrom<&RadixRequest> for RadixInput {
    type Error = ApiInputError;

    fn try_from(request: &RadixRequest) -> Result<Self, ApiInputError> {
        let birth = request.birth.resolve("birth")?;
        let options = &request.options;
        let house_system = options
            .house_system
            .map_or_else(|| HouseSystemName::of(HouseSystem::KOCH), |field| field.0);
        let parts = match &options.include {
            Some(parts) if parts.is_empty() => {
                return Err(ApiInputError::field(
                    "options.include",
                    "must name at least one of planets, houses, aspects",
                ));
            }
            Some(parts) => parts.clone(),
            None => vec![RadixPart::Planets, RadixPart::Houses, RadixPart::Aspects],
        };
        let frame = FrameOptions {
            zodiac: options.zodiac,
            ayanamsa: options.ayanamsa.map(|field| field.0),
            center: options.center,
            observer: options.observer.as_ref(),
            prefix: "options.",
        }
        .to_frame(Some(birth.place))?;
        let bodies = match &options.bodies {
            Some(bodies) => body_list("options.bodies", bodies, None)?,
            None => chart_bodies_seen_from(frame.center),
        };
        let (aspects, include_axes) = options
            .aspects
            .clone()
            .unwrap_or_default()
            .to_config("options.aspects.")?;
        let wants_houses = parts.contains(&RadixPart::Houses)
            || (parts.contains(&RadixPart::Aspects) && include_axes);
        Ok(Self {
            chart: ChartInput {
                jd: birth.jd,
                place: birth.place,
                bodies,
                frame,
                house_system: wants_houses.then_some(house_system.system),
            },
            birth,
            house_system,
            parts,
            aspects,
            include_axes,
        })
    }
}

/// The request as understood, echoed back.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RadixInputEcho {
    pub datetime: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    pub location: LocationEcho,
    pub house_system: &'static str,
    #[serde(flatten)]
    pub frame: FrameDto,
    /// The instant the civil time resolved to.
    pub resolved: ResolvedTimeDto,
}

/// A body in a chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RadixPlanetDto {
    pub longitude: f64,
    pub latitude: f64,
    pub distance: f64,
    pub longitude_speed: f64,
    pub latitude_speed: f64,
    pub distance_speed: f64,
    pub retrograde: bool,
    pub sign: &'static str,
    /// Degrees within the sign, [0, 30).
    pub sign_degree: f64,
    /// The house (1..12) the body's longitude falls in; absent without houses or for Gauquelin
    /// sectors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<u8>,
}

/// A chart point with its daily motion.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct AnglePointDto {
    pub longitude: f64,
    pub speed: f64,
}

impl From<HousePoint> for AnglePointDto {
    fn from(p: HousePoint) -> Self {
        Self {
            longitude: p.lon_deg,
            speed: p.speed_deg_per_day,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnglesDto {
    pub ascendant: AnglePointDto,
    pub mc: AnglePointDto,
    /// Right ascension of the MC (sidereal time in degrees).
    pub armc: f64,
    pub vertex: AnglePointDto,
    pub equatorial_ascendant: AnglePointDto,
    pub co_ascendant_koch: AnglePointDto,
    pub co_ascendant_munkasey: AnglePointDto,
    pub polar_ascendant: AnglePointDto,
}

impl From<&Angles> for AnglesDto {
    fn from(a: &Angles) -> Self {
        Self {
            ascendant: a.ascendant.into(),
            mc: a.mc.into(),
            armc: a.armc_deg,
            vertex: a.vertex.into(),
            equatorial_ascendant: a.equatorial_ascendant.into(),
            co_ascendant_koch: a.co_ascendant_koch.into(),
            co_ascendant_munkasey: a.co_ascendant_munkasey.into(),
            polar_ascendant: a.polar_ascendant.into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RadixResponse {
    pub input: RadixInputEcho,
    #[serde(flatten)]
    pub chart: ChartContent,
}

fn planet_dto(p: &BodyPosition, houses: Option<&Houses>) -> RadixPlanetDto {
    RadixPlanetDto {
        longitude: p.lon.degrees(),
        latitude: p.lat_deg,
        distance: p.dist_au,
        longitude_speed: p.lon_speed_deg_per_day,
        latitude_speed: p.lat_speed_deg_per_day,
        distance_speed: p.dist_speed_au_per_day,
        retrograde: p.is_retrograde(),
        sign: p.lon.sign().name(),
        sign_degree: p.lon.degree_in_sign(),
        house: houses.and_then(|h| house_of(p.lon, h)),
    }
}

/// Computes the chart.
///
/// # Errors
/// A body without data at the date, or a frame the library rejects.
pub fn compute(
    eph: &Ephemeris,
    request: &RadixRequest,
    input: &RadixInput,
) -> Result<RadixResponse, CalcFailure> {
    let content = chart_content(
        eph,
        &input.chart,
        &input.parts,
        &input.aspects,
        input.include_axes,
    )
    .map_err(|e| e.at_field("birth.datetime"))?;
    let birth = &request.birth;
    Ok(RadixResponse {
        input: RadixInputEcho {
            datetime: birth.datetime.as_str().to_owned(),
            timezone: birth.timezone.as_ref().map(|zone| zone.name().to_owned()),
            location: LocationEcho::from(input.birth.place),
            house_system: input.house_system.name,
            frame: FrameDto::new(&input.chart.frame),
            resolved: ResolvedTimeDto::new(&input.birth),
        },
        chart: content,
    })
}

/// What a chart shows, as radix shows it: also the return charts of `/v1/returns`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChartContent {
    /// `swiss`, or `moshier` when a body fell back to the analytical model (outside 1800-2400).
    pub ephemeris: &'static str,
    #[schema(value_type = BTreeMap<String, RadixPlanetDto>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planets: Option<OrderedMap<RadixPlanetDto>>,
    /// Cusp longitudes keyed by house number ("1".."12"; "1".."36" for Gauquelin sectors).
    #[schema(value_type = BTreeMap<String, f64>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses: Option<OrderedMap<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub angles: Option<AnglesDto>,
    /// The system the cusps are in: the requested one, or `porphyry` where the requested one is
    /// undefined (inside the polar circles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system_used: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system_note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspects: Option<AspectListDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses_omitted_reason: Option<&'static str>,
}

/// Computes a chart and the parts asked for: the bodies with their houses, the cusps and
/// angles, the aspects among the bodies (and the ascendant and MC with `include_axes`, when the
/// chart has houses).
///
/// # Errors
/// A body without data at the date, or a frame the library rejects.
pub fn chart_content(
    eph: &Ephemeris,
    chart_input: &ChartInput,
    parts: &[RadixPart],
    aspect_config: &AspectConfig,
    include_axes: bool,
) -> Result<ChartContent, CalcFailure> {
    let chart = compute_chart(eph, chart_input)?;
    content_of(&chart, parts, aspect_config, include_axes)
}

/// [`chart_content`] for a chart already computed (or built, like a composite chart).
///
/// # Errors
/// A non-finite longitude or speed (never from the library's own output).
pub fn content_of(
    chart: &Chart,
    parts: &[RadixPart],
    aspect_config: &AspectConfig,
    include_axes: bool,
) -> Result<ChartContent, CalcFailure> {
    let houses = chart.houses.as_ref();
    let wants = |part| parts.contains(&part);

    let planets = wants(RadixPart::Planets).then(|| {
        OrderedMap(
            chart
                .positions
                .iter()
                .map(|p| (p.body.name().into_owned(), planet_dto(p, houses)))
                .collect(),
        )
    });
    let shown_houses = houses.filter(|_| wants(RadixPart::Houses));
    let aspects = if wants(RadixPart::Aspects) {
        let points = aspect_points(chart, include_axes)?;
        let report = find_within(&points, aspect_config);
        Some(AspectListDto::new(aspect_config, "within", &report))
    } else {
        None
    };
    Ok(ChartContent {
        ephemeris: ephemeris_name(chart.ephemeris_source()),
        planets,
        houses: shown_houses.map(|h| {
            OrderedMap(
                h.cusps
                    .iter()
                    .enumerate()
                    .map(|(i, c)| ((i + 1).to_string(), c.lon_deg))
                    .collect(),
            )
        }),
        angles: shown_houses.map(|h| AnglesDto::from(&h.angles)),
        house_system_used: shown_houses.map(|h| HouseSystemName::of(h.system_used).name),
        house_system_note: shown_houses.and_then(|h| h.fallback.clone()),
        aspects,
        houses_omitted_reason: chart.houses_omitted_reason,
    })
}

/// A chart's aspect points: its bodies with their speeds, then the ascendant and MC with
/// `include_axes` when the chart has houses.
///
/// # Errors
/// A non-finite longitude or speed (never from the library's own output).
pub fn aspect_points(chart: &Chart, include_axes: bool) -> Result<Vec<AspectPoint>, CalcFailure> {
    let mut points = Vec::with_capacity(chart.positions.len() + 2);
    for p in &chart.positions {
        points.push(aspect_point(
            &p.body.name(),
            p.lon.degrees(),
            p.lon_speed_deg_per_day,
        )?);
    }
    if let (true, Some(h)) = (include_axes, chart.houses.as_ref()) {
        points.push(aspect_point(
            "ascendant",
            h.angles.ascendant.lon_deg,
            h.angles.ascendant.speed_deg_per_day,
        )?);
        points.push(aspect_point(
            "mc",
            h.angles.mc.lon_deg,
            h.angles.mc.speed_deg_per_day,
        )?);
    }
    Ok(points)
}

fn aspect_point(name: &str, lon_deg: f64, speed: f64) -> Result<AspectPoint, CalcFailure> {
    let lon = Longitude::new(lon_deg).map_err(|e| CalcFailure::Internal(format!("{name}: {e}")))?;
    AspectPoint::new(name, lon, Some(speed)).map_err(|e| CalcFailure::Internal(e.to_string()))
}
