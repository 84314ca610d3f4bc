//! # wallrush-territory
//!
//! Two territory games built with one-groove walls on a small square board.
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod enclosure;
pub mod grid;
pub mod wallgo;
