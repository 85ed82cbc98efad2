//! `spineparticle bench sim`: nanoseconds per particle-step of the simulation at steady
//! populations (default 10k and 100k live particles), native, on the workload of
//! `sp_sim::sim::bench` (the same one the wasm `benchSim` runs).

use std::time::Instant;

use sp_sim::sim::bench::{BenchForces, substeps_per_frame, warmed_bench_with};

use super::clock::thread_cpu_ns;
use crate::error::{Error, Result};

/// Arguments of `spineparticle bench sim`.
#[derive(clap::Args)]
pub struct Args {
    /// Live particle counts to measure.
    #[arg(long, value_delimiter = ',', default_values_t = [10_000u32, 100_000])]
    live: Vec<u32>,
    /// Particle-steps to time per size (steps = this / live, at least 20).
    #[arg(long, default_value_t = 50_000_000)]
    particle_steps: u64,
    /// Step length in seconds.
    #[arg(long, default_value_t = 1.0 / 60.0)]
    dt: f64,
    /// Also measure with turbulence + vortex + attractor on (integrated motion, ns per particle
    /// per grid step), interleaved with the run without forces.
    #[arg(long)]
    forces: bool,
    /// Repetitions of each measurement (the median and the range are printed).
    #[arg(long, default_value_t = 3)]
    runs: usize,
}

/// Runs `spineparticle bench sim`.
pub fn run(args: Args) -> Result<()> {
    if args.live.iter().any(|&n| n == 0 || n > 1_000_000) {
        return Err(Error::Usage("--live counts must be in 1..=1000000".into()));
    }
    if !(args.dt > 0.0 && args.dt <= 1.0) {
        return Err(Error::Usage(format!("--dt {} must be in (0, 1]", args.dt)));
    }
    if cfg!(debug_assertions) {
        eprintln!(
            "warning: debug build; run `cargo run --release -p sp-cli -- bench sim` for real numbers"
        );
    }
    println!(
        "{:>10} {:>7} {:>8} {:>10} {:>24} {:>24}",
        "live", "forces", "steps", "wall ms", "cpu ns/p-step (range)", "cpu ns/p-substep (range)"
    );
    let kinds: &[BenchForces] = if args.forces {
        &[BenchForces::None, BenchForces::All]
    } else {
        &[BenchForces::None]
    };
    for &live in &args.live {
        let mut sims: Vec<_> = kinds.iter().map(|&k| warmed_bench_with(live, k)).collect();
        let steps = (args.particle_steps / u64::from(live)).max(20);
        let mut results: Vec<Vec<(f64, f64)>> = vec![Vec::new(); kinds.len()];
        // Interleaved: run r of every kind before run r + 1 of any.
        for _ in 0..args.runs.max(1) {
            for (k, sim) in sims.iter_mut().enumerate() {
                let steps = if kinds[k] == BenchForces::All {
                    (steps / 8).max(20)
                } else {
                    steps
                };
                for _ in 0..3 {
                    sim.advance(args.dt);
                }
                let mut particle_steps = 0u64;
                let cpu_start = thread_cpu_ns();
                let start = Instant::now();
                for _ in 0..steps {
                    sim.advance(args.dt);
                    particle_steps += sim.live_particles() as u64;
                }
                let wall = start.elapsed().as_secs_f64();
                let cpu = match (cpu_start, thread_cpu_ns()) {
                    (Some(a), Some(b)) => (b - a) as f64 / particle_steps as f64,
                    _ => wall * 1e9 / particle_steps as f64,
                };
                results[k].push((cpu, wall * 1e3));
            }
        }
        for (k, kind) in kinds.iter().enumerate() {
            let mut cpu: Vec<f64> = results[k].iter().map(|r| r.0).collect();
            cpu.sort_by(f64::total_cmp);
            let wall_ms = results[k].iter().map(|r| r.1).sum::<f64>() / results[k].len() as f64;
            let median = cpu[cpu.len() / 2];
            let (lo, hi) = (cpu[0], cpu[cpu.len() - 1]);
            let per_substep = match kind {
                BenchForces::None => "-".to_string(),
                BenchForces::All => {
                    let n = substeps_per_frame(args.dt);
                    format!("{:.2} ({:.2}-{:.2})", median / n, lo / n, hi / n)
                }
            };
            println!(
                "{:>10} {:>7} {:>8} {:>10.1} {:>24} {:>24}",
                sims[k].live_particles(),
                if *kind == BenchForces::All {
                    "t+v+a"
                } else {
                    "none"
                },
                steps,
                wall_ms,
                format!("{median:.2} ({lo:.2}-{hi:.2})"),
                per_substep
            );
        }
    }
    if args.forces {
        integrators();
    }
    println!(
        "(cpu = this thread's CPU time, CLOCK_THREAD_CPUTIME_ID: robust when other jobs share the machine)"
    );
    Ok(())
}

/// Cost and quality of the three integration methods on the benchmark's forces (1,000 particles
/// over 2 s of age, 240 grid steps per second) and in a pure vortex (radius error after 10 turns
/// at radius 100).
fn integrators() {
    use sp_sim::behaviour::{Force, MAX_FORCES, Vortex};
    use sp_sim::document::{Range, Transform2D};
    use sp_sim::sim::bench::{BenchForces, bench_scene_with};
    use sp_sim::sim::integrate::{Integrator, Kinematics, MotionModel, SpawnRecord};
    let scene = bench_scene_with(1000, BenchForces::All);
    let system = &scene.systems[0];
    let t = Transform2D::default();
    let records: Vec<SpawnRecord> = (0..1000)
        .map(|i| {
            let a = f64::from(i) * 0.37;
            SpawnRecord {
                birth_secs: f64::from(i) * 0.004,
                inv_lifetime: 0.25,
                start: Kinematics {
                    p: [40.0 * a.cos(), 40.0 * a.sin()],
                    v: [100.0 * a.sin(), -100.0 * a.cos()],
                },
                strengths: [200.0, 60.0, 80.0, 0.0, 0.0, 0.0, 0.0, 0.0][..MAX_FORCES]
                    .try_into()
                    .unwrap_or([0.0; MAX_FORCES]),
            }
        })
        .collect();
    let vortex = sp_sim::document::ParticleSystem {
        forces: vec![Force::Vortex(Vortex {
            spin_deg_per_sec: Range::fixed(360.0),
            radius_px: 0.0,
            ..Vortex::default()
        })],
        ..Default::default()
    };
    let mut still = records[0];
    still.start = Kinematics {
        p: [100.0, 0.0],
        v: [0.0, 0.0],
    };
    still.strengths[0] = 360.0;
    println!("integrator   cpu ns/p-substep (t+v+a)   vortex radius error after 10 turns (px)");
    for method in [
        Integrator::SemiImplicitEuler,
        Integrator::Midpoint,
        Integrator::Rk4,
    ] {
        let model = MotionModel::with_integrator(system, 240, &t, method);
        let mut checksum = 0.0;
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        for r in &records {
            checksum += model.state_at(r, 2.0).p[0];
        }
        let wall = start.elapsed().as_secs_f64() * 1e9;
        let ns = match (cpu_start, thread_cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64,
            _ => wall,
        } / (records.len() as f64 * 480.0);
        let vm = MotionModel::with_integrator(&vortex, 240, &t, method);
        let y = vm.state_at(&still, 10.0);
        println!(
            "{:<12} {:>26.2} {:>40.3e}{}",
            format!("{method:?}"),
            ns,
            y.p[0].hypot(y.p[1]) - 100.0,
            if checksum.is_finite() {
                ""
            } else {
                " (non-finite)"
            }
        );
    }
}
