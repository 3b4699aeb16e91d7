"""A Python client for Orrery, the astrological calculation API on the Swiss Ephemeris.

``Orrery`` is the hand-written layer (key, base URL, retries, exceptions); ``orrery.models``
and ``orrery.api`` are generated from the service's OpenAPI document when the package is built.
"""

from ._client import Orrery
from .exceptions import (
    AuthenticationError,
    InvalidRequestError,
    NotFoundError,
    OrreryError,
    RateLimitError,
    ServerError,
    ServiceUnavailableError,
)

__all__ = [
    "AuthenticationError",
    "InvalidRequestError",
    "NotFoundError",
    "Orrery",
    "OrreryError",
    "RateLimitError",
    "ServerError",
    "ServiceUnavailableError",
]
