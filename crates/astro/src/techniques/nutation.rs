//! The nutation in longitude, interpolated: what makes a dense search's real evaluations cheap.
//!
//! Two thirds of a position call with speeds is the library's nutation, evaluated twice for each
//! new date (once more for its rate). A transit window refines several crossings a day, each at
//! its own date, so most of its time would go into nutations a fraction of a day apart. Instead,
//! those evaluations ask for the position from the mean equinox of date ([`Equinox::Mean`],
//! which skips the nutation) and add the nutation in longitude from [`InterpolatedNutation`]:
//! the library's own values on a fixed grid of half days, computed when first needed, through a
//! cubic. The true longitude is exactly the mean one plus the nutation in longitude (the
//! identity is checked on the library in `crates/ephem/tests/equinox.rs`), so the only
//! difference from a call with nutation is the interpolation's:
//!
//! * the nutation's fastest terms have periods of days and amplitudes of tenths of an
//!   arcsecond, so a cubic through half-day values is within 4e-5" (1e-8°) of the library's;
//! * its rate is within about 1e-7°/day of the library's difference quotient.
//!
//! A crossing time moves by a fraction of a millisecond at most, and speeds by far less than the
//! library's own 6e-6°/day spread between ways of getting the nutation's rate. The grid is
//! anchored on whole half days, not on the window, so an instant gets the same nutation in every
//! request.
//!
//! [`Equinox::Mean`]: orrery_ephem::Equinox::Mean

use orrery_ephem::Ephemeris;

use crate::chart::{ChartError, Frame};
use crate::time::JulianDayUt;

/// The grid's spacing, in days. A cubic through values this far apart is within 4e-5" of the
/// nutation (1e-3" at one day, 9e-3" at two); each value costs one nutation.
const SPACING_DAYS: f64 = 0.5;

/// The nutation in longitude over a window, from the library's values at whole half days
/// (Julian day UT), each computed the first time it is needed.
#[derive(Debug, Clone)]
pub struct InterpolatedNutation {
    /// The grid index of `values[0]`: the value at `first_index * SPACING_DAYS`.
    first_index: i64,
    /// The nutation in longitude in degrees; NaN until computed.
    values: Vec<f64>,
}

impl InterpolatedNutation {
    /// Room for every grid value an instant in `[start_day, end_day]` (Julian days UT) needs.
    /// Instants outside still work; their values are computed but not kept.
    #[must_use]
    pub fn covering(start_day: f64, end_day: f64) -> Self {
        let first = grid_index(start_day) - 1;
        let last = grid_index(end_day) + 2;
        // A window is at most some centuries long: a few hundred thousand values at most.
        let len = usize::try_from(last - first + 1).unwrap_or(0);
        Self {
            first_index: first,
            values: vec![f64::NAN; len],
        }
    }

    /// The nutation in longitude at `jd_ut` in degrees, and its rate in degrees per day.
    ///
    /// # Errors
    /// [`ChartError::Ephemeris`] if the library fails (a date that is not finite).
    pub fn at(&mut self, eph: &Ephemeris, jd_ut: f64) -> Result<(f64, f64), ChartError> {
        let k = grid_index(jd_ut);
        #[allow(
            clippy::cast_precision_loss,
            reason = "grid indices are below 2^53 for any finite Julian day the library takes"
        )]
        let u = jd_ut / SPACING_DAYS - k as f64;
        let mut y = [0.0; 4];
        for (j, slot) in (k - 1..=k + 2).zip(&mut y) {
            *slot = self.value(eph, j)?;
        }
        // The cubic through the values at k-1, k, k+1, k+2, at u in [0, 1) (Lagrange's form).
        let weights = [
            -u * (u - 1.0) * (u - 2.0) / 6.0,
            (u + 1.0) * (u - 1.0) * (u - 2.0) / 2.0,
            -(u + 1.0) * u * (u - 2.0) / 2.0,
            (u + 1.0) * u * (u - 1.0) / 6.0,
        ];
        let slopes = [
            -(3.0 * u * u - 6.0 * u + 2.0) / 6.0,
            (3.0 * u * u - 4.0 * u - 1.0) / 2.0,
            -(3.0 * u * u - 2.0 * u - 2.0) / 2.0,
            (3.0 * u * u - 1.0) / 6.0,
        ];
        let value = weights.iter().zip(&y).map(|(w, y)| w * y).sum();
        let rate = slopes.iter().zip(&y).map(|(s, y)| s * y).sum::<f64>() / SPACING_DAYS;
        Ok((value, rate))
    }

    /// The library's nutation in longitude at grid index `k`.
    fn value(&mut self, eph: &Ephemeris, k: i64) -> Result<f64, ChartError> {
        let slot = usize::try_from(k - self.first_index)
            .ok()
            .and_then(|i| self.values.get_mut(i));
        if let Some(&known) = slot.as_deref()
            && !known.is_nan()
        {
            return Ok(known);
        }
        #[allow(clippy::cast_precision_loss, reason = "as in at()")]
        let jd = JulianDayUt(k as f64 * SPACING_DAYS);
        let value = eph.obliquity_nutation(jd)?.nutation_lon_deg;
        if let Some(slot) = slot {
            *slot = value;
        }
        Ok(value)
    }
}

/// The index of the grid cell that holds `jd_ut`.
fn grid_index(jd_ut: f64) -> i64 {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "finite Julian days the library takes are far inside i64"
    )]
    let k = (jd_ut / SPACING_DAYS).floor() as i64;
    k
}

/// Whether positions in `frame` may be taken from the mean equinox plus the interpolated
/// nutation: tropical longitudes seen from the Earth's centre, the Sun or the barycentre (the
/// centres the identity is checked on). Sidereal longitudes have no equinox, and a topocentric
/// observer's place turns with the true sidereal time.
#[must_use]
pub fn applies_to(frame: &Frame) -> bool {
    use crate::chart::{Center, Zodiac};
    frame.zodiac == Zodiac::Tropical
        && matches!(
            frame.center,
            Center::Geocentric | Center::Heliocentric | Center::Barycentric
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ephemeris() -> Ephemeris {
        Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens")
    }

    #[test]
    #[allow(
        clippy::float_cmp,
        reason = "on a grid point the value is exact, not close"
    )]
    fn interpolation_stays_within_its_stated_error() {
        let eph = ephemeris();
        let library = |jd: f64| {
            eph.obliquity_nutation(JulianDayUt(jd))
                .expect("nutation")
                .nutation_lon_deg
        };
        let start = 2_460_000.3;
        let mut nutation = InterpolatedNutation::covering(start, start + 400.0);
        let (mut worst_value, mut worst_rate) = (0.0_f64, 0.0_f64);
        // 4,001 instants a tenth of a day apart (and off the grid), plus some outside the window.
        for i in -20..4_020 {
            let jd = start + f64::from(i) * 0.100_37;
            let (value, rate) = nutation.at(&eph, jd).expect("nutation");
            let h = 0.005;
            let library_rate = (library(jd + h) - library(jd - h)) / (2.0 * h);
            worst_value = worst_value.max((value - library(jd)).abs());
            worst_rate = worst_rate.max((rate - library_rate).abs());
        }
        assert!(worst_value < 2e-8, "value off by {worst_value:e} degrees");
        assert!(worst_rate < 2e-7, "rate off by {worst_rate:e} degrees/day");
        // On a grid point the cubic's weights are exactly 0 and 1: the library's value itself.
        let on_grid = 2_460_100.5;
        assert_eq!(
            nutation.at(&eph, on_grid).expect("nutation").0,
            library(on_grid)
        );
    }

    #[test]
    fn an_instant_gets_the_same_nutation_whatever_the_window() {
        let eph = ephemeris();
        let jd = 2_451_545.123;
        let a = InterpolatedNutation::covering(jd - 1.0, jd + 1.0).at(&eph, jd);
        let b = InterpolatedNutation::covering(jd - 300.0, jd + 3.0).at(&eph, jd);
        assert_eq!(a.expect("nutation"), b.expect("nutation"));
    }
}
