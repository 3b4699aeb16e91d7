//! Sidereal modes (ayanamsas) by their API names: the library's `SE_SIDM_*` constant names in
//! lower case, so that users of other Swiss Ephemeris bindings recognise them.

use orrery_ephem::AyanamsaId;

use crate::error::{NameKind, UnknownName};

/// API names, indexed by the library's mode number.
pub const AYANAMSA_NAMES: [&str; 47] = [
    "fagan_bradley",
    "lahiri",
    "deluce",
    "raman",
    "usha_shashi",
    "krishnamurti",
    "djwhal_khul",
    "yukteshwar",
    "jn_bhasin",
    "babyl_kugler1",
    "babyl_kugler2",
    "babyl_kugler3",
    "babyl_huber",
    "babyl_etpsc",
    "aldebaran_15tau",
    "hipparchos",
    "sassanian",
    "galcent_0sag",
    "j2000",
    "j1900",
    "b1950",
    "suryasiddhanta",
    "suryasiddhanta_msun",
    "aryabhata",
    "aryabhata_msun",
    "ss_revati",
    "ss_citra",
    "true_citra",
    "true_revati",
    "true_pushya",
    "galcent_rgilbrand",
    "galequ_iau1958",
    "galequ_true",
    "galequ_mula",
    "galalign_mardyks",
    "true_mula",
    "galcent_mula_wilhelm",
    "aryabhata_522",
    "babyl_britton",
    "true_sheoran",
    "galcent_cochrane",
    "galequ_fiorenza",
    "valens_moon",
    "lahiri_1940",
    "lahiri_vp285",
    "krishnamurti_vp291",
    "lahiri_icrc",
];

/// The library's own label of each mode, indexed like [`AYANAMSA_NAMES`].
pub const AYANAMSA_LABELS: [&str; 47] = [
    "Fagan/Bradley",
    "Lahiri",
    "De Luce",
    "Raman",
    "Usha/Shashi",
    "Krishnamurti",
    "Djwhal Khul",
    "Yukteshwar",
    "J.N. Bhasin",
    "Babylonian/Kugler 1",
    "Babylonian/Kugler 2",
    "Babylonian/Kugler 3",
    "Babylonian/Huber",
    "Babylonian/Eta Piscium",
    "Babylonian/Aldebaran = 15 Tau",
    "Hipparchos",
    "Sassanian",
    "Galact. Center = 0 Sag",
    "J2000",
    "J1900",
    "B1950",
    "Suryasiddhanta",
    "Suryasiddhanta, mean Sun",
    "Aryabhata",
    "Aryabhata, mean Sun",
    "SS Revati",
    "SS Citra",
    "True Citra",
    "True Revati",
    "True Pushya (PVRN Rao)",
    "Galactic Center (Gil Brand)",
    "Galactic Equator (IAU1958)",
    "Galactic Equator",
    "Galactic Equator mid-Mula",
    "Skydram (Mardyks)",
    "True Mula (Chandra Hari)",
    "Dhruva/Gal.Center/Mula (Wilhelm)",
    "Aryabhata 522",
    "Babylonian/Britton",
    "\"Vedic\"/Sheoran",
    "Cochrane (Gal.Center = 0 Cap)",
    "Galactic Equator (Fiorenza)",
    "Vettius Valens",
    "Lahiri 1940",
    "Lahiri VP285",
    "Krishnamurti-Senthilathiban",
    "Lahiri ICRC",
];

/// The mode of an API name.
///
/// # Errors
/// [`UnknownName`] listing every accepted name.
pub fn parse_ayanamsa(name: &str) -> Result<AyanamsaId, UnknownName> {
    AYANAMSA_NAMES
        .iter()
        .position(|n| *n == name)
        .and_then(|i| i32::try_from(i).ok())
        .and_then(|i| AyanamsaId::from_se_number(i).ok())
        .ok_or_else(|| UnknownName {
            kind: NameKind::Ayanamsa,
            got: name.to_owned(),
        })
}

/// The API name of a mode.
pub fn ayanamsa_name(mode: AyanamsaId) -> &'static str {
    usize::try_from(mode.se_number())
        .ok()
        .and_then(|i| AYANAMSA_NAMES.get(i))
        .copied()
        .unwrap_or("unknown")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_the_library_numbers() {
        assert_eq!(parse_ayanamsa("lahiri").unwrap(), AyanamsaId::LAHIRI);
        assert_eq!(
            parse_ayanamsa("fagan_bradley").unwrap(),
            AyanamsaId::FAGAN_BRADLEY
        );
        assert_eq!(
            parse_ayanamsa("true_citra").unwrap(),
            AyanamsaId::TRUE_CITRA
        );
        assert_eq!(
            parse_ayanamsa("galcent_0sag").unwrap(),
            AyanamsaId::GALCENT_0SAG
        );
        for name in AYANAMSA_NAMES {
            assert_eq!(ayanamsa_name(parse_ayanamsa(name).unwrap()), name);
        }
        assert!(
            parse_ayanamsa("Lahiri")
                .unwrap_err()
                .to_string()
                .contains("krishnamurti")
        );
    }

    #[test]
    fn labels_are_the_library_names() {
        for mode in orrery_ephem::ayanamsa_modes() {
            let i = usize::try_from(mode.0.se_number()).unwrap();
            assert_eq!(AYANAMSA_LABELS[i], mode.1);
        }
    }
}
