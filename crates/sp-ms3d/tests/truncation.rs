//! Truncating a file anywhere before the end of its joints section gives a typed truncation
//! error at or before the cut, never a panic. At the end of the joints section and of each
//! optional trailing section the prefix is itself a complete file and must parse to its last
//! byte. A cut inside an optional trailing section loads the model up to the last complete
//! section, with a warning at the start of the section that was cut.
//!
//! Coverage: the synthetic all-sections model and every vertex-extra sub-version at EVERY
//! offset. The fixtures (165 kB and 413 kB; a debug parse of POA takes ~5 ms, so all 578k
//! prefixes would take many minutes) at: every offset below 2 KiB, every offset within 16 bytes
//! of each section boundary, every byte of the first two records of each section, every byte
//! of the last 200 bytes, and every 1201st offset elsewhere (about 3,000 prefixes per file).
//! `every_fixture_offset` (ignored by default) checks all of them; `scripts/test.sh` runs it in
//! release (`cargo test --release -p sp-ms3d --test truncation -- --ignored`).

mod common;

use sp_ms3d::{Error, parse, writer};

fn check_prefix(bytes: &[u8], cut: usize, valid_ends: &[usize], what: &str) {
    let result = parse(&bytes[..cut]);
    let joints_end = valid_ends.first().copied().unwrap_or(usize::MAX);
    if valid_ends.contains(&cut) {
        match result {
            Ok(p) => assert_eq!(p.bytes_consumed, cut, "{what}: cut {cut}"),
            Err(e) => panic!("{what}: cut {cut} is a complete file but failed: {e}"),
        }
    } else if cut > joints_end {
        let complete = valid_ends.iter().copied().filter(|&e| e < cut).max();
        match result {
            Ok(p) => {
                assert_eq!(Some(p.bytes_consumed), complete, "{what}: cut {cut}");
                assert!(
                    p.warnings
                        .iter()
                        .any(|w| w.offset == p.bytes_consumed && w.to_string().contains("not read")),
                    "{what}: cut {cut} gave no warning at {}: {:?}",
                    p.bytes_consumed,
                    p.warnings
                );
            }
            Err(e) => panic!("{what}: cut {cut} inside the optional sections failed: {e}"),
        }
    } else {
        match result {
            Err(Error::Truncated { offset, .. }) | Err(Error::CountTooLarge { offset, .. }) => {
                assert!(offset <= cut, "{what}: cut {cut} reported at {offset}")
            }
            Err(Error::BadMagic) => assert!(cut < 10, "{what}: cut {cut} gave bad magic"),
            other => panic!("{what}: cut {cut} gave {other:?}"),
        }
    }
}

#[test]
fn synthetic_models_every_offset() -> sp_ms3d::Result<()> {
    let mut checked = 0;
    for case in common::cases() {
        let bytes = writer::write(&case.model)?;
        let layout = common::layout(&case.model);
        assert_eq!(
            layout.valid_ends.last(),
            Some(&bytes.len()),
            "{}",
            case.name
        );
        for cut in 0..=bytes.len() {
            check_prefix(&bytes, cut, &layout.valid_ends, case.name);
            checked += 1;
        }
    }
    assert!(checked > 10_000);
    Ok(())
}

fn fixture_offsets(bytes: &[u8], layout: &common::Layout) -> Vec<usize> {
    let len = bytes.len();
    let mut cuts: Vec<usize> = (0..2048.min(len)).collect();
    cuts.extend((len.saturating_sub(200))..=len);
    cuts.extend((0..len).step_by(1201));
    for (&start, &first_two) in layout.sections.iter().zip(&layout.first_two) {
        cuts.extend(start.saturating_sub(16)..=(start + 16).min(len));
        cuts.extend(start..=first_two.min(len));
    }
    cuts.extend(layout.valid_ends.iter().copied());
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

#[test]
fn fixtures_dense_near_boundaries() -> sp_ms3d::Result<()> {
    for name in ["jeep1.ms3d", "POA.ms3d"] {
        let bytes = common::fixture(name);
        let model = parse(&bytes)?.model;
        let layout = common::layout(&model);
        assert_eq!(layout.valid_ends.last(), Some(&bytes.len()));
        let cuts = fixture_offsets(&bytes, &layout);
        assert!(cuts.len() > 1000, "{name}: {} cuts", cuts.len());
        eprintln!("{name}: {} prefixes", cuts.len());
        for cut in cuts {
            check_prefix(&bytes, cut, &layout.valid_ends, name);
        }
    }
    Ok(())
}

#[test]
#[ignore = "all 578k prefixes: run in release"]
fn every_fixture_offset() -> sp_ms3d::Result<()> {
    for name in ["jeep1.ms3d", "POA.ms3d"] {
        let bytes = common::fixture(name);
        let layout = common::layout(&parse(&bytes)?.model);
        for cut in 0..=bytes.len() {
            check_prefix(&bytes, cut, &layout.valid_ends, name);
        }
    }
    Ok(())
}
