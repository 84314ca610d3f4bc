//! Drawing parts shared by the territory pictures ([`wallgo::svg`](crate::wallgo::svg) and
//! [`enclosure::svg`](crate::enclosure::svg)): the board grid in the geometry of
//! [`wallrush_core::svg`] (same cell, groove, frame and margin sizes), groove and wall rectangles,
//! region shapes, coordinate labels and the legend row under the board.

use core::fmt;

use wallrush_core::svg::{
    Rect, BACKGROUND, BORDER, CELL, CELLS, FRAME, GROOVE, GROOVE_FILL, LABEL, LABEL_FONT, PITCH,
};
use wallrush_core::Square;

/// Height of the legend row under the board.
pub(crate) const LEGEND_HEIGHT: i32 = 30;
/// Font size of the legend.
pub(crate) const LEGEND_FONT: i32 = 13;
/// Radius of a piece.
pub(crate) const PIECE_RADIUS: i32 = 14;

/// The attributes every label shares.
pub(crate) const FONT: &str = "font-family=\"sans-serif\"";

/// Declares a territory game's `SvgOptions`: the builder both pictures share (size,
/// coordinates, legend, last move), with the game's move type and its own wording for
/// what the drawing shows, the legend and the last-move highlight.
macro_rules! territory_svg_options {
    (
        game: $game:literal,
        move: $mv:ty,
        draws: $draws:literal,
        size: $size:literal,
        coordinates: $coordinates:literal,
        legend: $legend:literal,
        last_move: $last:literal $(,)?
    ) => {
        #[doc = concat!("What to draw besides ", $draws, ", chosen with builder-style")]
        /// setters. The default shows coordinates and the legend, at one pixel a unit.
        ///
        /// ```
        #[doc = concat!("use wallrush_territory::", $game, "::svg::SvgOptions;")]
        #[doc = concat!("let opts = SvgOptions::new().size(", $size, ").coordinates(false).legend(false);")]
        /// assert_ne!(opts, SvgOptions::default());
        /// ```
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub struct SvgOptions {
            size: Option<u32>,
            coordinates: bool,
            legend: bool,
            last_move: Option<$mv>,
        }

        impl Default for SvgOptions {
            fn default() -> SvgOptions {
                SvgOptions::new()
            }
        }

        impl SvgOptions {
            /// The defaults: coordinates and legend on, no last move, one pixel a unit.
            pub const fn new() -> SvgOptions {
                SvgOptions { size: None, coordinates: true, legend: true, last_move: None }
            }

            /// The width of the picture in pixels (the height follows in proportion), or
            /// `None` (the default) for one pixel a unit. `Some(0)` counts as `None`.
            #[must_use]
            pub fn size(mut self, pixels: impl Into<Option<u32>>) -> SvgOptions {
                self.size = pixels.into().filter(|&p| p > 0);
                self
            }

            #[doc = $coordinates]
            #[must_use]
            pub const fn coordinates(mut self, on: bool) -> SvgOptions {
                self.coordinates = on;
                self
            }

            #[doc = $legend]
            #[must_use]
            pub const fn legend(mut self, on: bool) -> SvgOptions {
                self.legend = on;
                self
            }

            #[doc = $last]
            #[must_use]
            pub fn last_move(mut self, m: impl Into<Option<$mv>>) -> SvgOptions {
                self.last_move = m.into();
                self
            }
        }
    };
}
pub(crate) use territory_svg_options;

/// An `n × n` board whose frame has its top-left corner at (`x`, `y`). Unflipped: file 0
/// is the leftmost column, rank 0 the bottom row.
#[derive(Clone, Copy)]
pub(crate) struct Grid {
    pub(crate) n: i32,
    pub(crate) x: i32,
    pub(crate) y: i32,
}

impl Grid {
    /// Width (and height) of the board with its frame.
    pub(crate) const fn extent(&self) -> i32 {
        2 * BORDER + self.n * PITCH - GROOVE
    }

    /// Left edge of file 0.
    const fn left(&self) -> i32 {
        self.x + BORDER
    }

    /// Top edge of the top rank.
    const fn top(&self) -> i32 {
        self.y + BORDER
    }

    /// The cell at `file`, `rank`.
    pub(crate) const fn cell_at(&self, file: i32, rank: i32) -> Rect {
        Rect { x: self.left() + file * PITCH, y: self.top() + (self.n - 1 - rank) * PITCH, w: CELL, h: CELL }
    }

    /// The cell of `sq`.
    pub(crate) fn cell(&self, sq: Square) -> Rect {
        self.cell_at(i32::from(sq.file()), i32::from(sq.rank()))
    }

    /// The centre of `sq`'s cell.
    pub(crate) fn centre(&self, sq: Square) -> (i32, i32) {
        let r = self.cell(sq);
        (r.x + CELL / 2, r.y + CELL / 2)
    }

    /// The horizontal groove of `file` on `line` (0 is the bottom edge, `n` the top edge;
    /// line `l` lies under rank `l`).
    pub(crate) const fn h_groove(&self, file: i32, line: i32) -> Rect {
        let y = self.top() + (self.n - 1 - line) * PITCH + CELL;
        Rect { x: self.left() + file * PITCH, y, w: CELL, h: GROOVE }
    }

    /// The vertical groove of `rank` on `line` (0 is the left edge, `n` the right edge;
    /// line `l` lies left of file `l`).
    pub(crate) const fn v_groove(&self, rank: i32, line: i32) -> Rect {
        let x = self.left() + line * PITCH - GROOVE;
        Rect { x, y: self.top() + (self.n - 1 - rank) * PITCH, w: GROOVE, h: CELL }
    }

    /// A one-groove wall on the horizontal groove of `file` on `line`: the groove made
    /// half a groove longer at each end, so that walls meet at the posts; at a corner of
    /// the board, a whole groove longer, so that two edge walls close the corner.
    pub(crate) const fn h_wall(&self, file: i32, line: i32) -> Rect {
        let g = self.h_groove(file, line);
        let edge = line == 0 || line == self.n;
        let before = if edge && file == 0 { GROOVE } else { GROOVE / 2 };
        let after = if edge && file == self.n - 1 { GROOVE } else { GROOVE / 2 };
        Rect { x: g.x - before, y: g.y, w: g.w + before + after, h: g.h }
    }

    /// A one-groove wall on the vertical groove of `rank` on `line` (see
    /// [`h_wall`](Self::h_wall)).
    pub(crate) const fn v_wall(&self, rank: i32, line: i32) -> Rect {
        let g = self.v_groove(rank, line);
        let edge = line == 0 || line == self.n;
        let above = if edge && rank == self.n - 1 { GROOVE } else { GROOVE / 2 };
        let below = if edge && rank == 0 { GROOVE } else { GROOVE / 2 };
        Rect { x: g.x, y: g.y - above, w: g.w, h: g.h + above + below }
    }

    /// The post where the grooves right of `file` and above `rank` cross.
    const fn post(&self, file: i32, rank: i32) -> Rect {
        let c = self.cell_at(file, rank);
        Rect { x: c.x + CELL, y: c.y - GROOVE, w: GROOVE, h: GROOVE }
    }

    /// The background (`width` × `height` from the origin), the frame, the cells and the
    /// grooves between them.
    pub(crate) fn board<W: fmt::Write + ?Sized>(&self, out: &mut W, width: i32, height: i32) -> fmt::Result {
        let all = Rect { x: 0, y: 0, w: width, h: height };
        writeln!(out, "<rect class=\"background\" {all} fill=\"{BACKGROUND}\"/>")?;
        let e = self.extent();
        let frame = Rect { x: self.x, y: self.y, w: e, h: e };
        writeln!(out, "<rect class=\"board\" {frame} rx=\"6\" fill=\"{FRAME}\"/>")?;
        let inner = Rect { x: self.left(), y: self.top(), w: e - 2 * BORDER, h: e - 2 * BORDER };
        writeln!(out, "<rect class=\"cells\" {inner} fill=\"{CELLS}\"/>")?;
        for i in 0..self.n - 1 {
            let v = Rect { x: self.left() + i * PITCH + CELL, y: inner.y, w: GROOVE, h: inner.h };
            let h = Rect { x: inner.x, y: self.top() + i * PITCH + CELL, w: inner.w, h: GROOVE };
            writeln!(out, "<rect class=\"groove\" {v} fill=\"{GROOVE_FILL}\"/>")?;
            writeln!(out, "<rect class=\"groove\" {h} fill=\"{GROOVE_FILL}\"/>")?;
        }
        Ok(())
    }

    /// Writes the outline of a region as path data: one rectangle per cell where
    /// `inside(file, rank)`, and, when `solid`, one per wall-less groove between two of
    /// its cells and one per post that four of its cells and four wall-less grooves
    /// surround, so that the region shows as one piece with its walls standing in it.
    /// `open(a, b)` tells whether the groove between neighbours `a` and `b` is wall-less.
    pub(crate) fn region_path<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        inside: impl Fn(i32, i32) -> bool,
        open: impl Fn(Square, Square) -> bool,
        solid: bool,
    ) -> fmt::Result {
        let n = self.n;
        let sq = |f: i32, r: i32| Square::new(f as u8, r as u8);
        let mut first = true;
        let mut rect = |out: &mut W, r: Rect| -> fmt::Result {
            let sep = if first { "" } else { " " };
            first = false;
            write!(out, "{sep}M{} {}h{}v{}h-{}z", r.x, r.y, r.w, r.h, r.w)
        };
        for rank in 0..n {
            for file in 0..n {
                if !inside(file, rank) {
                    continue;
                }
                rect(out, self.cell_at(file, rank))?;
                if !solid {
                    continue;
                }
                let east = file + 1 < n && inside(file + 1, rank) && open(sq(file, rank), sq(file + 1, rank));
                let north =
                    rank + 1 < n && inside(file, rank + 1) && open(sq(file, rank), sq(file, rank + 1));
                if east {
                    rect(out, self.v_groove(rank, file + 1))?;
                }
                if north {
                    rect(out, self.h_groove(file, rank + 1))?;
                }
                if east && north && inside(file + 1, rank + 1) {
                    let (ne, e) = (sq(file + 1, rank + 1), sq(file + 1, rank));
                    if open(sq(file, rank + 1), ne) && open(e, ne) {
                        rect(out, self.post(file, rank))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// File letters along the bottom (in the band of height `margin` under the frame)
    /// and rank numbers up the left (in the band of width `margin` left of it). With
    /// `upper`, files are written in capitals.
    pub(crate) fn coordinates<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        margin: i32,
        upper: bool,
    ) -> fmt::Result {
        let below = self.y + self.extent() + margin / 2 + LABEL_FONT * 3 / 8;
        let left = self.x - margin / 2;
        for i in 0..self.n {
            let c = self.cell_at(i, i);
            let base = if upper { b'A' } else { b'a' };
            writeln!(
                out,
                "<text class=\"coord file\" x=\"{}\" y=\"{below}\" {FONT} text-anchor=\"middle\" \
                 font-size=\"{LABEL_FONT}\" fill=\"{LABEL}\">{}</text>",
                c.x + CELL / 2,
                char::from(base + i as u8)
            )?;
            writeln!(
                out,
                "<text class=\"coord rank\" x=\"{left}\" y=\"{}\" {FONT} text-anchor=\"middle\" \
                 font-size=\"{LABEL_FONT}\" fill=\"{LABEL}\">{}</text>",
                c.y + CELL / 2 + LABEL_FONT * 3 / 8,
                i + 1
            )?;
        }
        Ok(())
    }
}

/// One entry of the legend row: a swatch circle in `colour` at (`x`, `y`) (the row's
/// middle), `text` after it, and, when `mark` is given, a bar of that class under the
/// entry (`turn`, `winner`). `width` is the room the entry has.
#[allow(clippy::too_many_arguments)]
pub(crate) fn legend_entry<W: fmt::Write + ?Sized>(
    out: &mut W,
    class: &str,
    (x, y): (i32, i32),
    width: i32,
    colour: &str,
    stroke: &str,
    text: fmt::Arguments<'_>,
    mark: Option<&str>,
) -> fmt::Result {
    writeln!(out, "<g class=\"legend {class}\">")?;
    writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{y}\" r=\"7\" fill=\"{colour}\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
        x + 8
    )?;
    let weight = if mark.is_some() { " font-weight=\"bold\"" } else { "" };
    writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" {FONT} font-size=\"{LEGEND_FONT}\"{weight} fill=\"{LABEL}\">{text}</text>",
        x + 20,
        y + LEGEND_FONT * 3 / 8
    )?;
    if let Some(mark) = mark {
        let bar = Rect { x, y: y + 10, w: width - 12, h: 3 };
        writeln!(out, "<rect class=\"{mark}\" {bar} fill=\"{stroke}\"/>")?;
    }
    out.write_str("</g>\n")
}

/// Writes `text` as a plain legend label at (`x`, `y`) (the row's middle).
pub(crate) fn legend_text<W: fmt::Write + ?Sized>(
    out: &mut W,
    class: &str,
    (x, y): (i32, i32),
    text: fmt::Arguments<'_>,
) -> fmt::Result {
    writeln!(
        out,
        "<text class=\"legend {class}\" x=\"{x}\" y=\"{}\" {FONT} font-size=\"{LEGEND_FONT}\" \
         fill=\"{LABEL}\">{text}</text>",
        y + LEGEND_FONT * 3 / 8
    )
}

/// The `width` and `height` attributes: `width` pixels wide (or one pixel a unit), the
/// height in proportion, rounded.
pub(crate) fn pixels(width_px: Option<u32>, w: i32, h: i32) -> (u32, u32) {
    match width_px {
        None => (w as u32, h as u32),
        Some(px) => (px, ((u64::from(px) * h as u64 + w as u64 / 2) / w as u64) as u32),
    }
}
