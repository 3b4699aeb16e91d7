//! Vargas (divisional charts): the sign a longitude falls in when each sign is divided into
//! `n` equal parts and the parts are mapped onto the zodiac, by the Parashari rules of the
//! Brihat Parashara Hora Shastra (BPHS, chapter 6).
//!
//! For a longitude in sign `S` (sidereal), at `d` degrees into it, the part is
//! `p = floor(d × n / 30)` (0-based); a part's boundary belongs to the part it opens. Signs are
//! odd (Aries, Gemini, Leo, ...) or even (Taurus, Cancer, ...); movable (Aries, Cancer, Libra,
//! Capricorn), fixed (Taurus, Leo, Scorpio, Aquarius) or dual (the others). "The k-th from S"
//! counts S itself as the first.
//!
//! | Code | Name | Parts | Rule |
//! |---|---|---|---|
//! | `D1` | rashi | 1 | the sign itself |
//! | `D2` | hora | 2 × 15° | odd signs: first half the Sun's hora (Leo), second half the Moon's (Cancer); even signs the reverse |
//! | `D3` | drekkana | 3 × 10° | the 1st, 5th and 9th sign from S (its trines) |
//! | `D7` | saptamsa | 7 × 4°17′8.57″ | odd signs: counted from S; even signs: from the 7th from S |
//! | `D9` | navamsa | 9 × 3°20′ | movable signs: from S; fixed: from the 9th from S; dual: from the 5th from S (the same as counting on from Aries, Capricorn, Libra, Cancer for fire, earth, air and water signs, or taking the `floor(λ / 3°20′) mod 12`-th sign) |
//! | `D10` | dasamsa | 10 × 3° | odd signs: from S; even signs: from the 9th from S |
//! | `D12` | dvadasamsa | 12 × 2°30′ | from S |
//!
//! Sources (the rules as stated there):
//! * hora: BPHS 6 as given at <http://sushmajee.com/astrology/varg/11-varg-D-2-1.htm> ("in odd
//!   Raashi the first 15 degrees belong to the Sun (Leo), the last 15 degrees to the Moon
//!   (Cancer); in even Raashi the reverse"), also Uttara Kalamrita 2
//!   (<https://vedicpupil.in/library/uttara-kalamrita-book-by-kalidasa/computation-planetary-strength-ch02/6>);
//! * drekkana: "owned by the lords of the sign itself, of the 5th house, and of the 9th"
//!   (<https://astrojyoti1.rssing.com/chan-7772999/article1146.html>);
//! * saptamsa: BPHS 6.10–11 ("counting commences from the same sign in the case of an odd sign;
//!   it is from the seventh sign for an even sign"), <https://www.ask-oracle.com/divisional-charts/d7/>
//!   and <https://blog.indianastrologysoftware.com/sapthamsa-d7/>;
//! * navamsa: <http://vedastrology.blogspot.com/2011/12/divisional-charts-d7-d9.html> (both
//!   methods: by element from Aries/Capricorn/Libra/Cancer; movable from itself, fixed from the
//!   9th, dual from the 5th) and <https://www.astrojyoti.com/navamsa-and-vargottamamsa.htm>;
//! * dasamsa: "in an odd sign it commences from the same sign, in an even sign from the sign
//!   falling 9th from it" (<https://blog.indianastrologysoftware.com/dasamsa-d10/>);
//! * dvadasamsa: "counted starting from the same rashi"
//!   (<https://astrozing.com/dvadasamsa-divisional-horoscope-or-varga-birth-chart/>).

use std::fmt;

use crate::angle::{Longitude, SIGN_WIDTH_DEG, Sign};

/// A divisional chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Varga {
    D1,
    D2,
    D3,
    D7,
    D9,
    D10,
    D12,
}

/// A varga code that is not one of [`Varga::CODES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown varga `{got}`; accepted codes: {}", Varga::CODES.join(", "))]
pub struct UnknownVarga {
    /// The code as given.
    pub got: String,
}

impl Varga {
    /// Every varga, in the order of their division numbers.
    pub const ALL: [Self; 7] = [
        Self::D1,
        Self::D2,
        Self::D3,
        Self::D7,
        Self::D9,
        Self::D10,
        Self::D12,
    ];
    /// Their codes, as the API spells them.
    pub const CODES: [&'static str; 7] = ["D1", "D2", "D3", "D7", "D9", "D10", "D12"];
    /// The default selection: the rashi and the navamsa.
    pub const DEFAULT: [Self; 2] = [Self::D1, Self::D9];

    /// The code, e.g. `D9`.
    #[must_use]
    pub fn code(self) -> &'static str {
        Self::CODES[self.position()]
    }

    fn position(self) -> usize {
        Self::ALL.iter().position(|v| *v == self).unwrap_or(0)
    }

    /// The varga with this code (`D1`..`D12`, exactly as [`Varga::code`] writes it).
    ///
    /// # Errors
    /// [`UnknownVarga`] listing the accepted codes.
    pub fn parse(code: &str) -> Result<Self, UnknownVarga> {
        Self::CODES
            .iter()
            .position(|c| *c == code)
            .map(|i| Self::ALL[i])
            .ok_or_else(|| UnknownVarga {
                got: code.to_owned(),
            })
    }

    /// The number of parts a sign is divided into.
    #[must_use]
    pub fn divisions(self) -> usize {
        match self {
            Self::D1 => 1,
            Self::D2 => 2,
            Self::D3 => 3,
            Self::D7 => 7,
            Self::D9 => 9,
            Self::D10 => 10,
            Self::D12 => 12,
        }
    }

    /// The sign of `lon` (sidereal) in this varga.
    ///
    /// ```
    /// use orrery_astro::angle::{Longitude, Sign};
    /// use orrery_astro::techniques::vedic::varga::Varga;
    /// // 5° Taurus (fixed): the 2nd navamsa, counted from the 9th from Taurus (Capricorn).
    /// assert_eq!(Varga::D9.sign_of(Longitude::new(35.0)?), Sign::Aquarius);
    /// # Ok::<(), orrery_astro::error::AngleError>(())
    /// ```
    #[must_use]
    pub fn sign_of(self, lon: Longitude) -> Sign {
        let sign = lon.sign().index();
        let n = self.divisions();
        // floor(d × n / 30) of d in [0, 30); `min` guards the last ulp of the sign.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "a non-negative number below 12"
        )]
        let part = ((lon.degree_in_sign() * n as f64 / SIGN_WIDTH_DEG).floor() as usize).min(n - 1);
        let odd = sign.is_multiple_of(2); // Aries (index 0) is the first, odd sign
        // The k-th sign from S is S + (k − 1).
        let first = match self {
            Self::D1 | Self::D3 | Self::D12 => sign,
            Self::D2 => {
                let (first_half, second_half) = if odd {
                    (Sign::Leo, Sign::Cancer)
                } else {
                    (Sign::Cancer, Sign::Leo)
                };
                return if part == 0 { first_half } else { second_half };
            }
            Self::D7 => sign + if odd { 0 } else { 6 },
            Self::D9 => sign + [0, 8, 4][sign % 3], // movable, fixed, dual
            Self::D10 => sign + if odd { 0 } else { 8 },
        };
        let step = if self == Self::D3 { 4 } else { 1 }; // drekkanas go by trines
        Sign::ALL[(first + step * part) % Sign::ALL.len()]
    }
}

impl fmt::Display for Varga {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
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
    fn codes_round_trip_and_unknown_codes_list_the_accepted_ones() {
        for v in Varga::ALL {
            assert_eq!(Varga::parse(v.code()), Ok(v));
        }
        assert_eq!(
            Varga::parse("D4").unwrap_err().to_string(),
            "unknown varga `D4`; accepted codes: D1, D2, D3, D7, D9, D10, D12"
        );
        assert!(Varga::parse("d9").is_err());
    }

    #[test]
    fn the_first_part_of_each_sign_follows_the_rules() {
        use Sign::*;
        // (varga, [sign of the first part for Aries, Taurus, Gemini, Cancer]), read off the
        // rules in the module documentation.
        let cases = [
            (Varga::D2, [Leo, Cancer, Leo, Cancer]),
            (Varga::D3, [Aries, Taurus, Gemini, Cancer]),
            (Varga::D7, [Aries, Scorpio, Gemini, Capricorn]),
            (Varga::D9, [Aries, Capricorn, Libra, Cancer]),
            (Varga::D10, [Aries, Capricorn, Gemini, Pisces]),
            (Varga::D12, [Aries, Taurus, Gemini, Cancer]),
        ];
        for (varga, firsts) in cases {
            for (i, want) in firsts.into_iter().enumerate() {
                let at = Sign::ALL[i].start();
                assert_eq!(varga.sign_of(at), want, "{varga} of {}", Sign::ALL[i]);
            }
        }
        // The second drekkana of Aries is Leo (the 5th), the third Sagittarius (the 9th).
        assert_eq!(Varga::D3.sign_of(lon(15.0)), Leo);
        assert_eq!(Varga::D3.sign_of(lon(25.0)), Sagittarius);
        // The last navamsa of Pisces (dual: from Cancer) is Pisces: vargottama.
        assert_eq!(Varga::D9.sign_of(lon(359.0)), Pisces);
    }

    proptest! {
        /// D1 is the rashi; the navamsa is the floor(λ / 3°20′)-th sign counted from Aries
        /// (the element rule); 0° Aries is Aries in every varga but the hora.
        #[test]
        fn d1_is_the_rashi_and_d9_is_continuous(deg in 0.0..360.0_f64) {
            let l = lon(deg);
            prop_assert_eq!(Varga::D1.sign_of(l), l.sign());
            let navamsa = (deg / (SIGN_WIDTH_DEG / 9.0)).floor();
            // Away from the part boundaries, where the two formulas may round differently.
            if (deg / (SIGN_WIDTH_DEG / 9.0) - navamsa).abs() > 1e-9 {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "below 108")]
                let want = Sign::ALL[(navamsa as usize) % 12];
                prop_assert_eq!(Varga::D9.sign_of(l), want);
            }
        }
    }

    #[test]
    fn zero_aries_is_aries() {
        for v in Varga::ALL {
            let want = if v == Varga::D2 {
                Sign::Leo
            } else {
                Sign::Aries
            };
            assert_eq!(v.sign_of(Longitude::ZERO), want, "{v}");
        }
    }
}
