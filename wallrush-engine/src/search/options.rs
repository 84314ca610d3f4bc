//! What a user of the search sets ([`SearchOptions`]): the size of the transposition
//! table. How long a search runs is [`Limits`](super::Limits); the evaluation's
//! parameters are [`Weights`](super::Weights).

/// The settings of a [`Searcher`](super::Searcher) or a [`Strong`](super::Strong) bot
/// beyond its budget: today the transposition table's size.
///
/// ```
/// use wallrush_engine::search::SearchOptions;
/// let options = SearchOptions::default().with_table_bits(16)?;
/// assert_eq!(options.table_entries(), 1 << 16);
/// assert!(SearchOptions::default().with_table_bits(30).is_err());
/// # Ok::<(), wallrush_engine::search::TableBitsOutOfRange>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOptions {
    /// The two-seat table holds `2^table_bits` entries (the four-seat table half as many).
    table_bits: u8,
}

/// The table sizes [`SearchOptions::with_table_bits`] accepts, as powers of two: 1,024
/// to 16 M entries (16 bytes each in the two-seat table).
pub const TABLE_BITS: core::ops::RangeInclusive<u8> = 10..=24;

impl SearchOptions {
    /// The defaults: a table of 2^20 entries.
    pub const DEFAULT: SearchOptions = SearchOptions { table_bits: 20 };

    /// These options with a table of `2^bits` entries.
    ///
    /// # Errors
    ///
    /// [`TableBitsOutOfRange`] when `bits` is outside [`TABLE_BITS`].
    pub fn with_table_bits(self, bits: u8) -> Result<SearchOptions, TableBitsOutOfRange> {
        if TABLE_BITS.contains(&bits) {
            Ok(SearchOptions { table_bits: bits, ..self })
        } else {
            Err(TableBitsOutOfRange(bits))
        }
    }

    /// The two-seat table's size as a power of two.
    pub const fn table_bits(&self) -> u8 {
        self.table_bits
    }

    /// The entries of the two-seat table, `2^table_bits`.
    pub const fn table_entries(&self) -> usize {
        1 << self.table_bits
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}

/// A table size outside [`TABLE_BITS`], with the bits asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("table bits {0} outside 10 to 24")]
pub struct TableBitsOutOfRange(pub u8);
