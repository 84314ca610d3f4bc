//! `wallrush`: the command-line program of the wallrush rules library.
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::{Args, Parser, Subcommand, ValueEnum};
use wallrush_cli::engines::PlayerSpec;
use wallrush_cli::play::{Flip, PlayConfig, Session, REFUSED_STATUS};
use wallrush_cli::prompt::{self, Editor, Plain};
use wallrush_cli::records::{self, Verdict};
use wallrush_cli::term::Style;
use wallrush_cli::territory::{self, TerritoryConfig, TerritoryKind};
use wallrush_cli::{demo, input, oracle, output, parse_variant, thinking, CliError};
use wallrush_core::notation::Notation;
use wallrush_core::svg::SvgOptions;
use wallrush_core::{
    divide_with, perft, BySeat, DrawOptions, Goal, PerftError, PerftOptions, Position, Seat, Variant,
};

#[derive(Parser)]
#[command(
    name = "wallrush",
    version,
    about = "Rules of Quoridor-style wall games: play, check and convert records, self-play, oracle",
    after_help = "Examples:\n  wallrush play                       you (south) against the beginner\n  \
                  wallrush play --engine strong:500   against the strong engine, 0.5 s a move\n  \
                  wallrush check game.txt             is every move of the record legal?\n  \
                  wallrush demo                       an engine game on the classic board"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in the terminal: against an engine, hot-seat, or engines against each
    /// other. Commands are read from a pipe too, so games can be scripted.
    #[command(after_help = PLAY_HELP)]
    Play(PlayArgs),
    /// Check a record: print its result, or the first illegal move with its ply and the
    /// rule it breaks.
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The record file, or - for standard input.
        file: String,
        /// Notation of records without a Notation tag.
        #[arg(long, default_value = "standard")]
        notation: Notation,
    },
    /// Rewrite a record or a bare move list in another notation.
    #[command(after_help = CONVERT_HELP)]
    Convert {
        /// The record or move list file, or - for standard input.
        file: String,
        /// The notation to write: standard, wallrush or pallwall.
        #[arg(long)]
        to: Notation,
        /// The notation of a move list, or of a record without a Notation tag.
        #[arg(long, default_value = "standard")]
        from: Notation,
        /// The variant of a move list (or of a record without a Variant tag), as
        /// key=value pairs: size=9,players=2,walls=10,wall_length=2,goal=edge.
        #[arg(long)]
        variant: Option<String>,
    },
    /// The arena with every game's record written: two players, a series of games,
    /// records to a folder, the summary on standard output, one progress line per game
    /// on standard error.
    #[command(after_help = wallrush_cli::arena::cli::SELFPLAY_HELP)]
    Selfplay(wallrush_cli::arena::cli::ArenaArgs),
    /// Draw a position of a record as an SVG picture.
    #[command(after_help = SVG_HELP)]
    Svg {
        /// The record file, or - for standard input.
        file: String,
        /// Draw the position after this many plies (default: the end).
        #[arg(long)]
        ply: Option<u32>,
        /// Write the picture to this file instead of standard output (an existing file is
        /// refused unless --force).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Let --output overwrite an existing file.
        #[arg(long)]
        force: bool,
        /// Turn the board round (north at the bottom).
        #[arg(long)]
        flip: bool,
        /// Draw every seat's shortest route.
        #[arg(long)]
        routes: bool,
        /// Mark the legal pawn moves of the seat to move.
        #[arg(long)]
        moves: bool,
        /// Width and height in pixels, 1 to 100000 (default: 44 a cell, between 400 and 800).
        #[arg(long, value_parser = svg_size)]
        size: Option<u32>,
        /// Leave out the file and rank labels.
        #[arg(long)]
        no_coordinates: bool,
        /// Notation of records without a Notation tag.
        #[arg(long, default_value = "standard")]
        notation: Notation,
    },
    /// Count the positions DEPTH plies ahead (progress and time left on standard error
    /// from depth 5; a depth estimated to take over a day is refused).
    #[command(
        after_help = "Examples:\n  wallrush perft 3\n  wallrush perft 3 --moves \"e2 e8\" --divide\n  \
                            wallrush perft 5 --variant size=5,players=4\n  \
                            wallrush perft 5 --threads 2 --hash 256"
    )]
    Perft {
        /// Plies to look ahead.
        depth: u32,
        /// Variant as key=value pairs, e.g. size=9,players=2,walls=10,wall_length=2,goal=edge
        /// (default: the classic board).
        #[arg(long)]
        variant: Option<String>,
        /// Moves to play first, standard notation, space separated (default: none).
        #[arg(long)]
        moves: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Threads that count, 1 to 1024; the first moves are shared among them.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// A transposition table of this many MiB (0: none, at most 65536), shared by
        /// the threads; keyed by 128 bits, so the counts stay exact.
        #[arg(long, default_value_t = 0, value_name = "MB")]
        hash: usize,
    },
    /// Answer JSON requests, one per line on stdin, one JSON line each on stdout.
    #[command(after_help = "Example:\n  echo '{\"moves\": [\"e2\", \"e8\"]}' | wallrush oracle\n\n\
                            The protocol: docs/ORACLE.md.")]
    Oracle,
    /// Test another implementation of the rules in lockstep with wallrush; every
    /// disagreement is shrunk to a short move sequence.
    Verify(wallrush_cli::verify::cli::VerifyArgs),
    /// Play a match between engines, wallrush's, another build's or external programs
    /// (generic, QTP or UCI line protocols), every move checked: score and Elo with their
    /// intervals, an optional SPRT, several games at once.
    #[command(after_help = wallrush_cli::arena::cli::ARENA_HELP)]
    Arena(wallrush_cli::arena::cli::ArenaArgs),
    /// The strong engine on standard input and output, in the arena's UCI-style dialect
    /// (uci, isready, setoption name Variant value …, ucinewgame, position startpos moves
    /// …, go movetime MS | nodes N | depth D, quit): what `wallrush arena --b
    /// wallrush:PATH` plays.
    #[command(after_help = ENGINE_HELP)]
    Engine,
    /// Write conformance vectors as JSON lines: positions of generated games with their
    /// legal moves, routes and refusals.
    Vectors(wallrush_cli::verify::cli::VectorsArgs),
    /// The beginner against the strong engine on the classic board, drawn as it goes,
    /// then perft(3) with its time.
    #[command(after_help = "Examples:\n  wallrush demo\n  wallrush demo --seed 7 --quiet")]
    Demo {
        /// Seed of the beginner's tie-breaks.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Draw only the final board.
        #[arg(long)]
        quiet: bool,
    },
}

const PLAY_HELP: &str = "\
Players: human, beginner, random, strong (1 s a move), strong:MS (MS milliseconds a
move), strong:nNODES (a node budget: the same game every time) or strong:dDEPTH.
By default you play south and --engine (the beginner) plays every other seat;
--engine human is hot-seat; --south/--west/--north/--east set one seat each.
An engine-only game without draw rules is drawn after 500 plies.

At the prompt type a move in the session's notation, or (upper or lower case):
  ?  hint  hint strong  preview WALL  undo [N]  redo [N]  go  board  save FILE
  save! FILE  load FILE  resign  help  quit
--board plays on a full-screen board instead: arrows move the cursor, Enter or Space
moves the pawn there (the reachable squares are marked); W toggles wall mode, where the
arrows move the wall, R turns it, a first Enter aims it and a second places it, Esc
clears the aim; Tab shows every route; : types the commands above; the mouse clicks a
marked square, or points at the gap between two squares and clicks to place a wall.
In a terminal the prompt edits lines (arrows, Ctrl-R), completes commands and legal
moves with Tab, and keeps its history in the data directory ($XDG_DATA_HOME/wallrush,
else ~/.local/share/wallrush), with the autosave that --resume continues. Ctrl-C stops
an engine that is thinking; at the prompt it asks before leaving, as quit and resign
do when the game is not saved.

Exit status: 0; 1 when input that is not a terminal (a script) had a line refused: an
illegal move, text that is neither a move nor a command, a line over 64 KiB; 2 for
wrong options, a record --load cannot read, or output that cannot be written.

Examples:
  wallrush play
  wallrush play --engine strong:500 --notation wallrush
  wallrush play --engine human --size 7 --walls 6
  wallrush play --north human --south strong:500      # the board turns round for north
  wallrush play --south beginner --north strong:n20000 --quiet
  wallrush play --watch 0.5 --save watched.txt         # engines only, half a second a move
  wallrush play --players 4 --goal centre
  wallrush play --resume
  wallrush play --board                # a full-screen board: arrows, Enter, W walls, mouse
  printf 'e2\\nd4h\\nsave game.txt\\n' | wallrush play --seed 1
  wallrush play --game wallgo
  wallrush play --game enclosure --engine human";

const CHECK_HELP: &str = "\
Prints one line on standard output for every outcome:
  valid: P plies; RESULT                    every move legal (a game in progress says
                                            who is to move); exit status 0
  illegal move at ply P (line L): REASON    the first illegal move, or a Result tag the
                                            moves do not give; exit status 1
  unreadable: REASON                        exit status 2: no such file, a directory,
                                            a file over 1 MiB, not UTF-8 text, an empty
                                            file (no tags and no moves), a malformed tag
                                            or round number, or a move that does not read
                                            (quoted, with its ply: ply 3 \"zz\": ...)
A file that cannot be read is also named on standard error. Output that cannot be
written is exit status 2; a closed pipe ends quietly, with the verdict's status.
Wall Go and card enclosure records (Game tag) are checked by their own rules.
A file of many records (a new one begins at a tag line after moves, or after a result
token: * 1-0 0-1 1/2-1/2) gets a line each, \"record K: VERDICT\", then a line counting
them; the exit status is the worst verdict's.

Examples:
  wallrush check game.txt
  echo '1. e2 e8 2. e3 e5' | wallrush check -
  wallrush check game.txt > /dev/null && echo legal";

const CONVERT_HELP: &str = "\
A record (tag lines first) is read in its Notation tag's notation and written back whole
with the new tag; a bare move list is read in --from on --variant and written as a move
list, numbered when the input was. Exit status: 1 for an illegal move, 2 for text that
does not read. A file of many records is converted record by record, a blank line
between two; each one that cannot be is named on standard error (record K: REASON) and
the exit status is the worst.

Examples:
  wallrush convert --to wallrush game.txt
  echo 'e2 e8 d3h' | wallrush convert --to pallwall -
  echo '1. d3v' | wallrush convert --to wallrush --variant wall_length=3 -";

const ENGINE_HELP: &str = "\
Each command is one line of at most 1 MiB; a line that cannot be read is answered by
`info string error: …` and changes nothing. The program ends at `quit` or at the end of
its input. `go` (`movetime MS`, `nodes N`, `depth D` or `infinite`) reports every
completed iteration by `info depth D score cp S nodes N nps N time MS pv …` lines (one
for each of the `setoption name MultiPV value K` best moves, with `multipv R`), then
`bestmove MOVE` (standard notation; `bestmove (none)` when the game is over). `stop`,
`isready` and `quit` are read while a search runs: `stop` and `quit` end it with its
`bestmove`. At the end of the input a search runs to its limit first, so piped commands
leave `quit` out.

Examples:
  printf 'uci\\nposition startpos moves e2 e8\\ngo nodes 20000\\n' | wallrush engine
  wallrush arena --a strong --b wallrush:/path/to/older/wallrush --ms 100 --sprt elo0=-5,elo1=0";

const SVG_HELP: &str = "\
The last move is highlighted. --ply K draws the position after K plies, before a
resignation that follows them; a record with an illegal move at ply P can be drawn at
any ply before P. Wall Go and card enclosure records (Game tag) are drawn with their
regions and score legend (--ply, --size and --no-coordinates apply to them). Exit
status: 1 for an illegal move before the ply drawn, 2 for text that does not read or
a ply past the end.

Examples:
  wallrush svg game.txt -o end.svg
  wallrush svg wallgo.txt --ply 10 -o wallgo.svg
  wallrush svg game.txt --ply 12 --routes --moves --size 600 > ply12.svg";

/// The variant options of `play`.
#[derive(Args, Clone)]
struct VariantArgs {
    /// Board size (odd, 3 to 31).
    #[arg(long, default_value_t = 9)]
    size: u64,
    /// Seats: 2 or 4 (Wall Go: 2 to 4).
    #[arg(long, default_value_t = 2)]
    players: u64,
    /// Walls each player starts with (default 10, or 5 with four players).
    #[arg(long)]
    walls: Option<u64>,
    /// Cells a wall covers (2 to size - 1).
    #[arg(long, default_value_t = 2)]
    wall_length: u64,
    /// Where the pawns race to.
    #[arg(long, value_enum, default_value_t = GoalArg::Edge)]
    goal: GoalArg,
    /// Draw when a position is seen K times, K from 2 (3 when K is left out).
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "3", value_parser = repetition_count)]
    repetition: Option<u32>,
}

impl VariantArgs {
    /// The variant of the flags, built by the core's [`Variant::builder`] as the variant
    /// text is: a number out of range gets the same message from `--size 8` as from
    /// `--variant size=8`.
    fn variant(&self) -> Result<Variant, CliError> {
        let goal = match self.goal {
            GoalArg::Edge => Goal::Edge,
            GoalArg::Centre | GoalArg::Center => Goal::Centre,
        };
        let b =
            Variant::builder().size(self.size).players(self.players).wall_length(self.wall_length).goal(goal);
        let b = match self.walls {
            Some(w) => b.walls(w),
            None => b,
        };
        b.build().map_err(|e| CliError::usage(e.to_string()))
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum GoalArg {
    /// The far side of the board.
    Edge,
    /// The centre cell.
    Centre,
    /// The centre cell.
    #[value(hide = true)]
    Center,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    /// Colours when standard output is a terminal (and NO_COLOR is not set).
    Auto,
    /// Always colours.
    Always,
    /// Never colours.
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FlipArg {
    /// When the only person plays north.
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GameArg {
    /// The wall race (Quoridor-style).
    Race,
    /// Wall Go, the 7×7 territory game.
    Wallgo,
    /// The 6×6 card enclosure game.
    Enclosure,
}

#[derive(Args)]
struct PlayArgs {
    /// Which game.
    #[arg(long, value_enum, default_value_t = GameArg::Race)]
    game: GameArg,
    /// Who plays every seat but yours: beginner (default), strong, strong:MS, random, or human
    /// for hot-seat; in the territory games greedy (default) or human.
    #[arg(long, value_parser = engine_name)]
    engine: Option<String>,
    /// Who plays south (default: you).
    #[arg(long)]
    south: Option<PlayerSpec>,
    /// Who plays west (four seats).
    #[arg(long)]
    west: Option<PlayerSpec>,
    /// Who plays north.
    #[arg(long)]
    north: Option<PlayerSpec>,
    /// Who plays east (four seats).
    #[arg(long)]
    east: Option<PlayerSpec>,
    /// Engines play every seat; you watch, with a pause of SECONDS after each move
    /// (0 when left out).
    #[arg(long, value_name = "SECONDS", num_args = 0..=1, default_missing_value = "0", value_parser = watch_delay)]
    watch: Option<f64>,
    /// Write the game record to FILE when the game ends (a watched game too); an
    /// existing FILE is refused unless --force.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Let --save overwrite an existing file.
    #[arg(long)]
    force: bool,
    /// Continue the game autosaved by the last terminal session (in the data directory,
    /// $XDG_DATA_HOME/wallrush), with its players and notation; with --game, that game's
    /// autosave.
    #[arg(long, conflicts_with = "load")]
    resume: bool,
    /// Turn the board round (north at the bottom): auto does when you play north alone.
    #[arg(long, value_enum, value_name = "WHEN", num_args = 0..=1, default_value_t = FlipArg::Auto, default_missing_value = "on")]
    flip: FlipArg,
    #[command(flatten)]
    variant: VariantArgs,
    /// Draw after N plies, N from 1 (500 when N is left out).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "500", value_parser = ply_limit)]
    ply_limit: Option<u32>,
    /// Notation of the moves you type and the moves shown: standard (e2, d4h), wallrush
    /// (e2, H-d5) or pallwall.
    #[arg(long, default_value = "standard")]
    notation: Notation,
    /// Seat colours.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Draw the board in ASCII instead of box-drawing characters.
    #[arg(long)]
    ascii: bool,
    /// Seed of the engines' tie-breaks (default: from the clock; the banner shows it).
    #[arg(long)]
    seed: Option<u64>,
    /// Draw the board only at the start and at the end.
    #[arg(long)]
    quiet: bool,
    /// Start from the game recorded in FILE.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Play on a full-screen board with keys and mouse (a terminal is needed): arrows
    /// and Enter move, W walls, R turns, Tab routes, : the commands, q leaves.
    #[arg(long)]
    board: bool,
}

/// `--repetition K`: 2 or more (a position is seen once as soon as it is reached, so 0
/// and 1 would draw every game at once).
fn repetition_count(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(k) if k >= 2 => Ok(k),
        Ok(k) => Err(format!(
            "{k} would draw every game at once (a position counts as seen when it is reached); \
             the allowed range is 2 to {}",
            u32::MAX
        )),
        Err(_) => Err(format!("expected a whole number from 2 to {}", u32::MAX)),
    }
}

/// `--ply-limit N`: 1 or more (0 would draw before the first move).
fn ply_limit(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        Ok(_) => Err(format!("0 would draw before the first move; the allowed range is 1 to {}", u32::MAX)),
        Err(_) => Err(format!("expected a whole number from 1 to {}", u32::MAX)),
    }
}

/// `--watch SECONDS`: 0 to 60, fractions allowed.
fn watch_delay(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(d) if (0.0..=60.0).contains(&d) => Ok(d),
        _ => Err("seconds between moves: the allowed range is 0 to 60 (0.5 is half a second)".to_string()),
    }
}

/// `svg --size PIXELS`: 1 to 100000.
fn svg_size(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err("the picture's width in pixels: the allowed range is 1 to 100000".to_string()),
    }
}

/// `--engine`: a player spec, or `greedy` (the territory games' bot).
fn engine_name(s: &str) -> Result<String, String> {
    if s != "greedy" {
        s.parse::<PlayerSpec>()?;
    }
    Ok(s.to_string())
}

/// Reads FILE, or standard input for `-`, through the capped reader.
fn read_input(file: &str) -> Result<String, CliError> {
    input::read_text(file).map_err(CliError::usage)
}

fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_micros() as u64 % 1_000_000)
}

/// Whether a person is at a terminal: standard input and output both terminals.
fn at_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The first option of the wall race alone given on the command line (`play --game
/// wallgo --size 9` names --size), read from the arguments as typed: their defaults
/// cannot tell whether they were given.
fn race_only_option() -> Option<String> {
    const RACE_ONLY: [&str; 15] = [
        "--size",
        "--walls",
        "--wall-length",
        "--goal",
        "--repetition",
        "--ply-limit",
        "--notation",
        "--flip",
        "--ascii",
        "--quiet",
        "--south",
        "--west",
        "--north",
        "--east",
        "--force",
    ];
    let args: Vec<String> = std::env::args().skip(1).take_while(|a| a != "--").collect();
    args.iter().find_map(|a| {
        let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
        RACE_ONLY.contains(&name).then(|| name.to_string())
    })
}

fn run_play(args: PlayArgs) -> Result<(), CliError> {
    let interactive = io::stdin().is_terminal();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let watch = args.watch.is_some();
    if args.game != GameArg::Race {
        if let Some(flag) = race_only_option() {
            return Err(CliError::usage(format!(
                "{flag} is for the wall race; Wall Go and the card game take --players, --engine, \
                 --watch, --resume, --color and --seed"
            )));
        }
        if let Some(flag) = [(args.save.is_some(), "--save"), (args.load.is_some(), "--load")]
            .into_iter()
            .find_map(|(on, flag)| on.then_some(flag))
        {
            return Err(CliError::usage(format!(
                "{flag} is for the wall race; in Wall Go and the card game, save FILE and load FILE at the prompt"
            )));
        }
        let kind =
            if args.game == GameArg::Wallgo { TerritoryKind::WallGo } else { TerritoryKind::Enclosure };
        let players = u8::try_from(args.variant.players).unwrap_or(u8::MAX);
        let humans = match (args.engine.as_deref(), watch) {
            (Some("human"), _) => (0..usize::from(players)).collect(),
            (None | Some("greedy"), true) => Vec::new(),
            (None | Some("greedy"), false) => vec![0],
            (Some(other), _) => {
                return Err(CliError::usage(format!(
                    "{other:?}: the territory games' engines are greedy or human"
                )))
            }
        };
        let mut cfg = TerritoryConfig::new(kind, players, humans, seed);
        cfg.interactive = interactive;
        cfg.color = color_wanted(args.color);
        let name = if kind == TerritoryKind::WallGo { "wallgo" } else { "enclosure" };
        let autosave = prompt::data_dir().map(|d| d.join(format!("autosave-{name}.txt")));
        if args.resume {
            let path = autosave
                .clone()
                .ok_or_else(|| CliError::usage("--resume: no data directory (HOME is not set)"))?;
            let text = input::read_file(&path).map_err(|e| {
                CliError::usage(format!(
                    "--resume: no autosaved {name} game to continue ({}: {e})",
                    path.display()
                ))
            })?;
            cfg.resume = Some(text);
        }
        if interactive && at_terminal() {
            cfg.autosave = autosave;
        }
        if args.board {
            if !(interactive && at_terminal()) {
                return Err(CliError::usage(
                    "--board needs a terminal (standard input and output); scripts use the line prompt",
                ));
            }
            cfg.board = true;
            let log = wallrush_cli::board::run_territory(territory::table(cfg)?)?;
            let mut out = output::stdout();
            for line in log.iter().filter(|l| l.starts_with("game over: ") || l.starts_with("saved ")) {
                writeln!(out, "{line}")?;
            }
            return Ok(out.flush()?);
        }
        let mut out = output::stdout();
        let refused = if interactive && at_terminal() {
            let mut editor = Editor::new()?;
            territory::run_lines(&cfg, &mut editor, &mut out)?
        } else {
            territory::run_lines(&cfg, &mut Plain::new(&mut input), &mut out)?
        };
        return refused_status(refused, interactive);
    }
    let mut variant = args.variant.variant()?;
    if args.engine.as_deref() == Some("greedy") {
        return Err(CliError::usage(
            "greedy plays the territory games (--game wallgo or enclosure); the race's engines are beginner, random and strong",
        ));
    }
    let autosave = prompt::data_dir().map(|d| d.join("autosave.txt"));
    let mut notation = args.notation;
    // --resume: the record autosaved last, with its players and notation.
    let resumed = if args.resume {
        let path = autosave
            .clone()
            .ok_or_else(|| CliError::usage("--resume: no data directory (HOME is not set)"))?;
        let text = input::read_file(&path).map_err(|e| {
            CliError::usage(format!("--resume: no autosaved game to continue ({}: {e})", path.display()))
        })?;
        let tagged = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("[Notation \"")?.strip_suffix("\"]")?.parse().ok());
        notation = tagged.unwrap_or(notation);
        let record = wallrush_core::Record::parse(&text, notation).map_err(|e| {
            CliError::usage(format!("--resume: {}: {}", path.display(), wallrush_cli::words(&e.to_string())))
        })?;
        variant = record.game().variant();
        Some((path, wallrush_cli::play::players_of(&record)))
    } else {
        None
    };
    let engine: PlayerSpec = args.engine.as_deref().unwrap_or("beginner").parse().map_err(CliError::usage)?;
    let mut players = BySeat([engine; 4]);
    if !engine.is_human() && !watch {
        players[Seat::South] = PlayerSpec::Human;
    }
    if watch && engine.is_human() {
        return Err(CliError::usage("--watch needs an engine: --engine beginner or strong"));
    }
    if let Some((_, from_record)) = &resumed {
        players = *from_record;
    }
    for (seat, spec) in [
        (Seat::South, args.south),
        (Seat::West, args.west),
        (Seat::North, args.north),
        (Seat::East, args.east),
    ] {
        if let Some(spec) = spec {
            if !variant.has_seat(seat) {
                return Err(CliError::usage(format!(
                    "--{seat}: there is no {seat} seat with {} players",
                    variant.players()
                )));
            }
            players[seat] = spec;
        }
    }
    if let Some(path) = &args.save {
        if path.exists() && !args.force {
            return Err(CliError::usage(format!(
                "--save {}: the file exists; --force overwrites it",
                path.display()
            )));
        }
    }
    let terminal = interactive && at_terminal();
    if args.board && !terminal {
        return Err(CliError::usage(
            "--board needs a terminal (standard input and output); scripts use the line prompt",
        ));
    }
    let cfg = PlayConfig {
        variant,
        draw: DrawOptions { repetition: args.variant.repetition, ply_limit: args.ply_limit },
        players,
        notation,
        // The board draws in colour itself; its message panel takes plain text.
        style: Style { color: color_wanted(args.color) && !args.board, unicode: !args.ascii },
        flip: match args.flip {
            FlipArg::Auto => Flip::Auto,
            FlipArg::On => Flip::On,
            FlipArg::Off => Flip::Off,
        },
        seed,
        interactive,
        quiet: args.quiet,
        terminal,
        watch_delay: Duration::from_secs_f64(args.watch.unwrap_or(0.0)),
        // Only a person at a terminal has a game to lose; scripts write nothing behind
        // their back.
        autosave: if terminal { autosave } else { None },
    };
    if args.board {
        let mut session = Session::new(cfg, Vec::new())?;
        if let Some((path, _)) = &resumed {
            session.load(path).map_err(CliError::usage)?;
            let plies = wallrush_cli::plies(session.game().plies());
            session.note(format!("resumed {plies} from {}", path.display()));
        } else if let Some(path) = &args.load {
            session.load(path).map_err(CliError::usage)?;
        }
        let mut session = wallrush_cli::board::run(session)?;
        if let Some(path) = &args.save {
            session.save_to(&path.to_string_lossy(), true)?;
        }
        let mut out = output::stdout();
        out.write_all(session.out_mut())?;
        if let Some(o) = session.game().outcome() {
            writeln!(out, "game over: {o} after {}", wallrush_cli::plies(session.game().plies()))?;
        }
        return Ok(out.flush()?);
    }
    let mut session = Session::new(cfg, output::stdout())?;
    if let Some((path, _)) = &resumed {
        session.load(path).map_err(CliError::usage)?;
        let plies = wallrush_cli::plies(session.game().plies());
        session.note(format!("resumed {plies} from {}", path.display()));
    } else if let Some(path) = &args.load {
        session.load(path).map_err(CliError::usage)?;
    }
    if terminal {
        // After the editor, which sets up its own signal handling, so that Ctrl-C while
        // an engine thinks comes to the session (at the prompt it is a key).
        let mut editor = Editor::new()?;
        thinking::catch_ctrl_c();
        session.run_lines(&mut editor)?;
    } else {
        session.run(&mut input)?;
    }
    if let Some(path) = &args.save {
        session.save_to(&path.to_string_lossy(), true)?;
    }
    refused_status(session.refused(), interactive)
}

/// Exit status 1 ([`REFUSED_STATUS`]) for a scripted session in which a line was refused.
fn refused_status(refused: u32, interactive: bool) -> Result<(), CliError> {
    if refused == 0 || interactive {
        return Ok(());
    }
    let lines = if refused == 1 { "1 line was".to_string() } else { format!("{refused} lines were") };
    Err(CliError::new(
        REFUSED_STATUS,
        format!("{lines} refused (an illegal move, or text that is neither a move nor a command)"),
    ))
}

/// Whether to colour: `--color`, and for auto a terminal without NO_COLOR or TERM=dumb.
fn color_wanted(arg: ColorArg) -> bool {
    match arg {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    }
}

/// The longest `perft` run the estimate lets through: about a day.
const PERFT_MAX_SECONDS: f64 = 86_400.0;

/// Nodes the estimate of a deep `perft` spends on shallow counts before it extrapolates.
const PERFT_SAMPLE_NODES: u64 = 200_000;

/// An estimate of `perft(pos, depth)`: the count and the seconds it would take, from the
/// counts of shallower depths (until one passes [`PERFT_SAMPLE_NODES`]) and their growth
/// a ply. `None` when the sample reached `depth` (the count is then known and quick).
fn perft_estimate(pos: &Position, depth: u32) -> Option<(f64, f64, f64)> {
    let start = Instant::now();
    let mut counts = vec![1u64];
    for d in 1..depth {
        let n = perft(pos, d);
        counts.push(n);
        if n >= PERFT_SAMPLE_NODES {
            break;
        }
        if n == 0 {
            return None;
        }
    }
    let k = counts.len() - 1;
    if k + 1 >= depth as usize && counts[k] < PERFT_SAMPLE_NODES {
        return None;
    }
    let last = counts[k] as f64;
    let growth = (last / counts[k.saturating_sub(1)].max(1) as f64).max(1.0);
    let nodes = last * growth.powf(f64::from(depth) - k as f64);
    let spent: u64 = counts.iter().sum();
    let per_node = start.elapsed().as_secs_f64() / spent.max(1) as f64;
    Some((nodes, nodes * per_node.max(1e-9), growth))
}

/// `12 s`, `3.4 min`, `5.0 h`, `2.1e9 years`.
fn duration_words(seconds: f64) -> String {
    if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 5400.0 {
        format!("{:.1} min", seconds / 60.0)
    } else if seconds < 2.0 * 86_400.0 {
        format!("{:.1} h", seconds / 3600.0)
    } else if seconds < 365.0 * 86_400.0 {
        format!("{:.0} days", seconds / 86_400.0)
    } else {
        format!("{:.1e} years", seconds / (365.0 * 86_400.0))
    }
}

fn run_perft(
    depth: u32,
    variant: &str,
    moves: &str,
    show_divide: bool,
    opts: &PerftOptions,
) -> Result<(), CliError> {
    let bad_option = |e: PerftError| match e {
        PerftError::Threads(_) => CliError::usage(format!("--threads: {e}")),
        PerftError::HashTooLarge(_) | PerftError::HashUnavailable(_) => {
            CliError::usage(format!("--hash: {e}"))
        }
        e => CliError::usage(e.to_string()),
    };
    // Refuse bad options before the estimate spends time on shallow counts.
    opts.validate().map_err(bad_option)?;
    let mut pos = Position::new(parse_variant(variant).map_err(CliError::usage)?);
    for m in moves.split_whitespace() {
        let mv: wallrush_core::Move = m.parse().map_err(|e: wallrush_core::notation::ParseError| {
            CliError::usage(format!("--moves {m:?}: {}", wallrush_cli::words(&e.to_string())))
        })?;
        pos.play(mv).map_err(|e| CliError::usage(format!("--moves {m:?}: {e}")))?;
    }
    if depth >= 5 {
        if let Some((nodes, seconds, growth)) = perft_estimate(&pos, depth) {
            // The threads share the work; the table's savings are not counted on.
            let seconds = seconds / opts.threads as f64;
            if seconds > PERFT_MAX_SECONDS {
                let mut most = depth;
                while most > 1 && seconds / growth.powf(f64::from(depth - most)) > PERFT_MAX_SECONDS {
                    most -= 1;
                }
                return Err(CliError::usage(format!(
                    "perft {depth} would count about {nodes:.1e} positions (×{growth:.1} a ply), about {} \
                     here; refused above a day: depth {most} or less finishes within one",
                    duration_words(seconds)
                )));
            }
        }
    }
    let mut out = output::stdout();
    let start = Instant::now();
    let n = pos.variant().size();
    let progress = depth >= 5;
    let tty = io::stderr().is_terminal();
    let mut last_report = Instant::now();
    let nodes = if depth == 0 {
        perft(&pos, 0)
    } else {
        let roots = pos.legal_moves().len();
        let (mut done, mut total) = (0, 0);
        let counts = divide_with(&pos, depth, opts, |_, count| {
            done += 1;
            total += count;
            if progress {
                let elapsed = start.elapsed().as_secs_f64();
                let finished = done == roots;
                let eta = if finished {
                    String::new()
                } else {
                    let left = elapsed / done as f64 * (roots - done) as f64;
                    format!(", about {} left", duration_words(left))
                };
                let line =
                    format!("perft({depth}): {done}/{roots} first moves, {total} nodes, {elapsed:.1} s{eta}");
                if tty {
                    output::stderr(&format!("\r\x1b[K{line}{}", if finished { "\n" } else { "" }));
                } else if done == 1 || finished || last_report.elapsed().as_secs_f64() >= 1.0 {
                    output::stderr(&format!("{line}\n"));
                    last_report = Instant::now();
                }
            }
        })
        .map_err(bad_option)?;
        if show_divide {
            for &(m, count) in &counts {
                writeln!(out, "{} {count}", m.text(n))?;
            }
        }
        total
    };
    let t = start.elapsed().as_secs_f64();
    writeln!(out, "nodes {nodes}\ntime {:.3} s\nnodes/s {:.0}", t, nodes as f64 / t.max(1e-9))?;
    Ok(out.flush()?)
}

fn run_oracle() -> Result<(), CliError> {
    let mut out = output::stdout();
    oracle::serve(io::stdin().lock(), &mut out, &oracle::Limits::ORACLE).map_err(|e| {
        if output::is_output_failure(&e) {
            CliError::from(e)
        } else {
            CliError::usage(format!("reading stdin: {e}"))
        }
    })
}

fn write_output(path: Option<&Path>, text: &str) -> Result<(), CliError> {
    match path {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| CliError::usage(format!("cannot write {}: {e}", p.display())))
        }
        None => {
            let mut out = output::stdout();
            out.write_all(text.as_bytes()).and_then(|_| out.flush()).map_err(CliError::from)
        }
    }
}

/// `check`: the verdict line, and the verdict's exit status (also when standard output
/// was closed before the line could be written).
fn run_check(file: &str, notation: Notation) -> Result<(), CliError> {
    let (lines, code) = match input::read_text(file) {
        Ok(text) => records::check_all(&text, notation),
        Err(why) => {
            // The verdict line on standard output, as for every outcome; the reason on
            // standard error too, as every subcommand says it, unless both are the one
            // screen.
            if !(io::stdout().is_terminal() && io::stderr().is_terminal()) {
                output::stderr(&format!("wallrush: {why}\n"));
            }
            let verdict = Verdict::Unreadable(format!("unreadable: {why}"));
            (vec![verdict.message().to_string()], verdict.exit_code())
        }
    };
    let mut out = output::stdout();
    lines.iter().try_for_each(|line| writeln!(out, "{line}")).and_then(|()| out.flush()).map_err(|e| {
        let e = CliError::from(e);
        if e.message.is_empty() {
            CliError::new(code, "")
        } else {
            e
        }
    })?;
    match code {
        0 => Ok(()),
        // Already printed: exit with the verdict's status and nothing more.
        code => Err(CliError::new(code, String::new())),
    }
}

/// The arguments, or the exit status after clap's help, version or usage error (written
/// through clap, whose failures are reported as every other write failure is).
fn parse_args() -> Result<Cli, ExitCode> {
    let e = match Cli::try_parse() {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    match e.print() {
        Ok(()) => {}
        // Help and version go to standard output; usage errors to standard error, whose
        // failures have nowhere to go.
        Err(failure) if !e.use_stderr() => {
            if failure.kind() == io::ErrorKind::BrokenPipe {
                return Err(ExitCode::SUCCESS);
            }
            output::stderr(&format!("wallrush: cannot write to standard output: {failure}\n"));
            return Err(ExitCode::from(2));
        }
        Err(_) => {}
    }
    Err(ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)))
}

fn main() -> ExitCode {
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Play(args) => run_play(args),
        Command::Check { file, notation } => run_check(&file, notation),
        Command::Convert { file, to, from, variant } => (|| {
            let text = read_input(&file)?;
            let variant = variant.as_deref().map(parse_variant).transpose().map_err(CliError::usage)?;
            let (out, errors) = records::convert_all(&text, from, to, variant);
            write_output(None, &out)?;
            // Every record that did not convert is named; the worst status is the exit's.
            let code = errors.iter().map(|e| e.code).max();
            match (errors.as_slice(), code) {
                ([one], _) => Err(one.clone()),
                (_, Some(code)) => {
                    for e in &errors {
                        output::stderr(&format!("wallrush: {}\n", e.message));
                    }
                    Err(CliError::new(code, String::new()))
                }
                (_, None) => Ok(()),
            }
        })(),
        Command::Selfplay(args) => wallrush_cli::arena::cli::run_selfplay(args),
        Command::Svg { file, ply, output, force, flip, routes, moves, size, no_coordinates, notation } => {
            (|| {
                if let Some(path) = output.as_deref().filter(|p| p.exists() && !force) {
                    return Err(CliError::usage(format!(
                        "--output {}: the file exists; --force overwrites it",
                        path.display()
                    )));
                }
                let text = read_input(&file)?;
                if records::game_kind(&text) != records::GameKind::Race {
                    if let Some(flag) = [(flip, "--flip"), (routes, "--routes"), (moves, "--moves")]
                        .into_iter()
                        .find_map(|(on, flag)| on.then_some(flag))
                    {
                        return Err(CliError::usage(format!(
                            "{flag} is for wall-race records: this is a {} record",
                            if records::game_kind(&text) == records::GameKind::WallGo {
                                "Wall Go"
                            } else {
                                "card enclosure"
                            }
                        )));
                    }
                    let req = records::TerritorySvg { ply, size, coordinates: !no_coordinates };
                    return write_output(output.as_deref(), &records::territory_svg(&text, req)?);
                }
                let opts = SvgOptions::new()
                    .flipped(flip)
                    .routes(routes)
                    .legal_moves(moves)
                    .size(size)
                    .coordinates(!no_coordinates);
                let picture = records::svg_of(&text, notation, ply, opts)?;
                write_output(output.as_deref(), &picture)
            })()
        }
        Command::Perft { depth, variant, moves, divide, threads, hash } => {
            let opts = PerftOptions { threads, hash_mb: hash };
            run_perft(depth, variant.as_deref().unwrap_or(""), moves.as_deref().unwrap_or(""), divide, &opts)
        }
        Command::Oracle => run_oracle(),
        Command::Verify(args) => wallrush_cli::verify::cli::run_verify(args),
        Command::Arena(args) => wallrush_cli::arena::cli::run_arena(args),
        Command::Engine => {
            let mut out = output::stdout();
            wallrush_cli::arena::uci::serve(io::BufReader::new(io::stdin()), &mut out).map_err(|e| {
                if output::is_output_failure(&e) {
                    CliError::from(e)
                } else {
                    CliError::usage(format!("reading stdin: {e}"))
                }
            })
        }
        Command::Vectors(args) => wallrush_cli::verify::cli::run_vectors(args),
        Command::Demo { seed, quiet } => {
            let mut out = output::stdout();
            let style = Style { color: color_wanted(ColorArg::Auto), unicode: true };
            demo::run_styled(&mut out, seed, quiet, &style).and_then(|()| out.flush()).map_err(CliError::from)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.message.is_empty() {
                output::stderr(&format!("wallrush: {e}\n"));
            }
            ExitCode::from(e.code)
        }
    }
}
