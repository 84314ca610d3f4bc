//! The `wallrush` program's library: the oracle protocol and the demo, kept in a library
//! so tests and fuzz targets can drive them without a process.

pub mod demo;
pub mod oracle;
