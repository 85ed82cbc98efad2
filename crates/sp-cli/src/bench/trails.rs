//! `spineparticle bench trails`: CPU per preview frame of trailed particles, native: a steady
//! population (default 1,000 live particles, 1 s lives, ballistic with damping, trail 0.3 s of
//! history), stepped at 60 fps. Five figures per run, interleaved batches: the simulation step
//! without a trail, the step with the trail (its head history is recorded while integrating),
//! then `SystemSim::trail_frame` of every live particle at the state reached, `--frames` times,
//! three ways: the chain the preview's GPU skins (`TrailDetail::Chain`: no angles), the chain
//! with each bone's angle as the export reads it (`Angles`), and the chain skinned into mesh
//! vertices on the CPU (`Skinned`: `simulate --dump`, the state hash). Not timed: the upload to
//! the GPU, the draw, the page (see `tests/e2e/bench-trails.ts` for the page's frame CPU).

use sp_sim::behaviour::trail::Trail;
use sp_sim::document::{ParticleSystem, PlayMode, Range};
use sp_sim::sim::SystemSim;
use sp_sim::sim::trail::{TrailDetail, TrailFrame};

use super::clock::thread_cpu_ns;
use crate::error::{Error, Result};

/// Arguments of `spineparticle bench trails`.
#[derive(clap::Args)]
pub struct Args {
    /// Live trailed particles.
    #[arg(long, default_value_t = 1000)]
    live: u32,
    /// Bones per trail (chain nodes), one run per value.
    #[arg(long, value_delimiter = ',', default_values_t = [8u32, 16])]
    bones: Vec<u32>,
    /// Frames timed per run (60 fps).
    #[arg(long, default_value_t = 300)]
    frames: u32,
    /// Repetitions (the median and the range are printed).
    #[arg(long, default_value_t = 5)]
    runs: usize,
}

fn system(live: u32, bones: u32, trail: bool) -> ParticleSystem {
    ParticleSystem {
        name: "TrailBench".into(),
        seed: 9,
        mode: PlayMode::LoopContinuous,
        duration_secs: 1000.0,
        rate_per_sec: live as f32,
        max_particles: live + live / 10 + 10,
        lifetime_secs: Range::fixed(1.0),
        speed: Range::new(150.0, 300.0),
        spread_deg: 360.0,
        gravity: [0.0, 200.0],
        damping: 0.8,
        textures: vec!["builtin:spark".into()],
        trail: Trail {
            enabled: trail,
            length_secs: 0.3,
            bones,
            width_px: 10.0,
            images: vec!["builtin:trail_fade".into()],
            ..Trail::default()
        },
        ..ParticleSystem::default()
    }
}

/// This thread's CPU nanoseconds of `f` (wall time where the platform has no thread CPU clock).
fn cpu_ns(f: impl FnOnce()) -> f64 {
    let start = std::time::Instant::now();
    let a = thread_cpu_ns();
    f();
    match (a, thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64,
        _ => start.elapsed().as_secs_f64() * 1e9,
    }
}

fn stat(mut xs: Vec<f64>) -> String {
    xs.sort_by(f64::total_cmp);
    format!(
        "{:.3} ({:.3}-{:.3})",
        xs[xs.len() / 2],
        xs[0],
        xs[xs.len() - 1]
    )
}

/// Runs `spineparticle bench trails`.
pub fn run(args: Args) -> Result<()> {
    if args.live == 0 || args.live > 100_000 {
        return Err(Error::Usage("--live must be in 1..=100000".into()));
    }
    if args.bones.iter().any(|&n| !(2..=32).contains(&n)) {
        return Err(Error::Usage("--bones values must be in 2..=32".into()));
    }
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; run `cargo run --release -p sp-cli -- bench trails` for real numbers"
        );
    }
    let dt = 1.0 / 60.0;
    println!(
        "{:>6} {:>5} {:>26} {:>26} {:>26} {:>26} {:>26} {:>10}",
        "live",
        "N",
        "step, no trail (ms/frame)",
        "step, trail (ms/frame)",
        "chains, preview (ms/frame)",
        "chains, export (ms/frame)",
        "ribbons, CPU (ms/frame)",
        "vertices"
    );
    for &bones in &args.bones {
        let mut plain = SystemSim::new(&system(args.live, bones, false));
        let mut trailed = SystemSim::new(&system(args.live, bones, true));
        plain.advance_to_quiet(2.0);
        trailed.advance_to_quiet(2.0);
        let mut events = Vec::new();
        let mut frame = TrailFrame::default();
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        let (mut d, mut e) = (Vec::new(), Vec::new());
        let mut vertices = 0usize;
        let frames = args.frames.max(1);
        for _ in 0..args.runs.max(1) {
            // Batches long enough for the scheduler's CPU clock: the step without a trail is
            // timed over 10× the frames.
            let ta = cpu_ns(|| {
                for _ in 0..10 * frames {
                    plain.advance(dt, &mut events);
                    events.clear();
                }
            });
            let tb = cpu_ns(|| {
                for _ in 0..frames {
                    trailed.advance(dt, &mut events);
                    events.clear();
                }
            });
            let mut chains = |detail: TrailDetail| {
                cpu_ns(|| {
                    for _ in 0..frames {
                        vertices = 0;
                        for i in 0..trailed.particles().len() {
                            if trailed.trail_frame(i, &mut frame, detail) {
                                vertices += frame.vertices.len();
                            }
                        }
                    }
                })
            };
            // The three kinds of trail frames interleaved run by run, each over the same state.
            let td = chains(TrailDetail::Chain);
            let te = chains(TrailDetail::Angles);
            let tc = chains(TrailDetail::Skinned);
            let n = f64::from(frames) * 1e6;
            a.push(ta / n / 10.0);
            b.push(tb / n);
            c.push(tc / n);
            d.push(td / n);
            e.push(te / n);
        }
        println!(
            "{:>6} {:>5} {:>26} {:>26} {:>26} {:>26} {:>26} {:>10}",
            trailed.particles().len(),
            bones,
            stat(a),
            stat(b),
            stat(d),
            stat(e),
            stat(c),
            vertices
        );
    }
    println!("(cpu = this thread's CPU time, CLOCK_THREAD_CPUTIME_ID; median (range) of the runs)");
    Ok(())
}
