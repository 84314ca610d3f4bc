//! Reading a move list as a stream of events, in the style of pgn-reader: a [`Visitor`]
//! is told of each action, NAG, comment, variation and result token in order, and may
//! skip a variation or stop. The reader checks the syntax (braces, parentheses, round
//! numbers, the limits); what the events mean, legality included, is the visitor's.
//!
//! ```
//! use core::ops::ControlFlow;
//! use wallrush_core::record::{visit_moves, RoundNumber, Skip, Visitor};
//!
//! /// Collects the main line's action texts, skipping every variation.
//! #[derive(Default)]
//! struct Mainline(Vec<String>);
//!
//! impl Visitor for Mainline {
//!     fn action(&mut self, text: &str, _: Option<RoundNumber>, _: usize) -> ControlFlow<()> {
//!         self.0.push(text.to_string());
//!         ControlFlow::Continue(())
//!     }
//!     fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
//!         ControlFlow::Continue(Skip(true))
//!     }
//! }
//!
//! let mut v = Mainline::default();
//! visit_moves("1. e2! {fine} (1. d4h $5 (1. e8?)) e8 2. e3 *", &mut v)?;
//! assert_eq!(v.0, ["e2", "e8", "e3"]);
//! # Ok::<(), wallrush_core::RecordError>(())
//! ```

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::error::{RecordError, RecordErrorKind};
use super::nag::Nag;
use super::result::looks_like_result;
use super::tags::parse_tag;
use super::tree::{MAX_RECORD_NODES, MAX_VARIATION_DEPTH};

/// Whether to skip a variation ([`Visitor::begin_variation`]) or a move list
/// ([`Visitor::end_tags`]): its events are not reported, though its syntax is checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Skip(pub bool);

/// A round number written before an action: `12.` or, resuming a round, `12...`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoundNumber {
    /// The number.
    pub number: u32,
    /// Whether it is written `N...`.
    pub dots: bool,
    /// Its line (from 1).
    pub line: usize,
}

/// What a reader of move lists is told, in order. Each method gets the line (from 1) its
/// event is on and may stop the reading with `ControlFlow::Break`. Every method but
/// [`action`](Self::action) does nothing by default.
pub trait Visitor {
    /// A tag `[name "value"]` before the move list (from [`visit`] only).
    fn tag(&mut self, name: &str, value: &str, line: usize) -> ControlFlow<()> {
        let _ = (name, value, line);
        ControlFlow::Continue(())
    }

    /// The tags are over (from [`visit`] only); `Skip(true)` skips the move list.
    fn end_tags(&mut self) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(false))
    }

    /// An action's text (a move in the record's notation, `resign` or `resign(seat)`),
    /// marks such as `!?` taken off, with the round number written before it.
    fn action(&mut self, text: &str, round: Option<RoundNumber>, line: usize) -> ControlFlow<()>;

    /// A NAG after the last action of the current line.
    fn nag(&mut self, nag: Nag, line: usize) -> ControlFlow<()> {
        let _ = (nag, line);
        ControlFlow::Continue(())
    }

    /// A comment's text between its braces (spaces round it kept).
    fn comment(&mut self, text: &str, line: usize) -> ControlFlow<()> {
        let _ = (text, line);
        ControlFlow::Continue(())
    }

    /// A `(`: a variation to the last action of the current line begins. `Skip(true)`
    /// skips it (its [`end_variation`](Self::end_variation) is not reported either).
    fn begin_variation(&mut self, line: usize) -> ControlFlow<(), Skip> {
        let _ = line;
        ControlFlow::Continue(Skip(false))
    }

    /// The `)` closing the variation last begun.
    fn end_variation(&mut self, line: usize) -> ControlFlow<()> {
        let _ = line;
        ControlFlow::Continue(())
    }

    /// The result token ending the main line (`*`, `1-0`, …).
    fn result(&mut self, token: &str, line: usize) -> ControlFlow<()> {
        let _ = (token, line);
        ControlFlow::Continue(())
    }
}

/// A piece of a move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token<'a> {
    /// An action, a round number, a result token or anything else between spaces.
    Word(&'a str),
    /// The text of a `{comment}`.
    Comment(&'a str),
    /// `$N` or marks (`!`, `?!`, …), as written.
    Nag(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// Splits a move list into [`Token`]s with their lines.
struct Tokens<'a> {
    text: &'a str,
    i: usize,
    line: usize,
    /// Marks cut off the end of the last word, to give next.
    marks: Option<&'a str>,
}

const fn ends_word(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'$')
}

impl<'a> Tokens<'a> {
    fn next(&mut self) -> Result<Option<(Token<'a>, usize)>, RecordError> {
        if let Some(m) = self.marks.take() {
            return Ok(Some((Token::Nag(m), self.line)));
        }
        let bytes = self.text.as_bytes();
        while self.i < bytes.len() {
            let c = bytes[self.i];
            let line = self.line;
            match c {
                b'\n' => {
                    self.line += 1;
                    self.i += 1;
                }
                c if c.is_ascii_whitespace() => self.i += 1,
                b'{' => {
                    let start = self.i + 1;
                    let Some(len) = self.text[start..].find('}') else {
                        return Err(RecordError::new(line, RecordErrorKind::UnclosedComment));
                    };
                    let body = &self.text[start..start + len];
                    self.line += body.bytes().filter(|&b| b == b'\n').count();
                    self.i = start + len + 1;
                    return Ok(Some((Token::Comment(body), line)));
                }
                b'}' => return Err(RecordError::new(line, RecordErrorKind::StrayCommentEnd)),
                b'(' => {
                    self.i += 1;
                    return Ok(Some((Token::Open, line)));
                }
                b')' => {
                    self.i += 1;
                    return Ok(Some((Token::Close, line)));
                }
                b'$' => {
                    let start = self.i;
                    self.i += 1;
                    while self.i < bytes.len() && !ends_word(bytes[self.i]) {
                        self.i += 1;
                    }
                    return Ok(Some((Token::Nag(&self.text[start..self.i]), line)));
                }
                _ => {
                    let start = self.i;
                    while self.i < bytes.len() && !ends_word(bytes[self.i]) {
                        self.i += 1;
                    }
                    // `resign(west)`: the parentheses belong to the word.
                    if &self.text[start..self.i] == "resign" && bytes.get(self.i) == Some(&b'(') {
                        let seat_end = self.text[self.i + 1..]
                            .find(|c: char| !c.is_ascii_alphabetic())
                            .map(|n| self.i + 1 + n);
                        if let Some(close) = seat_end.filter(|&e| bytes[e] == b')') {
                            self.i = close + 1;
                        }
                    }
                    let word = &self.text[start..self.i];
                    let bare = word.trim_end_matches(['!', '?']);
                    if bare.is_empty() {
                        return Ok(Some((Token::Nag(word), line)));
                    }
                    if bare.len() < word.len() {
                        self.marks = Some(&word[bare.len()..]);
                    }
                    return Ok(Some((Token::Word(bare), line)));
                }
            }
        }
        Ok(None)
    }
}

/// Reads a record's text (tags, then the move list) and tells `visitor` of what it holds.
/// A byte-order mark at the start is skipped. Tags are checked for syntax only.
///
/// # Errors
/// [`RecordError`] for text over the size limit, a malformed tag line, or as
/// [`visit_moves`].
pub fn visit<V: Visitor>(text: &str, visitor: &mut V) -> Result<(), RecordError> {
    super::error::check_size(text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut offset = 0;
    let mut first_line = 1;
    for (i, line) in text.split('\n').enumerate() {
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('[') {
            break;
        }
        offset += line.len() + 1;
        first_line = i + 2;
        if t.is_empty() {
            continue;
        }
        let (name, value) = parse_tag(t).map_err(|e| RecordError::new(i + 1, e))?;
        if visitor.tag(&name, &value, i + 1).is_break() {
            return Ok(());
        }
    }
    match visitor.end_tags() {
        ControlFlow::Break(()) | ControlFlow::Continue(Skip(true)) => Ok(()),
        ControlFlow::Continue(Skip(false)) => {
            read_moves(text.get(offset..).unwrap_or(""), first_line, visitor)
        }
    }
}

/// Reads a move list (no tags) and tells `visitor` of what it holds.
///
/// # Errors
/// [`RecordError`] with the line and what is wrong: an unclosed `{` or `(`, a stray `}`
/// or `)`, an empty variation or one before any action of its line, variations nested
/// deeper than [`MAX_VARIATION_DEPTH`], more than [`MAX_RECORD_NODES`] actions, a
/// malformed round number or NAG, a round number with no action after it, a tag line,
/// a result token inside a variation or anything after the result token.
pub fn visit_moves<V: Visitor>(text: &str, visitor: &mut V) -> Result<(), RecordError> {
    super::error::check_size(text)?;
    read_moves(text, 1, visitor)
}

/// [`visit_moves`] with lines counted from `first_line`.
pub(crate) fn read_moves<V: Visitor>(
    text: &str,
    first_line: usize,
    visitor: &mut V,
) -> Result<(), RecordError> {
    let mut tokens = Tokens { text, i: 0, line: first_line, marks: None };
    // The actions read so far in each open line (the main line first), and the line
    // each variation was opened on.
    let mut actions_in = vec![0usize];
    let mut opened: Vec<usize> = Vec::new();
    // The depth at which a skipped variation began, while inside it.
    let mut skipping: Option<usize> = None;
    let mut pending: Option<RoundNumber> = None;
    let mut result = false;
    let mut nodes = 0;
    macro_rules! tell {
        ($e:expr) => {
            if skipping.is_none() && $e.is_break() {
                return Ok(());
            }
        };
    }
    while let Some((token, line)) = tokens.next()? {
        let err = |kind| RecordError::new(line, kind);
        if result {
            let shown = match token {
                Token::Word(w) | Token::Nag(w) => w.to_string(),
                Token::Comment(c) => alloc::format!("{{{c}}}"),
                Token::Open => "(".to_string(),
                Token::Close => ")".to_string(),
            };
            return Err(err(RecordErrorKind::AfterResult(shown)));
        }
        let in_line = *actions_in.last().expect("the main line is always open");
        if let Token::Comment(body) = token {
            tell!(visitor.comment(body, line));
            continue;
        }
        if let (Some(p), Token::Open | Token::Close | Token::Nag(_)) = (pending, token) {
            return Err(err(RecordErrorKind::MissingMove(p.number)));
        }
        match token {
            Token::Comment(_) => {}
            Token::Open => {
                if in_line == 0 {
                    return Err(err(RecordErrorKind::VariationWithoutMove));
                }
                if opened.len() >= MAX_VARIATION_DEPTH {
                    return Err(err(RecordErrorKind::TooDeep));
                }
                opened.push(line);
                actions_in.push(0);
                if skipping.is_none() {
                    match visitor.begin_variation(line) {
                        ControlFlow::Break(()) => return Ok(()),
                        ControlFlow::Continue(Skip(true)) => skipping = Some(opened.len()),
                        ControlFlow::Continue(Skip(false)) => {}
                    }
                }
            }
            Token::Close => {
                if opened.is_empty() {
                    return Err(err(RecordErrorKind::StrayVariationEnd));
                }
                if in_line == 0 {
                    return Err(err(RecordErrorKind::EmptyVariation));
                }
                let depth = opened.len();
                opened.pop();
                actions_in.pop();
                if skipping == Some(depth) {
                    skipping = None;
                } else {
                    tell!(visitor.end_variation(line));
                }
            }
            Token::Nag(raw) => {
                let nag: Nag = raw.parse().map_err(|_| err(RecordErrorKind::BadNag(raw.to_string())))?;
                if in_line == 0 {
                    return Err(err(RecordErrorKind::NagWithoutMove(raw.to_string())));
                }
                tell!(visitor.nag(nag, line));
            }
            Token::Word(word) => {
                if word.starts_with('[') {
                    return Err(err(RecordErrorKind::TagAfterMoves));
                }
                if looks_like_result(word) {
                    if let Some(p) = pending {
                        return Err(err(RecordErrorKind::MissingMove(p.number)));
                    }
                    if !opened.is_empty() {
                        return Err(err(RecordErrorKind::ResultInVariation(word.to_string())));
                    }
                    result = true;
                    tell!(visitor.result(word, line));
                    continue;
                }
                let mut word = word;
                if word.starts_with(|c: char| c.is_ascii_digit()) {
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let rest = &word[digits..];
                    let (dots, rest) = if let Some(r) = rest.strip_prefix("...") {
                        (true, r)
                    } else if let Some(r) = rest.strip_prefix('.') {
                        (false, r)
                    } else {
                        return Err(err(RecordErrorKind::BadRoundNumber(word.to_string())));
                    };
                    let number = crate::text::parse_u32(&word[..digits])
                        .ok_or_else(|| err(RecordErrorKind::BadRoundNumber(word.to_string())))?;
                    if let Some(p) = pending {
                        return Err(err(RecordErrorKind::MissingMove(p.number)));
                    }
                    pending = Some(RoundNumber { number, dots, line });
                    if rest.is_empty() {
                        continue;
                    }
                    word = rest;
                }
                nodes += 1;
                if nodes > MAX_RECORD_NODES {
                    return Err(err(RecordErrorKind::TooManyNodes));
                }
                *actions_in.last_mut().expect("the main line is always open") += 1;
                let round = pending.take();
                tell!(visitor.action(word, round, line));
            }
        }
    }
    if let Some(p) = pending {
        return Err(RecordError::new(p.line, RecordErrorKind::MissingMove(p.number)));
    }
    if let Some(&at) = opened.last() {
        return Err(RecordError::new(at, RecordErrorKind::UnclosedVariation));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::record::error::RecordErrorKind;
    use crate::record::movetext::{visit, visit_moves, RoundNumber, Skip, Visitor};
    use crate::record::nag::Nag;
    use crate::record::tree::{MAX_RECORD_NODES, MAX_VARIATION_DEPTH};
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use core::ops::ControlFlow;

    /// Writes every event as a word, to compare.
    #[derive(Default)]
    struct Events(Vec<String>);

    impl Visitor for Events {
        fn action(&mut self, text: &str, round: Option<RoundNumber>, _: usize) -> ControlFlow<()> {
            let n = round.map(|r| alloc::format!("{}{}", r.number, if r.dots { "..." } else { "." }));
            self.0.push(alloc::format!("{}{text}", n.unwrap_or_default()));
            ControlFlow::Continue(())
        }
        fn nag(&mut self, nag: Nag, _: usize) -> ControlFlow<()> {
            self.0.push(nag.to_string());
            ControlFlow::Continue(())
        }
        fn comment(&mut self, text: &str, _: usize) -> ControlFlow<()> {
            self.0.push(alloc::format!("{{{text}}}"));
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
            self.0.push("(".into());
            ControlFlow::Continue(Skip(false))
        }
        fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
            self.0.push(")".into());
            ControlFlow::Continue(())
        }
        fn result(&mut self, token: &str, _: usize) -> ControlFlow<()> {
            self.0.push(token.into());
            ControlFlow::Continue(())
        }
    }

    fn events(text: &str) -> Result<Vec<String>, RecordErrorKind> {
        let mut v = Events::default();
        visit_moves(text, &mut v).map_err(|e| e.kind().clone())?;
        Ok(v.0)
    }

    #[test]
    fn events_come_in_order() {
        assert_eq!(
            events("1. e2!? {a} (1. d4h $14 (1.e8??) {b}) e8 2. resign(north) $1 1-0").unwrap(),
            [
                "1.e2",
                "$5",
                "{a}",
                "(",
                "1.d4h",
                "$14",
                "(",
                "1.e8",
                "$4",
                ")",
                "{b}",
                ")",
                "e8",
                "2.resign(north)",
                "$1",
                "1-0"
            ]
        );
    }

    #[test]
    fn syntax_errors_are_named() {
        use RecordErrorKind as K;
        for (text, kind) in [
            ("(e2)", K::VariationWithoutMove),
            ("e2 ()", K::EmptyVariation),
            ("e2 )", K::StrayVariationEnd),
            ("e2 (e3", K::UnclosedVariation),
            ("$3 e2", K::NagWithoutMove("$3".into())),
            ("e2 (! e3)", K::NagWithoutMove("!".into())),
            ("e2 $256", K::BadNag("$256".into())),
            ("e2 $", K::BadNag("$".into())),
            ("e2 !!!", K::BadNag("!!!".into())),
            ("e2 (e3 *)", K::ResultInVariation("*".into())),
            ("1. (e2)", K::MissingMove(1)),
            ("e2 * (e3)", K::AfterResult("(".into())),
        ] {
            assert_eq!(events(text), Err(kind), "{text}");
        }
        let deep =
            alloc::format!("e2 {}e3{}", "(e3 ".repeat(MAX_VARIATION_DEPTH), ")".repeat(MAX_VARIATION_DEPTH));
        assert!(events(&deep).is_ok());
        let deeper = alloc::format!(
            "e2 {}e3{}",
            "(e3 ".repeat(MAX_VARIATION_DEPTH + 1),
            ")".repeat(MAX_VARIATION_DEPTH + 1)
        );
        assert_eq!(events(&deeper), Err(K::TooDeep));
        let many = "e2 ".repeat(MAX_RECORD_NODES + 1);
        assert_eq!(events(&many), Err(K::TooManyNodes));
    }

    #[test]
    fn a_skipped_variation_is_checked_but_not_told() {
        struct Main(usize);
        impl Visitor for Main {
            fn action(&mut self, _: &str, _: Option<RoundNumber>, _: usize) -> ControlFlow<()> {
                self.0 += 1;
                ControlFlow::Continue(())
            }
            fn begin_variation(&mut self, _: usize) -> ControlFlow<(), Skip> {
                ControlFlow::Continue(Skip(true))
            }
            fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
                panic!("a skipped variation has no end to report")
            }
        }
        let mut m = Main(0);
        visit_moves("e2 (e3 (e4) e5) e8 (e7) e3", &mut m).unwrap();
        assert_eq!(m.0, 3);
        assert_eq!(
            visit_moves("e2 (e3 (e4", &mut Main(0)).unwrap_err().kind(),
            &RecordErrorKind::UnclosedVariation
        );
    }

    #[test]
    fn tags_then_moves() {
        #[derive(Default)]
        struct Tags(Vec<(String, String)>, usize);
        impl Visitor for Tags {
            fn tag(&mut self, name: &str, value: &str, _: usize) -> ControlFlow<()> {
                self.0.push((name.into(), value.into()));
                ControlFlow::Continue(())
            }
            fn action(&mut self, _: &str, _: Option<RoundNumber>, line: usize) -> ControlFlow<()> {
                self.1 = line;
                ControlFlow::Continue(())
            }
        }
        let mut t = Tags::default();
        visit("[Event \"x\"]\n\n[Site \"y\"]\n\n1. e2\n", &mut t).unwrap();
        assert_eq!(t.0, [("Event".into(), "x".into()), ("Site".into(), "y".into())]);
        assert_eq!(t.1, 5);
        assert_eq!(visit("[Event x]\n", &mut t).unwrap_err().line(), 1);
    }
}
