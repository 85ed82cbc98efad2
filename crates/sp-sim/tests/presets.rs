//! Every file in the repository's `presets/` folder loads, uses built-in textures only, stays
//! compact, and simulates with visible particles.

use std::path::PathBuf;

use sp_sim::document::{PlayMode, load_scene};
use sp_sim::sim::SceneSim;

fn presets() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../presets");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("presets/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect()
}

#[test]
fn every_preset_loads_and_plays() {
    let all = presets();
    assert!(all.len() >= 8, "{} presets", all.len());
    for required in [
        "fire.json",
        "smoke.json",
        "sparks_burst.json",
        "magic_circle.json",
        "rain.json",
        "snow.json",
        "coin_fountain.json",
        "hit_flash.json",
    ] {
        assert!(all.iter().any(|(n, _)| n == required), "missing {required}");
    }
    for (name, text) in &all {
        let scene = load_scene(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!scene.systems.is_empty(), "{name}");
        for s in &scene.systems {
            assert!(
                s.textures.iter().all(|t| t.starts_with("builtin:")),
                "{name}: built-in textures only"
            );
        }
        let compact =
            serde_json::to_string(&serde_json::from_str::<serde_json::Value>(text).expect("json"))
                .expect("compact");
        assert!(
            compact.len() < 2000,
            "{name}: {} bytes compact",
            compact.len()
        );
        let mut sim = SceneSim::new(&scene);
        let mut most = 0;
        for i in 0..=90 {
            sim.advance_to(f64::from(i) / 30.0);
            most = most.max(sim.live_particles());
            for (sys, state) in scene.systems.iter().zip(sim.systems()) {
                assert!(
                    state.particles().len() <= sys.max_particles as usize,
                    "{name}"
                );
            }
        }
        assert!(most > 0, "{name}: particles appear");
    }
    let magic = all
        .iter()
        .find(|(n, _)| n == "magic_circle.json")
        .map(|(_, t)| load_scene(t).expect("loads"));
    assert!(
        magic
            .expect("present")
            .systems
            .iter()
            .all(|s| s.mode == PlayMode::LoopContinuous)
    );
}
