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
