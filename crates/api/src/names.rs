//! Catalogue names that parse themselves: a request field of type [`Named`] (house system,
//! ayanamsa, aspect, aspect category), [`BodyField`] or [`CenterField`] is a known name once
//! deserialised, and an unknown one is refused by the
//! deserialiser with the field's path, as `unknown_name` with the accepted names
//! ([`crate::parse`] reads the code and details from the core's [`UnknownName`]). The schema
//! lists the same names as an `enum`, taken from the core's catalogue.

use std::borrow::Cow;

use orrery_astro::angle::Sign;
use orrery_astro::aspects::{Aspect, AspectCategory};
use orrery_astro::ayanamsa::parse_ayanamsa;
use orrery_astro::body::Body;
use orrery_astro::error::{NameKind, UnknownName};
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::presets::Preset;
use orrery_astro::techniques::lots::Lot;
use orrery_ephem::AyanamsaId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// Reads a string and parses it with the catalogue's own parser.
fn parse_with<'de, D, T>(
    deserializer: D,
    parse: fn(&str) -> Result<T, UnknownName>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let name = Cow::<str>::deserialize(deserializer)?;
    parse(&name).map_err(serde::de::Error::custom)
}

/// The three impls of a request field written as one string that its type parses: `Deserialize`
/// through the type's own `parse(&str) -> Result<Self, impl Display>` (the error is the rule,
/// and the deserialiser's path names the field), and the OpenAPI schema, a string schema built
/// from `$schema` (description, enum, pattern) under the name `$name`.
macro_rules! string_field {
    ($type:ty, $name:literal, $schema:expr) => {
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
                <$type>::parse(&text).map_err(serde::de::Error::custom)
            }
        }

        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let builder: utoipa::openapi::schema::ObjectBuilder = $schema;
                builder
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .into()
            }
        }

        impl utoipa::ToSchema for $type {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
pub(crate) use string_field;

/// A string schema whose `enum` is the catalogue's names.
#[must_use]
pub fn names_builder(kind: NameKind, description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(kind.accepted_names().iter().copied()))
        .description(Some(description))
}

/// A catalogue whose names a request field may hold: the core's parser, and what the schema
/// says about it.
pub trait Catalogue: Sized {
    /// Which catalogue (for the accepted names of the schema's `enum`).
    const KIND: NameKind;
    /// The schema's name in the OpenAPI document.
    const SCHEMA_NAME: &'static str;
    /// The schema's description.
    const DESCRIPTION: &'static str;

    /// The core's parser.
    ///
    /// # Errors
    /// [`UnknownName`] for a name not in the catalogue.
    fn parse_name(name: &str) -> Result<Self, UnknownName>;

    /// The member's API name, the one [`Self::parse_name`] reads.
    fn api_name(&self) -> &'static str;
}

/// A field holding a name of the catalogue `T`: parsed while deserialising (a request), written
/// as its API name (an answer); the schema is the catalogue's `enum` either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named<T>(pub T);

/// A house system by its API name (`placidus`, `whole_sign`, …).
pub type HouseSystemField = Named<HouseSystemName>;
/// A sidereal mode by its API name (`lahiri`, `fagan_bradley`, …).
pub type AyanamsaField = Named<AyanamsaId>;
/// An aspect by its API name (`conjunction`, `trine`, `quincunx`, …).
pub type AspectField = Named<Aspect>;
/// An aspect category: `major` or `minor`.
pub type AspectCategoryField = Named<AspectCategory>;
/// A zodiac sign, `aries`..`pisces`.
pub type SignField = Named<Sign>;
/// A Hellenistic lot (`fortune`, `spirit`, …).
pub type LotField = Named<Lot>;
/// A preset by its API name (`astrodienst`, `kerykeion`, …).
pub type PresetField = Named<Preset>;

impl<'de, T: Catalogue> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        parse_with(deserializer, T::parse_name).map(Self)
    }
}

impl<T: Catalogue> Named<T> {
    /// The API name.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        self.0.api_name()
    }
}

impl<T: Catalogue> std::fmt::Display for Named<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<T: Catalogue> PartialEq<&str> for Named<T> {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

impl<T: Catalogue> Serialize for Named<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.api_name())
    }
}

impl<T: Catalogue> PartialSchema for Named<T> {
    fn schema() -> RefOr<Schema> {
        names_builder(T::KIND, T::DESCRIPTION).into()
    }
}

impl<T: Catalogue> ToSchema for Named<T> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(T::SCHEMA_NAME)
    }
}

impl Catalogue for HouseSystemName {
    const KIND: NameKind = NameKind::HouseSystem;
    const SCHEMA_NAME: &'static str = "HouseSystem";
    const DESCRIPTION: &'static str =
        "A house system; `GET /v1/catalog/house-systems` describes each.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        HouseSystemName::parse(name)
    }

    fn api_name(&self) -> &'static str {
        self.name
    }
}

impl Catalogue for AyanamsaId {
    const KIND: NameKind = NameKind::Ayanamsa;
    const SCHEMA_NAME: &'static str = "Ayanamsa";
    const DESCRIPTION: &'static str =
        "A sidereal mode; `GET /v1/catalog/ayanamsas` describes each.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        parse_ayanamsa(name)
    }

    fn api_name(&self) -> &'static str {
        orrery_astro::ayanamsa::ayanamsa_name(*self)
    }
}

impl Catalogue for Aspect {
    const KIND: NameKind = NameKind::Aspect;
    const SCHEMA_NAME: &'static str = "Aspect";
    const DESCRIPTION: &'static str =
        "An aspect; `GET /v1/catalog/aspects` gives each angle and category.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        name.parse()
    }

    fn api_name(&self) -> &'static str {
        self.name()
    }
}

impl Catalogue for AspectCategory {
    const KIND: NameKind = NameKind::AspectCategory;
    const SCHEMA_NAME: &'static str = "AspectCategory";
    const DESCRIPTION: &'static str = "An aspect category.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        name.parse()
    }

    fn api_name(&self) -> &'static str {
        self.name()
    }
}

impl Catalogue for Sign {
    const KIND: NameKind = NameKind::Sign;
    const SCHEMA_NAME: &'static str = "Sign";
    const DESCRIPTION: &'static str = "A zodiac sign.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        name.parse()
    }

    fn api_name(&self) -> &'static str {
        self.name()
    }
}

impl Catalogue for Lot {
    const KIND: NameKind = NameKind::Lot;
    const SCHEMA_NAME: &'static str = "Lot";
    const DESCRIPTION: &'static str = "A Hellenistic lot.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        Lot::parse(name)
    }

    fn api_name(&self) -> &'static str {
        self.name()
    }
}

impl Catalogue for Preset {
    const KIND: NameKind = NameKind::Preset;
    const SCHEMA_NAME: &'static str = "Preset";
    const DESCRIPTION: &'static str =
        "A peer program's conventions; `GET /v1/catalog/presets` lists what each fixes.";

    fn parse_name(name: &str) -> Result<Self, UnknownName> {
        Preset::parse(name)
    }

    fn api_name(&self) -> &'static str {
        self.name()
    }
}

/// A body by its API name (`sun`, `mean_node`, `mean_lilith`, `asteroid_433`, …): parsed
/// while deserialising (a request), written as its name (an answer). Not an `enum` in the
/// schema: `asteroid_<number>` names any numbered minor planet, so the schema gives a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyField(pub Body);

impl std::fmt::Display for BodyField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.name())
    }
}

impl PartialEq<&str> for BodyField {
    fn eq(&self, name: &&str) -> bool {
        self.0.name() == *name
    }
}

impl Serialize for BodyField {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.name())
    }
}

impl<'de> Deserialize<'de> for BodyField {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        parse_with(deserializer, Body::parse).map(Self)
    }
}

/// The pattern of a body name (`asteroid_<number>` as digits), with `extra` names first.
#[must_use]
pub fn body_name_pattern(extra: &[&str]) -> String {
    let names: Vec<String> = extra
        .iter()
        .map(|name| (*name).to_owned())
        .chain(
            Body::ACCEPTED_NAMES
                .iter()
                // Body::parse: 1..=999_999 without a leading zero.
                .map(|name| name.replace("<number>", "[1-9][0-9]{0,5}")),
        )
        .collect();
    format!("^({})$", names.join("|"))
}

impl PartialSchema for BodyField {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(body_name_pattern(&[])))
            .description(Some(
                "A body or point; `GET /v1/catalog/bodies` describes each. \
                 `asteroid_<number>` names a numbered minor planet.",
            ))
            .into()
    }
}

impl ToSchema for BodyField {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Body")
    }
}

/// A small closed set of the core's (an event type, a varga, a sign): every member with its
/// API name. A request field of type [`OneOf<T>`] holds a member once deserialised; the schema
/// lists the names as an `enum`.
pub trait ClosedSet: Copy + 'static {
    /// Every member, in the catalogue's order.
    const ALL: &'static [Self];
    /// The schema's name in the OpenAPI document.
    const SCHEMA_NAME: &'static str;
    /// The schema's description.
    const DESCRIPTION: &'static str;

    /// The member's API name.
    fn api_name(self) -> &'static str;
}

/// A field holding a member of the closed set `T`: parsed while deserialising (a request),
/// written as its API name (an answer); the schema lists the names as an `enum` either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OneOf<T>(pub T);

impl<T: ClosedSet> OneOf<T> {
    /// The API name.
    #[must_use]
    pub fn as_str(&self) -> &'static str {
        self.0.api_name()
    }
}

impl<T: ClosedSet> std::fmt::Display for OneOf<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<T: ClosedSet> PartialEq<&str> for OneOf<T> {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

impl<T: ClosedSet> Serialize for OneOf<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.api_name())
    }
}

impl<'de, T: ClosedSet> Deserialize<'de> for OneOf<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = Cow::<str>::deserialize(deserializer)?;
        T::ALL
            .iter()
            .find(|member| member.api_name() == name)
            .map(|member| Self(*member))
            .ok_or_else(|| {
                let names: Vec<&str> = T::ALL.iter().map(|member| member.api_name()).collect();
                serde::de::Error::custom(format_args!(
                    "must be one of {} (got {name:?})",
                    names.join(", ")
                ))
            })
    }
}

impl<T: ClosedSet> PartialSchema for OneOf<T> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(T::ALL.iter().map(|member| member.api_name())))
            .description(Some(T::DESCRIPTION))
            .into()
    }
}

impl<T: ClosedSet> ToSchema for OneOf<T> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(T::SCHEMA_NAME)
    }
}

/// A point's name as the request gives it: a catalogue name or one of the request's own
/// `positions`, which is which is decided against the rest of the request. 1 to
/// [`PointLabel::MAX_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PointLabel(String);

impl PointLabel {
    /// The longest name, in characters.
    pub const MAX_CHARS: usize = 64;

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for PointLabel {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        let chars = name.chars().count();
        if (1..=Self::MAX_CHARS).contains(&chars) {
            Ok(Self(name))
        } else {
            Err(serde::de::Error::custom(format_args!(
                "must have 1 to {} characters (got {chars})",
                Self::MAX_CHARS
            )))
        }
    }
}

impl PartialSchema for PointLabel {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(Self::MAX_CHARS))
            .description(Some(
                "A point's name: a body or angle, or a name of the request's own positions.",
            ))
            .into()
    }
}

impl ToSchema for PointLabel {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("PointName")
    }
}

/// A body name where the endpoint's ruling is to leave unknown names out and echo them
/// (`/v1/antiscia`, docs/API-DESIGN.md) rather than refuse them: a known body, or the unknown
/// name as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LenientBodyField {
    Known(Body),
    Unknown(String),
}

impl LenientBodyField {
    /// A known body or the unknown name; never an error.
    fn parse(name: &str) -> Result<Self, std::convert::Infallible> {
        Ok(match Body::parse(name) {
            Ok(body) => Self::Known(body),
            Err(_) => Self::Unknown(name.to_owned()),
        })
    }
}

string_field!(
    LenientBodyField,
    "LenientBody",
    ObjectBuilder::new().description(Some(
        "A body or point (`GET /v1/catalog/bodies`); a name not in the catalogue is left out \
         and echoed as ignored.",
    ))
);

/// The centre of a frame as a request names it: `geocentric`, `heliocentric`, `barycentric`,
/// `topocentric` or `planet:<body>`. A topocentric centre takes its observer from the request
/// (`FrameOptions::to_frame`), so it is not yet the core's `Center`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CenterField {
    Geocentric,
    Heliocentric,
    Barycentric,
    Topocentric,
    Planet(Body),
}

impl CenterField {
    /// Reads one of the five forms; an unknown `planet:` body is an unknown name.
    fn parse(text: &str) -> Result<Self, String> {
        match text {
            "geocentric" => Ok(Self::Geocentric),
            "heliocentric" => Ok(Self::Heliocentric),
            "barycentric" => Ok(Self::Barycentric),
            "topocentric" => Ok(Self::Topocentric),
            other => match other.strip_prefix("planet:") {
                Some(name) => Body::parse(name)
                    .map(Self::Planet)
                    .map_err(|error| error.to_string()),
                None => Err(format!(
                    "must be geocentric, heliocentric, barycentric, topocentric or planet:<body> \
                     (got {other:?})"
                )),
            },
        }
    }
}

impl Serialize for CenterField {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Geocentric => serializer.serialize_str("geocentric"),
            Self::Heliocentric => serializer.serialize_str("heliocentric"),
            Self::Barycentric => serializer.serialize_str("barycentric"),
            Self::Topocentric => serializer.serialize_str("topocentric"),
            Self::Planet(body) => serializer.collect_str(&format_args!("planet:{}", body.name())),
        }
    }
}

string_field!(
    CenterField,
    "Center",
    ObjectBuilder::new()
        .pattern(Some(
            "^(geocentric|heliocentric|barycentric|topocentric|planet:[a-z0-9_]+)$",
        ))
        .description(Some(
            "The centre: `geocentric`, `heliocentric`, `barycentric`, `topocentric` or \
             `planet:<body>` (a body name of `GET /v1/catalog/bodies`).",
        ))
);

/// Every kind of catalogue name, to recognise an [`UnknownName`] message that came through
/// serde as text.
const KINDS: [NameKind; 9] = [
    NameKind::Sign,
    NameKind::Aspect,
    NameKind::AspectCategory,
    NameKind::OrbPreset,
    NameKind::Body,
    NameKind::HouseSystem,
    NameKind::Ayanamsa,
    NameKind::Lot,
    NameKind::Preset,
];

/// The kind of an [`UnknownName`] from a message that contains one (`unknown house system `x`;
/// accepted names: …`), for an error that serde carried as text.
#[must_use]
pub fn unknown_name_kind(message: &str) -> Option<NameKind> {
    if !message.contains("; accepted names: ") {
        return None;
    }
    KINDS
        .into_iter()
        .find(|kind| message.contains(&format!("unknown {} `", kind.label())))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use orrery_astro::ayanamsa::AYANAMSA_NAMES;

    use super::*;
    use crate::parse::json_value;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Options {
        house_system: Option<HouseSystemField>,
        ayanamsa: Option<AyanamsaField>,
    }

    #[test]
    fn known_names_parse() {
        let options: Options =
            json_value(json!({"house_system": "whole_sign", "ayanamsa": "lahiri"})).unwrap();
        assert_eq!(options.house_system.unwrap().0.name, "whole_sign");
        assert_eq!(
            options.ayanamsa.unwrap().0,
            parse_ayanamsa("lahiri").unwrap()
        );
    }

    #[test]
    fn unknown_names_are_unknown_name_with_the_accepted_ones() {
        let error = json_value::<Options>(json!({"house_system": "plasidus"})).unwrap_err();
        assert_eq!(error.code.as_str(), "unknown_name");
        assert_eq!(error.field.as_deref(), Some("house_system"));
        assert!(
            error.message.starts_with(
                "house_system: unknown house system `plasidus`; accepted names: placidus, koch"
            ),
            "{}",
            error.message
        );
        let error = json_value::<Options>(json!({"ayanamsa": "lahri"})).unwrap_err();
        assert_eq!(error.code.as_str(), "unknown_name");
        assert_eq!(
            serde_json::to_value(&error.details).unwrap()["accepted"][0],
            AYANAMSA_NAMES[0]
        );
    }

    #[test]
    fn a_wrong_type_is_invalid_input() {
        let error = json_value::<Options>(json!({"house_system": 7})).unwrap_err();
        assert_eq!(error.code.as_str(), "invalid_input");
        assert_eq!(error.field.as_deref(), Some("house_system"));
    }

    #[derive(Debug, Deserialize)]
    struct Frame {
        center: CenterField,
    }

    #[test]
    fn centres_parse_and_name_the_rule() {
        let frame: Frame = json_value(json!({"center": "planet:mars"})).unwrap();
        assert_eq!(frame.center, CenterField::Planet(Body::Mars));
        let error = json_value::<Frame>(json!({"center": "planet:vulcan"})).unwrap_err();
        assert_eq!(error.code.as_str(), "unknown_name");
        assert_eq!(error.field.as_deref(), Some("center"));
        let error = json_value::<Frame>(json!({"center": "selenocentric"})).unwrap_err();
        assert_eq!(error.code.as_str(), "invalid_input");
        assert_eq!(
            error.message,
            "center must be geocentric, heliocentric, barycentric, topocentric or planet:<body> \
             (got \"selenocentric\")"
        );
    }

    #[derive(Debug, Deserialize)]
    struct Bodies {
        bodies: Vec<BodyField>,
    }

    #[test]
    fn bodies_parse_with_aliases_and_name_their_index() {
        let list: Bodies =
            json_value(json!({"bodies": ["sun", "mean_lilith", "asteroid_433"]})).unwrap();
        assert_eq!(list.bodies[1].0, Body::MeanApogee);
        assert_eq!(list.bodies[2].0, Body::Asteroid(433));
        let error = json_value::<Bodies>(json!({"bodies": ["sun", "vulcan"]})).unwrap_err();
        assert_eq!(error.code.as_str(), "unknown_name");
        assert_eq!(error.field.as_deref(), Some("bodies[1]"));
        let pattern = serde_json::to_value(BodyField::schema()).unwrap()["pattern"].clone();
        assert!(
            pattern
                .as_str()
                .unwrap()
                .contains("|asteroid_[1-9][0-9]{0,5})$"),
            "{pattern}"
        );
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Selection {
        aspects: Option<Vec<AspectField>>,
        aspect_types: Option<Vec<AspectCategoryField>>,
    }

    #[test]
    fn aspects_and_categories_parse_and_name_their_index() {
        let selection: Selection =
            json_value(json!({"aspects": ["trine"], "aspect_types": ["minor"]})).unwrap();
        assert_eq!(selection.aspects.unwrap()[0].0, Aspect::Trine);
        for (body, field) in [
            (json!({"aspects": ["trine", "trigon"]}), "aspects[1]"),
            (
                json!({"aspect_types": ["major", "medium"]}),
                "aspect_types[1]",
            ),
        ] {
            let error = json_value::<Selection>(body).unwrap_err();
            assert_eq!(error.code.as_str(), "unknown_name");
            assert_eq!(error.field.as_deref(), Some(field));
        }
    }

    #[test]
    fn the_schema_lists_the_names() {
        let schema = serde_json::to_value(HouseSystemField::schema()).unwrap();
        assert_eq!(schema["enum"][0], "placidus");
        assert_eq!(
            schema["enum"].as_array().unwrap().len(),
            HouseSystemName::NAMES.len()
        );
    }
}
