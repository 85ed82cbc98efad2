//! The committed TypeScript contract (`web/generated/contract.ts`) is what the Rust types say
//! now; `UPDATE_GOLDEN=1` rewrites it.

use std::path::PathBuf;

fn generated(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/generated")
        .join(name)
}

/// Compares `text` with the committed file, or rewrites it under `UPDATE_GOLDEN=1`.
fn check(name: &str, text: &str) {
    let path = generated(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().expect("web/generated")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "{} is stale: the Rust types changed. Regenerate with \
         `UPDATE_GOLDEN=1 cargo test -p sp-wasm --test contract` and commit it",
        path.display()
    );
}

#[test]
fn contract_types_are_current() {
    check("contract.ts", &sp_wasm::contract::typescript());
}

#[test]
fn error_codes_are_current() {
    check(
        "error-codes.ts",
        &sp_wasm::contract::error_codes_typescript(),
    );
}

/// Every type name the declarations use is declared in the file (a type missing from the list
/// in `contract.rs` would leave a dangling name).
#[test]
fn every_referenced_type_is_declared() {
    let text: String = sp_wasm::contract::typescript()
        .lines()
        .filter(|l| !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    // Without comments and string literals, what is left is declarations and type names.
    let mut code = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find("/**") {
        code.push_str(&rest[..start]);
        rest = rest[start..]
            .split_once("*/")
            .map_or("", |(_, after)| after);
    }
    code.push_str(rest);
    let code: String = code
        .split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, s)| s)
        .collect();
    let declared: Vec<&str> = code
        .split("export type ")
        .skip(1)
        .filter_map(|d| d.split([' ', '<']).next())
        .collect();
    let builtin = ["Array", "Record"];
    let mut missing: Vec<String> = code
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter(|w| !declared.contains(w) && !builtin.contains(w))
        .map(str::to_owned)
        .collect();
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "types used but not declared (add them to contract.rs): {missing:?}"
    );
}
