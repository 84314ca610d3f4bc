//! Draws the pictures of `docs/SVG.md` (and a few more) as SVG files.
//!
//! From the workspace root:
//!
//! ```text
//! cargo run -p wallrush-core --example svg_pictures -- docs/img
//! for f in docs/img/*.svg; do rsvg-convert "$f" -o "${f%.svg}.png"; done
//! ```
//!
//! `rsvg-convert` comes with Debian's `librsvg2-bin`. With `--all` it also draws the
//! pictures used to check the renderer by eye (every board size, flipped, centre goal).

use std::error::Error;
use std::path::Path;

use wallrush_core::svg::{self, SvgOptions};
use wallrush_core::{Goal, Move, Position, Square, Variant, Wall};

/// The last move played and, for a pawn move, the square it came from.
type Last = Option<(Move, Option<Square>)>;

/// Plays `moves` (standard notation, space-separated) and returns the last move with the
/// square its pawn came from, as [`SvgOptions::last_move`] wants it.
fn play(pos: &mut Position, moves: &str) -> Result<Last, Box<dyn Error>> {
    let mut last = None;
    for text in moves.split_whitespace() {
        let m: Move = text.parse()?;
        let from = pos.pawn(pos.turn());
        pos.play(m).map_err(|e| format!("{e}\n{pos}"))?;
        last = Some((m, if matches!(m, Move::Pawn(_)) { from } else { None }));
    }
    Ok(last)
}

fn with_last(opts: SvgOptions, last: Last) -> SvgOptions {
    match last {
        Some((m, from)) => opts.last_move(m, from),
        None => opts,
    }
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "docs/img".into());
    let all = args.any(|a| a == "--all");
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir)?;
    let save = |name: &str, pos: &Position, opts: &SvgOptions| -> std::io::Result<()> {
        std::fs::write(dir.join(format!("{name}.svg")), svg::board(pos, opts))
    };

    // The classic opening, with South's three pawn moves marked.
    let pos = Position::classic();
    save("classic-opening", &pos, &SvgOptions::new().legal_moves(true))?;

    // A classic mid-game: both routes bent round the walls, the last wall highlighted.
    let mut pos = Position::classic();
    let last = play(&mut pos, "e2 e8 e3 e7 e4 e6 d5h e4h d4 f6h c4 c3h")?;
    save("classic-midgame-routes", &pos, &with_last(SvgOptions::new().routes(true), last))?;

    // Four seats: walls down, the mover's pawn moves and every route.
    let mut pos = Position::new(Variant::four_player());
    let last = play(&mut pos, "e2 b5 e8 h5 e3 c5 e7 d6v e4 c4h e6 g5")?;
    let opts = SvgOptions::new().routes(true).legal_moves(true);
    save("four-seats", &pos, &with_last(opts, last))?;

    // 5×5 with walls three cells long, and a refused candidate wall.
    let mut pos = Position::new(Variant::new(5, 2, 3, 3, Goal::Edge)?);
    let last = play(&mut pos, "c2 a3h c3 b1v")?;
    let opts = SvgOptions::new().routes(true).legal_moves(true).candidate_wall("a2h".parse::<Wall>()?);
    save("small-long-walls", &pos, &with_last(opts, last))?;

    if all {
        for size in [3, 5, 9, 13, 25, 27, 31] {
            let mut pos = Position::new(Variant::new(size, 4, 5, 2, Goal::Edge)?);
            let mid = size as u8 / 2;
            play(&mut pos, &format!("{}", Move::Wall(Wall::horizontal(Square::new(mid, mid)))))?;
            let opts = SvgOptions::new().routes(true).legal_moves(true);
            save(&format!("check-size-{size}"), &pos, &opts)?;
        }
        let mut pos = Position::new(Variant::race_to_centre());
        let last = play(&mut pos, "e2 b5 e8 h5 d4v")?;
        let opts = SvgOptions::new().routes(true).legal_moves(true);
        save("check-centre", &pos, &with_last(opts, last))?;
        let mut pos = Position::classic();
        let last = play(&mut pos, "e2 e8 e3 e7 e4 e6 d5h e4h d4 f6h c4")?;
        let opts = SvgOptions::new()
            .routes(true)
            .legal_moves(true)
            .flipped(true)
            .candidate_wall("f5h".parse::<Wall>()?);
        save("check-flipped", &pos, &with_last(opts, last))?;
        save("check-bare", &pos, &SvgOptions::new().coordinates(false).size(200))?;
    }
    Ok(())
}
