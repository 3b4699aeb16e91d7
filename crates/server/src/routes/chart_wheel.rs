//! `POST /v1/chart-wheel`: any chart as a picture (see `orrery_api::chart_wheel`).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use orrery_api::chart_wheel::{ChartWheelRequest, compute};

use crate::app::AppState;
use crate::error::ApiError;
use crate::json::JsonBody;

/// `POST /v1/chart-wheel`
#[utoipa::path(
    post,
    path = "/v1/chart-wheel",
    tag = "Calculation",
    summary = "A chart wheel (natal, transits, progressions, synastry, composite, Davison, return) as SVG or PNG",
    description = "The chart is asked for exactly as its JSON endpoint takes it, in the field named after that endpoint (`radix`, `transits`, `progressions`, `relationship`, `returns`); `kind` says which. Every body, cusp and aspect of the SVG carries `data-*` attributes (`data-body`, `data-longitude`, `data-cusp`, `data-aspect`) and a `<title>` in words. A PNG is rendered in-process at exactly `size` pixels wide. Cached like the JSON endpoints (ETag, 304).",
    request_body(
        content = orrery_api::chart_wheel::ChartWheelRequest,
        example = json!({
            "kind": "natal",
            "radix": {"birth": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
                                "location": {"latitude": 52.52, "longitude": 13.405}}},
            "format": "svg", "size": 800, "theme": "light"
        }),
    ),
    responses(
        (status = 200, description = "The picture: `image/svg+xml` (`format` `svg`, the default) or `image/png`.",
         content(
             (String = "image/svg+xml"),
             (crate::routes::chart_wheel::PngBytes = "image/png"),
         )),
        crate::openapi::CalculationResponses,
    ),
    security(("api_key" = [])),
)]
pub(crate) async fn chart_wheel(
    State(state): State<AppState>,
    JsonBody(request): JsonBody<ChartWheelRequest>,
) -> Result<Response, ApiError> {
    let input = request.validate(state.now())?;
    let used_now = input.used_now;
    let image = state
        .calculate(move |eph| Ok(compute(eph, &input)?))
        .await?;
    Ok(image_response(image.bytes, image.content_type, used_now))
}

/// A PNG's bytes, as the OpenAPI document shows them.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub(crate) struct PngBytes(#[allow(dead_code, reason = "a schema only")] Vec<u8>);

/// A picture's answer: its content type, and not cacheable when it used the current time.
pub(crate) fn image_response(
    bytes: Vec<u8>,
    content_type: &'static str,
    used_now: bool,
) -> Response {
    let mut response = (
        [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
        bytes,
    )
        .into_response();
    if used_now {
        response.extensions_mut().insert(crate::caching::UsedNow);
    }
    response
}
