#!/bin/sh
# Start the Python peer of GET /v1/planets on 127.0.0.1:8090 (override with PEER_PORT).
# Needs: pip install -r requirements.txt
cd "$(dirname "$0")" || exit 1
exec python3 -m uvicorn app:app --host 127.0.0.1 --port "${PEER_PORT:-8090}" \
    --workers 2 --loop uvloop --http httptools --no-access-log --log-level warning
