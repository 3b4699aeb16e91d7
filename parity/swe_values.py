"""What `swetest` prints, through pyswisseph 2.10.3.2 (the Swiss Ephemeris C library 2.10.03,
the version Orrery links) on the repository's ephe/ files: ecliptic longitudes of date,
apparent, geocentric; Placidus cusps and the angles."""

from pathlib import Path

import swisseph as swe

TOLERANCE_DEG = 1e-6
# Outside the files the Moshier model keeps state between calls; Orrery computes such a position
# from the library's initial state (crates/ephem/tests/moshier_repeats.rs), as a fresh `swetest`
# process does and as `chart` below asks pyswisseph, so the same tolerance holds.
MOSHIER_TOLERANCE_DEG = 1e-6
# The years the planet files of ephe/ cover (ephe/SOURCES.md); outside, Orrery answers from the
# library's Moshier model and says so (`"ephemeris": "moshier"`), and so is pyswisseph asked.
FILES_FROM, FILES_TO = 1200, 4800
EPHE = Path(__file__).resolve().parent.parent / "ephe"

BODIES = {
    "sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
    "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
    "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "mean_node": swe.MEAN_NODE,
    "true_node": swe.TRUE_NODE, "mean_apogee": swe.MEAN_APOG, "osculating_apogee": swe.OSCU_APOG,
    "chiron": swe.CHIRON,
}


def chart(jd_ut: float, lat: float, lng: float, names: list, moshier: bool) -> dict:
    """As `swetest` asks (its default `-eswe`: the files, the library's own fallback to Moshier
    outside them); `moshier` is what Orrery said it used, and pyswisseph must agree."""
    flags = swe.FLG_SWIEPH | swe.FLG_SPEED
    bodies = {}
    fell_back = False
    for name in names:
        # A fresh library state per body, as each `swetest` run has: outside the files the
        # Moshier model keeps results of earlier calls, which moves a later body by ~1e-6°.
        swe.close()
        swe.set_ephe_path(str(EPHE))
        values, returned = swe.calc_ut(jd_ut, BODIES[name], flags)
        fell_back |= bool(returned & swe.FLG_MOSEPH)
        bodies[name] = values[0]
    if fell_back != moshier:
        raise RuntimeError(f"at JD {jd_ut} pyswisseph used Moshier: {fell_back}, Orrery: {moshier}")
    cusps, ascmc = swe.houses_ex(jd_ut, lat, lng, b"P")
    return {"bodies": bodies, "cusps": list(cusps[:12]),
            "angles": {"ascendant": ascmc[0], "mc": ascmc[1], "armc": ascmc[2],
                       "vertex": ascmc[3]}}
