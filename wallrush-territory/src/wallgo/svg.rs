//! Wall Go pictures in SVG.
//!
//! [`board`] draws a [`Position`] as an SVG document; [`write_board`] writes the
//! same text to any [`fmt::Write`]. The geometry (cell, groove, frame and margin sizes)
//! and the board colours are those of the Quoridor pictures in [`wallrush_core::svg`].
//!
//! ```
//! use wallrush_territory::wallgo::svg::{self, SvgOptions};
//! use wallrush_territory::wallgo::{Move, Position};
//! let mut pos = Position::two_player();
//! let m: Move = "b2-c3n".parse()?;
//! pos.play(m)?;
//! let text = svg::board(&pos, &SvgOptions::new().last_move(m));
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(text.matches("class=\"piece red").count(), 4);
//! assert_eq!(text.matches("class=\"wall red\"").count(), 1);
//! assert_eq!(text.matches("class=\"region ").count(), 1); // no wall closes a region yet
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is drawn, and how to find it
//!
//! | element | class | one per |
//! |---|---|---|
//! | `rect` | `background`, `board`, `cells`, `groove` | always: margin, frame, cell area, groove lines |
//! | `path` | `region territory {player}` | territory (a region whose pieces are all one player's), tinted in the owner's colour, its inner grooves filled |
//! | `path` | `region shared` | region holding pieces of two or more players (untinted); during a placement setup, every region holding pieces |
//! | `path` | `region empty` | region without pieces (scores for nobody), tinted grey |
//! | `rect` | `last-move from`, `last-move to`, `last-move halo`, `last-move broken` | [`SvgOptions::last_move`]: a step's cells and new wall, a placement's cell, a broken wall's groove |
//! | `rect` | `wall {player}` | wall, in its builder's colour (`data-wall` = its canonical name) |
//! | `circle` | `piece {player}` plus `active` or `finished` | piece (`data-square`); `active` / `finished` once play has begun |
//! | `text` | `coord file`, `coord rank` | file and rank, with [`SvgOptions::coordinates`] |
//! | `g` | `legend {player}` | player, with [`SvgOptions::legend`]: its colour and score |
//! | `rect` | `turn`, `winner`, `draw` | in the legend: a bar under the player to move; once the game is over, under the winner, or under every leader of a drawn game |
//!
//! Every region path carries `data-size` (its cells). Regions are drawn in region order
//! (by lowest cell), walls in wall order, pieces by player and then cell.
//!
//! # Geometry
//!
//! As in [`wallrush_core::svg`]: cells [`CELL`](wallrush_core::svg::CELL) wide, grooves
//! [`GROOVE`](wallrush_core::svg::GROOVE), a frame of [`BORDER`] and, with
//! coordinates, a [`MARGIN`] round the board; file `f`, rank `r` is
//! screen column `f`, row `6 − r`. A wall fills its groove and reaches half a groove into
//! the posts at both ends, so that walls in a line join. The legend adds a row of 30
//! units under the board. With coordinates and legend the picture is 412 × 442 units,
//! drawn at one pixel a unit unless [`SvgOptions::size`] says otherwise.
//!
//! # Colours
//!
//! [`player_colour`]: the Okabe–Ito vermillion, blue, yellow and bluish green, which stay
//! apart for colour-blind eyes and still read as the players' names.

use alloc::string::String;
use core::fmt;

use super::{Move, Outcome, Player, Position, Side, Wall, SIZE};
use crate::grid::svg::{legend_entry, pixels, territory_svg_options, Grid, LEGEND_HEIGHT, PIECE_RADIUS};
use wallrush_core::svg::{Rect, BORDER, HIGHLIGHT, LABEL, MARGIN};
use wallrush_core::Square;

/// The fill of a region without pieces: the cell colour darkened.
const EMPTY_FILL: &str = "#cec3b1";

/// The colour `player`'s pieces, walls and territories are drawn in, as `#rrggbb`: Red
/// `#d55e00`, Blue `#0072b2`, Yellow `#f0e442`, Green `#009e73`.
pub const fn player_colour(player: Player) -> &'static str {
    match player {
        Player::Red => "#d55e00",
        Player::Blue => "#0072b2",
        Player::Yellow => "#f0e442",
        Player::Green => "#009e73",
    }
}

/// The tint of `player`'s territories: [`player_colour`] mixed into the cell colour (40 %,
/// 70 % for yellow, which is light already). Opaque, so the grooves inside a territory
/// do not show through.
const fn player_tint(player: Player) -> &'static str {
    match player {
        Player::Red => "#e5af7f",
        Player::Blue => "#8fb7c6",
        Player::Yellow => "#f0e46d",
        Player::Green => "#8fc9ad",
    }
}

/// A darker shade of [`player_colour`], for outlines.
const fn player_stroke(player: Player) -> &'static str {
    match player {
        Player::Red => "#7f3800",
        Player::Blue => "#00456b",
        Player::Yellow => "#857c00",
        Player::Green => "#005c43",
    }
}

territory_svg_options! {
    game: "wallgo",
    move: Move,
    draws: "the board, regions, walls and pieces",
    size: "600",
    coordinates: "Shows file and rank labels round the board (the default).",
    legend: "Shows the legend row under the board (the default): each player's colour and \
             score, with a bar under the player to move, or, once the game is over, under \
             the winner (under every leader of a drawn game).",
    last_move: "Highlights the move that led to the position: a step's start and end cells \
                and the wall it built, a placement's cell, or the groove a wall break \
                emptied. The move says everything needed, so no history is asked for. \
                `None` clears it.",
}

/// The position drawn as an SVG document.
///
/// ```
/// use wallrush_territory::wallgo::svg::{self, SvgOptions};
/// use wallrush_territory::wallgo::Position;
/// let text = svg::board(&Position::two_player(), &SvgOptions::default());
/// assert!(text.ends_with("</svg>\n"));
/// assert_eq!(text.matches("class=\"piece ").count(), 8);
/// ```
pub fn board(pos: &Position, opts: &SvgOptions) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_board(&mut out, pos, opts);
    out
}

/// Writes the position as an SVG document to `out` (see [`board`]), without building a
/// `String` first.
///
/// ```
/// use wallrush_territory::wallgo::svg::{self, SvgOptions};
/// use wallrush_territory::wallgo::Position;
/// let mut page = String::from("<p>Four players place their pieces:</p>\n");
/// svg::write_board(&mut page, &Position::new(4)?, &SvgOptions::new())?;
/// assert_eq!(page.matches("class=\"legend ").count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Only the errors `out` returns.
pub fn write_board<W: fmt::Write + ?Sized>(out: &mut W, pos: &Position, opts: &SvgOptions) -> fmt::Result {
    Painter::new(pos, opts).paint(out)
}

struct Painter<'a> {
    pos: &'a Position,
    opts: &'a SvgOptions,
    grid: Grid,
    margin: i32,
}

impl<'a> Painter<'a> {
    fn new(pos: &'a Position, opts: &'a SvgOptions) -> Painter<'a> {
        let margin = if opts.coordinates { MARGIN } else { 0 };
        Painter { pos, opts, grid: Grid { n: i32::from(SIZE), x: margin, y: margin }, margin }
    }

    fn width(&self) -> i32 {
        self.grid.extent() + 2 * self.margin
    }

    fn height(&self) -> i32 {
        self.width() + if self.opts.legend { LEGEND_HEIGHT } else { 0 }
    }

    fn paint<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let (w, h) = (self.width(), self.height());
        let (px, py) = pixels(self.opts.size, w, h);
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"wallrush-board wallgo\" \
             viewBox=\"0 0 {w} {h}\" width=\"{px}\" height=\"{py}\">"
        )?;
        self.grid.board(out, w, h)?;
        self.regions(out)?;
        self.last_move(out)?;
        self.walls(out)?;
        self.pieces(out)?;
        if self.opts.coordinates {
            self.grid.coordinates(out, self.margin, false)?;
        }
        self.legend(out)?;
        out.write_str("</svg>\n")
    }

    fn regions<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let placing = self.pos.is_placing();
        for region in self.pos.regions() {
            let owner = if placing { None } else { region.owner() };
            let has_pieces = region.players().next().is_some();
            let (class, fill, solid) = match owner {
                Some(p) => ("territory", player_tint(p), true),
                None if has_pieces => ("shared", "none", false),
                None => ("empty", EMPTY_FILL, true),
            };
            write!(out, "<path class=\"region {class}")?;
            if let Some(p) = owner {
                write!(out, " {p}")?;
            }
            write!(out, "\" data-size=\"{}\" d=\"", region.len())?;
            let inside = |f: i32, r: i32| region.contains(Square::new(f as u8, r as u8));
            self.grid.region_path(out, inside, |a, b| self.pos.is_open(a, b), solid)?;
            writeln!(out, "\" fill=\"{fill}\"/>")?;
        }
        Ok(())
    }

    /// The rectangle of a wall on `wall`'s groove.
    fn wall_rect(&self, wall: Wall) -> Rect {
        let (f, r) = (i32::from(wall.square().file()), i32::from(wall.square().rank()));
        if wall.side() == Side::North {
            self.grid.h_wall(f, r + 1)
        } else {
            self.grid.v_wall(r, f + 1)
        }
    }

    fn last_move<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let cell = |out: &mut W, class: &str, sq: Square, opacity: &str| -> fmt::Result {
            if !sq.is_on(SIZE) {
                return Ok(());
            }
            let r = self.grid.cell(sq);
            writeln!(
                out,
                "<rect class=\"last-move {class}\" {r} fill=\"{HIGHLIGHT}\" fill-opacity=\"{opacity}\"/>"
            )
        };
        match self.opts.last_move {
            None => Ok(()),
            Some(Move::Place(sq)) => cell(out, "to", sq, "0.8"),
            Some(m @ Move::Step { from, to, .. }) => {
                if from != to {
                    cell(out, "from", from, "0.5")?;
                }
                cell(out, "to", to, "0.8")?;
                if let Some(w) = m.built_wall() {
                    let r = self.wall_rect(w);
                    let halo = Rect { x: r.x - 4, y: r.y - 4, w: r.w + 8, h: r.h + 8 };
                    writeln!(out, "<rect class=\"last-move halo\" {halo} rx=\"4\" fill=\"{HIGHLIGHT}\"/>")?;
                }
                Ok(())
            }
            Some(Move::Break(w)) => {
                let r = self.wall_rect(w);
                writeln!(
                    out,
                    "<rect class=\"last-move broken\" data-wall=\"{w}\" {r} rx=\"2\" fill=\"none\" \
                     stroke=\"{LABEL}\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>"
                )
            }
        }
    }

    fn walls<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        for (w, p) in self.pos.walls() {
            let r = self.wall_rect(w);
            writeln!(
                out,
                "<rect class=\"wall {p}\" data-wall=\"{w}\" {r} rx=\"2\" fill=\"{}\" stroke=\"{}\" \
                 stroke-width=\"2\"/>",
                player_colour(p),
                player_stroke(p)
            )?;
        }
        Ok(())
    }

    fn pieces<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let playing = !self.pos.is_placing();
        for p in self.pos.player_list() {
            for sq in self.pos.pieces(p) {
                let (cx, cy) = self.grid.centre(sq);
                let state = match (playing, self.pos.is_active(sq)) {
                    (false, _) => "",
                    (true, true) => " active",
                    (true, false) => " finished",
                };
                writeln!(
                    out,
                    "<circle class=\"piece {p}{state}\" data-square=\"{sq}\" cx=\"{cx}\" cy=\"{cy}\" \
                     r=\"{PIECE_RADIUS}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
                    player_colour(p),
                    player_stroke(p)
                )?;
            }
        }
        Ok(())
    }

    fn legend<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.legend {
            return Ok(());
        }
        let y = self.width() + LEGEND_HEIGHT / 2 - 6;
        let outcome = self.pos.outcome();
        let scores = self.pos.scores();
        let best = self.pos.player_list().map(|p| scores[p]).max().unwrap_or(0);
        // Room for four entries, from under the rank labels to the right edge.
        let x0 = (self.margin / 2).max(BORDER / 2);
        let slot = (self.width() - 2 * x0) / 4;
        let mut x = x0;
        for p in self.pos.player_list() {
            let mark = match outcome {
                None if p == self.pos.turn() => Some("turn"),
                Some(Outcome::Win { player, .. }) if player == p => Some("winner"),
                Some(Outcome::Draw) if scores[p] == best => Some("draw"),
                _ => None,
            };
            let name = p.name();
            let (first, rest) = name.split_at(1);
            legend_entry(
                out,
                name,
                (x, y),
                slot,
                player_colour(p),
                player_stroke(p),
                format_args!("{}{rest} {}", first.to_ascii_uppercase(), scores[p]),
                mark,
            )?;
            x += slot;
        }
        Ok(())
    }
}
