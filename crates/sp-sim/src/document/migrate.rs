//! Migration of older documents to the current shape, on the raw JSON value before typing.
//!
//! Version 0 ("legacy") is any document without `version` (or with `version: 0`): the shape of
//! the prototype editor. Its renamed fields map as follows (an old field is only used when the
//! new one is absent; the old key is removed either way):
//! - root `particleSystems` → `systems`;
//! - per system: `texture: "x"` → `textures: ["x"]`; `blendMode` → `blend` (`"add"` →
//!   `"additive"`, values lower-cased); `emissionRate` → `ratePerSec`; `maxCount` →
//!   `maxParticles`; `duration` → `durationSecs`; `lifetime` (number `n` or `{min, max}`) →
//!   `lifetimeSecs` (`{min: n, max: n}`); `loop: true` → `mode: "loopContinuous"`.
//!
//! Anything else is kept as is; missing fields get their defaults when the value is typed.

use serde_json::{Map, Value};

/// Migrates a version-0 document object in place to version 1.
pub fn v0_to_v1(root: &mut Map<String, Value>) {
    rename(root, "particleSystems", "systems");
    if let Some(Value::Array(systems)) = root.get_mut("systems") {
        for system in systems.iter_mut() {
            if let Value::Object(obj) = system {
                system_v0_to_v1(obj);
            }
        }
    }
    root.insert("version".into(), Value::from(1));
}

fn system_v0_to_v1(obj: &mut Map<String, Value>) {
    if let Some(texture) = obj.remove("texture")
        && !obj.contains_key("textures")
    {
        let list = match texture {
            Value::Array(items) => items,
            Value::Null => Vec::new(),
            other => vec![other],
        };
        obj.insert("textures".into(), Value::Array(list));
    }
    if let Some(blend) = obj.remove("blendMode")
        && !obj.contains_key("blend")
    {
        let blend = match blend {
            Value::String(s) => {
                let lower = s.to_ascii_lowercase();
                Value::String(if lower == "add" {
                    "additive".into()
                } else {
                    lower
                })
            }
            other => other,
        };
        obj.insert("blend".into(), blend);
    }
    rename(obj, "emissionRate", "ratePerSec");
    rename(obj, "maxCount", "maxParticles");
    rename(obj, "duration", "durationSecs");
    if let Some(lifetime) = obj.remove("lifetime")
        && !obj.contains_key("lifetimeSecs")
    {
        let range = match lifetime {
            Value::Number(n) => serde_json::json!({ "min": n, "max": n }),
            other => other,
        };
        obj.insert("lifetimeSecs".into(), range);
    }
    if let Some(looping) = obj.remove("loop")
        && !obj.contains_key("mode")
        && looping == Value::Bool(true)
    {
        obj.insert("mode".into(), Value::String("loopContinuous".into()));
    }
}

/// Moves `from` to `to` unless `to` already exists (then `from` is dropped).
fn rename(obj: &mut Map<String, Value>, from: &str, to: &str) {
    if let Some(v) = obj.remove(from)
        && !obj.contains_key(to)
    {
        obj.insert(to.into(), v);
    }
}
