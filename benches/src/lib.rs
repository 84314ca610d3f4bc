//! # wallrush-benches
//!
//! The shared half of wallrush's benchmarks: one seeded list of positions
//! ([`sets`]), the naive references every bench runs beside the library ([`naive`]),
//! and the targets of `PERFORMANCE.md` the report compares against ([`targets`]).
//!
//! The criterion benches live in `benches/` (`paths`, `movegen`, `perft`, `large`); the
//! one-command report is `scripts/bench-report.sh`, which runs them in a quick mode and
//! then `bench-report` (this crate's binary) to print the table.
//!
//! The reference lists the same moves as the library:
//!
//! ```
//! use wallrush_benches::{naive::Board, sets};
//! let pos = sets::opening();
//! let reference = Board::<u128>::new(&pos).legal_moves();
//! assert_eq!(reference.as_slice(), pos.legal_moves().as_slice());
//! ```

// The file lives with `wallrush-core`'s tests, which read the same data files.
#[path = "../../wallrush-core/tests/common/data.rs"]
pub mod data;
pub mod mask;
pub mod naive;
pub mod rng;
pub mod sets;
pub mod targets;
