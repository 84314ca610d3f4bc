//! Every byte the program reads comes through one capped reader, [`Capped`]: the oracle's
//! request lines, the lines typed at the `play` prompt, and the files and standard input
//! read whole by `check`, `convert`, `svg`, `play --load` and the prompt's `load`.
//!
//! A reader holds at most its cap. A line longer than the cap is refused as soon as the
//! cap is passed ([`Line::TooLong`]); the rest of it is read and dropped, never held, and
//! the next line starts after its newline. A text read whole is refused as soon as it
//! passes the cap, and nothing more is read. The buffer goes back to a small size after a
//! long line, so memory does not stay with the longest line seen.
//!
//! ```
//! use wallrush_cli::input::{Capped, Line};
//! let mut lines = Capped::new(&b"e2\nxxxxxxxxxxxxxxxx\nquit"[..], 8);
//! assert!(matches!(lines.line()?, Some(Line::Text(b"e2"))));
//! assert!(matches!(lines.line()?, Some(Line::TooLong)));
//! assert!(matches!(lines.line()?, Some(Line::Text(b"quit"))));
//! assert!(lines.line()?.is_none());
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, BufRead, BufReader};
use std::path::Path;

use wallrush_core::record::MAX_RECORD_BYTES;

/// The longest line the `play` prompt reads (a move is at most 16 bytes; `save FILE` takes
/// a path).
pub const MAX_COMMAND_BYTES: usize = 1 << 16;

/// The most a file or standard input read whole may hold: a record's limit
/// ([`MAX_RECORD_BYTES`], 1 MiB).
pub const MAX_FILE_BYTES: usize = MAX_RECORD_BYTES;

/// The capacity the line buffer keeps between lines; a longer line's memory is released.
const KEPT_CAPACITY: usize = 1 << 13;

/// One line from [`Capped::line`].
#[derive(Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line of at most the cap, without its `\n` (a final line may lack one).
    Text(&'a [u8]),
    /// A line longer than the cap: refused unread, the rest skipped up to its newline.
    TooLong,
}

/// A reader that never holds more than its cap (see the [module](self) docs).
pub struct Capped<R> {
    inner: R,
    cap: usize,
    buf: Vec<u8>,
    /// The line before was refused at the cap; its rest is still to be skipped.
    skipping: bool,
}

impl<R: BufRead> Capped<R> {
    /// A reader of `inner` that holds at most `cap` bytes.
    pub fn new(inner: R, cap: usize) -> Capped<R> {
        Capped { inner, cap, buf: Vec::new(), skipping: false }
    }

    /// Drops the rest of a refused line, up to and with its newline.
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                return Ok(());
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.inner.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = chunk.len();
                    self.inner.consume(n);
                }
            }
        }
    }

    /// The next line, or `None` at the end of input.
    ///
    /// # Errors
    /// The reader's own errors.
    pub fn line(&mut self) -> io::Result<Option<Line<'_>>> {
        if self.skipping {
            self.skip_line()?;
            self.skipping = false;
        }
        self.buf.clear();
        self.buf.shrink_to(KEPT_CAPACITY);
        let mut read_any = false;
        loop {
            let cap = self.cap;
            let held = self.buf.len();
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                return Ok(read_any.then_some(Line::Text(&self.buf)));
            }
            read_any = true;
            let newline = chunk.iter().position(|&b| b == b'\n');
            let end = newline.unwrap_or(chunk.len());
            if held + end > cap {
                let used = newline.map_or(chunk.len(), |i| i + 1);
                self.inner.consume(used);
                self.skipping = newline.is_none();
                self.buf.clear();
                return Ok(Some(Line::TooLong));
            }
            self.buf.extend_from_slice(&chunk[..end]);
            match newline {
                Some(i) => {
                    self.inner.consume(i + 1);
                    return Ok(Some(Line::Text(&self.buf)));
                }
                None => {
                    let n = chunk.len();
                    self.inner.consume(n);
                }
            }
        }
    }

    /// Everything up to the end of input, or `None` as soon as it passes the cap (nothing
    /// more is read).
    ///
    /// # Errors
    /// The reader's own errors.
    pub fn all(mut self) -> io::Result<Option<Vec<u8>>> {
        loop {
            let cap = self.cap;
            let held = self.buf.len();
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                return Ok(Some(self.buf));
            }
            if held + chunk.len() > cap {
                return Ok(None);
            }
            self.buf.extend_from_slice(chunk);
            let n = chunk.len();
            self.inner.consume(n);
        }
    }
}

/// The bytes `inner` has ready (empty at the end of input), retrying on interruption.
fn fill<R: BufRead>(inner: &mut R) -> io::Result<&[u8]> {
    loop {
        match inner.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
            Ok([]) => return Ok(&[]),
            // The bytes are buffered: asking again reads nothing (and keeps the borrow
            // checker content).
            Ok(_) => return inner.fill_buf(),
        }
    }
}

/// Reads FILE (standard input for `-`) whole, as text of at most [`MAX_FILE_BYTES`]: how
/// `check`, `convert` and `svg` read their input.
///
/// # Errors
/// `cannot read FILE: …` (`cannot read standard input: …` for `-`) when it cannot be
/// opened or read, is over the limit, or is not UTF-8.
pub fn read_text(file: &str) -> Result<String, String> {
    if file == "-" {
        let bytes = Capped::new(io::stdin().lock(), MAX_FILE_BYTES).all();
        return text(bytes).map_err(|why| format!("cannot read standard input: {why}"));
    }
    read_file(Path::new(file)).map_err(|why| format!("cannot read {file}: {why}"))
}

/// Reads the file at `path` whole, as text of at most [`MAX_FILE_BYTES`] (a path `-` is
/// a file named `-`): how `play --load` and the prompt's `load` read a record.
///
/// # Errors
/// Why the file cannot be read, in plain words: `no such file`, `it is a directory, not
/// a file`, `permission denied`, the system's reason for anything else, `over the limit
/// of 1048576 bytes`, or `not UTF-8 text`.
pub fn read_file(path: &Path) -> Result<String, String> {
    if path.is_dir() {
        return Err("it is a directory, not a file".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| io_words(&e))?;
    text(Capped::new(BufReader::new(file), MAX_FILE_BYTES).all())
}

/// An I/O error in plain words (the common ones; the system's text for the rest).
pub fn io_words(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory, not a file".to_string(),
        _ => e.to_string(),
    }
}

fn text(bytes: io::Result<Option<Vec<u8>>>) -> Result<String, String> {
    let bytes =
        bytes.map_err(|e| io_words(&e))?.ok_or(format!("over the limit of {MAX_FILE_BYTES} bytes"))?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out `step` bytes at a time.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.data.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn lines(data: &[u8], cap: usize, step: usize) -> Vec<Option<Vec<u8>>> {
        let reader = BufReader::with_capacity(step, Trickle { data, step });
        let mut r = Capped::new(reader, cap);
        let mut out = Vec::new();
        while let Some(line) = r.line().unwrap() {
            out.push(match line {
                Line::Text(t) => Some(t.to_vec()),
                Line::TooLong => None,
            });
        }
        out
    }

    #[test]
    fn lines_at_the_cap_and_past_it() {
        for step in [1, 2, 3, 7, 64] {
            let got = lines(b"1234\n12345\n\n123456789\nab", 4, step);
            let want = vec![Some(b"1234".to_vec()), None, Some(Vec::new()), None, Some(b"ab".to_vec())];
            assert_eq!(got, want, "step {step}");
            assert_eq!(lines(b"", 4, step), Vec::<Option<Vec<u8>>>::new());
            assert_eq!(lines(b"\n", 4, step), vec![Some(Vec::new())]);
            assert_eq!(lines(b"12345", 4, step), vec![None]);
            assert_eq!(lines(b"1234", 4, step), vec![Some(b"1234".to_vec())]);
        }
    }

    #[test]
    fn whole_texts() {
        assert_eq!(Capped::new(&b"abcd"[..], 4).all().unwrap(), Some(b"abcd".to_vec()));
        assert_eq!(Capped::new(&b"abcde"[..], 4).all().unwrap(), None);
        assert_eq!(Capped::new(&b""[..], 4).all().unwrap(), Some(Vec::new()));
    }

    #[test]
    fn a_long_line_leaves_no_memory_behind() {
        let mut data = vec![b'x'; 1 << 20];
        data.extend_from_slice(b"\nok\n");
        let mut r = Capped::new(&data[..], 1 << 20);
        assert!(matches!(r.line().unwrap(), Some(Line::Text(t)) if t.len() == 1 << 20));
        assert!(matches!(r.line().unwrap(), Some(Line::Text(b"ok"))));
        assert!(r.buf.capacity() <= KEPT_CAPACITY);
    }
}
