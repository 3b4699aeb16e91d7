//! `GET /v1/catalog/{bodies,house-systems,ayanamsas,aspects,orb-presets,fixed-stars}`: every name
//! the API accepts, with a short description, so that clients can discover them.

use orrery_astro::aspects::{Aspect, AspectCategory, OrbPreset};
use orrery_astro::ayanamsa::{AYANAMSA_LABELS, AYANAMSA_NAMES, parse_ayanamsa};
use orrery_astro::body::{Body, CATALOG, SHIPPED_ASTEROIDS};
use orrery_astro::house_system::{HOUSE_SYSTEMS, HouseSystemName, PolarHouses};
use orrery_astro::time::JulianDayUt;
use orrery_ephem::{AyanamsaId, Ephemeris, HouseSystem};
use serde::Serialize;
use utoipa::ToSchema;

use crate::common::OrderedMap;
use crate::error::CalcFailure;
use crate::names::{
    AspectCategoryField, AspectField, AyanamsaField, BodyField, HouseSystemField, Named,
};

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CatalogEntry {
    /// The name as requests use it.
    pub name: String,
    /// What it is, in one sentence.
    pub description: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BodiesCatalog {
    /// Every body the API knows.
    pub bodies: Vec<CatalogEntry>,
    /// Other accepted spellings and what they stand for.
    #[schema(value_type = BTreeMap<String, String>)]
    pub aliases: OrderedMap<&'static str>,
    /// Numbered asteroids are named `asteroid_<number>`; these ship with the service.
    pub asteroids: Vec<CatalogEntry>,
    /// The points of `/v1/planets`.
    pub standard_points: Vec<BodyField>,
}

pub fn bodies() -> BodiesCatalog {
    BodiesCatalog {
        bodies: CATALOG
            .iter()
            .map(|e| CatalogEntry {
                name: e.name.to_owned(),
                description: e.description.to_owned(),
            })
            .collect(),
        aliases: OrderedMap(vec![
            ("mean_lilith".to_owned(), "mean_apogee"),
            ("true_lilith".to_owned(), "osculating_apogee"),
        ]),
        asteroids: SHIPPED_ASTEROIDS
            .iter()
            .map(|(number, name)| CatalogEntry {
                name: Body::Asteroid(*number).name().into_owned(),
                description: format!("{name} ({number}); data 1500-2102."),
            })
            .collect(),
        standard_points: Body::STANDARD.iter().copied().map(BodyField).collect(),
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HouseSystemEntry {
    /// The house system's name as requests use it (`placidus`, …).
    pub name: HouseSystemField,
    /// The Swiss Ephemeris letter.
    pub code: String,
    /// What the house system is, in one sentence.
    pub description: &'static str,
    /// What the system does inside the polar circles (`|latitude| ≥ 90° − obliquity`, about
    /// 66.56°).
    pub inside_polar_circles: PolarHousesDto,
}

/// What a house system does inside the polar circles.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = PolarHouses)]
#[serde(rename_all = "snake_case")]
pub enum PolarHousesDto {
    /// Computed as everywhere else.
    Computed,
    /// Computed; where the MC is below the horizon the system puts the IC on the 10th cusp, its
    /// houses run clockwise and `house_system_note` says so (`angles.mc` stays the MC).
    TenthCuspOnIcBelowHorizon,
    /// Undefined: Porphyry houses instead (`house_system_used`, `house_system_note`).
    Porphyry,
    /// Undefined while the Sun does not rise or set there (midnight Sun, polar night): Porphyry
    /// houses then; computed otherwise.
    PorphyryWhileSunCircumpolar,
}

impl From<PolarHouses> for PolarHousesDto {
    fn from(p: PolarHouses) -> Self {
        match p {
            PolarHouses::Computed => Self::Computed,
            PolarHouses::TenthCuspOnIcBelowHorizon => Self::TenthCuspOnIcBelowHorizon,
            PolarHouses::Porphyry => Self::Porphyry,
            PolarHouses::PorphyryWhileSunCircumpolar => Self::PorphyryWhileSunCircumpolar,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct HouseSystemsCatalog {
    /// Every house system the API knows.
    pub house_systems: Vec<HouseSystemEntry>,
    /// The house system used when a request names none.
    pub default: HouseSystemField,
    /// What happens where a system is undefined.
    pub polar_note: &'static str,
}

/// The catalogue's `polar_note` (each system's own `inside_polar_circles` says which case it is).
pub const POLAR_NOTE: &str = "Inside the polar circles (|latitude| >= 90 - obliquity, about 66.56) \
    Placidus, Koch and the Gauquelin sectors are undefined, and so is sunshine_alt while the Sun \
    does not rise or set: the chart then has Porphyry houses and says so in house_system_used and \
    house_system_note. Every other system is computed there. Where the MC is below the horizon, \
    regiomontanus, campanus, topocentric, apc, sunshine and savard_a put the IC on the 10th cusp \
    (their houses run clockwise) and house_system_note says so; angles.mc is always the MC on the \
    upper meridian.";

pub fn house_systems() -> HouseSystemsCatalog {
    HouseSystemsCatalog {
        house_systems: HOUSE_SYSTEMS
            .iter()
            .map(|h| HouseSystemEntry {
                name: Named(*h),
                code: h.system.code().to_string(),
                description: h.description,
                inside_polar_circles: h.polar().into(),
            })
            .collect(),
        default: Named(HouseSystemName::of(HouseSystem::KOCH)),
        polar_note: POLAR_NOTE,
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AyanamsaEntry {
    /// The ayanamsa's name as requests use it (`lahiri`, …).
    pub name: AyanamsaField,
    /// The Swiss Ephemeris' own label.
    pub label: &'static str,
    /// The ayanamsa at J2000.0 (2000-01-01T12:00Z), degrees, for orientation.
    pub value_at_j2000: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AyanamsasCatalog {
    /// Every ayanamsa the API knows.
    pub ayanamsas: Vec<AyanamsaEntry>,
    /// The ayanamsa used when a request names none.
    pub default: AyanamsaField,
}

/// # Errors
/// The library failed to compute an ayanamsa (never expected).
pub fn ayanamsas(eph: &Ephemeris) -> Result<AyanamsasCatalog, CalcFailure> {
    let j2000 = JulianDayUt(2_451_545.0);
    let mut entries = Vec::with_capacity(AYANAMSA_NAMES.len());
    for (name, label) in AYANAMSA_NAMES.iter().zip(AYANAMSA_LABELS) {
        let mode = parse_ayanamsa(name).map_err(|e| CalcFailure::Internal(e.to_string()))?;
        entries.push(AyanamsaEntry {
            name: Named(mode),
            label,
            value_at_j2000: eph.ayanamsa_deg(j2000, mode)?,
        });
    }
    Ok(AyanamsasCatalog {
        ayanamsas: entries,
        default: Named(AyanamsaId::LAHIRI),
    })
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AspectEntry {
    /// The aspect's name as requests use it (`conjunction`, `sextile`, …).
    pub name: AspectField,
    /// The aspect's exact angle, degrees.
    pub angle: f64,
    /// `major` or `minor`.
    pub category: AspectCategoryField,
    /// What the aspect is, in one sentence.
    pub description: &'static str,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AspectsCatalog {
    /// Every aspect the API knows.
    pub aspects: Vec<AspectEntry>,
    /// The aspect types searched when a request names none.
    pub default_types: [AspectCategoryField; 1],
}

pub fn aspects() -> AspectsCatalog {
    AspectsCatalog {
        aspects: Aspect::ALL
            .iter()
            .map(|a| AspectEntry {
                name: Named(*a),
                angle: a.angle_deg(),
                category: Named(a.category()),
                description: a.description(),
            })
            .collect(),
        default_types: [Named(AspectCategory::Major)],
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrbPresetEntry {
    /// The orb preset's name as requests use it.
    pub name: &'static str,
    /// What the orb preset is, in one sentence.
    pub description: &'static str,
    /// The orb of each aspect, degrees.
    #[schema(value_type = BTreeMap<String, f64>)]
    pub orbs: OrderedMap<f64>,
    /// The orb of each aspect when the Sun or the Moon takes part.
    #[schema(value_type = BTreeMap<String, f64>)]
    pub luminary_orbs: OrderedMap<f64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrbPresetsCatalog {
    /// Every orb preset the API knows.
    pub orb_presets: Vec<OrbPresetEntry>,
    /// How `orbs` may be given besides a preset name.
    pub other_forms: &'static str,
}

pub fn orb_presets() -> OrbPresetsCatalog {
    let table = |preset: OrbPreset, luminary: bool| {
        OrderedMap(
            Aspect::ALL
                .iter()
                .map(|a| (a.name().to_owned(), preset.orb(*a, luminary).degrees()))
                .collect(),
        )
    };
    OrbPresetsCatalog {
        orb_presets: OrbPreset::ALL
            .iter()
            .map(|&preset| OrbPresetEntry {
                name: preset.name(),
                description: match preset {
                    OrbPreset::Classic => "Traditional orbs by aspect; 2 degrees wider for major aspects of the Sun or Moon. Default of /v1/aspects and charts.",
                    OrbPreset::Tight => "Half of classic, for strict work.",
                    OrbPreset::Transit => "A flat 1 degree. Default of transits.",
                    OrbPreset::Progression => "A flat 1 degree. Default of progressions.",
                },
                orbs: table(preset, false),
                luminary_orbs: table(preset, true),
            })
            .collect(),
        other_forms: "a bare number of degrees (one orb for every aspect and pair), or an object {\"max\": degrees, \"<aspect>\": degrees, ...}: named aspects get exactly their orb, others their classic orb, all capped at max",
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FixedStarEntry {
    /// The traditional name, where the catalogue has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The Bayer/Flamsteed designation.
    pub nomenclature: String,
    /// The visual magnitude the catalogue lists.
    pub magnitude: Option<f64>,
    /// The IAU constellation, from the designation (`null` for entries such as `M31`).
    pub constellation: Option<&'static str>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FixedStarsCatalog {
    /// The number of stars in `fixed_stars`.
    pub count: usize,
    /// Every star the API knows.
    pub fixed_stars: Vec<FixedStarEntry>,
}

/// # Errors
/// The star catalogue file could not be read (a broken installation).
pub fn fixed_stars(eph: &Ephemeris) -> Result<FixedStarsCatalog, CalcFailure> {
    let stars: Vec<FixedStarEntry> = eph
        .star_names()?
        .iter()
        .map(|s| FixedStarEntry {
            name: s.traditional.clone(),
            nomenclature: s.nomenclature.clone(),
            magnitude: s.magnitude,
            constellation: orrery_astro::techniques::fixed_stars::constellation(&s.nomenclature),
        })
        .collect();
    Ok(FixedStarsCatalog {
        count: stars.len(),
        fixed_stars: stars,
    })
}

/// The catalogue endpoints (`/v1/catalog/*`), as their routes are registered: they take no
/// input, and what they list (names, each ayanamsa's value at one date, the star file's entries)
/// does not grow with a request, so they run in the light lane.
#[derive(Debug, Clone, Copy)]
pub struct Catalogue;

impl crate::endpoint::Endpoint for Catalogue {
    const COST: crate::endpoint::CostClass = crate::endpoint::CostClass::Light;
}
