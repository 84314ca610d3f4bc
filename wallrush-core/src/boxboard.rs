//! The board as text: box-drawing lines, walls in heavy strokes, pawns in seat colours
//! (ANSI), the mover's legal pawn moves marked, and a status block with every seat's
//! route length and walls left. The command-line program draws it in a terminal, the
//! Python package's `Position.unicode()` returns it.
//!
//! ```
//! use wallrush_core::boxboard::{draw, Style};
//! use wallrush_core::Position;
//! let mut pos = Position::classic();
//! pos.play("d1h".parse()?)?;
//! let text = draw(&pos, &Style::plain());
//! assert!(text.contains("━━━┿━━━")); // the wall above d1 and e1
//! assert!(text.contains(" • ")); // north's legal pawn moves are marked
//! assert!(!text.contains('\x1b')); // plain: no colour codes
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::{Goal, Move, Position, Seat, Square};

/// How the board is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Style {
    /// ANSI colours and bold (seat colours, dim grid).
    pub color: bool,
    /// Box-drawing characters (`false`: ASCII only).
    pub unicode: bool,
}

impl Style {
    /// Box-drawing characters without colour codes: what a pipe gets.
    pub const fn plain() -> Style {
        Style { color: false, unicode: true }
    }

    /// Box-drawing characters and colours: what a terminal gets.
    pub const fn terminal() -> Style {
        Style { color: true, unicode: true }
    }

    /// `text` in `seat`'s colour (bold), or as it is without colour.
    pub fn seat(&self, seat: Seat, text: &str) -> String {
        if self.color {
            format!("\x1b[1;{}m{text}\x1b[0m", seat_ansi(seat))
        } else {
            text.to_string()
        }
    }

    /// `text` dimmed, or as it is without colour.
    pub fn dim(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[2m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// `text` in bold, or as it is without colour.
    pub fn bold(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// `text` in red (refusals, errors), or as it is without colour.
    pub fn warn(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[31m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// The ANSI foreground colour of a seat, near the SVG pictures' palette: amber (yellow)
/// South, blue West, teal (cyan) North, reddish purple (magenta) East.
pub const fn seat_ansi(seat: Seat) -> u8 {
    match seat {
        Seat::South => 33,
        Seat::West => 34,
        Seat::North => 36,
        Seat::East => 35,
    }
}

/// The one-letter name of a seat on the board: `S`, `W`, `N`, `E`.
pub const fn seat_letter(seat: Seat) -> char {
    match seat {
        Seat::South => 'S',
        Seat::West => 'W',
        Seat::North => 'N',
        Seat::East => 'E',
    }
}

/// Box-drawing junctions by arm weights: index `up·27 + right·9 + down·3 + left`, each
/// arm 0 (none), 1 (light) or 2 (heavy). Built from the Unicode names of U+2500–U+257F.
const JUNCTIONS: [char; 81] = [
    ' ', '╴', '╸', '╷', '┐', '┑', '╻', '┒', '┓', '╶', '─', '╾', '┌', '┬', '┭', '┎', '┰', '┱', '╺', '╼', '━',
    '┍', '┮', '┯', '┏', '┲', '┳', '╵', '┘', '┙', '│', '┤', '┥', '╽', '┧', '┪', '└', '┴', '┵', '├', '┼', '┽',
    '┟', '╁', '╅', '┕', '┶', '┷', '┝', '┾', '┿', '┢', '╆', '╈', '╹', '┚', '┛', '╿', '┦', '┩', '┃', '┨', '┫',
    '┖', '┸', '┹', '┞', '╀', '╃', '┠', '╂', '╉', '┗', '┺', '┻', '┡', '╄', '╇', '┣', '╊', '╋',
];

/// The junction character with these arms (0 none, 1 light, 2 heavy).
pub fn junction(up: u8, right: u8, down: u8, left: u8) -> char {
    JUNCTIONS[(up * 27 + right * 9 + down * 3 + left) as usize]
}

/// The label of file `f` (0-based): a letter, or the 1-based number past 26 wide.
pub fn file_label(f: u8, n: u8) -> String {
    if n > 26 {
        (f + 1).to_string()
    } else {
        ((b'a' + f) as char).to_string()
    }
}

/// The board of `pos` with coordinates, then one status line per seat. The seat to move
/// has its legal pawn moves marked `•` (ASCII `*`); a centre goal is `◇` (ASCII `+`).
pub fn draw(pos: &Position, style: &Style) -> String {
    draw_marked(pos, style, &Marks::default())
}

/// What a board shows besides the position: which way up, the last move, a wall
/// previewed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks<'a> {
    /// Turned round: north at the bottom, file `a` on the right (for a person playing
    /// north).
    pub flip: bool,
    /// The position before the last move: the wall it built is drawn in the mover's
    /// colour, the square the pawn left marked `·` (with colours).
    pub previous: Option<&'a Position>,
    /// The wall new since [`previous`](Self::previous) is a preview, not a move: drawn
    /// dashed (`╍`, `╏`; ASCII `~`, `:`) in every style.
    pub preview: bool,
    /// The grid alone: no file letters or rank numbers round it.
    pub bare: bool,
}

/// Boards wider than this many cells are drawn with narrow cells (two columns instead of
/// three), so that 29 × 29 and 31 × 31 fit a terminal of 120 columns.
pub const WIDE_CELLS_UP_TO: u8 = 27;

/// The board with its status lines, marked as `marks` says (see [`Marks`]).
///
/// ```
/// use wallrush_core::boxboard::{draw_marked, Marks, Style};
/// use wallrush_core::{Position, Variant};
/// let pos = Position::new(Variant::builder().size(31).walls(10).build()?);
/// let text = draw_marked(&pos, &Style::plain(), &Marks { flip: true, ..Marks::default() });
/// assert!(text.lines().all(|l| l.chars().count() <= 120));
/// assert!(text.lines().nth(2).unwrap().contains("│S ")); // south on top when flipped
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_marked(pos: &Position, style: &Style, marks: &Marks<'_>) -> String {
    let mut out = draw_board_marked(pos, style, marks);
    out.push_str(&status(pos, style));
    out
}

/// The board alone (see [`draw`]).
pub fn draw_board(pos: &Position, style: &Style) -> String {
    draw_board_marked(pos, style, &Marks::default())
}

/// The board alone, marked (see [`draw_marked`]).
pub fn draw_board_marked(pos: &Position, style: &Style, marks: &Marks<'_>) -> String {
    let n = pos.variant().size();
    let flip = marks.flip;
    let wide = n <= WIDE_CELLS_UP_TO;
    let seg_len = if wide { 3 } else { 2 };
    let over = pos.is_game_over();
    let mover = pos.turn();
    let targets: Vec<Square> = if over {
        Vec::new()
    } else {
        pos.pawn_moves()
            .iter()
            .filter_map(|m| match m {
                Move::Pawn(sq) => Some(*sq),
                _ => None,
            })
            .collect()
    };
    // The seat that made the last move, and the square its pawn left.
    let last_mover = marks.previous.map(Position::turn);
    let left_square = marks.previous.and_then(|before| {
        let seat = before.turn();
        let from = before.pawn(seat)?;
        (pos.pawn(seat) != Some(from)).then_some(from)
    });
    // 0 open, 1 a wall, 2 a wall new since `previous` (the last move's, or the preview).
    let wall_at = |a: Square, b: Square| -> u8 {
        if pos.is_open(a, b) {
            0
        } else if marks.previous.is_some_and(|before| before.is_open(a, b)) {
            2
        } else {
            1
        }
    };
    // The seat whose goal is this edge of the board (edge goals only).
    let goal_edge = |side: Seat| -> Option<Seat> {
        if pos.variant().goal() != Goal::Edge {
            return None;
        }
        // South races to the top edge, north to the bottom, west to the right, east to
        // the left.
        let owner = match side {
            Seat::North => Seat::South,
            Seat::South => Seat::North,
            Seat::East => Seat::West,
            Seat::West => Seat::East,
        };
        pos.is_in_play(owner).then_some(owner)
    };
    let paint_edge = |text: String, side: Seat| -> String {
        match goal_edge(side) {
            Some(owner) if style.color => format!("\x1b[{}m{text}\x1b[0m", seat_ansi(owner)),
            _ => text,
        }
    };
    let light_h = |s: &str| if style.color { style.dim(s) } else { s.to_string() };
    // A wall's stroke: heavy, in the mover's colour when it is the last move, dashed when
    // previewed.
    let stroke = |kind: u8, horizontal: bool| -> String {
        let glyph = match (kind, horizontal, style.unicode) {
            (2, true, true) if marks.preview => "╍".repeat(seg_len),
            (2, true, false) if marks.preview => "~".repeat(seg_len),
            (2, false, true) if marks.preview => "╏".to_string(),
            (2, false, false) if marks.preview => ":".to_string(),
            (_, true, true) => "━".repeat(seg_len),
            (_, true, false) => "=".repeat(seg_len),
            (_, false, true) => "┃".to_string(),
            (_, false, false) => "#".to_string(),
        };
        match (kind, last_mover) {
            (2, Some(seat)) if style.color && !marks.preview => style.seat(seat, &glyph),
            _ => style.bold(&glyph),
        }
    };
    // Display columns and rows to board coordinates: post column `s` is post `x`, cell
    // column `s` is file `f`; post row `t` (0 at the top) is post height `y`, cell row
    // `t` is rank `r`.
    let post_x = |s: u8| if flip { n - s } else { s };
    let file_of = |s: u8| if flip { n - 1 - s } else { s };
    let post_y = |t: u8| if flip { t } else { n - t };
    let rank_of = |t: u8| if flip { t } else { n - 1 - t };
    // The wall kind on the vertical line at post column x, rank r (edges: 1, light).
    let vert = |x: u8, rank: u8| -> u8 {
        if x == 0 || x == n {
            1
        } else {
            match wall_at(Square::new(x - 1, rank), Square::new(x, rank)) {
                0 => 1,
                k => k + 1,
            }
        }
    };
    // The wall kind on the horizontal line at height y, file f.
    let horiz = |file: u8, y: u8| -> u8 {
        if y == 0 || y == n {
            1
        } else {
            match wall_at(Square::new(file, y - 1), Square::new(file, y)) {
                0 => 1,
                k => k + 1,
            }
        }
    };

    let mut out = String::new();
    let bare = marks.bare;
    let margin = if bare { "" } else { "   " };
    let labels = |out: &mut String| {
        if bare {
            return;
        }
        let mut line = String::from("   ");
        for s in 0..n {
            let label = file_label(file_of(s), n);
            if wide {
                let _ = write!(line, " {label:^3}");
            } else {
                let _ = write!(line, " {label:<2}");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    labels(&mut out);
    for t in 0..=n {
        let y = post_y(t);
        out.push_str(margin);
        for s in 0..=n {
            let x = post_x(s);
            // Arms of the post at (x, y) in board directions, 0 none, 1 light, 2 heavy.
            let weight = |k: u8| k.min(2);
            let up = if y < n { weight(vert(x, y)) } else { 0 };
            let down = if y > 0 { weight(vert(x, y - 1)) } else { 0 };
            let left = if x > 0 { weight(horiz(x - 1, y)) } else { 0 };
            let right = if x < n { weight(horiz(x, y)) } else { 0 };
            // On the screen.
            let (s_up, s_right, s_down, s_left) =
                if flip { (down, left, up, right) } else { (up, right, down, left) };
            let heavy = up == 2 || down == 2 || left == 2 || right == 2;
            let edge = x == 0 || x == n || y == 0 || y == n;
            let c = if style.unicode {
                junction(s_up, s_right, s_down, s_left)
            } else if edge || heavy {
                '+'
            } else {
                ' '
            };
            let text = c.to_string();
            out.push_str(&match (edge, heavy) {
                (_, true) => style.bold(&text),
                (true, false) => text,
                (false, false) => light_h(&text),
            });
            if s < n {
                let file = file_of(s);
                let seg = match horiz(file, y) {
                    _ if y == 0 || y == n => {
                        let line = if style.unicode { "─" } else { "-" }.repeat(seg_len);
                        paint_edge(line, if y == 0 { Seat::South } else { Seat::North })
                    }
                    k if k >= 2 => stroke(k - 1, true),
                    _ => light_h(&if style.unicode { "─" } else { " " }.repeat(seg_len)),
                };
                out.push_str(&seg);
            }
        }
        out.push('\n');
        if t == n {
            break;
        }
        let r = rank_of(t);
        if !bare {
            let _ = write!(out, "{:>2} ", r + 1);
        }
        for s in 0..=n {
            let x = post_x(s);
            let bar = if x == 0 || x == n {
                let b = if style.unicode { "│" } else { "|" };
                paint_edge(b.to_string(), if x == 0 { Seat::West } else { Seat::East })
            } else {
                match vert(x, r) {
                    k if k >= 2 => stroke(k - 1, false),
                    _ => light_h(if style.unicode { "│" } else { " " }),
                }
            };
            out.push_str(&bar);
            if s == n {
                break;
            }
            let sq = Square::new(file_of(s), r);
            let pawn = Seat::ALL.into_iter().find(|&seat| pos.pawn(seat) == Some(sq));
            let cell = |mark: &str| if wide { format!(" {mark} ") } else { format!("{mark} ") };
            let text = match pawn {
                Some(seat) => {
                    let t = cell(&seat_letter(seat).to_string());
                    if style.color && left_square.is_some() && last_mover == Some(seat) {
                        // The pawn that just moved, underlined.
                        format!("\x1b[4m{}\x1b[24m", style.seat(seat, &t))
                    } else {
                        style.seat(seat, &t)
                    }
                }
                None if targets.contains(&sq) => {
                    style.seat(mover, &cell(if style.unicode { "•" } else { "*" }))
                }
                None if pos.variant().goal() == Goal::Centre && sq == pos.variant().centre() => {
                    cell(if style.unicode { "◇" } else { "+" })
                }
                None if style.color && left_square == Some(sq) => style.dim(&cell("·")),
                None if style.unicode => cell(" "),
                None => cell("."),
            };
            out.push_str(&text);
        }
        if bare {
            out.push('\n');
        } else {
            let _ = writeln!(out, " {}", r + 1);
        }
    }
    labels(&mut out);
    out
}

/// One line per seat in the game: letter, name, route length, walls left; the seat to
/// move marked with `▶` (ASCII `>`), a resigned seat noted.
pub fn status(pos: &Position, style: &Style) -> String {
    let mut out = String::new();
    let over = pos.is_game_over();
    for seat in pos.variant().seats() {
        let mark = if !over && pos.turn() == seat {
            if style.unicode {
                "▶"
            } else {
                ">"
            }
        } else {
            " "
        };
        let name = style.seat(seat, &format!("{} {:<5}", seat_letter(seat), seat.name()));
        match pos.route_len(seat) {
            Some(route) => {
                let _ = writeln!(out, " {mark} {name}  route {route:>2}  walls {:>2}", pos.walls_left(seat));
            }
            None => {
                let _ = writeln!(out, " {mark} {name}  resigned");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::boxboard::{draw, draw_board_marked, junction, Marks, Style};
    use crate::Position;
    use alloc::vec::Vec;

    #[test]
    fn junction_table() {
        assert_eq!(junction(1, 1, 1, 1), '┼');
        assert_eq!(junction(0, 1, 0, 1), '─');
        assert_eq!(junction(1, 0, 1, 0), '│');
        assert_eq!(junction(0, 1, 1, 0), '┌');
        assert_eq!(junction(1, 0, 0, 1), '┘');
        assert_eq!(junction(1, 2, 1, 2), '┿');
        assert_eq!(junction(2, 1, 2, 1), '╂');
        assert_eq!(junction(2, 2, 2, 2), '╋');
        assert_eq!(junction(1, 2, 1, 1), '┾');
        assert_eq!(junction(0, 1, 1, 1), '┬');
    }

    #[test]
    fn opening_board() {
        let text = draw(&Position::classic(), &Style::plain());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].trim(), "a   b   c   d   e   f   g   h   i");
        assert_eq!(lines[1], "   ┌───┬───┬───┬───┬───┬───┬───┬───┬───┐");
        assert_eq!(lines[2], " 9 │   │   │   │   │ N │   │   │   │   │ 9");
        assert_eq!(lines[18], " 1 │   │   │   │ • │ S │ • │   │   │   │ 1");
        assert_eq!(lines[19], "   └───┴───┴───┴───┴───┴───┴───┴───┴───┘");
        assert!(lines[21].contains("▶ S south  route  8  walls 10"), "{}", lines[21]);
        assert!(lines[22].contains("  N north  route  8  walls 10"), "{}", lines[22]);
    }

    #[test]
    fn walls_are_heavy() {
        let mut pos = Position::classic();
        pos.play("e2".parse().unwrap()).unwrap();
        pos.play("d4v".parse().unwrap()).unwrap();
        let text = draw(&pos, &Style::plain());
        // d4v runs along the right edges of d4 and d5, through the post between them.
        assert!(text.lines().any(|l| l.starts_with(" 5 │   │   │   │   ┃")), "{text}");
        assert!(text.lines().any(|l| l.starts_with(" 4 │   │   │   │   ┃")), "{text}");
        assert!(text.contains("┼───┼───╂───┼"), "{text}");
        let ascii = draw(&pos, &Style { color: false, unicode: false });
        assert!(ascii.is_ascii(), "{ascii}");
        assert!(ascii.lines().any(|l| l.starts_with(" 5 | .   .   .   . # .")), "{ascii}");
        let coloured = draw(&pos, &Style::terminal());
        assert!(coloured.contains("\x1b[1;33m S \x1b[0m"));
    }

    #[test]
    fn a_bare_board_has_no_coordinates() {
        let text = draw_board_marked(
            &Position::classic(),
            &Style::plain(),
            &Marks { bare: true, ..Marks::default() },
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19);
        assert_eq!(lines[0], "┌───┬───┬───┬───┬───┬───┬───┬───┬───┐");
        assert_eq!(lines[1], "│   │   │   │   │ N │   │   │   │   │");
        assert_eq!(lines[17], "│   │   │   │ • │ S │ • │   │   │   │");
    }
}
