//! Round trip: any valid document → JSON → document is identical (bounded proptest).
//!
//! The strategies: [`values`] (names, references, curves …), [`seeded`] (values derived from a
//! system's seed), [`system`] and [`scene`].

mod scene;
mod seeded;
mod system;
mod values;

use proptest::prelude::*;
use sp_sim::document::{load_scene, save_scene};

use crate::scene::scene;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_valid_document_round_trips(doc in scene()) {
        let json = save_scene(&doc);
        let loaded = load_scene(&json);
        prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
        prop_assert_eq!(loaded.ok(), Some(doc.clone()));
        let compact = serde_json::to_string(&doc).expect("serialises");
        prop_assert_eq!(load_scene(&compact).ok(), Some(doc));
    }
}
