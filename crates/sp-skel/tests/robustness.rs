//! Random mutations of real headers never panic (bounded proptest).

mod common;

use proptest::prelude::*;
use sp_skel::{RepairOptions, inspect, repair};

use common::fixture;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_binary_headers_never_panic(
        which in 0usize..2,
        edits in proptest::collection::vec((0usize..120, any::<u8>()), 1..8),
        cut in 0usize..3000,
    ) {
        let mut bytes = fixture(["coin-pro-4.2.skel", "coin-pro-3.8.skel"][which]);
        for (at, value) in edits {
            if let Some(b) = bytes.get_mut(at) { *b = value; }
        }
        bytes.truncate(cut.max(1));
        let _ = inspect(&bytes, &RepairOptions::default());
        if let Ok(r) = repair(&bytes, &RepairOptions::default()) {
            // Whatever was read, the repaired file reads back.
            prop_assert!(inspect(&r.skeleton, &RepairOptions::default()).is_ok());
        }
    }

    #[test]
    fn mutated_json_never_panics(edits in proptest::collection::vec((0usize..7812, any::<u8>()), 1..6)) {
        let mut bytes = fixture("coin-pro-4.2.json");
        for (at, value) in edits {
            if let Some(b) = bytes.get_mut(at) { *b = value; }
        }
        let _ = inspect(&bytes, &RepairOptions::default());
        let _ = repair(&bytes, &RepairOptions::default());
    }
}
