//! `.atlas` files: region names, encoding detection, re-encoding to UTF-8, and the repair of a
//! skeleton against the atlas.

use sp_skel::{RepairOptions, inspect, read_atlas, repair, synth, text};

/// Most region names put into the synthetic skeleton checked against the atlas.
const MAX_NAMES: usize = 8;

/// Fuzz target: an `.atlas` file (see the crate docs for the invariants).
pub fn atlas(data: &[u8]) {
    let atlas = match read_atlas(data, &[]) {
        Ok(a) => a,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let names: Vec<String> = atlas.regions.iter().map(|r| r.name.clone()).collect();
    // Names decide between encodings: read again with them, as the repair does.
    let atlas = match read_atlas(data, &names) {
        Ok(a) => a,
        Err(e) => panic!("the atlas read once but not with its own names: {e}"),
    };
    let expected: Vec<&str> = atlas
        .regions
        .iter()
        .map(|r| match text::trim_end(&r.name) {
            // A name trimming would empty is kept (it would otherwise end the page).
            "" => r.name.as_str(),
            trimmed => trimmed,
        })
        .collect();

    // Re-encoded to UTF-8, a UTF-8 reader (forced by a BOM) sees the same regions, trimmed.
    let (utf8, _changes) = atlas.to_utf8();
    assert!(
        std::str::from_utf8(&utf8).is_ok(),
        "to_utf8 wrote invalid UTF-8"
    );
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend_from_slice(&utf8);
    match read_atlas(&with_bom, &[]) {
        Ok(again) => {
            let got: Vec<&str> = again.regions.iter().map(|r| r.name.as_str()).collect();
            assert_eq!(got, expected, "regions changed by re-encoding to UTF-8");
        }
        Err(e) => panic!("the UTF-8 atlas does not read: {e}"),
    }

    // A skeleton naming the regions repairs against the atlas, and the result reads back.
    let chosen: Vec<&str> = names.iter().map(String::as_str).take(MAX_NAMES).collect();
    let skeleton = synth::json("4.2.22", &chosen);
    let options = RepairOptions {
        atlas: Some(data),
        ..RepairOptions::default()
    };
    if let Err(e) = inspect(skeleton.as_bytes(), &options) {
        panic!("a synthetic skeleton naming the regions does not inspect: {e}");
    }
    let repaired = match repair(skeleton.as_bytes(), &options) {
        Ok(r) => r,
        Err(e) => panic!("a synthetic skeleton naming the regions does not repair: {e}"),
    };
    let atlas_out = repaired.atlas.as_deref();
    assert!(atlas_out.is_some(), "no atlas written with the repair");
    let after = RepairOptions {
        atlas: atlas_out,
        ..RepairOptions::default()
    };
    if let Err(e) = inspect(&repaired.skeleton, &after) {
        panic!("the repaired skeleton does not read back with its atlas: {e}");
    }
}
