//! Profections: the ascendant advanced one house per year of life, one per month within the
//! year and one per day (or per twelfth of a month) within the month; the sign reached, its
//! domicile lord and the planets in it (Valens, *Anthology* IV.11; Dorotheus, *Carmen* IV.1;
//! Brennan, *Hellenistic Astrology* ch. 17).
//!
//! The conventions are choices of the query, each echoed by the API:
//!
//! * houses: whole signs by default (the profected house *is* a sign), or a quadrant system, where
//!   house *h* takes the sign on its cusp and the planets in it are those in the quadrant house
//!   (kerykeion's and Stellium's rule);
//! * the year: from the birthday, the local clock reading of the birth on each anniversary date in
//!   the birth's own zone (29 February becomes 1 March in common years, kerykeion's rule), or from
//!   each solar return (Dorotheus' "when the Sun enters the minute it was in at the nativity");
//! * the months: twelve equal parts of the year, or begun at the Sun's ingress into each sign after
//!   the natal Sun's (Stellium's rule: the twelfth month runs on to the next year), or at each 30°
//!   of the Sun's motion from its natal longitude (Valens' reckoning by the Sun's distance);
//! * the days: one sign per day of 24 hours from the month's start (Valens), or twelve equal parts
//!   of the month (the medieval reckoning that moves like the Moon).
//!
//! Month *m* of age *a* is the house `a + m + 1`; day *d* of it the house `a + m + d + 1` (mod 12).

use jiff::civil::{Date, DateTime};
use jiff::tz::TimeZone;
use orrery_ephem::{Ephemeris, HouseSystem, Observer};

use crate::angle::{Longitude, Sign};
use crate::body::Body;
use crate::chart::{ChartInput, Frame, MissingData};
use crate::techniques::cast::{CastError, CastInput, CastOptions, ChartParts, cast_chart};
use crate::techniques::returns::{ReturnError, ReturnSearch, find_returns};
use crate::time::{JulianDayUt, julian_day_ut};

use super::tables::{Rulers, SEVEN, domicile_lord};

/// The mean tropical year, days: only a first guess for the search of a solar return.
const TROPICAL_YEAR_DAYS: f64 = 365.242_19;
/// A day, in days.
const DAY: f64 = 1.0;
/// The longest window whose daily changes are listed, days.
pub const DAILY_CHANGES_MAX_DAYS: f64 = 366.0;

/// Where the profected houses come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfectionHouses {
    /// Whole signs from the ascendant's sign.
    WholeSign,
    /// A quadrant system: each house's sign is the sign on its cusp.
    Quadrant(HouseSystem),
}

/// When a year of the profections begins.
#[derive(Debug, Clone, PartialEq)]
pub enum YearStart {
    /// The birth's local clock reading on each anniversary date, in `zone`.
    Birthday { local: DateTime, zone: TimeZone },
    /// Each return of the Sun to its natal tropical longitude.
    SolarReturn,
}

/// How a year divides into months.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonthRule {
    /// Twelve equal parts of the year.
    Equal,
    /// At the Sun's ingress into each sign after the natal Sun's.
    SunIngress,
    /// At each 30° of the Sun's motion from its natal longitude.
    SunArc,
}

/// How a month divides into days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayRule {
    /// One sign per 24 hours from the month's start.
    SignPerDay,
    /// Twelve equal parts of the month.
    Twelfths,
}

/// The conventions of the profections.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfectionSettings {
    pub houses: ProfectionHouses,
    pub year_start: YearStart,
    pub months: MonthRule,
    pub days: DayRule,
    pub rulers: Rulers,
}

/// The unit of a profection period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProfectionLevel {
    Year,
    Month,
    Day,
}

/// One year, month or day of the profections.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfectionPeriod {
    pub level: ProfectionLevel,
    pub start: JulianDayUt,
    pub end: JulianDayUt,
    /// Completed years of life (the age of the year).
    pub age: u32,
    /// The month in the year, 0..=11 (0 for a year).
    pub month: u8,
    /// The day or twelfth in the month, from 0 (0 for a year or a month).
    pub day: u16,
    /// The profected house, 1..=12.
    pub house: u8,
    pub sign: Sign,
    /// The sign's domicile lord.
    pub lord: Body,
    /// The seven planets in the profected house, Sun to Saturn.
    pub planets: Vec<Body>,
}

/// The natal chart the profections advance through.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfectionChart {
    pub ascendant: Longitude,
    /// The house system the cusps are in (a polar fallback says otherwise).
    pub house_system_used: HouseSystem,
    /// The twelve houses, 1st to 12th, each with its sign, lord and planets.
    pub houses: Vec<ProfectedHouse>,
    /// The natal Sun, tropical.
    pub sun: Longitude,
}

/// A natal house as a profection reaches it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfectedHouse {
    /// 1..=12.
    pub house: u8,
    pub sign: Sign,
    /// The sign's domicile lord.
    pub lord: Body,
    /// The seven planets natally in the house, Sun to Saturn.
    pub planets: Vec<Body>,
}

/// Why profections have no answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ProfectionError {
    #[error(transparent)]
    Cast(#[from] CastError),
    /// The library gave no ascendant (at a geographic pole).
    #[error("the ascendant is undefined at latitude {lat_deg}")]
    AscendantUndefined { lat_deg: f64 },
    /// A solar return or an ingress could not be found.
    #[error(transparent)]
    Sun(#[from] ReturnError),
    /// An anniversary is outside the calendar's range.
    #[error("the birthday in year {year} cannot be placed in the zone: {reason}")]
    Birthday { year: i64, reason: String },
}

/// The profections of a birth: the chart, and the periods of any instant.
#[derive(Debug)]
pub struct Profector<'a> {
    eph: &'a Ephemeris,
    birth: JulianDayUt,
    settings: &'a ProfectionSettings,
    pub chart: ProfectionChart,
}

impl<'a> Profector<'a> {
    /// Casts the natal chart of the profections.
    ///
    /// # Errors
    /// The chart cannot be cast, or the ascendant is undefined.
    pub fn new(
        eph: &'a Ephemeris,
        birth: JulianDayUt,
        place: Observer,
        settings: &'a ProfectionSettings,
    ) -> Result<Self, ProfectionError> {
        let system = match settings.houses {
            ProfectionHouses::WholeSign => HouseSystem::WHOLE_SIGN,
            ProfectionHouses::Quadrant(system) => system,
        };
        let chart = cast_chart(
            eph,
            &CastInput::new(
                ChartInput {
                    jd: birth,
                    place,
                    bodies: SEVEN.to_vec(),
                    frame: Frame::GEOCENTRIC_TROPICAL,
                    house_system: Some(system),
                },
                MissingData::Refuse,
                CastOptions {
                    parts: ChartParts::ALL,
                    aspects: None,
                    include_axes: false,
                },
            ),
        )?;
        let undefined = || ProfectionError::AscendantUndefined {
            lat_deg: place.lat_deg,
        };
        let houses = chart.houses.as_ref().ok_or_else(undefined)?;
        let ascendant =
            Longitude::new(houses.houses.angles.ascendant.lon_deg).map_err(|_| undefined())?;
        let mut house_signs = [Sign::Aries; 12];
        for (h, sign) in house_signs.iter_mut().enumerate() {
            *sign = match settings.houses {
                ProfectionHouses::WholeSign => Sign::ALL[(ascendant.sign().index() + h) % 12],
                ProfectionHouses::Quadrant(_) => {
                    let cusp = houses.houses.cusps.get(h).ok_or_else(undefined)?;
                    Longitude::new(cusp.lon_deg)
                        .map_err(|_| undefined())?
                        .sign()
                }
            };
        }
        let bodies = chart.bodies.as_deref().unwrap_or_default();
        let system_used = houses.houses.system_used;
        let houses: Vec<ProfectedHouse> = (1..=12u8)
            .zip(house_signs)
            .map(|(house, sign)| ProfectedHouse {
                house,
                sign,
                lord: domicile_lord(sign, settings.rulers),
                planets: bodies
                    .iter()
                    .filter(|b| b.house == Some(house))
                    .map(|b| b.position.body)
                    .collect(),
            })
            .collect();
        let sun = bodies
            .iter()
            .find(|b| b.position.body == Body::Sun)
            .ok_or_else(undefined)?
            .position
            .lon;
        Ok(Self {
            eph,
            birth,
            settings,
            chart: ProfectionChart {
                ascendant,
                house_system_used: system_used,
                houses,
                sun,
            },
        })
    }

    fn period(
        &self,
        level: ProfectionLevel,
        (start, end): (JulianDayUt, JulianDayUt),
        (age, month, day): (u32, u8, u16),
    ) -> ProfectionPeriod {
        let units = (u64::from(age) + u64::from(month) + u64::from(day)) % 12;
        // `units` < 12: the cast is exact.
        #[allow(clippy::cast_possible_truncation)]
        let house = &self.chart.houses[units as usize];
        ProfectionPeriod {
            level,
            start,
            end,
            age,
            month,
            day,
            house: house.house,
            sign: house.sign,
            lord: house.lord,
            planets: house.planets.clone(),
        }
    }

    /// The start of the year of `age` (the birth itself for age 0).
    ///
    /// # Errors
    /// A return cannot be found, or an anniversary cannot be placed in the zone.
    pub fn year_start(&self, age: u32) -> Result<JulianDayUt, ProfectionError> {
        if age == 0 {
            return Ok(self.birth);
        }
        match &self.settings.year_start {
            YearStart::Birthday { local, zone } => {
                let year = i64::from(local.year()) + i64::from(age);
                let failed = |reason: String| ProfectionError::Birthday { year, reason };
                let y = i16::try_from(year).map_err(|e| failed(e.to_string()))?;
                let date = if local.month() == 2 && local.day() == 29 && !is_leap(y) {
                    Date::new(y, 3, 1)
                } else {
                    Date::new(y, local.month(), local.day())
                }
                .map_err(|e| failed(e.to_string()))?;
                // In a gap the later reading, in a fold the earlier (jiff's `compatible`).
                let zoned = date
                    .to_datetime(local.time())
                    .to_zoned(zone.clone())
                    .map_err(|e| failed(e.to_string()))?;
                Ok(julian_day_ut(zoned.timestamp()))
            }
            YearStart::SolarReturn => {
                let guess = self.birth.0 + f64::from(age) * TROPICAL_YEAR_DAYS;
                self.sun_reaches(self.chart.sun, JulianDayUt(guess - 20.0 * DAY))
            }
        }
    }

    /// The first time at or after `from` the Sun reaches `lon`, moving forward.
    fn sun_reaches(
        &self,
        lon: Longitude,
        from: JulianDayUt,
    ) -> Result<JulianDayUt, ProfectionError> {
        let found = find_returns(
            self.eph,
            &ReturnSearch {
                body: Body::Sun,
                natal_lon: lon,
                target_angle_deg: 0.0,
                from,
                count: 1,
                zodiac: Frame::GEOCENTRIC_TROPICAL.zodiac,
            },
        )?;
        Ok(found.first().map_or(from, |r| r.exact_at))
    }

    /// The year of `age`.
    ///
    /// # Errors
    /// As [`Profector::year_start`].
    pub fn year(&self, age: u32) -> Result<ProfectionPeriod, ProfectionError> {
        self.year_from(age, self.year_start(age)?)
    }

    /// The year of `age`, its start known (the previous year's end).
    fn year_from(&self, age: u32, start: JulianDayUt) -> Result<ProfectionPeriod, ProfectionError> {
        let bounds = (start, self.year_start(age + 1)?);
        Ok(self.period(ProfectionLevel::Year, bounds, (age, 0, 0)))
    }

    /// The age whose year holds `at` (`None` before the birth).
    ///
    /// # Errors
    /// As [`Profector::year_start`].
    pub fn age_at(&self, at: JulianDayUt) -> Result<Option<u32>, ProfectionError> {
        if at.0 < self.birth.0 {
            return Ok(None);
        }
        let guess = ((at.0 - self.birth.0) / TROPICAL_YEAR_DAYS).floor();
        // Non-negative and bounded by the caller's window (at most a few centuries).
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let mut age = guess as u32;
        while age > 0 && self.year_start(age)?.0 > at.0 {
            age -= 1;
        }
        while self.year_start(age + 1)?.0 <= at.0 {
            age += 1;
        }
        Ok(Some(age))
    }

    /// The twelve months of a year.
    ///
    /// # Errors
    /// An ingress cannot be found.
    pub fn months(
        &self,
        year: &ProfectionPeriod,
    ) -> Result<Vec<ProfectionPeriod>, ProfectionError> {
        let mut starts = vec![year.start];
        for m in 1..12u8 {
            let previous = starts[usize::from(m) - 1];
            let at = match self.settings.months {
                MonthRule::Equal => {
                    JulianDayUt(year.start.0 + (year.end.0 - year.start.0) * f64::from(m) / 12.0)
                }
                MonthRule::SunIngress => {
                    let sign = Sign::ALL[(self.chart.sun.sign().index() + usize::from(m)) % 12];
                    self.sun_reaches(sign.start(), previous)?
                }
                MonthRule::SunArc => {
                    let lon = Longitude::new(self.chart.sun.degrees() + 30.0 * f64::from(m))
                        .unwrap_or(self.chart.sun);
                    self.sun_reaches(lon, previous)?
                }
            };
            // An ingress after the year's end (never for the Sun) would leave the month empty.
            starts.push(JulianDayUt(at.0.min(year.end.0)));
        }
        starts.push(year.end);
        Ok((0..12u8)
            .map(|m| {
                let i = usize::from(m);
                self.period(
                    ProfectionLevel::Month,
                    (starts[i], starts[i + 1]),
                    (year.age, m, 0),
                )
            })
            .collect())
    }

    /// The days (or twelfths) of a month.
    #[must_use]
    pub fn days(&self, month: &ProfectionPeriod) -> Vec<ProfectionPeriod> {
        let (length, count) = match self.settings.days {
            DayRule::SignPerDay => (DAY, ((month.end.0 - month.start.0) / DAY).ceil().max(1.0)),
            DayRule::Twelfths => ((month.end.0 - month.start.0) / 12.0, 12.0),
        };
        // A month is at most a few dozen days: the count fits.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let count = count as u16;
        (0..count)
            .map(|d| {
                let start = month.start.0 + length * f64::from(d);
                let end = (start + length).min(month.end.0);
                self.period(
                    ProfectionLevel::Day,
                    (JulianDayUt(start), JulianDayUt(end)),
                    (month.age, month.month, d),
                )
            })
            .collect()
    }

    /// The year, month and day holding `at` (`None` before the birth).
    ///
    /// # Errors
    /// As [`Profector::year_start`] and [`Profector::months`].
    pub fn at(&self, at: JulianDayUt) -> Result<Option<ProfectionsAt>, ProfectionError> {
        let Some(age) = self.age_at(at)? else {
            return Ok(None);
        };
        let year = self.year(age)?;
        let holds = |p: &ProfectionPeriod| p.start.0 <= at.0 && at.0 < p.end.0;
        let months = self.months(&year)?;
        let month = months
            .iter()
            .find(|m| holds(m))
            .or(months.last())
            .cloned()
            .unwrap_or_else(|| year.clone());
        let days = self.days(&month);
        let day = days
            .iter()
            .find(|d| holds(d))
            .or(days.last())
            .cloned()
            .unwrap_or_else(|| month.clone());
        Ok(Some(ProfectionsAt { year, month, day }))
    }

    /// Every year, month (and, for a window of at most [`DAILY_CHANGES_MAX_DAYS`], day) that
    /// begins within `[from, to]`, in time order.
    ///
    /// # Errors
    /// As [`Profector::at`].
    pub fn changes(
        &self,
        from: JulianDayUt,
        to: JulianDayUt,
    ) -> Result<Vec<ProfectionPeriod>, ProfectionError> {
        let with_days = to.0 - from.0 <= DAILY_CHANGES_MAX_DAYS;
        let first = self.age_at(from)?.unwrap_or(0);
        let mut out = Vec::new();
        let within = |p: &ProfectionPeriod| from.0 <= p.start.0 && p.start.0 <= to.0;
        let mut age = first;
        let mut start = self.year_start(age)?;
        loop {
            let year = self.year_from(age, start)?;
            start = year.end;
            if year.start.0 > to.0 {
                break;
            }
            if within(&year) {
                out.push(year.clone());
            }
            for month in self.months(&year)? {
                if month.start.0 > to.0 {
                    break;
                }
                if month.end.0 < from.0 {
                    continue;
                }
                // The first month starts with the year, the first day with the month: each is
                // listed once, as the larger period's change.
                if month.month > 0 && within(&month) {
                    out.push(month.clone());
                }
                if with_days {
                    out.extend(
                        self.days(&month)
                            .into_iter()
                            .filter(|d| d.day > 0 && within(d)),
                    );
                }
            }
            age += 1;
        }
        out.sort_by(|a, b| a.start.0.total_cmp(&b.start.0));
        Ok(out)
    }
}

/// The periods holding an instant.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfectionsAt {
    pub year: ProfectionPeriod,
    pub month: ProfectionPeriod,
    pub day: ProfectionPeriod,
}

fn is_leap(year: i16) -> bool {
    let y = i32::from(year);
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn eph() -> Ephemeris {
        Ephemeris::open(Ephemeris::default_data_dir()).expect("ephe/ opens")
    }

    fn settings(year_start: YearStart, months: MonthRule, days: DayRule) -> ProfectionSettings {
        ProfectionSettings {
            houses: ProfectionHouses::WholeSign,
            year_start,
            months,
            days,
            rulers: Rulers::Traditional,
        }
    }

    fn berlin() -> (JulianDayUt, Observer, YearStart) {
        let local = date(1990, 5, 15).at(14, 30, 0, 0);
        let zone = TimeZone::get("Europe/Berlin").unwrap();
        let jd = julian_day_ut(local.to_zoned(zone.clone()).unwrap().timestamp());
        let place = Observer {
            lat_deg: 52.52,
            lon_deg: 13.405,
            alt_m: 0.0,
        };
        (jd, place, YearStart::Birthday { local, zone })
    }

    #[test]
    fn the_houses_advance_one_sign_a_year_and_tile_the_months() {
        let eph = eph();
        let (jd, place, start) = berlin();
        let s = settings(start, MonthRule::Equal, DayRule::Twelfths);
        let p = Profector::new(&eph, jd, place, &s).unwrap();
        let asc = p.chart.ascendant.sign().index();
        for age in [0, 1, 11, 12, 13, 35] {
            let year = p.year(age).unwrap();
            assert_eq!(year.house, (age % 12) as u8 + 1);
            assert_eq!(year.sign.index(), (asc + age as usize) % 12);
            let months = p.months(&year).unwrap();
            assert_eq!(months[0].sign, year.sign);
            assert_eq!(months[1].sign.index(), (year.sign.index() + 1) % 12);
            assert!(months.windows(2).all(|w| w[0].end == w[1].start));
            assert_eq!(months[11].end, year.end);
            let days = p.days(&months[3]);
            assert_eq!(days.len(), 12);
            assert_eq!(days[0].sign, months[3].sign);
            assert!((days[11].end.0 - months[3].end.0).abs() < 1e-9);
        }
        // The 36th birthday: 2026-05-15 14:30 CEST = 12:30 UTC.
        let y36 = p.year(36).unwrap();
        let at = jiff::Timestamp::from_second(1_778_848_200).unwrap();
        assert!((y36.start.0 - julian_day_ut(at).0).abs() < 1e-8);
        let inside = p.at(JulianDayUt(y36.start.0 + 0.5)).unwrap().unwrap();
        assert_eq!(inside.year.age, 36);
        assert!(p.at(JulianDayUt(jd.0 - 1.0)).unwrap().is_none());
    }

    #[test]
    fn the_solar_year_begins_at_the_return_and_sun_months_at_ingresses() {
        let eph = eph();
        let (jd, place, _) = berlin();
        let s = settings(
            YearStart::SolarReturn,
            MonthRule::SunIngress,
            DayRule::SignPerDay,
        );
        let p = Profector::new(&eph, jd, place, &s).unwrap();
        let year = p.year(10).unwrap();
        let sun = crate::chart::position(&eph, year.start, Body::Sun, &Frame::GEOCENTRIC_TROPICAL)
            .unwrap();
        assert!(crate::angle::wrap_180(sun.lon.degrees() - p.chart.sun.degrees()).abs() < 1e-5);
        let months = p.months(&year).unwrap();
        for (k, m) in months.iter().enumerate().skip(1) {
            let s = crate::chart::position(&eph, m.start, Body::Sun, &Frame::GEOCENTRIC_TROPICAL)
                .unwrap();
            let want = (p.chart.sun.sign().index() + k) % 12;
            assert!(crate::angle::wrap_180(s.lon.degrees() - 30.0 * want as f64).abs() < 1e-5);
        }
        let days = p.days(&months[0]);
        assert_eq!(days[1].sign.index(), (months[0].sign.index() + 1) % 12);
        assert!((days[1].start.0 - days[0].start.0 - 1.0).abs() < 1e-12);
        // A window of a year lists the year, eleven months and the days.
        let changes = p
            .changes(
                JulianDayUt(year.start.0 - 1e-6),
                JulianDayUt(year.end.0 - 1e-6),
            )
            .unwrap();
        assert_eq!(
            changes
                .iter()
                .filter(|c| c.level == ProfectionLevel::Month)
                .count(),
            11
        );
        assert!(changes.iter().any(|c| c.level == ProfectionLevel::Day));
    }

    #[test]
    fn a_leap_day_birthday_turns_on_the_first_of_march() {
        let eph = eph();
        let local = date(2000, 2, 29).at(12, 0, 0, 0);
        let zone = TimeZone::UTC;
        let jd = julian_day_ut(local.to_zoned(zone.clone()).unwrap().timestamp());
        let place = Observer {
            lat_deg: 0.0,
            lon_deg: 0.0,
            alt_m: 0.0,
        };
        let s = settings(
            YearStart::Birthday { local, zone },
            MonthRule::Equal,
            DayRule::Twelfths,
        );
        let p = Profector::new(&eph, jd, place, &s).unwrap();
        let march = julian_day_ut(
            date(2001, 3, 1)
                .at(12, 0, 0, 0)
                .to_zoned(TimeZone::UTC)
                .unwrap()
                .timestamp(),
        );
        assert_eq!(p.year_start(1).unwrap(), march);
        let leap = julian_day_ut(
            date(2004, 2, 29)
                .at(12, 0, 0, 0)
                .to_zoned(TimeZone::UTC)
                .unwrap()
                .timestamp(),
        );
        assert_eq!(p.year_start(4).unwrap(), leap);
    }
}
