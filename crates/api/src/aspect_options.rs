//! Aspect selection and orbs as requests give them (`aspect_types`, `aspects`, `orbs`), and the
//! aspect list as responses show it. Shared by every endpoint that reports aspects.

use orrery_astro::aspects::{
    Aspect, AspectCategory, AspectConfig, AspectHit, AspectReport, CustomOrbs, Orb, OrbPreset,
    OrbSpec,
};
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::error::ApiInputError;
use crate::names::{AspectCategoryField, AspectField, Named};
use crate::parallels::ParallelListDto;

/// `aspect_types`, `aspects` and `orbs` of a request.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AspectOptionsDto {
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<AspectCategoryField>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    pub aspects: Option<Vec<AspectField>>,
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`.
    #[serde(default)]
    pub orbs: Option<OrbsField>,
}

impl AspectOptionsDto {
    /// Builds the configuration. `prefix` locates the fields (`options.aspects.` in radix);
    /// `default_preset` applies when `orbs` is absent.
    ///
    /// # Errors
    /// Unknown aspect or category names, an invalid orb value.
    pub fn to_config(
        &self,
        prefix: &str,
        default_preset: OrbPreset,
    ) -> Result<AspectConfig, ApiInputError> {
        let aspects: Vec<Aspect> = match (&self.aspects, &self.aspect_types) {
            (Some(aspects), _) => aspects.iter().map(|field| field.0).collect(),
            (None, Some(types)) => {
                let categories: Vec<AspectCategory> = types.iter().map(|field| field.0).collect();
                Aspect::of_categories(&categories)
            }
            (None, None) => Aspect::of_categories(&[AspectCategory::Major]),
        };
        let orbs = self
            .orbs
            .as_ref()
            .map_or(OrbSpec::Preset(default_preset), |orbs| orbs.0.clone());
        AspectConfig::new(aspects, orbs).map_err(|e| {
            let field = if self.aspects.is_some() {
                "aspects"
            } else {
                "aspect_types"
            };
            ApiInputError::field(
                &format!("{prefix}{field}"),
                format!("must name at least one aspect ({e})"),
            )
        })
    }
}

/// `orbs` in its three forms, parsed while deserialising: a preset name, one orb in degrees for
/// every aspect, or `{max, <aspect>: degrees}`. An error names its path; in the object form the
/// path ends in the key (`options.aspects.orbs.trine`). The schema lists the three forms, with the
/// preset and aspect names from the core's catalogues.
#[derive(Debug, Clone, PartialEq)]
pub struct OrbsField(pub OrbSpec);

impl<'de> Deserialize<'de> for OrbsField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OrbsVisitor).map(Self)
    }
}

impl utoipa::PartialSchema for OrbsField {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, OneOfBuilder, Type};
        // Every orb, `max` included, is an `Orb`: above 0, at most `Orb::MAX_DEG`.
        let number = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .exclusive_minimum(Some(0.0))
                .maximum(Some(Orb::MAX_DEG))
                .description(Some(description))
        };
        let mut custom = ObjectBuilder::new()
            .title(Some("OrbsPerAspect"))
            .schema_type(Type::Object)
            .description(Some(
                "Named aspects get exactly their orb, the others their classic orb, all capped at `max`.",
            ))
            .property(
                "max",
                number("The widest orb, degrees; no aspect's orb may exceed it."),
            )
            .additional_properties(Some(AdditionalProperties::FreeForm(false)));
        for aspect in Aspect::ALL {
            custom = custom.property(aspect.name(), number("Degrees."));
        }
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .title(Some("OrbPresetName"))
                    .schema_type(Type::String)
                    .enum_values(Some(OrbPreset::ALL.iter().map(|p| p.name())))
                    .description(Some("A preset (see GET /v1/catalog/orb-presets).")),
            )
            .item(number(
                "One orb in degrees for every aspect and pair, above 0 and at most 30.",
            ))
            .item(custom)
            .description(Some(
                "A preset name, a bare number of degrees, or an object `{max, <aspect>: degrees}`.",
            ))
            .into()
    }
}

impl ToSchema for OrbsField {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Orbs")
    }
}

struct OrbsVisitor;

impl<'de> Visitor<'de> for OrbsVisitor {
    type Value = OrbSpec;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a preset name (classic, tight, transit, progression), a number of degrees, or an \
             object {max, <aspect>: degrees}",
        )
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<OrbSpec, E> {
        name.parse::<OrbPreset>()
            .map(OrbSpec::Preset)
            .map_err(E::custom)
    }

    fn visit_f64<E: de::Error>(self, deg: f64) -> Result<OrbSpec, E> {
        Orb::new(deg).map(OrbSpec::Flat).map_err(E::custom)
    }

    #[allow(clippy::cast_precision_loss, reason = "orbs are small numbers")]
    fn visit_i64<E: de::Error>(self, deg: i64) -> Result<OrbSpec, E> {
        self.visit_f64(deg as f64)
    }

    #[allow(clippy::cast_precision_loss, reason = "orbs are small numbers")]
    fn visit_u64<E: de::Error>(self, deg: u64) -> Result<OrbSpec, E> {
        self.visit_f64(deg as f64)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrbSpec, A::Error> {
        let mut max = None;
        let mut per_aspect = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            // Read through a seed, so that an error about the entry has its key in the path.
            match map.next_value_seed(OrbEntry { key: &key })? {
                (None, deg) => max = Some(deg),
                (Some(aspect), deg) => per_aspect.push((aspect, deg)),
            }
        }
        CustomOrbs::new(max, per_aspect)
            .map(OrbSpec::Custom)
            .map_err(de::Error::custom)
    }
}

/// One entry of the object form: `max` (`None`) or an aspect, and its degrees.
struct OrbEntry<'k> {
    key: &'k str,
}

impl<'de> DeserializeSeed<'de> for OrbEntry<'_> {
    type Value = (Option<Aspect>, f64);

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let deg = value.as_f64().ok_or_else(|| {
            de::Error::custom(format_args!("must be a number of degrees (got {value})"))
        })?;
        if self.key == "max" {
            return Ok((None, deg));
        }
        let aspect = self
            .key
            .parse::<Aspect>()
            .map_err(|e| de::Error::custom(format_args!("keys are `max` or aspect names; {e}")))?;
        Ok((Some(aspect), deg))
    }
}

/// The orbs in effect, echoed in `settings.orbs`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = OrbsEcho)]
pub struct OrbsEchoDto {
    /// The preset's name, `flat` for a bare number, `custom` for an object.
    pub preset: OrbsName,
    /// The widest orb any selected aspect can get.
    pub max: f64,
}

/// How a request gave its orbs: a preset by name, a bare number (`flat`) or an object
/// (`custom`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrbsName {
    Preset(OrbPreset),
    Flat,
    Custom,
}

impl OrbsName {
    /// The name of each form that is not a preset.
    const FORMS: [&'static str; 2] = ["flat", "custom"];

    fn as_str(self) -> &'static str {
        match self {
            Self::Preset(preset) => preset.name(),
            Self::Flat => Self::FORMS[0],
            Self::Custom => Self::FORMS[1],
        }
    }
}

impl Serialize for OrbsName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl utoipa::PartialSchema for OrbsName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(
                OrbPreset::ALL
                    .iter()
                    .map(|preset| preset.name())
                    .chain(Self::FORMS),
            ))
            .description(Some(
                "The orbs in effect: a preset's name (`GET /v1/catalog/orb-presets`), `flat` \
                 for a bare number, `custom` for an object.",
            ))
            .into()
    }
}

impl ToSchema for OrbsName {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("OrbsName")
    }
}

/// The settings block of an aspect report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AspectSettings)]
pub struct AspectSettingsDto {
    /// The aspects searched, as resolved from the request.
    pub aspect_names: Vec<AspectField>,
    pub orbs: OrbsEchoDto,
    /// Which pairs were searched.
    pub mode: AspectPairing,
}

/// Which pairs of points an aspect search looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AspectPairing {
    /// All pairs of one list.
    Within,
    /// The pairs across two lists (synastry, transits to a chart).
    Cross,
}

impl AspectSettingsDto {
    pub fn new(config: &AspectConfig, mode: AspectPairing) -> Self {
        let preset = match config.orbs() {
            OrbSpec::Preset(preset) => OrbsName::Preset(*preset),
            OrbSpec::Flat(_) => OrbsName::Flat,
            OrbSpec::Custom(_) => OrbsName::Custom,
        };
        Self {
            aspect_names: config.aspects().iter().copied().map(Named).collect(),
            orbs: OrbsEchoDto {
                preset,
                max: config.orbs().max_orb_deg(config.aspects()),
            },
            mode,
        }
    }
}

/// One aspect as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ChartAspect)]
pub struct AspectDto {
    /// The first point of the pair: a body, an angle (`ascendant`, `mc`) or a name the request
    /// gave its own position (a string: such names are the request's, not a closed set).
    pub first: String,
    /// The second point of the pair, named as `first`.
    pub second: String,
    /// The aspect (`conjunction`, `opposition`, `trine`, …).
    pub aspect: AspectField,
    /// The aspect's exact angle, degrees.
    pub angle: f64,
    /// The separation of the two points on the shorter arc, degrees.
    pub separation: f64,
    /// |separation - angle|, degrees.
    pub orb: f64,
    /// The orb allowed for this pair and aspect, degrees.
    pub allowed_orb: f64,
    /// orb / allowed_orb x 100.
    pub orb_percent: f64,
    /// 1 - orb / allowed_orb: 1 when exact, 0 at the edge of the orb.
    pub strength: f64,
    /// Whether the orb is shrinking; `null` when a speed is unknown.
    pub applying: Option<bool>,
    /// Days to exactness at the current relative speed (negative: days since exact); `null` when
    /// a speed is unknown or the points move together.
    pub exact_in_days: Option<f64>,
}

impl From<&AspectHit> for AspectDto {
    fn from(hit: &AspectHit) -> Self {
        Self {
            first: hit.first.clone(),
            second: hit.second.clone(),
            aspect: Named(hit.aspect),
            angle: hit.angle_deg,
            separation: hit.actual_separation_deg,
            orb: hit.orb_deg,
            allowed_orb: hit.allowed_orb_deg,
            orb_percent: hit.orb_percent,
            strength: hit.strength,
            applying: hit.applying,
            exact_in_days: hit.exact_in_days,
        }
    }
}

/// An aspect report as responses show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AspectList)]
pub struct AspectListDto {
    pub settings: AspectSettingsDto,
    /// The sum of the aspects' strengths (each 1 at exactness, 0 at the orb's edge).
    pub total_strength: f64,
    /// The aspects found, tightest first within each pair order.
    pub list: Vec<AspectDto>,
    /// The parallels and contra-parallels found; absent unless asked for (`parallels`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallels: Option<ParallelListDto>,
}

impl AspectListDto {
    pub fn new(config: &AspectConfig, mode: AspectPairing, report: &AspectReport) -> Self {
        Self {
            settings: AspectSettingsDto::new(config, mode),
            total_strength: report.total_strength,
            list: report.aspects.iter().map(AspectDto::from).collect(),
            parallels: config
                .parallels()
                .map(|parallels| ParallelListDto::new(parallels, &report.parallels)),
        }
    }
}
