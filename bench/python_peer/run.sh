#!/bin/sh
# Start the Python peer of GET /v1/planets on 127.0.0.1:8090 (override with PEER_PORT).
# Needs: pip install -r requirements.txt
#
# PEER_FLAVOUR=tuned (default): uvloop and httptools, the fastest uvicorn set-up.
# PEER_FLAVOUR=plain: asyncio and h11, what `pip install fastapi uvicorn` runs without extras
# (the set-up behind the issue's reference figure of about 2,200 requests/s).
cd "$(dirname "$0")" || exit 1
case "${PEER_FLAVOUR:-tuned}" in
    tuned) loop=uvloop; http=httptools ;;
    plain) loop=asyncio; http=h11 ;;
    *) echo "PEER_FLAVOUR must be tuned or plain" >&2; exit 2 ;;
esac
exec python3 -m uvicorn app:app --host 127.0.0.1 --port "${PEER_PORT:-8090}" \
    --workers 2 --loop "$loop" --http "$http" --no-access-log --log-level warning
