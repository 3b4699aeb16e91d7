#!/usr/bin/env python3
"""Sanity check of the preset fixtures against pyswisseph on the repository's ephe/ files.

    python parity/presets/check.py            (in a venv made from parity/requirements.txt)

Not a test of Orrery: it shows how far each peer's values are from the Swiss Ephemeris at the
instant the peer used, so that a preset test knows what tolerance the peer's own precision needs.
"""

import datetime as dt
import json
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import swisseph as swe

sys.path.append(str(Path(__file__).resolve().parent))
from common import FIXTURES as FIX  # noqa: E402
from common import angular_diff as diff  # noqa: E402
from common import file_positions as positions  # noqa: E402
from common import jd_of  # noqa: E402


def worst(rows):
    return max(rows, default=(0.0, ""))


def kerykeion() -> None:
    charts = json.loads((FIX / "kerykeion.json").read_text())["charts"]
    groups = {"sun..pluto": [], "true_node": [], "mean_apogee": [], "chiron": []}
    cusps = []
    for c in charts:
        jd = jd_of(c["peer_ut"])
        ref = positions(jd)
        for k, v in c["planets"].items():
            if k in ref:
                groups.get(k, groups["sun..pluto"]).append((diff(v, ref[k]), f"{c['name']} {k}"))
        cu, _ = swe.houses_ex(jd, c["birth"]["latitude"], c["birth"]["longitude"], b"P")
        for i, v in c["cusps"].items():
            cusps.append((diff(v, cu[int(i) - 1]), f"{c['name']} cusp {i}"))
    text = ", ".join(f"{g} {worst(r)[0] * 3600:.2f}\" ({worst(r)[1]})"
                     for g, r in groups.items())
    print(f"kerykeion: {len(charts)} charts; at peer_ut vs the files: {text}; cusps worst "
          f"{worst(cusps)[0]:.1e}°")


def astrodienst() -> None:
    doc = json.loads((FIX / "astrodienst.json").read_text())
    rows = []
    for p in doc["published"]:
        b = p["birth"]
        if "solar_return_year" in p:
            continue  # the return's instant is immanuel's search, not a birth time
        local = dt.datetime.fromisoformat(b["datetime"]).replace(tzinfo=ZoneInfo(b["timezone"]))
        u = local.astimezone(dt.timezone.utc)
        jd = swe.julday(u.year, u.month, u.day, u.hour + u.minute / 60 + u.second / 3600)
        ref = positions(jd)
        cu, am = swe.houses_ex(jd, b["latitude"], b["longitude"], b"P")
        want = {"SUN": ref["sun"], "MOON": ref["moon"], "ASC": am[0], "MC": am[1],
                "HOUSE2": cu[1]}
        for label, v in p["values"].items():
            rows.append((diff(v["deg"], want[label]), f"{p['name']} {label}"))
    w = worst(rows)
    print(f"astrodienst published (immanuel natal, astro.com): {len(rows)} values, worst "
          f"{w[0] * 3600:.2f}\" ({w[1]}); arcsecond rounding allows 0.5\"")


def jagannatha_hora() -> None:
    doc = json.loads((FIX / "jagannatha_hora.json").read_text())
    c = doc["charts"][0]
    pub = c["jhora_published"]
    rows = [(diff(c["planets"][k], v), k) for k, v in pub["planets"].items()]
    rows.append((diff(c["asc"], pub["asc"]), "asc"))
    w = worst(rows)
    print(f"jagannatha_hora: PyJHora vs JHora's published D1 of the Chennai chart: {len(rows)} "
          f"values, worst {w[0]:.4f}° ({w[1]}); JHora prints 0.01°")
    print(f"jagannatha_hora: Vimshottari dates imply {doc['vimshottari']['implied_year_days']}")


def main() -> int:
    kerykeion()
    astrodienst()
    jagannatha_hora()
    return 0


if __name__ == "__main__":
    sys.exit(main())
