#!/usr/bin/env bash
# Every endpoint over loopback, with its playground example (crates/server/src/playground/
# examples.json): requests/s, median and p99 latency per example, auth and rate limiting on.
#
#   bench/load/endpoints.sh                   # 3 s per example, 2 wrk threads, 8 connections
#   DURATION=10s CONNECTIONS=32 bench/load/endpoints.sh
#
# 1. cargo build --release -p orrery-server (CARGO_TARGET_DIR is honoured);
# 2. a temporary SQLite database with a plan of 10^9 requests/hour and a key on it, so every
#    request is authenticated and counted but none is refused;
# 3. starts orrery on a free loopback port with the default compute pool (one thread per core);
# 4. for each example: one request with curl (its status and body size), then wrk with a Lua
#    script that sends the same request, one second unmeasured (each compute thread opens the
#    data files it needs on first use) and then $DURATION measured (`If-None-Match` is never
#    sent, so every request is calculated: the HTTP cache is not measured);
# 5. prints one Markdown table row per example, with how many answers were not 2xx/3xx (a heavy
#    route from one key meets its share of the heavy lane: 503 overloaded, which is not a result).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
DURATION="${DURATION:-3s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-8}"

for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "endpoints.sh: $tool is not installed" >&2; exit 1; }
done

tmp="$(mktemp -d)"
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

cargo build --quiet --release -p orrery-server
bin="$CARGO_TARGET_DIR/release/orrery"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export ORRERY_DATABASE_URL="sqlite://$tmp/bench.db" ORRERY_LISTEN="127.0.0.1:$port" ORRERY_LOG=warn
"$bin" plans set bench --label Bench --requests-per-hour 1000000000 >/dev/null
key="$("$bin" keys create --client bench --plan bench 2>/dev/null | tail -n 1)"
"$bin" serve >"$tmp/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/v1/health" >/dev/null && break
    sleep 0.1
done

echo "endpoints.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION per example"
echo
echo "| example | request | status | body bytes | requests/s | not 2xx/3xx | p50 ms | p99 ms |"
echo "|---|---|---|---|---|---|---|---|"
python3 - "$tmp" <<'EOF'
import json, sys
tmp = sys.argv[1]
examples = json.load(open("crates/server/src/playground/examples.json"))
with open(f"{tmp}/list.tsv", "w") as out:
    for i, e in enumerate(examples):
        body = json.dumps(e["body"]) if "body" in e else ""
        open(f"{tmp}/body{i}.json", "w").write(body)
        lua = (f'wrk.method = "{e["method"]}"\n'
               f'wrk.headers["Content-Type"] = "application/json"\n'
               f'wrk.body = {json.dumps(body)}\n')
        open(f"{tmp}/ex{i}.lua", "w").write(lua)
        out.write(f'{i}\t{e["method"]}\t{e["path"]}\t{e["title"]}\n')
EOF
while IFS=$'\t' read -r i method path title; do
    url="http://127.0.0.1:$port$path"
    if [ "$method" = GET ]; then
        probe=$(curl -s -o "$tmp/out" -w '%{http_code}' -H "X-API-Key: $key" "$url")
    else
        probe=$(curl -s -o "$tmp/out" -w '%{http_code}' -H "X-API-Key: $key" \
            -H 'Content-Type: application/json' --data-binary "@$tmp/body$i.json" "$url")
    fi
    bytes=$(wc -c <"$tmp/out")
    # A first second unmeasured: each compute thread opens the data files it needs on first use.
    wrk -t"$THREADS" -c"$CONNECTIONS" -d1s -H "X-API-Key: $key" -s "$tmp/ex$i.lua" "$url" >/dev/null
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "X-API-Key: $key" \
        -s "$tmp/ex$i.lua" "$url" >"$tmp/wrk$i.txt"
    rps=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$tmp/wrk$i.txt")
    # Heavy routes from one key at several connections meet the key's share of the heavy lane:
    # those answers are 503 overloaded, fast, and must not pass for calculations.
    refused=$(awk '/Non-2xx or 3xx responses/ {print $NF}' "$tmp/wrk$i.txt")
    ms() { # the latency line for a percentile, in ms
        awk -v p="$1" '$1 == p {v = $2; if (v ~ /us$/) {sub(/us/, "", v); v /= 1000}
            else if (v ~ /ms$/) {sub(/ms/, "", v)} else if (v ~ /s$/) {sub(/s/, "", v); v *= 1000}
            printf "%.2f", v}' "$tmp/wrk$i.txt"
    }
    echo "| $title | \`$method ${path%%\?*}\` | $probe | $bytes | $rps | ${refused:-0} | $(ms 50%) | $(ms 99%) |"
done <"$tmp/list.tsv"
