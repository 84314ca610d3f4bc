//! The request reader: `serde_json`'s, with every object's keys distinct. `serde_json`
//! keeps the last of two equal keys, so `{"moves": ["zz"], "moves": []}` would ask about
//! the opening; here it is refused, whatever the depth of the object.

use std::fmt;

use serde::de::{Deserialize, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Reads one JSON text, refusing an object with a key twice.
pub(super) fn parse(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<Strict>(text).map(|s| s.0)
}

/// A JSON value read with distinct keys.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        // JSON has no NaN or infinity; serde_json reads neither, so this is only a guard.
        Ok(Number::from_f64(x).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(Strict(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(A::Error::custom(format!("duplicate key {key:?}")));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::parse;
    use serde_json::{json, Value};

    #[test]
    fn the_same_values_as_serde_json() {
        for text in [
            r#"{"a": [1, -2, 3.5, 18446744073709551615, 1e400, true, null, "x\u00e9"], "b": {"c": {}}}"#,
            "[]",
            "0",
            r#""""#,
        ] {
            let ours = parse(text).map_err(|e| e.to_string());
            let theirs = serde_json::from_str::<Value>(text).map_err(|e| e.to_string());
            assert_eq!(ours, theirs, "{text}");
        }
        assert_eq!(parse("{nope").unwrap_err().to_string(), "key must be a string at line 1 column 2");
    }

    #[test]
    fn a_key_twice_is_refused_at_any_depth() {
        let e = parse(r#"{"moves": ["zz"], "moves": []}"#).unwrap_err();
        assert_eq!(e.to_string(), "duplicate key \"moves\" at line 1 column 25");
        let e = parse(r#"{"variant": {"size": 9, "size": 5}}"#).unwrap_err();
        assert!(e.to_string().starts_with("duplicate key \"size\""), "{e}");
        assert_eq!(parse(r#"[{"a": 1}, {"a": 2}]"#).unwrap(), json!([{"a": 1}, {"a": 2}]));
    }
}
