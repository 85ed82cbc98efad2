//! Shared by the fixture tests (`fixtures`, `robustness`): reading an official Spine file.

/// Reads `name` from `$SP_FIXTURES/spine` when set (as the MS3D tests), else from the
/// repository's copies in `tests/fixtures/spine`.
pub fn fixture(name: &str) -> Vec<u8> {
    let dir = std::env::var_os("SP_FIXTURES").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures"),
        std::path::PathBuf::from,
    );
    let path = dir.join("spine").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
