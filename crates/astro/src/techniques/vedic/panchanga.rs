//! The panchanga ("five limbs") of a Hindu day: tithi, nakshatra, yoga, karana and vara, each
//! with its start and end, and the day's rahu kala, yamaganda and gulika kala.
//!
//! # Definitions
//!
//! With λ☾ and λ☉ the geocentric apparent sidereal longitudes of the Moon and the Sun (the
//! positions of [`super::vedic_chart`]):
//!
//! * **tithi**: the elongation λ☾ − λ☉ (mod 360°) in 30 parts of 12°, 1 (shukla pratipada) to
//!   15 (purnima) in the bright half, 16 (krishna pratipada) to 30 (amavasya) in the dark half.
//!   The ayanamsa cancels.
//! * **nakshatra**: λ☾ in 27 parts of 13°20′, 1 (ashwini) to 27 (revati).
//! * **yoga**: λ☾ + λ☉ (mod 360°) in 27 parts of 13°20′, 1 (vishkambha) to 27 (vaidhriti).
//!   It depends on the ayanamsa twice.
//! * **karana**: the elongation in 60 half-tithis of 6°: 1 kimstughna, 2 to 57 the seven
//!   movable karanas (bava, balava, kaulava, taitila, garaja, vanija, vishti) eight times, 58
//!   shakuni, 59 chatushpada, 60 naga.
//! * **vara**: the weekday of the day's sunrise, by the local mean time of the place (its
//!   longitude / 15° hours from UT). The Hindu day runs from one sunrise to the next, so the
//!   vara changes at sunrise, not at midnight.
//!
//! Every start and end is the instant the angle reaches the part's bound, root-solved (Brent,
//! [`crate::search::solve`]) to [`ELEMENT_TOLERANCE`], from a bracket found by stepping
//! [`ELEMENT_STEP_DAYS`]: the elongation, the Moon and the sum only increase, and no part lasts
//! longer than [`ELEMENT_SEARCH_DAYS`].
//!
//! # The day and its kalas
//!
//! Sunrise and sunset come from the service's rise/set core ([`crate::techniques::rise_set`])
//! with the request's disc and refraction. The daytime from sunrise to sunset is divided into
//! eight equal parts; by weekday (Sunday first) rahu kala is part 8, 2, 7, 5, 6, 4, 3,
//! yamaganda part 5, 4, 3, 2, 1, 7, 6, gulika kala part 7, 6, 5, 4, 3, 2, 1 (the table of
//! drik-panchanga's `trikalam` and of the printed panchangas).
//!
//! # At an instant, or for a civil day
//!
//! [`PanchangaWhen::Instant`]: the Hindu day containing the instant (the last sunrise at or
//! before it to the next), and each element in force at the instant. [`PanchangaWhen::CivilDay`]:
//! the Hindu day starting at the first sunrise of the civil day, and every element that is in
//! force at some time of that Hindu day, the one at sunrise first (a short tithi can begin and
//! end within the day: it is then listed, where a printed panchanga marks it as "skipped").

use orrery_ephem::{Atmosphere, AyanamsaId, Ephemeris, EphemerisSource, Observer, Zodiac};

use crate::angle::{FULL_CIRCLE_DEG, Longitude, wrap_180};
use crate::body::Body;
use crate::chart::{Center, ChartError, Frame, position};
use crate::search::{SearchError, SolveError, Tolerance, try_solve};
use crate::techniques::rise_set::{
    Disc, RiseSetError, RiseSetEvent, RiseSetSearch, Window, body_events,
};
use crate::time::{Days, JulianDayUt};

use super::nakshatra::{NAKSHATRA_NAMES, NAKSHATRA_WIDTH_DEG};

/// The step of the bracket search: a quarter day (the fastest limb, a karana, lasts at least
/// about 10 hours, so one step never passes two bounds).
pub const ELEMENT_STEP_DAYS: f64 = 0.25;
/// The longest a part lasts: a nakshatra of the slowest Moon is about 27 hours, a tithi about
/// 26 hours; three days leave room.
pub const ELEMENT_SEARCH_DAYS: f64 = 3.0;
/// The root solver's tolerance: half a second, so the bound written to the second is
/// the right one.
pub const ELEMENT_TOLERANCE: Tolerance = Tolerance::HALF_SECOND;
/// How far around an instant sunrises are looked for: a Hindu day is at most a little over a
/// day where the Sun rises at all.
const SUNRISE_SEARCH_DAYS: f64 = 1.6;

/// The tithi names, 1 to 15 (the bright half) then 16 to 30 (the dark half).
pub const TITHI_NAMES: [&str; 30] = [
    "shukla_pratipada",
    "shukla_dvitiya",
    "shukla_tritiya",
    "shukla_chaturthi",
    "shukla_panchami",
    "shukla_shashthi",
    "shukla_saptami",
    "shukla_ashtami",
    "shukla_navami",
    "shukla_dashami",
    "shukla_ekadashi",
    "shukla_dvadashi",
    "shukla_trayodashi",
    "shukla_chaturdashi",
    "purnima",
    "krishna_pratipada",
    "krishna_dvitiya",
    "krishna_tritiya",
    "krishna_chaturthi",
    "krishna_panchami",
    "krishna_shashthi",
    "krishna_saptami",
    "krishna_ashtami",
    "krishna_navami",
    "krishna_dashami",
    "krishna_ekadashi",
    "krishna_dvadashi",
    "krishna_trayodashi",
    "krishna_chaturdashi",
    "amavasya",
];

/// The 27 yogas, vishkambha first.
pub const YOGA_NAMES: [&str; 27] = [
    "vishkambha",
    "priti",
    "ayushman",
    "saubhagya",
    "shobhana",
    "atiganda",
    "sukarma",
    "dhriti",
    "shula",
    "ganda",
    "vriddhi",
    "dhruva",
    "vyaghata",
    "harshana",
    "vajra",
    "siddhi",
    "vyatipata",
    "variyana",
    "parigha",
    "shiva",
    "siddha",
    "sadhya",
    "shubha",
    "shukla",
    "brahma",
    "indra",
    "vaidhriti",
];

/// The seven movable karanas, repeated eight times from the second half of shukla pratipada.
pub const MOVABLE_KARANAS: [&str; 7] = [
    "bava", "balava", "kaulava", "taitila", "garaja", "vanija", "vishti",
];

/// The weekdays, Sunday (ravivara) first.
pub const VARA_NAMES: [&str; 7] = [
    "ravivara",
    "somavara",
    "mangalavara",
    "budhavara",
    "guruvara",
    "shukravara",
    "shanivara",
];

/// Rahu kala's eighth of the daytime (1-based), by weekday from Sunday.
pub const RAHU_KALA_PART: [u8; 7] = [8, 2, 7, 5, 6, 4, 3];
/// Yamaganda's eighth of the daytime (1-based), by weekday from Sunday.
pub const YAMAGANDA_PART: [u8; 7] = [5, 4, 3, 2, 1, 7, 6];
/// Gulika kala's eighth of the daytime (1-based), by weekday from Sunday.
pub const GULIKA_KALA_PART: [u8; 7] = [7, 6, 5, 4, 3, 2, 1];

/// One of the four limbs measured by an angle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limb {
    Tithi,
    Nakshatra,
    Yoga,
    Karana,
}

impl Limb {
    /// How many parts the circle has.
    #[must_use]
    pub fn parts(self) -> usize {
        match self {
            Self::Tithi => 30,
            Self::Nakshatra | Self::Yoga => 27,
            Self::Karana => 60,
        }
    }

    /// The width of one part, degrees.
    #[must_use]
    pub fn width_deg(self) -> f64 {
        match self {
            Self::Nakshatra | Self::Yoga => NAKSHATRA_WIDTH_DEG,
            other => FULL_CIRCLE_DEG / other.parts() as f64,
        }
    }

    /// The angle measured, degrees in `[0, 360)`, from the sidereal Moon and Sun.
    fn angle_deg(self, moon: Longitude, sun: Longitude) -> f64 {
        let raw = match self {
            Self::Tithi | Self::Karana => moon.degrees() - sun.degrees(),
            Self::Nakshatra => moon.degrees(),
            Self::Yoga => moon.degrees() + sun.degrees(),
        };
        // Finite (a sum of two longitudes), so `new` cannot fail.
        Longitude::new(raw).map_or(0.0, Longitude::degrees)
    }

    /// The name of part `number` (1-based, within [`Self::parts`]).
    #[must_use]
    pub fn part_name(self, number: usize) -> &'static str {
        let i = number.clamp(1, self.parts()) - 1;
        match self {
            Self::Tithi => TITHI_NAMES[i],
            Self::Nakshatra => NAKSHATRA_NAMES[i],
            Self::Yoga => YOGA_NAMES[i],
            Self::Karana => match number {
                1 => "kimstughna",
                58 => "shakuni",
                59 => "chatushpada",
                60 => "naga",
                n => MOVABLE_KARANAS[(n - 2) % MOVABLE_KARANAS.len()],
            },
        }
    }
}

/// One part of a limb and when it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimbSpan {
    /// 1-based (tithi 1..=30, nakshatra and yoga 1..=27, karana 1..=60).
    pub number: usize,
    /// When the angle reached the part's lower bound.
    pub start: JulianDayUt,
    /// When the angle reaches the part's upper bound.
    pub end: JulianDayUt,
}

/// A span of the daytime.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kala {
    /// Which eighth of the daytime (1-based).
    pub part: u8,
    pub start: JulianDayUt,
    pub end: JulianDayUt,
}

/// The Hindu day: from a sunrise to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HinduDay {
    pub sunrise: JulianDayUt,
    pub sunset: JulianDayUt,
    pub next_sunrise: JulianDayUt,
    /// The weekday of the sunrise, 0 = Sunday (ravivara) .. 6 = Saturday (shanivara).
    pub vara: usize,
    pub rahu_kala: Kala,
    pub yamaganda: Kala,
    pub gulika_kala: Kala,
}

/// When a panchanga is asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PanchangaWhen {
    /// The elements in force at the instant, in the Hindu day containing it.
    Instant(JulianDayUt),
    /// The Hindu day beginning at the first sunrise in `[start, end)`, the civil day's bounds
    /// (its local midnights, UT), with every element in force during it.
    CivilDay {
        start: JulianDayUt,
        end: JulianDayUt,
    },
}

/// How a panchanga is computed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PanchangaOptions {
    pub ayanamsa: AyanamsaId,
    /// The Sun's point on the horizon at sunrise and sunset.
    pub disc: Disc,
    /// Whether sunrise and sunset include atmospheric refraction.
    pub refraction: bool,
    pub atmosphere: Atmosphere,
}

/// A panchanga.
#[derive(Debug, Clone, PartialEq)]
pub struct Panchanga {
    /// The instant the elements are given for: the instant asked, or the day's sunrise.
    pub at: JulianDayUt,
    pub day: HinduDay,
    /// Each list in time order: one span at an instant; for a civil day every span in force
    /// during the Hindu day, the one at sunrise first.
    pub tithi: Vec<LimbSpan>,
    pub nakshatra: Vec<LimbSpan>,
    pub yoga: Vec<LimbSpan>,
    pub karana: Vec<LimbSpan>,
    /// The ayanamsa at `at`, degrees.
    pub ayanamsa_deg: f64,
    /// `Moshier` when a position came from the library's analytical fallback.
    pub source: EphemerisSource,
}

/// Why no panchanga was computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PanchangaError {
    /// The Sun does not rise (or set) in the span: polar day or night.
    #[error(
        "the Sun does not {event} at this place between {from_jd} and {until_jd} (JD, UT): a Hindu day needs a sunrise and a sunset"
    )]
    NoSun {
        event: &'static str,
        from_jd: f64,
        until_jd: f64,
    },
    /// The rise/set search failed.
    #[error(transparent)]
    RiseSet(#[from] RiseSetError),
    /// A position could not be computed.
    #[error(transparent)]
    Chart(#[from] ChartError),
    /// A bound was not found (a broken ephemeris; never a short answer).
    #[error("the {limb} bound at {bound_deg}° was not found: {source}")]
    Bound {
        limb: &'static str,
        bound_deg: f64,
        source: SolveError,
    },
}

impl Limb {
    fn name(self) -> &'static str {
        match self {
            Self::Tithi => "tithi",
            Self::Nakshatra => "nakshatra",
            Self::Yoga => "yoga",
            Self::Karana => "karana",
        }
    }
}

/// The sidereal Moon and Sun, and whether either came from the fallback.
struct Luminaries<'a> {
    eph: &'a Ephemeris,
    frame: Frame,
    moshier: bool,
}

impl Luminaries<'_> {
    fn angle_deg(&mut self, limb: Limb, jd: JulianDayUt) -> Result<f64, ChartError> {
        let moon = position(self.eph, jd, Body::Moon, &self.frame)?;
        let sun = position(self.eph, jd, Body::Sun, &self.frame)?;
        if moon.source == EphemerisSource::Moshier || sun.source == EphemerisSource::Moshier {
            self.moshier = true;
        }
        Ok(limb.angle_deg(moon.lon, sun.lon))
    }

    /// The instant after (`forward`) or before `from` when the angle of `limb` reaches
    /// `bound_deg`.
    fn crossing(
        &mut self,
        limb: Limb,
        bound_deg: f64,
        from: JulianDayUt,
        forward: bool,
    ) -> Result<JulianDayUt, PanchangaError> {
        let offset = |this: &mut Self, jd: JulianDayUt| {
            this.angle_deg(limb, jd)
                .map(|angle| wrap_180(angle - bound_deg))
        };
        let step = if forward {
            ELEMENT_STEP_DAYS
        } else {
            -ELEMENT_STEP_DAYS
        };
        let mut t0 = from;
        let mut f0 = offset(self, t0)?;
        let reached = |f: f64| if forward { f >= 0.0 } else { f < 0.0 };
        if !forward && f0 == 0.0 {
            return Ok(from);
        }
        let steps = (ELEMENT_SEARCH_DAYS / ELEMENT_STEP_DAYS) as usize;
        for _ in 0..steps {
            let t1 = t0 + Days(step);
            let f1 = offset(self, t1)?;
            if reached(f1) {
                let not_found = |source| PanchangaError::Bound {
                    limb: limb.name(),
                    bound_deg,
                    source,
                };
                let bracket = crate::search::Bracket::new(t0.0, f0, t1.0, f1).map_err(not_found)?;
                let root = try_solve(
                    |t| offset(self, JulianDayUt(t)),
                    bracket,
                    None,
                    ELEMENT_TOLERANCE,
                )
                .map_err(|e| match e {
                    SearchError::Evaluation(e) => PanchangaError::Chart(e),
                    SearchError::Solve(e) => not_found(e),
                    SearchError::Scan(_) => not_found(SolveError::NoConvergence {
                        lo: t0.0,
                        hi: t1.0,
                        evaluations: 0,
                    }),
                })?;
                return Ok(JulianDayUt(root));
            }
            t0 = t1;
            f0 = f1;
        }
        Err(PanchangaError::Bound {
            limb: limb.name(),
            bound_deg,
            source: SolveError::NoSignChange {
                lo: from.0.min(t0.0),
                hi: from.0.max(t0.0),
                f_lo: f0,
                f_hi: f0,
            },
        })
    }

    /// The part of `limb` in force at `jd`.
    fn span_at(&mut self, limb: Limb, jd: JulianDayUt) -> Result<LimbSpan, PanchangaError> {
        let width = limb.width_deg();
        let angle = self.angle_deg(limb, jd)?;
        let index = ((angle / width).floor() as usize).min(limb.parts() - 1);
        let lower = index as f64 * width;
        let start = self.crossing(limb, lower, jd, false)?;
        let end = self.crossing(limb, lower + width, jd, true)?;
        Ok(LimbSpan {
            number: index + 1,
            start,
            end,
        })
    }

    /// Every part of `limb` in force in `[from, until)`, the one at `from` first.
    fn spans(
        &mut self,
        limb: Limb,
        from: JulianDayUt,
        until: JulianDayUt,
    ) -> Result<Vec<LimbSpan>, PanchangaError> {
        let mut spans = vec![self.span_at(limb, from)?];
        while let Some(last) = spans.last().copied()
            && last.end.0 < until.0
        {
            let index = last.number % limb.parts(); // the next part, 0-based
            let upper = (index + 1) as f64 * limb.width_deg();
            let end = self.crossing(limb, upper, last.end, true)?;
            spans.push(LimbSpan {
                number: index + 1,
                start: last.end,
                end,
            });
        }
        Ok(spans)
    }
}

/// The weekday (0 = Sunday) of `jd` in the local mean time of longitude `lon_deg`.
#[must_use]
pub fn weekday_lmt(jd: JulianDayUt, lon_deg: f64) -> usize {
    let local = jd.0 + lon_deg / FULL_CIRCLE_DEG + 0.5;
    // JD 0.5 (noon of JD 0 + 0.5) was a Monday: day number d is weekday (d + 1) mod 7.
    ((local.floor() as i64 + 1).rem_euclid(7)) as usize
}

fn kala(sunrise: JulianDayUt, sunset: JulianDayUt, part: u8) -> Kala {
    let eighth = (sunset - sunrise).0 / 8.0;
    let start = sunrise + Days(eighth * f64::from(part - 1));
    Kala {
        part,
        start,
        end: start + Days(eighth),
    }
}

/// Sunrises and sunsets in `[from, until]`.
fn sun_events(
    eph: &Ephemeris,
    place: Observer,
    options: &PanchangaOptions,
    from: JulianDayUt,
    until: JulianDayUt,
) -> Result<(Vec<JulianDayUt>, Vec<JulianDayUt>), PanchangaError> {
    let search = RiseSetSearch {
        place,
        atmosphere: options.atmosphere,
        disc: options.disc,
        refraction: options.refraction,
        bodies: vec![Body::Sun],
        events: vec![RiseSetEvent::Rise, RiseSetEvent::Set],
        start: from,
        window: Window::Series { end: until },
    };
    let events = body_events(eph, &search, Body::Sun)?;
    let of = |kind| {
        events
            .events
            .iter()
            .filter(|e| e.event == kind)
            .map(|e| e.at)
            .collect::<Vec<_>>()
    };
    Ok((of(RiseSetEvent::Rise), of(RiseSetEvent::Set)))
}

/// The Hindu day: sunrise, sunset, next sunrise, vara and kalas.
fn hindu_day(
    eph: &Ephemeris,
    place: Observer,
    options: &PanchangaOptions,
    when: PanchangaWhen,
) -> Result<HinduDay, PanchangaError> {
    let (from, until) = match when {
        PanchangaWhen::Instant(jd) => (
            jd - Days(SUNRISE_SEARCH_DAYS),
            jd + Days(SUNRISE_SEARCH_DAYS),
        ),
        PanchangaWhen::CivilDay { start, end } => (start, end + Days(SUNRISE_SEARCH_DAYS)),
    };
    let (rises, sets) = sun_events(eph, place, options, from, until)?;
    let no_sun = |event| PanchangaError::NoSun {
        event,
        from_jd: from.0,
        until_jd: until.0,
    };
    let first = match when {
        PanchangaWhen::Instant(jd) => rises.iter().rposition(|r| r.0 <= jd.0),
        PanchangaWhen::CivilDay { start, end } => {
            rises.iter().position(|r| start.0 <= r.0 && r.0 < end.0)
        }
    }
    .ok_or_else(|| no_sun("rise"))?;
    let sunrise = rises[first];
    let next_sunrise = *rises.get(first + 1).ok_or_else(|| no_sun("rise"))?;
    let sunset = *sets
        .iter()
        .find(|s| sunrise.0 < s.0 && s.0 < next_sunrise.0)
        .ok_or_else(|| no_sun("set"))?;
    let vara = weekday_lmt(sunrise, place.lon_deg);
    Ok(HinduDay {
        sunrise,
        sunset,
        next_sunrise,
        vara,
        rahu_kala: kala(sunrise, sunset, RAHU_KALA_PART[vara]),
        yamaganda: kala(sunrise, sunset, YAMAGANDA_PART[vara]),
        gulika_kala: kala(sunrise, sunset, GULIKA_KALA_PART[vara]),
    })
}

/// The panchanga at an instant or for a civil day at `place`; see the module documentation.
///
/// # Errors
/// [`PanchangaError::NoSun`] where the Sun does not rise or set (polar day and night); a date
/// outside the ephemeris; a library failure.
pub fn panchanga(
    eph: &Ephemeris,
    place: Observer,
    when: PanchangaWhen,
    options: &PanchangaOptions,
) -> Result<Panchanga, PanchangaError> {
    let day = hindu_day(eph, place, options, when)?;
    let mut sky = Luminaries {
        eph,
        frame: Frame {
            center: Center::Geocentric,
            zodiac: Zodiac::Sidereal(options.ayanamsa),
        },
        moshier: false,
    };
    let (at, list) = match when {
        PanchangaWhen::Instant(jd) => (jd, None),
        PanchangaWhen::CivilDay { .. } => (day.sunrise, Some(day.next_sunrise)),
    };
    let mut limb = |limb| match list {
        None => sky.span_at(limb, at).map(|span| vec![span]),
        Some(until) => sky.spans(limb, at, until),
    };
    let tithi = limb(Limb::Tithi)?;
    let nakshatra = limb(Limb::Nakshatra)?;
    let yoga = limb(Limb::Yoga)?;
    let karana = limb(Limb::Karana)?;
    Ok(Panchanga {
        at,
        day,
        tithi,
        nakshatra,
        yoga,
        karana,
        ayanamsa_deg: eph
            .ayanamsa_deg(at, options.ayanamsa)
            .map_err(ChartError::Ephemeris)?,
        source: if sky.moshier {
            EphemerisSource::Moshier
        } else {
            EphemerisSource::Swiss
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn karana_names_follow_the_cycle() {
        assert_eq!(Limb::Karana.part_name(1), "kimstughna");
        assert_eq!(Limb::Karana.part_name(2), "bava");
        assert_eq!(Limb::Karana.part_name(8), "vishti");
        assert_eq!(Limb::Karana.part_name(9), "bava");
        assert_eq!(Limb::Karana.part_name(57), "vishti");
        assert_eq!(Limb::Karana.part_name(58), "shakuni");
        assert_eq!(Limb::Karana.part_name(60), "naga");
        assert_eq!(Limb::Tithi.part_name(15), "purnima");
        assert_eq!(Limb::Tithi.part_name(30), "amavasya");
        assert_eq!(Limb::Yoga.part_name(27), "vaidhriti");
    }

    #[test]
    fn weekdays_from_known_dates() {
        // 2000-01-01 was a Saturday; at Greenwich noon and at 10:00 local in India.
        assert_eq!(weekday_lmt(JulianDayUt(2_451_545.0), 0.0), 6);
        assert_eq!(weekday_lmt(JulianDayUt(2_451_544.7), 77.2), 6);
        // 2024-03-20 (JD 2460389.5 at 0h UT) was a Wednesday: 06:00 local at 77°E.
        assert_eq!(weekday_lmt(JulianDayUt(2_460_389.5 + 0.035), 77.0), 3);
        // Just before local midnight at 150°E is still the previous day.
        assert_eq!(weekday_lmt(JulianDayUt(2_460_389.5 - 0.42), 150.0), 2);
    }

    #[test]
    fn the_kalas_are_eighths_of_the_daytime() {
        let k = kala(JulianDayUt(10.0), JulianDayUt(10.5), 8);
        assert!((k.start.0 - 10.4375).abs() < 1e-12 && (k.end.0 - 10.5).abs() < 1e-12);
        let k = kala(JulianDayUt(10.0), JulianDayUt(10.5), 1);
        assert!((k.start.0 - 10.0).abs() < 1e-12 && (k.end.0 - 10.0625).abs() < 1e-12);
    }
}
