"""The Python client's app flow against a live service, then its retries against the stub.

    python flow.py README STUB_URL     # ORRERY_API_KEY and ORRERY_BASE_URL set; cwd: a temp dir

Runs every ```python block of the package's README in one namespace, as a user would paste
them, then checks what they computed; then the errors, and the retries through .ci/clients/stub.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import time
import urllib.request

import orrery
from orrery import (
    AuthenticationError,
    InvalidRequestError,
    Orrery,
    RateLimitError,
    ServiceUnavailableError,
)

readme, stub = sys.argv[1], sys.argv[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# -- the README, as written ------------------------------------------------------------------
text = open(readme, encoding="utf-8").read()
# Each block padded with the lines above it, so a traceback names the README's own line.
blocks = [
    "\n" * text.count("\n", 0, found.start(1)) + found.group(1)
    for found in re.finditer(r"```python\n(.*?)```", text, re.S)
]
assert len(blocks) >= 7, f"expected the app flow's 7 python blocks in {readme}, found {len(blocks)}"
flow: dict = {}
for block in blocks:
    exec(compile(block, readme, "exec"), flow)

sun = flow["sun"]
assert sun.sign == "taurus" and 24.0 < sun.sign_degree < 25.0, sun  # 1990-05-15 14:30 Berlin
assert sun.house == 9, sun.house
assert flow["chart"].to_dict()["input"]["resolved"]["place"]["name"] == "Berlin"
png = flow["png"]
assert isinstance(png, bytes) and png.startswith(PNG_SIGNATURE), png[:16]
assert open("wheel.png", "rb").read() == png
slow = {"jupiter", "saturn", "uranus", "neptune", "pluto"}
events = flow["transits"].events
assert len(events) > 10 and {hit.transit_point for hit in events} <= slow, len(events)
assert all(hit.exact_at.startswith("2025-") for hit in events)
eclipses = flow["eclipses"]
# 2025: total lunar 14 March, partial solar 29 March, total lunar 7 September, partial solar 21 September.
dates = [e.exact_at[:10] for e in eclipses]
assert dates == ["2025-03-14", "2025-03-29", "2025-09-07", "2025-09-21"], dates
assert flow["synastry"].to_dict()["aspects"]["list"], "a synastry without aspects"
moon = flow["moon"]
assert moon.sign == "capricorn" and moon.nakshatra == "uttara_ashadha", moon  # Lahiri
print(f"python client: the README's app flow ({len(blocks)} blocks) answered as expected")

client: Orrery = flow["orrery"]

# -- pictures as bytes ---------------------------------------------------------------------------
svg = client.chart_wheel({"kind": "natal", "radix": {"birth": flow["birth"]}})
assert isinstance(svg, bytes) and b"<svg" in svg[:200], svg[:200]

# -- errors as typed exceptions ----------------------------------------------------------------
try:
    client.radix({"birth": flow["birth"], "options": {"bodies": ["plutoo"]}})
    raise AssertionError("an unknown body was accepted")
except InvalidRequestError as error:
    assert error.status == 400 and error.code == "unknown_name", error
    assert error.field == "options.bodies[0]", error.field
    assert "pluto" in error.details["accepted"], error.details
    assert re.fullmatch(r"[0-9a-f-]{36}", error.request_id), error.request_id
try:
    Orrery(api_key="orr_live_NotAKeyOfThisService000000000000000000").me()
    raise AssertionError("a wrong key was accepted")
except AuthenticationError as error:
    assert error.status == 401 and error.code == "unauthorized" and error.request_id, error
key = os.environ.pop("ORRERY_API_KEY")
try:
    Orrery()
    raise AssertionError("a client without a key was made")
except ValueError as error:
    assert "ORRERY_API_KEY" in str(error), error
os.environ["ORRERY_API_KEY"] = key
assert "radix" in client.operations and "chart_wheel" in dir(client)
try:
    client.radixx
    raise AssertionError("an unknown operation was found")
except AttributeError as error:
    assert "radix" in str(error), error
print("python client: errors raised as typed exceptions with code, field, details, request_id")

# -- retries against the stub --------------------------------------------------------------------
from orrery._retry import retry_after_seconds  # noqa: E402

assert retry_after_seconds("7") == 7.0 and retry_after_seconds(" 0 ") == 0.0
assert retry_after_seconds("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # a past date: no wait
assert retry_after_seconds("soon") is None and retry_after_seconds(None) is None

def counts() -> dict:
    with urllib.request.urlopen(f"{stub}/_counts") as answer:
        return json.load(answer)


urllib.request.urlopen(urllib.request.Request(f"{stub}/_reset", method="POST")).read()
through_stub = Orrery(base_url=stub, max_retries=2)

started = time.monotonic()
me = through_stub.me()  # 503 Retry-After: 1, then the live answer
waited = time.monotonic() - started
assert me.plan.code, me
assert 1.0 <= waited < 5.0, f"GET /v1/me after a 503 with Retry-After: 1 took {waited:.2f} s"

started = time.monotonic()
chart = through_stub.radix({"birth": flow["birth"]})  # 429 Retry-After: <date 2 s ahead>, then live
waited = time.monotonic() - started
assert chart.planets["sun"].sign == "taurus"
assert 0.9 <= waited < 5.0, f"POST /v1/radix after a 429 with an HTTP-date Retry-After took {waited:.2f} s"

started = time.monotonic()
try:
    through_stub.catalog_bodies()
    raise AssertionError("a 429 was not raised")
except RateLimitError as error:
    assert error.retry_after_s == 3600 and error.code == "rate_limited", error
assert time.monotonic() - started < 1.0, "a Retry-After of an hour was waited"

try:
    through_stub.catalog_aspects()
    raise AssertionError("a 503 was not raised")
except ServiceUnavailableError as error:
    assert error.code == "overloaded" and error.status == 503, error

seen = counts()
assert seen == {
    "GET /v1/me": 2, "POST /v1/radix": 2, "GET /v1/catalog/bodies": 1, "GET /v1/catalog/aspects": 3,
}, seen
print(f"python client: 429 and 503 retried honouring Retry-After (seconds and HTTP date), bounded: {seen}")

# The same retry through the async path (httpx.AsyncClient, the generated asyncio functions).
urllib.request.urlopen(urllib.request.Request(f"{stub}/_reset", method="POST")).read()
started = time.monotonic()
me = asyncio.run(through_stub.me.asyncio())
waited = time.monotonic() - started
assert me.plan.code and 1.0 <= waited < 5.0, f"async GET /v1/me after a 503 took {waited:.2f} s"
assert counts() == {"GET /v1/me": 2}, counts()
print("python client: the async path retries the same way")
print(f"python client {orrery.__name__}: passed")
