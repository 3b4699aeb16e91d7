//! Instants: UTC timestamps to Julian days of Universal Time and back.
//!
//! A UTC clock time is used as UT directly, as swetest and astro.com do (docs/CONVENTIONS.md): UT1 − UTC
//! stays under a second. Dates are proleptic Gregorian, also before 1582.

use jiff::Timestamp;
pub use orrery_ephem::{Days, JulianDayTt, JulianDayUt};

/// Julian day of the Unix epoch, 1970-01-01T00:00:00Z.
const UNIX_EPOCH_JD: f64 = 2_440_587.5;
const SECONDS_PER_DAY: f64 = 86_400.0;

/// The Julian day (UT) of a UTC instant.
pub fn julian_day_ut(instant: Timestamp) -> JulianDayUt {
    let whole_days = instant.as_second().div_euclid(86_400);
    let second_of_day = instant.as_second().rem_euclid(86_400);
    #[allow(clippy::cast_precision_loss, reason = "day counts are far below 2^52")]
    let days = whole_days as f64
        + (second_of_day as f64 + f64::from(instant.subsec_nanosecond()) * 1e-9) / SECONDS_PER_DAY;
    JulianDayUt(UNIX_EPOCH_JD + days)
}

/// The UTC instant of a Julian day (UT), to the nearest microsecond, or `None` outside the
/// years -9999..9999.
pub fn timestamp_of(jd: JulianDayUt) -> Option<Timestamp> {
    if !jd.0.is_finite() {
        return None;
    }
    let micros = ((jd.0 - UNIX_EPOCH_JD) * SECONDS_PER_DAY * 1e6).round();
    #[allow(
        clippy::cast_possible_truncation,
        reason = "range-checked by jiff right after"
    )]
    let micros = micros as i64;
    Timestamp::from_microsecond(micros).ok()
}

/// An instant as the API writes computed events: UTC to the second, ending in `Z`.
pub fn utc_to_second(instant: Timestamp) -> String {
    instant
        .round(jiff::Unit::Second)
        .unwrap_or(instant)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_julian_days() {
        // J2000.0 is 2000-01-01T12:00:00 TT; in UT the same clock reading is JD 2451545.0.
        let j2000: Timestamp = "2000-01-01T12:00:00Z".parse().unwrap();
        assert!((julian_day_ut(j2000).0 - 2_451_545.0).abs() < 1e-9);
        // Proleptic Gregorian before 1582: pyswisseph's julday(1000, 1, 1, 0.0, GREG_CAL) is
        // 2086302.5 (the Julian calendar's 1000-01-01 would be 2086307.5).
        let old: Timestamp = "1000-01-01T00:00:00Z".parse().unwrap();
        assert!((julian_day_ut(old).0 - 2_086_302.5).abs() < 1e-9);
        let before_epoch: Timestamp = "1969-12-31T18:00:00Z".parse().unwrap();
        assert!((julian_day_ut(before_epoch).0 - 2_440_587.25).abs() < 1e-9);
    }

    #[test]
    fn julian_days_round_trip_to_the_microsecond() {
        for text in [
            "1800-01-01T00:00:00.5Z",
            "2024-03-20T03:06:21.123456Z",
            "2399-12-31T23:59:59Z",
        ] {
            let t: Timestamp = text.parse().unwrap();
            let back = timestamp_of(julian_day_ut(t)).unwrap();
            assert!(
                (back.as_microsecond() - t.as_microsecond()).abs() <= 20,
                "{text} -> {back}"
            );
        }
    }

    #[test]
    fn julian_days_move_by_days_and_subtract_to_days() {
        let jd = JulianDayUt(2_451_545.0);
        assert_eq!(jd + Days(0.25), JulianDayUt(2_451_545.25));
        assert_eq!(jd - Days(1.5), JulianDayUt(2_451_543.5));
        assert_eq!(JulianDayUt(2_451_546.5) - jd, Days(1.5));
        assert_eq!(jd - JulianDayUt(2_451_546.5), Days(-1.5));
        let mut moving = jd;
        moving += Days(2.0);
        moving -= Days(0.5);
        assert_eq!(moving, JulianDayUt(2_451_546.5));
        // The same addition as on the bare numbers, bit for bit.
        let (start, step) = (2_460_000.123_456_789, 10.0 / 1_440.0);
        assert_eq!(
            (JulianDayUt(start) + Days(step)).0.to_bits(),
            (start + step).to_bits()
        );
    }

    #[test]
    fn events_are_written_to_the_second() {
        let t: Timestamp = "2024-03-20T03:06:20.6Z".parse().unwrap();
        assert_eq!(utc_to_second(t), "2024-03-20T03:06:21Z");
    }
}
