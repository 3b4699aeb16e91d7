//! The closed sets answers name (the ephemeris a position came from, an eclipse's kind and
//! type, a lunation's phase, …), each a type whose wire name comes from one place and whose
//! schema is an `enum` of the same names, so the Rust type and the OpenAPI document agree.
//!
//! Where the core names its members (`LunationPhase::name`, `EclipseType::name`, …) an answer
//! holds the core's value in a [`OneOf`] (or [`crate::names::Named`] for the catalogues a
//! request may also name), written with the core's name. Where the core has no names (its
//! enums know nothing of the API), the set is an enum here, named by serde.

use std::borrow::Cow;

use orrery_astro::angle::Sign;
use orrery_astro::techniques::events::{EclipseKind, LunationPhase, StationDirection};
use orrery_astro::techniques::progressions::phases::StationKind;
use orrery_astro::techniques::traditional::firdaria::FirdarLord;
use orrery_astro::techniques::traditional::time_lords::TimeLord;
use orrery_astro::techniques::vedic::nakshatra::{NAKSHATRA_NAMES, Nakshatra};
use orrery_astro::techniques::vedic::{Graha, RASHI_NAMES};
use orrery_ephem::{EclipseType, EphemerisSource};
use serde::{Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::names::OneOf;

/// Implements [`ClosedSet`] for a core type that names its members with `name()`.
macro_rules! named_by_the_core {
    ($type:ty, $all:expr, $schema:literal, $description:literal) => {
        impl $crate::names::ClosedSet for $type {
            const ALL: &'static [Self] = $all;
            const SCHEMA_NAME: &'static str = $schema;
            const DESCRIPTION: &'static str = $description;

            fn api_name(self) -> &'static str {
                self.name()
            }
        }
    };
}
pub(crate) use named_by_the_core;

/// The ephemeris positions came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = EphemerisSource)]
pub enum EphemerisName {
    /// The Swiss Ephemeris data files (JPL DE441-based).
    Swiss,
    /// The analytical Moshier model: the library fell back to it for a date outside the
    /// installed files.
    Moshier,
}

impl From<EphemerisSource> for EphemerisName {
    fn from(source: EphemerisSource) -> Self {
        match source {
            EphemerisSource::Swiss => Self::Swiss,
            EphemerisSource::Moshier => Self::Moshier,
        }
    }
}

/// Whose eclipse: the Sun's or the Moon's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = EclipseKind)]
pub enum EclipseKindName {
    Solar,
    Lunar,
}

impl From<EclipseKind> for EclipseKindName {
    fn from(kind: EclipseKind) -> Self {
        match kind {
            EclipseKind::Solar => Self::Solar,
            EclipseKind::Lunar => Self::Lunar,
        }
    }
}

/// Which way a body turns at a station.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = StationDirection)]
pub enum StationDirectionName {
    /// The body stops and turns backwards.
    Retrograde,
    /// The body stops and turns forwards again.
    Direct,
}

impl From<StationDirection> for StationDirectionName {
    fn from(direction: StationDirection) -> Self {
        match direction {
            StationDirection::Retrograde => Self::Retrograde,
            StationDirection::Direct => Self::Direct,
        }
    }
}

impl From<StationKind> for StationDirectionName {
    fn from(kind: StationKind) -> Self {
        match kind {
            StationKind::Retrograde => Self::Retrograde,
            StationKind::Direct => Self::Direct,
        }
    }
}

/// A phase of the Moon, by its name (a type alias: the schema derive reads a generic field
/// type as generic over its argument).
pub type LunationPhaseName = OneOf<LunationPhase>;

named_by_the_core!(
    LunationPhase,
    &LunationPhase::ALL,
    "LunationPhase",
    "A phase of the Moon (the crescents and gibbous phases with `lunation_phases: eight`)."
);

/// An eclipse's type, by its name.
pub type EclipseTypeName = OneOf<EclipseType>;

named_by_the_core!(
    EclipseType,
    &[
        EclipseType::Total,
        EclipseType::Annular,
        EclipseType::Hybrid,
        EclipseType::Partial,
        EclipseType::Penumbral,
    ],
    "EclipseType",
    "An eclipse's type: `total`, `annular`, `hybrid` and `partial` for the Sun; `total`, \
     `partial` and `penumbral` for the Moon."
);

/// The serde and schema impls of a newtype over a core value that the core names by its index
/// in a list of names (`$names`); the schema's `enum` is that list.
macro_rules! named_by_index {
    ($type:ident, $names:expr, $schema:literal, $description:literal) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($names[self.index()])
            }
        }

        impl PartialSchema for $type {
            fn schema() -> RefOr<Schema> {
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some($names.iter().copied()))
                    .description(Some($description))
                    .into()
            }
        }

        impl ToSchema for $type {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($schema)
            }
        }
    };
}

/// A sign by its Sanskrit name (`mesha` … `meena`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RashiName(pub Sign);

impl RashiName {
    fn index(self) -> usize {
        self.0.index()
    }
}

named_by_index!(
    RashiName,
    RASHI_NAMES,
    "Rashi",
    "A sign by its Sanskrit name, `mesha` (aries) … `meena` (pisces)."
);

/// A lunar mansion by its name (`ashwini` … `revati`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NakshatraName(pub Nakshatra);

impl NakshatraName {
    fn index(self) -> usize {
        self.0.index()
    }
}

named_by_index!(
    NakshatraName,
    NAKSHATRA_NAMES,
    "Nakshatra",
    "A lunar mansion (nakshatra) of 13°20′, `ashwini` … `revati`."
);

/// A graha (a planet or a lunar node of Vedic astrology) by its name.
pub type GrahaName = OneOf<Graha>;

named_by_the_core!(
    Graha,
    &Graha::ALL,
    "Graha",
    "A graha: the seven visible planets and the lunar nodes `rahu` and `ketu`."
);

/// A lord of the firdaria by its name.
pub type FirdarLordName = OneOf<FirdarLord>;

named_by_the_core!(
    FirdarLord,
    &FirdarLord::ALL,
    "FirdarLord",
    "A lord of the firdaria: one of the seven planets, `north_node` or `south_node`."
);

/// A lord of any time-lord technique by its name.
pub type TimeLordName = OneOf<TimeLord>;

named_by_the_core!(
    TimeLord,
    &TimeLord::ALL,
    "TimeLord",
    "A time-lord: one of the seven planets, `uranus`, `neptune` or `pluto` (modern rulers of a \
     profected sign), `north_node` or `south_node`."
);
