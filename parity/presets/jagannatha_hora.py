#!/usr/bin/env python3
"""fixtures/presets/jagannatha_hora.json: Jagannatha Hora's conventions, values from PyJHora.

    python parity/presets/jagannatha_hora.py      (in a venv with pyjhora==4.8.7 --no-deps,
                                                   pyswisseph==2.10.3.2, pytz, numpy, geopy,
                                                   geocoder, requests, python-dateutil)

Jagannatha Hora (JHora, P.V.R. Narasimha Rao) is a Windows program; no package carries its
planet longitudes for more than one chart. PyJHora 4.8.7 (AGPL-3.0, PyPI `pyjhora`) is a
Python port that checks itself against JHora. Its own default ayanamsa is TRUE_PUSHYA with true
nodes (jhora/const.py), but its JHora comparisons use JHora's defaults, Lahiri with mean nodes
(jhora/tests/pvr_tests.py: `test_outputs_lahiri_mean_nodes.json`, and the D1 chart of
`divisional_chart_tests`, which PyJHora matches only with Lahiri and the mean node). This script
sets those JHora defaults and runs PyJHora's own `charts.rasi_chart` on the charts of its tests
(the Chennai chart of pvr_tests.py and the book charts of jhora/tests/book_chart_data.py) and a few
historical ones. For the Chennai chart it also records the JHora values PyJHora's test expects
(0.01° precision) — the only JHora-published longitudes found offline.

Values are sidereal (Lahiri as PyJHora applies it), PyJHora's positions: FLG_TRUEPOS (true, not
apparent, positions: jhora/const.py PLANET_POSITIONS_TRUE) and, with no planet files in the
package, the Moshier model. The zone is a fixed offset in hours, as JHora takes it.
"""

import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE))
from common import EPHE, write  # noqa: E402

from jhora import const  # noqa: E402

const.set_node_mode(False)  # JHora's default: mean Rahu/Ketu (set before drik reads const._RAHU)

import swisseph as swe  # noqa: E402
from jhora import utils  # noqa: E402
from jhora.horoscope.chart import charts  # noqa: E402
from jhora.panchanga import drik  # noqa: E402
from jhora.tests import book_chart_data  # noqa: E402

drik.set_ayanamsa_mode("LAHIRI")

# PyJHora planet index -> Orrery body name (Rahu = the node used; Ketu is its opposite).
BODIES = {0: "sun", 1: "moon", 2: "mars", 3: "mercury", 4: "jupiter", 5: "venus", 6: "saturn",
          7: "mean_node"}


APPARENT_BODIES = {"sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
                   "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN,
                   "uranus": swe.URANUS, "neptune": swe.NEPTUNE, "pluto": swe.PLUTO,
                   "mean_node": swe.MEAN_NODE}


def _offset(hours: float) -> str:
    sign = "-" if hours < 0 else "+"
    minutes = round(abs(hours) * 60)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def _chart(name: str, dob: tuple, tob: tuple, lat: float, lon: float, tz_hours: float) -> dict:
    jd = utils.julian_day_number(dob, tob)
    place = drik.Place(name, lat, lon, tz_hours)
    rasi = charts.rasi_chart(jd, place)
    planets, asc = {}, None
    for p, (sign, within) in rasi:
        value = sign * 30 + within
        if p == "L":
            asc = value
        elif p in BODIES:
            planets[BODIES[p]] = value
    for body, ipl in (("uranus", const._URANUS), ("neptune", const._NEPTUNE),
                      ("pluto", const._PLUTO)):
        planets[body] = drik.sidereal_longitude(jd - tz_hours / 24.0, ipl)
    # Orrery answers apparent positions, JHora true ones (FLG_TRUEPOS): their difference at this
    # instant, from the library itself, is what a comparison must allow beside JHora's 0.01°.
    swe.set_sid_mode(swe.SIDM_LAHIRI)
    apparent_minus_true = {}
    for body, ipl in APPARENT_BODIES.items():
        flags = swe.FLG_SWIEPH | swe.FLG_SIDEREAL
        apparent = swe.calc_ut(jd - tz_hours / 24.0, ipl, flags)[0][0]
        true = swe.calc_ut(jd - tz_hours / 24.0, ipl, flags | swe.FLG_TRUEPOS)[0][0]
        apparent_minus_true[body] = (apparent - true + 180.0) % 360.0 - 180.0
    # JHora's default bhavas (const.bhaava_madhya_method = 1): (start, middle, end) per house.
    bhavas = drik._bhaava_madhya_new(jd, place, 1)
    y, m, d = dob
    h, mi, s = tob
    return {
        "name": name,
        "birth": {"datetime": f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}",
                  "utc_offset": _offset(tz_hours), "latitude": lat, "longitude": lon},
        "zodiac": "sidereal", "ayanamsa": "lahiri",
        "ayanamsa_deg": drik.get_ayanamsa_value(jd - tz_hours / 24.0),
        "planets": planets,
        "asc": asc,
        "cusps": {str(i + 1): start % 360 for i, (_, (start, _mid, _end), _) in
                  enumerate(bhavas)},
        "bhava_madhya": {str(i + 1): mid % 360 for i, (_, (_start, mid, _end), _) in
                         enumerate(bhavas)},
        "apparent_minus_true_deg": apparent_minus_true,
        "cusps_are": "the starts of JHora's default bhavas (lagna in the middle of house 1), "
                     "= Orrery's vehlow cusps; bhava_madhya are the middles",
    }


def _jhora_expected() -> dict:
    """The D1 (rasi) chart JHora gives for the Chennai chart, as pvr_tests.py expects it."""
    import jhora.tests
    source = (Path(jhora.tests.__file__).parent / "pvr_tests.py").read_text()
    body = source.split("def divisional_chart_tests():")[1]
    first = re.search(r"exp = \{1: (\[.*?\]\]), *\n", body).group(1)
    entries = json.loads(first.replace("'L'", '"L"').replace("(", "[").replace(")", "]"))
    planets, asc = {}, None
    for p, (sign, within) in entries:
        if p == "L":
            asc = sign * 30 + within
        elif p in BODIES:
            planets[BODIES[p]] = sign * 30 + within
    return {"planets": planets, "asc": asc, "precision_deg": 0.01,
            "source": "jhora/tests/pvr_tests.py divisional_chart_tests, exp[1] (D1), PyJHora "
                      "4.8.7: values its test compares with JHora's"}


def _dasha_expected() -> dict:
    """The Vimshottari antardasha start dates PyJHora's _vimsottari_test_6 expects for the
    Chennai chart, and the year length (days) they imply: each antardasha lasts
    maha_years * antar_years / 120 years."""
    import datetime as dt

    import jhora.tests
    source = (Path(jhora.tests.__file__).parent / "pvr_tests.py").read_text()
    body = source.split("def _vimsottari_test_6():")[1].split("\ndef ")[0]
    place = re.search(r"drik\.Place\('([^']+)',([\d.]+), ([\d.]+), \+?([\d.]+)\)", body)
    rows = json.loads(re.search(r"exp = (\[\[.*?\]\])\n", body).group(1).replace("'", '"'))
    years = const.vimsottari_dict
    parse = lambda text: dt.datetime.strptime(text[:19], "%Y-%m-%d %H:%M:%S")  # noqa: E731
    implied = [(parse(b[2]) - parse(a[2])).total_seconds() / 86400 / (years[a[0]] * years[a[1]]
                                                                       / 120)
               for a, b in zip(rows, rows[1:])]
    names = {**BODIES, 7: "rahu", 8: "ketu"}
    return {
        "source": "jhora/tests/pvr_tests.py _vimsottari_test_6 (PyJHora 4.8.7)",
        "birth": {"datetime": "1996-12-07T10:34:00", "utc_offset": _offset(float(place[4])),
                  "latitude": float(place[2]), "longitude": float(place[3])},
        "antardashas": [{"maha": names[m], "antar": names[a], "start_local": text}
                        for m, a, text in rows],
        "implied_year_days": {"min": min(implied), "max": max(implied)},
        "pyjhora_mean_sidereal_year_days": const.sidereal_year,
        "moon": _dasha_moon(place),
    }


def _dasha_moon(place) -> dict:
    """The Moon the dashas count from, sidereal Lahiri: the true one of the ephemeris files (the
    Moon the dates of PyJHora's test imply, to 0.001"), the apparent one of the
    files (Orrery's), and PyJHora's own (true, of the Moshier model, which the test's dates do not
    match). A difference in the Moon moves every dasha bound by the same time: the difference's
    share of a nakshatra (13°20') times the first lord's years, in dasha years."""
    dob, tob = (1996, 12, 7), (10, 34, 0)
    jd = utils.julian_day_number(dob, tob)
    tz_hours = float(place[4])
    peer = charts.get_chart_element_longitude(
        jd, drik.Place(place[1], float(place[2]), float(place[3]), tz_hours), 1, 1, 1, 1)
    swe.set_ephe_path(str(EPHE))
    swe.set_sid_mode(swe.SIDM_LAHIRI)
    flags = swe.FLG_SWIEPH | swe.FLG_SIDEREAL
    moon = {}
    for key, extra in (("true_with_files_deg", swe.FLG_TRUEPOS), ("apparent_with_files_deg", 0)):
        values, returned = swe.calc_ut(jd - tz_hours / 24.0, swe.MOON, flags | extra)
        assert returned & swe.FLG_SWIEPH, "the Moon did not come from the files"
        moon[key] = values[0]
    swe.set_ephe_path(const._ephe_path)
    return {**moon, "pyjhora_moshier_true_deg": peer,
            "why": "the test's dates count from the true Moon of the files, Orrery from the "
                   "apparent one; the difference moves every dasha bound alike"}


def main() -> None:
    cases = [("Chennai (pvr_tests)", (1996, 12, 7), (10, 34, 0), 13.0878, 80.2785, 5.5)]
    for i in range(1, 40):
        if not hasattr(book_chart_data, f"chart_{i}_dob"):
            continue
        place = getattr(book_chart_data, f"chart_{i}_place")
        dcf = getattr(book_chart_data, f"chart_{i}_dcf", 1)
        case = (f"book_chart_data chart_{i}", getattr(book_chart_data, f"chart_{i}_dob"),
                getattr(book_chart_data, f"chart_{i}_tob"), place.latitude, place.longitude,
                place.timezone)
        if dcf == 1 and case[1:] not in [c[1:] for c in cases]:
            cases.append(case)
    # Historical charts (inputs chosen here; the values are PyJHora's). PyJHora reads every date
    # as proleptic Gregorian (utils.julian_day_number: swe.julday's default calendar).
    cases += [("Ujjain 1250", (1250, 3, 21), (6, 0, 0), 23.1765, 75.7885, 5.0 + 1 / 60),
              ("Vijayanagara 1509", (1509, 8, 8), (12, 0, 0), 15.335, 76.46, 5.0 + 6 / 60),
              ("Varanasi 1800", (1800, 1, 1), (0, 0, 0), 25.3176, 82.9739, 5.0 + 32 / 60)]
    result = [_chart(*case) for case in cases]
    result[0]["jhora_published"] = _jhora_expected()
    dasha = _dasha_expected()
    swe.set_ephe_path(const._ephe_path)
    returned = swe.calc_ut(2451545.0, swe.SUN, swe.FLG_SWIEPH)[1]
    path = write("jagannatha_hora", {
        "peer": f"PyJHora {version('pyjhora')} (port of Jagannatha Hora; pyswisseph "
                f"{version('pyswisseph')}, Swiss Ephemeris {swe.version})",
        "source": "computed: PyJHora's charts.rasi_chart with JHora's defaults (Lahiri, mean "
                  "nodes); the first chart also carries the JHora values of PyJHora's test",
        "ephemeris": "moshier" if returned & swe.FLG_MOSEPH else "swisseph files",
        "positions": "true (FLG_TRUEPOS), sidereal Lahiri (SIDM_LAHIRI)",
        "precision": {"printed": "full double", "tolerance_deg": {
            "planets": 0.01, "asc": 0.01},
            "why": "JHora prints 0.01° in the values PyJHora checks; PyJHora's true (not "
                   "apparent) positions differ from apparent ones by up to ~20\" (aberration)"},
        "charts": result,
        "vimshottari": dasha,
    })
    print(f"{path}: {len(result)} charts")


if __name__ == "__main__":
    main()
