//! Orbs: how far from exact an aspect may be and still count.
//!
//! An [`OrbSpec`] is what a request chose: a preset, a flat orb for every aspect, or a custom
//! object (a cap `max` and/or per-aspect orbs on top of `classic`). [`OrbSpec::orb_for`] resolves
//! it to the orb of one aspect between two named points.
//!
//! # Presets (degrees)
//!
//! | aspect                   | `classic` | `classic`, Sun or Moon involved | `tight` | `tight`, Sun or Moon | `transit` | `progression` |
//! |--------------------------|----------:|--------------------------------:|--------:|---------------------:|----------:|--------------:|
//! | conjunction, opposition  | 8         | 10                              | 4       | 5                    | 1         | 1             |
//! | square, trine            | 7         | 9                               | 3.5     | 4.5                  | 1         | 1             |
//! | sextile                  | 5         | 7                               | 2.5     | 3.5                  | 1         | 1             |
//! | quincunx                 | 3         | 3                               | 1.5     | 1.5                  | 1         | 1             |
//! | other minors             | 2         | 2                               | 1       | 1                    | 1         | 1             |
//!
//! Why these numbers: `classic` ranks the orbs by the aspects' traditional weight (conjunction and
//! opposition widest, sextile narrowest of the majors) with values in the middle of what Western
//! textbooks and chart programs use. Minor aspects get small orbs because they are only read when
//! close; the quincunx gets a little more, as most programs give it. With these values no two
//! aspects' orbs overlap, so in `classic` a pair can match at most one aspect.
//!
//! Luminaries: when either point is `sun` or `moon`, the major aspects of `classic` get
//! [`LUMINARY_BONUS_DEG`] more. Tradition gives the Sun and Moon the widest orbs of all (their
//! "moieties" are the largest) and most programs follow; a flat bonus on the majors keeps that in
//! one small table. `tight` is exactly half of `classic`, bonus included. `transit` and
//! `progression` are flat 1° for every aspect and every point: they are used to find contacts that
//! are about to be exact, where a wider orb means "not yet".
//!
//! # Custom orbs
//!
//! An object `{max?, <aspect name>: orb, …}`: an aspect named in it gets exactly that orb (for every
//! pair, no luminary bonus); every other aspect gets its `classic` orb. `max`, when given, caps
//! every orb: `{max: 5}` is `classic` with nothing wider than 5°. A per-aspect orb above `max` is a
//! contradiction and an error ([`OrbError::AboveMax`]), not a silent cut.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::catalog::{Aspect, AspectCategory};
use crate::error::{NameKind, OrbError, OrbSubject, UnknownName};

/// Extra orb for major aspects in `classic` when the Sun or the Moon is one of the two points.
pub const LUMINARY_BONUS_DEG: f64 = 2.0;

/// An orb in degrees: finite, greater than 0 and at most [`Orb::MAX_DEG`].
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Orb(f64);

impl Orb {
    /// The widest orb accepted. At 30° the orb of one aspect reaches the exact angle of its nearest
    /// neighbours (semisextile, semisquare); wider, "an aspect" stops meaning anything.
    pub const MAX_DEG: f64 = 30.0;

    /// An orb of `deg` degrees.
    ///
    /// ```
    /// use orrery_astro::aspects::Orb;
    /// assert_eq!(Orb::new(1.5)?.degrees(), 1.5);
    /// assert!(Orb::new(0.0).is_err());
    /// assert!(Orb::new(31.0).is_err());
    /// # Ok::<(), orrery_astro::error::OrbError>(())
    /// ```
    ///
    /// # Errors
    /// [`OrbError::NotFinite`], [`OrbError::NotPositive`] or [`OrbError::AboveCap`], naming the
    /// orb as [`OrbSubject::Flat`].
    pub fn new(deg: f64) -> Result<Self, OrbError> {
        Self::checked(deg, OrbSubject::Flat)
    }

    /// An orb of `deg` degrees; errors name `subject`.
    fn checked(deg: f64, subject: OrbSubject) -> Result<Self, OrbError> {
        if !deg.is_finite() {
            Err(OrbError::NotFinite {
                subject,
                value: deg,
            })
        } else if deg <= 0.0 {
            Err(OrbError::NotPositive {
                subject,
                value: deg,
            })
        } else if deg > Self::MAX_DEG {
            Err(OrbError::AboveCap {
                subject,
                value: deg,
                cap_deg: Self::MAX_DEG,
            })
        } else {
            Ok(Self(deg))
        }
    }

    /// The orb in degrees.
    #[must_use]
    pub fn degrees(self) -> f64 {
        self.0
    }

    fn min(self, other: Self) -> Self {
        if other.0 < self.0 { other } else { self }
    }
}

/// Whether a point gets the luminary orbs: `sun` and `moon`.
#[must_use]
pub fn is_luminary(point: &str) -> bool {
    matches!(point, "sun" | "moon")
}

/// A named orb table; see the module documentation for the values and the reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OrbPreset {
    /// The default for charts and free position lists.
    #[default]
    Classic,
    /// Half of `classic`.
    Tight,
    /// Flat 1°, the default for transits.
    Transit,
    /// Flat 1°, the default for progressions.
    Progression,
}

impl OrbPreset {
    /// Every preset.
    pub const ALL: [Self; 4] = [Self::Classic, Self::Tight, Self::Transit, Self::Progression];
    /// Their names, as the API spells them.
    pub const NAMES: [&'static str; 4] = ["classic", "tight", "transit", "progression"];

    /// The snake_case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The orb of `aspect` in this preset; `luminary` says whether the Sun or Moon is involved.
    #[must_use]
    pub fn orb(self, aspect: Aspect, luminary: bool) -> Orb {
        match self {
            Self::Classic => Orb(classic_deg(aspect, luminary)),
            Self::Tight => Orb(classic_deg(aspect, luminary) / 2.0),
            Self::Transit | Self::Progression => Orb(1.0),
        }
    }
}

/// The `classic` table in degrees.
fn classic_deg(aspect: Aspect, luminary: bool) -> f64 {
    let base = match aspect {
        Aspect::Conjunction | Aspect::Opposition => 8.0,
        Aspect::Square | Aspect::Trine => 7.0,
        Aspect::Sextile => 5.0,
        Aspect::Quincunx => 3.0,
        Aspect::Semisextile
        | Aspect::Semisquare
        | Aspect::Quintile
        | Aspect::Sesquiquadrate
        | Aspect::Biquintile => 2.0,
    };
    if luminary && aspect.category() == AspectCategory::Major {
        base + LUMINARY_BONUS_DEG
    } else {
        base
    }
}

impl fmt::Display for OrbPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OrbPreset {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownName {
                kind: NameKind::OrbPreset,
                got: s.to_owned(),
            })
    }
}

/// A custom orb object: an optional cap `max` and per-aspect orbs, on top of `classic`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CustomOrbs {
    max: Option<Orb>,
    per_aspect: BTreeMap<Aspect, Orb>,
}

impl CustomOrbs {
    /// Validates a custom orb object. An empty one (no `max`, no aspect) is plain `classic`.
    ///
    /// ```
    /// use orrery_astro::aspects::{Aspect, CustomOrbs, OrbSpec};
    /// let spec = OrbSpec::Custom(CustomOrbs::new(Some(6.0), [(Aspect::Trine, 4.0)])?);
    /// assert_eq!(spec.orb_for(Aspect::Trine, "mars", "venus").degrees(), 4.0);
    /// assert_eq!(spec.orb_for(Aspect::Conjunction, "sun", "venus").degrees(), 6.0); // 10, capped
    /// assert_eq!(spec.orb_for(Aspect::Sextile, "mars", "venus").degrees(), 5.0); // classic
    /// # Ok::<(), orrery_astro::error::OrbError>(())
    /// ```
    ///
    /// # Errors
    /// [`OrbError`] naming `max` or the aspect whose orb is not finite, not above 0, above
    /// [`Orb::MAX_DEG`], or above `max`. When an aspect is given twice, the last value counts.
    pub fn new(
        max_deg: Option<f64>,
        per_aspect_deg: impl IntoIterator<Item = (Aspect, f64)>,
    ) -> Result<Self, OrbError> {
        let max = max_deg
            .map(|deg| Orb::checked(deg, OrbSubject::Max))
            .transpose()?;
        let mut per_aspect = BTreeMap::new();
        for (aspect, deg) in per_aspect_deg {
            let orb = Orb::checked(deg, OrbSubject::Aspect(aspect))?;
            if let Some(max) = max
                && orb.0 > max.0
            {
                return Err(OrbError::AboveMax {
                    aspect,
                    value_deg: deg,
                    max_deg: max.0,
                });
            }
            per_aspect.insert(aspect, orb);
        }
        Ok(Self { max, per_aspect })
    }

    /// The cap, when one was given.
    #[must_use]
    pub fn max(&self) -> Option<Orb> {
        self.max
    }

    /// The orb given for `aspect`, if any.
    #[must_use]
    pub fn per_aspect(&self, aspect: Aspect) -> Option<Orb> {
        self.per_aspect.get(&aspect).copied()
    }
}

/// The orbs a request chose. The default is `classic`.
#[derive(Debug, Clone, PartialEq)]
pub enum OrbSpec {
    /// A named table.
    Preset(OrbPreset),
    /// The same orb for every aspect and every pair (a bare number in the API).
    Flat(Orb),
    /// A custom object on top of `classic`.
    Custom(CustomOrbs),
}

impl Default for OrbSpec {
    fn default() -> Self {
        Self::Preset(OrbPreset::Classic)
    }
}

impl OrbSpec {
    /// The orb allowed for `aspect` between the points named `first_point` and `second_point`.
    ///
    /// ```
    /// use orrery_astro::aspects::{Aspect, OrbPreset, OrbSpec};
    /// let classic = OrbSpec::Preset(OrbPreset::Classic);
    /// assert_eq!(classic.orb_for(Aspect::Trine, "mars", "saturn").degrees(), 7.0);
    /// assert_eq!(classic.orb_for(Aspect::Trine, "moon", "saturn").degrees(), 9.0);
    /// ```
    #[must_use]
    pub fn orb_for(&self, aspect: Aspect, first_point: &str, second_point: &str) -> Orb {
        let luminary = is_luminary(first_point) || is_luminary(second_point);
        match self {
            Self::Preset(preset) => preset.orb(aspect, luminary),
            Self::Flat(orb) => *orb,
            Self::Custom(custom) => {
                let orb = custom
                    .per_aspect(aspect)
                    .unwrap_or_else(|| OrbPreset::Classic.orb(aspect, luminary));
                custom.max.map_or(orb, |max| orb.min(max))
            }
        }
    }

    /// The preset, when the spec is one.
    #[must_use]
    pub fn preset(&self) -> Option<OrbPreset> {
        match self {
            Self::Preset(preset) => Some(*preset),
            Self::Flat(_) | Self::Custom(_) => None,
        }
    }

    /// The widest orb any pair can get for any of `aspects` (luminaries included), in degrees;
    /// 0 when `aspects` is empty. Useful to echo the effective maximum in a response.
    #[must_use]
    pub fn max_orb_deg(&self, aspects: &[Aspect]) -> f64 {
        aspects
            .iter()
            .flat_map(|&a| [self.orb_for(a, "sun", "sun"), self.orb_for(a, "", "")])
            .map(Orb::degrees)
            .fold(0.0, f64::max)
    }
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact in binary; tolerances are named where they are not"
)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_orb_is_a_valid_orb() {
        for preset in OrbPreset::ALL {
            assert_eq!(preset.name().parse::<OrbPreset>(), Ok(preset));
            for aspect in Aspect::ALL {
                for luminary in [false, true] {
                    let deg = preset.orb(aspect, luminary).degrees();
                    assert_eq!(
                        Orb::new(deg).map(Orb::degrees),
                        Ok(deg),
                        "{preset} {aspect}"
                    );
                }
            }
        }
    }

    #[test]
    fn classic_table() {
        let classic = OrbSpec::default();
        let orb = |a, p: &str, q: &str| classic.orb_for(a, p, q).degrees();
        assert_eq!(orb(Aspect::Conjunction, "mars", "venus"), 8.0);
        assert_eq!(orb(Aspect::Conjunction, "sun", "venus"), 10.0);
        assert_eq!(orb(Aspect::Opposition, "venus", "moon"), 10.0);
        assert_eq!(orb(Aspect::Square, "mars", "venus"), 7.0);
        assert_eq!(orb(Aspect::Sextile, "sun", "moon"), 7.0);
        assert_eq!(orb(Aspect::Quincunx, "sun", "mars"), 3.0);
        assert_eq!(orb(Aspect::Semisquare, "sun", "mars"), 2.0);
    }

    #[test]
    fn classic_orbs_never_overlap() {
        // With luminary orbs on both sides, neighbouring aspects stay apart: a pair can match at
        // most one aspect in `classic`.
        let mut by_angle = Aspect::ALL.to_vec();
        by_angle.sort_by(|a, b| a.angle_deg().total_cmp(&b.angle_deg()));
        for pair in by_angle.windows(2) {
            let gap = pair[1].angle_deg() - pair[0].angle_deg();
            let reach = OrbPreset::Classic.orb(pair[0], true).degrees()
                + OrbPreset::Classic.orb(pair[1], true).degrees();
            assert!(reach < gap, "{} and {} overlap", pair[0], pair[1]);
        }
    }

    #[test]
    fn tight_is_half_and_flat_presets_are_one_degree() {
        for aspect in Aspect::ALL {
            for luminary in [false, true] {
                let classic = OrbPreset::Classic.orb(aspect, luminary).degrees();
                assert_eq!(
                    OrbPreset::Tight.orb(aspect, luminary).degrees(),
                    classic / 2.0
                );
                assert_eq!(OrbPreset::Transit.orb(aspect, luminary).degrees(), 1.0);
                assert_eq!(OrbPreset::Progression.orb(aspect, luminary).degrees(), 1.0);
            }
        }
    }

    #[test]
    fn orb_validation_names_the_rule() {
        assert!(matches!(
            Orb::new(f64::NAN),
            Err(OrbError::NotFinite { .. })
        ));
        assert!(matches!(Orb::new(0.0), Err(OrbError::NotPositive { .. })));
        assert!(matches!(Orb::new(-1.0), Err(OrbError::NotPositive { .. })));
        assert!(matches!(
            Orb::new(30.000_001),
            Err(OrbError::AboveCap { .. })
        ));
        assert_eq!(Orb::new(30.0).map(Orb::degrees), Ok(30.0));
        assert_eq!(
            Orb::new(0.0).unwrap_err().to_string(),
            "the orb must be greater than 0 degrees (got 0)"
        );
        assert_eq!(
            Orb::new(f64::INFINITY).unwrap_err().to_string(),
            "the orb must be a finite number of degrees (got inf)"
        );
    }

    #[test]
    fn custom_orbs() {
        let custom = CustomOrbs::new(None, [(Aspect::Trine, 3.0)]).unwrap();
        let spec = OrbSpec::Custom(custom);
        assert_eq!(spec.orb_for(Aspect::Trine, "sun", "moon").degrees(), 3.0);
        assert_eq!(spec.orb_for(Aspect::Square, "sun", "moon").degrees(), 9.0);
        assert_eq!(spec.preset(), None);

        let capped = OrbSpec::Custom(CustomOrbs::new(Some(4.0), []).unwrap());
        assert_eq!(
            capped.orb_for(Aspect::Conjunction, "sun", "x").degrees(),
            4.0
        );
        assert_eq!(
            capped.orb_for(Aspect::Semisquare, "sun", "x").degrees(),
            2.0
        );
        assert_eq!(capped.max_orb_deg(&Aspect::ALL), 4.0);

        let empty = OrbSpec::Custom(CustomOrbs::new(None, []).unwrap());
        for aspect in Aspect::ALL {
            assert_eq!(
                empty.orb_for(aspect, "moon", "mars"),
                OrbSpec::default().orb_for(aspect, "moon", "mars")
            );
        }
    }

    #[test]
    fn custom_orb_errors() {
        assert_eq!(
            CustomOrbs::new(Some(0.0), []).unwrap_err().to_string(),
            "the maximum orb `max` must be greater than 0 degrees (got 0)"
        );
        assert_eq!(
            CustomOrbs::new(None, [(Aspect::Square, 45.0)])
                .unwrap_err()
                .to_string(),
            "the orb for `square` must be at most 30 degrees (got 45)"
        );
        assert_eq!(
            CustomOrbs::new(Some(5.0), [(Aspect::Trine, 6.0)])
                .unwrap_err()
                .to_string(),
            "the orb for `trine` (6 degrees) must not exceed the maximum orb `max` (5 degrees)"
        );
    }

    #[test]
    fn max_orb_of_presets() {
        let majors = Aspect::of_categories(&[AspectCategory::Major]);
        let minors = Aspect::of_categories(&[AspectCategory::Minor]);
        assert_eq!(OrbSpec::default().max_orb_deg(&majors), 10.0);
        assert_eq!(OrbSpec::default().max_orb_deg(&minors), 3.0);
        assert_eq!(OrbSpec::Preset(OrbPreset::Tight).max_orb_deg(&majors), 5.0);
        assert_eq!(
            OrbSpec::Preset(OrbPreset::Transit).max_orb_deg(&majors),
            1.0
        );
        assert_eq!(OrbSpec::default().max_orb_deg(&[]), 0.0);
    }
}
