//! House systems by their API names: every system the Swiss Ephemeris has.

use orrery_ephem::{HouseSystem, POLAR_FALLBACK, POLAR_TENTH_CUSP_ON_IC};

use crate::error::{NameKind, UnknownName};

/// A house system named for the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HouseSystemName {
    pub name: &'static str,
    pub system: HouseSystem,
    pub description: &'static str,
}

const fn named(
    name: &'static str,
    system: HouseSystem,
    description: &'static str,
) -> HouseSystemName {
    HouseSystemName {
        name,
        system,
        description,
    }
}

/// Every house system, in catalogue order (the library's letter in brackets).
pub const HOUSE_SYSTEMS: [HouseSystemName; 25] = [
    named(
        "placidus",
        HouseSystem::PLACIDUS,
        "Placidus [P]: semi-arc time divisions; undefined inside the polar circles (Porphyry houses there).",
    ),
    named(
        "koch",
        HouseSystem::KOCH,
        "Koch [K], birthplace houses; undefined inside the polar circles (Porphyry houses there).",
    ),
    named(
        "porphyry",
        HouseSystem::PORPHYRY,
        "Porphyry [O]: quadrants trisected in ecliptic longitude.",
    ),
    named(
        "regiomontanus",
        HouseSystem::REGIOMONTANUS,
        "Regiomontanus [R]: equal divisions of the celestial equator; inside the polar circles, with the MC below the horizon, the IC on the 10th cusp and the houses clockwise.",
    ),
    named(
        "campanus",
        HouseSystem::CAMPANUS,
        "Campanus [C]: equal divisions of the prime vertical; inside the polar circles, with the MC below the horizon, the IC on the 10th cusp and the houses clockwise.",
    ),
    named(
        "equal",
        HouseSystem::EQUAL,
        "Equal houses [E] of 30 degrees from the ascendant.",
    ),
    named(
        "equal_mc",
        HouseSystem::EQUAL_MC,
        "Equal houses [D] of 30 degrees, the 10th cusp on the MC.",
    ),
    named(
        "equal_aries",
        HouseSystem::EQUAL_ARIES,
        "Equal houses [N] with the 1st cusp at 0 Aries.",
    ),
    named(
        "whole_sign",
        HouseSystem::WHOLE_SIGN,
        "Whole-sign houses [W]: the ascendant's sign is the 1st house.",
    ),
    named(
        "vehlow",
        HouseSystem::VEHLOW,
        "Vehlow equal houses [V]: the ascendant in the middle of the 1st house.",
    ),
    named(
        "alcabitius",
        HouseSystem::ALCABITIUS,
        "Alcabitius [B]: semi-arc divisions of the ascendant's diurnal arc.",
    ),
    named(
        "topocentric",
        HouseSystem::POLICH_PAGE,
        "Topocentric houses of Polich and Page [T]; computed inside the polar circles too, there with the IC on the 10th cusp and the houses clockwise when the MC is below the horizon.",
    ),
    named(
        "morinus",
        HouseSystem::MORINUS,
        "Morinus [M]: equal divisions of the equator projected from the ecliptic poles.",
    ),
    named(
        "meridian",
        HouseSystem::MERIDIAN,
        "Meridian / axial rotation houses [X].",
    ),
    named(
        "azimuthal",
        HouseSystem::HORIZON,
        "Azimuthal or horizontal houses [H].",
    ),
    named(
        "krusinski",
        HouseSystem::KRUSINSKI,
        "Krusinski-Pisa-Goelzer houses [U].",
    ),
    named(
        "apc",
        HouseSystem::APC,
        "APC houses [Y] (Ascendant Parallel Circle); inside the polar circles, with the MC below the horizon, the IC on the 10th cusp and the houses clockwise.",
    ),
    named(
        "carter",
        HouseSystem::CARTER,
        "Carter's poli-equatorial houses [F].",
    ),
    named(
        "sunshine",
        HouseSystem::SUNSHINE,
        "Sunshine houses [I] after Makransky, Treindl's solution; needs the Sun's declination; inside the polar circles, with the MC below the horizon, the IC on the 10th cusp and the houses clockwise.",
    ),
    named(
        "sunshine_alt",
        HouseSystem::SUNSHINE_ALT,
        "Sunshine houses [i], Makransky's own solution; inside the polar circles undefined while the Sun does not rise or set (Porphyry houses then); in a sidereal zodiac the library computes Treindl's solution [I].",
    ),
    named(
        "pullen_sd",
        HouseSystem::PULLEN_SD,
        "Pullen sinusoidal delta [L] (ex neo-Porphyry).",
    ),
    named(
        "pullen_sr",
        HouseSystem::PULLEN_SR,
        "Pullen sinusoidal ratio [Q].",
    ),
    named(
        "sripati",
        HouseSystem::SRIPATI,
        "Sripati [S]: Porphyry cusps moved to the middle of the houses.",
    ),
    named(
        "savard_a",
        HouseSystem::SAVARD_A,
        "Savard-A [J], Savard's reading of Albategnius; inside the polar circles, with the MC below the horizon, the IC on the 10th cusp and the houses clockwise.",
    ),
    named(
        "gauquelin",
        HouseSystem::GAUQUELIN,
        "Gauquelin sectors [G]: 36 sectors, keyed 1..36; undefined inside the polar circles (12 Porphyry houses there).",
    ),
];

/// What a house system does inside the polar circles (`|latitude| ≥ 90° − obliquity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PolarHouses {
    /// Computed as everywhere else.
    Computed,
    /// Computed; where the MC is below the horizon the system puts the IC on the 10th cusp and
    /// its houses run clockwise (the answer's `angles.mc` stays the MC).
    TenthCuspOnIcBelowHorizon,
    /// Undefined: Porphyry houses instead.
    Porphyry,
    /// Undefined while the Sun does not rise or set (midnight Sun, polar night): Porphyry then.
    PorphyryWhileSunCircumpolar,
}

impl PolarHouses {
    /// What `system` does inside the polar circles (tropical zodiac; in a sidereal one the
    /// library computes `i` as `I`).
    #[must_use]
    pub fn of(system: HouseSystem) -> Self {
        if system == HouseSystem::SUNSHINE_ALT {
            Self::PorphyryWhileSunCircumpolar
        } else if POLAR_FALLBACK.contains(&system) {
            Self::Porphyry
        } else if POLAR_TENTH_CUSP_ON_IC.contains(&system) {
            Self::TenthCuspOnIcBelowHorizon
        } else {
            Self::Computed
        }
    }

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Computed => "computed",
            Self::TenthCuspOnIcBelowHorizon => "tenth_cusp_on_ic_below_horizon",
            Self::Porphyry => "porphyry",
            Self::PorphyryWhileSunCircumpolar => "porphyry_while_sun_circumpolar",
        }
    }
}

impl HouseSystemName {
    /// What this system does inside the polar circles.
    #[must_use]
    pub fn polar(self) -> PolarHouses {
        PolarHouses::of(self.system)
    }

    /// Names accepted by [`HouseSystemName::parse`].
    pub const NAMES: [&'static str; 25] = {
        let mut names = [""; 25];
        let mut i = 0;
        while i < HOUSE_SYSTEMS.len() {
            names[i] = HOUSE_SYSTEMS[i].name;
            i += 1;
        }
        names
    };

    /// # Errors
    /// [`UnknownName`] listing every accepted name.
    pub fn parse(name: &str) -> Result<Self, UnknownName> {
        HOUSE_SYSTEMS
            .iter()
            .find(|h| h.name == name)
            .copied()
            .ok_or_else(|| UnknownName {
                kind: NameKind::HouseSystem,
                got: name.to_owned(),
            })
    }

    /// The API name of a library system (`equal` for both of the library's equal letters).
    pub fn of(system: HouseSystem) -> Self {
        let system = if system == HouseSystem::EQUAL_A {
            HouseSystem::EQUAL
        } else {
            system
        };
        HOUSE_SYSTEMS
            .iter()
            .find(|h| h.system == system)
            .copied()
            .unwrap_or(HOUSE_SYSTEMS[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_library_system_has_a_name() {
        for system in HouseSystem::ALL {
            let named = HouseSystemName::of(system);
            assert!(
                named.system == system || (system == HouseSystem::EQUAL_A && named.name == "equal"),
                "{system:?}"
            );
        }
        assert_eq!(
            HouseSystemName::parse("koch").unwrap().system,
            HouseSystem::KOCH
        );
        assert!(
            HouseSystemName::parse("Koch")
                .unwrap_err()
                .to_string()
                .contains("placidus")
        );
    }
}
