//! Ayanamsas: the predefined sidereal modes of the library and their values.

use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite};
use crate::ffi;
use crate::time::JulianDayUt;

use swiss_eph::{SE_NSIDM_PREDEF, SEFLG_SWIEPH};

/// A predefined sidereal mode of the library, 0..`SE_NSIDM_PREDEF` (47 in 2.10.03). The
/// user-defined mode 255 is not offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AyanamsaId(i32);

impl AyanamsaId {
    /// Fagan/Bradley (the library's default).
    pub const FAGAN_BRADLEY: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_FAGAN_BRADLEY);
    /// Lahiri (Chitrapaksha), the Indian national standard.
    pub const LAHIRI: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_LAHIRI);
    /// De Luce.
    pub const DELUCE: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_DELUCE);
    /// B. V. Raman.
    pub const RAMAN: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_RAMAN);
    /// Krishnamurti (KP).
    pub const KRISHNAMURTI: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_KRISHNAMURTI);
    /// Yukteshwar.
    pub const YUKTESHWAR: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_YUKTESHWAR);
    /// J2000 (the ecliptic longitudes of J2000 precessed to the date).
    pub const J2000: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_J2000);
    /// True Chitra (Spica at 180°).
    pub const TRUE_CITRA: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_TRUE_CITRA);
    /// True Revati.
    pub const TRUE_REVATI: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_TRUE_REVATI);
    /// True Pushya.
    pub const TRUE_PUSHYA: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_TRUE_PUSHYA);
    /// Galactic centre at 0° Sagittarius.
    pub const GALCENT_0SAG: AyanamsaId = AyanamsaId(swiss_eph::SE_SIDM_GALCENT_0SAG);

    /// Number of predefined modes (`SE_NSIDM_PREDEF`).
    pub const COUNT: i32 = SE_NSIDM_PREDEF;

    /// The mode with the library's number `number`.
    ///
    /// # Errors
    /// [`EphemError::InvalidInput`] unless `0 <= number < 47`.
    pub fn from_se_number(number: i32) -> Result<AyanamsaId, EphemError> {
        if (0..SE_NSIDM_PREDEF).contains(&number) {
            Ok(AyanamsaId(number))
        } else {
            Err(EphemError::InvalidInput {
                name: "ayanamsa",
                value: number.to_string(),
                rule: "must be a predefined sidereal mode between 0 and 46",
            })
        }
    }

    /// The library's number (`SE_SIDM_*`).
    #[must_use]
    pub const fn se_number(self) -> i32 {
        self.0
    }

    /// The library's name, e.g. `"Lahiri"` (`swe_get_ayanamsa_name`).
    #[must_use]
    pub fn name(self) -> &'static str {
        ffi::ayanamsa_name(self.0).unwrap_or("")
    }

    /// Every predefined mode, in the library's order.
    pub fn all() -> impl Iterator<Item = AyanamsaId> {
        (0..SE_NSIDM_PREDEF).map(AyanamsaId)
    }
}

/// Every predefined sidereal mode with the library's name, in the library's order
/// (0..`SE_NSIDM_PREDEF`); the user-defined mode 255 is left out.
#[must_use]
pub fn ayanamsa_modes() -> Vec<(AyanamsaId, &'static str)> {
    AyanamsaId::all().map(|id| (id, id.name())).collect()
}

impl Ephemeris {
    /// The ayanamsa of `mode` at `jd` (UT), in degrees (`swe_get_ayanamsa_ex_ut` with the
    /// Swiss Ephemeris flag, the mode set in the same call). Like every `_ex` ayanamsa of the
    /// library it includes the nutation in longitude (a "true" ayanamsa).
    ///
    /// Most modes are pure precession formulas; the "true star" modes use a star's position,
    /// which outside the files (before 1200) changes by less than 0.00001" with the ephemeris
    /// used.
    ///
    /// # Errors
    /// [`EphemError::NotFinite`] for a NaN or infinite date; [`EphemError::Library`] if the
    /// library fails (for a "true star" mode whose star is missing from the catalogue).
    pub fn ayanamsa_deg(&self, jd: JulianDayUt, mode: AyanamsaId) -> Result<f64, EphemError> {
        finite("jd_ut", jd.0)?;
        self.with_lib(|lib| {
            ffi::set_sid_mode(lib, mode.se_number());
            ffi::ayanamsa_ex_ut(lib, jd.0, SEFLG_SWIEPH).map_err(|m| {
                EphemError::from_library(
                    "swe_get_ayanamsa_ex_ut",
                    format!("ayanamsa {} at JD {} (UT)", mode.se_number(), jd.0),
                    m,
                )
            })
        })
    }
}
