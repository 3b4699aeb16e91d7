//! The planetary day and hour: the day from sunrise to sunset and the night from sunset to the
//! next sunrise, each divided into twelve equal (seasonal) hours; the first hour of a day is
//! ruled by the planet of its weekday, each next hour by the next planet in Chaldean order,
//! through the night, until the next sunrise (Vettius Valens, *Anthology* I.10; Lilly,
//! *Christian Astrology* p. 474-483).
//!
//! Sunrise and sunset are the Sun's upper limb on the horizon with the standard refraction,
//! as almanacs give them (the library's `swe_rise_trans`, as `/v1/rise-transit-set`).

use orrery_ephem::{
    Atmosphere, DiscReference, EphemError, Ephemeris, Observer, RiseTransEvent, RiseTransRequest,
    Target,
};

use crate::body::Body;
use crate::techniques::rise_set::{CollectError, Window, collect_events};
use crate::time::{Days, JulianDayUt};

use super::tables::CHALDEAN_ORDER;

/// The day rulers, Sunday to Saturday.
pub const DAY_RULERS: [Body; 7] = [
    Body::Sun,
    Body::Moon,
    Body::Mars,
    Body::Mercury,
    Body::Jupiter,
    Body::Venus,
    Body::Saturn,
];

/// Sunrises and sunsets are looked for this far before and after the instant: more than a day,
/// so the sunrise that opened the planetary day and the event that closes the hour are in.
const SEARCH_DAYS: Days = Days(1.5);

/// The planetary hour of an instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanetaryHour {
    /// The sunrise that opened the planetary day.
    pub sunrise: JulianDayUt,
    /// 0 for Sunday .. 6 for Saturday: the weekday of that sunrise at the place's mean time.
    pub weekday: u8,
    pub day_ruler: Body,
    /// By day (sunrise to sunset) or by night.
    pub daytime: bool,
    /// 1..=12 within the day or the night.
    pub hour: u8,
    pub hour_ruler: Body,
    /// The start and end of the hour.
    pub hour_start: JulianDayUt,
    pub hour_end: JulianDayUt,
    /// The length of this day's or night's hours, minutes.
    pub hour_length_min: f64,
}

/// Why there is no planetary hour.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HourError {
    /// No sunrise or sunset near the instant (the midnight sun, the polar night).
    #[error("the Sun does not both rise and set at the place around the instant")]
    NoSunriseOrSunset,
    #[error(transparent)]
    Ephemeris(#[from] EphemError),
    #[error("the sunrise/sunset search stalled after {0} questions")]
    Stalled(usize),
}

/// The weekday (0 = Sunday) of the date at the place's mean time.
#[must_use]
pub fn weekday_at(jd: JulianDayUt, lon_deg: f64) -> u8 {
    let local_day = (jd.0 + 0.5 + lon_deg / 360.0).floor();
    // JD 0.5 days before a Monday noon: day 0 of the count is a Monday.
    (local_day + 1.0).rem_euclid(7.0) as u8
}

fn events(
    eph: &Ephemeris,
    place: Observer,
    event: RiseTransEvent,
    jd: JulianDayUt,
) -> Result<Vec<JulianDayUt>, HourError> {
    let request = RiseTransRequest {
        target: Target::Body(Body::Sun.body_id()),
        event,
        observer: place,
        disc: DiscReference::UpperLimb,
        refraction: true,
        atmosphere: Atmosphere::default(),
    };
    collect_events(
        |from| eph.rise_trans(from, &request),
        JulianDayUt(jd.0 - SEARCH_DAYS.0),
        Window::Series {
            end: JulianDayUt(jd.0 + SEARCH_DAYS.0),
        },
    )
    .map_err(|e| match e {
        CollectError::Question(e) => HourError::Ephemeris(e),
        CollectError::Stalled { questions } => HourError::Stalled(questions),
    })
}

/// The planetary hour at `jd` and `place`.
///
/// # Errors
/// No sunrise or sunset around the instant, or the library's errors.
pub fn planetary_hour(
    eph: &Ephemeris,
    jd: JulianDayUt,
    place: Observer,
) -> Result<PlanetaryHour, HourError> {
    let rises = events(eph, place, RiseTransEvent::Rise, jd)?;
    let sets = events(eph, place, RiseTransEvent::Set, jd)?;
    let last = |list: &[JulianDayUt]| list.iter().copied().rfind(|t| t.0 <= jd.0);
    let next = |list: &[JulianDayUt]| list.iter().copied().find(|t| t.0 > jd.0);
    let last_rise = last(&rises).ok_or(HourError::NoSunriseOrSunset)?;
    let last_set = last(&sets);
    let daytime = last_set.is_none_or(|set| set.0 < last_rise.0);
    let (start, end, sunrise) = if daytime {
        let end = next(&sets).ok_or(HourError::NoSunriseOrSunset)?;
        (last_rise, end, last_rise)
    } else {
        let set = last_set.ok_or(HourError::NoSunriseOrSunset)?;
        let end = next(&rises).ok_or(HourError::NoSunriseOrSunset)?;
        // The day's sunrise is the last one before its sunset.
        (set, end, last_rise)
    };
    // Events found more than a day apart mean a polar day or night in between.
    if end.0 - start.0 > 1.0 {
        return Err(HourError::NoSunriseOrSunset);
    }
    let length = (end.0 - start.0) / 12.0;
    let index = (((jd.0 - start.0) / length).floor() as u8).min(11);
    let weekday = weekday_at(sunrise, place.lon_deg);
    let day_ruler = DAY_RULERS[usize::from(weekday)];
    let first = CHALDEAN_ORDER
        .iter()
        .position(|p| *p == day_ruler)
        .unwrap_or(0);
    let hours_since_sunrise = usize::from(index) + if daytime { 0 } else { 12 };
    Ok(PlanetaryHour {
        sunrise,
        weekday,
        day_ruler,
        daytime,
        hour: index + 1,
        hour_ruler: CHALDEAN_ORDER[(first + hours_since_sunrise) % 7],
        hour_start: JulianDayUt(start.0 + f64::from(index) * length),
        hour_end: JulianDayUt(start.0 + f64::from(index + 1) * length),
        hour_length_min: length * 1_440.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_and_the_order_of_the_week() {
        // 2000-01-01 12:00 UT was a Saturday.
        assert_eq!(weekday_at(JulianDayUt(2_451_545.0), 0.0), 6);
        // 23:00 UT on that Saturday is already Sunday in Tokyo (139.7° E).
        assert_eq!(weekday_at(JulianDayUt(2_451_545.458), 139.7), 0);
        // The first hour of each day is ruled by the day's ruler, and the 25th hour (the first
        // of the next day) by the next day's: three steps on in Chaldean order.
        for (day, ruler) in DAY_RULERS.iter().enumerate() {
            let i = CHALDEAN_ORDER.iter().position(|p| p == ruler).unwrap();
            assert_eq!(CHALDEAN_ORDER[(i + 24) % 7], DAY_RULERS[(day + 1) % 7]);
        }
    }
}
