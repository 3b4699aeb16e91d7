//! Compressed answers (`Content-Encoding: br` or `gzip`) for the calculation endpoints.
//!
//! A cartography or ephemeris answer can be megabytes of JSON, and compressing it is CPU work
//! in proportion: it is done on the compute lane that produced the answer, inside the same
//! admitted job (so its cost is bounded like the calculation's, and a cancelled request stops
//! compressing too), never on an async thread. That is why the encoding is not a tower layer
//! that compresses the response stream as it passes.
//!
//! The caching layer negotiates the coding from `Accept-Encoding` (RFC 9110 §12.5.3) and puts
//! it in [`RESPONSE_CODING`] for the handler; the entity tag names the coding, because a
//! compressed answer is a different representation of the same result (docs/API-DESIGN.md).

use std::io::Write;

use axum::http::HeaderMap;
use axum::http::header::ACCEPT_ENCODING;

tokio::task_local! {
    /// The coding negotiated for the answer of the request this task serves.
    pub static RESPONSE_CODING: Option<ContentCoding>;
}

/// Answers shorter than this are sent as they are: a planets answer (3 KB) or a small chart
/// gains a few hundred bytes, while the light lane's whole calculation costs about 0.2 ms.
pub const MIN_COMPRESSED_BYTES: usize = 4 * 1024;

/// Brotli quality 1 and gzip level 1: the fastest settings. On a 12 MB cartography answer they
/// shrink it 4.5× (Brotli) and 3.3× (gzip) at about 120 and 100 MB/s; quality 5 would gain a
/// further 1.5× at five times the CPU, which the compute lanes would pay for every large answer.
const BROTLI_QUALITY: u32 = 1;
const GZIP_LEVEL: u32 = 1;

/// Bytes written to an encoder between two checks for cancellation.
const CHUNK_BYTES: usize = 64 * 1024;

/// A content coding the service can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentCoding {
    Brotli,
    Gzip,
}

impl ContentCoding {
    /// The token of `Content-Encoding`.
    #[must_use]
    pub fn token(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }
}

/// The coding the client prefers among those the service produces, or `None` for the identity.
/// Higher `q` wins; on a tie Brotli (smaller for JSON); `q=0` refuses a coding, and `*` stands
/// for every coding not named.
#[must_use]
pub fn negotiate(headers: &HeaderMap) -> Option<ContentCoding> {
    let mut brotli: Option<u16> = None;
    let mut gzip: Option<u16> = None;
    let mut any: Option<u16> = None;
    for value in headers.get_all(ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = parts
                .filter_map(|parameter| {
                    let (key, value) = parameter.split_once('=')?;
                    (key.trim().eq_ignore_ascii_case("q")).then(|| parse_quality(value.trim()))
                })
                .next()
                .unwrap_or(Some(1000));
            let Some(quality) = quality else { continue };
            match name.as_str() {
                "br" => brotli = Some(quality),
                "gzip" | "x-gzip" => gzip = Some(quality),
                "*" => any = Some(quality),
                _ => {}
            }
        }
    }
    let brotli = brotli.or(any).unwrap_or(0);
    let gzip = gzip.or(any).unwrap_or(0);
    match (brotli, gzip) {
        (0, 0) => None,
        (b, g) if b >= g => Some(ContentCoding::Brotli),
        _ => Some(ContentCoding::Gzip),
    }
}

/// A quality value in thousandths (`0.5` is 500), or `None` when it is not one (RFC 9110 §12.4.2:
/// at most three decimals, from 0 to 1).
fn parse_quality(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u16>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// Compresses `bytes`, checking between chunks that the calculation was not cancelled.
///
/// # Errors
/// The calculation was cancelled (the request timed out or its client left), or the encoder
/// failed (it writes to memory, so only cancellation is expected).
pub fn compress(coding: ContentCoding, bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let capacity = bytes.len() / 4;
    match coding {
        ContentCoding::Brotli => {
            // A 4 MiB window: the repeats of a long series are far apart.
            let mut encoder = brotli::CompressorWriter::new(
                Vec::with_capacity(capacity),
                4096,
                BROTLI_QUALITY,
                22,
            );
            write_chunks(&mut encoder, bytes)?;
            encoder.flush()?;
            Ok(encoder.into_inner())
        }
        ContentCoding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(
                Vec::with_capacity(capacity),
                flate2::Compression::new(GZIP_LEVEL),
            );
            write_chunks(&mut encoder, bytes)?;
            encoder.finish()
        }
    }
}

fn write_chunks(encoder: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    for chunk in bytes.chunks(CHUNK_BYTES) {
        orrery_ephem::check_cancelled().map_err(std::io::Error::other)?;
        encoder.write_all(chunk)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::http::HeaderValue;

    use super::*;

    fn accepting(value: &str) -> Option<ContentCoding> {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        negotiate(&headers)
    }

    #[test]
    fn the_preferred_coding_wins_and_brotli_breaks_ties() {
        assert_eq!(accepting("gzip, deflate, br"), Some(ContentCoding::Brotli));
        assert_eq!(accepting("gzip"), Some(ContentCoding::Gzip));
        assert_eq!(accepting("br;q=0.5, gzip;q=0.8"), Some(ContentCoding::Gzip));
        assert_eq!(accepting("br;q=0, gzip"), Some(ContentCoding::Gzip));
        assert_eq!(accepting("*"), Some(ContentCoding::Brotli));
        assert_eq!(accepting("*;q=0.2, br;q=0"), Some(ContentCoding::Gzip));
        assert_eq!(accepting("identity"), None);
        assert_eq!(accepting("deflate, compress"), None);
        assert_eq!(accepting("gzip;q=0, br;q=0"), None);
        assert_eq!(accepting("GZIP;Q=1.000"), Some(ContentCoding::Gzip));
        assert_eq!(negotiate(&HeaderMap::new()), None);
    }

    #[test]
    fn malformed_qualities_are_ignored() {
        assert_eq!(accepting("br;q=2, gzip;q=0.5"), Some(ContentCoding::Gzip));
        assert_eq!(accepting("br;q=0.1234"), None);
        assert_eq!(accepting("br;q=abc"), None);
    }

    #[test]
    fn both_codings_round_trip() {
        let json = br#"{"samples":[1.0,2.0,3.0]}"#.repeat(5000);
        let brotli = compress(ContentCoding::Brotli, &json).unwrap();
        let mut back = Vec::new();
        brotli::Decompressor::new(&brotli[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, json);
        assert!(brotli.len() < json.len() / 20);

        let gzip = compress(ContentCoding::Gzip, &json).unwrap();
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gzip[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, json);
        assert!(gzip.len() < json.len() / 20);
    }

    #[test]
    fn a_cancelled_calculation_stops_compressing() {
        let token = orrery_ephem::CancelToken::new();
        token.cancel();
        let json = vec![b' '; 3 * CHUNK_BYTES];
        let result = orrery_ephem::run_cancellable(&token, || compress(ContentCoding::Gzip, &json));
        assert!(result.is_err());
    }
}
