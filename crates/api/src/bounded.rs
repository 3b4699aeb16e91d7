//! Numbers that can only hold a value inside their range: they check it while deserialising,
//! so the field path comes from the deserialiser, and their OpenAPI schema carries the same
//! bounds (a range knows its own name and bounds).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// A closed range, with its schema name and what a number in it means.
pub trait Bounds {
    /// The schema's name in the OpenAPI document.
    const NAME: &'static str;
    /// The smallest value accepted.
    const MIN: f64;
    /// The largest value accepted.
    const MAX: f64;
    /// The unit and meaning, for the schema's description.
    const MEANING: &'static str;
    /// Whether `MIN` itself is refused (a step must be greater than 0).
    const EXCLUSIVE_MIN: bool = false;
}

/// The rule of `B`, in the words of the other range checks.
fn rule<B: Bounds>() -> String {
    match (B::EXCLUSIVE_MIN, B::MAX.is_finite()) {
        (false, _) => format!("must be between {} and {}", B::MIN, B::MAX),
        (true, true) => format!("must be greater than {} and at most {}", B::MIN, B::MAX),
        (true, false) => format!("must be a finite number greater than {}", B::MIN),
    }
}

/// Whether `value` keeps `B`'s rule.
fn keeps<B: Bounds>(value: f64) -> bool {
    let above_min = if B::EXCLUSIVE_MIN {
        value > B::MIN
    } else {
        value >= B::MIN
    };
    value.is_finite() && above_min && value <= B::MAX
}

/// A finite number inside `B`'s range; it can only be built (deserialised) valid.
pub struct Bounded<B>(f64, PhantomData<B>);

/// Degrees north of the equator, -90..90.
pub type GeoLatitude = Bounded<GeoLatitudeBounds>;
/// Degrees east of Greenwich, -180..180.
pub type GeoLongitude = Bounded<GeoLongitudeBounds>;
/// Metres above sea level, -500..25000.
pub type AltitudeM = Bounded<AltitudeBounds>;

/// The bounds of [`GeoLatitude`].
#[derive(Debug)]
pub enum GeoLatitudeBounds {}
/// The bounds of [`GeoLongitude`].
#[derive(Debug)]
pub enum GeoLongitudeBounds {}
/// The bounds of [`AltitudeM`].
#[derive(Debug)]
pub enum AltitudeBounds {}

impl Bounds for GeoLatitudeBounds {
    const NAME: &'static str = "GeoLatitude";
    const MIN: f64 = -90.0;
    const MAX: f64 = 90.0;
    const MEANING: &'static str = "Degrees north, -90..90.";
}

impl Bounds for GeoLongitudeBounds {
    const NAME: &'static str = "GeoLongitude";
    const MIN: f64 = -180.0;
    const MAX: f64 = 180.0;
    const MEANING: &'static str = "Degrees east, -180..180.";
}

impl Bounds for AltitudeBounds {
    const NAME: &'static str = "AltitudeM";
    const MIN: f64 = -500.0;
    const MAX: f64 = 25_000.0;
    const MEANING: &'static str = "Metres above sea level, -500..25000.";
}

/// Declares a bounded number: its bounds type (named `$bounds`, shown in the schema as
/// `$name`) over the range `$range` (a `(min, max)` pair, usually the constant the rule is
/// stated by), and the field type `$name`.
macro_rules! bounded_number {
    ($(#[$doc:meta])* $name:ident, $bounds:ident, above $min:expr, up to $max:expr, $meaning:literal) => {
        #[doc = concat!("The bounds of [`", stringify!($name), "`].")]
        #[derive(Debug)]
        pub enum $bounds {}

        impl $crate::bounded::Bounds for $bounds {
            const NAME: &'static str = stringify!($name);
            const MIN: f64 = $min;
            const MAX: f64 = $max;
            const MEANING: &'static str = $meaning;
            const EXCLUSIVE_MIN: bool = true;
        }

        $(#[$doc])*
        pub type $name = $crate::bounded::Bounded<$bounds>;
    };
    ($(#[$doc:meta])* $name:ident, $bounds:ident, $range:expr, $meaning:literal) => {
        #[doc = concat!("The bounds of [`", stringify!($name), "`].")]
        #[derive(Debug)]
        pub enum $bounds {}

        impl $crate::bounded::Bounds for $bounds {
            const NAME: &'static str = stringify!($name);
            const MIN: f64 = $range.0;
            const MAX: f64 = $range.1;
            const MEANING: &'static str = $meaning;
        }

        $(#[$doc])*
        pub type $name = $crate::bounded::Bounded<$bounds>;
    };
}
pub(crate) use bounded_number;

impl<B> Bounded<B> {
    /// The value, inside the bounds.
    #[must_use]
    pub fn get(&self) -> f64 {
        self.0
    }
}

// By hand rather than derived: a derive would ask `B` (a marker) for the same traits.
impl<B> Clone for Bounded<B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<B> Copy for Bounded<B> {}

impl<B> fmt::Debug for Bounded<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<B> fmt::Display for Bounded<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Reads a finite number inside the range. The rule is worded as the other range checks
/// (`must be between -90 and 90 (got 91)`), so that the path in front makes the message.
impl<'de, B: Bounds> Deserialize<'de> for Bounded<B> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)?;
        if keeps::<B>(value) {
            Ok(Self(value, PhantomData))
        } else {
            Err(serde::de::Error::custom(format_args!(
                "{} (got {value})",
                rule::<B>()
            )))
        }
    }
}

impl<B: Bounds> PartialSchema for Bounded<B> {
    fn schema() -> RefOr<Schema> {
        let schema = ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .description(Some(B::MEANING));
        let schema = if B::EXCLUSIVE_MIN {
            schema.exclusive_minimum(Some(B::MIN))
        } else {
            schema.minimum(Some(B::MIN))
        };
        let schema = if B::MAX.is_finite() {
            schema.maximum(Some(B::MAX))
        } else {
            schema
        };
        schema.into()
    }
}

impl<B: Bounds> ToSchema for Bounded<B> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed(B::NAME)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::parse::json_value;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code, reason = "fields exist to be deserialised")]
    struct Place {
        latitude: GeoLatitude,
        longitude: GeoLongitude,
        altitude: Option<AltitudeM>,
    }

    #[test]
    fn values_inside_the_bounds_are_kept() {
        let place: Place =
            json_value(json!({"latitude": -90, "longitude": 180, "altitude": 25000})).unwrap();
        assert!((place.latitude.get() + 90.0).abs() < f64::EPSILON);
        assert_eq!(place.longitude.to_string(), "180");
    }

    #[test]
    fn values_outside_are_refused_with_the_field_and_the_rule() {
        for (body, field, message) in [
            (
                json!({"latitude": 91.5, "longitude": 0}),
                "latitude",
                "latitude must be between -90 and 90 (got 91.5)",
            ),
            (
                json!({"latitude": 0, "longitude": -180.01}),
                "longitude",
                "longitude must be between -180 and 180 (got -180.01)",
            ),
            (
                json!({"latitude": 0, "longitude": 0, "altitude": -501}),
                "altitude",
                "altitude must be between -500 and 25000 (got -501)",
            ),
        ] {
            let error = json_value::<Place>(body).unwrap_err();
            assert_eq!(error.field.as_deref(), Some(field));
            assert_eq!(error.message, message);
            assert_eq!(error.code.as_str(), "invalid_input");
        }
    }

    #[test]
    fn the_schema_carries_the_bounds() {
        let schema = serde_json::to_value(GeoLatitude::schema()).unwrap();
        assert_eq!(schema["minimum"], -90.0);
        assert_eq!(schema["maximum"], 90.0);
        assert_eq!(schema["type"], "number");
    }
}
