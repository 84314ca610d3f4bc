//! Game records: tag lines and a move list.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::{parse_move, WallGoIllegal, WallGoMove, WallGoOutcome, WallGoPosition, WallGoTextError};
use wallrush_core::text::ParseError;

/// A recorded Wall Go game: the start, the moves, and any extra tags.
///
/// The text form (`Display` / `FromStr`) is a block of tag lines `[Name "value"]`, a blank
/// line, and the moves in the notation of [`WallGoMove`] separated by white space (ten to
/// a line when written; move numbers like `12.` are skipped when read):
///
/// ```text
/// [Game "wallgo"]
/// [Players "2"]
/// [Start "fixed"]
/// [Result "*"]
///
/// b2-c3n b4e
/// ```
///
/// Tags the library reads: `Game` (optional, must be `wallgo`), `Players` (required, 2–4),
/// `Start` (optional: `fixed` for the two-player fixed start, `placement`, or a one-line
/// position text; by default the standard start of [`WallGoPosition::new`]) and `Result`
/// (optional: a player's name, `draw`, or `*` for a game not over; checked against the
/// replay). Other tags are kept in order and written back after those.
///
/// ```
/// use wallrush_territory::wallgo::{WallGoPosition, WallGoRecord};
/// let mut rec = WallGoRecord::new(WallGoPosition::two_player());
/// rec.play("b2-c3n".parse()?)?;
/// rec.play("b4e".parse()?)?;
/// let text = rec.to_string();
/// assert!(text.ends_with("\nb2-c3n b4e\n"));
/// assert_eq!(text.parse::<WallGoRecord>()?, rec);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WallGoRecord {
    start: WallGoPosition,
    moves: Vec<WallGoMove>,
    position: WallGoPosition,
    tags: Vec<(String, String)>,
}

/// A record that cannot be read: the line, tag or move at fault.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WallGoRecordError {
    /// A line in the tag block that is not `[Name "value"]`.
    #[error("line {0}: expected a tag like [Name \"value\"]")]
    Tag(usize),
    /// A tag line after the first move.
    #[error("line {0}: tag after the moves")]
    LateTag(usize),
    /// The same tag twice.
    #[error("tag {0} given twice")]
    DuplicateTag(String),
    /// A tag name or value that cannot be written (empty or non-alphanumeric name; `"`,
    /// `]` or a line break in the value).
    #[error("tag {0}: name must be letters, digits or '_', value must not hold '\"', ']' or a line break")]
    TagText(String),
    /// `Game` is not `wallgo`.
    #[error("Game tag: expected \"wallgo\", found {0:?}")]
    Game(String),
    /// No `Players` tag.
    #[error("missing Players tag")]
    MissingPlayers,
    /// `Players` is not 2, 3 or 4.
    #[error("Players tag: expected 2, 3 or 4, found {0:?}")]
    Players(String),
    /// `Start` is not `fixed`, `placement` or a valid position text.
    #[error("Start tag: {0}")]
    Start(WallGoTextError),
    /// `Start` is `fixed` but there are not two players.
    #[error("Start tag: the fixed start is for 2 players")]
    FixedStart,
    /// The `Start` position has another player count than `Players`.
    #[error("Start tag: the position has {found} players, the Players tag says {expected}")]
    StartPlayers {
        /// From the `Players` tag.
        expected: u8,
        /// In the start position.
        found: u8,
    },
    /// `Result` is not a player's name, `draw` or `*`.
    #[error("Result tag: expected a player's name, draw or *, found {0:?}")]
    ResultText(String),
    /// `Result` disagrees with the replayed game.
    #[error("Result tag says {tag} but the moves give {actual}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// What the replay gives.
        actual: String,
    },
    /// A move that does not parse (`ply` counts from 1).
    #[error("move {ply} {text:?}: {error}")]
    Move {
        /// Which move.
        ply: usize,
        /// Its text.
        text: String,
        /// Where it stops making sense.
        error: ParseError,
    },
    /// The text is longer than [`MAX_RECORD_BYTES`](wallrush_core::text::MAX_RECORD_BYTES);
    /// nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = wallrush_core::text::MAX_RECORD_BYTES)]
    TooLong(usize),
    /// A move that is illegal where it is played (`ply` counts from 1).
    #[error("move {ply} ({mv}): {reason}")]
    Illegal {
        /// Which move.
        ply: usize,
        /// The move.
        mv: WallGoMove,
        /// The rule it breaks.
        reason: WallGoIllegal,
    },
}

/// The tags the library reads itself.
const RESERVED: [&str; 4] = ["Game", "Players", "Start", "Result"];

impl WallGoRecord {
    /// An empty record starting at `start`.
    pub fn new(start: WallGoPosition) -> WallGoRecord {
        WallGoRecord { position: start.clone(), start, moves: Vec::new(), tags: Vec::new() }
    }

    /// The start.
    pub fn start(&self) -> &WallGoPosition {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[WallGoMove] {
        &self.moves
    }

    /// The position after the last move.
    pub fn position(&self) -> &WallGoPosition {
        &self.position
    }

    /// The extra tags (all but `Game`, `Players`, `Start`, `Result`), in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets an extra tag (replacing one of the same name).
    ///
    /// # Errors
    /// [`WallGoRecordError::TagText`] for a name that is reserved, empty or not letters,
    /// digits and `_`, or a value with `"`, `]` or a line break.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), WallGoRecordError> {
        let name_ok = !name.is_empty()
            && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
            && !RESERVED.contains(&name);
        if !name_ok || value.contains(['"', ']', '\n', '\r']) {
            return Err(WallGoRecordError::TagText(name.to_string()));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Plays `m` on the current position and records it.
    ///
    /// # Errors
    /// [`WallGoIllegal`] if `m` is illegal; the record is unchanged.
    pub fn play(&mut self, m: WallGoMove) -> Result<(), WallGoIllegal> {
        self.position.play(m)?;
        self.moves.push(m);
        Ok(())
    }

    /// The `Result` value the game gives: the winner's name, `draw`, or `*` while the game
    /// is not over.
    pub fn result_text(&self) -> &'static str {
        match self.position.outcome() {
            Some(WallGoOutcome::Win { player, .. }) => player.name(),
            Some(WallGoOutcome::Draw) => "draw",
            None => "*",
        }
    }

    fn start_text(&self) -> String {
        let n = self.start.players();
        if n == 2 && self.start == WallGoPosition::two_player() {
            "fixed".to_string()
        } else if WallGoPosition::placement(n).is_ok_and(|p| p == self.start) {
            "placement".to_string()
        } else {
            self.start.text()
        }
    }
}

impl fmt::Display for WallGoRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Game \"wallgo\"]")?;
        writeln!(f, "[Players \"{}\"]", self.start.players())?;
        writeln!(f, "[Start \"{}\"]", self.start_text())?;
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        writeln!(f, "[Result \"{}\"]", self.result_text())?;
        writeln!(f)?;
        for line in self.moves.chunks(10) {
            for (i, m) in line.iter().enumerate() {
                write!(f, "{}{m}", if i > 0 { " " } else { "" })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Reads `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let value = rest.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    let name_ok = !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    (name_ok && !value.contains('"')).then_some((name, value))
}

impl FromStr for WallGoRecord {
    type Err = WallGoRecordError;

    fn from_str(s: &str) -> Result<WallGoRecord, WallGoRecordError> {
        use WallGoRecordError as E;
        if s.len() > wallrush_core::text::MAX_RECORD_BYTES {
            return Err(E::TooLong(s.len()));
        }
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut names = alloc::collections::BTreeSet::new();
        let mut move_text: Vec<&str> = Vec::new();
        for (i, raw) in s.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                if !move_text.is_empty() {
                    return Err(E::LateTag(i + 1));
                }
                let (name, value) = parse_tag(line).ok_or(E::Tag(i + 1))?;
                if !names.insert(name) {
                    return Err(E::DuplicateTag(name.to_string()));
                }
                tags.push((name.to_string(), value.to_string()));
            } else {
                move_text.extend(line.split_ascii_whitespace());
            }
        }
        let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        if let Some(game) = tag("Game").filter(|&g| g != "wallgo") {
            return Err(E::Game(game.to_string()));
        }
        let players_text = tag("Players").ok_or(E::MissingPlayers)?;
        let players = match players_text {
            "2" => 2,
            "3" => 3,
            "4" => 4,
            other => return Err(E::Players(other.to_string())),
        };
        let start = match tag("Start") {
            None => WallGoPosition::new(players).expect("2 to 4 players"),
            Some("fixed") if players == 2 => WallGoPosition::two_player(),
            Some("fixed") => return Err(E::FixedStart),
            Some("placement") => WallGoPosition::placement(players).expect("2 to 4 players"),
            Some(text) => {
                let pos = WallGoPosition::from_text(text).map_err(E::Start)?;
                if pos.players() != players {
                    return Err(E::StartPlayers { expected: players, found: pos.players() });
                }
                pos
            }
        };
        let result = tag("Result");
        if let Some(r) = result {
            let known = r == "draw" || r == "*" || r.parse::<super::Player>().is_ok_and(|p| p.name() == r);
            if !known {
                return Err(E::ResultText(r.to_string()));
            }
        }
        let mut record = WallGoRecord::new(start);
        record.tags = tags.iter().filter(|(n, _)| !RESERVED.contains(&n.as_str())).cloned().collect();
        let mut ply = 0;
        for text in move_text {
            let is_number = text
                .strip_suffix('.')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
            if is_number {
                continue;
            }
            ply += 1;
            let mv = parse_move(text).map_err(|error| E::Move { ply, text: text.to_string(), error })?;
            record.play(mv).map_err(|reason| E::Illegal { ply, mv, reason })?;
        }
        if let Some(r) = result {
            let actual = record.result_text();
            if r != actual {
                return Err(E::ResultMismatch { tag: r.to_string(), actual: actual.to_string() });
            }
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line_tag_or_move() {
        let cases = [
            ("[Players 2]\n", "line 1: expected a tag like [Name \"value\"]"),
            ("[Players \"2\"]\nb2n\n[Event \"x\"]\n", "line 3: tag after the moves"),
            ("[Players \"2\"]\n[Players \"3\"]\n", "tag Players given twice"),
            ("[Game \"chess\"]\n[Players \"2\"]\n", "Game tag: expected \"wallgo\", found \"chess\""),
            ("b2n\n", "missing Players tag"),
            ("[Players \"5\"]\n", "Players tag: expected 2, 3 or 4, found \"5\""),
            ("[Players \"3\"]\n[Start \"fixed\"]\n", "Start tag: the fixed start is for 2 players"),
            (
                "[Players \"2\"]\n[Start \"nonsense\"]\n",
                "Start tag: expected 4 fields (pieces, walls, turn, breaks), found 1",
            ),
            (
                "[Players \"3\"]\n[Start \"b2,d2,d6,f6/b4,b6,f2,f4 - R -\"]\n",
                "Start tag: the position has 2 players, the Players tag says 3",
            ),
            (
                "[Players \"2\"]\n[Result \"Red\"]\n",
                "Result tag: expected a player's name, draw or *, found \"Red\"",
            ),
            ("[Players \"2\"]\n[Result \"red\"]\n", "Result tag says red but the moves give *"),
            ("[Players \"2\"]\n\nb2n b4e b2q\n", "move 3 \"b2q\": expected a side: n, e, s or w at byte 2"),
            ("[Players \"2\"]\n\n1. b2n 2. b2n\n", "move 2 (b2n): no blue piece on b2"),
        ];
        for (text, msg) in cases {
            assert_eq!(text.parse::<WallGoRecord>().unwrap_err().to_string(), msg, "{text}");
        }
    }

    #[test]
    fn extra_tags_survive() {
        let mut rec = WallGoRecord::new(WallGoPosition::new(3).unwrap());
        rec.set_tag("Event", "club night").unwrap();
        assert!(rec.set_tag("Result", "red").is_err());
        assert!(rec.set_tag("Bad name", "x").is_err());
        assert!(rec.set_tag("Note", "a \"quote\"").is_err());
        rec.play("@d4".parse().unwrap()).unwrap();
        let text = rec.to_string();
        assert!(text.contains("[Start \"placement\"]\n[Event \"club night\"]\n"));
        assert_eq!(text.parse::<WallGoRecord>().unwrap(), rec);
    }
}
