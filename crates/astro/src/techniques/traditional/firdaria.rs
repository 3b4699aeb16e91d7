//! Firdaria: the Persian periods of life, each ruled by a planet or a lunar node, in an order
//! set by the chart's sect, each planet's period divided into seven equal sub-periods (Abu
//! Ma'shar, *On the Revolutions of the Years of Nativities*; al-Biruni, *Book of Instruction*
//! §513; Bonatti, *Book of Astronomy* Tr. 10).
//!
//! The variants differ only in the nodes: `abu_mashar` and `al_biruni` put them at the end of
//! the 75 years in both sects; `bonatti` puts them after Mars in a night chart; `no_nodes` leaves
//! them out (a 70-year cycle). The sequence repeats after its cycle. A year is
//! [`FirdariaQuery::year_days`] long (365.2425 days by default, Stellium's; kerykeion takes the
//! Julian 365.25), and the periods are counted from the birth instant.

use crate::body::Body;
use crate::techniques::lots::Sect;
use crate::time::JulianDayUt;

use super::tables::CHALDEAN_ORDER;

/// The default year: the mean Gregorian year, days.
pub const GREGORIAN_YEAR_DAYS: f64 = 365.2425;

/// A lord of a firdaria period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirdarLord {
    Planet(Body),
    NorthNode,
    SouthNode,
}

impl FirdarLord {
    /// Every lord: the seven planets in Chaldean order, then the nodes.
    pub const ALL: [FirdarLord; 9] = [
        Self::Planet(CHALDEAN_ORDER[0]),
        Self::Planet(CHALDEAN_ORDER[1]),
        Self::Planet(CHALDEAN_ORDER[2]),
        Self::Planet(CHALDEAN_ORDER[3]),
        Self::Planet(CHALDEAN_ORDER[4]),
        Self::Planet(CHALDEAN_ORDER[5]),
        Self::Planet(CHALDEAN_ORDER[6]),
        Self::NorthNode,
        Self::SouthNode,
    ];

    /// The API name: the planet's, `north_node` or `south_node`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            // The planets of the firdaria are catalogue bodies, named without allocating.
            Self::Planet(body) => match body.name() {
                std::borrow::Cow::Borrowed(name) => name,
                std::borrow::Cow::Owned(_) => "unknown",
            },
            Self::NorthNode => "north_node",
            Self::SouthNode => "south_node",
        }
    }

    /// The years of the lord's period.
    #[must_use]
    pub fn years(self) -> u8 {
        match self {
            Self::Planet(Body::Sun) => 10,
            Self::Planet(Body::Venus) => 8,
            Self::Planet(Body::Mercury) => 13,
            Self::Planet(Body::Moon) => 9,
            Self::Planet(Body::Saturn) => 11,
            Self::Planet(Body::Jupiter) => 12,
            Self::Planet(_) => 7,
            Self::NorthNode => 3,
            Self::SouthNode => 2,
        }
    }
}

/// Where the nodes stand in the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirdariaVariant {
    /// The nodes after the seven planets, in both sects.
    AbuMashar,
    /// As Abu Ma'shar.
    AlBiruni,
    /// In a night chart the nodes follow Mars.
    Bonatti,
    /// Without the nodes: seven periods, 70 years.
    NoNodes,
}

impl FirdariaVariant {
    pub const ALL: [Self; 4] = [
        Self::AbuMashar,
        Self::AlBiruni,
        Self::Bonatti,
        Self::NoNodes,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::AbuMashar => "abu_mashar",
            Self::AlBiruni => "al_biruni",
            Self::Bonatti => "bonatti",
            Self::NoNodes => "no_nodes",
        }
    }

    /// The lords in order for a chart of `sect`.
    #[must_use]
    pub fn sequence(self, sect: Sect) -> Vec<FirdarLord> {
        // The Chaldean order from the sect's light: Sun, Venus, Mercury, Moon, Saturn,
        // Jupiter, Mars by day; Moon, Saturn, Jupiter, Mars, Sun, Venus, Mercury by night.
        let light = match sect {
            Sect::Day => Body::Sun,
            Sect::Night => Body::Moon,
        };
        let first = CHALDEAN_ORDER.iter().position(|p| *p == light).unwrap_or(0);
        let mut lords: Vec<FirdarLord> = (0..7)
            .map(|k| FirdarLord::Planet(CHALDEAN_ORDER[(first + k) % 7]))
            .collect();
        let nodes = [FirdarLord::NorthNode, FirdarLord::SouthNode];
        match (self, sect) {
            (Self::NoNodes, _) => {}
            (Self::Bonatti, Sect::Night) => {
                let mars = lords
                    .iter()
                    .position(|l| *l == FirdarLord::Planet(Body::Mars))
                    .unwrap_or(lords.len() - 1);
                lords.splice(mars + 1..mars + 1, nodes);
            }
            _ => lords.extend(nodes),
        }
        lords
    }
}

/// A firdaria period or sub-period.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FirdarPeriod {
    pub lord: FirdarLord,
    pub start: JulianDayUt,
    pub end: JulianDayUt,
    /// Age at the start and the end, in years of the query.
    pub start_age_years: f64,
    pub end_age_years: f64,
}

/// A major period with its sub-periods (none for the nodes).
#[derive(Debug, Clone, PartialEq)]
pub struct FirdarMajor {
    pub period: FirdarPeriod,
    pub sub_periods: Vec<FirdarPeriod>,
}

/// What firdaria to lay out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FirdariaQuery {
    pub birth: JulianDayUt,
    pub sect: Sect,
    pub variant: FirdariaVariant,
    /// Days in a year of the periods.
    pub year_days: f64,
    /// Periods are laid out until this age (years): every period that starts before it.
    pub until_age_years: f64,
}

/// The major periods (with their sub-periods) from the birth to `until_age_years`.
#[must_use]
pub fn firdaria(query: &FirdariaQuery) -> Vec<FirdarMajor> {
    let sequence = query.variant.sequence(query.sect);
    let at_age = |age: f64| JulianDayUt(query.birth.0 + age * query.year_days);
    let period = |lord, start_age: f64, end_age: f64| FirdarPeriod {
        lord,
        start: at_age(start_age),
        end: at_age(end_age),
        start_age_years: start_age,
        end_age_years: end_age,
    };
    let mut majors = Vec::new();
    let mut age = 0.0;
    for lord in sequence.iter().cycle() {
        if age >= query.until_age_years {
            break;
        }
        let years = f64::from(lord.years());
        let sub_periods = match lord {
            FirdarLord::Planet(planet) => {
                let first = CHALDEAN_ORDER.iter().position(|p| p == planet).unwrap_or(0);
                let length = years / 7.0;
                (0..7)
                    .map(|k| {
                        let sub = FirdarLord::Planet(CHALDEAN_ORDER[(first + k) % 7]);
                        let start = age + length * k as f64;
                        period(sub, start, start + length)
                    })
                    .collect()
            }
            FirdarLord::NorthNode | FirdarLord::SouthNode => Vec::new(),
        };
        majors.push(FirdarMajor {
            period: period(*lord, age, age + years),
            sub_periods,
        });
        age += years;
    }
    majors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(lords: &[FirdarLord]) -> Vec<&'static str> {
        lords.iter().map(|l| l.name()).collect()
    }

    #[test]
    fn the_sequences_of_the_variants() {
        assert_eq!(
            names(&FirdariaVariant::AbuMashar.sequence(Sect::Day)),
            [
                "sun",
                "venus",
                "mercury",
                "moon",
                "saturn",
                "jupiter",
                "mars",
                "north_node",
                "south_node"
            ]
        );
        assert_eq!(
            names(&FirdariaVariant::Bonatti.sequence(Sect::Night)),
            [
                "moon",
                "saturn",
                "jupiter",
                "mars",
                "north_node",
                "south_node",
                "sun",
                "venus",
                "mercury"
            ]
        );
        assert_eq!(
            FirdariaVariant::Bonatti.sequence(Sect::Day),
            FirdariaVariant::AbuMashar.sequence(Sect::Day)
        );
        assert_eq!(FirdariaVariant::NoNodes.sequence(Sect::Night).len(), 7);
        let total: u32 = FirdariaVariant::AbuMashar
            .sequence(Sect::Night)
            .iter()
            .map(|l| u32::from(l.years()))
            .sum();
        assert_eq!(total, 75);
    }

    #[test]
    fn periods_tile_the_life_and_repeat() {
        let majors = firdaria(&FirdariaQuery {
            birth: JulianDayUt(2_451_545.0),
            sect: Sect::Day,
            variant: FirdariaVariant::NoNodes,
            year_days: 365.25,
            until_age_years: 90.0,
        });
        assert!(
            majors
                .windows(2)
                .all(|w| w[0].period.end == w[1].period.start)
        );
        // 70 years later the Sun comes back.
        let again = majors
            .iter()
            .find(|m| (m.period.start_age_years - 70.0).abs() < 1e-9)
            .unwrap();
        assert_eq!(again.period.lord, FirdarLord::Planet(Body::Sun));
        let sun = &majors[0];
        assert_eq!(sun.sub_periods.len(), 7);
        assert_eq!(sun.sub_periods[1].lord, FirdarLord::Planet(Body::Venus));
        assert!((sun.sub_periods[6].end.0 - sun.period.end.0).abs() < 1e-6);
    }
}
