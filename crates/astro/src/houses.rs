//! Which house a point falls in, and what a chart's houses say about themselves.

use orrery_ephem::{HouseSystem, Houses};

use crate::angle::Longitude;
use crate::house_system::HouseSystemName;

/// What a chart's houses say about themselves: the library's reason for a fallback to
/// Porphyry, or, where the system puts the IC on its tenth cusp (inside the polar circles with
/// the MC below the horizon: [`Houses::tenth_cusp_on_ic`]), that. `None` otherwise.
#[must_use]
pub fn houses_note(houses: &Houses) -> Option<String> {
    if let Some(why) = &houses.fallback {
        return Some(why.clone());
    }
    houses.tenth_cusp_on_ic().then(|| {
        format!(
            "the MC is below the horizon inside the polar circle: {} puts the IC on the 10th cusp \
             and its houses run clockwise; angles.mc is the MC, on the upper meridian",
            HouseSystemName::of(houses.system_used).name
        )
    })
}

/// The house (1..=12) a longitude falls in, counting from each cusp forward to the next: a
/// point exactly on a cusp belongs to the house that cusp begins. `None` for the Gauquelin
/// sectors (36 of them, counted the other way round) and for anything but twelve cusps.
#[must_use]
pub fn house_of(lon: Longitude, houses: &Houses) -> Option<u8> {
    if houses.system_used == HouseSystem::GAUQUELIN || houses.cusps.len() != 12 {
        return None;
    }
    let cusps = &houses.cusps;
    (0..12).find_map(|i| {
        let start = cusps[i].lon_deg;
        let end = cusps[(i + 1) % 12].lon_deg;
        let width = (end - start).rem_euclid(360.0);
        let offset = (lon.degrees() - start).rem_euclid(360.0);
        (offset < width).then(|| u8::try_from(i + 1).unwrap_or(1))
    })
}

#[cfg(test)]
mod tests {
    use orrery_ephem::{Angles, HousePoint};

    use super::*;

    fn point(lon_deg: f64) -> HousePoint {
        HousePoint {
            lon_deg,
            speed_deg_per_day: 0.0,
        }
    }

    /// Houses with the given cusps; the angles do not matter to membership.
    fn houses(system: HouseSystem, cusps: &[f64]) -> Houses {
        Houses {
            system_requested: system,
            system_used: system,
            fallback: None,
            cusps: cusps.iter().copied().map(point).collect(),
            angles: Angles {
                ascendant: point(cusps[0]),
                mc: point(cusps[9 % cusps.len()]),
                armc_deg: 0.0,
                armc_speed_deg_per_day: 0.0,
                vertex: point(0.0),
                equatorial_ascendant: point(0.0),
                co_ascendant_koch: point(0.0),
                co_ascendant_munkasey: point(0.0),
                polar_ascendant: point(0.0),
            },
        }
    }

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).unwrap()
    }

    /// Unequal houses that wrap through 0°: house 1 starts at 350°.
    const CUSPS: [f64; 12] = [
        350.0, 20.0, 45.0, 80.0, 120.0, 150.0, 170.0, 200.0, 225.0, 260.0, 300.0, 330.0,
    ];

    #[test]
    fn a_point_belongs_to_the_house_whose_cusp_precedes_it() {
        let h = houses(HouseSystem::PLACIDUS, &CUSPS);
        assert_eq!(house_of(lon(355.0), &h), Some(1));
        assert_eq!(house_of(lon(5.0), &h), Some(1), "across 0°");
        assert_eq!(
            house_of(lon(20.0), &h),
            Some(2),
            "on a cusp: the house it begins"
        );
        assert_eq!(house_of(lon(19.999), &h), Some(1));
        assert_eq!(house_of(lon(149.0), &h), Some(5));
        assert_eq!(house_of(lon(349.0), &h), Some(12));
    }

    #[test]
    fn every_longitude_has_exactly_one_house() {
        let h = houses(HouseSystem::PLACIDUS, &CUSPS);
        for tenth in 0..3600 {
            let deg = f64::from(tenth) / 10.0;
            let found: Vec<usize> = (0..12)
                .filter(|&i| {
                    let (start, end) = (CUSPS[i], CUSPS[(i + 1) % 12]);
                    (deg - start).rem_euclid(360.0) < (end - start).rem_euclid(360.0)
                })
                .collect();
            assert_eq!(found.len(), 1, "{deg}");
            assert_eq!(house_of(lon(deg), &h), u8::try_from(found[0] + 1).ok());
        }
    }

    #[test]
    fn gauquelin_sectors_have_no_house() {
        let sectors: Vec<f64> = (0..36).map(|i| f64::from(i) * 10.0).collect();
        assert_eq!(
            house_of(lon(5.0), &houses(HouseSystem::GAUQUELIN, &sectors)),
            None
        );
    }
}
