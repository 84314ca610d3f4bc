//! The oracle protocol: one JSON request per line in, one JSON answer per line out.
//!
//! ```text
//! request:  {"variant": {"size": 9, "players": 2, "walls": 10, "wall_length": 2, "goal": "edge"},
//!            "moves": ["e2", "e8", "d4h"]}
//! answer:   {"ok": true, "turn": "north", "legal": [...], "outcome": null,
//!            "pawns": {...}, "walls_left": {...}, "routes": {...}}
//! refusal:  {"ok": false, "ply": 2, "move": "d4h", "kind": "crosses", "error": "d4h crosses wall d4v"}
//! perft:    {"cmd": "perft", "variant": {...}, "moves": [...], "depth": 3} -> {"ok": true, "nodes": N}
//! ```
//!
//! This module reads the line, answers every refusal with one `Refusal` type, and hands
//! the request to the game it names: [`quoridor`] (the default, `"game": "quoridor"`),
//! [`wallgo`] or [`enclosure`]. The two territory games share the field checks and the
//! replay loop below. `docs/ORACLE.md` describes the whole protocol.

use serde_json::{json, Map, Value};

pub mod enclosure;
pub mod quoridor;
pub mod wallgo;

pub use quoridor::state;

/// The deepest perft the oracle answers.
pub const MAX_PERFT_DEPTH: u64 = 8;
/// The most work a perft request may take, in [`perft_within`](wallrush_core::perft_within) units (positions whose
/// moves are generated plus moves played: about 10 M a second on the classic board);
/// beyond it the request is refused as `too_large`. perft(4) from the opening needs 4.4 M.
pub const PERFT_BUDGET: u64 = 10_000_000;
/// The longest request line the oracle parses; longer lines are refused unread.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most moves one request may carry.
pub const MAX_MOVES: usize = 100_000;

/// A refusal: what went wrong, and where.
pub(crate) struct Refusal {
    pub(crate) ply: Option<usize>,
    pub(crate) mv: Option<String>,
    pub(crate) kind: &'static str,
    pub(crate) error: String,
}

impl Refusal {
    pub(crate) fn request(kind: &'static str, error: impl Into<String>) -> Refusal {
        Refusal { ply: None, mv: None, kind, error: error.into() }
    }

    pub(crate) fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("ok".into(), Value::Bool(false));
        m.insert("ply".into(), self.ply.map_or(Value::Null, |p| json!(p)));
        if let Some(mv) = &self.mv {
            m.insert("move".into(), Value::String(mv.clone()));
        }
        m.insert("kind".into(), Value::String(self.kind.into()));
        m.insert("error".into(), Value::String(self.error.clone()));
        Value::Object(m)
    }
}

/// Answers one request line with one JSON line (no trailing newline). Never panics.
pub fn handle_line(line: &str) -> String {
    handle_line_within(line, PERFT_BUDGET)
}

/// [`handle_line`] with another perft work budget.
pub fn handle_line_within(line: &str, perft_budget: u64) -> String {
    let answer = match answer(line, perft_budget) {
        Ok(v) => v,
        Err(r) => r.to_json(),
    };
    answer.to_string()
}

fn answer(line: &str, perft_budget: u64) -> Result<Value, Refusal> {
    if line.len() > MAX_LINE_BYTES {
        return Err(Refusal::request("json", format!("line longer than {MAX_LINE_BYTES} bytes")));
    }
    let req: Value =
        serde_json::from_str(line).map_err(|e| Refusal::request("json", format!("invalid JSON: {e}")))?;
    let obj = req.as_object().ok_or_else(|| Refusal::request("json", "request must be a JSON object"))?;
    match obj.get("game") {
        None => {}
        Some(Value::String(s)) if s == "quoridor" => {}
        Some(Value::String(s)) if s == "wallgo" => return Ok(wallgo::answer(obj)),
        Some(Value::String(s)) if s == "enclosure" => return Ok(enclosure::answer(obj)),
        Some(other) => {
            return Err(Refusal::request(
                "json",
                format!("unknown game {other}: expected \"quoridor\", \"wallgo\" or \"enclosure\""),
            ))
        }
    }
    quoridor::answer(obj, perft_budget)
}

// ----- shared by the territory games ---------------------------------------------

/// Refuses fields a territory request cannot have, and any `cmd` but `"state"`.
pub(crate) fn check_fields(obj: &Map<String, Value>, game: &str) -> Result<(), Refusal> {
    for key in obj.keys() {
        match key.as_str() {
            "game" | "cmd" | "setup" | "moves" => {}
            "variant" | "notation" | "depth" | "to" | "record" => {
                return Err(Refusal::request(
                    "json",
                    format!("{key} is for quoridor requests; {game} requests take \"setup\" and \"moves\""),
                ))
            }
            _ => return Err(Refusal::request("json", format!("unknown field {key:?}"))),
        }
    }
    match obj.get("cmd") {
        None => Ok(()),
        Some(Value::String(s)) if s == "state" => Ok(()),
        Some(other) => Err(Refusal::request(
            "json",
            format!("unknown cmd {other} for game {game:?}: expected \"state\""),
        )),
    }
}

/// The setup object's fields, checked against `allowed`.
pub(crate) fn setup_fields<'a>(
    v: Option<&'a Value>,
    allowed: &[&str],
) -> Result<Option<&'a Map<String, Value>>, Refusal> {
    let Some(v) = v else { return Ok(None) };
    let obj = v.as_object().ok_or_else(|| Refusal::request("setup", "setup must be an object"))?;
    for key in obj.keys() {
        if !allowed.contains(&key.as_str()) {
            return Err(Refusal::request("setup", format!("unknown setup field {key:?}")));
        }
    }
    if obj.contains_key("position") && obj.len() > 1 {
        return Err(Refusal::request(
            "setup",
            "setup takes either \"position\" or the other fields, not both",
        ));
    }
    Ok(Some(obj))
}

pub(crate) fn position_text(obj: &Map<String, Value>) -> Result<Option<&str>, Refusal> {
    match obj.get("position") {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Refusal::request("setup", "position must be a string")),
    }
}

/// What [`replay`] needs of a game: reading a move and playing it with a named refusal.
pub(crate) trait Rules {
    type Pos;
    type Move;
    fn parse(&self, text: &str) -> Result<Self::Move, String>;
    fn play(&self, pos: &mut Self::Pos, m: Self::Move) -> Result<(), (&'static str, String)>;
}

/// Plays `moves` (an array of move texts in the game's notation) from `pos`.
pub(crate) fn replay<R: Rules>(
    mut pos: R::Pos,
    moves: Option<&Value>,
    game: &str,
    rules: R,
) -> Result<R::Pos, Refusal> {
    let Some(moves) = moves else { return Ok(pos) };
    let list =
        moves.as_array().ok_or_else(|| Refusal::request("json", "moves must be an array of strings"))?;
    if list.len() > MAX_MOVES {
        return Err(Refusal::request("json", format!("more than {MAX_MOVES} moves")));
    }
    for (ply, m) in list.iter().enumerate() {
        let text = m.as_str().ok_or_else(|| Refusal {
            ply: Some(ply),
            mv: None,
            kind: "json",
            error: format!("move {ply} is not a string"),
        })?;
        let refuse = |kind: &'static str, error: String| Refusal {
            ply: Some(ply),
            mv: Some(text.to_string()),
            kind,
            error,
        };
        let mv = rules
            .parse(text)
            .map_err(|e| refuse("parse", format!("cannot read {game} move {text:?}: {e}")))?;
        rules.play(&mut pos, mv).map_err(|(kind, error)| refuse(kind, error))?;
    }
    Ok(pos)
}

/// Texts of `items`, sorted by code point.
pub(crate) fn sorted<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().map(|t| t.to_string()).collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::handle_line;
    use serde_json::{json, Value};

    fn ask(line: &str) -> Value {
        serde_json::from_str(&handle_line(line)).unwrap()
    }

    #[test]
    fn mangled_lines_get_an_answer() {
        // Byte-level mutations of good territory requests: every line gets one JSON
        // object back, `ok` true or false, and nothing panics.
        let seeds = [
            r#"{"game": "wallgo", "setup": {"players": 3}, "moves": ["@d4", "@c3", "@a1", "@a2", "@g7", "@b5", "d4-e5n", "x:e5n"]}"#,
            r#"{"game": "enclosure", "setup": {"seed": 9}, "moves": ["C3n b2-b3", "A1s e5-e6", "F6x"]}"#,
            r#"{"game": "wallgo", "setup": {"position": "c3/d5/-/- - Y -"}, "moves": ["@a1"]}"#,
            r#"{"game": "enclosure", "setup": {"position": "a1,e3,c5/e5,b4,d2 a1s,a1n/a1w,a1e ABCDEF123456 2 2 - 0"}}"#,
        ];
        let bytes: &[u8] = b"{}[]\",:0123456789abcdefghx@-;/ nesw\\\xc3\xa9ABCDEF";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..3000 {
            let mut line = seeds[round % seeds.len()].as_bytes().to_vec();
            for _ in 0..1 + next(4) {
                let at = next(line.len());
                match next(3) {
                    0 => line[at] = bytes[next(bytes.len())],
                    1 => {
                        line.remove(at);
                    }
                    _ => line.insert(at, bytes[next(bytes.len())]),
                }
            }
            let text = String::from_utf8_lossy(&line);
            let answer: Value = serde_json::from_str(&handle_line(&text)).unwrap();
            assert!(answer["ok"].is_boolean(), "{text} -> {answer}");
        }
    }

    // ----- dispatch -----------------------------------------------------------------

    #[test]
    fn fields_and_games() {
        for (line, error) in [
            (
                r#"{"game": "wallgo", "variant": {}}"#,
                "variant is for quoridor requests; wallgo requests take \"setup\" and \"moves\"",
            ),
            (
                r#"{"game": "enclosure", "notation": "standard"}"#,
                "notation is for quoridor requests; enclosure requests take \"setup\" and \"moves\"",
            ),
            (
                r#"{"game": "wallgo", "cmd": "perft", "depth": 1}"#,
                "depth is for quoridor requests; wallgo requests take \"setup\" and \"moves\"",
            ),
            (
                r#"{"game": "wallgo", "cmd": "perft"}"#,
                "unknown cmd \"perft\" for game \"wallgo\": expected \"state\"",
            ),
            (r#"{"game": "enclosure", "sedup": {}}"#, "unknown field \"sedup\""),
            (
                r#"{"game": "chess"}"#,
                "unknown game \"chess\": expected \"quoridor\", \"wallgo\" or \"enclosure\"",
            ),
            (r#"{"game": 3}"#, "unknown game 3: expected \"quoridor\", \"wallgo\" or \"enclosure\""),
            (r#"{"setup": {}}"#, "unknown field \"setup\""),
        ] {
            let a = ask(line);
            assert_eq!((a["kind"].clone(), a["error"].clone()), (json!("json"), json!(error)), "{line}");
            assert_eq!(a["ply"], Value::Null);
        }
        assert_eq!(ask(r#"{"game": "wallgo", "cmd": "state"}"#)["ok"], true);
        // Quoridor stays the default, and can be named.
        let named = handle_line(r#"{"game": "quoridor", "moves": ["e2"]}"#);
        assert_eq!(named, handle_line(r#"{"moves": ["e2"]}"#));
    }
}
