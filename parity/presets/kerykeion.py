#!/usr/bin/env python3
"""fixtures/presets/kerykeion.json: kerykeion's own charts, computed by the pinned package.

    python parity/presets/kerykeion.py        (in a venv made from parity/requirements.txt)

The birth data are kerykeion's test subjects (parity/kerykeion_subjects.json, copied from its
repository's test suite). Each chart is made with kerykeion's defaults
(`AstrologicalSubjectFactory.from_birth_data`, `online=False`): tropical, Placidus, apparent
geocentric, its DEFAULT_ACTIVE_POINTS (true node, mean Lilith, Chiron). Kerykeion converts the
local time with pytz, whose zone data before 1901-12-13 is the zone's first offset (LMT of the
zone's reference city, rounded to the minute): the instant it used is kept as `peer_ut` beside
the tz database's `tzdb_ut`. Its planets come from Moshier (no planet files in the package).
"""

import json
import logging
import sys
from importlib.metadata import version
from pathlib import Path

# This file's folder comes first on sys.path and holds this kerykeion.py: take it off, so that
# `import kerykeion` finds the package, and import the helpers by their path below.
HERE = str(Path(__file__).resolve().parent)
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(HERE)]

import kerykeion  # noqa: E402
import swisseph as swe  # noqa: E402
from kerykeion import AstrologicalSubjectFactory  # noqa: E402

sys.path.append(HERE)
from common import ROOT, angular_diff, file_positions, jd_of, tzdb_ut, write  # noqa: E402

# kerykeion attribute -> Orrery body name.
POINTS = {"sun": "sun", "moon": "moon", "mercury": "mercury", "venus": "venus", "mars": "mars",
          "jupiter": "jupiter", "saturn": "saturn", "uranus": "uranus", "neptune": "neptune",
          "pluto": "pluto", "true_north_lunar_node": "true_node", "mean_lilith": "mean_apogee",
          "chiron": "chiron"}
HOUSES = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
          "tenth", "eleventh", "twelfth"]


def _utc(iso: str) -> str:
    """kerykeion's `iso_formatted_utc_datetime` (`…+00:00`) as `…Z`."""
    return iso.replace("+00:00", "Z")


def main() -> None:
    logging.getLogger().setLevel(logging.CRITICAL)
    subjects = json.loads((ROOT / "parity" / "kerykeion_subjects.json").read_text())["subjects"]
    charts, refused = [], []
    for s in subjects:
        y, mo, d, h, mi = s["local"]
        local = f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:00" if y > 0 else None
        try:
            c = AstrologicalSubjectFactory.from_birth_data(
                s["name"], y, mo, d, h, mi, s["name"], "XX", lng=s["lng"], lat=s["lat"],
                tz_str=s["tz"], online=False)
        except Exception as error:  # noqa: BLE001 - kerykeion refuses years before 1
            refused.append({"name": s["name"], "local": s["local"],
                            "error": f"{type(error).__name__}: {error}"})
            continue
        planets = {name: getattr(c, attr).abs_pos for attr, name in POINTS.items()
                   if getattr(c, attr, None) is not None}
        chart = {
            "name": s["name"], "id": s["id"],
            "birth": {"datetime": local, "timezone": s["tz"], "latitude": s["lat"],
                      "longitude": s["lng"]},
            "peer_ut": _utc(c.iso_formatted_utc_datetime),
            "peer_local_offset": c.iso_formatted_local_datetime[19:],
            "tzdb_ut": tzdb_ut(local, s["tz"]),
            "planets": planets,
            "cusps": {str(i + 1): getattr(c, f"{h}_house").abs_pos for i, h in enumerate(HOUSES)},
            "asc": c.ascendant.abs_pos,
            "mc": c.medium_coeli.abs_pos,
        }
        chart["ut_differs_from_tzdb"] = chart["peer_ut"] != chart["tzdb_ut"]
        charts.append(chart)
    # How far kerykeion's Moshier positions are from the Swiss Ephemeris files at the instant
    # kerykeion used: the tolerance a comparison with Orrery (which reads the files) needs.
    worst: dict = {}
    for chart in charts:
        reference = file_positions(jd_of(chart["peer_ut"]))
        for body, value in chart["planets"].items():
            if body in reference:
                worst[body] = max(worst.get(body, 0.0), angular_diff(value, reference[body]))
    swe.set_ephe_path(str(Path(kerykeion.__file__).parent / "sweph"))
    returned = swe.calc_ut(2451545.0, swe.SUN, swe.FLG_SWIEPH | swe.FLG_SPEED)[1]
    path = write("kerykeion", {
        "peer": f"kerykeion {version('kerykeion')} (pyswisseph {version('pyswisseph')}, "
                f"Swiss Ephemeris {swe.version})",
        "source": "computed: kerykeion's AstrologicalSubjectFactory.from_birth_data with its "
                  "defaults on the birth data of its test subjects (parity/kerykeion_subjects."
                  "json), online=False",
        "ephemeris": "moshier" if returned & swe.FLG_MOSEPH else "swisseph files",
        "precision": {
            "printed": "full double (abs_pos)",
            "moshier_vs_files_worst_deg": {b: round(v, 9) for b, v in sorted(worst.items())},
            "tolerance_deg": {"bodies": "moshier_vs_files_worst_deg of the body, plus 1e-6",
                              "cusps": 1e-6, "angles": 1e-6},
            "why": "kerykeion's bodies come from the Moshier model (the package ships no "
                   "sepl/semo files; Chiron from its seas_18.se1), Orrery's from the files "
                   "from 1200 on: their difference, measured here per body over these charts "
                   "(pyswisseph on ephe/), is the peer's precision; houses depend only on the "
                   "instant and match to floating point at peer_ut",
        },
        "compare_with": "peer_ut (the instant kerykeion used); with the tz database's instant "
                        "the houses of ut_differs_from_tzdb charts differ by up to 2°",
        "charts": charts,
        "refused": refused,
    })
    print(f"{path}: {len(charts)} charts, {len(refused)} refused")


if __name__ == "__main__":
    main()
