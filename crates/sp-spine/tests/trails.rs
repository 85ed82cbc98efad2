//! Trails in the export (issue 12, export spec §5.2, §9): the structure of the chain, slot and
//! mesh; the bind reproducing the simulation's ribbon through Spine's skinning (computed here
//! from the written JSON: setup bones, timelines evaluated at key frames, weighted vertices);
//! pool on and off; particles hidden by their trail; the warning for preview-only colours; no
//! deform timeline. The official runtime's view is in `tests/node/export.trails.test.ts`.

use serde_json::Value;
use sp_sim::behaviour::trail::Trail;
use sp_sim::document::{
    BlendMode, Burst, ColorKey, Curve, Gradient, ParticleSystem, Range, Rgb, Scene,
};
use sp_sim::sim::SystemSim;
use sp_sim::sim::trail::TrailFrame;
use sp_spine::{ImageSizes, export_scene};

fn trailed() -> ParticleSystem {
    ParticleSystem {
        name: "Comet".into(),
        seed: 4,
        duration_secs: 0.5,
        rate_per_sec: 6.0,
        max_particles: 10,
        lifetime_secs: Range::new(0.8, 1.0),
        speed: Range::new(150.0, 220.0),
        direction_deg: 300.0,
        spread_deg: 50.0,
        gravity: [0.0, 200.0],
        textures: vec!["builtin:soft_dot".into()],
        blend: BlendMode::Additive,
        trail: Trail {
            enabled: true,
            length_secs: 0.3,
            bones: 6,
            width_px: 16.0,
            images: vec!["builtin:trail_fade".into()],
            ..Trail::default()
        },
        ..ParticleSystem::default()
    }
}

fn export(system: ParticleSystem, pool: bool) -> (Value, sp_spine::ExportReport) {
    let mut scene = Scene::default();
    scene.export.bone_pool = pool;
    scene.systems.push(system);
    let out = export_scene(&scene, &ImageSizes::default(), &mut |_| true).expect("export");
    (serde_json::from_str(&out.json).expect("json"), out.report)
}

/// The numbers of a JSON array.
fn numbers(list: &Value) -> Vec<f64> {
    list.as_array()
        .expect("array")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect()
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("array")
        .iter()
        .map(|b| b["name"].as_str().expect("name").to_owned())
        .collect()
}

#[test]
fn each_pooled_particle_has_a_chain_a_slot_and_a_mesh() {
    let (doc, report) = export(trailed(), true);
    let bones = doc["bones"].as_array().expect("bones");
    let chains: Vec<&Value> = bones
        .iter()
        .filter(|b| b["name"].as_str().is_some_and(|n| n.contains("_trail_1_")))
        .collect();
    let particles = bones
        .iter()
        .filter(|b| b["parent"] == "Comet" && !b["name"].as_str().unwrap_or("").contains("_trail"))
        .count();
    assert!(particles >= 3);
    assert_eq!(chains.len(), 6 * particles);
    for (k, b) in chains.iter().enumerate() {
        let j = k % 6;
        assert_eq!(b["inherit"], "onlyTranslation");
        if j == 0 {
            assert_eq!(b["parent"], "Comet");
            assert!(b.get("x").is_none());
        } else {
            assert_eq!(b["parent"], chains[k - 1]["name"]);
            // §5.2: the bind pose lays the chain out, it does not pile it at the origin.
            assert!(b["x"].as_f64().expect("x") >= 1.0);
        }
        assert!(b["length"].as_f64().expect("length") >= 1.0);
    }
    // Slots: every trail first (behind the particles), at alpha 0, on the chain's root.
    let slots = doc["slots"].as_array().expect("slots");
    assert_eq!(slots.len(), 2 * particles);
    for (i, s) in slots.iter().enumerate() {
        assert_eq!(s["color"], "ffffff00");
        let trail = s["name"].as_str().expect("name").ends_with("_trail");
        assert_eq!(trail, i < particles, "{s}");
        if trail {
            assert!(s["bone"].as_str().expect("bone").ends_with("_trail_1_0"));
            assert_eq!(s["attachment"], "trail_fade");
        }
    }
    // One weighted mesh per trail slot; bone indices into the bones array, weights sum to 1.
    let bone_names = names(&doc["bones"]);
    let skin = &doc["skins"][0]["attachments"];
    for s in slots.iter().take(particles) {
        let slot = s["name"].as_str().expect("name");
        let mesh = &skin[slot]["trail_fade"];
        assert_eq!(mesh["type"], "mesh");
        let uvs = mesh["uvs"].as_array().expect("uvs").len() / 2;
        assert_eq!(uvs, trailed().trail.vertex_count());
        let v = numbers(&mesh["vertices"]);
        let root = s["bone"].as_str().expect("bone");
        let base = bone_names
            .iter()
            .position(|n| n == root)
            .expect("root bone");
        let mut i = 0;
        for _ in 0..uvs {
            let count = v[i] as usize;
            i += 1;
            let mut sum = 0.0;
            for _ in 0..count {
                let bone = v[i] as usize;
                assert!(
                    (base..base + 6).contains(&bone),
                    "bone {bone} outside the chain"
                );
                sum += v[i + 3];
                i += 4;
            }
            assert!((sum - 1.0).abs() <= 1e-6, "{sum}");
        }
        assert_eq!(i, v.len());
        assert!(mesh["hull"].as_u64().expect("hull") >= 4);
    }
    assert_eq!(report.attachments, 2 * particles);
    let text = doc.to_string();
    assert!(!text.contains("deform"));
}

#[test]
fn pool_off_gives_a_chain_per_life() {
    // Emitting for 2 s with lives under 1 s: the pool reuses bones, one bone per life does not.
    let system = ParticleSystem {
        duration_secs: 2.0,
        ..trailed()
    };
    let (pooled, _) = export(system.clone(), true);
    let (single, report) = export(system, false);
    let count = |doc: &Value| {
        names(&doc["bones"])
            .iter()
            .filter(|n| n.ends_with("_trail_1_0"))
            .count()
    };
    assert_eq!(count(&single), report.lives);
    assert!(count(&single) > count(&pooled));
}

#[test]
fn a_trail_can_hide_its_particles() {
    let mut system = trailed();
    system.trail.draw_particle = false;
    let (doc, _) = export(system, true);
    let slots = names(&doc["slots"]);
    assert!(!slots.is_empty() && slots.iter().all(|s| s.ends_with("_trail")));
    // The bones are only the root, the system bone and the chains.
    assert!(
        names(&doc["bones"])
            .iter()
            .skip(2)
            .all(|n| n.contains("_trail_1_"))
    );
}

#[test]
fn colour_along_the_trail_is_a_warning() {
    let mut system = trailed();
    system.trail.alpha_along = Curve::ramp(1.0, 0.0);
    let (_, report) = export(system, true);
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("along its length")),
        "{:?}",
        report.warnings
    );
    let (_, plain) = export(trailed(), true);
    assert!(plain.warnings.is_empty(), "{:?}", plain.warnings);
}

/// Spine's skinning of the written mesh at a frame where every chain bone has a key, with the
/// bones posed from the written setup and keys (onlyTranslation chain under a still system bone)
/// — an independent reading of the JSON — lands on the simulation's ribbon.
#[test]
fn the_written_bind_and_keys_reproduce_the_ribbon() {
    let system = ParticleSystem {
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(1.0),
        alpha_curve: Curve::constant(1.0),
        color_gradient: Gradient {
            keys: vec![ColorKey {
                t: 0.0,
                color: Rgb::WHITE,
            }],
        },
        ..trailed()
    };
    let (doc, _) = export(system.clone(), true);
    let fps = 30.0;
    let anim = &doc["animations"]["animation"]["bones"];
    let bone_names = names(&doc["bones"]);
    let bones = doc["bones"].as_array().expect("bones");
    let chain: Vec<&str> = (0..6)
        .map(|j| bones[3 + j]["name"].as_str().expect("n"))
        .collect();
    assert_eq!(chain[0], "_particle_000_trail_1_0");
    // The frame: the rotate keys of every chain bone, intersected, after the first.
    let key_frames = |bone: &str, timeline: &str| -> Vec<i64> {
        anim[bone][timeline]
            .as_array()
            .map(|keys| {
                keys.iter()
                    .map(|k| f64::round(k["time"].as_f64().unwrap_or(0.0) * fps) as i64)
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut common = key_frames(chain[0], "translate");
    for bone in &chain {
        for tl in ["rotate", "scale"] {
            let f = key_frames(bone, tl);
            common.retain(|x| f.contains(x));
        }
    }
    let frame = *common
        .iter()
        .find(|&&f| f >= 6)
        .expect("a frame keyed on every bone");
    let value = |bone: &str, tl: &str, field: &str, default: f64| -> f64 {
        anim[bone][tl]
            .as_array()
            .and_then(|keys| {
                keys.iter()
                    .find(|k| f64::round(k["time"].as_f64().unwrap_or(0.0) * fps) as i64 == frame)
            })
            .and_then(|k| k[field].as_f64())
            .unwrap_or(default)
    };
    // Pose the chain (Spine axes, onlyTranslation): root at its translate (system bone at the
    // origin, unscaled), each child at its parent's matrix × (x, 0).
    let setup_x = |b: &str| {
        bones
            .iter()
            .find(|x| x["name"] == b)
            .and_then(|x| x["x"].as_f64())
            .unwrap_or(0.0)
    };
    let mut world: Vec<[f64; 6]> = Vec::new(); // a, b, c, d, x, y
    for (j, bone) in chain.iter().enumerate() {
        let r = value(bone, "rotate", "value", 0.0).to_radians();
        let (sx, sy) = (
            value(bone, "scale", "x", 1.0),
            value(bone, "scale", "y", 1.0),
        );
        let (a, b, c, d) = (
            libm::cos(r) * sx,
            -libm::sin(r) * sy,
            libm::sin(r) * sx,
            libm::cos(r) * sy,
        );
        let (x, y) = if j == 0 {
            (
                value(bone, "translate", "x", 0.0),
                value(bone, "translate", "y", 0.0),
            )
        } else {
            let p = world[j - 1];
            let lx = setup_x(bone);
            (p[4] + p[0] * lx, p[5] + p[2] * lx)
        };
        world.push([a, b, c, d, x, y]);
    }
    // The simulation at that frame.
    let mut sim = SystemSim::new(&system);
    sim.advance_to_quiet(frame as f64 / fps);
    let mut tf = TrailFrame::default();
    assert!(sim.trail_frame(0, &mut tf, sp_sim::sim::trail::TrailDetail::Skinned));
    for (j, node) in tf.nodes.iter().enumerate() {
        let (gx, gy) = (world[j][4], -world[j][5]);
        assert!(
            libm::hypot(gx - node.x, gy - node.y) < 0.1,
            "node {j}: ({gx}, {gy}) vs ({}, {})",
            node.x,
            node.y
        );
    }
    let mesh = &doc["skins"][0]["attachments"]["_particle_000_trail"]["trail_fade"];
    let v = numbers(&mesh["vertices"]);
    let mut i = 0;
    for (k, want) in tf.vertices.iter().enumerate() {
        let count = v[i] as usize;
        i += 1;
        let (mut x, mut y) = (0.0, 0.0);
        for _ in 0..count {
            let bone = bone_names[v[i] as usize].as_str();
            let j = chain.iter().position(|c| *c == bone).expect("chain bone");
            let [a, b, c, d, wx, wy] = world[j];
            let (bx, by, w) = (v[i + 1], v[i + 2], v[i + 3]);
            x += (a * bx + b * by + wx) * w;
            y += (c * bx + d * by + wy) * w;
            i += 4;
        }
        let (gx, gy) = (x, -y);
        let d = libm::hypot(gx - f64::from(want[0]), gy - f64::from(want[1]));
        assert!(d < 0.5, "vertex {k}: ({gx}, {gy}) vs {want:?}");
    }
}

/// The pre-export estimate counts the chain bones exactly, and its key bound covers the chains.
#[test]
fn the_estimate_counts_trail_bones_and_keys() {
    for (pool, draw_particle) in [(true, true), (false, true), (true, false)] {
        let mut system = ParticleSystem {
            duration_secs: 2.0,
            ..trailed()
        };
        system.trail.draw_particle = draw_particle;
        let mut scene = Scene::default();
        scene.export.bone_pool = pool;
        scene.systems.push(system.clone());
        let out = export_scene(&scene, &ImageSizes::default(), &mut |_| true).expect("export");
        let estimate = sp_spine::estimate_scene(&scene).expect("estimate");
        let bones = if pool {
            estimate.bones_pool_on
        } else {
            estimate.bones_pool_off
        };
        assert_eq!(bones as usize, out.report.bones, "pool {pool}");
        let keys: u64 = out.report.keys.values().sum();
        let unreduced: u64 = out.report.unreduced_keys.values().sum();
        // The estimate leaves out attachment keys and the system bone's own keys (a few), and
        // counts every particle channel (the export skips a channel that never moves).
        let attachments = out.report.keys.get("attachment").copied().unwrap_or(0);
        let continuous = unreduced - attachments;
        let e = estimate.unreduced_keys as f64;
        assert!(
            e >= 0.99 * continuous as f64 && e <= 1.3 * continuous as f64 && unreduced >= keys,
            "estimate {} vs unreduced {:?}",
            estimate.unreduced_keys,
            out.report.unreduced_keys
        );
        // Without the trail the estimate is far smaller: the chains dominate.
        system.trail.enabled = false;
        scene.systems[0] = system;
        let plain = sp_spine::estimate_scene(&scene).expect("estimate");
        assert!(estimate.unreduced_keys > 3 * plain.unreduced_keys);
    }
}
