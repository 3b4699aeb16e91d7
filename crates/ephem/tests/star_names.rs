//! Every name of the catalogue reaches its star: the check that keeps search patterns and line
//! numbers from the library (`stars.rs`) refuses no name the catalogue spells, traditional or
//! designation, in any case.

mod common;

use common::ephemeris;
use orrery_ephem::{EphemError, JulianDayUt, Zodiac};

/// 2000-01-01 12:00 UT.
const J2000: JulianDayUt = JulianDayUt(2_451_545.0);

#[test]
fn every_catalogue_name_is_found() {
    let eph = ephemeris();
    let names = eph.star_names().expect("the catalogue reads");
    assert!(names.len() > 1_000, "{}", names.len());
    let mut refused = Vec::new();
    for star in names {
        let designation = format!(",{}", star.nomenclature);
        let asked = star
            .traditional
            .iter()
            .map(|t| t.to_uppercase())
            .chain([designation.clone(), star.nomenclature.to_lowercase()]);
        for name in asked {
            match eph.fixed_star(&name, J2000, Zodiac::Tropical) {
                // Which entry the library then picks is its own lookup, as before the check
                // (the catalogue lists some names twice: `Algedi`, `zePsc` as `zePscA`).
                Ok(_) => {}
                Err(EphemError::StarNotFound { .. } | EphemError::InvalidInput { .. }) => {
                    refused.push(name);
                }
                // Outside the files' range or the like: not the name's fault.
                Err(_) => {}
            }
        }
    }
    assert!(refused.is_empty(), "catalogue names refused: {refused:?}");
}
