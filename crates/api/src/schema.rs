//! OpenAPI schemas of the request fields that serde reads as free JSON (`serde_json::Value`) and
//! checks by hand, so that no derive can see their shape: a field names one of these with
//! `#[schema(value_type = ...)]`. The accepted names come from the catalogues themselves.

use std::borrow::Cow;

use orrery_astro::aspects::{Aspect, OrbPreset};
use orrery_astro::techniques::returns::RETURN_BODIES;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type,
};
use utoipa::{PartialSchema, ToSchema};

fn string_enum<S: Into<String>>(
    names: impl IntoIterator<Item = S>,
    description: &str,
) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(names.into_iter().map(Into::into)))
        .description(Some(description))
}

fn number(description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .description(Some(description))
}

/// `orbs`: a preset name, one orb in degrees for every aspect, or `{max, <aspect>: degrees}`.
#[derive(Debug)]
pub struct Orbs;

impl ToSchema for Orbs {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Orbs")
    }
}

impl PartialSchema for Orbs {
    fn schema() -> RefOr<Schema> {
        let mut custom = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Named aspects get exactly their orb, the others their classic orb, all capped at `max`.",
            ))
            .property("max", number("The widest orb, degrees."))
            .additional_properties(Some(AdditionalProperties::FreeForm(false)));
        for aspect in Aspect::ALL {
            custom = custom.property(aspect.name(), number("Degrees."));
        }
        OneOfBuilder::new()
            .item(string_enum(
                OrbPreset::ALL.iter().map(|p| p.name()),
                "A preset (see GET /v1/catalog/orb-presets).",
            ))
            .item(number("One orb in degrees for every aspect and pair."))
            .item(custom)
            .description(Some(
                "A preset name, a bare number of degrees, or an object `{max, <aspect>: degrees}`.",
            ))
            .into()
    }
}

/// A position of `/v1/aspects`: a longitude, or a longitude with its speed.
#[derive(Debug)]
pub struct AspectPosition;

impl ToSchema for AspectPosition {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("AspectPosition")
    }
}

impl PartialSchema for AspectPosition {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(number("Longitude, degrees."))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .property("longitude", number("Degrees."))
                    .required("longitude")
                    .property(
                        "speed",
                        number("Degrees per day; gives `applying` and `exact_in_days`."),
                    )
                    .additional_properties(Some(AdditionalProperties::FreeForm(false))),
            )
            .into()
    }
}

/// `planet` of `/v1/returns`: one body name or several.
#[derive(Debug)]
pub struct ReturnPlanets;

impl ToSchema for ReturnPlanets {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ReturnPlanets")
    }
}

impl PartialSchema for ReturnPlanets {
    fn schema() -> RefOr<Schema> {
        let names = || {
            RETURN_BODIES
                .iter()
                .map(|b| b.name().into_owned())
                .chain(["mean_lilith".to_owned()])
        };
        let description =
            "A body whose returns are searched (`mean_lilith` is accepted for `mean_apogee`).";
        OneOfBuilder::new()
            .item(string_enum(names(), description))
            .item(ArrayBuilder::new().items(string_enum(names(), description)))
            .description(Some("A body name or an array of them."))
            .into()
    }
}

/// `options.key` of `/v1/primary-directions`.
#[derive(Debug)]
pub struct DirectionKey;

impl ToSchema for DirectionKey {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("DirectionKey")
    }
}

impl PartialSchema for DirectionKey {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(string_enum(
                ["naibod", "ptolemy"],
                "`naibod` (0.98564733°/year, the default) or `ptolemy` (1°/year).",
            ))
            .item(
                number("Degrees of arc per year of life.")
                    .minimum(Some(0.5))
                    .maximum(Some(2.0)),
            )
            .into()
    }
}
