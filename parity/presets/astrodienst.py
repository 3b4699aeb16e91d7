#!/usr/bin/env python3
"""fixtures/presets/astrodienst.json: astro.com's conventions, values from Astrodienst's code.

    python parity/presets/astrodienst.py      (in a venv made from parity/requirements.txt)

astro.com publishes no machine-readable chart values. Two kinds of values are written:

* `published`: the astro.com positions immanuel 1.6.0 (AGPL-3.0) tests against (its sdist's
  tests/test_charts.py, read by parity/immanuel_values.py; its comments say they were checked
  against astro.com), sign and degrees to the arcsecond. Two charts, five values each.
* `charts`: the Swiss Ephemeris, Astrodienst's own library and the engine of astro.com, through
  pyswisseph 2.10.3.2 on the repository's ephe/ files (the same files astro.com's engine reads),
  with astro.com's conventions: Julian calendar dates entered as astro.com's `jul` suffix
  (swe_julday with SE_JUL_CAL), local mean time of the birth place before standard time,
  Placidus, apparent geocentric positions. Both nodes and both Lilith variants are given, so
  whichever the preset pins can be compared. The birth data are inputs chosen here (well-known
  historical charts with the birth place's LMT, and modern charts with a tz zone); they are not
  Astro-Databank records.
"""

import datetime as dt
import sys
from importlib.metadata import version
from pathlib import Path
from zoneinfo import ZoneInfo

import swisseph as swe

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE))
sys.path.append(str(HERE.parent))
from common import ROOT, write  # noqa: E402

import immanuel_values  # noqa: E402

EPHE = ROOT / "ephe"
BODIES = {"sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
          "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
          "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "mean_node": swe.MEAN_NODE,
          "true_node": swe.TRUE_NODE, "mean_apogee": swe.MEAN_APOG,
          "osculating_apogee": swe.OSCU_APOG, "chiron": swe.CHIRON}

# name, local date-time, calendar, zone (IANA) or None for the birth place's LMT, lat, lon.
CHARTS = [
    ("Leonardo da Vinci, Vinci", "1452-04-14T21:40:00", "julian", None, 43.7833, 10.9167),
    ("Martin Luther, Eisleben", "1483-11-10T23:00:00", "julian", None, 51.5278, 11.5456),
    ("Columbus landfall, Guanahani", "1492-10-12T06:00:00", "julian", None, 24.06, -74.53),
    ("Elizabeth I, Greenwich", "1533-09-07T15:00:00", "julian", None, 51.4833, 0.0),
    ("Galileo Galilei, Pisa", "1564-02-15T15:30:00", "julian", None, 43.7167, 10.4),
    ("Johannes Kepler, Weil der Stadt", "1571-12-27T14:30:00", "julian", None, 48.75, 8.8667),
    ("Isaac Newton, Woolsthorpe (England: Julian until 1752)", "1642-12-25T01:38:00", "julian",
     None, 52.8086, -0.6306),
    ("J. W. von Goethe, Frankfurt", "1749-08-28T12:30:00", "gregorian", None, 50.1167, 8.6833),
    ("W. A. Mozart, Salzburg", "1756-01-27T20:00:00", "gregorian", None, 47.8, 13.0333),
    ("Albert Einstein, Ulm", "1879-03-14T11:30:00", "gregorian", None, 48.4, 9.9833),
    ("Zurich 1990", "1990-06-21T12:00:00", "gregorian", "Europe/Zurich", 47.3667, 8.55),
    ("New York 2000", "2000-01-01T00:00:00", "gregorian", "America/New_York", 40.7128, -74.006),
    ("Sydney 1975", "1975-11-05T08:30:00", "gregorian", "Australia/Sydney", -33.8688, 151.2093),
]


def _lmt_offset(lon: float) -> str:
    """The birth place's local mean time as an offset, to the second (4 min per degree)."""
    seconds = round(lon * 240)
    sign = "-" if seconds < 0 else "+"
    h, rest = divmod(abs(seconds), 3600)
    return f"{sign}{h:02d}:{rest // 60:02d}:{rest % 60:02d}"


def _ut(local: str, calendar: str, zone: str | None, lon: float) -> tuple[float, str]:
    """The Julian day (UT) of the local time, and the UT instant as ISO text (proleptic
    Gregorian, as Orrery echoes it)."""
    y, mo, d = (int(v) for v in local[:10].split("-"))
    h, mi, s = (int(v) for v in local[11:19].split(":"))
    if zone:
        offset_h = (dt.datetime(y, mo, d, h, mi, s, tzinfo=ZoneInfo(zone)).utcoffset()
                    .total_seconds() / 3600)
    else:
        offset_h = round(lon * 240) / 3600
    flag = swe.JUL_CAL if calendar == "julian" else swe.GREG_CAL
    jd = swe.julday(y, mo, d, h + mi / 60 + s / 3600 - offset_h, flag)
    gy, gm, gd, gh = swe.revjul(jd, swe.GREG_CAL)
    seconds = round(gh * 3600)
    return jd, (f"{gy:04d}-{gm:02d}-{gd:02d}T{seconds // 3600:02d}:{seconds // 60 % 60:02d}:"
                f"{seconds % 60:02d}Z")


def _chart(name, local, calendar, zone, lat, lon) -> dict:
    jd, ut = _ut(local, calendar, zone, lon)
    planets = {}
    moshier = False
    for body, ipl in BODIES.items():
        swe.close()
        swe.set_ephe_path(str(EPHE))
        try:
            xx, returned = swe.calc_ut(jd, ipl, swe.FLG_SWIEPH | swe.FLG_SPEED)
        except swe.Error:
            continue  # Chiron outside its file's range
        moshier |= bool(returned & swe.FLG_MOSEPH)
        planets[body] = xx[0]
    cusps, ascmc = swe.houses_ex(jd, lat, lon, b"P")
    birth = {"datetime": local, "latitude": lat, "longitude": lon}
    if zone:
        birth["timezone"] = zone
    else:
        birth["utc_offset"] = _lmt_offset(lon)
        birth["lmt"] = "birth_place"
    if calendar != "gregorian":
        birth["calendar"] = calendar
    return {"name": name, "birth": birth, "ut": ut, "jd_ut": jd, "moshier": moshier,
            "planets": planets, "cusps": {str(i + 1): c for i, c in enumerate(cusps)},
            "asc": ascmc[0], "mc": ascmc[1]}


def main() -> None:
    published = []
    for case in immanuel_values.cases():
        published.append({
            "name": f"immanuel tests/test_charts.py {case['name']}",
            "birth": {"datetime": case["local"], "timezone": case["timezone"],
                      "latitude": case["latitude"], "longitude": case["longitude"],
                      "as_written": [case["lat_text"], case["lon_text"]]},
            **({"solar_return_year": case["year"]} if "year" in case else {}),
            "values": {e["label"]: {"text": e["text"], "deg": e["value"]}
                       for e in case["expected"]},
        })
    charts = [_chart(*c) for c in CHARTS]
    write("astrodienst", {
        "peer": f"Swiss Ephemeris {swe.version} (Astrodienst) via pyswisseph "
                f"{version('pyswisseph')}; published values: immanuel "
                f"{immanuel_values.VERSION} tests (astro.com)",
        "source": "computed: Astrodienst's Swiss Ephemeris with astro.com's conventions; "
                  "published: astro.com values in immanuel's tests",
        "precision": {"charts_tolerance_deg": 1e-6,
                      "published_tolerance_deg": 0.5 / 3600,
                      "why": "the library is the one Orrery links, on the same files "
                             "(swetest-equivalent, 1e-6°); astro.com prints arcseconds"},
        "house_system": "placidus",
        "published": published,
        "charts": charts,
    })
    print(f"fixtures/presets/astrodienst.json: {len(charts)} charts, {len(published)} published")


if __name__ == "__main__":
    main()
