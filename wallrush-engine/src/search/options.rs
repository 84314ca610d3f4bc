//! The switches of the two-seat search ([`SearchOptions`]).

/// Switches of the two-seat search, for experiments by match (the defaults are the
/// engine's; docs/ENGINE.md gives the matches that chose them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Try the walls that cut only the mover's own shortest routes.
    pub self_cuts: bool,
    /// Try the walls that extend a wall on the board or start at the edge.
    pub touching: bool,
    /// Try the walls that overlap or cross the opponent's strong walls.
    pub blockers: bool,
    /// Late-move reductions: moves from this index on (and ordered below the killers)
    /// are searched a ply shallower first; 0 turns reductions off.
    pub lmr_from: u8,
    /// Moves from this index on are reduced by two plies at depth 5 and more.
    pub lmr_two_from: u8,
    /// At the last ply before the static evaluation, try only the walls that cut the
    /// opponent's shortest routes.
    pub narrow_frontier: bool,
    /// Reductions growing with depth and move index (`1 + log2 depth · log2 index / 3`,
    /// at most depth − 2) instead of one or two plies.
    pub lmr_log: bool,
    /// The search with more than two seats (see [`FourSeatSearch`](super::FourSeatSearch)).
    pub four: super::FourSeatSearch,
}

impl SearchOptions {
    /// The engine's defaults.
    pub const DEFAULT: SearchOptions = SearchOptions {
        self_cuts: true,
        touching: true,
        blockers: true,
        lmr_from: 3,
        lmr_two_from: 12,
        narrow_frontier: false,
        lmr_log: false,
        four: super::FourSeatSearch::BestReply,
    };
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}
