#!/usr/bin/env bash
# The event-search benchmark of issue 4, in one run: Orrery against its Python peer on the same
# case (bench/events_case.json), CPU time per run, event lists compared event for event.
#
#   bench/events.sh                         # about 15 s after the build
#   ROUNDS=3 PEER_REPEAT=5 RUST_REPS=100 bench/events.sh
#
# 1. builds the example `events` of crates/bench (release);
# 2. ROUNDS times, alternating: the Python peer on the 1-year window (PEER_REPEAT runs; also
#    with FLG_SPEED, the flags Orrery uses), Orrery's 1-year window (RUST_REPS runs) and the
#    peer's algorithm compiled on raw library calls (3 runs);
# 3. compares the event lists (count; each event matched by transit, natal point, aspect and
#    arc within 60 s) and prints the CPU times, the speed ratios and the targets
#    (bench/python_peer/compare_events.py);
# 4. the same comparison on the 10-year window (one peer run, 5 of Orrery);
# 5. Orrery's other workloads: 90 years of secondary progressions (all phases; the
#    progressed-to-natal aspects), 50 lunar returns, 50 Mercury returns with their crossings;
# 6. the 1-year window on a new handle each run: the cost with an empty position cache
#    (docs/CACHE.md), beside the cost of opening a handle alone.
#
# CPU time, not wall time, is the figure: the machine may be shared. The load average is printed
# before each step. Exit status 1 if an event list differs.
# Needs: python3 with pyswisseph 2.10.3.2 (pip install pyswisseph==2.10.3.2).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
ROUNDS="${ROUNDS:-2}"
PEER_REPEAT="${PEER_REPEAT:-3}"
RUST_REPS="${RUST_REPS:-50}"

cargo build --quiet --release -p orrery-bench --example events
bin="$CARGO_TARGET_DIR/release/examples/events"
peer=bench/python_peer/transits_peer.py
compare=bench/python_peer/compare_events.py
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

load() { echo "-- load average: $(cut -d' ' -f1-3 /proc/loadavg) ($1)"; }

echo "events.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (modified tree)'), $(nproc) cores"
echo "$(python3 --version), pyswisseph $(python3 -c 'import importlib.metadata as m; print(m.version("pyswisseph"))'), $(rustc --version)"
status=0

for round in $(seq 1 "$ROUNDS"); do
    load "round $round: python peer, 1 year"
    python3 "$peer" --window 1y --repeat "$PEER_REPEAT" --out "$tmp/peer-$round.json"
    python3 "$peer" --window 1y --repeat "$PEER_REPEAT" --speed --out "$tmp/peer-speed-$round.json"
    load "round $round: orrery, 1 year"
    "$bin" transits-1y --reps "$RUST_REPS" --out "$tmp/rust-$round.json"
    "$bin" naive-1y --reps 3 --out "$tmp/naive-$round.json"
done
load "comparison"
python3 "$compare" --label "1-year window" \
    --peer "$tmp"/peer-[0-9]*.json --rust "$tmp"/rust-*.json \
    --peer-speed "$tmp"/peer-speed-*.json --naive "$tmp"/naive-*.json || status=1

load "10-year window: python peer, then orrery"
python3 "$peer" --window 10y --out "$tmp/peer-10y.json"
"$bin" transits-10y --reps 5 --out "$tmp/rust-10y.json"
python3 "$compare" --label "10-year window" --target-cpu-ms 250 --target-ratio 0 \
    --peer "$tmp/peer-10y.json" --rust "$tmp/rust-10y.json" || status=1

load "progressions and returns"
"$bin" progressions-90y returns-moon returns-mercury
load "cold position cache"
"$bin" transits-1y-cold
load "end"
exit "$status"
