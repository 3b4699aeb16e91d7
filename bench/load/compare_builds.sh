#!/usr/bin/env bash
# GET /v1/planets against two builds of orrery, alternately, with the same wrk command: requests/s,
# p99 and the server's CPU per request (user + system of all its threads, from /proc). For
# comparing a change with the build before it in one run, on a noisy machine.
#
#   bench/load/compare_builds.sh OLD_BINARY NEW_BINARY      # 2 rounds of 8 s each
#   ROUNDS=3 DURATION=10s bench/load/compare_builds.sh A B
#
# Each server gets a throwaway SQLite database with a plan of 10^9 requests/hour and a key on it
# (auth and rate limiting on, nothing refused), 3 s of unmeasured warm-up, and is stopped after
# its run. Needs wrk and curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY" >&2; exit 2; }
ROUNDS="${ROUNDS:-2}"
DURATION="${DURATION:-8s}"
for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "compare_builds.sh: $tool is not installed" >&2; exit 1; }
done
tmp="$(mktemp -d)"
server=""
cleanup() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
    rm -rf "$tmp"
}
trap cleanup EXIT

cpu_ticks() { cat /proc/"$1"/task/*/stat | awk '{ t += $14 + $15 } END { print t + 0 }'; }

run() { # BINARY LABEL
    local port key before after
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    export ORRERY_DATABASE_URL="sqlite://$tmp/$2.db" ORRERY_LOG=warn ORRERY_POSITION_CACHE_PREFILL=off
    "$1" plans set bench --label Bench --requests-per-hour 1000000000 >/dev/null
    key="$("$1" keys create --client bench --plan bench | tail -n 1)"
    ORRERY_LISTEN="127.0.0.1:$port" "$1" serve >"$tmp/$2.log" 2>&1 &
    server="$!"
    for _ in $(seq 1 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/v1/health" && break
        sleep 0.1
    done
    wrk -t2 -c32 -d3s -s bench/wrk/planets.lua "http://127.0.0.1:$port" -- "$key" >/dev/null
    before="$(cpu_ticks "$server")"
    wrk -t2 -c32 -d"$DURATION" --latency -s bench/wrk/planets.lua "http://127.0.0.1:$port" -- "$key" >"$tmp/wrk.out"
    after="$(cpu_ticks "$server")"
    kill "$server"; wait "$server" 2>/dev/null || true; server=""
    rm -f "$tmp/$2.db"
    awk -v t="$((after - before))" -v hz="$(getconf CLK_TCK)" -v label="$2" '
        /requests in/ { n = $1 } /^Requests\/sec/ { r = $2 } /^ +99%/ { p = $2 }
        END { printf "%-4s %10.0f requests/s  p99 %-9s  server CPU %.1f µs/request\n", label, r, p, t / hz * 1e6 / n }
    ' "$tmp/wrk.out"
}

for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round"
    run "$1" old
    run "$2" new
done
