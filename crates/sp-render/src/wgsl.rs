//! WGSL sources as the module carries them: without their comments, indentation and empty
//! lines, stripped by the compiler ([`wgsl!`](crate::wgsl::wgsl)), so the shaders' documentation
//! stays in the repository's `.wgsl` files without costing the wasm module (about 1.7 kB
//! gzipped). WGSL has no string literals, so `//` always starts a comment; block comments are
//! not used (a unit test checks every shader).

/// Bytes `src` keeps once stripped (see the module docs).
pub(crate) const fn stripped_len(src: &str) -> usize {
    let b = src.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        let (start, end) = line_code(b, i);
        if end > start {
            n += end - start + 1;
        }
        i = next_line(b, i);
    }
    n
}

/// `src` stripped into `N` = [`stripped_len`] bytes: each line's code, trimmed, ending in `\n`.
pub(crate) const fn strip<const N: usize>(src: &str) -> [u8; N] {
    let b = src.as_bytes();
    let mut out = [0u8; N];
    let (mut i, mut o) = (0, 0);
    while i < b.len() {
        let (mut k, end) = line_code(b, i);
        if end > k {
            while k < end {
                out[o] = b[k];
                o += 1;
                k += 1;
            }
            out[o] = b'\n';
            o += 1;
        }
        i = next_line(b, i);
    }
    out
}

/// Start of the line after the one starting at `i`.
const fn next_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += 1;
    }
    i + 1
}

/// The code of the line starting at `i` without its comment and surrounding whitespace:
/// `(start, end)`, empty when `end <= start`.
const fn line_code(b: &[u8], i: usize) -> (usize, usize) {
    let mut end = i;
    while end < b.len()
        && b[end] != b'\n'
        && !(b[end] == b'/' && end + 1 < b.len() && b[end + 1] == b'/')
    {
        end += 1;
    }
    let mut start = i;
    while start < end && b[start].is_ascii_whitespace() {
        start += 1;
    }
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    (start, end)
}

/// The WGSL file at `$path` (relative to the calling file) stripped at compile time, `&'static
/// str` (see the module docs).
macro_rules! wgsl {
    ($path:literal) => {{
        const RAW: &str = include_str!($path);
        const STRIPPED: [u8; $crate::wgsl::stripped_len(RAW)] = $crate::wgsl::strip(RAW);
        const SOURCE: &str = match std::str::from_utf8(&STRIPPED) {
            Ok(s) => s,
            Err(_) => panic!("a shader is not UTF-8"),
        };
        SOURCE
    }};
}
pub(crate) use wgsl;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_go_code_stays() {
        const SRC: &str = "// head\n\n  let a = 1; // why\n\tfn f() {}  \n//\n";
        const OUT: [u8; stripped_len(SRC)] = strip(SRC);
        assert_eq!(
            std::str::from_utf8(&OUT).unwrap(),
            "let a = 1;\nfn f() {}\n"
        );
        assert_eq!(wgsl!("shaders/view.wgsl").lines().count(), 10);
    }

    #[test]
    fn no_shader_uses_block_comments() {
        for src in [
            include_str!("shaders/clip.wgsl"),
            include_str!("shaders/grid.wgsl"),
            include_str!("shaders/sprite.wgsl"),
            include_str!("shaders/trail.wgsl"),
            include_str!("shaders/view.wgsl"),
        ] {
            assert!(!src.contains("/*"));
        }
    }
}
