//! `POST /v1/radix`: a complete chart (planets, houses and angles, aspects) for a birth.

use orrery_astro::chart::{ChartInput, MissingData, chart_bodies_seen_from};
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::cast::{CastInput, cast_chart};
use orrery_ephem::{Ephemeris, HouseSystem};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// The chart content lives in its own module; these names stay reachable here, where clients of
// the crate met them first.
pub use crate::chart_content::{
    AnglePointDto, AnglesDto, ChartContent, RadixAspectsDto, RadixPart, RadixPlanetDto,
    cast_failure, cast_options,
};
use crate::common::{
    BirthDto, FrameDto, FrameOptions, LocationDto, LocationEcho, ResolvedBirth, ResolvedTimeDto,
    ZodiacDto, body_list,
};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{AyanamsaField, BodyField, CenterField, HouseSystemField, Named, PresetField};
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
#[schema(as = RadixOptions)]
#[serde(deny_unknown_fields)]
pub struct RadixOptionsDto {
    /// House system (`GET /v1/catalog/house-systems`); default `koch`.
    #[serde(default)]
    pub house_system: Option<HouseSystemField>,
    /// Parts to return: `planets`, `houses`, `aspects`; not empty; default all.
    #[serde(default)]
    #[schema(min_items = 1)]
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
    #[schema(min_items = 1)]
    pub bodies: Option<Vec<BodyField>>,
}

/// A validated chart request.
#[derive(Debug, Clone)]
pub struct RadixInput {
    pub birth: ResolvedBirth,
    /// `birth.datetime` as given, for the echo.
    pub datetime: String,
    /// `birth.timezone` as given, for the echo.
    pub timezone: Option<String>,
    /// The chart to cast: a body without data is left out ([`MissingData::LeaveOut`]) when
    /// the bodies are the default list, refused when they were asked for by name.
    pub cast: CastInput,
    pub house_system: HouseSystemName,
    /// The preset the request named, with what it filled in.
    pub preset: Option<AppliedPreset>,
}

impl TryFrom<&RadixRequest> for RadixInput {
    type Error = ApiInputError;

    fn try_from(request: &RadixRequest) -> Result<Self, ApiInputError> {
        Self::read(
            &request.birth,
            &request.options,
            request.preset,
            "birth",
            "options.",
        )
    }
}

impl RadixInput {
    /// The chart of `birth_dto` with `options` and `preset`, their errors under the paths
    /// they have in the request: `birth_path` (`birth`; `radix.birth` in a wheel,
    /// `transits.natal` for a natal birth) and `options_path` (`options.`, ending in a dot).
    ///
    /// # Errors
    /// A birth that does not resolve, or an option that breaks its rule.
    pub fn read(
        birth_dto: &BirthDto,
        options: &RadixOptionsDto,
        preset: Option<PresetField>,
        birth_path: &str,
        options_path: &str,
    ) -> Result<Self, ApiInputError> {
        let mut preset = preset.map(|field| AppliedPreset::new(field.0));
        let birth = read_birth(preset.as_mut(), birth_path, birth_dto).resolve(birth_path)?;
        let aspects_path = format!("{options_path}aspects.");
        let bodies_path = format!("{options_path}bodies");
        let (house_system, (zodiac, ayanamsa), aspects) = match &mut preset {
            Some(preset) => (
                preset
                    .house_system(&format!("{options_path}house_system"), options.house_system)?,
                preset.zodiac(options_path, options.zodiac, options.ayanamsa)?,
                preset.aspects(&aspects_path, options.aspects.as_ref())?,
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
                    &format!("{options_path}include"),
                    "must name at least one of planets, houses, aspects",
                ));
            }
            Some(parts) => parts.as_slice(),
            None => &[RadixPart::Planets, RadixPart::Houses, RadixPart::Aspects],
        };
        let frame = FrameOptions {
            zodiac,
            ayanamsa: ayanamsa.map(|field| field.0),
            center: options.center,
            observer: options.observer.as_ref(),
            prefix: options_path,
        }
        .to_frame(Some(birth.place))?;
        let (bodies, missing) = match (&options.bodies, &mut preset) {
            (Some(bodies), _) => (body_list(&bodies_path, bodies, None)?, MissingData::Refuse),
            // The preset's list stands for the default one: a body without data at the date
            // is left out and listed, as from the default list.
            (None, Some(preset)) => {
                let seen = chart_bodies_seen_from(frame.center);
                let mut bodies = preset.bodies(&bodies_path);
                bodies.retain(|body| seen.contains(body));
                (bodies, MissingData::LeaveOut)
            }
            (None, None) => (chart_bodies_seen_from(frame.center), MissingData::LeaveOut),
        };
        let (aspects, include_axes) = aspects.unwrap_or_default().to_config(&aspects_path)?;
        let cast = CastInput::new(
            ChartInput {
                jd: birth.jd,
                place: birth.place,
                bodies,
                frame,
                house_system: Some(house_system.system),
            },
            missing,
            cast_options(parts, aspects, include_axes),
        );
        Ok(Self {
            datetime: birth_dto.datetime.as_str().to_owned(),
            timezone: birth_dto
                .timezone
                .as_ref()
                .map(|zone| zone.name().to_owned()),
            birth,
            cast,
            house_system,
            preset,
        })
    }
}

/// The request as understood, echoed back.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RadixInputEcho {
    /// `birth.datetime` as given (ISO 8601).
    pub datetime: String,
    /// `birth.timezone` as given (an IANA zone or `auto`); absent when not given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// The birth place used: latitude and longitude in degrees, altitude in metres.
    pub location: LocationEcho,
    /// The house system asked for (`GET /v1/catalog/house-systems`).
    pub house_system: HouseSystemField,
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
    /// The request as understood.
    pub input: RadixInputEcho,
    #[serde(flatten)]
    pub chart: ChartContent,
}

/// Casts the chart.
///
/// # Errors
/// A body without data at the date, or a frame the library rejects.
pub fn compute(eph: &Ephemeris, input: &RadixInput) -> Result<RadixResponse, CalcFailure> {
    let chart =
        cast_chart(eph, &input.cast).map_err(|e| cast_failure(e).at_field("birth.datetime"))?;
    Ok(RadixResponse {
        input: RadixInputEcho {
            datetime: input.datetime.clone(),
            timezone: input.timezone.clone(),
            location: LocationEcho::from(input.birth.place),
            house_system: Named(input.house_system),
            frame: FrameDto::new(&input.cast.chart.frame),
            resolved: ResolvedTimeDto::new(&input.birth),
            preset: input.preset.as_ref().map(AppliedPreset::echo),
        },
        chart: ChartContent::new(&chart, input.cast.options.aspects.as_ref()),
    })
}

/// This endpoint's declarations: its lane (before the body is read) and the input instants
/// its answer's provenance reports.
mod declaration {
    use super::RadixInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for RadixInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for RadixInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::birth("birth", &self.birth)]
        }

        fn preset_name(&self) -> Option<&'static str> {
            self.preset.as_ref().map(|preset| preset.preset().name())
        }
    }
}
