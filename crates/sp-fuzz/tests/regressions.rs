//! One named test per input that made a fuzz target fail, replayed through the same target
//! body (the inputs are in `fuzz/regressions/<target>/`; `replay.rs` runs them all again).

use std::path::Path;

fn input(target: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An atlas whose last region name is five NUL bytes: re-encoding to UTF-8 trimmed the name to
/// nothing, the blank line ended the page, and the region was lost.
#[test]
fn atlas_region_named_by_nul_bytes_survives_reencoding() {
    sp_fuzz::atlas(&input(
        "atlas",
        "crash-8240b395f884ef52fc04a2d512532ac76ef28807",
    ));
}

/// A 4.1 binary header cut inside a region name with a lone surrogate half (`ed a0 bd`): the
/// header read must refuse or read it, and the repair must read back.
#[test]
fn skel_header_cut_inside_a_name() {
    sp_fuzz::skel(&input(
        "skel",
        "crash-4afe62a6bae1749cf3510a1a48d1e3cdd16f3f6c",
    ));
}

/// A loop-continuous system with damping 1000/s and a turbulence force (so integrated, not the
/// closed form): the explicit midpoint step multiplied the velocity by 5.5 per step and the
/// export held NaN translations, refused by its own validator. Found by the export generator
/// once it drew forces.
#[test]
fn export_stiff_damping_with_a_force_stays_finite() {
    sp_fuzz::export(&input(
        "export",
        "crash-b69353edeaa87f9c81bbc551d580a9fdf4dd49cf",
    ));
}

/// A vortex pushing outward at the limit (`pullPerSec: -1000`, radius 0): the distance grows as
/// e^{1000·t}, past f32::MAX within the particle's life, and the export held NaN translations.
#[test]
fn export_vortex_pushing_to_infinity_stays_finite() {
    sp_fuzz::export(&input(
        "export",
        "crash-96562f52d21e550851e3775288acffd829d388ff",
    ));
}
