//! Positions in words, for the `<title>` of each element (what a screen reader says).

use crate::geometry::sign_degree_minute;
use crate::glyphs::SIGN_NAMES;

/// `mars` -> `Mars`, `true_node` -> `True node`, `mc` -> `MC`.
pub(crate) fn body_words(name: &str) -> String {
    match name {
        "mc" => return "MC".to_owned(),
        "ic" => return "IC".to_owned(),
        "mean_apogee" => return "Mean Lilith (mean apogee)".to_owned(),
        "osculating_apogee" => return "True Lilith (osculating apogee)".to_owned(),
        _ => {}
    }
    let spaced = name.replace('_', " ");
    let mut chars = spaced.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// `12°34′ Leo`.
pub(crate) fn position_words(longitude_deg: f64) -> String {
    let (sign, degree, minute) = sign_degree_minute(longitude_deg);
    format!("{degree}°{minute:02}′ {}", SIGN_NAMES[sign])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_as_words() {
        assert_eq!(
            format!("{} {}", body_words("mars"), position_words(132.5678)),
            "Mars 12°34′ Leo"
        );
        assert_eq!(body_words("true_node"), "True node");
    }
}
