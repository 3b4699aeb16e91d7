//! `POST /v1/ephemeris-graph`: a graphic ephemeris as SVG or PNG (see
//! `orrery_api::ephemeris_graph`).

use axum::extract::State;
use axum::response::Response;
use orrery_api::ephemeris_graph::{EphemerisGraphInput, EphemerisGraphRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/ephemeris-graph`
#[utoipa::path(
    post,
    path = "/v1/ephemeris-graph",
    tag = "Calculation",
    summary = "A graphic ephemeris: longitudes against time on a 360°, 90° or 45° dial, natal points as lines, as SVG or PNG",
    description = "Each body is sampled once per pixel of the width. The SVG states its plot area and window (`data-plot-left`, `data-plot-width`, `data-start-jd`, `data-end-jd`, `data-dial`), each body's lines are a `<g data-body>` of polylines, each natal point a `<line data-point data-longitude>`: a crossing read from the picture is a transit (a hard aspect on a dial). Cached like the JSON endpoints (ETag, 304).",
    request_body(
        content = orrery_api::ephemeris_graph::EphemerisGraphRequest,
        example = json!({
            "start": "2025-01-01T00:00:00Z", "end": "2026-01-01T00:00:00Z", "dial": "ninety",
            "natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                      "location": {"latitude": 52.52, "longitude": 13.405}}
        }),
    ),
    responses(
        crate::routes::chart_wheel::PictureResponses,
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn ephemeris_graph(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<EphemerisGraphRequest>,
) -> Result<Response, ApiError> {
    let input = EphemerisGraphInput::try_from(&request)?;
    state
        .calculate_picture(input, false, move |eph, input| {
            Ok(crate::routes::chart_wheel::picture(compute(eph, input)?))
        })
        .await
}
