//! libFuzzer entry of the `scene` target; the body is `sp_fuzz::scene` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::scene(data));
