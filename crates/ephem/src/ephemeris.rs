//! The [`Ephemeris`] handle and the per-thread state of the C library.
//!
//! The Swiss Ephemeris keeps its settings, caches and open files per thread (on Linux). Two
//! traps follow, and this module closes both:
//!
//! - A thread that never called `swe_set_ephe_path` silently computes with the analytical
//!   Moshier model. So every call goes through [`Ephemeris::with_lib`], which sets this
//!   handle's path on the current thread the first time (and again if another handle with a
//!   different path was used on the thread in between). A thread-local records what is set.
//! - A thread that exits without `swe_close` leaks its open files. The thread-local's `Drop`
//!   calls `swe_close`, so pools that retire threads (tokio's blocking pool) do not leak.
//!
//! Every other setting (sidereal mode, observer) is set by each call right before the
//! calculation that uses it, so nothing leaks from one call to the next.

use std::cell::RefCell;
use std::ffi::CString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::cache::PositionCache;
use crate::error::EphemError;
use crate::ffi::{self, Lib};
use crate::stars::StarName;

/// The files a data directory must hold: planets, Moon, main asteroids and fixed stars.
const REQUIRED_FILES: [&str; 4] = ["sepl_18.se1", "semo_18.se1", "seas_18.se1", "sefstars.txt"];

/// Longest path the library accepts (`AS_MAXCH - 1 - 13`); a longer one would silently be
/// replaced by its compiled-in default.
const MAX_PATH_BYTES: usize = 242;

/// The environment variable that names the data directory for [`Ephemeris::default_data_dir`].
pub const DATA_DIR_ENV: &str = "ORRERY_EPHE_PATH";

/// A handle on one Swiss Ephemeris data directory. Cheap to clone, `Send` and `Sync`: use it
/// from any thread; each thread's library state is set up on first use.
#[derive(Debug, Clone)]
pub struct Ephemeris {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    dir: PathBuf,
    /// The directory with a trailing `/`, as the library stores it; compared per thread.
    c_path: CString,
    data_version: String,
    star_names: OnceLock<Result<Vec<StarName>, EphemError>>,
    /// Chebyshev segments of the library's positions, built on first use (`cache/`).
    positions: PositionCache,
}

/// What the current thread has told the library. Dropped when the thread exits.
struct ThreadLibrary {
    /// The data path set and verified on this thread, if any.
    path: Option<CString>,
    /// Whether this thread ever set a path (and may therefore hold open files).
    used: bool,
}

impl Drop for ThreadLibrary {
    fn drop(&mut self) {
        if self.used {
            ffi::close();
        }
    }
}

thread_local! {
    static THREAD_LIBRARY: RefCell<ThreadLibrary> =
        const { RefCell::new(ThreadLibrary { path: None, used: false }) };
}

impl Ephemeris {
    /// Opens the data directory at `dir`: checks that it holds the planetary, lunar, main
    /// asteroid and fixed-star files, that the library can use it, and computes
    /// [`Ephemeris::data_version`].
    ///
    /// # Errors
    /// [`EphemError::DataDir`] if the directory or one of its main files is missing, the path
    /// is too long or contains `:`/`;` (the library splits paths there), the environment
    /// variable `SE_EPHE_PATH` is set (the library would prefer it to ours), or the library
    /// cannot open the lunar file.
    pub fn open(dir: impl AsRef<Path>) -> Result<Ephemeris, EphemError> {
        let given = dir.as_ref();
        let data_dir = |reason: String| EphemError::DataDir {
            path: given.to_owned(),
            reason,
        };
        let dir = fs::canonicalize(given).map_err(|e| data_dir(format!("cannot open: {e}")))?;
        if !dir.is_dir() {
            return Err(data_dir("is not a directory".to_owned()));
        }
        for file in REQUIRED_FILES {
            if !dir.join(file).is_file() {
                return Err(data_dir(format!("{file} is missing")));
            }
        }
        if std::env::var_os("SE_EPHE_PATH").is_some_and(|v| !v.is_empty()) {
            return Err(data_dir(
                "the environment variable SE_EPHE_PATH is set; the library would use it instead"
                    .to_owned(),
            ));
        }
        let mut text = dir
            .to_str()
            .ok_or_else(|| data_dir("the path is not valid UTF-8".to_owned()))?
            .to_owned();
        if text.contains([':', ';']) {
            return Err(data_dir("the path must not contain ':' or ';'".to_owned()));
        }
        if !text.ends_with('/') {
            text.push('/');
        }
        if text.len() > MAX_PATH_BYTES {
            return Err(data_dir(format!(
                "the path is longer than {MAX_PATH_BYTES} bytes"
            )));
        }
        let c_path =
            CString::new(text).map_err(|_| data_dir("the path contains NUL".to_owned()))?;
        let fingerprint = fingerprint(&dir).map_err(|e| data_dir(format!("cannot read: {e}")))?;
        let new = |data_version: String| Ephemeris {
            inner: Arc::new(Inner {
                dir: dir.clone(),
                c_path: c_path.clone(),
                data_version,
                star_names: OnceLock::new(),
                positions: PositionCache::default(),
            }),
        };
        // Setting the path opens the lunar file, which proves the library accepts the
        // directory and tells the DE number for the version string.
        let denum = new(String::new()).with_lib(|lib| {
            Ok(ffi::current_file_data(lib, 1).map_or(0, |(_, _, _, denum)| denum))
        })?;
        Ok(new(format!(
            "se-{}+de{denum}+{fingerprint:016x}",
            ffi::version()
        )))
    }

    /// The data directory: the environment variable `ORRERY_EPHE_PATH` if set, else the
    /// repository's `ephe/` folder (next to the workspace's `crates/`), canonicalised when it
    /// exists.
    #[must_use]
    pub fn default_data_dir() -> PathBuf {
        let dir = std::env::var_os(DATA_DIR_ENV)
            .filter(|v| !v.is_empty())
            .map_or_else(
                || PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../ephe")),
                PathBuf::from,
            );
        fs::canonicalize(&dir).unwrap_or(dir)
    }

    /// The canonical data directory.
    #[must_use]
    pub fn data_dir(&self) -> &Path {
        &self.inner.dir
    }

    /// A short string that identifies the library version and the data set, for ETags and
    /// health reports: `se-<library version>+de<JPL DE number>+<fingerprint>`, the fingerprint
    /// being an FNV-1a hash of the names, sizes and first 4 KiB (the headers) of the `.se1`
    /// files and the star catalogue. Computed once by [`Ephemeris::open`].
    #[must_use]
    pub fn data_version(&self) -> &str {
        &self.inner.data_version
    }

    /// This handle's position cache.
    pub(crate) fn position_cache(&self) -> &PositionCache {
        &self.inner.positions
    }

    /// The fixed-star names of this directory's `sefstars.txt`, parsed once.
    pub(crate) fn star_names_cached(
        &self,
        parse: impl FnOnce(&Path) -> Result<Vec<StarName>, EphemError>,
    ) -> Result<&[StarName], EphemError> {
        match self.inner.star_names.get_or_init(|| parse(&self.inner.dir)) {
            Ok(names) => Ok(names),
            Err(e) => Err(e.clone()),
        }
    }

    /// Runs `f` with the library set up for this handle on the current thread: sets the data
    /// path if this thread has not set it (or has set another handle's path). Every FFI call
    /// of the crate goes through here.
    pub(crate) fn with_lib<T>(
        &self,
        f: impl FnOnce(&Lib) -> Result<T, EphemError>,
    ) -> Result<T, EphemError> {
        crate::cancel::check_cancelled()?;
        let ready = THREAD_LIBRARY.try_with(|cell| {
            let mut state = cell.borrow_mut();
            if state.path.as_ref() != Some(&self.inner.c_path) {
                state.used = true;
                state.path = None;
                self.set_path_on_this_thread()?;
                state.path = Some(self.inner.c_path.clone());
            }
            Ok(())
        });
        match ready {
            Ok(result) => {
                result?;
                f(&Lib::path_is_set_on_this_thread())
            }
            // The thread-local is already destroyed: this thread is exiting (we are inside
            // another thread-local's destructor). Set the path, compute, and close at once.
            Err(_) => {
                let result = self
                    .set_path_on_this_thread()
                    .and_then(|()| f(&Lib::path_is_set_on_this_thread()));
                ffi::close();
                result
            }
        }
    }

    /// [`Ephemeris::with_lib`] for a function that reads the data files and refuses dates
    /// outside them (rise and set, crossings, heliacal events, fixed stars, nodes and apsides):
    /// a success used the files, which the answer's provenance reports
    /// ([`track_sources`](crate::track_sources)).
    pub(crate) fn with_files_lib<T>(
        &self,
        f: impl FnOnce(&Lib) -> Result<T, EphemError>,
    ) -> Result<T, EphemError> {
        let result = self.with_lib(f);
        if result.is_ok() {
            crate::sources::record(crate::EphemerisSource::Swiss);
        }
        result
    }

    /// Closes this thread's files and forgets what it told the library, so that the next call
    /// starts from the library's initial state (as on a new thread).
    pub(crate) fn reset_this_thread(&self) {
        // On an exiting thread the state is gone already (`try_with` fails): `with_lib` then
        // closes after every call, so there is nothing to reset.
        if THREAD_LIBRARY
            .try_with(|cell| cell.borrow_mut().path = None)
            .is_ok()
        {
            ffi::close();
        }
    }

    /// `swe_set_ephe_path`, then checks that the library opened our lunar file (it opens it
    /// for J2000 to learn the DE number).
    fn set_path_on_this_thread(&self) -> Result<(), EphemError> {
        ffi::set_ephe_path(&self.inner.c_path);
        let lib = Lib::path_is_set_on_this_thread();
        let expected = self.inner.c_path.to_string_lossy();
        match ffi::current_file_data(&lib, 1) {
            Some((file, _, _, _)) if file.starts_with(expected.as_ref()) => Ok(()),
            found => Err(EphemError::DataDir {
                path: self.inner.dir.clone(),
                reason: format!(
                    "the library did not open the lunar file from this directory (open: {:?})",
                    found.map(|(file, _, _, _)| file)
                ),
            }),
        }
    }
}

/// The Swiss Ephemeris library's version, `2.10.03` (asked once: it is compiled in).
#[must_use]
pub fn library_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(ffi::version)
}

/// FNV-1a over the names, sizes and first 4 KiB of the data files, in name order.
fn fingerprint(dir: &Path) -> std::io::Result<u64> {
    let mut files = Vec::new();
    collect_data_files(dir, dir, &mut files)?;
    files.sort();
    let mut hash = Fnv1a::new();
    for relative in files {
        let path = dir.join(&relative);
        let size = fs::metadata(&path)?.len();
        hash.write(relative.to_string_lossy().as_bytes());
        hash.write(&size.to_le_bytes());
        let mut head = Vec::with_capacity(4096);
        fs::File::open(&path)?.take(4096).read_to_end(&mut head)?;
        hash.write(&head);
    }
    Ok(hash.0)
}

/// The `.se1` files and the star catalogue in `dir` and its `ast*` sub-folders, relative.
fn collect_data_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if dir == root && name.starts_with("ast") {
                collect_data_files(root, &path, out)?;
            }
        } else if name.ends_with(".se1") || name == "sefstars.txt" {
            out.push(path.strip_prefix(root).unwrap_or(&path).to_owned());
        }
    }
    Ok(())
}

/// 64-bit FNV-1a: stable across Rust versions, unlike `DefaultHasher`.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
