//! `POST /v1/dignities`: the essential dignities of the seven planets under a named scheme,
//! their condition (sect, hayz and halb, phase with the Sun, orientality, speed, angularity),
//! receptions, dispositor chains, the almutens and the planetary day and hour of a birth.
//!
//! # Request
//!
//! | Field | Meaning |
//! |---|---|
//! | `birth` | the birth, as for `/v1/radix` |
//! | `scheme` | `lilly` (default), `ptolemaic` or `dorothean` (`GET /v1/catalog/dignity-schemes`) |
//! | `rulers` | `traditional` (default) or `modern` (Pluto, Uranus, Neptune for Scorpio, Aquarius, Pisces) |
//! | `house_system` | the houses of angularity; default `whole_sign` |
//! | `almuten_of` | up to [`MAX_ALMUTEN_DEGREES`] longitudes (degrees) whose almuten is wanted |
//!
//! Every table, point and threshold is echoed in `settings`; the conventions and their
//! sources: docs/TRADITIONAL.md and [`orrery_astro::techniques::traditional`].

use orrery_astro::angle::Longitude;
use orrery_astro::body::Body;
use orrery_astro::house_system::HouseSystemName;
use orrery_astro::techniques::lots::Sect;
use orrery_astro::techniques::traditional::condition::{
    Angularity, CAZIMI_DEG, COMBUST_DEG, STATIONARY_FRACTION, SolarPhase, SpeedClass,
    UNDER_BEAMS_DEG,
};
use orrery_astro::techniques::traditional::hours::PlanetaryHour;
use orrery_astro::techniques::traditional::scheme::{Debility, Dignity, Lords, Scheme, Weights};
use orrery_astro::techniques::traditional::tables::Rulers;
use orrery_astro::techniques::traditional::{
    DignitiesError, DignitiesQuery, DignitiesReport, PlanetDignities, dignities,
};
use orrery_ephem::{Ephemeris, HouseSystem};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::common::{BirthDto, OrderedMap, ResolvedBirth, ZodiacLongitudeDto, utc_of};
use crate::error::{ApiInputError, CalcFailure};
use crate::names::{BodyField, HouseSystemField};
use crate::source_echo::SourceEchoDto;

/// The most degrees `almuten_of` may list.
pub const MAX_ALMUTEN_DEGREES: usize = 12;

/// A scheme of essential dignities, as a request names it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = DignityScheme)]
#[serde(rename_all = "snake_case")]
pub enum SchemeDto {
    /// Ptolemy's triplicities and bounds, Chaldean faces.
    Ptolemaic,
    /// Dorotheus' three triplicity lords, the Egyptian bounds, Chaldean faces.
    Dorothean,
    /// Lilly's table and points, with the peregrine debility.
    Lilly,
}

impl From<SchemeDto> for Scheme {
    fn from(dto: SchemeDto) -> Self {
        match dto {
            SchemeDto::Ptolemaic => Self::Ptolemaic,
            SchemeDto::Dorothean => Self::Dorothean,
            SchemeDto::Lilly => Self::Lilly,
        }
    }
}

/// Which planets rule the signs.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = SignRulers)]
#[serde(rename_all = "snake_case")]
pub enum RulersDto {
    /// The seven planets only.
    Traditional,
    /// Pluto, Uranus and Neptune for Scorpio, Aquarius and Pisces.
    Modern,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DignitiesRequest {
    /// The birth, as for `/v1/radix`.
    pub birth: BirthDto,
    /// `lilly` (default), `ptolemaic` or `dorothean`.
    #[serde(default)]
    pub scheme: Option<SchemeDto>,
    /// `traditional` (default) or `modern`.
    #[serde(default)]
    pub rulers: Option<RulersDto>,
    /// The houses that decide angularity (`GET /v1/catalog/house-systems`); default `whole_sign`.
    #[serde(default)]
    pub house_system: Option<HouseSystemField>,
    /// Longitudes in degrees whose almuten is wanted, at most 12.
    #[serde(default)]
    pub almuten_of: Option<Vec<f64>>,
}

/// A validated request.
#[derive(Debug, Clone)]
pub struct DignitiesInput {
    pub birth: ResolvedBirth,
    pub query: DignitiesQuery,
    pub house_system: HouseSystemName,
}

impl TryFrom<&DignitiesRequest> for DignitiesInput {
    type Error = ApiInputError;

    fn try_from(request: &DignitiesRequest) -> Result<Self, ApiInputError> {
        let birth = request.birth.resolve("birth")?;
        let house_system = request
            .house_system
            .map_or_else(|| HouseSystemName::of(HouseSystem::WHOLE_SIGN), |f| f.0);
        let degrees = request.almuten_of.as_deref().unwrap_or_default();
        if degrees.len() > MAX_ALMUTEN_DEGREES {
            return Err(ApiInputError::field(
                "almuten_of",
                format!(
                    "may list at most {MAX_ALMUTEN_DEGREES} longitudes (got {})",
                    degrees.len()
                ),
            ));
        }
        let almuten_of = degrees
            .iter()
            .enumerate()
            .map(|(i, &deg)| {
                Longitude::new(deg).map_err(|_| {
                    ApiInputError::field(
                        &format!("almuten_of[{i}]"),
                        format!("must be a finite longitude in degrees (got {deg})"),
                    )
                })
            })
            .collect::<Result<Vec<Longitude>, _>>()?;
        Ok(Self {
            query: DignitiesQuery {
                jd: birth.jd,
                place: birth.place,
                scheme: request.scheme.unwrap_or(SchemeDto::Lilly).into(),
                rulers: match request.rulers {
                    Some(RulersDto::Modern) => Rulers::Modern,
                    _ => Rulers::Traditional,
                },
                house_system: house_system.system,
                almuten_of,
            },
            birth,
            house_system,
        })
    }
}

/// An essential dignity.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = EssentialDignity)]
#[serde(rename_all = "snake_case")]
pub enum DignityDto {
    Domicile,
    Exaltation,
    Triplicity,
    Bound,
    Face,
}

fn dignity_dto(d: Dignity) -> DignityDto {
    match d {
        Dignity::Domicile => DignityDto::Domicile,
        Dignity::Exaltation => DignityDto::Exaltation,
        Dignity::Triplicity => DignityDto::Triplicity,
        Dignity::Bound => DignityDto::Bound,
        Dignity::Face => DignityDto::Face,
    }
}

/// An essential debility.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = EssentialDebility)]
#[serde(rename_all = "snake_case")]
pub enum DebilityDto {
    Detriment,
    Fall,
    /// No essential dignity at all.
    Peregrine,
}

/// Day or night.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = SectName)]
#[serde(rename_all = "snake_case")]
pub enum SectNameDto {
    Day,
    Night,
}

/// The sect as the answers of dignities and time-lords write it.
pub(crate) fn sect_dto(sect: Sect) -> SectNameDto {
    match sect {
        Sect::Day => SectNameDto::Day,
        Sect::Night => SectNameDto::Night,
    }
}

/// A planet's phase with the Sun.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = SolarPhase)]
#[serde(rename_all = "snake_case")]
pub enum SolarPhaseDto {
    Cazimi,
    Combust,
    UnderTheBeams,
    Free,
}

/// Speed against the mean motion.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = SpeedClass)]
#[serde(rename_all = "snake_case")]
pub enum SpeedDto {
    Fast,
    Slow,
    Stationary,
}

/// Angular, succedent or cadent.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = Angularity)]
#[serde(rename_all = "snake_case")]
pub enum AngularityDto {
    Angular,
    Succedent,
    Cadent,
}

/// The points of each dignity and debility.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = DignityWeights)]
pub struct WeightsDto {
    pub domicile: i32,
    pub exaltation: i32,
    pub triplicity: i32,
    pub bound: i32,
    pub face: i32,
    pub detriment: i32,
    pub fall: i32,
    pub peregrine: i32,
}

impl From<Weights> for WeightsDto {
    fn from(w: Weights) -> Self {
        Self {
            domicile: w.domicile,
            exaltation: w.exaltation,
            triplicity: w.triplicity,
            bound: w.bound,
            face: w.face,
            detriment: w.detriment,
            fall: w.fall,
            peregrine: w.peregrine,
        }
    }
}

/// The limits of the phases with the Sun, degrees of longitude (inclusive).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = SolarPhaseThresholds)]
pub struct SolarPhaseThresholdsDto {
    /// 17′.
    pub cazimi_deg: f64,
    pub combust_deg: f64,
    pub under_the_beams_deg: f64,
}

/// Every table, point and limit used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DignitiesSettings)]
pub struct DignitiesSettingsDto {
    pub scheme: SchemeDto,
    /// Where the scheme's tables and points come from.
    pub scheme_source: &'static str,
    pub rulers: RulersDto,
    /// The triplicity table: `ptolemaic`, `dorothean` or `lilly`.
    pub triplicities: &'static str,
    /// The bounds: `egyptian`, `ptolemaic` or `lilly`.
    pub bounds: &'static str,
    /// Always `chaldean`.
    pub faces: &'static str,
    pub weights: WeightsDto,
    /// The house system of angularity.
    pub house_system: &'static str,
    pub solar_phase_thresholds: SolarPhaseThresholdsDto,
    /// A planet slower than this fraction of its mean motion is stationary.
    pub stationary_fraction: f64,
    /// The places of the Almuten Figuris.
    pub almuten_figuris_variant: &'static str,
    /// The sunrise of the planetary hours: `upper_limb_refracted`.
    pub sunrise: &'static str,
}

/// The lords of a degree.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DegreeLords)]
pub struct LordsDto {
    pub domicile: BodyField,
    /// The planet exalted in the sign; absent when none is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exaltation: Option<BodyField>,
    pub triplicity_day: BodyField,
    pub triplicity_night: BodyField,
    /// Dorothean only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triplicity_participating: Option<BodyField>,
    pub bound: BodyField,
    pub face: BodyField,
    /// The planet in its detriment here.
    pub detriment: BodyField,
    /// The planet in its fall here; absent when none is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fall: Option<BodyField>,
}

fn name(body: Body) -> BodyField {
    BodyField(body)
}

/// A planet as a key of an answer's map.
fn key(body: Body) -> String {
    body.name().into_owned()
}

impl From<&Lords> for LordsDto {
    fn from(l: &Lords) -> Self {
        Self {
            domicile: name(l.domicile),
            exaltation: l.exaltation.map(name),
            triplicity_day: name(l.triplicity.day),
            triplicity_night: name(l.triplicity.night),
            triplicity_participating: l.triplicity.participating.map(name),
            bound: name(l.bound),
            face: name(l.face),
            detriment: name(l.detriment),
            fall: l.fall.map(name),
        }
    }
}

/// A planet's sect.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PlanetSect)]
pub struct PlanetSectDto {
    /// The planet's own sect (Mercury's by its place with the Sun).
    pub sect: SectNameDto,
    pub in_sect: bool,
    /// On its sect's side of the horizon.
    pub halb: bool,
    /// Halb and in a sign of its sect's gender.
    pub hayz: bool,
}

/// One planet.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PlanetDignities)]
pub struct PlanetDignitiesDto {
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// Degrees per day; negative when retrograde.
    pub speed_deg_per_day: f64,
    pub lords: LordsDto,
    /// The dignities it holds itself.
    pub holds: Vec<DignityDto>,
    pub debilities: Vec<DebilityDto>,
    /// The scheme's points for what it holds and its debilities.
    pub score: i32,
    pub sect: PlanetSectDto,
    /// True altitude of its centre, degrees, without refraction.
    pub altitude_deg: f64,
    /// Absent for the Sun.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solar_phase: Option<SolarPhaseDto>,
    /// Degrees of longitude from the Sun; absent for the Sun.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sun_distance_deg: Option<f64>,
    /// Rises before the Sun; absent for the Sun.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oriental: Option<bool>,
    pub speed: SpeedDto,
    /// Degrees per day.
    pub mean_motion_deg_per_day: f64,
    /// 1..=12, in the settings' house system.
    pub house: u8,
    pub angularity: AngularityDto,
}

/// One planet receiving another.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Reception)]
pub struct ReceptionDto {
    /// The planet whose dignity the guest stands in.
    pub host: BodyField,
    pub guest: BodyField,
    /// The host's dignities in the guest's degree.
    pub by: Vec<DignityDto>,
    /// The guest receives the host too.
    pub mutual: bool,
}

/// The chains of domicile lords.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Dispositors)]
pub struct DispositorsDto {
    /// Per planet: the planet, its domicile lord, that one's, … up to the first repeat.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<BodyField>>)]
    pub chains: OrderedMap<Vec<BodyField>>,
    /// The planets in their own domicile that every chain ends at; empty when a chain ends in a cycle.
    pub final_dispositors: Vec<BodyField>,
    /// Rings of planets disposing of each other.
    pub cycles: Vec<Vec<BodyField>>,
}

/// A place of the Almuten Figuris.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AlmutenPlace)]
pub struct AlmutenPlaceDto {
    /// `sun`, `moon`, `ascendant` or `fortune`.
    pub place: &'static str,
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    /// Each planet's points in this degree.
    #[schema(value_type = std::collections::BTreeMap<String, i32>)]
    pub points: OrderedMap<i32>,
}

/// The Almuten Figuris.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = AlmutenFiguris)]
pub struct AlmutenFigurisDto {
    /// The places counted: `sun_moon_ascendant_fortune`.
    pub variant: &'static str,
    pub places: Vec<AlmutenPlaceDto>,
    /// Each planet's total over the places.
    #[schema(value_type = std::collections::BTreeMap<String, i32>)]
    pub totals: OrderedMap<i32>,
    /// The planets with the highest total (several when tied).
    pub winners: Vec<BodyField>,
    pub points: i32,
}

/// The almuten of a degree asked for.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DegreeAlmuten)]
pub struct DegreeAlmutenDto {
    #[serde(flatten)]
    pub position: ZodiacLongitudeDto,
    pub lords: LordsDto,
    /// The planets with the most points of dignity here (several when tied).
    pub winners: Vec<BodyField>,
    pub points: i32,
}

/// The planetary day and hour.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PlanetaryHour)]
pub struct PlanetaryHourDto {
    /// The sunrise that opened the planetary day (UTC).
    pub sunrise: String,
    /// `sunday`..`saturday`, at the place's mean time.
    pub weekday: &'static str,
    pub day_ruler: BodyField,
    /// `day` (sunrise to sunset) or `night`.
    pub period: SectNameDto,
    /// 1..=12 within the day or the night.
    pub hour: u8,
    pub hour_ruler: BodyField,
    /// UTC.
    pub hour_start: String,
    /// UTC.
    pub hour_end: String,
    /// Minutes.
    pub hour_length_min: f64,
}

/// The chart's sect: day or night by the Sun's altitude.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ChartSect)]
pub struct ChartSectDto {
    pub sect: SectNameDto,
    /// The Sun's true altitude, degrees: day above 0.
    pub sun_altitude_deg: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DignitiesResponse {
    pub input: SourceEchoDto,
    pub settings: DignitiesSettingsDto,
    pub sect: ChartSectDto,
    pub ascendant: ZodiacLongitudeDto,
    pub mc: ZodiacLongitudeDto,
    /// The seven planets, Sun to Saturn.
    #[schema(value_type = std::collections::BTreeMap<String, PlanetDignitiesDto>)]
    pub planets: OrderedMap<PlanetDignitiesDto>,
    pub receptions: Vec<ReceptionDto>,
    pub dispositors: DispositorsDto,
    pub almuten_figuris: AlmutenFigurisDto,
    /// The degrees of `almuten_of`, in order; empty when none were asked.
    pub almutens: Vec<DegreeAlmutenDto>,
    /// Absent when the Sun does not both rise and set around the birth (see `planetary_hour_missing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planetary_hour: Option<PlanetaryHourDto>,
    /// Why there is no planetary hour; absent when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planetary_hour_missing: Option<String>,
}

const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

fn planet_dto(p: &PlanetDignities) -> PlanetDignitiesDto {
    let e = &p.essential;
    PlanetDignitiesDto {
        position: p.lon.into(),
        speed_deg_per_day: p.speed_deg_per_day,
        lords: (&e.lords).into(),
        holds: e.holds.iter().copied().map(dignity_dto).collect(),
        debilities: e
            .debilities
            .iter()
            .map(|d| match d {
                Debility::Detriment => DebilityDto::Detriment,
                Debility::Fall => DebilityDto::Fall,
                Debility::Peregrine => DebilityDto::Peregrine,
            })
            .collect(),
        score: e.score,
        sect: PlanetSectDto {
            sect: sect_dto(p.sect.sect),
            in_sect: p.sect.in_sect,
            halb: p.sect.halb,
            hayz: p.sect.hayz,
        },
        altitude_deg: p.altitude_deg,
        solar_phase: p.solar_phase.map(|(phase, _)| match phase {
            SolarPhase::Cazimi => SolarPhaseDto::Cazimi,
            SolarPhase::Combust => SolarPhaseDto::Combust,
            SolarPhase::UnderTheBeams => SolarPhaseDto::UnderTheBeams,
            SolarPhase::Free => SolarPhaseDto::Free,
        }),
        sun_distance_deg: p.solar_phase.map(|(_, d)| d),
        oriental: p.oriental,
        speed: match p.speed {
            SpeedClass::Fast => SpeedDto::Fast,
            SpeedClass::Slow => SpeedDto::Slow,
            SpeedClass::Stationary => SpeedDto::Stationary,
        },
        mean_motion_deg_per_day: p.mean_motion_deg_per_day,
        house: p.house,
        angularity: match p.angularity {
            Angularity::Angular => AngularityDto::Angular,
            Angularity::Succedent => AngularityDto::Succedent,
            Angularity::Cadent => AngularityDto::Cadent,
        },
    }
}

fn points_map(points: &[(Body, i32)]) -> OrderedMap<i32> {
    OrderedMap(points.iter().map(|(b, s)| (key(*b), *s)).collect())
}

fn hour_dto(hour: &PlanetaryHour) -> Result<PlanetaryHourDto, CalcFailure> {
    Ok(PlanetaryHourDto {
        sunrise: utc_of(hour.sunrise)?,
        weekday: WEEKDAYS[usize::from(hour.weekday)],
        day_ruler: name(hour.day_ruler),
        period: if hour.daytime {
            SectNameDto::Day
        } else {
            SectNameDto::Night
        },
        hour: hour.hour,
        hour_ruler: name(hour.hour_ruler),
        hour_start: utc_of(hour.hour_start)?,
        hour_end: utc_of(hour.hour_end)?,
        hour_length_min: hour.hour_length_min,
    })
}

fn failure(error: DignitiesError) -> CalcFailure {
    match error {
        DignitiesError::Cast(e) => crate::chart_content::cast_failure(e).at_field("birth.datetime"),
        e @ DignitiesError::AscendantUndefined { .. } => {
            CalcFailure::Input(ApiInputError::labelled("birth.location.latitude", e))
        }
    }
}

fn settings(input: &DignitiesInput) -> DignitiesSettingsDto {
    let scheme = input.query.scheme;
    DignitiesSettingsDto {
        scheme: match scheme {
            Scheme::Ptolemaic => SchemeDto::Ptolemaic,
            Scheme::Dorothean => SchemeDto::Dorothean,
            Scheme::Lilly => SchemeDto::Lilly,
        },
        scheme_source: scheme.source(),
        rulers: match input.query.rulers {
            Rulers::Traditional => RulersDto::Traditional,
            Rulers::Modern => RulersDto::Modern,
        },
        triplicities: scheme.triplicities().name(),
        bounds: scheme.bounds().name(),
        faces: "chaldean",
        weights: scheme.weights().into(),
        house_system: input.house_system.name,
        solar_phase_thresholds: SolarPhaseThresholdsDto {
            cazimi_deg: CAZIMI_DEG,
            combust_deg: COMBUST_DEG,
            under_the_beams_deg: UNDER_BEAMS_DEG,
        },
        stationary_fraction: STATIONARY_FRACTION,
        almuten_figuris_variant: orrery_astro::techniques::traditional::ALMUTEN_FIGURIS_VARIANT,
        sunrise: "upper_limb_refracted",
    }
}

/// The dignities of the birth: one core call, [`dignities`].
///
/// # Errors
/// A date outside the ephemeris, an undefined ascendant (at a pole).
pub fn compute(eph: &Ephemeris, input: &DignitiesInput) -> Result<DignitiesResponse, CalcFailure> {
    let report: DignitiesReport = dignities(eph, &input.query).map_err(failure)?;
    let (planetary_hour, planetary_hour_missing) = match &report.planetary_hour {
        Ok(hour) => (Some(hour_dto(hour)?), None),
        Err(why) => (None, Some(why.to_string())),
    };
    let d = &report.dispositors;
    let names = |list: &[Body]| list.iter().map(|b| name(*b)).collect::<Vec<_>>();
    let f = &report.almuten_figuris;
    Ok(DignitiesResponse {
        input: SourceEchoDto::birth(&input.birth, Vec::new()),
        settings: settings(input),
        sect: ChartSectDto {
            sect: sect_dto(report.sect),
            sun_altitude_deg: report.sun_altitude_deg,
        },
        ascendant: report.ascendant.into(),
        mc: report.mc.into(),
        planets: OrderedMap(
            report
                .planets
                .iter()
                .map(|p| (key(p.planet), planet_dto(p)))
                .collect(),
        ),
        receptions: report
            .receptions
            .iter()
            .map(|r| ReceptionDto {
                host: name(r.host),
                guest: name(r.guest),
                by: r.by.iter().copied().map(dignity_dto).collect(),
                mutual: r.mutual,
            })
            .collect(),
        dispositors: DispositorsDto {
            chains: OrderedMap(
                d.chains
                    .iter()
                    .map(|(p, chain)| (key(*p), names(chain)))
                    .collect(),
            ),
            final_dispositors: names(&d.final_dispositors),
            cycles: d.cycles.iter().map(|c| names(c)).collect(),
        },
        almuten_figuris: AlmutenFigurisDto {
            variant: f.variant,
            places: f
                .places
                .iter()
                .map(|p| AlmutenPlaceDto {
                    place: p.place,
                    position: p.lon.into(),
                    points: points_map(&p.points),
                })
                .collect(),
            totals: points_map(&f.totals),
            winners: names(&f.winners),
            points: f.points,
        },
        almutens: report
            .almutens
            .iter()
            .map(|a| DegreeAlmutenDto {
                position: a.lon.into(),
                lords: (&a.lords).into(),
                winners: names(&a.winners),
                points: a.points,
            })
            .collect(),
        planetary_hour,
        planetary_hour_missing,
    })
}

/// This endpoint's declarations: its lane and the input instants of its provenance.
mod declaration {
    use super::DignitiesInput;
    use crate::endpoint::{CostClass, Endpoint};
    use crate::provenance::{InputInstant, ProvenanceInputs};

    impl Endpoint for DignitiesInput {
        const COST: CostClass = CostClass::Light;
    }

    impl ProvenanceInputs for DignitiesInput {
        fn input_instants(&self) -> Vec<InputInstant> {
            vec![InputInstant::birth("birth", &self.birth)]
        }
    }
}

/// `GET /v1/catalog/dignity-schemes`: one scheme.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DignitySchemeEntry {
    pub name: SchemeDto,
    pub source: &'static str,
    /// The triplicity table (`triplicities[].name`).
    pub triplicities: &'static str,
    /// The bounds (`bounds[].name`).
    pub bounds: &'static str,
    /// Always `chaldean`.
    pub faces: &'static str,
    pub weights: WeightsDto,
}

/// A planet's exaltation.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ExaltationEntry {
    pub planet: BodyField,
    /// `aries`..`pisces`.
    pub sign: &'static str,
    /// The exalted degree, counted 1..=30 as the sources count it.
    pub degree: u8,
}

/// The triplicity lords of one element.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ElementLords {
    pub signs: Vec<&'static str>,
    pub day: BodyField,
    pub night: BodyField,
    /// Dorothean only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participating: Option<BodyField>,
}

/// A triplicity table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TriplicityTableEntry {
    pub name: &'static str,
    pub source: &'static str,
    /// `fire`, `earth`, `air`, `water`.
    #[schema(value_type = std::collections::BTreeMap<String, ElementLords>)]
    pub elements: OrderedMap<ElementLords>,
}

/// One bound.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BoundEntry {
    pub lord: BodyField,
    /// Degrees within the sign; the bound runs from `start_deg` (included) to `end_deg`.
    pub start_deg: u8,
    pub end_deg: u8,
}

/// A table of bounds.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BoundsTableEntry {
    pub name: &'static str,
    pub source: &'static str,
    /// Aries to Pisces, five bounds each.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<BoundEntry>>)]
    pub signs: OrderedMap<Vec<BoundEntry>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DignitySchemesCatalog {
    pub schemes: Vec<DignitySchemeEntry>,
    /// Sign to lord, traditional rulers (Ptolemy, Tetrabiblos I.17).
    #[schema(value_type = std::collections::BTreeMap<String, BodyField>)]
    pub domiciles_traditional: OrderedMap<BodyField>,
    /// Sign to lord, modern rulers.
    #[schema(value_type = std::collections::BTreeMap<String, BodyField>)]
    pub domiciles_modern: OrderedMap<BodyField>,
    /// Signs from Ptolemy, Tetrabiblos I.19; degrees from Lilly, Christian Astrology p. 104.
    pub exaltations: Vec<ExaltationEntry>,
    pub triplicities: Vec<TriplicityTableEntry>,
    pub bounds: Vec<BoundsTableEntry>,
    /// Sign to its three faces' lords: the Chaldean order from Mars in Aries.
    #[schema(value_type = std::collections::BTreeMap<String, Vec<BodyField>>)]
    pub faces: OrderedMap<Vec<BodyField>>,
    /// How detriment and fall are derived.
    pub derived: &'static str,
}

/// The tables of every scheme with their sources.
#[must_use]
pub fn schemes_catalog() -> DignitySchemesCatalog {
    use orrery_astro::angle::Sign;
    use orrery_astro::techniques::traditional::tables::{
        BoundsTable, EXALTATIONS, TriplicityTable, domicile_lord, face_lord_of,
    };
    let sign_map = |lord: &dyn Fn(Sign) -> BodyField| {
        OrderedMap(
            Sign::ALL
                .iter()
                .map(|s| (s.name().to_owned(), lord(*s)))
                .collect(),
        )
    };
    let scheme_dto = |s: Scheme| match s {
        Scheme::Ptolemaic => SchemeDto::Ptolemaic,
        Scheme::Dorothean => SchemeDto::Dorothean,
        Scheme::Lilly => SchemeDto::Lilly,
    };
    DignitySchemesCatalog {
        schemes: Scheme::ALL
            .iter()
            .map(|&s| DignitySchemeEntry {
                name: scheme_dto(s),
                source: s.source(),
                triplicities: s.triplicities().name(),
                bounds: s.bounds().name(),
                faces: "chaldean",
                weights: s.weights().into(),
            })
            .collect(),
        domiciles_traditional: sign_map(&|s| name(domicile_lord(s, Rulers::Traditional))),
        domiciles_modern: sign_map(&|s| name(domicile_lord(s, Rulers::Modern))),
        exaltations: EXALTATIONS
            .iter()
            .map(|e| ExaltationEntry {
                planet: name(e.planet),
                sign: e.sign.name(),
                degree: e.degree,
            })
            .collect(),
        triplicities: [
            TriplicityTable::Ptolemaic,
            TriplicityTable::Dorothean,
            TriplicityTable::Lilly,
        ]
        .iter()
        .map(|&t| TriplicityTableEntry {
            name: t.name(),
            source: t.source(),
            elements: OrderedMap(
                ["fire", "earth", "air", "water"]
                    .iter()
                    .enumerate()
                    .map(|(i, element)| {
                        let lords = t.lords(Sign::ALL[i]);
                        (
                            (*element).to_owned(),
                            ElementLords {
                                signs: (0..3).map(|k| Sign::ALL[i + 4 * k].name()).collect(),
                                day: name(lords.day),
                                night: name(lords.night),
                                participating: lords.participating.map(name),
                            },
                        )
                    })
                    .collect(),
            ),
        })
        .collect(),
        bounds: [
            BoundsTable::Egyptian,
            BoundsTable::Ptolemaic,
            BoundsTable::Lilly,
        ]
        .iter()
        .map(|&t| BoundsTableEntry {
            name: t.name(),
            source: t.source(),
            signs: OrderedMap(
                Sign::ALL
                    .iter()
                    .map(|s| {
                        let mut start = 0;
                        let bounds = t
                            .of_sign(*s)
                            .iter()
                            .map(|&(lord, end)| {
                                let entry = BoundEntry {
                                    lord: name(lord),
                                    start_deg: start,
                                    end_deg: end,
                                };
                                start = end;
                                entry
                            })
                            .collect();
                        (s.name().to_owned(), bounds)
                    })
                    .collect(),
            ),
        })
        .collect(),
        faces: OrderedMap(
            Sign::ALL
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let lords = (0..3).map(|k| name(face_lord_of(3 * i + k))).collect();
                    (s.name().to_owned(), lords)
                })
                .collect(),
        ),
        derived: "detriment: the lord of the opposite sign is in its detriment; fall: the \
                  planet exalted in the opposite sign is in its fall",
    }
}
