//! The board in a terminal: box-drawing lines, walls in heavy strokes, pawns in seat
//! colours (ANSI), the mover's legal pawn moves marked, and a status block with every
//! seat's route length and walls left.
//!
//! ```
//! use wallrush_cli::term::{draw, Style};
//! use wallrush_core::Position;
//! let mut pos = Position::classic();
//! pos.play("d1h".parse()?)?;
//! let text = draw(&pos, &Style::plain());
//! assert!(text.contains("━━━┿━━━")); // the wall above d1 and e1
//! assert!(text.contains(" • ")); // north's legal pawn moves are marked
//! assert!(!text.contains('\x1b')); // plain: no colour codes
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use wallrush_core::{Goal, Move, Position, Seat, Square};

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
fn junction(up: u8, right: u8, down: u8, left: u8) -> char {
    JUNCTIONS[(up * 27 + right * 9 + down * 3 + left) as usize]
}

/// The label of file `f` (0-based): a letter, or the 1-based number past 26 wide.
fn file_label(f: u8, n: u8) -> String {
    if n > 26 {
        (f + 1).to_string()
    } else {
        ((b'a' + f) as char).to_string()
    }
}

/// The board of `pos` with coordinates, then one status line per seat. The seat to move
/// has its legal pawn moves marked `•` (ASCII `*`); a centre goal is `◇` (ASCII `+`).
pub fn draw(pos: &Position, style: &Style) -> String {
    let mut out = draw_board(pos, style);
    out.push_str(&status(pos, style));
    out
}

/// The board alone (see [`draw`]).
pub fn draw_board(pos: &Position, style: &Style) -> String {
    let n = pos.variant().size();
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
    // Whether the step between two neighbouring squares is blocked by a wall.
    let blocked = |a: Square, b: Square| !pos.is_open(a, b);
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

    let mut out = String::new();
    // File labels.
    let labels = |out: &mut String| {
        let mut line = String::from("   ");
        for f in 0..n {
            let _ = write!(line, " {:^3}", file_label(f, n));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    labels(&mut out);
    for y in (0..=n).rev() {
        // The post line at height y: the line below rank y (0-based), y = n the top edge.
        out.push_str("   ");
        for x in 0..=n {
            // Arms of the post at (x, y).
            let vert = |rank: u8| -> u8 {
                if x == 0 || x == n {
                    1
                } else if blocked(Square::new(x - 1, rank), Square::new(x, rank)) {
                    2
                } else {
                    1
                }
            };
            let horiz = |file: u8| -> u8 {
                if y == 0 || y == n {
                    1
                } else if blocked(Square::new(file, y - 1), Square::new(file, y)) {
                    2
                } else {
                    1
                }
            };
            let up = if y < n { vert(y) } else { 0 };
            let down = if y > 0 { vert(y - 1) } else { 0 };
            let left = if x > 0 { horiz(x - 1) } else { 0 };
            let right = if x < n { horiz(x) } else { 0 };
            let heavy = up == 2 || down == 2 || left == 2 || right == 2;
            let edge = x == 0 || x == n || y == 0 || y == n;
            let c = if style.unicode {
                junction(up, right, down, left)
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
            if x < n {
                let seg = match horiz(x) {
                    _ if y == 0 || y == n => {
                        let s = if style.unicode { "───" } else { "---" };
                        paint_edge(s.to_string(), if y == 0 { Seat::South } else { Seat::North })
                    }
                    2 => style.bold(if style.unicode { "━━━" } else { "===" }),
                    _ => light_h(if style.unicode { "───" } else { "   " }),
                };
                out.push_str(&seg);
            }
        }
        out.push('\n');
        if y == 0 {
            break;
        }
        // The cell row of rank y - 1.
        let r = y - 1;
        let _ = write!(out, "{:>2} ", r + 1);
        for x in 0..=n {
            let bar = if x == 0 || x == n {
                let s = if style.unicode { "│" } else { "|" };
                paint_edge(s.to_string(), if x == 0 { Seat::West } else { Seat::East })
            } else if blocked(Square::new(x - 1, r), Square::new(x, r)) {
                style.bold(if style.unicode { "┃" } else { "#" })
            } else {
                light_h(if style.unicode { "│" } else { " " })
            };
            out.push_str(&bar);
            if x == n {
                break;
            }
            let sq = Square::new(x, r);
            let pawn = Seat::ALL.into_iter().find(|&s| pos.pawn(s) == Some(sq));
            let cell = match pawn {
                Some(s) => style.seat(s, &format!(" {} ", seat_letter(s))),
                None if targets.contains(&sq) => style.seat(mover, if style.unicode { " • " } else { " * " }),
                None if pos.variant().goal() == Goal::Centre && sq == pos.variant().centre() => {
                    (if style.unicode { " ◇ " } else { " + " }).to_string()
                }
                None if style.unicode => "   ".to_string(),
                None => " . ".to_string(),
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, " {}", r + 1);
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
    use super::*;

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
}
