//! Board pictures in SVG.
//!
//! [`board`] draws a [`Position`] as an SVG document; [`write_board`] writes the same
//! text to any [`fmt::Write`]. What else is drawn is chosen with [`SvgOptions`]:
//!
//! ```
//! use wallrush_core::svg::{self, SvgOptions};
//! use wallrush_core::{Move, Position, Wall};
//! let mut pos = Position::classic();
//! let e2: Move = "e2".parse()?;
//! let from = pos.pawn(pos.turn()); // the position keeps no history: note where it was
//! pos.play(e2)?;
//! let wall: Wall = "d7h".parse()?;
//! let opts = SvgOptions::new().size(360).routes(true).last_move(e2, from).candidate_wall(wall);
//! let text = svg::board(&pos, &opts);
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(text.matches("class=\"pawn ").count(), 2);
//! assert_eq!(text.matches("class=\"route ").count(), 2);
//! assert!(text.contains("class=\"candidate legal\""));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is drawn, and how to find it
//!
//! Every element carries a `class`, so that tests and style sheets can pick it out:
//!
//! | element | class | drawn when |
//! |---|---|---|
//! | `<rect>` | `background` | always (the margin round the board) |
//! | `<rect>` | `board`, `cells`, `groove` | always (frame, cell area, one per groove line) |
//! | `<rect>` / `<polygon>` | `goal {seat}` | each seat in play: a strip on its goal edge, or a triangle of the centre cell |
//! | `<rect>` | `last-move from`, `last-move to`, `last-move halo` | [`SvgOptions::last_move`] |
//! | `<circle>` | `move` | [`SvgOptions::legal_moves`]: one per legal pawn move |
//! | `<polyline>` | `route {seat}` | [`SvgOptions::routes`]: one per seat in play |
//! | `<rect>` | `wall` | one per wall on the board (`data-wall` = its standard name) |
//! | `<rect>` | `candidate legal` / `candidate illegal` | [`SvgOptions::candidate_wall`] |
//! | `<circle>` | `pawn {seat}` | one per seat in play (`data-square` = its square) |
//! | `<text>` | `coord file`, `coord rank` | [`SvgOptions::coordinates`] (on by default) |
//! | `<text>` | `legend status` | [`SvgOptions::legend`]: whose turn it is, or the result when the game is over |
//! | `<g>` | `legend {seat}` (with `turn` or `winner` on the marked seat) | [`SvgOptions::legend`]: each seat's swatch, walls left and route length (or `resigned`) |
//!
//! # The legend
//!
//! [`SvgOptions::legend`] adds rows under the board (the picture grows taller, the
//! board keeps its size): a status line, `south to move` or the result (`north wins by
//! goal`, `draw by passing`; a game's draw rules can be told with
//! [`SvgOptions::outcome`]), then one entry per seat of the variant, two a row: a swatch
//! in the seat's colour and `south: 7 walls, route 8`. The seat to move (or the winner)
//! is written in bold and underlined in its colour, so nothing is told by colour alone.
//!
//! # Geometry
//!
//! All coordinates are integers in a `viewBox` of user units; the `width` and `height`
//! attributes scale the picture to [`SvgOptions::size`] pixels. A cell is
//! [`CELL`] units wide, grooves are [`GROOVE`] wide, the board's outer frame is
//! [`BORDER`] wide and, when coordinates are shown, a [`MARGIN`] surrounds the board for
//! the labels. So on an `n × n` board the cell in screen column `c` (0 at the left) and
//! screen row `r` (0 at the top) has its top-left corner at
//! `(m + BORDER + c·PITCH, m + BORDER + r·PITCH)` with `PITCH = CELL + GROOVE` and `m` the
//! margin, and the whole picture is `2m + 2·BORDER + n·PITCH − GROOVE` units square.
//! Unflipped, file `f` is screen column `f` and rank `r` is screen row `n − 1 − r`.
//!
//! # Colours
//!
//! Seats are drawn in [`seat_colour`]: amber South and teal North as in the WallRush
//! product, blue West and reddish purple East (the four stay apart for colour-blind
//! eyes: they are taken from, or tuned near, the Okabe–Ito palette).

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::{Goal, Move, Orientation, Outcome, Position, Seat, Square, Wall};

/// Width of a cell in user units.
pub const CELL: i32 = 40;
/// Width of a groove (the gap between cells where walls lie) in user units.
pub const GROOVE: i32 = 10;
/// Distance between the left edges of neighbouring cells.
pub const PITCH: i32 = CELL + GROOVE;
/// Width of the board's outer frame, where the goal edges are tinted.
pub const BORDER: i32 = 12;
/// Margin round the board holding the coordinate labels (none when they are off).
pub const MARGIN: i32 = 24;

const PAWN_RADIUS: i32 = 15;
const DOT_RADIUS: i32 = 7;
/// Font size of the coordinate labels, in user units.
pub const LABEL_FONT: i32 = 16;
/// Height of one legend row, in user units.
pub const LEGEND_ROW: i32 = 30;
/// Font size of the legend, in user units.
pub const LEGEND_FONT: i32 = 14;

// The board colours, public so that pictures of other games on the same kind of board
// (the territory games of `wallrush-territory`) draw in the same style.

/// Fill of the margin round the board.
pub const BACKGROUND: &str = "#faf7f2";
/// Fill of the board's outer frame.
pub const FRAME: &str = "#b89f7e";
/// Fill of the cells.
pub const CELLS: &str = "#efe5d3";
/// Fill of an empty groove.
pub const GROOVE_FILL: &str = "#cdb99a";
const WALL_FILL: &str = "#4a2f22";
/// Colour of labels and thin marks.
pub const LABEL: &str = "#5c4a38";
/// Fill of a last-move highlight.
pub const HIGHLIGHT: &str = "#f4d35e";
/// Colour of a legal candidate (and of other marks that mean "yes").
pub const LEGAL: &str = "#1f9e3a";
/// Colour of a refused candidate (and of other marks that mean "no").
pub const REFUSED: &str = "#d7263d";

/// The fill colour of `seat`'s pawn, route and goal tint, as `#rrggbb`: South amber
/// `#e69f00`, West blue `#0072b2`, North teal `#00a08a`, East reddish purple `#cc79a7`.
pub const fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "#e69f00",
        Seat::West => "#0072b2",
        Seat::North => "#00a08a",
        Seat::East => "#cc79a7",
    }
}

/// A darker shade of [`seat_colour`], for outlines.
const fn seat_stroke(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "#8a5f00",
        Seat::West => "#00456b",
        Seat::North => "#005f52",
        Seat::East => "#7f3f66",
    }
}

/// What to draw besides the board, walls and pawns, chosen with builder-style setters.
///
/// The default draws the board with coordinates, unflipped, at an automatic size, and
/// nothing more.
///
/// ```
/// use wallrush_core::svg::SvgOptions;
/// use wallrush_core::{Move, Square};
/// let opts = SvgOptions::new()
///     .flipped(true)
///     .size(480)
///     .routes(true)
///     .legal_moves(true)
///     .last_move(Move::Pawn(Square::new(4, 1)), Square::new(4, 0))
///     .coordinates(false);
/// assert_ne!(opts, SvgOptions::default());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SvgOptions {
    flipped: bool,
    size: Option<u32>,
    routes: bool,
    legal_moves: bool,
    last_move: Option<(Move, Option<Square>)>,
    candidate_wall: Option<Wall>,
    coordinates: bool,
    legend: bool,
    /// The outcome the legend tells, when the caller knows more than the position (a
    /// game's draw rules); `Some(None)` is a game still going on.
    outcome: Option<Option<Outcome>>,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions::new()
    }
}

impl SvgOptions {
    /// The defaults: unflipped, automatic size, coordinates on, nothing else.
    pub const fn new() -> SvgOptions {
        SvgOptions {
            flipped: false,
            size: None,
            routes: false,
            legal_moves: false,
            last_move: None,
            candidate_wall: None,
            coordinates: true,
            legend: false,
            outcome: None,
        }
    }

    /// Turns the board half round, so that North sits at the bottom (and files run right
    /// to left).
    #[must_use]
    pub const fn flipped(mut self, flipped: bool) -> SvgOptions {
        self.flipped = flipped;
        self
    }

    /// The width and height of the picture in pixels, or `None` (the default) for an
    /// automatic size: 44 pixels a cell, at least 400 and at most 800 (so 400 for 9×9).
    /// `Some(0)` counts as `None`.
    #[must_use]
    pub fn size(mut self, pixels: impl Into<Option<u32>>) -> SvgOptions {
        self.size = pixels.into().filter(|&p| p > 0);
        self
    }

    /// Draws each seat's shortest route ([`Position::route`]) as a dashed line in its
    /// colour.
    #[must_use]
    pub const fn routes(mut self, on: bool) -> SvgOptions {
        self.routes = on;
        self
    }

    /// Marks the cells the seat to move can move its pawn to ([`Position::pawn_moves`])
    /// with dots in its colour.
    #[must_use]
    pub const fn legal_moves(mut self, on: bool) -> SvgOptions {
        self.legal_moves = on;
        self
    }

    /// Highlights the last move: for a pawn move its destination and, when given, the
    /// square it came from; for a wall, the wall. A pass draws nothing. `None` clears it.
    ///
    /// The position does not keep its history, so the square a pawn came from has to be
    /// told.
    #[must_use]
    pub fn last_move(mut self, mv: impl Into<Option<Move>>, from: impl Into<Option<Square>>) -> SvgOptions {
        let from = from.into();
        self.last_move = mv.into().map(|m| (m, from));
        self
    }

    /// Draws a wall the seat to move is thinking of placing: green when
    /// [`Position::check`] accepts it, red (with the reason in a `<title>`) when it is
    /// refused. `None` clears it.
    #[must_use]
    pub fn candidate_wall(mut self, wall: impl Into<Option<Wall>>) -> SvgOptions {
        self.candidate_wall = wall.into();
        self
    }

    /// Shows file and rank labels round the board (the default): letters for files, or
    /// numbers on boards over 26 wide.
    #[must_use]
    pub const fn coordinates(mut self, on: bool) -> SvgOptions {
        self.coordinates = on;
        self
    }

    /// Adds the legend under the board (off by default): whose turn it is or the result,
    /// and every seat's walls left and route length (see [the legend](self#the-legend)).
    ///
    /// ```
    /// use wallrush_core::svg::{self, SvgOptions};
    /// use wallrush_core::Position;
    /// let text = svg::board(&Position::classic(), &SvgOptions::new().legend(true));
    /// assert!(text.contains(">south to move</text>"));
    /// assert!(text.contains(">north: 10 walls, route 8</text>"));
    /// ```
    #[must_use]
    pub const fn legend(mut self, on: bool) -> SvgOptions {
        self.legend = on;
        self
    }

    /// The outcome the legend tells, for a game whose draw rules end it where the
    /// position alone does not (`None`: the game goes on). Without it the legend tells
    /// the position's own outcome.
    #[must_use]
    pub const fn outcome(mut self, outcome: Option<Outcome>) -> SvgOptions {
        self.outcome = Some(outcome);
        self
    }
}

/// The position drawn as an SVG document.
///
/// ```
/// use wallrush_core::{svg, Position};
/// let text = svg::board(&Position::classic(), &svg::SvgOptions::default());
/// assert!(text.ends_with("</svg>\n"));
/// assert_eq!(text.matches("class=\"wall\"").count(), 0);
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
/// use core::fmt::Write;
/// use wallrush_core::svg::{self, SvgOptions};
/// use wallrush_core::{Position, Variant};
/// let mut page = String::from("<p>Four seats:</p>\n");
/// svg::write_board(&mut page, &Position::new(Variant::four_player()), &SvgOptions::new())?;
/// writeln!(page, "<p>West moves next.</p>")?;
/// assert_eq!(page.matches("class=\"pawn ").count(), 4);
/// # Ok::<(), core::fmt::Error>(())
/// ```
///
/// # Errors
/// Only the errors `out` returns.
pub fn write_board<W: fmt::Write + ?Sized>(out: &mut W, pos: &Position, opts: &SvgOptions) -> fmt::Result {
    Painter::new(pos, opts).paint(out)
}

/// Screen geometry of one picture.
struct Painter<'a> {
    pos: &'a Position,
    opts: &'a SvgOptions,
    n: i32,
    margin: i32,
}

/// A rectangle in user units; `Display` writes its SVG attributes
/// (`x="…" y="…" width="…" height="…"`).
///
/// ```
/// use wallrush_core::svg::Rect;
/// let r = Rect { x: 12, y: 24, w: 40, h: 10 };
/// assert_eq!(r.to_string(), r#"x="12" y="24" width="40" height="10""#);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

impl Rect {
    fn union(self, o: Rect) -> Rect {
        let (x, y) = (self.x.min(o.x), self.y.min(o.y));
        let (x2, y2) = ((self.x + self.w).max(o.x + o.w), (self.y + self.h).max(o.y + o.h));
        Rect { x, y, w: x2 - x, h: y2 - y }
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", self.x, self.y, self.w, self.h)
    }
}

/// A side of the picture.
#[derive(Clone, Copy)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl<'a> Painter<'a> {
    fn new(pos: &'a Position, opts: &'a SvgOptions) -> Painter<'a> {
        let n = i32::from(pos.variant().size());
        let margin = if opts.coordinates { MARGIN } else { 0 };
        Painter { pos, opts, n, margin }
    }

    /// Width (and height) of the board with its frame.
    fn board_extent(&self) -> i32 {
        2 * BORDER + self.n * PITCH - GROOVE
    }

    fn total(&self) -> i32 {
        self.board_extent() + 2 * self.margin
    }

    fn pixels(&self) -> u32 {
        self.opts.size.unwrap_or_else(|| (44 * self.n as u32).clamp(400, 800))
    }

    /// The legend's rows: the status line, then the seats two a row (none when off).
    fn legend_rows(&self) -> i32 {
        if !self.opts.legend {
            return 0;
        }
        let seats = self.pos.variant().seats().count() as i32;
        1 + (seats + 1) / 2
    }

    /// The picture's height in user units (its width is [`total`](Self::total)).
    fn height(&self) -> i32 {
        self.total() + self.legend_rows() * LEGEND_ROW
    }

    /// Screen column and row (from the top-left) of a board file and rank, which may lie
    /// off the board (for a candidate wall).
    fn screen(&self, file: i32, rank: i32) -> (i32, i32) {
        if self.opts.flipped {
            (self.n - 1 - file, rank)
        } else {
            (file, self.n - 1 - rank)
        }
    }

    fn origin(&self) -> i32 {
        self.margin + BORDER
    }

    fn cell_at(&self, file: i32, rank: i32) -> Rect {
        let (c, r) = self.screen(file, rank);
        Rect { x: self.origin() + c * PITCH, y: self.origin() + r * PITCH, w: CELL, h: CELL }
    }

    fn cell(&self, sq: Square) -> Rect {
        self.cell_at(i32::from(sq.file()), i32::from(sq.rank()))
    }

    fn centre(&self, sq: Square) -> (i32, i32) {
        let r = self.cell(sq);
        (r.x + CELL / 2, r.y + CELL / 2)
    }

    /// The groove a wall fills: between the two rows (or columns) of cells it borders.
    fn wall_rect(&self, wall: Wall) -> Rect {
        let len = i32::from(self.pos.variant().wall_length());
        let (f, r) = (i32::from(wall.anchor().file()), i32::from(wall.anchor().rank()));
        match wall.orientation() {
            Orientation::Horizontal => {
                let block = self.cell_at(f, r).union(self.cell_at(f + len - 1, r + 1));
                Rect { x: block.x, y: block.y + CELL, w: block.w, h: GROOVE }
            }
            Orientation::Vertical => {
                let block = self.cell_at(f, r).union(self.cell_at(f + 1, r + len - 1));
                Rect { x: block.x + CELL, y: block.y, w: GROOVE, h: block.h }
            }
        }
    }

    /// The side of the picture where `seat`'s edge goal lies.
    fn goal_side(&self, seat: Seat) -> Side {
        let unflipped = match seat {
            Seat::South => Side::Top,
            Seat::North => Side::Bottom,
            Seat::West => Side::Right,
            Seat::East => Side::Left,
        };
        match (self.opts.flipped, unflipped) {
            (false, s) => s,
            (true, Side::Top) => Side::Bottom,
            (true, Side::Bottom) => Side::Top,
            (true, Side::Left) => Side::Right,
            (true, Side::Right) => Side::Left,
        }
    }

    /// The side of the picture a seat starts from (opposite its edge goal).
    fn home_side(&self, seat: Seat) -> Side {
        match self.goal_side(seat) {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    fn paint<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let (total, height) = (self.total(), self.height());
        let px = self.pixels();
        // The height in proportion, rounded (equal to the width without a legend).
        let py = ((u64::from(px) * height as u64 + total as u64 / 2) / total as u64) as u32;
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"wallrush-board\" \
             viewBox=\"0 0 {total} {height}\" width=\"{px}\" height=\"{py}\">"
        )?;
        self.board(out)?;
        self.goals(out)?;
        self.last_move(out)?;
        self.routes(out)?;
        self.walls(out)?;
        self.candidate(out)?;
        self.legal_moves(out)?;
        self.pawns(out)?;
        self.coordinates(out)?;
        self.legend(out)?;
        out.write_str("</svg>\n")
    }

    fn board<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let (total, m, e) = (self.total(), self.margin, self.board_extent());
        let all = Rect { x: 0, y: 0, w: total, h: self.height() };
        writeln!(out, "<rect class=\"background\" {all} fill=\"{BACKGROUND}\"/>")?;
        let frame = Rect { x: m, y: m, w: e, h: e };
        writeln!(out, "<rect class=\"board\" {frame} rx=\"6\" fill=\"{FRAME}\"/>")?;
        let inner = Rect { x: m + BORDER, y: m + BORDER, w: e - 2 * BORDER, h: e - 2 * BORDER };
        writeln!(out, "<rect class=\"cells\" {inner} fill=\"{CELLS}\"/>")?;
        for i in 0..self.n - 1 {
            let at = self.origin() + i * PITCH + CELL;
            let v = Rect { x: at, y: inner.y, w: GROOVE, h: inner.h };
            let h = Rect { x: inner.x, y: at, w: inner.w, h: GROOVE };
            writeln!(out, "<rect class=\"groove\" {v} fill=\"{GROOVE_FILL}\"/>")?;
            writeln!(out, "<rect class=\"groove\" {h} fill=\"{GROOVE_FILL}\"/>")?;
        }
        Ok(())
    }

    fn goals<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let centre_goal = self.pos.variant().goal() == Goal::Centre;
        for seat in self.pos.seats_in_play() {
            let colour = seat_colour(seat);
            if centre_goal {
                // A triangle of the centre cell, pointing from the seat's home side.
                let c = self.cell(self.pos.variant().centre());
                let (x0, y0, x1, y1) = (c.x, c.y, c.x + CELL, c.y + CELL);
                let (mx, my) = (c.x + CELL / 2, c.y + CELL / 2);
                let [(ax, ay), (bx, by)] = match self.home_side(seat) {
                    Side::Top => [(x0, y0), (x1, y0)],
                    Side::Bottom => [(x0, y1), (x1, y1)],
                    Side::Left => [(x0, y0), (x0, y1)],
                    Side::Right => [(x1, y0), (x1, y1)],
                };
                writeln!(
                    out,
                    "<polygon class=\"goal {seat}\" points=\"{ax},{ay} {bx},{by} {mx},{my}\" \
                     fill=\"{colour}\" fill-opacity=\"0.85\"/>"
                )?;
            } else {
                let (m, e) = (self.margin, self.board_extent());
                let span = e - 2 * BORDER;
                let strip = match self.goal_side(seat) {
                    Side::Top => Rect { x: m + BORDER, y: m, w: span, h: BORDER },
                    Side::Bottom => Rect { x: m + BORDER, y: m + e - BORDER, w: span, h: BORDER },
                    Side::Left => Rect { x: m, y: m + BORDER, w: BORDER, h: span },
                    Side::Right => Rect { x: m + e - BORDER, y: m + BORDER, w: BORDER, h: span },
                };
                writeln!(out, "<rect class=\"goal {seat}\" {strip} fill=\"{colour}\"/>")?;
            }
        }
        Ok(())
    }

    fn last_move<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let Some((mv, from)) = self.opts.last_move else {
            return Ok(());
        };
        match mv {
            Move::Pawn(to) => {
                if let Some(from) = from {
                    let r = self.cell(from);
                    writeln!(
                        out,
                        "<rect class=\"last-move from\" {r} fill=\"{HIGHLIGHT}\" \
                         fill-opacity=\"0.5\"/>"
                    )?;
                }
                let r = self.cell(to);
                writeln!(out, "<rect class=\"last-move to\" {r} fill=\"{HIGHLIGHT}\" fill-opacity=\"0.8\"/>")
            }
            Move::Wall(w) => {
                let r = self.wall_rect(w);
                let halo = Rect { x: r.x - 4, y: r.y - 4, w: r.w + 8, h: r.h + 8 };
                writeln!(out, "<rect class=\"last-move halo\" {halo} rx=\"4\" fill=\"{HIGHLIGHT}\"/>")
            }
            Move::Pass => Ok(()),
        }
    }

    fn legal_moves<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.legal_moves {
            return Ok(());
        }
        let colour = seat_colour(self.pos.turn());
        for m in self.pos.pawn_moves() {
            if let Move::Pawn(sq) = m {
                let (cx, cy) = self.centre(sq);
                writeln!(
                    out,
                    "<circle class=\"move\" cx=\"{cx}\" cy=\"{cy}\" r=\"{DOT_RADIUS}\" \
                     fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
                )?;
            }
        }
        Ok(())
    }

    fn routes<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.routes {
            return Ok(());
        }
        // Routes of different seats may share cells; each is drawn a little apart.
        let four = self.pos.variant().players() == 4;
        for seat in self.pos.seats_in_play() {
            let Some(route) = self.pos.route(seat) else {
                continue;
            };
            let offset = match (four, seat) {
                (false, Seat::South) | (false, Seat::West) => -3,
                (false, _) => 3,
                (true, s) => [-6, -2, 2, 6][s.index()],
            };
            write!(out, "<polyline class=\"route {seat}\" points=\"")?;
            for (i, &sq) in route.iter().enumerate() {
                let (x, y) = self.centre(sq);
                let sep = if i == 0 { "" } else { " " };
                write!(out, "{sep}{},{}", x + offset, y + offset)?;
            }
            writeln!(
                out,
                "\" fill=\"none\" stroke=\"{}\" stroke-width=\"4\" stroke-dasharray=\"9 6\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-opacity=\"0.9\"/>",
                seat_colour(seat)
            )?;
        }
        Ok(())
    }

    fn walls<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let n = self.pos.variant().size();
        for w in self.pos.walls() {
            let r = self.wall_rect(w);
            writeln!(
                out,
                "<rect class=\"wall\" data-wall=\"{}\" {r} rx=\"2\" fill=\"{WALL_FILL}\"/>",
                w.text(n)
            )?;
        }
        Ok(())
    }

    fn candidate<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let Some(w) = self.opts.candidate_wall else {
            return Ok(());
        };
        let n = self.pos.variant().size();
        let r = self.wall_rect(w);
        let verdict = self.pos.check(Move::Wall(w));
        let (class, colour) = if verdict.is_ok() { ("legal", LEGAL) } else { ("illegal", REFUSED) };
        write!(
            out,
            "<rect class=\"candidate {class}\" data-wall=\"{}\" {r} rx=\"2\" fill=\"{colour}\" \
             fill-opacity=\"0.75\" stroke=\"{colour}\" stroke-width=\"2\">",
            w.text(n)
        )?;
        match verdict {
            Ok(()) => write!(out, "<title>{} is legal</title>", w.text(n))?,
            Err(e) => {
                out.write_str("<title>")?;
                write!(Escaped(out), "{e}")?;
                out.write_str("</title>")?;
            }
        }
        out.write_str("</rect>\n")
    }

    fn pawns<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let n = self.pos.variant().size();
        for seat in self.pos.seats_in_play() {
            let Some(sq) = self.pos.pawn(seat) else {
                continue;
            };
            let (cx, cy) = self.centre(sq);
            writeln!(
                out,
                "<circle class=\"pawn {seat}\" data-square=\"{}\" cx=\"{cx}\" cy=\"{cy}\" \
                 r=\"{PAWN_RADIUS}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
                sq.text(n),
                seat_colour(seat),
                seat_stroke(seat)
            )?;
        }
        Ok(())
    }

    fn coordinates<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.coordinates {
            return Ok(());
        }
        let numbers = self.n > 26;
        let below = self.margin + self.board_extent() + self.margin / 2 + LABEL_FONT * 3 / 8;
        let left = self.margin / 2;
        let font = "font-family=\"sans-serif\" text-anchor=\"middle\"";
        for i in 0..self.n {
            // Files along the bottom, ranks up the left, in the picture's own order.
            let (col, row) = self.screen(i, i);
            let x = self.origin() + col * PITCH + CELL / 2;
            let y = self.origin() + row * PITCH + CELL / 2 + LABEL_FONT * 3 / 8;
            write!(
                out,
                "<text class=\"coord file\" x=\"{x}\" y=\"{below}\" {font} \
                 font-size=\"{LABEL_FONT}\" fill=\"{LABEL}\">"
            )?;
            if numbers {
                write!(out, "{}", i + 1)?;
            } else {
                write!(out, "{}", char::from(b'a' + i as u8))?;
            }
            out.write_str("</text>\n")?;
            writeln!(
                out,
                "<text class=\"coord rank\" x=\"{left}\" y=\"{y}\" {font} \
                 font-size=\"{LABEL_FONT}\" fill=\"{LABEL}\">{}</text>",
                i + 1
            )?;
        }
        Ok(())
    }
}

impl Painter<'_> {
    /// The legend rows under the board (see [the legend](self#the-legend)).
    fn legend<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if !self.opts.legend {
            return Ok(());
        }
        let pos = self.pos;
        let outcome = self.opts.outcome.unwrap_or_else(|| pos.outcome());
        let top = self.total();
        let font = "font-family=\"sans-serif\"";
        let text_y = |row: i32| top + row * LEGEND_ROW + LEGEND_ROW / 2 + LEGEND_FONT * 3 / 8;
        let left = self.margin.max(BORDER);
        write!(
            out,
            "<text class=\"legend status\" x=\"{left}\" y=\"{}\" {font} font-size=\"{LEGEND_FONT}\" \
             font-weight=\"bold\" fill=\"{LABEL}\">",
            text_y(0)
        )?;
        match outcome {
            Some(o) => write!(out, "{o}")?,
            None => write!(out, "{} to move", pos.turn())?,
        }
        out.write_str("</text>\n")?;
        let marked = match outcome {
            Some(o) => o.winner().map(|w| (w, "winner")),
            None => Some((pos.turn(), "turn")),
        };
        let half = (self.total() - 2 * left) / 2;
        for (i, seat) in pos.variant().seats().enumerate() {
            let i = i as i32;
            let (row, col) = (1 + i / 2, i % 2);
            let x = left + col * half;
            let cy = top + row * LEGEND_ROW + LEGEND_ROW / 2;
            let mark = marked.filter(|&(s, _)| s == seat).map(|(_, m)| m);
            let class = match mark {
                Some(m) => alloc::format!("legend {seat} {m}"),
                None => alloc::format!("legend {seat}"),
            };
            writeln!(out, "<g class=\"{class}\">")?;
            writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{cy}\" r=\"8\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
                x + 9,
                seat_colour(seat),
                seat_stroke(seat)
            )?;
            let weight = if mark.is_some() { " font-weight=\"bold\"" } else { "" };
            write!(
                out,
                "<text x=\"{}\" y=\"{}\" {font} font-size=\"{LEGEND_FONT}\"{weight} fill=\"{LABEL}\">",
                x + 24,
                text_y(row)
            )?;
            match pos.route_len(seat) {
                Some(len) if pos.is_in_play(seat) => {
                    let walls = pos.walls_left(seat);
                    let noun = if walls == 1 { "wall" } else { "walls" };
                    write!(out, "{seat}: {walls} {noun}, route {len}")?;
                }
                _ => write!(out, "{seat}: resigned")?,
            }
            out.write_str("</text>\n")?;
            if mark.is_some() {
                let bar = Rect { x: x + 24, y: cy + 10, w: half - 36, h: 3 };
                writeln!(out, "<rect class=\"legend-mark\" {bar} fill=\"{}\"/>", seat_stroke(seat))?;
            }
            out.write_str("</g>\n")?;
        }
        Ok(())
    }
}

/// A writer that escapes the five XML special characters on the way to `W`.
struct Escaped<'w, W: ?Sized>(&'w mut W);

impl<W: fmt::Write + ?Sized> fmt::Write for Escaped<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for c in text.chars() {
            match c {
                '&' => self.0.write_str("&amp;")?,
                '<' => self.0.write_str("&lt;")?,
                '>' => self.0.write_str("&gt;")?,
                '"' => self.0.write_str("&quot;")?,
                '\'' => self.0.write_str("&apos;")?,
                c => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn escapes() {
        let mut s = String::new();
        Escaped(&mut s).write_str("a<b & \"c\" 'd'>").unwrap();
        assert_eq!(s, "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
    }

    #[test]
    fn automatic_size() {
        let opts = SvgOptions::new();
        let classic = Position::classic();
        assert_eq!(Painter::new(&classic, &opts).pixels(), 400);
        let big = Position::new(Variant::new(31, 2, 10, 2, Goal::Edge).unwrap());
        assert_eq!(Painter::new(&big, &opts).pixels(), 800);
        let opts = opts.size(0);
        assert_eq!(Painter::new(&classic, &opts).pixels(), 400);
    }

    #[test]
    fn the_legend_tells_turn_walls_routes_and_result() {
        let mut pos = Position::classic();
        let plain = board(&pos, &SvgOptions::new());
        assert!(!plain.contains("legend"));
        let text = board(&pos, &SvgOptions::new().legend(true));
        // Two rows under the 512-unit board: the status, then both seats.
        assert!(text.contains("viewBox=\"0 0 512 572\" width=\"400\" height=\"447\""), "{text}");
        assert!(text.contains("class=\"legend south turn\"") && text.contains("class=\"legend north\""));
        assert!(text.contains(">south: 10 walls, route 8</text>"));
        pos.play("d7h".parse().unwrap()).unwrap();
        let text = board(&pos, &SvgOptions::new().legend(true));
        let (south, north) = (pos.route_len(Seat::South).unwrap(), pos.route_len(Seat::North).unwrap());
        assert_eq!(north, 9); // d7h stands across North's straight run
        assert!(text.contains(">north to move</text>"), "{text}");
        assert!(text.contains(&alloc::format!(">south: 9 walls, route {south}</text>")), "{text}");
        assert!(text.contains(">north: 10 walls, route 9</text>"), "{text}");
        pos.resign(Seat::North).unwrap();
        let text = board(&pos, &SvgOptions::new().legend(true));
        assert!(text.contains(">south wins by resignation</text>"));
        assert!(text.contains("class=\"legend south winner\"") && text.contains(">north: resigned</text>"));
        // A game's draw rule, told by the caller.
        let drawn =
            SvgOptions::new().legend(true).outcome(Some(Outcome::Draw(crate::DrawReason::Repetition)));
        let text = board(&Position::classic(), &drawn);
        assert!(text.contains(">draw by repetition</text>") && !text.contains(" turn\""));
        // Four seats: three rows, each seat once.
        let four = board(&Position::new(Variant::four_player()), &SvgOptions::new().legend(true));
        for seat in Seat::ALL {
            assert_eq!(
                four.matches(&alloc::format!(">{seat}: 5 walls, route 8</text>")).count(),
                1,
                "{seat}"
            );
        }
        assert!(four.contains("viewBox=\"0 0 512 602\""));
        assert!(board(
            &Position::new(Variant::four_player()),
            &SvgOptions::new().legend(true).coordinates(false)
        )
        .contains("legend east"));
    }

    #[test]
    fn flip_maps_corners() {
        let pos = Position::classic();
        let opts = SvgOptions::new().flipped(true);
        let p = Painter::new(&pos, &opts);
        assert_eq!(p.screen(0, 0), (8, 0));
        assert_eq!(p.screen(8, 8), (0, 8));
    }
}
