"""Generates the client from Orrery's OpenAPI document while the package is built.

The document is taken from, first found:

1. ``ORRERY_OPENAPI``: a file path or an ``http(s)://`` URL (a live service's
   ``/v1/openapi.json``);
2. ``openapi.json`` beside this file (an sdist carries it);
3. the repository's snapshot of the document,
   ``crates/server/src/snapshots/orrery_server__openapi__tests__the_document_snapshot.snap``.
   The server's test ``the_document_snapshot`` fails whenever the served document and this
   snapshot differ, so in a clone it is the document of the code beside it, and no service
   has to run (nor the server be compiled) to build the client.

openapi-python-client writes the ``api``, ``models``, ``client``, ``errors`` and ``types``
modules; they are added to the ``orrery`` package beside the hand-written layer
(``src/orrery``), unchanged.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

HERE = Path(__file__).resolve().parent
SNAPSHOT = (
    HERE.parent.parent
    / "crates/server/src/snapshots/orrery_server__openapi__tests__the_document_snapshot.snap"
)
GENERATED = ["api", "models", "client.py", "errors.py", "types.py"]

# The picture endpoints answer image/png or image/svg+xml; the generator knows JSON, text and
# octet-stream, and its documented way for other media types is to read them as bytes. No post
# hooks: they run ruff, a formatter the client does not need.
GENERATOR_CONFIG = """\
post_hooks: []
project_name_override: orrery
package_name_override: orrery
content_type_overrides:
  image/svg+xml: application/octet-stream
  image/png: application/octet-stream
"""


def snapshot_document(text: str) -> dict:
    """The JSON document inside an insta snapshot (a `---` header, then the JSON)."""
    if text.startswith("---"):
        end = text.index("\n---\n", 3)
        text = text[end + len("\n---\n") :]
    return json.loads(text)


def load_document() -> tuple[dict, str]:
    """The OpenAPI document and where it came from."""
    source = os.environ.get("ORRERY_OPENAPI")
    if source:
        if source.startswith(("http://", "https://")):
            with urllib.request.urlopen(source, timeout=30) as answer:
                return json.load(answer), source
        return snapshot_document(Path(source).read_text(encoding="utf-8")), source
    beside = HERE / "openapi.json"
    if beside.is_file():
        return json.loads(beside.read_text(encoding="utf-8")), str(beside)
    if SNAPSHOT.is_file():
        return snapshot_document(SNAPSHOT.read_text(encoding="utf-8")), str(SNAPSHOT)
    raise RuntimeError(
        "orrery-client: no OpenAPI document to generate the client from: set ORRERY_OPENAPI "
        "to a file or to a service's /v1/openapi.json URL, or build inside the Orrery repository"
    )


class GenerateClient(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        document, source = load_document()
        self._work = Path(tempfile.mkdtemp(prefix="orrery-client-"))
        spec = self._work / "openapi.json"
        spec.write_text(json.dumps(document), encoding="utf-8")
        if self.target_name == "sdist":
            # An sdist is built again elsewhere, without the repository: it carries the document.
            build_data["force_include"][str(spec)] = "openapi.json"
            return
        config = self._work / "config.yaml"
        config.write_text(GENERATOR_CONFIG, encoding="utf-8")
        out = self._work / "orrery"
        generate = [
            sys.executable, "-m", "openapi_python_client", "generate",
            "--path", str(spec), "--output-path", str(out),
            "--meta", "none", "--config", str(config),
        ]
        result = subprocess.run(generate, capture_output=True, text=True)
        if result.returncode != 0 or not (out / "api").is_dir():
            raise RuntimeError(
                f"openapi-python-client failed on {source}:\n{result.stdout}\n{result.stderr}"
            )
        self.app.display_info(f"orrery-client: generated from {source}")
        for name in GENERATED:
            build_data["force_include"][str(out / name)] = f"orrery/{name}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        shutil.rmtree(getattr(self, "_work", ""), ignore_errors=True)
