//! Aspect selection and orbs as requests give them (`aspect_types`, `aspects`, `orbs`), and the
//! aspect list as responses show it. Shared by every endpoint that reports aspects.

use orrery_astro::aspects::{
    Aspect, AspectCategory, AspectConfig, AspectHit, AspectReport, CustomOrbs, Orb, OrbPreset,
    OrbSpec,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiInputError;

/// `aspect_types`, `aspects` and `orbs` of a request.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AspectOptionsDto {
    /// Aspect categories, `major` and/or `minor`; used when `aspects` is absent; default `major`.
    #[serde(default)]
    pub aspect_types: Option<Vec<String>>,
    /// Aspect names (`GET /v1/catalog/aspects`); takes precedence over `aspect_types`.
    #[serde(default)]
    pub aspects: Option<Vec<String>>,
    /// A preset name, a bare number (one orb for all), or `{max, <aspect>: orb, ...}`.
    #[schema(value_type = crate::schema::Orbs)]
    #[serde(default)]
    pub orbs: Option<serde_json::Value>,
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
            (Some(names), _) => names
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    name.parse::<Aspect>().map_err(|e| {
                        ApiInputError::unknown_name(&format!("{prefix}aspects[{i}]"), &e)
                    })
                })
                .collect::<Result<_, _>>()?,
            (None, Some(types)) => {
                let categories: Vec<AspectCategory> = types
                    .iter()
                    .enumerate()
                    .map(|(i, name)| {
                        name.parse::<AspectCategory>().map_err(|e| {
                            ApiInputError::unknown_name(&format!("{prefix}aspect_types[{i}]"), &e)
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Aspect::of_categories(&categories)
            }
            (None, None) => Aspect::of_categories(&[AspectCategory::Major]),
        };
        let orbs = match &self.orbs {
            None | Some(serde_json::Value::Null) => OrbSpec::Preset(default_preset),
            Some(value) => parse_orbs(&format!("{prefix}orbs"), value)?,
        };
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

fn parse_orbs(field: &str, value: &serde_json::Value) -> Result<OrbSpec, ApiInputError> {
    use serde_json::Value;
    match value {
        Value::String(name) => name
            .parse::<OrbPreset>()
            .map(OrbSpec::Preset)
            .map_err(|e| ApiInputError::unknown_name(field, &e)),
        Value::Number(number) => {
            let deg = number.as_f64().unwrap_or(f64::NAN);
            Orb::new(deg)
                .map(OrbSpec::Flat)
                .map_err(|e| ApiInputError::labelled(field, e))
        }
        Value::Object(map) => {
            let mut max = None;
            let mut per_aspect = Vec::new();
            for (key, value) in map {
                let deg = value.as_f64().ok_or_else(|| {
                    ApiInputError::field(
                        &format!("{field}.{key}"),
                        format!("must be a number of degrees (got {value})"),
                    )
                })?;
                if key == "max" {
                    max = Some(deg);
                } else {
                    let aspect = key.parse::<Aspect>().map_err(|e| {
                        ApiInputError::labelled(
                            &format!("{field}.{key}"),
                            format!("keys are `max` or aspect names; {e}"),
                        )
                        .unknown(e.kind.accepted_names())
                    })?;
                    per_aspect.push((aspect, deg));
                }
            }
            CustomOrbs::new(max, per_aspect)
                .map(OrbSpec::Custom)
                .map_err(|e| ApiInputError::labelled(field, e))
        }
        other => Err(ApiInputError::field(
            field,
            format!(
                "must be a preset name (classic, tight, transit, progression), a number of degrees, or an object {{max, <aspect>: degrees}} (got {other})"
            ),
        )),
    }
}

/// The orbs in effect, echoed in `settings.orbs`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrbsEchoDto {
    /// The preset's name, `flat` for a bare number, `custom` for an object.
    pub preset: &'static str,
    /// The widest orb any selected aspect can get.
    pub max: f64,
}

/// The settings block of an aspect report.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AspectSettingsDto {
    pub aspect_names: Vec<&'static str>,
    pub orbs: OrbsEchoDto,
    /// `within` (all pairs of one list) or `cross` (pairs across two lists, e.g. synastry).
    pub mode: &'static str,
}

impl AspectSettingsDto {
    pub fn new(config: &AspectConfig, mode: &'static str) -> Self {
        let preset = match config.orbs() {
            OrbSpec::Preset(preset) => preset.name(),
            OrbSpec::Flat(_) => "flat",
            OrbSpec::Custom(_) => "custom",
        };
        Self {
            aspect_names: config.aspects().iter().map(|a| a.name()).collect(),
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
pub struct AspectDto {
    pub first: String,
    pub second: String,
    pub aspect: &'static str,
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
            aspect: hit.aspect.name(),
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
pub struct AspectListDto {
    pub settings: AspectSettingsDto,
    pub total_strength: f64,
    pub list: Vec<AspectDto>,
}

impl AspectListDto {
    pub fn new(config: &AspectConfig, mode: &'static str, report: &AspectReport) -> Self {
        Self {
            settings: AspectSettingsDto::new(config, mode),
            total_strength: report.total_strength,
            list: report.aspects.iter().map(AspectDto::from).collect(),
        }
    }
}
