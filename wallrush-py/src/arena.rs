//! The arena's match runner (`wallrush arena`, in `wallrush_cli::arena`) for Python:
//! `ArenaMatch` plays a match's games, one or a pair at a time or the whole match, and
//! counts games into the arena's totals, records and SPRT; `ArenaGame` is one played
//! game, picklable so a game played by one process can be counted by another (the
//! distributed match, `wallrush.distributed.match`).

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use wallrush_cli::arena::player::{self, Spec};
use wallrush_cli::arena::stats::{Sprt, Verdict};
use wallrush_cli::arena::{self, ArenaConfig, Played, Result3, Seats, Summary};
use wallrush_core::{actions, Game, Seat, Variant};

use crate::arg_errors::invalid_argument;
use crate::enums::{notation_from, seat_from};
use crate::ints::{int_in, opt_int_in};
use crate::types::{text_arg, variant_from, PyMove, PyVariant};

/// Most games a match may name, as `wallrush arena --games`.
const MAX_GAMES: u32 = 1_000_000;

/// A match of the arena: two players, a variant and the arena's options, with the
/// totals of the games counted so far.
///
/// ``a`` and ``b`` are players as ``wallrush arena`` reads them (``strong``,
/// ``strong:n2000``, ``beginner``, ``random``, ``uci:PROGRAM``, ``wallrush:PATH``,
/// …); ``ms`` the milliseconds a move of every player whose spec names no budget;
/// ``seed``, ``opening`` (random plies opening each pair), ``max_plies`` (the ply cap),
/// ``sprt`` (``elo0=0,elo1=5[,alpha=…,beta=…]``), ``out`` (the records' folder, which
/// must hold no earlier run's records), ``notation`` and ``event`` as the arena's
/// options. Games ``2k`` and ``2k + 1`` are a pair: the same opening, colours swapped.
///
/// Raises ValueError for a player or SPRT text that cannot be read, or a number out of
/// the arena's ranges.
#[pyclass(name = "ArenaMatch", module = "wallrush", frozen)]
pub(crate) struct PyArenaMatch {
    cfg: ArenaConfig,
    names: [String; 2],
    /// The games counted, and whether the records' folder is ready.
    tally: Mutex<(Summary, bool)>,
}

impl PyArenaMatch {
    fn tally(&self) -> std::sync::MutexGuard<'_, (Summary, bool)> {
        self.tally.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn check_index(&self, index: u32) -> PyResult<()> {
        if index >= self.cfg.games {
            return Err(invalid_argument(format!(
                "game {index} is out of range: the match has {} games (0 ..= {})",
                self.cfg.games,
                self.cfg.games.saturating_sub(1)
            )));
        }
        Ok(())
    }

    /// Plays games `indices` with one pair of players, kept from game to game as a
    /// thread of the arena keeps them.
    fn play(&self, py: Python<'_>, indices: &[u32]) -> PyResult<Vec<PyArenaGame>> {
        let cfg = &self.cfg;
        let played = py.detach(|| {
            let make = |k: usize| player::make(&cfg.players[k], cfg.ms, cfg.slack);
            let mut players: Seats = [None, None];
            indices
                .iter()
                .map(|&i| arena::play_game(cfg, i, &make, &mut players))
                .collect::<Result<Vec<_>, _>>()
        });
        let played = played.map_err(|e| invalid_argument(e.message))?;
        Ok(played.into_iter().map(|p| PyArenaGame { variant: cfg.variant, played: p }).collect())
    }
}

fn result_name(r: Result3) -> &'static str {
    match r {
        Result3::Win => "win",
        Result3::Draw => "draw",
        Result3::Loss => "loss",
    }
}

fn verdict_name(v: Option<Verdict>) -> Option<&'static str> {
    match v {
        Some(Verdict::H0) => Some("H0"),
        Some(Verdict::H1) => Some("H1"),
        Some(Verdict::Continue) | None => None,
    }
}

#[pymethods]
impl PyArenaMatch {
    #[new]
    #[pyo3(signature = (a, b, *, variant = None, games = None, ms = None, seed = None, opening = None,
        max_plies = None, sprt = None, out = None, notation = None, event = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        variant: Option<&Bound<'_, PyAny>>,
        games: Option<&Bound<'_, PyAny>>,
        ms: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        opening: Option<&Bound<'_, PyAny>>,
        max_plies: Option<&Bound<'_, PyAny>>,
        sprt: Option<&Bound<'_, PyAny>>,
        out: Option<PathBuf>,
        notation: Option<&Bound<'_, PyAny>>,
        event: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyArenaMatch> {
        let spec = |obj: &Bound<'_, PyAny>, what: &str| -> PyResult<Spec> {
            let text = text_arg(obj, what)?;
            text.trim().parse::<Spec>().map_err(|e| invalid_argument(format!("player {what}: {e}")))
        };
        let players = [spec(a, "a")?, spec(b, "b")?];
        let mut cfg = ArenaConfig::new(players, variant_from(variant)?);
        let sprt = match sprt.filter(|o| !o.is_none()) {
            Some(obj) => Some(
                text_arg(obj, "sprt")?.parse::<Sprt>().map_err(|e| invalid_argument(format!("sprt: {e}")))?,
            ),
            None => None,
        };
        let default_games = if sprt.is_some() { 100_000 } else { 20 };
        cfg.games = opt_int_in(games, "games", 1, MAX_GAMES)?.unwrap_or(default_games);
        cfg.ms = opt_int_in(ms, "ms", 1, 600_000)?;
        cfg.seed = opt_int_in(seed, "seed", 0, u64::MAX)?.unwrap_or(1);
        cfg.max_plies = opt_int_in(max_plies, "max_plies", 1, 100_000)?.unwrap_or(200);
        cfg.opening = opt_int_in(opening, "opening", 0, u32::MAX)?.unwrap_or(4).min(cfg.max_plies);
        cfg.sprt = sprt;
        cfg.out = out;
        cfg.notation = notation_from(notation)?;
        if let Some(obj) = event.filter(|o| !o.is_none()) {
            cfg.event = text_arg(obj, "event")?;
        }
        let names = [cfg.players[0].to_string(), cfg.players[1].to_string()];
        Ok(PyArenaMatch { cfg, names, tally: Mutex::new((Summary::default(), false)) })
    }

    /// The number of games (with an SPRT, the most the match plays).
    #[getter]
    fn games(&self) -> u32 {
        self.cfg.games
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.cfg.variant)
    }

    /// The two players' specs, as the records name them.
    #[getter]
    fn players(&self) -> (String, String) {
        (self.names[0].clone(), self.names[1].clone())
    }

    /// Plays game ``index`` (0-based) with fresh players, without the GIL; the game is
    /// the one the arena plays (the opening of its pair, its players' seeds).
    ///
    /// Raises ValueError for an index outside the match, or a player that cannot start.
    fn play_game(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyArenaGame> {
        let index = int_in(index, "index", 0, u32::MAX)?;
        self.check_index(index)?;
        Ok(self.play(py, &[index])?.remove(0))
    }

    /// Plays pair ``pair``: games ``2 * pair`` and ``2 * pair + 1`` (the second only when
    /// the match has it), one pair of players for both, without the GIL.
    ///
    /// Raises ValueError as :meth:`play_game`.
    fn play_pair(&self, py: Python<'_>, pair: &Bound<'_, PyAny>) -> PyResult<Vec<PyArenaGame>> {
        let pair = int_in(pair, "pair", 0, u32::MAX / 2)?;
        self.check_index(2 * pair)?;
        let indices: Vec<u32> = (2 * pair..(2 * pair + 2).min(self.cfg.games)).collect();
        self.play(py, &indices)
    }

    /// Counts ``game`` (played by this match or by a copy of it anywhere) as the arena
    /// counts a game: the totals, its record in ``out``, the SPRT. Returns the arena's
    /// progress line. The first count makes the records' folder.
    ///
    /// Raises ValueError for a game of another variant or beyond the match, the records'
    /// folder refused (it holds an earlier run's records) or a record that cannot be
    /// written.
    fn count(&self, game: &PyArenaGame) -> PyResult<String> {
        if game.variant != self.cfg.variant {
            return Err(invalid_argument(format!(
                "the game is of variant {}, the match of {}",
                game.variant, self.cfg.variant
            )));
        }
        self.check_index(game.played.index)?;
        let mut tally = self.tally();
        if !tally.1 {
            if let Some(dir) = &self.cfg.out {
                arena::prepare_folder(dir).map_err(|e| invalid_argument(e.message))?;
            }
            tally.1 = true;
        }
        let mut line = Vec::new();
        arena::count(&self.cfg, &self.names, game.played.clone(), &mut tally.0, &mut line)
            .map_err(|e| invalid_argument(e.message))?;
        Ok(String::from_utf8_lossy(&line).trim_end().to_string())
    }

    /// Plays the whole match as ``wallrush arena`` does (``concurrency`` games at once,
    /// each on its own thread), without the GIL, and counts it; returns the progress
    /// lines. The match must have counted no game yet.
    ///
    /// Raises ValueError for a concurrency outside 1 ..= 256, a match already counting,
    /// or the arena's errors (a player that cannot start, a records' folder refused).
    #[pyo3(signature = (*, concurrency = None))]
    fn run(&self, py: Python<'_>, concurrency: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        let mut cfg = self.cfg.clone();
        cfg.concurrency = opt_int_in(concurrency, "concurrency", 1usize, 256)?.unwrap_or(1);
        let mut tally = self.tally();
        if tally.1 {
            return Err(invalid_argument(
                "the match has counted games already: run() plays a match from its start",
            ));
        }
        let names = &self.names;
        let (summary, lines) = py
            .detach(|| {
                let mut lines = Vec::new();
                let make = |k: usize| player::make(&cfg.players[k], cfg.ms, cfg.slack);
                arena::run_with(&cfg, names, &make, &mut lines).map(|s| (s, lines))
            })
            .map_err(|e| invalid_argument(e.message))?;
        *tally = (summary, true);
        Ok(String::from_utf8_lossy(&lines).lines().map(str::to_string).collect())
    }

    /// The games counted, in the order counted: ``(index, south, result, reason,
    /// plies)`` with ``south`` the player (0 = A, 1 = B) playing South and ``result``
    /// ``'win'``, ``'draw'`` or ``'loss'`` for A.
    #[getter]
    fn results(&self) -> Vec<(u32, usize, &'static str, String, u32)> {
        let tally = self.tally();
        tally
            .0
            .games
            .iter()
            .map(|g| (g.index, g.south, result_name(g.result), g.reason.clone(), g.plies))
            .collect()
    }

    /// A's wins, draws and losses.
    #[getter]
    fn wdl(&self) -> (u32, u32, u32) {
        self.tally().0.wdl()
    }

    /// A's pairs scoring 0, ½, 1, 1½ and 2 points (complete pairs only).
    #[getter]
    fn pentanomial(&self) -> (u32, u32, u32, u32, u32) {
        let p = self.tally().0.pentanomial().0;
        (p[0], p[1], p[2], p[3], p[4])
    }

    /// The SPRT's log-likelihood ratio over the pairs counted (None without an SPRT).
    #[getter]
    fn llr(&self) -> Option<f64> {
        let penta = self.tally().0.pentanomial();
        self.cfg.sprt.as_ref().map(|s| s.llr_pentanomial(&penta) + 0.0)
    }

    /// ``'H0'`` or ``'H1'`` once the SPRT crossed a bound (the match is over), else None.
    #[getter]
    fn stopped(&self) -> Option<&'static str> {
        verdict_name(self.tally().0.stopped)
    }

    /// The records written, in the order counted.
    #[getter]
    fn records(&self) -> Vec<PathBuf> {
        self.tally().0.records.clone()
    }

    /// The arena's summary of the games counted, as ``wallrush arena`` prints it.
    fn summary(&self) -> String {
        arena::render_named(&self.cfg, &self.names, &self.tally().0)
    }

    fn __repr__(&self) -> String {
        format!("ArenaMatch({:?}, {:?}, games={})", self.names[0], self.names[1], self.cfg.games)
    }
}

/// One game of an arena match, as played, before it is counted: picklable, so a worker
/// can play it and the driver count it (:meth:`ArenaMatch.count`).
#[pyclass(name = "ArenaGame", module = "wallrush", frozen)]
pub(crate) struct PyArenaGame {
    variant: Variant,
    played: Played,
}

/// The picklable state of a game: variant text, index, action ids, result, reason, the
/// player that broke the rules, moves, nanoseconds, depths and milliseconds of each
/// player, seconds.
type GameState = (
    String,
    u32,
    Vec<usize>,
    String,
    String,
    Option<usize>,
    [u64; 2],
    [u64; 2],
    [Vec<u32>; 2],
    [Vec<f32>; 2],
    f64,
);

#[pymethods]
impl PyArenaGame {
    /// The game's 0-based number in its match.
    #[getter]
    fn index(&self) -> u32 {
        self.played.index
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant(self.variant)
    }

    /// ``'win'``, ``'draw'`` or ``'loss'``, for player A.
    #[getter]
    fn result(&self) -> &'static str {
        result_name(self.played.result)
    }

    /// How the game ended, in the arena's words.
    #[getter]
    fn reason(&self) -> String {
        self.played.reason.clone()
    }

    /// Plies played, the opening's included.
    #[getter]
    fn plies(&self) -> u32 {
        self.played.game.plies()
    }

    /// The moves played, from the variant's start.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.played.game.moves().map(PyMove))
    }

    /// The moves as action ids (``wallrush.agents``: ``Move.action``), the ids the RL
    /// environments take.
    #[getter]
    fn actions(&self) -> Vec<usize> {
        self.played.game.moves().filter_map(|m| actions::encode(&self.variant, m)).collect()
    }

    /// The player (0 = A, 1 = B) playing ``seat`` in this game.
    fn player_of(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let seat: Seat = seat_from(seat)?;
        Ok(arena::player_of(self.variant, self.played.index, seat))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let p = &self.played;
        let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        let state: GameState = (
            self.variant.to_string(),
            p.index,
            self.actions(),
            result_name(p.result).to_string(),
            p.reason.clone(),
            p.broke,
            p.moves,
            [nanos(p.time[0]), nanos(p.time[1])],
            p.depths.clone(),
            p.move_ms.clone(),
            p.seconds,
        );
        let ctor = py.get_type::<PyArenaGame>().getattr("_from_state")?;
        (ctor, (state,)).into_pyobject(py)
    }

    /// The game from its picklable state (``__reduce__``).
    ///
    /// Raises ValueError for a state that is not a game's.
    #[staticmethod]
    fn _from_state(state: GameState) -> PyResult<PyArenaGame> {
        let (variant, index, ids, result, reason, broke, moves, nanos, depths, move_ms, seconds) = state;
        let bad = |what: &str| invalid_argument(format!("not an arena game's state: {what}"));
        let variant: Variant = variant.parse().map_err(|_| bad("the variant"))?;
        let mut game = Game::new(variant);
        for id in ids {
            let m = actions::decode(&variant, id).ok_or_else(|| bad("an action id"))?;
            game.play(m).map_err(|_| bad("an illegal move"))?;
        }
        let result = match result.as_str() {
            "win" => Result3::Win,
            "draw" => Result3::Draw,
            "loss" => Result3::Loss,
            _ => return Err(bad("the result")),
        };
        if broke.is_some_and(|k| k > 1) {
            return Err(bad("the player that broke the rules"));
        }
        let played = Played {
            index,
            game,
            result,
            reason,
            broke,
            moves,
            time: nanos.map(Duration::from_nanos),
            depths,
            move_ms,
            seconds,
        };
        Ok(PyArenaGame { variant, played })
    }

    fn __repr__(&self) -> String {
        format!(
            "<ArenaGame {} of {}: {} for A ({}), {} plies>",
            self.played.index,
            self.variant,
            result_name(self.played.result),
            self.played.reason,
            self.played.game.plies()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArenaMatch>()?;
    m.add_class::<PyArenaGame>()?;
    Ok(())
}
