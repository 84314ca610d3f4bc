//! `Serialize` / `Deserialize` for the card game's types, through their text forms
//! (players as the numbers 1 and 2). Kept inside this module so they never clash with
//! impls other games add for their own types.

use alloc::string::String;
use core::fmt::Display;
use core::str::FromStr;

use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};

use super::{Cards, Game, Groove, Move, Player, Position, Step};

fn from_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: Display,
{
    let s = String::deserialize(d)?;
    s.parse().map_err(D::Error::custom)
}

macro_rules! via_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                from_text(d)
            }
        }
    )*};
}

via_text!(Move, Step, Groove, Cards, Game);

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        match u8::deserialize(d)? {
            1 => Ok(Player::One),
            2 => Ok(Player::Two),
            _ => Err(D::Error::custom("expected a player: 1 or 2")),
        }
    }
}

/// A position serializes as its one-line position text.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        Position::from_text(&s).map_err(D::Error::custom)
    }
}
