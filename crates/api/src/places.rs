//! `GET /v1/places` and `GET /v1/places/{place_id}`: the offline atlas (GeoNames' populated
//! places), and the place of a birth given by id or by name (`place_id`, `place`).
//!
//! Search rules (folding, ranking) are the atlas crate's; docs/ATLAS.md states them.

use std::borrow::Cow;

use orrery_atlas::{
    Ambiguity, Gazetteer, Place, PlaceMatch, PlaceQuery, QualifierError, Resolution, SearchQuery,
};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

use crate::error::{ApiInputError, ErrorDetails};

/// The longest place query, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// At most this many results per search.
pub const MAX_RESULTS: u32 = 50;
/// Results when `limit` is left out.
pub const DEFAULT_RESULTS: u32 = 10;
/// The longest `region`, in characters.
pub const MAX_REGION_CHARS: usize = 100;

/// An ISO 3166-1 alpha-2 country code of a country the gazetteer has places in (`AT`; lower
/// case is accepted and upper-cased).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryCode(String);

impl CountryCode {
    /// Parses and checks the code against the gazetteer.
    ///
    /// # Errors
    /// The rule, without the field's name.
    pub fn parse(text: &str) -> Result<Self, String> {
        let code = text.to_ascii_uppercase();
        if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(format!(
                "must be an ISO 3166-1 alpha-2 country code like AT (got {text:?})"
            ));
        }
        if !Gazetteer::bundled().has_country(&code) {
            return Err(format!(
                "must be the code of a country with places in the atlas (got {text:?})"
            ));
        }
        Ok(Self(code))
    }

    /// The upper-case code.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl PartialSchema for CountryCode {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[A-Za-z]{2}$"))
            .description(Some(
                "ISO 3166-1 alpha-2 country code (`AT`; lower case is read as upper case), of a \
                 country with places in the atlas.",
            ))
            .examples(["AT"])
            .into()
    }
}

impl ToSchema for CountryCode {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CountryCode")
    }
}

/// How many results a search returns: a whole number, 1..=50.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultLimit(u32);

impl ResultLimit {
    /// The number.
    #[must_use]
    pub fn get(self) -> usize {
        self.0 as usize
    }
}

impl Default for ResultLimit {
    fn default() -> Self {
        Self(DEFAULT_RESULTS)
    }
}

impl<'de> Deserialize<'de> for ResultLimit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // A query string gives text, a JSON body a number: read either, so that `limit=abc`
        // gets this rule rather than the float parser's "invalid float literal".
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum NumberOrText {
            Number(f64),
            Text(String),
        }
        let value = match NumberOrText::deserialize(deserializer)? {
            NumberOrText::Number(value) => value,
            NumberOrText::Text(text) => text.trim().parse::<f64>().map_err(|_| {
                serde::de::Error::custom(format_args!(
                    "must be a whole number between 1 and {MAX_RESULTS} (got {text:?})"
                ))
            })?,
        };
        if value.fract() == 0.0 && (1.0..=f64::from(MAX_RESULTS)).contains(&value) {
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a whole number in 1..=50"
            )]
            Ok(Self(value as u32))
        } else {
            Err(serde::de::Error::custom(format_args!(
                "must be a whole number between 1 and {MAX_RESULTS} (got {value})"
            )))
        }
    }
}

impl PartialSchema for ResultLimit {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::new(Type::Integer))
            .minimum(Some(1))
            .maximum(Some(MAX_RESULTS))
            .default(Some(DEFAULT_RESULTS.into()))
            .description(Some("How many results, 1..=50 (default 10)."))
            .into()
    }
}

impl ToSchema for ResultLimit {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ResultLimit")
    }
}

/// Loads the gazetteer and the zone boundaries now rather than at the first request.
pub fn preload_atlas() {
    let _ = Gazetteer::bundled();
    orrery_atlas::zone_at::preload();
}

/// A place query: free text, checked for length and for something to match.
///
/// # Errors
/// An empty query, one over [`MAX_QUERY_CHARS`] characters, or one with no letter or digit.
pub fn check_query(field: &str, text: &str) -> Result<(), ApiInputError> {
    let chars = text.chars().count();
    if chars > MAX_QUERY_CHARS {
        return Err(ApiInputError::too_many(
            field,
            format!("must be at most {MAX_QUERY_CHARS} characters long (got {chars})"),
            MAX_QUERY_CHARS,
            chars,
        ));
    }
    if orrery_atlas::fold(text).is_empty() {
        return Err(ApiInputError::field(
            field,
            format!("must contain a letter or digit of a place name (got {text:?})"),
        ));
    }
    Ok(())
}

/// `GET /v1/places` query parameters.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PlacesQuery {
    /// The place's name or its beginning, in any language or script; case and diacritics are
    /// ignored (`graz`, `Munchen`, `Грац`). 1 to 100 characters, at least one a letter or a
    /// digit.
    // The pattern: a character that is neither white space nor ASCII punctuation, the same in
    // ECMA and Python regular expressions (`check_query` folds the text and wants it non-empty).
    #[param(min_length = 1, max_length = 100, pattern = r"[^\s!-/:-@\[-`{-~]")]
    pub q: String,
    /// Only places in this country (ISO 3166-1 alpha-2, `AT`).
    #[serde(default)]
    #[param(inline)]
    pub country: Option<CountryCode>,
    /// How many results, 1..=50 (default 10).
    #[serde(default)]
    #[param(inline)]
    pub limit: Option<ResultLimit>,
}

/// A validated search.
#[derive(Debug, Clone)]
pub struct PlacesInput {
    pub q: String,
    pub country: Option<CountryCode>,
    pub limit: ResultLimit,
}

impl TryFrom<&PlacesQuery> for PlacesInput {
    type Error = ApiInputError;

    fn try_from(query: &PlacesQuery) -> Result<Self, ApiInputError> {
        check_query("q", &query.q)?;
        Ok(Self {
            q: query.q.clone(),
            country: query.country.clone(),
            limit: query.limit.unwrap_or_default(),
        })
    }
}

/// One place of the atlas.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Place)]
pub struct PlaceDto {
    /// The GeoNames id.
    #[schema(example = 2_778_067)]
    pub place_id: u32,
    /// GeoNames' name of the place.
    #[schema(example = "Graz")]
    pub name: String,
    /// ISO 3166-1 alpha-2.
    #[schema(example = "AT")]
    pub country_code: String,
    /// GeoNames' first-level division code within the country (may be empty).
    #[schema(example = "06")]
    pub admin1_code: String,
    /// The first-level division's name, where the data has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Steiermark")]
    pub admin1: Option<String>,
    /// The country's name in English, where the data has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Austria")]
    pub country: Option<String>,
    /// The place as a person would write it: name, division and country.
    #[schema(example = "Graz, Steiermark, Austria")]
    pub label: String,
    /// Degrees north.
    pub latitude: f64,
    /// Degrees east.
    pub longitude: f64,
    /// Metres above sea level (surveyed, else GeoNames' elevation model), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elevation_m: Option<i32>,
    /// Inhabitants (0 for a division's seat without a figure).
    pub population: u64,
    /// The IANA zone of the place (GeoNames').
    #[schema(example = "Europe/Vienna")]
    pub timezone: String,
    /// The name or alternate name that matched the query (search results only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched_name: Option<String>,
    /// `exact` (the whole name), `prefix` (its beginning) or `near` (within two edits: only
    /// with `place_match: "best"`); search results and places found by name only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_quality: Option<&'static str>,
}

/// The English name of a place's country, where the data has one.
fn country_name(place: &Place) -> Option<String> {
    Gazetteer::bundled()
        .country_name(&place.country_code)
        .map(str::to_owned)
}

/// `Graz, Steiermark, Austria`: the place with its division and country, as far as known.
fn label(place: &Place) -> String {
    let mut parts = vec![place.name.as_str()];
    parts.extend(place.admin1.as_deref());
    parts.push(
        Gazetteer::bundled()
            .country_name(&place.country_code)
            .unwrap_or(&place.country_code),
    );
    parts.join(", ")
}

impl From<&Place> for PlaceDto {
    fn from(place: &Place) -> Self {
        Self {
            place_id: place.id,
            name: place.name.clone(),
            country_code: place.country_code.clone(),
            admin1_code: place.admin1_code.clone(),
            admin1: place.admin1.clone(),
            country: country_name(place),
            label: label(place),
            latitude: place.latitude_deg,
            longitude: place.longitude_deg,
            elevation_m: place.elevation_m,
            population: place.population,
            timezone: place.timezone.clone(),
            matched_name: None,
            match_quality: None,
        }
    }
}

impl From<&PlaceMatch<'_>> for PlaceDto {
    fn from(hit: &PlaceMatch<'_>) -> Self {
        Self {
            matched_name: Some(hit.matched_name.to_owned()),
            match_quality: Some(hit.quality.as_str()),
            ..Self::from(hit.place)
        }
    }
}

/// The search's answer, best first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlacesResponse {
    /// The places found, best match first.
    pub results: Vec<PlaceDto>,
}

/// Searches the atlas.
#[must_use]
pub fn search(input: &PlacesInput) -> PlacesResponse {
    let mut query = SearchQuery::new(&input.q).with_limit(input.limit.get());
    if let Some(country) = &input.country {
        query = query.in_country(country.as_str());
    }
    PlacesResponse {
        results: Gazetteer::bundled()
            .search(&query)
            .iter()
            .map(PlaceDto::from)
            .collect(),
    }
}

/// `GET /v1/places/{place_id}`: the place with this GeoNames id.
///
/// # Errors
/// `place_id` not a whole positive number (400), or no such place in the atlas (404).
pub fn place_by_id(text: &str) -> Result<PlaceDto, ApiInputError> {
    lookup("place_id", text).map(PlaceDto::from)
}

/// The place with the GeoNames id in `text`, errors naming `field`.
///
/// # Errors
/// As [`place_by_id`].
pub fn lookup(field: &str, text: &str) -> Result<&'static Place, ApiInputError> {
    let id: u32 = text.parse().map_err(|_| {
        ApiInputError::field(
            field,
            format!("must be a GeoNames id, a whole positive number (got {text:?})"),
        )
    })?;
    find(field, id)
}

/// The place with this GeoNames id; a 404 naming `field` when the atlas has none.
///
/// # Errors
/// No such place.
pub fn find(field: &str, id: u32) -> Result<&'static Place, ApiInputError> {
    Gazetteer::bundled().get(id).ok_or_else(|| {
        ApiInputError::not_found(
            field,
            format!("{id} is not the id of a place in the atlas (GeoNames places of at least 1,000 inhabitants; search with GET /v1/places?q=…)"),
        )
    })
}

/// What to do when a `place` query is ambiguous.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlaceMatchChoice {
    /// A query that does not resolve by the rule of docs/ATLAS.md is a 400 `ambiguous_place`
    /// or `unknown_place` listing the candidates.
    #[default]
    Unique,
    /// The first candidate is used, whatever the others (even a prefix or a near spelling).
    Best,
}

/// One candidate of a `place` query that did not resolve.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PlaceCandidate {
    /// Send it as `place_id` to choose this place.
    pub place_id: u32,
    /// GeoNames' name of the place.
    pub name: String,
    /// ISO 3166-1 alpha-2.
    pub country_code: String,
    /// The country's name in English, where the data has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// The first-level division's name, where the data has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admin1: Option<String>,
    /// Name, division and country: `Springfield, Illinois, United States`.
    pub label: String,
    pub population: u64,
    /// Degrees north.
    pub latitude: f64,
    /// Degrees east.
    pub longitude: f64,
    /// The IANA zone of the place.
    pub timezone: String,
    /// The name or alternate name that matched.
    pub matched_name: String,
    /// `exact`, `prefix` or `near` (within two edits of the query).
    pub match_quality: &'static str,
}

/// A birth's place by name: the query and the optional `country` and `region` beside it.
#[derive(Debug, Clone, Copy)]
pub struct PlaceByName<'a> {
    pub text: &'a str,
    pub country: Option<&'a CountryCode>,
    pub region: Option<&'a str>,
}

/// The place a `place` query stands for, by the rule of docs/ATLAS.md ("Which place a name
/// stands for"); with [`PlaceMatchChoice::Best`], the first candidate of a query that does not
/// resolve. `field` makes the path of a field beside `place` (`country`, `region`).
///
/// # Errors
/// A malformed query or `region` (400 `invalid_input`); no exact match or an unknown country or
/// division after a comma (400 `unknown_place` with candidates); exact matches none of which is
/// clearly meant (400 `ambiguous_place` with candidates).
pub fn resolve_place(
    field: &dyn Fn(&str) -> String,
    query: PlaceByName<'_>,
    choice: PlaceMatchChoice,
) -> Result<PlaceMatch<'static>, ApiInputError> {
    let place_field = field("place");
    check_query(&place_field, query.text)?;
    let mut request = PlaceQuery::new(query.text);
    if let Some(country) = query.country {
        request = request.in_country(country.as_str());
    }
    if let Some(region) = query.region {
        let region_field = field("region");
        check_region(&region_field, region)?;
        request = request.in_region(region);
    }
    let resolution = Gazetteer::bundled()
        .resolve(&request)
        .map_err(|error| qualifier_error(&place_field, &field("region"), query.text, &error))?;
    let (code, candidates, why) = match resolution {
        Resolution::Unique(hit) => return Ok(hit),
        Resolution::Ambiguous { reason, candidates } => (
            crate::error::ErrorCode::AmbiguousPlace,
            candidates,
            match reason {
                Ambiguity::SimilarPopulation => "matches several places of similar size exactly",
                Ambiguity::AnotherPlacesName => {
                    "is another name of the largest place it matches, and the own name of another"
                }
                Ambiguity::LargerPlaceNearby => {
                    "matches a place exactly, but a far larger place is spelled within two edits"
                }
            },
        ),
        Resolution::Unknown { candidates } => {
            let why = if candidates.is_empty() {
                "matches no place in the atlas"
            } else {
                "is not the whole name of a place in the atlas (a prefix or a near spelling only)"
            };
            (crate::error::ErrorCode::UnknownPlace, candidates, why)
        }
    };
    if choice == PlaceMatchChoice::Best
        && let Some(first) = candidates.first()
    {
        return Ok(*first);
    }
    let narrowed = query.country.is_some() || query.region.is_some() || query.text.contains(',');
    let hint = if candidates.is_empty() && !narrowed {
        "; search with GET /v1/places?q=…".to_owned()
    } else {
        format!(
            "; send place_id with one of the candidates' ids{}, or place_match: \"best\" to take the first",
            if narrowed {
                ""
            } else {
                ", or narrow the query (\"Springfield, Illinois\", \"Paris, FR\", or country and region beside place)"
            }
        )
    };
    let mut error = ApiInputError::field(&place_field, format!("{:?} {why}{hint}", query.text));
    error.code = code;
    // An empty list is left out: it would read as either kind of candidates in the schema.
    error.details = (!candidates.is_empty()).then(|| ErrorDetails::Places {
        candidates: candidates.iter().map(PlaceCandidate::from).collect(),
    });
    Err(error)
}

/// A `region` beside `place`: 1 to 100 characters with a letter or digit.
fn check_region(field: &str, text: &str) -> Result<(), ApiInputError> {
    let chars = text.chars().count();
    if chars > MAX_REGION_CHARS || orrery_atlas::fold(text).is_empty() {
        return Err(ApiInputError::field(
            field,
            format!(
                "must name a first-level division (`Oregon`, `OR`, `Bayern`) in 1 to \
                 {MAX_REGION_CHARS} characters (got {text:?})"
            ),
        ));
    }
    Ok(())
}

/// A part of the query (or the `region`) that names no country or division.
fn qualifier_error(
    place_field: &str,
    region_field: &str,
    text: &str,
    error: &QualifierError,
) -> ApiInputError {
    let (field, message) = match error {
        QualifierError::UnknownArea {
            text: part,
            expected,
            from_region_field: true,
        } => (
            region_field.to_owned(),
            format!("{part:?} is not the name or code of a {expected} in the atlas"),
        ),
        QualifierError::UnknownArea {
            text: part,
            expected,
            from_region_field: false,
        } => (
            place_field.to_owned(),
            format!(
                "{text:?}: {part:?} is not the name or code of a {expected} in the \
                 atlas (write \"City\", \"City, Country\" or \"City, Region, Country\")"
            ),
        ),
        QualifierError::TooManyParts(parts) => (
            place_field.to_owned(),
            format!(
                "{text:?} has {parts} comma-separated parts; write \"City\", \
                 \"City, Country\" or \"City, Region, Country\""
            ),
        ),
    };
    let mut error = ApiInputError::field(&field, message);
    error.code = crate::error::ErrorCode::UnknownPlace;
    // No candidates: no details (an empty list would read as either kind of candidates).
    error
}

impl From<&PlaceMatch<'_>> for PlaceCandidate {
    fn from(hit: &PlaceMatch<'_>) -> Self {
        let place = hit.place;
        Self {
            place_id: place.id,
            name: place.name.clone(),
            country_code: place.country_code.clone(),
            country: country_name(place),
            admin1: place.admin1.clone(),
            label: label(place),
            population: place.population,
            latitude: place.latitude_deg,
            longitude: place.longitude_deg,
            timezone: place.timezone.clone(),
            matched_name: hit.matched_name.to_owned(),
            match_quality: hit.quality.as_str(),
        }
    }
}

/// This endpoint's declaration: its lane, known before the request is read.
mod declaration {
    use super::{PlaceDto, PlacesInput};
    use crate::endpoint::{CostClass, Endpoint};

    impl Endpoint for PlacesInput {
        const COST: CostClass = CostClass::Light;
    }

    // `GET /v1/places/{place_id}` takes only its path: its answer declares it.
    impl Endpoint for PlaceDto {
        const COST: CostClass = CostClass::Light;
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::parse::json_value;

    fn query(value: serde_json::Value) -> Result<PlacesInput, ApiInputError> {
        let query: PlacesQuery = json_value(value)?;
        PlacesInput::try_from(&query)
    }

    #[test]
    fn graz_in_austria() {
        let input = query(json!({"q": "graz", "country": "at", "limit": 3})).unwrap();
        let answer = search(&input);
        assert_eq!(answer.results[0].place_id, 2_778_067);
        assert_eq!(answer.results[0].match_quality, Some("exact"));
        assert!(answer.results.len() <= 3);
    }

    #[test]
    fn bad_queries_name_their_field() {
        let field_of = |value| query(value).unwrap_err().field;
        assert_eq!(field_of(json!({"q": ""})).as_deref(), Some("q"));
        assert_eq!(field_of(json!({"q": " -- "})).as_deref(), Some("q"));
        assert_eq!(
            field_of(json!({"q": "a".repeat(101)})).as_deref(),
            Some("q")
        );
        assert_eq!(
            field_of(json!({"q": "x", "limit": 0})).as_deref(),
            Some("limit")
        );
        assert_eq!(
            field_of(json!({"q": "x", "limit": 2.5})).as_deref(),
            Some("limit")
        );
        assert_eq!(
            field_of(json!({"q": "x", "country": "ZZ"})).as_deref(),
            Some("country")
        );
        assert_eq!(
            field_of(json!({"q": "x", "country": "AUT"})).as_deref(),
            Some("country")
        );
        let too_long = query(json!({"q": "a".repeat(101)})).unwrap_err();
        assert_eq!(too_long.code, crate::error::ErrorCode::LimitExceeded);
    }

    #[test]
    fn ids_are_looked_up() {
        assert_eq!(place_by_id("2778067").unwrap().name, "Graz");
        let missing = place_by_id("1").unwrap_err();
        assert_eq!(missing.code, crate::error::ErrorCode::NotFound);
        assert_eq!(missing.field.as_deref(), Some("place_id"));
        let malformed = place_by_id("graz").unwrap_err();
        assert_eq!(malformed.code, crate::error::ErrorCode::InvalidInput);
    }

    fn best_match(
        field: &str,
        text: &str,
        choice: PlaceMatchChoice,
    ) -> Result<PlaceMatch<'static>, ApiInputError> {
        let path = |name: &str| field.replace("place", name);
        let query = PlaceByName {
            text,
            country: None,
            region: None,
        };
        resolve_place(&path, query, choice)
    }

    #[test]
    fn springfield_is_ambiguous_unless_best_is_asked() {
        let err = best_match("birth.place", "Springfield", PlaceMatchChoice::Unique).unwrap_err();
        assert_eq!(err.code, crate::error::ErrorCode::AmbiguousPlace);
        assert_eq!(err.field.as_deref(), Some("birth.place"));
        let Some(ErrorDetails::Places { candidates }) = &err.details else {
            panic!("{err:?}")
        };
        assert!(candidates.len() >= 2);
        let best = best_match("birth.place", "Springfield", PlaceMatchChoice::Best).unwrap();
        assert_eq!(best.place.id, candidates[0].place_id);
        let graz = best_match("birth.place", "Graz", PlaceMatchChoice::Unique).unwrap();
        assert_eq!(graz.place.id, 2_778_067);
        let none = best_match("birth.place", "Qqqxqqq", PlaceMatchChoice::Unique).unwrap_err();
        assert_eq!(none.field.as_deref(), Some("birth.place"));
        assert_eq!(none.code, crate::error::ErrorCode::UnknownPlace);
        let typo = best_match("birth.place", "Grazz", PlaceMatchChoice::Unique).unwrap_err();
        assert_eq!(typo.code, crate::error::ErrorCode::UnknownPlace);
        let Some(ErrorDetails::Places { candidates }) = &typo.details else {
            panic!("{typo:?}")
        };
        let graz = candidates.iter().find(|c| c.place_id == 2_778_067);
        assert_eq!(
            graz.map(|c| c.match_quality),
            Some("near"),
            "{candidates:?}"
        );
        let region =
            best_match("birth.place", "Paris, Qqqland", PlaceMatchChoice::Unique).unwrap_err();
        assert_eq!(region.code, crate::error::ErrorCode::UnknownPlace);
        assert!(region.message.contains("\"Qqqland\""), "{}", region.message);
    }
}
