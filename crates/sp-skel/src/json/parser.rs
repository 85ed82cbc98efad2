//! A small JSON parser that keeps the byte span of every string, so a repair can replace
//! exactly the strings it changes and copy every other byte of the file unchanged.
//!
//! Grammar: RFC 8259 (what `JSON.parse` accepts), on UTF-8 input with an optional BOM.
//! Nesting is limited to [`MAX_DEPTH`] levels so hostile input cannot overflow the stack.

use crate::{Error, Result};

/// Deepest nesting accepted (Spine skeletons nest about 8 levels).
pub(crate) const MAX_DEPTH: usize = 256;

/// A string token: its decoded text and the byte range of the token, quotes included.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Str {
    pub text: String,
    pub start: usize,
    pub end: usize,
}

/// A parsed JSON value. Objects keep their members in file order (duplicates included).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Node {
    Null,
    Bool(bool),
    Number(f64),
    Str(Str),
    Array(Vec<Node>),
    Object(Vec<(Str, Node)>),
}

impl Node {
    /// The last member named `key` (JavaScript semantics for duplicates).
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Object(members) => members
                .iter()
                .rev()
                .find(|(k, _)| k.text == key)
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is one.
    pub(crate) fn as_str(&self) -> Option<&Str> {
        match self {
            Node::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// Parses a whole JSON document.
pub(crate) fn parse(bytes: &[u8]) -> Result<Node> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return Err(syntax(bytes, e.valid_up_to(), "invalid UTF-8")),
    };
    let start = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut p = Parser {
        b: bytes,
        pos: start,
    };
    p.ws();
    let value = p.value(0)?;
    p.ws();
    if p.pos != bytes.len() {
        return Err(p.err("unexpected data after the JSON value"));
    }
    Ok(value)
}

fn syntax(bytes: &[u8], offset: usize, message: &str) -> Error {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|b| **b == b'\n').count() as u64 + 1;
    let line_start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    Error::JsonSyntax {
        offset: offset as u64,
        line,
        column: (offset - line_start) as u64 + 1,
        message: message.to_owned(),
    }
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, message: &str) -> Error {
        syntax(self.b, self.pos, message)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn expect(&mut self, c: u8) -> Result<()> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected '{}'", c as char)))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node> {
        if depth >= MAX_DEPTH {
            return Err(self.err("nested deeper than 256 levels"));
        }
        match self.peek() {
            None => Err(self.err("unexpected end of input, expected a value")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Node::Str(self.string()?)),
            Some(b't') => self.literal("true", Node::Bool(true)),
            Some(b'f') => self.literal("false", Node::Bool(false)),
            Some(b'n') => self.literal("null", Node::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a value")),
        }
    }

    fn literal(&mut self, word: &str, node: Node) -> Result<Node> {
        if self.b[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(node)
        } else {
            Err(self.err(&format!("expected {word}")))
        }
    }

    fn object(&mut self, depth: usize) -> Result<Node> {
        self.pos += 1;
        let mut members = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Node::Object(members));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.err("expected a member name (string)"));
            }
            let key = self.string()?;
            self.ws();
            self.expect(b':')?;
            self.ws();
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Node::Object(members));
                }
                _ => return Err(self.err("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Node> {
        self.pos += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Node::Array(items));
        }
        loop {
            self.ws();
            items.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Node::Array(items));
                }
                _ => return Err(self.err("expected ',' or ']'")),
            }
        }
    }

    fn hex4(&mut self) -> Result<u16> {
        let digits = self
            .b
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.err("truncated \\u escape"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.err("bad \\u escape"))?;
        let v = u16::from_str_radix(text, 16).map_err(|_| self.err("bad \\u escape"))?;
        self.pos += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<Str> {
        let start = self.pos;
        self.pos += 1;
        let mut units: Vec<u16> = Vec::new();
        let mut run_start = self.pos;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err("unterminated string"));
            };
            match c {
                b'"' => {
                    let run = std::str::from_utf8(&self.b[run_start..self.pos])
                        .map_err(|_| self.err("invalid UTF-8"))?;
                    self.pos += 1;
                    // Without escapes the UTF-16 round trip gives the run back unchanged (a
                    // `str` holds no lone surrogate): skip it, as most strings have none.
                    let text = if units.is_empty() {
                        run.to_owned()
                    } else {
                        units.extend(run.encode_utf16());
                        String::from_utf16_lossy(&units)
                    };
                    return Ok(Str {
                        text,
                        start,
                        end: self.pos,
                    });
                }
                b'\\' => {
                    let run = std::str::from_utf8(&self.b[run_start..self.pos])
                        .map_err(|_| self.err("invalid UTF-8"))?;
                    units.extend(run.encode_utf16());
                    self.pos += 1;
                    let esc = self.peek().ok_or_else(|| self.err("unterminated escape"))?;
                    self.pos += 1;
                    match esc {
                        b'"' => units.push(u16::from(b'"')),
                        b'\\' => units.push(u16::from(b'\\')),
                        b'/' => units.push(u16::from(b'/')),
                        b'b' => units.push(8),
                        b'f' => units.push(12),
                        b'n' => units.push(10),
                        b'r' => units.push(13),
                        b't' => units.push(9),
                        b'u' => {
                            let unit = self.hex4()?;
                            units.push(unit);
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.err("unknown escape"));
                        }
                    }
                    run_start = self.pos;
                }
                0..=0x1F => return Err(self.err("control character in string")),
                _ => self.pos += 1,
            }
        }
    }

    fn number(&mut self) -> Result<Node> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit after '.'"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.err("expected a digit in the exponent"));
            }
            self.digits();
        }
        let text =
            std::str::from_utf8(&self.b[start..self.pos]).map_err(|_| self.err("bad number"))?;
        let value: f64 = text
            .parse()
            .map_err(|_| syntax(self.b, start, "bad number"))?;
        Ok(Node::Number(value))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_string_tokens() {
        let src = br#"{ "a b": ["x\u00e9\n", 1.5e2, true, null] }"#;
        let node = parse(src).unwrap();
        let Node::Object(m) = &node else { panic!() };
        assert_eq!(m[0].0.text, "a b");
        assert_eq!(&src[m[0].0.start..m[0].0.end], br#""a b""#);
        let Node::Array(items) = &m[0].1 else {
            panic!()
        };
        let Node::Str(s) = &items[0] else { panic!() };
        assert_eq!(s.text, "xé\n");
        assert_eq!(&src[s.start..s.end], br#""x\u00e9\n""#);
        assert_eq!(items[1], Node::Number(150.0));
    }

    #[test]
    fn surrogate_pair_escapes_decode() {
        let node = parse(br#""\ud83d\udd25""#).unwrap();
        assert_eq!(node.as_str().unwrap().text, "🔥");
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = parse(b"{\n  \"a\": tru }").unwrap_err();
        match err {
            Error::JsonSyntax { line, column, .. } => assert_eq!((line, column), (2, 8)),
            other => panic!("{other:?}"),
        }
        assert!(parse(b"[1,]").is_err());
        assert!(parse(b"\"a\x01\"").is_err());
        assert!(parse(b"01").is_err());
        assert!(parse(&vec![b'['; 10_000]).is_err());
    }
}
