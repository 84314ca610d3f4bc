//! `wallrush`: the command-line program of the wallrush rules library.
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use clap::{Args, Parser, Subcommand, ValueEnum};
use wallrush_cli::engines::PlayerSpec;
use wallrush_cli::play::{PlayConfig, Session};
use wallrush_cli::records::{self, Verdict};
use wallrush_cli::selfplay::{self, SelfplayConfig};
use wallrush_cli::term::Style;
use wallrush_cli::territory::{self, TerritoryConfig, TerritoryKind};
use wallrush_cli::{demo, input, oracle, output, parse_variant, CliError};
use wallrush_core::notation::Notation;
use wallrush_core::svg::SvgOptions;
use wallrush_core::{perft, BySeat, DrawOptions, Goal, Position, Seat, Variant};

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
    /// Two engines play a series of games; records to a folder, a summary table on
    /// standard output, one progress line per game on standard error.
    #[command(after_help = SELFPLAY_HELP)]
    Selfplay(SelfplayArgs),
    /// Draw a position of a record as an SVG picture.
    #[command(after_help = SVG_HELP)]
    Svg {
        /// The record file, or - for standard input.
        file: String,
        /// Draw the position after this many plies (default: the end).
        #[arg(long)]
        ply: Option<u32>,
        /// Write the picture to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Turn the board round (north at the bottom).
        #[arg(long)]
        flip: bool,
        /// Draw every seat's shortest route.
        #[arg(long)]
        routes: bool,
        /// Mark the legal pawn moves of the seat to move.
        #[arg(long)]
        moves: bool,
        /// Width and height in pixels (default: 44 a cell, between 400 and 800).
        #[arg(long)]
        size: Option<u32>,
        /// Leave out the file and rank labels.
        #[arg(long)]
        no_coordinates: bool,
        /// Notation of records without a Notation tag.
        #[arg(long, default_value = "standard")]
        notation: Notation,
    },
    /// Count the positions DEPTH plies ahead (progress on standard error from depth 5).
    #[command(
        after_help = "Examples:\n  wallrush perft 3\n  wallrush perft 3 --moves \"e2 e8\" --divide\n  \
                            wallrush perft 5 --variant size=5,players=4"
    )]
    Perft {
        /// Plies to look ahead.
        depth: u32,
        /// Variant as key=value pairs, e.g. size=9,players=2,walls=10,wall_length=2,goal=edge
        #[arg(long, default_value = "")]
        variant: String,
        /// Moves to play first, standard notation, space separated.
        #[arg(long, default_value = "")]
        moves: String,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Answer JSON requests, one per line on stdin, one JSON line each on stdout.
    #[command(after_help = "Example:\n  echo '{\"moves\": [\"e2\", \"e8\"]}' | wallrush oracle\n\n\
                            The protocol: docs/ORACLE.md.")]
    Oracle,
    /// Test another implementation of the rules in lockstep with wallrush; every
    /// disagreement is shrunk to a short move sequence.
    Verify(wallrush_cli::verify::cli::VerifyArgs),
    /// Play a match at equal time between engines, wallrush's or external programs
    /// (generic, QTP or UCI line protocols), every move checked; Elo with its interval.
    Arena(wallrush_cli::arena::cli::ArenaArgs),
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

At the prompt type a move in the session's notation, or:
  ?  hint  preview WALL  undo  board  save FILE  load FILE  resign  help  quit

Examples:
  wallrush play
  wallrush play --engine strong:500 --notation wallrush
  wallrush play --engine human --size 7 --walls 6
  wallrush play --south beginner --north strong:n20000 --quiet
  wallrush play --players 4 --goal centre
  printf 'e2\\nd4h\\nsave game.txt\\n' | wallrush play --seed 1
  wallrush play --game wallgo
  wallrush play --game enclosure --engine human";

const CHECK_HELP: &str = "\
Prints one line: `valid: …` with the result, `illegal move at ply P (line L): …`, or
`unreadable: …`. Exit status: 0 valid, 1 an illegal move or a Result tag the moves do not
give, 2 unreadable (no such file, a file over 1 MiB, malformed tag, move text or round
number) or output that cannot be written. A closed pipe ends quietly, with the verdict's
status.
Wall Go and card enclosure records (Game tag) are checked by their own rules.

Examples:
  wallrush check game.txt
  echo '1. e2 e8 2. e3 e5' | wallrush check -";

const CONVERT_HELP: &str = "\
A record (tag lines first) is read in its Notation tag's notation and written back whole
with the new tag; a bare move list is read in --from on --variant and written as a move
list, numbered when the input was. Exit status: 1 for an illegal move, 2 for text that
does not read.

Examples:
  wallrush convert --to wallrush game.txt
  echo 'e2 e8 d3h' | wallrush convert --to pallwall -
  echo '1. d3v' | wallrush convert --to wallrush --variant wall_length=3 -";

const SELFPLAY_HELP: &str = "\
Engines: beginner, random, strong (1 s a move), strong:MS, strong:nNODES, strong:dDEPTH.
Seats alternate every game; each pair of games opens with the same --opening random
pawn moves. Games are drawn after --ply-limit plies (500 by default).

Examples:
  wallrush selfplay --games 20 --engines beginner,strong:n20000 --out records
  wallrush selfplay --games 4 --engines beginner,random --size 5 --walls 3";

const SVG_HELP: &str = "\
The last move is highlighted. Exit status: 1 for a record with an illegal move, 2 for
text that does not read or a ply past the end.

Examples:
  wallrush svg game.txt -o end.svg
  wallrush svg game.txt --ply 12 --routes --moves --size 600 > ply12.svg";

/// The variant options shared by `play` and `selfplay`.
#[derive(Args, Clone)]
struct VariantArgs {
    /// Board size (odd, 3 to 31).
    #[arg(long, default_value_t = 9)]
    size: u32,
    /// Seats: 2 or 4 (Wall Go: 2 to 4).
    #[arg(long, default_value_t = 2)]
    players: u32,
    /// Walls each player starts with (default 10, or 5 with four players).
    #[arg(long)]
    walls: Option<u32>,
    /// Cells a wall covers (2 to size - 1).
    #[arg(long, default_value_t = 2)]
    wall_length: u32,
    /// Where the pawns race to.
    #[arg(long, value_enum, default_value_t = GoalArg::Edge)]
    goal: GoalArg,
    /// Draw when a position is seen K times (3 when K is left out).
    #[arg(long, value_name = "K", num_args = 0..=1, default_missing_value = "3")]
    repetition: Option<u32>,
}

impl VariantArgs {
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
    /// Engines play every seat; you watch.
    #[arg(long)]
    watch: bool,
    #[command(flatten)]
    variant: VariantArgs,
    /// Draw after N plies (500 when N is left out).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "500")]
    ply_limit: Option<u32>,
    /// Notation of the moves you type and the moves shown.
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
}

#[derive(Args)]
struct SelfplayArgs {
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// The two engines, A,B.
    #[arg(long, value_name = "A,B")]
    engines: String,
    /// Folder for the records (default: no records).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Seed of the openings and the engines' tie-breaks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random pawn moves opening each pair of games.
    #[arg(long, default_value_t = 2)]
    opening: u32,
    /// Draw after N plies.
    #[arg(long, value_name = "N", default_value_t = 500)]
    ply_limit: u32,
    /// Notation of the records.
    #[arg(long, default_value = "standard")]
    notation: Notation,
    #[command(flatten)]
    variant: VariantArgs,
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

fn run_play(args: PlayArgs) -> Result<(), CliError> {
    let interactive = io::stdin().is_terminal();
    let seed = args.seed.unwrap_or_else(clock_seed);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    if args.game != GameArg::Race {
        let kind =
            if args.game == GameArg::Wallgo { TerritoryKind::WallGo } else { TerritoryKind::Enclosure };
        let players = u8::try_from(args.variant.players).unwrap_or(u8::MAX);
        let humans = match (args.engine.as_deref(), args.watch) {
            (Some("human"), _) => (0..usize::from(players)).collect(),
            (None | Some("greedy"), true) => Vec::new(),
            (None | Some("greedy"), false) => vec![0],
            (Some(other), _) => {
                return Err(CliError::usage(format!(
                    "{other:?}: the territory games' engines are greedy or human"
                )))
            }
        };
        let cfg = TerritoryConfig { kind, players, humans, seed, interactive };
        return territory::run(&cfg, &mut input, &mut output::stdout());
    }
    let variant = args.variant.variant()?;
    if args.engine.as_deref() == Some("greedy") {
        return Err(CliError::usage(
            "greedy plays the territory games (--game wallgo or enclosure); the race's engines are beginner, random and strong",
        ));
    }
    let engine: PlayerSpec = args.engine.as_deref().unwrap_or("beginner").parse().map_err(CliError::usage)?;
    let mut players = BySeat([engine; 4]);
    if !engine.is_human() && !args.watch {
        players[Seat::South] = PlayerSpec::Human;
    }
    if args.watch && engine.is_human() {
        return Err(CliError::usage("--watch needs an engine: --engine beginner or strong"));
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
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    };
    let cfg = PlayConfig {
        variant,
        draw: DrawOptions { repetition: args.variant.repetition, ply_limit: args.ply_limit },
        players,
        notation: args.notation,
        style: Style { color, unicode: !args.ascii },
        seed,
        interactive,
        quiet: args.quiet,
    };
    let mut session = Session::new(cfg, output::stdout())?;
    if let Some(path) = &args.load {
        session.load(path).map_err(CliError::usage)?;
    }
    session.run(&mut input).map_err(CliError::from)
}

fn run_selfplay(args: SelfplayArgs) -> Result<(), CliError> {
    let (a, b) = args
        .engines
        .split_once(',')
        .ok_or_else(|| CliError::usage(format!("--engines {:?}: expected two engines, A,B", args.engines)))?;
    let parse = |s: &str| -> Result<PlayerSpec, CliError> {
        let spec: PlayerSpec = s.trim().parse().map_err(CliError::usage)?;
        if spec.is_human() {
            return Err(CliError::usage("selfplay is for engines: human cannot play"));
        }
        Ok(spec)
    };
    let mut cfg = SelfplayConfig::new(args.variant.variant()?, [parse(a)?, parse(b)?]);
    cfg.games = args.games;
    cfg.seed = args.seed;
    cfg.opening = args.opening;
    cfg.out = args.out;
    cfg.notation = args.notation;
    cfg.draw = DrawOptions { repetition: args.variant.repetition, ply_limit: Some(args.ply_limit) };
    let summary = selfplay::run(&cfg, &mut io::stderr())?;
    let mut out = output::stdout();
    write!(out, "{}", summary.table(&cfg))?;
    Ok(out.flush()?)
}

fn run_perft(depth: u32, variant: &str, moves: &str, show_divide: bool) -> Result<(), CliError> {
    let mut pos = Position::new(parse_variant(variant).map_err(CliError::usage)?);
    for m in moves.split_whitespace() {
        let mv = m.parse().map_err(|e| CliError::usage(format!("{m}: {e}")))?;
        pos.play(mv).map_err(|e| CliError::usage(e.to_string()))?;
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
        let roots = pos.legal_moves();
        let mut total = 0;
        for (i, &m) in roots.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let count = perft(&child, depth - 1);
            total += count;
            if show_divide {
                writeln!(out, "{} {count}", m.text(n))?;
            }
            if progress {
                let line = format!(
                    "perft({depth}): {}/{} first moves, {total} nodes, {:.1} s",
                    i + 1,
                    roots.len(),
                    start.elapsed().as_secs_f64()
                );
                let done = i + 1 == roots.len();
                if tty {
                    output::stderr(&format!("\r{line}{}", if done { "\n" } else { "" }));
                } else if done || last_report.elapsed().as_secs_f64() >= 1.0 {
                    output::stderr(&format!("{line}\n"));
                    last_report = Instant::now();
                }
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
    let text = read_input(file)?;
    let verdict = records::check(&text, notation);
    let code = verdict.exit_code();
    let mut out = output::stdout();
    writeln!(out, "{}", verdict.message()).and_then(|()| out.flush()).map_err(|e| {
        let e = CliError::from(e);
        if e.message.is_empty() {
            CliError::new(code, "")
        } else {
            e
        }
    })?;
    match verdict {
        Verdict::Valid(_) => Ok(()),
        // Already printed: exit with the verdict's status and nothing more.
        v => Err(CliError::new(v.exit_code(), String::new())),
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
            let out = records::convert(&text, from, to, variant)?;
            write_output(None, &out)
        })(),
        Command::Selfplay(args) => run_selfplay(args),
        Command::Svg { file, ply, output, flip, routes, moves, size, no_coordinates, notation } => (|| {
            let text = read_input(&file)?;
            let opts = SvgOptions::new()
                .flipped(flip)
                .routes(routes)
                .legal_moves(moves)
                .size(size)
                .coordinates(!no_coordinates);
            let picture = records::svg_of(&text, notation, ply, opts)?;
            write_output(output.as_deref(), &picture)
        })(
        ),
        Command::Perft { depth, variant, moves, divide } => run_perft(depth, &variant, &moves, divide),
        Command::Oracle => run_oracle(),
        Command::Verify(args) => wallrush_cli::verify::cli::run_verify(args),
        Command::Arena(args) => wallrush_cli::arena::cli::run_arena(args),
        Command::Vectors(args) => wallrush_cli::verify::cli::run_vectors(args),
        Command::Demo { seed, quiet } => {
            let mut out = output::stdout();
            demo::run(&mut out, seed, quiet).and_then(|()| out.flush()).map_err(CliError::from)
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
