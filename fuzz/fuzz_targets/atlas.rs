//! libFuzzer entry of the `atlas` target; the body is `sp_fuzz::atlas` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::atlas(data));
