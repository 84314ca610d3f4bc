//! Tag lines, `[Name "value"]`: their names, escapes, reading and writing.

use alloc::string::String;
use core::fmt;

use crate::Seat;

use super::error::RecordErrorKind;

pub(crate) const fn seat_tag(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
        Seat::East => "East",
    }
}

pub(crate) fn is_tag_name(name: &str) -> bool {
    let mut b = name.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic()) && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

pub(crate) fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c => write!(f, "{c}")?,
        }
    }
    writeln!(f, "\"]")
}

/// Reads `[Name "value"]` (already trimmed).
pub(crate) fn parse_tag(t: &str) -> Result<(String, String), RecordErrorKind> {
    let inner = t
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or(RecordErrorKind::Tag("']' at the end of the line"))?;
    let (name, rest) = inner.split_once(' ').ok_or(RecordErrorKind::Tag("a space after the name"))?;
    if !is_tag_name(name) {
        return Err(RecordErrorKind::Tag("a name of letters, digits and '_'"));
    }
    let quoted = rest.trim_start();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .filter(|_| quoted.len() >= 2)
        .ok_or(RecordErrorKind::Tag("a value in double quotes"))?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(match chars.next() {
                Some('\\') => '\\',
                Some('"') => '"',
                Some('n') => '\n',
                Some('r') => '\r',
                Some('t') => '\t',
                _ => return Err(RecordErrorKind::Tag("an escape: \\\\, \\\", \\n, \\r or \\t")),
            }),
            '"' => return Err(RecordErrorKind::Tag("'\\\"' for a quote inside the value")),
            c => value.push(c),
        }
    }
    Ok((String::from(name), value))
}
