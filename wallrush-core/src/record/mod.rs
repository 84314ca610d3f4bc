//! Game records: text a person can read and paste, in any of the three notations.
//!
//! ```text
//! [Variant "size=9 players=2 walls=10 wall_length=2 goal=edge"]
//! [Notation "wallrush"]
//! [South "Ann"]
//! [North "Bob"]
//! [Result "*"]
//!
//! 1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4
//! ```
//!
//! Tag lines `[Name "value"]` (with `\"`, `\\`, `\n`, `\r`, `\t` escapes in the value)
//! come first, then the numbered move list: each round holds one action per seat still
//! playing, in turn order (four a round with four seats). These tags have a meaning;
//! any other tag is kept as it is, in order:
//!
//! | tag | value | when absent |
//! |---|---|---|
//! | `Variant` | as [`Variant`]'s `Display` writes it | the classic variant, or the `Position` tag's |
//! | `Notation` | `standard`, `wallrush` or `pallwall` | the notation the caller names |
//! | `Position` | the starting position as [position text](crate::postext), when the game does not start from the variant's start | the variant's start |
//! | `Draw` | [`DrawOptions`], e.g. `repetition=3 ply_limit=500` | no draw rules |
//! | `South`, `West`, `North`, `East` | the players' names | no name |
//! | `Result` | `*` while the game goes on, else the [`Outcome`](crate::Outcome) (`south wins by goal`, `draw by repetition`, …) or the [result token](result_token) (`1-0`, `1/2-1/2`, `0-0-1-0`), written back in the form read; checked against the moves | not checked |
//!
//! In the move list a resignation of the seat to move is `resign` and takes that seat's
//! place in the round; a seat that resigns out of turn is written `resign(west)`. A game
//! that starts with a seat other than the first to move opens with `1...`. Round numbers
//! may be left out when reading (`e2 e8 e3 e7`); when present they are checked. The
//! writer puts at most 80 characters on a line.
//!
//! ```
//! use wallrush_core::notation::Notation;
//! use wallrush_core::{Record, Seat};
//! let text = "[Notation \"wallrush\"]\n\n1. e2 e8 2. e3 e7 3. e4 e6 4. e5 Je4\n";
//! let mut record = Record::parse(text, Notation::Standard)?;
//! assert_eq!(record.game().position().pawn(Seat::North), Some("e4".parse()?));
//! record.set_notation(Notation::Pallwall);
//! record.set_player(Seat::South, Some("Ann".into()))?;
//! assert_eq!(record.to_string(), "\
//! [Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]
//! [Notation \"pallwall\"]
//! [South \"Ann\"]
//! [Result \"*\"]
//!
//! 1. e2 e8 2. e3 e7 3. e4 e6 4. e5 e4
//! ");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod error;
mod game_text;
mod movetext;
mod nag;
mod result;
mod rounds;
mod split;
mod tags;
mod tree;
mod write;

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::notation::Notation;
use crate::{BySeat, DrawOptions, Game, Position, Seat, Variant};

use build::parse_moves;
use error::{check_size, ResultTag, ResultText};
use result::{check_result_token, looks_like_result};
use tags::{is_tag_name, parse_tag, seat_tag, write_tag};
use tree::{check_line, hoist, Side};
use write::write_moves_with;

pub use error::{CommentError, HeaderError, RecordError, RecordErrorKind, TagError};
pub use movetext::{visit, visit_moves, RoundNumber, Skip, Visitor};
pub use nag::{Nag, ParseNagError};
pub use result::result_token;
pub use split::{read_records, write_records, RecordItem, RecordSplitter, Records};
pub use tree::{GameTree, Node, TreeError, VariationPath, MAX_RECORD_NODES, MAX_VARIATION_DEPTH};

/// The widest line the record writer produces (a single long token may exceed it).
pub const LINE_WIDTH: usize = 80;

pub use crate::text::MAX_RECORD_BYTES;

pub use crate::text::MAX_RECORD_ACTIONS;

/// Tags with a meaning of their own; [`Record::set_tag`] refuses them.
pub const RESERVED_TAGS: [&str; 9] =
    ["Variant", "Notation", "Position", "Draw", "South", "West", "North", "East", "Result"];

/// A game with its notation, the players' names and any other tags.
///
/// `Display` writes the record text in its notation; `FromStr` reads it with the
/// standard notation for records that have no `Notation` tag.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    game: Game,
    notation: Notation,
    players: BySeat<Option<String>>,
    tags: Vec<(String, String)>,
    /// Comments by the number of actions before them (0: before the first action).
    comments: BTreeMap<usize, String>,
    /// The NAGs and variations by main-line action (from 0).
    side: BTreeMap<usize, Side>,
    /// Whether the move list ends with the result token when written.
    result_token: bool,
    /// Whether the `Result` tag is written as the result token (`1-0`) rather than the
    /// outcome (`south wins by goal`): true when it was read so.
    result_tag_token: bool,
}

impl Record {
    /// A record of `game` in standard notation, without names or tags.
    pub fn new(game: Game) -> Record {
        Record {
            game,
            notation: Notation::Standard,
            players: BySeat::default(),
            tags: Vec::new(),
            comments: BTreeMap::new(),
            side: BTreeMap::new(),
            result_token: false,
            result_tag_token: false,
        }
    }

    /// Reads a record. Its `Notation` tag names the notation of the moves; without one
    /// they are read in `notation`. A text with no tags at all is a bare move list of
    /// the classic variant.
    ///
    /// # Errors
    /// [`RecordError`] with the line and what is wrong: a malformed or contradictory
    /// tag, a malformed round number, a move that is malformed or illegal, a
    /// `Result` tag the moves do not give, a text over [`MAX_RECORD_BYTES`] (refused
    /// unread) or with more than [`MAX_RECORD_ACTIONS`] actions.
    pub fn parse(text: &str, notation: Notation) -> Result<Record, RecordError> {
        check_size(text)?;
        // A byte-order mark from a saved file is not part of the record.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut tags: Vec<(String, String, usize)> = Vec::new();
        let mut names = BTreeSet::new();
        let mut moves_at = (text.len(), 1);
        let mut offset = 0;
        for (i, line) in text.split('\n').enumerate() {
            let start = offset;
            offset += line.len() + 1;
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if !t.starts_with('[') {
                moves_at = (start, i + 1);
                break;
            }
            let (name, value) = parse_tag(t).map_err(|e| RecordError::new(i + 1, e))?;
            if !names.insert(name.clone()) {
                return Err(RecordError::new(i + 1, RecordErrorKind::RepeatedTag(name)));
            }
            tags.push((name, value, i + 1));
        }

        let mut record = Record::default();
        let mut start: Option<(Position, usize)> = None;
        let mut variant: Option<(Variant, usize)> = None;
        let mut draw = DrawOptions::NONE;
        let mut result: Option<(ResultTag, usize)> = None;
        let mut notation_tag = None;
        let mut players: Vec<(Seat, String, usize)> = Vec::new();
        for (name, value, line) in tags {
            let err = |kind| RecordError::new(line, kind);
            match name.as_str() {
                "Notation" => {
                    let n = value.parse().map_err(|e| err(RecordErrorKind::Notation(e)))?;
                    notation_tag = Some(n);
                }
                "Variant" => {
                    let v = value.parse().map_err(|e| err(RecordErrorKind::Variant(e)))?;
                    variant = Some((v, line));
                }
                "Position" => {
                    let p = Position::from_text(&value).map_err(|e| err(RecordErrorKind::Position(e)))?;
                    start = Some((p, line));
                }
                "Draw" => draw = value.parse().map_err(|e| err(RecordErrorKind::Draw(e)))?,
                "Result" => {
                    let r = if value == "*" {
                        ResultTag::Outcome(None)
                    } else if looks_like_result(&value) {
                        ResultTag::Token(value)
                    } else {
                        ResultTag::Outcome(Some(value.parse().map_err(|e| err(RecordErrorKind::Result(e)))?))
                    };
                    result = Some((r, line));
                }
                _ => match Seat::ALL.into_iter().find(|s| seat_tag(*s) == name) {
                    Some(seat) => players.push((seat, value, line)),
                    None => record.tags.push((name, value)),
                },
            }
        }
        let start = match (start, variant) {
            (Some((p, _)), Some((v, line))) if p.variant() != v => {
                return Err(RecordError::new(line, RecordErrorKind::VariantMismatch));
            }
            (Some((p, _)), _) => p,
            (None, Some((v, _))) => Position::new(v),
            (None, None) => Position::classic(),
        };
        for (seat, name, line) in players {
            if !start.variant().has_seat(seat) {
                return Err(RecordError::new(line, RecordErrorKind::PlayerNotInVariant(seat)));
            }
            record.players[seat] = Some(name);
        }
        record.notation = notation_tag.unwrap_or(notation);
        record.game = Game::from_position(start).with_draw_options(draw);
        let extras = parse_moves(&mut record.game, &text[moves_at.0..], record.notation, moves_at.1)?;
        record.comments = extras.comments;
        record.side = extras.side;
        record.result_token = extras.result_token;
        match result {
            Some((ResultTag::Outcome(tag), line)) => {
                let moves = record.game.outcome();
                if tag != moves {
                    return Err(RecordError::new(line, RecordErrorKind::ResultMismatch { tag, moves }));
                }
            }
            Some((ResultTag::Token(token), line)) => {
                check_result_token(&record.game, &token, line)?;
                record.result_tag_token = true;
            }
            None => {}
        }
        Ok(record)
    }

    /// Reads a record that begins on line `first_line` (from 1) of a larger text, as
    /// [`parse`](Self::parse) does; an error's line counts in the larger text.
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    pub fn parse_at(text: &str, notation: Notation, first_line: usize) -> Result<Record, RecordError> {
        let shift = first_line.max(1) - 1;
        Record::parse(text, notation).map_err(|e| RecordError::new(e.line() + shift, e.kind().clone()))
    }

    /// Rewrites a record text from its notation (or `from` when it has no `Notation`
    /// tag) into `to`.
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::Record;
    /// let text = "[Variant \"size=9 players=2 walls=10 wall_length=3 goal=edge\"]\n\n1. d3v\n";
    /// let out = Record::convert(text, Notation::Standard, Notation::WallRush)?;
    /// assert!(out.contains("[Notation \"wallrush\"]") && out.ends_with("\n1. V-d5\n"));
    /// # Ok::<(), wallrush_core::RecordError>(())
    /// ```
    ///
    /// # Errors
    /// As [`parse`](Self::parse).
    pub fn convert(text: &str, from: Notation, to: Notation) -> Result<String, RecordError> {
        let mut record = Record::parse(text, from)?;
        record.set_notation(to);
        Ok(record.to_string())
    }

    /// The game.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game, without the record.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The notation the record is written in.
    pub const fn notation(&self) -> Notation {
        self.notation
    }

    /// Writes the record in another notation from now on.
    pub fn set_notation(&mut self, notation: Notation) {
        self.notation = notation;
    }

    /// The name of the player in `seat`.
    pub fn player(&self, seat: Seat) -> Option<&str> {
        self.players[seat].as_deref()
    }

    /// Names (or, with `None`, unnames) the player in `seat`.
    ///
    /// # Errors
    /// [`TagError::SeatNotInVariant`] for a seat the game's variant does not have.
    pub fn set_player(&mut self, seat: Seat, name: Option<String>) -> Result<(), TagError> {
        if !self.game.variant().has_seat(seat) {
            return Err(TagError::SeatNotInVariant(seat));
        }
        self.players[seat] = name;
        Ok(())
    }

    /// The value of another tag (not one of [`RESERVED_TAGS`]).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The other tags, in order.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Sets another tag (`Event`, `Date`, …), or with `None` removes it. A new tag goes
    /// after the others.
    ///
    /// # Errors
    /// [`TagError`] when the name is malformed or reserved.
    pub fn set_tag(&mut self, name: &str, value: Option<String>) -> Result<(), TagError> {
        if let Some(&r) = RESERVED_TAGS.iter().find(|&&r| r == name) {
            return Err(TagError::Reserved(r));
        }
        if !is_tag_name(name) {
            return Err(TagError::Name);
        }
        let at = self.tags.iter().position(|(n, _)| n == name);
        match (at, value) {
            (Some(i), Some(v)) => self.tags[i].1 = v,
            (Some(i), None) => {
                self.tags.remove(i);
            }
            (None, Some(v)) => self.tags.push((name.to_string(), v)),
            (None, None) => {}
        }
        Ok(())
    }
}

impl Record {
    /// The comment after the first `after` actions (0: before the first action), as
    /// `{…}` in the move list.
    pub fn comment(&self, after: usize) -> Option<&str> {
        self.comments.get(&after).map(String::as_str)
    }

    /// Every comment with the number of actions before it, in order.
    pub fn comments(&self) -> impl Iterator<Item = (usize, &str)> {
        self.comments.iter().map(|(&i, c)| (i, c.as_str()))
    }

    /// Sets (or with `None` removes) the comment after the first `after` actions,
    /// without the spaces round it (as the reader keeps comments).
    ///
    /// ```
    /// use wallrush_core::Record;
    /// let mut record: Record = "1. e2 e8".parse()?;
    /// record.set_comment(1, Some("the usual start".into()))?;
    /// assert!(record.to_string().ends_with("\n1. e2 {the usual start} e8\n"));
    /// assert_eq!(record.to_string().parse::<Record>()?, record);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`CommentError`] for a comment holding `}` or a place past the last action.
    pub fn set_comment(&mut self, after: usize, comment: Option<String>) -> Result<(), CommentError> {
        let len = self.game.len();
        if after > len {
            return Err(CommentError::PastTheEnd { at: after, len });
        }
        match comment {
            Some(c) if c.contains('}') => return Err(CommentError::Brace),
            Some(c) => {
                // Kept as the reader keeps comments: without the spaces round them.
                self.comments.insert(after, String::from(c.trim()));
            }
            None => {
                self.comments.remove(&after);
            }
        }
        Ok(())
    }

    /// The comments the writer writes: those within the game as it is now (a game
    /// taken back keeps its later comments, unwritten).
    fn written_comments(&self) -> BTreeMap<usize, String> {
        let len = self.game.len();
        self.comments.iter().filter(|(&i, _)| i <= len).map(|(&i, c)| (i, c.clone())).collect()
    }

    /// The record's tree: the comment before the first action, and the main line (the
    /// game's actions) with each action's NAGs, comment and variations.
    ///
    /// ```
    /// use wallrush_core::record::Nag;
    /// use wallrush_core::Record;
    /// let record: Record = "1. e2! {solid} (1. d4h $5 {a wall first}) e8".parse()?;
    /// let tree = record.tree();
    /// let first = &tree.mainline[0];
    /// assert_eq!((first.nags.as_slice(), first.comment.as_deref()), (&[Nag(1)][..], Some("solid")));
    /// let side = &first.variations[0][0];
    /// assert_eq!((side.nags.as_slice(), side.comment.as_deref()), (&[Nag(5)][..], Some("a wall first")));
    /// assert_eq!(tree.mainline.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tree(&self) -> GameTree {
        let game = &self.game;
        let mainline = game
            .actions()
            .enumerate()
            .map(|(i, action)| {
                let mut node = Node::new(action);
                node.comment = self.comments.get(&(i + 1)).cloned();
                if let Some(side) = self.side.get(&i).filter(|s| s.fits(game, i)) {
                    node.nags.clone_from(&side.nags);
                    node.variations.clone_from(&side.variations);
                }
                node
            })
            .collect();
        GameTree { comment: self.comments.get(&0).cloned(), mainline }
    }

    /// Replaces the game's actions, comments, NAGs and variations with `tree`'s, played
    /// from the game's start under its draw rules. All or nothing: a refused tree
    /// changes nothing. Variations of a variation's first action are moved beside that
    /// variation, as the reader reads them: they are alternatives from the same position.
    ///
    /// ```
    /// use wallrush_core::record::TreeError;
    /// use wallrush_core::Record;
    /// let mut record: Record = "1. e2 (1. d4h) e8".parse()?;
    /// let mut tree = record.tree();
    /// let north_first = tree.mainline[1..].to_vec();
    /// tree.mainline[0].variations.push(north_first);
    /// let err = record.set_tree(tree).unwrap_err();
    /// assert!(matches!(err, TreeError::Illegal { .. }));
    /// assert!(err.to_string().starts_with("variation 2 at ply 1, ply 1: "), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`TreeError`] naming the path to the first node that is refused: an action that
    /// cannot be played there, a starting comment on a node that does not begin a
    /// variation, a comment holding `}`, an empty variation, variations nested deeper
    /// than [`MAX_VARIATION_DEPTH`], more than [`MAX_RECORD_NODES`] nodes or a main line
    /// longer than [`MAX_RECORD_ACTIONS`].
    pub fn set_tree(&mut self, mut tree: GameTree) -> Result<(), TreeError> {
        if tree.mainline.len() > MAX_RECORD_ACTIONS {
            return Err(TreeError::TooManyActions);
        }
        if tree.comment.as_ref().is_some_and(|c| c.contains('}')) {
            return Err(TreeError::Brace(VariationPath::new(Vec::new(), 0)));
        }
        let mut game =
            Game::from_position(self.game.start().clone()).with_draw_options(self.game.draw_options());
        hoist(&mut tree.mainline, MAX_VARIATION_DEPTH + 1);
        check_line(&mut game, &mut tree.mainline, &mut Vec::new(), 0, &mut 0)?;
        game.clear_redo();
        let mut comments = BTreeMap::new();
        let mut side = BTreeMap::new();
        if let Some(c) = tree.comment {
            comments.insert(0, String::from(c.trim()));
        }
        for (i, node) in tree.mainline.into_iter().enumerate() {
            if let Some(c) = node.comment {
                comments.insert(i + 1, String::from(c.trim()));
            }
            if !node.nags.is_empty() || !node.variations.is_empty() {
                let mut s = Side::at(&game, i);
                s.nags = node.nags;
                s.variations = node.variations;
                side.insert(i, s);
            }
        }
        self.game = game;
        self.comments = comments;
        self.side = side;
        Ok(())
    }

    /// The move list as the record writes it after its tags: round numbers, comments,
    /// NAGs, variations and the result token when [`has_result_token`](Self::has_result_token),
    /// wrapped at [`LINE_WIDTH`]; empty for a record with none of them.
    ///
    /// ```
    /// use wallrush_core::Record;
    /// let record: Record = "[Event \"x\"]\n\n1. e2! (1. d4h $14) e8 *".parse()?;
    /// assert_eq!(record.movetext(), "1. e2! (1. d4h $14) 1... e8 *");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn movetext(&self) -> String {
        let game = &self.game;
        let comments = self.written_comments();
        let token = self.result_token.then(|| result_token(game));
        write_moves_with(game, self.notation, Some(LINE_WIDTH), &comments, &self.side, token.as_deref())
    }

    /// Whether the move list ends with the game's result token ([`result_token`]): true
    /// for a record read with one.
    pub const fn has_result_token(&self) -> bool {
        self.result_token
    }

    /// Writes (or not) the result token at the end of the move list.
    pub fn set_result_token(&mut self, on: bool) {
        self.result_token = on;
    }

    /// The headers as the record writes them, in order: `Variant`, `Notation`,
    /// `Position` (when the game does not start from the variant's start), `Draw` (when
    /// set), the players, the other tags, and `Result`.
    pub fn headers(&self) -> Vec<(String, String)> {
        let game = &self.game;
        let variant = game.variant();
        let mut out = Vec::new();
        out.push((String::from("Variant"), variant.to_string()));
        out.push((String::from("Notation"), String::from(self.notation.name())));
        if *game.start() != Position::new(variant) {
            out.push((String::from("Position"), game.start().to_text()));
        }
        if !game.draw_options().is_none() {
            out.push((String::from("Draw"), game.draw_options().to_string()));
        }
        for seat in variant.seats() {
            if let Some(name) = &self.players[seat] {
                out.push((String::from(seat_tag(seat)), name.clone()));
            }
        }
        out.extend(self.tags.iter().cloned());
        out.push((String::from("Result"), self.result_tag()));
        out
    }

    /// The `Result` tag's value: the result token when the tag was read as one, else
    /// `*` or the outcome.
    fn result_tag(&self) -> String {
        if self.result_tag_token {
            result_token(&self.game)
        } else {
            ResultText(self.game.outcome()).to_string()
        }
    }

    /// The value of header `name` (any of [`headers`](Self::headers)).
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers().into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// Sets (or with `None` removes) header `name`: `Notation` and `Draw` set the
    /// notation and the draw rules (None: standard, no draws), a seat's name its player,
    /// anything else a tag.
    ///
    /// # Errors
    /// [`HeaderError`] for `Variant`, `Position` and `Result` (written from the game), a
    /// malformed name or value, or a player the variant does not seat.
    pub fn set_header(&mut self, name: &str, value: Option<&str>) -> Result<(), HeaderError> {
        match name {
            "Variant" => Err(HeaderError::FromTheGame("Variant")),
            "Position" => Err(HeaderError::FromTheGame("Position")),
            "Result" => Err(HeaderError::FromTheGame("Result")),
            "Notation" => {
                self.notation = match value {
                    None => Notation::Standard,
                    Some(v) => v.parse().map_err(HeaderError::Notation)?,
                };
                Ok(())
            }
            "Draw" => {
                let draw = match value {
                    None => DrawOptions::NONE,
                    Some(v) => v.parse().map_err(HeaderError::Draw)?,
                };
                self.game.set_draw_options(draw);
                Ok(())
            }
            _ => match Seat::ALL.into_iter().find(|&s| seat_tag(s) == name) {
                Some(seat) => Ok(self.set_player(seat, value.map(String::from))?),
                None => Ok(self.set_tag(name, value.map(String::from))?),
            },
        }
    }
}

impl From<Game> for Record {
    fn from(game: Game) -> Record {
        Record::new(game)
    }
}

impl FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s, Notation::Standard)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let variant = game.variant();
        write_tag(f, "Variant", &variant.to_string())?;
        write_tag(f, "Notation", self.notation.name())?;
        if *game.start() != Position::new(variant) {
            write_tag(f, "Position", &game.start().to_text())?;
        }
        if !game.draw_options().is_none() {
            write_tag(f, "Draw", &game.draw_options().to_string())?;
        }
        for seat in variant.seats() {
            if let Some(name) = &self.players[seat] {
                write_tag(f, seat_tag(seat), name)?;
            }
        }
        for (name, value) in &self.tags {
            write_tag(f, name, value)?;
        }
        write_tag(f, "Result", &self.result_tag())?;
        let moves = self.movetext();
        if !moves.is_empty() {
            writeln!(f)?;
            f.write_str(&moves)?;
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::ParseOutcomeError;
    use alloc::format;
    use alloc::vec;

    #[test]
    fn tags_parse() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c\nd"]"#).unwrap(),
            (String::from("Event"), String::from("a \"b\" \\ c\nd"))
        );
        for bad in [
            "[Event]",
            "[Event x]",
            "[Event \"x]",
            "[Event \"x\"",
            "[9 \"x\"]",
            "[Event \"a\"b\"]",
            "[Event \"\\q\"]",
            "[Event \"]",
        ] {
            assert!(parse_tag(bad).is_err(), "{bad}");
        }
    }

    fn parse(text: &str) -> Result<Record, RecordError> {
        Record::parse(text, Notation::Standard)
    }

    #[test]
    fn comments_are_kept_and_written_back() {
        let text =
            "[Event \"x\"]\n\n{opening} 1. e2 {a step,\nover two lines} e8 2. e3 {again} {and again}\n";
        let r = parse(text).unwrap();
        assert_eq!(r.comment(0), Some("opening"));
        assert_eq!(r.comment(1), Some("a step,\nover two lines"));
        assert_eq!(r.comment(3), Some("again and again"));
        assert_eq!(r.comments().count(), 3);
        let back = parse(&r.to_string()).unwrap();
        assert_eq!(back, r);
        assert!(r
            .to_string()
            .contains("{opening} 1. e2 {a step,\nover two lines} e8 2. e3 {again and again}"));
        // A comment never changes the moves.
        assert_eq!(r.game().moves_text(Notation::Standard), "1. e2 e8 2. e3");
    }

    #[test]
    fn comments_join_and_trim_as_they_write_back() {
        for text in ["1. e2 {a} {} e8", "1. e2 {} {a} e8", "1. e2 {  a } e8", "1. e2 {a}{} e8"] {
            let r = parse(text).unwrap();
            assert_eq!(r.comment(1), Some("a"), "{text}");
            assert_eq!(parse(&r.to_string()).unwrap(), r, "{text}");
        }
        let r = parse("1. e2 {} e8").unwrap();
        assert_eq!((r.comment(1), parse(&r.to_string()).unwrap() == r), (Some(""), true));
        let mut r = parse("1. e2").unwrap();
        r.set_comment(1, Some("  spaced  ".into())).unwrap();
        assert_eq!(r.comment(1), Some("spaced"));
        assert_eq!(parse(&r.to_string()).unwrap(), r);
    }

    #[test]
    fn bad_comments_are_refused_with_their_line() {
        let e = parse("1. e2\n{never closed e8").unwrap_err();
        assert_eq!((e.line(), e.kind()), (2, &RecordErrorKind::UnclosedComment));
        let e = parse("1. e2 } e8").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::StrayCommentEnd);
        let mut r = parse("1. e2").unwrap();
        assert_eq!(r.set_comment(0, Some("a } b".into())), Err(CommentError::Brace));
        assert_eq!(r.set_comment(2, Some("x".into())), Err(CommentError::PastTheEnd { at: 2, len: 1 }));
        assert_eq!(r.comment(0), None);
        r.set_comment(1, Some("fine".into())).unwrap();
        r.set_comment(1, None).unwrap();
        assert_eq!(r.comments().count(), 0);
    }

    #[test]
    fn result_tokens_are_read_checked_and_written_back() {
        let r = parse("1. e2 e8 *").unwrap();
        assert!(r.has_result_token() && r.to_string().ends_with("1. e2 e8 *\n"));
        assert_eq!(parse(&r.to_string()).unwrap(), r);
        // `resign` resigns the seat to move, North: South wins, 1-0.
        let r = parse("1. e2 resign 1-0\n").unwrap();
        assert_eq!(r.game().outcome().and_then(|o| o.winner()), Some(Seat::South));
        assert_eq!(result_token(r.game()), "1-0");
        let r = parse("1. resign 0-1\n").unwrap();
        assert_eq!(r.game().outcome().and_then(|o| o.winner()), Some(Seat::North));
        let e = parse("1. e2 e8 1-0").unwrap_err();
        assert_eq!(
            e.kind(),
            &RecordErrorKind::ResultTokenMismatch { token: "1-0".into(), moves: "*".into() }
        );
        let e = parse("1. e2 resign 1-0-0-0").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::BadResultToken("1-0-0-0".into()));
        let e = parse("1. e2 * e8").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::AfterResult("e8".into()));
        let e = parse("1. * e2").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::MissingMove(1));
        // Read without a token, a record is written without one.
        assert!(parse("1. e2 e8").unwrap().to_string().ends_with("1. e2 e8\n"));
    }

    #[test]
    fn a_result_tag_holds_a_result_token_checked_against_the_moves() {
        let text = "[Result \"1-0\"]\n\n1. e2 resign\n";
        let r = parse(text).unwrap();
        assert_eq!(r.game().outcome().and_then(|o| o.winner()), Some(Seat::South));
        assert_eq!(r.header("Result").as_deref(), Some("1-0"));
        // Written back in the form read, and read back the same.
        let written = r.to_string();
        assert!(written.contains("[Result \"1-0\"]\n"), "{written}");
        assert_eq!(parse(&written).unwrap(), r);
        assert_eq!(parse(&written).unwrap().to_string(), written);
        // The outcome form is kept too, and is the form of a record made from a game.
        let r = parse("[Result \"south wins by resignation\"]\n\n1. e2 resign\n").unwrap();
        assert!(r.to_string().contains("[Result \"south wins by resignation\"]\n"));
        assert_eq!(parse(&r.to_string()).unwrap().to_string(), r.to_string());
        // A draw and a game that goes on.
        let r = parse("[Draw \"ply_limit=2\"]\n[Result \"1/2-1/2\"]\n\n1. e2 e8\n").unwrap();
        assert_eq!(r.header("Result").as_deref(), Some("1/2-1/2"));
        assert!(parse("[Result \"*\"]\n\n1. e2 e8\n").is_ok());
        // A token the moves do not give names both, on the tag's line.
        let e = parse("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e2 e8\n").unwrap_err();
        assert_eq!(e.line(), 2);
        assert_eq!(
            e.kind(),
            &RecordErrorKind::ResultTokenMismatch { token: "1-0".into(), moves: "*".into() }
        );
        assert_eq!(e.to_string(), "line 2: result token 1-0 but the moves give *");
        let e = parse("[Result \"0-1\"]\n\n1. e2 resign\n").unwrap_err();
        assert_eq!(
            e.kind(),
            &RecordErrorKind::ResultTokenMismatch { token: "0-1".into(), moves: "1-0".into() }
        );
        // A token with a score for each of four seats, in a two-seat game.
        let e = parse("[Result \"1-0-0-0\"]\n\n1. e2 resign\n").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::BadResultToken("1-0-0-0".into()));
        // A tag and a trailing token that agree with the moves and each other.
        let r = parse("[Result \"1-0\"]\n\n1. e2 resign 1-0\n").unwrap();
        assert!(r.has_result_token() && r.to_string().ends_with("[Result \"1-0\"]\n\n1. e2 resign 1-0\n"));
        // Neither an outcome nor a token.
        let e = parse("[Result \"1-0-\"]\n\n1. e2 resign\n").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::Result(ParseOutcomeError));
        assert!(e.to_string().contains("or a result token such as 1-0"), "{e}");
    }

    #[test]
    fn four_seat_result_tokens() {
        let v = Variant::four_player();
        let mut g = Game::new(v);
        assert_eq!(result_token(&g), "*");
        g.resign(Seat::West).unwrap();
        g.set_draw_options(DrawOptions { repetition: None, ply_limit: Some(0) });
        assert_eq!(result_token(&g), "1/3-0-1/3-1/3");
        let mut g = Game::new(v);
        for s in [Seat::South, Seat::West, Seat::East] {
            g.resign(s).unwrap();
        }
        assert_eq!(result_token(&g), "0-0-1-0");
        let mut r = Record::new(g);
        r.set_result_token(true);
        let text = r.to_string();
        assert!(text.ends_with(" 0-0-1-0\n"), "{text}");
        assert_eq!(parse(&text).unwrap(), r);
        let draw = Game::new(Variant::classic())
            .with_draw_options(DrawOptions { repetition: None, ply_limit: Some(0) });
        assert_eq!(result_token(&draw), "1/2-1/2");
    }

    #[test]
    fn many_records_in_one_text() {
        let text = "[Event \"one\"]\n\n1. e2 e8 *\n\n[Event \"two\"]\n1. e2 {a [bracket] and 1-0 in a comment\n[Event \"not a tag\"]} e8\n\n[Event \"three\"]\n1. e2 e2\n\ne2 e8 *\n  \ne2 *\n\n";
        let items: Vec<RecordItem> = read_records(text, Notation::Standard).collect();
        let lines: Vec<usize> = items.iter().map(|i| i.line).collect();
        // Record three has no result token: the blank line does not end it.
        assert_eq!(lines, [1, 5, 9, 14]);
        assert_eq!(items[0].result.as_ref().unwrap().tag("Event"), Some("one"));
        let two = items[1].result.as_ref().unwrap();
        assert_eq!(two.tag("Event"), Some("two"));
        assert!(two.comment(1).unwrap().contains("[Event"));
        let bad = items[2].result.as_ref().unwrap_err();
        assert_eq!(bad.line(), 10);
        assert!(matches!(bad.kind(), RecordErrorKind::Move { number: 2, .. }));
        assert_eq!(items[3].result.as_ref().unwrap().game().len(), 1);
        assert_eq!(&text[items[0].text_range.clone()], "[Event \"one\"]\n\n1. e2 e8 *\n\n");
        // Written and read back.
        let good: Vec<Record> = items.into_iter().filter_map(|i| i.result.ok()).collect();
        let again: Vec<Record> =
            read_records(&write_records(&good), Notation::Standard).map(|i| i.result.unwrap()).collect();
        assert_eq!(again.len(), good.len());
        for (a, b) in again.iter().zip(&good) {
            assert_eq!(a.game(), b.game());
            assert_eq!(a.tags().collect::<Vec<_>>(), b.tags().collect::<Vec<_>>());
        }
        assert_eq!(read_records("", Notation::Standard).count(), 0);
        assert_eq!(read_records("\n \n", Notation::Standard).count(), 0);
    }

    #[test]
    fn headers_behave_like_a_map() {
        let mut r = parse("[Event \"x\"]\n[South \"Ann\"]\n\n1. e2").unwrap();
        let names: Vec<String> = r.headers().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["Variant", "Notation", "South", "Event", "Result"]);
        assert_eq!(r.header("South").as_deref(), Some("Ann"));
        assert_eq!(r.header("Result").as_deref(), Some("*"));
        r.set_header("North", Some("Bob")).unwrap();
        r.set_header("Notation", Some("wallrush")).unwrap();
        r.set_header("Draw", Some("ply_limit=500")).unwrap();
        r.set_header("Event", None).unwrap();
        assert_eq!(r.player(Seat::North), Some("Bob"));
        assert_eq!(r.notation(), Notation::WallRush);
        assert_eq!(r.game().draw_options().ply_limit, Some(500));
        assert_eq!(r.tag("Event"), None);
        assert_eq!(r.set_header("Result", Some("1-0")), Err(HeaderError::FromTheGame("Result")));
        assert_eq!(
            r.set_header("West", Some("x")),
            Err(HeaderError::Tag(TagError::SeatNotInVariant(Seat::West)))
        );
        assert!(matches!(r.set_header("Notation", Some("chess")), Err(HeaderError::Notation(_))));
        assert_eq!(r.set_header("9x", Some("x")), Err(HeaderError::Tag(TagError::Name)));
    }

    #[test]
    fn the_splitter_streams_line_by_line() {
        let mut split = RecordSplitter::new();
        let lines =
            ["", "[A \"1\"]", "e2 {open", "[B \"in the comment\"] 1-0", "still} e8", "[C \"2\"]", "e2"];
        let starts: Vec<bool> = lines.iter().map(|l| split.starts_record(l)).collect();
        assert_eq!(starts, [false, false, false, false, false, true, false]);
    }

    /// A game of `plies` random legal actions (a resignation now and then) of a variant
    /// chosen by `seed`, two or four seats.
    fn random_game(seed: u64, plies: usize) -> Game {
        let mut rng = crate::SplitMix64::new(seed);
        let variant = match rng.below(3) {
            0 => Variant::classic(),
            1 => Variant::four_player(),
            _ => Variant::builder().size(5).walls(3).build().unwrap(),
        };
        let mut game = Game::new(variant);
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            if rng.below(40) == 0 {
                game.resign(game.turn()).unwrap();
                continue;
            }
            let moves = game.legal_moves();
            let m = moves[rng.below(moves.len() as u64) as usize];
            game.play(m).unwrap();
        }
        game
    }

    /// A record with nested variations, NAGs of both forms and comments before, after and
    /// inside them.
    const ANNOTATED: &str = "[Variant \"size=9 players=2 walls=10 wall_length=2 goal=edge\"]
[Notation \"standard\"]
[Event \"Analysis\"]
[Result \"*\"]

{A quiet opening} 1. e2! {the usual} (1. d4h $14 {a wall at once} e8 2. e2)
(1. a3h?! {too far
back}) 1... e8 2. e3 ({or} 2. d7h!? $32 {cutting}) 2... e7??
$18 *
";

    #[test]
    fn variations_nags_and_comments_are_read_as_a_tree() {
        let r = parse(ANNOTATED).unwrap();
        assert_eq!(r.game().moves_text(Notation::Standard), "1. e2 e8 2. e3 e7");
        let tree = r.tree();
        assert_eq!(tree.comment.as_deref(), Some("A quiet opening"));
        let e2 = &tree.mainline[0];
        assert_eq!((e2.nags.as_slice(), e2.comment.as_deref()), (&[Nag(1)][..], Some("the usual")));
        let wall = &e2.variations[0];
        assert_eq!(wall.len(), 3);
        assert_eq!(
            (wall[0].nags.as_slice(), wall[0].comment.as_deref()),
            (&[Nag(14)][..], Some("a wall at once"))
        );
        let back = &e2.variations[1][0];
        assert_eq!((back.nags.as_slice(), back.comment.as_deref()), (&[Nag(6)][..], Some("too far\nback")));
        let cut = &tree.mainline[2].variations[0][0];
        assert_eq!(cut.starting_comment.as_deref(), Some("or"));
        assert_eq!(cut.nags, [Nag(5), Nag(32)]);
        assert_eq!(tree.mainline[3].nags, [Nag(4), Nag(18)]);
        assert_eq!(tree.node_count(), 9);
        // Written back as read, and read back as the same record.
        let written = r.to_string();
        assert_eq!(written, ANNOTATED);
        assert_eq!(parse(&written).unwrap(), r);
        let mut again = Record::new(Game::classic());
        again.set_tree(tree.clone()).unwrap();
        assert_eq!(again.tree(), tree);
        // Each notation writes it so that it reads back the same.
        for n in Notation::ALL {
            let mut c = r.clone();
            c.set_notation(n);
            assert_eq!(parse(&c.to_string()).unwrap().tree(), tree, "{n:?}");
        }
    }

    #[test]
    fn a_variation_to_a_variations_first_action_stands_beside_it() {
        let nested = parse("1. e2 (1. d4h $1 (1. a3h) (1. b3h) e8) e8").unwrap();
        let flat = parse("1. e2 (1. d4h $1 e8) (1. a3h) (1. b3h) e8").unwrap();
        assert_eq!(nested, flat);
        assert!(nested.to_string().ends_with("1. e2 (1. d4h! e8) (1. a3h) (1. b3h) 1... e8\n"), "{nested}");
        // set_tree takes either form and keeps the one the reader gives.
        let mut tree = flat.tree();
        let b3h = tree.mainline[0].variations.pop().unwrap();
        let a3h = tree.mainline[0].variations.pop().unwrap();
        tree.mainline[0].variations[0][0].variations = alloc::vec![a3h, b3h];
        let mut r = flat.clone();
        r.set_tree(tree).unwrap();
        assert_eq!(r, flat);
    }

    #[test]
    fn a_refused_move_in_a_variation_names_its_path() {
        let e = parse("1. e2 e8\n2. e3 (2. e9) e7").unwrap_err();
        assert_eq!(e.line(), 2);
        assert!(
            matches!(e.kind(), RecordErrorKind::VariationMove { path, .. } if path.branches() == [(3, 1)] && path.ply() == 1)
        );
        assert!(e.to_string().starts_with("line 2: variation at ply 3, ply 1: "), "{e}");
        let e = parse("1. e2 (1. d4h (1. a3h e2)) e8").unwrap_err();
        assert!(e.to_string().starts_with("line 1: variation at ply 1, variation at ply 1, ply 2: "), "{e}");
        let e = parse("1. e2 (1. d4h e8 (1... d6h e9)) e8").unwrap_err();
        assert!(e.to_string().starts_with("line 1: variation at ply 1, variation at ply 2, ply 2: "), "{e}");
        let e = parse("1. e2 (1. d4h) (1. e3) e8").unwrap_err();
        assert!(e.to_string().starts_with("line 1: variation 2 at ply 1, ply 1: "), "{e}");
        // The main line keeps its own wording.
        let e = parse("1. e2 e8 2. e9").unwrap_err();
        assert!(e.to_string().starts_with("line 1: action 3: "), "{e}");
        // A round number inside a variation is checked as in the main line.
        let e = parse("1. e2 e8 2. e3 (3. d4h)").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::RoundNumber { expected: 2, found: 3 });
        let e = parse("1. e2 e8 (1. d2h) 2. e3").unwrap_err();
        assert_eq!(e.kind(), &RecordErrorKind::MisplacedRoundNumber(1));
    }

    #[test]
    fn set_tree_refuses_what_cannot_be_written() {
        let mut r = parse("1. e2 e8").unwrap();
        let before = r.clone();
        let mut t = r.tree();
        t.mainline[1].starting_comment = Some("x".into());
        assert!(matches!(r.set_tree(t), Err(TreeError::StartingComment(p)) if p.ply() == 2));
        let mut t = r.tree();
        t.mainline[0].variations.push(Vec::new());
        assert!(matches!(r.set_tree(t), Err(TreeError::EmptyVariation(_))));
        let mut t = r.tree();
        t.mainline[0].comment = Some("a } b".into());
        assert!(matches!(r.set_tree(t), Err(TreeError::Brace(_))));
        assert_eq!(r, before);
        // A variation kept for an action the game no longer has is not written.
        let mut r = parse("1. e2 (1. d4h) e8").unwrap();
        r.game_mut().undo();
        r.game_mut().undo();
        r.game_mut()
            .play_text("e1h", Notation::Standard)
            .unwrap_or_else(|_| r.game_mut().play_text("a3h", Notation::Standard).unwrap());
        assert!(!r.to_string().contains('('), "{r}");
        assert!(r.tree().mainline.iter().all(|n| n.variations.is_empty()));
    }

    /// A line of up to `len` random actions from `game`'s position, with random NAGs,
    /// comments and, below depth 3, variations; taken back when `depth` > 0.
    fn random_line(game: &mut Game, rng: &mut crate::SplitMix64, len: usize, depth: usize) -> Vec<Node> {
        let mut line = Vec::new();
        for j in 0..len {
            if game.is_over() {
                break;
            }
            let action = if rng.below(30) == 0 {
                Action::Resign(game.turn())
            } else {
                let moves = game.legal_moves();
                Action::Move(moves[rng.below(moves.len() as u64) as usize])
            };
            let mut node = Node::new(action);
            for _ in 0..rng.below(3) {
                node.nags.push(Nag(rng.below(256) as u8));
            }
            node.comment = match rng.below(5) {
                0 => Some(format!("c{j} ( ) $1 !? [x] 1-0\nnext")),
                1 => Some(String::new()),
                _ => None,
            };
            if depth > 0 && j == 0 && rng.below(3) == 0 {
                node.starting_comment = Some(format!("on ({depth})"));
            }
            if depth < 3 {
                for _ in 0..rng.below(3) {
                    let n = 1 + rng.below(4) as usize;
                    let v = random_line(game, rng, n, depth + 1);
                    if !v.is_empty() {
                        node.variations.push(v);
                    }
                }
            }
            game.act(action).unwrap();
            line.push(node);
        }
        if depth > 0 {
            for _ in &line {
                game.undo();
            }
        }
        line
    }

    /// Random trees of random legal games written and read back: the same tree.
    fn trees_round_trip(seed: u64, plies: usize) {
        let start = random_game(seed, 0);
        let mut rng = crate::SplitMix64::new(seed ^ 7);
        let mut game = start.clone();
        let mainline = random_line(&mut game, &mut rng, plies, 0);
        let comment = (rng.below(2) == 0).then(|| String::from("before"));
        let tree = GameTree { comment, mainline };
        let mut r = Record::new(start);
        r.set_tree(tree.clone()).unwrap();
        // Variations of a variation's first action come back beside it: the same
        // nodes, in the one form the reader gives.
        let canonical = r.tree();
        assert_eq!(canonical.node_count(), tree.node_count());
        let mut again = r.clone();
        again.set_tree(canonical.clone()).unwrap();
        assert_eq!(again, r);
        let tree = canonical;
        for n in Notation::ALL {
            r.set_notation(n);
            let text = r.to_string();
            let back = parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            assert_eq!(back.tree(), tree, "{text}");
            assert_eq!(back, r, "{text}");
            assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn random_trees_round_trip_many() {
        for seed in 0..16 {
            trees_round_trip(seed, 30);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

        /// More random trees than the default run tries.
        #[test]
        #[ignore = "long: cargo test -p wallrush-core -- --ignored"]
        fn random_trees_round_trip_long(seed in 0u64..u64::MAX, plies in 0usize..120) {
            trees_round_trip(seed, plies);
        }


        /// Records with comments anywhere and result tokens, written together and read
        /// back: the same games, comments, tags and tokens, each at its line.
        #[test]
        fn many_records_round_trip(seeds in proptest::collection::vec(0u64..u64::MAX, 1..5), plies in 0usize..60) {
            let mut records = Vec::new();
            for (k, &seed) in seeds.iter().enumerate() {
                let mut r = Record::new(random_game(seed, plies));
                let len = r.game().len();
                let mut rng = crate::SplitMix64::new(seed ^ 1);
                for at in 0..=len {
                    if rng.below(4) == 0 {
                        r.set_comment(at, Some(format!("note {at} [x] 1-0 {{"))).unwrap();
                    }
                }
                if k % 2 == 0 {
                    r.set_tag("Event", Some(format!("game {k}"))).unwrap();
                }
                r.set_notation([Notation::Standard, Notation::WallRush, Notation::Pallwall][k % 3]);
                records.push(r);
            }
            let text = write_records(&records);
            let back: Vec<RecordItem> = read_records(&text, Notation::Standard).collect();
            proptest::prop_assert_eq!(back.len(), records.len());
            for (item, r) in back.iter().zip(&records) {
                let got = item.result.as_ref().unwrap();
                let mut want = r.clone();
                want.set_result_token(true);
                proptest::prop_assert_eq!(got, &want);
                proptest::prop_assert_eq!(text.lines().nth(item.line - 1).map(|l| l.trim().is_empty()), Some(false));
            }
        }

        /// Random trees from random legal games round-trip through their text.
        #[test]
        fn random_trees_round_trip(seed in 0u64..u64::MAX, plies in 0usize..40) {
            trees_round_trip(seed, plies);
        }

        /// Any text: the reader never panics, its items cover the text in order, and the
        /// splitter agrees with the iterator on where records begin.
        #[test]
        fn any_text_reads_without_panic(text in "(\\[A \"x\"\\]|[ \n{}*\\[\\]1/0e2-8a-d]|resign|pass){0,60}") {
            let mut end = 0;
            for item in read_records(&text, Notation::Standard) {
                proptest::prop_assert!(item.text_range.start == end);
                end = item.text_range.end;
                let _ = item.result;
            }
            proptest::prop_assert!(text[end..].trim().is_empty());
            // As the fuzz target asks of every record that reads: it writes back to
            // text that reads as the same record, and to the same text again.
            if let Ok(record) = Record::parse(&text, Notation::Standard) {
                let written = record.to_string();
                let back = Record::parse(&written, Notation::Standard);
                proptest::prop_assert_eq!(back.as_ref(), Ok(&record), "{}", written);
                proptest::prop_assert_eq!(back.map(|b| b.to_string()), Ok(written));
            }
        }

        /// Move lists with comments, round numbers and tokens, valid more often than
        /// random text is.
        #[test]
        fn commented_move_lists_write_back(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::strategy::Just(String::from("e2")),
                    proptest::strategy::Just(String::from("e8")),
                    proptest::strategy::Just(String::from("e3")),
                    proptest::strategy::Just(String::from("e7")),
                    proptest::strategy::Just(String::from("d4h")),
                    proptest::strategy::Just(String::from("resign")),
                    "\\{[ a-z\\[\\]\n*{-]{0,8}\\}",
                    proptest::strategy::Just(String::from("\n")),
                    proptest::strategy::Just(String::from("*")),
                    proptest::strategy::Just(String::from("1-0")),
                    proptest::strategy::Just(String::from("0-1")),
                ],
                0..12,
            )
        ) {
            let text = parts.join(" ");
            if let Ok(record) = Record::parse(&text, Notation::Standard) {
                let written = record.to_string();
                let back = Record::parse(&written, Notation::Standard);
                proptest::prop_assert_eq!(back.as_ref(), Ok(&record), "{}", written);
            }
        }
    }
}
