//! `Serialize` / `Deserialize` (Cargo feature `serde`), through the text forms where
//! they read best:
//!
//! | type | form |
//! |---|---|
//! | [`Square`], [`Wall`], [`Move`], [`Seat`], [`Goal`], [`Orientation`], [`Notation`], [`Action`], [`Outcome`] | their `Display` text: `"e2"`, `"d4h"`, `"pass"`, `"south"`, `"edge"`, `"h"`, `"wallrush"`, `"resign(west)"`, `"south wins by goal"` |
//! | [`Position`] | its [position text](crate::postext) |
//! | [`Record`] | its record text |
//! | [`Variant`] | `{"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"}` |
//! | [`DrawOptions`] | `{"repetition": 3, "ply_limit": 500}` (`null` or absent when off) |
//! | [`Game`] | `{"start": <position text>, "draw": <draw options>, "actions": ["e2", …]}` |
//!
//! Reading checks everything: a position must be legal, a game's actions are replayed
//! and must be legal. A game's redo line is not kept.

use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::notation::Notation;
use crate::{
    Action, DrawOptions, Game, Goal, Move, Orientation, Outcome, Position, Record, Seat, Square, Variant,
    Wall,
};

struct TextVisitor<T> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, alloc::string::String>,
    _t: PhantomData<T>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.parse)(v).map_err(E::custom)
    }
}

fn parse_with<T: FromStr>(s: &str) -> Result<T, alloc::string::String>
where
    T::Err: fmt::Display,
{
    s.parse().map_err(|e| format!("{e}"))
}

macro_rules! via_text {
    ($t:ty, $expecting:literal) => {
        via_text!($t, $expecting, |v: &$t| alloc::string::ToString::to_string(v), parse_with::<$t>);
    };
    ($t:ty, $expecting:literal, $write:expr, $parse:expr) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let write: fn(&$t) -> alloc::string::String = $write;
                s.serialize_str(&write(self))
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                d.deserialize_str(TextVisitor { expecting: $expecting, parse: $parse, _t: PhantomData })
            }
        }
    };
}

via_text!(Square, "a square such as e2 or r3c27");
via_text!(Wall, "a wall in standard notation such as d4h");
via_text!(Move, "a move in standard notation such as e2, d4h or pass");
via_text!(Seat, "a seat: south, west, north or east");
via_text!(Notation, "a notation: standard, wallrush or pallwall");
via_text!(Action, "a move in standard notation or resign(seat)");
via_text!(Outcome, "a result such as 'south wins by goal'");
via_text!(Record, "a game record");
via_text!(
    Goal,
    "a goal: edge or centre",
    |g: &Goal| alloc::string::ToString::to_string(g.name()),
    |s: &str| match s {
        "edge" => Ok(Goal::Edge),
        "centre" => Ok(Goal::Centre),
        _ => Err(alloc::string::String::from("expected a goal: edge or centre")),
    }
);
via_text!(
    Orientation,
    "an orientation: h or v",
    |o: &Orientation| alloc::string::ToString::to_string(&o.letter()),
    |s: &str| match s {
        "h" => Ok(Orientation::Horizontal),
        "v" => Ok(Orientation::Vertical),
        _ => Err(alloc::string::String::from("expected an orientation: h or v")),
    }
);
via_text!(Position, "a position text", Position::to_text, |s: &str| {
    Position::from_text(s).map_err(|e| format!("{e}"))
});

#[derive(Serialize, Deserialize)]
#[serde(rename = "Variant", deny_unknown_fields)]
struct VariantRepr {
    size: u32,
    players: u32,
    walls: u32,
    wall_length: u32,
    goal: Goal,
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VariantRepr {
            size: self.size().into(),
            players: self.players().into(),
            walls: self.walls().into(),
            wall_length: self.wall_length().into(),
            goal: self.goal(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let r = VariantRepr::deserialize(d)?;
        Variant::new(r.size, r.players, r.walls, r.wall_length, r.goal).map_err(de::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(rename = "DrawOptions", deny_unknown_fields)]
struct DrawRepr {
    #[serde(default)]
    repetition: Option<u32>,
    #[serde(default)]
    ply_limit: Option<u32>,
}

impl Serialize for DrawOptions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        DrawRepr { repetition: self.repetition, ply_limit: self.ply_limit }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for DrawOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DrawOptions, D::Error> {
        let r = DrawRepr::deserialize(d)?;
        Ok(DrawOptions { repetition: r.repetition, ply_limit: r.ply_limit })
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Game", 3)?;
        st.serialize_field("start", self.start())?;
        st.serialize_field("draw", &self.draw_options())?;
        st.serialize_field("actions", &self.actions().collect::<Vec<Action>>())?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(rename = "Game", deny_unknown_fields)]
struct GameRepr {
    start: Position,
    #[serde(default)]
    draw: DrawOptions,
    #[serde(default)]
    actions: Vec<Action>,
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let r = GameRepr::deserialize(d)?;
        let mut game = Game::from_position(r.start).with_draw_options(r.draw);
        for (i, action) in r.actions.into_iter().enumerate() {
            game.act(action).map_err(|e| de::Error::custom(format!("action {}: {e}", i + 1)))?;
        }
        Ok(game)
    }
}
