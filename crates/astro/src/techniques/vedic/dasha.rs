//! Vimshottari dashas: the 120-year cycle of planetary periods counted from the Moon's
//! nakshatra at birth.
//!
//! # Definitions
//!
//! * The nine lords run in the order ketu 7, venus 20, sun 6, moon 10, mars 7, rahu 18,
//!   jupiter 16, saturn 19, mercury 17 years: 120 years in all.
//! * A year is 365.25 days by default (docs/CONVENTIONS.md); [`DashaYear`] takes another
//!   length, such as Jagannatha Hora's mean sidereal year of 365.256364 days.
//! * The first mahadasha is that of the lord of the Moon's nakshatra (sidereal Moon, with the
//!   chosen ayanamsa). As much of it is left at birth as of the nakshatra is still to run:
//!   `balance = (1 − elapsed fraction) × the lord's years`. The mahadasha therefore began
//!   `elapsed fraction × years` before birth (its *nominal* start).
//! * Antardashas: each mahadasha of `Y` years is split among the nine lords in the same order,
//!   starting from its own lord, in proportion: a sub-period of lord `L` lasts
//!   `Y × years(L) / 120`.
//! * The answer covers exactly 120 years from birth, `[birth, birth + 120 years]`:
//!   periods are clipped to that window. The mahadasha and antardasha running at birth start
//!   at birth (the earlier antardashas of the first mahadasha are left out, "pre-birth ones are
//!   trimmed" as the spec says); the cycle then starts again with the first lord, whose second
//!   mahadasha is cut at the window's end (as are its antardashas). Clipped periods keep their
//!   nominal bounds beside the clipped ones.
//!
//! Period bounds are computed from the nominal start of the first mahadasha plus whole-year
//! sums (exact in binary), so consecutive periods share their bound exactly and the list tiles
//! the window with no gap or overlap.

use super::Graha;
use super::nakshatra::NakshatraPosition;
use crate::angle::Longitude;
use crate::time::JulianDayUt;

/// The Vimshottari order of lords, from Ketu.
pub const VIMSHOTTARI_ORDER: [Graha; 9] = [
    Graha::Ketu,
    Graha::Venus,
    Graha::Sun,
    Graha::Moon,
    Graha::Mars,
    Graha::Rahu,
    Graha::Jupiter,
    Graha::Saturn,
    Graha::Mercury,
];

/// The whole cycle, in years.
pub const CYCLE_YEARS: f64 = 120.0;
/// The default length of a dasha year in days (docs/CONVENTIONS.md).
pub const YEAR_DAYS: f64 = 365.25;

/// The length of a Vimshottari year in days, from [`DashaYear::MIN_DAYS`] to
/// [`DashaYear::MAX_DAYS`]: the traditions in use lie between the 360-day savana year and the
/// 365.25-day Julian year or the 365.256-day sidereal year.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DashaYear(f64);

/// A year length outside 360..=366 days (or not a number). The message is the rule and the
/// value; the caller puts the field's name in front.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error(
    "must be a number of days from {min} to {max} (got {days})",
    min = DashaYear::MIN_DAYS,
    max = DashaYear::MAX_DAYS
)]
pub struct DashaYearError {
    /// The value as given.
    pub days: f64,
}

impl DashaYear {
    /// The shortest year accepted, in days (the savana year).
    pub const MIN_DAYS: f64 = 360.0;
    /// The longest year accepted, in days.
    pub const MAX_DAYS: f64 = 366.0;
    /// The default, 365.25 days.
    pub const JULIAN: Self = Self(YEAR_DAYS);

    /// A year of `days` days.
    ///
    /// # Errors
    /// [`DashaYearError`] for a value outside 360..=366 or not finite.
    pub fn new(days: f64) -> Result<Self, DashaYearError> {
        if (Self::MIN_DAYS..=Self::MAX_DAYS).contains(&days) {
            Ok(Self(days))
        } else {
            Err(DashaYearError { days })
        }
    }

    /// The length in days.
    #[must_use]
    pub fn days(self) -> f64 {
        self.0
    }
}

impl Default for DashaYear {
    fn default() -> Self {
        Self::JULIAN
    }
}

/// The mahadasha years of a lord, in Vimshottari order (ketu 7 .. mercury 17).
#[must_use]
pub fn vimshottari_years(lord: Graha) -> f64 {
    match lord {
        Graha::Ketu | Graha::Mars => 7.0,
        Graha::Venus => 20.0,
        Graha::Sun => 6.0,
        Graha::Moon => 10.0,
        Graha::Rahu => 18.0,
        Graha::Jupiter => 16.0,
        Graha::Saturn => 19.0,
        Graha::Mercury => 17.0,
    }
}

/// How deep the periods go: mahadashas, antardashas (bhuktis), pratyantardashas (antaras),
/// sookshma dashas and prana dashas. Levels 1 and 2 are listed over the whole window; levels 3
/// to 5 only inside the antardasha running at the focus instant (see [`vimshottari_with`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum DashaLevels {
    /// Level 1.
    #[default]
    Mahadasha,
    /// Level 2: each mahadasha with its antardashas.
    Antardasha,
    /// Level 3: the focus antardasha's pratyantardashas besides.
    Pratyantardasha,
    /// Level 4: with their sookshma dashas.
    Sookshma,
    /// Level 5: with their prana dashas.
    Prana,
}

/// A level outside 1..=5. The message is the rule and the value; the caller puts the field's
/// name in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "must be 1 (mahadashas), 2 (with antardashas), 3 (pratyantardashas), 4 (sookshmas) or 5 (pranas) (got {value})"
)]
pub struct DashaLevelsError {
    /// The value as given.
    pub value: i64,
}

impl DashaLevels {
    /// The five levels, from the mahadashas down.
    pub const ALL: [Self; 5] = [
        Self::Mahadasha,
        Self::Antardasha,
        Self::Pratyantardasha,
        Self::Sookshma,
        Self::Prana,
    ];

    /// Level 1 to 5.
    ///
    /// # Errors
    /// [`DashaLevelsError`] for any other number.
    pub fn new(level: i64) -> Result<Self, DashaLevelsError> {
        usize::try_from(level)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| Self::ALL.get(i).copied())
            .ok_or(DashaLevelsError { value: level })
    }

    /// 1 to 5.
    #[must_use]
    pub fn number(self) -> u8 {
        match self {
            Self::Mahadasha => 1,
            Self::Antardasha => 2,
            Self::Pratyantardasha => 3,
            Self::Sookshma => 4,
            Self::Prana => 5,
        }
    }

    /// The snake_case name of the periods of this level, e.g. `pratyantardasha`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Mahadasha => "mahadasha",
            Self::Antardasha => "antardasha",
            Self::Pratyantardasha => "pratyantardasha",
            Self::Sookshma => "sookshma",
            Self::Prana => "prana",
        }
    }
}

/// One period at any level.
#[derive(Debug, Clone, PartialEq)]
pub struct DashaPeriod {
    pub lord: Graha,
    /// The period's full length in years (a mahadasha: the lord's years; an antardasha: its
    /// share of the mahadasha), whether or not it was clipped.
    pub years: f64,
    /// Where the period starts in the listing: the nominal start, or birth if it began before.
    pub start: JulianDayUt,
    /// Where it ends in the listing: the nominal end, or the end of the 120-year window.
    pub end: JulianDayUt,
    pub nominal_start: JulianDayUt,
    pub nominal_end: JulianDayUt,
    /// The length of the dasha year the periods are counted in, days.
    pub year_days: f64,
    /// The periods of the next level (empty past the levels asked for, and below level 2
    /// outside the focus antardasha).
    pub sub_periods: Vec<DashaPeriod>,
}

impl DashaPeriod {
    /// True when the period began before birth and is listed from birth.
    #[must_use]
    pub fn starts_before_birth(&self) -> bool {
        self.start.0 > self.nominal_start.0
    }

    /// True when the period runs past the 120-year window and is cut at its end.
    #[must_use]
    pub fn ends_after_window(&self) -> bool {
        self.end.0 < self.nominal_end.0
    }

    /// The listed length in years.
    #[must_use]
    pub fn listed_years(&self) -> f64 {
        (self.end - self.start).0 / self.year_days
    }
}

/// The Vimshottari periods of a birth.
#[derive(Debug, Clone, PartialEq)]
pub struct Vimshottari {
    /// The Moon's nakshatra at birth, which gives the first lord.
    pub moon: NakshatraPosition,
    /// The lord of the first mahadasha.
    pub first_lord: Graha,
    /// Years of the first mahadasha still to run at birth.
    pub balance_years: f64,
    /// The window: birth ..
    pub window_start: JulianDayUt,
    /// .. birth + 120 years.
    pub window_end: JulianDayUt,
    pub levels: DashaLevels,
    /// The year the periods are counted in.
    pub year: DashaYear,
    /// The mahadashas tiling the window, in order.
    pub mahadashas: Vec<DashaPeriod>,
    /// The instant whose antardasha is divided further with levels 3 to 5, and whose running
    /// periods [`Vimshottari::running`] lists (birth unless asked otherwise).
    pub focus: JulianDayUt,
    /// The periods of all five levels running at `focus`, mahadasha first, with their nominal
    /// (uncut) bounds; empty when `focus` lies outside the window.
    pub running: Vec<DashaPeriod>,
}

/// Splits `[nominal.0, nominal.1]` among `count` lords (from `VIMSHOTTARI_ORDER[first]` on) in
/// proportion to their Vimshottari years out of 120 per span, keeping the pieces that overlap
/// `clip`, clipped to it. `years_of` gives each piece's full length in years (of `year_days`).
/// The last piece ends exactly at `nominal.1`.
fn split(
    first: usize,
    count: usize,
    nominal: (f64, f64),
    clip: (f64, f64),
    year_days: f64,
    years_of: impl Fn(Graha) -> f64,
) -> Vec<DashaPeriod> {
    let total_years: f64 = (0..count)
        .map(|k| vimshottari_years(VIMSHOTTARI_ORDER[(first + k) % VIMSHOTTARI_ORDER.len()]))
        .sum();
    let day_span = nominal.1 - nominal.0;
    // Bounds from whole-year sums (exact), so neighbours share their bound exactly.
    let bound = |elapsed_years: f64| nominal.0 + day_span * (elapsed_years / total_years);
    let mut periods = Vec::with_capacity(count);
    let mut elapsed_years = 0.0;
    for k in 0..count {
        let lord = VIMSHOTTARI_ORDER[(first + k) % VIMSHOTTARI_ORDER.len()];
        let from = bound(elapsed_years);
        elapsed_years += vimshottari_years(lord);
        let to = if k + 1 == count {
            nominal.1
        } else {
            bound(elapsed_years)
        };
        let (start, end) = (from.max(clip.0), to.min(clip.1));
        if start < end {
            periods.push(DashaPeriod {
                lord,
                years: years_of(lord),
                start: JulianDayUt(start),
                end: JulianDayUt(end),
                nominal_start: JulianDayUt(from),
                nominal_end: JulianDayUt(to),
                year_days,
                sub_periods: Vec::new(),
            });
        }
    }
    periods
}

/// The index of a lord in [`VIMSHOTTARI_ORDER`].
fn order_index(lord: Graha) -> usize {
    VIMSHOTTARI_ORDER
        .iter()
        .position(|l| *l == lord)
        .unwrap_or(0)
}

/// The nine sub-periods of `parent`, from its own lord, each `parent.years × years(L) / 120`
/// long, clipped to the parent's listed span.
fn sub_periods_of(parent: &DashaPeriod) -> Vec<DashaPeriod> {
    let parent_years = parent.years;
    split(
        order_index(parent.lord),
        VIMSHOTTARI_ORDER.len(),
        (parent.nominal_start.0, parent.nominal_end.0),
        (parent.start.0, parent.end.0),
        parent.year_days,
        |lord| parent_years * vimshottari_years(lord) / CYCLE_YEARS,
    )
}

/// Divides every period of `periods` down to `depth` more levels.
fn divide(periods: &mut [DashaPeriod], depth: usize) {
    if depth == 0 {
        return;
    }
    for period in periods {
        period.sub_periods = sub_periods_of(period);
        divide(&mut period.sub_periods, depth - 1);
    }
}

/// The period of `periods` whose listed span holds `jd` (start inclusive, end exclusive).
fn holding(periods: &mut [DashaPeriod], jd: f64) -> Option<&mut DashaPeriod> {
    periods.iter_mut().find(|p| p.start.0 <= jd && jd < p.end.0)
}

/// The Vimshottari mahadashas (and with `levels` 2 their antardashas) for a birth at
/// `birth` with the sidereal Moon at `moon`, over the 120 years from birth, in years of
/// 365.25 days.
#[must_use]
pub fn vimshottari(birth: JulianDayUt, moon: Longitude, levels: DashaLevels) -> Vimshottari {
    vimshottari_in(birth, moon, levels, DashaYear::JULIAN)
}

/// [`vimshottari`] in years of `year`: every period, the balance's place in time and the
/// 120-year window scale with it (the balance in years does not).
#[must_use]
pub fn vimshottari_in(
    birth: JulianDayUt,
    moon: Longitude,
    levels: DashaLevels,
    year: DashaYear,
) -> Vimshottari {
    vimshottari_with(birth, moon, levels, year, birth)
}

/// [`vimshottari_in`] with a focus instant: levels 3 to 5 are listed only inside the
/// antardasha running at `focus` (the other antardashas keep no sub-periods), which bounds a
/// five-level answer to 9 + 81 + 729 periods below the 120 years' antardashas instead of
/// 59,049 pranas; and [`Vimshottari::running`] holds the five periods running at `focus`.
/// A `focus` outside `[birth, birth + 120 years)` divides nothing and runs nothing.
#[must_use]
pub fn vimshottari_with(
    birth: JulianDayUt,
    moon: Longitude,
    levels: DashaLevels,
    year: DashaYear,
    focus: JulianDayUt,
) -> Vimshottari {
    let year_days = year.days();
    let position = NakshatraPosition::of(moon);
    let first_lord = position.nakshatra.lord();
    let first = order_index(first_lord);
    let first_years = vimshottari_years(first_lord);
    let balance_years = (1.0 - position.elapsed_fraction) * first_years;
    let window = (birth.0, birth.0 + CYCLE_YEARS * year_days);
    let cycle_start = birth.0 - position.elapsed_fraction * first_years * year_days;
    // Ten mahadashas reach past the window: the nine lords from the cycle's start, then the
    // first lord again (its second round begins before the window ends unless the Moon stood
    // exactly at a nakshatra's start).
    let rounds_end = cycle_start + (CYCLE_YEARS + first_years) * year_days;
    let mut mahadashas = split(
        first,
        VIMSHOTTARI_ORDER.len() + 1,
        (cycle_start, rounds_end),
        window,
        year_days,
        vimshottari_years,
    );
    let running = running_at(&mahadashas, focus.0);
    if levels >= DashaLevels::Antardasha {
        divide(&mut mahadashas, 1);
        let deeper = usize::from(levels.number()) - 2;
        if let Some(antardasha) =
            holding(&mut mahadashas, focus.0).and_then(|m| holding(&mut m.sub_periods, focus.0))
        {
            divide(std::slice::from_mut(antardasha), deeper);
        }
    }
    Vimshottari {
        moon: position,
        first_lord,
        balance_years,
        window_start: JulianDayUt(window.0),
        window_end: JulianDayUt(window.1),
        levels,
        year,
        mahadashas,
        focus,
        running,
    }
}

/// The chain of five periods running at `jd`, each with its nominal bounds as its listed ones
/// (a running period is not cut at birth), without sub-periods.
fn running_at(mahadashas: &[DashaPeriod], jd: f64) -> Vec<DashaPeriod> {
    let mut chain: Vec<DashaPeriod> = Vec::with_capacity(DashaLevels::ALL.len());
    let Some(maha) = mahadashas.iter().find(|p| p.start.0 <= jd && jd < p.end.0) else {
        return chain;
    };
    let mut current = DashaPeriod {
        start: maha.nominal_start,
        end: maha.nominal_end,
        sub_periods: Vec::new(),
        ..maha.clone()
    };
    loop {
        let next = (chain.len() + 1 < DashaLevels::ALL.len()).then(|| {
            sub_periods_of(&current)
                .into_iter()
                .find(|p| p.start.0 <= jd && jd < p.end.0)
        });
        chain.push(current);
        match next {
            Some(Some(p)) => current = p,
            // The last level, or `jd` on the last ulp of a period (rounding): stop there.
            _ => break,
        }
    }
    chain
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::techniques::vedic::nakshatra::NAKSHATRA_WIDTH_DEG;

    /// Day counts near 2.4 million days are exact to about 5e-10 day (a few ulps).
    const ROUNDING_DAYS: f64 = 1e-8;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).expect("finite")
    }

    #[test]
    fn the_cycle_is_120_years() {
        let total: f64 = VIMSHOTTARI_ORDER
            .iter()
            .map(|l| vimshottari_years(*l))
            .sum();
        assert!((total - CYCLE_YEARS).abs() < f64::EPSILON);
        assert_eq!(DashaLevels::new(2), Ok(DashaLevels::Antardasha));
        assert_eq!(DashaLevels::new(5), Ok(DashaLevels::Prana));
        for (i, level) in DashaLevels::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(level.number()), i + 1);
        }
        for bad in [0, 6, -1, i64::MAX] {
            assert_eq!(
                DashaLevels::new(bad).unwrap_err().to_string(),
                format!(
                    "must be 1 (mahadashas), 2 (with antardashas), 3 (pratyantardashas), 4 (sookshmas) or 5 (pranas) (got {bad})"
                )
            );
        }
    }

    #[test]
    fn moon_at_a_nakshatra_start_gives_nine_whole_mahadashas() {
        // 40° is the start of Rohini (the Moon's nakshatra): the Moon's full 10 years first.
        let birth = JulianDayUt(2_451_545.0);
        let v = vimshottari(birth, lon(40.0), DashaLevels::Mahadasha);
        assert_eq!(v.first_lord, Graha::Moon);
        assert!((v.balance_years - 10.0).abs() < 1e-9);
        assert_eq!(v.mahadashas.len(), 9);
        assert!(!v.mahadashas[0].starts_before_birth());
        assert_eq!(v.mahadashas[8].lord, Graha::Sun);
    }

    #[allow(
        clippy::float_cmp,
        reason = "the tiling is exact: neighbours share the very same computed bound"
    )]
    fn check_tiling(periods: &[DashaPeriod], from: f64, to: f64) -> Result<(), TestCaseError> {
        prop_assert!(!periods.is_empty());
        prop_assert_eq!(periods[0].start.0, from);
        prop_assert_eq!(periods[periods.len() - 1].end.0, to);
        for pair in periods.windows(2) {
            prop_assert_eq!(pair[0].end.0, pair[1].start.0);
            let next = VIMSHOTTARI_ORDER
                .iter()
                .position(|l| *l == pair[0].lord)
                .unwrap()
                + 1;
            prop_assert_eq!(pair[1].lord, VIMSHOTTARI_ORDER[next % 9]);
        }
        for p in periods {
            prop_assert!(p.start.0 < p.end.0);
            let nominal = (p.nominal_end - p.nominal_start).0;
            prop_assert!((nominal - p.years * YEAR_DAYS).abs() < ROUNDING_DAYS);
        }
        Ok(())
    }

    #[test]
    #[allow(
        clippy::float_cmp,
        reason = "a valid year keeps the very value it was given"
    )]
    fn a_dasha_year_lies_within_360_to_366_days() {
        assert_eq!(DashaYear::default().days(), YEAR_DAYS);
        for days in [360.0, 365.256_364, 366.0] {
            assert_eq!(DashaYear::new(days).map(DashaYear::days), Ok(days));
        }
        for days in [359.999, 366.001, 0.0, -365.25, f64::NAN, f64::INFINITY] {
            let error = DashaYear::new(days).unwrap_err();
            assert!(
                error
                    .to_string()
                    .starts_with("must be a number of days from 360 to 366 (got "),
                "{error}"
            );
        }
    }

    proptest! {
        /// The mahadashas tile birth .. birth + 120 years exactly; the first is the lord of
        /// the Moon's nakshatra with the balance still to run; every antardasha list tiles
        /// its mahadasha and starts (nominally) with the mahadasha's own lord.
        #[test]
        fn periods_tile_their_parents(
            moon_deg in 0.0..360.0_f64,
            birth_jd in 2_300_000.0..2_600_000.0_f64,
        ) {
            let birth = JulianDayUt(birth_jd);
            let v = vimshottari(birth, lon(moon_deg), DashaLevels::Antardasha);
            let window_end = birth_jd + CYCLE_YEARS * YEAR_DAYS;
            check_tiling(&v.mahadashas, birth_jd, window_end)?;
            let first = &v.mahadashas[0];
            prop_assert_eq!(first.lord, v.first_lord);
            prop_assert!((first.listed_years() - v.balance_years).abs() < 1e-7);
            let fraction_left = 1.0 - (moon_deg / NAKSHATRA_WIDTH_DEG).fract();
            prop_assert!(
                (v.balance_years - fraction_left * vimshottari_years(v.first_lord)).abs() < 1e-9
            );
            let total: f64 = v.mahadashas.iter().map(DashaPeriod::listed_years).sum();
            prop_assert!((total - CYCLE_YEARS).abs() < 1e-9);
            for maha in &v.mahadashas {
                check_tiling(&maha.sub_periods, maha.start.0, maha.end.0)?;
                let subs: f64 = maha.sub_periods.iter().map(|s| s.years).sum();
                prop_assert!(maha.sub_periods.len() <= 9);
                if !maha.starts_before_birth() {
                    prop_assert_eq!(maha.sub_periods[0].lord, maha.lord);
                }
                if maha.sub_periods.len() == 9 {
                    prop_assert!((subs - maha.years).abs() < 1e-9);
                }
            }
        }
    }

    proptest! {
        /// Another year length stretches every bound's distance from birth by the ratio of the
        /// years, and leaves the lords, the balance in years and the trimming as they were.
        #[test]
        fn a_longer_year_stretches_every_period_from_birth(
            moon_deg in 0.0..360.0_f64,
            birth_jd in 2_300_000.0..2_600_000.0_f64,
            days in DashaYear::MIN_DAYS..=DashaYear::MAX_DAYS,
        ) {
            let birth = JulianDayUt(birth_jd);
            let year = DashaYear::new(days).unwrap();
            let julian = vimshottari(birth, lon(moon_deg), DashaLevels::Antardasha);
            let other = vimshottari_in(birth, lon(moon_deg), DashaLevels::Antardasha, year);
            prop_assert_eq!(other.year, year);
            prop_assert_eq!(other.first_lord, julian.first_lord);
            prop_assert!((other.balance_years - julian.balance_years).abs() < 1e-12);
            let ratio = days / YEAR_DAYS;
            let stretched = |jd: JulianDayUt| birth_jd + (jd.0 - birth_jd) * ratio;
            prop_assert!((other.window_end.0 - stretched(julian.window_end)).abs() < ROUNDING_DAYS);
            // Every bound scales from birth, so the lists keep their lords and their lengths.
            prop_assert_eq!(other.mahadashas.len(), julian.mahadashas.len());
            for (a, b) in other.mahadashas.iter().zip(&julian.mahadashas) {
                prop_assert_eq!(a.lord, b.lord);
                prop_assert!((a.years - b.years).abs() < 1e-12);
                prop_assert!((a.year_days - days).abs() < f64::EPSILON * days);
                prop_assert!((a.listed_years() - b.listed_years()).abs() < 1e-9);
                for (x, y) in [(a.start, b.start), (a.end, b.end),
                               (a.nominal_start, b.nominal_start), (a.nominal_end, b.nominal_end)] {
                    prop_assert!((x.0 - stretched(y)).abs() < ROUNDING_DAYS * 4.0);
                }
                prop_assert_eq!(a.sub_periods.len(), b.sub_periods.len());
                for (x, y) in a.sub_periods.iter().zip(&b.sub_periods) {
                    prop_assert_eq!(x.lord, y.lord);
                    prop_assert!((x.nominal_start.0 - stretched(y.nominal_start)).abs() < ROUNDING_DAYS * 4.0);
                }
            }
        }
    }

    /// Counts the periods of a tree, level by level (index 0: the list itself).
    fn count_levels(periods: &[DashaPeriod], counts: &mut Vec<usize>, depth: usize) {
        if counts.len() <= depth {
            counts.push(0);
        }
        counts[depth] += periods.len();
        for p in periods {
            if !p.sub_periods.is_empty() {
                count_levels(&p.sub_periods, counts, depth + 1);
            }
        }
    }

    proptest! {
        /// With five levels, only the antardasha running at the focus is divided below level 2;
        /// every division tiles its parent; the running chain has five periods nested in each
        /// other around the focus, each `years(L) / 120` of its parent, and agrees with the
        /// listing where the listing reaches.
        #[test]
        fn five_levels_divide_only_the_focus_antardasha(
            moon_deg in 0.0..360.0_f64,
            birth_jd in 2_300_000.0..2_600_000.0_f64,
            focus_years in 0.0..119.999_f64,
        ) {
            let birth = JulianDayUt(birth_jd);
            let focus = JulianDayUt(birth_jd + focus_years * YEAR_DAYS);
            let v = vimshottari_with(birth, lon(moon_deg), DashaLevels::Prana, DashaYear::JULIAN, focus);
            let mut counts = Vec::new();
            count_levels(&v.mahadashas, &mut counts, 0);
            prop_assert_eq!(counts.len(), 5);
            prop_assert!(counts[2] <= 9 && counts[3] <= 81 && counts[4] <= 729, "{:?}", counts);
            let mut level = v.mahadashas.as_slice();
            for depth in 0..5 {
                let p = level.iter().find(|p| p.start.0 <= focus.0 && focus.0 < p.end.0);
                let Some(p) = p else { return Err(TestCaseError::fail(format!("no period at depth {depth}"))) };
                prop_assert_eq!(p.lord, v.running[depth].lord);
                if depth > 0 {
                    check_tiling(level, level[0].start.0, level[level.len() - 1].end.0)?;
                }
                level = &p.sub_periods;
            }
            prop_assert_eq!(v.running.len(), 5);
            for pair in v.running.windows(2) {
                let (parent, child) = (&pair[0], &pair[1]);
                prop_assert!(parent.start.0 <= child.start.0 + ROUNDING_DAYS);
                prop_assert!(child.end.0 <= parent.end.0 + ROUNDING_DAYS);
                let share = parent.years * vimshottari_years(child.lord) / CYCLE_YEARS;
                prop_assert!((child.years - share).abs() < 1e-12);
            }
            for p in &v.running {
                prop_assert!(p.start.0 <= focus.0 && focus.0 < p.end.0);
                prop_assert!(((p.end - p.start).0 - p.years * YEAR_DAYS).abs() < ROUNDING_DAYS * 4.0);
            }
        }
    }

    #[test]
    fn a_focus_outside_the_window_divides_nothing() {
        let birth = JulianDayUt(2_451_545.0);
        for focus in [birth.0 - 1.0, birth.0 + CYCLE_YEARS * YEAR_DAYS] {
            let v = vimshottari_with(
                birth,
                lon(100.0),
                DashaLevels::Prana,
                DashaYear::JULIAN,
                JulianDayUt(focus),
            );
            assert!(v.running.is_empty());
            let mut counts = Vec::new();
            count_levels(&v.mahadashas, &mut counts, 0);
            assert_eq!(counts.len(), 2, "{counts:?}");
        }
        // At birth: the running mahadasha is the first lord's, from its nominal start.
        let v = vimshottari_with(
            birth,
            lon(100.0),
            DashaLevels::Mahadasha,
            DashaYear::JULIAN,
            birth,
        );
        assert_eq!(v.running[0].lord, v.first_lord);
        assert_eq!(v.running[0].start, v.mahadashas[0].nominal_start);
        assert!(v.mahadashas[0].sub_periods.is_empty());
    }
}
