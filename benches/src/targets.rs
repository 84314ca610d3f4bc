//! The targets of `PERFORMANCE.md` and how the report measures each.

use crate::sets::{LARGE_COUNT, MIDGAME_COUNT};

/// Where a figure comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Measure {
    /// A criterion group with the functions `wallrush` and `naive`; one iteration makes
    /// `calls` calls, so the time per call is the median over `calls`.
    Criterion {
        /// The criterion group name (its directory under `target/criterion`).
        group: &'static str,
        /// Calls per iteration.
        calls: u64,
    },
    /// Flood fills per mid-game move list, counted (B7).
    Floods,
    /// Timed once by the report itself (B10: perft(4) is too long for criterion's ten
    /// samples on a shared machine).
    Direct,
}

/// One row of the targets table.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Target {
    /// `B1` … `B13`.
    pub id: &'static str,
    /// What is measured.
    pub what: &'static str,
    /// How.
    pub measure: Measure,
    /// The "must": nanoseconds per call, or flood fills for B7.
    pub must: f64,
    /// The ratio against the naive reference that must be reached.
    pub ratio: f64,
    /// The "seen possible" figure, in the unit of `must`.
    pub seen: f64,
}

impl Target {
    /// Whether the figure is a count (B7) rather than a time.
    pub fn is_count(&self) -> bool {
        self.measure == Measure::Floods
    }
}

const fn crit(group: &'static str, calls: usize) -> Measure {
    Measure::Criterion { group, calls: calls as u64 }
}

/// The targets of `PERFORMANCE.md`, in its order (B3 and B8 are not in it).
pub const TARGETS: [Target; 11] = [
    Target {
        id: "B1",
        what: "goal reachability, one pawn",
        measure: crit("reach", 2 * MIDGAME_COUNT),
        must: 30.0,
        ratio: 18.0,
        seen: 22.0,
    },
    Target {
        id: "B2",
        what: "BFS distance, one pawn",
        measure: crit("distance", 2 * MIDGAME_COUNT),
        must: 35.0,
        ratio: 16.0,
        seen: 31.0,
    },
    Target {
        id: "B4",
        what: "legal move list, warm",
        measure: crit("movelist_warm", MIDGAME_COUNT),
        must: 250.0,
        ratio: 24.0,
        seen: 118.0,
    },
    Target {
        id: "B5",
        what: "legal move list, bare position",
        measure: crit("movelist_bare", MIDGAME_COUNT),
        must: 700.0,
        ratio: 8.5,
        seen: 650.0,
    },
    Target {
        id: "B6",
        what: "legal move count only",
        measure: crit("movecount", MIDGAME_COUNT),
        must: 200.0,
        ratio: 30.0,
        seen: 69.0,
    },
    Target {
        id: "B7",
        what: "flood fills per move list",
        measure: Measure::Floods,
        must: 2.0,
        ratio: 95.0,
        seen: 0.77,
    },
    Target {
        id: "B9",
        what: "perft(3), opening",
        measure: crit("perft3_opening", 1),
        must: 20e6,
        ratio: 6.0,
        seen: 1.3e6,
    },
    Target {
        id: "B10",
        what: "perft(4), opening",
        measure: Measure::Direct,
        must: 2.5e9,
        ratio: 6.0,
        seen: 0.17e9,
    },
    Target {
        id: "B11",
        what: "perft(3), 20 mid-game positions",
        measure: crit("perft3_midgame", 1),
        must: 100e6,
        ratio: 11.0,
        seen: 20e6,
    },
    Target {
        id: "B12",
        what: "25×25 BFS distance",
        measure: crit("large_distance", 2 * LARGE_COUNT),
        must: 500.0,
        ratio: 8.0,
        seen: 470.0,
    },
    Target {
        id: "B13",
        what: "25×25 legality of every slot",
        measure: crit("large_slots", LARGE_COUNT),
        must: 10_000.0,
        ratio: 90.0,
        seen: 8_300.0,
    },
];
