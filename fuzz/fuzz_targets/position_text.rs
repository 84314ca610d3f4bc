//! Position text (`Position::from_text`, `PositionText`) and variant text on arbitrary
//! input. None may panic; what reads writes back to text that reads the same; a legal
//! position read from text has sound caches, and its text is the canonical one.
#![no_main]
use libfuzzer_sys::fuzz_target;
use wallrush_core::{paths, Position, PositionText, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    if let Ok(v) = text.parse::<Variant>() {
        assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
    }
    let parsed = text.parse::<PositionText>();
    if let Ok(pt) = &parsed {
        let written = pt.to_string();
        assert_eq!(written.parse::<PositionText>().as_ref(), Ok(pt), "{written}");
    }
    match Position::from_text(text) {
        Ok(pos) => {
            let pt = parsed.expect("a position text that reads as a position reads as text");
            assert_eq!(pt.position().as_ref(), Ok(&pos));
            pos.diagnostics().verify_caches().unwrap();
            for seat in pos.seats_in_play() {
                assert_eq!(pos.route_len(seat), paths::route_len(&pos, seat));
                assert!(pos.route_len(seat).is_some());
            }
            let canonical = pos.to_text();
            let back = Position::from_text(&canonical).unwrap_or_else(|e| panic!("{canonical}: {e}"));
            assert!(back == pos && back.zobrist() == pos.zobrist(), "{canonical}");
            assert_eq!(back.legal_moves(), pos.legal_moves());
            assert_eq!(pos.legal_moves().is_empty(), pos.is_game_over());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
