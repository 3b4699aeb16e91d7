//! What the service must know about an endpoint before it reads the request's body: how much
//! its calculation costs. Each endpoint declares it beside its validated input type in its own
//! module, with the instants its answer's provenance reports
//! ([`crate::provenance::ProvenanceInputs`], which requires this trait): a new calculation
//! endpoint without a cost class does not compile. An endpoint without input declares it on
//! its answer (`places::PlaceDto`, the server's `Me`) or on a type that stands for a group
//! (`catalog::Catalogue`).
//!
//! The server registers each route with the type that declares it (`routes::Endpoints` in the
//! server crate), and its admission layer reads the class by route before the body is read
//! (docs/LOAD-SHEDDING.md).

/// How expensive an endpoint's calculation is, known from the endpoint before it starts: it
/// picks the lane the request runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostClass {
    /// The work does not grow with the request (a chart, planets, a catalogue, an atlas
    /// lookup): well under a millisecond.
    Light,
    /// The work grows with a window or a series (transits, ephemeris, returns, …); the
    /// endpoint's own limits (years, samples, expected events) bound one request.
    Heavy,
}

/// An endpoint's declaration: the type its route is registered with says what it costs.
pub trait Endpoint {
    /// The lane its requests run in.
    const COST: CostClass;
}
