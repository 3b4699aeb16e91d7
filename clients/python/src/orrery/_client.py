"""The hand-written layer over the generated client: key, base URL, retries, exceptions.

Every operation of the OpenAPI document is a method named as its ``operationId``
(``orrery.radix(...)``, ``orrery.chart_wheel(...)``), found in the generated ``orrery.api``
modules, so a new endpoint needs no change here. A method takes the request body (a generated
model, or a plain dict sent as written) and the query parameters as keywords, with the
generated names, and returns the generated answer model, or ``bytes`` for a picture; an error
answer raises an :class:`~orrery.exceptions.OrreryError`.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
from types import ModuleType
from typing import Any, Callable

import httpx

from . import api
from ._retry import AsyncRetryTransport, RetryPolicy, RetryTransport
from .client import AuthenticatedClient
from .exceptions import error_from_answer
from .types import UNSET, File

DEFAULT_BASE_URL = "http://127.0.0.1:8080"
API_KEY_HEADER = "X-API-Key"


def _operations() -> dict[str, str]:
    """operationId -> module path, from the generated ``api`` package (one module per operation,
    one package per tag)."""
    found: dict[str, str] = {}
    for tag in pkgutil.iter_modules(api.__path__):
        if not tag.ispkg:
            continue
        package = importlib.import_module(f"{api.__name__}.{tag.name}")
        for operation in pkgutil.iter_modules(package.__path__):
            found[operation.name] = f"{package.__name__}.{operation.name}"
    return found


def _takes_body(module: ModuleType) -> bool:
    """Whether the operation has a request body."""
    return "body" in inspect.signature(module.sync_detailed).parameters


class Orrery:
    """A client of the Orrery API.

    Args:
        api_key: the API key; default the ``ORRERY_API_KEY`` environment variable. Sent as
            ``X-API-Key``.
        base_url: the service; default ``ORRERY_BASE_URL``, else ``http://127.0.0.1:8080``.
        max_retries: how many times a 429 or 503 answer is retried (default 3, 0 for none).
        max_retry_wait_s: the longest ``Retry-After`` waited (default 30 s); a longer one is
            raised at once as the error.
        timeout_s: the HTTP timeout of one attempt (default 120 s: a long transit search takes
            seconds).
        httpx_args: more arguments for the ``httpx.Client`` and ``httpx.AsyncClient``
            (``verify``, ``proxy``, ``event_hooks``...).

    Raises:
        ValueError: no key given and ``ORRERY_API_KEY`` unset or empty.
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        max_retries: int = 3,
        max_retry_wait_s: float = 30.0,
        timeout_s: float = 120.0,
        httpx_args: dict[str, Any] | None = None,
    ) -> None:
        key = api_key or os.environ.get("ORRERY_API_KEY")
        if not key:
            raise ValueError("no API key: pass Orrery(api_key=...) or set ORRERY_API_KEY")
        url = (base_url or os.environ.get("ORRERY_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        policy = RetryPolicy(max_retries=max_retries, max_wait_s=max_retry_wait_s)
        settings: dict[str, Any] = {
            "base_url": url,
            "headers": {API_KEY_HEADER: key},
            "timeout": httpx.Timeout(timeout_s),
            **(httpx_args or {}),
        }
        self.client = AuthenticatedClient(
            base_url=url, token=key, prefix="", auth_header_name=API_KEY_HEADER
        )
        """The generated client, for calling the generated ``orrery.api`` modules directly
        (``sync_detailed`` and ``asyncio_detailed`` alike), with the key and the retries."""
        self.client.set_httpx_client(
            httpx.Client(transport=RetryTransport(httpx.HTTPTransport(), policy), **settings)
        )
        self.client.set_async_httpx_client(
            httpx.AsyncClient(
                transport=AsyncRetryTransport(httpx.AsyncHTTPTransport(), policy), **settings
            )
        )
        self._modules: dict[str, str] | None = None

    @property
    def operations(self) -> list[str]:
        """The names of every operation, as the OpenAPI document's ``operationId``s."""
        if self._modules is None:
            self._modules = _operations()
        return sorted(self._modules)

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self.operations))

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self.operations:
            raise AttributeError(
                f"Orrery has no operation {name!r}; the operations are: {', '.join(self.operations)}"
            )
        module = importlib.import_module(self._modules[name])  # type: ignore[index]
        return _Operation(self, name, module)

    def close(self) -> None:
        self.client.get_httpx_client().close()

    async def aclose(self) -> None:
        await self.client.get_async_httpx_client().aclose()

    def __enter__(self) -> Orrery:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Orrery:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _JsonBody(dict):  # type: ignore[type-arg]
    """A dict body for the generated code, which sends ``body.to_dict()`` (or, for an optional
    body, the body itself)."""

    def to_dict(self) -> dict[str, Any]:
        return dict(self)


class _Operation:
    """One operation bound to a client: ``orrery.radix(body)``."""

    def __init__(self, orrery: Orrery, name: str, module: ModuleType) -> None:
        self._orrery = orrery
        self._module = module
        self._takes_body = _takes_body(module)
        self.__name__ = name
        self.__doc__ = module.sync_detailed.__doc__

    def __call__(self, body: Any = UNSET, /, **parameters: Any) -> Any:
        """Sends the request; the answer model, bytes for a picture, None for a 304."""
        answer = self._module.sync_detailed(client=self._orrery.client, **self._arguments(body, parameters))
        return _result(answer)

    async def asyncio(self, body: Any = UNSET, /, **parameters: Any) -> Any:
        """The same, awaited: ``await orrery.radix.asyncio({...})``."""
        answer = await self._module.asyncio_detailed(
            client=self._orrery.client, **self._arguments(body, parameters)
        )
        return _result(answer)

    def _arguments(self, body: Any, parameters: dict[str, Any]) -> dict[str, Any]:
        if body is not UNSET:
            if not self._takes_body:
                raise TypeError(f"{self.__name__} takes no request body")
            # A dict goes out as written, so the service, not the generated model's parser,
            # judges it and names the field in its error.
            parameters["body"] = _JsonBody(body) if isinstance(body, dict) else body
        return parameters

    def __repr__(self) -> str:
        return f"<Orrery operation {self.__name__}>"


def _result(answer: Any) -> Any:
    """A generated ``Response``'s body, or its error answer raised."""
    status = int(answer.status_code)
    if status == 304:
        return None
    if 200 <= status < 300:
        if isinstance(answer.parsed, File):
            return answer.content
        return answer.parsed
    raise error_from_answer(status, answer.content, answer.headers)
