//! The lines of a multipv search ([`Searcher::analyse`](super::Searcher::analyse)):
//! each root move's line and score, and what a completed iteration reports.

use alloc::vec::Vec;

use super::score::{mate_plies, Score};
use wallrush_core::Move;

/// One of the best root moves a multipv search
/// ([`Searcher::analyse`](super::Searcher::analyse)) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score of the line's first move for the seat to move, as
    /// [`SearchResult::score`](super::SearchResult::score).
    pub score: Score,
    /// The line: the root move first, then the replies the search expects.
    pub pv: Vec<Move>,
}

impl Line {
    /// Plies to a forced win (positive) or loss (negative), if the score says so.
    pub fn mate_in(&self) -> Option<i32> {
        mate_plies(self.score)
    }
}

/// What a completed iteration of [`Searcher::analyse`](super::Searcher::analyse) found.
#[derive(Clone, Copy, Debug)]
pub struct Iteration<'a> {
    /// The iteration's depth (as [`SearchResult::depth`](super::SearchResult::depth)).
    pub depth: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The best lines so far, best first (at most the multipv asked for).
    pub lines: &'a [Line],
}

/// The lines of a multipv search and who listens to its iterations.
pub(super) struct Multi<'a> {
    /// How many lines are wanted.
    pub(super) k: usize,
    /// The lines of the last completed iteration.
    pub(super) lines: Vec<Line>,
    /// Who listens to every completed iteration.
    pub(super) report: Option<&'a mut dyn FnMut(&Iteration<'_>)>,
}

impl Multi<'_> {
    /// Whether the lines are wanted: several of them, or someone listens.
    pub(super) fn listens(&self) -> bool {
        self.k > 1 || self.report.is_some()
    }

    /// Puts the line `pv` scored `score` first.
    pub(super) fn first_line(&mut self, score: Score, pv: &[Move]) {
        let line = Line { score, pv: pv.to_vec() };
        let first = line.pv.first().copied();
        match self.lines.first_mut() {
            Some(old) => *old = line,
            None => self.lines.push(line),
        }
        // A later line of last iteration's may start with the new first move.
        let mut k = 0;
        self.lines.retain(|l| {
            k += 1;
            k == 1 || l.pv.first().copied() != first
        });
    }
}
