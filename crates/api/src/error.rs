//! What a request can get wrong, and how a calculation can fail.

use orrery_astro::chart::ChartError;
use orrery_astro::error::UnknownName;
use orrery_ephem::EphemError;

/// A request that breaks a rule; the message starts with the field path
/// (`birth.location.latitude must be between -90 and 90 (got 91.5)`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiInputError {
    pub message: String,
}

impl ApiInputError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }

    /// `field` followed by the rule.
    pub fn field(field: &str, rule: impl std::fmt::Display) -> Self {
        Self::new(format!("{field} {rule}"))
    }

    /// An unknown name, with the catalogue's accepted names.
    pub fn unknown_name(field: &str, error: &UnknownName) -> Self {
        Self::new(format!("{field}: {error}"))
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

impl From<ApiInputError> for CalcFailure {
    fn from(error: ApiInputError) -> Self {
        CalcFailure::Input(error)
    }
}

impl From<EphemError> for CalcFailure {
    fn from(error: EphemError) -> Self {
        match error {
            EphemError::DataDir { .. } | EphemError::Library { .. } => {
                CalcFailure::Internal(error.to_string())
            }
            _ => CalcFailure::Input(ApiInputError::new(error.to_string())),
        }
    }
}

impl From<ChartError> for CalcFailure {
    fn from(error: ChartError) -> Self {
        match error {
            ChartError::Ephemeris(inner) => inner.into(),
            ChartError::BodyIsCenter { .. } | ChartError::NoData { .. } => {
                CalcFailure::Input(ApiInputError::new(error.to_string()))
            }
        }
    }
}
