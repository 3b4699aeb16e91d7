//! From a civil time as a client sends it to a UTC instant, saying where the offset came from.
//!
//! Rules, in order:
//! 1. A `datetime` with an offset (`Z`, `+05:30`) is taken as given. If a `timezone` is given too,
//!    the offset still wins: it is what the client's record says, and historical records often
//!    carry offsets the tz database does not know. When the zone disagrees at that instant the
//!    result carries a [`Note::OffsetDiffersFromZone`] rather than an error.
//! 2. A local `datetime` needs a `timezone`; it is resolved with the zone's full history.
//! 3. Where the zone's history is still in Local Mean Time (the tz database's `LMT`), the birth
//!    place's LMT is used by default (see [`LmtPolicy`]).
//! 4. A local time skipped by a clock change (gap) or repeated by one (fold) is an error naming
//!    both candidate instants, unless a [`FoldChoice`] picks one.
//!
//! Gaps and folds are found with the same rule for every period, LMT included: an instant `t` is
//! a reading of the local time `L` with offset `o` when `t = L − o` and the offset in force at `t`
//! is `o`. One such instant is the answer; two are a fold; none is a gap, whose candidates are the
//! local time read with the offsets on either side of the jump. So a birth-place LMT that differs
//! from the zone's reference city moves the jump to standard time to where that place's clocks
//! made it.

use core::fmt;

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::{AmbiguousOffset, Offset};

use crate::calendar::{Calendar, CalendarUsed};
use crate::error::CivilError;
use crate::lmt::{GeoLongitude, LmtKind, LmtPolicy};
use crate::parse::IsoDateTime;
use crate::zone::Zone;

/// Which instant to take when a local time is skipped (gap) or repeated (fold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FoldChoice {
    /// The earlier of the two candidate UTC instants.
    Earlier,
    /// The later of the two candidate UTC instants.
    Later,
}

impl FoldChoice {
    /// The snake_case name used by the API (`earlier`, `later`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            FoldChoice::Earlier => "earlier",
            FoldChoice::Later => "later",
        }
    }
}

/// Where the UTC offset of a result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OffsetSource {
    /// The `datetime` string carried it.
    OffsetInInput,
    /// The tz database's history of the zone (standard or daylight time, or a legal mean time
    /// such as Amsterdam's AMT).
    TzDatabase,
    /// Local Mean Time, before the zone's first standard-time rule; [`LmtKind`] says whose.
    LocalMeanTime,
}

impl OffsetSource {
    /// The snake_case name used by the API (`offset_in_input`, `tz_database`, `local_mean_time`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            OffsetSource::OffsetInInput => "offset_in_input",
            OffsetSource::TzDatabase => "tz_database",
            OffsetSource::LocalMeanTime => "local_mean_time",
        }
    }
}

impl fmt::Display for OffsetSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a local time was skipped or repeated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ambiguity {
    /// Skipped: the clocks jumped forward over it.
    Gap,
    /// Repeated: the clocks were set back over it.
    Fold,
}

/// One possible reading of an ambiguous or skipped local time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    utc: Timestamp,
    offset: Offset,
    source: OffsetSource,
}

impl Candidate {
    /// The UTC instant of this reading.
    #[must_use]
    pub fn utc(&self) -> Timestamp {
        self.utc
    }

    /// The offset the local time is read with.
    #[must_use]
    pub fn offset(&self) -> Offset {
        self.offset
    }

    /// Where that offset comes from.
    #[must_use]
    pub fn source(&self) -> OffsetSource {
        self.source
    }
}

impl fmt::Display for Candidate {
    /// `2021-03-14T06:30:00Z (offset -04:00)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (offset {})",
            self.utc,
            crate::iso_offset(self.offset)
        )
    }
}

/// Something a client should know about how its time was resolved; not an error.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Note {
    /// The offset in `datetime` was used, but the `timezone` had another offset at that instant.
    OffsetDiffersFromZone {
        /// The zone.
        zone: &'static str,
        /// The zone's offset at that instant.
        zone_offset: Offset,
        /// The zone's abbreviation at that instant (`CEST`, `LMT`, …).
        abbreviation: String,
    },
    /// The birth place's LMT was asked for, but no longitude was given: the zone's LMT was used.
    ZoneLmtWithoutLongitude {
        /// The zone.
        zone: &'static str,
    },
    /// The local time was skipped or repeated, and the requested choice picked one reading.
    Disambiguated {
        /// Skipped or repeated.
        ambiguity: Ambiguity,
        /// What was chosen.
        choice: FoldChoice,
        /// The reading that was not chosen.
        other: Candidate,
    },
}

impl Note {
    /// A stable snake_case code for the kind of note (`offset_differs_from_zone`,
    /// `zone_lmt_without_longitude`, `disambiguated`).
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            Note::OffsetDiffersFromZone { .. } => "offset_differs_from_zone",
            Note::ZoneLmtWithoutLongitude { .. } => "zone_lmt_without_longitude",
            Note::Disambiguated { .. } => "disambiguated",
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::OffsetDiffersFromZone {
                zone,
                zone_offset,
                abbreviation,
            } => write!(
                f,
                "the offset in datetime was used; {zone} had {} ({abbreviation}) at that instant",
                crate::iso_offset(*zone_offset)
            ),
            Note::ZoneLmtWithoutLongitude { zone } => write!(
                f,
                "before standard time: no longitude was given, so the Local Mean Time of \
                 {zone}'s reference city was used instead of the birth place's"
            ),
            Note::Disambiguated {
                ambiguity,
                choice,
                other,
            } => {
                let what = match ambiguity {
                    Ambiguity::Gap => "was skipped by a clock change",
                    Ambiguity::Fold => "happened twice",
                };
                write!(
                    f,
                    "the local time {what}; `{}` was chosen, the other reading is {other}",
                    choice.as_str()
                )
            }
        }
    }
}

/// A civil time resolved to a UTC instant, with the offset used and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    utc: Timestamp,
    local: DateTime,
    offset: Offset,
    source: OffsetSource,
    lmt: Option<LmtKind>,
    zone: Option<&'static str>,
    abbreviation: Option<String>,
    notes: Vec<Note>,
    calendar: CalendarUsed,
}

impl Resolved {
    /// The calendar the date was written in (the date of [`Resolved::local`] is always
    /// proleptic Gregorian).
    #[must_use]
    pub fn calendar(&self) -> CalendarUsed {
        self.calendar
    }

    /// The UTC instant, to the nanosecond.
    #[must_use]
    pub fn utc(&self) -> Timestamp {
        self.utc
    }

    /// The local date-time as the client gave it (in a gap resolved by a [`FoldChoice`], a
    /// reading no clock showed: `local − offset = utc` still holds).
    #[must_use]
    pub fn local(&self) -> DateTime {
        self.local
    }

    /// The offset used: `local − offset = utc`.
    #[must_use]
    pub fn offset(&self) -> Offset {
        self.offset
    }

    /// The offset used, in seconds east of UTC.
    #[must_use]
    pub fn offset_seconds(&self) -> i32 {
        self.offset.seconds()
    }

    /// The offset used as `±HH:MM`, or `±HH:MM:SS` when it has seconds.
    #[must_use]
    pub fn offset_string(&self) -> String {
        crate::iso_offset(self.offset)
    }

    /// Where the offset came from.
    #[must_use]
    pub fn source(&self) -> OffsetSource {
        self.source
    }

    /// Which Local Mean Time was used, when the source is [`OffsetSource::LocalMeanTime`].
    #[must_use]
    pub fn lmt(&self) -> Option<LmtKind> {
        self.lmt
    }

    /// The IANA zone given, if any.
    #[must_use]
    pub fn zone(&self) -> Option<&'static str> {
        self.zone
    }

    /// The tz database's abbreviation for the offset used (`CET`, `EDT`, `AMT`, `LMT`, `+0430`),
    /// when a zone was given and its offset was the one used.
    #[must_use]
    pub fn abbreviation(&self) -> Option<&str> {
        self.abbreviation.as_deref()
    }

    /// Things the client should know (see [`Note`]).
    #[must_use]
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
}

/// A civil time as a client sends it.
///
/// # Examples
///
/// ```
/// use orrery_civil::{CivilInput, LmtKind, OffsetSource};
///
/// // Munich, 1880: before standard time, so the birth place's Local Mean Time (+00:46:18).
/// let r = CivilInput::new("1880-06-01T12:00")
///     .with_timezone("Europe/Berlin")
///     .with_longitude_deg(11.5755)
///     .resolve()?;
/// assert_eq!(r.utc().to_string(), "1880-06-01T11:13:42Z");
/// assert_eq!(r.source(), OffsetSource::LocalMeanTime);
/// assert_eq!(r.lmt(), Some(LmtKind::BirthPlace { longitude_deg: 11.5755 }));
///
/// let r = CivilInput::new("2024-03-20T03:06:21Z").resolve()?;
/// assert_eq!(r.source(), OffsetSource::OffsetInInput);
/// # Ok::<(), orrery_civil::CivilError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CivilInput<'a> {
    /// ISO 8601 date-time, with or without an offset (see [`IsoDateTime`]).
    pub datetime: &'a str,
    /// IANA zone name, exact and case-sensitive; required when `datetime` has no offset.
    pub timezone: Option<&'a str>,
    /// Longitude of the place in degrees east, for its Local Mean Time.
    pub longitude_deg: Option<f64>,
    /// Which LMT to use before standard time.
    pub lmt_policy: LmtPolicy,
    /// How to read a skipped or repeated local time; `None` makes those an error.
    pub fold_choice: Option<FoldChoice>,
    /// The calendar `datetime`'s date is written in; other than Gregorian for a local
    /// `datetime` only.
    pub calendar: Calendar,
}

impl<'a> CivilInput<'a> {
    /// A `datetime` with no zone, no longitude, the default LMT policy and no fold choice.
    #[must_use]
    pub fn new(datetime: &'a str) -> Self {
        Self {
            datetime,
            timezone: None,
            longitude_deg: None,
            lmt_policy: LmtPolicy::default(),
            fold_choice: None,
            calendar: Calendar::Gregorian,
        }
    }

    /// Sets the calendar the date is written in.
    #[must_use]
    pub fn with_calendar(self, calendar: Calendar) -> Self {
        Self { calendar, ..self }
    }

    /// Sets the IANA zone name.
    #[must_use]
    pub fn with_timezone(self, timezone: &'a str) -> Self {
        Self {
            timezone: Some(timezone),
            ..self
        }
    }

    /// Sets the place's longitude, degrees east.
    #[must_use]
    pub fn with_longitude_deg(self, longitude_deg: f64) -> Self {
        Self {
            longitude_deg: Some(longitude_deg),
            ..self
        }
    }

    /// Sets the LMT policy.
    #[must_use]
    pub fn with_lmt_policy(self, lmt_policy: LmtPolicy) -> Self {
        Self { lmt_policy, ..self }
    }

    /// Sets how to read a skipped or repeated local time.
    #[must_use]
    pub fn with_fold_choice(self, fold_choice: FoldChoice) -> Self {
        Self {
            fold_choice: Some(fold_choice),
            ..self
        }
    }

    /// Parses every field, then resolves (see the [module documentation](self) for the rules).
    ///
    /// # Errors
    ///
    /// The first field that is wrong, in the order `datetime`, `timezone`, `longitude`; then
    /// [`CivilError::MissingTimezone`], [`CivilError::Gap`], [`CivilError::Fold`],
    /// [`CivilError::NoCivilTime`] or [`CivilError::OutOfRange`]. [`CivilError::field`] names the
    /// field each is about.
    pub fn resolve(&self) -> Result<Resolved, CivilError> {
        let parsed = IsoDateTime::parse_in(self.datetime, self.calendar)?;
        if parsed.offset().is_some() && self.calendar != Calendar::Gregorian {
            return Err(CivilError::CalendarWithOffset {
                calendar: self.calendar.as_str(),
                datetime: self.datetime.to_owned(),
            });
        }
        let zone = self.timezone.map(Zone::get).transpose()?;
        let longitude = self.longitude_deg.map(GeoLongitude::new).transpose()?;
        let rules = LmtRules {
            policy: self.lmt_policy,
            longitude,
        };
        let mut resolved = match (parsed.offset(), zone) {
            (Some(offset), zone) => {
                resolve_with_offset(parsed.local(), offset, zone.as_ref(), rules)
            }
            (None, Some(zone)) => zone.resolve_local(parsed.local(), rules, self.fold_choice),
            (None, None) => Err(CivilError::MissingTimezone {
                datetime: self.datetime.to_owned(),
            }),
        }?;
        resolved.calendar = parsed.calendar();
        Ok(resolved)
    }
}

/// How Local Mean Time is chosen: the policy, and the place's longitude if known.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LmtRules {
    /// Birth place or zone reference.
    pub policy: LmtPolicy,
    /// The place's longitude, needed for [`LmtPolicy::BirthPlace`].
    pub longitude: Option<GeoLongitude>,
}

impl LmtRules {
    /// The birth place's mean-time offset, when it is to replace the zone's LMT.
    fn birth_place(self) -> Option<(Offset, GeoLongitude)> {
        match (self.policy, self.longitude) {
            (LmtPolicy::BirthPlace, Some(lon)) => Some((lon.mean_time_offset(), lon)),
            _ => None,
        }
    }
}

/// The kind of clock in force at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PeriodKind {
    /// Standard or daylight time from the tz database (including legal mean times like AMT).
    Standard,
    /// The tz database's LMT of the zone's reference city.
    ZoneLmt,
    /// The birth place's LMT, standing in for the tz database's LMT (or its `-00`).
    BirthLmt,
    /// The tz database's `-00`: no civil time, and no longitude to fall back on.
    NoCivilTime,
}

/// The offset in force at an instant, under the LMT rules.
#[derive(Clone, Copy, Debug)]
struct Period {
    offset: Offset,
    kind: PeriodKind,
}

/// A zone together with the LMT rules: the clock that was on the wall.
struct Clock<'z> {
    zone: &'z Zone,
    birth: Option<(Offset, GeoLongitude)>,
}

impl Clock<'_> {
    fn period_at(&self, t: Timestamp) -> Period {
        let info = self.zone.time_zone().to_offset_info(t);
        let kind = match info.abbreviation() {
            "LMT" => PeriodKind::ZoneLmt,
            "-00" => PeriodKind::NoCivilTime,
            _ => PeriodKind::Standard,
        };
        match (kind, self.birth) {
            (PeriodKind::ZoneLmt | PeriodKind::NoCivilTime, Some((offset, _))) => Period {
                offset,
                kind: PeriodKind::BirthLmt,
            },
            _ => Period {
                offset: info.offset(),
                kind,
            },
        }
    }

    /// The abbreviation to report for a period observed at `t`.
    fn abbreviation(&self, t: Timestamp, kind: PeriodKind) -> String {
        match kind {
            PeriodKind::BirthLmt => "LMT".to_owned(),
            _ => self
                .zone
                .time_zone()
                .to_offset_info(t)
                .abbreviation()
                .to_owned(),
        }
    }

    fn source(&self, kind: PeriodKind) -> (OffsetSource, Option<LmtKind>) {
        match (kind, self.birth) {
            (PeriodKind::BirthLmt, Some((_, lon))) => (
                OffsetSource::LocalMeanTime,
                Some(LmtKind::BirthPlace {
                    longitude_deg: lon.deg(),
                }),
            ),
            (PeriodKind::ZoneLmt, _) => (OffsetSource::LocalMeanTime, Some(LmtKind::ZoneReference)),
            _ => (OffsetSource::TzDatabase, None),
        }
    }
}

/// A reading of the local time: the instant, its offset, and the instant whose period has that
/// offset (the same instant unless the reading falls in a gap).
#[derive(Clone, Copy, Debug)]
struct Reading {
    utc: Timestamp,
    offset: Offset,
    period_instant: Timestamp,
    kind: PeriodKind,
}

/// At most this many distinct offsets are followed around one local time; real zones need 2 or 3.
const MAX_OFFSETS: usize = 8;

fn instant(local: DateTime, offset: Offset) -> Result<Timestamp, CivilError> {
    offset
        .to_timestamp(local)
        .map_err(|_| CivilError::OutOfRange {
            local,
            offset: crate::iso_offset(offset),
        })
}

impl Zone {
    /// Resolves a local date-time (no offset) with this zone's full history.
    ///
    /// # Errors
    ///
    /// [`CivilError::Gap`] or [`CivilError::Fold`] when `fold` is `None` and the local time was
    /// skipped or repeated; [`CivilError::NoCivilTime`] in a `-00` period without a birth-place
    /// longitude; [`CivilError::OutOfRange`] beyond the years ±9999.
    ///
    /// # Examples
    ///
    /// ```
    /// use jiff::civil::date;
    /// use orrery_civil::{CivilError, FoldChoice, LmtRules, Zone};
    ///
    /// let ny = Zone::get("America/New_York")?;
    /// let gap = ny.resolve_local(date(2021, 3, 14).at(2, 30, 0, 0), LmtRules::default(), None);
    /// assert!(matches!(gap, Err(CivilError::Gap { .. })));
    /// let later = ny.resolve_local(
    ///     date(2021, 3, 14).at(2, 30, 0, 0),
    ///     LmtRules::default(),
    ///     Some(FoldChoice::Later),
    /// )?;
    /// assert_eq!(later.utc().to_string(), "2021-03-14T07:30:00Z");
    /// # Ok::<(), CivilError>(())
    /// ```
    pub fn resolve_local(
        &self,
        local: DateTime,
        rules: LmtRules,
        fold: Option<FoldChoice>,
    ) -> Result<Resolved, CivilError> {
        let clock = Clock {
            zone: self,
            birth: rules.birth_place(),
        };

        // The offsets worth trying: the tz database's own, the birth place's LMT, and whatever
        // offset is in force at the instants they give.
        let mut offsets: Vec<Offset> = Vec::with_capacity(4);
        match self.time_zone().to_ambiguous_timestamp(local).offset() {
            AmbiguousOffset::Unambiguous { offset } => offsets.push(offset),
            AmbiguousOffset::Gap { before, after } | AmbiguousOffset::Fold { before, after } => {
                offsets.extend([before, after]);
            }
        }
        if let Some((offset, _)) = clock.birth {
            offsets.push(offset);
        }
        let mut i = 0;
        while i < offsets.len() && offsets.len() < MAX_OFFSETS {
            let next = clock.period_at(instant(local, offsets[i])?).offset;
            if !offsets.contains(&next) {
                offsets.push(next);
            }
            i += 1;
        }

        let mut valid: Vec<Reading> = Vec::with_capacity(2);
        for &offset in &offsets {
            let utc = instant(local, offset)?;
            let period = clock.period_at(utc);
            if period.offset == offset && !valid.iter().any(|r| r.utc == utc) {
                valid.push(Reading {
                    utc,
                    offset,
                    period_instant: utc,
                    kind: period.kind,
                });
            }
        }
        valid.sort_by_key(|r| r.utc);
        // A reading in a `-00` period is no reading: nobody's clock showed it. If the other
        // side of the transition gives one, that is the answer; if none is left, say so.
        if valid.iter().any(|r| r.kind != PeriodKind::NoCivilTime) {
            valid.retain(|r| r.kind != PeriodKind::NoCivilTime);
        } else if !valid.is_empty() {
            return Err(CivilError::NoCivilTime {
                local,
                zone: self.name(),
            });
        }

        let (reading, note) = match valid.as_slice() {
            [only] => (*only, None),
            [earlier, .., later] => choose(&clock, local, Ambiguity::Fold, *earlier, *later, fold)?,
            [] => {
                let (earlier, later) = gap_readings(&clock, local, &offsets)?;
                choose(&clock, local, Ambiguity::Gap, earlier, later, fold)?
            }
        };
        if reading.kind == PeriodKind::NoCivilTime {
            return Err(CivilError::NoCivilTime {
                local,
                zone: self.name(),
            });
        }
        let (source, lmt) = clock.source(reading.kind);
        let mut notes: Vec<Note> = note.into_iter().collect();
        if reading.kind == PeriodKind::ZoneLmt
            && rules.policy == LmtPolicy::BirthPlace
            && rules.longitude.is_none()
        {
            notes.push(Note::ZoneLmtWithoutLongitude { zone: self.name() });
        }
        Ok(Resolved {
            calendar: CalendarUsed::Gregorian,
            utc: reading.utc,
            local,
            offset: reading.offset,
            source,
            lmt,
            zone: Some(self.name()),
            abbreviation: Some(clock.abbreviation(reading.period_instant, reading.kind)),
            notes,
        })
    }
}

impl Zone {
    /// The clock of this zone at an instant, with the same rules as [`Zone::resolve_local`]
    /// (the birth place's Local Mean Time before standard time, by default): what a clock at the
    /// place showed at `utc`. Never ambiguous; `local` is `utc` plus the offset.
    ///
    /// ```
    /// use orrery_civil::{GeoLongitude, LmtPolicy, LmtRules, OffsetSource, Zone};
    ///
    /// let rules = LmtRules { policy: LmtPolicy::BirthPlace, longitude: Some(GeoLongitude::new(15.44)?) };
    /// let graz = Zone::get("Europe/Vienna")?.resolve_instant("1890-01-01T12:00Z".parse()?, rules)?;
    /// assert_eq!(graz.offset_string(), "+01:01:46");
    /// assert_eq!(graz.source(), OffsetSource::LocalMeanTime);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`CivilError::NoCivilTime`] in a `-00` period with no birth-place LMT to stand in.
    pub fn resolve_instant(&self, utc: Timestamp, rules: LmtRules) -> Result<Resolved, CivilError> {
        let clock = Clock {
            zone: self,
            birth: rules.birth_place(),
        };
        let period = clock.period_at(utc);
        let local = period.offset.to_datetime(utc);
        if period.kind == PeriodKind::NoCivilTime {
            return Err(CivilError::NoCivilTime {
                local,
                zone: self.name(),
            });
        }
        let (source, lmt) = clock.source(period.kind);
        let mut notes = Vec::new();
        if period.kind == PeriodKind::ZoneLmt
            && rules.policy == LmtPolicy::BirthPlace
            && rules.longitude.is_none()
        {
            notes.push(Note::ZoneLmtWithoutLongitude { zone: self.name() });
        }
        Ok(Resolved {
            calendar: CalendarUsed::Gregorian,
            utc,
            local,
            offset: period.offset,
            source,
            lmt,
            zone: Some(self.name()),
            abbreviation: Some(clock.abbreviation(utc, period.kind)),
            notes,
        })
    }
}

/// In a gap no offset reads back to itself; the two candidates are the offsets on either side of
/// the jump, each of which the other's instant falls under.
fn gap_readings(
    clock: &Clock<'_>,
    local: DateTime,
    offsets: &[Offset],
) -> Result<(Reading, Reading), CivilError> {
    for &a in offsets {
        let t_a = instant(local, a)?;
        let b = clock.period_at(t_a);
        let t_b = instant(local, b.offset)?;
        let back = clock.period_at(t_b);
        if b.offset != a && back.offset == a {
            let reading_a = Reading {
                utc: t_a,
                offset: a,
                period_instant: t_b,
                kind: back.kind,
            };
            let reading_b = Reading {
                utc: t_b,
                offset: b.offset,
                period_instant: t_a,
                kind: b.kind,
            };
            return Ok(if t_a < t_b {
                (reading_a, reading_b)
            } else {
                (reading_b, reading_a)
            });
        }
    }
    // Two clock changes within hours of each other could in principle leave no clean pair; no
    // zone in the tz database does that, and guessing would be worse than saying so.
    Err(CivilError::NoCivilTime {
        local,
        zone: clock.zone.name(),
    })
}

fn candidate(clock: &Clock<'_>, reading: Reading) -> Candidate {
    Candidate {
        utc: reading.utc,
        offset: reading.offset,
        source: clock.source(reading.kind).0,
    }
}

fn choose(
    clock: &Clock<'_>,
    local: DateTime,
    ambiguity: Ambiguity,
    earlier: Reading,
    later: Reading,
    fold: Option<FoldChoice>,
) -> Result<(Reading, Option<Note>), CivilError> {
    let (chosen, other) = match fold {
        Some(FoldChoice::Earlier) => (earlier, later),
        Some(FoldChoice::Later) => (later, earlier),
        None => {
            let zone = clock.zone.name();
            let earlier = candidate(clock, earlier);
            let later = candidate(clock, later);
            return Err(match ambiguity {
                Ambiguity::Gap => CivilError::Gap {
                    local,
                    zone,
                    earlier,
                    later,
                },
                Ambiguity::Fold => CivilError::Fold {
                    local,
                    zone,
                    earlier,
                    later,
                },
            });
        }
    };
    let note = fold.map(|choice| Note::Disambiguated {
        ambiguity,
        choice,
        other: candidate(clock, other),
    });
    Ok((chosen, note))
}

/// Resolves a date-time that carried its own offset. The offset wins over `zone`; see the
/// [module documentation](self).
///
/// # Errors
///
/// [`CivilError::OutOfRange`] beyond the years ±9999.
pub fn resolve_with_offset(
    local: DateTime,
    offset: Offset,
    zone: Option<&Zone>,
    rules: LmtRules,
) -> Result<Resolved, CivilError> {
    let utc = instant(local, offset)?;
    let mut notes = Vec::new();
    let mut abbreviation = None;
    if let Some(zone) = zone {
        let clock = Clock {
            zone,
            birth: rules.birth_place(),
        };
        let period = clock.period_at(utc);
        let zone_abbreviation = clock.abbreviation(utc, period.kind);
        if period.offset == offset {
            abbreviation = Some(zone_abbreviation);
        } else {
            notes.push(Note::OffsetDiffersFromZone {
                zone: zone.name(),
                zone_offset: period.offset,
                abbreviation: zone_abbreviation,
            });
        }
    }
    Ok(Resolved {
        calendar: CalendarUsed::Gregorian,
        utc,
        local,
        offset,
        source: OffsetSource::OffsetInInput,
        lmt: None,
        zone: zone.map(Zone::name),
        abbreviation,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use jiff::civil::date;

    use super::*;

    fn berlin() -> Zone {
        Zone::get("Europe/Berlin").expect("bundled")
    }

    fn ts(s: &str) -> Timestamp {
        s.parse().expect("timestamp literal")
    }

    fn munich() -> Option<(Offset, GeoLongitude)> {
        let lon = GeoLongitude::new(11.5755).expect("in range");
        Some((lon.mean_time_offset(), lon))
    }

    #[test]
    fn period_at_replaces_only_lmt() {
        let zone = berlin();
        let plain = Clock {
            zone: &zone,
            birth: None,
        };
        let birth = Clock {
            zone: &zone,
            birth: munich(),
        };
        let lmt = ts("1880-06-01T12:00:00Z");
        let p = plain.period_at(lmt);
        assert_eq!((p.offset.seconds(), p.kind), (3208, PeriodKind::ZoneLmt));
        let p = birth.period_at(lmt);
        assert_eq!((p.offset.seconds(), p.kind), (2778, PeriodKind::BirthLmt));
        let cet = ts("1900-01-01T12:00:00Z");
        let p = birth.period_at(cet);
        assert_eq!((p.offset.seconds(), p.kind), (3600, PeriodKind::Standard));
        assert_eq!(birth.abbreviation(lmt, PeriodKind::BirthLmt), "LMT");
        assert_eq!(birth.abbreviation(cet, PeriodKind::Standard), "CET");
    }

    #[test]
    fn gap_readings_pair_the_offsets_on_either_side() {
        // Aachen, 6.0839° E: LMT +00:24:20 = 1460 s, jumping to CET +01:00 on 1893-04-01.
        let zone = berlin();
        let lon = GeoLongitude::new(6.0839).expect("in range");
        let clock = Clock {
            zone: &zone,
            birth: Some((lon.mean_time_offset(), lon)),
        };
        let local = date(1893, 3, 31).at(23, 45, 0, 0);
        // The offsets resolve_local collects: Berlin's LMT, Aachen's, and CET.
        let offsets = [3208, 1460, 3600].map(|s| Offset::from_seconds(s).expect("offset"));
        let (earlier, later) = gap_readings(&clock, local, &offsets).expect("a gap");
        assert_eq!(earlier.utc, ts("1893-03-31T22:45:00Z"));
        assert_eq!(
            (earlier.offset.seconds(), earlier.kind),
            (3600, PeriodKind::Standard)
        );
        assert_eq!(later.utc, ts("1893-03-31T23:20:40Z"));
        assert_eq!(
            (later.offset.seconds(), later.kind),
            (1460, PeriodKind::BirthLmt)
        );
    }

    #[test]
    fn offset_without_zone_is_taken_as_is() {
        let local = date(2024, 3, 20).at(8, 36, 21, 0);
        let offset = Offset::from_seconds(19_800).expect("offset");
        let r = resolve_with_offset(local, offset, None, LmtRules::default()).expect("resolves");
        assert_eq!(r.utc(), ts("2024-03-20T03:06:21Z"));
        assert_eq!((r.zone(), r.abbreviation(), r.lmt()), (None, None, None));
        assert!(r.notes().is_empty());
        assert_eq!(r.offset_string(), "+05:30");
    }

    #[test]
    fn out_of_range_instants_are_errors() {
        let zone = Zone::get("Pacific/Kiritimati").expect("bundled"); // +14:00 today
        let local = date(-9999, 1, 1).at(0, 0, 0, 0);
        let err = zone
            .resolve_local(local, LmtRules::default(), None)
            .unwrap_err();
        assert!(matches!(err, CivilError::OutOfRange { .. }), "{err}");
    }

    #[test]
    fn api_names_are_snake_case() {
        assert_eq!(OffsetSource::OffsetInInput.as_str(), "offset_in_input");
        assert_eq!(OffsetSource::TzDatabase.to_string(), "tz_database");
        assert_eq!(OffsetSource::LocalMeanTime.as_str(), "local_mean_time");
        assert_eq!(FoldChoice::Earlier.as_str(), "earlier");
        assert_eq!(FoldChoice::Later.as_str(), "later");
        assert_eq!(LmtPolicy::BirthPlace.as_str(), "birth_place");
        assert_eq!(LmtKind::ZoneReference.as_str(), "zone_reference");
        let note = Note::ZoneLmtWithoutLongitude {
            zone: "Europe/Berlin",
        };
        assert_eq!(note.code(), "zone_lmt_without_longitude");
    }
}
