//! The rules of a request that tie several of its fields together, written into the request
//! schemas, so that the document allows exactly what the service accepts (issue 20, "The
//! schema tells the truth"; docs/contract/schemathesis-mismatches.md).
//!
//! A derived schema lists each field with its own type; it cannot say "`natal` or
//! `natal_positions`, not both" or "`ayanamsa` only with `zodiac` `sidereal`". OpenAPI 3.1 can
//! (JSON Schema 2020-12: `oneOf` of `required` sets, `if`/`then`), so this pass adds, to each
//! request component named below, an `allOf` of its rules: the same rules the request's
//! validation in `crates/api` applies, each beside the message it gives there. It also gives
//! two endpoints that shared a schema one each (`acg-lines`/`acg-near`, `returns`/
//! `mercury-return`), and writes an optional body as "may be left out" instead of "may be
//! `null`".
//!
//! A field counts as given when it is present and not `null`: serde reads a `null` optional
//! field as left out, so the rules do too.

use orrery_api::datetime::OFFSET_AT_END_PATTERN;
use serde_json::{Value, json};
use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{OpenApi, Ref, RefOr, Required};

/// `field` is given: present and not `null`.
fn given(field: &str) -> Value {
    json!({"required": [field], "properties": {field: {"not": {"type": "null"}}}})
}

/// Exactly one of `groups` is given (every field of it), and no field of any other group;
/// with `none_allowed`, none at all is allowed too.
fn one_of_groups(groups: &[&[&str]], none_allowed: bool) -> Value {
    let branch = |chosen: Option<usize>| {
        let mut required = Vec::new();
        let mut properties = serde_json::Map::new();
        for (index, group) in groups.iter().enumerate() {
            for &field in *group {
                if Some(index) == chosen {
                    required.push(field);
                    properties.insert(field.to_owned(), json!({"not": {"type": "null"}}));
                } else {
                    properties.insert(field.to_owned(), json!({"type": "null"}));
                }
            }
        }
        if required.is_empty() {
            json!({"properties": properties})
        } else {
            json!({"required": required, "properties": properties})
        }
    };
    let mut branches: Vec<Value> = (0..groups.len()).map(|index| branch(Some(index))).collect();
    if none_allowed {
        branches.push(branch(None));
    }
    json!({"oneOf": branches})
}

/// Exactly one of the fields is given.
fn exactly_one(fields: &[&str]) -> Value {
    let groups: Vec<&[&str]> = fields.iter().map(std::slice::from_ref).collect();
    one_of_groups(&groups, false)
}

/// At most one of the fields is given.
fn at_most_one(fields: &[&str]) -> Value {
    let groups: Vec<&[&str]> = fields.iter().map(std::slice::from_ref).collect();
    one_of_groups(&groups, true)
}

/// `field` is given only when `condition` holds.
fn only_if(field: &str, condition: &Value) -> Value {
    json!({"if": given(field), "then": condition})
}

/// `field` has the value `value` (given).
fn equals(field: &str, value: &str) -> Value {
    json!({"required": [field], "properties": {field: {"const": value}}})
}

/// `field` is `true`.
fn equals_true(field: &str) -> Value {
    json!({"required": [field], "properties": {field: {"const": true}}})
}

/// Every field left out (or `null`).
fn none_of(fields: &[&str]) -> Value {
    let properties: serde_json::Map<String, Value> = fields
        .iter()
        .map(|&field| (field.to_owned(), json!({"type": "null"})))
        .collect();
    json!({"properties": properties})
}

/// The place alternatives of an atlas-aware place: `place_match` only with `place`
/// (`crates/api/src/common.rs`, `AtlasChoice::find`).
fn place_match_with_place() -> Value {
    only_if("place_match", &given("place"))
}

/// `Location`: `latitude` with `longitude`, or `place_id`, or `place`: one of the three
/// (`LocationDto::resolve`).
fn location() -> Vec<Value> {
    vec![
        one_of_groups(
            &[&["latitude", "longitude"], &["place_id"], &["place"]],
            false,
        ),
        place_match_with_place(),
    ]
}

/// `Birth`: `location` (coordinates only: the atlas fields belong on the birth itself),
/// `place_id` or `place`: one of the three (`BirthDto::locate`). A local `datetime` (no offset)
/// at coordinates needs `timezone` ("birth.timezone is required because datetime … has no UTC
/// offset"); a place brings its own zone.
fn birth() -> Vec<Value> {
    vec![
        exactly_one(&["location", "place_id", "place"]),
        json!({
            "if": {
                "required": ["datetime", "location"],
                "properties": {
                    "datetime": {"type": "string", "not": {"pattern": OFFSET_AT_END_PATTERN}},
                    "location": {"not": {"type": "null"}},
                },
            },
            "then": given("timezone"),
        }),
        only_if(
            "location",
            &json!({"properties": {"location": none_of(&["place_id", "place", "place_match"])}}),
        ),
        place_match_with_place(),
    ]
}

/// A map of points by name, when given: at least one, names of 1 to 64 characters.
fn point_list() -> Value {
    json!({"minProperties": 1, "propertyNames": {"minLength": 1, "maxLength": 64}})
}

/// `aspect_types` is read, and must name a category, only without `aspects`, which takes
/// precedence (aspect_options.rs `AspectOptionsDto::to_config`).
fn aspect_types_unless_aspects() -> Value {
    json!({
        "if": none_of(&["aspects"]),
        "then": {"properties": {"aspect_types": {"minItems": 1}}},
    })
}

/// acg's `bodies` and `line_types` name each at most once (cartography.rs).
fn acg_lists() -> Value {
    json!({"properties": {
        "bodies": {"uniqueItems": true},
        "line_types": {"uniqueItems": true},
    }})
}

/// An ayanamsa only with a sidereal zodiac (`FrameOptions::to_frame`).
fn ayanamsa_sidereal() -> Value {
    only_if("ayanamsa", &equals("zodiac", "sidereal"))
}

/// An observer only for a topocentric frame (`FrameOptions::to_frame`).
fn observer_topocentric() -> Value {
    only_if("observer", &equals("center", "topocentric"))
}

/// The rules of each request component, by component name.
fn rules() -> Vec<(&'static str, Vec<Value>)> {
    vec![
        ("Location", location()),
        ("Birth", birth()),
        // transits.rs `natal_source` and `mode`: `at` (snapshot) or `start` with `end`
        // (window), `step_days` only in the window.
        (
            "TransitsRequest",
            vec![
                exactly_one(&["natal", "natal_positions"]),
                one_of_groups(&[&["at"], &["start", "end"]], false),
                only_if("step_days", &given("start")),
            ],
        ),
        // progressions/mod.rs `natal_input`: `natal`, or `natal_positions` with `birth_jd`;
        // `mode`: a snapshot (`age_years` or `at`) or a window (`age_start` with `age_end`),
        // the window's options only in the window.
        (
            "ProgressionsRequest",
            vec![
                one_of_groups(&[&["natal"], &["natal_positions", "birth_jd"]], false),
                one_of_groups(&[&["age_years"], &["at"], &["age_start", "age_end"]], true),
                only_if("step_years", &given("age_start")),
                only_if("aspect_frame", &given("age_start")),
                only_if("phases", &given("age_start")),
            ],
        ),
        // natal.rs `choose_natal_or`: the birth or the longitudes; lots.rs: `sect` only with
        // `positions`.
        // lots.rs `lot_positions`: only the lot bodies and the ascendant, and at least the
        // Sun, the Moon and the ascendant.
        (
            "LotsRequest",
            vec![
                exactly_one(&["natal", "positions"]),
                only_if("sect", &given("positions")),
                json!({"properties": {"positions": {
                    "required": ["sun", "moon", "ascendant"],
                    "propertyNames": {"enum": orrery_api::lots::accepted_position_names()},
                }}}),
            ],
        ),
        // returns.rs `fixed_planet`: left out, `mercury`, or a list of `mercury`.
        (
            "MercuryReturnRequest",
            vec![json!({"properties": {"planet": {"anyOf": [
                {"type": "null"},
                {"const": "mercury"},
                {"type": "array", "minItems": 1, "items": {"const": "mercury"}},
            ]}}})],
        ),
        // heliacal.rs `eyes`: the naked eye (magnification 1, the default) has
        // no aperture and a transmission of 1, an instrument (above 1) an aperture above 0.
        (
            "HeliacalObserver",
            vec![json!({
                "if": {
                    "required": ["magnification"],
                    "properties": {"magnification": {"type": "number", "exclusiveMinimum": 1}},
                },
                "then": {
                    "required": ["aperture_mm"],
                    "properties": {"aperture_mm": {"type": "number", "exclusiveMinimum": 0}},
                },
                "else": {"properties": {
                    "aperture_mm": {"enum": [0, null]},
                    "transmission": {"anyOf": [{"type": "null"}, {"type": "number", "minimum": 1}]},
                }},
            })],
        ),
        (
            "MidpointsRequest",
            vec![exactly_one(&["natal", "positions"])],
        ),
        // aspects.rs: the positions given, or those of the sky at `datetime` (or now).
        // `positions_b` only with `positions`; each list names 1 to 64-character points, at
        // least one (aspects.rs `points`).
        (
            "AspectsRequest",
            vec![
                at_most_one(&["positions", "datetime"]),
                aspect_types_unless_aspects(),
                only_if("positions_b", &given("positions")),
                json!({"properties": {
                    "positions": point_list(),
                    "positions_b": point_list(),
                }}),
            ],
        ),
        // nodes_apsides.rs: the Sun, the Earth and the lunar points have no nodes of their own.
        (
            "NodesApsidesRequest",
            vec![json!({"properties": {"bodies": {"items": {
                "not": {"enum": orrery_api::nodes_apsides::names_without_nodes()},
            }}}})],
        ),
        // cartography.rs `parse_aspects`: 1 to 6 distinct angles, each in (0, 180]; the
        // targets, when given, at least one and distinct.
        (
            "AcgAspects",
            vec![json!({"properties": {
                "angles": {"uniqueItems": true, "items": {"exclusiveMinimum": 0, "maximum": 180}},
                "targets": {"minItems": 1, "uniqueItems": true},
            }})],
        ),
        ("AcgLinesRequest", vec![acg_lists()]),
        ("AcgNearRequest", vec![acg_lists(), given("location")]),
        // releasing.rs `validate`.
        (
            "ReleasingRequest",
            vec![exactly_one(&["start_sign", "lot_longitude"])],
        ),
        // fixed_stars.rs `try_from`: `at` without `natal`, not with it; `orb` and `parans`
        // only with `natal`; `stars` or `magnitude_limit`, not both.
        (
            "FixedStarsRequest",
            vec![
                exactly_one(&["at", "natal"]),
                only_if("orb", &given("natal")),
                // `parans: false` is the default, so it is accepted without `natal`.
                json!({"if": equals_true("parans"), "then": given("natal")}),
                at_most_one(&["stars", "magnitude_limit"]),
                ayanamsa_sidereal(),
            ],
        ),
        // ephemeris.rs `Step::read`, `FrameOptions::to_frame`.
        (
            "EphemerisRequest",
            vec![
                at_most_one(&["step_days", "step_hours", "step_minutes"]),
                ayanamsa_sidereal(),
                observer_topocentric(),
            ],
        ),
        // events.rs: `location` exactly when `types` asks for `local_eclipse`.
        (
            "EventsRequest",
            vec![
                ayanamsa_sidereal(),
                aspect_types_unless_aspects(),
                json!({
                    "if": {"properties": {"types": {"contains": {"const": "local_eclipse"}}}},
                    "then": given("location"),
                    "else": none_of(&["location"]),
                }),
            ],
        ),
        // radix.rs through `FrameOptions::to_frame` (prefix `options.`); a preset may make
        // the zodiac sidereal itself (presets.rs `AppliedPreset::zodiac`).
        ("RadixOptions", vec![observer_topocentric()]),
        // radix.rs through `AspectOptionsDto::to_config`: a selection names an aspect.
        (
            "RadixAspects",
            vec![
                aspect_types_unless_aspects(),
                json!({"properties": {"aspects": {"minItems": 1}}}),
            ],
        ),
        // Without a preset, or with one whose zodiac is tropical, an ayanamsa needs
        // `options.zodiac` `sidereal` (presets.rs `AppliedPreset::zodiac`).
        (
            "RadixRequest",
            vec![json!({
                "if": {"required": ["preset"], "properties": {"preset": {"enum": orrery_api::presets::sidereal_preset_names()}}},
                "else": {"properties": {"options": ayanamsa_sidereal()}},
            })],
        ),
        // returns.rs `planets`: "planet is required" (the split below makes it required; a
        // `null` is read as left out).
        ("ReturnsRequest", vec![given("planet")]),
    ]
}

/// Adds each component's rules as an `allOf`.
fn add_rules(openapi: &mut OpenApi) {
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    for (name, rules) in rules() {
        let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(name) else {
            panic!("request_rules: no object schema named {name}");
        };
        object
            .extensions
            .get_or_insert_with(Default::default)
            .insert("allOf".to_owned(), Value::Array(rules));
    }
}

/// Runs the whole pass.
pub(super) fn tell_the_rules(openapi: &mut OpenApi) {
    split_shared_requests(openapi);
    chart_wheel_by_kind(openapi);
    add_rules(openapi);
    optional_bodies_not_null(openapi);
}

/// Gives `/v1/acg-lines` and `/v1/acg-near` (one `AcgRequest` type in `crates/api`), and
/// `/v1/returns` and `/v1/mercury-return` (one `ReturnsRequest`), a schema each: acg-lines
/// refuses `location` and `max_km` ("only used by /v1/acg-near"), acg-near requires
/// `location`; returns requires `planet`, mercury-return fixes it to `mercury`
/// (cartography.rs, returns.rs `fixed_planet`).
fn split_shared_requests(openapi: &mut OpenApi) {
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    let object = |name: &str| match components.schemas.get(name) {
        Some(RefOr::T(Schema::Object(object))) => object.clone(),
        _ => panic!("request_rules: no object schema named {name}"),
    };
    let acg = object("AcgRequest");
    let returns = object("ReturnsRequest");

    let mut lines = acg.clone();
    lines
        .properties
        .retain(|name, _| name != "location" && name != "max_km");
    lines.description =
        Some("The request of `POST /v1/acg-lines`: the birth and which lines to draw.".to_owned());
    let mut near = acg;
    near.required.push("location".to_owned());
    near.description = Some(
        "The request of `POST /v1/acg-near`: the birth, the lines to consider, and the place \
         (`location`) to rate within `max_km`."
            .to_owned(),
    );
    let mut mercury = returns.clone();
    mercury.description = Some(
        "The request of `POST /v1/mercury-return`: that of `POST /v1/returns` with `planet` \
         fixed to `mercury` (leave it out)."
            .to_owned(),
    );
    let mut returns = returns;
    returns.required.push("planet".to_owned());

    components.schemas.remove("AcgRequest");
    for (name, schema) in [
        ("AcgLinesRequest", lines),
        ("AcgNearRequest", near),
        ("MercuryReturnRequest", mercury),
        ("ReturnsRequest", returns),
    ] {
        components
            .schemas
            .insert(name.to_owned(), RefOr::T(Schema::Object(schema)));
    }
    for (path, operation) in operations(openapi) {
        let schema = match path.as_str() {
            "/v1/acg-lines" => "AcgLinesRequest",
            "/v1/acg-near" => "AcgNearRequest",
            "/v1/mercury-return" => "MercuryReturnRequest",
            _ => continue,
        };
        if let Some(body) = operation.request_body.as_mut() {
            for content in body.content.values_mut() {
                content.schema = Some(reference(schema));
            }
        }
    }
}

/// The chart fields of the chart-wheel request, one per kind.
const WHEEL_CHART_FIELDS: [&str; 5] = [
    "radix",
    "transits",
    "progressions",
    "relationship",
    "returns",
];

/// The chart-wheel request as what it is on the wire: a union tagged by `kind`. `kind` makes
/// its chart field required and the other chart fields unknown (chart_wheel.rs
/// `ChartWheelRequest::validate`): one alternative per kind, each with its field's own
/// request schema and what the wheel adds to it (one instant, not a window; the relationship
/// `method` that is the kind; a return chart that includes `chart`). `natal_outside` belongs to
/// `return` alone. The tagged-union pass then names the alternatives
/// (`NatalChartWheelRequest`, …) and adds the discriminator.
fn chart_wheel_by_kind(openapi: &mut OpenApi) {
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    let Some(RefOr::T(Schema::Object(base))) = components.schemas.get("ChartWheelRequest") else {
        panic!("request_rules: no object schema named ChartWheelRequest");
    };
    let base = base.clone();
    let method = |names: &[&str]| json!({"properties": {"method": {"enum": names}}});
    let kinds = [
        ("natal", "radix", "RadixRequest", None),
        ("transits", "transits", "TransitsRequest", Some(given("at"))),
        (
            "progressions",
            "progressions",
            "ProgressionsRequest",
            Some(none_of(&["age_start", "age_end"])),
        ),
        (
            "synastry",
            "relationship",
            "RelationshipRequest",
            Some(method(&["synastry"])),
        ),
        (
            "composite",
            "relationship",
            "RelationshipRequest",
            Some(method(&["composite"])),
        ),
        (
            "davison",
            "relationship",
            "RelationshipRequest",
            Some(method(&["davison", "kombin"])),
        ),
        (
            "return",
            "returns",
            "ReturnsRequest",
            Some(
                json!({"anyOf": [none_of(&["include"]), {"properties": {"include": {"contains": {"const": "chart"}}}}]}),
            ),
        ),
    ];
    let mut alternatives = OneOfBuilder::new().description(base.description.clone());
    for (kind, field, request, extra) in kinds {
        let mut alternative = base.clone();
        alternative.properties.retain(|name, _| {
            let other_chart = name != field && WHEEL_CHART_FIELDS.contains(&name.as_str());
            let other_kind_option = name == "natal_outside" && kind != "return";
            !(other_chart || other_kind_option)
        });
        alternative.properties.insert(
            "kind".to_owned(),
            RefOr::T(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some([kind]))
                    .into(),
            ),
        );
        let chart = match extra {
            None => reference(request),
            Some(extra) => RefOr::T(
                AllOfBuilder::new()
                    .item(reference(request))
                    .item(raw(extra))
                    .into(),
            ),
        };
        alternative.properties.insert(field.to_owned(), chart);
        alternative.required = vec!["kind".to_owned(), field.to_owned()];
        alternative.description = Some(format!(
            "`kind` `{kind}`: `{field}` holds the body of `POST /v1/{endpoint}`.",
            endpoint = if field == "radix" { "radix" } else { field },
        ));
        if kind == "return" {
            // chart_wheel.rs: "natal_outside needs returns.natal (a birth)".
            alternative
                .extensions
                .get_or_insert_with(Default::default)
                .insert(
                    "allOf".to_owned(),
                    json!([{
                        "if": {"required": ["natal_outside"], "properties": {"natal_outside": {"const": true}}},
                        "then": {"properties": {"returns": given("natal")}},
                    }]),
                );
        }
        alternatives = alternatives.item(Schema::Object(alternative));
    }
    components.schemas.insert(
        "ChartWheelRequest".to_owned(),
        RefOr::T(alternatives.into()),
    );
}

/// A schema written as JSON (one key, `allOf`, so that utoipa's unordered extension map
/// serialises the same way every time).
fn raw(value: Value) -> Schema {
    let mut object = ObjectBuilder::new().build();
    object
        .extensions
        .get_or_insert_with(Default::default)
        .insert("allOf".to_owned(), json!([value]));
    Schema::Object(object)
}

fn reference(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

/// The operations of the document with their path.
fn operations(openapi: &mut OpenApi) -> impl Iterator<Item = (&String, &mut Operation)> {
    openapi.paths.paths.iter_mut().flat_map(|(path, item)| {
        [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.delete.as_mut(),
        ]
        .into_iter()
        .flatten()
        .map(move |operation| (path, operation))
    })
}

/// An optional body (`request_body(content = Option<T>)`) is written by utoipa as
/// `oneOf: [null, T]`, so a client may send the JSON `null`, which the service refuses ("the
/// request body must be a JSON object"). What the service means is that the body may be left
/// out: `required: false` with the schema `T`.
fn optional_bodies_not_null(openapi: &mut OpenApi) {
    for (_, operation) in operations(openapi) {
        let Some(body) = operation.request_body.as_mut() else {
            continue;
        };
        if matches!(body.required, Some(Required::True)) {
            continue;
        }
        for content in body.content.values_mut() {
            let Some(RefOr::T(Schema::OneOf(one_of))) = &content.schema else {
                continue;
            };
            let not_null: Vec<&RefOr<Schema>> =
                one_of.items.iter().filter(|item| !is_null(item)).collect();
            if let [only] = not_null[..]
                && not_null.len() < one_of.items.len()
            {
                content.schema = Some(only.clone());
            }
        }
        body.required = Some(Required::False);
    }
}

fn is_null(schema: &RefOr<Schema>) -> bool {
    let RefOr::T(Schema::Object(object)) = schema else {
        return false;
    };
    serde_json::to_value(&object.schema_type).is_ok_and(|t| t == json!("null"))
}
