//! Which body to compute: the Swiss Ephemeris planet number behind a type that can only hold
//! numbers this crate supports.

use crate::error::EphemError;

/// A body the Swiss Ephemeris computes: the major bodies and points 0..=22 and the numbered
/// asteroids (`10000 + number`). Build one from the named constants or [`BodyId::asteroid`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId(i32);

impl BodyId {
    /// The Sun.
    pub const SUN: BodyId = BodyId(swiss_eph::SE_SUN);
    /// The Moon.
    pub const MOON: BodyId = BodyId(swiss_eph::SE_MOON);
    /// Mercury.
    pub const MERCURY: BodyId = BodyId(swiss_eph::SE_MERCURY);
    /// Venus.
    pub const VENUS: BodyId = BodyId(swiss_eph::SE_VENUS);
    /// Mars.
    pub const MARS: BodyId = BodyId(swiss_eph::SE_MARS);
    /// Jupiter.
    pub const JUPITER: BodyId = BodyId(swiss_eph::SE_JUPITER);
    /// Saturn.
    pub const SATURN: BodyId = BodyId(swiss_eph::SE_SATURN);
    /// Uranus.
    pub const URANUS: BodyId = BodyId(swiss_eph::SE_URANUS);
    /// Neptune.
    pub const NEPTUNE: BodyId = BodyId(swiss_eph::SE_NEPTUNE);
    /// Pluto.
    pub const PLUTO: BodyId = BodyId(swiss_eph::SE_PLUTO);
    /// The mean lunar node.
    pub const MEAN_NODE: BodyId = BodyId(swiss_eph::SE_MEAN_NODE);
    /// The true (osculating) lunar node.
    pub const TRUE_NODE: BodyId = BodyId(swiss_eph::SE_TRUE_NODE);
    /// The mean lunar apogee ("mean Lilith").
    pub const MEAN_APOGEE: BodyId = BodyId(swiss_eph::SE_MEAN_APOG);
    /// The osculating lunar apogee ("true Lilith").
    pub const OSCULATING_APOGEE: BodyId = BodyId(swiss_eph::SE_OSCU_APOG);
    /// The Earth: heliocentric, barycentric or planet-centric only (seen from the Earth's
    /// centre it has no position; the astrological "Earth point", Sun + 180°, is the domain
    /// crate's business).
    pub const EARTH: BodyId = BodyId(swiss_eph::SE_EARTH);
    /// Chiron (main asteroid file; no analytical model).
    pub const CHIRON: BodyId = BodyId(swiss_eph::SE_CHIRON);
    /// Pholus (main asteroid file; no analytical model).
    pub const PHOLUS: BodyId = BodyId(swiss_eph::SE_PHOLUS);
    /// Ceres (main asteroid file; no analytical model).
    pub const CERES: BodyId = BodyId(swiss_eph::SE_CERES);
    /// Pallas (main asteroid file; no analytical model).
    pub const PALLAS: BodyId = BodyId(swiss_eph::SE_PALLAS);
    /// Juno (main asteroid file; no analytical model).
    pub const JUNO: BodyId = BodyId(swiss_eph::SE_JUNO);
    /// Vesta (main asteroid file; no analytical model).
    pub const VESTA: BodyId = BodyId(swiss_eph::SE_VESTA);
    /// The interpolated lunar apogee.
    pub const INTERPOLATED_APOGEE: BodyId = BodyId(swiss_eph::SE_INTP_APOG);
    /// The interpolated lunar perigee.
    pub const INTERPOLATED_PERIGEE: BodyId = BodyId(swiss_eph::SE_INTP_PERG);

    /// Every named body, in the library's order 0..=22.
    pub const NAMED: [BodyId; 23] = [
        Self::SUN,
        Self::MOON,
        Self::MERCURY,
        Self::VENUS,
        Self::MARS,
        Self::JUPITER,
        Self::SATURN,
        Self::URANUS,
        Self::NEPTUNE,
        Self::PLUTO,
        Self::MEAN_NODE,
        Self::TRUE_NODE,
        Self::MEAN_APOGEE,
        Self::OSCULATING_APOGEE,
        Self::EARTH,
        Self::CHIRON,
        Self::PHOLUS,
        Self::CERES,
        Self::PALLAS,
        Self::JUNO,
        Self::VESTA,
        Self::INTERPOLATED_APOGEE,
        Self::INTERPOLATED_PERIGEE,
    ];

    /// The largest asteroid number the library's `int32` body number can hold.
    pub const MAX_ASTEROID_NUMBER: u32 = (i32::MAX - swiss_eph::SE_AST_OFFSET) as u32;

    /// A numbered asteroid (minor planet number, e.g. 136199 for Eris). Its data file
    /// (`ast<number / 1000>/se<number>.se1`) must be installed, or calculations fail with
    /// [`EphemError::DataUnavailable`].
    ///
    /// # Errors
    /// [`EphemError::InvalidInput`] if `number` is 0 or above [`BodyId::MAX_ASTEROID_NUMBER`].
    pub fn asteroid(number: u32) -> Result<BodyId, EphemError> {
        if number == 0 || number > Self::MAX_ASTEROID_NUMBER {
            return Err(EphemError::InvalidInput {
                name: "asteroid number",
                value: number.to_string(),
                rule: "must be between 1 and 2147473647",
            });
        }
        // The range check above makes both conversions lossless.
        Ok(BodyId(
            swiss_eph::SE_AST_OFFSET + i32::try_from(number).unwrap_or(i32::MAX),
        ))
    }

    /// The body with this Swiss Ephemeris number, if it is one this type supports (0..=22 or
    /// an asteroid above 10000).
    #[must_use]
    pub fn from_se_number(number: i32) -> Option<BodyId> {
        if (0..=swiss_eph::SE_INTP_PERG).contains(&number) || number > swiss_eph::SE_AST_OFFSET {
            Some(BodyId(number))
        } else {
            None
        }
    }

    /// The Swiss Ephemeris body number (`SE_SUN` = 0, ..., `SE_AST_OFFSET + n`).
    #[must_use]
    pub const fn se_number(self) -> i32 {
        self.0
    }

    /// The lunar node and apsis points (mean/true node, mean/osculating apogee, interpolated
    /// apogee/perigee): directions seen from the Earth, not bodies. They have no
    /// heliocentric, barycentric or planet-centric position.
    #[must_use]
    pub const fn is_lunar_point(self) -> bool {
        matches!(
            self.0,
            swiss_eph::SE_MEAN_NODE
                | swiss_eph::SE_TRUE_NODE
                | swiss_eph::SE_MEAN_APOG
                | swiss_eph::SE_OSCU_APOG
                | swiss_eph::SE_INTP_APOG
                | swiss_eph::SE_INTP_PERG
        )
    }

    /// The minor planet number if this is a numbered asteroid.
    #[must_use]
    pub const fn asteroid_number(self) -> Option<u32> {
        if self.0 > swiss_eph::SE_AST_OFFSET {
            Some((self.0 - swiss_eph::SE_AST_OFFSET) as u32)
        } else {
            None
        }
    }
}
