//! Drawing the board: a pure function of the [`App`] and the frame's size. The same
//! [`geometry`] tells the mouse handler what lies under the pointer.
//!
//! The board is a grid of box-drawing lines, a square three cells wide and one high;
//! walls are heavy lines, the ghost wall double lines when legal and `╳` when refused;
//! pawns are their seat's letter in its colour; `•` marks the squares the pawn to move
//! can reach, `·` the shortest routes (Tab), `◎` the centre goal; the cursor is `[ ]`;
//! each seat's goal edge is drawn in its colour.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use wallrush_core::{Move, Orientation, Position, Seat, Square, Wall};

use super::state::{App, Mode};
use crate::term::{file_label, junction, seat_letter};

/// The columns of the panel beside the board.
const PANEL: u16 = 46;

/// A seat's colour: amber south, blue west, teal north, purple east.
pub fn seat_colour(seat: Seat) -> Color {
    match seat {
        Seat::South => Color::Yellow,
        Seat::West => Color::Blue,
        Seat::North => Color::Cyan,
        Seat::East => Color::Magenta,
    }
}

/// `South`: a seat's name with a capital.
pub fn title_case(seat: Seat) -> String {
    let name = seat.name();
    let mut c = name.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// What lies under a point of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// A square.
    Square(Square),
    /// The gap between two squares: the wall placed there.
    Wall(Wall),
}

/// Where the board is drawn and which part of it shows.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The screen area of the board.
    pub area: Rect,
    n: u8,
    flip: bool,
    length: u8,
    /// Columns of the rank labels.
    label: u16,
    /// The first column and row of the whole board that show (it scrolls around the
    /// cursor when it does not fit).
    scroll: (u16, u16),
}

impl Geometry {
    /// The whole board's columns and rows.
    fn full(n: u8, label: u16) -> (u16, u16) {
        (2 * label + 4 * u16::from(n) + 1, 2 * u16::from(n) + 3)
    }

    /// The display column and row of a square (the board turned round when flipped).
    fn display(&self, sq: Square) -> (u16, u16) {
        let n = self.n - 1;
        if self.flip {
            (u16::from(n - sq.file()), u16::from(sq.rank()))
        } else {
            (u16::from(sq.file()), u16::from(n - sq.rank()))
        }
    }

    /// The square at display column `dc`, row `dr`.
    fn square(&self, dc: u16, dr: u16) -> Square {
        let n = self.n - 1;
        let (dc, dr) = (dc as u8, dr as u8);
        if self.flip {
            Square::new(n - dc, dr)
        } else {
            Square::new(dc, n - dr)
        }
    }

    /// What lies at screen column `x`, row `y`.
    pub fn target(&self, x: u16, y: u16) -> Option<Target> {
        if x < self.area.x || y < self.area.y || x >= self.area.right() || y >= self.area.bottom() {
            return None;
        }
        // The labels kept in place over a scrolled board are not the board.
        if (self.scroll.0 > 0 && x - self.area.x < self.label) || (self.scroll.1 > 0 && y == self.area.y) {
            return None;
        }
        let cx = x - self.area.x + self.scroll.0;
        let cy = y - self.area.y + self.scroll.1;
        let gx = cx.checked_sub(self.label)?;
        let gy = cy.checked_sub(1)?;
        let n = u16::from(self.n);
        if gx > 4 * n || gy > 2 * n {
            return None;
        }
        let on_column_line = gx % 4 == 0;
        let on_row_line = gy % 2 == 0;
        let length = u16::from(self.length);
        match (on_column_line, on_row_line) {
            (false, false) => Some(Target::Square(self.square(gx / 4, gy / 2))),
            (false, true) => {
                // Between display rows gy/2 - 1 and gy/2.
                let below = gy / 2;
                if below == 0 || below >= n || length > n {
                    return None;
                }
                let (a, b) = (self.square(gx / 4, below - 1), self.square(gx / 4, below));
                let rank = a.rank().min(b.rank());
                let file = a.file().min(u8::try_from(n - length).ok()?);
                Some(Target::Wall(Wall::horizontal(Square::new(file, rank))))
            }
            (true, false) => {
                let right = gx / 4;
                if right == 0 || right >= n || length > n {
                    return None;
                }
                let (a, b) = (self.square(right - 1, gy / 2), self.square(right, gy / 2));
                let file = a.file().min(b.file());
                let rank = a.rank().min(u8::try_from(n - length).ok()?);
                Some(Target::Wall(Wall::vertical(Square::new(file, rank))))
            }
            (true, true) => None,
        }
    }
}

/// The screen's parts: title, board, panel, text equivalent, keys.
struct Parts {
    title: Rect,
    board: Rect,
    panel: Rect,
    text: Rect,
    keys: Rect,
}

fn parts(screen: Rect) -> Parts {
    let [title, main, text, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(3),
        Constraint::Length(1),
    ])
    .areas(screen);
    let panel = if main.width >= PANEL + 20 { PANEL } else { 0 };
    let [board, panel] = Layout::horizontal([Constraint::Min(1), Constraint::Length(panel)]).areas(main);
    Parts { title, board, panel, text, keys }
}

/// Where the board goes on a screen of `screen`'s size, scrolled so that the cursor
/// shows.
pub fn geometry(app: &App, screen: Rect) -> Geometry {
    let n = app.size();
    let label = if n > 9 { 4 } else { 3 };
    let (w, h) = Geometry::full(n, label);
    let mut area = parts(screen).board;
    area.width = area.width.min(w);
    area.height = area.height.min(h);
    let mut g = Geometry {
        area,
        n,
        flip: app.session.flipped(),
        length: app.position().variant().wall_length(),
        label,
        scroll: (0, 0),
    };
    let (dc, dr) = g.display(app.cursor);
    let (cx, cy) = (label + 4 * dc + 2, 1 + 2 * dr + 1);
    let centre = |c: u16, size: u16, full: u16| c.saturating_sub(size / 2).min(full.saturating_sub(size));
    g.scroll = (centre(cx, area.width, w), centre(cy, area.height, h));
    g
}

/// A character and its style at each cell of the whole board.
struct Canvas {
    width: u16,
    cells: Vec<(char, Style)>,
}

impl Canvas {
    fn new(width: u16, height: u16) -> Canvas {
        Canvas { width, cells: vec![(' ', Style::default()); usize::from(width) * usize::from(height)] }
    }

    fn at(&mut self, x: u16, y: u16) -> &mut (char, Style) {
        &mut self.cells[usize::from(y) * usize::from(self.width) + usize::from(x)]
    }

    fn put(&mut self, x: u16, y: u16, c: char, style: Style) {
        *self.at(x, y) = (c, style);
    }

    fn text(&mut self, x: u16, y: u16, text: &str, style: Style) {
        for (i, c) in text.chars().enumerate() {
            self.put(x + i as u16, y, c, style);
        }
    }
}

/// Which side of the screen a seat's goal edge is on: 0 top, 1 bottom, 2 left, 3 right.
fn goal_side(pos: &Position, g: &Geometry, seat: Seat) -> Option<usize> {
    let n = u16::from(g.n);
    let mid = n / 2;
    let sides = [g.square(mid, 0), g.square(mid, n - 1), g.square(0, mid), g.square(n - 1, mid)];
    if pos.is_centre_goal() {
        return None;
    }
    sides.iter().position(|&sq| pos.is_goal(seat, sq))
}

/// The grid cells a wall covers: its segments, and the junctions between them.
fn wall_cells(g: &Geometry, wall: Wall) -> Vec<(u16, u16, Orientation)> {
    let (f, r) = (wall.anchor().file(), wall.anchor().rank());
    let mut cells = Vec::new();
    let mut last: Option<(u16, u16)> = None;
    for k in 0..g.length {
        let (a, b) = match wall.orientation() {
            Orientation::Horizontal => (Square::new(f + k, r), Square::new(f + k, r + 1)),
            Orientation::Vertical => (Square::new(f, r + k), Square::new(f + 1, r + k)),
        };
        if !a.is_on(g.n) || !b.is_on(g.n) {
            continue;
        }
        let ((ac, ar), (bc, br)) = (g.display(a), g.display(b));
        match wall.orientation() {
            Orientation::Horizontal => {
                let gy = 2 * ar.max(br);
                for x in 1..=3 {
                    cells.push((4 * ac + x, gy, Orientation::Horizontal));
                }
                if let Some((pc, _)) = last {
                    cells.push((4 * pc.max(ac), gy, Orientation::Horizontal));
                }
                last = Some((ac, gy));
            }
            Orientation::Vertical => {
                let gx = 4 * ac.max(bc);
                cells.push((gx, 2 * ar + 1, Orientation::Vertical));
                if let Some((_, pr)) = last {
                    cells.push((gx, 2 * pr.max(ar), Orientation::Vertical));
                }
                last = Some((gx, ar));
            }
        }
    }
    cells
}

/// The whole board drawn on a canvas.
fn draw_board(app: &App, g: &Geometry) -> Canvas {
    let pos = app.position();
    let n = u16::from(g.n);
    let label = g.label;
    let (w, h) = Geometry::full(g.n, label);
    let mut c = Canvas::new(w, h);
    let grid = Style::default().fg(Color::DarkGray);
    let wall_style = Style::default().fg(Color::White).add_modifier(Modifier::BOLD);
    let dim = Style::default().add_modifier(Modifier::DIM);
    // Labels.
    for dc in 0..n {
        let sq = g.square(dc, 0);
        let text = file_label(sq.file(), g.n);
        c.text(label + 4 * dc + 2, 0, &text, dim);
        c.text(label + 4 * dc + 2, h - 1, &text, dim);
    }
    for dr in 0..n {
        let sq = g.square(0, dr);
        let text = format!("{:>w$} ", sq.rank() + 1, w = usize::from(label - 1));
        c.text(0, 1 + 2 * dr + 1, &text, dim);
        c.text(label + 4 * n + 1, 1 + 2 * dr + 1, &format!(" {}", sq.rank() + 1), dim);
    }
    // Which inner segments a wall closes.
    let h_closed = |dc: u16, j: u16| j > 0 && j < n && !pos.is_open(g.square(dc, j - 1), g.square(dc, j));
    let v_closed = |i: u16, dr: u16| i > 0 && i < n && !pos.is_open(g.square(i - 1, dr), g.square(i, dr));
    let weight = |closed: bool| if closed { 2 } else { 1 };
    let (ox, oy) = (label, 1);
    for j in 0..=n {
        for i in 0..=n {
            let up = if j > 0 { weight(v_closed(i, j - 1)) } else { 0 };
            let down = if j < n { weight(v_closed(i, j)) } else { 0 };
            let left = if i > 0 { weight(h_closed(i - 1, j)) } else { 0 };
            let right = if i < n { weight(h_closed(i, j)) } else { 0 };
            let heavy = up == 2 || down == 2 || left == 2 || right == 2;
            c.put(
                ox + 4 * i,
                oy + 2 * j,
                junction(up, right, down, left),
                if heavy { wall_style } else { grid },
            );
            if i < n {
                let closed = h_closed(i, j);
                let ch = if closed { '━' } else { '─' };
                for x in 1..=3 {
                    c.put(ox + 4 * i + x, oy + 2 * j, ch, if closed { wall_style } else { grid });
                }
            }
            if j < n {
                let closed = v_closed(i, j);
                c.put(
                    ox + 4 * i,
                    oy + 2 * j + 1,
                    if closed { '┃' } else { '│' },
                    if closed { wall_style } else { grid },
                );
            }
        }
    }
    // Goal edges in the seats' colours.
    for seat in pos.variant().seats() {
        let Some(side) = goal_side(pos, g, seat) else { continue };
        let style = Style::default().fg(seat_colour(seat)).add_modifier(Modifier::BOLD);
        for k in 0..n {
            match side {
                0 | 1 => {
                    let y = if side == 0 { 0 } else { 2 * n };
                    for x in 1..=3 {
                        c.at(ox + 4 * k + x, oy + y).1 = style;
                    }
                }
                _ => {
                    let x = if side == 2 { 0 } else { 4 * n };
                    c.at(ox + x, oy + 2 * k + 1).1 = style;
                }
            }
        }
    }
    // The last wall, bright.
    let last = app.last_move();
    if let Some(Move::Wall(wall)) = last {
        let style = Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD);
        for (x, y, _) in wall_cells(g, wall) {
            c.at(ox + x, oy + y).1 = style;
        }
    }
    // Squares.
    let reachable = app.reachable();
    let mut routes: Vec<(Square, Seat)> = Vec::new();
    if app.routes {
        for seat in pos.seats_in_play() {
            for sq in pos.route(seat).unwrap_or_default() {
                routes.push((sq, seat));
            }
        }
    }
    for dr in 0..n {
        for dc in 0..n {
            let sq = g.square(dc, dr);
            let (x, y) = (ox + 4 * dc + 1, oy + 2 * dr + 1);
            let pawn = pos.variant().seats().find(|&s| pos.pawn(s) == Some(sq));
            let (mark, style) = if let Some(seat) = pawn {
                let mut style = Style::default().fg(seat_colour(seat)).add_modifier(Modifier::BOLD);
                if seat == pos.turn() && !app.session.game().is_over() {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                (seat_letter(seat), style)
            } else if reachable.contains(&sq) {
                ('•', Style::default().fg(seat_colour(pos.turn())).add_modifier(Modifier::BOLD))
            } else if let Some((_, seat)) = routes.iter().rev().find(|(s, _)| *s == sq) {
                ('·', Style::default().fg(seat_colour(*seat)))
            } else if pos.is_centre_goal() && pos.is_goal(Seat::South, sq) {
                ('◎', dim)
            } else {
                (' ', Style::default())
            };
            let back = match last {
                Some(Move::Pawn(to)) if to == sq => Style::default().bg(Color::DarkGray),
                _ => Style::default(),
            };
            c.put(x, y, ' ', back);
            c.put(x + 1, y, mark, style.patch(back));
            c.put(x + 2, y, ' ', back);
            if app.mode == Mode::Pawn && app.cursor == sq && app.prompt.is_none() {
                let cursor = Style::default().fg(Color::White).add_modifier(Modifier::BOLD).patch(back);
                c.put(x, y, '[', cursor);
                c.put(x + 2, y, ']', cursor);
            }
        }
    }
    // The ghost wall.
    if let (Some(wall), Some(verdict)) = (app.ghost(), app.ghost_verdict()) {
        let legal = verdict.is_ok();
        let style = if legal {
            Style::default().fg(Color::LightGreen).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::LightRed).add_modifier(Modifier::BOLD)
        };
        for (x, y, o) in wall_cells(g, wall) {
            let ch = match (legal, o) {
                (false, _) => '╳',
                (true, Orientation::Horizontal) => '═',
                (true, Orientation::Vertical) => '║',
            };
            c.put(ox + x, oy + y, ch, style);
        }
    }
    c
}

/// The text equivalent under the board, as a screen reader reads it: each pawn's square
/// and route length, the walls, walls left, who is to move and their shortest route.
pub fn text_equivalent(app: &App) -> String {
    let pos = app.position();
    let game = app.session.game();
    let n = pos.variant().size();
    let notation = app.session.notation();
    let geometry = geometry(app, Rect::new(0, 0, 200, 100));
    let mut parts = Vec::new();
    for seat in pos.variant().seats() {
        let Some(sq) = pos.pawn(seat) else { continue };
        let goal = match goal_side(pos, &geometry, seat) {
            None => "the centre".to_string(),
            Some(side) => {
                let probe = match side {
                    0 => geometry.square(0, 0),
                    1 => geometry.square(0, u16::from(n) - 1),
                    2 => geometry.square(0, 0),
                    _ => geometry.square(u16::from(n) - 1, 0),
                };
                if side < 2 {
                    format!("rank {}", probe.rank() + 1)
                } else {
                    format!("file {}", file_label(probe.file(), n))
                }
            }
        };
        let steps = match pos.route_len(seat) {
            Some(1) => "1 step".to_string(),
            Some(k) => format!("{k} steps"),
            None => "no route".to_string(),
        };
        parts.push(format!("{} pawn on {}, {steps} from {goal}.", title_case(seat), sq.text(n)));
    }
    let walls: Vec<String> = pos
        .walls()
        .iter()
        .map(|&w| {
            notation.wall_text(w, n, pos.variant().wall_length()).unwrap_or_else(|| w.text(n).to_string())
        })
        .collect();
    if walls.is_empty() {
        parts.push("No walls.".into());
    } else {
        parts.push(format!("Walls: {}.", walls.join(", ")));
    }
    let left: Vec<String> =
        pos.variant().seats().map(|s| format!("{} {}", title_case(s), pos.walls_left(s))).collect();
    parts.push(format!("Walls left: {}.", left.join(", ")));
    match game.outcome() {
        Some(o) => parts.push(format!("Game over: {o}.")),
        None => {
            let seat = pos.turn();
            parts.push(format!("{} to move.", title_case(seat)));
            if let Some(route) = pos.route(seat) {
                let squares: Vec<String> = route.iter().map(|s| s.text(n).to_string()).collect();
                parts.push(format!("Shortest route for {}: {}.", title_case(seat), squares.join(", ")));
            }
        }
    }
    parts.join(" ")
}

/// The panel's lines: seats, mode, the ghost's verdict, the engine's clock, messages.
fn panel_lines(app: &App, height: u16) -> Vec<Line<'static>> {
    let pos = app.position();
    let game = app.session.game();
    let mut lines = Vec::new();
    for seat in pos.variant().seats() {
        let colour = Style::default().fg(seat_colour(seat)).add_modifier(Modifier::BOLD);
        let turn = if seat == pos.turn() && !game.is_over() { "▶" } else { " " };
        let route = pos.route_len(seat).map_or("-".to_string(), |r| r.to_string());
        let who = app.session.player(seat);
        let who = if who.is_human() { "person".to_string() } else { who.to_string() };
        lines.push(Line::from(vec![
            Span::raw(format!("{turn} ")),
            Span::styled(format!("{} {:<5}", seat_letter(seat), seat.name()), colour),
            Span::raw(format!(" route {route:>2}  walls {:>2}  {who}", pos.walls_left(seat))),
        ]));
    }
    let mut status = format!("ply {}", game.plies());
    if let Some(m) = app.last_move() {
        let i = game.len() - 1;
        let text = game.action_text(i, app.session.notation()).unwrap_or_default();
        let actor = game.position_at(i).map(|p| p.turn().name()).unwrap_or_default();
        if matches!(m, Move::Pawn(_) | Move::Wall(_)) {
            status.push_str(&format!(", last {actor} {text}"));
        }
    }
    lines.push(Line::from(status));
    if let Some(o) = game.outcome() {
        lines.push(Line::styled(format!("game over: {o}"), Style::default().add_modifier(Modifier::BOLD)));
    }
    match app.ghost() {
        None => lines.push(Line::from("pawn: arrows, Enter moves; W walls")),
        Some(wall) => {
            let n = pos.variant().size();
            let name = app
                .session
                .notation()
                .wall_text(wall, n, pos.variant().wall_length())
                .unwrap_or_else(|| wall.text(n).to_string());
            lines.push(Line::from(format!("wall {name}: R turns, Enter aims")));
            if app.aimed == Some(wall) {
                lines.push(Line::from("aimed: Enter places it, Esc clears"));
            }
            match app.ghost_verdict() {
                Some(Ok(after)) => {
                    let routes: Vec<String> = pos
                        .seats_in_play()
                        .map(|s| {
                            let before = pos.route_len(s).unwrap_or(0);
                            let a = after[s].unwrap_or(0);
                            format!("{} {before}→{a}", seat_letter(s))
                        })
                        .collect();
                    lines.push(Line::styled(
                        format!("legal; routes {}", routes.join(" ")),
                        Style::default().fg(Color::LightGreen),
                    ));
                }
                Some(Err(why)) => {
                    lines.push(Line::styled(format!("refused: {why}"), Style::default().fg(Color::LightRed)));
                }
                None => {}
            }
        }
    }
    if let Some(t) = &app.thought {
        lines.push(Line::styled(
            format!(
                "{} ({}) thinking… {:.1} s (Esc stops it)",
                t.seat,
                app.session.player(t.seat),
                t.elapsed().as_secs_f64()
            ),
            Style::default().add_modifier(Modifier::BOLD),
        ));
    } else if app.session.is_paused() {
        lines.push(Line::from("engine stopped: g thinks again"));
    }
    lines.push(Line::from(""));
    let room = usize::from(height).saturating_sub(lines.len());
    let start = app.log.len().saturating_sub(room);
    for line in &app.log[start..] {
        lines.push(Line::from(line.clone()));
    }
    lines
}

/// Draws the whole screen.
pub fn render(app: &App, frame: &mut Frame) {
    let screen = frame.area();
    let p = parts(screen);
    let g = geometry(app, screen);
    let v = app.position().variant();
    frame.render_widget(
        Paragraph::new(format!(
            "wallrush play: {}×{}, {} seats, {} each{}",
            v.size(),
            v.size(),
            v.players(),
            if v.walls() == 1 { "1 wall".to_string() } else { format!("{} walls", v.walls()) },
            if app.position().is_centre_goal() { ", race to the centre" } else { "" }
        )),
        p.title,
    );
    let canvas = draw_board(app, &g);
    let buf = frame.buffer_mut();
    for y in 0..g.area.height {
        for x in 0..g.area.width {
            // A scrolled board keeps its rank labels at the left and file labels at the top.
            let cx = if g.scroll.0 > 0 && x < g.label { x } else { x + g.scroll.0 };
            let cy = if g.scroll.1 > 0 && y == 0 { 0 } else { y + g.scroll.1 };
            let (ch, style) = canvas.cells[usize::from(cy) * usize::from(canvas.width) + usize::from(cx)];
            if let Some(cell) = buf.cell_mut((g.area.x + x, g.area.y + y)) {
                cell.set_char(ch).set_style(style);
            }
        }
    }
    if p.panel.width > 0 {
        let lines = panel_lines(app, p.panel.height);
        frame.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: false }),
            p.panel.inner(ratatui::layout::Margin::new(1, 0)),
        );
    }
    frame.render_widget(Paragraph::new(text_equivalent(app)).wrap(Wrap { trim: true }), p.text);
    let keys = if let Some(line) = &app.prompt {
        Line::from(vec![
            Span::raw(format!(":{line}")),
            Span::styled(" ", Style::default().add_modifier(Modifier::REVERSED)),
        ])
    } else if app.ask.is_some() {
        Line::from("leave? y leaves, any other key stays")
    } else if app.thought.is_some() {
        Line::from("Esc or Ctrl-C stops the engine · Tab routes · : command · q leave")
    } else {
        Line::from("arrows · Enter/Space move · W walls · R turn · Tab routes · u undo · U redo · h hint · : command · q leave")
    };
    frame.render_widget(Paragraph::new(keys).style(Style::default().add_modifier(Modifier::DIM)), p.keys);
}
