//! Right ascension and declination of a chart's points, by turning their ecliptic positions
//! about the equinox line by the true obliquity of date (docs/CONVENTIONS.md, "Declination").
//!
//! The library computes every position in equatorial coordinates first and turns them into
//! ecliptic ones with the same obliquity, so turning them back gives its equatorial answer to
//! rounding (about 1e-13°, `fixtures/declination/`; speeds where the library differentiates
//! numerically within 2e-5°/day) without a second call per body: a chart
//! asks the library once more, for the obliquity, whose nutation it has already computed for
//! the bodies at the same instant.

use orrery_ephem::{AyanamsaId, EphemError, Ephemeris, EquatorialPosition, Zodiac};

use crate::angle::Longitude;
use crate::time::JulianDayUt;

/// The obliquity of the ecliptic of date, true (mean plus the nutation in obliquity): the angle
/// between the ecliptic and the equator that positions of date are measured from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obliquity {
    pub true_deg: f64,
}

impl Obliquity {
    /// The true obliquity at `jd` (`swe_calc_ut` with `SE_ECL_NUT`).
    ///
    /// # Errors
    /// A date the library refuses.
    pub fn at(eph: &Ephemeris, jd: JulianDayUt) -> Result<Self, EphemError> {
        Ok(Self {
            true_deg: eph.obliquity_nutation(jd)?.true_obliquity_deg,
        })
    }

    /// The equatorial position of a tropical ecliptic one.
    #[must_use]
    pub fn equatorial(self, ecliptic: &SphericalMotion) -> EquatorialPoint {
        let turned = ecliptic.turned_about_equinox_line(self.true_deg);
        EquatorialPoint {
            right_ascension: longitude(turned.lon_deg),
            declination_deg: turned.lat_deg,
            ra_speed_deg_per_day: turned.lon_speed_deg_per_day,
            declination_speed_deg_per_day: turned.lat_speed_deg_per_day,
            out_of_bounds: turned.lat_deg.abs() > self.true_deg,
        }
    }

    /// The tropical ecliptic position of an equatorial one (the inverse of
    /// [`Obliquity::equatorial`]).
    #[must_use]
    pub fn ecliptic(self, equatorial: &EquatorialPosition) -> SphericalMotion {
        SphericalMotion {
            lon_deg: equatorial.ra_deg,
            lat_deg: equatorial.dec_deg,
            lon_speed_deg_per_day: equatorial.ra_speed_deg_per_day,
            lat_speed_deg_per_day: equatorial.dec_speed_deg_per_day,
        }
        .turned_about_equinox_line(-self.true_deg)
    }
}

fn longitude(deg: f64) -> Longitude {
    // `atan2` of finite numbers is finite; the fallback is never taken.
    Longitude::new(deg).unwrap_or(Longitude::ZERO)
}

/// A direction in spherical coordinates (ecliptic or equatorial) with its daily motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SphericalMotion {
    /// Longitude or right ascension, degrees.
    pub lon_deg: f64,
    /// Latitude or declination, degrees.
    pub lat_deg: f64,
    pub lon_speed_deg_per_day: f64,
    pub lat_speed_deg_per_day: f64,
}

impl SphericalMotion {
    /// The direction and its motion in a frame turned by `angle_deg` about the x axis (the
    /// equinox line): ecliptic to equatorial for the obliquity, back for its negative. The
    /// motion is turned as a vector, as the library turns it.
    fn turned_about_equinox_line(&self, angle_deg: f64) -> SphericalMotion {
        let (sin_lon, cos_lon) = self.lon_deg.to_radians().sin_cos();
        let (sin_lat, cos_lat) = self.lat_deg.to_radians().sin_cos();
        let (sin_angle, cos_angle) = angle_deg.to_radians().sin_cos();
        let lon_rate = self.lon_speed_deg_per_day.to_radians();
        let lat_rate = self.lat_speed_deg_per_day.to_radians();

        let x = cos_lat * cos_lon;
        let y = cos_lat * sin_lon;
        let z = sin_lat;
        let dx = -sin_lat * cos_lon * lat_rate - cos_lat * sin_lon * lon_rate;
        let dy = -sin_lat * sin_lon * lat_rate + cos_lat * cos_lon * lon_rate;
        let dz = cos_lat * lat_rate;

        let y2 = y * cos_angle - z * sin_angle;
        let z2 = y * sin_angle + z * cos_angle;
        let dy2 = dy * cos_angle - dz * sin_angle;
        let dz2 = dy * sin_angle + dz * cos_angle;

        let across = x.hypot(y2);
        SphericalMotion {
            lon_deg: y2.atan2(x).to_degrees().rem_euclid(360.0),
            lat_deg: z2.atan2(across).to_degrees(),
            lon_speed_deg_per_day: ((x * dy2 - y2 * dx) / (across * across)).to_degrees(),
            lat_speed_deg_per_day: (dz2 / across).to_degrees(),
        }
    }
}

/// A point's place on the celestial sphere measured from the equator of date.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EquatorialPoint {
    pub right_ascension: Longitude,
    /// North positive, degrees.
    pub declination_deg: f64,
    pub ra_speed_deg_per_day: f64,
    pub declination_speed_deg_per_day: f64,
    /// `|declination|` beyond the true obliquity of date: further from the equator than the
    /// Sun can go.
    pub out_of_bounds: bool,
}

/// Whose declination a point with an ecliptic latitude is given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DeclinationOf {
    /// The body's own, with its latitude (the astronomical declination).
    #[default]
    Body,
    /// The ecliptic degree of its longitude (latitude zero), as for the angles and lots,
    /// which have no latitude: some astrologers compare bodies this way.
    EclipticDegree,
}

/// The sidereal modes for which the library measures longitudes on the ecliptic of the mode's
/// own epoch rather than of date (J2000, J1900, B1950, Skydram): a sidereal longitude there is
/// not a tropical one less the ayanamsa, and the bodies' equatorial positions need the library
/// (`fixtures/declination/` checks every mode).
const ECLIPTIC_OF_EPOCH_MODES: [i32; 4] = [18, 19, 20, 34];

/// Whether the longitudes of `zodiac` turn into tropical ones by adding the ayanamsa.
#[must_use]
pub fn longitudes_of_date(zodiac: Zodiac) -> bool {
    match zodiac {
        Zodiac::Tropical => true,
        Zodiac::Sidereal(mode) => !is_ecliptic_of_epoch(mode),
    }
}

fn is_ecliptic_of_epoch(mode: AyanamsaId) -> bool {
    ECLIPTIC_OF_EPOCH_MODES.contains(&mode.se_number())
}

/// What turns a chart's points into equatorial ones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChartEquator {
    pub obliquity: Obliquity,
    /// Added to a chart longitude to make it tropical: the ayanamsa (with nutation, as the
    /// library subtracts it) in a sidereal zodiac, 0 in the tropical one; `None` in the modes
    /// whose longitudes are not of date ([`longitudes_of_date`]).
    pub tropical_offset_deg: Option<f64>,
    /// The daily change of `tropical_offset_deg` (the precession, about 3.8e-5°/day, with the
    /// nutation's wobble), added to a sidereal longitude speed; 0 in the tropical zodiac.
    pub tropical_offset_speed_deg_per_day: f64,
}

/// The step of the ayanamsa's difference quotient, days: the library's own sidereal speeds
/// then agree with the tropical ones less this rate within 5e-7°/day (checked with pyswisseph;
/// the step changes that by less than 1e-8°/day from 1e-4 to 1e-2 days).
const AYANAMSA_RATE_STEP_DAYS: f64 = 1e-3;

impl ChartEquator {
    /// The equator of a chart at `jd` in `zodiac`.
    ///
    /// # Errors
    /// A date the library refuses.
    pub fn at(eph: &Ephemeris, jd: JulianDayUt, zodiac: Zodiac) -> Result<Self, EphemError> {
        let (tropical_offset_deg, tropical_offset_speed_deg_per_day) = match zodiac {
            Zodiac::Tropical => (Some(0.0), 0.0),
            Zodiac::Sidereal(mode) if is_ecliptic_of_epoch(mode) => (None, 0.0),
            Zodiac::Sidereal(mode) => {
                let now = eph.ayanamsa_deg(jd, mode)?;
                let later = eph.ayanamsa_deg(JulianDayUt(jd.0 + AYANAMSA_RATE_STEP_DAYS), mode)?;
                (Some(now), (later - now) / AYANAMSA_RATE_STEP_DAYS)
            }
        };
        Ok(Self {
            obliquity: Obliquity::at(eph, jd)?,
            tropical_offset_deg,
            tropical_offset_speed_deg_per_day,
        })
    }

    /// The equatorial position of a point of the chart's zodiac at `lon` with latitude
    /// `lat_deg`; `None` where the chart's longitudes are not of date.
    #[must_use]
    pub fn point(
        &self,
        lon: Longitude,
        lat_deg: f64,
        lon_speed_deg_per_day: f64,
        lat_speed_deg_per_day: f64,
    ) -> Option<EquatorialPoint> {
        Some(self.obliquity.equatorial(&self.tropical(
            lon,
            lat_deg,
            lon_speed_deg_per_day,
            lat_speed_deg_per_day,
        )?))
    }

    /// A point of the chart's zodiac as a tropical one; `None` where the chart's longitudes
    /// are not of date.
    #[must_use]
    pub fn tropical(
        &self,
        lon: Longitude,
        lat_deg: f64,
        lon_speed_deg_per_day: f64,
        lat_speed_deg_per_day: f64,
    ) -> Option<SphericalMotion> {
        Some(SphericalMotion {
            lon_deg: lon.degrees() + self.tropical_offset_deg?,
            lat_deg,
            lon_speed_deg_per_day: lon_speed_deg_per_day + self.tropical_offset_speed_deg_per_day,
            lat_speed_deg_per_day,
        })
    }
}

/// The equatorial position of a chart's body, with its ecliptic-degree form.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyEquatorial {
    /// With the body's latitude.
    pub body: EquatorialPoint,
    /// Of its ecliptic degree (latitude zero).
    pub ecliptic_degree: EquatorialPoint,
}

impl BodyEquatorial {
    /// The tropical ecliptic position `tropical` turned both ways.
    #[must_use]
    pub fn of(obliquity: Obliquity, tropical: &SphericalMotion) -> Self {
        Self {
            body: obliquity.equatorial(tropical),
            ecliptic_degree: obliquity.equatorial(&SphericalMotion {
                lat_deg: 0.0,
                lat_speed_deg_per_day: 0.0,
                ..*tropical
            }),
        }
    }

    /// The form `of` asks for.
    #[must_use]
    pub fn get(&self, of: DeclinationOf) -> EquatorialPoint {
        match of {
            DeclinationOf::Body => self.body,
            DeclinationOf::EclipticDegree => self.ecliptic_degree,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBLIQUITY: Obliquity = Obliquity { true_deg: 23.44 };

    fn motion(lon_deg: f64, lat_deg: f64, lon_speed: f64, lat_speed: f64) -> SphericalMotion {
        SphericalMotion {
            lon_deg,
            lat_deg,
            lon_speed_deg_per_day: lon_speed,
            lat_speed_deg_per_day: lat_speed,
        }
    }

    #[test]
    fn the_solstice_points_lie_at_the_obliquity_and_the_equinoxes_on_the_equator() {
        let summer = OBLIQUITY.equatorial(&motion(90.0, 0.0, 1.0, 0.0));
        assert!((summer.declination_deg - 23.44).abs() < 1e-12);
        assert!((summer.right_ascension.degrees() - 90.0).abs() < 1e-12);
        assert!(
            !summer.out_of_bounds,
            "the Sun's own limit is not beyond it"
        );
        let spring = OBLIQUITY.equatorial(&motion(0.0, 0.0, 1.0, 0.0));
        assert!(spring.declination_deg.abs() < 1e-12);
        // At the equinox the Sun climbs at sin ε degrees of declination per degree of longitude.
        assert!(
            (spring.declination_speed_deg_per_day - 23.44_f64.to_radians().sin()).abs() < 1e-12
        );
    }

    #[test]
    fn a_northern_latitude_at_the_summer_solstice_is_out_of_bounds() {
        let moon = OBLIQUITY.equatorial(&motion(90.0, 5.0, 13.0, 0.0));
        assert!((moon.declination_deg - 28.44).abs() < 1e-12);
        assert!(moon.out_of_bounds);
    }

    #[test]
    fn turning_there_and_back_is_the_identity_with_the_speeds() {
        let start = motion(123.4, -4.5, 0.8, 0.05);
        let eq = OBLIQUITY.equatorial(&start);
        let back = OBLIQUITY.ecliptic(&EquatorialPosition {
            ra_deg: eq.right_ascension.degrees(),
            dec_deg: eq.declination_deg,
            dist_au: 1.0,
            ra_speed_deg_per_day: eq.ra_speed_deg_per_day,
            dec_speed_deg_per_day: eq.declination_speed_deg_per_day,
            dist_speed_au_per_day: 0.0,
        });
        for (a, b) in [
            (back.lon_deg, start.lon_deg),
            (back.lat_deg, start.lat_deg),
            (back.lon_speed_deg_per_day, start.lon_speed_deg_per_day),
            (back.lat_speed_deg_per_day, start.lat_speed_deg_per_day),
        ] {
            assert!((a - b).abs() < 1e-12, "{a} vs {b}");
        }
    }

    #[test]
    fn the_speeds_are_the_derivatives_of_the_position() {
        let step_days = 1e-4;
        let at =
            |t: f64| OBLIQUITY.equatorial(&motion(200.0 + 13.0 * t, 3.0 - 0.2 * t, 13.0, -0.2));
        let now = at(0.0);
        let (before, after) = (at(-step_days), at(step_days));
        let dec_rate = (after.declination_deg - before.declination_deg) / (2.0 * step_days);
        let ra_rate = (after.right_ascension.degrees() - before.right_ascension.degrees())
            / (2.0 * step_days);
        assert!((now.declination_speed_deg_per_day - dec_rate).abs() < 1e-6);
        assert!((now.ra_speed_deg_per_day - ra_rate).abs() < 1e-6);
    }
}
