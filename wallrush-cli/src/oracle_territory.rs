//! Oracle requests for the territory games: `"game": "wallgo"` and `"game": "enclosure"`.
//!
//! ```text
//! request:  {"game": "wallgo", "setup": {"players": 2, "start": "fixed"}, "moves": ["b2-c3n"]}
//! answer:   {"ok": true, "turn": "blue", "legal": [...], "outcome": null, "scores": {...},
//!            "pieces": {...}, "walls": {"c3n": "red"}, "breaks_used": {...},
//!            "placing": false, "position": "..."}
//! request:  {"game": "enclosure", "setup": {"seed": 7}, "moves": ["C3n b2-b3"]}
//! answer:   {"ok": true, "turn": 2, "moves_left": 2, "legal": [...], "outcome": null,
//!            "scores": {"1": 0, "2": 0}, "pieces": {...}, "walls": {"c3n": 1},
//!            "cards": "ABDEF12456", "discards": 0, "vacated": null, "enclosures": [],
//!            "position": "..."}
//! refusal:  {"ok": false, "ply": 0, "move": "b2-b5n", "kind": "unreachable",
//!            "error": "b5 is not within two free steps of b2"}
//! ```
//!
//! [`crate::oracle`] reads the line and hands requests with these `game` values here;
//! `docs/ORACLE.md` describes the protocol.

use serde_json::{json, Map, Value};
use wallrush_territory::{enclosure, wallgo};

use crate::oracle::{Refusal, MAX_MOVES};

/// Answers a `"game": "wallgo"` request (already read as a JSON object): the state after
/// `moves` from `setup`, or a refusal.
pub fn wallgo(obj: &Map<String, Value>) -> Value {
    let answer = check_fields(obj, "wallgo")
        .and_then(|()| wallgo_setup(obj.get("setup")))
        .and_then(|pos| replay(pos, obj.get("moves"), "wallgo", WallGoRules));
    answer.map_or_else(|r| r.to_json(), |pos| wallgo_state(&pos))
}

/// Answers a `"game": "enclosure"` request (already read as a JSON object): the state
/// after `moves` from `setup`, or a refusal.
pub fn enclosure(obj: &Map<String, Value>) -> Value {
    let answer = check_fields(obj, "enclosure")
        .and_then(|()| enclosure_setup(obj.get("setup")))
        .and_then(|pos| replay(pos, obj.get("moves"), "enclosure", EnclosureRules));
    answer.map_or_else(|r| r.to_json(), |pos| enclosure_state(&pos))
}

/// Refuses fields a territory request cannot have, and any `cmd` but `"state"`.
fn check_fields(obj: &Map<String, Value>, game: &str) -> Result<(), Refusal> {
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
fn setup_fields<'a>(
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

fn position_text(obj: &Map<String, Value>) -> Result<Option<&str>, Refusal> {
    match obj.get("position") {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(Refusal::request("setup", "position must be a string")),
    }
}

/// `{"players": 2..=4, "start": "fixed" | "placement"}` or `{"position": text}`.
fn wallgo_setup(v: Option<&Value>) -> Result<wallgo::Position, Refusal> {
    let Some(obj) = setup_fields(v, &["players", "start", "position"])? else {
        return Ok(wallgo::Position::two_player());
    };
    if let Some(text) = position_text(obj)? {
        return wallgo::Position::from_text(text).map_err(|e| Refusal::request("setup", e.to_string()));
    }
    let players = match obj.get("players") {
        None => 2,
        Some(v) => match v.as_u64() {
            Some(n @ 2..=4) => n as u8,
            _ => return Err(Refusal::request("setup", "players must be 2, 3 or 4")),
        },
    };
    let placement = match obj.get("start").map(Value::as_str) {
        None => players > 2,
        Some(Some("placement")) => true,
        Some(Some("fixed")) if players == 2 => false,
        Some(Some("fixed")) => {
            return Err(Refusal::request(
                "setup",
                format!("the fixed start is for 2 players; {players} players place their pieces"),
            ))
        }
        Some(_) => return Err(Refusal::request("setup", "start must be \"fixed\" or \"placement\"")),
    };
    let pos = if placement { wallgo::Position::placement(players) } else { wallgo::Position::new(players) };
    pos.map_err(|e| Refusal::request("setup", e.to_string()))
}

/// `{"first": 1 | 2}`, `{"seed": n}` or `{"position": text}`; player 1 first by default.
fn enclosure_setup(v: Option<&Value>) -> Result<enclosure::Position, Refusal> {
    let Some(obj) = setup_fields(v, &["first", "seed", "position"])? else {
        return Ok(enclosure::Position::default());
    };
    if let Some(text) = position_text(obj)? {
        return enclosure::Position::from_text(text).map_err(|e| Refusal::request("setup", e.to_string()));
    }
    if obj.contains_key("first") && obj.contains_key("seed") {
        return Err(Refusal::request("setup", "setup takes either \"first\" or \"seed\", not both"));
    }
    if let Some(seed) = obj.get("seed") {
        let seed = seed
            .as_u64()
            .ok_or_else(|| Refusal::request("setup", "seed must be an integer 0 ..= 2^64 - 1"))?;
        return Ok(enclosure::Position::seeded(seed));
    }
    let first = match obj.get("first").map(Value::as_u64) {
        None | Some(Some(1)) => enclosure::Player::One,
        Some(Some(2)) => enclosure::Player::Two,
        Some(_) => return Err(Refusal::request("setup", "first must be 1 or 2")),
    };
    Ok(enclosure::Position::new(first))
}

/// What [`replay`] needs of a game: reading a move and playing it with a named refusal.
trait Rules {
    type Pos;
    type Move;
    fn parse(&self, text: &str) -> Result<Self::Move, String>;
    fn play(&self, pos: &mut Self::Pos, m: Self::Move) -> Result<(), (&'static str, String)>;
}

struct WallGoRules;

impl Rules for WallGoRules {
    type Pos = wallgo::Position;
    type Move = wallgo::Move;
    fn parse(&self, text: &str) -> Result<wallgo::Move, String> {
        text.parse().map_err(|e| format!("{e}"))
    }
    fn play(&self, pos: &mut wallgo::Position, m: wallgo::Move) -> Result<(), (&'static str, String)> {
        pos.play(m).map_err(|e| (e.kind(), e.to_string()))
    }
}

struct EnclosureRules;

impl Rules for EnclosureRules {
    type Pos = enclosure::Position;
    type Move = enclosure::Move;
    fn parse(&self, text: &str) -> Result<enclosure::Move, String> {
        text.parse().map_err(|e| format!("{e}"))
    }
    fn play(&self, pos: &mut enclosure::Position, m: enclosure::Move) -> Result<(), (&'static str, String)> {
        pos.play(m).map_err(|e| (e.kind(), e.to_string()))
    }
}

/// Plays `moves` (an array of move texts in the game's notation) from `pos`.
fn replay<R: Rules>(mut pos: R::Pos, moves: Option<&Value>, game: &str, rules: R) -> Result<R::Pos, Refusal> {
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
fn sorted<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().map(|t| t.to_string()).collect();
    v.sort_unstable();
    v
}

/// The state answer for a Wall Go position: `turn`, `legal` (sorted by code point),
/// `outcome`, `scores`, `pieces` (sorted squares per player), `walls` (canonical groove →
/// builder), `breaks_used`, `placing` and the one-line `position` text.
pub fn wallgo_state(pos: &wallgo::Position) -> Value {
    let per_player = |f: &dyn Fn(wallgo::Player) -> Value| -> Value {
        Value::Object(pos.player_list().map(|p| (p.name().to_string(), f(p))).collect())
    };
    let outcome = match pos.outcome() {
        None => Value::Null,
        Some(wallgo::Outcome::Win { player, tie_break }) => {
            json!({"winner": player.name(), "tie_break": tie_break})
        }
        Some(wallgo::Outcome::Draw) => json!({"draw": "tie"}),
    };
    let scores = pos.scores();
    let walls: Map<String, Value> = pos.walls().map(|(w, p)| (w.to_string(), json!(p.name()))).collect();
    json!({
        "ok": true,
        "turn": pos.turn().name(),
        "legal": sorted(pos.legal_moves()),
        "outcome": outcome,
        "scores": per_player(&|p| json!(scores[p])),
        "pieces": per_player(&|p| json!(sorted(pos.pieces(p)))),
        "walls": walls,
        "breaks_used": per_player(&|p| json!(pos.break_used(p))),
        "placing": pos.is_placing(),
        "position": pos.text(),
    })
}

/// The state answer for a card-game position: `turn` (1 or 2), `moves_left`, `legal`
/// (sorted by code point), `outcome`, `scores`, `pieces` (sorted squares per player),
/// `walls` (canonical groove → builder), `cards` left, `discards`, `vacated`,
/// `enclosures` and the one-line `position` text.
pub fn enclosure_state(pos: &enclosure::Position) -> Value {
    use enclosure::Player;
    let per_player = |f: &dyn Fn(Player) -> Value| -> Value {
        Value::Object(Player::BOTH.into_iter().map(|p| (p.to_string(), f(p))).collect())
    };
    let outcome = match pos.outcome() {
        None => Value::Null,
        Some(enclosure::Outcome::Win { player, reason }) => {
            json!({"winner": player.number(), "reason": reason.name()})
        }
        Some(enclosure::Outcome::Draw(reason)) => json!({"draw": reason.name()}),
    };
    let scores = pos.scores();
    let walls: Map<String, Value> = pos.walls().map(|(g, p)| (g.to_string(), json!(p.number()))).collect();
    let enclosures: Vec<Value> = pos
        .enclosures()
        .iter()
        .map(|e| {
            json!({
                "squares": sorted(e.squares()),
                "finished": e.is_finished(),
                "piece": e.piece().map(|(_, sq)| sq.to_string()),
                "owner": e.piece().map(|(p, _)| p.number()),
            })
        })
        .collect();
    json!({
        "ok": true,
        "turn": pos.turn().number(),
        "moves_left": pos.moves_left(),
        "legal": sorted(pos.legal_moves()),
        "outcome": outcome,
        "scores": per_player(&|p| json!(scores[p])),
        "pieces": per_player(&|p| json!(sorted(pos.pieces(p)))),
        "walls": walls,
        "cards": pos.cards().to_string(),
        "discards": pos.discards(),
        "vacated": pos.vacated().map(|sq| sq.to_string()),
        "enclosures": enclosures,
        "position": pos.to_text(),
    })
}

#[cfg(test)]
mod tests {
    use crate::oracle::handle_line;
    use serde_json::{json, Value};

    fn ask(line: &str) -> Value {
        serde_json::from_str(&handle_line(line)).unwrap()
    }

    fn strings(v: &Value) -> Vec<&str> {
        v.as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect()
    }

    fn is_sorted(v: &[&str]) -> bool {
        v.windows(2).all(|w| w[0] <= w[1])
    }

    // ----- Wall Go ------------------------------------------------------------------

    #[test]
    fn wallgo_opening_and_a_move() {
        let a = ask(r#"{"game": "wallgo"}"#);
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["turn"], "red");
        assert_eq!(a["legal"].as_array().unwrap().len(), 134);
        assert_eq!(a["pieces"], json!({"red": ["b2", "d2", "d6", "f6"], "blue": ["b4", "b6", "f2", "f4"]}));
        assert_eq!(a["scores"], json!({"red": 0, "blue": 0}));
        assert_eq!(a["walls"], json!({}));
        assert_eq!(a["outcome"], Value::Null);
        assert_eq!(a["position"], "b2,d2,d6,f6/b4,b6,f2,f4 - R -");
        assert_eq!(a["placing"], false);

        let a = ask(
            r#"{"game": "wallgo", "setup": {"players": 2, "start": "fixed"}, "moves": ["b2-c3n", "b4w"]}"#,
        );
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["turn"], "red");
        assert_eq!(a["walls"], json!({"c3n": "red", "a4e": "blue"}));
        assert_eq!(a["pieces"]["red"], json!(["c3", "d2", "d6", "f6"]));
        let legal = strings(&a["legal"]);
        assert!(is_sorted(&legal));
        assert!(legal.contains(&"c3e") && !legal.contains(&"c3n") && !legal.contains(&"b2n"));
        // The same request gives the same bytes.
        let line = r#"{"game": "wallgo", "moves": ["b2-c3n"]}"#;
        assert_eq!(handle_line(line), handle_line(line));
    }

    #[test]
    fn wallgo_placement_and_breaks() {
        let a = ask(r#"{"game": "wallgo", "setup": {"players": 4}}"#);
        assert_eq!((a["placing"].clone(), a["turn"].clone()), (json!(true), json!("red")), "{a}");
        assert_eq!(a["legal"].as_array().unwrap().len(), 49);
        assert!(strings(&a["legal"]).contains(&"@a1"));
        let line = json!({
            "game": "wallgo",
            "setup": {"players": 4, "start": "placement"},
            "moves": ["@a1", "@b1", "@c1", "@d1", "@e1", "@f1", "@g1", "@a2", "a1n", "x:a1n"],
        });
        let a = ask(&line.to_string());
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["breaks_used"], json!({"red": false, "blue": true, "yellow": false, "green": false}));
        assert_eq!(a["walls"], json!({}));
        assert_eq!(a["turn"], "yellow");
        // A second break by the same player is refused by its rule's name.
        let line = json!({
            "game": "wallgo",
            "setup": {"players": 3},
            "moves": ["@a1", "@b1", "@c1", "@d1", "@e1", "@f1", "a1n", "b1n", "c1n", "x:a1n", "e1n", "d1n", "x:b1n"],
        });
        let a = ask(&line.to_string());
        assert_eq!(
            a,
            json!({"ok": false, "ply": 12, "move": "x:b1n", "kind": "break_used",
                   "error": "red has already used its wall break"})
        );
        let two_player = ask(r#"{"game": "wallgo", "moves": ["b2n", "x:b2n"]}"#);
        assert_eq!(
            two_player,
            json!({"ok": false, "ply": 1, "move": "x:b2n", "kind": "no_break_with_two",
                   "error": "wall breaks are for 3 or 4 players"})
        );
        // Two-player placement, as an option.
        let a = ask(r#"{"game": "wallgo", "setup": {"start": "placement"}, "moves": ["@d4", "@c4"]}"#);
        assert_eq!((a["placing"].clone(), a["turn"].clone()), (json!(true), json!("blue")), "{a}");
    }

    #[test]
    fn wallgo_refusals_name_the_rule() {
        let a = ask(r#"{"game": "wallgo", "moves": ["b2-b5n"]}"#);
        assert_eq!(
            a,
            json!({"ok": false, "ply": 0, "move": "b2-b5n", "kind": "unreachable",
                   "error": "b5 is not within two free steps of b2"})
        );
        assert_eq!(ask(r#"{"game": "wallgo", "moves": ["b2-a1s"]}"#)["kind"], "board_edge");
        assert_eq!(ask(r#"{"game": "wallgo", "moves": ["b4n"]}"#)["kind"], "no_piece");
        assert_eq!(ask(r#"{"game": "wallgo", "moves": ["b2n", "b4n", "b2n"]}"#)["kind"], "groove_taken");
        assert_eq!(
            ask(r#"{"game": "wallgo", "setup": {"players": 3}, "moves": ["b2n"]}"#)["kind"],
            "must_place"
        );
        let parse = ask(r#"{"game": "wallgo", "moves": ["b2n", "h9n"]}"#);
        assert_eq!((parse["kind"].clone(), parse["ply"].clone()), (json!("parse"), json!(1)));
        assert!(parse["error"].as_str().unwrap().starts_with("cannot read wallgo move \"h9n\""), "{parse}");
        assert_eq!(ask(r#"{"game": "wallgo", "moves": [3]}"#)["kind"], "json");
        assert_eq!(ask(r#"{"game": "wallgo", "moves": "b2n"}"#)["kind"], "json");
    }

    #[test]
    fn wallgo_game_to_the_end() {
        // The greedy bot plays a whole game; the oracle replays it.
        let mut pos = wallrush_territory::wallgo::Position::two_player();
        let mut bot = wallrush_territory::wallgo::GreedyBot::new(3);
        let mut moves = Vec::new();
        while let Some(m) = bot.choose(&pos) {
            pos.play(m).unwrap();
            moves.push(m.to_string());
        }
        let a = ask(&json!({"game": "wallgo", "moves": moves}).to_string());
        assert_eq!(a["legal"], json!([]));
        let want = match pos.outcome().unwrap() {
            wallrush_territory::wallgo::Outcome::Win { player, tie_break } => {
                json!({"winner": player.name(), "tie_break": tie_break})
            }
            wallrush_territory::wallgo::Outcome::Draw => json!({"draw": "tie"}),
        };
        assert_eq!(a["outcome"], want);
        let s = pos.scores();
        assert_eq!(
            a["scores"],
            json!({"red": s[wallrush_territory::wallgo::Player::Red], "blue": s[wallrush_territory::wallgo::Player::Blue]})
        );
        assert_eq!(a["position"], pos.text());
        moves.push("b2n".into());
        let after = ask(&json!({"game": "wallgo", "moves": moves}).to_string());
        assert_eq!(after["kind"], "game_over");
        assert_eq!(after["ply"], moves.len() - 1);
    }

    #[test]
    fn wallgo_setups() {
        let p = ask(r#"{"game": "wallgo", "setup": {"position": "c3/d5/-/- - Y -"}}"#);
        assert_eq!((p["turn"].clone(), p["placing"].clone()), (json!("yellow"), json!(true)), "{p}");
        let bad = |setup: &str| ask(&format!(r#"{{"game": "wallgo", "setup": {setup}}}"#));
        for (setup, error) in [
            (r#"{"players": 5}"#, "players must be 2, 3 or 4"),
            (r#"{"players": "two"}"#, "players must be 2, 3 or 4"),
            (
                r#"{"players": 3, "start": "fixed"}"#,
                "the fixed start is for 2 players; 3 players place their pieces",
            ),
            (r#"{"start": "random"}"#, "start must be \"fixed\" or \"placement\""),
            (r#"{"colour": "red"}"#, "unknown setup field \"colour\""),
            (
                r#"{"position": "b2 - R -", "players": 2}"#,
                "setup takes either \"position\" or the other fields, not both",
            ),
            (r#""fixed""#, "setup must be an object"),
        ] {
            let a = bad(setup);
            assert_eq!((a["kind"].clone(), a["error"].clone()), (json!("setup"), json!(error)), "{setup}");
        }
        let a = bad(r#"{"position": "b2,d2,d6,f6/b4,b6,f2 - R -"}"#);
        assert_eq!(a["kind"], "setup");
        assert!(a["error"].as_str().unwrap().contains("red has 4 pieces, expected 3"), "{a}");
    }

    // ----- the card game ----------------------------------------------------------

    #[test]
    fn enclosure_opening_and_moves() {
        let a = ask(r#"{"game": "enclosure"}"#);
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!((a["turn"].clone(), a["moves_left"].clone()), (json!(1), json!(1)));
        assert_eq!(a["pieces"], json!({"1": ["b2", "c5", "e3"], "2": ["b4", "d2", "e5"]}));
        assert_eq!(a["cards"], "ABCDEF123456");
        assert_eq!((a["discards"].clone(), a["vacated"].clone()), (json!(0), Value::Null));
        assert_eq!(a["enclosures"], json!([]));
        let legal = strings(&a["legal"]);
        assert!(is_sorted(&legal) && legal.contains(&"A1s b2-b1"), "{legal:?}");
        let pos = wallrush_territory::enclosure::Position::default();
        assert_eq!(legal.len(), pos.legal_move_count());

        let a = ask(r#"{"game": "enclosure", "setup": {"first": 1}, "moves": ["C3n b2-b3", "A1s e5-e6"]}"#);
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!((a["turn"].clone(), a["moves_left"].clone()), (json!(2), json!(1)));
        assert_eq!(a["walls"], json!({"c3n": 1, "a1s": 2}));
        assert_eq!(a["cards"], "BDEF2456");
        assert_eq!(a["vacated"], "e5");
        assert_eq!(a["position"], "b3,e3,c5/d2,b4,e6 c3n/a1s BDEF2456 2 1 e5 0");
        assert!(!strings(&a["legal"]).iter().any(|m| m.ends_with("-e5")));
    }

    #[test]
    fn enclosure_first_player_and_seed() {
        let two = ask(r#"{"game": "enclosure", "setup": {"first": 2}}"#);
        assert_eq!(two["turn"], 2);
        for seed in [0u64, 1, 7, u64::MAX] {
            let a = ask(&format!(r#"{{"game": "enclosure", "setup": {{"seed": {seed}}}}}"#));
            let first = wallrush_territory::enclosure::first_player(seed);
            assert_eq!(a["turn"], first.number(), "{seed}");
        }
        for (setup, error) in [
            (r#"{"first": 3}"#, "first must be 1 or 2"),
            (r#"{"first": 1, "seed": 4}"#, "setup takes either \"first\" or \"seed\", not both"),
            (r#"{"seed": -1}"#, "seed must be an integer 0 ..= 2^64 - 1"),
            (r#"{"players": 2}"#, "unknown setup field \"players\""),
        ] {
            let a = ask(&format!(r#"{{"game": "enclosure", "setup": {setup}}}"#));
            assert_eq!((a["kind"].clone(), a["error"].clone()), (json!("setup"), json!(error)), "{setup}");
        }
        let a = ask(
            r#"{"game": "enclosure", "setup": {"position": "a1,e3,c5/e5,b4,d2 a1s,a1n/a1w,a1e ABCDEF123456 2 2 - 0"}}"#,
        );
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(
            a["enclosures"],
            json!([{"squares": ["a1"], "finished": true, "piece": "a1", "owner": 1}])
        );
        assert_eq!(a["scores"], json!({"1": 1, "2": 0}));
        let a = ask(r#"{"game": "enclosure", "setup": {"position": "nonsense"}}"#);
        assert_eq!(a["kind"], "setup");
    }

    #[test]
    fn enclosure_refusals_name_the_rule() {
        let spent = ask(r#"{"game": "enclosure", "moves": ["C3n b2-b3", "C4n e5-e4"]}"#);
        assert_eq!(
            spent,
            json!({"ok": false, "ply": 1, "move": "C4n e5-e4", "kind": "letter_spent",
                   "error": "letter card C is spent"})
        );
        let active = ask(r#"{"game": "enclosure", "moves": ["C3n b2-b3", "B4n e5-e4"]}"#);
        assert_eq!(active["kind"], "active_piece");
        assert_eq!(active["error"], "groove b4n is an edge of b4, which holds an active piece");
        assert_eq!(ask(r#"{"game": "enclosure", "moves": ["C3x"]}"#)["kind"], "must_build");
        assert_eq!(ask(r#"{"game": "enclosure", "moves": ["C3n -"]}"#)["kind"], "must_move");
        assert_eq!(ask(r#"{"game": "enclosure", "moves": ["C3n e5-e4"]}"#)["kind"], "not_own_piece");
        assert_eq!(ask(r#"{"game": "enclosure", "moves": ["C3n b2-d2"]}"#)["kind"], "not_a_step");
        let parse = ask(r#"{"game": "enclosure", "moves": ["C3n b2-b3; A1e e5-e4"]}"#);
        assert_eq!((parse["kind"].clone(), parse["ply"].clone()), (json!("parse"), json!(0)));
        assert!(parse["error"].as_str().unwrap().starts_with("cannot read enclosure move"), "{parse}");
    }

    #[test]
    fn enclosure_game_to_the_end() {
        let mut pos = wallrush_territory::enclosure::Position::seeded(5);
        let mut bot = wallrush_territory::enclosure::GreedyBot::new(5);
        let mut moves = Vec::new();
        while let Some(m) = bot.choose(&pos) {
            pos.play(m).unwrap();
            moves.push(m.to_string());
        }
        let a = ask(&json!({"game": "enclosure", "setup": {"seed": 5}, "moves": moves}).to_string());
        assert_eq!(a["ok"], true, "{a}");
        assert_eq!(a["legal"], json!([]));
        let o = pos.outcome().unwrap();
        let reason = o.reason().name();
        match o.winner() {
            Some(p) => assert_eq!(a["outcome"], json!({"winner": p.number(), "reason": reason})),
            None => assert_eq!(a["outcome"], json!({"draw": reason})),
        }
        assert_eq!(a["position"], pos.to_text());
        assert_eq!(a["enclosures"].as_array().unwrap().len(), pos.enclosures().len());
        moves.push("A1x".into());
        let after = ask(&json!({"game": "enclosure", "setup": {"seed": 5}, "moves": moves}).to_string());
        assert_eq!(
            (after["kind"].clone(), after["ply"].clone()),
            (json!("game_over"), json!(moves.len() - 1))
        );
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
