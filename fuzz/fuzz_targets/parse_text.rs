//! Every syntactic text parser of the library: squares, walls, moves in the three
//! notations, actions, draw options, outcomes, seats, notation names, variant parameters
//! (`Variant: FromStr` and the CLI's `parse_variant`), and the Wall Go and card enclosure
//! vocabularies (moves, walls, grooves, steps, cards, players, position texts, records).
//! None may panic; whatever parses must print back to text that parses to the same value.
#![no_main]
use libfuzzer_sys::fuzz_target;
use wallrush_core::notation::pallwall::PallwallMove;
use wallrush_core::notation::wallrush::WallRushMove;
use wallrush_core::notation::{Notation, MAX_MOVE_LEN};
use wallrush_core::{Action, DrawOptions, Move, Outcome, Seat, Square, Variant, Wall};
use wallrush_territory::enclosure::{self, Cards, Groove, Step};
use wallrush_territory::wallgo;

/// `text` parses to `x`: `x` writes back to text that parses to `x` again.
macro_rules! round_trip {
    ($text:expr, $ty:ty) => {
        if let Ok(x) = $text.parse::<$ty>() {
            let written = x.to_string();
            assert_eq!(written.parse::<$ty>().as_ref(), Ok(&x), "{} -> {written:?}", stringify!($ty));
        }
    };
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };

    // Squares, walls and moves, written plainly and as a 31-wide board writes them.
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.text(31).to_string().parse::<Square>(), Ok(sq));
    }
    round_trip!(text, Wall);
    if let Ok(m) = text.parse::<Move>() {
        assert!(text.len() <= MAX_MOVE_LEN);
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        assert_eq!(m.text(31).to_string().parse::<Move>(), Ok(m));
    }
    if let Ok(m) = text.parse::<WallRushMove>() {
        assert!(text.len() <= MAX_MOVE_LEN);
        assert_eq!(m.to_string().parse::<WallRushMove>(), Ok(m));
        assert_eq!(m.text(31).to_string().parse::<WallRushMove>(), Ok(m));
    }
    if let Ok(m) = text.parse::<PallwallMove>() {
        assert_eq!(m.to_string().parse::<PallwallMove>(), Ok(m));
        assert_eq!(m.text(31).to_string().parse::<PallwallMove>(), Ok(m));
    }
    for n in Notation::ALL {
        if let Ok(m) = n.parse(text) {
            assert_eq!(m.notation(), n);
            assert_eq!(n.parse(&m.to_string()), Ok(m));
        }
    }
    round_trip!(text, Action);
    round_trip!(text, DrawOptions);
    round_trip!(text, Outcome);
    round_trip!(text, Seat);
    round_trip!(text, Notation);

    // Variant parameters: the position-text form and the CLI's comma form.
    round_trip!(text, Variant);
    if let Ok(v) = wallrush_cli::parse_variant(text) {
        let written = format!(
            "size={},players={},walls={},wall_length={},goal={}",
            v.size(),
            v.players(),
            v.walls(),
            v.wall_length(),
            v.goal()
        );
        assert_eq!(wallrush_cli::parse_variant(&written), Ok(v));
        assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
    }

    // Wall Go.
    round_trip!(text, wallgo::Move);
    round_trip!(text, wallgo::Wall);
    round_trip!(text, wallgo::Player);
    round_trip!(text, wallgo::Setup);
    if let Ok(m) = wallgo::parse_move(text) {
        assert_eq!(text.parse::<wallgo::Move>(), Ok(m));
    }
    if let Ok(p) = wallgo::Position::from_text(text) {
        assert_eq!(wallgo::Position::from_text(&p.text()), Ok(p));
    }
    round_trip!(text, wallgo::Game);

    // The card enclosure game.
    round_trip!(text, Groove);
    round_trip!(text, Step);
    round_trip!(text, enclosure::Move);
    round_trip!(text, Cards);
    round_trip!(text, enclosure::Player);
    if let Ok(p) = enclosure::Position::from_text(text) {
        assert_eq!(enclosure::Position::from_text(&p.to_text()).as_ref(), Ok(&p));
    }
    if let Ok(g) = enclosure::Game::from_record(text) {
        let again = enclosure::Game::from_record(&g.to_string()).expect("a written record reads back");
        assert_eq!(again, g);
    }
});
