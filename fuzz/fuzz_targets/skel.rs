//! libFuzzer entry of the `skel` target; the body is `sp_fuzz::skel` (crates/sp-fuzz).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sp_fuzz::skel(data));
