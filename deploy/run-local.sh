#!/usr/bin/env bash
# The compose topology on this machine, from Debian packages: three `orrery` instances on
# loopback ports sharing the machine's PostgreSQL (a database of their own) and Redis (a database
# number of their own), behind nginx rendered from deploy/nginx/orrery.conf.template.
#
#   deploy/run-local.sh [--debug] [start]     start, print the URLs, stop everything on Ctrl-C
#   deploy/run-local.sh [--debug] start --background
#                                             start and return; stop later with `stop`
#   deploy/run-local.sh stop                  stop what a background start left running
#   deploy/run-local.sh [--debug] --smoke     start, send requests through nginx, check them,
#                                             stop; exit 0 when every check passed
#
# --debug uses target/debug/orrery instead of target/release/orrery (in CARGO_TARGET_DIR when it
# is set; built with cargo if missing). Environment (defaults in brackets):
#   ORRERY_LOCAL_BASE_PORT  nginx's port; the instances take the next three   [18080]
#   ORRERY_LOCAL_POSTGRES   server URL without a database   [postgres://postgres@127.0.0.1:5432]
#   ORRERY_LOCAL_DATABASE   database created for the instances   [orrery_local; smoke: orrery_smoke]
#   ORRERY_LOCAL_REDIS      Redis server URL   [redis://127.0.0.1:6379]
#   ORRERY_LOCAL_REDIS_DB   Redis database number: the service's key prefix is fixed, so a
#                           number of its own keeps these windows apart from others'   [7]
#   ORRERY_LOCAL_STATE      pid files, logs and nginx's prefix   [target/run-local]
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
readonly INSTANCES=3
readonly DEMO_KEY="orr_test_DemoPlaygroundPublicKey0000000000f5LqB"
# An instance finishes its requests in flight within the request time limit (30 s) after
# SIGTERM; past this it is killed.
readonly STOP_WAIT_SECS=40
readonly READY_WAIT_SECS=60

profile=release
command=start
background=false
while [ $# -gt 0 ]; do
  case "$1" in
    --debug) profile=debug ;;
    --release) profile=release ;;
    --smoke | smoke) command=smoke ;;
    start) command=start ;;
    stop) command=stop ;;
    --background) background=true ;;
    -h | --help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-local.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

base_port="${ORRERY_LOCAL_BASE_PORT:-18080}"
postgres="${ORRERY_LOCAL_POSTGRES:-postgres://postgres@127.0.0.1:5432}"
redis="${ORRERY_LOCAL_REDIS:-redis://127.0.0.1:6379}"
redis_db="${ORRERY_LOCAL_REDIS_DB:-7}"
state="${ORRERY_LOCAL_STATE:-$repo/target/run-local}"
if [ "$command" = smoke ]; then
  database="${ORRERY_LOCAL_DATABASE:-orrery_smoke}"
else
  database="${ORRERY_LOCAL_DATABASE:-orrery_local}"
fi
[[ "$database" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "run-local.sh: ORRERY_LOCAL_DATABASE must be a plain lower-case name" >&2; exit 2; }
nginx_port="$base_port"
instance_port() { echo $((base_port + $1)); }
lb="http://127.0.0.1:$nginx_port"

say() { echo "run-local: $*"; }
fail() { echo "run-local: $*" >&2; exit 1; }

# --- processes: each one started here is recorded as "pid executable" in $state/pids/NAME -----

alive() { # NAME: whether the recorded process still runs the recorded executable
  local file="$state/pids/$1" pid exe
  [ -f "$file" ] || return 1
  read -r pid exe <"$file"
  [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ]
}

stop_one() { # NAME SIGNAL: signal the recorded process and wait for it to end
  local name="$1" signal="$2" file="$state/pids/$1" pid exe
  [ -f "$file" ] || return 0
  read -r pid exe <"$file"
  if alive "$name"; then
    kill "-$signal" "$pid" 2>/dev/null || true
    for _ in $(seq 1 $((STOP_WAIT_SECS * 10))); do alive "$name" || break; sleep 0.1; done
    if alive "$name"; then
      say "$name did not stop within ${STOP_WAIT_SECS} s; killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$file"
}

stop_all() {
  # nginx first (QUIT: it finishes its requests), so no request reaches a stopping instance.
  stop_one nginx QUIT
  local i
  for i in $(seq 1 "$INSTANCES"); do stop_one "orrery-$i" TERM & done
  wait
}

start_process() { # NAME LOGFILE [VAR=VALUE...] COMMAND...: in its own session, so that Ctrl-C
  # reaches only this script, which then stops each process in order
  local name="$1" log="$2" vars=() exe
  shift 2
  while [[ "$1" == *=* ]]; do vars+=("$1"); shift; done
  exe="$(readlink -f "$(command -v "$1")")"
  setsid env "${vars[@]}" "$@" >"$log" 2>&1 </dev/null &
  echo "$! $exe" >"$state/pids/$name"
}

if [ "$command" = stop ]; then
  [ -d "$state/pids" ] || { say "nothing recorded in $state/pids"; exit 0; }
  stop_all
  say "stopped"
  exit 0
fi

# --- checks before anything starts -------------------------------------------------------------

command -v nginx >/dev/null || fail "nginx is not installed (apt-get install nginx-light, or nginx)"
command -v curl >/dev/null || fail "curl is not installed"
command -v psql >/dev/null || fail "psql is not installed (apt-get install postgresql-client)"
psql "$postgres/postgres" -qAtc "SELECT 1" >/dev/null 2>&1 || fail "PostgreSQL does not answer at $postgres"
if command -v redis-cli >/dev/null; then
  [ "$(redis-cli -u "$redis/$redis_db" ping 2>/dev/null)" = PONG ] || fail "Redis does not answer at $redis"
fi
for name in nginx $(seq -f 'orrery-%g' 1 "$INSTANCES"); do
  alive "$name" && fail "$name from an earlier start still runs; run: deploy/run-local.sh stop"
done
for port in "$nginx_port" $(for i in $(seq 1 "$INSTANCES"); do instance_port "$i"; done); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    fail "port $port is in use; set ORRERY_LOCAL_BASE_PORT to another base"
  fi
done

binary="${CARGO_TARGET_DIR:-$repo/target}/$profile/orrery"
if [ ! -x "$binary" ]; then
  say "building $binary"
  if [ "$profile" = release ]; then
    (cd "$repo" && cargo build --release -p orrery-server)
  else
    (cd "$repo" && cargo build -p orrery-server)
  fi
fi
supports() { "$binary" --help 2>/dev/null | grep -q -- "$1"; }

# --- start -------------------------------------------------------------------------------------

rm -rf "$state"
mkdir -p "$state/pids" "$state/logs"
database_url="$postgres/$database"
admin() { PGOPTIONS=--client-min-messages=warning psql "$postgres/postgres" -qAtc "$1"; }
if [ "$command" = smoke ]; then
  admin "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null
fi
if [ -z "$(admin "SELECT 1 FROM pg_database WHERE datname = '$database'")" ]; then
  admin "CREATE DATABASE $database" >/dev/null
  say "created database $database"
fi

cleanup() {
  stop_all
  if [ "$command" = smoke ]; then
    admin "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
# Whatever fails from here on stops what was started; a background start disarms this once
# everything is ready.
trap 'cleanup' EXIT
trap 'exit 130' INT TERM

export ORRERY_DATABASE_URL="$database_url"
export ORRERY_REDIS_URL="$redis/$redis_db"
export ORRERY_EPHE_PATH="$repo/ephe"
export ORRERY_LOG="${ORRERY_LOG:-info}"
# Once, before the instances start, as the Kubernetes Job and the compose service do.
"$binary" migrate >"$state/logs/migrate.log" 2>&1 || { cat "$state/logs/migrate.log" >&2; fail "orrery migrate failed"; }

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 3 "$1" || true; }
wait_ready() { # NAME URL
  for _ in $(seq 1 $((READY_WAIT_SECS * 5))); do
    [ "$(status_of "$2")" = 200 ] && return 0
    alive "$1" || { tail -n 20 "$state/logs/$1.log" >&2; fail "$1 exited before it was ready"; }
    sleep 0.2
  done
  tail -n 20 "$state/logs/$1.log" >&2
  fail "$1 was not ready within ${READY_WAIT_SECS} s"
}

start_instance() { # N
  local port extra=()
  port="$(instance_port "$1")"
  # Settings of this release, given only to a binary that knows them: metrics on a port of
  # each instance's own, and X-Forwarded-For believed from nginx on loopback.
  supports --metrics-listen && extra+=("ORRERY_METRICS_LISTEN=127.0.0.1:$((base_port + 10 + $1))")
  supports --trusted-proxies && extra+=("ORRERY_TRUSTED_PROXIES=127.0.0.1")
  start_process "orrery-$1" "$state/logs/orrery-$1.log" \
    ORRERY_LISTEN="127.0.0.1:$port" "${extra[@]}" "$binary" serve
}
# Every instance stores the demo key at start if it is missing, by a look-up and then an insert:
# on an empty database, instances started at the same moment can both insert it, and the
# second then stops on the unique key. The first is started alone until it is ready.
start_instance 1
wait_ready orrery-1 "http://127.0.0.1:$(instance_port 1)/v1/health"
for i in $(seq 2 "$INSTANCES"); do start_instance "$i"; done
for i in $(seq 2 "$INSTANCES"); do
  wait_ready "orrery-$i" "http://127.0.0.1:$(instance_port "$i")/v1/health"
done

upstreams=()
for i in $(seq 1 "$INSTANCES"); do upstreams+=("127.0.0.1:$(instance_port "$i")"); done
deploy_nginx="$repo/deploy/nginx/render.sh"
conf="$("$deploy_nginx" --listen "127.0.0.1:$nginx_port" --prefix "$state/nginx" "${upstreams[@]}")"
nginx -t -q -p "$state/nginx" -e "$state/nginx/logs/error.log" -c "$conf"
start_process nginx "$state/logs/nginx.log" \
  nginx -p "$state/nginx" -e "$state/nginx/logs/error.log" -c "$conf" -g 'daemon off;'
wait_ready nginx "$lb/v1/health"

say "ready: $INSTANCES instances of $binary ($profile), database $database_url, Redis $ORRERY_REDIS_URL"
say "  load balancer  $lb   (playground: $lb/playground)"
for i in $(seq 1 "$INSTANCES"); do
  say "  orrery-$i       http://127.0.0.1:$(instance_port "$i")"
done
say "  logs           $state/logs, nginx access log $state/nginx/logs/access.log"
say "  demo key       $DEMO_KEY"

if [ "$command" = start ]; then
  if [ "$background" = true ]; then
    trap - EXIT
    say "running in the background; stop with: deploy/run-local.sh stop"
    exit 0
  fi
  say "Ctrl-C stops everything"
  while true; do
    for name in nginx $(seq -f 'orrery-%g' 1 "$INSTANCES"); do
      alive "$name" || fail "$name stopped on its own (log: $state/logs/$name.log)"
    done
    sleep 1
  done
fi

# --- smoke: requests through nginx, each check one line ----------------------------------------

passed=0
failed=0
check() { # DESCRIPTION CONDITION...
  local description="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok     $description"
  else
    failed=$((failed + 1))
    echo "FAILED $description"
  fi
}
equals() { [ "$1" = "$2" ] || { echo "       expected $2, got $1"; return 1; }; }
access_log="$state/nginx/logs/access.log"
planets="$lb/v1/planets?datetime=2024-03-20T03:06:21Z"
key_header="X-API-Key: $DEMO_KEY"

check "GET /v1/health through nginx: 200, database ok" \
  equals "$(curl -s --max-time 5 "$lb/v1/health" | grep -o '"database":"[a-z]*"')" '"database":"ok"'

rounds=12
statuses=""
for _ in $(seq 1 "$rounds"); do
  statuses+="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "$key_header" "$planets") "
done
check "$rounds × GET /v1/planets with the demo key: all 200" \
  equals "$statuses" "$(printf '200 %.0s' $(seq 1 "$rounds"))"

source_header="$(curl -s -D - -o /dev/null --max-time 10 -H "$key_header" "$planets" | tr -d '\r' | grep -i '^x-ratelimit-source:' || true)"
check "the shared store counted them: X-RateLimit-Source redis" \
  equals "${source_header,,}" "x-ratelimit-source: redis"

spread="$(grep -F '"GET /v1/planets' "$access_log" | grep -o 'upstream=[0-9.:]*' | sort -u | wc -l)"
check "nginx spread them over all $INSTANCES instances (upstream= in its access log)" \
  equals "$spread" "$INSTANCES"

request_id="5f0e3c1e-9a4b-4d2c-8e7f-1a2b3c4d5e6f"
echoed="$(curl -s -D - -o /dev/null --max-time 10 -H "X-Request-Id: $request_id" "$lb/v1/health" | tr -d '\r' | grep -i '^x-request-id:' | cut -d' ' -f2 || true)"
check "X-Request-Id passes through nginx to the instance and back" equals "$echoed" "$request_id"

check "/metrics is not served through nginx (404)" equals "$(status_of "$lb/metrics")" 404

big_body="$(head -c 70000 /dev/zero | tr '\0' 'a')"
too_big="$(printf '%s' "$big_body" | curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "$key_header" -H 'Content-Type: application/json' --data-binary @- "$lb/v1/aspects" || true)"
check "a 70 kB body is refused by nginx (413)" equals "$too_big" 413

healthcheck="$repo/deploy/docker/healthcheck.sh"
check "the image's health check passes against a ready instance" \
  env ORRERY_LISTEN="0.0.0.0:$(instance_port 1)" "$healthcheck" /v1/health
check "the image's health check fails against a closed port" \
  bash -c "! ORRERY_LISTEN=127.0.0.1:$((base_port + 9)) '$healthcheck' /v1/health 2>/dev/null"

# One instance ends (SIGTERM, as a rolling upgrade or a scale-down does) with a long request
# in flight (a 40-year transit window: about a second of calculation and 20 MB of answer). It
# stops accepting connections at once, the request in flight still gets its answer, and nginx
# sends the instance's share to the others, so no client sees an error.
long_request='{"natal": {"datetime": "1990-05-15T14:30:00", "timezone": "Europe/Berlin",
  "location": {"latitude": 52.52, "longitude": 13.405}},
  "start": "2024-01-01T00:00:00Z", "end": "2064-01-01T00:00:00Z"}'
draining="http://127.0.0.1:$(instance_port 2)"
curl -s -o /dev/null -w '%{http_code}' --max-time 60 -H "$key_header" \
  -H 'Content-Type: application/json' --data "$long_request" "$draining/v1/transits" \
  >"$state/long-request.status" &
long_request_pid=$!
sleep 0.3
in_flight=no
kill -0 "$long_request_pid" 2>/dev/null && in_flight=yes
stop_one orrery-2 TERM &
stopping_pid=$!
sleep 0.3
after_sigterm="$(status_of "$draining/v1/health")"
wait "$long_request_pid" || true
wait "$stopping_pid"
check "a request in flight on orrery-2 when it got SIGTERM still got its 200" \
  equals "$in_flight $(cat "$state/long-request.status")" "yes 200"
check "orrery-2 took no new connection after SIGTERM (000: refused)" equals "$after_sigterm" 000
statuses=""
for _ in $(seq 1 "$rounds"); do
  statuses+="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "$key_header" "$planets") "
done
check "with orrery-2 stopped, $rounds × GET /v1/planets: all 200 from the other two" \
  equals "$statuses" "$(printf '200 %.0s' $(seq 1 "$rounds"))"

echo "smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
