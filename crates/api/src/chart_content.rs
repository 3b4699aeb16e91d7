//! What a chart shows, as `/v1/radix` shows it, shared by every endpoint that answers with a
//! chart (radix, the relationship charts, the return charts): the bodies with their houses, the
//! cusps and angles, and the aspects; and the request part that selects the aspects.

use orrery_astro::aspects::{AspectConfig, AspectPoint, OrbPreset, find_within};
use orrery_astro::chart::{BodyPosition, Chart, ChartInput, MissingData, compute_chart_with};
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::houses::{house_of, houses_note};
use orrery_ephem::{Angles, Ephemeris, HousePoint, Houses};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectListDto, AspectOptionsDto};
use crate::common::{OrderedMap, ephemeris_name};
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};

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
    /// The ascendant: the ecliptic on the eastern horizon, for every house system (inside the
    /// polar circles it jumps by 180° where the MC crosses the horizon).
    pub ascendant: AnglePointDto,
    /// The MC: the ecliptic point on the upper meridian, for every house system (also where
    /// the system puts the IC on its 10th cusp inside the polar circles).
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

/// What a chart shows, as radix shows it: also the return charts of `/v1/returns`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChartContent {
    /// `swiss`, or `moshier` when a body fell back to the analytical model (before 1200).
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
    /// Why the cusps are not what the system gives elsewhere: the library's reason for
    /// Porphyry houses, or that the system put the IC on the 10th cusp (inside the polar circles
    /// with the MC below the horizon; `angles.mc` is the MC all the same). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system_note: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspects: Option<AspectListDto>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses_omitted_reason: Option<&'static str>,
    /// Bodies of the default list left out because the date is outside their data (Chiron
    /// before 1200), with the dates they have data for; absent when none is. A body asked for
    /// by name is never left out: it is a 400 `outside_ephemeris_range`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

/// Computes a chart and the parts asked for: the bodies with their houses, the cusps and
/// angles, the aspects among the bodies (and the ascendant and MC with `include_axes`, when the
/// chart has houses).
///
/// A body without data at the date is left out and listed in `omitted` with
/// [`MissingData::LeaveOut`] (the bodies are the default list), or refused.
///
/// # Errors
/// A body without data at the date ([`MissingData::Refuse`]), or a frame the library rejects.
pub fn chart_content(
    eph: &Ephemeris,
    chart_input: &ChartInput,
    missing: MissingData,
    parts: &[RadixPart],
    aspect_config: &AspectConfig,
    include_axes: bool,
) -> Result<ChartContent, CalcFailure> {
    let chart = compute_chart_with(eph, chart_input, missing)?;
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
        house_system_note: shown_houses.and_then(houses_note),
        aspects,
        houses_omitted_reason: chart.houses_omitted_reason,
        omitted: omitted_dtos(&chart.omitted),
    })
}

/// A chart's aspect points (its bodies, and the ascendant and MC with `include_axes`).
///
/// # Errors
/// A non-finite longitude or speed (never from the library's own output).
pub fn aspect_points(chart: &Chart, include_axes: bool) -> Result<Vec<AspectPoint>, CalcFailure> {
    chart
        .aspect_points(include_axes)
        .map_err(|e| CalcFailure::Internal(e.to_string()))
}
