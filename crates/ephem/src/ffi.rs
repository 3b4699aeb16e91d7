//! The only module with `unsafe`: one small safe function per C function we use.
//!
//! Each function here owns its buffers (sized as the C library documents them), turns C strings
//! into Rust strings and returns plain values. None of them validates astronomy: callers have
//! already rejected NaN and infinities and checked ranges. All C entry points except
//! [`set_ephe_path`], [`close`], [`version`] and the pure name look-ups take a [`Lib`], the proof
//! that this thread has set its data path (see `ephemeris.rs`).
//!
//! Thread safety: `swiss-eph` compiles the C library without `TLSOFF`, so on Linux every piece
//! of its mutable state (`swed`, caches, open files) is `__thread`: calls on different threads
//! never share state. The one exception we reach is the `saved_sundec` static in
//! `swe_houses_armc_ex2`, which is only *written* on our path (we always go through
//! `swe_houses_ex2`, which passes the Sun's declination), never read.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_int};
use std::marker::PhantomData;

use swiss_eph as sys;

/// `AS_MAXCH`: the size of every error buffer and star-name buffer in the C library.
const AS_MAXCH: usize = 256;

/// Proof that the current thread has set its ephemeris path. Built only by
/// `Ephemeris::with_lib` right after it checked (or set) the path; not `Send`, so it cannot
/// leave the thread it was made for.
#[derive(Debug)]
pub(crate) struct Lib {
    _not_send: PhantomData<*const ()>,
}

impl Lib {
    /// Only `ephemeris.rs` calls this, after `set_ephe_path` on this thread.
    pub(crate) fn path_is_set_on_this_thread() -> Lib {
        Lib {
            _not_send: PhantomData,
        }
    }
}

/// A `char[AS_MAXCH]` buffer for the library's error messages and in/out names.
struct CharBuf([c_char; AS_MAXCH]);

impl CharBuf {
    fn new() -> Self {
        CharBuf([0; AS_MAXCH])
    }

    /// A buffer holding `text` (at most `AS_MAXCH - 1` bytes, no NUL: checked by callers).
    fn with_text(text: &CStr) -> Self {
        let mut buf = CharBuf::new();
        for (slot, &byte) in buf
            .0
            .iter_mut()
            .zip(text.to_bytes().iter().take(AS_MAXCH - 1))
        {
            *slot = byte as c_char;
        }
        buf
    }

    fn as_mut_ptr(&mut self) -> *mut c_char {
        self.0.as_mut_ptr()
    }

    /// The text up to the first NUL, lossy UTF-8, trimmed of the library's stray whitespace.
    /// `value` when the library's returned `flags` say it succeeded, else the message it wrote
    /// here (every calculating entry point reports an error as a negative flag).
    fn result<T>(&self, flags: i32, value: T) -> Result<T, String> {
        if flags < 0 {
            Err(self.text())
        } else {
            Ok(value)
        }
    }

    fn text(&self) -> String {
        let bytes: Vec<u8> = self
            .0
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        String::from_utf8_lossy(&bytes).trim().to_owned()
    }
}

/// A position and the library's return flags (or its error message).
pub(crate) struct Raw6 {
    pub(crate) x: [f64; 6],
    pub(crate) flags: i32,
}

/// `swe_set_ephe_path`: closes this thread's files and points it at `path`.
pub(crate) fn set_ephe_path(path: &CStr) {
    // SAFETY: `path` is a valid NUL-terminated string; the library copies it (it checks the
    // length against its own buffer) and keeps no pointer to it.
    unsafe { sys::swe_set_ephe_path(path.as_ptr()) }
}

/// Orrery's patch of the library (crates/swisseph-sys): whether data files opened from now on
/// are read from memory (the default) or with the library's own system calls.
pub(crate) fn set_memory_files(on: bool) {
    // SAFETY: the function only stores the flag (atomically) for later `swi_fopen` calls.
    unsafe { sys::swi_orrery_set_memory_files(c_int::from(on)) }
}

/// Orrery's patch of the library (crates/swisseph-sys): the check the heliacal search asks at
/// each of its steps; non-zero ends it with the message `cancelled`.
pub(crate) fn set_cancel_check(check: unsafe extern "C" fn() -> c_int) {
    // SAFETY: the function only stores the pointer; `check` takes no arguments, touches only
    // the calling thread's state and cannot unwind (see `cancel::library_check`).
    unsafe { sys::swi_orrery_set_cancel_check(Some(check)) }
}

/// `swe_close`: closes this thread's files and frees its buffers.
pub(crate) fn close() {
    // SAFETY: no arguments; only touches this thread's state.
    unsafe { sys::swe_close() }
}

/// `swe_version`: the C library's version, e.g. `2.10.03`.
pub(crate) fn version() -> String {
    let mut buf = CharBuf::new();
    // SAFETY: the library writes a short NUL-terminated string into the AS_MAXCH buffer.
    unsafe {
        sys::swe_version(buf.as_mut_ptr());
    }
    buf.text()
}

/// `swe_get_current_file_data`: the file this thread has open in slot `ifno` (0 planets,
/// 1 Moon, 2 main asteroids, 3 other asteroid, 4 stars) with its range (TT) and DE number.
pub(crate) fn current_file_data(_lib: &Lib, ifno: i32) -> Option<(String, f64, f64, i32)> {
    let (mut start, mut end, mut denum) = (0.0_f64, 0.0_f64, 0 as c_int);
    // SAFETY: out-pointers to locals; the returned pointer is NULL or points into this
    // thread's `swed.fidat[ifno].fnam`, which we copy before any other library call.
    let name = unsafe {
        let p = sys::swe_get_current_file_data(ifno, &mut start, &mut end, &mut denum);
        if p.is_null() {
            return None;
        }
        CStr::from_ptr(p).to_string_lossy().into_owned()
    };
    Some((name, start, end, denum))
}

/// `swe_set_topo`: the observer for the next `SEFLG_TOPOCTR` calculation on this thread.
pub(crate) fn set_topo(_lib: &Lib, lon_deg: f64, lat_deg: f64, alt_m: f64) {
    // SAFETY: plain values; only this thread's state changes.
    unsafe { sys::swe_set_topo(lon_deg, lat_deg, alt_m) }
}

/// `swe_set_sid_mode` with a predefined mode (t0 and ayan_t0 are ignored for those).
pub(crate) fn set_sid_mode(_lib: &Lib, mode: i32) {
    // SAFETY: plain values; only this thread's state changes.
    unsafe { sys::swe_set_sid_mode(mode, 0.0, 0.0) }
}

/// `swe_calc_ut`.
pub(crate) fn calc_ut(_lib: &Lib, jd_ut: f64, ipl: i32, iflag: i32) -> Result<Raw6, String> {
    let mut x = [0.0_f64; 6];
    let mut serr = CharBuf::new();
    // SAFETY: `x` has the 6 doubles the library writes, `serr` has AS_MAXCH chars.
    let flags = unsafe { sys::swe_calc_ut(jd_ut, ipl, iflag, x.as_mut_ptr(), serr.as_mut_ptr()) };
    serr.result(flags, Raw6 { x, flags })
}

/// `swe_calc_pctr` (time in TT).
pub(crate) fn calc_pctr(
    _lib: &Lib,
    jd_tt: f64,
    ipl: i32,
    iplctr: i32,
    iflag: i32,
) -> Result<Raw6, String> {
    let mut x = [0.0_f64; 6];
    let mut serr = CharBuf::new();
    // SAFETY: `x` has the 6 doubles the library writes, `serr` has AS_MAXCH chars.
    let flags =
        unsafe { sys::swe_calc_pctr(jd_tt, ipl, iplctr, iflag, x.as_mut_ptr(), serr.as_mut_ptr()) };
    serr.result(flags, Raw6 { x, flags })
}

/// `swe_deltat_ex`: TT − UT in days for this ephemeris flag.
pub(crate) fn deltat_ex(_lib: &Lib, jd_ut: f64, iflag: i32) -> f64 {
    let mut serr = CharBuf::new();
    // SAFETY: `serr` has AS_MAXCH chars (the library may write a warning into it).
    unsafe { sys::swe_deltat_ex(jd_ut, iflag, serr.as_mut_ptr()) }
}

/// `swe_sidtime`: Greenwich apparent sidereal time in hours.
pub(crate) fn sidtime(_lib: &Lib, jd_ut: f64) -> f64 {
    // SAFETY: plain value in, plain value out.
    unsafe { sys::swe_sidtime(jd_ut) }
}

/// `swe_get_ayanamsa_ex_ut`: the ayanamsa in degrees for the mode set by [`set_sid_mode`].
pub(crate) fn ayanamsa_ex_ut(_lib: &Lib, jd_ut: f64, iflag: i32) -> Result<f64, String> {
    let mut daya = 0.0_f64;
    let mut serr = CharBuf::new();
    // SAFETY: out-pointer to a local double; `serr` has AS_MAXCH chars.
    let flags = unsafe { sys::swe_get_ayanamsa_ex_ut(jd_ut, iflag, &mut daya, serr.as_mut_ptr()) };
    serr.result(flags, daya)
}

/// `swe_get_ayanamsa_name`: the library's name of a predefined sidereal mode.
pub(crate) fn ayanamsa_name(mode: i32) -> Option<&'static str> {
    // SAFETY: the library returns NULL or a pointer into its static `const char*` table of
    // string literals, which live for the whole program.
    unsafe {
        let p = sys::swe_get_ayanamsa_name(mode);
        if p.is_null() {
            None
        } else {
            CStr::from_ptr(p).to_str().ok()
        }
    }
}

/// `swe_house_name`: the library's name of a house system (its default for unknown codes is
/// "Placidus", so callers pass only validated codes).
pub(crate) fn house_name(code: u8) -> &'static str {
    // SAFETY: the library returns a pointer to a string literal, which lives for the whole
    // program.
    unsafe {
        let p = sys::swe_house_name(c_int::from(code));
        if p.is_null() {
            ""
        } else {
            CStr::from_ptr(p).to_str().unwrap_or("")
        }
    }
}

/// What `swe_houses_ex2` wrote: cusps are 1-based (`cusps[1..=12]`, or `[1..=36]` for
/// Gauquelin), `ascmc[0..8]` the angles.
pub(crate) struct RawHouses {
    pub(crate) retc: i32,
    pub(crate) cusps: [f64; 37],
    pub(crate) ascmc: [f64; 10],
    pub(crate) cusp_speeds: [f64; 37],
    pub(crate) ascmc_speeds: [f64; 10],
    pub(crate) message: String,
}

/// `swe_houses_ex2`.
pub(crate) fn houses_ex2(
    _lib: &Lib,
    jd_ut: f64,
    iflag: i32,
    lat_deg: f64,
    lon_deg: f64,
    hsys: u8,
) -> RawHouses {
    let mut out = RawHouses {
        retc: 0,
        cusps: [0.0; 37],
        ascmc: [0.0; 10],
        cusp_speeds: [0.0; 37],
        ascmc_speeds: [0.0; 10],
        message: String::new(),
    };
    let mut serr = CharBuf::new();
    // SAFETY: cusp arrays have 37 doubles (Gauquelin needs 37), ascmc arrays 10 (the library
    // writes indices 0..=9), `serr` has AS_MAXCH chars.
    out.retc = unsafe {
        sys::swe_houses_ex2(
            jd_ut,
            iflag,
            lat_deg,
            lon_deg,
            c_int::from(hsys),
            out.cusps.as_mut_ptr(),
            out.ascmc.as_mut_ptr(),
            out.cusp_speeds.as_mut_ptr(),
            out.ascmc_speeds.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    out.message = serr.text();
    out
}

/// `swe_fixstar2_ut`: position and the catalogue's full name (`"Aldebaran,alTau"`).
/// `name` is at most 40 bytes (`SWI_STAR_LENGTH`; checked by the caller).
pub(crate) fn fixstar2_ut(
    _lib: &Lib,
    name: &CStr,
    jd_ut: f64,
    iflag: i32,
) -> Result<(Raw6, String), String> {
    let mut star = CharBuf::with_text(name);
    let mut x = [0.0_f64; 6];
    let mut serr = CharBuf::new();
    // SAFETY: `star` is a NUL-terminated AS_MAXCH (= SE_MAX_STNAME) buffer the library may
    // overwrite with the full name; `x` has 6 doubles; `serr` has AS_MAXCH chars.
    let flags = unsafe {
        sys::swe_fixstar2_ut(
            star.as_mut_ptr(),
            jd_ut,
            iflag,
            x.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    serr.result(flags, (Raw6 { x, flags }, star.text()))
}

/// `swe_fixstar2_mag`: visual magnitude.
pub(crate) fn fixstar2_mag(_lib: &Lib, name: &CStr) -> Result<f64, String> {
    let mut star = CharBuf::with_text(name);
    let mut mag = 0.0_f64;
    let mut serr = CharBuf::new();
    // SAFETY: as in `fixstar2_ut`; `mag` is a local double.
    let retc = unsafe { sys::swe_fixstar2_mag(star.as_mut_ptr(), &mut mag, serr.as_mut_ptr()) };
    if retc < 0 { Err(serr.text()) } else { Ok(mag) }
}

/// `swe_rise_trans`: `Ok(None)` when the library returns -2 (circumpolar: no such event).
#[allow(clippy::too_many_arguments)]
pub(crate) fn rise_trans(
    _lib: &Lib,
    jd_ut: f64,
    ipl: i32,
    star: Option<&CStr>,
    epheflag: i32,
    rsmi: i32,
    geopos: [f64; 3],
    pressure_mbar: f64,
    temperature_c: f64,
) -> Result<Option<f64>, String> {
    let mut geopos = geopos;
    let mut star_buf = star.map(CharBuf::with_text);
    let star_ptr = star_buf
        .as_mut()
        .map_or(std::ptr::null_mut(), CharBuf::as_mut_ptr);
    let mut tret = [0.0_f64; 10];
    let mut serr = CharBuf::new();
    // SAFETY: `geopos` has 3 doubles; `star_ptr` is NULL or an AS_MAXCH buffer the library may
    // overwrite with the full star name; `tret` has 10 doubles (the library writes tret[0]);
    // `serr` has AS_MAXCH chars.
    let retc = unsafe {
        sys::swe_rise_trans(
            jd_ut,
            ipl,
            star_ptr,
            epheflag,
            rsmi,
            geopos.as_mut_ptr(),
            pressure_mbar,
            temperature_c,
            tret.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    match retc {
        -2 => Ok(None),
        r if r < 0 => Err(serr.text()),
        _ => Ok(Some(tret[0])),
    }
}

/// `swe_nod_aps_ut`: ascending node, descending node, perihelion, aphelion.
pub(crate) fn nod_aps_ut(
    _lib: &Lib,
    jd_ut: f64,
    ipl: i32,
    iflag: i32,
    method: i32,
) -> Result<[[f64; 6]; 4], String> {
    let mut out = [[0.0_f64; 6]; 4];
    let mut serr = CharBuf::new();
    let [asc, dsc, peri, aphe] = &mut out;
    // SAFETY: four distinct arrays of 6 doubles; `serr` has AS_MAXCH chars.
    let retc = unsafe {
        sys::swe_nod_aps_ut(
            jd_ut,
            ipl,
            iflag,
            method,
            asc.as_mut_ptr(),
            dsc.as_mut_ptr(),
            peri.as_mut_ptr(),
            aphe.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    if retc < 0 { Err(serr.text()) } else { Ok(out) }
}

/// The arguments of the visibility functions (`swehel.c`) that the library writes to: copies of
/// the place, the atmosphere and the observer (it fills in defaults in place), the object's
/// name, the results and the error text.
struct VisibilityArgs {
    geopos: [f64; 3],
    datm: [f64; 4],
    dobs: [f64; 6],
    name: CharBuf,
    dret: [f64; 50],
    serr: CharBuf,
}

impl VisibilityArgs {
    fn new(geopos: [f64; 3], datm: [f64; 4], dobs: [f64; 6], object: &CStr) -> Self {
        Self {
            geopos,
            datm,
            dobs,
            name: CharBuf::with_text(object),
            dret: [0.0; 50],
            serr: CharBuf::new(),
        }
    }
}

/// `swe_heliacal_ut`: the three Julian days (UT) of start, optimum and end of visibility.
#[allow(clippy::too_many_arguments)]
pub(crate) fn heliacal_ut(
    _lib: &Lib,
    jd_ut: f64,
    geopos: [f64; 3],
    datm: [f64; 4],
    dobs: [f64; 6],
    object: &CStr,
    event: i32,
    helflag: i32,
) -> Result<[f64; 3], String> {
    let mut a = VisibilityArgs::new(geopos, datm, dobs, object);
    // SAFETY: geopos 3, datm 4, dobs 6 doubles as swehel.c reads and writes them; `name` is an
    // AS_MAXCH buffer (the library copies it into its own AS_MAXCH buffer); `dret` has 50
    // doubles (the library writes the first 3); `serr` has AS_MAXCH chars.
    let retc = unsafe {
        sys::swe_heliacal_ut(
            jd_ut,
            a.geopos.as_mut_ptr(),
            a.datm.as_mut_ptr(),
            a.dobs.as_mut_ptr(),
            a.name.as_mut_ptr(),
            event,
            helflag,
            a.dret.as_mut_ptr(),
            a.serr.as_mut_ptr(),
        )
    };
    if retc < 0 {
        Err(a.serr.text())
    } else {
        Ok([a.dret[0], a.dret[1], a.dret[2]])
    }
}

/// `swe_vis_limit_mag`: the library's return code (negative on error) and the limiting
/// magnitude for seeing `object` at `jd_ut`.
pub(crate) fn vis_limit_mag(
    _lib: &Lib,
    jd_ut: f64,
    geopos: [f64; 3],
    datm: [f64; 4],
    dobs: [f64; 6],
    object: &CStr,
    helflag: i32,
) -> Result<(i32, f64), String> {
    let mut a = VisibilityArgs::new(geopos, datm, dobs, object);
    // SAFETY: as in `heliacal_ut`; the library writes the first 8 of the 50 `dret` doubles.
    let retc = unsafe {
        sys::swe_vis_limit_mag(
            jd_ut,
            a.geopos.as_mut_ptr(),
            a.datm.as_mut_ptr(),
            a.dobs.as_mut_ptr(),
            a.name.as_mut_ptr(),
            helflag,
            a.dret.as_mut_ptr(),
            a.serr.as_mut_ptr(),
        )
    };
    if retc < 0 {
        Err(a.serr.text())
    } else {
        Ok((retc, a.dret[0]))
    }
}

/// `swe_solcross_ut`: the next time (UT) the Sun reaches `lon_deg`.
pub(crate) fn solcross_ut(_lib: &Lib, lon_deg: f64, jd_ut: f64, iflag: i32) -> Result<f64, String> {
    let mut serr = CharBuf::new();
    // SAFETY: `serr` has AS_MAXCH chars.
    let jd = unsafe { sys::swe_solcross_ut(lon_deg, jd_ut, iflag, serr.as_mut_ptr()) };
    // The library signals an error by returning a time before the start.
    if jd < jd_ut { Err(serr.text()) } else { Ok(jd) }
}

/// `swe_mooncross_ut`: the next time (UT) the Moon reaches `lon_deg`.
pub(crate) fn mooncross_ut(
    _lib: &Lib,
    lon_deg: f64,
    jd_ut: f64,
    iflag: i32,
) -> Result<f64, String> {
    let mut serr = CharBuf::new();
    // SAFETY: `serr` has AS_MAXCH chars.
    let jd = unsafe { sys::swe_mooncross_ut(lon_deg, jd_ut, iflag, serr.as_mut_ptr()) };
    if jd < jd_ut { Err(serr.text()) } else { Ok(jd) }
}

/// `swe_helio_cross_ut`: the next (`dir` ≥ 0) or previous time (UT) a body's heliocentric
/// longitude reaches `lon_deg`.
pub(crate) fn helio_cross_ut(
    _lib: &Lib,
    ipl: i32,
    lon_deg: f64,
    jd_ut: f64,
    iflag: i32,
    dir: i32,
) -> Result<f64, String> {
    let mut jd_cross = 0.0_f64;
    let mut serr = CharBuf::new();
    // SAFETY: out-pointer to a local double; `serr` has AS_MAXCH chars.
    let retc = unsafe {
        sys::swe_helio_cross_ut(
            ipl,
            lon_deg,
            jd_ut,
            iflag,
            dir,
            &mut jd_cross,
            serr.as_mut_ptr(),
        )
    };
    if retc < 0 {
        Err(serr.text())
    } else {
        Ok(jd_cross)
    }
}

/// `swe_azalt`: azimuth (from south, westward), true altitude, apparent altitude.
pub(crate) fn azalt(
    _lib: &Lib,
    jd_ut: f64,
    calc_flag: i32,
    geopos: [f64; 3],
    pressure_mbar: f64,
    temperature_c: f64,
    xin: [f64; 3],
) -> [f64; 3] {
    let (mut geopos, mut xin) = (geopos, xin);
    let mut xaz = [0.0_f64; 3];
    // SAFETY: geopos, xin and xaz have the 3 doubles the library reads/writes.
    unsafe {
        sys::swe_azalt(
            jd_ut,
            calc_flag,
            geopos.as_mut_ptr(),
            pressure_mbar,
            temperature_c,
            xin.as_mut_ptr(),
            xaz.as_mut_ptr(),
        );
    }
    xaz
}

/// The times and attributes an eclipse function of the library writes: `tret` (10 doubles,
/// contacts and the maximum, UT), `attr` (20 doubles, magnitudes, Saros, altitudes) and the
/// return flags (the eclipse's type and visibility bits).
pub(crate) struct RawEclipse {
    pub(crate) flags: i32,
    pub(crate) tret: [f64; 10],
    pub(crate) attr: [f64; 20],
}

/// `swe_sol_eclipse_when_glob` (`lunar` false) or `swe_lun_eclipse_when` (`lunar` true): the
/// next (or previous) solar eclipse anywhere on the Earth, or lunar eclipse, after `jd_ut`, of
/// the types in `ifltype` (0: any). `attr` stays zero (these functions have none).
pub(crate) fn eclipse_when_glob(
    _lib: &Lib,
    lunar: bool,
    jd_ut: f64,
    iflag: i32,
    ifltype: i32,
    backward: bool,
) -> Result<RawEclipse, String> {
    let mut out = RawEclipse {
        flags: 0,
        tret: [0.0; 10],
        attr: [0.0; 20],
    };
    let mut serr = CharBuf::new();
    let backward = i32::from(backward);
    let tret = out.tret.as_mut_ptr();
    // SAFETY: `tret` has the 10 doubles the library writes; `serr` has AS_MAXCH chars.
    out.flags = unsafe {
        if lunar {
            sys::swe_lun_eclipse_when(jd_ut, iflag, ifltype, tret, backward, serr.as_mut_ptr())
        } else {
            sys::swe_sol_eclipse_when_glob(jd_ut, iflag, ifltype, tret, backward, serr.as_mut_ptr())
        }
    };
    if out.flags <= 0 {
        Err(serr.text())
    } else {
        Ok(out)
    }
}

/// `swe_sol_eclipse_where`: where the solar eclipse at `jd_ut` is greatest (`[lon, lat]`, the
/// rest of the 10 doubles the library writes), and its attributes there (magnitude, Saros).
pub(crate) fn sol_eclipse_where(
    _lib: &Lib,
    jd_ut: f64,
    iflag: i32,
) -> Result<(i32, [f64; 10], [f64; 20]), String> {
    let mut geopos = [0.0_f64; 10];
    let mut attr = [0.0_f64; 20];
    let mut serr = CharBuf::new();
    // SAFETY: `geopos` has the 10 doubles and `attr` the 20 the library writes; `serr` has
    // AS_MAXCH chars.
    let flags = unsafe {
        sys::swe_sol_eclipse_where(
            jd_ut,
            iflag,
            geopos.as_mut_ptr(),
            attr.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    serr.result(flags, (flags, geopos, attr))
}

/// `swe_lun_eclipse_how`: the attributes of the lunar eclipse at `jd_ut` (magnitudes, Saros;
/// the Moon's altitude for `geopos`).
pub(crate) fn lun_eclipse_how(
    _lib: &Lib,
    jd_ut: f64,
    iflag: i32,
    geopos: [f64; 3],
) -> Result<(i32, [f64; 20]), String> {
    let mut geopos = geopos;
    let mut attr = [0.0_f64; 20];
    let mut serr = CharBuf::new();
    // SAFETY: `geopos` has 3 doubles, `attr` the 20 the library writes; `serr` has AS_MAXCH
    // chars.
    let flags = unsafe {
        sys::swe_lun_eclipse_how(
            jd_ut,
            iflag,
            geopos.as_mut_ptr(),
            attr.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    serr.result(flags, (flags, attr))
}

/// `swe_lun_eclipse_how` without a place (a null `geopos`): the attributes of the lunar eclipse
/// at `jd_ut` and its type, exactly as `swe_lun_eclipse_when` judges a candidate (with a place
/// the library also returns 0 where the Moon is below that place's horizon).
pub(crate) fn lun_eclipse_how_geocentric(
    _lib: &Lib,
    jd_ut: f64,
    iflag: i32,
) -> Result<(i32, [f64; 20]), String> {
    let mut attr = [0.0_f64; 20];
    let mut serr = CharBuf::new();
    // SAFETY: the library documents `geopos` as unused by the eclipse and skips the altitude
    // for a null pointer; `attr` has the 20 doubles it writes; `serr` has AS_MAXCH chars.
    let flags = unsafe {
        sys::swe_lun_eclipse_how(
            jd_ut,
            iflag,
            std::ptr::null_mut(),
            attr.as_mut_ptr(),
            serr.as_mut_ptr(),
        )
    };
    serr.result(flags, (flags, attr))
}

/// `swe_sol_eclipse_when_loc` (`lunar` false) or `swe_lun_eclipse_when_loc` (`lunar` true):
/// the next (or previous) eclipse visible at `geopos` after `jd_ut`, with its local contacts
/// and attributes.
pub(crate) fn eclipse_when_loc(
    _lib: &Lib,
    lunar: bool,
    jd_ut: f64,
    iflag: i32,
    geopos: [f64; 3],
    backward: bool,
) -> Result<RawEclipse, String> {
    let mut geopos = geopos;
    let mut out = RawEclipse {
        flags: 0,
        tret: [0.0; 10],
        attr: [0.0; 20],
    };
    let mut serr = CharBuf::new();
    let backward = i32::from(backward);
    // SAFETY: `geopos` has 3 doubles, `tret` the 10 and `attr` the 20 the library writes;
    // `serr` has AS_MAXCH chars.
    out.flags = unsafe {
        if lunar {
            sys::swe_lun_eclipse_when_loc(
                jd_ut,
                iflag,
                geopos.as_mut_ptr(),
                out.tret.as_mut_ptr(),
                out.attr.as_mut_ptr(),
                backward,
                serr.as_mut_ptr(),
            )
        } else {
            sys::swe_sol_eclipse_when_loc(
                jd_ut,
                iflag,
                geopos.as_mut_ptr(),
                out.tret.as_mut_ptr(),
                out.attr.as_mut_ptr(),
                backward,
                serr.as_mut_ptr(),
            )
        }
    };
    if out.flags <= 0 {
        Err(serr.text())
    } else {
        Ok(out)
    }
}
