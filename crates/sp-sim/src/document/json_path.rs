//! The JSON path of a position in a document's text: where a typing error of
//! `serde_json::from_str` happened, named as the document's fields are (`systems[1].drawOrder`).
//!
//! `serde_json` reports a typing error at its reader's position: just after the value it could
//! not type (a string, a number, an unknown variant's name), at the first byte of an object or
//! list given where something else was expected, just after a key it refused (a field given
//! twice, an enum's name given as the key of an object), or just after the closing bracket of
//! an object that misses a field or a list of the wrong length. The path of that position is
//! the chain of keys and list indices open there, plus the object or list that closed just
//! before it, less a key whose `:` was not read yet: each of those cases then names the value
//! (or the object) at fault. The typed parse runs on text the loader has already parsed as
//! JSON, so the text is valid; a text that is not still gives a path (what was read up to the
//! position) and never a panic.
//!
//! Written as `serde_path_to_error` wrote paths, which the loader used before: keys joined by
//! `.`, list indices as `[i]` (`systems[0].textures[1]`), the empty path as `""` (the loader
//! says `(document)`). Tracking the path while typing costs a wrapper around every type's
//! deserialiser in the WebAssembly module (22 KB gzipped); finding it from the position only
//! when a document is refused costs this one scan.

/// One open container on the way to the position.
enum Frame {
    /// An object; `key` is the last key read in it.
    Object { key: Option<String> },
    /// A list; `index` counts the commas read in it.
    List { index: usize },
}

/// The path of the typing error `e` of `serde_json::from_str(text)` (see the module doc).
///
/// The text is valid JSON, so an error of the syntax category is one `serde_json` raised on a
/// byte it peeked at without reading it (an enum given a list or a number): its position is
/// one past that byte, which is the value's first byte, so the path is taken one byte earlier.
pub(super) fn error_path(text: &str, e: &serde_json::Error) -> String {
    let at = offset_of(text, e.line(), e.column());
    let at = if e.is_syntax() {
        at.saturating_sub(1)
    } else {
        at
    };
    path_at(text, at)
}

/// The byte offset of a `serde_json` error position (`line` from 1, `column` the bytes read on
/// that line), clamped to the text.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    (start + column).min(text.len())
}

/// The path of byte offset `at` in the JSON `text` (see the module doc).
fn path_at(text: &str, at: usize) -> String {
    let bytes = text.as_bytes();
    let end = at.min(bytes.len());
    let mut stack: Vec<Frame> = Vec::new();
    // In an object: the next string is a key (after `{` or `,`), not a value (after `:`).
    let mut expect_key = false;
    // A key was read and its `:` was not.
    let mut key_pending = false;
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'{' => {
                stack.push(Frame::Object { key: None });
                expect_key = true;
            }
            b'[' => {
                stack.push(Frame::List { index: 0 });
                expect_key = false;
            }
            b'}' | b']' => {
                stack.pop();
                expect_key = false;
            }
            b':' => {
                expect_key = false;
                key_pending = false;
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object { .. }) => expect_key = true,
                Some(Frame::List { index }) => *index += 1,
                None => {}
            },
            b'"' => {
                let close = string_end(bytes, i);
                if expect_key && let Some(Frame::Object { key }) = stack.last_mut() {
                    *key = Some(decode_key(&text[i..close]));
                    key_pending = true;
                }
                i = close;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // Just after a key: the object is at fault (a key given twice, an enum's name given as an
    // object's key), not the value the key would have had.
    if key_pending && let Some(Frame::Object { key }) = stack.last_mut() {
        *key = None;
    }
    let mut path = String::new();
    for frame in &stack {
        match frame {
            Frame::Object { key: Some(key) } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Object { key: None } => {}
            Frame::List { index } => {
                path.push('[');
                path.push_str(&index.to_string());
                path.push(']');
            }
        }
    }
    path
}

/// The offset just after the string that starts with the quote at `open` (the text's end when
/// it is not closed).
fn string_end(bytes: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The text of the JSON string `quoted` (with its quotes), its escapes decoded; as written when
/// it does not decode.
fn decode_key(quoted: &str) -> String {
    serde_json::from_str(quoted).unwrap_or_else(|_| quoted.trim_matches('"').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path at the first occurrence of `marker` in `text` (the marker removed), with the
    /// position just before it.
    fn at_marker(text: &str) -> String {
        let at = text.find('|').expect("marker");
        let clean = text.replacen('|', "", 1);
        path_at(&clean, at)
    }

    #[test]
    fn names_the_value_before_or_at_the_position() {
        // Just after a value (a string, a number, a literal).
        assert_eq!(
            at_marker(r#"{"systems": [{}, {"drawOrder": "sideways"|}]}"#),
            "systems[1].drawOrder"
        );
        assert_eq!(at_marker(r#"{"export": {"fps": 1.5|}}"#), "export.fps");
        assert_eq!(at_marker(r#"{"a": [1, 2, true|]}"#), "a[2]");
        // At the first byte of a value (an object or list where a number was expected).
        assert_eq!(at_marker(r#"{"a": {"b": |[1]}}"#), "a.b");
        assert_eq!(at_marker(r#"{"a": [0, |{}]}"#), "a[1]");
        // Just after a key: a key given twice, an enum's name given as a key.
        assert_eq!(at_marker(r#"{"a": {"b": 1, "b"| : 2}}"#), "a");
        assert_eq!(at_marker(r#"{"a": {"kind"|: "nope"}}"#), "a");
    }

    #[test]
    fn names_a_container_that_just_closed() {
        // An object missing a field, a list of the wrong length.
        assert_eq!(at_marker(r#"{"systems": [{}, {"x": 1}|]}"#), "systems[1]");
        assert_eq!(at_marker(r#"{"gravity": [1]|, "b": 2}"#), "gravity");
        assert_eq!(at_marker(r#"{"a": {"b": {}}|}"#), "a");
        // The whole document.
        assert_eq!(at_marker(r#"{"a": 1}|"#), "");
        assert_eq!(at_marker(r#"|{"a": 1}"#), "");
    }

    #[test]
    fn strings_may_hold_brackets_quotes_and_escapes() {
        assert_eq!(
            at_marker(r#"{"n": "a}]\"[{,:", "k\"ey": {"x\u00e9": 1|}}"#),
            "k\"ey.x\u{e9}"
        );
        assert_eq!(at_marker(r#"{"名前": ["\\", "\\"|]}"#), "名前[1]");
        // A string value is not a key.
        assert_eq!(at_marker(r#"{"a": "b", "c": "d"|}"#), "c");
    }

    #[test]
    fn offsets_count_lines_and_columns_as_serde_json_does() {
        let text = "{\n  \"a\": {\n    \"b\": \"x\"\n  }\n}";
        let Err(err) = serde_json::from_str::<std::collections::BTreeMap<String, HasB>>(text)
        else {
            panic!("b is not a number");
        };
        let at = offset_of(text, err.line(), err.column());
        assert_eq!(path_at(text, at), "a.b", "{err}");
        assert_eq!(offset_of(text, 99, 0), text.len());
        assert_eq!(offset_of(text, 1, 99), text.len());
    }

    #[derive(serde::Deserialize)]
    #[allow(dead_code, reason = "only its typing is tested")]
    struct HasB {
        b: f32,
    }

    #[test]
    fn text_that_is_not_json_still_gives_a_path() {
        for text in ["", "{", "[[[", "\"", "{\"a", "}}]]", "{\"a\": [1,"] {
            for at in 0..=text.len() + 2 {
                let _ = path_at(text, at);
            }
        }
        assert_eq!(path_at("{\"a\": [1,", 99), "a[1]");
    }
}
