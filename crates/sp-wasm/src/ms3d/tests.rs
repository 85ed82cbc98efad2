//! Unit tests of the model bindings (no renderer).

use serde_json::{Value, json};
use sp_ms3d::{Clip, Interp, UpAxis};
use sp_render::ClipId;

use super::models::{LoadedClip, LoadedModel};
use super::*;

fn synth_bytes() -> Vec<u8> {
    sp_ms3d::writer::write(&sp_ms3d::writer::synth::synth_model(8, 1)).unwrap()
}

/// A model of one clip (frames 1..=11 at 10 fps, 1 s) without a renderer.
fn models_with_clip() -> Models {
    let mut models = Models::default();
    let clip = Clip {
        name: "walk".into(),
        start_frame: 1.0,
        end_frame: 11.0,
        fps: 10.0,
        markers: Vec::new(),
    };
    models.models.insert(
        1,
        LoadedModel {
            name: "m.ms3d".into(),
            clips: vec![LoadedClip {
                clip,
                id: ClipId(7),
                frames: 31,
                bake_fps: 30.0,
            }],
            up_axis: UpAxis::Y,
            pixels_per_unit: 10.0,
        },
    );
    models.next_id = 1;
    models
}

fn state(looping: bool) -> InstanceState {
    InstanceState {
        model: 1,
        clip: 0,
        x: 100.0,
        y: 50.0,
        rotation_deg: 0.0,
        scale: 1.0,
        speed: 1.0,
        looping,
        playing: true,
    }
}

#[test]
fn info_has_the_cli_shape_and_errors_name_section_and_byte() {
    let bytes = synth_bytes();
    let v: Value = serde_json::from_str(&info_json(&bytes).unwrap()).unwrap();
    // The CLI's `ms3d info --json` prints the same `ModelInfo` (its shape is tested there).
    let cli =
        serde_json::to_value(sp_ms3d::ModelInfo::of(&sp_ms3d::parse(&bytes).unwrap())).unwrap();
    assert_eq!(v, cli);
    assert_eq!(v["bytesConsumed"], json!(bytes.len()));
    let err = info_json(&bytes[..200]).unwrap_err().to_string();
    assert!(err.contains("section, byte "), "{err}");
}

#[test]
fn model_errors_read_file_section_and_byte() {
    let bytes = synth_bytes();
    let source = sp_ms3d::parse(&bytes[..200]).unwrap_err();
    let text = source.to_string();
    assert!(text.contains(" section, byte "), "{text}");
    assert_eq!(info_json(&bytes[..200]).unwrap_err().to_string(), text);
    let named = crate::Error::ModelFile {
        file: "fx/hero.ms3d".into(),
        source,
    };
    assert_eq!(named.to_string(), format!("fx/hero.ms3d: {text}"));
}

#[test]
fn textures_match_by_path_then_file_name_ignoring_case() {
    let images = vec!["fx/Skin.PNG".to_owned(), "other/eyes.png".to_owned()];
    assert_eq!(find_texture("fx/skin.png", &images), Some("fx/Skin.PNG"));
    assert_eq!(
        find_texture("C:/art/EYES.png", &images),
        Some("other/eyes.png")
    );
    assert_eq!(find_texture("./fx/skin.png", &images), Some("fx/Skin.PNG"));
    assert_eq!(find_texture("missing.png", &images), None);
}

#[test]
fn markers_fire_once_per_crossing_and_loop() {
    let mut m = models_with_clip();
    m.add_marker(1, 0, "start", 1.0).unwrap();
    m.add_marker(1, 0, "step", 6.0).unwrap();
    assert!(m.add_marker(1, 0, "late", 12.0).is_err());
    assert!(m.add_marker(1, 0, " ", 2.0).is_err());
    let id = m.add_instance(state(true)).unwrap();
    m.advance(0.25);
    let events: Vec<MarkerEvent> = serde_json::from_str(&m.take_events_json()).unwrap_or_default();
    assert_eq!(m.take_events_json(), "[]", "drained");
    let names: Vec<&str> = events.iter().map(|e| e.marker.as_str()).collect();
    assert_eq!(names, ["start"]);
    assert_eq!(events[0].instance, id);
    m.advance(0.5); // 0.25 → 0.75: step at 0.5
    m.advance(0.5); // 0.75 → 1.25: start of the second loop at 1.0
    let v: Value = serde_json::from_str(&m.take_events_json()).unwrap();
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["marker"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["step", "start"]);
    // Paused or speed 0: nothing moves.
    m.set_instance(
        id,
        InstanceState {
            playing: false,
            ..state(true)
        },
    )
    .unwrap();
    m.advance(5.0);
    assert_eq!(m.take_events_json(), "[]");
    m.remove_marker(1, 0, 0).unwrap();
    assert!(m.remove_marker(1, 0, 5).is_err());
}

#[test]
fn non_looping_playback_holds_the_last_frame() {
    let mut m = models_with_clip();
    m.add_marker(1, 0, "end", 11.0).unwrap();
    m.add_instance(state(false)).unwrap();
    let drawn = m.frame(0.0).to_vec();
    assert_eq!(drawn.len(), 1);
    assert_eq!(drawn[0].clip, ClipId(7));
    m.frame(100.0);
    for k in 0..30 {
        m.frame(100.0 + 100.0 * f64::from(k));
    }
    let t = m.frame(3100.0)[0].time_secs;
    assert!((t - 1.0).abs() < 1e-6, "held at the end: {t}");
    let v: Value = serde_json::from_str(&m.take_events_json()).unwrap();
    assert_eq!(
        v.as_array().unwrap().len(),
        1,
        "the end marker fires once: {v}"
    );
}

#[test]
fn instances_are_validated_and_placed() {
    let mut m = models_with_clip();
    assert!(
        m.add_instance(InstanceState {
            clip: 3,
            ..state(true)
        })
        .is_err()
    );
    assert!(
        m.add_instance(InstanceState {
            model: 9,
            ..state(true)
        })
        .is_err()
    );
    let e = m
        .add_instance(InstanceState {
            speed: f32::NAN,
            ..state(true)
        })
        .unwrap_err();
    assert!(e.to_string().starts_with("speed:"), "{e}");
    let s = InstanceState {
        rotation_deg: 90.0,
        scale: 2.0,
        ..state(true)
    };
    let mat = placement(&s, UpAxis::Y, 10.0);
    // Model (1, 0, 0) → editor (10, 0) → scale 2 → (20, 0) → 90° clockwise (y down) → (0, 20).
    let p = [1.0f32, 0.0, 0.0, 1.0];
    let out: Vec<f32> = (0..4)
        .map(|r| (0..4).map(|k| mat[k * 4 + r] * p[k]).sum())
        .collect();
    assert!(
        (out[0] - 100.0).abs() < 1e-4 && (out[1] - 70.0).abs() < 1e-4,
        "{out:?}"
    );
    let id = m.add_instance(state(true)).unwrap();
    assert!(m.instances_json().contains(&format!("\"id\":{id}")));
    assert!(m.remove_instance(id));
    assert!(!m.remove_instance(id));
}

#[test]
fn options_reject_unknown_fields() {
    let e = serde_json::from_str::<ModelOptions>(r#"{"fsp": 30}"#).unwrap_err();
    assert!(e.to_string().contains("fsp"));
    let o: ModelOptions =
        serde_json::from_str(r#"{"fps": 24, "upAxis": "z", "interp": "linear"}"#).unwrap();
    assert_eq!(
        (o.fps, o.up_axis, o.interp),
        (Some(24.0), Some(UpAxis::Z), Some(Interp::Linear))
    );
}
