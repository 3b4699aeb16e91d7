//! Relations between the planets through their dignities: receptions (one planet in a place
//! where another has dignity) and the chains of domicile lords (dispositors).

use crate::body::Body;

use super::scheme::{Dignity, Lords, Scheme};
use crate::techniques::lots::Sect;

/// One planet receiving another: `guest` stands where `host` has the listed dignities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reception {
    pub host: Body,
    pub guest: Body,
    /// The host's dignities in the guest's degree, in the order of [`Dignity::ALL`].
    pub by: Vec<Dignity>,
    /// The guest also receives the host (by any dignity): a mutual reception.
    pub mutual: bool,
}

/// Every reception among `planets` (each with the lords of its degree), hosts in the order
/// given, then guests; a planet never receives itself.
#[must_use]
pub fn receptions(planets: &[(Body, Lords)], scheme: Scheme, sect: Sect) -> Vec<Reception> {
    let by = |host: Body, guest_lords: &Lords| guest_lords.held_by(host, scheme, sect);
    let mut found = Vec::new();
    for (host, host_lords) in planets {
        for (guest, guest_lords) in planets {
            if host == guest {
                continue;
            }
            let dignities = by(*host, guest_lords);
            if dignities.is_empty() {
                continue;
            }
            found.push(Reception {
                host: *host,
                guest: *guest,
                by: dignities,
                mutual: !by(*guest, host_lords).is_empty(),
            });
        }
    }
    found
}

/// The chains of domicile lords.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dispositors {
    /// For each planet in the order given: the planet, its dispositor, that one's, … up to
    /// the first planet repeated (not written twice), or a lord not among the planets (written
    /// last, as its own lord is unknown).
    pub chains: Vec<(Body, Vec<Body>)>,
    /// The planets in their own domicile that every chain ends at, when all chains end at
    /// such planets; empty when some chain ends in a cycle or outside the planets.
    pub final_dispositors: Vec<Body>,
    /// The cycles of two or more planets disposing of each other (mutual reception by
    /// domicile and longer rings), each from its planet first in the given order.
    pub cycles: Vec<Vec<Body>>,
}

/// The dispositor chains of `planets`, each with its domicile lord.
#[must_use]
pub fn dispositors(planets: &[(Body, Body)]) -> Dispositors {
    let lord_of = |p: Body| planets.iter().find(|(x, _)| *x == p).map(|(_, l)| *l);
    let order = |p: &Body| planets.iter().position(|(x, _)| x == p);
    let mut chains = Vec::with_capacity(planets.len());
    let mut cycles: Vec<Vec<Body>> = Vec::new();
    let mut ends_in_self = true;
    let mut finals: Vec<Body> = Vec::new();
    for (start, _) in planets {
        let mut chain = vec![*start];
        let mut current = *start;
        loop {
            let Some(lord) = lord_of(current) else {
                ends_in_self = false;
                break;
            };
            if let Some(at) = chain.iter().position(|p| *p == lord) {
                let cycle = &chain[at..];
                if cycle.len() == 1 {
                    if !finals.contains(&lord) {
                        finals.push(lord);
                    }
                } else {
                    ends_in_self = false;
                    // Rotate so the cycle starts with its first planet in the given order.
                    let first = (0..cycle.len())
                        .min_by_key(|i| order(&cycle[*i]))
                        .unwrap_or(0);
                    let mut ring = cycle[first..].to_vec();
                    ring.extend_from_slice(&cycle[..first]);
                    if !cycles.contains(&ring) {
                        cycles.push(ring);
                    }
                }
                break;
            }
            chain.push(lord);
            current = lord;
        }
        chains.push((*start, chain));
    }
    finals.sort_by_key(|p| order(p));
    Dispositors {
        chains,
        final_dispositors: if ends_in_self { finals } else { Vec::new() },
        cycles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Body::{Jupiter, Mars, Mercury, Moon, Saturn, Sun, Venus};

    #[test]
    fn one_final_dispositor() {
        // Mars in Aries disposes of everyone.
        let d = dispositors(&[(Sun, Mars), (Moon, Sun), (Mars, Mars), (Venus, Moon)]);
        assert_eq!(d.final_dispositors, [Mars]);
        assert!(d.cycles.is_empty());
        assert_eq!(d.chains[3].1, [Venus, Moon, Sun, Mars]);
    }

    #[test]
    fn a_mutual_reception_by_domicile_is_a_cycle_and_no_final_dispositor() {
        let d = dispositors(&[(Sun, Venus), (Venus, Mars), (Mars, Venus), (Moon, Jupiter)]);
        assert!(d.final_dispositors.is_empty());
        assert_eq!(d.cycles, [vec![Venus, Mars]]);
        // Jupiter is not among the planets: the chain ends with it.
        assert_eq!(d.chains[3].1, [Moon, Jupiter]);
    }

    #[test]
    fn two_final_dispositors() {
        let d = dispositors(&[
            (Saturn, Saturn),
            (Mercury, Mercury),
            (Sun, Saturn),
            (Moon, Mercury),
        ]);
        assert_eq!(d.final_dispositors, [Saturn, Mercury]);
    }

    #[test]
    fn receptions_name_the_dignities_and_mutuality() {
        use crate::angle::Longitude;
        use crate::techniques::traditional::tables::Rulers;
        // The Sun at Aries 5° (Mars' domicile and face), Mars at Leo 5° (the Sun's domicile
        // and, by day, its fire triplicity): a mutual reception.
        let lords = |deg: f64| {
            Lords::at(
                Longitude::new(deg).unwrap(),
                Scheme::Lilly,
                Rulers::Traditional,
            )
        };
        let planets = [(Sun, lords(5.0)), (Mars, lords(125.0))];
        let found = receptions(&planets, Scheme::Lilly, Sect::Day);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].host, Sun);
        assert_eq!(found[0].by, [Dignity::Domicile, Dignity::Triplicity]);
        assert!(found[0].mutual);
        assert_eq!(found[1].host, Mars);
        assert_eq!(found[1].by, [Dignity::Domicile, Dignity::Face]);
    }
}
