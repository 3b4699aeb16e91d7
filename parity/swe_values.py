"""What `swetest` prints, through pyswisseph 2.10.3.2 (the Swiss Ephemeris C library 2.10.03,
the version Orrery links) on the repository's ephe/ files: ecliptic longitudes of date,
apparent, geocentric; Placidus cusps and the angles."""

from pathlib import Path

import swisseph as swe

TOLERANCE_DEG = 1e-6
EPHE = Path(__file__).resolve().parent.parent / "ephe"

BODIES = {
    "sun": swe.SUN, "moon": swe.MOON, "mercury": swe.MERCURY, "venus": swe.VENUS,
    "mars": swe.MARS, "jupiter": swe.JUPITER, "saturn": swe.SATURN, "uranus": swe.URANUS,
    "neptune": swe.NEPTUNE, "pluto": swe.PLUTO, "mean_node": swe.MEAN_NODE,
    "true_node": swe.TRUE_NODE, "mean_apogee": swe.MEAN_APOG, "osculating_apogee": swe.OSCU_APOG,
    "chiron": swe.CHIRON,
}


def chart(jd_ut: float, lat: float, lng: float) -> dict:
    swe.set_ephe_path(str(EPHE))
    bodies = {}
    for name, number in BODIES.items():
        values, returned = swe.calc_ut(jd_ut, number, swe.FLG_SWIEPH | swe.FLG_SPEED)
        if returned & swe.FLG_MOSEPH:
            raise RuntimeError(f"pyswisseph fell back to Moshier for {name} at JD {jd_ut}")
        bodies[name] = values[0]
    cusps, ascmc = swe.houses_ex(jd_ut, lat, lng, b"P")
    return {"bodies": bodies, "cusps": list(cusps[:12]),
            "angles": {"ascendant": ascmc[0], "mc": ascmc[1], "armc": ascmc[2],
                       "vertex": ascmc[3]}}
