//! What a chart shows, as `/v1/radix` shows it, shared by every endpoint that answers with a
//! chart (radix, the relationship charts, the return charts): the bodies with their houses, the
//! cusps and angles, and the aspects; and the request part that selects the aspects.

use orrery_astro::angle::Longitude;
use orrery_astro::aspects::{AspectConfig, OrbPreset};
use orrery_astro::equatorial::DeclinationOf;
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::cast::{CastBody, CastChart, CastError, CastOptions, ChartParts};
use orrery_ephem::{Angles, HousePoint};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::aspect_options::{AspectListDto, AspectOptionsDto, AspectPairing};
use crate::closed_sets::EphemerisName;
use crate::common::{OrderedMap, ephemeris_name};
use crate::ephemeris_range::{OmittedBodyDto, omitted_dtos};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{HouseSystemField, Named, SignField};
use crate::parallels::ParallelsDto;

/// What a chart response contains.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RadixPart {
    Planets,
    Houses,
    Aspects,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[schema(as = RadixAspects)]
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
    /// Parallels and contra-parallels too (listed in `aspects.parallels`); absent: none.
    #[serde(default)]
    pub parallels: Option<ParallelsDto>,
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
        let aspects = match &self.parallels {
            Some(parallels) => {
                aspects.with_parallels(parallels.to_config(&format!("{prefix}parallels."))?)
            }
            None => aspects,
        };
        Ok((aspects, self.include_axes.unwrap_or(true)))
    }
}

/// A body in a chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ChartBody)]
pub struct RadixPlanetDto {
    /// Ecliptic longitude in the chart's frame and zodiac, degrees, [0, 360).
    pub longitude: f64,
    /// Ecliptic latitude, degrees.
    pub latitude: f64,
    /// Distance from the chart's centre, astronomical units.
    pub distance: f64,
    /// Daily motion in longitude, degrees per day (negative: retrograde).
    pub longitude_speed: f64,
    /// Daily motion in latitude, degrees per day.
    pub latitude_speed: f64,
    /// Daily change of the distance, astronomical units per day.
    pub distance_speed: f64,
    /// Whether `longitude_speed` is negative.
    pub retrograde: bool,
    /// The sign the longitude is in.
    pub sign: SignField,
    /// Degrees within the sign, [0, 30).
    pub sign_degree: f64,
    /// The house (1..12) the body's longitude falls in; absent without houses or for Gauquelin
    /// sectors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house: Option<u8>,
    /// Declination from the true equator of date, degrees, north positive; absent in a chart
    /// without an instant (composite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declination: Option<f64>,
    /// Right ascension from the true equinox of date, degrees, [0, 360); absent with
    /// `declination`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_ascension: Option<f64>,
    /// Daily motion in declination, degrees per day; absent with `declination`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declination_speed: Option<f64>,
    /// Whether |declination| exceeds the true obliquity of date (beyond the Sun's reach);
    /// absent with `declination`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_bounds: Option<bool>,
}

/// A chart point with its daily motion.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = AnglePoint)]
pub struct AnglePointDto {
    /// Ecliptic longitude, degrees, [0, 360).
    pub longitude: f64,
    /// Daily motion in longitude, degrees per day.
    pub speed: f64,
    /// The sign of `longitude`.
    pub sign: SignField,
    /// Degrees into the sign, [0, 30) (as the bodies' `sign_degree`).
    pub sign_degree: f64,
}

impl From<HousePoint> for AnglePointDto {
    fn from(p: HousePoint) -> Self {
        let lon = zodiac_longitude(p.lon_deg);
        Self {
            longitude: p.lon_deg,
            speed: p.speed_deg_per_day,
            sign: Named(lon.sign()),
            sign_degree: lon.degree_in_sign(),
        }
    }
}

/// A house cusp with its sign, so that an app shows "ASC 18°47′ Virgo" without computing it.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = HouseCusp)]
pub struct HouseCuspDto {
    /// The house number (1..12; 1..36 for Gauquelin sectors).
    pub house: usize,
    /// Ecliptic longitude of the cusp, degrees, [0, 360) (the same as `houses`' value).
    pub longitude: f64,
    /// The sign of `longitude`.
    pub sign: SignField,
    /// Degrees into the sign, [0, 30).
    pub sign_degree: f64,
}

/// A cusp's or angle's longitude as the core's type. The library's house points are finite
/// and in [0, 360) (`orrery_ephem::HousePoint`), so the reduction never fails for them; a
/// non-finite value (none has been seen) would also show as `null` in `longitude`.
fn zodiac_longitude(lon_deg: f64) -> Longitude {
    Longitude::new(lon_deg).unwrap_or(Longitude::ZERO)
}

/// The angles of a chart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Angles)]
pub struct AnglesDto {
    /// The ascendant: the ecliptic on the eastern horizon, for every house system (inside the
    /// polar circles it jumps by 180° where the MC crosses the horizon).
    pub ascendant: AnglePointDto,
    /// The MC: the ecliptic point on the upper meridian, for every house system (also where
    /// the system puts the IC on its 10th cusp inside the polar circles).
    pub mc: AnglePointDto,
    /// Right ascension of the MC (sidereal time in degrees).
    pub armc: f64,
    /// The vertex: the ecliptic on the western prime vertical.
    pub vertex: AnglePointDto,
    /// The equatorial ascendant (the east point).
    pub equatorial_ascendant: AnglePointDto,
    /// Koch's co-ascendant.
    pub co_ascendant_koch: AnglePointDto,
    /// Munkasey's co-ascendant.
    pub co_ascendant_munkasey: AnglePointDto,
    /// Munkasey's polar ascendant.
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

fn planet_dto(body: &CastBody) -> RadixPlanetDto {
    let p = &body.position;
    let equatorial = body.equatorial.map(|e| e.get(DeclinationOf::Body));
    RadixPlanetDto {
        longitude: p.lon.degrees(),
        latitude: p.lat_deg,
        distance: p.dist_au,
        longitude_speed: p.lon_speed_deg_per_day,
        latitude_speed: p.lat_speed_deg_per_day,
        distance_speed: p.dist_speed_au_per_day,
        retrograde: p.is_retrograde(),
        sign: Named(p.lon.sign()),
        sign_degree: p.lon.degree_in_sign(),
        house: body.house,
        declination: equatorial.map(|e| e.declination_deg),
        right_ascension: equatorial.map(|e| e.right_ascension.degrees()),
        declination_speed: equatorial.map(|e| e.declination_speed_deg_per_day),
        out_of_bounds: equatorial.map(|e| e.out_of_bounds),
    }
}

/// What a chart shows, as radix shows it: also the return charts of `/v1/returns`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChartContent {
    /// `swiss`, or `moshier` when a body fell back to the analytical model (before 1200).
    pub ephemeris: EphemerisName,
    /// The bodies by name, in the order asked for; absent without the part `planets`.
    #[schema(value_type = BTreeMap<String, RadixPlanetDto>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planets: Option<OrderedMap<RadixPlanetDto>>,
    /// Cusp longitudes keyed by house number ("1".."12"; "1".."36" for Gauquelin sectors).
    #[schema(value_type = BTreeMap<String, f64>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses: Option<OrderedMap<f64>>,
    /// The same cusps in house order, each with its sign and degree in the sign; absent with
    /// `houses`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_cusps: Option<Vec<HouseCuspDto>>,
    /// The ascendant, the MC and the other angles; absent without houses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub angles: Option<AnglesDto>,
    /// The system the cusps are in: the requested one, or `porphyry` where the requested one is
    /// undefined (inside the polar circles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system_used: Option<HouseSystemField>,
    /// Why the cusps are not what the system gives elsewhere: the library's reason for
    /// Porphyry houses, or that the system put the IC on the 10th cusp (inside the polar circles
    /// with the MC below the horizon; `angles.mc` is the MC all the same). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub house_system_note: Option<String>,
    /// The aspects among the bodies (and the ascendant and MC with `include_axes`); absent
    /// without the part `aspects`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspects: Option<AspectListDto>,
    /// Why the houses asked for are absent (a centre off the Earth); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses_omitted_reason: Option<&'static str>,
    /// Bodies of the default list left out because the date is outside their data (Chiron
    /// before 1200), with the dates they have data for; absent when none is. A body asked for
    /// by name is never left out: it is a 400 `outside_ephemeris_range`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub omitted: Vec<OmittedBodyDto>,
}

impl ChartContent {
    /// The content of a cast chart; `aspects` is the configuration it was cast with (echoed
    /// in the aspects' settings).
    #[must_use]
    pub fn new(chart: &CastChart, aspects: Option<&AspectConfig>) -> Self {
        let houses = chart.houses.as_ref();
        Self {
            ephemeris: ephemeris_name(chart.ephemeris),
            planets: chart.bodies.as_ref().map(|bodies| {
                OrderedMap(
                    bodies
                        .iter()
                        .map(|b| (b.position.body.name().into_owned(), planet_dto(b)))
                        .collect(),
                )
            }),
            houses: houses.map(|h| {
                OrderedMap(
                    h.houses
                        .cusps
                        .iter()
                        .enumerate()
                        .map(|(i, c)| ((i + 1).to_string(), c.lon_deg))
                        .collect(),
                )
            }),
            house_cusps: houses.map(|h| {
                h.houses
                    .cusps
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let lon = zodiac_longitude(c.lon_deg);
                        HouseCuspDto {
                            house: i + 1,
                            longitude: c.lon_deg,
                            sign: Named(lon.sign()),
                            sign_degree: lon.degree_in_sign(),
                        }
                    })
                    .collect()
            }),
            angles: houses.map(|h| AnglesDto::from(&h.houses.angles)),
            house_system_used: houses.map(|h| Named(HouseSystemName::of(h.houses.system_used))),
            house_system_note: houses.and_then(|h| h.note.clone()),
            aspects: chart
                .aspects
                .as_ref()
                .zip(aspects)
                .map(|(report, config)| AspectListDto::new(config, AspectPairing::Within, report)),
            houses_omitted_reason: chart.houses_omitted_reason,
            omitted: omitted_dtos(&chart.omitted),
        }
    }
}

/// The core's options of a chart for the parts a request names: `aspects` is used when they
/// name the aspects.
#[must_use]
pub fn cast_options(parts: &[RadixPart], aspects: AspectConfig, include_axes: bool) -> CastOptions {
    CastOptions {
        parts: ChartParts {
            bodies: parts.contains(&RadixPart::Planets),
            houses: parts.contains(&RadixPart::Houses),
        },
        aspects: parts.contains(&RadixPart::Aspects).then_some(aspects),
        include_axes,
    }
}

/// A failure to cast a chart as the API reports it.
#[must_use]
pub fn cast_failure(error: CastError) -> CalcFailure {
    match error {
        CastError::Chart(error) => error.into(),
        CastError::Aspect(error) => CalcFailure::Internal(error.to_string()),
    }
}
