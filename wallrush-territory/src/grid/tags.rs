//! The tag lines of both games' records, `[Name "value"]`: one reader and one writer.
//!
//! A name is ASCII letters, digits and `_`; a value is in double quotes, with `\"` for a
//! quote and `\\` for a backslash inside it. A value cannot hold a line break: the writer
//! writes one as a space (and the reader refuses a carriage return, which the writer
//! never writes), so that whatever is read is written back the same.

use alloc::collections::BTreeSet;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// Whether `name` can be a tag's name: not empty, ASCII letters, digits and `_`.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// Reads one tag line (already trimmed), or `None` when it is not one.
pub(crate) fn read(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    if !valid_name(name) {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().filter(|c| matches!(c, '"' | '\\'))?),
            '"' | '\r' => return None,
            c => value.push(c),
        }
    }
    Some((name.into(), value))
}

/// Writes one tag line, with its line break.
pub(crate) fn write<W: Write + ?Sized>(out: &mut W, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.write_char('\\')?;
        }
        // A line break would end the tag line: write it as a space.
        out.write_char(if c == '\n' || c == '\r' { ' ' } else { c })?;
    }
    out.write_str("\"]\n")
}

/// A record text split into its tags, in order, and the lines after them, with their
/// 1-based numbers (blank lines left out).
pub(crate) struct Sections<'a> {
    /// Every tag, as read.
    pub(crate) tags: Vec<(String, String)>,
    /// The lines of the move section, trimmed.
    pub(crate) lines: Vec<(usize, &'a str)>,
}

impl Sections<'_> {
    /// The value of tag `name`, if given.
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Why the tag section cannot be read; every line number counts from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum TagError {
    /// A line among the tags that is not a tag.
    Malformed(usize),
    /// A tag given twice.
    Duplicate(usize, String),
    /// A tag line after the first line of moves.
    AfterMoves(usize),
}

/// Splits a record text: tag lines up to the first other line that is not blank, then
/// the move section, which holds no tag line.
pub(crate) fn split(text: &str) -> Result<Sections<'_>, TagError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut names = BTreeSet::new();
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let (line, l) = (i + 1, raw.trim());
        if l.is_empty() {
            continue;
        }
        if !l.starts_with('[') {
            lines.push((line, l));
        } else if !lines.is_empty() {
            return Err(TagError::AfterMoves(line));
        } else {
            let (name, value) = read(l).ok_or(TagError::Malformed(line))?;
            if !names.insert(name.clone()) {
                return Err(TagError::Duplicate(line, name));
            }
            tags.push((name, value));
        }
    }
    Ok(Sections { tags, lines })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_as_written() {
        for value in ["", "club night", "a \"quote\"", "back\\slash", "a]b", "é"] {
            let mut line = String::new();
            write(&mut line, "Event", value).unwrap();
            assert_eq!(read(line.trim()), Some(("Event".into(), value.into())), "{line}");
        }
        let mut line = String::new();
        write(&mut line, "Note", "two\nlines").unwrap();
        assert_eq!(line, "[Note \"two lines\"]\n");
    }

    #[test]
    fn malformed_lines_are_refused() {
        for bad in [
            "[Event]",
            "[Event club]",
            "[Bad name \"x\"]",
            "[Event \"a\"b\"]",
            "[Event \"a\\x\"]",
            "Event \"x\"",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
        assert_eq!(read("[Event  \"x\" ]"), Some(("Event".into(), "x".into())));
    }

    #[test]
    fn split_names_the_line_at_fault() {
        let s = split("[A \"1\"]\n\n[B \"2\"]\nb2n c3e\n\nd4n\n").unwrap();
        assert_eq!(s.tags, [("A".into(), "1".into()), ("B".into(), "2".into())]);
        assert_eq!(s.lines, [(4, "b2n c3e"), (6, "d4n")]);
        assert_eq!(s.tag("B"), Some("2"));
        assert_eq!(split("[A \"1\"]\n[A \"2\"]\n").err(), Some(TagError::Duplicate(2, "A".into())));
        assert_eq!(split("[A 1]\n").err(), Some(TagError::Malformed(1)));
        assert_eq!(split("b2n\n[A \"1\"]\n").err(), Some(TagError::AfterMoves(2)));
    }
}
