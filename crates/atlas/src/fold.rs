//! Folding of place names and queries for matching: case, diacritics and script ignored.

/// Folds a name or query to lower-case ASCII words separated by single spaces.
///
/// Letters are transliterated by `deunicode` (`München` → `munchen`, `Łódź` → `lodz`,
/// `Грац` → `grats`, `ß` → `ss`); apostrophes vanish (`l'Aldosa` → `laldosa`), every other
/// run of non-alphanumeric characters becomes one space, and the ends are trimmed.
///
/// ```
/// use orrery_atlas::fold;
///
/// assert_eq!(fold("  Saint-Étienne "), "saint etienne");
/// assert_eq!(fold("MÜNCHEN"), fold("munchen"));
/// assert_eq!(fold("Kraków"), "krakow");
/// ```
#[must_use]
pub fn fold(text: &str) -> String {
    let ascii = deunicode::deunicode(text);
    let mut folded = String::with_capacity(ascii.len());
    let mut pending_space = false;
    for c in ascii.chars() {
        if c.is_ascii_alphanumeric() {
            if pending_space && !folded.is_empty() {
                folded.push(' ');
            }
            pending_space = false;
            folded.push(c.to_ascii_lowercase());
        } else if c != '\'' && c != '`' {
            pending_space = true;
        }
    }
    folded
}

/// The German spelling of umlauts without them (`München` → `muenchen`), folded; `None` when the
/// name has no umlaut or ß. Places are indexed under both spellings, so that `Muenchen` finds
/// `München` the way German speakers write it on a keyboard without umlauts.
#[must_use]
pub fn fold_german(text: &str) -> Option<String> {
    if !text.chars().any(|c| "äöüÄÖÜ".contains(c)) {
        return None;
    }
    let spelled: String = text
        .chars()
        .map(|c| match c {
            'ä' => "ae".to_owned(),
            'ö' => "oe".to_owned(),
            'ü' => "ue".to_owned(),
            'Ä' => "Ae".to_owned(),
            'Ö' => "Oe".to_owned(),
            'Ü' => "Ue".to_owned(),
            other => other.to_string(),
        })
        .collect();
    Some(fold(&spelled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_diacritics_and_separators() {
        assert_eq!(fold("München"), "munchen");
        assert_eq!(fold("Łódź"), "lodz");
        assert_eq!(fold("Straße"), "strasse");
        assert_eq!(fold("l'Aldosa"), "laldosa");
        assert_eq!(fold("Frankfurt (Oder)"), "frankfurt oder");
        assert_eq!(fold("  --  "), "");
    }

    #[test]
    fn german_spelling_only_for_umlauts() {
        assert_eq!(fold_german("München").as_deref(), Some("muenchen"));
        assert_eq!(fold_german("Österreich").as_deref(), Some("oesterreich"));
        assert_eq!(fold_german("Graz"), None);
    }

    #[test]
    fn other_scripts_fold_to_latin() {
        assert_eq!(fold("Грац"), "grats");
        assert!(!fold("東京").is_empty());
    }
}
