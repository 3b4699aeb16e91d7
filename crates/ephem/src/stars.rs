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

/// How many names a "did you mean" offers at most.
const MAX_SUGGESTIONS: usize = 3;

/// A star name as the library wants it: no NUL, 1..=40 bytes.
fn checked_c_name(name: &str) -> Result<CString, EphemError> {
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

/// The name the library is to look up for `name`, which must name an entry of `catalogue`:
/// a traditional name (`Aldebaran`), a designation with or without the library's leading comma
/// (`,alTau`, `alTau`), or both (`Aldebaran,alTau`); case and surrounding blanks are ignored.
///
/// The library's own lookup also reads a search pattern (`%` is a wildcard: `a%` answers the
/// first star whose name starts with `a`, and `%s` is an error) and a number (the n-th star of
/// the file). Neither is a star's name, so neither reaches it: the library gets the catalogue's
/// own spelling of a name the catalogue has.
pub(crate) fn resolve_star_name(catalogue: &[StarName], name: &str) -> Result<String, EphemError> {
    let wanted = name.trim();
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    let found = match wanted.split_once(',') {
        // `,alTau`
        Some(("", designation)) => catalogue
            .iter()
            .find(|s| same(&s.nomenclature, designation))
            .map(|s| format!(",{}", s.nomenclature)),
        // `Aldebaran,alTau`
        Some((traditional, designation)) => catalogue
            .iter()
            .find(|s| {
                same(&s.nomenclature, designation)
                    && s.traditional
                        .as_deref()
                        .is_some_and(|t| same(t, traditional))
            })
            .and_then(|s| s.traditional.clone()),
        None => catalogue
            .iter()
            .find_map(|s| s.traditional.as_deref().filter(|t| same(t, wanted)))
            .map(str::to_owned)
            .or_else(|| {
                catalogue
                    .iter()
                    .find(|s| same(&s.nomenclature, wanted))
                    .map(|s| format!(",{}", s.nomenclature))
            }),
    };
    found.ok_or_else(|| EphemError::StarNotFound {
        name: name.to_owned(),
        message: not_in_catalogue(catalogue, wanted),
    })
}

/// Why a name is not a star's, with the catalogue's nearest names when there are any.
fn not_in_catalogue(catalogue: &[StarName], wanted: &str) -> String {
    let suggestions = suggestions(catalogue, wanted);
    let form = "a star is named by its traditional name (`Aldebaran`) or its designation \
                (`,alTau`), as the catalogue sefstars.txt spells them; search patterns (`%`) \
                and line numbers are not names";
    if suggestions.is_empty() {
        format!("the catalogue has no star of this name; {form}")
    } else {
        format!(
            "the catalogue has no star of this name; did you mean {}? ({form})",
            suggestions.join(", ")
        )
    }
}

/// The catalogue's names nearest to `wanted`, ignoring case: those it begins (`Aldeb`), then
/// those within a few typing errors (`Aldebaren`), at most [`MAX_SUGGESTIONS`], each once.
fn suggestions(catalogue: &[StarName], wanted: &str) -> Vec<String> {
    let wanted = wanted.trim_start_matches(',').to_ascii_lowercase();
    // A pattern or a number is not a misspelt name: any name a letter away would be a guess.
    if wanted.is_empty() || wanted.contains('%') || wanted.chars().all(|c| c.is_ascii_digit()) {
        return Vec::new();
    }
    // Half the letters may be wrong in a short name, a third in a long one.
    let allowed = (wanted.chars().count() / 3).clamp(1, 3);
    let mut scored: Vec<(usize, String)> = Vec::new();
    for star in catalogue {
        let names = [
            star.traditional.clone(),
            Some(format!(",{}", star.nomenclature)),
        ];
        for shown in names.into_iter().flatten() {
            let plain = shown.trim_start_matches(',').to_ascii_lowercase();
            let score = if plain.starts_with(&wanted) {
                Some(0)
            } else {
                Some(edit_distance(&plain, &wanted)).filter(|&d| d <= allowed)
            };
            if let Some(score) = score
                && !scored.iter().any(|(_, s)| *s == shown)
            {
                scored.push((score, shown));
            }
        }
    }
    // Stable: equally near names stay in catalogue order (brighter stars come first in it).
    scored.sort_by_key(|(score, _)| *score);
    scored
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, name)| format!("`{name}`"))
        .collect()
}

/// The Levenshtein distance: insertions, deletions and substitutions of characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
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
    /// `name` as the library is to look it up, if this directory's catalogue has it (see
    /// [`resolve_star_name`]).
    ///
    /// # Errors
    /// [`EphemError::InvalidInput`] for an empty name, one over 40 bytes or with a NUL;
    /// [`EphemError::StarNotFound`] (with the nearest names) if the catalogue lacks it;
    /// [`EphemError::DataDir`] if the catalogue cannot be read.
    pub(crate) fn star_c_name(&self, name: &str) -> Result<CString, EphemError> {
        checked_c_name(name)?;
        checked_c_name(&resolve_star_name(self.star_names()?, name)?)
    }

    /// The [`EphemError::StarNotFound`] for a name this directory's catalogue lacks, with the
    /// nearest names it has: for callers that look names up in [`Ephemeris::star_names`]
    /// themselves.
    ///
    /// # Errors
    /// [`EphemError::DataDir`] if the catalogue cannot be read.
    pub fn unknown_star(&self, name: &str) -> Result<EphemError, EphemError> {
        Ok(EphemError::StarNotFound {
            name: name.to_owned(),
            message: not_in_catalogue(self.star_names()?, name.trim()),
        })
    }

    /// The position of a fixed star at `jd` (UT): apparent geocentric ecliptic, tropical or
    /// sidereal, with the catalogue's full name and magnitude. `name` is a traditional name
    /// (`"Aldebaran"`), a nomenclature name with or without a leading comma (`",alTau"`), or
    /// both, as the catalogue spells them (case ignored); never a search pattern.
    ///
    /// # Errors
    /// - [`EphemError::InvalidInput`] for an empty name, one over 40 bytes or with a NUL;
    /// - [`EphemError::StarNotFound`] if the catalogue has no such star, with the nearest
    ///   names it has;
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
        let c_name = self.star_c_name(name)?;
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
        assert!(checked_c_name("").is_err());
        assert!(checked_c_name("a\0b").is_err());
        assert!(checked_c_name(&"x".repeat(41)).is_err());
        assert!(checked_c_name("Sirius").is_ok());
    }

    fn star(traditional: Option<&str>, nomenclature: &str) -> StarName {
        StarName {
            traditional: traditional.map(str::to_owned),
            nomenclature: nomenclature.to_owned(),
            magnitude: None,
        }
    }

    fn catalogue() -> Vec<StarName> {
        vec![
            star(Some("Aldebaran"), "alTau"),
            star(Some("Rohini"), "alTau"),
            star(Some("Gal. Center"), "SgrA*"),
            star(None, "omeDra"),
            star(Some("Algol"), "bePer"),
            star(Some("Ain"), "epTau"),
        ]
    }

    #[test]
    fn names_resolve_to_the_catalogue_spelling() {
        let names = catalogue();
        for (asked, library) in [
            ("Aldebaran", "Aldebaran"),
            (" aldebaran ", "Aldebaran"),
            ("ROHINI", "Rohini"),
            (",altau", ",alTau"),
            ("alTau", ",alTau"),
            ("aldebaran,ALTAU", "Aldebaran"),
            ("gal. center", "Gal. Center"),
            ("omeDra", ",omeDra"),
        ] {
            assert_eq!(
                resolve_star_name(&names, asked).unwrap(),
                library,
                "{asked}"
            );
        }
    }

    #[test]
    fn patterns_and_numbers_are_not_names() {
        let names = catalogue();
        for asked in [
            "%s",
            "%%",
            "%",
            "a%",
            "Alde%",
            "1",
            "0",
            ",",
            "Rohini,bePer",
            "Aldeb",
        ] {
            assert!(
                matches!(
                    resolve_star_name(&names, asked),
                    Err(EphemError::StarNotFound { .. })
                ),
                "{asked}"
            );
        }
    }

    #[test]
    fn an_unknown_name_offers_the_nearest() {
        let names = catalogue();
        let message = |asked| match resolve_star_name(&names, asked) {
            Err(EphemError::StarNotFound { message, .. }) => message,
            other => panic!("{other:?}"),
        };
        assert!(message("Aldebaren").contains("did you mean `Aldebaran`?"));
        assert!(message("aldeb").contains("did you mean `Aldebaran`?"));
        assert!(message("Algool").contains("did you mean `Algol`?"));
        assert!(message("omedr").contains("did you mean `,omeDra`?"));
        assert!(!message("%s").contains("did you mean"));
        assert!(
            !message("%in").contains("did you mean"),
            "a pattern, not `Ain` misspelt"
        );
        assert!(!message("1").contains("did you mean"));
        assert!(message("%s").contains("search patterns (`%`)"));
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("algol", "algool"), 1);
    }
}
