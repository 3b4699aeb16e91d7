"""Retries of 429 and 503 answers, honouring ``Retry-After``, inside the HTTP transport.

Both statuses mean the request was not carried out (a quota, a full queue, a service that is
not ready), so sending it again is safe for every operation, POST included. The wait is the
answer's ``Retry-After`` (seconds or an HTTP date); without one, 0.5 s doubled per attempt.
A wait longer than ``max_wait_s`` is not waited: the error goes to the caller at once (an
hourly quota's hour is not a retry), and so does the answer after ``max_retries`` retries.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
from datetime import datetime, timezone

import httpx

RETRIED_STATUSES = frozenset({429, 503})
FIRST_BACKOFF_S = 0.5


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After`` in seconds: a number of seconds or an HTTP date; ``None`` if absent or
    unreadable."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - (now or datetime.now(timezone.utc))).total_seconds())


class RetryPolicy:
    """When to send a request again: after a 429 or 503, at most ``max_retries`` times, each
    wait at most ``max_wait_s``."""

    def __init__(self, *, max_retries: int = 3, max_wait_s: float = 30.0) -> None:
        if max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more (got {max_retries})")
        if max_wait_s < 0:
            raise ValueError(f"max_wait_s must be 0 or more (got {max_wait_s})")
        self.max_retries = max_retries
        self.max_wait_s = max_wait_s

    def wait_s(self, response: httpx.Response, attempt: int) -> float | None:
        """How long to wait before sending again after ``response`` (``attempt`` retries so
        far), or None: hand the answer to the caller."""
        if response.status_code not in RETRIED_STATUSES or attempt >= self.max_retries:
            return None
        wait_s = retry_after_seconds(response.headers.get("retry-after"))
        if wait_s is None:
            wait_s = FIRST_BACKOFF_S * 2**attempt
        return None if wait_s > self.max_wait_s else wait_s


class RetryTransport(httpx.BaseTransport):
    """Wraps a transport with a :class:`RetryPolicy`."""

    def __init__(self, inner: httpx.BaseTransport, policy: RetryPolicy) -> None:
        self._inner = inner
        self._policy = policy

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            response = self._inner.handle_request(request)
            wait_s = self._policy.wait_s(response, attempt)
            if wait_s is None:
                return response
            response.read()
            response.close()
            time.sleep(wait_s)
            attempt += 1

    def close(self) -> None:
        self._inner.close()


class AsyncRetryTransport(httpx.AsyncBaseTransport):
    """Wraps an async transport with a :class:`RetryPolicy`."""

    def __init__(self, inner: httpx.AsyncBaseTransport, policy: RetryPolicy) -> None:
        self._inner = inner
        self._policy = policy

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            response = await self._inner.handle_async_request(request)
            wait_s = self._policy.wait_s(response, attempt)
            if wait_s is None:
                return response
            await response.aread()
            await response.aclose()
            await asyncio.sleep(wait_s)
            attempt += 1

    async def aclose(self) -> None:
        await self._inner.aclose()
