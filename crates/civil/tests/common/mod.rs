//! What the tz database says about a local time, from jiff, checked against the definition.

use orrery_civil::jiff::Timestamp;
use orrery_civil::jiff::civil::DateTime;
use orrery_civil::jiff::tz::{AmbiguousOffset, Offset, TimeZone};
use orrery_civil::{CivilError, Resolved};

/// How a local time reads in a zone (with the zone's own LMT).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Reading {
    Unique(Timestamp, Offset),
    Fold(Timestamp, Timestamp),
    Gap(Timestamp, Timestamp),
    /// Only `-00` readings: the tz database says nobody kept civil time there then.
    NoCivilTime,
}

/// jiff's classification, with each fold reading checked against the definition: the offset in
/// force at `local − offset` is `offset`, and that period is not `-00`. Two things need the check:
/// - jiff 0.2.43 reports a fold at a transition that changes neither the offset nor the
///   abbreviation (America/Nuuk 2023-10-29T01:00Z, -02 to -02, where only the DST rules change);
///   one of its two readings does not read back.
/// - A fold between `-00` and a zone's first civil time (America/Iqaluit 1942) has one real
///   reading.
pub(crate) fn by_definition(tz: &TimeZone, local: DateTime) -> Option<Reading> {
    let reads_back = |o: Offset| {
        let t = o.to_timestamp(local).ok()?;
        let info = tz.to_offset_info(t);
        (info.offset() == o && info.abbreviation() != "-00").then_some((t, o))
    };
    let ambiguous = tz.to_ambiguous_timestamp(local);
    Some(match ambiguous.offset() {
        AmbiguousOffset::Unambiguous { offset } => match reads_back(offset) {
            Some((t, o)) => Reading::Unique(t, o),
            None => Reading::NoCivilTime,
        },
        AmbiguousOffset::Fold { before, after } => match (reads_back(before), reads_back(after)) {
            (Some(_), Some(_)) => Reading::Fold(ambiguous.earlier().ok()?, ambiguous.later().ok()?),
            (Some((t, o)), None) | (None, Some((t, o))) => Reading::Unique(t, o),
            (None, None) => Reading::NoCivilTime,
        },
        AmbiguousOffset::Gap { .. } => {
            Reading::Gap(ambiguous.earlier().ok()?, ambiguous.later().ok()?)
        }
    })
}

/// Whether our result is that reading.
pub(crate) fn agrees(expected: &Reading, ours: &Result<Resolved, CivilError>) -> bool {
    match (expected, ours) {
        (Reading::Unique(t, o), Ok(r)) => r.utc() == *t && r.offset() == *o,
        (Reading::Fold(e, l), Err(CivilError::Fold { earlier, later, .. }))
        | (Reading::Gap(e, l), Err(CivilError::Gap { earlier, later, .. })) => {
            earlier.utc() == *e && later.utc() == *l
        }
        (Reading::NoCivilTime, Err(CivilError::NoCivilTime { .. })) => true,
        _ => false,
    }
}
