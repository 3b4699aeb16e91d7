//! The gazetteer: GeoNames' populated places, parsed once from the bundled data, searched in
//! memory (see [`search`](crate::search)).

use std::io::Read;
use std::sync::OnceLock;

use flate2::read::GzDecoder;

use crate::error::AtlasError;
use crate::fold::{fold, fold_german};
use crate::fuzzy::NearIndex;
use crate::regions::{Area, Regions};

const PLACES_GZ: &[u8] = include_bytes!("../data/places.tsv.gz");
const ADMIN1_GZ: &[u8] = include_bytes!("../data/admin1.tsv.gz");
const REGIONS_GZ: &[u8] = include_bytes!("../data/regions.tsv.gz");
const VERSION: &str = include_str!("../data/VERSION");

/// The gazetteer's version: `geonames-` and the date of the newest record in the data.
#[must_use]
pub fn gazetteer_version() -> &'static str {
    VERSION.trim()
}

/// One populated place.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// The GeoNames id.
    pub id: u32,
    /// GeoNames' name of the place (the local name in Latin script where one exists).
    pub name: String,
    /// ISO 3166-1 alpha-2 country code (`AT`).
    pub country_code: String,
    /// GeoNames' first-level administrative division code within the country (`06`); may be
    /// empty.
    pub admin1_code: String,
    /// The name of that division (`Steiermark`), where the data has one.
    pub admin1: Option<String>,
    /// Degrees north.
    pub latitude_deg: f64,
    /// Degrees east.
    pub longitude_deg: f64,
    /// Metres above sea level: surveyed where GeoNames has it, else its elevation model's value.
    pub elevation_m: Option<i32>,
    /// Inhabitants (0 where GeoNames has no figure: a division's seat).
    pub population: u64,
    /// The IANA zone GeoNames gives the place.
    pub timezone: String,
}

/// One searchable name: a folded key and the name it came from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IndexEntry {
    pub(crate) key_start: u32,
    pub(crate) key_len: u16,
    pub(crate) name_len: u16,
    pub(crate) name_start: u32,
    pub(crate) place: u32,
    /// The place's population, saturated to `u32`, here so that ranking reads no `Place`.
    pub(crate) population: u32,
}

/// The places and their name index.
#[derive(Debug)]
pub struct Gazetteer {
    pub(crate) places: Vec<Place>,
    /// Every folded key, concatenated; entries point into it.
    pub(crate) keys: String,
    /// Every name and alternate name, concatenated; entries point into it.
    pub(crate) names: String,
    /// Sorted by key, then population (descending), then place.
    pub(crate) index: Vec<IndexEntry>,
    /// The country codes that have places, sorted.
    countries: Vec<String>,
    /// The distinct keys of `index`, for near spellings.
    pub(crate) near: NearIndex,
    /// Countries and divisions by name, for narrowing a query.
    pub(crate) regions: Regions,
}

impl Gazetteer {
    /// The bundled gazetteer, parsed on first use (about half a second), then shared.
    ///
    /// # Panics
    ///
    /// If the bundled data is malformed: a build defect that the crate's tests catch.
    pub fn bundled() -> &'static Gazetteer {
        static BUNDLED: OnceLock<Gazetteer> = OnceLock::new();
        BUNDLED.get_or_init(|| {
            Gazetteer::load_bundled()
                .unwrap_or_else(|e| panic!("the bundled gazetteer does not load: {e}"))
        })
    }

    /// Parses the bundled data anew (what [`Gazetteer::bundled`] does once; for measuring it).
    ///
    /// # Errors
    ///
    /// [`AtlasError`] if the bundled data is malformed.
    pub fn load_bundled() -> Result<Gazetteer, AtlasError> {
        let mut gazetteer = Gazetteer::from_gzip(PLACES_GZ, ADMIN1_GZ)?;
        gazetteer.regions = Regions::from_tsv(&gunzip("regions.tsv.gz", REGIONS_GZ)?)?;
        crate::fuzzy::preload();
        Ok(gazetteer)
    }

    /// How many indexed names start with the folded `text`: the length of the index range a
    /// search for it scans (its cost).
    #[must_use]
    pub fn names_with_prefix(&self, text: &str) -> usize {
        let key = fold(text);
        let first = self
            .index
            .partition_point(|e| key_of(&self.keys, e) < key.as_str());
        self.index[first..]
            .iter()
            .take_while(|e| key_of(&self.keys, e).starts_with(key.as_str()))
            .count()
    }

    /// How many names (names, alternate names and German spellings, after folding and
    /// de-duplication per place) the index holds.
    #[must_use]
    pub fn indexed_names(&self) -> usize {
        self.index.len()
    }

    /// Parses gzip-compressed `places.tsv` and `admin1.tsv` (formats in `data/build_atlas.py`).
    ///
    /// # Errors
    ///
    /// [`AtlasError`] naming the file and line that is malformed.
    pub fn from_gzip(places_gz: &[u8], admin1_gz: &[u8]) -> Result<Gazetteer, AtlasError> {
        let places = gunzip("places.tsv.gz", places_gz)?;
        let admin1 = gunzip("admin1.tsv.gz", admin1_gz)?;
        Gazetteer::from_tsv(&places, &admin1)
    }

    /// Parses the uncompressed tables.
    ///
    /// # Errors
    ///
    /// [`AtlasError::MalformedData`] naming the file and line.
    pub fn from_tsv(places_tsv: &str, admin1_tsv: &str) -> Result<Gazetteer, AtlasError> {
        let admin1 = parse_admin1(admin1_tsv)?;
        let mut gazetteer = Gazetteer {
            places: Vec::with_capacity(150_000),
            keys: String::with_capacity(32 << 20),
            names: String::with_capacity(32 << 20),
            index: Vec::with_capacity(2_000_000),
            countries: Vec::new(),
            near: NearIndex::build(std::iter::empty()).map_err(|problem| {
                AtlasError::MalformedData {
                    file: "places.tsv",
                    line: 0,
                    problem,
                }
            })?,
            regions: Regions::default(),
        };
        for (number, line) in places_tsv.lines().enumerate() {
            gazetteer
                .add_line(line, &admin1)
                .map_err(|problem| AtlasError::MalformedData {
                    file: "places.tsv",
                    line: number + 1,
                    problem,
                })?;
        }
        let mut countries: Vec<String> = gazetteer
            .places
            .iter()
            .map(|p| p.country_code.clone())
            .collect();
        countries.sort_unstable();
        countries.dedup();
        gazetteer.countries = countries;
        gazetteer.places.shrink_to_fit();
        gazetteer.keys.shrink_to_fit();
        gazetteer.names.shrink_to_fit();
        gazetteer.index.shrink_to_fit();
        let keys = &gazetteer.keys;
        gazetteer.index.sort_unstable_by(|a, b| {
            key_of(keys, a)
                .cmp(key_of(keys, b))
                .then(b.population.cmp(&a.population))
                .then(a.place.cmp(&b.place))
        });
        let index = &gazetteer.index;
        let first_of_each_key = (0..index.len())
            .filter(|&at| at == 0 || key_of(keys, &index[at - 1]) != key_of(keys, &index[at]))
            .map(|at| (key_of(keys, &index[at]), at as u64));
        gazetteer.near =
            NearIndex::build(first_of_each_key).map_err(|problem| AtlasError::MalformedData {
                file: "places.tsv",
                line: 0,
                problem: format!("the near-spelling index does not build: {problem}"),
            })?;
        Ok(gazetteer)
    }

    /// The place with this GeoNames id.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&Place> {
        self.places
            .binary_search_by_key(&id, |p| p.id)
            .ok()
            .map(|i| &self.places[i])
    }

    /// Whether any place has this country code (upper case, `AT`).
    #[must_use]
    pub fn has_country(&self, country_code: &str) -> bool {
        self.countries
            .binary_search_by(|c| c.as_str().cmp(country_code))
            .is_ok()
    }

    /// The English name of a country (`AT` → `Austria`), where the data has one.
    #[must_use]
    pub fn country_name(&self, country_code: &str) -> Option<&str> {
        self.regions.name_of(&Area {
            country_code: country_code.to_owned(),
            admin1_code: None,
        })
    }

    /// The bytes the near-spelling index takes.
    #[must_use]
    pub fn near_index_bytes(&self) -> usize {
        self.near.size()
    }

    /// How many places the gazetteer holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    fn add_line(&mut self, line: &str, admin1: &[(String, String)]) -> Result<(), String> {
        let cols: Vec<&str> = line.split('\t').collect();
        let [
            id,
            name,
            country,
            admin1_code,
            lat,
            lon,
            population,
            elevation,
            timezone,
            alternates,
        ] = cols[..]
        else {
            return Err(format!("{} columns, not 10", cols.len()));
        };
        let number = |what: &str, text: &str| format!("{what} {text:?} is not a number");
        let id: u32 = id.parse().map_err(|_| number("id", id))?;
        if self.places.last().is_some_and(|p| p.id >= id) {
            return Err(format!("id {id} is not in ascending order"));
        }
        let place = Place {
            id,
            name: name.to_owned(),
            country_code: country.to_owned(),
            admin1_code: admin1_code.to_owned(),
            admin1: admin1
                .binary_search_by(|(code, _)| {
                    let (c, a) = code.split_once('.').unwrap_or((code, ""));
                    (c, a).cmp(&(country, admin1_code))
                })
                .ok()
                .map(|i| admin1[i].1.clone()),
            latitude_deg: lat.parse().map_err(|_| number("latitude", lat))?,
            longitude_deg: lon.parse().map_err(|_| number("longitude", lon))?,
            elevation_m: match elevation {
                "" => None,
                e => Some(e.parse().map_err(|_| number("elevation", e))?),
            },
            population: population
                .parse()
                .map_err(|_| number("population", population))?,
            timezone: timezone.to_owned(),
        };
        let place_index = u32::try_from(self.places.len()).map_err(|e| e.to_string())?;
        let population = u32::try_from(place.population).unwrap_or(u32::MAX);
        let first_key = self.index.len();
        let all_names =
            std::iter::once(name).chain(alternates.split(',').filter(|a| !a.is_empty()));
        for one_name in all_names {
            let name_start = self.names.len();
            self.names.push_str(one_name);
            let name_len = u16::try_from(one_name.len()).map_err(|e| e.to_string())?;
            for key in std::iter::once(fold(one_name)).chain(fold_german(one_name)) {
                let known = self.index[first_key..]
                    .iter()
                    .any(|e| key_of(&self.keys, e) == key);
                if key.is_empty() || known {
                    continue;
                }
                let key_start = self.keys.len();
                self.keys.push_str(&key);
                self.index.push(IndexEntry {
                    key_start: u32::try_from(key_start).map_err(|e| e.to_string())?,
                    key_len: u16::try_from(key.len()).map_err(|e| e.to_string())?,
                    name_len,
                    name_start: u32::try_from(name_start).map_err(|e| e.to_string())?,
                    place: place_index,
                    population,
                });
            }
        }
        self.places.push(place);
        Ok(())
    }
}

pub(crate) fn key_of<'k>(keys: &'k str, entry: &IndexEntry) -> &'k str {
    let start = entry.key_start as usize;
    &keys[start..start + usize::from(entry.key_len)]
}

fn gunzip(file: &'static str, bytes: &[u8]) -> Result<String, AtlasError> {
    let mut text = String::new();
    GzDecoder::new(bytes)
        .read_to_string(&mut text)
        .map_err(|e| AtlasError::Compression {
            file,
            problem: e.to_string(),
        })?;
    Ok(text)
}

/// `(CC.code, name)` pairs, sorted by (country, code) as `Gazetteer::add_line` searches them.
fn parse_admin1(tsv: &str) -> Result<Vec<(String, String)>, AtlasError> {
    let mut rows = Vec::new();
    for (number, line) in tsv.lines().enumerate() {
        let Some((code, name)) = line.split_once('\t') else {
            return Err(AtlasError::MalformedData {
                file: "admin1.tsv",
                line: number + 1,
                problem: "no tab".to_owned(),
            });
        };
        rows.push((code.to_owned(), name.to_owned()));
    }
    rows.sort_by(|(a, _), (b, _)| {
        let split = |s: &str| s.split_once('.').map(|(c, r)| (c.to_owned(), r.to_owned()));
        split(a).cmp(&split(b))
    });
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_data_loads_with_the_cities1000_selection() {
        let atlas = Gazetteer::bundled();
        assert!(atlas.len() > 140_000, "{}", atlas.len());
        let graz = atlas.get(2_778_067).expect("Graz");
        assert_eq!(graz.name, "Graz");
        assert_eq!(graz.country_code, "AT");
        assert_eq!(graz.admin1_code, "06");
        assert_eq!(graz.admin1.as_deref(), Some("Steiermark"));
        assert_eq!(graz.timezone, "Europe/Vienna");
        assert_eq!(graz.elevation_m, Some(363));
        assert!(atlas.get(1).is_none());
    }

    #[test]
    fn malformed_lines_are_named() {
        let err = Gazetteer::from_tsv("1\tA\tAT\n", "").unwrap_err();
        assert_eq!(
            err,
            AtlasError::MalformedData {
                file: "places.tsv",
                line: 1,
                problem: "3 columns, not 10".to_owned()
            }
        );
        let line = "2\tB\tAT\t06\tnorth\t15\t1000\t\tEurope/Vienna\t";
        assert!(
            Gazetteer::from_tsv(line, "")
                .unwrap_err()
                .to_string()
                .contains("latitude")
        );
    }

    #[test]
    fn version_names_geonames_and_a_date() {
        assert!(
            gazetteer_version().starts_with("geonames-20"),
            "{}",
            gazetteer_version()
        );
    }
}
