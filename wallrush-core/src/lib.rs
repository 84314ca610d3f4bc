//! # wallrush-core
//!
//! The rules of Quoridor-style wall games for every variant of `RULES.md`: boards 3×3 to
//! 31×31, two or four seats, 0–99 walls of any length, edge and centre goals. `no_std`
//! (needs only `core` and `alloc`), typed, and fast: bitboards, a per-seat path cache and
//! an exact dual-graph cycle filter make the wall-legality check almost free.
//!
//! Count the opening moves:
//!
//! ```
//! use wallrush_core::Position;
//! let pos = Position::classic();
//! assert_eq!(pos.legal_moves().len(), 131); // 3 pawn moves + 128 walls
//! ```
//!
//! Play a move, refusing illegal ones with the rule they break:
//!
//! ```
//! use wallrush_core::{Move, Position};
//! let mut pos = Position::classic();
//! pos.play("e2".parse()?)?;
//! let err = pos.play("e5".parse()?).unwrap_err();
//! assert_eq!(err.to_string(), "e5 is not a legal pawn move");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Detect the winner:
//!
//! ```
//! use wallrush_core::{Goal, Outcome, Position, Seat, Variant, WinReason};
//! let mut pos = Position::new(Variant::new(3, 2, 0, 2, Goal::Edge)?);
//! for m in ["a1", "c3", "a2", "c2", "a3"] {
//!     pos.play(m.parse()?)?;
//! }
//! assert_eq!(pos.outcome(), Some(Outcome::Win { seat: Seat::South, reason: WinReason::Goal }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Keep a game with its history, read and write it in any of the three notations:
//!
//! ```
//! use wallrush_core::notation::Notation;
//! use wallrush_core::{DrawOptions, Game, Record};
//! let mut game = Game::classic().with_draw_options(DrawOptions::PAWN_PATH_GAME);
//! game.play_moves_text("1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4", Notation::WallRush)?;
//! game.undo();
//! game.play_text("d6h", Notation::Standard)?;
//! assert_eq!(game.moves_text(Notation::Pallwall), "1. e2 e8 2. e3 e7 3. e4 e6 4. e5 d7h");
//! let record = Record::new(game).to_string();
//! assert!(record.starts_with("[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules [`notation`] (the three notations), [`record`] (game records, with
//! variations, NAGs and comments read as a tree), [`postext`] (one-line position text)
//! and [`boxboard`] (the board in box-drawing characters) hold the text forms;
//! `docs/NOTATION.md` has the conversion table and `docs/RECORDS.md` the record grammar.
//!
//! For agents: [`actions`] numbers every move of a variant densely (legal-action lists and
//! masks, observation planes) and converts to and from OpenSpiel's Quoridor ids
//! ([`actions::openspiel`]).
//!
//! Pictures: [`svg::board`] draws a position as an SVG document (routes, legal moves, the
//! last move and a candidate wall on request).
//!
//! ## Cargo features
//!
//! - `std` (default): links `std` and adds perft over threads with a transposition
//!   table ([`perft_with`], [`divide_with`]); everything else needs only `core` +
//!   `alloc`, and the error types implement `core::error::Error` (so
//!   `std::error::Error`) in every build. The search's time limits are the `std`
//!   feature of `wallrush-engine`.
//! - `serde`: `Serialize` / `Deserialize` for the vocabulary types, positions, games and
//!   records, through their text forms (the `serde_impls` module lists the forms).
//! - `svg` (default): [`svg::board`], SVG pictures of positions. Without it the crate is
//!   the rules alone.
//!
//! ## Other games
//!
//! The territory games Wall Go and the 6×6 card enclosure game live in their own crate,
//! `wallrush-territory`, which shares this crate's [`Square`], [`SplitMix64`] and the
//! [`text`] helpers.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod actions;
mod bits;
mod board;
pub mod boxboard;
mod game;
mod movelist;
mod moves;
pub mod notation;
mod outcome;
pub mod paths;
mod perft;
mod position;
pub mod postext;
pub mod record;
mod rng;
mod seat;
#[cfg(feature = "serde")]
pub mod serde_impls;
mod setup;
mod square;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
pub mod text;
mod variant;
mod wall;
mod zobrist;

pub use board::{LegalWalls, PawnMoveKind, SeatSet, WallSet, WallSetIter};
pub use game::{Action, ActionError, DrawOptions, Game, ParseDrawError};
pub use movelist::{MoveList, MoveListIntoIter};
pub use moves::{CompactMove, Move, MoveText};
pub use outcome::{DrawReason, Illegal, IllegalMove, Outcome, ParseOutcomeError, ResignError, WinReason};
pub use perft::{divide, perft, perft_until, perft_within};
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub use perft::{divide_with, perft_with, PerftError, PerftOptions, MAX_HASH_MB, MAX_THREADS};
#[doc(hidden)]
pub use position::Diagnostics;
pub use position::{Bitboards, Position, Undo, WallMasks};
pub use postext::{PositionText, PositionTextError};
pub use record::{Record, RecordError};
pub use rng::SplitMix64;
pub use seat::{BySeat, ParseSeatError, Seat};
pub use setup::{Setup, SetupError};
pub use square::{Square, SquareText};
pub use variant::{Goal, ParseGoalError, Variant, VariantBuilder, VariantError};
pub use wall::{Orientation, Wall, WallText};

/// The crate's README (its page on crates.io), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The Rust examples of `docs/SVG.md`, compiled and run as doctests.
#[cfg(all(doctest, feature = "svg"))]
#[doc = include_str!("../../docs/SVG.md")]
struct SvgDocDoctests;

/// The Rust examples of `docs/AGENTS.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/AGENTS.md")]
struct AgentsDocDoctests;

/// The Rust examples of `docs/NOTATION.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/NOTATION.md")]
struct NotationDocDoctests;
