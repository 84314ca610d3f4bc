//! Games: arbitrary sequences of moves (legal, arbitrary, or as text in any notation),
//! resignations (in turn or not), undo and redo, on arbitrary variants, from the start or
//! from a later position, with or without draw rules. After every step: a refused action
//! changes nothing (history and redo line included), the current position is the replay
//! of the history, the legal moves are empty exactly when the game is over, and the game
//! survives a round trip through its move list and its record in every notation.
#![no_main]
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use wallrush_core::notation::Notation;
use wallrush_core::{
    Action, DrawOptions, Game, Goal, Move, Orientation, Position, Record, Seat, Square, Variant, Wall,
};

#[derive(Arbitrary, Debug)]
enum Step {
    /// A legal move, by index into the legal move list.
    Legal(u16),
    /// A legal move written in a notation and played as text.
    Text(u8, u16),
    /// A pawn move to any square.
    Pawn(u8, u8),
    /// Any wall.
    Wall(bool, u8, u8),
    /// A pass.
    Pass,
    /// A seat resigns (maybe out of turn, maybe not in play).
    Resign(u8),
    /// `resign` or `resign(seat)` as text.
    ResignText(Option<u8>),
    Undo,
    Redo,
}

#[derive(Arbitrary, Debug)]
struct Input {
    size: u8,
    four: bool,
    walls: u8,
    wall_length: u8,
    centre: bool,
    /// Legal moves (by index) played before the game starts: its start position.
    prefix: Vec<u16>,
    repetition: Option<u8>,
    ply_limit: Option<u8>,
    steps: Vec<Step>,
}

fn notation(n: u8) -> Notation {
    Notation::ALL[usize::from(n % 3)]
}

/// The same game rebuilt from its start by replaying its actions.
fn replay(game: &Game) -> Game {
    let mut again = Game::from_position(game.start().clone()).with_draw_options(game.draw_options());
    for (i, a) in game.actions().enumerate() {
        again.act(a).unwrap_or_else(|e| panic!("replaying {a}: {e}"));
        assert!(
            again.position().diagnostics().identical(game.position_at(i + 1).unwrap()),
            "after action {i}"
        );
    }
    again
}

fn check_game(game: &Game) {
    let again = replay(game);
    assert_eq!(&again, game);
    assert!(again.position().diagnostics().identical(game.position()));
    assert_eq!((again.plies(), again.repetitions()), (game.plies(), game.repetitions()));
    assert_eq!(again.outcome(), game.outcome());
    // Repetitions, counted the slow way over the whole history.
    let cur = game.position();
    let same = |p: &Position| {
        p.zobrist() == cur.zobrist()
            && p.turn() == cur.turn()
            && p.pawns() == cur.pawns()
            && p.walls() == cur.walls()
            && Seat::ALL.iter().all(|&s| p.walls_left(s) == cur.walls_left(s))
    };
    let seen = (0..=game.len()).filter(|&i| same(game.position_at(i).unwrap())).count();
    assert_eq!(game.repetitions() as usize, seen, "repetitions");
    let legal = game.legal_moves();
    assert_eq!(legal.is_empty(), game.is_over(), "legal moves empty exactly when the game is over");
    for n in Notation::ALL {
        // The move list alone.
        let text = game.moves_text(n);
        let mut from_text = Game::from_position(game.start().clone()).with_draw_options(game.draw_options());
        from_text.play_moves_text(&text, n).unwrap_or_else(|e| panic!("{n} moves {text:?}: {e}"));
        assert_eq!(&from_text, game, "{n}: {text}");
        for i in 0..game.len() {
            assert!(game.action_text(i, n).is_some());
        }
        // The whole record, read with and without naming the notation.
        let mut record = Record::new(game.clone());
        record.set_notation(n);
        let written = record.to_string();
        for read_as in Notation::ALL {
            let back = Record::parse(&written, read_as).unwrap_or_else(|e| panic!("{written}\n{e}"));
            assert_eq!(back.game(), game, "{written}");
            assert_eq!(back.notation(), n);
            assert_eq!(back.to_string(), written);
        }
    }
}

/// Runs `f` on the game; if it fails, the game must be exactly as it was.
fn refused_changes_nothing<E>(game: &mut Game, f: impl FnOnce(&mut Game) -> Result<(), E>) {
    let before = game.clone();
    let redo: Vec<Action> = game.redo_actions().collect();
    if f(game).is_err() {
        assert_eq!(*game, before, "a refused action changed the history");
        assert!(game.position().diagnostics().identical(before.position()));
        assert_eq!(game.redo_actions().collect::<Vec<_>>(), redo, "a refused action changed the redo line");
    }
}

fuzz_target!(|input: Input| {
    let size = 3 + 2 * u32::from(input.size % 7); // up to 15: records stay small
    let len = 2 + u32::from(input.wall_length) % (size - 2);
    let goal = if input.centre { Goal::Centre } else { Goal::Edge };
    let players = if input.four { 4 } else { 2 };
    let Ok(v) = Variant::new(size, players, u32::from(input.walls % 12), len, goal) else { return };
    let mut start = Position::new(v);
    for &i in input.prefix.iter().take(12) {
        let legal = start.legal_moves();
        if legal.is_empty() {
            break;
        }
        start.play(legal[usize::from(i) % legal.len()]).unwrap();
    }
    let draw = DrawOptions {
        repetition: input.repetition.map(|k| u32::from(k % 5)),
        ply_limit: input.ply_limit.map(|l| u32::from(l % 40)),
    };
    let mut game = Game::from_position(start).with_draw_options(draw);
    check_game(&game);
    for step in input.steps.iter().take(40) {
        let legal = game.legal_moves();
        match *step {
            Step::Legal(i) if !legal.is_empty() => {
                game.play(legal[usize::from(i) % legal.len()]).unwrap();
            }
            Step::Text(n, i) if !legal.is_empty() => {
                let m = legal[usize::from(i) % legal.len()];
                let n = notation(n);
                let text = n.write_move(game.position(), m).unwrap();
                assert_eq!(game.parse_action(&text, n), Ok(Action::Move(m)), "{n} {text}");
                assert_eq!(game.play_text(&text, n), Ok(Action::Move(m)), "{n} {text}");
            }
            Step::Legal(_) | Step::Text(..) | Step::Pass => {
                refused_changes_nothing(&mut game, |g| g.play(Move::Pass));
            }
            Step::Pawn(f, r) => {
                let m = Move::Pawn(Square::new(f % 31, r % 31));
                assert_eq!(game.is_legal(m), legal.contains(&m));
                refused_changes_nothing(&mut game, |g| g.play(m));
            }
            Step::Wall(h, f, r) => {
                let o = if h { Orientation::Horizontal } else { Orientation::Vertical };
                let m = Move::Wall(Wall::new(Square::new(f % 31, r % 31), o));
                assert_eq!(game.is_legal(m), legal.contains(&m));
                refused_changes_nothing(&mut game, |g| g.play(m));
            }
            Step::Resign(s) => {
                let seat = Seat::ALL[usize::from(s % 4)];
                refused_changes_nothing(&mut game, |g| g.resign(seat));
            }
            Step::ResignText(s) => {
                let text = match s {
                    None => "resign".to_string(),
                    Some(s) => format!("resign({})", Seat::ALL[usize::from(s % 4)]),
                };
                refused_changes_nothing(&mut game, |g| g.play_text(&text, Notation::Standard).map(drop));
            }
            Step::Undo => {
                let len = game.len();
                let redo = game.redo_actions().count();
                match game.undo() {
                    Some(a) => {
                        assert_eq!(game.len() + 1, len);
                        assert_eq!(game.redo_actions().next(), Some(a));
                        assert_eq!(game.redo_actions().count(), redo + 1);
                    }
                    None => assert_eq!(len, 0),
                }
            }
            Step::Redo => {
                let next = game.redo_actions().next();
                let len = game.len();
                match game.redo() {
                    Some(a) => {
                        assert_eq!(Some(a), next);
                        assert_eq!(game.actions().last(), Some(a));
                        assert_eq!(game.len(), len + 1);
                    }
                    None => assert_eq!(game.len(), len),
                }
            }
        }
        check_game(&game);
    }
});
