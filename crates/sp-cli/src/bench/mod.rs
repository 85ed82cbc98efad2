//! `spineparticle bench …`: benchmarks that print ratios against the alternative measured in the
//! same run. Each target lives in its own file.

mod clock;
mod export;
mod ms3d;
mod objects;
mod repair;
mod sim;
mod stats;
mod trails;

use crate::error::Result;

/// Arguments of `spineparticle bench`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    target: Target,
}

/// What to measure.
#[derive(clap::Subcommand)]
enum Target {
    /// Simulation: ns per particle-step at 10k and 100k live particles.
    Sim(sim::Args),
    /// Export: bake + reduce + validate + serialise of a reference scene.
    Export(export::Args),
    /// MS3D: parse time vs `assimp info` (post-processing on and off), baked memory.
    Ms3d(ms3d::Args),
    /// Skeleton repair vs a plain copy of the same file.
    Repair(repair::Args),
    /// Trails: CPU per preview frame of 1,000 trailed particles (step and ribbon geometry).
    Trails(trails::Args),
}

/// Runs `spineparticle bench`.
pub fn run(args: Args) -> Result<()> {
    match args.target {
        Target::Sim(a) => sim::run(a),
        Target::Export(a) => export::run(a),
        Target::Ms3d(a) => ms3d::run(a),
        Target::Repair(a) => repair::run(a),
        Target::Trails(a) => trails::run(a),
    }
}
