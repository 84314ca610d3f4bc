//! Library code behind the example programs, kept here so that it is tested:
//!
//! - [`perft`]: the position after a move list, and perft split over threads (the
//!   `perft` example: `cargo run --release --example perft -- 4 --threads 2`);
//! - [`tuning`]: coordinate descent and SPSA steps, for the `tune` and `spsa` examples.
//!
//! Matches go through the arena's library, `wallrush_cli::arena`; the `match` example
//! shows it: `cargo run --release -p wallrush-examples --example match -- --help`.
//!
//! Perft split over threads, from a move list:
//!
//! ```
//! use wallrush_core::Variant;
//! use wallrush_examples::perft::{perft_split, position_after};
//! let pos = position_after(Variant::classic(), "e2 e8")?;
//! let split = perft_split(&pos, 1, 2);
//! assert_eq!(split.len(), pos.legal_moves().len());
//! assert!(split.iter().all(|&(_, nodes)| nodes == 1));
//! # Ok::<(), wallrush_examples::perft::MovesError>(())
//! ```

pub mod perft;
pub mod tuning;
