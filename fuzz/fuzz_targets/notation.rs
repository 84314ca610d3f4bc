//! Moves as text in context: the three notations read and write moves of positions
//! reached on arbitrary variants. Every legal move written in a notation reads back as
//! itself (and converts to the other notations and back); arbitrary text that reads as a
//! move reads as a legal one; a wall named by any notation names the same wall again.
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use wallrush_core::notation::pallwall::PallwallMove;
use wallrush_core::notation::wallrush::WallRushMove;
use wallrush_core::notation::{MoveTextError, NotatedMove, Notation};
use wallrush_core::{Goal, Move, Orientation, Position, Square, Variant, Wall};

#[derive(Arbitrary, Debug)]
struct Input {
    size: u8,
    four: bool,
    walls: u8,
    wall_length: u8,
    centre: bool,
    /// Legal moves (by index) played to reach the position.
    moves: Vec<u16>,
    /// Which legal moves to write and read back (by index).
    probes: Vec<u16>,
    /// Walls to name in every notation.
    walls_to_name: Vec<(bool, u8, u8)>,
    /// Arbitrary text read in every notation.
    text: String,
}

fn check_legal_move(pos: &Position, m: Move) {
    let size = pos.variant().size();
    for n in Notation::ALL {
        let text = n.write_move(pos, m).unwrap_or_else(|e| panic!("{n} cannot write legal {m}: {e}"));
        assert_eq!(n.parse_move(pos, &text), Ok(m), "{n} {text}");
        assert_eq!(n.notate(pos, m).map(|x| x.text(size).to_string()), Ok(text.clone()));
        for to in Notation::ALL {
            let converted =
                n.convert_move(pos, &text, to).unwrap_or_else(|e| panic!("{n} {text} -> {to}: {e}"));
            assert_eq!(to.parse_move(pos, &converted), Ok(m), "{to} {converted}");
        }
    }
}

fuzz_target!(|input: Input| {
    let size = 3 + 2 * u32::from(input.size % 15);
    let len = 2 + u32::from(input.wall_length) % (size - 2);
    let goal = if input.centre { Goal::Centre } else { Goal::Edge };
    let players = if input.four { 4 } else { 2 };
    let Ok(v) = Variant::new(size, players, u32::from(input.walls % 100), len, goal) else { return };
    let mut pos = Position::new(v);
    for &i in input.moves.iter().take(48) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(legal[usize::from(i) % legal.len()]).unwrap();
    }
    let legal = pos.legal_moves();
    if !legal.is_empty() {
        for &i in input.probes.iter().take(16) {
            check_legal_move(&pos, legal[usize::from(i) % legal.len()]);
        }
        for &m in pos.pawn_moves().iter() {
            check_legal_move(&pos, m);
        }
    }

    // Walls by name, legal or not: each notation names a wall that reads back as itself.
    let (n8, l8) = (v.size(), v.wall_length());
    for &(h, f, r) in input.walls_to_name.iter().take(16) {
        let o = if h { Orientation::Horizontal } else { Orientation::Vertical };
        let w = Wall::new(Square::new(f % 31, r % 31), o);
        for n in Notation::ALL {
            let Some(text) = n.wall_text(w, n8, l8) else {
                assert_ne!(n, Notation::Standard, "standard names every wall");
                continue;
            };
            let back = match n.parse(&text).unwrap_or_else(|e| panic!("{n} {text}: {e}")) {
                NotatedMove::Standard(Move::Wall(back)) => Some(back),
                NotatedMove::WallRush(m) => m.to_wall(l8),
                NotatedMove::Pallwall(m) => m.to_wall(l8),
                other => panic!("{n} {text} reads as {other:?}"),
            };
            assert_eq!(back, Some(w), "{n} {text}");
            assert_eq!(pos.check(Move::Wall(w)).is_ok(), n.parse_move(&pos, &text).is_ok(), "{n} {text}");
        }
    }

    // Arbitrary text in every notation: what reads is legal and writes back as itself.
    let text = input.text.as_str();
    for n in Notation::ALL {
        match n.parse_move(&pos, text) {
            Ok(m) => {
                assert!(pos.is_legal(m), "{n} {text} read as illegal {m}");
                let written = n.write_move(&pos, m).unwrap();
                assert_eq!(n.parse_move(&pos, &written), Ok(m));
            }
            Err(MoveTextError::Invalid(e)) => assert!(n.parse(text).is_err(), "{e}"),
            Err(MoveTextError::Illegal(e)) => {
                assert!(n.parse(text).is_ok());
                assert!(!e.to_string().is_empty());
            }
        }
    }
    if let Ok(m) = text.parse::<WallRushMove>() {
        if let Ok(mv) = m.to_move(&pos) {
            assert_eq!(WallRushMove::from_move(&pos, mv).map(|x| x.to_move(&pos)), Ok(Ok(mv)));
        }
    }
    if let Ok(m) = text.parse::<PallwallMove>() {
        if let Ok(mv) = m.to_move(&pos) {
            assert_eq!(PallwallMove::from_move(&pos, mv), Ok(m));
        }
    }
});
