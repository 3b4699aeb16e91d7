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

import swisseph as swe

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "presets"
EPHE = ROOT / "ephe"
IPL = {"sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
       "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
       "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "mean_node": swe.MEAN_NODE,
       "true_node": swe.TRUE_NODE, "mean_apogee": swe.MEAN_APOG,
       "osculating_apogee": swe.OSCU_APOG, "chiron": swe.CHIRON}


def angular_diff(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def jd_of(iso_z: str) -> float:
    """Julian day (UT) of an ISO instant ending in Z (proleptic Gregorian)."""
    d = dt.datetime.fromisoformat(iso_z.replace("Z", "+00:00"))
    return swe.julday(d.year, d.month, d.day, d.hour + d.minute / 60 + d.second / 3600,
                      swe.GREG_CAL)


def file_positions(jd: float) -> dict:
    """Ecliptic longitudes of date from the Swiss Ephemeris on ephe/ (Moshier where the files
    end, as Orrery), each body from the library's initial state (swe.close first)."""
    out = {}
    for name, ipl in IPL.items():
        swe.close()
        swe.set_ephe_path(str(EPHE))
        try:
            out[name] = swe.calc_ut(jd, ipl, swe.FLG_SWIEPH | swe.FLG_SPEED)[0][0]
        except swe.Error:
            pass  # a body outside its file (Chiron)
    return out


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
