//! Quoridor requests (the default game): the state after a move list, perft, and
//! record conversion.

use std::time::Instant;

use serde_json::{json, Map, Value};
use wallrush_core::notation::{MoveTextError, Notation, Refusal as TextRefusal};
use wallrush_core::{perft_until, Move, Outcome, Position, Record, Seat, Variant};

use super::{move_texts, Limits, Refusal, MAX_PERFT_DEPTH};

/// Every field a Quoridor request may have.
const FIELDS: [&str; 8] = ["game", "cmd", "variant", "moves", "depth", "notation", "to", "record"];

/// The command a field is for, when only one command takes it (`variant` and `moves` are
/// read by every command, `game` and `notation` too).
fn only_for(field: &str) -> Option<&'static str> {
    match field {
        "depth" => Some("perft"),
        "to" | "record" => Some("convert"),
        _ => None,
    }
}

/// How many units of perft work go by between two looks at the clock.
const CLOCK_EVERY: u32 = 64;

/// Answers a Quoridor request (already read as a JSON object).
pub(super) fn answer(obj: &Map<String, Value>, limits: &Limits) -> Result<Value, Refusal> {
    for key in obj.keys() {
        if !FIELDS.contains(&key.as_str()) {
            return Err(Refusal::request("json", format!("unknown field {key:?}")));
        }
    }
    let cmd = match obj.get("cmd") {
        None => "state",
        Some(Value::String(s)) if ["state", "perft", "convert"].contains(&s.as_str()) => s.as_str(),
        Some(other) => {
            return Err(Refusal::request(
                "json",
                format!("unknown cmd {other}: expected \"state\", \"perft\" or \"convert\""),
            ))
        }
    };
    let notation = notation_field(obj.get("notation"), "notation")?.unwrap_or_default();
    // A field the command does not read is refused, never ignored.
    for key in obj.keys() {
        match only_for(key) {
            Some(only) if only != cmd => {
                return Err(Refusal::request("json", format!("{key} is only for cmd \"{only}\"")))
            }
            _ => {}
        }
    }
    if cmd == "convert" {
        return convert(obj, notation);
    }
    let variant = parse_variant(obj.get("variant"))?;
    let (pos, _) = replay(variant, obj.get("moves"), notation)?;
    match cmd {
        "perft" => {
            let depth =
                obj.get("depth").and_then(Value::as_u64).filter(|&d| d <= MAX_PERFT_DEPTH).ok_or_else(
                    || Refusal::request("json", format!("depth must be an integer 0 ..= {MAX_PERFT_DEPTH}")),
                )?;
            perft(&pos, depth as u32, limits)
        }
        _ => Ok(state(&pos, notation)),
    }
}

/// Perft within the work budget and, when `limits` has one, the time limit: each unit of
/// work costs one of the budget, and every [`CLOCK_EVERY`] units the clock is read.
fn perft(pos: &Position, depth: u32, limits: &Limits) -> Result<Value, Refusal> {
    let start = Instant::now();
    let mut units_left = limits.perft_units;
    let mut polls = 0u32;
    let mut out_of_time = false;
    let nodes = perft_until(pos, depth, || {
        if units_left == 0 {
            return true;
        }
        units_left -= 1;
        polls = polls.wrapping_add(1);
        if polls % CLOCK_EVERY == 0 && limits.perft_time.is_some_and(|t| start.elapsed() >= t) {
            out_of_time = true;
            return true;
        }
        false
    });
    match (nodes, limits.perft_time) {
        (Some(nodes), _) => Ok(json!({"ok": true, "nodes": nodes})),
        (None, Some(t)) if out_of_time => Err(Refusal::request(
            "too_large",
            format!("perft({depth}) runs past the time limit of {} ms; ask for less depth", t.as_millis()),
        )),
        (None, _) => Err(Refusal::request(
            "too_large",
            format!(
                "perft({depth}) needs more than {} units of work; ask for less depth",
                limits.perft_units
            ),
        )),
    }
}

fn notation_field(v: Option<&Value>, key: &str) -> Result<Option<Notation>, Refusal> {
    match v {
        None => Ok(None),
        Some(Value::String(s)) => s.parse().map(Some).map_err(|_| {
            Refusal::request("json", format!("{key} must be \"standard\", \"wallrush\" or \"pallwall\""))
        }),
        Some(_) => Err(Refusal::request("json", format!("{key} must be a string"))),
    }
}

/// `{"cmd": "convert", "to": N, ...}`: rewrites a move list (`variant`, `moves`,
/// `notation`) or a record text (`record`, read in its own `Notation` tag, else in
/// `notation`) into notation `to`.
fn convert(obj: &Map<String, Value>, from: Notation) -> Result<Value, Refusal> {
    let to = notation_field(obj.get("to"), "to")?
        .ok_or_else(|| Refusal::request("json", "convert needs \"to\": a notation"))?;
    if let Some(record) = obj.get("record") {
        if obj.contains_key("moves") || obj.contains_key("variant") {
            return Err(Refusal::request("json", "convert takes either \"record\" or \"variant\"/\"moves\""));
        }
        let text = record.as_str().ok_or_else(|| Refusal::request("json", "record must be a string"))?;
        let out = Record::convert(text, from, to).map_err(|e| Refusal::request("record", e.to_string()))?;
        return Ok(json!({"ok": true, "record": out}));
    }
    let variant = parse_variant(obj.get("variant"))?;
    let (_, written) = replay_writing(variant, obj.get("moves"), from, Some(to))?;
    Ok(json!({"ok": true, "moves": written}))
}

/// Reads the variant object; every field optional. A number out of range is reported as
/// given.
fn parse_variant(v: Option<&Value>) -> Result<Variant, Refusal> {
    let Some(v) = v else { return Ok(Variant::classic()) };
    let obj = v.as_object().ok_or_else(|| Refusal::request("variant", "variant must be an object"))?;
    let mut b = Variant::builder();
    for (key, value) in obj {
        let number = || {
            value
                .as_u64()
                .ok_or_else(|| Refusal::request("variant", format!("{key} must be a non-negative integer")))
        };
        b = match key.as_str() {
            "size" => b.size(number()?),
            "players" => b.players(number()?),
            "walls" => b.walls(number()?),
            "wall_length" => b.wall_length(number()?),
            "goal" => b.goal(
                value
                    .as_str()
                    .and_then(|g| g.parse().ok())
                    .ok_or_else(|| Refusal::request("variant", "goal must be \"edge\" or \"centre\""))?,
            ),
            _ => return Err(Refusal::request("variant", format!("unknown variant field {key:?}"))),
        };
    }
    b.build().map_err(|e| Refusal::request("variant", e.to_string()))
}

/// Whether `text` has the shape of a square or wall name (so a failure to read it is a
/// matter of the board, not of syntax).
fn looks_like_name(text: &str) -> Option<bool> {
    let b = text.as_bytes();
    let (body, wall) = match b.last() {
        Some(b'h') | Some(b'v') => (&b[..b.len() - 1], true),
        _ => (b, false),
    };
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    let letter_form = body.len() >= 2 && body[0].is_ascii_lowercase() && digits(&body[1..]);
    let rc_form = body.first() == Some(&b'r')
        && body
            .iter()
            .position(|&c| c == b'c')
            .is_some_and(|i| digits(&body[1..i]) && digits(&body[i + 1..]));
    (letter_form || rc_form).then_some(wall)
}

fn replay(
    variant: Variant,
    moves: Option<&Value>,
    notation: Notation,
) -> Result<(Position, Vec<String>), Refusal> {
    replay_writing(variant, moves, notation, None)
}

/// Plays `moves` (read in `notation`) from the start of `variant`; with `to`, also writes
/// every move in that notation.
fn replay_writing(
    variant: Variant,
    moves: Option<&Value>,
    notation: Notation,
    to: Option<Notation>,
) -> Result<(Position, Vec<String>), Refusal> {
    let mut pos = Position::new(variant);
    let mut written = Vec::new();
    for (ply, text) in move_texts(moves)? {
        let text = text?;
        let refuse = |kind: &'static str, error: String| Refusal::at(ply, text, kind, error);
        if text == "resign" {
            let seat = pos.turn();
            pos.resign(seat).map_err(|e| refuse("game_over", e.to_string()))?;
            written.push(text.to_string());
            continue;
        }
        let mv: Move = match notation.parse_move(&pos, text) {
            Ok(mv) => mv,
            Err(MoveTextError::Illegal(e)) => {
                let kind = match e.reason() {
                    TextRefusal::Illegal(r) => r.kind(),
                    TextRefusal::WrongKind { .. } => "wrong_kind",
                    TextRefusal::NotAWin => "not_a_win",
                    TextRefusal::NotInPlay(_) => "game_over",
                };
                return Err(refuse(kind, e.to_string()));
            }
            Err(MoveTextError::Invalid(e)) => {
                // A standard name with the right shape that no square can hold.
                return Err(match (notation, looks_like_name(text)) {
                    (Notation::Standard, Some(true)) if pos.is_game_over() => {
                        refuse("game_over", format!("{text}: the game is over"))
                    }
                    (Notation::Standard, Some(true)) if pos.walls_left(pos.turn()) == 0 => {
                        refuse("no_walls_left", format!("{text}: no walls left"))
                    }
                    (Notation::Standard, Some(true)) => {
                        refuse("off_board", format!("{text} is off the board"))
                    }
                    (Notation::Standard, Some(false)) if pos.is_game_over() => {
                        refuse("game_over", format!("{text}: the game is over"))
                    }
                    (Notation::Standard, Some(false)) => {
                        refuse("illegal_pawn_move", format!("{text} is not a legal pawn move"))
                    }
                    _ => refuse("parse", format!("cannot read {notation} move {text:?}: {e}")),
                });
            }
        };
        if let Some(to) = to {
            written.push(to.write_move(&pos, mv).map_err(|e| refuse(e.reason().kind(), e.to_string()))?);
        }
        pos.play(mv).map_err(|e| refuse(e.reason().kind(), e.to_string()))?;
    }
    Ok((pos, written))
}

fn seat_map(pos: &Position, f: impl Fn(Seat) -> Value) -> Value {
    let mut m = Map::new();
    for seat in pos.variant().seats() {
        m.insert(seat.name().into(), f(seat));
    }
    Value::Object(m)
}

/// The state answer for a position, legal moves written in `notation`.
pub fn state(pos: &Position, notation: Notation) -> Value {
    let n = pos.variant().size();
    let mut legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| notation.write_move(pos, m).unwrap_or_else(|_| m.text(n).to_string()))
        .collect();
    legal.sort_unstable();
    let outcome = match pos.outcome() {
        None => Value::Null,
        Some(Outcome::Win { seat, .. }) => json!({"winner": seat.name()}),
        Some(Outcome::Draw(reason)) => json!({"draw": reason.name()}),
    };
    json!({
        "ok": true,
        "turn": pos.turn().name(),
        "legal": legal,
        "outcome": outcome,
        "pawns": seat_map(pos, |s| pos.pawn(s).map_or(Value::Null, |sq| json!(sq.text(n).to_string()))),
        "walls_left": seat_map(pos, |s| json!(pos.walls_left(s))),
        "routes": seat_map(pos, |s| pos.route_len(s).map_or(Value::Null, |r| json!(r))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{handle_line, handle_line_within, Limits};

    fn ask(line: &str) -> Value {
        serde_json::from_str(&handle_line(line)).unwrap()
    }

    #[test]
    fn an_over_long_move_is_quoted_by_a_bounded_prefix() {
        for long in ["a".repeat(100_000), format!("e2{}", "\"".repeat(100_000)), "é".repeat(100_000)] {
            let line = json!({"moves": ["e2", long]}).to_string();
            let answer = handle_line(&line);
            assert!(answer.len() < 1000, "{} bytes", answer.len());
            let a: Value = serde_json::from_str(&answer).unwrap();
            assert_eq!(a["ply"], 1);
            let quoted = a["move"].as_str().unwrap();
            assert_eq!(quoted.chars().count(), crate::oracle::QUOTED_MOVE_CHARS + 1);
            assert!(long.starts_with(quoted.trim_end_matches('…')));
        }
    }

    #[test]
    fn opening_state() {
        let a = ask(r#"{"moves": ["e2", "e8", "d4h"]}"#);
        assert_eq!(a["ok"], true);
        assert_eq!(a["turn"], "north");
        assert_eq!(a["walls_left"], json!({"south": 9, "north": 10}));
        assert_eq!(a["pawns"], json!({"south": "e2", "north": "e8"}));
        assert_eq!(a["routes"], json!({"south": 8, "north": 8})); // d4h blocks both straight runs
        let legal: Vec<&str> = a["legal"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let mut sorted = legal.clone();
        sorted.sort_unstable();
        assert_eq!(legal, sorted);
        assert!(legal.contains(&"e7") && !legal.contains(&"d4h") && !legal.contains(&"d4v"));
    }

    #[test]
    fn refusals() {
        let a = ask(r#"{"moves": ["d4v", "e8", "d4h"]}"#);
        assert_eq!(
            a,
            json!({"ok": false, "ply": 2, "move": "d4h", "kind": "crosses", "error": "d4h crosses wall d4v"})
        );
        assert_eq!(ask(r#"{"moves": ["i9h"]}"#)["kind"], "off_board");
        assert_eq!(ask(r#"{"moves": ["z9"]}"#)["kind"], "illegal_pawn_move");
        assert_eq!(ask(r#"{"moves": ["r40c1h"]}"#)["kind"], "off_board");
        assert_eq!(ask(r#"{"moves": ["hello"]}"#)["kind"], "parse");
        assert_eq!(ask("{nope")["kind"], "json");
        assert_eq!(ask("{nope")["ply"], Value::Null);
        assert_eq!(ask(r#"{"variant": {"size": 8}}"#)["error"], "size 8 is out of range: odd, 3 ..= 31");
        assert_eq!(ask(r#"{"variant": {"walls": 0}, "moves": ["d4h"]}"#)["kind"], "no_walls_left");
    }

    #[test]
    fn notations_and_convert() {
        let a =
            ask(r#"{"notation": "wallrush", "moves": ["e2", "e8", "e3", "e7", "e4", "e6", "e5", "Je4"]}"#);
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["pawns"], json!({"south": "e5", "north": "e4"}));
        let legal: Vec<&str> = a["legal"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(legal.contains(&"Je3") && legal.contains(&"H-a2") && !legal.contains(&"a1h"));
        let wrong = ask(r#"{"notation": "wallrush", "moves": ["Je2"]}"#);
        assert_eq!((wrong["kind"].clone(), wrong["ply"].clone()), (json!("wrong_kind"), json!(0)));
        // The same text, two walls: standard d4h lies above d4, Pallwall d4h below it.
        let std = ask(r#"{"moves": ["d4h"]}"#);
        let pall = ask(r#"{"notation": "pallwall", "moves": ["d4h"]}"#);
        assert_eq!(std["routes"], json!({"south": 9, "north": 9}));
        assert_eq!(pall["routes"], json!({"south": 9, "north": 9}));
        assert_ne!(std["legal"], pall["legal"]);
        let c =
            ask(r#"{"cmd": "convert", "variant": {"wall_length": 3}, "moves": ["d3v"], "to": "wallrush"}"#);
        assert_eq!(c, json!({"ok": true, "moves": ["V-d5"]}));
        let c =
            ask(r#"{"cmd": "convert", "notation": "wallrush", "moves": ["e2", "H-d4"], "to": "pallwall"}"#);
        assert_eq!(c, json!({"ok": true, "moves": ["e2", "d4h"]}));
        let rec = "[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]\n\n1. e2 e8 2. d3h\n";
        let line = json!({"cmd": "convert", "record": rec, "to": "wallrush"}).to_string();
        let c = ask(&line);
        assert!(c["record"].as_str().unwrap().contains("1. e2 e8 2. H-d4"), "{c}");
        assert_eq!(ask(r#"{"cmd": "convert", "moves": ["e2"]}"#)["kind"], "json");
        assert_eq!(ask(r#"{"notation": "klingon"}"#)["kind"], "json");
    }

    #[test]
    fn perft_request() {
        let a = ask(r#"{"cmd": "perft", "depth": 2}"#);
        assert_eq!(a, json!({"ok": true, "nodes": 16677}));
        assert_eq!(ask(r#"{"cmd": "perft", "depth": 99}"#)["kind"], "json");
        // Found by fuzzing: deep perft on a small four-seat board ran for minutes. The
        // budget bounds the work whatever the request (a small one keeps the test fast).
        let slow = r#"{"cmd": "perft", "depth": 6, "variant": {"size": 5, "players": 4}}"#;
        let a: Value = serde_json::from_str(&handle_line_within(slow, 50_000)).unwrap();
        assert_eq!(a["kind"], "too_large");
        let ok: Value =
            serde_json::from_str(&handle_line_within(r#"{"cmd": "perft", "depth": 2}"#, 50_000)).unwrap();
        assert_eq!(ok["nodes"], 16677);
    }

    #[test]
    fn perft_by_the_clock() {
        // A unit of work costs from 0.1 µs to 100 µs by variant: the clock bounds the time.
        let line = r#"{"cmd": "perft", "depth": 3}"#;
        let no_time = Limits { perft_time: Some(std::time::Duration::ZERO), ..Limits::ORACLE };
        let a: Value = serde_json::from_str(&crate::oracle::answer_text(line, &no_time)).unwrap();
        assert_eq!(
            a,
            json!({"ok": false, "ply": null, "kind": "too_large",
                   "error": "perft(3) runs past the time limit of 0 ms; ask for less depth"})
        );
        // Depth 1 takes one unit, fewer than the clock's period: it is answered.
        let one = crate::oracle::answer_text(r#"{"cmd": "perft", "depth": 1}"#, &no_time);
        assert_eq!(one, r#"{"nodes":131,"ok":true}"#);
        let few = Limits { perft_units: 1_000, ..Limits::ORACLE };
        let a: Value = serde_json::from_str(&crate::oracle::answer_text(line, &few)).unwrap();
        assert_eq!(a["error"], "perft(3) needs more than 1000 units of work; ask for less depth");
    }

    #[test]
    fn every_command_refuses_the_fields_it_does_not_read() {
        for (line, error) in [
            (
                r#"{"cmd": "convert", "moves": ["e2"], "to": "wallrush", "depth": 3}"#,
                "depth is only for cmd \"perft\"",
            ),
            (r#"{"cmd": "state", "depth": 3}"#, "depth is only for cmd \"perft\""),
            (r#"{"moves": ["zz"], "depth": 3}"#, "depth is only for cmd \"perft\""),
            (r#"{"cmd": "perft", "depth": 1, "to": "wallrush"}"#, "to is only for cmd \"convert\""),
            (r#"{"record": ""}"#, "record is only for cmd \"convert\""),
            (r#"{"cmd": "convert", "to": "wallrush", "deph": 3}"#, "unknown field \"deph\""),
        ] {
            let a = ask(line);
            assert_eq!((a["kind"].clone(), a["error"].clone()), (json!("json"), json!(error)), "{line}");
        }
    }

    #[test]
    fn numbers_out_of_range_as_given() {
        for (variant, error) in [
            (r#"{"size": 4294967305}"#, "size 4294967305 is out of range: odd, 3 ..= 31"),
            (r#"{"players": 18446744073709551615}"#, "players 18446744073709551615 is out of range: 2 or 4"),
            (r#"{"walls": 4294967296}"#, "walls 4294967296 is out of range: 0 ..= 99"),
            (r#"{"wall_length": 4294967295}"#, "wall_length 4294967295 is out of range: 2 ..= 8 (size − 1)"),
            (
                r#"{"size": 7, "wall_length": 5000000000}"#,
                "wall_length 5000000000 is out of range: 2 ..= 6 (size − 1)",
            ),
            (r#"{"size": -1}"#, "size must be a non-negative integer"),
        ] {
            let a = ask(&format!(r#"{{"variant": {variant}}}"#));
            assert_eq!(
                (a["kind"].clone(), a["error"].clone()),
                (json!("variant"), json!(error)),
                "{variant}"
            );
        }
    }
}
