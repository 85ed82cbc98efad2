//! Cost of the editor's playback clock (`SceneSim::play`) for a display step (1/60 s) inside a
//! loop preset's loop against the step across the loop's wrap (an exact seek back to the loop's
//! first frame), in the same run: medians (min, max) of 285 steps and 15 wraps per preset.
//! Timed: `play` alone (the simulation); not timed: rendering. Run from the repository root:
//! `cargo run --release -p sp-sim --example wrap_cost`.
use sp_sim::document::load_scene;
use sp_sim::sim::SceneSim;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for name in ["fire", "smoke", "snow", "magic_portal", "rain"] {
        let text = std::fs::read_to_string(format!("presets/{name}.json"))?;
        let scene = load_scene(&text)?;
        let mut sim = SceneSim::new(&scene);
        let r = *sim.timeline().regions().ok_or("not a loop preset")?;
        let b = f64::from(r.start_frames + r.loop_frames) / f64::from(r.fps);
        let dt = 1.0 / 60.0;
        let (mut normal, mut wrap) = (Vec::new(), Vec::new());
        for _ in 0..15 {
            sim.seek(b - 0.5);
            for i in 0..20 {
                let t = Instant::now();
                sim.play(dt, 0.0, false);
                if i > 0 {
                    normal.push(t.elapsed().as_secs_f64() * 1e6);
                }
            }
            sim.seek(b - dt / 2.0);
            let t = Instant::now();
            sim.play(dt, 0.0, false);
            wrap.push(t.elapsed().as_secs_f64() * 1e6);
        }
        normal.sort_by(f64::total_cmp);
        wrap.sort_by(f64::total_cmp);
        let med = |v: &Vec<f64>| v[v.len() / 2];
        println!(
            "{name}: step {:.0} µs (min {:.0} max {:.0}), wrap step {:.0} µs (min {:.0} max {:.0}), live {}",
            med(&normal),
            normal[0],
            normal[normal.len() - 1],
            med(&wrap),
            wrap[0],
            wrap[wrap.len() - 1],
            sim.live_particles()
        );
    }
    Ok(())
}
