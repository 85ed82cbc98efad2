//! Whole-process timing of `bench ms3d`: one spawn, Assimp's own import time from its output,
//! the rounds of one file across the tools, and the per-round ratios.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::Args;
use crate::bench::stats::{Spread, spread};
use crate::error::{Error, Result};

/// One spawn of `program args`: wall seconds and stdout; `None` when it cannot be started or
/// exits non-zero.
fn spawn(program: &Path, args: &[&std::ffi::OsStr]) -> Option<(f64, String)> {
    let start = Instant::now();
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let secs = start.elapsed().as_secs_f64();
    out.status
        .success()
        .then(|| (secs, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// Assimp's own import time from `assimp info` output (`import took approx. 0.00176 seconds`).
fn assimp_import_secs(stdout: &str) -> Option<f64> {
    let rest = stdout.split("import took approx.").nth(1)?;
    rest.split_whitespace().next()?.parse().ok()
}

/// What one file measured (seconds).
pub(super) struct FileTimes {
    pub(super) ours: Vec<f64>,
    pub(super) assimp: Vec<f64>,
    pub(super) raw: Vec<f64>,
    pub(super) floor: Vec<f64>,
    pub(super) assimp_import: Vec<f64>,
    pub(super) raw_import: Vec<f64>,
}

/// Times `file` over `args.runs` rounds, spawning every tool once per round; `None` when
/// Assimp is missing or fails.
pub(super) fn time_file(exe: &Path, file: &Path, args: &Args) -> Result<Option<FileTimes>> {
    let ours_args = [
        "ms3d".as_ref(),
        "info".as_ref(),
        file.as_os_str(),
        "--json".as_ref(),
    ];
    let assimp_args = ["info".as_ref(), file.as_os_str()];
    let raw_args = ["info".as_ref(), file.as_os_str(), "-r".as_ref()];
    let mut t = FileTimes {
        ours: Vec::new(),
        assimp: Vec::new(),
        raw: Vec::new(),
        floor: Vec::new(),
        assimp_import: Vec::new(),
        raw_import: Vec::new(),
    };
    for round in 0..args.runs {
        // Alternate which tool goes first, so neither always follows the other's cache effects.
        let order: [usize; 4] = if round % 2 == 0 {
            [0, 1, 2, 3]
        } else {
            [2, 1, 0, 3]
        };
        for which in order {
            match which {
                0 => {
                    let (s, _) = spawn(exe, &ours_args).ok_or_else(|| {
                        Error::Usage(format!(
                            "`{} ms3d info {}` failed",
                            exe.display(),
                            file.display()
                        ))
                    })?;
                    t.ours.push(s);
                }
                1 | 2 => {
                    let a: &[&std::ffi::OsStr] = if which == 1 { &assimp_args } else { &raw_args };
                    let Some((s, out)) = spawn(&args.assimp, a) else {
                        return Ok(None);
                    };
                    let import = assimp_import_secs(&out);
                    if which == 1 {
                        t.assimp.push(s);
                        t.assimp_import.extend(import);
                    } else {
                        t.raw.push(s);
                        t.raw_import.extend(import);
                    }
                }
                _ => {
                    if let Some((s, _)) = spawn(Path::new("true"), &[]) {
                        t.floor.push(s);
                    }
                }
            }
        }
    }
    Ok(Some(t))
}

/// Median of the per-round ratios `a[i] / b[i]`, with their min and max.
pub(super) fn ratio_spread(a: &[f64], b: &[f64]) -> Spread {
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y.max(1e-12)).collect();
    spread(&ratios)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_assimps_own_import_time() {
        let out = "Importing file ...                   OK \n   import took approx. 0.00176 seconds\n\nMemory consumption: 750140 B\n";
        assert_eq!(assimp_import_secs(out), Some(0.00176));
        assert_eq!(assimp_import_secs("Nodes: 1\n"), None);
    }

    #[test]
    fn ratios_are_per_round() {
        let r = ratio_spread(&[4.0, 9.0, 6.0], &[2.0, 3.0, 1.0]);
        assert_eq!((r.median, r.min, r.max, r.count), (3.0, 2.0, 6.0, 3));
    }
}
