//! Searching the gazetteer by name: folded prefix match, ranked by match quality then population.
//!
//! Every name and alternate name of a place is indexed under its folded form
//! ([`fold`](crate::fold())), and names with umlauts also under their German spelling without
//! them (`muenchen`). A query is folded the same way and matches every key it is a prefix of.

use crate::fold::fold;
use crate::gazetteer::{Gazetteer, IndexEntry, Place, key_of};

/// How well a name matched the query; the better quality ranks first, then the larger population.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MatchQuality {
    /// The folded name equals the folded query.
    Exact,
    /// The folded name starts with the folded query (autocomplete).
    Prefix,
    /// The folded name is within two edits of the folded query (a near spelling; only among
    /// the candidates of a `place` that did not resolve).
    Near,
}

impl MatchQuality {
    /// The snake_case name used by the API.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchQuality::Exact => "exact",
            MatchQuality::Prefix => "prefix",
            MatchQuality::Near => "near",
        }
    }
}

/// What to search for.
#[derive(Clone, Copy, Debug)]
pub struct SearchQuery<'a> {
    text: &'a str,
    country_code: Option<&'a str>,
    limit: usize,
}

impl<'a> SearchQuery<'a> {
    /// The default number of results.
    pub const DEFAULT_LIMIT: usize = 10;

    /// A query for `text` in every country, [`Self::DEFAULT_LIMIT`] results.
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        SearchQuery {
            text,
            country_code: None,
            limit: Self::DEFAULT_LIMIT,
        }
    }

    /// Only places of this ISO 3166-1 alpha-2 country (upper case, as GeoNames writes it).
    #[must_use]
    pub fn in_country(self, country_code: &'a str) -> Self {
        SearchQuery {
            country_code: Some(country_code),
            ..self
        }
    }

    /// At most `limit` results.
    #[must_use]
    pub fn with_limit(self, limit: usize) -> Self {
        SearchQuery { limit, ..self }
    }
}

/// A place found, with the name that matched.
#[derive(Clone, Copy, Debug)]
pub struct PlaceMatch<'g> {
    /// The place.
    pub place: &'g Place,
    /// The name or alternate name that matched, as the data writes it.
    pub matched_name: &'g str,
    /// How well it matched.
    pub quality: MatchQuality,
}

/// A candidate during the scan; ordered by rank (best first).
#[derive(Clone, Copy)]
struct Candidate {
    quality: MatchQuality,
    population: u32,
    place: u32,
    entry: usize,
}

impl Candidate {
    fn rank(&self) -> (MatchQuality, std::cmp::Reverse<u32>, u32) {
        (self.quality, std::cmp::Reverse(self.population), self.place)
    }
}

impl Gazetteer {
    /// The best places for a query, best first: exact matches before prefix matches, then by
    /// population (larger first), then by GeoNames id. Each place appears once, with its best
    /// matching name. A query that folds to nothing (`""`, `"--"`) finds nothing.
    #[must_use]
    pub fn search(&self, query: &SearchQuery<'_>) -> Vec<PlaceMatch<'_>> {
        let key = fold(query.text);
        if key.is_empty() || query.limit == 0 {
            return Vec::new();
        }
        let first = self
            .index
            .partition_point(|e| key_of(&self.keys, e) < key.as_str());
        let mut best: Vec<Candidate> = Vec::with_capacity(query.limit + 1);
        for (offset, entry) in self.index[first..].iter().enumerate() {
            let entry_key = key_of(&self.keys, entry);
            if !entry_key.starts_with(key.as_str()) {
                break;
            }
            let candidate = Candidate {
                quality: if entry_key.len() == key.len() {
                    MatchQuality::Exact
                } else {
                    MatchQuality::Prefix
                },
                population: entry.population,
                place: entry.place,
                entry: first + offset,
            };
            let full = best.len() == query.limit;
            if full
                && best
                    .last()
                    .is_some_and(|worst| candidate.rank() >= worst.rank())
            {
                continue;
            }
            if let Some(code) = query.country_code
                && self.places[entry.place as usize].country_code != code
            {
                continue;
            }
            // A place's entries differ only in quality, and all exact entries come first, so a
            // place already listed is listed with its best quality.
            if best.iter().any(|c| c.place == candidate.place) {
                continue;
            }
            let at = best.partition_point(|c| c.rank() < candidate.rank());
            best.insert(at, candidate);
            best.truncate(query.limit);
        }
        best.iter()
            .map(|c| self.entry_match(c.entry, c.quality))
            .collect()
    }

    /// The place of the index entry at `entry`, with the name of that entry.
    pub(crate) fn entry_match(&self, entry: usize, quality: MatchQuality) -> PlaceMatch<'_> {
        let entry: &IndexEntry = &self.index[entry];
        let start = entry.name_start as usize;
        PlaceMatch {
            place: &self.places[entry.place as usize],
            matched_name: &self.names[start..start + usize::from(entry.name_len)],
            quality,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(query: SearchQuery<'_>) -> (u32, String, MatchQuality) {
        let hits = Gazetteer::bundled().search(&query);
        let hit = hits.first().expect("a result");
        (hit.place.id, hit.matched_name.to_owned(), hit.quality)
    }

    const MUNICH: u32 = 2_867_714;

    #[test]
    fn munich_in_four_spellings() {
        for q in [
            "München", "Munchen", "Muenchen", "Munich", "MÜNCHEN", "munich ",
        ] {
            assert_eq!(first(SearchQuery::new(q)).0, MUNICH, "{q}");
        }
        assert_eq!(first(SearchQuery::new("Munich")).2, MatchQuality::Exact);
    }

    #[test]
    fn prefixes_rank_by_population_after_exact_matches() {
        let hits = Gazetteer::bundled().search(&SearchQuery::new("gra").with_limit(5));
        assert_eq!(hits.len(), 5);
        assert!(hits.windows(2).all(|w| {
            (w[0].quality, std::cmp::Reverse(w[0].place.population))
                <= (w[1].quality, std::cmp::Reverse(w[1].place.population))
        }));
        assert!(hits.iter().any(|h| h.quality == MatchQuality::Prefix));
        let graz = Gazetteer::bundled().search(&SearchQuery::new("graz").in_country("AT"));
        assert_eq!(graz[0].place.name, "Graz");
        assert_eq!(graz[0].quality, MatchQuality::Exact);
        assert!(graz.iter().all(|h| h.place.country_code == "AT"));
        let ids: Vec<u32> = graz.iter().map(|h| h.place.id).collect();
        let mut unique = ids.clone();
        unique.dedup();
        assert_eq!(ids.len(), unique.len());
    }

    #[test]
    fn nothing_for_empty_or_unknown_queries() {
        let atlas = Gazetteer::bundled();
        assert!(atlas.search(&SearchQuery::new("")).is_empty());
        assert!(atlas.search(&SearchQuery::new(" - ")).is_empty());
        assert!(atlas.search(&SearchQuery::new("qqqxqqq")).is_empty());
        assert!(
            atlas
                .search(&SearchQuery::new("graz").with_limit(0))
                .is_empty()
        );
        assert!(
            atlas
                .search(&SearchQuery::new("graz").in_country("ZZ"))
                .is_empty()
        );
    }
}
