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

use std::io::{self, BufRead, Write};
use std::time::Duration;

use serde_json::{json, Map, Value};

use crate::input::{Capped, Line};

pub mod enclosure;
mod json;
pub mod quoridor;
pub mod wallgo;

pub use quoridor::state;

/// The deepest perft the oracle answers.
pub const MAX_PERFT_DEPTH: u64 = 8;
/// The most work a perft request may take, in [`perft_within`](wallrush_core::perft_within)
/// units (positions whose moves are generated plus moves played: about 10 M a second on
/// the classic board, but as few as 10,000 a second on 31×31 with long walls); beyond it
/// the request is refused as `too_large`. perft(4) from the opening needs 4.4 M.
pub const PERFT_BUDGET: u64 = 10_000_000;
/// The longest a perft request may run by the clock before it is refused as `too_large`:
/// what bounds the time on every variant, whatever a unit of work costs there.
pub const PERFT_TIME_LIMIT: Duration = Duration::from_secs(1);
/// The longest request line the oracle parses (not counting its `\n` or `\r\n`); a
/// longer line is refused at this many bytes, and the rest of it is skipped unread.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The most moves one request may carry.
pub const MAX_MOVES: usize = 100_000;

/// What the oracle allows one request: [`Limits::ORACLE`] for `wallrush oracle`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The longest request line, in bytes.
    pub line_bytes: usize,
    /// The perft work budget, in units.
    pub perft_units: u64,
    /// The perft time limit by the clock; `None` keeps no clock, so that an answer
    /// depends on the request alone (for tests and fuzzing).
    pub perft_time: Option<Duration>,
}

impl Limits {
    /// `wallrush oracle`'s limits: 1 MiB lines, 10 M units of perft work, 1 s of perft.
    pub const ORACLE: Limits =
        Limits { line_bytes: MAX_LINE_BYTES, perft_units: PERFT_BUDGET, perft_time: Some(PERFT_TIME_LIMIT) };

    /// The oracle's limits without the clock, and `perft_units` of perft work: every
    /// answer depends on the request alone.
    pub const fn reproducible(perft_units: u64) -> Limits {
        Limits { line_bytes: MAX_LINE_BYTES, perft_units, perft_time: None }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::ORACLE
    }
}

/// A refusal: what went wrong, and where.
pub(crate) struct Refusal {
    pub(crate) ply: Option<usize>,
    pub(crate) mv: Option<String>,
    pub(crate) kind: &'static str,
    pub(crate) error: String,
}

/// The longest move text a refusal quotes whole.
pub const QUOTED_MOVE_CHARS: usize = 64;

impl Refusal {
    pub(crate) fn request(kind: &'static str, error: impl Into<String>) -> Refusal {
        Refusal { ply: None, mv: None, kind, error: error.into() }
    }

    /// A refusal of move `text`, the `ply`-th of the request. A move text longer than
    /// [`QUOTED_MOVE_CHARS`] is quoted by a prefix, in `move` and in the message alike, so
    /// that the answer stays short whatever was sent.
    pub(crate) fn at(ply: usize, text: &str, kind: &'static str, error: String) -> Refusal {
        if text.chars().count() <= QUOTED_MOVE_CHARS {
            return Refusal { ply: Some(ply), mv: Some(text.to_string()), kind, error };
        }
        let mut short: String = text.chars().take(QUOTED_MOVE_CHARS).collect();
        short.push('…');
        let error = error.replace(&format!("{text:?}"), &format!("{short:?}")).replace(text, &short);
        Refusal { ply: Some(ply), mv: Some(short), kind, error }
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

    fn too_long(limit: usize) -> Refusal {
        Refusal::request("json", format!("line longer than {limit} bytes"))
    }
}

/// Answers one request line with one JSON line (no trailing newline), with the oracle's
/// [`Limits`] (the perft clock included). Never panics.
pub fn handle_line(line: &str) -> String {
    answer_text(line, &Limits::ORACLE)
}

/// [`handle_line`] with another perft work budget and no clock: the answer depends on
/// the line alone.
pub fn handle_line_within(line: &str, perft_budget: u64) -> String {
    answer_text(line, &Limits::reproducible(perft_budget))
}

/// Whether a line is skipped: empty, or JSON whitespace only (space, tab, CR). Any other
/// line, Unicode spaces included, gets an answer.
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// The oracle: reads request lines from `input` through the [capped reader](Capped) and
/// writes one answer line to `out` for every line that is not [blank](is_blank), flushed
/// at once, in order, until the end of input. A line over `limits.line_bytes` is refused
/// as soon as the limit is passed and the rest of it skipped unread; a line that is not
/// UTF-8 is refused as `json`.
///
/// ```
/// use wallrush_cli::oracle::{serve, Limits};
/// let mut out = Vec::new();
/// serve(&b"{\"moves\": [\"e2\"]}\n\n\xc2\xa0\n"[..], &mut out, &Limits::ORACLE)?;
/// let answers: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
/// assert_eq!(answers.len(), 2); // the empty line is skipped; U+00A0 is answered
/// assert!(answers[0].contains("\"turn\":\"north\""));
/// assert!(answers[1].contains("\"kind\":\"json\""));
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The errors of reading `input` or writing `out`.
pub fn serve(input: impl BufRead, out: &mut dyn Write, limits: &Limits) -> io::Result<()> {
    // One byte over the limit for the `\r` of a `\r\n` line end.
    let mut lines = Capped::new(input, limits.line_bytes.saturating_add(1));
    while let Some(line) = lines.line()? {
        let answer = match line {
            Line::TooLong => Refusal::too_long(limits.line_bytes).to_json().to_string(),
            Line::Text(bytes) if is_blank(bytes) => continue,
            Line::Text(bytes) => answer_bytes(bytes, limits),
        };
        out.write_all(answer.as_bytes())?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}

/// The answer to a line of bytes (its line end still on).
fn answer_bytes(line: &[u8], limits: &Limits) -> String {
    let end = line.iter().rposition(|&b| b != b'\r').map_or(0, |i| i + 1);
    match std::str::from_utf8(&line[..end]) {
        Ok(text) => answer_text(text, limits),
        Err(e) => Refusal::request("json", format!("invalid UTF-8 at byte {}", e.valid_up_to()))
            .to_json()
            .to_string(),
    }
}

pub(crate) fn answer_text(line: &str, limits: &Limits) -> String {
    let answer = match answer(line, limits) {
        Ok(v) => v,
        Err(r) => r.to_json(),
    };
    answer.to_string()
}

fn answer(line: &str, limits: &Limits) -> Result<Value, Refusal> {
    if line.len() > limits.line_bytes {
        return Err(Refusal::too_long(limits.line_bytes));
    }
    let req = json::parse(line).map_err(|e| Refusal::request("json", format!("invalid JSON: {e}")))?;
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
    quoridor::answer(obj, limits)
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

/// The texts of a request's `moves` (absent: none), each with its ply, for every game's
/// replay loop: refused whole when it is not an array or holds more than [`MAX_MOVES`],
/// and one by one, in order, where an item is not a string (so an earlier illegal move is
/// still the one reported).
pub(crate) fn move_texts(
    moves: Option<&Value>,
) -> Result<impl Iterator<Item = (usize, Result<&str, Refusal>)>, Refusal> {
    let list = match moves {
        None => &[][..],
        Some(v) => v
            .as_array()
            .ok_or_else(|| Refusal::request("json", "moves must be an array of strings"))?
            .as_slice(),
    };
    if list.len() > MAX_MOVES {
        return Err(Refusal::request("json", format!("more than {MAX_MOVES} moves")));
    }
    Ok(list.iter().enumerate().map(|(ply, m)| {
        let text = m.as_str().ok_or_else(|| Refusal {
            ply: Some(ply),
            mv: None,
            kind: "json",
            error: format!("move {ply} is not a string"),
        });
        (ply, text)
    }))
}

/// Plays `moves` (an array of move texts in the game's notation) from `pos`.
pub(crate) fn replay<R: Rules>(
    mut pos: R::Pos,
    moves: Option<&Value>,
    game: &str,
    rules: R,
) -> Result<R::Pos, Refusal> {
    for (ply, text) in move_texts(moves)? {
        let text = text?;
        let refuse = |kind: &'static str, error: String| Refusal::at(ply, text, kind, error);
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

    // ----- the line ---------------------------------------------------------------

    fn serve_all(input: &[u8], limits: &super::Limits) -> Vec<Value> {
        let mut out = Vec::new();
        super::serve(input, &mut out, limits).unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn one_answer_for_every_line_but_the_blank_ones() {
        let unicode_blanks: [&[u8]; 6] =
            [b"\xc2\xa0", b"\xc2\x85", b"\xe2\x80\xa8", b"\xe3\x80\x80", b"\x0b", b"\x0c"];
        let mut input = Vec::new();
        for line in unicode_blanks {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
        input.extend_from_slice(b"\n \t \r\n\r\n{\"moves\": [\"e2\"]}\r\n{\"moves\": [\"\xff\"]}\n{}");
        let answers = serve_all(&input, &super::Limits::ORACLE);
        assert_eq!(answers.len(), 6 + 3, "{answers:?}");
        for a in &answers[..6] {
            assert_eq!(a["error"], "invalid JSON: expected value at line 1 column 1");
        }
        assert_eq!(answers[6]["turn"], "north");
        assert_eq!(
            answers[7],
            json!({"ok": false, "ply": null, "kind": "json", "error": "invalid UTF-8 at byte 12"})
        );
        assert_eq!(answers[8]["turn"], "south"); // a last line without its newline
    }

    #[test]
    fn a_long_line_is_refused_at_the_limit() {
        let small = super::Limits { line_bytes: 16, ..super::Limits::ORACLE };
        let too_long =
            json!({"ok": false, "ply": null, "kind": "json", "error": "line longer than 16 bytes"});
        let ok = r#"{"moves":["e2"]}"#; // 16 bytes
        let good = handle_line(ok);
        let good: Value = serde_json::from_str(&good).unwrap();
        for (input, answers) in [
            (format!("{ok}\n"), vec![&good]),
            (format!("{ok}\r\n"), vec![&good]),
            (format!("{ok} \n{ok}"), vec![&too_long, &good]),
            (format!("{}\n{ok}", "x".repeat(1000)), vec![&too_long, &good]),
            // Blank, but over the limit: refused before it could be known to be blank.
            (" ".repeat(1000), vec![&too_long]),
        ] {
            let got = serve_all(input.as_bytes(), &small);
            assert_eq!(got.iter().collect::<Vec<_>>(), answers, "{input:?}");
        }
        assert_eq!(serve_all(format!("{ok}x\n").as_bytes(), &small), vec![too_long.clone()]);
        assert_eq!(serve_all(b"\"xxxxxxxxxxxxxxxxxxxxx\"\r\n", &small), vec![too_long]);
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
