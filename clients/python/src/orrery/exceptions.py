"""Orrery's error object as Python exceptions.

Every error answer of the service is ``{"error": {code, message, field?, details?, request_id,
doc_url?}}``; :func:`error_from_answer` turns it into the exception class of its status, each a
subclass of :class:`OrreryError`, so ``except orrery.InvalidRequestError as e: e.field`` works.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from ._retry import retry_after_seconds


class OrreryError(Exception):
    """An error answer of the service.

    Attributes:
        status: the HTTP status.
        code: the machine-readable code (``invalid_input``, ``unknown_name``, ...; the schema's
            ``ErrorCode`` lists them all).
        message: for people; a 400's starts with the field path and states the rule.
        field: the field the error is about (``birth.location.latitude``), or ``None``.
        details: machine-readable details (``candidates``, ``accepted``, ``limit``...), or ``None``.
        request_id: the request's id, for support (also the ``X-Request-Id`` header).
        doc_url: the page that explains the code, when the service sends one.
        retry_after_s: the ``Retry-After`` header in seconds, when there is one.
    """

    status: int
    code: str
    message: str
    field: str | None
    details: Any
    request_id: str | None
    doc_url: str | None
    retry_after_s: float | None

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        details: Any = None,
        request_id: str | None = None,
        doc_url: str | None = None,
        retry_after_s: float | None = None,
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.details = details
        self.request_id = request_id
        self.doc_url = doc_url
        self.retry_after_s = retry_after_s
        super().__init__(f"{status} {code}: {message}")


class InvalidRequestError(OrreryError):
    """400, 413, 415: the request broke a rule; ``field`` names the part to fix."""


class AuthenticationError(OrreryError):
    """401: the API key is missing, unknown or revoked."""


class NotFoundError(OrreryError):
    """404: no such resource (a place id, a path)."""


class RateLimitError(OrreryError):
    """429: the key's quota is used up for now; ``retry_after_s`` says for how long."""


class ServiceUnavailableError(OrreryError):
    """503 or 504: the service is overloaded, not ready, or the calculation ran out of time."""


class ServerError(OrreryError):
    """500 or another status: a fault of the service; quote ``request_id`` to support."""


_BY_STATUS: dict[int, type[OrreryError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    413: InvalidRequestError,
    415: InvalidRequestError,
    429: RateLimitError,
    503: ServiceUnavailableError,
    504: ServiceUnavailableError,
}


def error_from_answer(status: int, content: bytes, headers: Mapping[str, str]) -> OrreryError:
    """The exception for an error answer: read from the raw JSON, so fields the service adds
    later (``doc_url``) arrive without a new client."""
    kind = _BY_STATUS.get(status, ServerError)
    try:
        error = json.loads(content)["error"]
        if not isinstance(error, dict):
            raise TypeError("error is not an object")
    except (ValueError, KeyError, TypeError):
        text = content.decode("utf-8", errors="replace")[:500]
        return kind(
            status,
            "unexpected_answer",
            f"the answer is not Orrery's error object: {text!r}",
            request_id=headers.get("x-request-id"),
        )
    return kind(
        status,
        str(error.get("code", "unexpected_answer")),
        str(error.get("message", "")),
        field=error.get("field"),
        details=error.get("details"),
        request_id=error.get("request_id") or headers.get("x-request-id"),
        doc_url=error.get("doc_url"),
        retry_after_s=retry_after_seconds(headers.get("retry-after")),
    )
