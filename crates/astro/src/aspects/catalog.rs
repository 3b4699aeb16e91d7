//! The aspect catalogue: names, exact angles, categories.
//!
//! Major: the Ptolemaic aspects (conjunction, sextile, square, trine, opposition).
//! Minor: the Keplerian aspects in common use (semisextile, semisquare, quintile, sesquiquadrate,
//! biquintile, quincunx).
//!
//! Not in the catalogue: the septile family (360°/7 = 51.43°) and the novile family (40°). They are
//! harmonic-chart aspects used by few practitioners; putting them under `minor` would add noise to
//! every request that asks for minor aspects, and their angles are not whole degrees. They can be
//! added as a category of their own if clients ask.

use std::fmt;
use std::str::FromStr;

use crate::error::{NameKind, UnknownName};

/// Whether an aspect is one of the five Ptolemaic (major) aspects or a minor one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AspectCategory {
    /// Conjunction, sextile, square, trine, opposition.
    Major,
    /// Semisextile, semisquare, quintile, sesquiquadrate, biquintile, quincunx.
    Minor,
}

impl AspectCategory {
    /// Both categories.
    pub const ALL: [Self; 2] = [Self::Major, Self::Minor];
    /// Their names, as the API spells them.
    pub const NAMES: [&'static str; 2] = ["major", "minor"];

    /// `major` or `minor`.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The aspects of this category, in catalogue order.
    pub fn aspects(self) -> impl Iterator<Item = Aspect> {
        Aspect::ALL
            .into_iter()
            .filter(move |aspect| aspect.category() == self)
    }
}

impl fmt::Display for AspectCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for AspectCategory {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownName {
                kind: NameKind::AspectCategory,
                got: s.to_owned(),
            })
    }
}

/// An aspect of the catalogue. The declaration order is the catalogue order: majors by angle,
/// then minors by angle. It breaks ties between equally close aspects and orders listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Aspect {
    /// 0°.
    Conjunction,
    /// 60°.
    Sextile,
    /// 90°.
    Square,
    /// 120°.
    Trine,
    /// 180°.
    Opposition,
    /// 30°.
    Semisextile,
    /// 45°.
    Semisquare,
    /// 72°.
    Quintile,
    /// 135°.
    Sesquiquadrate,
    /// 144°.
    Biquintile,
    /// 150°.
    Quincunx,
}

impl Aspect {
    /// Every aspect, in catalogue order.
    pub const ALL: [Self; 11] = [
        Self::Conjunction,
        Self::Sextile,
        Self::Square,
        Self::Trine,
        Self::Opposition,
        Self::Semisextile,
        Self::Semisquare,
        Self::Quintile,
        Self::Sesquiquadrate,
        Self::Biquintile,
        Self::Quincunx,
    ];

    /// The snake_case names, in catalogue order.
    pub const NAMES: [&'static str; 11] = [
        "conjunction",
        "sextile",
        "square",
        "trine",
        "opposition",
        "semisextile",
        "semisquare",
        "quintile",
        "sesquiquadrate",
        "biquintile",
        "quincunx",
    ];

    /// The snake_case name, e.g. `sesquiquadrate`.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The exact angle in degrees, in `[0, 180]`.
    #[must_use]
    pub fn angle_deg(self) -> f64 {
        match self {
            Self::Conjunction => 0.0,
            Self::Sextile => 60.0,
            Self::Square => 90.0,
            Self::Trine => 120.0,
            Self::Opposition => 180.0,
            Self::Semisextile => 30.0,
            Self::Semisquare => 45.0,
            Self::Quintile => 72.0,
            Self::Sesquiquadrate => 135.0,
            Self::Biquintile => 144.0,
            Self::Quincunx => 150.0,
        }
    }

    /// Major (Ptolemaic) or minor.
    #[must_use]
    pub fn category(self) -> AspectCategory {
        match self {
            Self::Conjunction | Self::Sextile | Self::Square | Self::Trine | Self::Opposition => {
                AspectCategory::Major
            }
            Self::Semisextile
            | Self::Semisquare
            | Self::Quintile
            | Self::Sesquiquadrate
            | Self::Biquintile
            | Self::Quincunx => AspectCategory::Minor,
        }
    }

    /// One line saying what the aspect is, for catalogues and documentation.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Conjunction => "0°: the two points at the same longitude",
            Self::Sextile => "60°: one sixth of the circle",
            Self::Square => "90°: one quarter of the circle",
            Self::Trine => "120°: one third of the circle",
            Self::Opposition => "180°: half the circle, the points face each other",
            Self::Semisextile => "30°: one twelfth of the circle, half a sextile",
            Self::Semisquare => "45°: one eighth of the circle, half a square",
            Self::Quintile => "72°: one fifth of the circle",
            Self::Sesquiquadrate => "135°: three eighths of the circle, a square and a half",
            Self::Biquintile => "144°: two fifths of the circle",
            Self::Quincunx => "150°: five twelfths of the circle, also called inconjunct",
        }
    }

    /// The aspects of the given categories, deduplicated, in catalogue order.
    ///
    /// ```
    /// use orrery_astro::aspects::{Aspect, AspectCategory};
    /// let majors = Aspect::of_categories(&[AspectCategory::Major]);
    /// assert_eq!(majors.len(), 5);
    /// assert_eq!(Aspect::of_categories(&AspectCategory::ALL), Aspect::ALL.to_vec());
    /// ```
    #[must_use]
    pub fn of_categories(categories: &[AspectCategory]) -> Vec<Self> {
        Self::ALL
            .into_iter()
            .filter(|a| categories.contains(&a.category()))
            .collect()
    }
}

impl fmt::Display for Aspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Aspect {
    type Err = UnknownName;

    /// Parses a snake_case name exactly as [`Aspect::name`] writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| UnknownName {
                kind: NameKind::Aspect,
                got: s.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_matches_declaration() {
        for (i, aspect) in Aspect::ALL.into_iter().enumerate() {
            assert_eq!(aspect as usize, i);
            assert_eq!(aspect.name().parse::<Aspect>(), Ok(aspect));
            assert_eq!(aspect.to_string(), aspect.name());
            assert!((0.0..=180.0).contains(&aspect.angle_deg()));
            assert!(
                aspect
                    .description()
                    .starts_with(&format!("{}°", aspect.angle_deg()))
            );
        }
        for c in AspectCategory::ALL {
            assert_eq!(c.name().parse::<AspectCategory>(), Ok(c));
        }
    }

    #[test]
    fn categories() {
        let majors: Vec<_> = AspectCategory::Major.aspects().map(Aspect::name).collect();
        assert_eq!(
            majors,
            ["conjunction", "sextile", "square", "trine", "opposition"]
        );
        assert_eq!(AspectCategory::Minor.aspects().count(), 6);
        assert!(Aspect::of_categories(&[]).is_empty());
    }

    #[test]
    fn unknown_aspect_lists_names() {
        let err = "inconjunct".parse::<Aspect>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown aspect `inconjunct`; accepted names: conjunction, sextile, square, trine, \
             opposition, semisextile, semisquare, quintile, sesquiquadrate, biquintile, quincunx"
        );
        let err = "all".parse::<AspectCategory>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown aspect category `all`; accepted names: major, minor"
        );
    }
}
