//! Aspects: the catalogue, the orbs and the search between points.
//!
//! * [`catalog`]: [`Aspect`] (name, exact angle, category, description) and [`AspectCategory`].
//! * [`orbs`]: [`OrbSpec`], the presets and their table, [`Orb`].
//! * [`find`]: [`find_within`], [`find_cross`] and [`aspect_between`].
//! * [`parallels`]: parallels and contra-parallels, the aspects of declination.
//!
//! # Definitions
//!
//! For two points at longitudes `a` (first) and `b` (second):
//!
//! * **arc** `δ = b − a` reduced to `[-180, 180)`; **separation** `|δ|`, in `[0, 180]`. The
//!   0°/360° seam plays no part: 359.5° and 0.5° are 1° apart.
//! * **orb** of an aspect of angle `θ`: `|separation − θ|`. The pair is in aspect when the orb is at
//!   most the **allowed orb** of [`OrbSpec::orb_for`] (inclusive). When several aspects qualify,
//!   the smallest orb wins; an exact tie goes to the aspect earlier in catalogue order.
//! * **orb_percent** `= orb / allowed × 100`; **strength** `= 1 − orb / allowed`, a linear falloff
//!   from 1 when exact to 0 at the edge of the orb. Linear was chosen over a cosine so that strength
//!   and orb_percent say the same thing (`strength = 1 − orb_percent / 100`) and a client can
//!   reason about it without a formula sheet. **total_strength** is the sum over all aspects found.
//! * **applying**: the orb is shrinking. With speeds `va`, `vb` (degrees per day, negative when
//!   retrograde) the arc changes at the relative speed `v = vb − va`. The aspect is exact when
//!   `δ = ±θ`; if the nearest of those targets is `e` degrees of arc away (signed), the orb shrinks
//!   exactly when `e·v > 0`. This holds for direct and retrograde motion alike and across the seam,
//!   since only the signed arc and its rate are used. At an exact aspect (`e = 0`) the orb can only
//!   grow, so it counts as separating.
//! * **exact_in_days** `= e / v`: the time until the separation equals `θ` if both points keep their
//!   current speeds. Positive when applying; negative when separating, then it is the number of
//!   days since the aspect was exact (under the same linear motion); 0 when exact now.
//! * Both are `None` when either speed is unknown, or when `|v|` is below
//!   [`STATIONARY_RELATIVE_SPEED_DEG_PER_DAY`] (the points move together; "when exact" has no
//!   useful answer).
//! * The output is sorted by orb (closest first), then first name, second name, catalogue order.
//!
//! ```
//! use orrery_astro::angle::Longitude;
//! use orrery_astro::aspects::{find_within, Aspect, AspectConfig, AspectPoint, OrbSpec};
//!
//! let point = |name, lon, speed| AspectPoint::new(name, Longitude::new(lon).unwrap(), Some(speed));
//! let points = [point("mars", 359.5, 0.7)?, point("saturn", 0.5, 0.1)?];
//! let config = AspectConfig::new([Aspect::Conjunction, Aspect::Opposition], OrbSpec::default())?;
//! let report = find_within(&points, &config);
//! let hit = &report.aspects[0];
//! assert_eq!((hit.aspect, hit.orb_deg, hit.applying), (Aspect::Conjunction, 1.0, Some(true)));
//! assert!((hit.exact_in_days.unwrap() - 1.0 / 0.6).abs() < 1e-12);
//! # Ok::<(), orrery_astro::error::AspectError>(())
//! ```

pub mod catalog;
pub mod find;
pub mod orbs;
pub mod parallels;

pub use catalog::{Aspect, AspectCategory};
pub use find::{
    AspectConfig, AspectHit, AspectPoint, AspectReport, STATIONARY_RELATIVE_SPEED_DEG_PER_DAY,
    aspect_between, find_cross, find_within,
};
pub use orbs::{CustomOrbs, LUMINARY_BONUS_DEG, Orb, OrbPreset, OrbSpec, is_luminary};
pub use parallels::{
    DEFAULT_PARALLEL_ORB_DEG, Declination, DeclinationAspect, ParallelConfig, ParallelHit,
};
