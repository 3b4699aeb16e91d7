//! Countries and first-level divisions by name: what narrows a place query (`Paris, France`,
//! `Portland, Oregon`, a birth's `country` and `region`). Names and their translations come
//! from `data/regions.tsv.gz` (made by `data/build_regions.py`); they are folded as place names are.

use crate::error::AtlasError;
use crate::fold::{fold, fold_german};

/// A country (no division) or one first-level division of a country.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Area {
    /// ISO 3166-1 alpha-2 (`US`).
    pub country_code: String,
    /// GeoNames' admin1 code within the country (`OR`); `None` for the whole country.
    pub admin1_code: Option<String>,
}

impl Area {
    /// Whether a place of this country and division lies in the area.
    #[must_use]
    pub fn contains(&self, country_code: &str, admin1_code: &str) -> bool {
        self.country_code == country_code
            && self
                .admin1_code
                .as_deref()
                .is_none_or(|code| code == admin1_code)
    }
}

/// The areas and the folded names they are known by.
#[derive(Debug, Default)]
pub(crate) struct Regions {
    /// Every area once; the first name of each is its name in English (the data's order).
    areas: Vec<(Area, String)>,
    /// (folded name, index into `areas`), sorted.
    keys: Vec<(String, u32)>,
}

impl Regions {
    /// Parses `country<TAB>admin1<TAB>name|name|…` lines.
    pub(crate) fn from_tsv(tsv: &str) -> Result<Regions, AtlasError> {
        let mut regions = Regions::default();
        for (number, line) in tsv.lines().enumerate() {
            let malformed = |problem: &str| AtlasError::MalformedData {
                file: "regions.tsv",
                line: number + 1,
                problem: problem.to_owned(),
            };
            let mut cols = line.split('\t');
            let (Some(country), Some(admin1), Some(names), None) =
                (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                return Err(malformed("not 3 columns"));
            };
            let Some(first) = names.split('|').next().filter(|n| !n.is_empty()) else {
                return Err(malformed("no name"));
            };
            let area = Area {
                country_code: country.to_owned(),
                admin1_code: (!admin1.is_empty()).then(|| admin1.to_owned()),
            };
            if regions.areas.last().is_some_and(|(last, _)| *last >= area) {
                return Err(malformed("not sorted by country, then division"));
            }
            let at = u32::try_from(regions.areas.len()).map_err(|e| malformed(&e.to_string()))?;
            regions.areas.push((area, first.to_owned()));
            for name in names.split('|') {
                for key in std::iter::once(fold(name)).chain(fold_german(name)) {
                    if !key.is_empty() {
                        regions.keys.push((key, at));
                    }
                }
            }
        }
        regions.keys.sort_unstable();
        regions.keys.dedup();
        regions.keys.shrink_to_fit();
        Ok(regions)
    }

    /// The areas one of whose names folds to the folded `text`; countries only, divisions only,
    /// or both.
    pub(crate) fn named(&self, text: &str, countries: bool, divisions: bool) -> Vec<Area> {
        let key = fold(text);
        let first = self
            .keys
            .partition_point(|(k, _)| k.as_str() < key.as_str());
        let mut found: Vec<Area> = self.keys[first..]
            .iter()
            .take_while(|(k, _)| *k == key)
            .map(|(_, at)| &self.areas[*at as usize].0)
            .filter(|area| {
                if area.admin1_code.is_some() {
                    divisions
                } else {
                    countries
                }
            })
            .cloned()
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The English name of a country or division.
    pub(crate) fn name_of(&self, area: &Area) -> Option<&str> {
        self.areas
            .binary_search_by(|(a, _)| a.cmp(area))
            .ok()
            .map(|i| self.areas[i].1.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions() -> Regions {
        Regions::from_tsv(
            "AT\t\tAustria|AT|AUT|Österreich\nIL\t\tIsrael|IL|ISR\nUS\t\tUnited States|US|USA\nUS\tIL\tIllinois|IL\n",
        )
        .unwrap()
    }

    #[test]
    fn names_codes_and_translations_fold() {
        let r = regions();
        let austria = Area {
            country_code: "AT".into(),
            admin1_code: None,
        };
        assert_eq!(r.named("österreich", true, true), vec![austria.clone()]);
        assert_eq!(r.named("Oesterreich", true, true), vec![austria.clone()]);
        assert_eq!(r.named("aut", true, false), vec![austria.clone()]);
        assert_eq!(r.name_of(&austria), Some("Austria"));
        assert!(r.named("Austria", false, true).is_empty());
    }

    #[test]
    fn a_code_may_name_a_country_and_a_division() {
        let both = regions().named("IL", true, true);
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both.iter().any(|a| a.contains("US", "IL")));
        assert!(both.iter().any(|a| a.contains("IL", "05")));
    }
}
