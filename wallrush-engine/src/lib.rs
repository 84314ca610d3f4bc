//! # wallrush-engine
//!
//! The computer players of wallrush, built on the rules of [`wallrush_core`] and nothing
//! else. `no_std` (needs only `core` and `alloc`).
//!
//! - [`bot`]: the [`Bot`] trait every computer player implements, the [`Beginner`] (one
//!   move of lookahead, seeded ties), the [`RandomMover`] (uniformly random
//!   legal moves, a floor to measure against), and
//!   [`play_game`](bot::play_game), which lets bots play a game out.
//! - [`analysis`]: every legal move with its effect on each seat's route and the
//!   beginner's score for it ([`Analysis`]): the ground for hints and for the beginner.
//! - [`search`]: the strong engine ([`Searcher`]): iterative-deepening negamax for two
//!   seats, best-reply search (BRS+) for four, within a depth, node or time budget
//!   ([`Limits`]); [`Strong`] is the bot that searches every move.
//! - [`playout`]: seeded batches of uniformly random games for agents
//!   ([`RandomPlayouts`]).
//!
//! The strong engine plays the beginner on a 5×5 board:
//!
//! ```
//! use wallrush_core::{BySeat, Goal, Position, Seat, Variant};
//! use wallrush_engine::bot::play_game;
//! use wallrush_engine::{Beginner, Bot, Limits, Strong};
//!
//! let start = Position::new(Variant::new(5, 2, 2, 2, Goal::Edge)?);
//! let mut strong = Strong::new(Limits::depth(6));
//! let mut beginner = Beginner::new(1);
//! let mut bots: [&mut dyn Bot; 2] = [&mut strong, &mut beginner];
//! // Bot 0 (strong) plays South, bot 1 (the beginner) North.
//! let game = play_game(&start, &mut bots, BySeat([0, 1, 1, 0]), 200)?;
//! assert_eq!(game.outcome.winner(), Some(Seat::South));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Cargo features
//!
//! - `std` (default): time limits for the search (`Limits::time` and the `time` field of
//!   [`Limits`]) and random playouts on several threads (`RandomPlayouts::run_threaded`);
//!   turns on `wallrush-core/std`. Everything else works without it.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod analysis;
pub mod bot;
pub mod playout;
pub mod search;

pub use analysis::Analysis;
pub use bot::{Beginner, Bot, RandomMover};
pub use playout::{Playout, RandomPlayouts};
pub use search::{Iteration, Limits, Line, SearchResult, Searcher, Strong};

/// The README's Rust examples, compiled and run as doctests so they cannot drift (here,
/// where both the rules and the players are in reach).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
