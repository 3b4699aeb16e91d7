//! An instant in an answer as a pair of flat fields, `<name>` (UTC, ISO 8601 to the second) and
//! `<name>_jd` (its Julian day, UT), from one value: [`Stamp`]. A field of type `Stamp<N>`
//! under `#[serde(flatten)]` writes both, named by the marker `N` (serde's `flatten` cannot add
//! a prefix, so each pair of names is a marker type, declared with `instant_names!`); the
//! schema gives the two properties with their descriptions (a `$ref` in the answer's `allOf`).

use std::borrow::Cow;
use std::marker::PhantomData;

use orrery_astro::time::JulianDayUt;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// The names and descriptions of an instant's two fields.
pub trait InstantNames {
    /// The schema's name in the OpenAPI document.
    const SCHEMA_NAME: &'static str;
    /// The UTC field (`exact_at`).
    const UTC: &'static str;
    /// The Julian-day field (`exact_at_jd`).
    const JD: &'static str;
    /// What the instant is (`The exact instant`); the descriptions add the format and the unit.
    const MEANING: &'static str;
}

/// An instant written as the two flat fields `N` names.
#[derive(Debug, Clone, PartialEq)]
pub struct Stamp<N> {
    utc: String,
    jd: JulianDayUt,
    names: PhantomData<N>,
}

impl<N> Stamp<N> {
    /// The instant at `jd`, with `utc` its UTC text as the endpoint writes it (each endpoint
    /// keeps its own answer to a Julian day with no UTC date).
    #[must_use]
    pub fn new(utc: String, jd: JulianDayUt) -> Self {
        Self {
            utc,
            jd,
            names: PhantomData,
        }
    }
}

impl<N: InstantNames> Serialize for Stamp<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry(N::UTC, &self.utc)?;
        map.serialize_entry(N::JD, &self.jd.0)?;
        map.end()
    }
}

impl<N: InstantNames> PartialSchema for Stamp<N> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .property(
                N::UTC,
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some(format!(
                        "{}, UTC, ISO 8601 to the second (`2024-03-20T03:06:21Z`).",
                        N::MEANING
                    ))),
            )
            .required(N::UTC)
            .property(
                N::JD,
                ObjectBuilder::new()
                    .schema_type(Type::Number)
                    .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                        utoipa::openapi::KnownFormat::Double,
                    )))
                    .description(Some(format!(
                        "`{}` as a Julian day (UT), unrounded.",
                        N::UTC
                    ))),
            )
            .required(N::JD)
            .into()
    }
}

impl<N: InstantNames> ToSchema for Stamp<N> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(N::SCHEMA_NAME)
    }
}

/// Declares a marker type naming an instant's two fields: `instant_names!(ExactAt,
/// "ExactAt", "exact_at", "The exact instant")` for `exact_at` and `exact_at_jd`.
macro_rules! instant_names {
    ($(#[$doc:meta])* $marker:ident, $schema:literal, $utc:literal, $meaning:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $marker;

        impl $crate::instant_fields::InstantNames for $marker {
            const SCHEMA_NAME: &'static str = $schema;
            const UTC: &'static str = $utc;
            const JD: &'static str = concat!($utc, "_jd");
            const MEANING: &'static str = $meaning;
        }
    };
}

instant_names!(
    /// `exact_at` and `exact_at_jd`: when an event is exact.
    ExactAt,
    "ExactAt",
    "exact_at",
    "The exact instant"
);

/// `exact_at` and `exact_at_jd` (a type alias: the schema derive reads a generic field type as
/// generic over its argument).
pub type ExactAtFields = Stamp<ExactAt>;

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[derive(Serialize)]
    struct Event {
        kind: &'static str,
        #[serde(flatten)]
        exact: Stamp<ExactAt>,
        orb: f64,
    }

    #[test]
    fn the_pair_is_written_flat_in_the_field_order() {
        let event = Event {
            kind: "ingress",
            exact: Stamp::new(
                "2024-03-20T03:06:21Z".to_owned(),
                JulianDayUt(2_460_389.629_409_722),
            ),
            orb: 1.5,
        };
        assert_eq!(
            serde_json::to_string(&event).unwrap(),
            r#"{"kind":"ingress","exact_at":"2024-03-20T03:06:21Z","exact_at_jd":2460389.629409722,"orb":1.5}"#
        );
    }

    #[test]
    fn the_schema_names_both_fields_with_their_descriptions() {
        let schema = serde_json::to_value(Stamp::<ExactAt>::schema()).unwrap();
        assert_eq!(schema["required"], json!(["exact_at", "exact_at_jd"]));
        assert_eq!(
            schema["properties"]["exact_at_jd"]["description"],
            "`exact_at` as a Julian day (UT), unrounded."
        );
    }
}
