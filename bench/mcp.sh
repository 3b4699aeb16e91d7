#!/usr/bin/env bash
# Instructions per natal chart through REST (POST /v1/radix) and through MCP (tools/call
# natal_chart on /mcp) inside the whole service, side by side in one run, under callgrind:
# the cost of the MCP layer over the REST call it wraps (issue 29: at most 10 % more).
#
#   bench/mcp.sh                 # a release build, then about two minutes
#   N=200 bench/mcp.sh
#   ORRERY_BIN=/path/to/orrery bench/mcp.sh
#   KEEP=/tmp/mcp-profiles bench/mcp.sh     # keeps callgrind.rest and callgrind.mcp
#
# What it does:
# 1. cargo build --release -p orrery-server (CARGO_TARGET_DIR is honoured);
# 2. a temporary SQLite database with a plan of 10^9 requests/hour and a key on it (as
#    bench/request_path.sh), so both paths are authenticated and counted by the rate limiter;
# 3. starts `orrery serve` under `valgrind --tool=callgrind` on a free loopback port;
# 4. warms both paths (20 requests each), then for each path zeroes the counters, sends N
#    requests over one keep-alive connection and dumps the counters. The requests are the
#    playground's natal chart (Berlin, 1990) with the birth time moved by one minute per request,
#    the same N bodies on both paths; the MCP one is the JSON-RPC message an MCP client sends;
# 5. prints the instructions per request of each path, all threads together, and their ratio.
# Needs valgrind (callgrind_control), python3 and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
N="${N:-100}"
for tool in valgrind callgrind_control python3 curl; do
    command -v "$tool" >/dev/null || { echo "mcp.sh: $tool is not installed" >&2; exit 1; }
done

SCRIPT=mcp.sh
# shellcheck source=bench/callgrind_service.sh
. bench/callgrind_service.sh

send() { # PATH (rest|mcp), COUNT, OFFSET: COUNT requests over one keep-alive connection
    python3 - "$port" "$key" "$1" "$2" "$3" <<'PY'
import http.client, json, sys
port, key, path, count, offset = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=120)
for n in range(count):
    i = n + offset
    chart = {"birth": {"datetime": "1990-05-15T%02d:%02d:00" % (8 + i // 60 % 12, i % 60),
                       "timezone": "Europe/Berlin",
                       "location": {"latitude": 52.52, "longitude": 13.405}},
             "options": {"house_system": "placidus", "include": ["planets", "houses", "aspects"]}}
    headers = {"X-API-Key": key, "Content-Type": "application/json"}
    if path == "rest":
        target, body = "/v1/radix", chart
    else:
        target = "/mcp"
        body = {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                "params": {"name": "natal_chart", "arguments": chart}}
        headers["Accept"] = "application/json, text/event-stream"
        headers["MCP-Protocol-Version"] = "2025-06-18"
    conn.request("POST", target, body=json.dumps(body), headers=headers)
    response = conn.getresponse()
    text = response.read()
    if response.status != 200 or (path == "mcp" and b'"isError":false' not in text):
        sys.exit(f"mcp.sh: {path} answered {response.status}: {text[:300]!r}")
PY
}

send rest 20 1000
send mcp 20 1000
measure() { # PATH: instructions per request
    callgrind_control --zero "$server_pid" >/dev/null
    send "$1" "$N" 0
    callgrind_control --dump="measured-$1" "$server_pid" >/dev/null
    sleep 1
    local dump
    dump="$(grep -l "measured-$1" "$tmp"/callgrind.out.* | head -n 1)"
    # KEEP=DIR keeps each path's profile for callgrind_annotate.
    if [ -n "${KEEP:-}" ]; then
        mkdir -p "$KEEP"
        cp "$dump" "$KEEP/callgrind.$1"
    fi
    awk -v n="$N" '/^(summary|totals):/ { printf "%d\n", $2 / n; exit }' "$dump"
}
rest="$(measure rest)"
mcp="$(measure mcp)"
echo "instructions per natal chart request (callgrind Ir, all threads, N=$N each)"
awk -v r="$rest" -v m="$mcp" 'BEGIN {
    printf "REST POST /v1/radix          %12d\nMCP  tools/call natal_chart  %12d\nMCP/REST                     %12.3f\n", r, m, m / r }'
