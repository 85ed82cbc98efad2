use sp_sim::document::{ModelMarker, ModelObject, Transform2D};
use sp_sim::time::{Playback, Timebase, wrap_secs};

use super::pose::clip_time_secs;
use super::*;
use crate::writer::{self, synth::synth_model};
use crate::{FramePositions, Rig, bake_clip, model_clips};

/// A renderer stand-in: numbers the clips it is given, keeps the positions, can refuse the n-th.
#[derive(Default)]
struct Sink {
    uploaded: Vec<(u32, String, usize)>,
    released: Vec<u32>,
    refuse_at: Option<usize>,
    next: u32,
}

impl ClipSink<u32> for Sink {
    type Error = String;
    fn upload(&mut self, c: ClipUpload<'_>) -> Result<Uploaded<u32>, String> {
        if self.refuse_at == Some(self.uploaded.len()) {
            return Err("no room".into());
        }
        self.next += 1;
        let frames = c.baked.frame_count();
        self.uploaded.push((self.next, c.clip.name.clone(), frames));
        Ok(Uploaded {
            id: self.next,
            frames,
            bytes_per_frame: c.baked.bytes_per_frame(),
            bytes_total: c.baked.total_bytes(),
        })
    }
    fn release(&mut self, id: u32) {
        self.released.push(id);
    }
}

fn bytes() -> Vec<u8> {
    writer::write(&synth_model(8, 1)).unwrap_or_default()
}

fn object(name: &str, clip: &str) -> ModelObject {
    ModelObject {
        name: name.into(),
        key: "k".into(),
        clip: clip.into(),
        ..ModelObject::default()
    }
}

fn stage_with(objects: &[ModelObject]) -> (ModelStage<u32>, Sink) {
    let mut stage = ModelStage::default();
    let mut sink = Sink::default();
    let loaded = stage.add_model(
        "k",
        "synth.ms3d",
        &bytes(),
        &LoadOptions::default(),
        &mut sink,
    );
    assert!(loaded.is_ok());
    stage.set_objects(objects);
    (stage, sink)
}

#[test]
fn a_file_bakes_and_uploads_every_clip_under_its_key() {
    let (stage, sink) = stage_with(&[]);
    let m = stage.model("k").expect("loaded");
    assert_eq!(
        m.clips
            .iter()
            .map(|c| c.clip.name.as_str())
            .collect::<Vec<_>>(),
        ["wave", "bend"]
    );
    assert_eq!(sink.uploaded.len(), 2);
    // 23 frames of the model's 24 fps timeline = 0.958 s, baked at 30 fps: 29 steps + the end.
    assert_eq!(m.clips[0].frames, 30);
    assert_eq!(m.counts.vertices, 18);
    let e = synth_model(8, 1).bind_bbox().expect("box").extent();
    let side = e[0].max(e[1]);
    assert!(
        (m.pixels_per_unit * side - DEFAULT_EXTENT_PX).abs() < 1e-3,
        "the bind pose is 240 px across: {} px per unit, side {side}",
        m.pixels_per_unit
    );
    assert_eq!(stage.keys().collect::<Vec<_>>(), ["k"]);
}

#[test]
fn loading_again_replaces_and_a_refused_clip_keeps_nothing() {
    let (mut stage, mut sink) = stage_with(&[]);
    let ok = stage.add_model(
        "k",
        "again.ms3d",
        &bytes(),
        &LoadOptions::default(),
        &mut sink,
    );
    assert!(ok.is_ok());
    assert_eq!(sink.released, [1, 2], "the first load's clips are freed");
    assert_eq!(
        stage.model("k").map(|m| m.name.as_str()),
        Some("again.ms3d")
    );

    let mut refusing = Sink {
        refuse_at: Some(1),
        ..Sink::default()
    };
    let r = stage.add_model(
        "x",
        "x.ms3d",
        &bytes(),
        &LoadOptions::default(),
        &mut refusing,
    );
    assert!(matches!(r, Err(LoadError::Upload(ref e)) if e == "no room"));
    assert_eq!(
        refusing.released,
        [1],
        "the clip uploaded before the refusal is freed"
    );
    assert!(stage.model("x").is_none());

    let truncated = &bytes()[..100];
    let r = stage.add_model("t", "t.ms3d", truncated, &LoadOptions::default(), &mut sink);
    assert!(
        matches!(r, Err(LoadError::Model(ref e)) if e.to_string().contains("byte")),
        "{r:?}"
    );
    let bad = LoadOptions {
        fps: 0.0,
        ..LoadOptions::default()
    };
    assert!(matches!(
        stage.add_model("f", "f.ms3d", &bytes(), &bad, &mut sink),
        Err(LoadError::Option("fps", _))
    ));
    assert_eq!(stage.remove_model("k"), Some(vec![3, 4]));
    assert_eq!(stage.remove_model("k"), None);
}

#[test]
fn the_pose_is_the_timebase_frame_pair_of_the_scene_time() {
    let (stage, _) = stage_with(&[object("a", "")]);
    let c = &stage.model("k").expect("loaded").clips[0];
    let d = f64::from(c.clip.duration_secs());
    let tb = Timebase::new(30.0).expect("fps");
    for t in [0.0, 0.1, 0.5, d - 1e-3, d, d + 0.25, 3.0 * d + 0.1] {
        let posed = stage.pose(t);
        assert_eq!(posed.len(), 1);
        let want_u = wrap_secs(t, d);
        assert_eq!(posed[0].clip_time_secs, want_u, "t = {t}");
        assert_eq!(posed[0].frames, tb.frame_pair(want_u, 30, Playback::Clamp));
        assert_eq!(posed[0].clip, 1, "empty clip name: the first clip");
    }
    // Looping: one period later, the same pose.
    let at = stage.pose(0.3)[0];
    let later = stage.pose(0.3 + d)[0];
    assert_eq!(at.frames.a, later.frames.a);
    assert!((at.frames.blend - later.frames.blend).abs() < 1e-4);
}

#[test]
fn speed_loop_clip_and_eye_shape_the_pose() {
    let mut clamped = object("b", "bend");
    clamped.looping = false;
    clamped.speed = 2.0;
    let hidden = ModelObject {
        visible: false,
        ..object("c", "")
    };
    let unknown = ModelObject {
        key: "missing".into(),
        ..object("d", "")
    };
    let wrong_clip = object("e", "nope");
    let (stage, _) = stage_with(&[clamped, hidden, unknown, wrong_clip]);
    let c = &stage.model("k").expect("loaded").clips[1];
    let d = c.clip.duration_secs();
    let posed = stage.pose(0.2);
    assert_eq!(
        posed.len(),
        1,
        "hidden, unloaded and unknown-clip objects are not drawn"
    );
    assert_eq!(posed[0].object, 0);
    assert_eq!(posed[0].clip, 2, "clip by name");
    assert!((posed[0].clip_time_secs - 0.4).abs() < 1e-9, "speed 2");
    let end = stage.pose(10.0)[0];
    assert_eq!(end.clip_time_secs, f64::from(d), "clamp holds the end");
    let tb = Timebase::new(30.0).expect("fps");
    assert_eq!(end.frames, tb.frame_pair(f64::from(d), 30, Playback::Clamp));
    assert_eq!(clip_time_secs(-1.0, 1.0, false, d), 0.0);
    assert_eq!(clip_time_secs(f64::NAN, 1.0, true, d), 0.0);
}

#[test]
fn the_pose_depends_on_the_time_alone() {
    let (mut stage, _) = stage_with(&[object("a", "")]);
    let fresh = stage.pose(0.7);
    stage.frame(1.9);
    stage.frame(0.2);
    let after = stage.frame(0.7).to_vec();
    assert_eq!(fresh, after, "scrubbing back gives the same pose");
}

#[test]
fn placement_moves_rotates_scales_and_flips() {
    let apply = |m: [f32; 16], p: [f32; 3]| {
        glam::Mat4::from_cols_array(&m).transform_point3(glam::Vec3::from_array(p))
    };
    let mut t = Transform2D {
        x: 100.0,
        y: 50.0,
        ..Transform2D::default()
    };
    // Y-up model point (1, 1, 0) at 10 px per unit: right and up (y down on screen).
    let p = apply(placement(&t, UpAxis::Y, 10.0), [1.0, 1.0, 0.0]);
    assert!(
        (p.x - 110.0).abs() < 1e-4 && (p.y - 40.0).abs() < 1e-4,
        "{p}"
    );
    t.scale_x = -2.0;
    let p = apply(placement(&t, UpAxis::Y, 10.0), [1.0, 1.0, 0.0]);
    assert!(
        (p.x - 80.0).abs() < 1e-4 && (p.y - 40.0).abs() < 1e-4,
        "flipped: {p}"
    );
    t.scale_x = 1.0;
    t.rotation_deg = 90.0;
    // Clockwise on screen: a point to the right goes down.
    let p = apply(placement(&t, UpAxis::Y, 10.0), [1.0, 0.0, 0.0]);
    assert!(
        (p.x - 100.0).abs() < 1e-4 && (p.y - 60.0).abs() < 1e-4,
        "rotated: {p}"
    );
}

#[test]
fn markers_fire_when_the_scene_time_crosses_them_forward() {
    let mut o = object("hero", "wave");
    // wave is frames 1..=24 at 24 fps: frame 13 is 0.5 s into the clip.
    o.markers = vec![
        ModelMarker {
            clip: "wave".into(),
            name: "hit".into(),
            frame: 13.0,
        },
        ModelMarker {
            clip: "wave".into(),
            name: "start".into(),
            frame: 1.0,
        },
        ModelMarker {
            clip: "bend".into(),
            name: "other clip".into(),
            frame: 30.0,
        },
    ];
    let (mut stage, _) = stage_with(&[o]);
    stage.frame(0.0);
    let names = |s: &mut ModelStage<u32>| {
        s.take_events()
            .into_iter()
            .map(|e| format!("{}/{}/{}", e.object, e.clip, e.marker))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(&mut stage),
        ["hero/wave/start"],
        "the first frame fires"
    );
    stage.frame(0.4);
    assert!(names(&mut stage).is_empty());
    stage.frame(0.6);
    assert_eq!(names(&mut stage), ["hero/wave/hit"]);
    stage.frame(0.1);
    assert!(names(&mut stage).is_empty(), "scrubbing back fires nothing");
    stage.frame(0.55);
    assert_eq!(names(&mut stage), ["hero/wave/hit"]);
    // Next loop (D = 23/24 s): start again, then hit.
    stage.frame(0.55 + 23.0 / 24.0);
    assert_eq!(names(&mut stage), ["hero/wave/start", "hero/wave/hit"]);
    stage.seeked();
    stage.frame(5.0);
    assert!(names(&mut stage).is_empty(), "a seek fires nothing");
    assert_eq!(stage.dropped_events(), 0);
}

#[test]
fn the_frames_drawn_are_the_frames_baked() {
    // What the renderer is told to show is the bake of the clip at that clip time.
    let model = synth_model(8, 1);
    let rig = Rig::new(&model).expect("rig");
    let clip = &model_clips(&model, rig.last_key_frame())[0];
    let baked = bake_clip(&model, &rig, clip, &crate::BakeOptions::default()).expect("bake");
    let (stage, _) = stage_with(&[object("a", "")]);
    let p = stage.pose(0.5)[0];
    assert!(matches!(baked.positions, FramePositions::F32(_)));
    let want = baked
        .timebase()
        .frame_pair(0.5, baked.frame_count() as u32, Playback::Clamp);
    assert_eq!(p.frames, want);
}
