# shellcheck shell=bash
# Sourced by bench/request_path.sh and bench/mcp.sh: starts `orrery serve` under callgrind on a
# free loopback port with a key on a plan of 10^9 requests/hour (so requests are authenticated
# and counted, never refused), and stops it on exit. Sets `tmp` (a scratch folder, removed on
# exit), `orrery`, `key`, `port` and `server_pid`; the caller names itself in SCRIPT.
#
# ORRERY_BIN measures another build (for example the one before a change) with the same script.

tmp="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${ORRERY_BIN:-}" ]; then
    cargo build --quiet --release -p orrery-server
fi
orrery="${ORRERY_BIN:-$CARGO_TARGET_DIR/release/orrery}"

export ORRERY_DATABASE_URL="sqlite://$tmp/orrery.db"
export ORRERY_LOG=warn
"$orrery" plans set bench --label Bench --requests-per-hour 1000000000 >/dev/null
# shellcheck disable=SC2034 # used by the scripts that source this one
key="$("$orrery" keys create --client bench --plan bench | tail -n 1)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

# The position cache's prefill at start (on by default) is a second thread of work that
# valgrind runs serialised with the requests: it would time them out and count in the figure.
# A request may take long under valgrind: the time limit is a minute.
ORRERY_POSITION_CACHE_PREFILL=off ORRERY_REQUEST_TIMEOUT_SECS=60 ORRERY_LISTEN="127.0.0.1:$port" \
    valgrind --tool=callgrind --callgrind-out-file="$tmp/callgrind.out" \
    --collect-systime=no "$orrery" serve >"$tmp/server.log" 2>&1 &
server_pid="$!"
# Up to five minutes: under valgrind the atlas (gazetteer, boundaries, near-spelling index)
# loads some fifty times slower than natively.
up=""
for _ in $(seq 1 3000); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/health" 2>/dev/null)" != 000 ]; then
        up=1
        break
    fi
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$up" ] || { echo "$SCRIPT: the service did not start" >&2; cat "$tmp/server.log" >&2; exit 1; }
