//! Every subcommand writes standard output through one path, [`Stdout`], and messages
//! through [`stderr`]. Nothing panics on a failed write (the crate has no `print!` or
//! `println!`: clippy's `print_stdout` and `print_stderr` are denied):
//!
//! - a write to standard output that fails comes back as an [`io::Error`] marked as an
//!   output failure, which [`CliError`](crate::CliError) turns into the exit status;
//! - a closed pipe (`wallrush perft 5 --divide | head -3`) ends the program quietly, with
//!   the status it would have had (0, or `check`'s verdict);
//! - any other failure (a full disk) is one line, `wallrush: cannot write to standard
//!   output: …`, and exit status 2;
//! - a message that cannot be written to standard error is dropped: there is nowhere left
//!   to say so.
//!
//! ```
//! use std::io::{self, Write};
//! use wallrush_cli::{output, CliError};
//! let mut out = output::stdout();
//! writeln!(out, "nodes 131")?;
//! out.flush()?;
//! // Only a failed write to standard output is an output failure.
//! let e = io::Error::from(io::ErrorKind::BrokenPipe);
//! assert!(!output::is_broken_pipe(&e));
//! assert_eq!(CliError::from(e).code, 2);
//! # Ok::<(), io::Error>(())
//! ```

use std::error::Error;
use std::fmt;
use std::io::{self, Write};

/// Standard output, locked, with every failure marked as an output failure.
pub struct Stdout(io::StdoutLock<'static>);

/// Standard output for one subcommand.
pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

/// A failed write to standard output.
#[derive(Debug)]
struct OutputFailure(io::Error);

impl fmt::Display for OutputFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl Error for OutputFailure {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}

fn mark(e: io::Error) -> io::Error {
    if is_output_failure(&e) {
        return e;
    }
    io::Error::new(e.kind(), OutputFailure(e))
}

/// Whether `e` is a failed write to standard output.
pub fn is_output_failure(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<OutputFailure>())
}

/// Whether `e` is a write to standard output after its reader went away (a closed
/// pipe): not a failure of the program, which ends quietly.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    is_output_failure(e) && e.kind() == io::ErrorKind::BrokenPipe
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(mark)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(mark)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(mark)
    }
}

/// Writes `text` to standard error as it is, ignoring failure (there is nowhere left to
/// report it): messages and progress.
pub fn stderr(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_failures() {
        let pipe = mark(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(is_broken_pipe(&pipe) && is_output_failure(&pipe));
        let full = mark(io::Error::from_raw_os_error(28));
        assert!(is_output_failure(&full) && !is_broken_pipe(&full));
        assert!(full.to_string().starts_with("cannot write to standard output: "), "{full}");
        // Marking twice keeps one mark.
        assert_eq!(mark(full).to_string().matches("cannot write").count(), 1);
    }
}
