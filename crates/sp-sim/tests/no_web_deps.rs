//! The simulation crate stays free of browser and GPU crates (DESIGN.md layering): its normal
//! dependency tree, as `cargo tree` resolves it, contains none of them.

use std::process::Command;

const FORBIDDEN: [&str; 5] = ["wasm-bindgen", "web-sys", "js-sys", "wgpu", "gloo"];

#[test]
fn dependency_tree_has_no_web_or_gpu_crates() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "-p",
            "sp-sim",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(
        tree.lines().any(|l| l.starts_with("sp-sim ")),
        "unexpected output:\n{tree}"
    );
    assert!(
        tree.lines().any(|l| l.starts_with("serde ")),
        "the tree lists dependencies:\n{tree}"
    );
    for line in tree.lines() {
        let name = line.split_whitespace().next().unwrap_or("");
        assert!(
            !FORBIDDEN.contains(&name),
            "sp-sim depends on {name}:\n{tree}"
        );
    }
}
