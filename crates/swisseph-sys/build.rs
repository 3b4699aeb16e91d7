//! Compiles the Swiss Ephemeris C sources in `vendor/swisseph` (patched: `patches/`).

use std::path::PathBuf;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let vendor = manifest_dir.join("vendor/swisseph");
    let mut build = cc::Build::new();
    for file in [
        "swedate.c",
        "swehouse.c",
        "swejpl.c",
        "swemmoon.c",
        "swemplan.c",
        "sweph.c",
        "swephlib.c",
        "swecl.c",
        "swehel.c",
    ] {
        build.file(vendor.join(file));
    }
    build
        .include(&vendor)
        // As the swiss-eph crate built it: no GLP support, full optimisation.
        .define("NO_SWE_GLP", None)
        // fmemopen, used by the patch, is POSIX 2008.
        .define("_GNU_SOURCE", None)
        .opt_level(3)
        .warnings(false)
        .compile("swisseph");
    println!("cargo:rerun-if-changed={}", vendor.display());
}
