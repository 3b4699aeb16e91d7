//! Near spellings: every folded name within two edits (Levenshtein: insert, delete or replace one
//! character) of a folded query, so that a typo lists the place meant.
//!
//! The distinct folded keys of the name index are kept in a finite-state transducer (`fst`) and
//! walked with a Levenshtein automaton (`levenshtein_automata`): only the branches of the key
//! set that can still end within two edits are visited, instead of comparing every key.

use std::sync::OnceLock;

use fst::{Automaton, IntoStreamer, Map, MapBuilder, Streamer};
use levenshtein_automata::{DFA, Distance, LevenshteinAutomatonBuilder, SINK_STATE};

/// The most edits a near spelling may be away from the query.
pub const MAX_EDITS: u8 = 2;

/// The distinct keys of the name index, each mapped to the position of its first index entry.
pub(crate) struct NearIndex(Map<Vec<u8>>);

impl std::fmt::Debug for NearIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NearIndex({} keys)", self.0.len())
    }
}

impl NearIndex {
    /// Builds it from `(key, first position)` in ascending key order, each key once.
    pub(crate) fn build<'k>(keys: impl Iterator<Item = (&'k str, u64)>) -> Result<Self, String> {
        let mut builder = MapBuilder::memory();
        for (key, at) in keys {
            builder.insert(key, at).map_err(|e| e.to_string())?;
        }
        let bytes = builder.into_inner().map_err(|e| e.to_string())?;
        Map::new(bytes).map(NearIndex).map_err(|e| e.to_string())
    }

    /// Every key within [`MAX_EDITS`] of `key` (itself included, at distance 0), with its first
    /// index position and its distance.
    pub(crate) fn near(&self, key: &str) -> Vec<(u64, u8)> {
        let dfa = automaton_builder().build_dfa(key);
        let mut stream = self.0.search(Near(&dfa)).into_stream();
        let mut found = Vec::new();
        while let Some((found_key, at)) = stream.next() {
            if let Distance::Exact(edits) = dfa.eval(found_key) {
                found.push((at, edits));
            }
        }
        found
    }

    /// The bytes the index takes.
    pub(crate) fn size(&self) -> usize {
        self.0.as_fst().size()
    }
}

/// Building the automaton builder for two edits takes a few milliseconds: once.
fn automaton_builder() -> &'static LevenshteinAutomatonBuilder {
    static BUILDER: OnceLock<LevenshteinAutomatonBuilder> = OnceLock::new();
    // Plain Levenshtein: a swap of two letters counts two edits, as the documented rule says.
    BUILDER.get_or_init(|| LevenshteinAutomatonBuilder::new(MAX_EDITS, false))
}

/// The Levenshtein DFA as an `fst` automaton.
struct Near<'a>(&'a DFA);

impl Automaton for Near<'_> {
    type State = u32;

    fn start(&self) -> u32 {
        self.0.initial_state()
    }

    fn is_match(&self, state: &u32) -> bool {
        matches!(self.0.distance(*state), Distance::Exact(_))
    }

    fn can_match(&self, state: &u32) -> bool {
        *state != SINK_STATE
    }

    fn accept(&self, state: &u32, byte: u8) -> u32 {
        self.0.transition(*state, byte)
    }
}

/// Preloads the automaton builder (with the gazetteer, before a service listens).
pub(crate) fn preload() {
    let _ = automaton_builder();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_within_two_edits() {
        let keys = [
            "graz",
            "grazzanise",
            "melbourn",
            "melbourne",
            "paris",
            "parish",
        ];
        let index = NearIndex::build(keys.iter().zip(0u64..).map(|(k, i)| (*k, i))).unwrap();
        let mut near = index.near("grazz");
        near.sort_unstable();
        assert_eq!(near, vec![(0, 1)]);
        let mut near = index.near("melbourn");
        near.sort_unstable();
        assert_eq!(near, vec![(2, 0), (3, 1)]);
        let mut near = index.near("pari");
        near.sort_unstable();
        assert_eq!(near, vec![(4, 1), (5, 2)]);
    }
}
