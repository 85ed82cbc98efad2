//! The validator catches each broken case, naming its path, and accepts the official examples.

use serde_json::{Value, json};

use super::*;

fn good() -> Value {
    json!({
        "skeleton": {"hash": "AAAAAAAAAAA", "spine": "4.2.22", "images": "./images/", "audio": ""},
        "bones": [{"name": "root"}, {"name": "sys", "parent": "root"}, {"name": "p0", "parent": "sys", "inherit": "onlyTranslation"}],
        "slots": [{"name": "p0", "bone": "p0", "color": "ffffff00", "attachment": "spark", "blend": "additive"}],
        "skins": [{"name": "default", "attachments": {"p0": {"spark": {"width": 32, "height": 16}}}}],
        "animations": {"a": {
            "slots": {"p0": {"attachment": [{"name": null}, {"time": 0.1, "name": "spark"}],
                             "rgba": [{"color": "ffffffff", "curve": [0.1, 1, 0.2, 1, 0.1, 1, 0.2, 1, 0.1, 1, 0.2, 1, 0.1, 1, 0.2, 0.5]}, {"time": 0.3, "color": "ffffff00"}]}},
            "bones": {"p0": {"translate": [{"x": 1, "y": 2, "curve": "stepped"}, {"time": 0.5, "x": 3}], "rotate": [{"value": 10}]}}
        }, "empty": {}}
    })
}

fn first_issue(v: &Value) -> Issue {
    validate(v).into_iter().next().expect("an issue")
}

fn broken(edit: impl FnOnce(&mut Value)) -> Issue {
    let mut v = good();
    edit(&mut v);
    first_issue(&v)
}

#[test]
fn the_good_skeleton_and_the_official_examples_pass() {
    assert_eq!(validate(&good()), vec![]);
    for name in ["coin-pro-4.2.json", "vine-pro-4.2.json"] {
        let path = format!(
            "{}/../../tests/fixtures/spine/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v: Value = serde_json::from_str(&text).expect("fixture parses");
        // The validator only knows the sections this exporter writes: ignore constraint, clipping,
        // path and rgba2 specifics, but the bone/slot/skin structure must pass.
        // The official exports write weights with 5 decimals, so their sums are 1 ± 10⁻⁵; ours
        // are held to 10⁻⁶ (`WEIGHT_SUM_TOLERANCE`).
        let official_rounding = |m: &str| {
            m.strip_prefix("weights of vertex ")
                .and_then(|r| r.split(" sum to ").nth(1))
                .and_then(|r| r.strip_suffix(", not 1"))
                .and_then(|r| r.parse::<f64>().ok())
                .is_some_and(|sum| (sum - 1.0).abs() <= 1.5e-5)
        };
        let issues: Vec<Issue> = validate(&v)
            .into_iter()
            .filter(|i| !i.message.contains("is not one this exporter writes"))
            .filter(|i| !official_rounding(&i.message))
            .collect();
        assert_eq!(issues, vec![], "{name}");
    }
}

#[test]
fn each_broken_case_is_caught_with_its_path() {
    let cases: Vec<(Issue, &str, &str)> = vec![
        (
            broken(|v| v["bones"][2]["name"] = json!("sys")),
            "bones[2].name",
            "duplicate",
        ),
        (
            broken(|v| v["bones"].as_array_mut().expect("a").swap(1, 2)),
            "bones[1].parent",
            "precede",
        ),
        (
            broken(|v| v["slots"][0]["bone"] = json!("nope")),
            "slots[0].bone",
            "does not exist",
        ),
        (
            broken(|v| v["skins"] = json!({"default": {}})),
            "skins",
            "array",
        ),
        (
            broken(|v| v["skins"][0]["attachments"] = json!({"ghost": {}})),
            "skins[0].attachments.ghost",
            "does not exist",
        ),
        (
            broken(|v| v["skins"][0]["attachments"]["p0"]["spark"] = json!({"width": 3})),
            "skins[0].attachments.p0.spark.height",
            "missing",
        ),
        (
            broken(|v| {
                v["animations"]["a"]["slots"]["p0"]["attachment"][1]["name"] = json!("other")
            }),
            "animations.a.slots.p0.attachment[1].name",
            "not in any skin",
        ),
        (
            broken(|v| v["animations"]["a"]["slots"]["p0"]["rgba"] = json!([])),
            "animations.a.slots.p0.rgba",
            "empty",
        ),
        (
            broken(|v| {
                v["animations"]["a"]["slots"]["p0"]["rgba"][1]["color"] = json!("#ffffff00")
            }),
            "animations.a.slots.p0.rgba[1].color",
            "without '#'",
        ),
        (
            broken(|v| {
                v["animations"]["a"]["slots"]["p0"]["color"] = json!([{"color": "ffffffff"}])
            }),
            "animations.a.slots.p0.color",
            "unknown slot timeline",
        ),
        (
            broken(|v| v["animations"]["a"]["bones"]["p0"]["angle"] = json!([{}])),
            "animations.a.bones.p0.angle",
            "unknown bone timeline",
        ),
        (
            broken(|v| v["animations"]["a"]["bones"]["p0"]["translate"][1]["time"] = json!(-1)),
            "animations.a.bones.p0.translate[1].time",
            "negative",
        ),
        (
            broken(|v| v["animations"]["a"]["bones"]["p0"]["translate"][0]["time"] = json!(2)),
            "animations.a.bones.p0.translate[1].time",
            "before",
        ),
        (
            broken(|v| v["animations"]["a"]["bones"]["p0"]["translate"][1]["x"] = Value::Null),
            "animations.a.bones.p0.translate[1].x",
            "finite",
        ),
        (
            broken(|v| {
                v["animations"]["a"]["slots"]["p0"]["rgba"][0]["curve"] = json!([0.1, 1, 0.2, 1])
            }),
            "animations.a.slots.p0.rgba[0].curve",
            "16 numbers",
        ),
        (
            broken(|v| v["animations"]["a"]["slots"]["p0"]["rgba"][0]["curve"] = json!("smooth")),
            "animations.a.slots.p0.rgba[0].curve",
            "stepped",
        ),
        (
            broken(|v| v["bones"][2]["inherit"] = json!("OnlyTranslation")),
            "bones[2].inherit",
            "unknown",
        ),
        (
            broken(|v| v["slots"][0]["blend"] = json!("add")),
            "slots[0].blend",
            "unknown",
        ),
        (
            broken(|v| v["slots"][0]["attachment"] = json!("nothing")),
            "slots[0].attachment",
            "no skin",
        ),
        (
            broken(|v| v["skeleton"]["spine"] = json!("3.8.99")),
            "skeleton.spine",
            "4.2",
        ),
        (
            broken(|v| {
                v["skins"][0]["attachments"]["p0"]["spark"]["path"] =
                    json!("data:image/png;base64,AA")
            }),
            "skins[0].attachments.p0.spark.path",
            "relative",
        ),
    ];
    for (issue, path, needle) in cases {
        assert_eq!(issue.path, path, "{issue:?}");
        assert!(
            issue.message.contains(needle),
            "{issue:?} should mention {needle:?}"
        );
    }
}

#[test]
fn weighted_meshes_are_checked() {
    let mut v = good();
    v["skins"][0]["attachments"]["p0"]["trail"] = json!({
        "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2],
        "vertices": [1, 1, 0, 0, 1, 2, 1, 0, 0, 0.5, 2, 0, 0, 0.5, 1, 1, 0, 0, 1], "hull": 3
    });
    assert_eq!(validate(&v), vec![]);
    v["skins"][0]["attachments"]["p0"]["trail"]["vertices"][9] = json!(0.4);
    let issue = first_issue(&v);
    assert_eq!(issue.path, "skins[0].attachments.p0.trail.vertices");
    assert!(issue.message.contains("sum"));
    v["skins"][0]["attachments"]["p0"]["trail"]["triangles"] = json!([0, 1, 3]);
    assert_eq!(
        first_issue(&v).path,
        "skins[0].attachments.p0.trail.triangles"
    );
}

#[test]
fn validate_str_reports_the_path_in_the_error() {
    let mut v = good();
    v["bones"][1]["x"] = Value::Null;
    let err = validate_str(&v.to_string()).expect_err("invalid");
    assert_eq!(
        err.to_string(),
        "invalid Spine JSON at bones[1].x: expected a finite number, found null (a NaN or infinite number?)"
    );
}

/// A weighted trail mesh on bones 1 and 2 of `good()`, with each broken case of export spec
/// §16.1 for meshes: `(edit, path, what the message says)`.
#[test]
fn every_bad_mesh_is_named() {
    let with_mesh = || {
        let mut v = good();
        v["skins"][0]["attachments"]["p0"]["trail"] = json!({
            "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3],
            "vertices": [1, 1, 0, 0, 1,  2, 1, 10, 0, 0.25, 2, 0, 0, 0.75,
                         1, 2, 0, 5, 1,  2, 1, 0, 5, 0.5, 2, -10, 5, 0.5],
            "hull": 4, "width": 64, "height": 16
        });
        v
    };
    assert_eq!(validate(&with_mesh()), vec![]);
    let base = "skins[0].attachments.p0.trail";
    type Edit = fn(&mut Value);
    let cases: [(Edit, &str, &str); 9] = [
        (
            |m| m["vertices"][1] = json!(3),
            "vertices[1]",
            "not one of the 3 bones",
        ),
        (|m| m["vertices"][9] = json!(0.250002), "vertices", "sum to"),
        (|m| m["hull"] = json!(5), "hull", "from 3 to 4"),
        (|m| m["uvs"] = json!([0, 0, 1, 0, 1, 1, 0]), "uvs", "pairs"),
        (|m| m["uvs"][5] = json!(1.5), "uvs[5]", "outside the image"),
        (|m| m["triangles"] = json!([0, 1]), "triangles", "triples"),
        (
            |m| m["vertices"].as_array_mut().expect("a").extend([json!(0)]),
            "vertices",
            "longer",
        ),
        (
            |m| m["vertices"].as_array_mut().expect("a").truncate(20),
            "vertices",
            "ends",
        ),
        (
            |m| m["vertices"][0] = json!(0),
            "vertices[0]",
            "not a bone count",
        ),
    ];
    for (edit, path, needle) in cases {
        let mut v = with_mesh();
        edit(&mut v["skins"][0]["attachments"]["p0"]["trail"]);
        let issue = first_issue(&v);
        assert_eq!(issue.path, format!("{base}.{path}"), "{issue:?}");
        assert!(
            issue.message.contains(needle),
            "{issue:?} should say {needle:?}"
        );
    }
}

#[test]
fn deform_timelines_are_refused() {
    let mut v = good();
    v["skins"][0]["attachments"]["p0"]["trail"] = json!({
        "type": "mesh", "uvs": [0, 0, 1, 0, 1, 1], "triangles": [0, 1, 2], "vertices": [0, 0, 1, 0, 1, 1]
    });
    v["animations"]["a"]["attachments"] =
        json!({"default": {"p0": {"trail": {"deform": [{"vertices": [1, 1]}]}}}});
    let issue = first_issue(&v);
    assert_eq!(
        issue.path,
        "animations.a.attachments.default.p0.trail.deform"
    );
    assert!(issue.message.contains("not allowed"), "{issue:?}");
    v["animations"]["a"]["attachments"] =
        json!({"default": {"p0": {"ghost": {"sequence": [{"index": 1}]}}}});
    let issue = first_issue(&v);
    assert_eq!(issue.path, "animations.a.attachments.default.p0.ghost");
    assert!(issue.message.contains("not in skin"), "{issue:?}");
}
