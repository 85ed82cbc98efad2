//! `spineparticle skel info|repair`: header metadata, defects and repair of Spine skeletons.
//!
//! Files are checked against the 64 MiB cap from their metadata before being read. A binary
//! repair reads only the header and string table, writes the new ones and copies the rest of
//! the input file to the output file-to-file (`std::io::copy`, in-kernel on Linux); the input
//! is never written.

use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use sp_skel::{CharsetFix, Format, RepairOptions, RepairReport};

use crate::error::{Error, Result, read_file, write_file};

/// Arguments of `spineparticle skel`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Print a skeleton's header metadata, string table and defects.
    Info(InfoArgs),
    /// Write a repaired copy of a skeleton (and of its atlas) and print the report as JSON.
    Repair(RepairArgs),
}

#[derive(clap::Args)]
struct InfoArgs {
    /// The skeleton (.json or .skel).
    file: PathBuf,
    /// Print JSON: { format, version, hash, x, y, width, height, referenceScale, nonessential,
    /// fps, images, audio, strings, headerSize, defects }.
    #[arg(long)]
    json: bool,
    /// Check names against this atlas (detects its encoding).
    #[arg(long)]
    atlas: Option<PathBuf>,
    /// Check names for a runtime that reads atlases in this legacy charset (e.g. gbk).
    #[arg(long)]
    legacy_charset: Option<String>,
}

#[derive(clap::Args)]
struct RepairArgs {
    /// The skeleton to repair (never modified).
    input: PathBuf,
    /// Where to write the repaired skeleton.
    #[arg(short = 'o', long = "output")]
    output: PathBuf,
    /// The skeleton's atlas: names are checked against it, and unless --legacy-charset is given
    /// it is re-encoded to UTF-8 (needs --atlas-out).
    #[arg(long)]
    atlas: Option<PathBuf>,
    /// Where to write the atlas that goes with the repaired skeleton.
    #[arg(long)]
    atlas_out: Option<PathBuf>,
    /// Instead of re-encoding the atlas, rewrite the skeleton's names to match a runtime that
    /// reads atlases in this legacy charset (e.g. gbk), as the Ark-Pets loader did.
    #[arg(long)]
    legacy_charset: Option<String>,
}

/// Runs `spineparticle skel`.
pub fn run(args: Args) -> Result<()> {
    match args.command {
        Command::Info(a) => info(a),
        Command::Repair(a) => {
            let report = repair(&a)?;
            println!("{}", to_json(&report)?);
            Ok(())
        }
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string_pretty(value).map_err(|source| Error::Json {
        path: PathBuf::from("<stdout>"),
        source,
    })
}

/// Reads a file after checking its length against the 64 MiB cap.
fn read_capped(path: &Path) -> Result<Vec<u8>> {
    let len = file_len(path)?;
    sp_skel::check_size(len).map_err(|e| io_error(path, e))?;
    read_file(path)
}

fn file_len(path: &Path) -> Result<u64> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })
}

fn io_error(path: &Path, err: impl std::fmt::Display) -> Error {
    Error::Io {
        path: path.to_owned(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, err.to_string()),
    }
}

fn charset_fix(label: Option<&str>) -> Result<CharsetFix> {
    Ok(match label {
        Some(l) => CharsetFix::LegacyReader(sp_skel::legacy_charset(l)?),
        None => CharsetFix::ReencodeAtlas,
    })
}

fn info(args: InfoArgs) -> Result<()> {
    let bytes = read_capped(&args.file)?;
    let atlas = args.atlas.as_deref().map(read_capped).transpose()?;
    let options = RepairOptions {
        atlas: atlas.as_deref(),
        charset_fix: charset_fix(args.legacy_charset.as_deref())?,
    };
    let info = sp_skel::inspect(&bytes, &options)?;
    if args.json {
        println!("{}", to_json(&info)?);
        return Ok(());
    }
    let opt = |v: &Option<String>| v.as_deref().map_or("null".to_owned(), |s| format!("{s:?}"));
    println!("format        {:?}", info.format);
    println!("version       {}", opt(&info.version));
    println!("hash          {}", opt(&info.hash));
    println!(
        "bounds        x {} y {} width {} height {}",
        info.x, info.y, info.width, info.height
    );
    if let Some(s) = info.reference_scale {
        println!("referenceScale {s}");
    }
    println!("fps           {}", info.fps);
    println!("images        {}", opt(&info.images));
    println!("audio         {}", opt(&info.audio));
    if let (Some(strings), Some(size)) = (&info.strings, info.header_size) {
        println!(
            "strings       {} (header + table: {size} bytes)",
            strings.len()
        );
    }
    println!("defects       {}", info.defects.len());
    for d in &info.defects {
        let at = match &d.location {
            sp_skel::Location::Index(i) => format!("string {i}"),
            sp_skel::Location::Path(p) => p.clone(),
        };
        println!("  {:?} at {at}: {}", d.kind, opt(&d.value));
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Repairs `args.input` into `args.output` (and the atlas); returns the report.
fn repair(args: &RepairArgs) -> Result<RepairReport> {
    if same_file(&args.input, &args.output) {
        return Err(Error::Usage(
            "skel repair: -o must differ from the input (the input is never modified)".to_owned(),
        ));
    }
    if args.atlas_out.is_some() && args.atlas.is_none() {
        return Err(Error::Usage(
            "skel repair: --atlas-out needs --atlas".to_owned(),
        ));
    }
    if let (Some(a), Some(b)) = (&args.atlas, &args.atlas_out)
        && same_file(a, b)
    {
        return Err(Error::Usage(
            "skel repair: --atlas-out must differ from --atlas".to_owned(),
        ));
    }
    let atlas = args.atlas.as_deref().map(read_capped).transpose()?;
    let options = RepairOptions {
        atlas: atlas.as_deref(),
        charset_fix: charset_fix(args.legacy_charset.as_deref())?,
    };
    let (report, atlas_bytes) = repair_paths(&args.input, &args.output, &options, |report| {
        if report.atlas.as_ref().is_some_and(|a| a.changed) && args.atlas_out.is_none() {
            return Err(Error::Usage(
                "skel repair: the atlas must be re-encoded to UTF-8; give --atlas-out (or --legacy-charset to rewrite the skeleton instead)".to_owned(),
            ));
        }
        Ok(())
    })?;
    if let (Some(path), Some(bytes)) = (&args.atlas_out, atlas_bytes) {
        write_file(path, &bytes)?;
    }
    Ok(report)
}

/// Repairs the skeleton at `input` into `output`, streaming a binary body file-to-file.
/// `check` sees the report before anything is written. Returns the report and the atlas to
/// write (when one was given).
pub(crate) fn repair_paths(
    input: &Path,
    output: &Path,
    options: &RepairOptions<'_>,
    check: impl FnOnce(&RepairReport) -> Result<()>,
) -> Result<(RepairReport, Option<Vec<u8>>)> {
    let len = file_len(input)?;
    sp_skel::check_size(len).map_err(|e| io_error(input, e))?;
    let io = |source| Error::Io {
        path: input.to_owned(),
        source,
    };
    let mut file = std::fs::File::open(input).map_err(io)?;
    let mut prefix = Vec::new();
    let mut want: u64 = 64 << 10;
    (&mut file)
        .take(want)
        .read_to_end(&mut prefix)
        .map_err(io)?;
    if sp_skel::detect_format(&prefix) == Format::Json {
        drop(file);
        let bytes = read_file(input)?;
        let repaired = sp_skel::repair(&bytes, options)?;
        check(&repaired.report)?;
        write_file(output, &repaired.skeleton)?;
        return Ok((repaired.report, repaired.atlas));
    }
    let plan = loop {
        match sp_skel::plan_binary_repair(&prefix, len, options) {
            Err(e) if e.is_truncated() && (prefix.len() as u64) < len => {
                want = want.saturating_mul(4);
                let more = want - prefix.len() as u64;
                (&mut file)
                    .take(more)
                    .read_to_end(&mut prefix)
                    .map_err(io)?;
            }
            other => break other?,
        }
    };
    check(&plan.report)?;
    let out_io = |source| Error::Io {
        path: output.to_owned(),
        source,
    };
    let mut out = std::fs::File::create(output).map_err(out_io)?;
    out.write_all(&plan.header).map_err(out_io)?;
    file.seek(SeekFrom::Start(plan.body_offset)).map_err(io)?;
    let copied = std::io::copy(&mut file, &mut out).map_err(out_io)?;
    if copied != len - plan.body_offset {
        return Err(io_error(
            input,
            format!(
                "file changed while being repaired ({copied} body bytes copied, {} expected)",
                len - plan.body_offset
            ),
        ));
    }
    Ok((plan.report, plan.atlas))
}
