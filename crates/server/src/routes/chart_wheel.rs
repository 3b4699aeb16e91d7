//! `POST /v1/chart-wheel`: any chart as a picture (see `orrery_api::chart_wheel`).

use axum::extract::State;
use std::collections::BTreeMap;

use axum::response::Response;
use orrery_api::chart_wheel::{ChartWheelRequest, compute};

use utoipa::IntoResponses;
use utoipa::openapi::RefOr;
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};

use crate::app::{AnswerBody, AppState};
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
        PictureResponses,
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
    state
        .calculate_picture(input, used_now, move |eph, input| {
            Ok(picture(compute(eph, input)?))
        })
        .await
}

/// The 200 of a picture endpoint in the OpenAPI document: an SVG or a PNG.
#[derive(Debug)]
pub(crate) struct PictureResponses;

impl IntoResponses for PictureResponses {
    fn responses() -> BTreeMap<String, RefOr<utoipa::openapi::Response>> {
        let string = |format: Option<KnownFormat>| {
            ContentBuilder::new()
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .format(format.map(SchemaFormat::KnownFormat)),
                ))
                .build()
        };
        let picture = ResponseBuilder::new()
            .description(
                "The picture: `image/svg+xml` (`format` `svg`, the default) or `image/png`.",
            )
            // Binary, SVG too: a client gets the bytes to save or show, as it got them.
            .content("image/svg+xml", string(Some(KnownFormat::Binary)))
            .content("image/png", string(Some(KnownFormat::Binary)))
            .build();
        BTreeMap::from([("200".to_owned(), RefOr::T(picture))])
    }
}

/// A picture as an answer body: an SVG is text and compresses well (a natal wheel's 60 KB to
/// about 13 KB); a PNG is compressed already.
pub(crate) fn picture(image: orrery_api::chart_wheel::WheelImage) -> AnswerBody {
    AnswerBody {
        compressible: image.content_type == "image/svg+xml",
        bytes: image.bytes,
        content_type: image.content_type,
        provenance_header: None,
    }
}
