//! Library code behind the example programs, kept here so that it is tested:
//!
//! - [`arena`]: bot-against-bot matches with alternated seats and seeded openings, and
//!   the Elo difference with its 95 % error bar;
//! - [`record`]: a small writer (and reader) for plain game records, one game per file;
//! - [`perft`]: the position after a move list, and perft split over threads (the
//!   `perft` example: `cargo run --release --example perft -- 4 --threads 2`).
//!
//! Run the match runner with
//! `cargo run --release -p wallrush-examples --example match -- --help`.

pub mod arena;
pub mod perft;
pub mod record;
