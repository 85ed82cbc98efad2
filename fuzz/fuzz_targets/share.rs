//! libFuzzer entry of the `share` target; the body is `sp_fuzz::share` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::share(data));
