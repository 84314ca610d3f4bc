//! Time management: what a search may spend ([`Limits`]) and the [`Clock`] that counts
//! nodes and stops the search at its node budget, its deadline (with `std`) or when
//! another thread raises the stop flag.

use super::score::MAX_PLY;

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// Stop after about this long (needs the `std` feature).
    #[cfg(feature = "std")]
    pub time: Option<std::time::Duration>,
}

impl Limits {
    /// Search to `depth` plies (deterministic).
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            #[cfg(feature = "std")]
            time: None,
        }
    }

    /// Search until about `nodes` nodes are spent (deterministic).
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_PLY as u32 - 1,
            nodes,
            #[cfg(feature = "std")]
            time: None,
        }
    }

    /// Search for about `time`.
    #[cfg(feature = "std")]
    pub const fn time(time: std::time::Duration) -> Limits {
        Limits { depth: MAX_PLY as u32 - 1, nodes: u64::MAX, time: Some(time) }
    }
}

/// The budget of the search under way: the nodes visited and whether it must stop.
pub(super) struct Clock {
    /// Nodes visited by the search under way.
    pub(super) nodes: u64,
    node_limit: u64,
    /// Set once the budget is spent; the search unwinds with what it has.
    pub(super) stopped: bool,
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
    /// Set by another thread to stop the search ([`Clock::set_stop`]).
    #[cfg(feature = "std")]
    stop: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>,
}

impl Clock {
    pub(super) const fn new() -> Clock {
        Clock {
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            #[cfg(feature = "std")]
            deadline: None,
            #[cfg(feature = "std")]
            stop: None,
        }
    }

    /// Starts the budget of a search within `limits`: no nodes yet, the deadline counted
    /// from now.
    pub(super) fn start(&mut self, limits: Limits) {
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = limits.nodes;
        #[cfg(feature = "std")]
        {
            self.deadline = limits.time.map(|t| std::time::Instant::now() + t);
        }
    }

    /// Lets another thread stop the searches (see `Searcher::set_stop`).
    #[cfg(feature = "std")]
    pub(super) fn set_stop(&mut self, flag: Option<std::sync::Arc<core::sync::atomic::AtomicBool>>) {
        self.stop = flag;
    }

    /// Whether the search must stop now (and from now on, [`stopped`](Self::stopped)).
    #[inline]
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        // One relaxed load a call: cheap, and no count of nodes can skip it.
        #[cfg(feature = "std")]
        if self.stop.as_ref().is_some_and(|f| f.load(core::sync::atomic::Ordering::Relaxed)) {
            self.stopped = true;
        }
        #[cfg(feature = "std")]
        if self.nodes % 1024 == 0 {
            if let Some(deadline) = self.deadline {
                if std::time::Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }
}
