//! Presets: the conventions of a peer program under one name, so that a chart can be cast the
//! way astro.com, Kerykeion, Jagannatha Hora or Morinus cast it. Each value was read from the
//! peer's own code or documentation; `docs/PRESETS.md` cites the place for every one, and
//! `fixtures/presets/` holds charts the peers computed to test them against.
//!
//! Here are the conventions the core knows about (houses, bodies, aspects, zodiac); how civil
//! time is read (calendar, Local Mean Time) belongs to the API, which maps [`Preset`] to its own
//! birth options.

use crate::aspects::Aspect;
use crate::body::Body;
use crate::error::{NameKind, UnknownName};

/// A peer program whose conventions a request can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// astro.com (Astrodienst), the authors of the Swiss Ephemeris.
    Astrodienst,
    /// Kerykeion, the Python library.
    Kerykeion,
    /// Jagannatha Hora, the Vedic program (through PyJHora, its Python port).
    JagannathaHora,
    /// Morinus, the traditional-astrology program.
    Morinus,
}

/// The zodiac a preset casts charts in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresetZodiac {
    Tropical,
    /// Sidereal, with the ayanamsa by its API name.
    Sidereal(&'static str),
}

/// The disc edge a preset times rising and setting by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RiseSetDisc {
    UpperLimb,
    Center,
}

/// What a preset fixes in the core's terms. `None` where the peer's choice could not be
/// established or cannot be expressed: Orrery's default then stays, and the answer's echo of the
/// preset does not claim it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Conventions {
    /// The program as users know it.
    pub peer: &'static str,
    /// The house system by its API name.
    pub house_system: &'static str,
    /// The default bodies: this fixes the node (mean or true) and whether and which Lilith.
    pub bodies: &'static [Body],
    /// The aspects and their orbs in degrees, the same for every pair.
    pub aspects: Option<&'static [(Aspect, f64)]>,
    pub zodiac: PresetZodiac,
    pub rise_set_disc: RiseSetDisc,
    /// Whether rising and setting include atmospheric refraction.
    pub refraction: bool,
    /// The length of a Vimshottari dasha year in days, where the peer has one.
    pub dasha_year_days: Option<f64>,
}

/// Sun to Pluto, then `extra`.
const fn with<const N: usize, const M: usize>(extra: [Body; M]) -> [Body; N] {
    let mut all = [Body::Sun; N];
    let mut i = 0;
    while i < Body::PLANETS.len() {
        all[i] = Body::PLANETS[i];
        i += 1;
    }
    let mut j = 0;
    while j < M {
        all[i + j] = extra[j];
        j += 1;
    }
    all
}

const ASTRODIENST_BODIES: [Body; 12] = with([Body::TrueNode, Body::Chiron]);
const KERYKEION_BODIES: [Body; 13] = with([Body::TrueNode, Body::Chiron, Body::MeanApogee]);
const MORINUS_BODIES: [Body; 11] = with([Body::MeanNode]);
/// The seven visible planets and Rahu (the mean node); Ketu is Rahu's opposite point.
const JAGANNATHA_HORA_BODIES: [Body; 8] = [
    Body::Sun,
    Body::Moon,
    Body::Mercury,
    Body::Venus,
    Body::Mars,
    Body::Jupiter,
    Body::Saturn,
    Body::MeanNode,
];

/// astro.com's orb table ("Chart drawing styles"): no wider orbs for the Sun and the Moon.
const ASTRODIENST_ASPECTS: [(Aspect, f64); 7] = [
    (Aspect::Conjunction, 10.0),
    (Aspect::Opposition, 10.0),
    (Aspect::Square, 10.0),
    (Aspect::Trine, 10.0),
    (Aspect::Sextile, 6.0),
    (Aspect::Quincunx, 3.0),
    (Aspect::Semisextile, 3.0),
];

/// Kerykeion 5.12's active aspects and orbs (`config_constants.py`).
const KERYKEION_ASPECTS: [(Aspect, f64); 6] = [
    (Aspect::Conjunction, 10.0),
    (Aspect::Opposition, 10.0),
    (Aspect::Trine, 8.0),
    (Aspect::Sextile, 6.0),
    (Aspect::Square, 5.0),
    (Aspect::Quintile, 1.0),
];

impl Preset {
    /// Every preset, in catalogue order.
    pub const ALL: [Preset; 4] = [
        Preset::Astrodienst,
        Preset::Kerykeion,
        Preset::JagannathaHora,
        Preset::Morinus,
    ];

    /// The API names, in catalogue order.
    pub const NAMES: [&'static str; 4] = ["astrodienst", "kerykeion", "jagannatha_hora", "morinus"];

    /// The API name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Preset::Astrodienst => Self::NAMES[0],
            Preset::Kerykeion => Self::NAMES[1],
            Preset::JagannathaHora => Self::NAMES[2],
            Preset::Morinus => Self::NAMES[3],
        }
    }

    /// The preset of an API name.
    ///
    /// # Errors
    /// [`UnknownName`] listing the presets.
    pub fn parse(name: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .into_iter()
            .find(|preset| preset.name() == name)
            .ok_or_else(|| UnknownName {
                kind: NameKind::Preset,
                got: name.to_owned(),
            })
    }

    /// The conventions the preset fixes.
    #[must_use]
    pub fn conventions(self) -> Conventions {
        match self {
            Preset::Astrodienst => Conventions {
                peer: "astro.com (Astrodienst)",
                house_system: "placidus",
                bodies: &ASTRODIENST_BODIES,
                aspects: Some(&ASTRODIENST_ASPECTS),
                zodiac: PresetZodiac::Tropical,
                rise_set_disc: RiseSetDisc::UpperLimb,
                refraction: true,
                dasha_year_days: None,
            },
            Preset::Kerykeion => Conventions {
                peer: "Kerykeion 5.12",
                house_system: "placidus",
                bodies: &KERYKEION_BODIES,
                aspects: Some(&KERYKEION_ASPECTS),
                zodiac: PresetZodiac::Tropical,
                rise_set_disc: RiseSetDisc::UpperLimb,
                refraction: true,
                dasha_year_days: None,
            },
            // JHora draws no aspects between signs' planets by orb (it uses graha drishti):
            // Orrery's default aspects stay.
            Preset::JagannathaHora => Conventions {
                peer: "Jagannatha Hora (as PyJHora 4.8 reproduces it)",
                house_system: "vehlow",
                bodies: &JAGANNATHA_HORA_BODIES,
                aspects: None,
                zodiac: PresetZodiac::Sidereal("lahiri"),
                rise_set_disc: RiseSetDisc::Center,
                refraction: false,
                dasha_year_days: Some(365.256_364),
            },
            // Morinus' orb is the sum of the two bodies' own orbs, which a table per aspect
            // cannot express: Orrery's default aspects stay.
            Preset::Morinus => Conventions {
                peer: "Morinus",
                house_system: "placidus",
                bodies: &MORINUS_BODIES,
                aspects: None,
                zodiac: PresetZodiac::Tropical,
                rise_set_disc: RiseSetDisc::UpperLimb,
                refraction: true,
                dasha_year_days: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::house_system::HouseSystemName;

    #[test]
    fn names_parse_back_and_unknown_names_list_the_presets() {
        for preset in Preset::ALL {
            assert_eq!(Preset::parse(preset.name()), Ok(preset));
        }
        let error = Preset::parse("solar_fire").unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("accepted names: astrodienst, kerykeion, jagannatha_hora, morinus"),
            "{error}"
        );
    }

    #[test]
    fn every_house_system_and_ayanamsa_is_in_its_catalogue() {
        for preset in Preset::ALL {
            let conventions = preset.conventions();
            assert!(HouseSystemName::parse(conventions.house_system).is_ok());
            if let PresetZodiac::Sidereal(ayanamsa) = conventions.zodiac {
                assert!(crate::ayanamsa::parse_ayanamsa(ayanamsa).is_ok());
            }
            assert!(conventions.bodies.len() >= 8, "{preset:?}");
        }
    }
}
