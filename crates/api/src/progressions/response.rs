//! The answers of `POST /v1/progressions`: a snapshot or a window.

use orrery_astro::techniques::progressions::ProgressionError;
use serde::Serialize;
use utoipa::ToSchema;

use orrery_astro::techniques::progressions::ProgressionMethod;

use crate::aspect_options::AspectSettingsDto;
use crate::closed_sets::{EphemerisName, StationDirectionName};
use crate::common::{OrderedMap, ResolvedTimeDto};
use crate::error::{ApiInputError, CalcFailure};
use crate::instant_fields::ExactAtFields;
use crate::names::{AspectField, BodyField, SignField};

use super::{AspectFrameDto, MethodDto, PhaseDto};

/// Which answer `POST /v1/progressions` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ProgressionsMode)]
pub enum ModeName {
    /// The progressed chart at one date.
    Snapshot,
    /// The events over a range of dates.
    Window,
}

impl From<ProgressionMethod> for MethodDto {
    fn from(method: ProgressionMethod) -> Self {
        match method {
            ProgressionMethod::Secondary => Self::Secondary,
            ProgressionMethod::Tertiary => Self::Tertiary,
            ProgressionMethod::Minor => Self::Minor,
            ProgressionMethod::SolarArc => Self::SolarArc,
        }
    }
}

/// The natal chart as used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProgressionsNatal)]
pub struct NatalDto {
    /// `natal` (computed from the birth) or `natal_positions` (given).
    pub source: NatalSourceName,
    /// The birth instant, Julian day (UT).
    pub birth_jd: f64,
    /// The birth instant, UTC to the second (ISO 8601).
    pub birth_utc: String,
    /// The birth as resolved, when computed from `natal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved: Option<ResolvedTimeDto>,
    /// Natal longitudes by point, degrees.
    #[schema(value_type = BTreeMap<String, f64>)]
    pub points: OrderedMap<f64>,
}

/// Which input gave the natal points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ProgressionsNatalSource)]
pub enum NatalSourceName {
    /// Computed from the birth.
    Natal,
    /// Given in `natal_positions`.
    NatalPositions,
}

/// A progressed (or directed) position.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProgressedPosition)]
pub struct ProgressedPositionDto {
    /// Ecliptic longitude, degrees.
    pub longitude: f64,
    /// Degrees per day of progressed time.
    pub longitude_speed: f64,
    /// Degrees per year of life.
    pub motion_per_year: f64,
    /// Whether `longitude_speed` is negative.
    pub retrograde: bool,
    /// The zodiac sign of `longitude`.
    pub sign: SignField,
    /// Degrees into the sign, `[0, 30)`.
    pub sign_degree: f64,
}

/// An aspect in orb in a snapshot.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SnapshotAspect)]
pub struct SnapshotAspectDto {
    /// The progressed (or directed) point.
    pub moving_point: String,
    /// The natal point.
    pub natal_point: String,
    /// The aspect.
    pub aspect: AspectField,
    /// The aspect's angle, degrees.
    pub angle: f64,
    /// Distance from exact, degrees.
    pub orb: f64,
    /// The largest orb allowed, degrees.
    pub allowed_orb: f64,
    /// Whether the orb is shrinking; `null` for a point standing still.
    pub applying: Option<bool>,
    /// Years of life until exact at the current motion (negative: since exact).
    pub exact_in_years: Option<f64>,
}

/// The settings of a snapshot.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SnapshotSettings)]
pub struct SnapshotSettingsDto {
    /// The age, tropical years since the birth.
    pub age_years: f64,
    /// The calendar date of the age, UTC to the second (ISO 8601).
    pub at: String,
    /// The calendar date of the age, Julian day (UT).
    pub at_jd: f64,
    /// The progressed instant, Julian day (UT).
    pub progressed_jd: f64,
    /// The progressed instant, UTC to the second (ISO 8601).
    pub progressed_datetime: String,
    /// The points that progress, as asked.
    pub moving_points: Vec<String>,
    #[serde(flatten)]
    pub aspects: AspectSettingsDto,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<crate::presets::PresetEcho>,
}

/// `POST /v1/progressions` in snapshot mode.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SnapshotResponse {
    /// `snapshot`: the progressed chart at one date.
    pub mode: ModeName,
    /// The progression method.
    pub method: MethodDto,
    /// `swiss`, or `moshier` when a date used (the birth, the progressed instants, the
    /// calendar dates of transits) lies outside the data files (before 1200) and the library used
    /// its analytical model.
    pub ephemeris: EphemerisName,
    pub settings: SnapshotSettingsDto,
    pub natal: NatalDto,
    /// Solar arc only: the arc added to every natal point, degrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solar_arc: Option<f64>,
    /// The progressed points, keyed by name.
    #[schema(value_type = BTreeMap<String, ProgressedPositionDto>)]
    pub positions: OrderedMap<ProgressedPositionDto>,
    /// The aspects between progressed and natal points.
    pub aspects: Vec<SnapshotAspectDto>,
    /// Remarks on the calculation; empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The settings of a window.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = WindowSettings)]
pub struct WindowSettingsDto {
    /// The window's first age, tropical years.
    pub age_start: f64,
    /// The window's last age, tropical years.
    pub age_end: f64,
    /// The cap on the scan step as given; `null`: each point's own step.
    pub step_years: Option<f64>,
    /// The calendar date of `age_start`, UTC to the second (ISO 8601).
    pub start: String,
    /// The calendar date of `age_end`, UTC to the second (ISO 8601).
    pub end: String,
    /// The points that progress, as asked.
    pub moving_points: Vec<String>,
    /// Which points the aspects are between; absent when aspects are not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect_frame: Option<AspectFrameDto>,
    /// The progressed points searched; absent when all are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transit_points: Option<Vec<BodyField>>,
    /// The aspects searched; absent when aspects are not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect_names: Option<Vec<AspectField>>,
    /// The progressed lunar phases asked for; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phases: Option<Vec<PhaseDto>>,
    /// The preset, with every setting it fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<crate::presets::PresetEcho>,
}

/// One exact aspect.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ProgressionEvent)]
pub struct EventDto {
    /// The progressed (or transiting) point.
    pub moving_point: String,
    /// The natal (or progressed) point aspected.
    pub natal_point: String,
    /// The aspect.
    pub aspect: AspectField,
    /// The aspect's angle, degrees.
    pub angle: f64,
    /// The arc from `natal_point` to `moving_point`: `+angle` or `-angle`.
    pub arc: f64,
    /// The age at the exact aspect, tropical years.
    pub exact_at_years: f64,
    /// The calendar date of the age.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// The progressed instant, Julian day (UT).
    pub progressed_jd: f64,
    /// The moving point's longitude, degrees.
    pub moving_longitude: f64,
    /// Degrees per day of the moving point's time (progressed days; calendar days for a
    /// transiting body).
    pub moving_speed: f64,
    /// Whether `moving_speed` is negative.
    pub retrograde: bool,
    /// The longitude of `natal_point` at that moment (natal, or progressed), degrees.
    pub natal_longitude: f64,
}

/// A sign ingress.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Ingress)]
pub struct IngressDto {
    /// The progressed point that changes sign.
    pub point: String,
    /// The sign the point enters.
    pub sign: SignField,
    /// The sign the point leaves.
    pub from_sign: SignField,
    /// The age at the ingress, years after birth.
    pub exact_at_years: f64,
    /// The real-life date of the ingress.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// The progressed instant (in the chart's symbolic time) of the ingress, as a Julian day (UT).
    pub progressed_jd: f64,
    /// The point's ecliptic longitude at the ingress, degrees [0, 360) (a sign's cusp).
    pub longitude: f64,
    /// Whether the point enters the sign moving backwards.
    pub retrograde: bool,
}

/// A station.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Station)]
pub struct StationDto {
    /// The progressed point that stations.
    pub point: String,
    /// `retrograde` (turns retrograde) or `direct`.
    pub station: StationDirectionName,
    /// The age at the station, years after birth.
    pub exact_at_years: f64,
    /// The real-life date of the station.
    #[serde(flatten)]
    pub exact: ExactAtFields,
    /// The progressed instant (in the chart's symbolic time) of the station, as a Julian day (UT).
    pub progressed_jd: f64,
    /// The point's ecliptic longitude at the station, degrees [0, 360).
    pub longitude: f64,
}

/// `POST /v1/progressions` in window mode.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WindowResponse {
    /// `window`: the events over a range of dates.
    pub mode: ModeName,
    /// The progression method.
    pub method: MethodDto,
    /// `swiss`, or `moshier` when a date used (the birth, the progressed instants, the
    /// calendar dates of transits) lies outside the data files (before 1200) and the library used
    /// its analytical model.
    pub ephemeris: EphemerisName,
    pub settings: WindowSettingsDto,
    pub natal: NatalDto,
    /// The number of `events`.
    pub event_count: usize,
    /// The exact progressed aspects, by date; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventDto>>,
    /// `transit_progressed` only: whether the list stopped at `event_limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,
    /// The most events returned; absent when there is no limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_limit: Option<usize>,
    /// When truncated: every event up to this age is listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete_until_years: Option<f64>,
    /// When `event_limit` cut the list: the instant up to which it is complete, UTC, ISO 8601;
    /// absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete_until: Option<String>,
    /// Sign changes of the progressed bodies; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ingresses: Option<Vec<IngressDto>>,
    /// Stations of the progressed bodies; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stations: Option<Vec<StationDto>>,
    /// Sign changes of the progressed angles; absent when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axis_ingresses: Option<Vec<IngressDto>>,
    /// Remarks on the calculation; empty when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Either response.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ProgressionsResponse {
    Snapshot(Box<SnapshotResponse>),
    Window(Box<WindowResponse>),
}

impl From<ProgressionError> for CalcFailure {
    fn from(error: ProgressionError) -> Self {
        match error {
            ProgressionError::Chart(e) => e.into(),
            ProgressionError::Scan { .. } | ProgressionError::Solve { .. } => {
                CalcFailure::Internal(error.to_string())
            }
            ProgressionError::PolarLatitude { .. } => {
                CalcFailure::Input(ApiInputError::labelled("natal.location.latitude", &error))
            }
            other => CalcFailure::Input(ApiInputError::new(other.to_string())),
        }
    }
}
