//! `spineparticle export SCENE.json -o OUT.json [--frames FRAMES.json] [--images SIZES.json]
//! [--follow TRACKS.json] [--threads N]`:
//! the same export pipeline the editor runs in its worker, natively. Prints the export report
//! (JSON) on stdout; exits non-zero with a message on any failure.

use std::path::{Path, PathBuf};
use std::time::Instant;

use sp_sim::document::load_scene;
use sp_sim::sim::FollowTracks;
use sp_spine::{ExportOptions, ImageSizes, export_scene_with};

use crate::error::{Error, Result, read_file, write_file};

/// Arguments of `spineparticle export`.
#[derive(clap::Args)]
pub struct Args {
    /// Scene document (`.json`).
    scene: PathBuf,
    /// Output Spine 4.2 JSON.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
    /// Also write the baked frames (before reduction, Spine axes) for fidelity checks.
    #[arg(long)]
    frames: Option<PathBuf>,
    /// Image sizes `{ "path": [width, height] }` for images not listed in the document.
    #[arg(long)]
    images: Option<PathBuf>,
    /// Bone tracks for systems that follow a skeleton bone (`{ "tracks": [{ "skeleton",
    /// "bone", "sampleFps", "loop", "points": [[x, y], …] }] }`, scene pixels, y down).
    #[arg(long)]
    follow: Option<PathBuf>,
    /// Write every baked frame as a key (no reduction): the measurement baseline.
    #[arg(long)]
    no_reduce: bool,
    /// Threads the export's systems, lives, bones and timeline maps are spread over (0: one
    /// per core; 1: this thread only; at most 256). The file is the same bytes at any count.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

fn read_text(path: &Path) -> Result<String> {
    String::from_utf8(read_file(path)?)
        .map_err(|e| Error::Usage(format!("{}: not UTF-8 text ({e})", path.display())))
}

/// Reads a `--follow` tracks file (none: no tracks).
pub fn read_follow(path: Option<&Path>) -> Result<FollowTracks> {
    match path {
        Some(p) => FollowTracks::from_json(&read_text(p)?)
            .map_err(|e| Error::Usage(format!("{}: {e}", p.display()))),
        None => Ok(FollowTracks::new()),
    }
}

/// Runs `spineparticle export`.
pub fn run(args: Args) -> Result<()> {
    let text = read_text(&args.scene)?;
    let scene =
        load_scene(&text).map_err(|e| Error::Usage(format!("{}: {e}", args.scene.display())))?;
    let images = match &args.images {
        Some(path) => {
            serde_json::from_str::<ImageSizes>(&read_text(path)?).map_err(|source| Error::Json {
                path: path.clone(),
                source,
            })?
        }
        None => ImageSizes::default(),
    };
    let follow = read_follow(args.follow.as_deref())?;
    let options = ExportOptions {
        reduce: !args.no_reduce,
        frames: args.frames.is_some(),
        parallel: false,
    };
    let threads = crate::threads::Threads::new(args.threads)?;
    let started = Instant::now();
    let mut out = threads.run(|parallel| {
        let options = ExportOptions {
            parallel,
            ..options
        };
        export_scene_with(&scene, &images, &follow, options, &mut |_| true)
    })?;
    out.report.bake_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
    write_file(&args.output, out.json.as_bytes())?;
    if let (Some(path), Some(frames)) = (&args.frames, &out.frames) {
        write_file(path, frames.as_bytes())?;
    }
    for w in &out.report.warnings {
        eprintln!("warning: {w}");
    }
    let report = serde_json::to_string(&out.report).map_err(|source| Error::Json {
        path: PathBuf::from("<report>"),
        source,
    })?;
    println!("{report}");
    Ok(())
}
