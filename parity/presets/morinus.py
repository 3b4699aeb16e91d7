#!/usr/bin/env python3
"""fixtures/presets/morinus.json: Morinus's conventions, values RECONSTRUCTED (Morinus not run).

    python parity/presets/morinus.py          (in a venv made from parity/requirements.txt)

Morinus (Robert Nagy; GPL; Python with wxPython over a compiled Swiss Ephemeris module
`sweastrology`) is not on PyPI and its chart modules do not run headless: chart.py imports
options.py, which imports wx, and the ephemeris module is a compiled extension. No published
Morinus chart values were found offline. So this script does NOT give Morinus's values: it
repeats, with pyswisseph 2.10.3.2 on the repository's ephe/ files, the calls Morinus's source
makes, as read in the code index (forks of Morinus: Uthopik/morinus-astrology,
shin10567/Morinus-Source-Codes, financial-astrology-research/morinus-console):

* time (chart.py, class Time): the local time minus the zone offset the user types (hours and
  minutes, `plus` east) and minus 1 h when the DST box is ticked; with LMT the offset is the
  longitude in degrees and arc-minutes only (the form has no seconds) times 4 min; then
  swe_julday with SE_GREG_CAL or SE_JUL_CAL as chosen (the form's default is Gregorian);
* planets (chart.py, Chart.create): pflag = SEFLG_SWIEPH + SEFLG_SPEED (apparent, geocentric;
  SEFLG_TOPOCTR only with the `topocentric` option, default False), the node SE_MEAN_NODE
  (options.py: def_meannode = True);
* houses (houses.py): swe_houses_ex(jd, 0, lat, lon, hsys) with hsys 'P' (options.py def_hsys).

Use these charts to test the preset's mechanics (its time rules, node, houses), not as parity
with Morinus: `peer_values` is false.
"""

import sys
from pathlib import Path

import swisseph as swe

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE))
from common import ROOT, write  # noqa: E402

EPHE = ROOT / "ephe"
BODIES = {"sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
          "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
          "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "mean_node": swe.MEAN_NODE}

# name, local (y, m, d, h, mi, s), calendar, zone ("lmt" or (east, hours, minutes, dst)),
# longitude (deg, min, east), latitude (deg, min, north) - as Morinus's form takes them.
CHARTS = [
    ("Vinci 1452 (Julian, LMT)", (1452, 4, 14, 21, 40, 0), "julian", "lmt", (10, 55, True),
     (43, 47, True)),
    ("Eisleben 1483 (Julian, LMT)", (1483, 11, 10, 23, 0, 0), "julian", "lmt", (11, 32, True),
     (51, 31, True)),
    ("Pisa 1564 (Julian, LMT)", (1564, 2, 15, 15, 30, 0), "julian", "lmt", (10, 24, True),
     (43, 43, True)),
    ("Weil der Stadt 1571 (Julian, LMT)", (1571, 12, 27, 14, 30, 0), "julian", "lmt",
     (8, 52, True), (48, 45, True)),
    ("Woolsthorpe 1642 (Julian, LMT)", (1642, 12, 25, 1, 38, 0), "julian", "lmt",
     (0, 38, False), (52, 48, True)),
    ("Salzburg 1756 (Gregorian, LMT)", (1756, 1, 27, 20, 0, 0), "gregorian", "lmt",
     (13, 2, True), (47, 48, True)),
    ("Ulm 1879 (Gregorian, LMT)", (1879, 3, 14, 11, 30, 0), "gregorian", "lmt", (9, 59, True),
     (48, 24, True)),
    ("Zurich 1990 (zone +1, DST)", (1990, 6, 21, 12, 0, 0), "gregorian", (True, 1, 0, True),
     (8, 33, True), (47, 22, True)),
    ("New York 2000 (zone -5)", (2000, 1, 1, 0, 0, 0), "gregorian", (False, 5, 0, False),
     (74, 0, False), (40, 43, True)),
    ("Sydney 1975 (zone +10, DST)", (1975, 11, 5, 8, 30, 0), "gregorian", (True, 10, 0, True),
     (151, 12, True), (33, 52, False)),
    ("Kolkata 1950 (zone +5:30)", (1950, 1, 26, 10, 15, 0), "gregorian", (True, 5, 30, False),
     (88, 22, True), (22, 34, True)),
]


def _signed(deg: int, minutes: int, positive: bool) -> float:
    value = deg + minutes / 60.0
    return value if positive else -value


def _offset_text(hours: float) -> str:
    seconds = round(hours * 3600)
    sign = "-" if seconds < 0 else "+"
    h, rest = divmod(abs(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def _chart(name, local, calendar, zone, lon, lat) -> dict:
    y, mo, d, h, mi, s = local
    lon_deg = _signed(*lon)
    lat_deg = _signed(*lat)
    if zone == "lmt":
        # Time.__init__: t = (deglon + minlon/60) * 4 min, subtracted when east.
        offset_h = lon_deg * 4.0 / 60.0
        stated = {"zone": "LMT"}
    else:
        east, zh, zm, dst = zone
        offset_h = (zh + zm / 60.0) * (1 if east else -1) + (1.0 if dst else 0.0)
        stated = {"zone": _offset_text((zh + zm / 60.0) * (1 if east else -1)), "dst": dst}
    flag = swe.JUL_CAL if calendar == "julian" else swe.GREG_CAL
    jd = swe.julday(y, mo, d, h + mi / 60 + s / 3600 - offset_h, flag)
    planets = {}
    for body, ipl in BODIES.items():
        swe.close()
        swe.set_ephe_path(str(EPHE))
        xx, _ = swe.calc_ut(jd, ipl, swe.FLG_SWIEPH | swe.FLG_SPEED)
        planets[body] = xx[0]
    cusps, ascmc = swe.houses_ex(jd, lat_deg, lon_deg, b"P", 0)
    birth = {"datetime": f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}",
             "utc_offset": _offset_text(offset_h), "latitude": lat_deg, "longitude": lon_deg}
    if zone == "lmt":
        birth["lmt"] = "birth_place"
    if calendar != "gregorian":
        birth["calendar"] = calendar
    gy, gm, gd, gh = swe.revjul(jd, swe.GREG_CAL)
    sec = round(gh * 3600)
    return {"name": name, "birth": birth, "morinus_input": stated, "jd_ut": jd,
            "ut": f"{gy:04d}-{gm:02d}-{gd:02d}T{sec // 3600:02d}:{sec // 60 % 60:02d}:"
                  f"{sec % 60:02d}Z",
            "planets": planets, "cusps": {str(i + 1): c for i, c in enumerate(cusps)},
            "asc": ascmc[0], "mc": ascmc[1]}


def main() -> None:
    charts = [_chart(*c) for c in CHARTS]
    write("morinus", {
        "peer": f"none run: Morinus's Swiss Ephemeris calls repeated with pyswisseph "
                f"{swe.version}",
        "peer_values": False,
        "source": "reconstructed from Morinus's source (chart.py Time/Chart.create, houses.py, "
                  "options.py defaults); Morinus itself was not run and published no values",
        "precision": {"tolerance_deg": 1e-6,
                      "why": "same library and calls; Morinus displays arc-seconds"},
        "charts": charts,
    })
    print(f"fixtures/presets/morinus.json: {len(charts)} charts (reconstructed)")


if __name__ == "__main__":
    main()
