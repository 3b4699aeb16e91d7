//! Fixed stars: positions (`swe_fixstar2_ut`) and the names in the catalogue `sefstars.txt`.

use std::ffi::CString;
use std::path::Path;

use crate::body::BodyId;
use crate::calc::{EclipticPosition, Zodiac, require_swiss_files};
use crate::ephemeris::Ephemeris;
use crate::error::{EphemError, finite};
use crate::ffi::{self, Lib};
use crate::time::JulianDayUt;

use swiss_eph::{SEFLG_SPEED, SEFLG_SWIEPH};

/// The catalogue's field holding the visual magnitude (0-based): name, nomenclature, frame,
/// right ascension (3), declination (3), proper motions (2), radial velocity, parallax,
/// magnitude.
const MAGNITUDE_FIELD: usize = 13;

/// Longest star name the library reads (`SWI_STAR_LENGTH`); it would cut a longer one.
const MAX_STAR_NAME_BYTES: usize = 40;

/// One entry of the star catalogue.
#[derive(Debug, Clone, PartialEq)]
pub struct StarName {
    /// The traditional name, e.g. `Aldebaran`; `None` for stars listed by designation only.
    pub traditional: Option<String>,
    /// The nomenclature (Bayer/Flamsteed) name, e.g. `alTau`.
    pub nomenclature: String,
    /// The visual magnitude the catalogue lists (its 14th field), if it lists one.
    pub magnitude: Option<f64>,
}

/// A fixed star's position at a date.
#[derive(Debug, Clone, PartialEq)]
pub struct FixedStar {
    /// The catalogue's full name, `traditional,nomenclature`, e.g. `Aldebaran,alTau`.
    pub name: String,
    /// Apparent geocentric ecliptic position with its (tiny) daily motion; distance in AU.
    pub position: EclipticPosition,
    /// Visual magnitude from the catalogue.
    pub magnitude: f64,
}

/// A star name as the library wants it: no NUL, 1..=40 bytes.
pub(crate) fn star_c_name(name: &str) -> Result<CString, EphemError> {
    let trimmed = name.trim();
    if trimmed.is_empty() || trimmed.len() > MAX_STAR_NAME_BYTES {
        return Err(EphemError::InvalidInput {
            name: "star",
            value: name.to_owned(),
            rule: "must be 1 to 40 characters",
        });
    }
    CString::new(trimmed).map_err(|_| EphemError::InvalidInput {
        name: "star",
        value: name.escape_default().to_string(),
        rule: "must not contain a NUL character",
    })
}

/// The library's "not found" message becomes [`EphemError::StarNotFound`].
pub(crate) fn star_error(function: &'static str, name: &str, message: String) -> EphemError {
    // swe_fixstar2 says "could not find star name x", swe_rise_trans "star x not found"; a
    // missing catalogue file is "... not found in PATH ..." and stays a data error.
    let unknown = message.contains("could not find star")
        || (message.starts_with("star ") && message.ends_with("not found"));
    if unknown {
        EphemError::StarNotFound {
            name: name.to_owned(),
            message,
        }
    } else {
        EphemError::from_library(function, format!("star {name:?}"), message)
    }
}

/// Parses the catalogue: every line not starting with `#` whose first two comma-separated
/// fields are the traditional and the nomenclature name; the 14th field is the magnitude.
pub(crate) fn parse_star_names(text: &str) -> Vec<StarName> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let traditional = fields.first()?.trim();
            let nomenclature = fields.get(1)?.trim();
            if nomenclature.is_empty() {
                return None;
            }
            let magnitude = fields
                .get(MAGNITUDE_FIELD)
                .and_then(|m| m.trim().parse::<f64>().ok())
                .filter(|m| m.is_finite());
            Some(StarName {
                traditional: (!traditional.is_empty()).then(|| traditional.to_owned()),
                nomenclature: nomenclature.to_owned(),
                magnitude,
            })
        })
        .collect()
}

fn read_star_names(dir: &Path) -> Result<Vec<StarName>, EphemError> {
    let path = dir.join(swiss_eph::SE_STARFILE);
    let bytes = std::fs::read(&path).map_err(|e| EphemError::DataDir {
        path: path.clone(),
        reason: format!("cannot read the star catalogue: {e}"),
    })?;
    Ok(parse_star_names(&String::from_utf8_lossy(&bytes)))
}

impl Ephemeris {
    /// The position of a fixed star at `jd` (UT): apparent geocentric ecliptic, tropical or
    /// sidereal, with the catalogue's full name and magnitude. `name` is a traditional name
    /// (`"Aldebaran"`), a nomenclature name with a leading comma (`",alTau"`), or both.
    ///
    /// # Errors
    /// - [`EphemError::InvalidInput`] for an empty name, one over 40 bytes or with a NUL;
    /// - [`EphemError::StarNotFound`] if the catalogue has no such star;
    /// - [`EphemError::OutOfRange`] if the planetary file does not cover `jd` (the Earth's
    ///   position would come from the Moshier model);
    /// - [`EphemError::Library`] for other failures.
    pub fn fixed_star(
        &self,
        name: &str,
        jd: JulianDayUt,
        zodiac: Zodiac,
    ) -> Result<FixedStar, EphemError> {
        finite("jd_ut", jd.0)?;
        let c_name = star_c_name(name)?;
        self.with_files_lib(|lib| {
            let iflag = SEFLG_SWIEPH | SEFLG_SPEED | zodiac.apply(lib);
            let (raw, full_name) = ffi::fixstar2_ut(lib, &c_name, jd.0, iflag)
                .map_err(|m| star_error("swe_fixstar2_ut", name, m))?;
            // The star's return flags echo the request, so ask the Earth (Sun) instead.
            require_swiss_files(lib, jd.0, BodyId::SUN)?;
            let magnitude = star_magnitude(lib, &c_name, name)?;
            Ok(FixedStar {
                name: full_name,
                position: EclipticPosition::from_raw(raw.x),
                magnitude,
            })
        })
    }

    /// Every star of this directory's `sefstars.txt`, in file order (the file lists some
    /// stars twice under different traditional names, e.g. Aldebaran and Rohini). Parsed
    /// once per handle.
    ///
    /// # Errors
    /// [`EphemError::DataDir`] if the catalogue cannot be read.
    pub fn star_names(&self) -> Result<&[StarName], EphemError> {
        self.star_names_cached(read_star_names)
    }
}

fn star_magnitude(lib: &Lib, c_name: &CString, name: &str) -> Result<f64, EphemError> {
    ffi::fixstar2_mag(lib, c_name).map_err(|m| star_error("swe_fixstar2_mag", name, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_skips_comments_and_blank_lines() {
        let text = "# comment\nAldebaran  ,alTau,ICRS,04,35,55.23907,+16,30,33.4885,63.45,-188.94,\
                    54.26,48.94,0.86, 16,  629\n\n,omeDra,ICRS,17\n   \n";
        let names = parse_star_names(text);
        assert_eq!(
            names,
            vec![
                StarName {
                    traditional: Some("Aldebaran".into()),
                    nomenclature: "alTau".into(),
                    magnitude: Some(0.86),
                },
                StarName {
                    traditional: None,
                    nomenclature: "omeDra".into(),
                    magnitude: None,
                },
            ]
        );
    }

    #[test]
    fn rejects_bad_names_before_the_library() {
        assert!(star_c_name("").is_err());
        assert!(star_c_name("a\0b").is_err());
        assert!(star_c_name(&"x".repeat(41)).is_err());
        assert!(star_c_name("Sirius").is_ok());
    }
}
