//! Spine skeletons: header read (binary 3.8–4.2 and JSON), defects, repair.

use sp_skel::{CharsetFix, RepairOptions, inspect, repair};

/// Fuzz target: a `.skel` or `.json` skeleton (see the crate docs for the invariants). The
/// last byte picks the charset choice, so both repair modes are fuzzed.
pub fn skel(data: &[u8]) {
    let charset_fix = match (data.last(), sp_skel::legacy_charset("gbk")) {
        (Some(b), Ok(gbk)) if b % 2 == 1 => CharsetFix::LegacyReader(gbk),
        _ => CharsetFix::ReencodeAtlas,
    };
    let options = RepairOptions {
        atlas: None,
        charset_fix,
    };
    if let Ok(info) = inspect(data, &options) {
        let json = serde_json::to_string(&info);
        assert!(json.is_ok(), "info JSON: {json:?}");
    }
    let repaired = match repair(data, &options) {
        Ok(r) => r,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    if let Err(e) = inspect(&repaired.skeleton, &options) {
        panic!("the repaired skeleton does not read back: {e}");
    }
    // Idempotence holds for the default choice. A legacy reader without an atlas rewrites every
    // name to what that reader makes of its UTF-8 bytes, blindly: a second run rewrites the
    // rewritten names again (the rewrite cannot tell its own output from a source), so it is
    // not checked there.
    if charset_fix == CharsetFix::ReencodeAtlas {
        match repair(&repaired.skeleton, &options) {
            Ok(again) => assert!(
                again.skeleton == repaired.skeleton,
                "repairing a repaired skeleton changed it again: {:?}",
                again.report
            ),
            Err(e) => panic!("the repaired skeleton cannot be repaired again: {e}"),
        }
    }
}
