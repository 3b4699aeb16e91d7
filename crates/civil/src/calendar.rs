//! The calendar a date is written in: proleptic Gregorian (ISO 8601's own, the default), Julian
//! (what historical sources before the reform give), or `auto` (Julian before 1582-10-15,
//! Gregorian from then on, as astro.com reads dates).
//!
//! A Julian date is turned into the proleptic Gregorian date of the same day through its
//! Julian Day Number (the day count both calendars share); everything after that (zones, Local
//! Mean Time, the instant) works on the Gregorian date as before. The time of day is never
//! touched: both calendars start the day at midnight.

use jiff::civil::Date;

/// How a client's date is to be read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Calendar {
    /// Proleptic Gregorian at every date (ISO 8601).
    #[default]
    Gregorian,
    /// Julian at every date.
    Julian,
    /// Julian before 1582-10-15, Gregorian from 1582-10-15 on (the first Gregorian day, which
    /// followed 1582-10-04 Julian); the ten days between exist in neither reading.
    Auto,
}

impl Calendar {
    /// The name as the API spells it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Calendar::Gregorian => "gregorian",
            Calendar::Julian => "julian",
            Calendar::Auto => "auto",
        }
    }

    /// The calendar a date written as (`year`, `month`, `day`) is read in, or `None` for a
    /// day [`Calendar::Auto`] skips (1582-10-05 to 1582-10-14).
    #[must_use]
    pub fn reading(self, year: i16, month: i8, day: i8) -> Option<CalendarUsed> {
        match self {
            Calendar::Gregorian => Some(CalendarUsed::Gregorian),
            Calendar::Julian => Some(CalendarUsed::Julian),
            Calendar::Auto => {
                let date = (year, month, day);
                if date >= FIRST_GREGORIAN_DAY {
                    Some(CalendarUsed::Gregorian)
                } else if date > LAST_JULIAN_DAY {
                    None
                } else {
                    Some(CalendarUsed::Julian)
                }
            }
        }
    }
}

/// The calendar a date was actually read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CalendarUsed {
    /// Proleptic Gregorian.
    #[default]
    Gregorian,
    /// Julian.
    Julian,
}

impl CalendarUsed {
    /// The name as the API spells it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            CalendarUsed::Gregorian => "gregorian",
            CalendarUsed::Julian => "julian",
        }
    }
}

/// 1582-10-15, the first day of the Gregorian calendar.
pub const FIRST_GREGORIAN_DAY: (i16, i8, i8) = (1582, 10, 15);
/// 1582-10-04, the last day of the Julian calendar where the reform was first adopted.
pub const LAST_JULIAN_DAY: (i16, i8, i8) = (1582, 10, 4);

/// Whether `year` (astronomical numbering: 0 is 1 BC) is a Julian leap year: every fourth.
#[must_use]
pub fn is_julian_leap_year(year: i16) -> bool {
    year.rem_euclid(4) == 0
}

/// The number of days of `month` (1..=12) in the Julian calendar.
#[must_use]
pub fn julian_days_in_month(year: i16, month: i8) -> i8 {
    match month {
        2 if is_julian_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The Julian Day Number (the day count from 4713 BC January 1, Julian, noon to noon) of a
/// Julian calendar date; the standard integer algorithm (Richards, in the *Explanatory
/// Supplement to the Astronomical Almanac*, 3rd ed., 15.11), valid for every year here.
#[must_use]
pub fn julian_day_number(year: i16, month: i8, day: i8) -> i64 {
    let a = i64::from((14 - month) / 12);
    let y = i64::from(year) + 4800 - a;
    let m = i64::from(month) + 12 * a - 3;
    i64::from(day) + (153 * m + 2) / 5 + 365 * y + y.div_euclid(4) - 32083
}

/// The Julian Day Number of 1970-01-01 (Gregorian), jiff's day zero.
const UNIX_EPOCH_JDN: i64 = 2_440_588;

/// The proleptic Gregorian date of a valid Julian calendar date, or `None` outside the years
/// the crate can represent (-9999..=9999, Gregorian).
#[must_use]
pub fn julian_to_gregorian(year: i16, month: i8, day: i8) -> Option<Date> {
    let days = julian_day_number(year, month, day) - UNIX_EPOCH_JDN;
    Date::constant(1970, 1, 1)
        .checked_add(jiff::Span::new().try_days(days).ok()?)
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reform_days_meet() {
        assert_eq!(
            julian_to_gregorian(1582, 10, 4),
            Some(Date::constant(1582, 10, 14))
        );
        assert_eq!(
            julian_day_number(1582, 10, 4) + 1,
            julian_day_number(1582, 10, 5)
        );
        // J2000.0 is Gregorian 2000-01-01 = Julian 1999-12-19, JDN 2451545.
        assert_eq!(julian_day_number(1999, 12, 19), 2_451_545);
    }

    #[test]
    fn auto_reads_julian_before_the_reform_and_skips_ten_days() {
        assert_eq!(
            Calendar::Auto.reading(1582, 10, 4),
            Some(CalendarUsed::Julian)
        );
        assert_eq!(Calendar::Auto.reading(1582, 10, 5), None);
        assert_eq!(Calendar::Auto.reading(1582, 10, 14), None);
        assert_eq!(
            Calendar::Auto.reading(1582, 10, 15),
            Some(CalendarUsed::Gregorian)
        );
        assert_eq!(
            Calendar::Auto.reading(1492, 12, 31),
            Some(CalendarUsed::Julian)
        );
    }

    #[test]
    fn every_fourth_year_is_leap_even_in_centuries() {
        assert_eq!(julian_days_in_month(1500, 2), 29);
        assert_eq!(julian_days_in_month(-44, 2), 29);
        assert_eq!(julian_days_in_month(1501, 2), 28);
    }
}
