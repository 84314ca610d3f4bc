//! # wallrush-territory
//!
//! Two territory games built with one-groove walls on a small square board, beside the
//! Quoridor family of `wallrush-core`: rules, move generation, position text, games with
//! undo and their records, a greedy bot and SVG pictures for each.
//!
//! - [`wallgo`]: **Wall Go**, 7×7, 2–4 players: pieces move and wall grooves to carve the
//!   board into territories.
//! - [`enclosure`]: the **6×6 card enclosure game**, two players: cards drawn from a shared
//!   pool name where to wall, to enclose small regions around your own pieces.
//!
//! Both modules have the same shape (`Position`, `Move`, `Illegal`, `Setup`, `Game`,
//! `RecordError`, `Player`, `ByPlayer`, `GreedyBot`, `svg` …) and share the [`grid`]
//! module: one [`Side`](grid::Side), one groove type ([`Groove`](grid::Groove)), one
//! per-player container ([`ByPlayer`](grid::ByPlayer)) and one format of record tag
//! lines. From `wallrush-core` they take the [`Square`](wallrush_core::Square), the
//! seeded [`SplitMix64`](wallrush_core::SplitMix64) and the
//! [`text`](wallrush_core::text) helpers, nothing else.
//!
//! Play a Wall Go game to its end with the greedy bot, keep it as a record, and undo:
//!
//! ```
//! use wallrush_territory::wallgo::{Game, GreedyBot, Player};
//! let mut game = Game::default(); // two players, the fixed start
//! let refused = game.play("b2-b5n".parse()?).unwrap_err();
//! assert_eq!(refused.to_string(), "b5 is not within two free steps of b2");
//! game.play("b2-c3n".parse()?)?; // Red: b2 to c3, wall on the north groove of c3
//! let mut bot = GreedyBot::new(7);
//! while let Some(m) = bot.choose(game.position()) {
//!     game.play(m)?;
//! }
//! let scores = game.position().scores();
//! assert!(scores[Player::Red] + scores[Player::Blue] <= 49);
//! assert!(game.outcome().is_some());
//! assert_eq!(game.to_string().parse::<Game>()?, game); // the record reads back
//! let last = game.undo().expect("the game has moves");
//! assert!(game.outcome().is_none() && game.position().is_legal(last));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Cargo features
//!
//! - `std` (default): nothing beyond `core` + `alloc` is needed; turns on
//!   `wallrush-core/std` for dependants that state it.
//! - `svg` (default): the pictures, [`wallgo::svg`] and [`enclosure::svg`].
//! - `serde`: `Serialize` / `Deserialize` for moves, walls, grooves, cards, players,
//!   positions, setups and games, through their text forms.
//!
//! `docs/TERRITORY.md` shows the pictures and the oracle requests; `docs/DECISIONS.md`
//! lists what the rules leave open and how each game decides it.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod enclosure;
pub mod grid;
pub mod wallgo;

/// The Rust examples of `docs/TERRITORY.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/TERRITORY.md")]
struct TerritoryDocDoctests;

/// The crate's README (its page on crates.io), compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
