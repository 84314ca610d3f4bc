//! `Serialize` / `Deserialize` for the Wall Go types, through their text forms (feature
//! `serde`): players by name (`"red"`), walls and moves in the notation (`"d4e"`,
//! `"b2-c3n"`), positions and setups as one-line position text, games as record text.
//! Sides (`"n"`) and per-player values are the [`grid`](crate::grid)'s.

use alloc::string::String;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::{Game, Move, Player, Position, Setup, Wall};

/// Reads a string and parses it with `FromStr`.
struct TextVisitor<T>(&'static str, PhantomData<T>);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! via_display {
    ($($t:ty: $what:literal),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                d.deserialize_str(TextVisitor($what, PhantomData))
            }
        }
    )*};
}

via_display! {
    Player: "a player name",
    Wall: "a Wall Go wall like d4e",
    Move: "a Wall Go move like b2-c3n",
    Setup: "a Wall Go position text",
    Game: "a Wall Go record text",
}

/// A position parses through its position text (its `Display` is the board).
struct PositionText(Position);

impl FromStr for PositionText {
    type Err = super::PositionTextError;
    fn from_str(s: &str) -> Result<PositionText, Self::Err> {
        Position::from_text(s).map(PositionText)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text: String = self.text();
        s.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        d.deserialize_str(TextVisitor::<PositionText>("a Wall Go position text", PhantomData)).map(|p| p.0)
    }
}
