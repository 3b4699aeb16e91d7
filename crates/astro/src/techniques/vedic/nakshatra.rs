//! The 27 nakshatras (lunar mansions) of 13°20′ each from 0° sidereal Aries, their four padas
//! of 3°20′, and the Vimshottari lord of each.
//!
//! Nakshatra `i` (0 for Ashwini .. 26 for Revati) covers `[i × 13°20′, (i + 1) × 13°20′)`; its
//! lords run through the Vimshottari order ketu, venus, sun, moon, mars, rahu, jupiter,
//! saturn, mercury three times (Ashwini, Magha and Mula are ruled by Ketu). A boundary belongs
//! to the nakshatra (and pada) it opens.

use crate::angle::{FULL_CIRCLE_DEG, Longitude};

use super::Graha;
use super::dasha::VIMSHOTTARI_ORDER;

/// The number of nakshatras.
pub const NAKSHATRA_COUNT: usize = 27;
/// The width of a nakshatra: 360° / 27 = 13°20′.
pub const NAKSHATRA_WIDTH_DEG: f64 = FULL_CIRCLE_DEG / 27.0;
/// Padas per nakshatra.
pub const PADAS: u8 = 4;

/// The snake_case names, Ashwini first.
pub const NAKSHATRA_NAMES: [&str; NAKSHATRA_COUNT] = [
    "ashwini",
    "bharani",
    "krittika",
    "rohini",
    "mrigashira",
    "ardra",
    "punarvasu",
    "pushya",
    "ashlesha",
    "magha",
    "purva_phalguni",
    "uttara_phalguni",
    "hasta",
    "chitra",
    "swati",
    "vishakha",
    "anuradha",
    "jyeshtha",
    "mula",
    "purva_ashadha",
    "uttara_ashadha",
    "shravana",
    "dhanishta",
    "shatabhisha",
    "purva_bhadrapada",
    "uttara_bhadrapada",
    "revati",
];

/// A nakshatra, by its index from Ashwini.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nakshatra(usize);

impl Nakshatra {
    /// The nakshatra with index `i` (0 = Ashwini), or `None` past Revati.
    #[must_use]
    pub fn from_index(i: usize) -> Option<Self> {
        (i < NAKSHATRA_COUNT).then_some(Self(i))
    }

    /// 0 for Ashwini .. 26 for Revati.
    #[must_use]
    pub fn index(self) -> usize {
        self.0
    }

    /// The snake_case name, e.g. `purva_phalguni`.
    #[must_use]
    pub fn name(self) -> &'static str {
        NAKSHATRA_NAMES[self.0]
    }

    /// Its Vimshottari lord: the order ketu..mercury repeated from Ashwini.
    #[must_use]
    pub fn lord(self) -> Graha {
        VIMSHOTTARI_ORDER[self.0 % VIMSHOTTARI_ORDER.len()]
    }

    /// The sidereal longitude where it begins.
    #[must_use]
    pub fn start_deg(self) -> f64 {
        #[allow(clippy::cast_precision_loss, reason = "an index below 27")]
        let i = self.0 as f64;
        i * NAKSHATRA_WIDTH_DEG
    }
}

/// Where a longitude falls among the nakshatras.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NakshatraPosition {
    pub nakshatra: Nakshatra,
    /// 1..=4: the quarter of the nakshatra.
    pub pada: u8,
    /// How much of the nakshatra lies behind the longitude, in `[0, 1]`.
    pub elapsed_fraction: f64,
}

impl NakshatraPosition {
    /// The nakshatra, pada and elapsed fraction of a sidereal longitude.
    ///
    /// ```
    /// use orrery_astro::angle::Longitude;
    /// use orrery_astro::techniques::vedic::nakshatra::NakshatraPosition;
    /// let p = NakshatraPosition::of(Longitude::new(45.0)?); // 5° into Rohini (40°..53°20′)
    /// assert_eq!((p.nakshatra.name(), p.pada), ("rohini", 2));
    /// # Ok::<(), orrery_astro::error::AngleError>(())
    /// ```
    #[must_use]
    pub fn of(lon: Longitude) -> Self {
        // In [0, 27): the number of nakshatras behind the longitude.
        let count = lon.degrees() / NAKSHATRA_WIDTH_DEG;
        // `floor` of a number in [0, 27); `min` guards the last ulp below 360°.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a non-negative number below 27"
        )]
        let index = (count.floor() as usize).min(NAKSHATRA_COUNT - 1);
        #[allow(clippy::cast_precision_loss, reason = "an index below 27")]
        let elapsed_fraction = (count - index as f64).clamp(0.0, 1.0);
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a number in [0, 4]"
        )]
        let pada = ((elapsed_fraction * f64::from(PADAS)).floor() as u8).min(PADAS - 1) + 1;
        Self {
            nakshatra: Nakshatra(index),
            pada,
            elapsed_fraction,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn lon(deg: f64) -> Longitude {
        Longitude::new(deg).expect("finite")
    }

    #[test]
    fn boundaries_belong_to_the_nakshatra_they_open() {
        let first = NakshatraPosition::of(lon(0.0));
        assert_eq!((first.nakshatra.name(), first.pada), ("ashwini", 1));
        let last = NakshatraPosition::of(lon(359.999_999));
        assert_eq!((last.nakshatra.name(), last.pada), ("revati", 4));
        // 120° is the start of Magha (9 × 13°20′), ruled by Ketu like Ashwini and Mula.
        let magha = NakshatraPosition::of(lon(120.0));
        assert_eq!((magha.nakshatra.name(), magha.pada), ("magha", 1));
        for name in ["ashwini", "magha", "mula"] {
            let i = NAKSHATRA_NAMES.iter().position(|n| *n == name).unwrap();
            assert_eq!(Nakshatra(i).lord(), Graha::Ketu);
        }
        assert_eq!(Nakshatra(26).lord(), Graha::Mercury);
        assert!(Nakshatra::from_index(27).is_none());
    }

    proptest! {
        /// The index, pada and fraction put the longitude back where it was, and it lies in
        /// its nakshatra and pada.
        #[test]
        fn index_and_pada_agree_with_the_longitude(deg in 0.0..360.0_f64) {
            let p = NakshatraPosition::of(lon(deg));
            let start = p.nakshatra.start_deg();
            prop_assert!(start <= deg + 1e-9 && deg < start + NAKSHATRA_WIDTH_DEG + 1e-9);
            let pada_width = NAKSHATRA_WIDTH_DEG / f64::from(PADAS);
            let pada_start = start + f64::from(p.pada - 1) * pada_width;
            prop_assert!((1..=4).contains(&p.pada));
            prop_assert!(pada_start <= deg + 1e-9 && deg < pada_start + pada_width + 1e-9);
            let back = start + p.elapsed_fraction * NAKSHATRA_WIDTH_DEG;
            prop_assert!((back - deg).abs() < 1e-9, "{back} vs {deg}");
        }
    }
}
