//! Texts holding many records: where each begins, reading them all, writing them.

use alloc::string::{String, ToString};

use crate::notation::Notation;

use super::error::RecordError;
use super::result::looks_like_result;
use super::Record;

/// Tells where each record of a text holding many begins, fed one line at a time (so a
/// stream can be read record by record, as PGN files are).
///
/// A record is its tag lines, then its move list. A new record begins at a tag line
/// after a move list, or at any line after a result token (`*`, `1-0`, …) that ended
/// the move list before it. Blank lines never begin a record, so records without tags
/// must be told apart by their result tokens. `[` and result tokens inside `{comments}`
/// (which may span lines) are comment text.
///
/// ```
/// use wallrush_core::record::RecordSplitter;
/// let mut split = RecordSplitter::new();
/// let starts: Vec<bool> = ["[Event \"a\"]", "", "1. e2 e8 *", "", "e2 1-0"]
///     .into_iter()
///     .map(|line| split.starts_record(line))
///     .collect();
/// assert_eq!(starts, [false, false, false, false, true]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordSplitter {
    started: bool,
    in_moves: bool,
    after_result: bool,
    in_comment: bool,
}

impl RecordSplitter {
    /// A splitter before the first line.
    pub const fn new() -> RecordSplitter {
        RecordSplitter { started: false, in_moves: false, after_result: false, in_comment: false }
    }

    /// Takes the next line (its line break left off or not) and tells whether it begins
    /// a new record: when it does, the lines taken before it since the last start make a
    /// whole record.
    pub fn starts_record(&mut self, line: &str) -> bool {
        let t = line.trim_start_matches('\u{feff}').trim();
        if t.is_empty() && !self.in_comment {
            return false;
        }
        let mut starts = false;
        if !self.in_comment && (self.after_result || (self.in_moves && t.starts_with('['))) {
            starts = self.started;
            *self = RecordSplitter { started: true, ..RecordSplitter::new() };
        }
        self.started = true;
        if !self.in_comment && !self.in_moves && t.starts_with('[') {
            return starts;
        }
        self.in_moves = true;
        let mut rest = t;
        loop {
            if self.in_comment {
                match rest.find('}') {
                    Some(i) => {
                        self.in_comment = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            }
            let (outside, comment) = match rest.find('{') {
                Some(i) => (&rest[..i], Some(i)),
                None => (rest, None),
            };
            if outside.split_ascii_whitespace().any(looks_like_result) {
                self.after_result = true;
            }
            match comment {
                Some(i) => {
                    self.in_comment = true;
                    rest = &rest[i + 1..];
                }
                None => break,
            }
        }
        starts
    }

    /// Whether the record taken so far has ended with its result token (outside any
    /// comment): the next line that is not blank begins another record, so a reader of a
    /// stream can stop here without reading ahead.
    ///
    /// ```
    /// use wallrush_core::record::RecordSplitter;
    /// let mut split = RecordSplitter::new();
    /// split.starts_record("1. e2 e8");
    /// assert!(!split.ended());
    /// split.starts_record("2. e3 {no result yet: *} e7 1-0");
    /// assert!(split.ended());
    /// ```
    pub const fn ended(&self) -> bool {
        self.after_result && !self.in_comment
    }
}

/// One record of a text holding many ([`read_records`]): the line it begins on (its
/// first line that is not blank, from 1) and the record, or why it cannot be read (the
/// error's line counted in the whole text).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordItem {
    /// The line of the whole text where the record begins (from 1).
    pub line: usize,
    /// The record's text, as it stands in the whole text.
    pub text_range: core::ops::Range<usize>,
    /// The record, or why it cannot be read.
    pub result: Result<Record, RecordError>,
}

/// The records of a text holding many, in order (see [`read_records`]).
#[derive(Clone, Debug)]
pub struct Records<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    notation: Notation,
}

/// Reads every record of `text` (see [`RecordSplitter`] for where each begins), each in
/// its own `Notation` tag or else `notation`: an iterator of [`RecordItem`]s, one per
/// record, so a bad record is reported and the next ones still read.
///
/// ```
/// use wallrush_core::notation::Notation;
/// use wallrush_core::record::read_records;
/// let text = "[Event \"one\"]\n\n1. e2 e8 *\n\n[Event \"two\"]\n\n1. e2 e9\n";
/// let items: Vec<_> = read_records(text, Notation::Standard).collect();
/// assert_eq!(items.len(), 2);
/// assert_eq!(items[0].result.as_ref().unwrap().tag("Event"), Some("one"));
/// let err = items[1].result.as_ref().unwrap_err();
/// assert_eq!((items[1].line, err.line()), (5, 7));
/// ```
pub fn read_records(text: &str, notation: Notation) -> Records<'_> {
    Records { text, offset: 0, line: 1, notation }
}

impl Iterator for Records<'_> {
    type Item = RecordItem;

    fn next(&mut self) -> Option<RecordItem> {
        let rest = &self.text[self.offset..];
        let mut split = RecordSplitter::new();
        let mut len = rest.len();
        let mut lines = 0;
        let mut first: Option<usize> = None;
        let mut at = 0;
        for line in rest.split_inclusive('\n') {
            if split.starts_record(line) {
                len = at;
                break;
            }
            if first.is_none() && !line.trim_start_matches('\u{feff}').trim().is_empty() {
                first = Some(self.line + lines);
            }
            at += line.len();
            lines += 1;
        }
        let first = first?;
        let chunk = &rest[..len];
        let start = self.offset;
        let base = self.line;
        self.offset += len;
        self.line += lines;
        let result = Record::parse(chunk, self.notation)
            .map_err(|e| RecordError::new(e.line() + base - 1, e.kind().clone()));
        Some(RecordItem { line: first, text_range: start..start + len, result })
    }
}

/// Writes `records` one after another, a blank line between two, as [`read_records`]
/// reads them back: each gets its result token, so records without tags stay apart.
pub fn write_records<'a>(records: impl IntoIterator<Item = &'a Record>) -> String {
    let mut out = String::new();
    for (i, r) in records.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut r = r.clone();
        r.set_result_token(true);
        out.push_str(&r.to_string());
    }
    out
}
