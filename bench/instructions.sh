#!/usr/bin/env bash
# Instructions per chart and per /v1/planets answer, raw library calls vs Orrery, under
# callgrind: exact and repeatable where wall-clock time on a shared machine is not.
#
#   bench/instructions.sh            # about two minutes
#   N1=100 N2=600 S1=1 S2=2 bench/instructions.sh
#
# For each path it counts the instructions of the example `instructions` computing N1 and N2
# items (charts or /v1/planets answers over the same fixed-seed dates, 1900-2100; S1 and S2
# series of POST /v1/ephemeris, 10,000 daily samples x 12 points each) and prints
# (I(N2) - I(N1)) / (N2 - N1): the cost of one item without start-up (opening the files,
# making the dates).
# Needs valgrind (apt-get install -y valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
N1="${N1:-200}"
N2="${N2:-1200}"
S1="${S1:-1}"
S2="${S2:-2}"
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 1; }

cargo build --quiet --release -p orrery-bench --example instructions
bin="$CARGO_TARGET_DIR/release/examples/instructions"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Total instructions (Ir) of one run.
count() {
    local out="$tmp/callgrind.$1.$2"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$2" >/dev/null 2>"$tmp/log" \
        || { cat "$tmp/log" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

per_item() { # PATH, N1, N2
    local a b
    a="$(count "$1" "$2")"
    b="$(count "$1" "$3")"
    echo $(( (b - a) / ($3 - $2) ))
}

echo "instructions per item (callgrind Ir, (I(N2) - I(N1)) / (N2 - N1); N1=$N1 N2=$N2, series S1=$S1 S2=$S2)"
for workload in chart planets ephemeris; do
    if [ "$workload" = ephemeris ]; then
        lo="$S1" hi="$S2"
    else
        lo="$N1" hi="$N2"
    fi
    raw="$(per_item "$workload-raw" "$lo" "$hi")"
    if [ "$workload" = ephemeris ]; then ephemeris_raw="$raw"; fi
    orrery="$(per_item "$workload-orrery" "$lo" "$hi")"
    awk -v w="$workload" -v r="$raw" -v o="$orrery" 'BEGIN {
        printf "%-10s raw %12d   orrery %12d   orrery/raw %.3f\n", w, r, o, o / r }'
done

# Issue 12: the same series with its positions from the position cache (docs/CACHE.md; the
# endpoint itself keeps the library's). Every run's first series builds the segments it needs,
# so the difference of two runs is a warm series; the first series' own cost is the cold one.
cached="$(per_item ephemeris-cached "$S1" "$S2")"
first="$(( $(count ephemeris-cached 1) - $(count ephemeris-cached 0) ))"
awk -v r="$ephemeris_raw" -v c="$cached" -v f="$first" 'BEGIN {
    printf "%-10s raw %12d   cached %12d   cached/raw %.3f   (first series, building the segments: %d, %.3f x raw)\n", "ephemeris", r, c, c / r, f, f / r }'
