//! House cusps and angles (`swe_houses_ex2`).
//!
//! `swe_houses_ex2` rather than `swe_houses`: it computes speeds, and it passes the Sun's
//! declination to the Sunshine systems in the same call (the older functions fall back to a
//! process-wide static). Inside the polar circles Placidus, Koch and the Gauquelin sectors are
//! undefined, and Sunshine after Makransky (`i`) is too while the Sun does not rise or set; the
//! library then returns an error code *and* Porphyry cusps. That is reported here as a
//! fallback ([`Houses::fallback`], [`Houses::system_used`] = Porphyry), not as an error. Every
//! other system is computed there ([`POLAR_FALLBACK`]).
//!
//! # One MC
//!
//! [`Angles::mc`] is the ecliptic point on the upper meridian for every system: the point whose
//! right ascension is the ARMC, `tan MC = tan ARMC / cos ε` (ε the true obliquity) in the
//! quadrant of the ARMC, shifted by the ayanamsa in a sidereal zodiac. Inside the polar circles,
//! when the MC sinks below the horizon (the ascendant the library keeps east of it then falls
//! more than 180° after it), Campanus, Regiomontanus, Polich/Page, APC, Savard-A and Sunshine
//! after Treindl (`I`) put the IC on their tenth cusp and the library returns that IC as the MC
//! (`ascmc[1]`, with every cusp but 4..9 turned by 180°). The cusps are kept as the system
//! defines them ([`Houses::tenth_cusp_on_ic`] says when), and the MC is turned back. The
//! ascendant, vertex and the other points of `ascmc` are the same for every system, so they
//! pass through: the ascendant is the ecliptic on the eastern horizon everywhere (inside the
//! polar circles the library turns its first solution, the western point, while the MC is below
//! the horizon; the ascendant then jumps by 180° as the MC crosses the horizon).

use crate::body::BodyId;
use crate::calc::{Zodiac, require_swiss_files};
use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite, in_range};
use crate::ffi;
use crate::time::JulianDayUt;

use swiss_eph::SEFLG_SWIEPH;

/// A house system of the library, by its one-letter code. Only codes the library implements
/// can be built (it would silently treat any other letter as Placidus).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HouseSystem(u8);

impl HouseSystem {
    /// `A`: equal houses from the Ascendant (same as `E`).
    pub const EQUAL_A: HouseSystem = HouseSystem(b'A');
    /// `B`: Alcabitius.
    pub const ALCABITIUS: HouseSystem = HouseSystem(b'B');
    /// `C`: Campanus.
    pub const CAMPANUS: HouseSystem = HouseSystem(b'C');
    /// `D`: equal houses from the MC.
    pub const EQUAL_MC: HouseSystem = HouseSystem(b'D');
    /// `E`: equal houses from the Ascendant.
    pub const EQUAL: HouseSystem = HouseSystem(b'E');
    /// `F`: Carter's poli-equatorial.
    pub const CARTER: HouseSystem = HouseSystem(b'F');
    /// `G`: the 36 Gauquelin sectors.
    pub const GAUQUELIN: HouseSystem = HouseSystem(b'G');
    /// `H`: horizon/azimuth.
    pub const HORIZON: HouseSystem = HouseSystem(b'H');
    /// `I`: Sunshine (Treindl).
    pub const SUNSHINE: HouseSystem = HouseSystem(b'I');
    /// `i`: Sunshine (Makransky's solution).
    pub const SUNSHINE_ALT: HouseSystem = HouseSystem(b'i');
    /// `J`: Savard-A.
    pub const SAVARD_A: HouseSystem = HouseSystem(b'J');
    /// `K`: Koch.
    pub const KOCH: HouseSystem = HouseSystem(b'K');
    /// `L`: Pullen SD (sinusoidal delta).
    pub const PULLEN_SD: HouseSystem = HouseSystem(b'L');
    /// `M`: Morinus.
    pub const MORINUS: HouseSystem = HouseSystem(b'M');
    /// `N`: equal houses, house 1 = 0° Aries.
    pub const EQUAL_ARIES: HouseSystem = HouseSystem(b'N');
    /// `O`: Porphyry (also the fallback inside the polar circles).
    pub const PORPHYRY: HouseSystem = HouseSystem(b'O');
    /// `P`: Placidus.
    pub const PLACIDUS: HouseSystem = HouseSystem(b'P');
    /// `Q`: Pullen SR (sinusoidal ratio).
    pub const PULLEN_SR: HouseSystem = HouseSystem(b'Q');
    /// `R`: Regiomontanus.
    pub const REGIOMONTANUS: HouseSystem = HouseSystem(b'R');
    /// `S`: Sripati.
    pub const SRIPATI: HouseSystem = HouseSystem(b'S');
    /// `T`: Polich/Page ("topocentric").
    pub const POLICH_PAGE: HouseSystem = HouseSystem(b'T');
    /// `U`: Krusinski-Pisa-Goelzer.
    pub const KRUSINSKI: HouseSystem = HouseSystem(b'U');
    /// `V`: equal houses after Vehlow (Ascendant in the middle of house 1).
    pub const VEHLOW: HouseSystem = HouseSystem(b'V');
    /// `W`: whole-sign houses.
    pub const WHOLE_SIGN: HouseSystem = HouseSystem(b'W');
    /// `X`: axial rotation / meridian houses.
    pub const MERIDIAN: HouseSystem = HouseSystem(b'X');
    /// `Y`: APC houses.
    pub const APC: HouseSystem = HouseSystem(b'Y');

    /// Every system the library implements (the cases of `CalcH` in `swehouse.c` 2.10.03,
    /// where `P` is the default branch).
    pub const ALL: [HouseSystem; 26] = [
        Self::EQUAL_A,
        Self::ALCABITIUS,
        Self::CAMPANUS,
        Self::EQUAL_MC,
        Self::EQUAL,
        Self::CARTER,
        Self::GAUQUELIN,
        Self::HORIZON,
        Self::SUNSHINE,
        Self::SUNSHINE_ALT,
        Self::SAVARD_A,
        Self::KOCH,
        Self::PULLEN_SD,
        Self::MORINUS,
        Self::EQUAL_ARIES,
        Self::PORPHYRY,
        Self::PLACIDUS,
        Self::PULLEN_SR,
        Self::REGIOMONTANUS,
        Self::SRIPATI,
        Self::POLICH_PAGE,
        Self::KRUSINSKI,
        Self::VEHLOW,
        Self::WHOLE_SIGN,
        Self::MERIDIAN,
        Self::APC,
    ];

    /// The system with this one-letter code (case matters: `I` and `i` differ).
    ///
    /// # Errors
    /// [`EphemError::InvalidInput`] for a code the library does not implement.
    pub fn from_code(code: char) -> Result<HouseSystem, EphemError> {
        Self::ALL
            .into_iter()
            .find(|s| char::from(s.0) == code)
            .ok_or_else(|| EphemError::InvalidInput {
                name: "house system",
                value: code.to_string(),
                rule: "must be one of A B C D E F G H I i J K L M N O P Q R S T U V W X Y",
            })
    }

    /// The one-letter code.
    #[must_use]
    pub fn code(self) -> char {
        char::from(self.0)
    }

    /// The library's name (`swe_house_name`), e.g. `"Placidus"`, `"equal/ whole sign"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        ffi::house_name(self.0)
    }

    /// 36 for Gauquelin sectors, 12 otherwise.
    #[must_use]
    pub fn cusp_count(self) -> usize {
        if self == Self::GAUQUELIN { 36 } else { 12 }
    }
}

/// The systems the library replaces by Porphyry inside the polar circles (`|φ| ≥ 90° − ε`):
/// Placidus and Koch, whose semi-arc divisions do not exist where points never rise, the
/// Gauquelin sectors (Placidus' 36-fold cousin), and Sunshine after Makransky (`i`) when the
/// Sun's diurnal arc does not exist (`|tan δ☉ · tan φ| ≥ 1`: midnight Sun or polar night).
/// Placidus and the Gauquelin sectors also fall back just outside the circles where their
/// iteration does not converge ("very close to polar circle"). Every other system is computed at
/// every latitude.
pub const POLAR_FALLBACK: [HouseSystem; 4] = [
    HouseSystem::PLACIDUS,
    HouseSystem::KOCH,
    HouseSystem::GAUQUELIN,
    HouseSystem::SUNSHINE_ALT,
];

/// The systems whose tenth cusp the library turns to the IC inside the polar circles when the MC
/// is below the horizon (the `acmc < 0` branches of `swehouse.c`): their houses then run
/// clockwise.
pub const POLAR_TENTH_CUSP_ON_IC: [HouseSystem; 6] = [
    HouseSystem::CAMPANUS,
    HouseSystem::REGIOMONTANUS,
    HouseSystem::POLICH_PAGE,
    HouseSystem::APC,
    HouseSystem::SAVARD_A,
    HouseSystem::SUNSHINE,
];

/// `a - b` wrapped into `[-180, 180)`, degrees.
fn difference_deg(a: f64, b: f64) -> f64 {
    (a - b + 180.0).rem_euclid(360.0) - 180.0
}

/// A longitude with its daily motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HousePoint {
    /// Ecliptic longitude, degrees [0, 360).
    pub lon_deg: f64,
    /// Daily motion, degrees per day.
    pub speed_deg_per_day: f64,
}

/// The angles and sensitive points of `ascmc[0..8]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Angles {
    /// Ascendant (`ascmc[0]`).
    pub ascendant: HousePoint,
    /// Midheaven: the ecliptic point on the upper meridian, for every system (`ascmc[1]`, less
    /// the library's polar turn to the IC, see the module's "One MC").
    pub mc: HousePoint,
    /// Right ascension of the MC (sidereal time in degrees, `ascmc[2]`): degrees of right
    /// ascension, never sidereal-shifted.
    pub armc_deg: f64,
    /// Daily motion of the ARMC, degrees per day.
    pub armc_speed_deg_per_day: f64,
    /// Vertex (`ascmc[3]`).
    pub vertex: HousePoint,
    /// Equatorial ascendant (`ascmc[4]`).
    pub equatorial_ascendant: HousePoint,
    /// Co-ascendant after W. Koch (`ascmc[5]`).
    pub co_ascendant_koch: HousePoint,
    /// Co-ascendant after M. Munkasey (`ascmc[6]`).
    pub co_ascendant_munkasey: HousePoint,
    /// Polar ascendant after M. Munkasey (`ascmc[7]`).
    pub polar_ascendant: HousePoint,
}

/// House cusps and angles.
#[derive(Debug, Clone, PartialEq)]
pub struct Houses {
    /// The system asked for.
    pub system_requested: HouseSystem,
    /// The system the cusps are in: the requested one, or Porphyry after a fallback (see
    /// [`POLAR_FALLBACK`]); Sunshine after Treindl (`I`) for `i` in a sidereal zodiac, which the
    /// library computes as `I`.
    pub system_used: HouseSystem,
    /// Why the library fell back to Porphyry (its message, e.g. `within polar circle,
    /// switched to Porphyry`), or `None`.
    pub fallback: Option<String>,
    /// Cusps of houses 1..=12 (sectors 1..=36 for Gauquelin), `cusps[0]` being house 1.
    pub cusps: Vec<HousePoint>,
    /// Ascendant, MC and the other points.
    pub angles: Angles,
}

impl Houses {
    /// Whether the tenth cusp is the IC rather than the MC: the library's polar turn of
    /// [`POLAR_TENTH_CUSP_ON_IC`] (the cusps then run clockwise; [`Angles::mc`] stays the MC).
    #[must_use]
    pub fn tenth_cusp_on_ic(&self) -> bool {
        POLAR_TENTH_CUSP_ON_IC.contains(&self.system_used)
            && self.cusps.len() == 12
            && difference_deg(self.cusps[9].lon_deg, self.angles.mc.lon_deg).abs() > 90.0
    }
}

/// The MC on the upper meridian from the library's `ascmc[0]` (ascendant) and `ascmc[1]`.
///
/// Every system keeps the ascendant within 180° after the MC (`0 < AC − MC < 180°`, true of the
/// eastern horizon everywhere outside the polar circles, and enforced inside them by turning the
/// ascendant). The systems of [`POLAR_TENTH_CUSP_ON_IC`] turn the MC by 180° with it where that
/// needs a turn, so their `AC − MC` falls in `(−180°, 0)`: turning the MC back undoes exactly
/// that. A 180° turn leaves the speed as it is.
fn upper_meridian(system_used: HouseSystem, asc_deg: f64, mc_deg: f64) -> f64 {
    if POLAR_TENTH_CUSP_ON_IC.contains(&system_used) && difference_deg(asc_deg, mc_deg) < 0.0 {
        (mc_deg + 180.0).rem_euclid(360.0)
    } else {
        mc_deg
    }
}

impl Ephemeris {
    /// Houses at `jd` (UT) for a place, tropical or sidereal.
    ///
    /// # Errors
    /// [`EphemError::NotFinite`]/[`EphemError::InvalidInput`] for a bad date, latitude
    /// (outside [-90, 90]) or longitude (outside [-180, 180]); [`EphemError::OutOfRange`] for
    /// the Sunshine systems at a date the planetary file does not cover (they need the Sun);
    /// [`EphemError::Library`] if the library returns non-finite values. A polar fallback is
    /// *not* an error.
    pub fn houses(
        &self,
        jd: JulianDayUt,
        lat_deg: f64,
        lon_deg: f64,
        system: HouseSystem,
        zodiac: Zodiac,
    ) -> Result<Houses, EphemError> {
        finite("jd_ut", jd.0)?;
        in_range(
            "lat_deg",
            lat_deg,
            -90.0,
            90.0,
            "must be between -90 and 90",
        )?;
        in_range(
            "lon_deg",
            lon_deg,
            -180.0,
            180.0,
            "must be between -180 and 180",
        )?;
        let raw = self.with_lib(|lib| {
            if system == HouseSystem::SUNSHINE || system == HouseSystem::SUNSHINE_ALT {
                // Sunshine houses need the Sun's declination, which the library would take
                // from the Moshier model outside the files without saying so.
                require_swiss_files(lib, jd.0, BodyId::SUN)?;
            }
            let iflag = SEFLG_SWIEPH | zodiac.apply(lib);
            Ok(ffi::houses_ex2(
                lib, jd.0, iflag, lat_deg, lon_deg, system.0,
            ))
        })?;
        // On failure the library has written 12 Porphyry cusps (swehouse.c: "in case of
        // failure, Porphyry houses"), also for Gauquelin.
        let (system_used, fallback) = if raw.retc < 0 {
            let reason = if raw.message.is_empty() {
                "the house system is not defined here; the library switched to Porphyry".to_owned()
            } else {
                raw.message.clone()
            };
            (HouseSystem::PORPHYRY, Some(reason))
        } else if system == HouseSystem::SUNSHINE_ALT && matches!(zodiac, Zodiac::Sidereal(_)) {
            // The library's sidereal houses take the letter's capital (`sidereal_houses_trad`):
            // the cusps are Treindl's.
            (HouseSystem::SUNSHINE, None)
        } else {
            (system, None)
        };
        let count = system_used.cusp_count().min(system.cusp_count());
        let point = |lon: f64, speed: f64| HousePoint {
            lon_deg: lon,
            speed_deg_per_day: speed,
        };
        let cusps: Vec<HousePoint> = (1..=count)
            .map(|i| point(raw.cusps[i], raw.cusp_speeds[i]))
            .collect();
        let (a, s) = (&raw.ascmc, &raw.ascmc_speeds);
        let angles = Angles {
            ascendant: point(a[0], s[0]),
            mc: point(upper_meridian(system_used, a[0], a[1]), s[1]),
            armc_deg: a[2],
            armc_speed_deg_per_day: s[2],
            vertex: point(a[3], s[3]),
            equatorial_ascendant: point(a[4], s[4]),
            co_ascendant_koch: point(a[5], s[5]),
            co_ascendant_munkasey: point(a[6], s[6]),
            polar_ascendant: point(a[7], s[7]),
        };
        let all_finite = cusps
            .iter()
            .all(|c| c.lon_deg.is_finite() && c.speed_deg_per_day.is_finite())
            && a[..8].iter().chain(&s[..8]).all(|v| v.is_finite());
        if !all_finite {
            return Err(EphemError::Library {
                function: "swe_houses_ex2",
                message: format!(
                    "house system {} at latitude {lat_deg}, JD {} gave non-finite values",
                    system.code(),
                    jd.0
                ),
            });
        }
        Ok(Houses {
            system_requested: system,
            system_used,
            fallback,
            cusps,
            angles,
        })
    }
}
