//! Every text parser: squares, moves, walls, seats, variant parameters, and Wall Go moves,
//! walls, position text and records. None may panic;
//! whatever parses must print back to text that parses to the same value.
#![no_main]
use libfuzzer_sys::fuzz_target;
use wallrush_core::wallgo::{WallGoMove, WallGoPosition, WallGoRecord, WallGoWall};
use wallrush_core::{Move, Seat, Square, Wall};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        assert_eq!(m.text(31).to_string().parse::<Move>(), Ok(m));
    }
    if let Ok(w) = text.parse::<Wall>() {
        assert_eq!(w.to_string().parse::<Wall>(), Ok(w));
    }
    let _ = text.parse::<Seat>();
    let _ = wallrush_cli::parse_variant(text);
    if let Ok(m) = text.parse::<WallGoMove>() {
        assert_eq!(m.to_string().parse::<WallGoMove>(), Ok(m));
    }
    if let Ok(w) = text.parse::<WallGoWall>() {
        assert_eq!(w.to_string().parse::<WallGoWall>(), Ok(w));
    }
    if let Ok(p) = WallGoPosition::from_text(text) {
        assert_eq!(WallGoPosition::from_text(&p.text()), Ok(p));
    }
    if let Ok(r) = text.parse::<WallGoRecord>() {
        assert_eq!(r.to_string().parse::<WallGoRecord>(), Ok(r));
    }
});
