#!/bin/bash
# The container's health check: GET PATH (default /v1/health/live, liveness) from the
# instance in this container, at the port of ORRERY_LISTEN; exit 0 on a 200, 1 otherwise.
# The runtime image has bash but no curl or wget, so this speaks HTTP/1.0 over bash's
# /dev/tcp. Readiness is `orrery-healthcheck /v1/health` (200 only while the database answers).
set -uo pipefail

path="${1:-/v1/health/live}"
listen="${ORRERY_LISTEN:-127.0.0.1:8080}"
port="${listen##*:}"
host="${listen%:*}"
host="${host#[}"
host="${host%]}"
# A wildcard listen address is reached through loopback.
case "$host" in
  0.0.0.0 | "") host=127.0.0.1 ;;
  ::) host=::1 ;;
esac

exec 3<>"/dev/tcp/$host/$port" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nUser-Agent: orrery-healthcheck\r\n\r\n' "$path" >&3
IFS=' ' read -r -t 5 _version status _reason <&3 || exit 1
[ "$status" = "200" ]
