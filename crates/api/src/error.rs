//! What a request can get wrong, and how a calculation can fail.
//!
//! A 400 carries a code a client can act on, the field it is about (the dotted path as the
//! deserialiser reports it: `birth.location.latitude`, `bodies[2]`), a message for people, and
//! where it helps machine-readable details. The codes and when each is used are ruled in
//! `docs/API-DESIGN.md` ("Error codes").

use orrery_astro::chart::ChartError;
use orrery_astro::error::UnknownName;
use orrery_civil::{Candidate, CivilError};
use orrery_ephem::EphemError;
use serde::Serialize;
use utoipa::ToSchema;

/// Every error code the service answers with. The service's error-codes page (`/docs/errors`,
/// one anchor per code) is generated from [`ErrorCode::ALL`] with each code's
/// [`ErrorCode::status`] and [`ErrorCode::description`], and every error object links to its
/// code's entry in `doc_url`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    InvalidInput,
    UnknownName,
    LimitExceeded,
    AmbiguousLocalTime,
    NonexistentLocalTime,
    OutsideEphemerisRange,
    AmbiguousPlace,
    UnknownPlace,
    Unauthorized,
    NotFound,
    MethodNotAllowed,
    PayloadTooLarge,
    UnsupportedMediaType,
    RateLimited,
    InternalError,
    ServiceUnavailable,
    Overloaded,
    Timeout,
}

impl ErrorCode {
    /// Every code, in the order of the error-codes page (a test checks the list against the
    /// enum's schema, which lists every variant).
    pub const ALL: [ErrorCode; 18] = [
        Self::InvalidInput,
        Self::UnknownName,
        Self::LimitExceeded,
        Self::AmbiguousLocalTime,
        Self::NonexistentLocalTime,
        Self::OutsideEphemerisRange,
        Self::AmbiguousPlace,
        Self::UnknownPlace,
        Self::Unauthorized,
        Self::NotFound,
        Self::MethodNotAllowed,
        Self::PayloadTooLarge,
        Self::UnsupportedMediaType,
        Self::RateLimited,
        Self::InternalError,
        Self::ServiceUnavailable,
        Self::Overloaded,
        Self::Timeout,
    ];

    /// The HTTP status of an answer with this code.
    #[must_use]
    pub const fn status(self) -> u16 {
        match self {
            Self::InvalidInput
            | Self::UnknownName
            | Self::LimitExceeded
            | Self::AmbiguousLocalTime
            | Self::NonexistentLocalTime
            | Self::OutsideEphemerisRange
            | Self::AmbiguousPlace
            | Self::UnknownPlace => 400,
            Self::Unauthorized => 401,
            Self::NotFound => 404,
            Self::MethodNotAllowed => 405,
            Self::PayloadTooLarge => 413,
            Self::UnsupportedMediaType => 415,
            Self::RateLimited => 429,
            Self::InternalError => 500,
            Self::ServiceUnavailable | Self::Overloaded => 503,
            Self::Timeout => 504,
        }
    }

    /// What the code means and what a client can do about it: the text of its entry on the
    /// error-codes page. Markdown-style `code` spans only.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::InvalidInput => {
                "A value breaks a rule: malformed JSON, a wrong type, a value out of range, or \
                 fields that do not go together. `field` names the value (a dotted path in the \
                 body such as `birth.location.latitude`, or a query parameter) and the message \
                 states the rule. Correct the value; sending the same request again gets the \
                 same answer."
            }
            Self::UnknownName => {
                "A name that is not in its catalogue (a body, house system, ayanamsa, aspect, \
                 preset or fixed star). `details.accepted` lists every name the field accepts; \
                 the catalogue endpoints under `/v1/catalog/` describe them."
            }
            Self::LimitExceeded => {
                "A window, a number of samples or a list is larger than one request may ask \
                 for. `details.limit` is the largest value allowed and `details.requested` the \
                 value asked for, in the unit the message names; split the request into \
                 smaller ones."
            }
            Self::AmbiguousLocalTime => {
                "A local time that happened twice (the clocks went back). \
                 `details.candidates` gives both readings, earlier first; send \
                 `ambiguous_time: \"earlier\"` or `\"later\"` beside the time to choose one."
            }
            Self::NonexistentLocalTime => {
                "A local time that was skipped (the clocks went forward). \
                 `details.candidates` gives the readings just before and after the gap; send \
                 `ambiguous_time: \"earlier\"` or `\"later\"` beside the time to choose one."
            }
            Self::OutsideEphemerisRange => {
                "A date the installed ephemeris data do not cover for a body asked for. \
                 `details` names the body and the dates it has data for; `/v1/health` lists \
                 the data installed."
            }
            Self::AmbiguousPlace => {
                "A `place` query that is the whole name of more than one place, none clearly \
                 the one meant (similar sizes, another place's own name, or a far larger place \
                 spelled within two edits). `details.candidates` lists them (name, division, \
                 country, population, zone, coordinates): send the chosen one's `place_id`, \
                 narrow the query (`Paris, FR`, `Portland, Oregon`, or `country` and `region` \
                 beside `place`), or send `place_match: \"best\"` to take the first."
            }
            Self::UnknownPlace => {
                "A `place` query that is not the whole name of any place in the atlas (a typo, \
                 a prefix), or whose country or division after a comma the atlas does not \
                 know. `details.candidates` lists the places it may mean (prefix matches and \
                 near spellings, largest first; empty when there are none): send the chosen \
                 one's `place_id`, or search with `GET /v1/places`."
            }
            Self::Unauthorized => {
                "No API key, an unknown key or a revoked key. Send the key in the `X-API-Key` \
                 header. The playground and the API reference use the demo key, which works \
                 for a few requests an hour; an operator issues keys with `orrery keys create`."
            }
            Self::NotFound => {
                "No such path, or no such resource (a `place_id` that is not in the atlas). \
                 `/v1/openapi.json` and `/docs` list every path."
            }
            Self::MethodNotAllowed => {
                "The path exists but does not accept this method (a GET of a POST endpoint). \
                 The `Allow` header lists the methods it accepts."
            }
            Self::PayloadTooLarge => {
                "The request body is larger than 64 KiB. Split the request into smaller ones."
            }
            Self::UnsupportedMediaType => {
                "A body not declared as JSON: send `Content-Type: application/json`."
            }
            Self::RateLimited => {
                "The key's plan allows a number of requests per hour and they are used up, or \
                 too many requests without a valid key came from one address. Wait the seconds \
                 `Retry-After` gives; `X-RateLimit-Limit`, `X-RateLimit-Remaining` and \
                 `X-RateLimit-Reset` tell how the hour stands on every answer."
            }
            Self::InternalError => {
                "The service failed to answer. Nothing in the request is to blame; the \
                 `request_id` identifies the failure in the service's log, so give it when \
                 you report the error."
            }
            Self::ServiceUnavailable => {
                "A backend the request needs (the key store or the rate limiter) is \
                 unreachable. Retry later; `/v1/health` tells which part is down."
            }
            Self::Overloaded => {
                "The calculation capacity is full, for every client or for this key's share \
                 of the expensive calculations. Retry after the seconds `Retry-After` gives. \
                 It is never used for the hourly limit, which is `rate_limited`."
            }
            Self::Timeout => {
                "The calculation did not finish within the service's time limit. Ask for a \
                 shorter window or fewer samples."
            }
        }
    }

    /// The code as it is written in the error object.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::InvalidInput => "invalid_input",
            Self::UnknownName => "unknown_name",
            Self::LimitExceeded => "limit_exceeded",
            Self::AmbiguousLocalTime => "ambiguous_local_time",
            Self::NonexistentLocalTime => "nonexistent_local_time",
            Self::OutsideEphemerisRange => "outside_ephemeris_range",
            Self::AmbiguousPlace => "ambiguous_place",
            Self::UnknownPlace => "unknown_place",
            Self::Unauthorized => "unauthorized",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::PayloadTooLarge => "payload_too_large",
            Self::UnsupportedMediaType => "unsupported_media_type",
            Self::RateLimited => "rate_limited",
            Self::InternalError => "internal_error",
            Self::ServiceUnavailable => "service_unavailable",
            Self::Overloaded => "overloaded",
            Self::Timeout => "timeout",
        }
    }
}

/// One reading of a local time that occurs twice or not at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TimeCandidate {
    /// The instant this reading gives, in UTC.
    #[schema(example = "2021-10-31T00:30:00Z")]
    pub utc: String,
    /// The UTC offset of this reading, `+02:00`.
    #[schema(example = "+02:00")]
    pub offset: String,
}

impl From<&Candidate> for TimeCandidate {
    fn from(candidate: &Candidate) -> Self {
        Self {
            utc: candidate.utc().to_string(),
            offset: orrery_civil::iso_offset(candidate.offset()),
        }
    }
}

/// Machine-readable details of a 400, by code. Untagged on the wire: the error's `code` says
/// which alternative it is (each has its own property names).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ErrorDetails {
    /// `ambiguous_local_time` and `nonexistent_local_time`: the two readings, earlier first; send
    /// `ambiguous_time: "earlier"` or `"later"` to choose one.
    #[schema(title = "TimeCandidates")]
    Candidates {
        /// The two readings of the local time, earlier first.
        #[schema(min_items = 2, max_items = 2)]
        candidates: Vec<TimeCandidate>,
    },
    /// `ambiguous_place` and `unknown_place`: the places the query may mean, best first.
    #[schema(title = "PlaceCandidates")]
    Places {
        /// The places the query may mean, best first. Never empty: a refusal without candidates
        /// has no details, so that the two kinds of candidates stay apart in the schema.
        #[schema(min_items = 1)]
        candidates: Vec<crate::places::PlaceCandidate>,
    },
    /// `unknown_name`: every name the catalogue accepts.
    #[schema(title = "AcceptedNames")]
    Accepted {
        /// Every name the field accepts.
        accepted: Vec<&'static str>,
    },
    /// `outside_ephemeris_range`: the body without data at the date and the dates it has data
    /// for (proleptic Gregorian, 0h UT; absent for an asteroid without a data file).
    // Boxed: the error stays small, as it travels in every `Result` of the crate.
    Range(Box<RangeDetails>),
    /// `limit_exceeded`: the largest value allowed and the value the request asked for, in the
    /// unit the message names (days, samples, steps, items).
    #[schema(title = "LimitExceeded")]
    Limit {
        /// The largest value allowed.
        #[schema(value_type = f64)]
        limit: serde_json::Number,
        /// The value the request asked for.
        #[schema(value_type = f64)]
        requested: serde_json::Number,
    },
}

/// The details of an `outside_ephemeris_range`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RangeDetails {
    /// The body without data at the date.
    pub body: String,
    /// Its first date with data (proleptic Gregorian, 0h UT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<String>,
    /// Its last date with data.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_to: Option<String>,
}

/// The path of a request field as the deserialiser writes it (`birth.location.latitude`,
/// `bodies[2]`, a query parameter's name), relative to the request it was found in. A request
/// embedded in another (the chart wheel's `radix`) reports its fields under the embedding one
/// with [`FieldPath::under`]: one leading segment pushed, nothing else of the path touched.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct FieldPath(String);

impl FieldPath {
    /// The path `path` (dotted, with `[i]` for list items).
    pub fn new(path: impl Into<String>) -> Self {
        Self(path.into())
    }

    /// This path inside the field `parent` of an embedding request: `natal.datetime` under
    /// `transits` is `transits.natal.datetime`.
    #[must_use]
    pub fn under(&self, parent: &str) -> Self {
        match (parent.is_empty(), self.0.is_empty()) {
            (true, _) => self.clone(),
            (false, true) => Self(parent.to_owned()),
            // A request is an object, so a path starts with a field name, never an index.
            (false, false) => Self(format!("{parent}.{}", self.0)),
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for FieldPath {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for FieldPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for FieldPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.0, f)
    }
}

impl Serialize for FieldPath {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl From<&str> for FieldPath {
    fn from(path: &str) -> Self {
        Self(path.to_owned())
    }
}

impl From<String> for FieldPath {
    fn from(path: String) -> Self {
        Self(path)
    }
}

impl From<FieldPath> for String {
    fn from(path: FieldPath) -> Self {
        path.0
    }
}

impl PartialEq<str> for FieldPath {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for FieldPath {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// An error's message for people, kept as its text and the field paths it names (the field it
/// starts with, a field a hint points to), so that an embedded request's error is put under the
/// embedding field by pushing a segment on each path ([`Message::under`]), never by editing the
/// text. It reads as the written message (`Deref<Target = str>`, `Display`).
#[derive(Clone, PartialEq)]
pub struct Message {
    pieces: Vec<Piece>,
    /// The pieces written out, kept so that the message reads as a `&str`.
    written: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Path(FieldPath),
}

impl Message {
    fn from_pieces(pieces: Vec<Piece>) -> Self {
        let mut message = Self {
            pieces,
            written: String::new(),
        };
        message.write();
        message
    }

    fn write(&mut self) {
        self.written.clear();
        for piece in &self.pieces {
            self.written.push_str(match piece {
                Piece::Text(text) => text,
                Piece::Path(path) => path,
            });
        }
    }

    /// `path` followed by `text`: `birth.location.latitude must be …`.
    fn at_path(path: FieldPath, text: String) -> Self {
        Self::from_pieces(vec![Piece::Path(path), Piece::Text(text)])
    }

    /// Adds text at the end (a hint).
    pub fn push_str(&mut self, text: &str) {
        self.pieces.push(Piece::Text(text.to_owned()));
        self.written.push_str(text);
    }

    /// Adds text at the front (a label such as the body a failure is about).
    pub fn prepend(&mut self, text: &str) {
        self.pieces.insert(0, Piece::Text(text.to_owned()));
        self.write();
    }

    /// Puts `path: ` in front.
    fn label(&mut self, path: FieldPath) {
        self.pieces
            .splice(0..0, [Piece::Path(path), Piece::Text(": ".to_owned())]);
        self.write();
    }

    fn names_a_path(&self) -> bool {
        self.pieces
            .iter()
            .any(|piece| matches!(piece, Piece::Path(_)))
    }

    /// Every path the message names, under the field `parent` of an embedding request.
    fn under(&mut self, parent: &str) {
        for piece in &mut self.pieces {
            if let Piece::Path(path) = piece {
                *path = path.under(parent);
            }
        }
        self.write();
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.written
    }
}

impl Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.written)
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Self::from_pieces(vec![Piece::Text(text)])
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        text.to_owned().into()
    }
}

impl From<Message> for String {
    fn from(message: Message) -> Self {
        message.written
    }
}

impl std::ops::Deref for Message {
    type Target = str;
    fn deref(&self) -> &str {
        &self.written
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.written)
    }
}

impl std::fmt::Debug for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.written, f)
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        self.written == other
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        self.written == *other
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, other: &String) -> bool {
        &self.written == other
    }
}

/// A request that breaks a rule. The message starts with the field path and states the rule
/// (`birth.location.latitude must be between -90 and 90 (got 91.5)`); `field` holds the same path
/// apart from the message.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ApiInputError {
    pub code: ErrorCode,
    /// The path of the field (`birth.location.latitude`, `bodies[2]`, a query parameter's
    /// name), when the error is about one field.
    pub field: Option<FieldPath>,
    pub message: Message,
    pub details: Option<ErrorDetails>,
}

impl ApiInputError {
    /// An `invalid_input` about the request as a whole (no single field is to blame).
    pub fn new(message: impl Into<String>) -> Self {
        Self::with_message(message.into().into())
    }

    fn with_message(message: Message) -> Self {
        Self {
            code: ErrorCode::InvalidInput,
            field: None,
            message,
            details: None,
        }
    }

    /// `field` followed by the rule: `start must be before end`.
    pub fn field(field: &str, rule: impl std::fmt::Display) -> Self {
        Self::with_message(Message::at_path(field.into(), format!(" {rule}"))).at(field)
    }

    /// `field: ` followed by a message that stands on its own (a core error's text).
    pub fn labelled(field: &str, message: impl std::fmt::Display) -> Self {
        Self::with_message(Message::at_path(field.into(), format!(": {message}"))).at(field)
    }

    /// An unknown name at `field`, with the catalogue's accepted names.
    pub fn unknown_name(field: &str, error: &UnknownName) -> Self {
        Self::labelled(field, error).unknown(error.kind.accepted_names())
    }

    /// `field` followed by the rule, for a request larger than a limit: `limit_exceeded`, with
    /// the limit and the requested amount as details.
    pub fn limit(field: &str, rule: impl std::fmt::Display, limit: f64, requested: f64) -> Self {
        Self::field(field, rule).exceeding(limit, requested)
    }

    /// Puts `field: ` in front of the message and names the field, keeping the code and details
    /// (a core error found while calculating, blamed on the request field it came from).
    #[must_use]
    pub fn prefixed(mut self, field: &str) -> Self {
        self.message.label(field.into());
        self.at(field)
    }

    /// The error of a request embedded in the field `parent` of another (the chart wheel's
    /// `transits`), as the embedding request reports it: every path it names is put under
    /// `parent` (`natal.datetime` becomes `transits.natal.datetime`, in the field and in the
    /// message); an error about no field in particular is blamed on `parent`.
    #[must_use]
    pub fn under(mut self, parent: &str) -> Self {
        match self.field.take() {
            Some(field) => {
                let field = field.under(parent);
                if self.message.names_a_path() {
                    self.message.under(parent);
                } else {
                    // A message written without its path (a rule across fields) gets the
                    // embedded field's path in front, as it would have none otherwise.
                    self.message.label(field.clone());
                }
                self.field = Some(field);
                self
            }
            None => self.prefixed(parent),
        }
    }

    /// [`Self::limit`] for a list or a count: `max` items allowed, `got` given.
    pub fn too_many(field: &str, rule: impl std::fmt::Display, max: usize, got: usize) -> Self {
        #[allow(
            clippy::cast_precision_loss,
            reason = "list lengths are far below 2^52"
        )]
        Self::limit(field, rule, max as f64, got as f64)
    }

    /// A `not_found` (404) about the resource a field names: `field` followed by the rule.
    pub fn not_found(field: &str, rule: impl std::fmt::Display) -> Self {
        let mut error = Self::field(field, rule);
        error.code = ErrorCode::NotFound;
        error
    }

    /// Names the field the error is about.
    #[must_use]
    pub fn at(mut self, field: &str) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Makes this an `unknown_name` that lists the accepted names.
    #[must_use]
    pub fn unknown(mut self, accepted: &[&'static str]) -> Self {
        self.code = ErrorCode::UnknownName;
        self.details = Some(ErrorDetails::Accepted {
            accepted: accepted.to_vec(),
        });
        self
    }

    /// Makes this a `limit_exceeded` with its limit and the requested amount.
    #[must_use]
    pub fn exceeding(mut self, limit: f64, requested: f64) -> Self {
        self.code = ErrorCode::LimitExceeded;
        self.details = Some(ErrorDetails::Limit {
            limit: json_number(limit),
            requested: json_number(requested),
        });
        self
    }

    /// Makes this an `outside_ephemeris_range`.
    #[must_use]
    pub fn outside_ephemeris(mut self) -> Self {
        self.code = ErrorCode::OutsideEphemerisRange;
        self
    }

    /// A civil-time error at `path` (`birth`, `natal`, or empty for top-level fields): the field
    /// is `path.datetime`, `path.timezone` or `path.location.longitude`; a gap or fold carries
    /// its two readings and a hint that names `path.ambiguous_time`.
    #[must_use]
    pub fn civil(path: &str, error: &CivilError) -> Self {
        let name = match error.field() {
            orrery_civil::Field::Datetime => "datetime",
            orrery_civil::Field::Timezone => "timezone",
            orrery_civil::Field::Longitude => "location.longitude",
            orrery_civil::Field::Calendar => "calendar",
        };
        let field = join_path(path, name);
        // The civil crate's message is "{field} {rule}": the path stands in the field's place.
        let rule = format!(" {}", error.rule());
        let mut pieces = vec![Piece::Path(field.clone()), Piece::Text(rule)];
        let (code, details) = match error {
            CivilError::Gap { earlier, later, .. } | CivilError::Fold { earlier, later, .. } => {
                pieces.extend([
                    Piece::Text(" (set ".to_owned()),
                    Piece::Path(join_path(path, "ambiguous_time")),
                    Piece::Text(" to `earlier` or `later`)".to_owned()),
                ]);
                let code = if matches!(error, CivilError::Gap { .. }) {
                    ErrorCode::NonexistentLocalTime
                } else {
                    ErrorCode::AmbiguousLocalTime
                };
                let details = ErrorDetails::Candidates {
                    candidates: vec![earlier.into(), later.into()],
                };
                (code, Some(details))
            }
            _ => (ErrorCode::InvalidInput, None),
        };
        Self {
            code,
            field: Some(field),
            message: Message::from_pieces(pieces),
            details,
        }
    }
}

/// `path.name`, or `name` at the top level.
fn join_path(path: &str, name: &str) -> FieldPath {
    FieldPath::new(name).under(path)
}

/// A whole number as an integer (`10000`, not `10000.0`), anything else as a float.
fn json_number(value: f64) -> serde_json::Number {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "only whole numbers well inside i64 take this branch"
    )]
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        serde_json::Number::from(value as i64)
    } else {
        serde_json::Number::from_f64(value).unwrap_or_else(|| serde_json::Number::from(0))
    }
}

/// A calculation that could not be done: the client's fault (400) or ours (500).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CalcFailure {
    /// The request is valid but asks for something the data cannot give (a date outside an
    /// asteroid file) or breaks a rule found only while calculating.
    #[error("{0}")]
    Input(ApiInputError),
    /// A failure of the service (the library, the data directory).
    #[error("{0}")]
    Internal(String),
}

impl CalcFailure {
    /// Blames a client error found while calculating on the request field it came from
    /// (`birth.datetime` for a date the ephemeris does not cover); a failure of ours is left
    /// as it is.
    #[must_use]
    pub fn at_field(self, field: &str) -> Self {
        match self {
            CalcFailure::Input(error) if error.field.is_none() => {
                CalcFailure::Input(error.prefixed(field))
            }
            other => other,
        }
    }

    /// A client error of a request embedded in the field `parent` of another, as the
    /// embedding request reports it ([`ApiInputError::under`]); a failure of ours is left as it
    /// is.
    #[must_use]
    pub fn under(self, parent: &str) -> Self {
        match self {
            CalcFailure::Input(error) => CalcFailure::Input(error.under(parent)),
            internal @ CalcFailure::Internal(_) => internal,
        }
    }
}

impl From<ApiInputError> for CalcFailure {
    fn from(error: ApiInputError) -> Self {
        CalcFailure::Input(error)
    }
}

impl From<EphemError> for CalcFailure {
    fn from(error: EphemError) -> Self {
        // Every variant by name.
        match error {
            EphemError::DataDir { .. } | EphemError::Library { .. } => {
                CalcFailure::Internal(error.to_string())
            }
            // The library's message names a data file, which tells a client nothing: say what
            // was asked and what the data cover instead.
            EphemError::OutOfRange { what, .. } | EphemError::DataUnavailable { what, .. } => {
                CalcFailure::Input(
                    ApiInputError::new(format!(
                        "no ephemeris data for {what}; {}",
                        crate::ephemeris_range::coverage_text()
                    ))
                    .outside_ephemeris(),
                )
            }
            EphemError::NotFinite { .. }
            | EphemError::InvalidInput { .. }
            | EphemError::NotProvided { .. } => {
                CalcFailure::Input(ApiInputError::new(error.to_string()))
            }
            // The catalogue has over a thousand names: they are listed by
            // `/v1/catalog/fixed-stars`, not in the error.
            EphemError::StarNotFound { .. } => {
                let mut input = ApiInputError::new(format!(
                    "{error}; GET /v1/catalog/fixed-stars lists the names"
                ));
                input.code = ErrorCode::UnknownName;
                CalcFailure::Input(input)
            }
            // The request was dropped (time limit, client gone) and nobody reads this answer;
            // it is not a failure of ours, so it must not be logged as one.
            EphemError::Cancelled => CalcFailure::Input(ApiInputError::new(error.to_string())),
            // `EphemError` is `#[non_exhaustive]`, so a wildcard is required. A variant added
            // later is a failure of ours until it is sorted here: a 500 that logs its cause,
            // never a silent 400.
            _ => CalcFailure::Internal(format!("unclassified ephemeris error: {error}")),
        }
    }
}

impl From<ChartError> for CalcFailure {
    fn from(error: ChartError) -> Self {
        match error {
            ChartError::Ephemeris(inner) => inner.into(),
            ChartError::BodyIsCenter { .. } => {
                CalcFailure::Input(ApiInputError::new(error.to_string()))
            }
            // The library's detail names a data file, which tells a client nothing: say the
            // date and the body's range instead.
            ChartError::NoData {
                body, jd, valid, ..
            } => CalcFailure::Input(crate::ephemeris_range::no_data_error(&body, jd, valid)),
        }
    }
}

#[cfg(test)]
mod tests {
    use orrery_civil::CivilInput;

    use super::*;

    fn civil(datetime: &str) -> CivilError {
        CivilInput::new(datetime)
            .with_timezone("Europe/Berlin")
            .resolve()
            .unwrap_err()
    }

    #[test]
    fn a_gap_and_a_fold_carry_their_two_readings() {
        let gap = ApiInputError::civil("birth", &civil("2021-03-28T02:30:00"));
        assert_eq!(gap.code.as_str(), "nonexistent_local_time");
        assert_eq!(gap.field.as_deref(), Some("birth.datetime"));
        assert!(
            gap.message
                .ends_with("(set birth.ambiguous_time to `earlier` or `later`)")
        );
        let Some(ErrorDetails::Candidates { candidates }) = gap.details else {
            panic!("candidates")
        };
        assert_eq!(candidates[0].utc, "2021-03-28T00:30:00Z");
        assert_eq!(candidates[1].offset, "+01:00");

        let fold = ApiInputError::civil("", &civil("2021-10-31T02:30:00"));
        assert_eq!(fold.code.as_str(), "ambiguous_local_time");
        assert_eq!(fold.field.as_deref(), Some("datetime"));
        assert!(
            fold.message
                .ends_with("(set ambiguous_time to `earlier` or `later`)")
        );
    }

    #[test]
    fn other_civil_errors_are_invalid_input_at_their_field() {
        let zone = CivilInput::new("2021-03-28T02:30:00")
            .with_timezone("Mars/Olympus")
            .resolve()
            .unwrap_err();
        let error = ApiInputError::civil("natal", &zone);
        assert_eq!(error.code.as_str(), "invalid_input");
        assert_eq!(error.field.as_deref(), Some("natal.timezone"));
        assert!(
            error.message.starts_with("natal.timezone must be"),
            "{}",
            error.message
        );
        assert_eq!(error.details, None);
    }

    #[test]
    fn limits_write_whole_numbers_as_integers() {
        let error = ApiInputError::too_many("bodies", "may name at most 16 bodies", 16, 17);
        assert_eq!(error.code.as_str(), "limit_exceeded");
        assert_eq!(
            serde_json::to_value(error.details).unwrap(),
            serde_json::json!({"limit": 16, "requested": 17})
        );
        let error = ApiInputError::limit("end", "must be at most 62 days", 62.0, 62.5);
        assert_eq!(
            serde_json::to_value(error.details).unwrap(),
            serde_json::json!({"limit": 62, "requested": 62.5})
        );
    }

    #[test]
    fn an_unknown_name_lists_the_accepted_ones() {
        let unknown = orrery_astro::body::Body::parse("vulcan").unwrap_err();
        let error = ApiInputError::unknown_name("bodies[2]", &unknown);
        assert_eq!(error.code.as_str(), "unknown_name");
        assert_eq!(error.field.as_deref(), Some("bodies[2]"));
        assert!(
            error
                .message
                .starts_with("bodies[2]: unknown body `vulcan`")
        );
        let Some(ErrorDetails::Accepted { accepted }) = error.details else {
            panic!("accepted names")
        };
        assert!(accepted.contains(&"sun"));
    }

    #[test]
    fn a_library_error_outside_the_data_names_no_file() {
        let failure = CalcFailure::from(EphemError::DataUnavailable {
            what: "body 15 at JD 2122826.5 (UT)".into(),
            message: "SwissEph file 'seas_11.se1' not found in PATH '/srv/ephe/'".into(),
        });
        let CalcFailure::Input(error) = failure else {
            panic!("a 400")
        };
        assert_eq!(error.code.as_str(), "outside_ephemeris_range");
        assert!(!error.message.contains("se1"), "{}", error.message);
        assert!(
            error
                .message
                .contains("the Swiss Ephemeris files cover 1200-01-09 to 4799-12-31"),
            "{}",
            error.message
        );
    }
}
