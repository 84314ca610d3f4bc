//! Text helpers every notation of the crate shares, and that other games built on its
//! vocabulary (the territory games of `wallrush-territory`) use too: the parse error with
//! the byte where text stops making sense, and the length limits that make every reader
//! refuse oversized input before looking at it.
//!
//! ```
//! use wallrush_core::text::{ParseError, MAX_MOVE_LEN, MAX_RECORD_BYTES};
//! let err = ParseError::new(3, "a side: n, e, s or w");
//! assert_eq!(err.to_string(), "expected a side: n, e, s or w at byte 3");
//! assert!(MAX_MOVE_LEN < MAX_RECORD_BYTES);
//! ```

pub use crate::notation::{ParseError, MAX_MOVE_LEN};
pub use crate::record::MAX_RECORD_BYTES;
