//! KP (Krishnamurti Paddhati) lords of a sidereal longitude: the sign lord, the star
//! (nakshatra) lord, the sub lord and the sub-sub lord.
//!
//! Each nakshatra of 13°20′ is divided into nine subs, one per Vimshottari lord, each as wide
//! as the lord's share of the 120-year cycle (Ketu 7/120 of the star, Venus 20/120, …), in the
//! Vimshottari order starting from the star's own lord. Each sub is divided again the same way,
//! starting from the sub's lord: the sub-subs. So the lords of a longitude are those of the
//! Vimshottari periods running at the same fraction of the cycle, the star lord being the
//! mahadasha, the sub lord the antardasha and the sub-sub lord the pratyantardasha (K. S.
//! Krishnamurti, *KP Reader* I; the 249 subs of the zodiac). The sign lords are the classical
//! rulers (Mars for Aries and Scorpio … Saturn for Capricorn and Aquarius), the nodes ruling
//! no sign.
//!
//! The longitude is the caller's: KP uses the KP ayanamsa (`krishnamurti` or
//! `krishnamurti_vp291`) and Placidus cusps; this module only divides.

use crate::angle::{Longitude, Sign};

use super::Graha;
use super::dasha::{CYCLE_YEARS, VIMSHOTTARI_ORDER, vimshottari_years};
use super::nakshatra::NakshatraPosition;

/// The four KP lords of a longitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KpLords {
    /// The ruler of the sign.
    pub sign_lord: Graha,
    /// The Vimshottari lord of the nakshatra.
    pub star_lord: Graha,
    /// The lord of the ninth-part (sub) of the nakshatra.
    pub sub_lord: Graha,
    /// The lord of the ninth-part of the sub.
    pub sub_sub_lord: Graha,
}

/// The classical ruler of a sign.
#[must_use]
pub fn sign_lord(sign: Sign) -> Graha {
    match sign {
        Sign::Aries | Sign::Scorpio => Graha::Mars,
        Sign::Taurus | Sign::Libra => Graha::Venus,
        Sign::Gemini | Sign::Virgo => Graha::Mercury,
        Sign::Cancer => Graha::Moon,
        Sign::Leo => Graha::Sun,
        Sign::Sagittarius | Sign::Pisces => Graha::Jupiter,
        Sign::Capricorn | Sign::Aquarius => Graha::Saturn,
    }
}

/// The lord whose share of a cycle of 120 contains `years` (in `[0, 120)`), the cycle
/// starting from `first`; with the years already run when that share began.
fn running(first: Graha, years: f64) -> (Graha, f64) {
    let start = VIMSHOTTARI_ORDER
        .iter()
        .position(|&g| g == first)
        .unwrap_or(0);
    let mut elapsed = 0.0;
    let mut lord = first;
    for k in 0..VIMSHOTTARI_ORDER.len() {
        lord = VIMSHOTTARI_ORDER[(start + k) % VIMSHOTTARI_ORDER.len()];
        let share = vimshottari_years(lord);
        if years < elapsed + share {
            return (lord, elapsed);
        }
        elapsed += share;
    }
    // Only a `years` at the cycle's very end (rounding) gets here: the last lord.
    (lord, elapsed - vimshottari_years(lord))
}

/// The sign, star, sub and sub-sub lords of a sidereal longitude.
///
/// ```
/// use orrery_astro::angle::Longitude;
/// use orrery_astro::techniques::vedic::Graha;
/// use orrery_astro::techniques::vedic::kp::kp_lords;
///
/// // 0°–0°46′40″ Aries is the sub of Ketu in Ketu's star Ashwini.
/// let lords = kp_lords(Longitude::new(0.5)?);
/// assert_eq!((lords.sign_lord, lords.star_lord, lords.sub_lord),
///            (Graha::Mars, Graha::Ketu, Graha::Ketu));
/// # Ok::<(), orrery_astro::error::AngleError>(())
/// ```
#[must_use]
pub fn kp_lords(lon: Longitude) -> KpLords {
    let star = NakshatraPosition::of(lon);
    let star_lord = star.nakshatra.lord();
    // The fraction of the star behind the longitude, as years of a 120-year cycle.
    let years = star.elapsed_fraction * CYCLE_YEARS;
    let (sub_lord, sub_start) = running(star_lord, years);
    // The fraction of the sub behind the longitude, again as years of a cycle.
    let within = (years - sub_start) / vimshottari_years(sub_lord) * CYCLE_YEARS;
    let (sub_sub_lord, _) = running(sub_lord, within.clamp(0.0, CYCLE_YEARS));
    KpLords {
        sign_lord: sign_lord(lon.sign()),
        star_lord,
        sub_lord,
        sub_sub_lord,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lords(deg: f64) -> KpLords {
        kp_lords(Longitude::new(deg).unwrap())
    }

    #[test]
    fn the_subs_of_ashwini_follow_the_vimshottari_shares() {
        // Ashwini (Ketu) 0°–13°20′: Ketu 46′40″, Venus 2°13′20″, Sun 40′, …
        assert_eq!(lords(0.77).sub_lord, Graha::Ketu);
        assert_eq!(lords(0.78).sub_lord, Graha::Venus);
        assert_eq!(lords(3.0 - 0.001).sub_lord, Graha::Venus);
        assert_eq!(lords(3.0 + 0.001).sub_lord, Graha::Sun);
        assert_eq!(lords(13.33).sub_lord, Graha::Mercury);
    }

    #[test]
    fn a_sub_sub_starts_from_its_sub_lord() {
        // The Sun's sub of Bharani (Venus) begins at 13°20′ + 2°13′20″ = 15°33′20″ and lasts 40′;
        // its first sub-sub is the Sun's own, 40′ × 6/120 = 2′.
        let start = 15.0 + 33.0 / 60.0 + 20.0 / 3600.0;
        assert_eq!(lords(start + 0.01).sub_lord, Graha::Sun);
        assert_eq!(lords(start + 0.01).sub_sub_lord, Graha::Sun);
        assert_eq!(lords(start + 0.04).sub_sub_lord, Graha::Moon);
    }

    #[test]
    fn sign_lords() {
        assert_eq!(lords(359.9).sign_lord, Graha::Jupiter);
        assert_eq!(lords(300.0).sign_lord, Graha::Saturn);
        assert_eq!(lords(100.0).sign_lord, Graha::Moon);
    }
}
