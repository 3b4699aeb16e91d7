//! Progressed angles: the secondary-progressed MC and ascendant by the solar arc in right
//! ascension.
//!
//! # Method
//!
//! The convention of the common astrology programs (Solar Fire's default "solar arc in RA" MC,
//! Astrolog, Janus) for secondary progressions:
//!
//! 1. the progressed ARMC is the natal ARMC advanced by the Sun's arc in right ascension,
//!    `ARMC_p = ARMC_natal + (RA_sun(jd_p) − RA_sun(jd_birth))`, with the Sun's apparent right
//!    ascension of date;
//! 2. the progressed MC is the ecliptic point on that meridian, `MC = atan2(sin A, cos A·cos ε)`;
//! 3. the progressed ascendant is the ascendant of that ARMC at the birth latitude `φ`,
//!    `AC = atan2(cos A, −(sin A·cos ε + tan φ·sin ε))`,
//!
//! with `ε` the true obliquity of the ecliptic at the progressed instant (as the library's
//! `swe_houses_armc` would be given it). At age 0 these are the natal MC and ascendant exactly.
//! The angle moves about 1° a year, as the progressed Sun does (the "yearly drift"), but follows
//! the Sun's right ascension, not its longitude.
//!
//! Inside the polar circles (`|φ| ≥ 90° − ε`) the progressed MC is defined as everywhere (the
//! ecliptic point on the upper meridian), and so is the ascendant: the ecliptic on the eastern
//! horizon, as the library's houses give it (the formula's point, turned by 180° where it falls
//! more than 180° after the MC, which happens only there). But the ascendant then jumps by 180°
//! wherever the progressed MC crosses the horizon, so its events and sign changes are not
//! searched there ([`NatalAxes::searchable`], [`super::ProgressionError::PolarLatitude`]); a
//! snapshot gives both angles, and the MC's events are searched as anywhere.

use orrery_ephem::{
    CalcRequest, Coordinates, EphemError, Ephemeris, HouseSystem, Observer, Zodiac,
};

use super::ProgressionError;
use crate::angle::{Longitude, wrap_180};
use crate::chart::ChartError;
use crate::search::Sample;
use crate::time::JulianDayUt;

/// A chart angle that progresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    Ascendant,
    Mc,
}

impl Axis {
    /// Both angles, ascendant first.
    pub const ALL: [Self; 2] = [Self::Ascendant, Self::Mc];

    /// The API name: `ascendant` or `mc`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Ascendant => "ascendant",
            Self::Mc => "mc",
        }
    }

    /// The angle of an API name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// What the progressed angles start from: the natal ARMC, the Sun's natal right ascension and
/// the birth latitude.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NatalAxes {
    pub armc_deg: f64,
    pub sun_ra_deg: f64,
    pub lat_deg: f64,
    /// The natal ascendant and MC, as the library's houses give them.
    pub ascendant: Longitude,
    pub mc: Longitude,
    /// `|φ| ≥ 90° − ε` at the birth: the limit `90° − ε`, degrees; `None` outside the polar
    /// circles.
    pub polar_limit_deg: Option<f64>,
}

impl NatalAxes {
    /// The natal angles at `birth` for `place`.
    ///
    /// # Errors
    /// The library's errors.
    pub fn compute(
        eph: &Ephemeris,
        birth: JulianDayUt,
        place: Observer,
    ) -> Result<Self, ProgressionError> {
        let obliquity = eph
            .obliquity_nutation(birth)
            .map_err(ChartError::from)?
            .true_obliquity_deg;
        let limit_deg = 90.0 - obliquity;
        let polar_limit_deg = (place.lat_deg.abs() >= limit_deg).then_some(limit_deg);
        // The ascendant and MC do not depend on the house system; equal houses are defined
        // at every latitude.
        let houses = eph
            .houses(
                birth,
                place.lat_deg,
                place.lon_deg,
                HouseSystem::EQUAL,
                Zodiac::Tropical,
            )
            .map_err(ChartError::from)?;
        let (sun_ra_deg, _) = sun_ra(eph, birth)?;
        let lon = |deg: f64| {
            Longitude::new(deg).map_err(|_| {
                ChartError::Ephemeris(EphemError::Library {
                    function: "swe_houses_ex2",
                    message: "an angle is not finite".into(),
                })
            })
        };
        Ok(Self {
            armc_deg: houses.angles.armc_deg,
            sun_ra_deg,
            lat_deg: place.lat_deg,
            ascendant: lon(houses.angles.ascendant.lon_deg)?,
            mc: lon(houses.angles.mc.lon_deg)?,
            polar_limit_deg,
        })
    }

    /// Whether the events of the progressed `axis` can be searched: not the ascendant's inside
    /// the polar circles, where it jumps by 180° as the progressed MC crosses the horizon.
    ///
    /// # Errors
    /// [`ProgressionError::PolarLatitude`] naming `what` needed it.
    pub fn searchable(&self, axis: Axis, what: &str) -> Result<(), ProgressionError> {
        match (axis, self.polar_limit_deg) {
            (Axis::Ascendant, Some(limit_deg)) => Err(ProgressionError::PolarLatitude {
                what: what.to_owned(),
                lat_deg: self.lat_deg,
                limit_deg,
            }),
            _ => Ok(()),
        }
    }

    /// The natal longitude of `axis`.
    #[must_use]
    pub fn natal(&self, axis: Axis) -> Longitude {
        match axis {
            Axis::Ascendant => self.ascendant,
            Axis::Mc => self.mc,
        }
    }
}

/// The Sun's apparent right ascension of date and its speed, degrees and degrees per day.
fn sun_ra(eph: &Ephemeris, jd: JulianDayUt) -> Result<(f64, f64), ChartError> {
    let request = CalcRequest {
        coordinates: Coordinates::Equatorial,
        ..CalcRequest::new(orrery_ephem::BodyId::SUN)
    };
    let calculated = eph.calc(jd, &request)?;
    let eq = calculated.equatorial().ok_or_else(|| {
        ChartError::Ephemeris(EphemError::Library {
            function: "swe_calc_ut",
            message: "equatorial coordinates were asked for but not returned".into(),
        })
    })?;
    Ok((eq.ra_deg, eq.ra_speed_deg_per_day))
}

/// The MC of a sidereal angle `armc_deg` for obliquity `eps_deg`, degrees in `(-180, 180]`, and
/// its derivative with respect to the ARMC (degrees per degree).
#[must_use]
pub fn mc_from_armc(armc_deg: f64, eps_deg: f64) -> (f64, f64) {
    let (sin_a, cos_a) = armc_deg.to_radians().sin_cos();
    let cos_e = eps_deg.to_radians().cos();
    let mc = sin_a.atan2(cos_a * cos_e).to_degrees();
    let derivative = cos_e / (cos_a * cos_a * cos_e * cos_e + sin_a * sin_a);
    (mc, derivative)
}

/// The ascendant of a sidereal angle `armc_deg` at latitude `lat_deg` for obliquity `eps_deg`,
/// degrees in `(-180, 180]`, and its derivative with respect to the ARMC: the ecliptic on the
/// eastern horizon, as the library's houses give it. The formula's point is the western one
/// where it falls more than 180° after the MC (only inside the polar circles, while the MC is
/// below the horizon); it is turned by 180° there, which leaves the derivative as it is.
#[must_use]
pub fn ascendant_from_armc(armc_deg: f64, eps_deg: f64, lat_deg: f64) -> (f64, f64) {
    let (sin_a, cos_a) = armc_deg.to_radians().sin_cos();
    let (sin_e, cos_e) = eps_deg.to_radians().sin_cos();
    let tan_phi = lat_deg.to_radians().tan();
    let y = cos_a;
    let x = -(sin_a * cos_e + tan_phi * sin_e);
    let first = y.atan2(x).to_degrees();
    let (mc, _) = mc_from_armc(armc_deg, eps_deg);
    let asc = if wrap_180(first - mc) < 0.0 {
        wrap_180(first + 180.0)
    } else {
        first
    };
    let derivative = (-x * sin_a + cos_a * cos_a * cos_e) / (x * x + y * y);
    (asc, derivative)
}

/// The progressed ARMC at the progressed instant `jd_p`, its rate (degrees per progressed day)
/// and the true obliquity there.
fn progressed_armc(
    eph: &Ephemeris,
    natal: &NatalAxes,
    jd_p: f64,
) -> Result<(f64, f64, f64), ChartError> {
    let (ra_deg, ra_speed) = sun_ra(eph, JulianDayUt(jd_p))?;
    let eps = eph
        .obliquity_nutation(JulianDayUt(jd_p))?
        .true_obliquity_deg;
    Ok((natal.armc_deg + (ra_deg - natal.sun_ra_deg), ra_speed, eps))
}

/// The progressed `axis` at the progressed instant `jd_p`, as a search sample on the progressed
/// time axis: longitude in `[0, 360)` and its rate in degrees per progressed day. The rate leaves
/// out the slow change of the obliquity (a few milliarcseconds a day): it only guides the scan,
/// and every event is solved on real values.
///
/// # Errors
/// The library's errors.
pub fn axis_sample(
    eph: &Ephemeris,
    natal: &NatalAxes,
    axis: Axis,
    jd_p: f64,
) -> Result<Sample, ChartError> {
    let (armc, armc_rate, eps) = progressed_armc(eph, natal, jd_p)?;
    let (lon, derivative) = match axis {
        Axis::Mc => mc_from_armc(armc, eps),
        Axis::Ascendant => ascendant_from_armc(armc, eps, natal.lat_deg),
    };
    let lon = Longitude::new(lon).map_err(|_| {
        ChartError::Ephemeris(EphemError::Library {
            function: "swe_calc_ut",
            message: format!("the progressed {} is not finite", axis.name()),
        })
    })?;
    Ok(Sample {
        t_day: jd_p,
        value_deg: lon.degrees(),
        rate_deg_per_day: derivative * armc_rate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn derivative(f: impl Fn(f64) -> f64, x: f64) -> f64 {
        let h = 1e-5;
        crate::angle::wrap_180(f(x + h) - f(x - h)) / (2.0 * h)
    }

    #[test]
    fn mc_and_ascendant_derivatives_match_finite_differences() {
        for armc in [0.0, 17.0, 89.9, 90.0, 135.0, 200.0, 271.0, 330.0] {
            for lat in [-60.0, -33.9, 0.0, 40.7, 52.5, 64.0] {
                let eps = 23.44;
                let (_, d_mc) = mc_from_armc(armc, eps);
                let numeric = derivative(|a| mc_from_armc(a, eps).0, armc);
                assert!(
                    (d_mc - numeric).abs() < 1e-6,
                    "mc {armc}: {d_mc} vs {numeric}"
                );
                let (_, d_asc) = ascendant_from_armc(armc, eps, lat);
                let numeric = derivative(|a| ascendant_from_armc(a, eps, lat).0, armc);
                assert!(
                    (d_asc - numeric).abs() < 1e-5 * d_asc.abs().max(1.0),
                    "asc {armc} {lat}: {d_asc} vs {numeric}"
                );
                assert!(d_asc > 0.0 && d_mc > 0.0, "angles move forward");
            }
        }
    }

    #[test]
    fn textbook_values() {
        // ARMC 0: MC 0° Aries and, at the equator, the ascendant 0° Cancer.
        let (mc, _) = mc_from_armc(0.0, 23.44);
        assert!(mc.abs() < 1e-12);
        let (asc, _) = ascendant_from_armc(0.0, 23.44, 0.0);
        assert!((asc - 90.0).abs() < 1e-12);
        // ARMC 90: MC 0° Cancer; ARMC 270: MC 0° Capricorn.
        assert!((mc_from_armc(90.0, 23.44).0 - 90.0).abs() < 1e-12);
        assert!((mc_from_armc(270.0, 23.44).0 + 90.0).abs() < 1e-12);
    }
}
