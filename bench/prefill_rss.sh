#!/usr/bin/env bash
# Resident memory (VmRSS) and CPU of a release server without and with the position cache's
# prefill at start (ORRERY_POSITION_CACHE_PREFILL), sampled every 5 s for 40 s.
# Usage: bench/prefill_rss.sh [path/to/release/orrery]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-${CARGO_TARGET_DIR:-target}/release/orrery}"
[ -x "$bin" ] || cargo build --release -p orrery-server --bin orrery
bin="$(realpath "$bin")"
run() {
  local port=$1 prefill=$2 dir pid
  dir=$(mktemp -d)
  (cd "$dir" && ORRERY_LISTEN="127.0.0.1:$port" ORRERY_POSITION_CACHE_PREFILL="$prefill" \
     exec "$bin" >log 2>&1) &
  pid=$!
  trap 'kill $pid 2>/dev/null || true; rm -rf "$dir"' RETURN
  for _ in $(seq 1 50); do curl -s -o /dev/null "localhost:$port/v1/health/live" && break; sleep 0.2; done
  rss() { awk '/VmRSS/{print $2}' "/proc/$pid/status"; }
  cpu() { awk '{printf "%.1f", ($14 + $15) / 100}' "/proc/$pid/stat"; }
  echo "prefill=$prefill: at start ${pid:+$(rss)} kB"
  for t in 5 10 15 20 25 30 35 40; do
    sleep 5
    echo "  ${t} s: VmRSS $(rss) kB, CPU $(cpu) s"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
run 18101 off
run 18102 1950-2050
