"""Kerykeion's own charts of its test subjects, computed by the kerykeion package from PyPI
(pinned in requirements.txt) without network access (`online=False`, coordinates and zone given).
"""

import logging
from importlib.metadata import version
from pathlib import Path

import swisseph as swe
from kerykeion import AstrologicalSubjectFactory

# Kerykeion's planets come from Moshier's analytical model (see `compute`): it differs from the
# JPL-based files by up to about 1" for the Moon, less for the planets.
TOLERANCE_DEG = 3.0 / 3600

HOUSES = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
          "tenth", "eleventh", "twelfth"]
PLANETS = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune",
           "pluto"]


def versions() -> dict:
    return {"kerykeion": version("kerykeion"), "pyswisseph": version("pyswisseph"),
            "swisseph_library": swe.version}


def _offset(iso: str) -> str:
    return iso[19:]


def compute(subjects: list) -> dict:
    """Each subject as kerykeion's tests make it (the name as the city, nation `XX`); a chart
    kerykeion refuses is returned as its error message."""
    # Kerykeion logs (and leaves out) Chiron where it has no file; Chiron is not compared.
    logging.getLogger().setLevel(logging.CRITICAL)
    charts = []
    for s in subjects:
        try:
            chart = AstrologicalSubjectFactory.from_birth_data(
                s["name"], *s["local"], s["name"], "XX", lng=s["lng"], lat=s["lat"],
                tz_str=s["tz"], online=False)
        except Exception as refused:  # noqa: BLE001 - any refusal is reported in the table
            charts.append({"error": f"{type(refused).__name__}: {refused}"})
            continue
        charts.append({
            "utc": chart.iso_formatted_utc_datetime,
            "offset": _offset(chart.iso_formatted_local_datetime),
            "planets": {p: getattr(chart, p).abs_pos for p in PLANETS},
            "cusps": [getattr(chart, f"{h}_house").abs_pos for h in HOUSES],
            "angles": {"ascendant": chart.ascendant.abs_pos, "mc": chart.medium_coeli.abs_pos,
                       "descendant": chart.descendant.abs_pos,
                       "imum_coeli": chart.imum_coeli.abs_pos},
        })
    # Which ephemeris kerykeion's calls got: the flag pyswisseph returns with kerykeion's path.
    import kerykeion
    swe.set_ephe_path(str(Path(kerykeion.__file__).parent / "sweph"))
    returned = swe.calc_ut(2451545.0, swe.SUN, swe.FLG_SWIEPH | swe.FLG_SPEED)[1]
    return {"charts": charts, "moshier": bool(returned & swe.FLG_MOSEPH)}
