//! Header reading of every official fixture against the values in
//! `docs/reference/spine-format.md` §3, and byte-exact rewriting of their headers.

mod common;

use sp_skel::{BinaryLayout, Format, RepairOptions, inspect, read_binary, repair, write_header};

use common::fixture;

const COIN_STRINGS: usize = 8;

#[test]
fn coin_pro_4_2_binary_header() {
    let bytes = fixture("coin-pro-4.2.skel");
    let skel = read_binary(&bytes).unwrap();
    assert_eq!(skel.header.layout, BinaryLayout::V4_2);
    assert_eq!(skel.string_table_offset, 51);
    assert_eq!(skel.strings.len(), COIN_STRINGS);
    let info = inspect(&bytes, &RepairOptions::default()).unwrap();
    assert_eq!(info.format, Format::Binary);
    assert_eq!(info.version.as_deref(), Some("4.2.22"));
    // Unpadded base64 of the 8 hash bytes = the JSON export's hash.
    assert_eq!(info.hash.as_deref(), Some("fKr+fe4rKEk"));
    assert_eq!(info.x, f32::from_bits(0xc318_8001));
    assert_eq!(info.y, -151.0);
    assert_eq!(info.width, f32::from_bits(0x4398_8001));
    assert_eq!(info.height, 302.0);
    assert_eq!(info.reference_scale, Some(100.0));
    assert_eq!(info.nonessential, Some(true));
    assert_eq!(info.fps, 30.0);
    assert_eq!(info.images.as_deref(), Some("./images/"));
    assert_eq!(info.audio.as_deref(), Some(""));
    let strings = info.strings.unwrap();
    assert_eq!(strings[0].as_deref(), Some("clipping"));
    assert_eq!(strings[1].as_deref(), Some("coin-front-shine-logo"));
    assert_eq!(info.header_size, Some(skel.header_size));
    assert!(info.defects.is_empty(), "{:?}", info.defects);
}

#[test]
fn coin_pro_3_8_binary_header() {
    let bytes = fixture("coin-pro-3.8.skel");
    let skel = read_binary(&bytes).unwrap();
    assert_eq!(skel.header.layout, BinaryLayout::V3_8);
    assert_eq!(skel.string_table_offset, 67);
    assert_eq!(skel.strings.len(), COIN_STRINGS);
    let info = inspect(&bytes, &RepairOptions::default()).unwrap();
    assert_eq!(info.version.as_deref(), Some("3.8.55"));
    assert_eq!(info.hash.as_deref(), Some("Dq1Q0p2Nq9WJ9gmLxp3FURbKp7Y"));
    assert_eq!(info.reference_scale, None);
    assert_eq!(info.nonessential, Some(true));
    assert_eq!((info.y, info.height, info.fps), (-151.0, 302.0, 30.0));
    assert_eq!(info.images.as_deref(), Some("./images/"));
    assert_eq!(info.strings.unwrap()[0].as_deref(), Some("clipping"));
}

#[test]
fn json_fixture_headers() {
    let info = inspect(&fixture("coin-pro-4.2.json"), &RepairOptions::default()).unwrap();
    assert_eq!(info.format, Format::Json);
    assert_eq!(info.hash.as_deref(), Some("fKr+fe4rKEk"));
    assert_eq!(info.version.as_deref(), Some("4.2.22"));
    assert_eq!(
        (info.x, info.y, info.width, info.height),
        (-152.5, -151.0, 305.0, 302.0)
    );
    assert_eq!(info.reference_scale, Some(100.0));
    assert_eq!((info.nonessential, info.fps), (None, 30.0));
    assert_eq!(
        (info.images.as_deref(), info.audio.as_deref()),
        (Some("./images/"), Some(""))
    );
    assert_eq!((info.strings, info.header_size), (None, None));
    assert!(info.defects.is_empty());

    let info = inspect(&fixture("coin-pro-3.8.json"), &RepairOptions::default()).unwrap();
    assert_eq!(info.hash.as_deref(), Some("Dq1Q0p2Nq9WJ9gmLxp3FURbKp7Y"));
    assert_eq!(info.version.as_deref(), Some("3.8.55"));
    assert_eq!(info.reference_scale, None);

    let info = inspect(&fixture("vine-pro-4.2.json"), &RepairOptions::default()).unwrap();
    assert_eq!(info.hash.as_deref(), Some("ej2SKFlZb7Q"));
    assert_eq!(
        (info.x, info.y, info.width, info.height),
        (-87.7, -1.71, 227.65, 841.09)
    );
}

#[test]
fn headers_rewrite_byte_for_byte_and_clean_files_repair_to_themselves() {
    for name in ["coin-pro-4.2.skel", "coin-pro-3.8.skel"] {
        let bytes = fixture(name);
        let skel = read_binary(&bytes).unwrap();
        let mut out = Vec::new();
        write_header(&skel.header, &skel.strings, &mut out).unwrap();
        assert_eq!(out, &bytes[..skel.header_size as usize], "{name}");
        let repaired = repair(&bytes, &RepairOptions::default()).unwrap();
        assert_eq!(repaired.skeleton, bytes, "{name}");
        assert!(repaired.report.changes.is_empty());
    }
    for name in [
        "coin-pro-4.2.json",
        "coin-pro-3.8.json",
        "vine-pro-4.2.json",
    ] {
        let bytes = fixture(name);
        assert_eq!(
            repair(&bytes, &RepairOptions::default()).unwrap().skeleton,
            bytes,
            "{name}"
        );
    }
}

#[test]
fn every_truncation_of_every_fixture_is_an_error_not_a_panic() {
    for name in ["coin-pro-4.2.skel", "coin-pro-3.8.skel"] {
        let bytes = fixture(name);
        let header_size = read_binary(&bytes).unwrap().header_size as usize;
        for len in 0..header_size {
            let err = read_binary(&bytes[..len]).expect_err("a cut header must fail");
            assert!(!err.to_string().is_empty());
            assert!(repair(&bytes[..len], &RepairOptions::default()).is_err());
        }
        // Past the table the header reads; the body is not this crate's business.
        for len in header_size..bytes.len() {
            assert!(read_binary(&bytes[..len]).is_ok());
        }
    }
    for name in ["coin-pro-4.2.json", "coin-pro-3.8.json"] {
        let bytes = fixture(name);
        // Every offset through the `skeleton` header, then every 7th (each cut is a full parse).
        for len in (0..bytes.len()).filter(|len| *len < 512 || len % 7 == 0) {
            let cut = &bytes[..len];
            if let Ok(info) = inspect(cut, &RepairOptions::default()) {
                panic!("{name} cut at {len} parsed: {info:?}");
            }
        }
    }
}
