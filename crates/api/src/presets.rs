//! A request's `preset`: the options the request left unset take the preset's conventions, and
//! the answer echoes every setting the preset fixed (`input.preset.fixed`). Options the request
//! gives itself always win. The conventions and their sources are in docs/PRESETS.md; the core
//! half (houses, bodies, aspects, zodiac) is [`orrery_astro::presets`], the civil-time half
//! (calendar, Local Mean Time) is here, beside the birth options it sets.

use std::borrow::Cow;
use std::collections::BTreeMap;

use orrery_astro::aspects::Aspect;
use orrery_astro::body::Body;
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::presets::{Preset, PresetZodiac, RiseSetDisc};
use orrery_ephem::AyanamsaId;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::aspect_options::OrbsField;
use crate::chart_content::RadixAspectsDto;
use crate::common::{BirthDto, CalendarChoice, LmtChoice, ZodiacDto};
use crate::error::ApiInputError;
use crate::names::{AyanamsaField, BodyField, HouseSystemField, Named, PresetField};
use crate::rise_set::DiscDto;

/// The presets whose zodiac is sidereal: with one of them an `ayanamsa` needs no `zodiac`
/// (`AppliedPreset::zodiac`); the OpenAPI document's request rules say so.
#[must_use]
pub fn sidereal_preset_names() -> Vec<&'static str> {
    Preset::ALL
        .into_iter()
        .filter(|preset| matches!(preset.conventions().zodiac, PresetZodiac::Sidereal(_)))
        .map(Preset::name)
        .collect()
}

/// How a preset reads civil time: the calendar of a local date and the Local Mean Time before
/// standard time. `None`: the peer takes a fixed offset typed per chart, so the preset fixes
/// nothing there.
fn civil(preset: Preset) -> (CalendarChoice, Option<LmtChoice>) {
    match preset {
        // astro.com reads dates before 1582-10-15 as Julian when told ("jul"); `auto` is that
        // reading without the typing (docs/PRESETS.md discusses the difference).
        Preset::Astrodienst => (CalendarChoice::Auto, Some(LmtChoice::BirthPlace)),
        // pytz's zone before 1901 is the zone's own LMT (kerykeion rounds it to the minute,
        // which no option can reproduce).
        Preset::Kerykeion => (CalendarChoice::Gregorian, Some(LmtChoice::ZoneReference)),
        Preset::JagannathaHora => (CalendarChoice::Gregorian, None),
        Preset::Morinus => (CalendarChoice::Gregorian, Some(LmtChoice::BirthPlace)),
    }
}

/// A preset being applied to one request: what it filled in, by request field.
#[derive(Debug, Clone)]
pub struct AppliedPreset {
    preset: Preset,
    fixed: BTreeMap<String, Value>,
}

impl AppliedPreset {
    #[must_use]
    pub fn new(preset: Preset) -> Self {
        Self {
            preset,
            fixed: BTreeMap::new(),
        }
    }

    #[must_use]
    pub fn preset(&self) -> Preset {
        self.preset
    }

    fn fix(&mut self, field: String, value: Value) {
        self.fixed.insert(field, value);
    }

    /// `birth` (at `path`) with the preset's calendar and Local Mean Time where the request
    /// left them unset. Only a local `datetime` has a calendar to choose: one with `Z` or an
    /// offset is an instant already.
    #[must_use]
    fn birth(&mut self, path: &str, birth: &BirthDto) -> BirthDto {
        let mut filled = birth.clone();
        if birth.datetime.has_offset() {
            return filled;
        }
        let (calendar, lmt) = civil(self.preset);
        if filled.calendar.is_none() {
            filled.calendar = Some(calendar);
            self.fix(format!("{path}.calendar"), json!(calendar));
        }
        if let (None, Some(lmt)) = (filled.lmt, lmt) {
            filled.lmt = Some(lmt);
            self.fix(format!("{path}.lmt"), json!(lmt));
        }
        filled
    }

    /// The house system, the request's own if it gave one.
    ///
    /// # Errors
    /// None in practice: the preset's house system is in the catalogue (tested).
    pub fn house_system(
        &mut self,
        field: &str,
        given: Option<HouseSystemField>,
    ) -> Result<Option<HouseSystemField>, ApiInputError> {
        if given.is_some() {
            return Ok(given);
        }
        let name = self.preset.conventions().house_system;
        let system =
            HouseSystemName::parse(name).map_err(|e| ApiInputError::unknown_name(field, &e))?;
        self.fix(field.to_owned(), json!(name));
        Ok(Some(Named(system)))
    }

    /// The preset's default bodies (its node and Lilith), when the request names none.
    pub fn bodies(&mut self, field: &str) -> Vec<Body> {
        let bodies = self.preset.conventions().bodies.to_vec();
        let names: Vec<String> = bodies.iter().map(|body| body.name().into_owned()).collect();
        self.fix(field.to_owned(), json!(names));
        bodies
    }

    /// The aspect options with the preset's aspects and orbs where the request left them
    /// unset (`prefix` ends in `.`, `options.aspects.`). A preset without an aspect table
    /// (one that cannot be expressed per aspect) leaves them as they are.
    ///
    /// # Errors
    /// None in practice: the preset's orbs are valid (tested).
    pub fn aspects(
        &mut self,
        prefix: &str,
        given: Option<&RadixAspectsDto>,
    ) -> Result<Option<RadixAspectsDto>, ApiInputError> {
        let Some(table) = self.preset.conventions().aspects else {
            return Ok(given.cloned());
        };
        let mut filled = given.cloned().unwrap_or_default();
        if filled.aspects.is_none() && filled.aspect_types.is_none() {
            filled.aspects = Some(table.iter().map(|(aspect, _)| Named(*aspect)).collect());
            let names: Vec<&str> = table.iter().map(|(aspect, _)| aspect.name()).collect();
            self.fix(format!("{prefix}aspects"), json!(names));
        }
        if filled.orbs.is_none() {
            let orbs = orbs_of(table);
            filled.orbs = Some(
                serde_json::from_value::<OrbsField>(orbs.clone()).map_err(|e| {
                    ApiInputError::field(&format!("{prefix}orbs"), format!("preset: {e}"))
                })?,
            );
            self.fix(format!("{prefix}orbs"), orbs);
        }
        Ok(Some(filled))
    }

    /// The zodiac and sidereal mode, the request's own where given.
    ///
    /// # Errors
    /// None in practice: the preset's ayanamsa is in the catalogue (tested).
    pub fn zodiac(
        &mut self,
        prefix: &str,
        zodiac: Option<ZodiacDto>,
        ayanamsa: Option<AyanamsaField>,
    ) -> Result<(Option<ZodiacDto>, Option<AyanamsaField>), ApiInputError> {
        if zodiac.is_some() {
            return Ok((zodiac, ayanamsa));
        }
        match self.preset.conventions().zodiac {
            PresetZodiac::Tropical => {
                self.fix(format!("{prefix}zodiac"), json!("tropical"));
                Ok((Some(ZodiacDto::Tropical), ayanamsa))
            }
            PresetZodiac::Sidereal(name) => {
                self.fix(format!("{prefix}zodiac"), json!("sidereal"));
                let ayanamsa = match ayanamsa {
                    Some(given) => given,
                    None => {
                        let field = format!("{prefix}ayanamsa");
                        let mode = orrery_astro::ayanamsa::parse_ayanamsa(name)
                            .map_err(|e| ApiInputError::unknown_name(&field, &e))?;
                        self.fix(field, json!(name));
                        Named(mode)
                    }
                };
                Ok((Some(ZodiacDto::Sidereal), Some(ayanamsa)))
            }
        }
    }

    /// The rise/set disc of the Sun and the Moon and whether refraction applies, the request's
    /// own where given.
    pub fn rise_set(
        &mut self,
        disc: Option<RiseSetDisc>,
        refraction: Option<bool>,
    ) -> (RiseSetDisc, bool) {
        let conventions = self.preset.conventions();
        let disc = disc.unwrap_or_else(|| {
            self.fix(
                "disc".to_owned(),
                json!(DiscDto::from(conventions.rise_set_disc)),
            );
            conventions.rise_set_disc
        });
        let refraction = refraction.unwrap_or_else(|| {
            self.fix("refraction".to_owned(), json!(conventions.refraction));
            conventions.refraction
        });
        (disc, refraction)
    }

    /// The echo of what the preset fixed.
    #[must_use]
    pub fn echo(&self) -> PresetEcho {
        PresetEcho {
            name: Named(self.preset),
            peer: self.preset.conventions().peer,
            fixed: self.fixed.clone(),
        }
    }
}

impl AppliedPreset {
    /// The ayanamsa of a sidereal preset, for an endpoint that is sidereal by definition
    /// (`/v1/vedic`) and whose request left it unset; `None` for a tropical preset, whose
    /// zodiac such an endpoint cannot take (its civil-time conventions still apply).
    ///
    /// # Errors
    /// None in practice: the preset's ayanamsa is in the catalogue (tested).
    pub fn sidereal_mode(&mut self, field: &str) -> Result<Option<AyanamsaId>, ApiInputError> {
        let PresetZodiac::Sidereal(name) = self.preset.conventions().zodiac else {
            return Ok(None);
        };
        let mode = orrery_astro::ayanamsa::parse_ayanamsa(name)
            .map_err(|e| ApiInputError::unknown_name(field, &e))?;
        self.fix(field.to_owned(), json!(name));
        Ok(Some(mode))
    }

    /// The length of a Vimshottari year in days: the request's own if it gave one, else the
    /// preset's where the peer has one (recorded), else `None` (Orrery's default stays).
    pub fn dasha_year_days(&mut self, field: &str, given: Option<f64>) -> Option<f64> {
        if given.is_some() {
            return given;
        }
        let days = self.preset.conventions().dasha_year_days?;
        self.fix(field.to_owned(), json!(days));
        Some(days)
    }
}

/// `birth` (at `path`) as `preset` reads it: with the preset's calendar and Local Mean Time where
/// the request left them unset (recorded for the echo), or, without a preset, the request's own
/// birth, not copied.
#[must_use]
pub fn read_birth<'b>(
    preset: Option<&mut AppliedPreset>,
    path: &str,
    birth: &'b BirthDto,
) -> Cow<'b, BirthDto> {
    match preset {
        Some(preset) => Cow::Owned(preset.birth(path, birth)),
        None => Cow::Borrowed(birth),
    }
}

/// `{aspect: orb}` of a preset's table, as the `orbs` option takes it.
/// The schema of `PresetEntry.aspects`: a `oneOf` whose object alternative has a title, so a
/// generated client gets a model named `AspectOrbs` rather than an anonymous one.
fn aspect_orbs_or_null() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .title(Some("AspectOrbs"))
                .schema_type(Type::Object)
                .additional_properties(Some(ObjectBuilder::new().schema_type(Type::Number))),
        )
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "`{aspect: orb}` (degrees), or null where the peer's orbs cannot be expressed per \
             aspect (Orrery's default aspects then stay).",
        ))
        .into()
}

fn orbs_of(table: &[(Aspect, f64)]) -> Value {
    Value::Object(
        table
            .iter()
            .map(|(aspect, orb)| (aspect.name().to_owned(), json!(orb)))
            .collect(),
    )
}

/// The preset a request named, and every setting it fixed (those the request left unset).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresetEcho {
    /// The preset's name.
    #[schema(example = "astrodienst")]
    pub name: PresetField,
    /// The program whose conventions these are.
    pub peer: &'static str,
    /// Each request field the preset filled in, with the value it used.
    #[schema(value_type = Object)]
    pub fixed: BTreeMap<String, Value>,
}

/// `GET /v1/catalog/presets`: every preset and what it fixes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresetsCatalog {
    /// Every preset the API knows.
    pub presets: Vec<PresetEntry>,
    /// What a preset does, and where its conventions come from.
    pub about: &'static str,
}

/// One preset of the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresetEntry {
    /// The preset's name as requests use it.
    pub name: PresetField,
    /// The software whose defaults the preset matches.
    pub peer: &'static str,
    /// The preset's house system.
    pub house_system: &'static str,
    /// The default bodies (which node, which Lilith).
    pub bodies: Vec<BodyField>,
    /// `{aspect: orb}`, or null where the peer's orbs cannot be expressed per aspect (Orrery's
    /// default aspects then stay).
    #[schema(schema_with = aspect_orbs_or_null)]
    pub aspects: Option<Value>,
    /// `tropical` or `sidereal`.
    pub zodiac: ZodiacDto,
    /// The preset's ayanamsa; absent for a tropical preset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ayanamsa: Option<&'static str>,
    /// The calendar of a local birth date.
    pub calendar: CalendarChoice,
    /// Before standard time: `birth_place` or `zone_reference`; null where the peer takes a
    /// typed offset.
    pub lmt: Option<LmtChoice>,
    /// The peer's rising and setting: `upper_limb` or `center`, with or without refraction.
    pub rise_set_disc: DiscDto,
    /// Whether the preset corrects altitudes for refraction.
    pub refraction: bool,
    /// The peer's Vimshottari year in days, where it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dasha_year_days: Option<f64>,
    /// What the peer does that Orrery cannot (yet) reproduce, so that differences are expected.
    pub not_reproduced: Vec<&'static str>,
}

/// What each peer does that no option reproduces (docs/PRESETS.md, "What Orrery cannot yet
/// express").
fn not_reproduced(preset: Preset) -> Vec<&'static str> {
    match preset {
        Preset::Astrodienst => vec![],
        Preset::Kerykeion => vec![
            "zone offsets rounded to the minute and, before 1901, the zone's own LMT (pytz): \
             compare at kerykeion's UT instant",
            "the Moshier ephemeris instead of the files (up to 15\" for Pluto)",
        ],
        Preset::JagannathaHora => vec![
            "true (not apparent) positions: up to 20\" apart",
            "rising and setting without refraction",
        ],
        Preset::Morinus => {
            vec!["orbs as the sum of the two bodies' own orbs: Orrery's default aspects stay"]
        }
    }
}

/// The catalogue of presets.
#[must_use]
pub fn catalog() -> PresetsCatalog {
    PresetsCatalog {
        presets: Preset::ALL
            .into_iter()
            .map(|preset| {
                let conventions = preset.conventions();
                let (calendar, lmt) = civil(preset);
                let (zodiac, ayanamsa) = match conventions.zodiac {
                    PresetZodiac::Tropical => (ZodiacDto::Tropical, None),
                    PresetZodiac::Sidereal(name) => (ZodiacDto::Sidereal, Some(name)),
                };
                PresetEntry {
                    name: Named(preset),
                    peer: conventions.peer,
                    house_system: conventions.house_system,
                    bodies: conventions.bodies.iter().copied().map(BodyField).collect(),
                    aspects: conventions.aspects.map(orbs_of),
                    zodiac,
                    ayanamsa,
                    calendar,
                    lmt,
                    rise_set_disc: conventions.rise_set_disc.into(),
                    refraction: conventions.refraction,
                    dasha_year_days: conventions.dasha_year_days,
                    not_reproduced: not_reproduced(preset),
                }
            })
            .collect(),
        about: "A `preset` on a chart request fills every option the request leaves unset with \
                the peer's convention; options given explicitly win. The answer echoes what the \
                preset fixed (`input.preset.fixed`). Sources for each value: docs/PRESETS.md. \
                Solar Fire is not offered: its defaults and chart values are not published.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_fills_valid_options() {
        for preset in Preset::ALL {
            let mut applied = AppliedPreset::new(preset);
            assert!(
                applied
                    .house_system("options.house_system", None)
                    .unwrap()
                    .is_some()
            );
            let aspects = applied.aspects("options.aspects.", None).unwrap();
            if let Some(aspects) = aspects {
                aspects.to_config("options.aspects.").unwrap();
            }
            applied.zodiac("options.", None, None).unwrap();
            assert!(!applied.bodies("options.bodies").is_empty());
            assert!(applied.echo().fixed.contains_key("options.house_system"));
        }
    }

    #[test]
    fn given_options_win_and_are_not_echoed() {
        let mut applied = AppliedPreset::new(Preset::Kerykeion);
        let koch = Named(HouseSystemName::parse("koch").unwrap());
        let kept = applied
            .house_system("options.house_system", Some(koch))
            .unwrap();
        assert_eq!(kept.unwrap().0.name, "koch");
        assert!(applied.echo().fixed.is_empty());
    }

    #[test]
    fn the_catalogue_lists_every_preset() {
        let names: Vec<&str> = catalog().presets.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, Preset::NAMES);
    }

    #[test]
    fn the_vedic_settings_come_from_sidereal_presets_only() {
        let mut jhora = AppliedPreset::new(Preset::JagannathaHora);
        let mode = jhora.sidereal_mode("ayanamsa").unwrap().unwrap();
        assert_eq!(orrery_astro::ayanamsa::ayanamsa_name(mode), "lahiri");
        assert_eq!(
            jhora.dasha_year_days("dasha_year_days", None),
            Some(365.256_364)
        );
        assert_eq!(
            jhora.dasha_year_days("dasha_year_days", Some(360.0)),
            Some(360.0)
        );
        let fixed = jhora.echo().fixed;
        assert_eq!(fixed["ayanamsa"], "lahiri");
        assert_eq!(fixed["dasha_year_days"], 365.256_364);
        for tropical in [Preset::Astrodienst, Preset::Kerykeion, Preset::Morinus] {
            let mut applied = AppliedPreset::new(tropical);
            assert_eq!(applied.sidereal_mode("ayanamsa").unwrap(), None);
            assert_eq!(applied.dasha_year_days("dasha_year_days", None), None);
            assert!(applied.echo().fixed.is_empty());
        }
    }
}
