//! Prints the versions of the bundled data: `cargo run -p orrery-atlas --example atlas_versions`.

fn main() {
    println!("gazetteer {}", orrery_atlas::gazetteer_version());
    println!("boundaries {}", orrery_atlas::boundaries_version());
}
