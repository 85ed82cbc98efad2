//! `spineparticle bench repair`: repair of a synthetic ~64 MiB 4.2 binary skeleton against a
//! plain `std::fs::copy` of the same file, in the same run.
//!
//! The skeleton has a valid 4.2 header, a string table of `--strings` names of which every
//! tenth has trailing whitespace, and a body filling the file up to `--size-mib`. Both the
//! CLI's file-to-file repair and the in-memory repair (what the editor runs in wasm, input
//! already in memory) are timed; each measurement is the median of `--runs` runs, alternated
//! with the copies so both see the same cache state.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sp_skel::{BinaryLayout, RepairOptions, synth};

use crate::error::{Error, Result};

/// Arguments of `spineparticle bench repair`.
#[derive(clap::Args)]
pub struct Args {
    /// Size of the synthetic skeleton in MiB (at most 64).
    #[arg(long, default_value_t = 64)]
    size_mib: u64,
    /// Strings in the string table (every tenth defective).
    #[arg(long, default_value_t = 20_000)]
    strings: usize,
    /// Runs per measurement (the median is reported).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Directory for the temporary files (default: the system temp dir).
    #[arg(long)]
    dir: Option<PathBuf>,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Builds the synthetic skeleton.
fn build(size_bytes: u64, strings: usize) -> Result<Vec<u8>> {
    let names: Vec<String> = (0..strings)
        .map(|i| {
            if i % 10 == 0 {
                format!("region-{i} ")
            } else {
                format!("region-{i}")
            }
        })
        .collect();
    let table: Vec<sp_skel::SkelString> = names
        .iter()
        .map(|n| sp_skel::SkelString::from_text(n))
        .collect();
    let header = synth::header(BinaryLayout::V4_2, true);
    let head = synth::binary(&header, &table, &[])?;
    let body_len = size_bytes.checked_sub(head.len() as u64).ok_or_else(|| {
        Error::Usage(format!(
            "bench repair: {strings} strings do not fit in {size_bytes} bytes"
        ))
    })?;
    // Deterministic pseudo-random body (xorshift), so nothing compresses or dedups it away.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut body = Vec::with_capacity(body_len as usize);
    while (body.len() as u64) < body_len {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        body.extend_from_slice(&state.to_le_bytes());
    }
    body.truncate(body_len as usize);
    Ok(synth::binary(&header, &table, &body)?)
}

/// Runs `spineparticle bench repair`.
pub fn run(args: Args) -> Result<()> {
    if args.size_mib == 0 || args.size_mib > 64 || args.runs == 0 {
        return Err(Error::Usage(
            "bench repair: --size-mib must be 1..=64 and --runs at least 1".to_owned(),
        ));
    }
    let size_bytes = args.size_mib << 20;
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(std::env::temp_dir)
        .join(format!("spineparticle-bench-repair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
        path: dir.clone(),
        source,
    })?;
    let result = measure(&args, size_bytes, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn measure(args: &Args, size_bytes: u64, dir: &Path) -> Result<()> {
    let input = dir.join("synthetic-64mib.skel");
    let bytes = build(size_bytes, args.strings)?;
    crate::error::write_file(&input, &bytes)?;
    let copy_out = dir.join("copy.skel");
    let repair_out = dir.join("repaired.skel");
    let options = RepairOptions::default();
    let (mut copies, mut repairs, mut in_memory) = (Vec::new(), Vec::new(), Vec::new());
    let mut changes = 0;
    for _ in 0..args.runs {
        let t = Instant::now();
        std::fs::copy(&input, &copy_out).map_err(|source| Error::Io {
            path: copy_out.clone(),
            source,
        })?;
        copies.push(t.elapsed());

        let t = Instant::now();
        let (report, _) = crate::skel::repair_paths(&input, &repair_out, &options, |_| Ok(()))?;
        repairs.push(t.elapsed());
        changes = report.changes.len();

        let t = Instant::now();
        let repaired = sp_skel::repair(&bytes, &options)?;
        in_memory.push(t.elapsed());
        std::hint::black_box(&repaired.skeleton);
    }
    // The output really is repaired: re-read it.
    let out = crate::error::read_file(&repair_out)?;
    let left = sp_skel::inspect(&out, &options)?.defects.len();
    let (copy, file_repair, mem_repair) = (median(copies), median(repairs), median(in_memory));
    let ratio = file_repair.as_secs_f64() / copy.as_secs_f64();
    println!(
        "synthetic 4.2 skeleton: {} bytes, {} strings ({} repaired, {} defects left after)",
        bytes.len(),
        args.strings,
        changes,
        left
    );
    println!(
        "std::fs::copy            {:9.2} ms (median of {})",
        ms(copy),
        args.runs
    );
    println!(
        "skel repair (file)       {:9.2} ms  = {:.2}x the copy (target <= 3x)",
        ms(file_repair),
        ratio
    );
    println!(
        "skel repair (in memory)  {:9.2} ms  = {:.2}x the copy",
        ms(mem_repair),
        mem_repair.as_secs_f64() / copy.as_secs_f64()
    );
    Ok(())
}
