//! `GET /v1/places` and `GET /v1/places/{place_id}`: the offline atlas (GeoNames' populated
//! places), and the place of a birth given by id or by name (`place_id`, `place`).
//!
//! Search rules (folding, ranking) are the atlas crate's; docs/ATLAS.md states them.

use std::borrow::Cow;

use orrery_atlas::{Gazetteer, Place, PlaceMatch, SearchQuery};
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
/// A `place` query is ambiguous when the runner-up matches as well and has at least this share
/// of the first match's population (docs/ATLAS.md).
pub const AMBIGUOUS_POPULATION_SHARE: f64 = 0.10;
/// How many candidates an `ambiguous_place` error lists.
pub const AMBIGUITY_CANDIDATES: usize = 5;

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
    /// `exact` (the whole name) or `prefix` (its beginning); search results only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_quality: Option<&'static str>,
}

impl From<&Place> for PlaceDto {
    fn from(place: &Place) -> Self {
        Self {
            place_id: place.id,
            name: place.name.clone(),
            country_code: place.country_code.clone(),
            admin1_code: place.admin1_code.clone(),
            admin1: place.admin1.clone(),
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
    /// An ambiguous query is a 400 `ambiguous_place` listing the candidates.
    #[default]
    Unique,
    /// The best match is used, whatever the runner-up.
    Best,
}

/// One candidate of an ambiguous place query.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PlaceCandidate {
    pub place_id: u32,
    pub name: String,
    pub country_code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admin1: Option<String>,
    pub population: u64,
    pub matched_name: String,
}

/// The place a `place` query stands for: its best match, unless the query is ambiguous (the
/// runner-up matches equally well and has at least 10 % of the best match's population) and
/// `choice` is not [`PlaceMatchChoice::Best`].
///
/// # Errors
/// No match (400 naming `field`), or an ambiguous query (400 `ambiguous_place` with candidates).
pub fn best_match(
    field: &str,
    text: &str,
    choice: PlaceMatchChoice,
) -> Result<PlaceMatch<'static>, ApiInputError> {
    check_query(field, text)?;
    let hits =
        Gazetteer::bundled().search(&SearchQuery::new(text).with_limit(AMBIGUITY_CANDIDATES));
    let Some(first) = hits.first() else {
        return Err(ApiInputError::field(
            field,
            format!("matches no place in the atlas (got {text:?}); search with GET /v1/places?q=…"),
        ));
    };
    if choice == PlaceMatchChoice::Unique && is_ambiguous(&hits) {
        let mut error = ApiInputError::field(
            field,
            format!(
                "{text:?} matches several places about equally well; send place_id with one of \
                 the candidates' ids, narrow the query (\"Springfield, Illinois\" is not \
                 understood: use GET /v1/places?q=…&country=…), or send place_match: \"best\""
            ),
        );
        error.code = crate::error::ErrorCode::AmbiguousPlace;
        error.details = Some(ErrorDetails::Places {
            candidates: hits.iter().map(PlaceCandidate::from).collect(),
        });
        return Err(error);
    }
    Ok(*first)
}

/// The ambiguity rule: the second match has the same quality as the first and at least
/// [`AMBIGUOUS_POPULATION_SHARE`] of its population.
#[must_use]
pub fn is_ambiguous(hits: &[PlaceMatch<'_>]) -> bool {
    match hits {
        [first, second, ..] => {
            #[allow(clippy::cast_precision_loss, reason = "populations are far below 2^52")]
            let share = second.place.population as f64 / (first.place.population.max(1)) as f64;
            second.quality == first.quality && share >= AMBIGUOUS_POPULATION_SHARE
        }
        _ => false,
    }
}

impl From<&PlaceMatch<'_>> for PlaceCandidate {
    fn from(hit: &PlaceMatch<'_>) -> Self {
        Self {
            place_id: hit.place.id,
            name: hit.place.name.clone(),
            country_code: hit.place.country_code.clone(),
            admin1: hit.place.admin1.clone(),
            population: hit.place.population,
            matched_name: hit.matched_name.to_owned(),
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
    }
}
