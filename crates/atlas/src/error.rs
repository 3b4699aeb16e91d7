//! Errors of the atlas: only a malformed bundled data file, which is a build defect.

/// The bundled data could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AtlasError {
    /// A line of a data file does not have the expected shape.
    #[error("{file} line {line}: {problem}")]
    MalformedData {
        /// The data file.
        file: &'static str,
        /// Its 1-based line number.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// The gzip stream of a data file does not decompress.
    #[error("{file} does not decompress: {problem}")]
    Compression {
        /// The data file.
        file: &'static str,
        /// The decoder's message.
        problem: String,
    },
}
