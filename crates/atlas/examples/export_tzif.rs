//! Writes the TZif bytes the binary embeds for the named zones into a folder, so that a reference
//! reads the very same data (`tests/fixtures/make_offset_fixture.py` runs it):
//! `cargo run -p orrery-atlas --example export_tzif -- DIR Europe/Vienna Asia/Kolkata ...`

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: export_tzif DIR ZONE...")?);
    println!("{}", orrery_civil::tz_data_version());
    for name in args {
        let bytes = orrery_civil::bundled_tzif(&name).ok_or(format!("{name}: not bundled"))?;
        let path = dir.join(&name);
        std::fs::create_dir_all(path.parent().ok_or("no parent")?)?;
        std::fs::write(path, bytes)?;
    }
    Ok(())
}
