//! Zodiacal releasing (Vettius Valens, *Anthology* IV): time-lord periods released from a sign.
//!
//! # The rule (docs/CONVENTIONS.md)
//!
//! Each sign has a period of [`Sign`] units: aries 15, taurus 8, gemini 20, cancer 25, leo 19,
//! virgo 20, libra 8, scorpio 15, sagittarius 12, capricorn 27, aquarius 30, pisces 12 (211 in a
//! full round). The unit of level 1 is the year (`year_days` days, 360 by default, the most
//! common practice); each deeper level's unit is its parent's divided by 12: level 2 "months"
//! (30 days), level 3 "days" (2.5 days), level 4 "double hours" (5 hours).
//!
//! * Level 1 starts at the birth in the start sign and runs through the signs in zodiacal
//!   order, round after round, each sign lasting its units of years.
//! * A period's sub-periods start in the period's own sign, run through the signs in order
//!   (past pisces to aries, and round again if the parent is long enough), each lasting its
//!   units of the sub-level, and stop at the parent's end: the last one is cut short.
//! * The loosing of the bond is [`LoosingOfTheBond::Mark`] by default: no jump, and the marker
//!   `is_lb_zone` on the sub-period with sub-index 7 (the eighth from the parent's start, counting
//!   from 0). With [`LoosingOfTheBond::Jump`], once a parent's sub-periods have run through all
//!   twelve signs (the parent is longer than one round of its sub-level, 211 units), the
//!   thirteenth does not return to the parent's sign but jumps to the sign opposite it, and the
//!   sequence goes on in order from there to the parent's end (Valens, *Anthology* IV.4; Brennan,
//!   *Hellenistic Astrology*, ch. 18); that sub-period carries `is_loosing_of_the_bond`. The
//!   jump happens once per parent, and never at level 1 (a round of level 1 is 211 years).
//!   `is_peak` is on the cardinal signs (aries, cancer, libra, capricorn). At level 1 the
//!   sub-index counts from the birth, so the eighth level-1 period is marked too.
//!
//! A period is the half-open interval `[start, end)`: an instant on a boundary belongs to the
//! period that begins there. Times are days after the birth; the caller turns them into
//! instants.

use crate::angle::Sign;

/// The deepest level.
pub const MAX_LEVEL: u8 = 4;

/// How many level-1 periods [`l1_sequence`] lists at most (docs/CONVENTIONS.md).
pub const L1_SEQUENCE_LEN: usize = 50;

/// The sub-index that carries the loosing-of-the-bond marker: the eighth sub-period.
const LB_ZONE_SUB_INDEX: usize = 7;

/// A sub-period that would end less than this before its parent's end ends with the parent
/// instead: level-3 and level-4 units of a 365.25-day year are not exact binary fractions, and
/// their sums must not leave a gap or a sliver of a period at the parent's end (0.1 ms).
const SLIVER_DAYS: f64 = 1e-9;

/// The period of `sign` in units of its level.
#[must_use]
pub fn sign_units(sign: Sign) -> u32 {
    match sign {
        Sign::Aries | Sign::Scorpio => 15,
        Sign::Taurus | Sign::Libra => 8,
        Sign::Gemini | Sign::Virgo => 20,
        Sign::Cancer => 25,
        Sign::Leo => 19,
        Sign::Sagittarius | Sign::Pisces => 12,
        Sign::Capricorn => 27,
        Sign::Aquarius => 30,
    }
}

/// Cardinal signs are the peaks.
fn is_cardinal(sign: Sign) -> bool {
    matches!(
        sign,
        Sign::Aries | Sign::Cancer | Sign::Libra | Sign::Capricorn
    )
}

/// The sign `steps` after `sign` in zodiacal order.
fn sign_after(sign: Sign, steps: usize) -> Sign {
    Sign::ALL[(sign.index() + steps) % Sign::ALL.len()]
}

/// Why releasing settings are invalid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReleasingError {
    #[error("must be between {min} and {max} days (got {got})")]
    YearDays { min: f64, max: f64, got: f64 },
    #[error("must be between 1 and {MAX_LEVEL} (got {got})")]
    Level { got: u8 },
    #[error("must not be before the birth (got {got_days} days after it)")]
    BeforeBirth { got_days: f64 },
    #[error("must be at most {max_years} years of {year_days} days after the birth")]
    TooLate { max_years: f64, year_days: f64 },
}

/// The length of a level-1 year in days: 360 by default, 365.25 or the tropical year on
/// request; anything from a lunar year to a little over a solar one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct YearDays(f64);

impl YearDays {
    pub const DEFAULT: Self = Self(360.0);
    pub const MIN: f64 = 354.0;
    pub const MAX: f64 = 366.0;

    /// A year of `days`.
    ///
    /// # Errors
    /// [`ReleasingError::YearDays`] outside [`Self::MIN`]..=[`Self::MAX`] (or not finite).
    pub fn new(days: f64) -> Result<Self, ReleasingError> {
        if (Self::MIN..=Self::MAX).contains(&days) {
            Ok(Self(days))
        } else {
            Err(ReleasingError::YearDays {
                min: Self::MIN,
                max: Self::MAX,
                got: days,
            })
        }
    }

    #[must_use]
    pub fn days(self) -> f64 {
        self.0
    }
}

/// A depth of releasing, 1..=[`MAX_LEVEL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    pub const DEFAULT: Self = Self(3);

    /// Level `n`.
    ///
    /// # Errors
    /// [`ReleasingError::Level`] outside 1..=[`MAX_LEVEL`].
    pub fn new(n: u8) -> Result<Self, ReleasingError> {
        if (1..=MAX_LEVEL).contains(&n) {
            Ok(Self(n))
        } else {
            Err(ReleasingError::Level { got: n })
        }
    }

    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }
}

/// What the loosing of the bond does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LoosingOfTheBond {
    /// No jump; `is_lb_zone` marks the eighth sub-period.
    #[default]
    Mark,
    /// After a full round of sub-periods, the next jumps to the sign opposite the parent's.
    Jump,
}

/// The sub-index of the first sub-period after a full round: where [`LoosingOfTheBond::Jump`]
/// jumps.
const ROUND: usize = 12;

/// One period of one level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Period {
    /// 1..=4.
    pub level: u8,
    pub sign: Sign,
    /// Days after the birth.
    pub start_day: f64,
    /// Days after the birth; shorter than the sign's full length for the last sub-period of a
    /// parent.
    pub end_day: f64,
    /// The position among the parent's sub-periods, from 0 (level 1: among the level-1 periods
    /// from the birth).
    pub sub_index: usize,
    pub is_peak: bool,
    pub is_lb_zone: bool,
    /// The sub-period the sequence jumped to ([`LoosingOfTheBond::Jump`] only).
    pub is_loosing_of_the_bond: bool,
}

impl Period {
    fn new(level: u8, sign: Sign, start_day: f64, end_day: f64, sub_index: usize) -> Self {
        Self {
            level,
            sign,
            start_day,
            end_day,
            sub_index,
            is_peak: is_cardinal(sign),
            is_lb_zone: sub_index == LB_ZONE_SUB_INDEX,
            is_loosing_of_the_bond: false,
        }
    }

    /// The period's length in days.
    #[must_use]
    pub fn length_days(&self) -> f64 {
        self.end_day - self.start_day
    }

    fn contains(&self, day: f64) -> bool {
        self.start_day <= day && day < self.end_day
    }
}

/// Releasing from a start sign with a year length.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Releasing {
    pub start_sign: Sign,
    pub year_days: YearDays,
    pub loosing: LoosingOfTheBond,
}

impl Releasing {
    /// The longest time after the birth that [`Releasing::active_at`] answers for, in years:
    /// several lifetimes, and a bound on the work.
    pub const MAX_YEARS: f64 = 1_000.0;

    /// The length in days of one unit of `level` (1: a year).
    #[must_use]
    pub fn unit_days(&self, level: u8) -> f64 {
        self.year_days.0 / 12_f64.powi(i32::from(level) - 1)
    }

    /// The first `count` level-1 periods from the birth.
    #[must_use]
    pub fn l1_sequence(&self, count: usize) -> Vec<Period> {
        let mut periods = Vec::with_capacity(count);
        let mut start_day = 0.0;
        for index in 0..count {
            let sign = sign_after(self.start_sign, index);
            let end_day = start_day + f64::from(sign_units(sign)) * self.unit_days(1);
            periods.push(Period::new(1, sign, start_day, end_day, index));
            start_day = end_day;
        }
        periods
    }

    /// The sub-periods of `parent`, in order, the last cut at the parent's end.
    #[must_use]
    pub fn sub_periods(&self, parent: &Period) -> Vec<Period> {
        let level = parent.level + 1;
        let unit_days = self.unit_days(level);
        let mut periods = Vec::new();
        let mut start_day = parent.start_day;
        let mut index = 0;
        let jump = self.loosing == LoosingOfTheBond::Jump;
        while parent.end_day - start_day > SLIVER_DAYS {
            // After the jump the sequence runs on from the sign opposite the parent's.
            let steps = if jump && index >= ROUND {
                index + 6
            } else {
                index
            };
            let sign = sign_after(parent.sign, steps);
            let mut end_day = start_day + f64::from(sign_units(sign)) * unit_days;
            if parent.end_day - end_day <= SLIVER_DAYS {
                end_day = parent.end_day;
            }
            let mut period = Period::new(level, sign, start_day, end_day, index);
            period.is_loosing_of_the_bond = jump && index == ROUND;
            periods.push(period);
            start_day = end_day;
            index += 1;
        }
        periods
    }

    /// The periods running `day` days after the birth, one per level from 1 to `deepest`.
    ///
    /// # Errors
    /// [`ReleasingError::BeforeBirth`] for a negative (or NaN) `day`;
    /// [`ReleasingError::TooLate`] beyond [`Releasing::MAX_YEARS`].
    pub fn active_at(&self, day: f64, deepest: Level) -> Result<Vec<Period>, ReleasingError> {
        if day.is_nan() || day < 0.0 {
            return Err(ReleasingError::BeforeBirth { got_days: day });
        }
        if day > Self::MAX_YEARS * self.year_days.0 {
            return Err(ReleasingError::TooLate {
                max_years: Self::MAX_YEARS,
                year_days: self.year_days.0,
            });
        }
        // Level 1: walk the rounds from the birth (a round is 211 years, so a few dozen steps).
        let mut start_day = 0.0;
        let mut index = 0;
        let mut current = loop {
            let sign = sign_after(self.start_sign, index);
            let end_day = start_day + f64::from(sign_units(sign)) * self.unit_days(1);
            let period = Period::new(1, sign, start_day, end_day, index);
            if period.contains(day) {
                break period;
            }
            start_day = end_day;
            index += 1;
        };
        let mut active = vec![current];
        for _ in 1..deepest.0 {
            // Sub-periods tile their parent, which contains `day`, so one of them does.
            let Some(sub) = self
                .sub_periods(&current)
                .into_iter()
                .find(|p| p.contains(day))
            else {
                break;
            };
            active.push(sub);
            current = sub;
        }
        Ok(active)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn releasing(sign: Sign) -> Releasing {
        Releasing {
            start_sign: sign,
            year_days: YearDays::DEFAULT,
            loosing: LoosingOfTheBond::Mark,
        }
    }

    #[test]
    fn a_full_round_is_211_units() {
        let total: u32 = Sign::ALL.into_iter().map(sign_units).sum();
        assert_eq!(total, 211);
    }

    #[test]
    fn sub_periods_tile_their_parent_from_its_own_sign() {
        for start in Sign::ALL {
            let r = releasing(start);
            for l1 in r.l1_sequence(12) {
                let subs = r.sub_periods(&l1);
                assert_eq!(subs[0].sign, l1.sign);
                assert!((subs[0].start_day - l1.start_day).abs() < 1e-12);
                assert!((subs.last().unwrap().end_day - l1.end_day).abs() < 1e-9);
                for pair in subs.windows(2) {
                    assert!((pair[0].end_day - pair[1].start_day).abs() < 1e-12);
                    assert_eq!(pair[1].sign, sign_after(pair[0].sign, 1));
                    assert_eq!(pair[1].sub_index, pair[0].sub_index + 1);
                }
                // Every sub-period but the last has its sign's full length.
                for p in &subs[..subs.len() - 1] {
                    let full = f64::from(sign_units(p.sign)) * r.unit_days(2);
                    assert!((p.length_days() - full).abs() < 1e-9);
                }
            }
        }
    }

    #[test]
    fn long_parents_go_round_the_zodiac_again() {
        // Capricorn: 27 years = 324 months, more than the 211 of one round.
        let r = releasing(Sign::Capricorn);
        let l1 = r.l1_sequence(1)[0];
        let subs = r.sub_periods(&l1);
        assert!(subs.len() > 12, "{} sub-periods", subs.len());
        assert_eq!(subs[12].sign, Sign::Capricorn);
        assert!(subs.iter().all(|p| !p.is_loosing_of_the_bond));
    }

    #[test]
    fn the_loosing_of_the_bond_jumps_to_the_opposite_sign_once() {
        // Capricorn's 324 months: twelve signs (211 months), then Cancer, Leo, … to the end.
        let r = Releasing {
            loosing: LoosingOfTheBond::Jump,
            ..releasing(Sign::Capricorn)
        };
        let l1 = r.l1_sequence(1)[0];
        let subs = r.sub_periods(&l1);
        assert_eq!(subs[11].sign, Sign::Sagittarius);
        assert_eq!(subs[12].sign, Sign::Cancer);
        assert!(subs[12].is_loosing_of_the_bond);
        assert_eq!(subs[13].sign, Sign::Leo);
        assert_eq!(subs.iter().filter(|p| p.is_loosing_of_the_bond).count(), 1);
        assert!((subs[12].start_day - 211.0 * r.unit_days(2)).abs() < 1e-9);
        assert!((subs.last().unwrap().end_day - l1.end_day).abs() < 1e-12);
        // A parent shorter than a round (Pisces, 12 years) has no jump.
        let pisces = Releasing {
            loosing: LoosingOfTheBond::Jump,
            ..releasing(Sign::Pisces)
        };
        let l1 = pisces.l1_sequence(1)[0];
        assert!(
            pisces
                .sub_periods(&l1)
                .iter()
                .all(|p| !p.is_loosing_of_the_bond)
        );
    }

    #[test]
    fn the_active_periods_nest_and_contain_the_instant() {
        let r = Releasing {
            start_sign: Sign::Leo,
            year_days: YearDays::new(365.25).unwrap(),
            loosing: LoosingOfTheBond::Mark,
        };
        for k in 0..2_000 {
            let day = f64::from(k) * 17.3;
            let active = r.active_at(day, Level::new(4).unwrap()).unwrap();
            assert_eq!(active.len(), 4);
            for (level, p) in (1..).zip(&active) {
                assert_eq!(p.level, level);
                assert!(p.contains(day));
            }
            for pair in active.windows(2) {
                assert!(
                    pair[0].start_day <= pair[1].start_day && pair[1].end_day <= pair[0].end_day
                );
            }
        }
    }

    #[test]
    fn a_boundary_belongs_to_the_period_it_opens() {
        let r = releasing(Sign::Aries);
        let second = r.l1_sequence(2)[1];
        let active = r
            .active_at(second.start_day, Level::new(2).unwrap())
            .unwrap();
        assert_eq!(active[0].sign, Sign::Taurus);
        assert_eq!(active[1].sign, Sign::Taurus);
        assert_eq!(active[1].sub_index, 0);
    }

    #[test]
    fn markers() {
        let r = releasing(Sign::Aries);
        let seq = r.l1_sequence(12);
        assert!(seq[0].is_peak && seq[3].is_peak && seq[6].is_peak && seq[9].is_peak);
        assert!(!seq[1].is_peak);
        assert!(seq[7].is_lb_zone && seq.iter().filter(|p| p.is_lb_zone).count() == 1);
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(YearDays::new(300.0).is_err());
        assert!(YearDays::new(f64::NAN).is_err());
        assert!(Level::new(0).is_err() && Level::new(5).is_err());
        let r = releasing(Sign::Aries);
        assert!(r.active_at(-1.0, Level::DEFAULT).is_err());
        assert!(r.active_at(f64::NAN, Level::DEFAULT).is_err());
        assert!(r.active_at(1_000.5 * 360.0, Level::DEFAULT).is_err());
    }
}
