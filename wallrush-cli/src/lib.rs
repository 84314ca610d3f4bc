//! The `wallrush` program's library: the oracle protocol and the demo, kept in a library
//! so tests and fuzz targets can drive them without a process.

pub mod demo;
pub mod oracle;
pub mod oracle_territory;

use wallrush_core::{Goal, Variant};

/// Reads a variant from `key=value` pairs separated by commas
/// (`size=9,players=2,walls=10,wall_length=2,goal=edge`); every key optional.
///
/// # Errors
/// A message naming the key or parameter that is wrong.
pub fn parse_variant(text: &str) -> Result<Variant, String> {
    let (mut size, mut players, mut walls, mut len, mut goal) = (9, 2, None, 2, Goal::Edge);
    for pair in text.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or(format!("expected key=value, got {pair:?}"))?;
        let num = || v.parse::<u32>().map_err(|_| format!("{k}: expected a number, got {v:?}"));
        match k {
            "size" => size = num()?,
            "players" => players = num()?,
            "walls" => walls = Some(num()?),
            "wall_length" => len = num()?,
            "goal" => {
                goal = match v {
                    "edge" => Goal::Edge,
                    "centre" | "center" => Goal::Centre,
                    _ => return Err(format!("goal: expected edge or centre, got {v:?}")),
                }
            }
            _ => return Err(format!("unknown variant parameter {k:?}")),
        }
    }
    Variant::new(size, players, walls.unwrap_or(Variant::default_walls(players)), len, goal)
        .map_err(|e| e.to_string())
}
