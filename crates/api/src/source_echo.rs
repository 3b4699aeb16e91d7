//! The echo of where a natal technique's points came from (a birth or given positions),
//! shared by `/v1/midpoints` and `/v1/lots` so that neither builds on the other's answer.

use serde::Serialize;
use utoipa::ToSchema;

use crate::common::{LocationEcho, ResolvedBirth, ResolvedTimeDto};

/// Which request field gave a technique's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PointsSource {
    /// Computed from the birth in `natal`.
    Natal,
    /// Given in `positions`.
    Positions,
}

/// Where the points came from, echoed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SourceEcho)]
pub struct SourceEchoDto {
    /// `natal` or `positions`.
    pub source: PointsSource,
    /// The birth instant, with `natal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<ResolvedTimeDto>,
    /// The birth place, with `natal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<LocationEcho>,
    /// Remarks on the input; empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl SourceEchoDto {
    /// The echo of a birth.
    pub fn birth(birth: &ResolvedBirth, notes: Vec<String>) -> Self {
        Self {
            source: PointsSource::Natal,
            resolved: Some(ResolvedTimeDto::new(birth)),
            location: Some(LocationEcho::from(birth.place)),
            notes,
        }
    }

    /// The echo of `positions`.
    pub fn positions() -> Self {
        Self {
            source: PointsSource::Positions,
            resolved: None,
            location: None,
            notes: Vec::new(),
        }
    }
}
