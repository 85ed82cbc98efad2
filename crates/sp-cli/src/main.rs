//! `spineparticle`: the native command line over the same crates the editor runs as wasm.
//!
//! Every subcommand lives in its own module; each returns [`error::Result`], and errors are
//! printed once, here, as one line, with a non-zero exit code.

mod bench;
mod error;
mod export;
mod ms3d;
mod schema;
mod simulate;
mod skel;
mod threads;

use clap::{Parser, Subcommand};

/// SpineParticle command line.
#[derive(Parser)]
#[command(name = "spineparticle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
enum Command {
    /// Run a scene's simulation and print per-frame particle states or a hash.
    Simulate(simulate::Args),
    /// Measure performance (simulation, export, ms3d, repair).
    Bench(bench::Args),
    /// Export a scene as a Spine 4.2 JSON skeleton.
    Export(export::Args),
    /// Inspect and pose MilkShape 3D models.
    Ms3d(ms3d::Args),
    /// Inspect and repair Spine skeletons.
    Skel(skel::Args),
    /// Print the field schema of the scene document (JSON: path, kind, unit, limits, default,
    /// step of every editable field; the table validation reads).
    Schema,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Simulate(args) => simulate::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Export(args) => export::run(args),
        Command::Ms3d(args) => ms3d::run(args),
        Command::Skel(args) => skel::run(args),
        Command::Schema => schema::run(),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}
