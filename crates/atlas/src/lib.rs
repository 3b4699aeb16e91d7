#![forbid(unsafe_code)]
//! Orrery's offline atlas: places by name, and time zones from coordinates. No HTTP here.
//!
//! - [`Gazetteer`] holds GeoNames' populated places of at least 1,000 inhabitants (about 141,000)
//!   with their alternate names, bundled in the binary (`data/places.tsv.gz`, made by
//!   `data/build_atlas.py`; provenance in `data/PROVENANCE.md`). [`Gazetteer::bundled`] parses it
//!   once, on first use. [`Gazetteer::search`] ignores case and diacritics ([`fold`]), answers
//!   prefixes (autocomplete), and ranks by [`MatchQuality`], then population.
//! - [`zone_at`] finds the IANA zone of a point from the time-zone boundaries of the `tzf-rs`
//!   crate; a point at sea gets the nautical zone `Etc/GMT±N` of its longitude
//!   ([`ZoneAt::at_sea`]).
//!
//! ```
//! use orrery_atlas::{Gazetteer, SearchQuery};
//!
//! let atlas = Gazetteer::bundled();
//! let hits = atlas.search(&SearchQuery::new("Munchen"));
//! assert_eq!(hits[0].place.name, "Munich");
//! assert_eq!(atlas.get(2867714).map(|p| p.timezone.as_str()), Some("Europe/Berlin"));
//! ```

pub mod error;
pub mod fold;
pub mod fuzzy;
pub mod gazetteer;
pub mod regions;
pub mod resolve;
pub mod search;
pub mod zone_at;

pub use error::AtlasError;
pub use fold::fold;
pub use gazetteer::{Gazetteer, Place, gazetteer_version};
pub use regions::Area;
pub use resolve::{Ambiguity, PlaceQuery, QualifierError, Resolution};
pub use search::{MatchQuality, PlaceMatch, SearchQuery};
pub use zone_at::{ZoneAt, boundaries_version, land_zones_at, nautical_zone, zone_at};
