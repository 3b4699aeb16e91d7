//! `POST /v1/radix`: a complete chart (planets, houses and angles, aspects) for a birth.

use orrery_astro::aspects::AspectConfig;
use orrery_astro::chart::{ChartInput, MissingData, chart_bodies_seen_from};
use orrery_astro::house_system::HouseSystemName;
use orrery_ephem::{Ephemeris, HouseSystem};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// The chart content lives in its own module; these names stay reachable here, where clients of
// the crate met them first.
pub use crate::chart_content::{
    AnglePointDto, AnglesDto, ChartContent, RadixAspectsDto, RadixPart, RadixPlanetDto,
    aspect_points, chart_content, content_of,
};
use crate::common::{
    BirthDto, FrameDto, FrameOptions, LocationDto, LocationEcho, ResolvedBirth, ResolvedTimeDto,
    ZodiacDto, body_list,
};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, BodyField, CenterField, HouseSystemField, PresetField};
use crate::presets::{AppliedPreset, PresetEcho, read_birth};

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RadixRequest {
    /// The birth the chart is cast for.
    pub birth: BirthDto,
    /// House system, parts, aspects, frame and bodies; every part has a default.
    #[serde(default)]
    pub options: RadixOptionsDto,
    /// A peer's conventions (`GET /v1/catalog/presets`) for every option left unset here and
    /// in `birth` (calendar, Local Mean Time); echoed with what it fixed.
    #[serde(default)]
    pub preset: Option<PresetField>,
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

/// A validated chart request.
#[derive(Debug, Clone)]
pub struct RadixInput {
    pub birth: ResolvedBirth,
    pub chart: ChartInput,
    pub house_system: HouseSystemName,
    pub parts: Vec<RadixPart>,
    pub aspects: AspectConfig,
    pub include_axes: bool,
    /// Leave out a body without data ([`MissingData::LeaveOut`]) when the bodies are the
    /// default list; refuse it when they were asked for by name.
    pub missing: MissingData,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

impl TryFrom<&RadixRequest> for RadixInput {
    type Error = ApiInputError;

    fn try_from(request: &RadixRequest) -> Result<Self, ApiInputError> {
        let mut preset = request.preset.map(|field| AppliedPreset::new(field.0));
        let birth = read_birth(preset.as_mut(), "birth", &request.birth).resolve("birth")?;
        let options = &request.options;
        let (house_system, (zodiac, ayanamsa), aspects) = match &mut preset {
            Some(preset) => (
                preset.house_system("options.house_system", options.house_system)?,
                preset.zodiac("options.", options.zodiac, options.ayanamsa)?,
                preset.aspects("options.aspects.", options.aspects.as_ref())?,
            ),
            None => (
                options.house_system,
                (options.zodiac, options.ayanamsa),
                options.aspects.clone(),
            ),
        };
        let house_system =
            house_system.map_or_else(|| HouseSystemName::of(HouseSystem::KOCH), |field| field.0);
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
            zodiac,
            ayanamsa: ayanamsa.map(|field| field.0),
            center: options.center,
            observer: options.observer.as_ref(),
            prefix: "options.",
        }
        .to_frame(Some(birth.place))?;
        let (bodies, missing) = match (&options.bodies, &mut preset) {
            (Some(bodies), _) => (
                body_list("options.bodies", bodies, None)?,
                MissingData::Refuse,
            ),
            // The preset's list stands for the default one: a body without data at the date
            // is left out and listed, as from the default list.
            (None, Some(preset)) => {
                let seen = chart_bodies_seen_from(frame.center);
                let mut bodies = preset.bodies("options.bodies");
                bodies.retain(|body| seen.contains(body));
                (bodies, MissingData::LeaveOut)
            }
            (None, None) => (chart_bodies_seen_from(frame.center), MissingData::LeaveOut),
        };
        let (aspects, include_axes) = aspects.unwrap_or_default().to_config("options.aspects.")?;
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
            missing,
            preset,
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
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<PresetEcho>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RadixResponse {
    pub input: RadixInputEcho,
    #[serde(flatten)]
    pub chart: ChartContent,
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
        input.missing,
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
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        chart: content,
    })
}
