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
        let issues: Vec<Issue> = validate(&v)
            .into_iter()
            .filter(|i| !i.message.contains("is not one this exporter writes"))
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
