//! Perft: the number of positions exactly `depth` plies ahead.

use crate::Position;

/// Counts the positions `depth` plies ahead, every legal move counted; a finished game
/// has no moves. The last ply is counted in bulk, without playing its moves.
///
/// ```
/// use wallrush_core::{perft, Position};
/// let pos = Position::classic();
/// assert_eq!(perft(&pos, 1), 131);
/// assert_eq!(perft(&pos, 2), 16_677);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.legal_move_count() as u64 };
    }
    pos.clone().perft_mut(depth)
}

/// Perft split by the first move: each legal move with the count below it.
pub fn divide(pos: &Position, depth: u32) -> alloc::vec::Vec<(crate::Move, u64)> {
    if depth == 0 {
        return alloc::vec::Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

/// [`perft`] that gives up, returning `None`, once its work exceeds `budget` units: one
/// unit for each position whose moves it generates or counts, and one for each move it
/// plays. perft(4) from the classic opening costs about 4.4 M. The answer depends on the
/// request alone; the time a unit takes does not (from about 0.1 µs on the classic board to
/// 100 µs on large boards with long walls), so a server that must answer in bounded time
/// stops [`perft_until`] by the clock instead.
///
/// ```
/// use wallrush_core::{perft_within, Position};
/// assert_eq!(perft_within(&Position::classic(), 2, 1_000), Some(16_677));
/// assert_eq!(perft_within(&Position::classic(), 3, 1_000), None);
/// ```
pub fn perft_within(pos: &Position, depth: u32, budget: u64) -> Option<u64> {
    let mut left = budget;
    perft_until(pos, depth, || match left.checked_sub(1) {
        Some(l) => {
            left = l;
            false
        }
        None => true,
    })
}

/// [`perft`] that asks `stop` before each unit of work (each position whose moves it
/// generates or counts, and each move it plays: the units of [`perft_within`]) and gives
/// up, returning `None`, the first time it answers `true`. The core keeps no clock; the
/// caller's `stop` may count, look at a clock or at a flag set by another thread.
///
/// ```
/// use wallrush_core::{perft_until, Position};
/// let mut units = 0u64;
/// assert_eq!(perft_until(&Position::classic(), 2, || { units += 1; false }), Some(16_677));
/// assert_eq!(units, 1 + 2 * 131); // the root, then each move played and its position
/// assert_eq!(perft_until(&Position::classic(), 2, || true), None);
/// ```
pub fn perft_until(pos: &Position, depth: u32, mut stop: impl FnMut() -> bool) -> Option<u64> {
    pos.clone().perft_until_mut(depth, &mut stop)
}

#[cfg(feature = "std")]
#[cfg(feature = "std")]
pub use parallel::{divide_with, perft_with, PerftError, PerftOptions, MAX_HASH_MB, MAX_THREADS};

/// Perft over several threads and with a transposition table (the `std` feature).
#[cfg(feature = "std")]
mod parallel {
    use alloc::vec::Vec;
    use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::sync::mpsc;

    use crate::{Move, Position, SplitMix64};

    /// The largest transposition table [`perft_with`] accepts, in MiB (64 GiB).
    pub const MAX_HASH_MB: usize = 65_536;
    /// The most threads [`perft_with`] accepts.
    pub const MAX_THREADS: usize = 1024;

    /// How [`perft_with`] and [`divide_with`] count: over how many threads, and with how
    /// large a transposition table. The default is the plain [`perft`](crate::perft): one
    /// thread, no table.
    ///
    /// ```
    /// use wallrush_core::PerftOptions;
    /// let opts = PerftOptions { threads: 2, hash_mb: 16 };
    /// assert_eq!(PerftOptions::default(), PerftOptions { threads: 1, hash_mb: 0 });
    /// # let _ = opts;
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub struct PerftOptions {
        /// Threads that count, 1 ..= [`MAX_THREADS`]. The first moves are shared among
        /// them, each taking the next one left when it finishes one.
        pub threads: usize,
        /// Size of the transposition table in MiB, 0 ..= [`MAX_HASH_MB`]; 0 for none.
        /// The table never grows: it takes this much memory at the start and replaces
        /// old entries once full. All threads share it.
        pub hash_mb: usize,
    }

    impl PerftOptions {
        /// Whether [`perft_with`] accepts these options: threads 1 ..= [`MAX_THREADS`], a
        /// table of at most [`MAX_HASH_MB`] (whether the allocator grants it is known only
        /// when the count starts).
        ///
        /// # Errors
        /// [`PerftError::Threads`] or [`PerftError::HashTooLarge`].
        ///
        /// ```
        /// use wallrush_core::{PerftError, PerftOptions};
        /// assert_eq!(PerftOptions { threads: 2, hash_mb: 64 }.validate(), Ok(()));
        /// assert_eq!(PerftOptions { threads: 0, hash_mb: 0 }.validate(), Err(PerftError::Threads(0)));
        /// ```
        pub fn validate(&self) -> Result<(), PerftError> {
            if self.threads == 0 || self.threads > MAX_THREADS {
                return Err(PerftError::Threads(self.threads));
            }
            if self.hash_mb > MAX_HASH_MB {
                return Err(PerftError::HashTooLarge(self.hash_mb));
            }
            Ok(())
        }
    }

    impl Default for PerftOptions {
        fn default() -> PerftOptions {
            PerftOptions { threads: 1, hash_mb: 0 }
        }
    }

    /// Why [`perft_with`] refused its options.
    #[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
    #[non_exhaustive]
    pub enum PerftError {
        /// `threads` was 0 or above [`MAX_THREADS`].
        #[error("threads must be 1 ..= {MAX_THREADS}, not {0}")]
        Threads(usize),
        /// `hash_mb` was above [`MAX_HASH_MB`].
        #[error("hash must be 0 ..= {MAX_HASH_MB} MiB, not {0}")]
        HashTooLarge(usize),
        /// The allocator refused the table's memory.
        #[error("could not allocate a hash table of {0} MiB")]
        HashUnavailable(usize),
        /// The system refused to start a thread.
        #[error("could not start a perft thread: {0}")]
        Spawn(alloc::string::String),
    }

    /// [`perft`](crate::perft) over `opts.threads` threads and with a transposition table
    /// of `opts.hash_mb` MiB. The count is the plain perft's, whatever the options.
    ///
    /// The table is keyed by 128 bits: the position's Zobrist hash and a second,
    /// independent hash of its exact state (walls, pawns, walls left, seat to move, passes),
    /// both with the depth folded in. A wrong count would need two different positions
    /// to agree on all 128 bits. Entries are written and read without locks: a torn entry
    /// fails the key check, so it is a miss, never a wrong hit.
    ///
    /// # Errors
    /// [`PerftError`] for threads outside 1 ..= [`MAX_THREADS`], a table above
    /// [`MAX_HASH_MB`] or one the allocator refuses, or a thread the system cannot start.
    ///
    /// ```
    /// use wallrush_core::{perft, perft_with, PerftError, PerftOptions, Position};
    /// let pos = Position::classic();
    /// let opts = PerftOptions { threads: 2, hash_mb: 4 };
    /// assert_eq!(perft_with(&pos, 3, &opts)?, perft(&pos, 3));
    /// assert_eq!(perft_with(&pos, 3, &PerftOptions { threads: 0, hash_mb: 0 }), Err(PerftError::Threads(0)));
    /// # Ok::<(), PerftError>(())
    /// ```
    pub fn perft_with(pos: &Position, depth: u32, opts: &PerftOptions) -> Result<u64, PerftError> {
        opts.validate()?;
        if depth <= 1 {
            return Ok(crate::perft(pos, depth));
        }
        Ok(divide_with(pos, depth, opts, |_, _| {})?.iter().map(|&(_, n)| n).sum())
    }

    /// [`divide`](crate::divide) with the options of [`perft_with`]: each legal first move
    /// with the count below it, in the order of [`Position::legal_moves`]. `on_move` is
    /// called on the calling thread as each first move is counted (in the order they
    /// finish), for progress reports.
    ///
    /// # Errors
    /// As [`perft_with`].
    ///
    /// ```
    /// use wallrush_core::{divide, divide_with, PerftOptions, Position};
    /// let pos = Position::classic();
    /// let mut finished = 0;
    /// let counts = divide_with(&pos, 2, &PerftOptions { threads: 2, hash_mb: 1 }, |_, _| finished += 1)?;
    /// assert_eq!(counts, divide(&pos, 2));
    /// assert_eq!(finished, 131);
    /// # Ok::<(), wallrush_core::PerftError>(())
    /// ```
    pub fn divide_with(
        pos: &Position,
        depth: u32,
        opts: &PerftOptions,
        mut on_move: impl FnMut(Move, u64),
    ) -> Result<Vec<(Move, u64)>, PerftError> {
        opts.validate()?;
        if depth == 0 {
            return Ok(Vec::new());
        }
        let table = Table::new(opts.hash_mb)?;
        let roots: Vec<Move> = pos.legal_moves().into_iter().collect();
        let mut counts = alloc::vec![0u64; roots.len()];
        let below = depth - 1;
        let threads = opts.threads.min(roots.len()).max(1);
        if threads == 1 {
            let mut p = pos.clone();
            for (i, &m) in roots.iter().enumerate() {
                let undo = p.make(m);
                counts[i] = count(&mut p, below, table.as_ref());
                p.unmake(undo);
                on_move(m, counts[i]);
            }
        } else {
            let next = AtomicUsize::new(0);
            let (tx, rx) = mpsc::channel::<(usize, u64)>();
            std::thread::scope(|s| -> Result<(), PerftError> {
                for _ in 0..threads {
                    let tx = tx.clone();
                    let (next, roots, table) = (&next, &roots, table.as_ref());
                    let mut p = pos.clone();
                    std::thread::Builder::new()
                        .name("perft".into())
                        .spawn_scoped(s, move || loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(&m) = roots.get(i) else { break };
                            let undo = p.make(m);
                            let n = count(&mut p, below, table);
                            p.unmake(undo);
                            if tx.send((i, n)).is_err() {
                                break;
                            }
                        })
                        .map_err(|e| {
                            // The threads already started stop at the next first move.
                            next.store(usize::MAX / 2, Ordering::Relaxed);
                            PerftError::Spawn(alloc::string::ToString::to_string(&e))
                        })?;
                }
                drop(tx);
                for (i, n) in rx {
                    counts[i] = n;
                    on_move(roots[i], n);
                }
                Ok(())
            })?;
        }
        Ok(roots.into_iter().zip(counts).collect())
    }

    /// Perft of `pos` (left as it was found), through `table` at depth 2 and deeper.
    fn count(pos: &mut Position, depth: u32, table: Option<&Table>) -> u64 {
        let Some(table) = table else { return pos.perft_mut(depth) };
        if depth < 2 {
            return pos.perft_mut(depth);
        }
        let key = Key::of(pos, depth);
        if let Some(n) = table.probe(key) {
            return n;
        }
        let n = if depth == 2 {
            pos.perft_mut(2)
        } else {
            let mut n = 0;
            for m in &pos.legal_moves() {
                let undo = pos.make(*m);
                n += count(pos, depth - 1, Some(table));
                pos.unmake(undo);
            }
            n
        };
        table.store(key, n);
        n
    }

    /// The 128-bit key of a position at a depth.
    #[derive(Clone, Copy)]
    struct Key(u64, u64);

    impl Key {
        fn of(pos: &Position, depth: u32) -> Key {
            let d = u64::from(depth);
            // An empty entry (all zero) reads as the key (0, 0) with the count 0: as likely
            // a false hit as any other.
            Key(
                pos.zobrist() ^ SplitMix64::mix(0x6000_0000 | d),
                pos.perft_check() ^ SplitMix64::mix(0x7000_0000 | d),
            )
        }
    }

    /// The transposition table: entries of three words (the key's two words each XOR the
    /// count, then the count), so that an entry torn by two threads writing at once fails
    /// the key check. Always replaces.
    struct Table {
        words: Vec<AtomicU64>,
        entries: u64,
    }

    impl Table {
        /// A table of `mb` MiB, or `None` for 0.
        fn new(mb: usize) -> Result<Option<Table>, PerftError> {
            if mb == 0 {
                return Ok(None);
            }
            let entries = (mb << 20) / (3 * core::mem::size_of::<u64>());
            let mut words = Vec::new();
            words.try_reserve_exact(3 * entries).map_err(|_| PerftError::HashUnavailable(mb))?;
            words.resize_with(3 * entries, || AtomicU64::new(0));
            Ok(Some(Table { words, entries: entries as u64 }))
        }

        fn slot(&self, key: Key) -> usize {
            // Lemire's multiply-shift: the high bits of the first word pick the entry.
            3 * ((u128::from(key.0) * u128::from(self.entries)) >> 64) as usize
        }

        fn probe(&self, key: Key) -> Option<u64> {
            let i = self.slot(key);
            let a = self.words[i].load(Ordering::Relaxed);
            let b = self.words[i + 1].load(Ordering::Relaxed);
            let n = self.words[i + 2].load(Ordering::Relaxed);
            (a ^ n == key.0 && b ^ n == key.1).then_some(n)
        }

        fn store(&self, key: Key, n: u64) {
            let i = self.slot(key);
            self.words[i].store(key.0 ^ n, Ordering::Relaxed);
            self.words[i + 1].store(key.1 ^ n, Ordering::Relaxed);
            self.words[i + 2].store(n, Ordering::Relaxed);
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_stored_count_is_found_by_its_key_alone() {
            let table = Table::new(1).unwrap().unwrap();
            let pos = Position::classic();
            let key = Key::of(&pos, 3);
            assert_eq!(table.probe(key), None);
            table.store(key, 2_062_264);
            assert_eq!(table.probe(key), Some(2_062_264));
            // Another depth, or the same Zobrist hash with another check word: a miss.
            assert_eq!(table.probe(Key::of(&pos, 4)), None);
            assert_eq!(table.probe(Key(key.0, key.1 ^ 2)), None);
            assert_eq!(table.probe(Key(key.0 ^ 1, key.1)), None);
            // A count written over one word of the entry (a torn write) fails the check.
            let i = table.slot(key);
            table.words[i + 2].store(7, Ordering::Relaxed);
            assert_eq!(table.probe(key), None);
            // An empty table matches no key, not even a zero count's.
            assert_eq!(Table::new(1).unwrap().unwrap().probe(Key(0, 1)), None);
        }

        #[test]
        fn the_check_hash_tells_apart_what_the_zobrist_hash_leaves_out() {
            let mut a = Position::classic();
            let b = a.clone();
            assert_eq!(a.perft_check(), b.perft_check());
            a.play("e2".parse().unwrap()).unwrap();
            assert_ne!(a.perft_check(), b.perft_check());
            // The same state reached by other move orders has the same check word.
            let mut c = Position::classic();
            let mut d = Position::classic();
            for m in ["a1h", "a8h", "c1h", "c8h"] {
                c.play(m.parse().unwrap()).unwrap();
            }
            for m in ["c1h", "c8h", "a1h", "a8h"] {
                d.play(m.parse().unwrap()).unwrap();
            }
            assert_eq!((c.zobrist(), c.perft_check()), (d.zobrist(), d.perft_check()));
            assert_ne!(c.perft_check(), b.perft_check());
        }

        #[test]
        fn a_table_takes_the_memory_asked_for_and_no_more() {
            let table = Table::new(3).unwrap().unwrap();
            let bytes = table.words.len() * core::mem::size_of::<AtomicU64>();
            assert!(bytes <= 3 << 20 && bytes > (3 << 20) - 24, "{bytes}");
            assert!(Table::new(0).unwrap().is_none());
        }
    }
}
