//! `Serialize` / `Deserialize` for the shared types (feature `serde`): a side as its
//! letter (`"n"`, read in either case), a per-player container as an array of its
//! values (`[1, 2, 0, 0]`).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};

use super::{ByPlayer, Side};

impl Serialize for Side {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(|c| Side::from_letter(c.to_ascii_lowercase())), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(de::Error::custom("expected a side: n, e, s or w")),
        }
    }
}

impl<T: Serialize, const N: usize> Serialize for ByPlayer<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(N)?;
        for v in &self.0 {
            t.serialize_element(v)?;
        }
        t.end()
    }
}

struct ArrayVisitor<T, const N: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for ArrayVisitor<T, N> {
    type Value = ByPlayer<T, N>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {N} values, one per player")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByPlayer<T, N>, A::Error> {
        let mut values = Vec::with_capacity(N);
        while let Some(v) = seq.next_element()? {
            if values.len() == N {
                return Err(de::Error::invalid_length(N + 1, &self));
            }
            values.push(v);
        }
        let len = values.len();
        values.try_into().map(ByPlayer).map_err(|_| de::Error::invalid_length(len, &self))
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for ByPlayer<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByPlayer<T, N>, D::Error> {
        d.deserialize_tuple(N, ArrayVisitor(PhantomData))
    }
}
