//! A planet's condition apart from its essential dignity: its sect, its phase with the Sun,
//! whether it is oriental or occidental, its speed against its mean motion, and its
//! angularity.

use crate::angle::{Longitude, separation, shortest_arc};
use crate::body::Body;
use crate::techniques::lots::Sect;

/// Cazimi: within 17′ of the Sun's centre (al-Qabisi, *Introduction* IV.5; Lilly p. 113).
pub const CAZIMI_DEG: f64 = 17.0 / 60.0;
/// Combust: within 8°30′ of the Sun (Lilly p. 113).
pub const COMBUST_DEG: f64 = 8.5;
/// Under the beams: within 15° of the Sun (al-Qabisi IV.5; Lilly p. 113).
pub const UNDER_BEAMS_DEG: f64 = 15.0;

/// A planet's phase with the Sun.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolarPhase {
    Cazimi,
    Combust,
    UnderTheBeams,
    /// Farther than [`UNDER_BEAMS_DEG`].
    Free,
}

impl SolarPhase {
    /// The phase at `separation_deg` from the Sun (the limits are inclusive).
    #[must_use]
    pub fn at(separation_deg: f64) -> Self {
        if separation_deg <= CAZIMI_DEG {
            Self::Cazimi
        } else if separation_deg <= COMBUST_DEG {
            Self::Combust
        } else if separation_deg <= UNDER_BEAMS_DEG {
            Self::UnderTheBeams
        } else {
            Self::Free
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Cazimi => "cazimi",
            Self::Combust => "combust",
            Self::UnderTheBeams => "under_the_beams",
            Self::Free => "free",
        }
    }
}

/// Which sect a planet belongs to by nature; Mercury by its place with the Sun.
#[must_use]
pub fn planet_sect(planet: Body, oriental: bool) -> Sect {
    match planet {
        Body::Sun | Body::Jupiter | Body::Saturn => Sect::Day,
        // Mercury is diurnal as a morning star (rising before the Sun), nocturnal as an
        // evening star (Ptolemy, Tetrabiblos I.7).
        Body::Mercury if oriental => Sect::Day,
        _ => Sect::Night,
    }
}

/// Oriental: the planet rises before the Sun, so it lies behind the Sun in the zodiac (less
/// than 180° before it); occidental otherwise. The Sun itself is neither.
#[must_use]
pub fn is_oriental(planet: Longitude, sun: Longitude) -> bool {
    shortest_arc(planet, sun).degrees() > 0.0
}

/// The separation from the Sun, degrees of longitude.
#[must_use]
pub fn sun_separation_deg(planet: Longitude, sun: Longitude) -> f64 {
    separation(planet, sun)
}

/// How a planet keeps its sect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SectCondition {
    /// The planet's own sect.
    pub sect: Sect,
    /// Of the chart's sect.
    pub in_sect: bool,
    /// Halb (al-Biruni, *Book of Instruction* §496): a diurnal planet above the horizon by day
    /// or below it by night, a nocturnal planet below by day or above by night.
    pub halb: bool,
    /// Hayz: halb, and in a sign of its sect's gender (masculine signs for diurnal planets,
    /// feminine for nocturnal).
    pub hayz: bool,
}

/// The sect condition of a planet of `planet_sect` in a chart of `chart_sect`.
#[must_use]
pub fn sect_condition(
    planet_sect: Sect,
    chart_sect: Sect,
    above_horizon: bool,
    lon: Longitude,
) -> SectCondition {
    let on_its_side = match (planet_sect, chart_sect) {
        (Sect::Day, Sect::Day) | (Sect::Night, Sect::Night) => above_horizon,
        _ => !above_horizon,
    };
    // Aries, Gemini, Leo ... (even index) are masculine.
    let masculine_sign = lon.sign().index().is_multiple_of(2);
    let gender_fits = masculine_sign == (planet_sect == Sect::Day);
    SectCondition {
        sect: planet_sect,
        in_sect: planet_sect == chart_sect,
        halb: on_its_side,
        hayz: on_its_side && gender_fits,
    }
}

/// A planet's mean daily motion in longitude, degrees per day (the Sun's, Mercury's and
/// Venus' the mean solar motion 0°59′08″; the Moon 13°10′36″; Mars 0°31′27″, Jupiter
/// 0°04′59″, Saturn 0°02′01″: Lilly, *Christian Astrology* p. 57-59).
#[must_use]
pub fn mean_motion_deg_per_day(planet: Body) -> Option<f64> {
    let arc = |d: f64, m: f64, s: f64| d + m / 60.0 + s / 3600.0;
    match planet {
        Body::Sun | Body::Mercury | Body::Venus => Some(arc(0.0, 59.0, 8.0)),
        Body::Moon => Some(arc(13.0, 10.0, 36.0)),
        Body::Mars => Some(arc(0.0, 31.0, 27.0)),
        Body::Jupiter => Some(arc(0.0, 4.0, 59.0)),
        Body::Saturn => Some(arc(0.0, 2.0, 1.0)),
        _ => None,
    }
}

/// A planet is stationary while its speed is under this fraction of its mean motion (a
/// planet near its station moves a few percent of its mean motion; the lights never station).
pub const STATIONARY_FRACTION: f64 = 0.1;

/// A planet's speed against its mean motion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpeedClass {
    /// Faster than its mean motion.
    Fast,
    /// Slower (retrograde included, unless stationary).
    Slow,
    /// Slower than [`STATIONARY_FRACTION`] of its mean motion, either way.
    Stationary,
}

impl SpeedClass {
    #[must_use]
    pub fn of(speed_deg_per_day: f64, mean_deg_per_day: f64) -> Self {
        if speed_deg_per_day.abs() < STATIONARY_FRACTION * mean_deg_per_day {
            Self::Stationary
        } else if speed_deg_per_day > mean_deg_per_day {
            Self::Fast
        } else {
            Self::Slow
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Fast => "fast",
            Self::Slow => "slow",
            Self::Stationary => "stationary",
        }
    }
}

/// Angular, succedent or cadent, by the house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Angularity {
    Angular,
    Succedent,
    Cadent,
}

impl Angularity {
    /// Of house 1..=12: angular 1, 4, 7, 10; succedent the next; cadent the one after.
    #[must_use]
    pub fn of_house(house: u8) -> Self {
        match house % 3 {
            1 => Self::Angular,
            2 => Self::Succedent,
            _ => Self::Cadent,
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Angular => "angular",
            Self::Succedent => "succedent",
            Self::Cadent => "cadent",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).unwrap()
    }

    #[test]
    fn solar_phase_limits_are_inclusive() {
        assert_eq!(SolarPhase::at(CAZIMI_DEG), SolarPhase::Cazimi);
        assert_eq!(SolarPhase::at(0.3), SolarPhase::Combust);
        assert_eq!(SolarPhase::at(8.5), SolarPhase::Combust);
        assert_eq!(SolarPhase::at(8.51), SolarPhase::UnderTheBeams);
        assert_eq!(SolarPhase::at(15.0), SolarPhase::UnderTheBeams);
        assert_eq!(SolarPhase::at(15.01), SolarPhase::Free);
    }

    #[test]
    fn a_planet_behind_the_sun_rises_first_and_is_oriental() {
        assert!(is_oriental(lon(350.0), lon(10.0)));
        assert!(!is_oriental(lon(20.0), lon(10.0)));
        assert_eq!(planet_sect(Body::Mercury, true), Sect::Day);
        assert_eq!(planet_sect(Body::Mercury, false), Sect::Night);
        assert_eq!(planet_sect(Body::Mars, true), Sect::Night);
    }

    #[test]
    fn hayz_needs_the_hemisphere_and_the_gender() {
        // Jupiter above the horizon by day in Leo (masculine): hayz; in Virgo: halb only.
        let leo = sect_condition(Sect::Day, Sect::Day, true, lon(130.0));
        assert!(leo.in_sect && leo.halb && leo.hayz);
        let virgo = sect_condition(Sect::Day, Sect::Day, true, lon(160.0));
        assert!(virgo.halb && !virgo.hayz);
        // Venus below the horizon by day in Taurus: halb and hayz, though out of sect.
        let venus = sect_condition(Sect::Night, Sect::Day, false, lon(40.0));
        assert!(!venus.in_sect && venus.halb && venus.hayz);
    }

    #[test]
    fn speed_classes() {
        let mean = mean_motion_deg_per_day(Body::Mars).unwrap();
        assert_eq!(SpeedClass::of(0.7, mean), SpeedClass::Fast);
        assert_eq!(SpeedClass::of(0.3, mean), SpeedClass::Slow);
        assert_eq!(SpeedClass::of(-0.3, mean), SpeedClass::Slow);
        assert_eq!(SpeedClass::of(-0.01, mean), SpeedClass::Stationary);
        assert_eq!(Angularity::of_house(10), Angularity::Angular);
        assert_eq!(Angularity::of_house(11), Angularity::Succedent);
        assert_eq!(Angularity::of_house(12), Angularity::Cadent);
    }
}
