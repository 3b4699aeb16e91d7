//! The bodies and points of the catalogue, by their API names.

use std::borrow::Cow;

use orrery_ephem::BodyId;

use crate::error::{NameKind, UnknownName};

/// A body or point a client can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Body {
    Sun,
    Moon,
    Mercury,
    Venus,
    Mars,
    Jupiter,
    Saturn,
    Uranus,
    Neptune,
    Pluto,
    MeanNode,
    TrueNode,
    MeanApogee,
    OsculatingApogee,
    InterpolatedApogee,
    InterpolatedPerigee,
    Earth,
    Chiron,
    Pholus,
    Ceres,
    Pallas,
    Juno,
    Vesta,
    /// A numbered minor planet, `asteroid_<number>`.
    Asteroid(u32),
}

/// One entry of the body catalogue.
#[derive(Debug, Clone, Copy)]
pub struct BodyEntry {
    pub body: Body,
    pub name: &'static str,
    pub description: &'static str,
}

const fn entry(body: Body, name: &'static str, description: &'static str) -> BodyEntry {
    BodyEntry {
        body,
        name,
        description,
    }
}

/// Every named body, in catalogue order.
pub const CATALOG: [BodyEntry; 23] = [
    entry(Body::Sun, "sun", "The Sun."),
    entry(Body::Moon, "moon", "The Moon."),
    entry(Body::Mercury, "mercury", "Mercury."),
    entry(Body::Venus, "venus", "Venus."),
    entry(Body::Mars, "mars", "Mars."),
    entry(Body::Jupiter, "jupiter", "Jupiter."),
    entry(Body::Saturn, "saturn", "Saturn."),
    entry(Body::Uranus, "uranus", "Uranus."),
    entry(Body::Neptune, "neptune", "Neptune."),
    entry(Body::Pluto, "pluto", "Pluto."),
    entry(
        Body::MeanNode,
        "mean_node",
        "The mean ascending lunar node.",
    ),
    entry(
        Body::TrueNode,
        "true_node",
        "The true (osculating) ascending lunar node.",
    ),
    entry(
        Body::MeanApogee,
        "mean_apogee",
        "The mean lunar apogee, Black Moon Lilith (alias mean_lilith).",
    ),
    entry(
        Body::OsculatingApogee,
        "osculating_apogee",
        "The osculating lunar apogee, 'true' Lilith (alias true_lilith).",
    ),
    entry(
        Body::InterpolatedApogee,
        "interpolated_apogee",
        "The interpolated lunar apogee (natural apogee).",
    ),
    entry(
        Body::InterpolatedPerigee,
        "interpolated_perigee",
        "The interpolated lunar perigee (natural perigee).",
    ),
    entry(
        Body::Earth,
        "earth",
        "Geocentric: the Earth point of cosmobiology (the Sun's longitude + 180 degrees, latitude negated, the Sun's distance and speeds). With any other centre: the Earth itself.",
    ),
    entry(Body::Chiron, "chiron", "Chiron (2060); data 1200-4650."),
    entry(Body::Pholus, "pholus", "Pholus (5145); data 1200-4800."),
    entry(Body::Ceres, "ceres", "Ceres (1); data 1200-4800."),
    entry(Body::Pallas, "pallas", "Pallas (2); data 1200-4800."),
    entry(Body::Juno, "juno", "Juno (3); data 1200-4800."),
    entry(Body::Vesta, "vesta", "Vesta (4); data 1200-4800."),
];

/// The numbered asteroids whose data files ship with the service (1500-2102).
pub const SHIPPED_ASTEROIDS: [(u32, &str); 7] = [
    (28978, "Ixion"),
    (50000, "Quaoar"),
    (90377, "Sedna"),
    (90482, "Orcus"),
    (136108, "Haumea"),
    (136199, "Eris"),
    (136472, "Makemake"),
];

impl Body {
    /// Names accepted by [`Body::parse`] besides `asteroid_<number>`.
    pub const ACCEPTED_NAMES: [&'static str; 26] = [
        "sun",
        "moon",
        "mercury",
        "venus",
        "mars",
        "jupiter",
        "saturn",
        "uranus",
        "neptune",
        "pluto",
        "mean_node",
        "true_node",
        "mean_apogee",
        "osculating_apogee",
        "interpolated_apogee",
        "interpolated_perigee",
        "earth",
        "chiron",
        "pholus",
        "ceres",
        "pallas",
        "juno",
        "vesta",
        "mean_lilith",
        "true_lilith",
        "asteroid_<number>",
    ];

    /// Sun to Pluto.
    pub const PLANETS: [Body; 10] = [
        Body::Sun,
        Body::Moon,
        Body::Mercury,
        Body::Venus,
        Body::Mars,
        Body::Jupiter,
        Body::Saturn,
        Body::Uranus,
        Body::Neptune,
        Body::Pluto,
    ];

    /// The core points: the Sun to Pluto, the mean node and Chiron. The default natal points
    /// of transits, midpoints and an ephemeris, and the planets of an aspects `datetime` request.
    /// Not [`Body::STANDARD`], which adds the true node, the apogees and the Earth.
    pub const CORE_POINTS: [Body; 12] = [
        Body::Sun,
        Body::Moon,
        Body::Mercury,
        Body::Venus,
        Body::Mars,
        Body::Jupiter,
        Body::Saturn,
        Body::Uranus,
        Body::Neptune,
        Body::Pluto,
        Body::MeanNode,
        Body::Chiron,
    ];

    /// The standard points of `/v1/planets` and of charts: sun..pluto, both nodes, both
    /// apogees, earth and chiron.
    pub const STANDARD: [Body; 16] = [
        Body::Sun,
        Body::Moon,
        Body::Mercury,
        Body::Venus,
        Body::Mars,
        Body::Jupiter,
        Body::Saturn,
        Body::Uranus,
        Body::Neptune,
        Body::Pluto,
        Body::MeanNode,
        Body::TrueNode,
        Body::MeanApogee,
        Body::OsculatingApogee,
        Body::Earth,
        Body::Chiron,
    ];

    /// Parses an API name (`sun`, `mean_lilith`, `asteroid_136199`, …).
    ///
    /// # Errors
    /// [`UnknownName`] listing the accepted names.
    pub fn parse(name: &str) -> Result<Self, UnknownName> {
        let unknown = || UnknownName {
            kind: NameKind::Body,
            got: name.to_owned(),
        };
        match name {
            "mean_lilith" => return Ok(Body::MeanApogee),
            "true_lilith" => return Ok(Body::OsculatingApogee),
            _ => {}
        }
        if let Some(number) = name.strip_prefix("asteroid_") {
            let valid_digits = !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
                && !number.starts_with('0');
            return match number.parse::<u32>() {
                Ok(n) if valid_digits && (1..=999_999).contains(&n) => Ok(Body::Asteroid(n)),
                _ => Err(unknown()),
            };
        }
        CATALOG
            .iter()
            .find(|e| e.name == name)
            .map(|e| e.body)
            .ok_or_else(unknown)
    }

    /// The API name.
    pub fn name(self) -> Cow<'static, str> {
        match self {
            Body::Asteroid(n) => Cow::Owned(format!("asteroid_{n}")),
            named => Cow::Borrowed(
                CATALOG
                    .iter()
                    .find(|e| e.body == named)
                    .map_or("unknown", |e| e.name),
            ),
        }
    }

    /// The Swiss Ephemeris body.
    pub fn body_id(self) -> BodyId {
        match self {
            Body::Sun => BodyId::SUN,
            Body::Moon => BodyId::MOON,
            Body::Mercury => BodyId::MERCURY,
            Body::Venus => BodyId::VENUS,
            Body::Mars => BodyId::MARS,
            Body::Jupiter => BodyId::JUPITER,
            Body::Saturn => BodyId::SATURN,
            Body::Uranus => BodyId::URANUS,
            Body::Neptune => BodyId::NEPTUNE,
            Body::Pluto => BodyId::PLUTO,
            Body::MeanNode => BodyId::MEAN_NODE,
            Body::TrueNode => BodyId::TRUE_NODE,
            Body::MeanApogee => BodyId::MEAN_APOGEE,
            Body::OsculatingApogee => BodyId::OSCULATING_APOGEE,
            Body::InterpolatedApogee => BodyId::INTERPOLATED_APOGEE,
            Body::InterpolatedPerigee => BodyId::INTERPOLATED_PERIGEE,
            Body::Earth => BodyId::EARTH,
            Body::Chiron => BodyId::CHIRON,
            Body::Pholus => BodyId::PHOLUS,
            Body::Ceres => BodyId::CERES,
            Body::Pallas => BodyId::PALLAS,
            Body::Juno => BodyId::JUNO,
            Body::Vesta => BodyId::VESTA,
            // Parsing bounds the number to 1..=999_999, which BodyId accepts.
            Body::Asteroid(n) => BodyId::asteroid(n).unwrap_or(BodyId::CERES),
        }
    }

    /// True for the lunar nodes and apogees: points of the Moon's orbit, not bodies.
    pub fn is_lunar_point(self) -> bool {
        matches!(
            self,
            Body::MeanNode
                | Body::TrueNode
                | Body::MeanApogee
                | Body::OsculatingApogee
                | Body::InterpolatedApogee
                | Body::InterpolatedPerigee
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_name_round_trips() {
        for entry in CATALOG {
            assert_eq!(Body::parse(entry.name), Ok(entry.body));
            assert_eq!(entry.body.name(), entry.name);
        }
    }

    #[test]
    fn aliases_and_asteroids() {
        assert_eq!(Body::parse("mean_lilith"), Ok(Body::MeanApogee));
        assert_eq!(Body::parse("true_lilith"), Ok(Body::OsculatingApogee));
        assert_eq!(Body::parse("asteroid_136199"), Ok(Body::Asteroid(136_199)));
        assert_eq!(Body::Asteroid(136_199).name(), "asteroid_136199");
        for bad in [
            "asteroid_",
            "asteroid_0",
            "asteroid_012",
            "asteroid_x",
            "asteroid_1000000",
            "Sun",
            "lilith",
        ] {
            assert!(Body::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn unknown_names_list_the_catalogue() {
        let message = Body::parse("vulcan").unwrap_err().to_string();
        assert!(
            message.contains("vulcan")
                && message.contains("mean_node")
                && message.contains("asteroid_<number>"),
            "{message}"
        );
    }
}
