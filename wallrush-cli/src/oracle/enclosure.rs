//! Card enclosure game requests: `"game": "enclosure"`.
//!
//! ```text
//! request:  {"game": "enclosure", "setup": {"seed": 7}, "moves": ["C3n b2-b3"]}
//! answer:   {"ok": true, "turn": 2, "moves_left": 2, "legal": [...], "outcome": null,
//!            "scores": {"1": 0, "2": 0}, "pieces": {...}, "walls": {"c3n": 1},
//!            "cards": "ABDEF12456", "discards": 0, "vacated": null, "enclosures": [],
//!            "position": "..."}
//! refusal:  {"ok": false, "ply": 0, "move": "b2-b5n", "kind": "unreachable",
//!            "error": "b5 is not within two free steps of b2"}
//! ```

use serde_json::{json, Map, Value};
use wallrush_territory::enclosure;

use super::{check_fields, position_text, replay, setup_fields, sorted, Refusal, Rules};

/// Answers a `"game": "enclosure"` request (already read as a JSON object): the state
/// after `moves` from `setup`, or a refusal.
pub fn answer(obj: &Map<String, Value>) -> Value {
    let answer = check_fields(obj, "enclosure")
        .and_then(|()| setup(obj.get("setup")))
        .and_then(|pos| replay(pos, obj.get("moves"), "enclosure", EnclosureRules));
    answer.map_or_else(|r| r.to_json(), |pos| state(&pos))
}

/// `{"first": 1 | 2}`, `{"seed": n}` or `{"position": text}`; player 1 first by default.
fn setup(v: Option<&Value>) -> Result<enclosure::Position, Refusal> {
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

/// The state answer for a card-game position: `turn` (1 or 2), `moves_left`, `legal`
/// (sorted by code point), `outcome`, `scores`, `pieces` (sorted squares per player),
/// `walls` (canonical groove → builder), `cards` left, `discards`, `vacated`,
/// `enclosures` and the one-line `position` text.
pub fn state(pos: &enclosure::Position) -> Value {
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
}
