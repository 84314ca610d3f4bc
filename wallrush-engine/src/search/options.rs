//! The switches of the search ([`SearchOptions`]), the choice of four-seat search
//! ([`FourSeatSearch`]) among them.

/// Switches of the search, for experiments by match (the defaults are the
/// engine's; docs/ENGINE.md gives the matches that chose them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Try the walls that cut only the mover's own shortest routes.
    pub self_cuts: bool,
    /// Try the walls that extend a wall on the board or start at the edge.
    pub touching: bool,
    /// Also try the walls that extend a wall on the board or touch one of its posts far
    /// from the opponent's routes.
    pub touching_far: bool,
    /// Try the walls that overlap or cross the opponent's strong walls.
    pub blockers: bool,
    /// Two seats: while the mover's opponent holds no walls, the mover's candidates leave
    /// out the walls that cut only its own routes and the blockers of walls the opponent
    /// can no longer place, as [`self_cuts`](Self::self_cuts) and
    /// [`blockers`](Self::blockers) off would; the route cuts and the touching walls
    /// ([`touching`](Self::touching), [`touching_far`](Self::touching_far)) stay as
    /// switched. On by default: it searched to depth 10 in a median 0.30 of the nodes on
    /// 119 such positions from games against Titanium, won 54.5 % of 400 self-play games
    /// at equal nodes, and scored 100/160 against Titanium at 500 ms beside the engine
    /// without it at 99/160 (docs/ENGINE.md, "Issue 23, twenty-first session").
    pub lone: bool,
    /// Late-move reductions: moves from this index on (and ordered below the killers)
    /// are searched a ply shallower first; 0 turns reductions off.
    pub lmr_from: u8,
    /// Moves from this index on are reduced by two plies at depth
    /// [`lmr_two_depth`](Self::lmr_two_depth) and more.
    pub lmr_two_from: u8,
    /// The shallowest depth at which moves from [`lmr_two_from`](Self::lmr_two_from) on
    /// are reduced by two plies (Titanium reduces two from depth 3).
    pub lmr_two_depth: u8,
    /// At the last ply before the static evaluation, try only the walls that cut the
    /// opponent's shortest routes.
    pub narrow_frontier: bool,
    /// Reductions growing with depth and move index (`1 + log2 depth · log2 index / 3`,
    /// at most depth − 2) instead of one or two plies.
    pub lmr_log: bool,
    /// The search with more than two seats (see [`FourSeatSearch`]).
    pub four: FourSeatSearch,
    /// BRS+: iteration `d` searches `2d - 1` layers, so that every iteration ends on the
    /// root seat's own move (its MAX layer).
    pub brs_odd: bool,
    /// Null-move pruning: at a null-window node of depth 3 and more whose static score is
    /// at least beta, the mover passes and the opponent's reply is searched this many
    /// plies shallower (besides the ply of the pass); a fail-high there cuts the node.
    /// 0 turns it off.
    pub null_reduction: u8,
    /// Reverse futility pruning: at a null-window node of depth up to
    /// [`rfp_depth`](Self::rfp_depth), a static score at least this margin per ply above
    /// beta cuts the node. 0 turns it off.
    pub rfp_margin: i32,
    /// The deepest node reverse futility pruning applies to.
    pub rfp_depth: u8,
    /// Late-move pruning: at depth 1 and 2, walls from this index on that are neither the
    /// table move nor killers and have no history are skipped. 0 turns it off.
    pub lmp_from: u8,
    /// A one-ply wall quiescence at the leaves: the mover, holding a wall, may play one
    /// of its strong walls (one over a narrow transition of all the opponent's shortest
    /// routes) instead of standing on the static score.
    pub quiesce: bool,
    /// At plies below this one (0: the root), every legal wall is a candidate, ordered
    /// after the classified walls; 0 turns it off.
    pub wide_plies: u8,
    /// Centi-steps a step of threat is worth in the evaluation: the most steps one wall
    /// of the mover could add to the opponent's route now, less the same for the
    /// opponent against the mover (each at most [`THREAT_CAP`](super::THREAT_CAP)); 0
    /// turns it off. Two seats only. Added at 40, which won against Titanium where the
    /// evaluation without it scored level (docs/ENGINE.md, "Issue 23, sixth session");
    /// the default, 63, is SPSA's, tuned with the wall weights of
    /// [`Weights::TUNED`](super::Weights::TUNED) (`examples/spsa.rs`; docs/ENGINE.md,
    /// "Issue 23, eighteenth session").
    pub threat: u16,
    /// Steps of threat by which a node's score may lie outside its window before the
    /// threat term is left out of its evaluation (a lazy evaluation); 0 never leaves it
    /// out.
    pub threat_lazy: u8,
    /// A position that stood earlier in the line being searched (the same seat to move,
    /// only pawn moves between) scores 0, as Titanium's search does: the repeated moves
    /// gained nothing, and the line is not searched again. Off: against Titanium it was
    /// level at 100 ms (127/200 beside the default's 129/200) and behind at 500 ms
    /// (83/160 beside 99/160; docs/ENGINE.md, "Issue 23, twenty-second session").
    pub repetition: bool,
    /// Early wall extensions (the idea of Titanium's "EME"): at depth 3 and more, the
    /// walls ordered second to this many-th, the table move excepted, are searched a ply
    /// deeper than the other moves. A chain of them keeps its depth only while walls are
    /// in hand, so it ends. 0 turns it off.
    pub extend_walls: u8,
    /// Moves from this index on are reduced by three plies at depth 6 and more (the
    /// third step of Titanium's graduated reductions); 0 turns it off.
    pub lmr_three_from: u8,
    /// The countermove heuristic: the wall that last refuted the opponent's previous
    /// move is ordered this much higher (a killer counts 22,000, a strong wall 12,000);
    /// 0 turns it off.
    pub countermove: u16,
    /// At the start of each search, the history scores of the earlier searches are
    /// divided by this; 0 (the default) clears them. Kept (divided by 4, the default
    /// before), they made the same depth cost 12–22 % more nodes in the positions of a
    /// game (docs/ENGINE.md, "Issue 23, eleventh session").
    pub history_fade: u8,
    /// Each search reads only the table entries it stored itself (in the two-seat and
    /// the four-seat tables), as a fresh engine would; the entries of earlier searches
    /// are overwritten as they come.
    pub table_fresh: bool,
    /// The two-seat table in buckets of two entries: a position not in its bucket takes
    /// the entry of an earlier search, else the shallower one; without, it takes its one
    /// slot whatever is there.
    pub tt_buckets: bool,
    /// The [`Strong`](super::Strong) bot's table holds `2^table_bits` entries (10 to 24;
    /// the four-seat table half as many); 0 leaves the size to the bot (2^20).
    pub table_bits: u8,
    /// Max-n with more than two seats: once the walls in hand of all seats number at most
    /// this, rollouts check the root move. Max-n's move stands when the root seat wins its
    /// rollout (the game played out, every seat moving as a shallow max-n expects);
    /// otherwise the best-scored root move whose rollout the root seat wins is played.
    /// What the rollouts leave of their share goes back to the deepening; a move the
    /// deeper search then prefers is played only if it wins its rollout too (or if no
    /// move won one). 0 (the default) turns them off; docs/ENGINE.md, "Issue 23,
    /// fifteenth session" and "sixteenth session", has the matches.
    pub rollout_walls: u8,
    /// The depth of the max-n every seat of a rollout moves by (at least 1).
    pub rollout_depth: u8,
    /// The share of the budget, in per cent (1 to 99), kept for the rollouts when they
    /// apply; max-n's deepening gets the rest.
    pub rollout_share: u8,
}

impl SearchOptions {
    /// The engine's defaults.
    pub const DEFAULT: SearchOptions = SearchOptions {
        self_cuts: true,
        touching: true,
        touching_far: false,
        blockers: true,
        lone: true,
        lmr_from: 3,
        lmr_two_from: 12,
        lmr_two_depth: 5,
        narrow_frontier: false,
        lmr_log: false,
        four: FourSeatSearch::BestReply,
        brs_odd: true,
        null_reduction: 0,
        rfp_margin: 100,
        rfp_depth: 4,
        lmp_from: 10,
        quiesce: false,
        wide_plies: 0,
        threat: 63,
        threat_lazy: 6,
        repetition: false,
        extend_walls: 0,
        lmr_three_from: 0,
        countermove: 0,
        history_fade: 0,
        table_fresh: false,
        tt_buckets: false,
        table_bits: 0,
        rollout_walls: 0,
        rollout_depth: 2,
        rollout_share: 25,
    };
}

/// The entries of a [`Strong`](super::Strong) bot's table unless
/// [`SearchOptions::table_bits`] sets them ([`SearchOptions::table_entries`]).
pub(super) const STRONG_TABLE: usize = 1 << 20;

impl SearchOptions {
    /// The entries of the two-seat table of a searcher with these options:
    /// `2^table_bits`, or the [`Strong`](super::Strong) bot's 2^20 when `table_bits` is 0.
    ///
    /// ```
    /// use wallrush_engine::search::SearchOptions;
    /// assert_eq!(SearchOptions::DEFAULT.table_entries(), 1 << 20);
    /// assert_eq!(SearchOptions::DEFAULT.with_switch("tb14").unwrap().table_entries(), 1 << 14);
    /// ```
    pub fn table_entries(&self) -> usize {
        if self.table_bits > 0 {
            1 << self.table_bits
        } else {
            STRONG_TABLE
        }
    }

    /// These options with one switch turned, by name (the experiment switches of the
    /// `match` and `depth` examples): `noself`, `notouch`, `touchfar`, `notouchfar`, `noblock`,
    /// `frontier`, `nofrontier`, `lmrlog`, `brsodd`, `nobrsodd`, `lmrK`, `lmr2K`, `nmpR`,
    /// `rfpMARGIN`, `rfpdDEPTH`, `lmpK`, `qs`, `noqs`, `fullK`, `threatW`, `threatlazyK`, `extK`,
    /// `lmrdeepK`, `lmr2dD`, `counterB`, `histfadeN`, `ttfresh`, `nottfresh`, `ttb`, `nottb`, `rep`, `norep`, `lone`, `nolone`, `tbBITS` (10 to 24), `rollW`, `rolldD`, `rollshareP`;
    /// `None` for an unknown switch or a bad number.
    ///
    /// ```
    /// use wallrush_engine::search::SearchOptions;
    /// let o = SearchOptions::DEFAULT.with_switch("nmp2").unwrap();
    /// assert_eq!(o.null_reduction, 2);
    /// assert_eq!(SearchOptions::DEFAULT.with_switch("threat0").unwrap().threat, 0);
    /// assert_eq!(SearchOptions::DEFAULT.with_switch("roll9").unwrap().rollout_walls, 9);
    /// assert!(SearchOptions::DEFAULT.with_switch("nmpx").is_none());
    /// ```
    pub fn with_switch(mut self, switch: &str) -> Option<SearchOptions> {
        let num = |prefix: &str| switch.strip_prefix(prefix).and_then(|v| v.parse::<i32>().ok());
        match switch {
            "noself" => self.self_cuts = false,
            "notouch" => self.touching = false,
            "touchfar" => self.touching_far = true,
            "notouchfar" => self.touching_far = false,
            "noblock" => self.blockers = false,
            "frontier" => self.narrow_frontier = true,
            "nofrontier" => self.narrow_frontier = false,
            "lmrlog" => self.lmr_log = true,
            "brsodd" => self.brs_odd = true,
            "nobrsodd" => self.brs_odd = false,
            "qs" => self.quiesce = true,
            "noqs" => self.quiesce = false,
            "ttfresh" => self.table_fresh = true,
            "nottfresh" => self.table_fresh = false,
            "ttb" => self.tt_buckets = true,
            "nottb" => self.tt_buckets = false,
            "rep" => self.repetition = true,
            "norep" => self.repetition = false,
            "lone" => self.lone = true,
            "nolone" => self.lone = false,
            _ if switch.starts_with("lmrdeep") => self.lmr_three_from = u8::try_from(num("lmrdeep")?).ok()?,
            _ if switch.starts_with("lmr2d") => self.lmr_two_depth = u8::try_from(num("lmr2d")?).ok()?,
            _ if switch.starts_with("lmr2") => self.lmr_two_from = u8::try_from(num("lmr2")?).ok()?,
            _ if switch.starts_with("lmr") => self.lmr_from = u8::try_from(num("lmr")?).ok()?,
            _ if switch.starts_with("nmp") => self.null_reduction = u8::try_from(num("nmp")?).ok()?,
            _ if switch.starts_with("rfpd") => self.rfp_depth = u8::try_from(num("rfpd")?).ok()?,
            _ if switch.starts_with("rfp") => self.rfp_margin = num("rfp")?.max(0),
            _ if switch.starts_with("lmp") => self.lmp_from = u8::try_from(num("lmp")?).ok()?,
            _ if switch.starts_with("threatlazy") => {
                self.threat_lazy = u8::try_from(num("threatlazy")?).ok()?
            }
            _ if switch.starts_with("threat") => self.threat = u16::try_from(num("threat")?).ok()?,
            _ if switch.starts_with("ext") => self.extend_walls = u8::try_from(num("ext")?).ok()?,
            _ if switch.starts_with("counter") => self.countermove = u16::try_from(num("counter")?).ok()?,
            _ if switch.starts_with("tb") => {
                self.table_bits = u8::try_from(num("tb")?).ok().filter(|b| (10..=24).contains(b))?
            }
            _ if switch.starts_with("rollshare") => {
                self.rollout_share =
                    u8::try_from(num("rollshare")?).ok().filter(|&p| (1..100).contains(&p))?
            }
            _ if switch.starts_with("rolld") => {
                self.rollout_depth = u8::try_from(num("rolld")?).ok().filter(|&d| d > 0)?
            }
            _ if switch.starts_with("roll") => self.rollout_walls = u8::try_from(num("roll")?).ok()?,
            _ if switch.starts_with("histfade") => self.history_fade = u8::try_from(num("histfade")?).ok()?,
            _ if switch.starts_with("full") => self.wide_plies = u8::try_from(num("full")?).ok()?,
            _ => return None,
        }
        Some(self)
    }
}

impl SearchOptions {
    /// These options with every switch of `list` turned, in order (`a+b+…`, the spelling
    /// of the examples' `--switches`; empty names are skipped); `Err` with the first name
    /// [`with_switch`](Self::with_switch) does not know.
    ///
    /// ```
    /// use wallrush_engine::search::SearchOptions;
    /// let o = SearchOptions::DEFAULT.with_switches("threat0+full2").unwrap();
    /// assert_eq!((o.threat, o.wide_plies), (0, 2));
    /// assert_eq!(SearchOptions::DEFAULT.with_switches("qs+nope"), Err("nope"));
    /// ```
    pub fn with_switches(self, list: &str) -> Result<SearchOptions, &str> {
        list.split('+').filter(|s| !s.is_empty()).try_fold(self, |o, s| o.with_switch(s).ok_or(s))
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}

/// Which search the engine runs with four seats (and in any game of more than two seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FourSeatSearch {
    /// Max-n: every seat maximises its own score.
    MaxN,
    /// Paranoid alpha-beta: the other seats minimise the root seat's score.
    Paranoid,
    /// Best-reply search (BRS+): one other seat replies, the rest play their default
    /// move; alpha-beta over the root seat's score. The default: it won the matches
    /// (docs/ENGINE.md).
    #[default]
    BestReply,
}

impl core::str::FromStr for FourSeatSearch {
    type Err = UnknownFourSeatSearch;

    /// Reads a short name: `maxn`, `paranoid` or `brs`.
    ///
    /// ```
    /// use wallrush_engine::search::FourSeatSearch;
    /// assert_eq!("brs".parse(), Ok(FourSeatSearch::BestReply));
    /// assert_eq!("maxn".parse(), Ok(FourSeatSearch::MaxN));
    /// assert!("minimax".parse::<FourSeatSearch>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<FourSeatSearch, UnknownFourSeatSearch> {
        match s {
            "maxn" => Ok(FourSeatSearch::MaxN),
            "paranoid" => Ok(FourSeatSearch::Paranoid),
            "brs" => Ok(FourSeatSearch::BestReply),
            _ => Err(UnknownFourSeatSearch),
        }
    }
}

/// A name that is none of `maxn`, `paranoid` and `brs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the four-seat search is maxn, paranoid or brs")]
pub struct UnknownFourSeatSearch;
