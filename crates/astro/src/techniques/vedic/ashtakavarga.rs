//! Ashtakavarga: the bindus (benefic points) the seven grahas and the lagna give each sign,
//! by Brihat Parashara Hora Shastra chapter 66.
//!
//! # Definitions
//!
//! * The eight contributors are the Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn and the
//!   lagna, each in its rashi (D1 sign). The nodes take no part.
//! * The bhinna ashtakavarga (BAV) of a graha `G`: for every contributor `C`, the table below
//!   lists the houses counted from `C`'s sign (`C`'s own sign is the 1st) in which `C` gives
//!   `G` a bindu. A sign's bindus in `G`'s BAV are the contributors that give it one (0..8).
//!   The totals are fixed by the table: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56,
//!   Venus 52, Saturn 39.
//! * The sarva ashtakavarga (SAV) of a sign is the sum of the seven BAVs there; the lagna
//!   contributes to every BAV (so the SAV totals 337), and the lagna's own ashtakavarga (which
//!   classical texts give too) is not part of it.
//! * No reduction (trikona or ekadhipatya shodhana) is applied.
//!
//! # The table and its sources
//!
//! | BAV of | from Sun | Moon | Mars | Mercury | Jupiter | Venus | Saturn | Lagna |
//! |---|---|---|---|---|---|---|---|---|
//! | Sun | 1 2 4 7 8 9 10 11 | 3 6 10 11 | 1 2 4 7 8 9 10 11 | 3 5 6 9 10 11 12 | 5 6 9 11 | 6 7 12 | 1 2 4 7 8 9 10 11 | 3 4 6 10 11 12 |
//! | Moon | 3 6 7 8 10 11 | 1 3 6 7 10 11 | 2 3 5 6 9 10 11 | 1 3 4 5 7 8 10 11 | 1 4 7 8 10 11 12 | 3 4 5 7 9 10 11 | 3 5 6 11 | 3 6 10 11 |
//! | Mars | 3 5 6 10 11 | 3 6 11 | 1 2 4 7 8 10 11 | 3 5 6 11 | 6 10 11 12 | 6 8 11 12 | 1 4 7 8 9 10 11 | 1 3 6 10 11 |
//! | Mercury | 5 6 9 11 12 | 2 4 6 8 10 11 | 1 2 4 7 8 9 10 11 | 1 3 5 6 9 10 11 12 | 6 8 11 12 | 1 2 3 4 5 8 9 11 | 1 2 4 7 8 9 10 11 | 1 2 4 6 8 10 11 |
//! | Jupiter | 1 2 3 4 7 8 9 10 11 | 2 5 7 9 11 | 1 2 4 7 8 10 11 | 1 2 4 5 6 9 10 11 | 1 2 3 4 7 8 10 11 | 2 5 6 9 10 11 | 3 5 6 12 | 1 2 4 5 6 7 9 10 11 |
//! | Venus | 8 11 12 | 1 2 3 4 5 8 9 11 12 | 3 5 6 9 11 12 | 3 5 6 9 11 | 5 8 9 10 11 | 1 2 3 4 5 8 9 10 11 | 3 4 5 8 9 10 11 | 1 2 3 4 5 8 9 11 |
//! | Saturn | 1 2 4 7 8 10 11 | 3 6 11 | 3 5 6 10 11 12 | 6 8 9 10 11 12 | 5 6 11 12 | 6 11 12 | 3 5 6 11 | 1 3 4 6 10 11 |
//!
//! This is BPHS 66 as R. Santhanam's translation and B. V. Raman's *Ashtakavarga System of
//! Prediction* give it. The Sun's, Moon's and Mars's rows are also Saravali 53.2–4 word for
//! word (<https://www.culturavedica.org/saravali-capitoli-29-55/25/>). PyJHora 4.8.7
//! (`const.ashtaka_varga_dict`) differs in three cells, with the same totals: the Moon's BAV
//! from the Moon `1 3 6 7 9 10 11` and from Mars `2 3 5 6 10 11` (the 9th moved from Mars to
//! the Moon), from Jupiter `1 2 4 7 8 10 11` (the 2nd for the 12th, as Phaladeepika's
//! ashtakavarga chapter, sloka 4, reads: <https://www.astrojyoti.com/phaladeepika8-4.htm>), and Venus's BAV from Mars `3 4 6 9 11 12` (the 4th for the 5th).

use crate::angle::Sign;

use super::Graha;

/// The seven grahas that have an ashtakavarga, in [`Graha::ALL`] order.
pub const ASHTAKAVARGA_GRAHAS: [Graha; 7] = [
    Graha::Sun,
    Graha::Moon,
    Graha::Mars,
    Graha::Mercury,
    Graha::Jupiter,
    Graha::Venus,
    Graha::Saturn,
];

/// The houses (1..=12, counted from the contributor) where each contributor — Sun, Moon, Mars,
/// Mercury, Jupiter, Venus, Saturn, lagna — gives a bindu, per graha in
/// [`ASHTAKAVARGA_GRAHAS`] order (BPHS 66; the module documentation's table).
const BINDU_HOUSES: [[&[u8]; 8]; 7] = [
    // The Sun's.
    [
        &[1, 2, 4, 7, 8, 9, 10, 11],
        &[3, 6, 10, 11],
        &[1, 2, 4, 7, 8, 9, 10, 11],
        &[3, 5, 6, 9, 10, 11, 12],
        &[5, 6, 9, 11],
        &[6, 7, 12],
        &[1, 2, 4, 7, 8, 9, 10, 11],
        &[3, 4, 6, 10, 11, 12],
    ],
    // The Moon's.
    [
        &[3, 6, 7, 8, 10, 11],
        &[1, 3, 6, 7, 10, 11],
        &[2, 3, 5, 6, 9, 10, 11],
        &[1, 3, 4, 5, 7, 8, 10, 11],
        &[1, 4, 7, 8, 10, 11, 12],
        &[3, 4, 5, 7, 9, 10, 11],
        &[3, 5, 6, 11],
        &[3, 6, 10, 11],
    ],
    // Mars's.
    [
        &[3, 5, 6, 10, 11],
        &[3, 6, 11],
        &[1, 2, 4, 7, 8, 10, 11],
        &[3, 5, 6, 11],
        &[6, 10, 11, 12],
        &[6, 8, 11, 12],
        &[1, 4, 7, 8, 9, 10, 11],
        &[1, 3, 6, 10, 11],
    ],
    // Mercury's.
    [
        &[5, 6, 9, 11, 12],
        &[2, 4, 6, 8, 10, 11],
        &[1, 2, 4, 7, 8, 9, 10, 11],
        &[1, 3, 5, 6, 9, 10, 11, 12],
        &[6, 8, 11, 12],
        &[1, 2, 3, 4, 5, 8, 9, 11],
        &[1, 2, 4, 7, 8, 9, 10, 11],
        &[1, 2, 4, 6, 8, 10, 11],
    ],
    // Jupiter's.
    [
        &[1, 2, 3, 4, 7, 8, 9, 10, 11],
        &[2, 5, 7, 9, 11],
        &[1, 2, 4, 7, 8, 10, 11],
        &[1, 2, 4, 5, 6, 9, 10, 11],
        &[1, 2, 3, 4, 7, 8, 10, 11],
        &[2, 5, 6, 9, 10, 11],
        &[3, 5, 6, 12],
        &[1, 2, 4, 5, 6, 7, 9, 10, 11],
    ],
    // Venus's.
    [
        &[8, 11, 12],
        &[1, 2, 3, 4, 5, 8, 9, 11, 12],
        &[3, 5, 6, 9, 11, 12],
        &[3, 5, 6, 9, 11],
        &[5, 8, 9, 10, 11],
        &[1, 2, 3, 4, 5, 8, 9, 10, 11],
        &[3, 4, 5, 8, 9, 10, 11],
        &[1, 2, 3, 4, 5, 8, 9, 11],
    ],
    // Saturn's.
    [
        &[1, 2, 4, 7, 8, 10, 11],
        &[3, 6, 11],
        &[3, 5, 6, 10, 11, 12],
        &[6, 8, 9, 10, 11, 12],
        &[5, 6, 11, 12],
        &[6, 11, 12],
        &[3, 5, 6, 11],
        &[1, 3, 4, 6, 10, 11],
    ],
];

/// The bindus of each sign, Aries first.
pub type Bindus = [u8; 12];

/// The ashtakavarga of a chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ashtakavarga {
    /// The BAV of each graha of [`ASHTAKAVARGA_GRAHAS`], in that order.
    pub bhinna: [Bindus; 7],
    /// The SAV: the sum of the seven BAVs, sign by sign.
    pub sarva: Bindus,
}

impl Ashtakavarga {
    /// The unreduced BAVs and SAV of the signs of the seven grahas (in
    /// [`ASHTAKAVARGA_GRAHAS`] order) and the lagna.
    #[must_use]
    pub fn of(grahas: [Sign; 7], lagna: Sign) -> Self {
        let contributors: [Sign; 8] = [
            grahas[0], grahas[1], grahas[2], grahas[3], grahas[4], grahas[5], grahas[6], lagna,
        ];
        let mut bhinna = [[0_u8; 12]; 7];
        for (bav, table) in bhinna.iter_mut().zip(&BINDU_HOUSES) {
            for (from, houses) in contributors.iter().zip(table) {
                for house in *houses {
                    bav[(from.index() + usize::from(*house) - 1) % 12] += 1;
                }
            }
        }
        let mut sarva = [0_u8; 12];
        for bav in &bhinna {
            for (total, bindus) in sarva.iter_mut().zip(bav) {
                *total += bindus;
            }
        }
        Self { bhinna, sarva }
    }

    /// The BAV of a graha; `None` for the nodes.
    #[must_use]
    pub fn of_graha(&self, graha: Graha) -> Option<&Bindus> {
        ASHTAKAVARGA_GRAHAS
            .iter()
            .position(|g| *g == graha)
            .map(|i| &self.bhinna[i])
    }
}

/// The sum of a table's bindus.
#[must_use]
pub fn total(bindus: &Bindus) -> u32 {
    bindus.iter().map(|b| u32::from(*b)).sum()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn sign() -> impl Strategy<Value = Sign> {
        (0..12_usize).prop_map(|i| Sign::ALL[i])
    }

    proptest! {
        /// Whatever the signs, each BAV's total is the table's (48, 49, 39, 54, 56, 52, 39), the
        /// SAV totals 337, and no sign has more than 8 bindus in a BAV.
        #[test]
        fn totals_do_not_depend_on_the_chart(
            grahas in proptest::array::uniform7(sign()),
            lagna in sign(),
        ) {
            let av = Ashtakavarga::of(grahas, lagna);
            let totals: Vec<u32> = av.bhinna.iter().map(total).collect();
            prop_assert_eq!(totals, vec![48, 49, 39, 54, 56, 52, 39]);
            prop_assert_eq!(total(&av.sarva), 337);
            prop_assert!(av.bhinna.iter().flatten().all(|b| *b <= 8));
        }
    }

    #[test]
    fn everything_in_aries_counts_each_house_from_aries() {
        // With every contributor in Aries, sign k of the Sun's BAV has as many bindus as
        // contributors list house k + 1: house 11 is in every list but Venus's, house 5 only in
        // Mercury's and Jupiter's.
        let av = Ashtakavarga::of([Sign::Aries; 7], Sign::Aries);
        let sun = av.of_graha(Graha::Sun).unwrap();
        assert_eq!(sun[10], 7);
        assert_eq!(sun[4], 2);
        assert_eq!(sun[0], 3); // Sun, Mars, Saturn
        assert!(av.of_graha(Graha::Rahu).is_none());
    }
}
