//! The place a birth's `place` stands for: the one clearly meant, or the candidates to ask about.
//!
//! The rule (docs/ATLAS.md, "Which place a name stands for"): a query resolves only when its
//! folded name equals a name of a place (exactly, in any language or script) and that place is
//! clearly the best: no other exact match within the country and division asked for has an
//! eighth of its population or more; it did not match by an alternate name that is another
//! exact match's own name; and no place fifty times larger is spelled within two edits of the
//! query. Prefixes and near spellings never resolve: they are what a typo and an abbreviation
//! look like, and a chart for the wrong town is a wrong chart.

use std::collections::HashMap;

use crate::fold::{fold, fold_german};
use crate::fuzzy::MAX_EDITS;
use crate::gazetteer::{Gazetteer, Place, key_of};
use crate::regions::Area;
use crate::search::{MatchQuality, PlaceMatch};

/// The best exact match resolves only when it has at least this many times the population of
/// every other exact match.
pub const UNIQUE_POPULATION_RATIO: u64 = 8;
/// An exact match does not resolve when a place with at least this many times its population is
/// spelled within two edits of the query (`Melbourn`, England, against Melbourne).
pub const NEAR_POPULATION_RATIO: u64 = 50;
/// How many candidates an unresolved query lists.
pub const CANDIDATES: usize = 10;

/// A place query: a name, optionally narrowed by `, division, country` in the text or by the
/// `country` and `region` fields.
#[derive(Clone, Copy, Debug)]
pub struct PlaceQuery<'a> {
    text: &'a str,
    country_code: Option<&'a str>,
    region: Option<&'a str>,
}

impl<'a> PlaceQuery<'a> {
    /// `Paris`, `Paris, France`, `Portland, Oregon`, `Springfield, IL, US`.
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        PlaceQuery {
            text,
            country_code: None,
            region: None,
        }
    }

    /// Only places of this ISO 3166-1 alpha-2 country (upper case).
    #[must_use]
    pub fn in_country(self, country_code: &'a str) -> Self {
        PlaceQuery {
            country_code: Some(country_code),
            ..self
        }
    }

    /// Only places of a first-level division with this name or code (`Oregon`, `OR`, `Bayern`).
    #[must_use]
    pub fn in_region(self, region: &'a str) -> Self {
        PlaceQuery {
            region: Some(region),
            ..self
        }
    }
}

/// Which part of a query names no area the atlas knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QualifierError {
    /// A part after a comma, or the `region` field, that names no country or division.
    UnknownArea {
        /// The part as written.
        text: String,
        /// `country`, `first-level division` or `country or first-level division`.
        expected: &'static str,
        /// Whether it came from the `region` field rather than the text.
        from_region_field: bool,
    },
    /// More than three comma-separated parts.
    TooManyParts(usize),
}

/// Why an exact match did not resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ambiguity {
    /// Another exact match has at least an eighth of the best one's population.
    SimilarPopulation,
    /// The best match matched by an alternate name that is another place's own name
    /// (`Sidney`: Sydney's alternate, the name of Sidney, Ohio).
    AnotherPlacesName,
    /// A place with fifty times the population or more is spelled within two edits.
    LargerPlaceNearby,
}

/// What a query stands for.
#[derive(Clone, Debug)]
pub enum Resolution<'g> {
    /// The place clearly meant.
    Unique(PlaceMatch<'g>),
    /// Exact matches, none clearly the one: the candidates, the exact matches by population
    /// (the best first), then the prefix matches and names one edit away by population, then
    /// the names two edits away by population.
    Ambiguous {
        /// Why not the first.
        reason: Ambiguity,
        /// At most [`CANDIDATES`].
        candidates: Vec<PlaceMatch<'g>>,
    },
    /// No exact match: the prefix matches and names one edit away by population, then the
    /// names two edits away by population (may be empty).
    Unknown {
        /// At most [`CANDIDATES`].
        candidates: Vec<PlaceMatch<'g>>,
    },
}

/// One place found while resolving, with how it matched.
#[derive(Clone, Copy)]
struct Found {
    place: u32,
    entry: usize,
    quality: MatchQuality,
    /// Edits from the query to the nearest of its names, where within [`MAX_EDITS`].
    edits: Option<u8>,
    /// Whether the place's own name (not an alternate) matched exactly.
    own_name: bool,
}

impl Gazetteer {
    /// Resolves a place query by the rule of the module documentation.
    ///
    /// # Errors
    ///
    /// A part after a comma (or the `region`) that names no country or division, or more than
    /// three parts.
    pub fn resolve(&self, query: &PlaceQuery<'_>) -> Result<Resolution<'_>, QualifierError> {
        let parts: Vec<&str> = query.text.split(',').map(str::trim).collect();
        let mut within: Vec<Vec<Area>> = Vec::new();
        let mut narrow = |text: &str, countries: bool, divisions: bool, field: bool| {
            let areas = self.regions.named(text, countries, divisions);
            if areas.is_empty() {
                return Err(QualifierError::UnknownArea {
                    text: text.to_owned(),
                    expected: match (countries, divisions) {
                        (true, false) => "country",
                        (false, true) => "first-level division",
                        _ => "country or first-level division",
                    },
                    from_region_field: field,
                });
            }
            within.push(areas);
            Ok(())
        };
        match parts[..] {
            [_] => {}
            [_, area] => narrow(area, true, true, false)?,
            [_, division, country] => {
                narrow(division, false, true, false)?;
                narrow(country, true, false, false)?;
            }
            _ => return Err(QualifierError::TooManyParts(parts.len())),
        }
        if let Some(region) = query.region {
            narrow(region, false, true, true)?;
        }
        if let Some(code) = query.country_code {
            within.push(vec![Area {
                country_code: code.to_owned(),
                admin1_code: None,
            }]);
        }
        let accepts = |place: &Place| {
            within.iter().all(|areas| {
                areas
                    .iter()
                    .any(|a| a.contains(&place.country_code, &place.admin1_code))
            })
        };
        Ok(self.resolve_name(&fold(parts[0]), &accepts))
    }

    fn resolve_name(&self, key: &str, accepts: &dyn Fn(&Place) -> bool) -> Resolution<'_> {
        if key.is_empty() {
            return Resolution::Unknown {
                candidates: Vec::new(),
            };
        }
        let mut found: Vec<Found> = Vec::new();
        let mut by_place: HashMap<u32, usize> = HashMap::new();
        let mut note = |found: &mut Vec<Found>, new: Found| match by_place.get(&new.place) {
            Some(&at) => {
                let old = &mut found[at];
                old.edits = match (old.edits, new.edits) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                old.own_name |= new.own_name;
                if new.quality < old.quality {
                    old.quality = new.quality;
                    old.entry = new.entry;
                }
            }
            None => {
                by_place.insert(new.place, found.len());
                found.push(new);
            }
        };
        // Exact matches and prefixes: one range of the sorted index. Only the largest prefix
        // matches are kept (a short query is a prefix of a hundred thousand names).
        let first = self.index.partition_point(|e| key_of(&self.keys, e) < key);
        let mut prefixes: Vec<Found> = Vec::new();
        for (offset, entry) in self.index[first..].iter().enumerate() {
            let entry_key = key_of(&self.keys, entry);
            if !entry_key.starts_with(key) {
                break;
            }
            let place = &self.places[entry.place as usize];
            if !accepts(place) {
                continue;
            }
            let exact = entry_key.len() == key.len();
            let hit = Found {
                place: entry.place,
                entry: first + offset,
                quality: if exact {
                    MatchQuality::Exact
                } else {
                    MatchQuality::Prefix
                },
                edits: exact.then_some(0),
                own_name: exact
                    && (fold(&place.name) == key
                        || fold_german(&place.name).as_deref() == Some(key)),
            };
            if exact {
                note(&mut found, hit);
            } else if !prefixes.iter().any(|p| p.place == hit.place) {
                let rank = |f: &Found| std::cmp::Reverse(self.places[f.place as usize].population);
                let at = prefixes.partition_point(|p| rank(p) <= rank(&hit));
                if at < CANDIDATES {
                    prefixes.insert(at, hit);
                    prefixes.truncate(CANDIDATES);
                }
            }
        }
        for (first_entry, edits) in self.near.near(key) {
            if edits == 0 {
                continue;
            }
            let first_entry = usize::try_from(first_entry).unwrap_or(usize::MAX);
            let near_key = key_of(&self.keys, &self.index[first_entry]);
            for (offset, entry) in self.index[first_entry..].iter().enumerate() {
                if key_of(&self.keys, entry) != near_key {
                    break;
                }
                if accepts(&self.places[entry.place as usize]) {
                    let hit = Found {
                        place: entry.place,
                        entry: first_entry + offset,
                        quality: if near_key.starts_with(key) {
                            MatchQuality::Prefix
                        } else {
                            MatchQuality::Near
                        },
                        edits: Some(edits),
                        own_name: false,
                    };
                    note(&mut found, hit);
                }
            }
        }
        for hit in prefixes {
            note(&mut found, hit);
        }
        let population = |f: &Found| self.places[f.place as usize].population;
        // Exact matches first; then prefixes and names one edit away; then two edits away.
        let tier = |f: &Found| match f.quality {
            MatchQuality::Exact => 0,
            MatchQuality::Prefix => 1,
            MatchQuality::Near if f.edits <= Some(1) => 1,
            MatchQuality::Near => 2,
        };
        found.sort_by_key(|f| {
            (
                tier(f),
                std::cmp::Reverse(population(f)),
                self.places[f.place as usize].id,
            )
        });
        let exact = found
            .iter()
            .take_while(|f| f.quality == MatchQuality::Exact)
            .count();
        let Some(best) = found.first().copied().filter(|_| exact > 0) else {
            return Resolution::Unknown {
                candidates: self.matches(&found),
            };
        };
        let others = &found[1..];
        let reason = if others[..exact - 1]
            .first()
            .is_some_and(|second| population(second) * UNIQUE_POPULATION_RATIO > population(&best))
        {
            Some(Ambiguity::SimilarPopulation)
        } else if !best.own_name && others[..exact - 1].iter().any(|f| f.own_name) {
            Some(Ambiguity::AnotherPlacesName)
        } else if others[exact - 1..].iter().any(|f| {
            f.edits.is_some_and(|e| e <= MAX_EDITS)
                && population(f) >= NEAR_POPULATION_RATIO * population(&best)
        }) {
            Some(Ambiguity::LargerPlaceNearby)
        } else {
            None
        };
        match reason {
            None => Resolution::Unique(self.entry_match(best.entry, best.quality)),
            // `found` is sorted already: the exact matches by population, then the others.
            Some(reason) => Resolution::Ambiguous {
                reason,
                candidates: self.matches(&found),
            },
        }
    }

    fn matches(&self, found: &[Found]) -> Vec<PlaceMatch<'_>> {
        found
            .iter()
            .take(CANDIDATES)
            .map(|f| self.entry_match(f.entry, f.quality))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(text: &str) -> Resolution<'static> {
        Gazetteer::bundled()
            .resolve(&PlaceQuery::new(text))
            .unwrap()
    }

    fn unique(text: &str) -> u32 {
        match resolve(text) {
            Resolution::Unique(hit) => hit.place.id,
            other => panic!("{text}: {other:?}"),
        }
    }

    const GRAZ: u32 = 2_778_067;
    const PARIS: u32 = 2_988_507;

    #[test]
    fn exact_and_clearly_largest_resolves() {
        assert_eq!(unique("Graz"), GRAZ);
        assert_eq!(unique("Грац"), GRAZ);
        assert_eq!(unique("Paris, France"), PARIS);
        assert_eq!(unique("Paris, FR"), PARIS);
        assert_eq!(unique("Paris, Frankreich"), PARIS);
    }

    #[test]
    fn typos_and_prefixes_never_resolve_but_list_the_place() {
        const STOCKHOLM: u32 = 2_673_730;
        for (typo, meant) in [("Grazz", GRAZ), ("Stockh", STOCKHOLM)] {
            match resolve(typo) {
                Resolution::Unknown { candidates } => {
                    assert!(candidates.iter().any(|c| c.place.id == meant), "{typo}");
                }
                other => panic!("{typo}: {other:?}"),
            }
        }
    }

    #[test]
    fn homonyms_are_a_question() {
        let Resolution::Ambiguous { candidates, .. } = resolve("Springfield") else {
            panic!("Springfield resolved")
        };
        assert!(candidates.len() > 2);
        assert!(candidates.iter().all(|c| c.place.country_code == "US"));
    }

    #[test]
    fn unknown_qualifiers_are_named() {
        let err = Gazetteer::bundled()
            .resolve(&PlaceQuery::new("Paris, Qqqland"))
            .unwrap_err();
        assert!(matches!(err, QualifierError::UnknownArea { ref text, .. } if text == "Qqqland"));
        assert_eq!(
            Gazetteer::bundled()
                .resolve(&PlaceQuery::new("a, b, c, d"))
                .unwrap_err(),
            QualifierError::TooManyParts(4)
        );
    }
}
