//! The tools: fifteen task-shaped entries, each one REST operation. A tool's input schema is that
//! operation's request type as the OpenAPI document declares it (`schema.rs`), so the two cannot
//! drift; only the name, title and the advice to an agent on when to choose it are written here.

use std::sync::{Arc, LazyLock};

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Map, Value};

use super::schema::{SchemaError, query_schema, request_body_schema};

/// The REST operation a tool runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Operation {
    /// `POST path` with the arguments as the JSON body.
    Post(&'static str),
    /// `GET path` with the arguments as the query.
    Get(&'static str),
    /// `GET /v1/catalog/{catalogue}`, the catalogue named by the one argument.
    Catalogue,
}

/// One tool as written here; [`tools`] adds the schema from the document.
#[derive(Debug)]
pub(crate) struct ToolSpec {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) operation: Operation,
    /// When an agent should choose it, and how it fits with the others.
    pub(crate) description: &'static str,
}

/// The path prefix of the catalogues (`GET /v1/catalog/bodies`, …), which are also the
/// resources.
pub(crate) const CATALOGUE_PREFIX: &str = "/v1/catalog/";

/// Every tool, in the order `tools/list` gives them.
pub(crate) const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "find_place",
        title: "Find a place",
        operation: Operation::Get("/v1/places"),
        description: "Search the offline atlas (GeoNames, 141,000 places) by a place name in any language, \
            ignoring case and accents; best matches first. Use it first when a birth or an observer is \
            given as a town ('Graz', 'München'): each result has a place_id (which any tool's birth \
            accepts instead of coordinates), latitude, longitude and IANA timezone. Several results \
            with the same name: ask the user which one, or narrow with country (ISO alpha-2).",
    },
    ToolSpec {
        name: "resolve_birth_time",
        title: "Resolve a local time to an instant",
        operation: Operation::Get("/v1/timezone"),
        description: "Turn a local clock time at a point into the exact instant, the way every chart \
            resolves a birth: the zone at latitude/longitude, its UTC offset then (historical rules, \
            Local Mean Time before standard time) and the UTC instant. Use it to check or show how \
            'born 3:15 pm in Graz on 4 May 1961' is read before casting a chart. A time in a daylight-\
            saving gap or fold is an error whose details list both candidate instants: ask the user, \
            then pass ambiguous_time 'earlier' or 'later'. Coordinates come from find_place.",
    },
    ToolSpec {
        name: "natal_chart",
        title: "Natal chart",
        operation: Operation::Post("/v1/radix"),
        description: "A full chart for a birth (a local datetime with a timezone or place_id, or an \
            instant with an offset, and a location): planet positions with sign, house and retrograde, \
            the house cusps in any of 25 systems, the angles (ascendant, MC, vertex) and the aspects. \
            Options choose bodies, house system, sidereal zodiac, centre or a preset of a peer program \
            (astrodienst, kerykeion…). The tool for 'what is my chart', 'where is my Moon', 'which \
            house'. Same request and answer as POST /v1/radix.",
    },
    ToolSpec {
        name: "aspects",
        title: "Aspects between positions",
        operation: Operation::Post("/v1/aspects"),
        description: "Aspects (conjunction, square, trine… with orb, applying/separating) within a set \
            of longitudes, across two sets, or among the planets at one instant. Use it when the user \
            gives positions rather than a birth, or asks only for aspects at a moment; natal_chart \
            already lists a chart's own aspects and relationship the aspects between two people.",
    },
    ToolSpec {
        name: "transits",
        title: "Transits to a natal chart",
        operation: Operation::Post("/v1/transits"),
        description: "The current sky against a natal chart: a snapshot at one instant (the transit \
            aspects in orb now), or a window start..end (up to 100 years) with every exact transit \
            aspect to the second, each pass of a retrograde loop. The tool for 'what is happening to me \
            this month', 'when does Saturn square my Sun'.",
    },
    ToolSpec {
        name: "progressions",
        title: "Progressions",
        operation: Operation::Post("/v1/progressions"),
        description: "Secondary, tertiary, minor and solar-arc progressions of a birth: the progressed \
            chart at an age or date, or every exact progressed aspect over an age range, or phases \
            (progressed Moon ingresses, stations, angles changing sign). The tool for 'my progressed \
            Moon', 'solar arc directions this year'.",
    },
    ToolSpec {
        name: "returns",
        title: "Planetary returns",
        operation: Operation::Post("/v1/returns"),
        description: "The next returns of a body to its natal place (solar return, lunar return, \
            Saturn return; any of 18 bodies, or a demi-return with target_angle 180) at or after a \
            date, each with its exact instant and the return chart cast at a location. The tool for \
            'my solar return this year', 'when is my Saturn return'.",
    },
    ToolSpec {
        name: "sky_calendar",
        title: "Sky calendar (events)",
        operation: Operation::Post("/v1/events"),
        description: "Events in the sky between two dates, in time order, with no birth needed: sign \
            ingresses, stations and retrograde periods with their shadows, new and full moons (and \
            quarters), void-of-course Moon, mundane aspects, solar and lunar eclipses (also as seen \
            from a place), perigee/apogee, perihelion/aphelion. The tool for 'when is Mercury \
            retrograde this year', 'next eclipse', 'full moons in March'.",
    },
    ToolSpec {
        name: "vedic_chart",
        title: "Vedic (Jyotish) chart",
        operation: Operation::Post("/v1/vedic"),
        description: "A sidereal chart in the Indian tradition for a birth: grahas and lagna with rashi, \
            nakshatra and pada (Lahiri or any of 47 ayanamsas), Vimshottari dashas over 120 years \
            (to five levels), divisional charts (D9 navamsa, D10…), ashtakavarga and KP lords. \
            Use it whenever the user speaks of Vedic astrology, nakshatras, dashas or the sidereal \
            zodiac in that sense.",
    },
    ToolSpec {
        name: "panchanga",
        title: "Panchanga (Hindu almanac day)",
        operation: Operation::Post("/v1/panchanga"),
        description: "The panchanga at a place, for a civil date (with its IANA timezone) or at an \
            instant: tithi, nakshatra, yoga and karana with their start and end times, the vara \
            (weekday from sunrise), sunrise and sunset, rahu kala, yamaganda and gulika kala. The \
            tool for 'what tithi is it today', 'when does ekadashi end', 'rahu kalam in Chennai'.",
    },
    ToolSpec {
        name: "relationship",
        title: "Relationship (synastry, composite, Davison)",
        operation: Operation::Post("/v1/relationship"),
        description: "Two people's births compared: synastry (the aspects between A's and B's points), \
            the composite chart of midpoints, or the Davison chart (a real chart at the mean time and \
            place). The tool for compatibility and couple questions.",
    },
    ToolSpec {
        name: "dignities",
        title: "Essential dignities and condition (traditional)",
        operation: Operation::Post("/v1/dignities"),
        description: "Traditional astrology for a birth: each of the seven planets' essential dignities \
            (domicile, exaltation, triplicity, bound, face; detriment, fall, peregrine) and score under a \
            named scheme (lilly, ptolemaic, dorothean), the lords of its degree, sect, solar phase \
            (cazimi, combust), receptions, dispositor chains, almutens and the planetary day and hour. \
            The tool for 'is my Venus dignified', 'what is my chart ruler's condition'.",
    },
    ToolSpec {
        name: "time_lords",
        title: "Time-lords (firdaria, profections)",
        operation: Operation::Post("/v1/time-lords"),
        description: "The firdaria of a birth (Persian time-lord periods with their sub-periods, in the \
            variants abu_mashar, bonatti, al_biruni, no_nodes), its annual, monthly and daily \
            profections (the profected sign, its lord, the planets in it), the lords running at an \
            instant and, with a window, every change of lord in it. The tool for 'which planet rules \
            this period of my life', 'what is my lord of the year'.",
    },
    ToolSpec {
        name: "planet_positions",
        title: "Planet positions at an instant",
        operation: Operation::Get("/v1/planets"),
        description: "Where the Sun, Moon, planets, nodes, Lilith and Chiron are (tropical longitude, \
            latitude, speed, retrograde) at one instant given with Z or an offset. Use it for 'where \
            is Venus today' with no birth or houses involved; for a chart with houses use natal_chart.",
    },
    ToolSpec {
        name: "catalogue",
        title: "Look up accepted names",
        operation: Operation::Catalogue,
        description: "Every name the other tools accept, with a short description: bodies, house \
            systems, ayanamsas, aspects, orb presets, presets of peer programs, fixed stars. Use it \
            when unsure how to spell an option (is it 'whole_sign' or 'W'?) or to list the choices \
            to a user. The same lists are resources (orrery://catalog/…).",
    },
];

/// The tools with their schemas, built once from the OpenAPI document.
pub(crate) struct Tools {
    pub(crate) listed: Vec<Tool>,
    /// The catalogues, in the document's order (`bodies`, `house-systems`, …).
    pub(crate) catalogues: Vec<CatalogueEntry>,
}

/// One catalogue: its name in the path, and its operation's summary.
#[derive(Debug, Clone)]
pub(crate) struct CatalogueEntry {
    pub(crate) name: String,
    pub(crate) summary: String,
}

/// Built on first use; a fault in the table or the document fails every `tools/list` (and the
/// tests), never one tool silently.
pub(crate) static TOOLS_LISTED: LazyLock<Result<Tools, String>> = LazyLock::new(|| {
    let document = serde_json::to_value(crate::openapi::document()).map_err(|e| e.to_string())?;
    build(&document).map_err(|error| error.to_string())
});

/// The tools of [`TOOLS`] as `tools/list` shows them, with schemas from `document`.
///
/// # Errors
/// When an operation of the table is missing from the document.
pub(crate) fn build(document: &Value) -> Result<Tools, SchemaError> {
    let catalogues = catalogue_names(document);
    let listed = TOOLS
        .iter()
        .map(|spec| {
            let input_schema = match spec.operation {
                Operation::Post(path) => {
                    with_query_parameter(request_body_schema(document, path)?, document, path)
                }
                Operation::Get(path) => query_schema(document, path)?,
                Operation::Catalogue => catalogue_schema(&catalogues),
            };
            Ok(
                Tool::new(spec.name, spec.description, Arc::new(input_schema))
                    .with_title(spec.title)
                    .with_annotations(
                        ToolAnnotations::with_title(spec.title)
                            .read_only(true)
                            .destructive(false)
                            .idempotent(true)
                            // A closed world: the service's own ephemeris and atlas, nothing outside.
                            .open_world(false),
                    ),
            )
        })
        .collect::<Result<_, SchemaError>>()?;
    Ok(Tools { listed, catalogues })
}

/// A POST tool's body schema with the operation's `fields` query parameter beside the body's
/// properties: the tool takes it among its arguments and sends it in the query
/// (`server::call_tool`).
fn with_query_parameter(mut schema: JsonObject, document: &Value, path: &str) -> JsonObject {
    let parameter = document["paths"][path]["post"]["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|parameter| parameter["name"] == crate::fields::PARAMETER);
    if let Some(parameter) = parameter {
        let mut property = parameter["schema"].clone();
        property["description"] = parameter["description"].clone();
        if let Value::Object(properties) = schema
            .entry("properties")
            .or_insert_with(|| Value::Object(Map::new()))
        {
            properties.insert(crate::fields::PARAMETER.to_owned(), property);
        }
    }
    schema
}

/// The catalogues the document serves, from its paths (`/v1/catalog/bodies` → `bodies`).
fn catalogue_names(document: &Value) -> Vec<CatalogueEntry> {
    document["paths"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(path, item)| {
            let name = path.strip_prefix(CATALOGUE_PREFIX)?;
            Some(CatalogueEntry {
                name: name.to_owned(),
                summary: item["get"]["summary"].as_str().unwrap_or(name).to_owned(),
            })
        })
        .collect()
}

fn catalogue_schema(catalogues: &[CatalogueEntry]) -> JsonObject {
    let names: Vec<&str> = catalogues.iter().map(|entry| entry.name.as_str()).collect();
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "catalogue": {
                "description": "Which list of names.",
                "type": "string",
                "enum": names,
            }
        },
        "required": ["catalogue"],
        "additionalProperties": false,
    });
    match schema {
        Value::Object(fields) => fields,
        _ => Map::new(),
    }
}

/// The tool of this name.
pub(crate) fn spec(name: &str) -> Option<&'static ToolSpec> {
    TOOLS.iter().find(|spec| spec.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tool's operation is in the document, and its schema is self-contained (no reference
    /// out of it) with an object at its root.
    #[test]
    fn every_tool_has_a_self_contained_object_schema_from_the_document() {
        let tools = match &*TOOLS_LISTED {
            Ok(tools) => tools,
            Err(error) => panic!("{error}"),
        };
        assert_eq!(tools.listed.len(), TOOLS.len());
        for tool in &tools.listed {
            let schema = Value::Object((*tool.input_schema).clone());
            assert_eq!(schema["type"], "object", "{}", tool.name);
            let text = schema.to_string();
            assert!(!text.contains("#/components/"), "{}", tool.name);
            let annotations = tool.annotations.as_ref().unwrap();
            assert_eq!(annotations.read_only_hint, Some(true));
            assert_eq!(annotations.idempotent_hint, Some(true));
        }
        let names: Vec<&str> = tools.catalogues.iter().map(|c| c.name.as_str()).collect();
        assert!(names.contains(&"bodies"), "{names:?}");
        assert!(names.contains(&"house-systems"), "{names:?}");
    }

    #[test]
    fn tool_names_are_unique_and_valid() {
        for (index, spec) in TOOLS.iter().enumerate() {
            assert!(
                spec.name
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte == b'_'),
                "{}",
                spec.name
            );
            assert!(TOOLS[..index].iter().all(|other| other.name != spec.name));
        }
    }
}
