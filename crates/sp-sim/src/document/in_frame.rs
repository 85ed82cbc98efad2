//! Typing a tagged enum (`{"kind": …, …}`: a force, an emitter shape, a collider's shape) inside
//! its own object, so a typing error in it names the entry at fault ([`super::json_path`]).
//!
//! `serde` types an internally tagged enum in two steps: it reads the whole object, then types
//! the variant from what it read. An error of the second step reaches the parser only when the
//! parser is past the object and, in a list, past the comma after it: its position would name
//! the next entry, or the object around the list. Here the variant is typed while the parser is
//! still in the object's own frame (from the object read as a `serde_json::Value`), so the
//! error's position is just after the object: the path of the entry itself.
//!
//! Used on the document's fields of those types with `#[serde(deserialize_with = …)]`; the
//! values are those of the enums' own `Deserialize` (it does the typing).

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeOwned, Deserializer, Error, MapAccess, Visitor};
use serde_json::{Map, Value};

/// One tagged enum, typed in its object's frame (see the module doc).
pub(super) fn one<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<T, D::Error> {
    d.deserialize_map(Object(PhantomData))
}

/// A list of tagged enums, each typed in its object's frame (see the module doc).
pub(super) fn list<'de, D: Deserializer<'de>, T: DeserializeOwned>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let entries = Vec::<Entry<T>>::deserialize(d)?;
    Ok(entries.into_iter().map(|Entry(t)| t).collect())
}

/// Types `T` from an object read whole.
struct Object<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for Object<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object with a `kind`")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        let object = Map::<String, Value>::deserialize(MapAccessDeserializer::new(map))?;
        T::deserialize(Value::Object(object)).map_err(A::Error::custom)
    }
}

/// A list entry typed as [`Object`] does.
struct Entry<T>(T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Entry<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        one(d).map(Entry)
    }
}
