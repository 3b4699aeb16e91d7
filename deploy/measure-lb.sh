#!/usr/bin/env bash
# Throughput and CPU per request through the local topology (deploy/run-local.sh: three release
# instances behind nginx, PostgreSQL and Redis), against one instance directly in the same run.
# The figures behind docs/DEPLOYMENT.md, "Sizing".
#
#   deploy/measure-lb.sh                       # 5 s per run, wrk -t2 -c32
#   DURATION=10s CONNECTIONS=64 deploy/measure-lb.sh
#
# 1. starts the topology in the background on its own ports and database (orrery_measure);
# 2. a plan `bench` of 10^9 requests/hour and a key on it, so every request is authenticated and
#    counted in Redis but none is refused;
# 3. per workload (GET /v1/planets at 1,000 different instants, bench/wrk/planets.lua; POST
#    /v1/radix with the playground's example), one second unmeasured, then DURATION through
#    nginx and DURATION against orrery-1 alone;
# 4. prints requests/s, p50, p99, and the CPU time (user + system, from /proc) the Orrery
#    processes and nginx spent per request. CPU per request is the sizing figure: it hardly
#    moves when other jobs share the machine, requests/s does (wrk runs on the same cores);
# 5. stops everything and drops the database, also on error or Ctrl-C.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
DURATION="${DURATION:-5s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
base_port="${ORRERY_LOCAL_BASE_PORT:-18280}"

for tool in wrk curl python3 psql; do
  command -v "$tool" >/dev/null || { echo "measure-lb.sh: $tool is not installed" >&2; exit 1; }
done

tmp="$(mktemp -d)"
export ORRERY_LOCAL_STATE="$tmp/run-local" ORRERY_LOCAL_BASE_PORT="$base_port"
export ORRERY_LOCAL_DATABASE=orrery_measure ORRERY_LOG=warn
postgres="${ORRERY_LOCAL_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
cleanup() {
  deploy/run-local.sh stop >/dev/null || true
  PGOPTIONS=--client-min-messages=warning psql "$postgres/postgres" -qc \
    "DROP DATABASE IF EXISTS $ORRERY_LOCAL_DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

deploy/run-local.sh start --background >"$tmp/start.log" 2>&1 || { cat "$tmp/start.log" >&2; exit 1; }
bin="${CARGO_TARGET_DIR:-$repo/target}/release/orrery"
idle_rss="$(awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$(cut -d' ' -f1 "$ORRERY_LOCAL_STATE/pids/orrery-1")/status")"
export ORRERY_DATABASE_URL="$postgres/$ORRERY_LOCAL_DATABASE"
"$bin" plans set bench --label Bench --requests-per-hour 1000000000 >/dev/null
key="$("$bin" keys create --client bench --plan bench 2>/dev/null | tail -n 1)"

pid_of() { cut -d' ' -f1 "$ORRERY_LOCAL_STATE/pids/$1"; }
instances="$(for i in 1 2 3; do pid_of "orrery-$i"; done | tr '\n' ' ')"
nginx_pids="$(pid_of nginx) $(pgrep -P "$(pid_of nginx)" | tr '\n' ' ')"
cpu_ticks() { # PID...: user + system clock ticks of the processes and all their threads
  local total=0 pid
  for pid in "$@"; do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}
ticks_per_second="$(getconf CLK_TCK)"

python3 - "$tmp/radix.lua" <<'EOF'
import json, sys
example = next(e for e in json.load(open("crates/server/src/playground/examples.json"))
               if e["path"] == "/v1/radix")
body = json.dumps(example["body"])
open(sys.argv[1], "w").write(
    'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
    f"wrk.body = {json.dumps(body)}\n")
EOF

echo "measure-lb.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency; 3 release instances (one calculation thread per core each), nginx $(nginx -v 2>&1 | sed 's/.*\///'), PostgreSQL, Redis"
echo
echo "| workload | target | requests/s | p50 ms | p99 ms | Orrery CPU µs/request | nginx CPU µs/request |"
echo "|---|---|---|---|---|---|---|"
ms() { # FILE PERCENTILE: the wrk latency line in ms
  awk -v p="$2" '$1 == p {v = $2; if (v ~ /us$/) {sub(/us/, "", v); v /= 1000}
    else if (v ~ /ms$/) {sub(/ms/, "", v)} else if (v ~ /s$/) {sub(/s/, "", v); v *= 1000}
    printf "%.2f", v}' "$1"
}
measure() { # WORKLOAD TARGET URL SCRIPT PIDS...
  local workload="$1" target="$2" url="$3" script="$4" out="$tmp/wrk.txt"
  shift 4
  wrk -t"$THREADS" -c"$CONNECTIONS" -d1s -H "X-API-Key: $key" -s "$script" "$url" -- "$key" >/dev/null
  local before nginx_before
  before="$(cpu_ticks "$@")"
  # shellcheck disable=SC2086 # the pid lists are words
  nginx_before="$(cpu_ticks $nginx_pids)"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "X-API-Key: $key" \
    -s "$script" "$url" -- "$key" >"$out"
  local after nginx_after requests errors
  after="$(cpu_ticks "$@")"
  # shellcheck disable=SC2086
  nginx_after="$(cpu_ticks $nginx_pids)"
  requests="$(awk '/requests in/ {print $1}' "$out")"
  errors="$(awk '/Non-2xx/ {print $NF}' "$out")"
  [ -z "$errors" ] || { echo "measure-lb.sh: $errors answers were not 2xx ($workload, $target)" >&2; exit 1; }
  local per_request="-"
  [ "$target" = "nginx, 3 instances" ] &&
    per_request="$(awk -v t=$((nginx_after - nginx_before)) -v n="$requests" -v hz="$ticks_per_second" 'BEGIN {printf "%.0f", t / hz * 1e6 / n}')"
  echo "| $workload | $target | $(awk '/Requests\/sec/ {printf "%.0f", $2}' "$out") | $(ms "$out" 50%) | $(ms "$out" 99%) |" \
    "$(awk -v t=$((after - before)) -v n="$requests" -v hz="$ticks_per_second" 'BEGIN {printf "%.0f", t / hz * 1e6 / n}') | $per_request |"
}
lb="http://127.0.0.1:$base_port"
one="http://127.0.0.1:$((base_port + 1))"
# shellcheck disable=SC2086
{
  measure "GET /v1/planets" "nginx, 3 instances" "$lb" bench/wrk/planets.lua $instances
  measure "GET /v1/planets" "orrery-1 alone" "$one" bench/wrk/planets.lua "$(pid_of orrery-1)"
  measure "POST /v1/radix" "nginx, 3 instances" "$lb/v1/radix" "$tmp/radix.lua" $instances
  measure "POST /v1/radix" "orrery-1 alone" "$one/v1/radix" "$tmp/radix.lua" "$(pid_of orrery-1)"
}
for i in 1 2 3; do
  [ -n "$(awk '/^VmRSS/' "/proc/$(pid_of "orrery-$i")/status" 2>/dev/null)" ] || {
    echo "measure-lb.sh: orrery-$i is no longer running; its log ends:" >&2
    tail -n 20 "$ORRERY_LOCAL_STATE/logs/orrery-$i.log" >&2
    exit 1
  }
done
echo
rss_line() { # the resident memory of each instance: now and at its peak
  local pid
  for pid in $instances; do
    awk '/^VmRSS/ {now = $2} /^VmHWM/ {peak = $2} END {printf "%.0f MB (peak %.0f MB)  ", now / 1024, peak / 1024}' "/proc/$pid/status"
  done
}
echo "resident memory per instance: orrery-1 idle ${idle_rss} MB; after the runs: $(rss_line)"
