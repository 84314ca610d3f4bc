//! Games: a position with its history, undo and redo, resignation and draw rules
//! (RULES.md §6).

use alloc::collections::btree_map::{BTreeMap, Entry};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::notation::{IllegalText, MoveTextError, Notation, Refusal};
use crate::text::{parse_u32, ParseError};
use crate::{
    CompactMove, DrawReason, Illegal, IllegalMove, Move, MoveList, Outcome, Position, ResignError, Seat,
    Variant,
};

/// One entry of a game's history: a move (a ply) or a resignation (RULES.md §6:
/// resignation is a game action, not a move, and not a ply).
///
/// `Display` and `FromStr` write a move in standard notation and a resignation as
/// `resign(south)`; in a move list the seat is left out when the seat to move resigns
/// (see [`Record`](crate::Record)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A move of the seat to move.
    Move(Move),
    /// This seat resigned.
    Resign(Seat),
}

impl From<Move> for Action {
    fn from(m: Move) -> Action {
        Action::Move(m)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => m.fmt(f),
            Action::Resign(seat) => write!(f, "resign({seat})"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;
    /// A standard move, or `resign(seat)`.
    fn from_str(s: &str) -> Result<Action, ParseError> {
        match parse_resign(s)? {
            Some(Some(seat)) => Ok(Action::Resign(seat)),
            Some(None) => Err(ParseError::new(6, "'(' and the seat that resigns")),
            None => Ok(Action::Move(s.parse()?)),
        }
    }
}

/// `resign` (`Some(None)`), `resign(seat)` (`Some(Some(seat))`) or not a resignation
/// (`None`).
pub(crate) fn parse_resign(s: &str) -> Result<Option<Option<Seat>>, ParseError> {
    let Some(rest) = s.strip_prefix("resign") else {
        return Ok(None);
    };
    if rest.is_empty() {
        return Ok(Some(None));
    }
    let Some(inner) = rest.strip_prefix('(') else {
        return Err(ParseError::new(6, "'(' or the end of the action"));
    };
    let Some(name) = inner.strip_suffix(')') else {
        return Err(ParseError::new(s.len(), "')' after the seat"));
    };
    match name.parse::<Seat>() {
        Ok(seat) => Ok(Some(Some(seat))),
        Err(_) => Err(ParseError::new(7, "a seat: south, west, north or east")),
    }
}

/// The draw rules a game plays by (RULES.md §6): both off unless chosen.
///
/// `Display` and `FromStr` write them as the record's `Draw` tag does:
/// `repetition=3 ply_limit=500`, `repetition=3`, `ply_limit=500`, or `none`.
///
/// ```
/// use wallrush_core::DrawOptions;
/// assert_eq!(DrawOptions::PAWN_PATH_GAME.to_string(), "repetition=3 ply_limit=500");
/// assert_eq!("ply_limit=200".parse::<DrawOptions>()?, DrawOptions { repetition: None, ply_limit: Some(200) });
/// assert_eq!(DrawOptions::default(), DrawOptions::NONE);
/// # Ok::<(), wallrush_core::ParseDrawError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DrawOptions {
    /// Drawn when the same position (pawn squares, walls, wall counts and seat to move)
    /// has been seen this many times, the starting position counting once. `Some(0)`
    /// and `Some(1)` draw at once.
    pub repetition: Option<u32>,
    /// Drawn once this many plies (moves, passes included; resignations are not plies)
    /// have been played without a win. `Some(0)` draws at once.
    pub ply_limit: Option<u32>,
}

impl DrawOptions {
    /// The repetition count used when repetition is on and no count is named: 3.
    pub const DEFAULT_REPETITION: u32 = 3;
    /// The ply limit used when the limit is on and no number is named: 500.
    pub const DEFAULT_PLY_LIMIT: u32 = 500;
    /// No draw rules (the default).
    pub const NONE: DrawOptions = DrawOptions { repetition: None, ply_limit: None };
    /// WallRush's rules: no draws.
    pub const WALLRUSH: DrawOptions = DrawOptions::NONE;
    /// Pawn Path Game's rules: threefold repetition and 500 plies.
    pub const PAWN_PATH_GAME: DrawOptions = DrawOptions {
        repetition: Some(DrawOptions::DEFAULT_REPETITION),
        ply_limit: Some(DrawOptions::DEFAULT_PLY_LIMIT),
    };

    /// Whether no draw rule is on.
    pub const fn is_none(self) -> bool {
        self.repetition.is_none() && self.ply_limit.is_none()
    }
}

impl fmt::Display for DrawOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.repetition, self.ply_limit) {
            (None, None) => f.write_str("none"),
            (Some(k), None) => write!(f, "repetition={k}"),
            (None, Some(l)) => write!(f, "ply_limit={l}"),
            (Some(k), Some(l)) => write!(f, "repetition={k} ply_limit={l}"),
        }
    }
}

/// Draw options text that is not `none` or `repetition=K` and/or `ply_limit=N`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected draw options: none, repetition=K and/or ply_limit=N")]
pub struct ParseDrawError;

impl FromStr for DrawOptions {
    type Err = ParseDrawError;
    fn from_str(s: &str) -> Result<DrawOptions, ParseDrawError> {
        if s == "none" {
            return Ok(DrawOptions::NONE);
        }
        let mut d = DrawOptions::NONE;
        let mut any = false;
        for part in s.split(' ') {
            let (key, value) = part.split_once('=').ok_or(ParseDrawError)?;
            let value = parse_u32(value).ok_or(ParseDrawError)?;
            let slot = match key {
                "repetition" => &mut d.repetition,
                "ply_limit" => &mut d.ply_limit,
                _ => return Err(ParseDrawError),
            };
            if slot.replace(value).is_some() {
                return Err(ParseDrawError);
            }
            any = true;
        }
        if any {
            Ok(d)
        } else {
            Err(ParseDrawError)
        }
    }
}

#[derive(Clone, Debug)]
struct Step {
    action: Action,
    after: Position,
    /// Times `after` has been seen so far, this time included (kept while the game
    /// indexes repetitions, see [`Game::index`]; 0 otherwise).
    seen: u32,
    /// Plies played up to and including this step.
    plies: u32,
    /// The latest earlier position (0 the start, `i` after step `i`) with the same
    /// Zobrist key, which this step replaced in [`Game::index`] (`None` while the game
    /// does not index repetitions).
    prev_same_key: Option<u32>,
}

/// A game: a starting position, the actions played from it, the position they lead
/// to, and the draw rules it plays by.
///
/// ```
/// use wallrush_core::{DrawOptions, DrawReason, Game, Outcome, Seat};
/// let mut game = Game::classic().with_draw_options(DrawOptions::PAWN_PATH_GAME);
/// for m in ["e2", "e8", "e1", "e9", "e2", "e8", "e1", "e9"] {
///     game.play(m.parse()?)?;
/// }
/// assert_eq!(game.repetitions(), 3); // the start, seen for the third time
/// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
/// assert!(game.play("e2".parse()?).is_err());
/// game.undo();
/// assert_eq!(game.outcome(), None);
/// game.resign(Seat::South)?;
/// assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Seat::North));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Equality compares the start, the draw options and the actions; the redo line is not
/// compared.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    steps: Vec<Step>,
    redo: Vec<Action>,
    draw: DrawOptions,
    /// While a repetition draw rule is on: for every Zobrist key in the history, the
    /// latest position with it (0 the start, `i` after step `i`); each step keeps the
    /// entry it replaced, so positions with one key form a chain back through the game,
    /// and a push counts its repetitions in a logarithm of the game's length.
    ///
    /// Without the rule nothing needs the count at every ply, so no map is kept (it was
    /// about a twentieth of a random playout's ply from Python);
    /// [`repetitions`](Game::repetitions) then counts back through the history since
    /// the last change of the walls in hand.
    index: Option<BTreeMap<u64, u32>>,
}

impl Default for Game {
    fn default() -> Game {
        Game::classic()
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start
            && self.draw == other.draw
            && self.steps.len() == other.steps.len()
            && self.actions().eq(other.actions())
    }
}

impl Eq for Game {}

impl Game {
    /// A game of `variant` from its start, with no draw rules.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A classic two-player game from the start, with no draw rules.
    pub fn classic() -> Game {
        Game::new(Variant::classic())
    }

    /// A game from `start` (any legal position), with no draw rules. Plies and
    /// repetitions are counted from `start`.
    pub fn from_position(start: Position) -> Game {
        Game { start, steps: Vec::new(), redo: Vec::new(), draw: DrawOptions::NONE, index: None }
    }

    /// The same game playing by `draw`.
    #[must_use]
    pub fn with_draw_options(mut self, draw: DrawOptions) -> Game {
        self.set_draw_options(draw);
        self
    }

    /// Changes the draw rules. They judge the current position only: turning them on
    /// late does not look back for an earlier draw.
    pub fn set_draw_options(&mut self, draw: DrawOptions) {
        self.draw = draw;
        match (draw.repetition.is_some(), self.index.is_some()) {
            (true, false) => self.build_index(),
            (false, true) => {
                self.index = None;
                for step in &mut self.steps {
                    (step.seen, step.prev_same_key) = (0, None);
                }
            }
            _ => {}
        }
    }

    /// Indexes the history's repetitions (see [`Game::index`]): each step's count and
    /// chain, as if the game had been played with the index on.
    fn build_index(&mut self) {
        let mut index = BTreeMap::from([(self.start.zobrist(), 0)]);
        for n in 0..self.steps.len() {
            let (earlier, new) = self.steps.split_at_mut(n);
            record(&mut index, &self.start, earlier, &mut new[0]);
        }
        self.index = Some(index);
    }

    /// The draw rules.
    pub const fn draw_options(&self) -> DrawOptions {
        self.draw
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The starting position.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.steps.last().map_or(&self.start, |s| &s.after)
    }

    /// The position after the first `i` actions (`0` is the start), or `None` past the
    /// end of the history.
    pub fn position_at(&self, i: usize) -> Option<&Position> {
        match i {
            0 => Some(&self.start),
            _ => self.steps.get(i - 1).map(|s| &s.after),
        }
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.position().turn()
    }

    /// The actions played, in order.
    pub fn actions(&self) -> impl DoubleEndedIterator<Item = Action> + ExactSizeIterator + '_ {
        self.steps.iter().map(|s| s.action)
    }

    /// The moves played, in order (resignations left out).
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.actions().filter_map(|a| match a {
            Action::Move(m) => Some(m),
            Action::Resign(_) => None,
        })
    }

    /// How many actions have been played.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no action has been played.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// Plies played from the start (moves and passes; resignations are not plies).
    pub fn plies(&self) -> u32 {
        self.steps.last().map_or(0, |s| s.plies)
    }

    /// How many times the current position has been seen, this time and the start
    /// included (positions are the same when their pawn squares, walls, wall counts and
    /// seat to move are).
    ///
    /// With a repetition draw rule on, the game keeps an index and this is a lookup;
    /// without one, it reads back through the plies since the last wall.
    pub fn repetitions(&self) -> u32 {
        match (&self.index, self.steps.last()) {
            (_, None) => 1,
            (Some(_), Some(last)) => last.seen,
            (None, Some(last)) => count_back(&self.start, &self.steps, &last.after),
        }
    }

    /// How the game ended, or `None` while it goes on: a win or a draw by passing as the
    /// position tells, else a draw by repetition, else by the ply limit.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position().outcome() {
            return Some(o);
        }
        self.draw_by_options().map(Outcome::Draw)
    }

    fn draw_by_options(&self) -> Option<DrawReason> {
        if self.draw.repetition.is_some_and(|k| self.repetitions() >= k) {
            return Some(DrawReason::Repetition);
        }
        if self.draw.ply_limit.is_some_and(|l| self.plies() >= l) {
            return Some(DrawReason::PlyLimit);
        }
        None
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves; empty when the game is over (the draw rules included).
    pub fn legal_moves(&self) -> MoveList {
        if self.draw_by_options().is_some() {
            return MoveList::new();
        }
        self.position().legal_moves()
    }

    /// Whether `m` is legal now.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// `Ok` if `m` is legal now, otherwise the rule it breaks.
    ///
    /// # Errors
    /// [`IllegalMove`] as [`Position::check`] gives it, or [`Illegal::GameOver`] when a
    /// draw rule has ended the game.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if self.draw_by_options().is_some() {
            return Err(IllegalMove::new(m, Illegal::GameOver, self.variant().size()));
        }
        self.position().check(m)
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] as [`check`](Self::check) gives it; the game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it.
    ///
    /// # Panics
    /// May panic, or leave the game inconsistent, if `m` is not legal.
    pub fn play_unchecked(&mut self, m: Move) {
        let plies = self.plies() + 1;
        self.push_with(Action::Move(m), plies, |after| after.play_unchecked(m));
    }

    /// [`play`](Self::play) for a compact move of this game's board, for
    /// [`actions::play_in_game`](crate::actions::play_in_game).
    pub(crate) fn play_compact(&mut self, m: CompactMove) -> Result<(), IllegalMove> {
        if self.draw_by_options().is_some() {
            let m = self.position().expand_move(m);
            return Err(IllegalMove::new(m, Illegal::GameOver, self.variant().size()));
        }
        self.position().check_compact(m)?;
        let mv = self.position().expand_move(m);
        let plies = self.plies() + 1;
        self.push_with(Action::Move(mv), plies, |after| after.play_compact_unchecked(m));
        Ok(())
    }

    /// `seat` resigns (RULES.md §6). With two seats the other wins; with four its pawn
    /// leaves the board and its turns are skipped. Any seat in play may resign, on its
    /// turn or not. The resignation is kept in the history, so [`undo`](Self::undo)
    /// takes it back.
    ///
    /// # Errors
    /// [`ResignError`] when the game is over or the seat is not in play.
    pub fn resign(&mut self, seat: Seat) -> Result<(), ResignError> {
        if self.draw_by_options().is_some() {
            return Err(ResignError::GameOver(seat));
        }
        // Rare: tried on a copy, so a refusal changes nothing.
        let mut after = self.position().clone();
        after.resign(seat)?;
        let plies = self.plies();
        self.push_with(Action::Resign(seat), plies, |copy| *copy = after);
        Ok(())
    }

    /// Plays a move or resignation.
    ///
    /// # Errors
    /// As [`play`](Self::play) and [`resign`](Self::resign), as an [`ActionError`].
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Move(m) => self.play(m).map_err(ActionError::Move),
            Action::Resign(seat) => self.resign(seat).map_err(ActionError::Resign),
        }
    }

    /// Reads `text` in `notation` as a move, or as `resign` (the seat to move resigns)
    /// or `resign(seat)`, and plays it.
    ///
    /// ```
    /// use wallrush_core::notation::Notation;
    /// use wallrush_core::{Action, Game, Seat};
    /// let mut game = Game::classic();
    /// game.play_text("H-d4", Notation::WallRush)?;
    /// assert_eq!(game.play_text("resign", Notation::WallRush)?, Action::Resign(Seat::North));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveTextError::Invalid`] for text that is neither, [`MoveTextError::Illegal`]
    /// for a move or resignation that is refused; the game is then unchanged.
    pub fn play_text(&mut self, text: &str, notation: Notation) -> Result<Action, MoveTextError> {
        let action = self.parse_action(text, notation)?;
        self.act_unchecked(action);
        Ok(action)
    }

    /// Reads `text` in `notation` as an action of the seat to move, without playing it:
    /// a move that must be legal now, `resign` or `resign(seat)`.
    ///
    /// # Errors
    /// As [`play_text`](Self::play_text).
    pub fn parse_action(&self, text: &str, notation: Notation) -> Result<Action, MoveTextError> {
        let pos = self.position();
        let over = self.draw_by_options().is_some();
        match parse_resign(text)? {
            Some(seat) => {
                let seat = seat.unwrap_or(pos.turn());
                // The checks of `Position::resign`, in its order, without a trial copy.
                let refused = if over || pos.is_game_over() {
                    Some(ResignError::GameOver(seat))
                } else if !pos.is_in_play(seat) {
                    Some(ResignError::NotInPlay(seat))
                } else {
                    None
                };
                match refused {
                    Some(e) => Err(self.refusal(text, notation, ActionError::Resign(e))),
                    None => Ok(Action::Resign(seat)),
                }
            }
            None => {
                let written = notation.parse(text)?;
                if over {
                    let e = IllegalMove::new(Move::Pass, Illegal::GameOver, 0);
                    return Err(self.refusal(text, notation, ActionError::Move(e)));
                }
                // The one legality check of a move read from text.
                Ok(Action::Move(written.to_move(pos)?))
            }
        }
    }

    /// Plays an action that [`parse_action`](Self::parse_action) (or a check of its
    /// own) found legal, without checking it again.
    pub(crate) fn act_unchecked(&mut self, action: Action) {
        match action {
            Action::Move(m) => self.play_unchecked(m),
            Action::Resign(seat) => {
                let plies = self.plies();
                self.push_with(Action::Resign(seat), plies, |after| {
                    let resigned = after.resign(seat);
                    debug_assert!(resigned.is_ok(), "an unchecked resignation that is refused");
                });
            }
        }
    }

    pub(crate) fn refusal(&self, text: &str, notation: Notation, e: ActionError) -> MoveTextError {
        let pos = self.position();
        let reason = match e {
            ActionError::Move(e) => Refusal::Illegal(e.reason()),
            ActionError::Resign(ResignError::GameOver(_)) => Refusal::Illegal(Illegal::GameOver),
            ActionError::Resign(ResignError::NotInPlay(seat)) => Refusal::NotInPlay(seat),
        };
        MoveTextError::Illegal(IllegalText::new(notation, pos, text, reason))
    }

    /// Adds a step: a copy of the current position, changed by `change`, which must not
    /// fail. The copy is made in place at the end of the history, so the position (over
    /// 400 bytes) is copied once rather than also moved through the stack.
    fn push_with(&mut self, action: Action, plies: u32, change: impl FnOnce(&mut Position)) {
        let n = self.steps.len();
        match n {
            0 => self.steps.push(Step {
                action,
                after: self.start.clone(),
                seen: 1,
                plies,
                prev_same_key: None,
            }),
            _ => self.steps.extend_from_within(n - 1..),
        }
        let (earlier, new) = self.steps.split_at_mut(n);
        let step = &mut new[0];
        change(&mut step.after);
        step.action = action;
        step.plies = plies;
        match &mut self.index {
            Some(index) => record(index, &self.start, earlier, step),
            None => (step.seen, step.prev_same_key) = (0, None),
        }
        if self.redo.last() == Some(&action) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
    }

    /// Takes back the last action (a move or a resignation) and returns it; it can be
    /// replayed with [`redo`](Self::redo). `None` at the start.
    pub fn undo(&mut self) -> Option<Action> {
        let step = self.steps.pop()?;
        if let Some(index) = &mut self.index {
            let key = step.after.zobrist();
            match step.prev_same_key {
                Some(prev) => index.insert(key, prev),
                None => index.remove(&key),
            };
        }
        self.redo.push(step.action);
        Some(step.action)
    }

    /// Replays the last action taken back and returns it; `None` when there is none or
    /// it is no longer legal (the draw rules were changed). Playing the action
    /// [`redo`](Self::redo) would play keeps the rest of the redo line; any other action
    /// clears it.
    pub fn redo(&mut self) -> Option<Action> {
        let action = *self.redo.last()?;
        let rest = core::mem::take(&mut self.redo);
        let ok = self.act(action).is_ok();
        self.redo = rest;
        if ok {
            self.redo.pop();
            Some(action)
        } else {
            None
        }
    }

    /// Forgets the actions [`redo`](Self::redo) would replay (a reader that takes back
    /// actions to read variations leaves none behind).
    pub(crate) fn clear_redo(&mut self) {
        self.redo.clear();
    }

    /// The actions [`redo`](Self::redo) would replay, next first.
    pub fn redo_actions(&self) -> impl Iterator<Item = Action> + '_ {
        self.redo.iter().rev().copied()
    }
}

/// Enters `step`, the step after `earlier`, in the repetition `index`: its count of
/// repetitions and the entry it replaces.
fn record(index: &mut BTreeMap<u64, u32>, start: &Position, earlier: &[Step], step: &mut Step) {
    let at = u32::try_from(earlier.len() + 1).unwrap_or(u32::MAX);
    // One walk of the map: the latest position with the key is read and replaced.
    (step.prev_same_key, step.seen) = match index.entry(step.after.zobrist()) {
        Entry::Occupied(mut latest) => {
            let prev = latest.insert(at);
            (Some(prev), seen_before(start, earlier, Some(prev), &step.after) + 1)
        }
        Entry::Vacant(latest) => {
            latest.insert(at);
            (None, 1)
        }
    };
}

/// How many times the history (`start`, then the positions after `steps`) has seen
/// `now`, the position after the last step, this time included; without the index.
///
/// Walls never return to a hand, and positions with different walls in hand differ, so
/// the walk stops at the first earlier position with more walls in hand: it reads only
/// the plies since the last wall (or since the start), comparing Zobrist keys first.
fn count_back(start: &Position, steps: &[Step], now: &Position) -> u32 {
    let key = now.zobrist();
    let hand = now.walls_in_hand();
    let before = steps.iter().rev().skip(1).map(|s| &s.after).chain(core::iter::once(start));
    let mut seen = 1;
    for pos in before {
        if pos.walls_in_hand() != hand {
            break;
        }
        if pos.zobrist() == key && same_state(pos, now) {
            seen += 1;
        }
    }
    seen
}

/// How many times the history (`start`, then the positions after `steps`) has seen `after`
/// so far, `latest` being the latest position with its Zobrist key (0 the start, `i`
/// after step `i`).
///
/// When that latest position is the same position its count already includes every
/// earlier one. Only a hash collision (a different position with the same key) walks
/// further back, along the chain of positions with that key. So a push costs a logarithm
/// of the game's length, never the length itself: a record of 10,000 shuffling plies on
/// the largest board reads in linear time.
fn seen_before(start: &Position, steps: &[Step], latest: Option<u32>, after: &Position) -> u32 {
    let mut at = latest;
    while let Some(i) = at {
        let (pos, seen, prev) = match i {
            0 => (start, 1, None),
            _ => {
                let step = &steps[i as usize - 1];
                (&step.after, step.seen, step.prev_same_key)
            }
        };
        if same_state(pos, after) {
            return seen;
        }
        at = prev;
    }
    0
}

/// Whether two positions of one game are the same for repetition: pawn squares, walls,
/// wall counts and seat to move (passes are not compared).
fn same_state(a: &Position, b: &Position) -> bool {
    a.turn() == b.turn()
        && a.pawns() == b.pawns()
        && Seat::ALL.iter().all(|&s| a.walls_left(s) == b.walls_left(s))
        && a.same_walls(b)
}

/// A move or resignation that a [`Game`] refuses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ActionError {
    /// The move is illegal.
    #[error(transparent)]
    Move(IllegalMove),
    /// The resignation cannot happen.
    #[error(transparent)]
    Resign(ResignError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn draw_text_round_trips() {
        for d in [
            DrawOptions::NONE,
            DrawOptions::PAWN_PATH_GAME,
            DrawOptions { repetition: Some(2), ply_limit: None },
            DrawOptions { repetition: None, ply_limit: Some(0) },
        ] {
            assert_eq!(d.to_string().parse::<DrawOptions>(), Ok(d));
        }
        for bad in ["", " ", "repetition", "repetition=", "repetition=03", "ply_limit=1 ply_limit=2", "x=1"] {
            assert!(bad.parse::<DrawOptions>().is_err(), "{bad}");
        }
    }

    #[test]
    fn actions_parse() {
        assert_eq!("resign(west)".parse::<Action>(), Ok(Action::Resign(Seat::West)));
        assert_eq!("d4h".parse::<Action>(), Ok(Action::Move("d4h".parse().unwrap())));
        for bad in ["resign", "resign(", "resign()", "resign(up)", "resignx", "resign(west"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        assert_eq!(Action::Resign(Seat::North).to_string(), "resign(north)");
    }

    #[test]
    fn repetitions_are_counted_since_the_last_wall() {
        let mut g = Game::classic();
        g.play_moves_text("e2 e8 e1 e9", Notation::Standard).unwrap();
        assert_eq!(g.repetitions(), 2, "the start, seen again");
        // After a wall no earlier position can come back; the count starts afresh ...
        g.play_moves_text("a1h e8", Notation::Standard).unwrap();
        assert_eq!(g.repetitions(), 1);
        g.play_moves_text("e2 e9 e1 e8", Notation::Standard).unwrap();
        assert_eq!(g.repetitions(), 2);
        g.play_moves_text("e2 e9 e1 e8", Notation::Standard).unwrap();
        assert_eq!(g.repetitions(), 3);
        // ... and undo and redo keep it (south e1, north e9, north to move: seen right
        // after a1h and after each shuffle).
        g.undo();
        assert_eq!(g.repetitions(), 3);
        g.redo();
        assert_eq!(g.repetitions(), 3);
        // A resignation changes the pawns: nothing before it repeats.
        let mut g = Game::new(Variant::four_player());
        g.play_moves_text("e2 b5 e8 h5 e1 a5 e9 i5", Notation::Standard).unwrap();
        assert_eq!(g.repetitions(), 2);
        g.resign(Seat::West).unwrap();
        assert_eq!(g.repetitions(), 1);
    }

    /// The repetition count by brute force: every position of the history equal to
    /// the current one.
    fn repetitions_by_brute_force(g: &Game) -> u32 {
        let now = g.position();
        let count = (0..=g.len()).filter(|&i| same_state(g.position_at(i).unwrap(), now)).count();
        u32::try_from(count).unwrap()
    }

    #[test]
    fn repetitions_are_the_same_with_and_without_the_index() {
        // Random games that mostly shuffle pawns (so positions repeat), with walls,
        // resignations, undo and redo, and the repetition rule turned on and off: at
        // every step the count without the index (walking back), the count of a twin
        // game that keeps the index, and a brute-force count agree.
        let never = DrawOptions { repetition: Some(u32::MAX), ply_limit: None };
        for (seed, variant) in [(1, Variant::classic()), (2, Variant::four_player()), (3, Variant::classic())]
        {
            let mut rng = crate::SplitMix64::new(seed);
            let mut plain = Game::new(variant);
            let mut indexed = Game::new(variant).with_draw_options(never);
            let mut toggled = Game::new(variant);
            let mut repeated = 0;
            for step in 0..600 {
                let roll = rng.below(100);
                if roll < 8 {
                    assert_eq!(plain.undo(), indexed.undo());
                    toggled.undo();
                } else if roll < 12 {
                    assert_eq!(plain.redo(), indexed.redo());
                    toggled.redo();
                } else if roll < 13 && plain.position().seats_in_play().len() > 2 {
                    let seat = plain.turn();
                    assert_eq!(plain.resign(seat).is_ok(), indexed.resign(seat).is_ok());
                    let _ = toggled.resign(seat);
                } else {
                    let moves = plain.legal_moves();
                    let pawns: Vec<Move> =
                        moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).collect();
                    let pool = if roll < 20 || pawns.is_empty() { moves.as_slice() } else { &pawns[..] };
                    if let Some(&m) = rng.pick(pool) {
                        plain.play(m).unwrap();
                        indexed.play(m).unwrap();
                        toggled.play(m).unwrap();
                    } else {
                        // Over: take the last action back and go on.
                        assert_eq!(plain.undo(), indexed.undo());
                        toggled.undo();
                    }
                }
                if step % 50 == 0 {
                    // Turning the index on builds it over the whole history, and off drops it.
                    let on = toggled.index.is_none();
                    toggled.set_draw_options(if on { never } else { DrawOptions::NONE });
                    assert_eq!(toggled.index.is_some(), on);
                }
                let brute = repetitions_by_brute_force(&plain);
                assert_eq!(plain.repetitions(), brute, "seed {seed}, step {step}");
                assert_eq!(indexed.repetitions(), brute, "seed {seed}, step {step}");
                assert_eq!(toggled.repetitions(), brute, "seed {seed}, step {step}");
                assert!(plain.index.is_none());
                repeated += usize::from(brute > 1);
            }
            assert!(repeated > 50, "seed {seed}: positions repeat ({repeated} steps)");
        }
    }

    #[test]
    fn undo_and_redo() {
        let mut g = Game::classic();
        g.play("e2".parse().unwrap()).unwrap();
        g.play("e8".parse().unwrap()).unwrap();
        g.resign(Seat::South).unwrap();
        assert!(g.is_over());
        assert_eq!(g.undo(), Some(Action::Resign(Seat::South)));
        assert_eq!(g.undo(), Some(Action::Move("e8".parse().unwrap())));
        assert_eq!(g.plies(), 1);
        assert_eq!(g.redo_actions().count(), 2);
        // The same move keeps the redo line; another clears it.
        g.play("e8".parse().unwrap()).unwrap();
        assert_eq!(g.redo_actions().collect::<Vec<_>>(), [Action::Resign(Seat::South)]);
        assert_eq!(g.redo(), Some(Action::Resign(Seat::South)));
        assert_eq!(g.redo(), None);
        g.undo();
        g.play("e3".parse().unwrap()).unwrap();
        assert_eq!(g.redo_actions().count(), 0);
        assert_eq!(g.undo(), Some(Action::Move("e3".parse().unwrap())));
        assert_eq!(g.position(), g.position_at(2).unwrap());
    }
}

#[cfg(test)]
mod memory_tests {
    use super::*;

    /// The memory a game holds per action (docs/PERFORMANCE.md, "The memory of a game"):
    /// one `Step` inline, plus the boxed board state for boards over 11×11.
    #[test]
    fn a_step_stays_small() {
        let step = core::mem::size_of::<Step>();
        assert!(step <= 448, "{step}");
        assert_eq!(core::mem::size_of::<Position>(), 416);
    }
}
