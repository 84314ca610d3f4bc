//! A Wall Go game: its start, the moves played with what undoes them, the position now,
//! free-form tags, and the record text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use wallrush_core::text::{ParseError, MAX_RECORD_BYTES};

use super::{parse_move, Illegal, Move, Outcome, Player, Position, PositionTextError, SetupError, Undo};
use crate::grid::tags::{self, TagError};

/// A Wall Go game: the start, the moves played (each with what [`undo`](Self::undo)
/// needs), the position now and free-form tags; its text form is the record.
///
/// The record text (`Display` / `FromStr`, [`from_record`](Self::from_record)) is a
/// block of tag lines `[Name "value"]`, a blank line, and the moves in the notation of
/// [`Move`] separated by white space (ten to a line when written; move numbers like `12.`
/// are skipped when read):
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
/// position text; by default the standard start of [`Position::new`]) and `Result`
/// (optional: a player's name, `draw`, or `*` for a game not over; checked against the
/// replay). Other tags are kept in order and written back after `Start`. Tag lines are
/// those of the card game's records too: `\"` and `\\` stand for a quote and a
/// backslash inside a value.
///
/// ```
/// use wallrush_territory::wallgo::{Game, Player};
/// let mut game = Game::default(); // two players, the fixed start
/// game.play("b2-c3n".parse()?)?;
/// game.play("b4e".parse()?)?;
/// let text = game.to_string();
/// assert!(text.ends_with("\nb2-c3n b4e\n"));
/// assert_eq!(text.parse::<Game>()?, game);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("b4e".to_string()));
/// assert_eq!(game.position().turn(), Player::Blue);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    tags: Vec<(String, String)>,
    start: Position,
    moves: Vec<Move>,
    /// What takes back each move, in order.
    undos: Vec<Undo>,
    position: Position,
}

/// A record that cannot be read: the line, tag or move at fault.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// A line in the tag block that is not `[Name "value"]`.
    #[error("line {0}: expected a tag like [Name \"value\"]")]
    Tag(usize),
    /// A tag line after the first move.
    #[error("line {0}: tag after the moves")]
    LateTag(usize),
    /// The same tag twice.
    #[error("tag {0} given twice")]
    DuplicateTag(String),
    /// A tag that [`Game::set_tag`] refuses: a name that is reserved, empty or not
    /// letters, digits and `_`; or `"`, `]` or a line break in the value.
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
    Start(PositionTextError),
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
    /// The text is longer than [`MAX_RECORD_BYTES`];
    /// nothing of it was read.
    #[error("text of {0} bytes is over the limit of {max} bytes", max = MAX_RECORD_BYTES)]
    TooLong(usize),
    /// A move that is illegal where it is played (`ply` counts from 1).
    #[error("move {ply} ({mv}): {reason}")]
    Illegal {
        /// Which move.
        ply: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        reason: Illegal,
    },
}

/// The tags the library reads itself.
const RESERVED: [&str; 4] = ["Game", "Players", "Start", "Result"];

impl Default for Game {
    /// A two-player game from the fixed start.
    fn default() -> Game {
        Game::from_position(Position::two_player())
    }
}

impl Game {
    /// A game from the standard start for `players` (see [`Position::new`]): the fixed
    /// start for two, a placement setup for three or four.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless `players` is 2, 3 or 4.
    pub fn new(players: u8) -> Result<Game, SetupError> {
        Position::new(players).map(Game::from_position)
    }

    /// A game from any position.
    pub fn from_position(start: Position) -> Game {
        Game { tags: Vec::new(), position: start.clone(), start, moves: Vec::new(), undos: Vec::new() }
    }

    /// The position the game started from.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The position now.
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The free-form tags (all but `Game`, `Players`, `Start`, `Result`, which the record
    /// writes from the game), in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a free-form tag (replacing the value of one of the same name).
    ///
    /// # Errors
    /// [`RecordError::TagText`] for a name that is reserved, empty or not letters,
    /// digits and `_`, or a value with `"`, `]` or a line break; the game is unchanged.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        if !tags::valid_name(name) || RESERVED.contains(&name) || value.contains(['"', ']', '\n', '\r']) {
            return Err(RecordError::TagText(name.to_string()));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Removes the free-form tag `name` and returns its value (`None` when there is no
    /// such tag).
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let i = self.tags.iter().position(|(n, _)| n == name)?;
        Some(self.tags.remove(i).1)
    }

    /// Plays `m` if it is legal here; a refused move changes nothing.
    ///
    /// # Errors
    /// The [`Illegal`] rule `m` breaks, as [`Position::check`].
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        self.position.check(m)?;
        self.undos.push(self.position.make(m));
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let undo = self.undos.pop()?;
        self.position.unmake(undo);
        self.moves.pop()
    }

    /// How the game ended, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The `Result` value the game gives: the winner's name, `draw`, or `*` while the game
    /// is not over.
    pub fn result_text(&self) -> &'static str {
        match self.position.outcome() {
            Some(Outcome::Win { player, .. }) => player.name(),
            Some(Outcome::Draw) => "draw",
            None => "*",
        }
    }

    fn start_text(&self) -> String {
        let n = self.start.players();
        if n == 2 && self.start == Position::two_player() {
            "fixed".to_string()
        } else if Position::placement(n).is_ok_and(|p| p == self.start) {
            "placement".to_string()
        } else {
            self.start.text()
        }
    }

    /// Reads a record text (see the type's docs).
    ///
    /// # Errors
    /// [`RecordError`] naming the line, tag or move at fault; text over
    /// [`MAX_RECORD_BYTES`] is refused unread.
    pub fn from_record(s: &str) -> Result<Game, RecordError> {
        use RecordError as E;
        if s.len() > MAX_RECORD_BYTES {
            return Err(E::TooLong(s.len()));
        }
        let sections = tags::split(s).map_err(|e| match e {
            TagError::Malformed(line) => E::Tag(line),
            TagError::Duplicate(_, name) => E::DuplicateTag(name),
            TagError::AfterMoves(line) => E::LateTag(line),
        })?;
        let tag = |name: &str| sections.tag(name);
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
            None => Position::new(players).expect("2 to 4 players"),
            Some("fixed") if players == 2 => Position::two_player(),
            Some("fixed") => return Err(E::FixedStart),
            Some("placement") => Position::placement(players).expect("2 to 4 players"),
            Some(text) => {
                let pos = Position::from_text(text).map_err(E::Start)?;
                if pos.players() != players {
                    return Err(E::StartPlayers { expected: players, found: pos.players() });
                }
                pos
            }
        };
        let result = tag("Result");
        if let Some(r) = result {
            let known = r == "draw" || r == "*" || r.parse::<Player>().is_ok_and(|p| p.name() == r);
            if !known {
                return Err(E::ResultText(r.to_string()));
            }
        }
        let mut game = Game::from_position(start);
        game.tags = sections.tags.iter().filter(|(n, _)| !RESERVED.contains(&n.as_str())).cloned().collect();
        let mut ply = 0;
        for text in sections.lines.iter().flat_map(|(_, line)| line.split_ascii_whitespace()) {
            let is_number = text
                .strip_suffix('.')
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
            if is_number {
                continue;
            }
            ply += 1;
            let mv = parse_move(text).map_err(|error| E::Move { ply, text: text.to_string(), error })?;
            game.play(mv).map_err(|reason| E::Illegal { ply, mv, reason })?;
        }
        if let Some(r) = result {
            let actual = game.result_text();
            if r != actual {
                return Err(E::ResultMismatch { tag: r.to_string(), actual: actual.to_string() });
            }
        }
        Ok(game)
    }
}

impl fmt::Display for Game {
    /// The record text (see the type's docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tags::write(f, "Game", "wallgo")?;
        tags::write(f, "Players", &self.start.players().to_string())?;
        tags::write(f, "Start", &self.start_text())?;
        for (name, value) in &self.tags {
            tags::write(f, name, value)?;
        }
        tags::write(f, "Result", self.result_text())?;
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

impl FromStr for Game {
    type Err = RecordError;

    /// Reads a record text, as [`Game::from_record`].
    fn from_str(s: &str) -> Result<Game, RecordError> {
        Game::from_record(s)
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
            assert_eq!(text.parse::<Game>().unwrap_err().to_string(), msg, "{text}");
        }
    }

    #[test]
    fn extra_tags_survive() {
        let mut game = Game::new(3).unwrap();
        game.set_tag("Event", "club night").unwrap();
        assert!(game.set_tag("Result", "red").is_err());
        assert!(game.set_tag("Bad name", "x").is_err());
        assert!(game.set_tag("Note", "a \"quote\"").is_err());
        game.play("@d4".parse().unwrap()).unwrap();
        let text = game.to_string();
        assert!(text.contains("[Start \"placement\"]\n[Event \"club night\"]\n"));
        assert_eq!(text.parse::<Game>().unwrap(), game);
        game.set_tag("Round", "2").unwrap();
        assert_eq!(game.remove_tag("Event").as_deref(), Some("club night"));
        assert_eq!(game.remove_tag("Event"), None);
        assert_eq!(game.tags(), [("Round".to_string(), "2".to_string())]);
    }

    #[test]
    fn tag_values_read_from_a_record_are_written_back_the_same() {
        // What `set_tag` refuses may still come from a record, escaped as in the card
        // game's records: it is kept, and written back as it was read.
        let text = "[Game \"wallgo\"]\n[Players \"2\"]\n[Start \"fixed\"]\n\
                    [Event \"a]b\"]\n[Note \"say \\\"hi\\\" \\\\ bye\"]\n[Result \"*\"]\n\nb2-c3n\n";
        let game: Game = text.parse().unwrap();
        assert_eq!(game.tags()[1].1, "say \"hi\" \\ bye");
        assert_eq!(game.to_string(), text);
    }

    #[test]
    fn undo_restores_every_position() {
        let mut game = Game::new(4).unwrap();
        let mut seen = alloc::vec![game.position().clone()];
        let mut bot = super::super::GreedyBot::new(3);
        while let Some(m) = bot.choose(game.position()) {
            game.play(m).unwrap();
            seen.push(game.position().clone());
        }
        assert!(game.outcome().is_some());
        assert_eq!(game.moves().len() + 1, seen.len());
        while let Some(m) = game.undo() {
            seen.pop();
            assert_eq!(game.position(), seen.last().unwrap(), "after taking back {m}");
            assert_eq!(game.position().verify_caches(), Ok(()));
        }
        assert_eq!(game.position(), game.start());
        assert_eq!(game, Game::new(4).unwrap());
    }
}
