//! ISO 8601 date-time strings as clients send them, parsed into a civil
//! date-time and an optional UTC offset.
//!
//! The accepted grammar (extended format only, case-insensitive `T` and `Z`):
//!
//! ```text
//! datetime := date sep time [offset]
//! date     := YYYY "-" MM "-" DD  |  ("+" | "-") YYYYYY "-" MM "-" DD
//! sep      := "T" | " "
//! time     := hh ":" mm [":" ss [("." | ",") fraction]]    fraction: 1 to 9 digits
//! offset   := "Z" | ("+" | "-") hh [":"? mm [":"? ss]]      e.g. +05:30, -0800, +01, +00:19:32
//! ```
//!
//! Choices, each for a reason:
//! - A date alone (`2024-03-20`) is rejected: a chart needs a time, and picking noon or
//!   midnight for the client would be a silent guess. Send `T12:00` if that is what you mean.
//! - Seconds are optional (`2024-03-20T03:06` means `03:06:00`); fractional seconds keep up to
//!   nanoseconds.
//! - Years are four digits (0000..9999) or, as ISO 8601 and RFC 9557 allow, a sign and six digits
//!   (`-000500-03-20T12:00Z`) down to -9999 (astronomical numbering: 0000 is 1 BC). Dates are
//!   proleptic Gregorian, also before 1582, unless [`IsoDateTime::parse_in`] is given another
//!   [`Calendar`]: then the date is checked against that calendar's months (1500-02-29 exists
//!   in the Julian one) and turned into the Gregorian date of the same day.
//! - An offset may carry seconds (`+00:19:32`), because historical offsets had them and a client
//!   may send back the offset this crate reported. `-00:00` means UTC.
//! - Leap seconds (`:60`) and `24:00` are rejected: no ephemeris time scale here represents them.
//! - Leading and trailing white space is ignored.

use core::fmt;
use core::str::FromStr;

use jiff::civil::{Date, DateTime};
use jiff::tz::Offset;

use crate::calendar::{Calendar, CalendarUsed, julian_days_in_month, julian_to_gregorian};
use crate::error::{CivilError, DatetimeProblem};

/// A parsed `datetime`: the civil (wall-clock) date-time, and the UTC offset if the string had one.
///
/// # Examples
///
/// ```
/// use orrery_civil::IsoDateTime;
///
/// let parsed: IsoDateTime = "2024-03-20T03:06:21+05:30".parse()?;
/// assert_eq!(parsed.local().to_string(), "2024-03-20T03:06:21");
/// assert_eq!(parsed.offset().map(|o| o.seconds()), Some(19_800));
///
/// let local: IsoDateTime = "1900-06-01T12:00".parse()?;
/// assert!(local.offset().is_none());
/// # Ok::<(), orrery_civil::CivilError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IsoDateTime {
    local: DateTime,
    offset: Option<Offset>,
    calendar: CalendarUsed,
}

impl IsoDateTime {
    /// Parses an ISO 8601 date-time (see the [module documentation](self) for the grammar).
    ///
    /// # Errors
    ///
    /// [`CivilError::Datetime`] naming the input and the rule it broke.
    pub fn parse(input: &str) -> Result<Self, CivilError> {
        Self::parse_in(input, Calendar::Gregorian)
    }

    /// Parses an ISO 8601 date-time whose date is written in `calendar`.
    ///
    /// ```
    /// use orrery_civil::{Calendar, CalendarUsed, IsoDateTime};
    ///
    /// let parsed = IsoDateTime::parse_in("1500-02-29T12:00", Calendar::Julian)?;
    /// assert_eq!(parsed.local().to_string(), "1500-03-10T12:00:00");
    /// assert_eq!(parsed.calendar(), CalendarUsed::Julian);
    /// # Ok::<(), orrery_civil::CivilError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CivilError::Datetime`] naming the input and the rule it broke (a day the calendar
    /// does not have; with [`Calendar::Auto`], a day of the reform's gap).
    pub fn parse_in(input: &str, calendar: Calendar) -> Result<Self, CivilError> {
        parse(input.trim(), calendar).map_err(|problem| CivilError::Datetime {
            input: input.to_owned(),
            problem,
        })
    }

    /// The civil date-time, its date in the proleptic Gregorian calendar, without its offset.
    #[must_use]
    pub fn local(&self) -> DateTime {
        self.local
    }

    /// The calendar the date was written in.
    #[must_use]
    pub fn calendar(&self) -> CalendarUsed {
        self.calendar
    }

    /// The UTC offset written in the string (`Z` is zero), if any.
    #[must_use]
    pub fn offset(&self) -> Option<Offset> {
        self.offset
    }
}

impl FromStr for IsoDateTime {
    type Err = CivilError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl fmt::Display for IsoDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.local)?;
        match self.offset {
            Some(offset) => f.write_str(&crate::iso_offset(offset)),
            None => Ok(()),
        }
    }
}

/// A cursor over the ASCII bytes of the input.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Self {
        Self {
            bytes: s.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, byte: u8, what: &'static str) -> Result<(), DatetimeProblem> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.unexpected(what))
        }
    }

    /// Exactly `n` ASCII digits as a number. An error points at the first character of the field.
    fn digits(&mut self, n: usize, what: &'static str) -> Result<u32, DatetimeProblem> {
        let start = self.pos;
        let mut value = 0_u32;
        for _ in 0..n {
            match self.peek() {
                Some(b @ b'0'..=b'9') => {
                    value = value * 10 + u32::from(b - b'0');
                    self.pos += 1;
                }
                _ => {
                    self.pos = start;
                    return Err(self.unexpected(what));
                }
            }
        }
        Ok(value)
    }

    fn unexpected(&self, expected: &'static str) -> DatetimeProblem {
        DatetimeProblem::Expected {
            expected,
            position: self.pos + 1,
            found: self.bytes.get(self.pos).map(|&b| b as char),
        }
    }
}

fn parse(s: &str, calendar: Calendar) -> Result<IsoDateTime, DatetimeProblem> {
    if !s.is_ascii() {
        return Err(DatetimeProblem::NotAscii);
    }
    let mut c = Cursor::new(s);
    let (date, used) = parse_date(&mut c, calendar)?;
    if c.at_end() {
        return Err(DatetimeProblem::DateOnly);
    }
    if !(c.eat(b'T') || c.eat(b't') || c.eat(b' ')) {
        return Err(c.unexpected("`T` between the date and the time"));
    }
    let local = parse_time(&mut c, date)?;
    let offset = if c.at_end() {
        None
    } else {
        Some(parse_offset(&mut c)?)
    };
    if !c.at_end() {
        return Err(c.unexpected("the end of the date-time"));
    }
    Ok(IsoDateTime {
        local,
        offset,
        calendar: used,
    })
}

fn parse_date(
    c: &mut Cursor<'_>,
    calendar: Calendar,
) -> Result<(Date, CalendarUsed), DatetimeProblem> {
    let year: i32 = match c.peek() {
        Some(sign @ (b'+' | b'-')) => {
            c.pos += 1;
            let magnitude = c.digits(6, "a six-digit year after its sign, like -000500")?;
            if sign == b'-' && magnitude == 0 {
                return Err(DatetimeProblem::NegativeZeroYear);
            }
            let magnitude = i32::try_from(magnitude).unwrap_or(i32::MAX);
            if sign == b'-' { -magnitude } else { magnitude }
        }
        _ => {
            let year = c.digits(4, "a four-digit year")?;
            i32::try_from(year).unwrap_or(i32::MAX)
        }
    };
    let year = i16::try_from(year)
        .ok()
        .filter(|y| (-9999..=9999).contains(y))
        .ok_or(DatetimeProblem::OutOfRange {
            field: "year",
            value: i64::from(year),
            min: -9999,
            max: 9999,
        })?;
    c.expect(b'-', "`-` after the year")?;
    let month = ranged(c.digits(2, "a two-digit month")?, "month", 1, 12)?;
    c.expect(b'-', "`-` after the month")?;
    let day = c.digits(2, "a two-digit day")?;
    let out_of_range = || DatetimeProblem::OutOfRange {
        field: "year",
        value: i64::from(year),
        min: -9999,
        max: 9999,
    };
    let day_in = |last: i8, used: CalendarUsed| {
        ranged(day, "day", 1, i64::from(last)).map_err(|_| DatetimeProblem::NoSuchDay {
            year,
            month,
            day,
            last,
            calendar: used,
        })
    };
    let written = i8::try_from(day).unwrap_or(i8::MAX);
    let Some(used) = calendar.reading(year, month, written) else {
        return Err(DatetimeProblem::ReformGap { day: written });
    };
    match used {
        CalendarUsed::Gregorian => {
            let first = Date::new(year, month, 1).map_err(|_| out_of_range())?;
            let last = first.days_in_month();
            let day = day_in(last, used)?;
            Date::new(year, month, day)
                .map(|date| (date, used))
                .map_err(|_| DatetimeProblem::NoSuchDay {
                    year,
                    month,
                    day: u32::try_from(day).unwrap_or(0),
                    last,
                    calendar: used,
                })
        }
        CalendarUsed::Julian => {
            let day = day_in(julian_days_in_month(year, month), used)?;
            julian_to_gregorian(year, month, day)
                .map(|date| (date, used))
                .ok_or_else(out_of_range)
        }
    }
}

fn parse_time(c: &mut Cursor<'_>, date: Date) -> Result<DateTime, DatetimeProblem> {
    let hour = c.digits(2, "a two-digit hour")?;
    if hour == 24 {
        return Err(DatetimeProblem::Hour24);
    }
    let hour = ranged(hour, "hour", 0, 23)?;
    c.expect(b':', "`:` and two-digit minutes after the hour")?;
    let minute = ranged(c.digits(2, "two-digit minutes")?, "minute", 0, 59)?;
    let mut second = 0;
    let mut nanos = 0;
    if c.eat(b':') {
        let s = c.digits(2, "two-digit seconds")?;
        if s == 60 {
            return Err(DatetimeProblem::LeapSecond);
        }
        second = ranged(s, "second", 0, 59)?;
        if c.eat(b'.') || c.eat(b',') {
            nanos = parse_fraction(c)?;
        }
    }
    DateTime::new(
        date.year(),
        date.month(),
        date.day(),
        hour,
        minute,
        second,
        nanos,
    )
    .map_err(|_| DatetimeProblem::Expected {
        expected: "a valid time of day",
        position: c.pos,
        found: None,
    })
}

/// One to nine digits after the decimal sign, as nanoseconds.
fn parse_fraction(c: &mut Cursor<'_>) -> Result<i32, DatetimeProblem> {
    let mut nanos = 0_i32;
    let mut count = 0;
    while let Some(b @ b'0'..=b'9') = c.peek() {
        count += 1;
        if count > 9 {
            return Err(DatetimeProblem::FractionTooLong);
        }
        nanos = nanos * 10 + i32::from(b - b'0');
        c.pos += 1;
    }
    if count == 0 {
        return Err(c.unexpected("digits after the decimal sign of the seconds"));
    }
    for _ in count..9 {
        nanos *= 10;
    }
    Ok(nanos)
}

fn parse_offset(c: &mut Cursor<'_>) -> Result<Offset, DatetimeProblem> {
    if c.eat(b'Z') || c.eat(b'z') {
        return Ok(Offset::UTC);
    }
    let sign = match c.peek() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => {
            return Err(c.unexpected(
                "seconds, fractional seconds, or a UTC offset like Z, +05:30 or -0800",
            ));
        }
    };
    c.pos += 1;
    let hours = ranged(
        c.digits(2, "two-digit offset hours")?,
        "offset hours",
        0,
        23,
    )?;
    let mut minutes = 0;
    let mut seconds = 0;
    if !c.at_end() {
        let extended = c.eat(b':');
        minutes = ranged(
            c.digits(2, "two-digit offset minutes")?,
            "offset minutes",
            0,
            59,
        )?;
        if !c.at_end() {
            if extended {
                c.expect(b':', "`:` and two-digit offset seconds")?;
            }
            seconds = ranged(
                c.digits(2, "two-digit offset seconds")?,
                "offset seconds",
                0,
                59,
            )?;
        }
    }
    let total = sign * (i32::from(hours) * 3600 + i32::from(minutes) * 60 + i32::from(seconds));
    // Hours are at most 23, so the total is within jiff's ±25:59:59.
    Offset::from_seconds(total).map_err(|_| DatetimeProblem::OutOfRange {
        field: "offset hours",
        value: i64::from(hours),
        min: 0,
        max: 23,
    })
}

fn ranged(value: u32, field: &'static str, min: i64, max: i64) -> Result<i8, DatetimeProblem> {
    let wide = i64::from(value);
    if (min..=max).contains(&wide) {
        // min..=max always lies within i8 for the fields parsed here.
        i8::try_from(value).map_err(|_| DatetimeProblem::OutOfRange {
            field,
            value: wide,
            min,
            max,
        })
    } else {
        Err(DatetimeProblem::OutOfRange {
            field,
            value: wide,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> IsoDateTime {
        IsoDateTime::parse(s).unwrap_or_else(|e| panic!("{s:?} should parse: {e}"))
    }

    fn problem(s: &str) -> DatetimeProblem {
        match IsoDateTime::parse(s) {
            Err(CivilError::Datetime { problem, .. }) => problem,
            other => panic!("{s:?} should be a datetime error, got {other:?}"),
        }
    }

    #[test]
    fn utc_designator() {
        let p = ok("2024-03-20T03:06:21Z");
        assert_eq!(p.local().to_string(), "2024-03-20T03:06:21");
        assert_eq!(p.offset(), Some(Offset::UTC));
        assert_eq!(ok("2024-03-20t03:06:21z"), p);
    }

    #[test]
    fn offsets_extended_basic_and_hours_only() {
        let secs = |s: &str| ok(s).offset().map(Offset::seconds);
        assert_eq!(secs("2024-03-20T03:06:21+05:30"), Some(19_800));
        assert_eq!(secs("2024-03-20T03:06:21-0800"), Some(-28_800));
        assert_eq!(secs("2024-03-20T03:06:21-08"), Some(-28_800));
        assert_eq!(secs("1900-06-01T12:00:00+00:19:32"), Some(1172));
        assert_eq!(secs("1910-01-01T12:00-002521"), Some(-1521));
        assert_eq!(secs("2024-03-20T03:06:21-00:00"), Some(0));
    }

    #[test]
    fn local_without_seconds_and_with_fraction() {
        let p = ok("2024-03-20T03:06");
        assert_eq!(p.local().to_string(), "2024-03-20T03:06:00");
        assert_eq!(p.offset(), None);
        let p = ok("2024-03-20T03:06:21.5");
        assert_eq!(p.local().subsec_nanosecond(), 500_000_000);
        let p = ok("2024-03-20T03:06:21,123456789Z");
        assert_eq!(p.local().subsec_nanosecond(), 123_456_789);
        assert_eq!(
            ok("2024-03-20 03:06:21").local(),
            ok("2024-03-20T03:06:21").local()
        );
        assert_eq!(
            ok("  2024-03-20T03:06  ").local(),
            ok("2024-03-20T03:06").local()
        );
    }

    #[test]
    fn years_far_from_today_are_proleptic_gregorian() {
        assert_eq!(ok("1000-01-01T00:00").local().year(), 1000);
        assert_eq!(ok("3000-12-31T23:59:59").local().year(), 3000);
        // 1500 is not a leap year in the proleptic Gregorian calendar (it was in the Julian).
        assert!(matches!(
            problem("1500-02-29T12:00"),
            DatetimeProblem::NoSuchDay { .. }
        ));
        assert_eq!(ok("1600-02-29T12:00").local().day(), 29);
        assert_eq!(ok("-000500-03-20T12:00Z").local().year(), -500);
        assert_eq!(ok("+002024-03-20T12:00Z").local().year(), 2024);
        assert_eq!(
            problem("-000000-01-01T00:00"),
            DatetimeProblem::NegativeZeroYear
        );
    }

    #[test]
    fn malformed_strings_name_the_rule() {
        assert_eq!(problem("2024-03-20"), DatetimeProblem::DateOnly);
        assert_eq!(problem("2024-03-20T24:00"), DatetimeProblem::Hour24);
        assert_eq!(problem("2016-12-31T23:59:60Z"), DatetimeProblem::LeapSecond);
        assert_eq!(
            problem("2024-03-20T03:06:21.1234567891"),
            DatetimeProblem::FractionTooLong
        );
        assert!(matches!(
            problem("2024-13-01T00:00"),
            DatetimeProblem::OutOfRange {
                field: "month",
                value: 13,
                ..
            }
        ));
        assert!(matches!(
            problem("2023-02-29T00:00"),
            DatetimeProblem::NoSuchDay {
                day: 29,
                last: 28,
                ..
            }
        ));
        assert!(matches!(
            problem("2024-03-20T03:61"),
            DatetimeProblem::OutOfRange {
                field: "minute",
                ..
            }
        ));
        assert!(matches!(
            problem("20240320T030621Z"),
            DatetimeProblem::Expected { .. }
        ));
        assert!(matches!(
            problem("2024-03-20T03"),
            DatetimeProblem::Expected { .. }
        ));
        assert!(matches!(
            problem("2024-03-20T03:06:21+5:30"),
            DatetimeProblem::Expected { .. }
        ));
        assert!(matches!(
            problem("2024-03-20T03:06:21 Z"),
            DatetimeProblem::Expected { .. }
        ));
        assert!(matches!(
            problem("2024-03-20T03:06:21[Europe/Berlin]"),
            DatetimeProblem::Expected { .. }
        ));
        assert!(matches!(
            problem("2024-03-20T03:06:21+24:00"),
            DatetimeProblem::OutOfRange { .. }
        ));
        assert_eq!(problem("２０２４-03-20T03:06"), DatetimeProblem::NotAscii);
        assert!(matches!(
            problem(""),
            DatetimeProblem::Expected {
                position: 1,
                found: None,
                ..
            }
        ));
        assert!(matches!(
            problem("March 20, 2024"),
            DatetimeProblem::Expected { .. }
        ));
    }

    #[test]
    fn error_message_names_the_value_and_the_rule() {
        let err = IsoDateTime::parse("2024-13-01T00:00").unwrap_err();
        assert_eq!(
            err.to_string(),
            "datetime must be an ISO 8601 date-time like 2024-03-20T03:06:21Z or \
             2024-03-20T03:06:21 (got \"2024-13-01T00:00\"): month must be between 01 and 12 (got 13)"
        );
        let err = IsoDateTime::parse("2024-03-20T03:06:21+5:30").unwrap_err();
        assert_eq!(
            err.to_string(),
            "datetime must be an ISO 8601 date-time like 2024-03-20T03:06:21Z or \
             2024-03-20T03:06:21 (got \"2024-03-20T03:06:21+5:30\"): expected two-digit offset \
             hours at character 21, found `5`"
        );
    }

    #[test]
    fn display_round_trips() {
        for s in [
            "2024-03-20T03:06:21Z",
            "2024-03-20T03:06:21.25+05:30",
            "1900-06-01T12:00:00+00:19:32",
            "2024-03-20T03:06:00",
        ] {
            let p = ok(s);
            assert_eq!(ok(&p.to_string()), p, "{s}");
        }
        assert_eq!(
            ok("2024-03-20T03:06:21Z").to_string(),
            "2024-03-20T03:06:21+00:00"
        );
    }
}
