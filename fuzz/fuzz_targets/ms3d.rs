//! libFuzzer entry of the `ms3d` target; the body is `sp_fuzz::ms3d` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::ms3d(data));
