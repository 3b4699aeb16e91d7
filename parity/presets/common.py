"""Shared helpers of the preset generators: the fixture layout and the tz database's UT instant.

Every generator writes fixtures/presets/<preset>.json as

    {"preset", "peer", "source", "precision", "charts": [
        {"name", "birth": {"datetime", "timezone" | "utc_offset", "calendar"?, "latitude",
                           "longitude"},
         "peer_ut"?: the UT instant the peer used (ISO, Z), when it is not the tz database's,
         "tzdb_ut"?: the tz database's instant for the same local time (zoneinfo),
         "planets": {orrery body name: ecliptic longitude, degrees},
         "cusps": {"1".."12": degrees}, "asc", "mc", ...}]}

Values are the peer's own (its code run here, or its published numbers); nothing is computed by
Orrery or typed in by hand.
"""

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "presets"


def tzdb_ut(local_iso: str, zone: str) -> str | None:
    """The UT instant of a local time in the tz database (Python's zoneinfo; fold=0, i.e. the
    earlier reading of an ambiguous time). None where Python's datetime cannot hold the date."""
    try:
        local = dt.datetime.fromisoformat(local_iso).replace(tzinfo=ZoneInfo(zone))
    except ValueError:
        return None
    return local.astimezone(dt.timezone.utc).isoformat().replace("+00:00", "Z")


def write(preset: str, document: dict) -> Path:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    path = FIXTURES / f"{preset}.json"
    path.write_text(json.dumps({"preset": preset, **document}, indent=1, ensure_ascii=False)
                    + "\n")
    return path
