//! Writers of synthetic skeletons, for tests and benchmarks: binary headers + string tables in
//! each of the four layouts (with any body appended), and small valid JSON skeletons whose
//! attachment names are chosen by the caller (so tests can make defective ones).

use serde_json::{Value, json};

use crate::Result;
use crate::binary::{
    BinaryHash, BinaryHeader, BinaryLayout, Nonessential, SkelString, write_header,
};

/// A plausible header for `layout`: version `3.8.99` / `4.0.64` / `4.1.24` / `4.2.22`, the
/// coin-pro bounds, nonessential data (fps 30, `./images/`, empty audio) when asked.
pub fn header(layout: BinaryLayout, nonessential: bool) -> BinaryHeader {
    let (version, hash) = match layout {
        BinaryLayout::V3_8 => (
            "3.8.99",
            BinaryHash::Text(SkelString::from_text("Dq1Q0p2Nq9WJ9gmLxp3FURbKp7Y")),
        ),
        BinaryLayout::V4_0 => (
            "4.0.64",
            BinaryHash::Long([0xb2, 0xf8, 0x9d, 0x79, 0xb3, 0xea, 0xa9, 0xe8]),
        ),
        BinaryLayout::V4_1 => ("4.1.24", BinaryHash::Long([1, 2, 3, 4, 5, 6, 7, 8])),
        BinaryLayout::V4_2 => (
            "4.2.22",
            BinaryHash::Long([0x7c, 0xaa, 0xfe, 0x7d, 0xee, 0x2b, 0x28, 0x49]),
        ),
    };
    BinaryHeader {
        layout,
        hash,
        version: SkelString::from_text(version),
        x: -152.5,
        y: -151.0,
        width: 305.0,
        height: 302.0,
        reference_scale: layout.has_reference_scale().then_some(100.0),
        nonessential: nonessential.then(|| Nonessential {
            fps: 30.0,
            images: SkelString::from_text("./images/"),
            audio: SkelString::from_text(""),
        }),
    }
}

/// A binary skeleton: `header`, the string table `strings`, then `body` verbatim.
pub fn binary(header: &BinaryHeader, strings: &[SkelString], body: &[u8]) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len() + 64 + strings.len() * 16);
    write_header(header, strings, &mut out)?;
    out.extend_from_slice(body);
    Ok(out)
}

/// Strings from texts (`None` = null).
pub fn strings(texts: &[Option<&str>]) -> Vec<SkelString> {
    texts
        .iter()
        .map(|t| t.map_or_else(SkelString::null, SkelString::from_text))
        .collect()
}

/// A small valid JSON skeleton for `version` (`"3.8.99"`, `"4.2.22"`, …) in which every name
/// of `regions` is used as: a region attachment's entry key (slot `slot<i>`, shown in the setup
/// pose), the `path` of a mesh `mesh<i>` in the same slot, an attachment keyframe, and a deform
/// timeline key (under `attachments` for 4.1+, `deform` before).
pub fn json(version: &str, regions: &[&str]) -> String {
    let mut slots = Vec::new();
    let mut skin = serde_json::Map::new();
    let mut slot_timelines = serde_json::Map::new();
    let mut deform = serde_json::Map::new();
    for (i, name) in regions.iter().enumerate() {
        let slot = format!("slot{i}");
        let mesh = format!("mesh{i}");
        slots.push(json!({ "name": slot, "bone": "root", "attachment": name }));
        skin.insert(
            slot.clone(),
            json!({
                *name: { "x": 1, "y": 2, "width": 10, "height": 12 },
                mesh.clone(): {
                    "type": "mesh", "path": name, "uvs": [0, 0, 1, 0, 0, 1], "triangles": [0, 1, 2],
                    "vertices": [0, 0, 10, 0, 0, 10], "hull": 3, "width": 10, "height": 10
                }
            }),
        );
        slot_timelines.insert(
            slot.clone(),
            json!({ "attachment": [ { "name": mesh }, { "time": 0.5, "name": name }, { "time": 1, "name": null } ] }),
        );
        deform.insert(
            slot,
            json!({ mesh: { "deform": [ {}, { "time": 1, "vertices": [1, 1, 2, 2] } ] } }),
        );
    }
    let four_one_plus = matches!(
        version.split('.').take(2).collect::<Vec<_>>()[..],
        ["4", "1" | "2" | "3"]
    );
    let mut animation = serde_json::Map::new();
    animation.insert("slots".to_owned(), Value::Object(slot_timelines));
    if four_one_plus {
        animation.insert(
            "attachments".to_owned(),
            json!({ "default": Value::Object(deform) }),
        );
    } else {
        let deform: serde_json::Map<String, Value> = deform
            .into_iter()
            .map(|(slot, keys)| {
                let unwrapped = keys
                    .as_object()
                    .map(|m| {
                        m.iter()
                            .map(|(k, v)| (k.clone(), v["deform"].clone()))
                            .collect::<serde_json::Map<_, _>>()
                    })
                    .unwrap_or_default();
                (slot, Value::Object(unwrapped))
            })
            .collect();
        animation.insert(
            "deform".to_owned(),
            json!({ "default": Value::Object(deform) }),
        );
    }
    let root = json!({
        "skeleton": { "hash": "synthetic", "spine": version, "x": -5, "y": -6, "width": 20, "height": 22, "images": "./images/", "audio": "" },
        "bones": [ { "name": "root" } ],
        "slots": slots,
        "skins": [ { "name": "default", "attachments": Value::Object(skin) } ],
        "animations": { "anim": Value::Object(animation) }
    });
    serde_json::to_string_pretty(&root).unwrap_or_default()
}
