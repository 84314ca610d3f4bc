//! Wall Go requests: `"game": "wallgo"`.
//!
//! ```text
//! request:  {"game": "wallgo", "setup": {"players": 2, "start": "fixed"}, "moves": ["b2-c3n"]}
//! answer:   {"ok": true, "turn": "blue", "legal": [...], "outcome": null, "scores": {...},
//!            "pieces": {...}, "walls": {"c3n": "red"}, "breaks_used": {...},
//!            "placing": false, "position": "..."}
//! ```

use serde_json::{json, Map, Value};
use wallrush_territory::wallgo;

use super::{check_fields, position_text, replay, setup_fields, sorted, Refusal, Rules};

/// Answers a `"game": "wallgo"` request (already read as a JSON object): the state after
/// `moves` from `setup`, or a refusal.
pub fn answer(obj: &Map<String, Value>) -> Value {
    let answer = check_fields(obj, "wallgo")
        .and_then(|()| setup(obj.get("setup")))
        .and_then(|pos| replay(pos, obj.get("moves"), "wallgo", WallGoRules));
    answer.map_or_else(|r| r.to_json(), |pos| state(&pos))
}

/// `{"players": 2..=4, "start": "fixed" | "placement"}` or `{"position": text}`.
fn setup(v: Option<&Value>) -> Result<wallgo::Position, Refusal> {
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

/// The state answer for a Wall Go position: `turn`, `legal` (sorted by code point),
/// `outcome`, `scores`, `pieces` (sorted squares per player), `walls` (canonical groove →
/// builder), `breaks_used`, `placing` and the one-line `position` text.
pub fn state(pos: &wallgo::Position) -> Value {
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
}
