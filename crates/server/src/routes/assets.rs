//! The files the pages load (scripts, styles, the OpenAPI document, the guides, licences), served
//! from memory: compressed per `Accept-Encoding`, with an entity tag per representation, and
//! revalidated on every use (`Cache-Control: no-cache`), so a repeat visit costs one 304 per
//! file and a new release's page never runs with the previous release's script.
//!
//! A file's compressed forms are made once per process, on its first request (on a blocking
//! thread: the OpenAPI document is 0.7 MB), or come ready from the repository (Swagger UI's
//! bundle, compressed at the best settings by `docs/vendor-swagger-ui`).

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use sha2::{Digest, Sha256};

use crate::app::AppState;
use crate::encoding::{ContentCoding, negotiate};

/// What the playground and the API reference may load: their own files and the API, nothing
/// inline, nothing from elsewhere. `data:` images are Swagger UI's icons and the playground's
/// pictures.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
frame-ancestors 'none'; form-action 'none'";

pub(crate) const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
pub(crate) const CSS: &str = "text/css; charset=utf-8";
pub(crate) const JSON: &str = "application/json";
pub(crate) const PLAIN_TEXT: &str = "text/plain; charset=utf-8";
pub(crate) const HTML: &str = "text/html; charset=utf-8";

/// Files shorter than this are sent as they are: the header overhead eats the gain.
const MIN_COMPRESSED_BYTES: usize = 1024;

/// Adds the Content-Security-Policy to a page or a file of one.
pub(crate) fn with_policy(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    response
}

/// `GET` of one file.
pub(crate) fn get_file(file: &'static StaticFile) -> MethodRouter<AppState> {
    get(move |request_headers: HeaderMap| async move { file.respond(&request_headers).await })
}

/// Where a file's text comes from: embedded as it is, or made once (the OpenAPI document).
#[derive(Clone, Copy)]
enum Source {
    Text(&'static str),
    Made(fn() -> &'static str),
}

/// A file served from memory, in each coding the client accepts.
pub(crate) struct StaticFile {
    content_type: &'static str,
    source: Source,
    /// The Brotli and gzip forms from the repository, when it has them.
    ready: Option<(&'static [u8], &'static [u8])>,
    forms: OnceLock<Forms>,
}

/// The tag of the file and its compressed forms (`None` when it is too short to gain).
struct Forms {
    tag: String,
    brotli: Option<Cow<'static, [u8]>>,
    gzip: Option<Cow<'static, [u8]>>,
}

impl StaticFile {
    pub(crate) const fn new(content_type: &'static str, body: &'static str) -> Self {
        Self {
            content_type,
            source: Source::Text(body),
            ready: None,
            forms: OnceLock::new(),
        }
    }

    /// A file whose text is made on first use.
    pub(crate) const fn made(content_type: &'static str, body: fn() -> &'static str) -> Self {
        Self {
            content_type,
            source: Source::Made(body),
            ready: None,
            forms: OnceLock::new(),
        }
    }

    /// A file with its Brotli and gzip forms from the repository.
    pub(crate) const fn precompressed(
        content_type: &'static str,
        body: &'static str,
        brotli: &'static [u8],
        gzip: &'static [u8],
    ) -> Self {
        Self {
            content_type,
            source: Source::Text(body),
            ready: Some((brotli, gzip)),
            forms: OnceLock::new(),
        }
    }

    pub(crate) fn body(&self) -> &'static str {
        match self.source {
            Source::Text(text) => text,
            Source::Made(make) => make(),
        }
    }

    /// The Brotli and gzip forms from the repository, if any.
    #[cfg(test)]
    pub(crate) fn ready(&self) -> Option<(&'static [u8], &'static [u8])> {
        self.ready
    }

    fn forms(&self) -> &Forms {
        self.forms.get_or_init(|| {
            let body = self.body().as_bytes();
            let digest = Sha256::digest(body);
            let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
            let (brotli, gzip) = match self.ready {
                Some((brotli, gzip)) => (Some(Cow::Borrowed(brotli)), Some(Cow::Borrowed(gzip))),
                None if body.len() < MIN_COMPRESSED_BYTES => (None, None),
                // The answers' fast settings (`encoding::compress`): the OpenAPI document's
                // 0.78 MB become 139 KB in Brotli and 169 KB in gzip, once per process.
                None => {
                    let make =
                        |coding| crate::encoding::compress(coding, body).ok().map(Cow::Owned);
                    (make(ContentCoding::Brotli), make(ContentCoding::Gzip))
                }
            };
            Forms {
                tag: hex,
                brotli,
                gzip,
            }
        })
    }

    /// 200 with the file in the client's preferred coding, or 304 when `If-None-Match` lists
    /// the tag of that representation.
    pub(crate) async fn respond(&'static self, request_headers: &HeaderMap) -> Response {
        let forms = match self.forms.get() {
            Some(forms) => forms,
            None => match tokio::task::spawn_blocking(move || self.forms()).await {
                Ok(forms) => forms,
                Err(_) => self.forms(),
            },
        };
        self.answer(forms, request_headers)
    }

    fn answer(&'static self, forms: &'static Forms, request_headers: &HeaderMap) -> Response {
        let coding = negotiate(request_headers);
        let compressed = match coding {
            Some(ContentCoding::Brotli) => forms.brotli.as_deref().map(|b| (b, "br")),
            Some(ContentCoding::Gzip) => forms.gzip.as_deref().map(|b| (b, "gzip")),
            None => None,
        };
        // A compressed form is another representation: its own tag (RFC 9110 §8.8.3).
        let tag = match compressed {
            Some((_, token)) => format!("\"{}-{token}\"", forms.tag),
            None => format!("\"{}\"", forms.tag),
        };
        let matches = request_headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .any(|listed| listed.trim() == tag || listed.trim() == "*");
        let mut response = if matches {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            match compressed {
                Some((bytes, token)) => (
                    [
                        (header::CONTENT_TYPE, self.content_type),
                        (header::CONTENT_ENCODING, token),
                    ],
                    bytes,
                )
                    .into_response(),
                None => ([(header::CONTENT_TYPE, self.content_type)], self.body()).into_response(),
            }
        };
        let headers = response.headers_mut();
        if let Ok(value) = HeaderValue::from_str(&tag) {
            headers.insert(header::ETAG, value);
        }
        if forms.brotli.is_some() {
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        with_policy(response)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::*;

    static SHORT: StaticFile = StaticFile::new(CSS, "p { color: red; }");
    static LONG: StaticFile = StaticFile::made(JAVASCRIPT, || {
        static TEXT: OnceLock<String> = OnceLock::new();
        TEXT.get_or_init(|| "console.log('orrery');\n".repeat(400))
    });

    fn accepting(encoding: &str, tag: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(encoding).unwrap(),
        );
        if let Some(tag) = tag {
            headers.insert(header::IF_NONE_MATCH, HeaderValue::from_str(tag).unwrap());
        }
        headers
    }

    async fn bytes(response: Response) -> Vec<u8> {
        axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec()
    }

    #[tokio::test]
    async fn a_file_is_not_sent_again_when_the_client_has_it() {
        let fresh = SHORT.respond(&HeaderMap::new()).await;
        assert_eq!(fresh.status(), StatusCode::OK);
        let tag = fresh.headers()[header::ETAG].to_str().unwrap().to_owned();
        assert_eq!(fresh.headers()[header::CACHE_CONTROL], "no-cache");
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", {tag}")).unwrap(),
        );
        let cached = SHORT.respond(&headers).await;
        assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(cached.headers()[header::ETAG], tag.as_str());
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"other\""));
        assert_eq!(SHORT.respond(&headers).await.status(), StatusCode::OK);
        // A short file is the same in every coding.
        let plain = SHORT.respond(&accepting("br, gzip", None)).await;
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(plain.headers()[header::ETAG], tag.as_str());
    }

    #[tokio::test]
    async fn each_coding_is_its_own_representation_and_decodes_to_the_file() {
        let original = LONG.body().as_bytes();
        let brotli = LONG.respond(&accepting("gzip, br", None)).await;
        assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(brotli.headers()[header::VARY], "accept-encoding");
        let brotli_tag = brotli.headers()[header::ETAG].to_str().unwrap().to_owned();
        let body = bytes(brotli).await;
        assert!(body.len() < original.len() / 10);
        let mut back = Vec::new();
        brotli::Decompressor::new(&body[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, original);

        let gzip = LONG.respond(&accepting("gzip", None)).await;
        assert_eq!(gzip.headers()[header::CONTENT_ENCODING], "gzip");
        let gzip_tag = gzip.headers()[header::ETAG].to_str().unwrap().to_owned();
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&bytes(gzip).await[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, original);

        let plain = LONG.respond(&HeaderMap::new()).await;
        let plain_tag = plain.headers()[header::ETAG].to_str().unwrap().to_owned();
        assert_eq!(bytes(plain).await, original);
        assert!(brotli_tag != gzip_tag && gzip_tag != plain_tag);
        // The Brotli tag revalidates the Brotli form only.
        let again = LONG.respond(&accepting("br", Some(&brotli_tag))).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        let other = LONG.respond(&accepting("gzip", Some(&brotli_tag))).await;
        assert_eq!(other.status(), StatusCode::OK);
    }
}
