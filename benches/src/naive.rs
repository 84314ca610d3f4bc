//! The naive references of PERFORMANCE.md, built from the library's public types only.
//!
//! - [`Grid`]: the *scalar* reference (B1, B2, B12): breadth-first search with a queue
//!   over a plain array of cells. Leaner than `wallrush_core::paths` (no allocation per
//!   call, neighbours precomputed), so the measured ratios understate rather than flatter.
//! - [`Board`]: the *flood-per-slot* reference (B4–B11, B13): for every geometrically free
//!   wall slot, the wall is added to a copy of the open edges and every seat in play gets
//!   one flood fill to its goal. No path cache, no dual-graph filter, no early answers.
//!
//! Both are built once per position from [`Position::is_open`], [`Position::walls`],
//! [`Position::is_goal`] and the pawns, outside the timed code: the reference is timed
//! on its own ready-made model as the library is timed on its ready-made position.

use wallrush_core::{Move, Position, Seat, Setup, Square, Wall};

use crate::mask::Mask;

const NONE: u16 = u16::MAX;

// ----- the scalar reference ----------------------------------------------------------------

/// A board as a plain array of cells: for every cell its open neighbours, for every seat
/// its goal cells.
#[derive(Clone, Debug)]
pub struct Grid {
    size: u8,
    /// Neighbour cell indices over open edges, `NONE` where closed.
    nbrs: Vec<[u16; 4]>,
    goal: [Vec<bool>; 4],
    pawns: [u16; 4],
}

/// Reusable buffers of the scalar search (a visit stamp per cell, the queue, parents).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    stamp: u32,
    seen: Vec<u32>,
    queue: Vec<u16>,
    dist: Vec<u16>,
}

impl Scratch {
    fn start(&mut self, cells: usize) {
        if self.seen.len() < cells {
            self.seen = vec![0; cells];
            self.dist = vec![0; cells];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
    }
}

impl Grid {
    /// The grid of `pos`.
    pub fn new(pos: &Position) -> Grid {
        let n = pos.variant().size();
        let cells = n as usize * n as usize;
        let mut nbrs = vec![[NONE; 4]; cells];
        for (c, slot) in nbrs.iter_mut().enumerate() {
            let (f, r) = ((c % n as usize) as u8, (c / n as usize) as u8);
            let here = Square::new(f, r);
            let near = [
                (f + 1 < n).then(|| Square::new(f + 1, r)),
                f.checked_sub(1).map(|f| Square::new(f, r)),
                (r + 1 < n).then(|| Square::new(f, r + 1)),
                r.checked_sub(1).map(|r| Square::new(f, r)),
            ];
            for (k, sq) in near.into_iter().enumerate() {
                if let Some(sq) = sq.filter(|&sq| pos.is_open(here, sq)) {
                    slot[k] = index(sq, n) as u16;
                }
            }
        }
        let goal = Seat::ALL.map(|s| (0..cells).map(|c| pos.is_goal(s, square(c, n))).collect::<Vec<bool>>());
        let pawns = Seat::ALL.map(|s| pos.pawn(s).map_or(NONE, |sq| index(sq, n) as u16));
        Grid { size: n, nbrs, goal, pawns }
    }

    /// Whether `seat` reaches its goal: a queue search that stops at the first goal cell.
    pub fn reaches(&self, seat: Seat, scratch: &mut Scratch) -> bool {
        self.search(seat, scratch).is_some()
    }

    /// `seat`'s route length (walls block, pawns do not).
    pub fn distance(&self, seat: Seat, scratch: &mut Scratch) -> Option<u32> {
        self.search(seat, scratch).map(|c| u32::from(scratch.dist[c]))
    }

    /// One shortest route of `seat`, from its pawn to a goal cell.
    pub fn route(&self, seat: Seat, scratch: &mut Scratch) -> Option<Vec<Square>> {
        let end = self.search(seat, scratch)?;
        let n = self.size;
        let mut route = vec![square(end, n); scratch.dist[end] as usize + 1];
        let mut c = end;
        for d in (0..scratch.dist[end] as usize).rev() {
            // Step back to any neighbour one layer nearer the pawn.
            c = self.nbrs[c]
                .iter()
                .map(|&b| b as usize)
                .find(|&b| {
                    b != NONE as usize && scratch.seen[b] == scratch.stamp && scratch.dist[b] as usize == d
                })
                .expect("a breadth-first layer has a parent");
            route[d] = square(c, n);
        }
        Some(route)
    }

    /// Breadth-first search from `seat`'s pawn; the first goal cell dequeued.
    fn search(&self, seat: Seat, s: &mut Scratch) -> Option<usize> {
        let from = self.pawns[seat.index()];
        if from == NONE {
            return None;
        }
        let goal = &self.goal[seat.index()];
        s.start(self.nbrs.len());
        s.seen[from as usize] = s.stamp;
        s.dist[from as usize] = 0;
        s.queue.push(from);
        let mut head = 0;
        while head < s.queue.len() {
            let c = s.queue[head] as usize;
            head += 1;
            if goal[c] {
                return Some(c);
            }
            for b in self.nbrs[c] {
                if b != NONE && s.seen[b as usize] != s.stamp {
                    s.seen[b as usize] = s.stamp;
                    s.dist[b as usize] = s.dist[c] + 1;
                    s.queue.push(b);
                }
            }
        }
        None
    }
}

// ----- the flood-per-slot reference --------------------------------------------------------

/// A position as open-edge masks, enough to list, count and play moves with no
/// incremental state at all.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board<M> {
    n: u32,
    len: u32,
    /// Bit `c`: the edge from cell `c` to `c + 1` is open (never across the border).
    open_e: M,
    /// Bit `c`: the edge from cell `c` to `c + n` is open.
    open_n: M,
    /// Interior posts some wall passes through; post `c` is the north-east corner of `c`.
    posts: M,
    goal: [M; 4],
    pawns: [u16; 4],
    occupied: M,
    walls_left: [u8; 4],
    active: u8,
    turn: u8,
    passes: u8,
    over: bool,
}

impl<M: Mask> Board<M> {
    /// The board of `pos`.
    ///
    /// # Panics
    /// If the board has more cells than `M` holds.
    pub fn new(pos: &Position) -> Board<M> {
        let v = pos.variant();
        let (n, len) = (v.size(), v.wall_length());
        let cells = n as usize * n as usize;
        assert!(cells <= M::CAPACITY, "{n}×{n} does not fit the mask");
        let (mut open_e, mut open_n, mut occupied) = (M::empty(), M::empty(), M::empty());
        let mut goal = [M::empty(); 4];
        for c in 0..cells {
            let sq = square(c, n);
            let (f, r) = (sq.file(), sq.rank());
            if f + 1 < n && pos.is_open(sq, Square::new(f + 1, r)) {
                open_e |= M::bit(c);
            }
            if r + 1 < n && pos.is_open(sq, Square::new(f, r + 1)) {
                open_n |= M::bit(c);
            }
            for s in Seat::ALL {
                if pos.is_goal(s, sq) {
                    goal[s.index()] |= M::bit(c);
                }
            }
        }
        let mut posts = M::empty();
        for w in pos.walls() {
            let (a, step) = slot(w, n);
            for k in 0..len as usize - 1 {
                posts |= M::bit(a + k * step);
            }
        }
        let mut pawns = [NONE; 4];
        let mut active = 0;
        for s in pos.seats_in_play() {
            let c = index(pos.pawn(s).expect("in play"), n);
            pawns[s.index()] = c as u16;
            occupied |= M::bit(c);
            active |= 1 << s.index();
        }
        Board {
            n: n.into(),
            len: len.into(),
            open_e,
            open_n,
            posts,
            goal,
            pawns,
            occupied,
            walls_left: Seat::ALL.map(|s| pos.walls_left(s)),
            active,
            turn: pos.turn().index() as u8,
            passes: pos.passes(),
            over: pos.is_game_over(),
        }
    }

    /// The board of a bare [`Setup`], built from its wall list (the reference's own
    /// "rebuild from scratch"). The setup is trusted: no validation.
    ///
    /// # Panics
    /// If the board has more cells than `M` holds.
    pub fn from_setup(setup: &Setup) -> Board<M> {
        let v = setup.variant;
        let (n, len) = (v.size(), v.wall_length());
        let cells = n as usize * n as usize;
        assert!(cells <= M::CAPACITY, "{n}×{n} does not fit the mask");
        let (mut open_e, mut open_n, mut occupied) = (M::empty(), M::empty(), M::empty());
        let mut goal = [M::empty(); 4];
        for c in 0..cells {
            let sq = square(c, n);
            if sq.file() + 1 < n {
                open_e |= M::bit(c);
            }
            if sq.rank() + 1 < n {
                open_n |= M::bit(c);
            }
            for s in Seat::ALL {
                if v.is_goal(s, sq) {
                    goal[s.index()] |= M::bit(c);
                }
            }
        }
        let mut posts = M::empty();
        for &w in &setup.walls {
            let (a, step) = slot(w, n);
            for k in 0..len as usize {
                if step == 1 {
                    open_n &= !M::bit(a + k);
                } else {
                    open_e &= !M::bit(a + k * step);
                }
            }
            for k in 0..len as usize - 1 {
                posts |= M::bit(a + k * step);
            }
        }
        let (mut pawns, mut active, mut over) = ([NONE; 4], 0u8, false);
        for s in Seat::ALL {
            if let Some(sq) = setup.pawns[s] {
                let c = index(sq, n);
                pawns[s.index()] = c as u16;
                occupied |= M::bit(c);
                active |= 1 << s.index();
                over |= goal[s.index()].has(c);
            }
        }
        over |= active.count_ones() <= 1 || u32::from(setup.passes) >= active.count_ones();
        Board {
            n: n.into(),
            len: len.into(),
            open_e,
            open_n,
            posts,
            goal,
            pawns,
            occupied,
            walls_left: setup.walls_left.0,
            active,
            turn: setup.turn.index() as u8,
            passes: setup.passes,
            over,
        }
    }

    /// Every legal move in the library's order: pawn moves by cell, then horizontal and
    /// vertical walls by anchor; `[Pass]` when nothing else is legal; empty once over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(160);
        self.each_legal(&mut |m| out.push(m), &mut 0);
        out
    }

    /// The number of legal moves (the same search, nothing stored).
    pub fn legal_move_count(&self) -> usize {
        let mut count = 0;
        self.each_legal(&mut |_| count += 1, &mut 0);
        count
    }

    /// The number of legal walls only.
    pub fn legal_wall_count(&self) -> usize {
        let mut count = 0;
        self.each_legal_wall(&mut |_| count += 1, &mut 0);
        count
    }

    /// The flood fills one move list runs: one per seat in play per free wall slot.
    pub fn floods_per_list(&self) -> u64 {
        let mut floods = 0;
        self.each_legal(&mut |_| {}, &mut floods);
        floods
    }

    /// Geometrically free wall slots (no shared groove, no shared interior post).
    pub fn free_slots(&self) -> usize {
        self.slots().filter(|&(a, h)| self.is_free(a, h)).count()
    }

    fn each_legal(&self, f: &mut impl FnMut(Move), floods: &mut u64) {
        if self.over {
            return;
        }
        let mut any = false;
        let pawn = self.pawn_targets(self.turn as usize);
        for c in 0..(self.n * self.n) as usize {
            if pawn.has(c) {
                any = true;
                f(Move::Pawn(self.square(c)));
            }
        }
        self.each_legal_wall(
            &mut |m| {
                any = true;
                f(m)
            },
            floods,
        );
        if !any {
            f(Move::Pass);
        }
    }

    fn each_legal_wall(&self, f: &mut impl FnMut(Move), floods: &mut u64) {
        if self.over || self.walls_left[self.turn as usize] == 0 {
            return;
        }
        for (a, horizontal) in self.slots() {
            if !self.is_free(a, horizontal) {
                continue;
            }
            let (e, nn) = self.with_wall(a, horizontal);
            let mut legal = true;
            for s in self.seats() {
                *floods += 1;
                legal &= self.reaches(self.pawns[s] as usize, self.goal[s], e, nn);
            }
            if legal {
                let sq = self.square(a);
                f(Move::Wall(if horizontal { Wall::horizontal(sq) } else { Wall::vertical(sq) }));
            }
        }
    }

    /// Every slot where a wall fits on the board: horizontal anchors, then vertical ones,
    /// each in cell order.
    fn slots(&self) -> impl Iterator<Item = (usize, bool)> {
        let (n, len) = (self.n as usize, self.len as usize);
        let h = (0..n - 1).flat_map(move |r| (0..=n - len).map(move |f| (r * n + f, true)));
        let v = (0..=n - len).flat_map(move |r| (0..n - 1).map(move |f| (r * n + f, false)));
        h.chain(v)
    }

    fn step(&self, horizontal: bool) -> usize {
        if horizontal {
            1
        } else {
            self.n as usize
        }
    }

    /// No groove of the wall is closed and none of its interior posts is taken.
    fn is_free(&self, a: usize, horizontal: bool) -> bool {
        let (step, open) = if horizontal { (1, self.open_n) } else { (self.n as usize, self.open_e) };
        (0..self.len as usize).all(|k| open.has(a + k * step))
            && (0..self.len as usize - 1).all(|k| !self.posts.has(a + k * step))
    }

    /// The open edges with the wall at `a` closed.
    fn with_wall(&self, a: usize, horizontal: bool) -> (M, M) {
        let step = self.step(horizontal);
        let mut cut = M::empty();
        for k in 0..self.len as usize {
            cut |= M::bit(a + k * step);
        }
        if horizontal {
            (self.open_e, self.open_n & !cut)
        } else {
            (self.open_e & !cut, self.open_n)
        }
    }

    fn seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(|s| self.active & (1 << s) != 0)
    }

    #[inline(always)]
    fn expand(&self, r: M, e: M, nn: M) -> M {
        r | ((r & e) << 1) | ((r >> 1) & e) | ((r & nn) << self.n) | ((r >> self.n) & nn)
    }

    /// One flood fill from `from` until it touches `goal` or stops growing.
    fn reaches(&self, from: usize, goal: M, e: M, nn: M) -> bool {
        let mut r = M::bit(from);
        loop {
            if r.intersects(goal) {
                return true;
            }
            let next = self.expand(r, e, nn);
            if next == r {
                return false;
            }
            r = next;
        }
    }

    /// Fewest steps from `from` to `goal`, layer by layer.
    fn distance(&self, from: usize, goal: M, e: M, nn: M) -> Option<u32> {
        let (mut seen, mut frontier, mut d) = (M::bit(from), M::bit(from), 0);
        while !frontier.intersects(goal) {
            frontier = self.expand(frontier, e, nn) & !seen;
            if frontier.is_empty() {
                return None;
            }
            seen |= frontier;
            d += 1;
        }
        Some(d)
    }

    /// Every seat's route length after `wall` by the mover, or `None` when the wall is
    /// not legal. Seats not in play get `None` inside.
    pub fn preview_wall(&self, wall: Wall) -> Option<[Option<u32>; 4]> {
        if self.over || self.walls_left[self.turn as usize] == 0 {
            return None;
        }
        let (a, f, r) = (wall.anchor(), u32::from(wall.anchor().file()), u32::from(wall.anchor().rank()));
        let horizontal = wall.orientation() == wallrush_core::Orientation::Horizontal;
        let (along, across) = if horizontal { (f, r) } else { (r, f) };
        if along + self.len > self.n || across + 1 >= self.n {
            return None;
        }
        let c = index(a, self.n as u8);
        if !self.is_free(c, horizontal) {
            return None;
        }
        let (e, nn) = self.with_wall(c, horizontal);
        let mut out = [None; 4];
        for s in self.seats() {
            out[s] = Some(self.distance(self.pawns[s] as usize, self.goal[s], e, nn)?);
        }
        Some(out)
    }

    /// The mover's pawn destinations (RULES.md §4): steps, straight jumps, and diagonal
    /// jumps where a wall or the edge stops the straight one; no jump over two pawns.
    fn pawn_targets(&self, s: usize) -> M {
        let c = self.pawns[s] as usize;
        let mut out = M::empty();
        for d in 0..4 {
            let Some(next) = self.neighbour(c, d) else {
                continue;
            };
            if !self.occupied.has(next) {
                out |= M::bit(next);
                continue;
            }
            match self.neighbour(next, d) {
                Some(beyond) if self.occupied.has(beyond) => {}
                Some(beyond) => out |= M::bit(beyond),
                None => {
                    for side in [(d + 1) % 4, (d + 3) % 4] {
                        if let Some(t) = self.neighbour(next, side) {
                            if !self.occupied.has(t) {
                                out |= M::bit(t);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The cell next to `c` towards `d` (0 east, 1 north, 2 west, 3 south) over an open
    /// edge.
    fn neighbour(&self, c: usize, d: usize) -> Option<usize> {
        let n = self.n as usize;
        match d {
            0 => self.open_e.has(c).then_some(c + 1),
            1 => self.open_n.has(c).then_some(c + n),
            2 => (c % n != 0 && self.open_e.has(c - 1)).then(|| c - 1),
            _ => (c >= n && self.open_n.has(c - n)).then(|| c - n),
        }
    }

    /// Plays `m`, assumed legal.
    pub fn play(&mut self, m: Move) {
        let s = self.turn as usize;
        match m {
            Move::Pawn(to) => {
                let to = index(to, self.n as u8);
                self.occupied = (self.occupied & !M::bit(self.pawns[s] as usize)) | M::bit(to);
                self.pawns[s] = to as u16;
                self.passes = 0;
                self.over |= self.goal[s].has(to);
            }
            Move::Wall(w) => {
                let (a, step) = slot(w, self.n as u8);
                let horizontal = step == 1;
                let (e, nn) = self.with_wall(a, horizontal);
                (self.open_e, self.open_n) = (e, nn);
                for k in 0..self.len as usize - 1 {
                    self.posts |= M::bit(a + k * step);
                }
                self.walls_left[s] -= 1;
                self.passes = 0;
            }
            Move::Pass => {
                self.passes += 1;
                self.over |= u32::from(self.passes) >= self.active.count_ones();
            }
        }
        let mut t = s;
        loop {
            t = (t + 1) % 4;
            if self.active & (1 << t) != 0 {
                break;
            }
        }
        self.turn = t as u8;
    }

    /// Perft by copy and play, counting the last ply by the length of its move list.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_move_count() as u64,
            _ => {
                let mut total = 0;
                for m in self.legal_moves() {
                    let mut child = self.clone();
                    child.play(m);
                    total += child.perft(depth - 1);
                }
                total
            }
        }
    }

    fn square(&self, c: usize) -> Square {
        square(c, self.n as u8)
    }
}

/// Cell index of a square.
fn index(sq: Square, n: u8) -> usize {
    sq.rank() as usize * n as usize + sq.file() as usize
}

/// Square of a cell index.
fn square(c: usize, n: u8) -> Square {
    Square::new((c % n as usize) as u8, (c / n as usize) as u8)
}

/// Anchor cell and step along the wall (1 horizontal, `n` vertical).
fn slot(w: Wall, n: u8) -> (usize, usize) {
    let step = match w.orientation() {
        wallrush_core::Orientation::Horizontal => 1,
        wallrush_core::Orientation::Vertical => n as usize,
    };
    (index(w.anchor(), n), step)
}
