//! # Wall Go: the 7×7 territory game
//!
//! The rules of TERRITORY.md part A (from the Wall Go seed): 2–4 players move pieces and
//! build one-groove walls to carve the board into *territories*, regions whose pieces all
//! belong to one player. It shares [`Square`](wallrush_core::Square) and
//! [`ParseError`](wallrush_core::text::ParseError) with the Quoridor core, and the
//! [`grid`](crate::grid) (sides, grooves, the per-player container, record tags) with the
//! card game; its walls are one groove long and belong to the player who built them, so
//! it has its own [`Wall`], [`Move`], [`Position`] and errors.
//!
//! Play a game against the greedy bot and read the result:
//!
//! ```
//! use wallrush_territory::wallgo::{GreedyBot, Player, Position};
//! let mut pos = Position::two_player();
//! pos.play("b2-c3n".parse()?)?; // Red: b2 to c3, wall on the north groove of c3
//! let mut bot = GreedyBot::new(7);
//! while let Some(m) = bot.choose(&pos) {
//!     pos.play(m)?;
//! }
//! let scores = pos.scores();
//! assert!(scores[Player::Red] + scores[Player::Blue] <= 49);
//! println!("{pos}\n{}", pos.outcome().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Refusals name the rule:
//!
//! ```
//! use wallrush_territory::wallgo::{Illegal, Position};
//! let mut pos = Position::two_player();
//! assert_eq!(pos.play("b2-a1s".parse()?), Err(Illegal::BoardEdge {
//!     square: "a1".parse()?,
//!     side: wallrush_territory::wallgo::Side::South,
//! }));
//! assert_eq!(pos.play("x:b2n".parse()?).unwrap_err().to_string(), "wall breaks are for 3 or 4 players");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Four players place their pieces first, in snake order:
//!
//! ```
//! use wallrush_territory::wallgo::{placement_order, Player, Position};
//! let mut pos = Position::new(4)?;
//! let order: Vec<Player> = placement_order(4).collect();
//! for (p, sq) in order.iter().zip(["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2"]) {
//!     assert_eq!(pos.turn(), *p);
//!     pos.play(format!("@{sq}").parse()?)?;
//! }
//! assert!(!pos.is_placing());
//! assert_eq!(pos.turn(), Player::Red);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Rules in short
//!
//! The board is 7×7, files a–g, ranks 1–7; the board edge is a wall. Two players (Red,
//! Blue) have 4 pieces each, from the fixed start Red b2 d2 d6 f6, Blue b4 b6 f2 f4 (or,
//! as an option, a placement setup); three or four players (adding Yellow, Green) have 2
//! each and place them in snake order. Cells connected through wall-less grooves form
//! regions; a region whose pieces all belong to one player is its territory and those
//! pieces are *finished*; pieces in a region shared with another player are *active*. A
//! turn moves an active piece 0–2 orthogonal steps through empty cells (never across a
//! wall) and then builds a wall on a free groove of the cell where it stands. A player with
//! no active piece is skipped. With 3–4 players each player may, once per game and instead
//! of a move, remove any wall (the *wall break*). The game ends when no region holds two
//! players' pieces; each territory cell scores 1; the highest total wins, a tie goes to
//! the largest single territory, and if that ties too the game is drawn.
//!
//! ## Decisions where TERRITORY.md is ambiguous
//!
//! These are also listed in `docs/DECISIONS.md` (section "Territory games").
//!
//! 1. **One identity per groove.** The north groove of c3 and the south groove of c4 are
//!    one wall, written canonically as the north or east side of the lower or left cell
//!    (`c3n`, `d4e`); either name is read.
//! 2. **Notation.** A step's wall side is relative to the destination (`b2-c3n`: north
//!    of c3). A 0-step turn is written `b2n`; `b2-b2n` is read as the same move. A wall
//!    break is written with the canonical groove name. Squares off the 7×7 board and
//!    breaks on the board edge are syntax errors; a step that names a board-edge side
//!    parses and is refused by the position (`board_edge`).
//! 3. **A move is its start, end and wall.** The path does not matter: a two-step move
//!    that turns a corner may use either corner cell, and an out-and-back move is the
//!    0-step move. The moving piece's own start cell counts as empty.
//! 4. **Refusal order.** A step: game over, placement pending, off the board, no piece of
//!    the mover there, piece finished, destination out of reach, board edge, groove
//!    taken. A placement: game over, not placing, off the
//!    board, occupied. A break: game over, placement pending, two players, break used, no
//!    wall there.
//! 5. **"Can act" is "has an active piece".** An active piece shares its region with
//!    another piece, so its cell has at least one wall-less groove, and staying put with a
//!    wall there is always legal. Likewise a piece enters any other destination through a
//!    wall-less groove, so the rule "a destination with no free groove is not a legal end"
//!    never removes a move; there is no refusal for it. So the two end conditions of TERRITORY.md (every piece
//!    finished; no player can act) coincide, and the skipped players are exactly those
//!    whose pieces are all finished. A skipped player gets its turns back if a wall break
//!    reopens its territory.
//! 6. **Wall break.** Only with 3–4 players; once per player per game; on the player's own
//!    turn instead of a move (so never during a placement setup, and never by a skipped
//!    player, who has no turn); any wall, whoever built it; the groove may be walled
//!    again later. A break only merges regions, so it never ends the game.
//! 7. **The end is immediate** once no region is contested, even if players still hold
//!    wall breaks. After the end, [`turn`](Position::turn) is the player after the
//!    last mover, and no move is legal.
//! 8. **Scores** count territory cells at any moment of play ([`Position::scores`]);
//!    the result uses them at the end. During a placement setup nothing is finished and
//!    every score is 0 (a lone first piece does not own the empty board). Regions without pieces score for nobody. Who built a
//!    wall never affects scoring.
//! 9. **Tie-break with 3–4 players.** Only the players sharing the highest total take
//!    part; the one among them with the largest single territory wins; if two or more of
//!    them share that largest territory, the game is a draw for all (no partial winners,
//!    no further tie-break).
//! 10. **Placement.** Any empty cell; no walls or breaks before every piece is placed;
//!     after the last placement Red moves. The two-player placement order is R, B, B, R,
//!     R, B, B, R.
//! 11. **Overriding the fixed start.** Any start can be given as a [`Setup`] or
//!     position text; [`Position::from_setup`] validates it (piece counts, snake
//!     order during placement, a player to move who can act).
//! 12. **Timeout action.** A piece is drawn uniformly from the mover's pieces that can
//!     act, then a groove uniformly from its cell's free grooves, and it stays put and
//!     walls that groove. During a placement setup (no piece can act), a uniformly random
//!     legal placement. The generator is the core's [`SplitMix64`](wallrush_core::SplitMix64).
//! 13. **Greedy bot.** Score difference = the mover's score minus the best other
//!     player's score, right after the move; ties broken uniformly by reservoir sampling
//!     over the legal-move order.
//! 14. **Length of a game.** Every step builds a wall and only breaks remove one, and a
//!     board with all 84 grooves walled has every piece finished, so a game lasts at most
//!     `placements + 84 + 2 × breaks` plies (100 with four players).
//!
//! ## Text forms
//!
//! - Moves: `b2-c3n`, `b2n`, `x:d4e`, `@b2` ([`Move`]).
//! - Position text, one line: `b2,d2,d6,f6/b4,b6,f2,f4 - R -` (pieces per player, walls
//!   with builders, turn, breaks used; see [`Setup`]).
//! - Records: tag lines and a move list, the text form of a [`Game`] (which also keeps
//!   the history for undo).
//! - The board ([`Position`]'s `Display`): pieces `R B Y G`, empty territory cells
//!   in the owner's lowercase letter, empty cells of a region without pieces `:`, other
//!   empty cells `.`, walls `|` and `---`, then the turn, scores, walls per player and
//!   breaks used.
//! - Pictures: [`svg::board`] draws a position as an SVG document, regions shaded by
//!   owner and walls coloured by builder.

mod bits;
mod bot;
mod game;
mod illegal;
mod movelist;
mod moves;
mod player;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
#[cfg(feature = "svg")]
pub mod svg;
mod wall;

pub use crate::grid::Side;
pub use bot::GreedyBot;
pub use game::{Game, RecordError};
pub use illegal::{Illegal, SetupError};
pub use movelist::{MoveList, MoveListIntoIter};
pub use moves::{parse_move, Move};
pub use player::{ByPlayer, ParsePlayerError, Player};
pub use position::{Outcome, Position, Region, Undo};
pub use setup::{PositionTextError, Setup};
pub use wall::Wall;

/// Cells on a side of the board: 7.
pub const SIZE: u8 = 7;

/// Pieces each player has: 4 with two players, 2 with three or four.
pub const fn pieces_per_player(players: u8) -> u8 {
    if players == 2 {
        4
    } else {
        2
    }
}

/// Who makes placement number `k` (from 0) in snake order.
pub(crate) fn placer(players: u8, k: u8) -> Player {
    let (round, at) = (k / players, k % players);
    let i = if round % 2 == 0 { at } else { players - 1 - at };
    Player::from_index(i as usize).expect("fewer than 5 players")
}

/// The snake order of a placement setup: R, B, Y, G, G, Y, B, R for four players; R, B, Y,
/// Y, B, R for three; R, B, B, R, R, B, B, R for two. Empty for other counts.
pub fn placement_order(players: u8) -> impl Iterator<Item = Player> {
    let total = if (2..=4).contains(&players) { players * pieces_per_player(players) } else { 0 };
    (0..total).map(move |k| placer(players, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn snake_orders() {
        use Player::*;
        assert_eq!(
            placement_order(4).collect::<Vec<_>>(),
            [Red, Blue, Yellow, Green, Green, Yellow, Blue, Red]
        );
        assert_eq!(placement_order(3).collect::<Vec<_>>(), [Red, Blue, Yellow, Yellow, Blue, Red]);
        assert_eq!(placement_order(2).collect::<Vec<_>>(), [Red, Blue, Blue, Red, Red, Blue, Blue, Red]);
        assert_eq!(placement_order(5).count(), 0);
    }
}
