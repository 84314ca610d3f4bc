//! `wallrush play --game wallgo|enclosure`: the two territory games in the terminal, each
//! in its own move notation, against their greedy bots or hot-seat.
//!
//! ```
//! use wallrush_cli::territory::{run, TerritoryConfig, TerritoryKind};
//! let cfg = TerritoryConfig::new(TerritoryKind::WallGo, 2, vec![0, 1], 1);
//! let mut out = Vec::new();
//! run(&cfg, &mut "b2-c3n\nundo\nquit\n".as_bytes(), &mut out)?;
//! let text = String::from_utf8(out)?;
//! assert!(text.contains("move 1: red plays b2-c3n") && text.contains("undone: red b2-c3n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use wallrush_core::notation::ParseError;
use wallrush_territory::{enclosure, wallgo};

use crate::input::{self, MAX_COMMAND_BYTES};
use crate::prompt::{LineSource, Plain, Read};
use crate::CliError;

/// When `text` is a record of another game than `this` (`race`, `wallgo` or
/// `enclosure`): what to say, naming the `--game` that plays it.
///
/// ```
/// use wallrush_cli::territory::other_game;
/// let wallgo = "[Game \"wallgo\"]\n[Players \"2\"]\n\nb2-c3n\n";
/// assert_eq!(other_game(wallgo, "race").unwrap(), "this is a Wall Go record: play it with --game wallgo");
/// assert!(other_game(wallgo, "wallgo").is_none());
/// assert!(other_game("1. e2 e8\n", "enclosure").unwrap().contains("without --game"));
/// ```
pub fn other_game(text: &str, this: &str) -> Option<String> {
    use crate::records::{game_kind, GameKind};
    let (name, words, flag) = match game_kind(text) {
        GameKind::Race => ("race", "a wall-race", "without --game (or --game race)"),
        GameKind::WallGo => ("wallgo", "a Wall Go", "with --game wallgo"),
        GameKind::Enclosure => ("enclosure", "a card enclosure", "with --game enclosure"),
    };
    (name != this).then(|| format!("this is {words} record: play it {flag}"))
}

/// Which territory game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TerritoryKind {
    /// Wall Go, 7×7, 2–4 players.
    WallGo,
    /// The 6×6 card enclosure game, 2 players.
    Enclosure,
}

/// What a territory session is set up with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TerritoryConfig {
    /// The game.
    pub kind: TerritoryKind,
    /// Players (Wall Go: 2–4; the enclosure game always has 2).
    pub players: u8,
    /// The players (0-based: red 0, blue 1, … / player 1 is 0) typed by people; the
    /// greedy bot plays the rest.
    pub humans: Vec<usize>,
    /// Seed of the bots (and of the enclosure game's first player).
    pub seed: u64,
    /// Whether a person is at a terminal: prompts, and a question before `resign`.
    pub interactive: bool,
    /// Pieces in their players' colours (ANSI).
    pub color: bool,
    /// Where the game is written after every change (`play --game … --resume` reads it).
    pub autosave: Option<std::path::PathBuf>,
    /// A record to start from (the autosave, for `--resume`).
    pub resume: Option<String>,
    /// The full-screen board shows the game: no boards in the messages.
    pub board: bool,
}

impl TerritoryConfig {
    /// A session of `kind` for `players`, `humans` typed by people, no prompts, no
    /// colours.
    pub fn new(kind: TerritoryKind, players: u8, humans: Vec<usize>, seed: u64) -> TerritoryConfig {
        TerritoryConfig {
            kind,
            players,
            humans,
            seed,
            interactive: false,
            color: false,
            autosave: None,
            resume: None,
            board: false,
        }
    }
}

/// The commands of a territory session.
pub const HELP: &str = "\
commands:
  MOVE        play a move (Wall Go: b2-c3n, b2n, x:d4e, @b2; enclosure: C3n b2-b3, C3n -, C3x)
  ?           list the legal moves
  undo        take back your last move (and the bot moves after it)
  redo        play again what undo took back
  board       draw the board again
  save FILE   write the game record to FILE
  load FILE   continue the game recorded in FILE
  help        this list
  quit        leave (so does end of input)";

/// One territory game behind a common face.
trait Territory: Sized {
    type Move: Copy + Display + FromStr<Err = ParseError>;
    fn board(&self) -> String;
    fn outcome(&self) -> Option<String>;
    /// The player to move, 0-based, and its name.
    fn mover(&self) -> (usize, String);
    fn legal(&self) -> Vec<Self::Move>;
    fn play(&mut self, m: Self::Move) -> Result<(), String>;
    /// Takes back the last move: it, and who made it.
    fn undo(&mut self) -> Option<(Self::Move, usize, String)>;
    /// Who made each move, in order.
    fn actors(&self) -> Vec<usize>;
    fn bot_move(&mut self) -> Option<Self::Move>;
    fn record(&self) -> String;
    fn load(&mut self, text: &str) -> Result<(), String>;
    fn moves_played(&self) -> usize;
    /// The greedy bot's choice for the player to move (without touching its state).
    fn suggest(&self) -> Option<Self::Move>;
    /// The board after `m`, or why `m` is refused; nothing is played.
    fn after(&self, m: Self::Move) -> Result<String, String>;
    /// The legal moves as `?` lists them.
    fn list_text(&self) -> String {
        let legal = self.legal();
        if legal.is_empty() {
            return "no legal moves\n".to_string();
        }
        let words: Vec<String> = legal.iter().map(ToString::to_string).collect();
        format!("legal moves ({}):\n{}", words.len(), crate::wrap(&words))
    }
}

/// Wall Go with its history and one greedy bot per player.
struct WallGo {
    record: wallgo::Game,
    before: Vec<wallgo::Position>,
    bots: Vec<wallgo::GreedyBot>,
}

impl WallGo {
    fn new(players: u8, seed: u64) -> Result<WallGo, CliError> {
        let start = wallgo::Position::new(players).map_err(|e| CliError::usage(format!("wallgo: {e}")))?;
        let bots = (0..4).map(|i| wallgo::GreedyBot::new(seed.wrapping_add(i))).collect();
        Ok(WallGo { record: wallgo::Game::from_position(start), before: Vec::new(), bots })
    }
}

impl Territory for WallGo {
    type Move = wallgo::Move;
    fn board(&self) -> String {
        self.record.position().to_string()
    }
    fn outcome(&self) -> Option<String> {
        self.record.position().outcome().map(|o| o.to_string())
    }
    fn mover(&self) -> (usize, String) {
        let p = self.record.position().turn();
        (p.index(), p.name().to_string())
    }
    fn legal(&self) -> Vec<wallgo::Move> {
        self.record.position().legal_moves().into_iter().collect()
    }
    fn play(&mut self, m: wallgo::Move) -> Result<(), String> {
        let before = self.record.position().clone();
        self.record.play(m).map_err(|e| e.to_string())?;
        self.before.push(before);
        Ok(())
    }
    fn undo(&mut self) -> Option<(wallgo::Move, usize, String)> {
        let before = self.before.pop()?;
        let mut moves = self.record.moves().to_vec();
        let m = moves.pop()?;
        let mut record = wallgo::Game::from_position(self.record.start().clone());
        for (name, value) in self.record.tags() {
            let _ = record.set_tag(name, value);
        }
        for &mv in &moves {
            record.play(mv).expect("the moves of a record replay");
        }
        self.record = record;
        let p = before.turn();
        Some((m, p.index(), p.name().to_string()))
    }
    fn actors(&self) -> Vec<usize> {
        self.before.iter().map(|p| p.turn().index()).collect()
    }
    fn bot_move(&mut self) -> Option<wallgo::Move> {
        let pos = self.record.position();
        self.bots[pos.turn().index()].choose(pos)
    }
    fn record(&self) -> String {
        self.record.to_string()
    }
    fn load(&mut self, text: &str) -> Result<(), String> {
        let record: wallgo::Game = text.parse().map_err(|e: wallgo::RecordError| e.to_string())?;
        let mut pos = record.start().clone();
        let mut before = Vec::new();
        for &m in record.moves() {
            before.push(pos.clone());
            pos.play(m).expect("a record that reads replays");
        }
        self.record = record;
        self.before = before;
        Ok(())
    }
    fn moves_played(&self) -> usize {
        self.record.moves().len()
    }
    fn suggest(&self) -> Option<wallgo::Move> {
        let pos = self.record.position();
        self.bots[pos.turn().index()].clone().choose(pos)
    }
    fn after(&self, m: wallgo::Move) -> Result<String, String> {
        let mut pos = self.record.position().clone();
        pos.play(m).map_err(|e| e.to_string())?;
        Ok(pos.to_string())
    }
}

/// The card enclosure game with its two greedy bots.
struct Enclosure {
    game: enclosure::Game,
    bots: [enclosure::GreedyBot; 2],
}

impl Enclosure {
    fn new(seed: u64) -> Enclosure {
        let bots = [enclosure::GreedyBot::new(seed), enclosure::GreedyBot::new(seed.wrapping_add(1))];
        Enclosure { game: enclosure::Game::seeded(seed), bots }
    }

    fn turns(&self) -> Vec<enclosure::Position> {
        let mut pos = self.game.start().clone();
        let mut out = Vec::new();
        for &m in self.game.moves() {
            out.push(pos.clone());
            pos.play(m).expect("the game's moves replay");
        }
        out
    }
}

impl Territory for Enclosure {
    type Move = enclosure::Move;
    fn board(&self) -> String {
        self.game.position().to_string().trim_end().to_string()
    }
    fn outcome(&self) -> Option<String> {
        let o = self.game.position().outcome()?;
        let s = self.game.position().scores();
        let (one, two) = (s[enclosure::Player::One], s[enclosure::Player::Two]);
        Some(match o.winner() {
            Some(p) => format!("player {p} wins {one}-{two} ({})", o.reason().name()),
            None => format!("draw {one}-{two} ({})", o.reason().name()),
        })
    }
    fn mover(&self) -> (usize, String) {
        let p = self.game.position().turn();
        (p.index(), format!("player {p}"))
    }
    fn legal(&self) -> Vec<enclosure::Move> {
        self.game.position().legal_moves()
    }
    fn play(&mut self, m: enclosure::Move) -> Result<(), String> {
        self.game.play(m).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> Option<(enclosure::Move, usize, String)> {
        let before = self.turns().pop()?;
        let m = self.game.undo()?;
        let p = before.turn();
        Some((m, p.index(), format!("player {p}")))
    }
    fn actors(&self) -> Vec<usize> {
        self.turns().iter().map(|p| p.turn().index()).collect()
    }
    fn bot_move(&mut self) -> Option<enclosure::Move> {
        let pos = self.game.position();
        self.bots[pos.turn().index()].choose(pos)
    }
    fn record(&self) -> String {
        self.game.to_string()
    }
    fn load(&mut self, text: &str) -> Result<(), String> {
        self.game = enclosure::Game::from_record(text).map_err(|e| e.to_string())?;
        Ok(())
    }
    fn moves_played(&self) -> usize {
        self.game.moves().len()
    }
    fn suggest(&self) -> Option<enclosure::Move> {
        let pos = self.game.position();
        self.bots[pos.turn().index()].clone().choose(pos)
    }
    fn after(&self, m: enclosure::Move) -> Result<String, String> {
        let mut pos = self.game.position().clone();
        pos.play(m).map_err(|e| e.to_string())?;
        Ok(pos.to_string().trim_end().to_string())
    }
    /// Moves grouped by the steps that may follow their wall (usually the same for many
    /// walls), so that a thousand moves fit on a few lines.
    fn list_text(&self) -> String {
        let legal = self.legal();
        if legal.is_empty() {
            return "no legal moves\n".to_string();
        }
        let mut discards = Vec::new();
        // Wall part (`C3n`) -> the steps that may follow it.
        let mut walls: Vec<(String, Vec<String>)> = Vec::new();
        for m in &legal {
            let text = m.to_string();
            match text.split_once(' ') {
                None => discards.push(text),
                Some((wall, step)) => match walls.last_mut() {
                    Some((w, steps)) if *w == wall => steps.push(step.to_string()),
                    _ => walls.push((wall.to_string(), vec![step.to_string()])),
                },
            }
        }
        // Steps -> the walls they follow.
        let mut groups: Vec<(Vec<String>, Vec<String>)> = Vec::new();
        for (wall, steps) in walls {
            match groups.iter_mut().find(|(s, _)| *s == steps) {
                Some((_, ws)) => ws.push(wall),
                None => groups.push((steps, vec![wall])),
            }
        }
        let mut out = format!("legal moves ({}): a wall, then a step\n", legal.len());
        for (steps, ws) in groups {
            out.push_str(&format!("walls ({}):\n{}", ws.len(), crate::wrap(&ws)));
            out.push_str(&format!(
                "  each followed by one of: {} ({} × {} = {})\n",
                steps.join(" "),
                ws.len(),
                steps.len(),
                moves_words(ws.len() * steps.len())
            ));
        }
        if !discards.is_empty() {
            out.push_str(&format!(
                "discards ({}): no wall can be built at these squares\n{}",
                discards.len(),
                crate::wrap(&discards)
            ));
        }
        out
    }
}

/// `1 move`, `2 moves`.
fn moves_words(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// The commands, a short summary of the rules, and the legend of the board's symbols.
pub fn help(kind: TerritoryKind) -> String {
    let (moves, rules, legend) = match kind {
        TerritoryKind::WallGo => (
            "  MOVE        a piece, where it goes (0 to 2 steps) and the wall it builds there:\n\
             \x20             b2-c3n (b2 to c3, wall north of c3), b2n (stay, wall north),\n\
             \x20             x:d4e (3-4 players, once: break the wall east of d4), @b2 (place)",
            "Wall Go, 7×7: on your turn move one of your active pieces 0, 1 or 2 steps (not\n\
             across walls or pieces), then build a wall on a free side of the cell it stands\n\
             on. Walls cut the board into regions; a region holding only your pieces is your\n\
             territory. The game ends when no region holds two players' pieces; each\n\
             territory cell scores 1, the largest total wins (ties: the largest territory).",
            "legend: R B Y G pieces of red, blue, yellow, green; r b y g an empty cell of that\n\
             player's territory; : an empty cell of a region no piece is in; . any other\n\
             empty cell; | and --- walls.",
        ),
        TerritoryKind::Enclosure => (
            "  MOVE        a target square (one letter and one number card), the wall built on\n\
             \x20             one of its sides, then a step of one of your pieces: C3n b2-b3;\n\
             \x20             C3n - when no piece can step; C3x when no wall can be built there",
            "The card enclosure game, 6×6: each move spends a letter and a number card to name\n\
             a square; build a wall on one of its sides (the board edge too), then step one\n\
             of your active pieces. The first turn is 1 move, every later turn 2. A region of\n\
             at most 9 squares with at most 1 piece is an enclosure; a closed one scores its\n\
             squares to its piece's owner. The game ends after 15 discarded walls or when all\n\
             6 pieces are closed in; the higher score wins.",
            "legend: 1 2 active pieces of player 1 and 2; (1) a piece in an enclosure still\n\
             open on some side; [1] a piece in a closed enclosure; ~ an empty square of an\n\
             open enclosure; # of a closed one; x the square this turn's first move left\n\
             (no piece may step back onto it); | and --- walls, + posts; spent cards show .",
        ),
    };
    format!(
        "commands (upper or lower case):\n{moves}\n\
         \x20 ?           list the legal moves\n\
         \x20 hint        the greedy bot's suggestion\n\
         \x20 preview M   the board after move M, nothing played\n\
         \x20 undo        take back your last move (and the bot moves after it)\n\
         \x20 board       draw the board again\n\
         \x20 save FILE   write the game record to FILE (save! FILE overwrites a file)\n\
         \x20 load FILE   continue the game recorded in FILE\n\
         \x20 resign      give up: the game ends (the record keeps the moves played)\n\
         \x20 rules       the rules in short, and the legend\n\
         \x20 help        this list\n\
         \x20 quit        leave (so does end of input)\n\n{rules}\n{legend}"
    )
}

/// Plays a territory game: bots move on their own, people type lines of `input`.
///
/// # Errors
/// A bad player count (exit status 2), or I/O errors.
pub fn run(cfg: &TerritoryConfig, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    run_lines(cfg, &mut Plain::new(input), out).map(|_| ())
}

/// Plays a territory game with lines from `lines` (a line editor in a terminal); returns
/// how many lines were refused (illegal or unreadable moves, lines over the limit).
///
/// # Errors
/// A bad player count (exit status 2), or I/O errors.
pub fn run_lines(
    cfg: &TerritoryConfig,
    lines: &mut dyn LineSource,
    out: &mut dyn Write,
) -> Result<u32, CliError> {
    match cfg.kind {
        TerritoryKind::WallGo => {
            if !(2..=4).contains(&cfg.players) {
                return Err(CliError::usage(format!("wallgo: {} players: expected 2, 3 or 4", cfg.players)));
            }
            let mut game = WallGo::new(cfg.players, cfg.seed)?;
            if let Some(text) = &cfg.resume {
                game.load(text).map_err(|e| CliError::usage(format!("--resume: {}", crate::words(&e))))?;
            }
            let mut l = Loop {
                game,
                cfg,
                out,
                announced: false,
                refused: 0,
                unsaved: false,
                redo: Vec::new(),
                shown: None,
            };
            l.run(lines)?;
            Ok(l.refused)
        }
        TerritoryKind::Enclosure => {
            if cfg.players != 2 {
                return Err(CliError::usage(format!(
                    "enclosure: {} players: the card enclosure game has 2",
                    cfg.players
                )));
            }
            let mut game = Enclosure::new(cfg.seed);
            if let Some(text) = &cfg.resume {
                game.load(text).map_err(|e| CliError::usage(format!("--resume: {}", crate::words(&e))))?;
            }
            let mut l = Loop {
                game,
                cfg,
                out,
                announced: false,
                refused: 0,
                unsaved: false,
                redo: Vec::new(),
                shown: None,
            };
            l.run(lines)?;
            Ok(l.refused)
        }
    }
}

/// A territory game for the full-screen board: the prompt's game, commands and
/// messages, driven a line or a move at a time ([`table`]).
pub trait TerritoryTable {
    /// Wall Go or the card game.
    fn kind(&self) -> TerritoryKind;
    /// The board as the prompt draws it (no colours).
    fn board(&self) -> String;
    /// The player to move (0-based) and their name.
    fn mover(&self) -> (usize, String);
    /// Whether player `i` is a person.
    fn is_human(&self, i: usize) -> bool;
    /// The end, in words, when the game is over.
    fn outcome(&self) -> Option<String>;
    /// The legal moves, as the notation writes them.
    fn legal(&self) -> Vec<String>;
    /// What `text` would do: `None` when it does not read as a move, else the board
    /// after it or why it is refused.
    fn preview(&self, text: &str) -> Option<Result<String, String>>;
    /// Plays `text` for the person to move (a refusal is said), then the bots' moves.
    ///
    /// # Errors
    /// I/O errors of the messages.
    fn play(&mut self, text: &str) -> io::Result<()>;
    /// A line of the prompt's commands; `true` to leave.
    ///
    /// # Errors
    /// I/O errors of the messages.
    fn command(&mut self, line: &str) -> io::Result<bool>;
    /// The bots' moves, and the end said once.
    ///
    /// # Errors
    /// I/O errors of the messages.
    fn advance(&mut self) -> io::Result<()>;
    /// Changed since the last save or load.
    fn unsaved(&self) -> bool;
    /// The messages written since the last call.
    fn take_messages(&mut self) -> String;
}

/// What a [`Loop`] keeps between the lines the board hands it.
struct Kept<G: Territory> {
    game: G,
    announced: bool,
    refused: u32,
    unsaved: bool,
    redo: Vec<G::Move>,
    shown: Option<usize>,
}

/// A territory game driven by the board: a [`Loop`] made for each call over the kept
/// state, writing its messages to a buffer.
struct Table<G: Territory> {
    cfg: TerritoryConfig,
    out: Vec<u8>,
    kept: Option<Kept<G>>,
}

/// Answers the prompt's questions with yes: the board asks its own before.
struct Yes;

impl LineSource for Yes {
    fn read(&mut self, _prompt: &str, _words: &[String]) -> io::Result<crate::prompt::Read> {
        Ok(crate::prompt::Read::Line("y".into()))
    }
}

impl<G: Territory> Table<G> {
    fn with<R>(&mut self, f: impl FnOnce(&mut Loop<'_, G>) -> R) -> R {
        let kept = self.kept.take().expect("the game is kept between calls");
        let mut l = Loop {
            game: kept.game,
            cfg: &self.cfg,
            out: &mut self.out,
            announced: kept.announced,
            refused: kept.refused,
            unsaved: kept.unsaved,
            redo: kept.redo,
            shown: kept.shown,
        };
        let r = f(&mut l);
        self.kept = Some(Kept {
            game: l.game,
            announced: l.announced,
            refused: l.refused,
            unsaved: l.unsaved,
            redo: l.redo,
            shown: l.shown,
        });
        r
    }

    fn game(&self) -> &G {
        &self.kept.as_ref().expect("the game is kept between calls").game
    }
}

impl<G: Territory> TerritoryTable for Table<G> {
    fn kind(&self) -> TerritoryKind {
        self.cfg.kind
    }
    fn board(&self) -> String {
        self.game().board()
    }
    fn mover(&self) -> (usize, String) {
        self.game().mover()
    }
    fn is_human(&self, i: usize) -> bool {
        self.cfg.humans.contains(&i)
    }
    fn outcome(&self) -> Option<String> {
        self.game().outcome()
    }
    fn legal(&self) -> Vec<String> {
        self.game().legal().iter().map(ToString::to_string).collect()
    }
    fn preview(&self, text: &str) -> Option<Result<String, String>> {
        let m: G::Move = text.parse().ok()?;
        Some(self.game().after(m))
    }
    fn play(&mut self, text: &str) -> io::Result<()> {
        self.with(|l| {
            l.play_text(text)?;
            l.advance()
        })
    }
    fn command(&mut self, line: &str) -> io::Result<bool> {
        self.with(|l| {
            let quit = l.command(line, &mut Yes)?;
            l.advance()?;
            Ok(quit)
        })
    }
    fn advance(&mut self) -> io::Result<()> {
        self.with(|l| l.advance())
    }
    fn unsaved(&self) -> bool {
        self.kept.as_ref().is_some_and(|k| k.unsaved)
    }
    fn take_messages(&mut self) -> String {
        String::from_utf8_lossy(&std::mem::take(&mut self.out)).into_owned()
    }
}

/// The game `cfg` sets up (or resumes) for the full-screen board; boards are not
/// written to its messages (the board shows them).
///
/// # Errors
/// A bad player count or an autosave that does not load (exit status 2).
pub fn table(cfg: TerritoryConfig) -> Result<Box<dyn TerritoryTable>, CliError> {
    fn kept<G: Territory>(game: G) -> Option<Kept<G>> {
        Some(Kept { game, announced: false, refused: 0, unsaved: false, redo: Vec::new(), shown: None })
    }
    let resume = |game: &mut dyn FnMut(&str) -> Result<(), String>| -> Result<(), CliError> {
        match &cfg.resume {
            Some(text) => game(text).map_err(|e| CliError::usage(format!("--resume: {}", crate::words(&e)))),
            None => Ok(()),
        }
    };
    match cfg.kind {
        TerritoryKind::WallGo => {
            if !(2..=4).contains(&cfg.players) {
                return Err(CliError::usage(format!("wallgo: {} players: expected 2, 3 or 4", cfg.players)));
            }
            let mut game = WallGo::new(cfg.players, cfg.seed)?;
            resume(&mut |t| game.load(t))?;
            Ok(Box::new(Table { cfg, out: Vec::new(), kept: kept(game) }))
        }
        TerritoryKind::Enclosure => {
            if cfg.players != 2 {
                return Err(CliError::usage(format!(
                    "enclosure: {} players: the card enclosure game has 2",
                    cfg.players
                )));
            }
            let mut game = Enclosure::new(cfg.seed);
            resume(&mut |t| game.load(t))?;
            Ok(Box::new(Table { cfg, out: Vec::new(), kept: kept(game) }))
        }
    }
}

struct Loop<'a, G: Territory> {
    game: G,
    cfg: &'a TerritoryConfig,
    out: &'a mut dyn Write,
    announced: bool,
    refused: u32,
    unsaved: bool,
    /// The moves `undo` took back, the last taken back last: what `redo` plays again.
    redo: Vec<G::Move>,
    /// How many moves had been played when the board was last drawn.
    shown: Option<usize>,
}

/// The ANSI colour of player `i` (Wall Go: red, blue, yellow, green; the card game:
/// amber and teal, as south and north).
const fn colour_of(kind: TerritoryKind, i: usize) -> u8 {
    match (kind, i) {
        (TerritoryKind::WallGo, 0) => 31,
        (TerritoryKind::WallGo, 1) => 34,
        (TerritoryKind::WallGo, 2) => 33,
        (TerritoryKind::WallGo, _) => 32,
        (TerritoryKind::Enclosure, 0) => 33,
        (TerritoryKind::Enclosure, _) => 36,
    }
}

impl<G: Territory> Loop<'_, G> {
    fn name(&self) -> &'static str {
        match self.cfg.kind {
            TerritoryKind::WallGo => "wallgo",
            TerritoryKind::Enclosure => "enclosure",
        }
    }

    /// `a wallgo move`, `an enclosure move`.
    fn a_move(&self) -> &'static str {
        match self.cfg.kind {
            TerritoryKind::WallGo => "a wallgo move",
            TerritoryKind::Enclosure => "an enclosure move",
        }
    }

    fn humans(&self) -> bool {
        !self.cfg.humans.is_empty()
    }

    /// The board text with the pieces (and Wall Go's territory letters) in their
    /// players' colours, when colours are on.
    fn paint(&self, board: &str) -> String {
        if !self.cfg.color {
            return board.to_string();
        }
        let kind = self.cfg.kind;
        let mut out = String::new();
        for line in board.lines() {
            // Board rows start with their rank number; the rest is left as it is.
            let is_row = line.trim_start().starts_with(|c: char| c.is_ascii_digit());
            if !is_row {
                out.push_str(line);
                out.push('\n');
                continue;
            }
            let chars: Vec<char> = line.chars().collect();
            let last = chars.len().saturating_sub(1);
            for (i, &c) in chars.iter().enumerate() {
                let player = match (kind, c) {
                    (TerritoryKind::WallGo, 'R' | 'r') => Some(0),
                    (TerritoryKind::WallGo, 'B' | 'b') => Some(1),
                    (TerritoryKind::WallGo, 'Y' | 'y') => Some(2),
                    (TerritoryKind::WallGo, 'G' | 'g') => Some(3),
                    // The card game's pieces, between the rank labels.
                    (TerritoryKind::Enclosure, '1') if i > 1 && i < last => Some(0),
                    (TerritoryKind::Enclosure, '2') if i > 1 && i < last => Some(1),
                    _ => None,
                };
                match player {
                    Some(p) if i > 0 => {
                        let weight = if c.is_ascii_lowercase() { "2" } else { "1" };
                        out.push_str(&format!("\x1b[{weight};{}m{c}\x1b[0m", colour_of(kind, p)));
                    }
                    _ => out.push(c),
                }
            }
            out.push('\n');
        }
        out
    }

    fn show(&mut self) -> io::Result<()> {
        self.shown = Some(self.game.moves_played());
        if self.cfg.board {
            return Ok(());
        }
        let board = self.paint(&self.game.board());
        writeln!(self.out, "\n{}\n", board.trim_end())
    }

    fn run(&mut self, lines: &mut dyn LineSource) -> io::Result<()> {
        let who: Vec<String> = (0..usize::from(self.cfg.players))
            .map(|i| {
                let kind = if self.cfg.humans.contains(&i) { "human" } else { "greedy" };
                format!("{} {kind}", self.player_name(i))
            })
            .collect();
        writeln!(self.out, "wallrush play: {}; {}; seed {}", self.name(), who.join(", "), self.cfg.seed)?;
        if self.cfg.interactive {
            writeln!(
                self.out,
                "type a move, ? for the legal moves, rules for the rules, help for the commands"
            )?;
        }
        if let Some(path) = &self.cfg.autosave {
            writeln!(self.out, "autosaved to {} after every move: --resume continues it", path.display())?;
        }
        if self.cfg.resume.is_some() {
            writeln!(self.out, "resumed {} from the autosave", moves_words(self.game.moves_played()))?;
        }
        self.show()?;
        loop {
            self.advance()?;
            if self.game.outcome().is_some() && !self.humans() {
                return self.out.flush();
            }
            let (prompt, colour) = match self.game.outcome() {
                Some(_) => ("> ".to_string(), None),
                None => {
                    let (i, name) = self.game.mover();
                    (format!("{name}> "), Some(colour_of(self.cfg.kind, i)))
                }
            };
            if self.cfg.interactive && !lines.shows_prompt() {
                write!(self.out, "{prompt}")?;
            }
            self.out.flush()?;
            lines.set_colour(colour.filter(|_| self.cfg.color));
            let words = self.completions();
            let text = match lines.read(&prompt, &words)? {
                Read::End => {
                    // Ctrl-D asks as quit does; a second Ctrl-D at the question leaves.
                    if !self.unsaved || self.confirm(lines, "leave")? {
                        return self.out.flush();
                    }
                    continue;
                }
                Read::TooLong => {
                    self.refused += 1;
                    writeln!(
                        self.out,
                        "a line over {MAX_COMMAND_BYTES} bytes is not read (nothing changed)"
                    )?;
                    continue;
                }
                Read::Interrupted => {
                    if self.confirm(lines, "leave")? {
                        return self.out.flush();
                    }
                    continue;
                }
                Read::Line(line) => line,
            };
            if self.command(&text, lines)? {
                return self.out.flush();
            }
        }
    }

    /// One line typed by a person; `true` to leave.
    fn command(&mut self, text: &str, lines: &mut dyn LineSource) -> io::Result<bool> {
        let (word, rest) = match text.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (text, ""),
        };
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "" => {}
            "quit" | "exit" | "q" => {
                if !self.unsaved || self.confirm(lines, "leave")? {
                    return Ok(true);
                }
            }
            "help" | "h" => writeln!(self.out, "{}", help(self.cfg.kind))?,
            "rules" => {
                let text = help(self.cfg.kind);
                let rules = text.split_once("\n\n").map_or(text.as_str(), |(_, r)| r);
                writeln!(self.out, "{rules}")?;
            }
            "board" => self.show()?,
            "?" | "moves" => self.list()?,
            "undo" => self.undo()?,
            "redo" => self.redo()?,
            "hint" => self.hint()?,
            "preview" => self.preview(rest)?,
            "resign" if rest.is_empty() => {
                if self.game.outcome().is_some() {
                    writeln!(self.out, "the game is over")?;
                } else if self.confirm(lines, &format!("resign {}", self.game.mover().1))? {
                    self.resign()?;
                    return Ok(true);
                }
            }
            "save" | "save!" if !rest.is_empty() => self.save(rest, lower == "save!")?,
            "load" if !rest.is_empty() => {
                let loaded = input::read_file(std::path::Path::new(rest)).and_then(|t| {
                    if let Some(other) = other_game(&t, self.name()) {
                        return Err(other);
                    }
                    self.game.load(&t).map_err(|e| crate::words(&e))
                });
                match loaded {
                    Ok(()) => {
                        self.announced = false;
                        self.unsaved = false;
                        self.redo.clear();
                        writeln!(self.out, "loaded {rest}: {}", moves_words(self.game.moves_played()))?;
                        self.show()?;
                    }
                    Err(e) => writeln!(self.out, "cannot load {rest}: {e}")?,
                }
            }
            "save" | "save!" | "load" => writeln!(self.out, "{lower} needs a file name: {lower} FILE")?,
            _ => self.play_text(text)?,
        }
        Ok(false)
    }

    /// Marks the game changed and writes the autosave, if any (a failure is said).
    fn changed(&mut self) -> io::Result<()> {
        self.unsaved = true;
        let Some(path) = &self.cfg.autosave else { return Ok(()) };
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, self.game.record()));
        match written {
            Ok(()) => Ok(()),
            Err(e) => writeln!(self.out, "cannot autosave to {}: {}", path.display(), input::io_words(&e)),
        }
    }

    /// What Tab completes: the commands and the legal moves.
    fn completions(&self) -> Vec<String> {
        let mut words: Vec<String> = [
            "?", "board", "help", "hint", "load", "preview", "quit", "redo", "resign", "rules", "save",
            "save!", "undo",
        ]
        .iter()
        .map(|w| (*w).to_string())
        .collect();
        if self.game.outcome().is_none() {
            words.extend(self.game.legal().iter().map(ToString::to_string));
        }
        words
    }

    /// Asks before an unsaved game is left or a player resigns, when a person is at a
    /// terminal; `true` to go ahead.
    fn confirm(&mut self, lines: &mut dyn LineSource, what: &str) -> io::Result<bool> {
        if !self.cfg.interactive {
            return Ok(true);
        }
        let saved = match (self.unsaved, &self.cfg.autosave) {
            (false, _) => "",
            (true, Some(_)) => "the game is not saved (--resume brings back the autosave); ",
            (true, None) => "the game is not saved (save FILE keeps it); ",
        };
        let question = format!("{saved}{what}? [y/N] ");
        crate::prompt::ask_yes_no(lines, &mut self.out, &question)
    }

    fn resign(&mut self) -> io::Result<()> {
        let (i, name) = self.game.mover();
        let others: Vec<String> =
            (0..usize::from(self.cfg.players)).filter(|&p| p != i).map(|p| self.player_name(p)).collect();
        let result = match others.as_slice() {
            [one] => format!("{one} wins by resignation"),
            _ => format!("the game ends ({} stay)", others.join(", ")),
        };
        writeln!(
            self.out,
            "{name} resigns: {result} after {} (the record keeps the moves played)",
            moves_words(self.game.moves_played())
        )?;
        self.out.flush()
    }

    fn save(&mut self, path: &str, force: bool) -> io::Result<()> {
        if !force && std::path::Path::new(path).exists() {
            return writeln!(self.out, "{path} exists: save! {path} overwrites it (nothing written)");
        }
        match std::fs::write(path, self.game.record()) {
            Ok(()) => {
                self.unsaved = false;
                writeln!(self.out, "saved {} to {path}", moves_words(self.game.moves_played()))
            }
            Err(e) => writeln!(self.out, "cannot save to {path}: {}", input::io_words(&e)),
        }
    }

    fn hint(&mut self) -> io::Result<()> {
        if self.game.outcome().is_some() {
            return writeln!(self.out, "the game is over");
        }
        match self.game.suggest() {
            Some(m) => writeln!(self.out, "the greedy bot suggests {m} (preview {m} draws it)"),
            None => writeln!(self.out, "no suggestion: no legal move"),
        }
    }

    fn preview(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return writeln!(self.out, "preview needs a move: preview {}", self.example());
        }
        if self.game.outcome().is_some() {
            return writeln!(self.out, "the game is over");
        }
        let m: G::Move = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                return writeln!(
                    self.out,
                    "cannot read {text:?} as {} ({})",
                    self.a_move(),
                    crate::words(&e.to_string())
                )
            }
        };
        match self.game.after(m) {
            Ok(board) => {
                let board = self.paint(&board);
                writeln!(self.out, "\n{}\n   preview of {m}: nothing is played\n", board.trim_end())
            }
            Err(e) => writeln!(self.out, "{m} would be refused: {e}"),
        }
    }

    /// A legal move to show in examples.
    fn example(&self) -> String {
        self.game.legal().first().map_or_else(|| "b2-c3n".to_string(), ToString::to_string)
    }

    fn player_name(&self, i: usize) -> String {
        match self.cfg.kind {
            TerritoryKind::WallGo => wallgo::Player::from_index(i).map_or("?", |p| p.name()).to_string(),
            TerritoryKind::Enclosure => format!("player {}", i + 1),
        }
    }

    fn advance(&mut self) -> io::Result<()> {
        let mut moved = false;
        while self.game.outcome().is_none() {
            let (index, name) = self.game.mover();
            if self.cfg.humans.contains(&index) {
                break;
            }
            let Some(m) = self.game.bot_move() else { break };
            if let Err(e) = self.game.play(m) {
                writeln!(self.out, "the greedy bot chose an illegal move {m}: {e}")?;
                break;
            }
            writeln!(self.out, "move {}: {name} (greedy) plays {m}", self.game.moves_played())?;
            self.redo.clear();
            moved = true;
        }
        if moved {
            self.changed()?;
        }
        let newly_over = self.game.outcome().is_some() && !self.announced;
        // A game loaded over has its board drawn already.
        if moved || (newly_over && self.shown != Some(self.game.moves_played())) {
            self.show()?;
        }
        if let (true, Some(o)) = (newly_over, self.game.outcome()) {
            self.announced = true;
            writeln!(self.out, "game over: {o} after {}", moves_words(self.game.moves_played()))?;
        }
        Ok(())
    }

    fn play_text(&mut self, text: &str) -> io::Result<()> {
        let m: G::Move = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                self.refused += 1;
                return writeln!(
                    self.out,
                    "cannot read {text:?} as {} ({}); type ? for the legal moves, help for the commands",
                    self.a_move(),
                    crate::words(&e.to_string())
                );
            }
        };
        let (_, name) = self.game.mover();
        if self.game.outcome().is_some() {
            self.refused += 1;
            return writeln!(self.out, "illegal: the game is over (nothing changed)");
        }
        match self.game.play(m) {
            Ok(()) => {
                self.redo.clear();
                self.changed()?;
                writeln!(self.out, "move {}: {name} plays {m}", self.game.moves_played())?;
                let next = self.game.mover().0;
                if self.game.outcome().is_none() && self.cfg.humans.contains(&next) {
                    self.show()?;
                }
                Ok(())
            }
            Err(e) => {
                self.refused += 1;
                writeln!(self.out, "illegal: {e} (nothing changed)")
            }
        }
    }
    fn list(&mut self) -> io::Result<()> {
        let text = self.game.list_text();
        write!(self.out, "{text}")
    }

    fn undo(&mut self) -> io::Result<()> {
        let actors = self.game.actors();
        if !actors.iter().any(|a| self.cfg.humans.contains(a)) {
            return writeln!(self.out, "nothing to undo");
        }
        let mut undone = Vec::new();
        while let Some((m, who, name)) = self.game.undo() {
            undone.push(format!("{name} {m}"));
            self.redo.push(m);
            if self.cfg.humans.contains(&who) {
                break;
            }
        }
        self.announced = false;
        self.changed()?;
        writeln!(self.out, "undone: {}", undone.join(", "))?;
        self.show()
    }

    /// Plays again what `undo` took back: one person's move and the bots' moves after it.
    fn redo(&mut self) -> io::Result<()> {
        if self.redo.is_empty() {
            return writeln!(self.out, "nothing to redo");
        }
        let mut redone = Vec::new();
        while let Some(m) = self.redo.pop() {
            let (_, name) = self.game.mover();
            if let Err(e) = self.game.play(m) {
                self.redo.clear();
                writeln!(self.out, "cannot redo {m}: {e}")?;
                break;
            }
            redone.push(format!("{name} {m}"));
            let next = self.game.mover().0;
            if self.game.outcome().is_some() || self.cfg.humans.contains(&next) {
                break;
            }
        }
        self.changed()?;
        writeln!(self.out, "redone: {}", redone.join(", "))?;
        self.show()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::Plain;

    /// A finished game played by the bots, as its record.
    fn finished_wallgo() -> String {
        let mut game = WallGo::new(2, 1).unwrap();
        while game.outcome().is_none() {
            let m = game.bot_move().expect("a move until the end");
            game.play(m).unwrap();
        }
        game.record()
    }

    #[test]
    fn a_finished_game_resumed_is_drawn_once_and_the_resume_said() {
        let mut cfg = TerritoryConfig::new(TerritoryKind::WallGo, 2, vec![0], 1);
        cfg.resume = Some(finished_wallgo());
        let mut out = Vec::new();
        run_lines(&cfg, &mut Plain::new(&mut "quit\n".as_bytes()), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let boards = text.lines().filter(|l| l.starts_with("   a   b   c")).count();
        assert_eq!(boards, 1, "{text}");
        assert!(text.contains("resumed ") && text.contains(" from the autosave"), "{text}");
        let announced =
            text.lines().filter(|l| l.starts_with("game over: ") && l.contains(" after ")).count();
        assert_eq!(announced, 1, "{text}");
    }

    #[test]
    fn redo_plays_again_what_undo_took_back() {
        let cfg = TerritoryConfig::new(TerritoryKind::WallGo, 2, vec![0, 1], 1);
        let mut out = Vec::new();
        let input = "b2n\nundo\nredo\nredo\n";
        run_lines(&cfg, &mut Plain::new(&mut input.as_bytes()), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("undone: red b2n"), "{text}");
        assert!(text.contains("redone: red b2n"), "{text}");
        assert!(text.contains("nothing to redo"), "{text}");
    }
}
