//! The JSON path of a typing error, found from the error's position in the text
//! (`sp_sim::document::load_scene`), against an independent oracle: `serde_path_to_error`, which
//! tracks the path while typing (what the loader used before; a test dependency only now).
//!
//! Every preset and golden scene is broken at many places, one at a time: a value (a leaf, an
//! object or a list) replaced by a value of another type. Wherever the oracle refuses the
//! document while typing it, the loader must refuse it with the same path; wherever the oracle
//! types it, the loader must not refuse it while typing.

use std::path::Path;

use serde_json::Value;
use sp_sim::document::{Scene, load_scene};
use sp_sim::{Error, FieldIssue};

/// Values of other types to put in place of each value.
fn replacements() -> Vec<Value> {
    serde_json::from_str(r#"["x", 1.5, -1, 1e40, true, null, [], [1, "a"], {}, {"kind": "nope"}]"#)
        .expect("replacements")
}

/// JSON pointers of the values of `v` (itself included), depth first.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                let key = k.replace('~', "~0").replace('/', "~1");
                pointers(child, format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The oracle: the path of the typing error of `value`, if it has one (`(document)` for the
/// root, as the loader says it).
fn oracle(value: &Value) -> Option<String> {
    match serde_path_to_error::deserialize::<_, Scene>(value.clone()) {
        Ok(_) => None,
        Err(e) => {
            let path = e.path().to_string();
            Some(if path == "." {
                "(document)".into()
            } else {
                path
            })
        }
    }
}

/// The loader's typing error path for `text`, if it refused it while typing.
fn loader(text: &str) -> Option<String> {
    match load_scene(text) {
        Err(Error::Field {
            path,
            issue: FieldIssue::Type(_),
        }) => Some(path),
        _ => None,
    }
}

#[test]
fn typing_errors_name_the_path_the_tracking_deserialiser_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<_> = ["presets", "tests/golden"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("dir"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    let replacements = replacements();
    let (mut compared, mut refused) = (0, 0);
    for file in &files {
        let doc: Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("json");
        let mut at = Vec::new();
        pointers(&doc, String::new(), &mut at);
        // Every third value, each replaced by every replacement in turn.
        for (n, pointer) in at.iter().enumerate().filter(|(n, _)| n % 3 == 0) {
            // The root and the version are checked before typing.
            if pointer.is_empty() || pointer == "/version" {
                continue;
            }
            for (r, bad) in replacements.iter().enumerate() {
                let mut broken = doc.clone();
                *broken.pointer_mut(pointer).expect("pointer") = bad.clone();
                // Pretty and compact text: the position counts lines and columns.
                let text = if (n + r) % 2 == 0 {
                    serde_json::to_string_pretty(&broken)
                } else {
                    serde_json::to_string(&broken)
                }
                .expect("text");
                let expected = oracle(&broken);
                let got = loader(&text);
                assert_eq!(
                    got,
                    expected,
                    "{}: {pointer} := {}",
                    file.display(),
                    broken.pointer(pointer).expect("pointer")
                );
                compared += 1;
                refused += usize::from(expected.is_some());
            }
        }
    }
    // The comparison saw many refusals, not only documents that type.
    assert!(compared > 5000 && refused > 4000, "{compared} {refused}");
}
