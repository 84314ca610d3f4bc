//! The 6×6 card enclosure game (TERRITORY.md part B): build one-groove walls to enclose
//! small regions around your own pieces; the cards drawn from a shared pool decide where.
//!
//! Play a move, and see a refused one named by its rule:
//!
//! ```
//! use wallrush_territory::enclosure::{Position, Player, Illegal};
//! let mut pos = Position::new(Player::One);
//! pos.play("C3n b2-b3".parse()?)?;
//! let err = pos.play("B4n e5-e4".parse()?).unwrap_err();
//! assert!(matches!(err, Illegal::ActivePiece { .. }));
//! assert_eq!(err.to_string(), "groove b4n is an edge of b4, which holds an active piece");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! List the legal moves (the card choice is part of each move):
//!
//! ```
//! use wallrush_territory::enclosure::{Position, Player};
//! let pos = Position::new(Player::One);
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), pos.legal_move_count());
//! assert!(moves.iter().any(|m| m.to_string() == "A1s b2-b1"));
//! ```
//!
//! Play a seeded bot game to its end and read the result:
//!
//! ```
//! use wallrush_territory::enclosure::{Game, GreedyBot};
//! let mut game = Game::seeded(3);
//! let mut bot = GreedyBot::new(3);
//! while let Some(m) = bot.choose(game.position()) {
//!     game.play(m)?;
//! }
//! let outcome = game.position().outcome().expect("bot games end");
//! let scores = game.position().scores();
//! assert!(scores.0.iter().all(|&s| s <= 27));
//! # let _ = outcome;
//! # Ok::<(), wallrush_territory::enclosure::Illegal>(())
//! ```
//!
//! # Rules as implemented
//!
//! The board is 6×6, columns a–f from the left, rows 1–6 from the bottom. Its 84
//! [`Groove`]s include the 24 along the board edge; each wall fills one groove and belongs
//! to its builder. Two [`Player`]s hold three pieces each: player 1 starts on b2, e3 and
//! c5, player 2 on e5, b4 and d2 ([`START_PIECES`]; other starts through
//! [`Setup`]). The first player is drawn from a seed ([`first_player`]); its
//! first turn is one move, every later turn two.
//!
//! A move ([`Move`]) spends one available letter card and one number card from
//! the shared [`Cards`] pool, naming the target square. If a wall can legally be built on
//! an edge of the target, the player must build one and then must step one of its active
//! pieces one square orthogonally (not across a wall, not onto a piece, and on a turn's
//! second move not onto the square its first move vacated); the step is skipped only when
//! no step exists. If no wall can be built there, the wall is discarded and counted.
//!
//! Squares connected through wall-less grooves form regions (a board-edge wall joins or
//! splits nothing). A region of at most 9 squares holding at most one piece is an
//! [`Enclosure`]: finished when all its boundary grooves, board-edge ones included, hold
//! walls, else semi-finished. Pieces in enclosures are inactive. A wall cannot go on an
//! occupied groove, inside an enclosure, or on an edge of a square holding an active
//! piece; boundary grooves of a semi-finished enclosure stay buildable.
//!
//! The game ends when 15 walls have been discarded or all six pieces stand in finished
//! enclosures. Each finished enclosure scores its size to the owner of its piece; the
//! higher total wins, equal totals draw.
//!
//! # Decisions where TERRITORY.md leaves a choice
//!
//! These are also recorded in `docs/DECISIONS.md`, section "Territory games".
//!
//! - **Reading of the wall restrictions.** *Occupied*: the groove holds a wall.
//!   *Inside an enclosure*: both squares of an interior groove lie in one enclosure.
//!   *Active piece*: either square beside the groove holds an active piece of either
//!   player. *Boundary of a semi-finished enclosure*: a region's wall-less boundary
//!   grooves are exactly its board-edge grooves (any other boundary groove holds a wall,
//!   or the region would be larger), and the enclosure's own piece is inactive, so these
//!   grooves are never refused by the other rules; the clause is implied rather than an
//!   exception. The code still accepts them first, explicitly. The consequence worth
//!   knowing: no wall ever lands inside an enclosure and walls never go away, so an
//!   enclosure keeps its squares for the rest of the game (it never shrinks, splits or
//!   grows), and scores never fall. A step never crosses its own move's wall either: that
//!   wall would lie on an edge of the stepping piece's square, which holds an active
//!   piece.
//! - **Empty enclosures.** A region of at most 9 squares with no piece is an enclosure
//!   too: no wall may go inside it, its boundary may be finished, it scores nothing.
//! - **Two pieces in a small region.** A region of at most 9 squares with two pieces is
//!   not an enclosure: both stay active, and walls may still split it.
//! - **Order within a move.** The wall is built first and enclosures are updated; the
//!   step is then judged on that board: it cannot cross the new wall, and a piece the
//!   new wall has just enclosed is inactive and cannot step. "If no such move exists" is
//!   judged the same way, after the wall and with the vacated-square rule.
//! - **Piece steps never change enclosures.** A step stays inside its region, so regions,
//!   enclosures and scores only change when walls are built.
//! - **Card reset.** The move that spends the last letter and number brings all 12
//!   cards back at once; a pool is never empty between moves (six moves per cycle). The
//!   pool is shared and ignores turn boundaries.
//! - **Discards.** A discard is legal only when no legal wall exists on any of the
//!   target's four edges; the move then ends (no step). The count is shared by both
//!   players. The game ends the moment the 15th discard (or the last finishing wall) is
//!   played, even after the first move of a turn.
//! - **Vacated square.** Only on a turn's second move and only when the first move
//!   stepped a piece: no piece may step onto the square that piece left. It does not
//!   restrict walls.
//! - **End checks.** "All six pieces in finished enclosures" is checked before the
//!   discard count; both end the game at once. Semi-finished enclosures never score, even
//!   at the end. The game always ends: every move builds one of the 84 walls or is one of
//!   at most 15 discards.
//! - **First player.** [`first_player`]: player 1 when the top bit of the first
//!   [`SplitMix64`](wallrush_core::SplitMix64) output for the seed is 0 (the library's one
//!   generator, shared with the Quoridor bots).
//! - **Notation.** A move is written target, wall side, step: `C4n b2-b3`, `C4n -` when no
//!   piece could step (the `-` is required), `C4x` for a discard. The target is written
//!   in upper case like the cards, squares of the step and grooves in lower case; reading
//!   accepts either case. Grooves have one canonical name (see [`Groove`]), so `C5s` and
//!   `C4n` build on the same groove `c4n`. Following TERRITORY.md, `;` joins the two
//!   moves of one turn; a record writes one turn per line (`2. A1e e5-e4; B2x`), see
//!   [`Game`].
//! - **Illegal order.** Game over, square off the board, letter spent, number spent, the
//!   wall (discard while a wall exists, occupied, inside an enclosure, active piece),
//!   then the step (missing, not the mover's piece, inactive, not one orthogonal square,
//!   across a wall, onto a piece, onto the vacated square). See [`Illegal`].
//! - **Setups.** Any walls are accepted; pieces must be on the board and on distinct
//!   squares; `moves_left` is 1 or 2; a vacated square only with one move left, on the
//!   board and empty; at most 15 discards.
//!
//! # Surfaces
//!
//! - [`Position`]: rules, move generation, `play` / `check` / `play_unchecked`
//!   / `make` / `unmake`, enclosures, scores, the one-line position text, and an ASCII
//!   `Display` with the cards left.
//! - [`Move`], [`Step`], [`Groove`], [`Cards`]: notation, parse and print.
//! - [`Game`]: history with undo, record text.
//! - [`GreedyBot`]: best immediate score difference, seeded ties.
//! - [`svg::board`]: an SVG picture, enclosures shaded (finished and semi-finished told
//!   apart) and the cards left shown beside the board.
//! - With the `serde` feature, every text-bearing type serializes as its text form and
//!   [`Player`] as 1 or 2.

mod board;
mod bot;
mod cards;
mod display;
mod game;
mod moves;
mod position;
mod rng;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "svg")]
pub mod svg;
mod text;

pub use crate::grid::Side;
pub use board::{ByPlayer, Groove, ParsePlayerError, Player, SIZE};
pub use bot::GreedyBot;
pub use cards::Cards;
pub use game::{Game, RecordError};
pub use moves::{Move, Step, MAX_MOVE_LEN};
pub use position::{
    Enclosure, EndReason, Illegal, Outcome, Position, Setup, SetupError, Undo, DISCARD_LIMIT, MAX_SIZE,
    START_PIECES,
};
pub use rng::first_player;
pub use text::{PositionField, PositionTextError};
