"""Python peer of Orrery's GET /v1/planets, for the side-by-side speed benchmark.

FastAPI + uvicorn + pyswisseph computing the same 16 points as the Rust
service, with the same kind of per-request work around the calculation:
API-key check (dict lookup) and a per-key hourly request counter (in-process:
each uvicorn worker keeps its own), ISO 8601 parsing, JSON response.

Run:   ./run.sh            (uvicorn, 127.0.0.1:8090, 2 workers, no access log)
Query: curl -H 'X-API-Key: bench-peer-key' \
            'http://127.0.0.1:8090/v1/planets?datetime=2024-03-20T03:06:21Z'

Environment: PEER_API_KEY (default bench-peer-key), PEER_REQUESTS_PER_HOUR
(default 1000000000, so a benchmark never hits 429), PEER_EPHE_PATH (default:
../../ephe relative to this file).
"""
import datetime as dt
import os
import time

import swisseph as swe
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

HERE = os.path.dirname(os.path.abspath(__file__))
EPHE_PATH = os.environ.get('PEER_EPHE_PATH', os.path.join(HERE, '..', '..', 'ephe'))
swe.set_ephe_path(os.path.abspath(EPHE_PATH))
_, _flag = swe.calc_ut(2451545.0, swe.CHIRON, swe.FLG_SWIEPH)
if not _flag & swe.FLG_SWIEPH:
    raise RuntimeError('Swiss Ephemeris files not found in %s' % os.path.abspath(EPHE_PATH))

API_KEYS = {os.environ.get('PEER_API_KEY', 'bench-peer-key'): 'bench'}
REQUESTS_PER_HOUR = int(os.environ.get('PEER_REQUESTS_PER_HOUR', '1000000000'))

FLAGS = swe.FLG_SWIEPH | swe.FLG_SPEED
POINTS = [
    ('sun', swe.SUN), ('moon', swe.MOON), ('mercury', swe.MERCURY),
    ('venus', swe.VENUS), ('mars', swe.MARS), ('jupiter', swe.JUPITER),
    ('saturn', swe.SATURN), ('uranus', swe.URANUS), ('neptune', swe.NEPTUNE),
    ('pluto', swe.PLUTO), ('mean_node', swe.MEAN_NODE), ('true_node', swe.TRUE_NODE),
    ('mean_apogee', swe.MEAN_APOG), ('osculating_apogee', swe.OSCU_APOG),
    ('earth', None), ('chiron', swe.CHIRON),
]
EPHEMERIS = 'swiss_ephemeris %s (SEFLG_SWIEPH)' % swe.version
UTC = dt.timezone.utc

app = FastAPI(title='Orrery Python peer', docs_url=None, redoc_url=None,
              openapi_url=None)

# key -> [hour number, requests in that hour]
_counters = {}


def _error(status, code, message, headers=None):
    return JSONResponse({'error': {'code': code, 'message': message}},
                        status_code=status, headers=headers)


def _point(xx):
    return {
        'longitude': xx[0], 'latitude': xx[1], 'distance': xx[2],
        'longitude_speed': xx[3], 'latitude_speed': xx[4], 'distance_speed': xx[5],
    }


def compute(jd_ut):
    planets = {}
    sun = None
    for name, ipl in POINTS:
        if ipl is None:  # the Earth point: opposite the Sun
            planets[name] = {
                'longitude': (sun[0] + 180.0) % 360.0, 'latitude': -sun[1],
                'distance': sun[2], 'longitude_speed': sun[3],
                'latitude_speed': -sun[4], 'distance_speed': sun[5],
            }
            continue
        xx, _ = swe.calc_ut(jd_ut, ipl, FLAGS)
        if ipl == swe.SUN:
            sun = xx
        planets[name] = _point(xx)
    return planets


@app.get('/v1/planets')
async def planets(request: Request):
    key = request.headers.get('x-api-key')
    if key is None or key not in API_KEYS:
        return _error(401, 'unauthorized', 'missing or invalid X-API-Key header')

    hour = int(time.time()) // 3600
    counter = _counters.get(key)
    if counter is None or counter[0] != hour:
        counter = _counters[key] = [hour, 0]
    if counter[1] >= REQUESTS_PER_HOUR:
        return _error(429, 'rate_limited', 'hourly request limit reached',
                      {'Retry-After': str(3600 - int(time.time()) % 3600)})
    counter[1] += 1
    remaining = REQUESTS_PER_HOUR - counter[1]

    text = request.query_params.get('datetime')
    if text is None:
        return _error(400, 'invalid_input', 'datetime is required (ISO 8601 UTC)')
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        return _error(400, 'invalid_input',
                      'datetime must be an ISO 8601 date-time (got %r)' % text)
    when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)

    hours = when.hour + when.minute / 60.0 + (when.second + when.microsecond / 1e6) / 3600.0
    jd_ut = swe.julday(when.year, when.month, when.day, hours, swe.GREG_CAL)
    try:
        points = compute(jd_ut)
    except swe.Error as e:
        return _error(400, 'invalid_input', str(e))

    return JSONResponse(
        {
            'datetime_utc': when.strftime('%Y-%m-%dT%H:%M:%SZ'),
            'julian_day_ut': jd_ut,
            'ephemeris': EPHEMERIS,
            'planets': points,
        },
        headers={'X-RateLimit-Limit': str(REQUESTS_PER_HOUR),
                 'X-RateLimit-Remaining': str(remaining)},
    )
