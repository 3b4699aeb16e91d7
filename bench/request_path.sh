#!/usr/bin/env bash
# Instructions per GET /v1/planets request inside the whole service (HTTP, auth, rate limit,
# entity tag, calculation, JSON), under callgrind, and where they go.
#
#   bench/request_path.sh                 # about two minutes
#   N=400 bench/request_path.sh
#   ORRERY_BIN=/tmp/orrery-before KEEP=/tmp/profile.txt bench/request_path.sh
#
# What it does:
# 1. cargo build --release -p orrery-server (CARGO_TARGET_DIR is honoured);
# 2. a temporary SQLite database with a plan of 10^9 requests/hour and a key on it (as
#    bench/load/planets.sh), so the request is authenticated and counted by the rate limiter;
# 3. starts `orrery serve` under `valgrind --tool=callgrind` on a free loopback port;
# 4. sends 100 requests to warm it (key verified, files open, segments touched), zeroes the
#    counters, then sends N requests over one keep-alive connection (the dates of
#    bench/wrk/planets.lua) and dumps the counters;
# 5. prints the instructions per request, all threads together, and the inclusive share of the
#    parts named in the table below (a function counted under two parts is counted twice).
# Needs valgrind (callgrind_control, callgrind_annotate).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
N="${N:-300}"
for tool in valgrind callgrind_control callgrind_annotate python3 curl; do
    command -v "$tool" >/dev/null || { echo "request_path.sh: $tool is not installed" >&2; exit 1; }
done

SCRIPT=request_path.sh
# shellcheck source=bench/callgrind_service.sh
. bench/callgrind_service.sh

send() { # COUNT, OFFSET: COUNT requests over one keep-alive connection
    python3 - "$port" "$key" "$1" "$2" <<'PY'
import http.client, sys
port, key, count, offset = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=60)
for n in range(count):
    i = (n + offset) % 1000
    path = "/v1/planets?datetime=%04d-%02d-%02dT%02d:%02d:%02dZ" % (
        1900 + (i * 37) % 151, 1 + (i * 7) % 12, 1 + (i * 13) % 28,
        (i * 5) % 24, (i * 11) % 60, (i * 17) % 60)
    conn.request("GET", path, headers={"X-API-Key": key})
    response = conn.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"request_path.sh: {path} answered {response.status}")
PY
}

send 100 500
callgrind_control --zero "$server_pid" >/dev/null
send "$N" 0
callgrind_control --dump=measured "$server_pid" >/dev/null
sleep 1
dump="$(ls "$tmp"/callgrind.out.* | xargs grep -l 'measured' | head -n 1)"
callgrind_annotate --inclusive=yes --threshold=100 "$dump" >"$tmp/annotated" 2>/dev/null
# KEEP=FILE keeps the annotated profile for a closer look.
if [ -n "${KEEP:-}" ]; then
    cp "$tmp/annotated" "$KEEP"
    cp "$dump" "$KEEP.callgrind"
fi
total="$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$tmp/annotated")"
echo "instructions per /v1/planets request (all threads, N=$N): $((total / N))"
printf '%-44s %12s %7s\n' part "Ir/request" share
# Inclusive cost of the first function matching each pattern, a rough but repeatable split.
part() { # LABEL, TEXT (a substring of the function line)
    local ir
    ir="$(awk -v text="$2" 'index($0, text) { gsub(",", "", $1); print $1; exit }' "$tmp/annotated")"
    ir="${ir:-0}"
    printf '%-44s %12d %6.1f%%\n' "$1" $((ir / N)) "$(awk -v a="$ir" -v t="$total" 'BEGIN { printf "%.1f", 100 * a / t }')"
}
part "library: swe_calc_ut" ':swe_calc_ut '
part "library: file reads (do_fread)" ':do_fread '
part "planets answer (api::planets::compute)" 'planets::compute '
part "JSON writing of the answer" 'Serialize for orrery_api::planets::PlanetsResponse>::serialize'
part "query parsing (json::parse_query)" 'json::parse_query '
part "entity tag (caching::entity_tag)" 'caching::entity_tag '
part "key hash (ApiKeySecret::hash)" 'ApiKeySecret::hash'
part "rate limit (RateLimiter::hit)" 'RateLimiter>::hit'
part "metrics (Metrics::observe_request)" 'Metrics::observe_request'
part "hyper: reading the request head" 'poll_read_head '
part "hyper: encoding the answer head" "Http1Transaction>::encode "
part "calculation threads waiting (rayon find_work)" 'WorkerThread::find_work '
part "malloc" ':malloc '
part "free" ':free '
part "realloc" ':realloc '
