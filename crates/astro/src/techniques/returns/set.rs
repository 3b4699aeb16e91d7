//! A set of returns with their charts: [`return_set`].

use orrery_ephem::{Ephemeris, HouseSystem, Observer, Zodiac};

use super::{Return, ReturnError, ReturnSearch, find_returns};
use crate::angle::Longitude;
use crate::body::Body;
use crate::chart::{ChartInput, Frame, MissingData, chart_bodies, compute_chart_with, position};
use crate::techniques::cast::{CastChart, CastOptions, cast_of};
use crate::time::JulianDayUt;

/// Where the natal longitudes come from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReturnsNatal<'a> {
    /// The birth: each body's geocentric tropical longitude at `jd`.
    Birth { jd: JulianDayUt },
    /// Given, one per body, in the order of the bodies.
    Positions(&'a [(Body, Longitude)]),
}

/// Where and how each return's chart is cast.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnChartPlan {
    pub place: Observer,
    /// `None`: the chart without houses.
    pub house_system: Option<HouseSystem>,
    /// The parts of the chart and its aspects.
    pub options: CastOptions,
}

/// What to search: the returns of each body to its natal longitude plus `target_angle_deg`.
#[derive(Debug, Clone)]
pub struct ReturnsQuery<'a> {
    pub natal: ReturnsNatal<'a>,
    /// Ignored with [`ReturnsNatal::Positions`], whose bodies are the ones searched.
    pub bodies: &'a [Body],
    pub target_angle_deg: f64,
    pub from: JulianDayUt,
    /// Returns per body.
    pub count: usize,
    /// A chart for every return, when set.
    pub chart: Option<ReturnChartPlan>,
}

/// One return, with its chart when one was asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct ReturnWithChart {
    pub found: Return,
    /// Geocentric, tropical, the default bodies (one without data at the return left out).
    pub chart: Option<CastChart>,
}

/// One body's natal longitude and its returns.
#[derive(Debug, Clone, PartialEq)]
pub struct BodyReturns {
    pub body: Body,
    pub natal_lon: Longitude,
    pub returns: Vec<ReturnWithChart>,
}

/// The natal longitudes, then each body's returns in the query's order, each with its chart.
///
/// # Errors
/// A position without data (the birth's, a return chart's) as [`ReturnError::Chart`], and the
/// search's errors.
pub fn return_set(
    eph: &Ephemeris,
    query: &ReturnsQuery<'_>,
) -> Result<Vec<BodyReturns>, ReturnError> {
    let natal: Vec<(Body, Longitude)> = match query.natal {
        ReturnsNatal::Positions(given) => given.to_vec(),
        ReturnsNatal::Birth { jd } => query
            .bodies
            .iter()
            .map(|&body| {
                let p = position(eph, jd, body, &Frame::GEOCENTRIC_TROPICAL)?;
                Ok((body, p.lon))
            })
            .collect::<Result<_, ReturnError>>()?,
    };
    let mut set = Vec::with_capacity(natal.len());
    for (body, natal_lon) in natal {
        let found = find_returns(
            eph,
            &ReturnSearch {
                body,
                natal_lon,
                target_angle_deg: query.target_angle_deg,
                from: query.from,
                count: query.count,
                zodiac: Zodiac::Tropical,
            },
        )?;
        let returns = found
            .into_iter()
            .map(|found| {
                let chart = query
                    .chart
                    .as_ref()
                    .map(|plan| return_chart(eph, plan, found.exact_at))
                    .transpose()?;
                Ok(ReturnWithChart { found, chart })
            })
            .collect::<Result<_, ReturnError>>()?;
        set.push(BodyReturns {
            body,
            natal_lon,
            returns,
        });
    }
    Ok(set)
}

/// The chart of a return: the default bodies (one without data at the return, Chiron before
/// 1200, left out), geocentric and tropical, at the plan's place.
fn return_chart(
    eph: &Ephemeris,
    plan: &ReturnChartPlan,
    at: JulianDayUt,
) -> Result<CastChart, ReturnError> {
    let input = ChartInput {
        jd: at,
        place: plan.place,
        bodies: chart_bodies(),
        frame: Frame::GEOCENTRIC_TROPICAL,
        house_system: plan.house_system,
    };
    let chart = compute_chart_with(eph, &input, MissingData::LeaveOut)?;
    cast_of(chart, &plan.options).map_err(ReturnError::Aspect)
}
