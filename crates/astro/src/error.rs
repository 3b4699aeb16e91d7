//! Typed errors of the astrology core.
//!
//! Every error names the value it got and the rule that value broke, so the API layer can put a
//! field path in front of the message and hand it to the client unchanged (for example
//! `orbs.trine` + `: the orb for `trine` must be greater than 0 degrees (got 0)`).

use std::fmt;

use crate::angle::Sign;
use crate::aspects::{Aspect, AspectCategory, OrbPreset};

/// An angle that cannot be a position on the circle.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum AngleError {
    /// NaN or an infinity was given where a number of degrees was expected.
    #[error("{what} must be a finite number of degrees (got {value})")]
    NotFinite {
        /// What the value was meant to be, e.g. `longitude`.
        what: &'static str,
        /// The value as given.
        value: f64,
    },
}

/// The kind of name that [`UnknownName`] could not recognise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// A zodiac sign (`aries`..`pisces`).
    Sign,
    /// An aspect of the catalogue (`conjunction`, `trine`, …).
    Aspect,
    /// An aspect category (`major`, `minor`).
    AspectCategory,
    /// An orb preset (`classic`, `tight`, `transit`, `progression`).
    OrbPreset,
    /// A body or point (`sun`, `mean_node`, `asteroid_<number>`, …).
    Body,
    /// A house system (`placidus`, `koch`, …).
    HouseSystem,
    /// A sidereal mode (`lahiri`, `fagan_bradley`, …).
    Ayanamsa,
    /// A Hellenistic lot (`fortune`, `spirit`, …).
    Lot,
    /// A peer's conventions (`astrodienst`, `kerykeion`, …).
    Preset,
}

impl NameKind {
    /// The names accepted for this kind, in catalogue order.
    #[must_use]
    pub fn accepted_names(self) -> &'static [&'static str] {
        match self {
            Self::Sign => &Sign::NAMES,
            Self::Aspect => &Aspect::NAMES,
            Self::AspectCategory => &AspectCategory::NAMES,
            Self::OrbPreset => &OrbPreset::NAMES,
            Self::Body => &crate::body::Body::ACCEPTED_NAMES,
            Self::HouseSystem => &crate::house_system::HouseSystemName::NAMES,
            Self::Ayanamsa => &crate::ayanamsa::AYANAMSA_NAMES,
            Self::Lot => &crate::techniques::lots::Lot::NAMES,
            Self::Preset => &crate::presets::Preset::NAMES,
        }
    }

    /// How the kind is called in messages.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Sign => "sign",
            Self::Aspect => "aspect",
            Self::AspectCategory => "aspect category",
            Self::OrbPreset => "orb preset",
            Self::Body => "body",
            Self::HouseSystem => "house system",
            Self::Ayanamsa => "ayanamsa",
            Self::Lot => "lot",
            Self::Preset => "preset",
        }
    }
}

/// A name that is not in its catalogue. The message lists every accepted name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {} `{got}`; accepted names: {}", kind.label(), kind.accepted_names().join(", "))]
pub struct UnknownName {
    /// Which catalogue was searched.
    pub kind: NameKind,
    /// The name as given.
    pub got: String,
}

/// Which orb an [`OrbError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrbSubject {
    /// A flat orb for every aspect (a bare number).
    Flat,
    /// The `max` of an orb object: a cap on every aspect's orb.
    Max,
    /// The orb given for one aspect.
    Aspect(Aspect),
}

impl fmt::Display for OrbSubject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Flat => f.write_str("the orb"),
            Self::Max => f.write_str("the maximum orb `max`"),
            Self::Aspect(aspect) => write!(f, "the orb for `{}`", aspect.name()),
        }
    }
}

/// An orb that breaks one of the rules of [`crate::aspects::Orb`]: finite, greater than 0 and at
/// most [`crate::aspects::Orb::MAX_DEG`] degrees.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum OrbError {
    /// NaN or an infinity.
    #[error("{subject} must be a finite number of degrees (got {value})")]
    NotFinite {
        /// Which orb.
        subject: OrbSubject,
        /// The value as given.
        value: f64,
    },
    /// Zero or negative: an aspect with no tolerance would (almost) never be found.
    #[error("{subject} must be greater than 0 degrees (got {value})")]
    NotPositive {
        /// Which orb.
        subject: OrbSubject,
        /// The value as given.
        value: f64,
    },
    /// Wider than the cap: past it, the orbs of neighbouring aspects swallow each other.
    #[error("{subject} must be at most {cap_deg} degrees (got {value})")]
    AboveCap {
        /// Which orb.
        subject: OrbSubject,
        /// The value as given.
        value: f64,
        /// The cap, [`crate::aspects::Orb::MAX_DEG`].
        cap_deg: f64,
    },
    /// A per-aspect orb wider than the `max` given beside it.
    #[error(
        "the orb for `{}` ({value_deg} degrees) must not exceed the maximum orb `max` ({max_deg} degrees)",
        aspect.name()
    )]
    AboveMax {
        /// The aspect whose orb is too wide.
        aspect: Aspect,
        /// Its orb as given.
        value_deg: f64,
        /// The `max` given beside it.
        max_deg: f64,
    },
}

/// A request for aspects that cannot be answered as given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AspectError {
    /// The selection of aspects (explicit names or categories) was empty.
    #[error("at least one aspect must be selected (got none)")]
    NoAspects,
    /// A point's speed was NaN or infinite.
    #[error("the speed of `{point}` must be a finite number of degrees per day (got {value})")]
    SpeedNotFinite {
        /// The point's name.
        point: String,
        /// The speed as given.
        value: f64,
    },
    /// A point's longitude was NaN or infinite.
    #[error("the longitude of `{point}` must be a finite number of degrees (got {value})")]
    LongitudeNotFinite {
        /// The point's name.
        point: String,
        /// The longitude as given.
        value: f64,
    },
    /// A point's declination was outside [-90, 90] or not a number.
    #[error("the declination of `{point}` must be a number of degrees in [-90, 90] (got {value})")]
    DeclinationOutOfRange {
        /// The point's name.
        point: String,
        /// The declination as given.
        value: f64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_name_lists_accepted_names() {
        let err = UnknownName {
            kind: NameKind::OrbPreset,
            got: "loose".to_owned(),
        };
        assert_eq!(
            err.to_string(),
            "unknown orb preset `loose`; accepted names: classic, tight, transit, progression"
        );
    }

    #[test]
    fn orb_errors_name_the_rule() {
        let err = OrbError::NotPositive {
            subject: OrbSubject::Aspect(Aspect::Trine),
            value: 0.0,
        };
        assert_eq!(
            err.to_string(),
            "the orb for `trine` must be greater than 0 degrees (got 0)"
        );
        let err = OrbError::AboveCap {
            subject: OrbSubject::Max,
            value: 45.0,
            cap_deg: 30.0,
        };
        assert_eq!(
            err.to_string(),
            "the maximum orb `max` must be at most 30 degrees (got 45)"
        );
    }
}
