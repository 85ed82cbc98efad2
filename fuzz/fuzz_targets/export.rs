//! libFuzzer entry of the `export` target; the body is `sp_fuzz::export` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::export(data));
