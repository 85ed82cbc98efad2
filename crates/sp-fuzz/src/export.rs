//! Export of a fuzzed valid scene: the validator accepts what the exporter writes, or the
//! exporter refuses the scene with a message.

use arbitrary::Unstructured;
use serde_json::Value;
use sp_spine::{Error, estimate_scene, export_scene_with, validate};

use crate::scene_gen::{ExportCase, export_case};

/// Fuzz target: bytes turned into a valid scene by [`export_case`] (see the crate docs).
pub fn export(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(case) = export_case(&mut u) else {
        return;
    };
    // One input in sixteen also checks that a second export gives the same bytes, one in eight
    // that the budget panel's estimate counts the same bones (both cost an export's time).
    let pick = data.first().copied().unwrap_or(0);
    check(&case, pick % 16 == 0, pick % 8 == 1);
}

/// Exports `case` and checks the outcome; with `twice` also that a second export is identical,
/// with `estimate` that the estimate's bone count is the export's.
pub fn check(case: &ExportCase, twice: bool, estimate: bool) {
    let ExportCase {
        scene,
        images,
        tracks,
        options,
    } = case;
    if let Err(e) = sp_sim::document::validate::scene(scene) {
        panic!("the generator made an invalid scene: {e}");
    }
    let run = || export_scene_with(scene, images, tracks, *options, &mut |_| true);
    let out = match run() {
        Ok(out) => out,
        Err(Error::Settings { message, .. } | Error::System { message, .. }) => {
            assert!(!message.is_empty());
            return;
        }
        Err(e) => panic!("a valid scene failed to export: {e}"),
    };
    // The exporter validated its JSON before returning it; read it back once more, as a
    // runtime would, and count what the report claims.
    let root: Value = match serde_json::from_str(&out.json) {
        Ok(v) => v,
        Err(e) => panic!("the export is not JSON: {e}"),
    };
    if let Some(issue) = validate::validate(&root).first() {
        panic!(
            "the validator refuses the export at {}: {}",
            issue.path, issue.message
        );
    }
    let count = |key: &str| root[key].as_array().map_or(0, Vec::len);
    assert_eq!(count("bones"), out.report.bones, "report.bones");
    assert_eq!(count("slots"), out.report.slots, "report.slots");
    assert_eq!(out.report.bytes, out.json.len(), "report.bytes");
    assert_eq!(out.frames.is_some(), options.frames, "frames document");
    if let Some(frames) = &out.frames {
        assert!(
            serde_json::from_str::<Value>(frames).is_ok(),
            "the frames document is not JSON"
        );
    }
    // The budget panel's bone count is the export's, as long as no system follows a bone (the
    // estimate bakes without tracks).
    if estimate && tracks.is_empty() {
        match estimate_scene(scene) {
            Ok(e) => {
                let bones = if scene.export.bone_pool {
                    e.bones_pool_on
                } else {
                    e.bones_pool_off
                };
                assert_eq!(bones, out.report.bones as u64, "estimated bones");
            }
            Err(e) => panic!("the scene exports but cannot be estimated: {e}"),
        }
    }
    if twice {
        match run() {
            Ok(again) => assert!(again.json == out.json, "a second export differs"),
            Err(e) => panic!("a second export failed: {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_input_is_a_valid_one_system_scene_that_exports() {
        let mut u = Unstructured::new(&[]);
        let case = export_case(&mut u).expect("a case from no bytes");
        assert_eq!(case.scene.systems.len(), 1);
        check(&case, true, true);
    }

    #[test]
    fn a_generated_scene_outside_the_document_limits_is_a_finding() {
        let mut u = Unstructured::new(&[]);
        let mut case = export_case(&mut u).expect("a case");
        case.scene.systems[0].transform.x = f32::NAN;
        assert!(std::panic::catch_unwind(|| check(&case, false, false)).is_err());
    }
}
