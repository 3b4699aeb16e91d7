#!/usr/bin/env bash
# GET /v1/planets over loopback: Orrery (auth and rate limiting on) side by side with the Python
# peer (bench/python_peer: FastAPI + uvicorn + pyswisseph computing the same 16 points), in the
# same run, alternating peer, orrery, peer, orrery with the same wrk command.
#
#   bench/load/planets.sh                      # 2 rounds of 10 s each per server
#   ROUNDS=3 DURATION=10s bench/load/planets.sh
#
# What it does:
# 1. cargo build --release -p orrery-server (CARGO_TARGET_DIR is honoured);
# 2. a temporary SQLite database with a plan `bench` of 10^9 requests/hour and a key on it, so
#    every request is authenticated and counted by the rate limiter but none is refused;
# 3. starts orrery and the peer on free loopback ports (pip-installs the peer's requirements
#    if they are missing), waits until both answer;
# 4. runs `wrk -t2 -c32 -d$DURATION --latency -s bench/wrk/planets.lua` against each in turn;
# 5. prints requests/s, p99 and the server's CPU time per request (user + system, all its
#    threads and worker processes, from /proc) per run, the means, and the ratios orrery / peer.
#    CPU per request varies far less than requests/s when other jobs share the machine;
# 6. stops both servers (also on error or Ctrl-C).
#
# Targets (issue): orrery >= 5x the peer's requests/s, orrery p99 <= 10 ms at 32 connections.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}"
ROUNDS="${ROUNDS:-2}"
DURATION="${DURATION:-10s}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
PEER_KEY=bench-peer-key

for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "planets.sh: $tool is not installed" >&2; exit 1; }
done

tmp="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_for() { # URL, name, pid: until the server answers anything at all
    for _ in $(seq 1 100); do
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "$1" 2>/dev/null)" != 000 ]; then
            return 0
        fi
        kill -0 "$3" 2>/dev/null || { echo "planets.sh: $2 exited at start" >&2; cat "$tmp/$2.log" >&2; exit 1; }
        sleep 0.1
    done
    echo "planets.sh: $2 did not answer $1 within 10 s" >&2
    cat "$tmp/$2.log" >&2
    exit 1
}

echo "== build"
cargo build --quiet --release -p orrery-server
orrery="$CARGO_TARGET_DIR/release/orrery"

if ! python3 -c 'import fastapi, uvicorn, uvloop, httptools, swisseph' 2>/dev/null; then
    echo "== pip install -r bench/python_peer/requirements.txt"
    python3 -m pip install --quiet -r bench/python_peer/requirements.txt
fi

echo "== start"
export ORRERY_DATABASE_URL="sqlite://$tmp/orrery.db"
export ORRERY_LOG=warn
"$orrery" plans set bench --label Bench --requests-per-hour 1000000000 >/dev/null
key="$("$orrery" keys create --client bench --plan bench | tail -n 1)"

orrery_port="$(free_port)"
ORRERY_LISTEN="127.0.0.1:$orrery_port" "$orrery" serve >"$tmp/orrery.log" 2>&1 &
pids+=("$!")
orrery_pid="$!"

peer_port="$(free_port)"
PEER_PORT="$peer_port" bench/python_peer/run.sh >"$tmp/peer.log" 2>&1 &
pids+=("$!")
peer_pid="$!"

wait_for "http://127.0.0.1:$orrery_port/v1/health" orrery "$orrery_pid"
wait_for "http://127.0.0.1:$peer_port/v1/planets" peer "$peer_pid"
# Both must answer 200 with their keys.
probe() { # URL, key, name
    local status
    status="$(curl -sS -o "$tmp/probe.json" -D "$tmp/probe.headers" -w '%{http_code}' \
        -H "X-API-Key: $2" "$1/v1/planets?datetime=2024-03-20T03:06:21Z")"
    if [ "$status" != 200 ]; then
        echo "planets.sh: $3 answered $status" >&2
        cat "$tmp/probe.json" >&2
        exit 1
    fi
}
probe "http://127.0.0.1:$orrery_port" "$key" orrery
grep -qi '^x-ratelimit-limit: 1000000000' "$tmp/probe.headers" \
    || { echo "planets.sh: orrery did not report the bench plan's rate limit" >&2; exit 1; }
probe "http://127.0.0.1:$peer_port" "$PEER_KEY" peer

clk_tck="$(getconf CLK_TCK)"
# CPU ticks (user + system) of processes and their children's threads so far.
cpu_ticks() { # PID...
    local pids=("$@") p
    for p in "$@"; do
        # shellcheck disable=SC2207
        pids+=($(pgrep -P "$p" || true))
    done
    for p in "${pids[@]}"; do
        cat /proc/"$p"/task/*/stat 2>/dev/null || true
    done | awk '{ t += $14 + $15 } END { print t + 0 }'
}

# wrk once against URL with KEY while measuring the CPU of PID (and its children);
# prints "requests/s p99_ms non2xx errors cpu_us_per_request".
run_wrk() { # URL, key, pid
    local out="$tmp/wrk.out" before after
    before="$(cpu_ticks "$3")"
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s bench/wrk/planets.lua "$1" -- "$2" >"$out"
    after="$(cpu_ticks "$3")"
    awk -v ticks="$((after - before))" -v hz="$clk_tck" '
        function ms(v) {
            if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
            if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
            if (v ~ /s$/)  return substr(v, 1, length(v) - 1) * 1000
            return v + 0
        }
        /requests in/ { requests = $1 }
        /^Requests\/sec:/ { rps = $2 }
        /^ +99%/ { p99 = ms($2) }
        /Non-2xx or 3xx responses:/ { non2xx = $NF }
        /Socket errors:/ { errors = $0 }
        END {
            cpu = requests > 0 ? ticks / hz * 1e6 / requests : 0
            printf "%.0f %.2f %d %s %.0f\n", rps, p99, non2xx + 0, (errors == "" ? "none" : "some"), cpu
        }
    ' "$out"
}

echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "== wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency -s bench/wrk/planets.lua (orrery on :$orrery_port, peer on :$peer_port)"
printf '%-6s %-7s %12s %10s %8s %16s\n' round server "requests/s" "p99 ms" non-2xx "server CPU µs/req"
peer_sum=0
orrery_sum=0
peer_cpu_sum=0
orrery_cpu_sum=0
orrery_p99_max=0
failed=0
for round in $(seq 1 "$ROUNDS"); do
    for server in peer orrery; do
        if [ "$server" = peer ]; then
            read -r rps p99 non2xx errors cpu < <(run_wrk "http://127.0.0.1:$peer_port" "$PEER_KEY" "$peer_pid")
            peer_sum=$((peer_sum + rps))
            peer_cpu_sum=$((peer_cpu_sum + cpu))
        else
            read -r rps p99 non2xx errors cpu < <(run_wrk "http://127.0.0.1:$orrery_port" "$key" "$orrery_pid")
            orrery_sum=$((orrery_sum + rps))
            orrery_cpu_sum=$((orrery_cpu_sum + cpu))
            orrery_p99_max="$(awk -v a="$orrery_p99_max" -v b="$p99" 'BEGIN { print (b > a ? b : a) }')"
        fi
        if [ -z "${cpu:-}" ]; then
            echo "planets.sh: wrk against $server failed" >&2
            exit 1
        fi
        printf '%-6s %-7s %12s %10s %8s %16s\n' "$round" "$server" "$rps" "$p99" "$non2xx" "$cpu"
        if [ "$non2xx" != 0 ] || [ "$errors" != none ]; then
            echo "planets.sh: $server had $non2xx non-2xx responses, socket errors: $errors" >&2
            failed=1
        fi
    done
done

awk -v p="$peer_sum" -v o="$orrery_sum" -v n="$ROUNDS" -v p99="$orrery_p99_max" \
    -v pc="$peer_cpu_sum" -v oc="$orrery_cpu_sum" 'BEGIN {
    printf "mean requests/s: peer %.0f, orrery %.0f; ratio orrery/peer %.2f (target >= 5)\n", p / n, o / n, o / p
    printf "mean server CPU per request: peer %.0f µs, orrery %.0f µs; ratio peer/orrery %.2f\n", pc / n, oc / n, pc / oc
    printf "orrery p99 (worst run): %.2f ms (target <= 10 ms)\n", p99
}'
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$failed"
