//! Pictures of the card enclosure game in SVG.
//!
//! [`board`] draws an [`Position`] as an SVG document; [`write_board`] writes
//! the same text to any [`fmt::Write`]. The geometry (cell, groove, frame and margin
//! sizes) and the board colours are those of the Quoridor pictures in [`wallrush_core::svg`].
//!
//! ```
//! use wallrush_territory::enclosure::svg::{self, SvgOptions};
//! use wallrush_territory::enclosure::{Move, Position, Player};
//! let mut pos = Position::new(Player::One);
//! let m: Move = "C3n b2-b3".parse()?;
//! pos.play(m)?;
//! let text = svg::board(&pos, &SvgOptions::new().last_move(m));
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(text.matches("class=\"piece p1 active\"").count(), 3);
//! assert_eq!(text.matches("class=\"wall p1\"").count(), 1);
//! assert_eq!(text.matches("class=\"card letter spent\"").count(), 1); // the C
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is drawn, and how to find it
//!
//! | element | class | one per |
//! |---|---|---|
//! | `rect` | `background`, `board`, `cells`, `groove` | always: margin, frame, cell area, groove lines |
//! | `path` | `enclosure finished p1` / `p2` / `empty` | finished enclosure, tinted in the colour of the piece's owner (grey when it holds no piece) |
//! | `path` | `enclosure semi-finished p1` / `p2` / `empty` | semi-finished enclosure, in a paler tint … |
//! | `path` | `hatch` | … and hatched: one per semi-finished enclosure |
//! | `rect` | `last-move target`, `last-move halo`, `last-move from`, `last-move to` | [`SvgOptions::last_move`]: the target square, the wall built, the step's squares |
//! | `rect` | `wall p1` / `wall p2`, plus `edge` on the board edge | wall, in its builder's colour (`data-wall` = its canonical groove name) |
//! | `path` | `vacated` | the square this turn's first move vacated (a red cross, `data-square`) |
//! | `circle` | `piece p1` / `piece p2`, plus `active` or `inactive` | piece (`data-square`) |
//! | `g` | `mark finished` / `mark semi-finished` | inactive piece: a green tick (it will score) or a red cross (not yet) |
//! | `g` | `card letter available` / `card letter spent`, `card number …` | card (`data-card` = `A` … `F`, `1` … `6`): letters above their columns, numbers right of their rows; spent ones greyed |
//! | `text` | `coord file`, `coord rank` | file and rank, with [`SvgOptions::coordinates`] |
//! | `g` | `legend p1`, `legend p2` | player, with [`SvgOptions::legend`]: its colour and score |
//! | `rect` | `turn`, `winner`, `draw` | in the legend: a bar under the player to move; once the game is over, under the winner (both for a draw) |
//! | `text` | `legend discards` | with [`SvgOptions::legend`]: walls discarded, of the 15 that end the game |
//!
//! Enclosures are drawn by their lowest square, walls in groove order, pieces by player
//! and then square. Every enclosure path carries `data-size` (its squares).
//!
//! # Geometry
//!
//! As in [`wallrush_core::svg`]: cells [`CELL`] wide, grooves
//! [`GROOVE`](wallrush_core::svg::GROOVE), a frame of [`BORDER`](wallrush_core::svg::BORDER) (walls on
//! the board edge lie in it, against the cells) and, with coordinates, a
//! [`MARGIN`] left of and under the board. A wall fills its groove
//! and reaches half a groove into the posts at both ends. Above the board a row of letter
//! cards (30 × 40, one over each column) and right of it a column of number cards (one
//! beside each row); the legend adds a row of 30 units at the bottom. With coordinates
//! and legend the picture is 384 × 424 units, drawn at one pixel a unit unless
//! [`SvgOptions::size`] says otherwise.
//!
//! # Colours
//!
//! [`player_colour`]: player 1 vermillion and player 2 blue, the Okabe–Ito colours of Red
//! and Blue in the [Wall Go pictures](crate::wallgo::svg).

use alloc::string::String;
use core::fmt;

use super::{Groove, Move, Outcome, Player, Position, DISCARD_LIMIT, SIZE};
use crate::grid::svg::{
    legend_entry, legend_text, pixels, territory_svg_options, Grid, FONT, LEGEND_HEIGHT, PIECE_RADIUS,
};
use wallrush_core::svg::{Rect, CELL, HIGHLIGHT, LABEL, LEGAL, MARGIN, REFUSED};
use wallrush_core::{Orientation, Square};

/// Width and height of a card.
const CARD_W: i32 = 30;
const CARD_H: i32 = 40;
/// Space between the cards and the board, and round the outside of the cards.
const CARD_GAP: i32 = 8;
const CARD_FONT: i32 = 18;

/// Grey tints of empty enclosures: finished, semi-finished; and the hatching.
const EMPTY_FINISHED: &str = "#cec3b1";
const EMPTY_SEMI: &str = "#e1d6c4";
const EMPTY_HATCH: &str = "#7a6a58";

/// The colour `player`'s pieces and walls are drawn in, as `#rrggbb`: player 1
/// vermillion `#d55e00`, player 2 blue `#0072b2`.
pub const fn player_colour(player: Player) -> &'static str {
    match player {
        Player::One => "#d55e00",
        Player::Two => "#0072b2",
    }
}

/// A darker shade of [`player_colour`], for outlines and hatching.
const fn player_stroke(player: Player) -> &'static str {
    match player {
        Player::One => "#7f3800",
        Player::Two => "#00456b",
    }
}

/// The tint of a finished enclosure holding `player`'s piece (40 % of its colour in the
/// cell colour), and of a semi-finished one (18 %).
const fn player_tint(player: Player, finished: bool) -> &'static str {
    match (player, finished) {
        (Player::One, true) => "#e5af7f",
        (Player::Two, true) => "#8fb7c6",
        (Player::One, false) => "#eacdad",
        (Player::Two, false) => "#c4d0cd",
    }
}

/// The class word of a player: `p1`, `p2`.
const fn class(player: Player) -> &'static str {
    match player {
        Player::One => "p1",
        Player::Two => "p2",
    }
}

territory_svg_options! {
    game: "enclosure",
    move: Move,
    draws: "the board, enclosures, walls, pieces and cards",
    size: "500",
    coordinates: "Shows file and rank labels left of and under the board (the default).",
    legend: "Shows the legend row at the bottom (the default): each player's colour and \
             score, with a bar under the player to move, or, once the game is over, under \
             the winner (under both for a draw); and the discards so far.",
    last_move: "Highlights the move that led to the position: its target square, the wall \
                it built and the step's squares. `None` clears it.",
}

/// The position drawn as an SVG document.
///
/// ```
/// use wallrush_territory::enclosure::svg::{self, SvgOptions};
/// use wallrush_territory::enclosure::{Position, Player};
/// let text = svg::board(&Position::new(Player::Two), &SvgOptions::default());
/// assert!(text.ends_with("</svg>\n"));
/// assert_eq!(text.matches("class=\"card ").count(), 12);
/// assert_eq!(text.matches("class=\"piece ").count(), 6);
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
/// use wallrush_territory::enclosure::svg::{self, SvgOptions};
/// use wallrush_territory::enclosure::Position;
/// let mut page = String::from("<p>The start:</p>\n");
/// svg::write_board(&mut page, &Position::default(), &SvgOptions::new())?;
/// assert_eq!(page.matches("class=\"card letter available\"").count(), 6);
/// # Ok::<(), core::fmt::Error>(())
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
        let grid = Grid { n: i32::from(SIZE), x: margin.max(CARD_GAP), y: 2 * CARD_GAP + CARD_H };
        Painter { pos, opts, grid, margin }
    }

    fn width(&self) -> i32 {
        self.grid.x + self.grid.extent() + 2 * CARD_GAP + CARD_W
    }

    /// The bottom of the coordinate band under the board.
    fn board_bottom(&self) -> i32 {
        self.grid.y + self.grid.extent() + self.margin.max(CARD_GAP)
    }

    fn height(&self) -> i32 {
        self.board_bottom() + if self.opts.legend { LEGEND_HEIGHT } else { 0 }
    }

    fn paint<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let (w, h) = (self.width(), self.height());
        let (px, py) = pixels(self.opts.size, w, h);
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"wallrush-board enclosure\" \
             viewBox=\"0 0 {w} {h}\" width=\"{px}\" height=\"{py}\">"
        )?;
        self.grid.board(out, w, h)?;
        self.enclosures(out)?;
        self.last_move(out)?;
        self.walls(out)?;
        self.vacated(out)?;
        self.pieces(out)?;
        self.cards(out)?;
        if self.opts.coordinates {
            self.grid.coordinates(out, self.margin, false)?;
        }
        self.legend(out)?;
        out.write_str("</svg>\n")
    }

    fn enclosures<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        for e in self.pos.enclosures() {
            let finished = e.is_finished();
            let (state, fill) = match e.piece() {
                Some((p, _)) => (class(p), player_tint(p, finished)),
                None => ("empty", if finished { EMPTY_FINISHED } else { EMPTY_SEMI }),
            };
            let word = if finished { "finished" } else { "semi-finished" };
            write!(out, "<path class=\"enclosure {word} {state}\" data-size=\"{}\" d=\"", e.size())?;
            let inside = |f: i32, r: i32| e.contains(Square::new(f as u8, r as u8));
            self.grid.region_path(out, inside, |a, b| self.pos.is_open(a, b), true)?;
            writeln!(out, "\" fill=\"{fill}\"/>")?;
            if !finished {
                let stroke = e.piece().map_or(EMPTY_HATCH, |(p, _)| player_stroke(p));
                out.write_str("<path class=\"hatch\" d=\"")?;
                let mut sep = "";
                for sq in e.squares() {
                    let c = self.grid.cell(sq);
                    // Lines x + y = const across the cell, every 10 units.
                    for k in (10..2 * CELL).step_by(10) {
                        let (x1, y1, x2, y2) = if k <= CELL {
                            (c.x, c.y + k, c.x + k, c.y)
                        } else {
                            (c.x + k - CELL, c.y + CELL, c.x + CELL, c.y + k - CELL)
                        };
                        write!(out, "{sep}M{x1} {y1}L{x2} {y2}")?;
                        sep = " ";
                    }
                }
                writeln!(
                    out,
                    "\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2\" stroke-opacity=\"0.45\"/>"
                )?;
            }
        }
        Ok(())
    }

    /// The rectangle of a wall on groove `g`.
    fn wall_rect(&self, g: Groove) -> Rect {
        let i = g.index() as i32;
        let n = self.grid.n;
        match g.orientation() {
            Orientation::Horizontal => self.grid.h_wall(i % n, i / n),
            Orientation::Vertical => {
                let v = i - n * (n + 1);
                self.grid.v_wall(v / (n + 1), v % (n + 1))
            }
        }
    }

    fn last_move<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let Some(m) = self.opts.last_move else { return Ok(()) };
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
        cell(out, "target", m.target(), "0.6")?;
        if let Some(g) = m.groove() {
            let r = self.wall_rect(g);
            let halo = Rect { x: r.x - 4, y: r.y - 4, w: r.w + 8, h: r.h + 8 };
            writeln!(out, "<rect class=\"last-move halo\" {halo} rx=\"4\" fill=\"{HIGHLIGHT}\"/>")?;
        }
        if let Some(s) = m.step() {
            cell(out, "from", s.from, "0.4")?;
            cell(out, "to", s.to, "0.8")?;
        }
        Ok(())
    }

    fn walls<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        for (g, p) in self.pos.walls() {
            let r = self.wall_rect(g);
            let edge = if g.is_board_edge() { " edge" } else { "" };
            writeln!(
                out,
                "<rect class=\"wall {}{edge}\" data-wall=\"{g}\" {r} rx=\"2\" fill=\"{}\" stroke=\"{}\" \
                 stroke-width=\"2\"/>",
                class(p),
                player_colour(p),
                player_stroke(p)
            )?;
        }
        Ok(())
    }

    fn vacated<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let Some(sq) = self.pos.vacated() else { return Ok(()) };
        if !sq.is_on(SIZE) {
            return Ok(());
        }
        let c = self.grid.cell(sq);
        let (l, t, r, b) = (c.x + 10, c.y + 10, c.x + CELL - 10, c.y + CELL - 10);
        writeln!(
            out,
            "<path class=\"vacated\" data-square=\"{sq}\" d=\"M{l} {t}L{r} {b} M{l} {b}L{r} {t}\" \
             stroke=\"{REFUSED}\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
        )
    }

    fn pieces<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        for p in Player::BOTH {
            for sq in self.pos.pieces(p) {
                let (cx, cy) = self.grid.centre(sq);
                let active = self.pos.is_active(sq);
                writeln!(
                    out,
                    "<circle class=\"piece {} {}\" data-square=\"{sq}\" cx=\"{cx}\" cy=\"{cy}\" \
                     r=\"{PIECE_RADIUS}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
                    class(p),
                    if active { "active" } else { "inactive" },
                    player_colour(p),
                    player_stroke(p)
                )?;
                if active {
                    continue;
                }
                // A badge on the piece's upper right: a tick if it will score, a cross if
                // its enclosure is still open to the board edge.
                let finished = self.pos.enclosure_at(sq).is_some_and(|e| e.is_finished());
                let (bx, by) = (cx + 11, cy - 11);
                let (word, colour) = if finished { ("finished", LEGAL) } else { ("semi-finished", REFUSED) };
                write!(
                    out,
                    "<g class=\"mark {word}\"><circle cx=\"{bx}\" cy=\"{by}\" r=\"7\" fill=\"#ffffff\" \
                     stroke=\"{LABEL}\" stroke-width=\"1\"/><path d=\""
                )?;
                if finished {
                    write!(out, "M{} {by}L{} {}L{} {}", bx - 4, bx - 1, by + 3, bx + 4, by - 3)?;
                } else {
                    let (l, r, t, b) = (bx - 3, bx + 3, by - 3, by + 3);
                    write!(out, "M{l} {t}L{r} {b} M{l} {b}L{r} {t}")?;
                }
                writeln!(
                    out,
                    "\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" stroke-linecap=\"round\" \
                     stroke-linejoin=\"round\"/></g>"
                )?;
            }
        }
        Ok(())
    }

    fn cards<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let cards = self.pos.cards();
        let right = self.grid.x + self.grid.extent() + CARD_GAP;
        for i in 0..self.grid.n {
            let c = self.grid.cell_at(i, 0);
            let at = Rect { x: c.x + (CELL - CARD_W) / 2, y: CARD_GAP, w: CARD_W, h: CARD_H };
            let letter = char::from(b'A' + i as u8);
            card(out, "letter", at, letter, cards.has_letter(i as u8))?;
        }
        for i in (0..self.grid.n).rev() {
            let c = self.grid.cell_at(0, i);
            let at = Rect { x: right, y: c.y + (CELL - CARD_H) / 2, w: CARD_W, h: CARD_H };
            let number = char::from(b'1' + i as u8);
            card(out, "number", at, number, cards.has_number(i as u8))?;
        }
        Ok(())
    }

    fn legend<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.legend {
            return Ok(());
        }
        let y = self.board_bottom() + LEGEND_HEIGHT / 2 - 6;
        let x0 = self.grid.x / 2;
        let slot = (self.width() - 2 * x0) / 3;
        let outcome = self.pos.outcome();
        let scores = self.pos.scores();
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            let mark = match outcome {
                None if p == self.pos.turn() => Some("turn"),
                Some(Outcome::Win { player, .. }) if player == p => Some("winner"),
                Some(Outcome::Draw(_)) => Some("draw"),
                _ => None,
            };
            legend_entry(
                out,
                class(p),
                (x0 + k as i32 * slot, y),
                slot,
                player_colour(p),
                player_stroke(p),
                format_args!("Player {p}: {}", scores[p]),
                mark,
            )?;
        }
        let at = (x0 + 2 * slot + 8, y);
        legend_text(out, "discards", at, format_args!("discards {}/{DISCARD_LIMIT}", self.pos.discards()))
    }
}

/// One card: a rounded rectangle with its letter or number, greyed when spent.
fn card<W: fmt::Write + ?Sized>(
    out: &mut W,
    kind: &str,
    at: Rect,
    face: char,
    available: bool,
) -> fmt::Result {
    let (state, fill, stroke, ink) = if available {
        ("available", "#fffdf8", LABEL, LABEL)
    } else {
        ("spent", "#e6e0d6", "#c9bfb0", "#bcb1a1")
    };
    writeln!(out, "<g class=\"card {kind} {state}\" data-card=\"{face}\">")?;
    writeln!(out, "<rect {at} rx=\"4\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>")?;
    writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" {FONT} text-anchor=\"middle\" font-size=\"{CARD_FONT}\" font-weight=\"bold\" \
         fill=\"{ink}\">{face}</text>",
        at.x + at.w / 2,
        at.y + at.h / 2 + CARD_FONT * 3 / 8
    )?;
    out.write_str("</g>\n")
}
