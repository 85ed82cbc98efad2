//! `spineparticle bench sim`: nanoseconds per particle-step of the simulation at steady
//! populations (default 10k and 100k live particles), native, on the workload of
//! `sp_sim::sim::bench` (the same one the wasm `benchSim` runs).

use std::time::Instant;

use sp_sim::sim::bench::warmed_bench;

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
        "{:>10} {:>8} {:>10} {:>20} {:>20}",
        "live", "steps", "wall ms", "wall ns/p-step", "cpu ns/p-step"
    );
    for &live in &args.live {
        let mut sim = warmed_bench(live);
        let steps = (args.particle_steps / u64::from(live)).max(20);
        // Warm caches and the allocator with a few untimed steps.
        for _ in 0..5 {
            sim.advance(args.dt);
        }
        let mut particle_steps = 0u64;
        let cpu_start = thread_cpu_ns();
        let start = Instant::now();
        for _ in 0..steps {
            sim.advance(args.dt);
            particle_steps += sim.live_particles() as u64;
        }
        let elapsed = start.elapsed();
        let cpu = match (cpu_start, thread_cpu_ns()) {
            (Some(a), Some(b)) => format!("{:.2}", (b - a) as f64 / particle_steps as f64),
            _ => "n/a".to_string(),
        };
        let ns = elapsed.as_secs_f64() * 1e9 / particle_steps as f64;
        println!(
            "{:>10} {:>8} {:>10.1} {:>20.2} {:>20}",
            sim.live_particles(),
            steps,
            elapsed.as_secs_f64() * 1e3,
            ns,
            cpu
        );
    }
    println!(
        "(cpu = this thread's on-CPU time from /proc/thread-self/schedstat: robust when other jobs share the machine)"
    );
    Ok(())
}

/// Nanoseconds this thread has run on a CPU (Linux `schedstat`), if available.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
