//! Typed errors that name the value and the rule it broke.

use core::fmt;

use jiff::civil::DateTime;

use crate::resolve::Candidate;

/// The input field an error is about, so that the API layer can prefix its own path
/// (`birth.datetime`, `birth.timezone`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The `datetime` string.
    Datetime,
    /// The IANA `timezone` name.
    Timezone,
    /// The longitude of the birth or event place, in degrees east.
    Longitude,
    /// The `calendar` the date is written in.
    Calendar,
}

impl Field {
    /// The field's snake_case name as the API spells it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Field::Datetime => "datetime",
            Field::Timezone => "timezone",
            Field::Longitude => "longitude",
            Field::Calendar => "calendar",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why turning a client's civil time into a UTC instant failed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum CivilError {
    /// The `datetime` string is not an ISO 8601 date-time this crate accepts.
    Datetime {
        /// The string as the client sent it.
        input: String,
        /// Which rule it broke.
        problem: DatetimeProblem,
    },

    /// A local `datetime` (no offset) came without a `timezone`.
    MissingTimezone {
        /// The local date-time string.
        datetime: String,
    },

    /// The `timezone` is not a name in the bundled IANA tz database (names are case-sensitive).
    UnknownTimezone {
        /// The name as sent.
        name: String,
        /// The correctly spelled name if the input matched one ignoring ASCII case.
        suggestion: Option<&'static str>,
        /// The bundled tz database version, e.g. `2026b`.
        version: &'static str,
    },

    /// The longitude is not a finite number of degrees in -180..=180.
    Longitude {
        /// The value as sent.
        value: f64,
    },

    /// The local time was skipped by a clock change (a DST gap, or any other jump forward).
    Gap {
        /// The local date-time that was asked for.
        local: DateTime,
        /// The IANA zone name.
        zone: &'static str,
        /// The earlier UTC candidate: the local time read with the offset after the jump.
        earlier: Candidate,
        /// The later UTC candidate: the local time read with the offset before the jump.
        later: Candidate,
    },

    /// The local time happened twice because the clocks were set back (a DST fold).
    Fold {
        /// The local date-time that was asked for.
        local: DateTime,
        /// The IANA zone name.
        zone: &'static str,
        /// The first occurrence.
        earlier: Candidate,
        /// The second occurrence.
        later: Candidate,
    },

    /// The tz database says the zone had no local time then (abbreviation `-00`, e.g. Antarctic
    /// stations before they were inhabited), and no birth-place longitude was given to fall back on
    /// its Local Mean Time.
    NoCivilTime {
        /// The local date-time that was asked for.
        local: DateTime,
        /// The IANA zone name.
        zone: &'static str,
    },

    /// A `calendar` other than Gregorian with a date-time that carries its own UTC offset: such
    /// a string is an RFC 3339 instant, proleptic Gregorian by definition (docs/CONVENTIONS.md,
    /// "Calendars").
    CalendarWithOffset {
        /// The calendar asked for.
        calendar: &'static str,
        /// The date-time as sent.
        datetime: String,
    },

    /// The instant is outside the range of representable timestamps (years -9999..=9999 UTC).
    OutOfRange {
        /// The local date-time.
        local: DateTime,
        /// The offset that pushed it out of range, as `±HH:MM[:SS]`.
        offset: String,
    },
}

fn did_you_mean(suggestion: &Option<&'static str>) -> String {
    match suggestion {
        Some(name) => format!("; names are case-sensitive: did you mean {name}?)"),
        None => ")".to_owned(),
    }
}

impl CivilError {
    /// Which input field the error is about.
    #[must_use]
    pub fn field(&self) -> Field {
        match self {
            CivilError::Datetime { .. }
            | CivilError::Gap { .. }
            | CivilError::Fold { .. }
            | CivilError::NoCivilTime { .. }
            | CivilError::OutOfRange { .. } => Field::Datetime,
            CivilError::MissingTimezone { .. } | CivilError::UnknownTimezone { .. } => {
                Field::Timezone
            }
            CivilError::Longitude { .. } => Field::Longitude,
            CivilError::CalendarWithOffset { .. } => Field::Calendar,
        }
    }

    /// The rule the value broke, without the field's name (see [`Rule`]).
    #[must_use]
    pub fn rule(&self) -> Rule<'_> {
        Rule(self)
    }
}

/// The rule a [`CivilError`] states, without the name of the field it is about: the whole
/// message reads `{field} {rule}`, so an API can put its own path for the field in front
/// (`birth.datetime must be …`) instead of rewriting the message.
#[derive(Clone, Copy, Debug)]
pub struct Rule<'a>(&'a CivilError);

impl fmt::Display for Rule<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            CivilError::Datetime { input, problem } => write!(
                f,
                "must be an ISO 8601 date-time like 2024-03-20T03:06:21Z or 2024-03-20T03:06:21 \
                 (got {input:?}): {problem}"
            ),
            CivilError::MissingTimezone { datetime } => write!(
                f,
                "is required because datetime {datetime:?} has no UTC offset: give an IANA time \
                 zone name like Europe/Berlin, or add an offset like Z or +01:00 to datetime"
            ),
            CivilError::UnknownTimezone {
                name,
                suggestion,
                version,
            } => write!(
                f,
                "must be an IANA time zone name like Europe/Berlin (got {name:?}, which is not in \
                 tz database {version}{}",
                did_you_mean(suggestion)
            ),
            CivilError::Longitude { value } => {
                write!(f, "must be between -180 and 180 degrees east (got {value})")
            }
            CivilError::Gap {
                local,
                zone,
                earlier,
                later,
            } => write!(
                f,
                "{local} does not exist in {zone}: the clocks jumped from {} to {} and skipped it; \
                 choose `earlier` for {earlier} or `later` for {later}",
                crate::iso_offset(later.offset()),
                crate::iso_offset(earlier.offset())
            ),
            CivilError::Fold {
                local,
                zone,
                earlier,
                later,
            } => write!(
                f,
                "{local} happened twice in {zone}: the clocks went back from {} to {}; choose \
                 `earlier` for {earlier} or `later` for {later}",
                crate::iso_offset(earlier.offset()),
                crate::iso_offset(later.offset())
            ),
            CivilError::NoCivilTime { local, zone } => write!(
                f,
                "{local} has no civil time in {zone}: the tz database marks that period as \
                 uninhabited (-00); give the place's longitude to use its Local Mean Time, or send \
                 the datetime with a UTC offset"
            ),
            CivilError::CalendarWithOffset { calendar, datetime } => write!(
                f,
                "{calendar} applies to a local datetime (read with timezone), not to {datetime:?}, \
                 which carries a UTC offset and is therefore a proleptic Gregorian instant: drop \
                 the offset and give the timezone, or drop calendar"
            ),
            CivilError::OutOfRange { local, offset } => write!(
                f,
                "{local} with offset {offset} is outside the years -9999..=9999 in UTC"
            ),
        }
    }
}

impl fmt::Display for CivilError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.field(), self.rule())
    }
}

impl std::error::Error for CivilError {}

/// The rule a malformed `datetime` string broke.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DatetimeProblem {
    /// Something else stood where a part of the grammar was expected.
    Expected {
        /// What the grammar wanted there.
        expected: &'static str,
        /// 1-based character position.
        position: usize,
        /// What was there, or `None` at the end of the string.
        found: Option<char>,
    },
    /// Only a date was given.
    DateOnly,
    /// Non-ASCII characters (full-width digits, typographic dashes, …).
    NotAscii,
    /// `-000000` as a year.
    NegativeZeroYear,
    /// A number outside its range.
    OutOfRange {
        /// The name of the part (`month`, `hour`, `offset minutes`, …).
        field: &'static str,
        /// The number given.
        value: i64,
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
    },
    /// The day does not exist in that month.
    NoSuchDay {
        /// Year.
        year: i16,
        /// Month 1..=12.
        month: i8,
        /// The day given.
        day: u32,
        /// The month's last day.
        last: i8,
        /// The calendar the month was read in.
        calendar: crate::calendar::CalendarUsed,
    },
    /// With the `auto` calendar, a day between 1582-10-04 (the last Julian day) and 1582-10-15
    /// (the first Gregorian day).
    ReformGap {
        /// The day of October 1582 given.
        day: i8,
    },
    /// `24:00`.
    Hour24,
    /// A leap second `:60`.
    LeapSecond,
    /// More than 9 fractional digits.
    FractionTooLong,
}

impl fmt::Display for DatetimeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatetimeProblem::Expected {
                expected,
                position,
                found: Some(found),
            } => write!(
                f,
                "expected {expected} at character {position}, found `{found}`"
            ),
            DatetimeProblem::Expected {
                expected,
                position,
                found: None,
            } => write!(
                f,
                "expected {expected} at character {position}, found the end of the string"
            ),
            DatetimeProblem::DateOnly => f.write_str(
                "a time of day is required, a date alone is not enough (send T12:00 if noon is \
                 meant, e.g. 2024-03-20T12:00)",
            ),
            DatetimeProblem::NotAscii => {
                f.write_str("only ASCII digits, `-`, `:`, `.`, `T`, `Z` and `+` are allowed")
            }
            DatetimeProblem::NegativeZeroYear => {
                f.write_str("the year -000000 is not allowed (write +000000 for year 0)")
            }
            DatetimeProblem::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} must be between {min:02} and {max:02} (got {value})"
            ),
            DatetimeProblem::NoSuchDay {
                year,
                month,
                day,
                last,
                calendar,
            } => write!(
                f,
                "day must be between 01 and {last} in {year:04}-{month:02} of the {} calendar \
                 (got {day:02}){}",
                match calendar {
                    crate::calendar::CalendarUsed::Gregorian => "proleptic Gregorian",
                    crate::calendar::CalendarUsed::Julian => "Julian",
                },
                if *calendar == crate::calendar::CalendarUsed::Gregorian
                    && *month == 2
                    && *day == 29
                {
                    "; a date of the Julian calendar needs calendar julian (or auto before 1582-10-15)"
                } else {
                    ""
                }
            ),
            DatetimeProblem::ReformGap { day } => write!(
                f,
                "1582-10-{day:02} does not exist with calendar auto: 1582-10-04 (the last Julian \
                 day) was followed by 1582-10-15 (the first Gregorian day); send calendar julian \
                 or gregorian to read the date in one of them"
            ),
            DatetimeProblem::Hour24 => {
                f.write_str("hour must be between 00 and 23 (for 24:00 send 00:00 of the next day)")
            }
            DatetimeProblem::LeapSecond => {
                f.write_str("second must be between 00 and 59 (leap seconds are not supported)")
            }
            DatetimeProblem::FractionTooLong => {
                f.write_str("fractional seconds must have at most 9 digits (nanoseconds)")
            }
        }
    }
}
