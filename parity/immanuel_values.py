"""immanuel's astro.com spot checks, read from the test file of its sdist on PyPI.

immanuel (AGPL-3.0) tests its natal chart with positions that, as the test's comments say,
were checked against astro.com, written as sign and degrees rounded to the arcsecond
(`"10°37'26\\""`). This module downloads the pinned sdist with pip (cached), reads
`tests/test_charts.py` and returns the birth data of the natal test and its expected values.
"""

import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

VERSION = "1.6.0"
SIGNS = ["ARIES", "TAURUS", "GEMINI", "CANCER", "LEO", "VIRGO", "LIBRA", "SCORPIO",
         "SAGITTARIUS", "CAPRICORN", "AQUARIUS", "PISCES"]
# immanuel's chart constants -> where Orrery's radix answer carries the value.
TARGETS = {"SUN": ("planet", "sun"), "MOON": ("planet", "moon"), "ASC": ("angle", "ascendant"),
           "MC": ("angle", "mc"), "HOUSE2": ("house", "2")}
CACHE = Path(os.environ.get("PARITY_CACHE", Path.home() / ".cache" / "orrery-parity"))


def _test_file() -> str:
    sdist = CACHE / f"immanuel-{VERSION}.tar.gz"
    if not sdist.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary",
                        ":all:", "--no-deps", f"immanuel=={VERSION}", "-d", str(CACHE)],
                       check=True)
    with tarfile.open(sdist) as archive:
        member = archive.getmember(f"immanuel-{VERSION}/tests/test_charts.py")
        return archive.extractfile(member).read().decode("utf-8")


def _fixture(source: str, name: str) -> str:
    return re.search(rf'def {name}\(\):\s*return "([^"]+)"', source).group(1)


def _coordinate(text: str) -> float:
    degrees, direction, minutes = re.fullmatch(r"(\d+)([NSEW])([\d.]+)", text).groups()
    value = int(degrees) + float(minutes) / 60
    return -value if direction in "SW" else value


def sign_dms(longitude: float) -> str:
    """Sign and degrees rounded to the arcsecond, as immanuel formats `sign_longitude`."""
    total = round((longitude % 360.0) * 3600)
    sign, within = divmod(total % (360 * 3600), 30 * 3600)
    degrees, rest = divmod(within, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{SIGNS[sign].title()} {degrees:02d}°{minutes:02d}'{seconds:02d}\""


def _case(source: str, test: str) -> dict:
    body = source.split(f"def {test}(")[1].split("\ndef ")[0]
    flat = re.sub(r"\s+", "", body)
    signs = dict(re.findall(r"(?:objects|houses)\[chart\.(\w+)\]\.sign\.name"
                            r"==names\.SIGNS\[chart\.(\w+)\]", flat))
    texts = re.findall(r'(?:objects|houses)\[chart\.(\w+)\]\.sign_longitude\.formatted=="'
                       r'((?:[^"\\]|\\.)*)"', flat)
    expected = []
    for key, text in texts:
        if key not in TARGETS:
            continue  # the Part of Fortune: immanuel's formula, not an astro.com position
        text = text.replace('\\"', '"')
        d, m, s = (int(v) for v in re.fullmatch(r"(\d+)°(\d+)'(\d+)\"", text).groups())
        sign = SIGNS.index(signs[key])
        kind, where = TARGETS[key]
        expected.append({"label": key, "kind": kind, "key": where,
                         "text": f"{SIGNS[sign].title()} {text}",
                         "value": sign * 30 + d + m / 60 + s / 3600})
    lat_text, lon_text = _fixture(source, "lat"), _fixture(source, "lon")
    return {
        "local": _fixture(source, "dob").replace(" ", "T"),
        "timezone": re.search(r'\.timezone=="([^"]+)"', flat).group(1),
        "lat_text": lat_text, "lon_text": lon_text,
        "latitude": _coordinate(lat_text), "longitude": _coordinate(lon_text),
        "expected": expected,
    }


def cases() -> list:
    """The natal chart and the solar return of immanuel's tests/test_charts.py."""
    source = _test_file()
    natal = {"name": "natal", **_case(source, "test_natal")}
    solar_return = {"name": "solar return", **_case(source, "test_solar_return"),
                    "year": int(re.search(r"def solar_return_year\(\):\s*return (\d+)",
                                          source).group(1))}
    return [natal, solar_return]
