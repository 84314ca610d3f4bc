//! An engine thinking in a terminal: the search runs on its own thread (within its own
//! budget), the screen shows `thinking… 1.3 s` as it goes, and Ctrl-C abandons it: the
//! session gets control back at once, the stop flag it was given is set (the strong
//! engine then ends its search at the next node), and the thread's answer is dropped.
//!
//! ```
//! use std::time::Duration;
//! use wallrush_cli::thinking::{think, Thought};
//! let mut screen = Vec::new();
//! let thought = think(|| 6 * 7, &mut screen, "north", true, None)?;
//! assert!(matches!(thought, Thought::Done(42, _)));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Set by Ctrl-C while a handler is installed ([`catch_ctrl_c`]).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether the Ctrl-C handler is installed.
static HANDLER: OnceLock<bool> = OnceLock::new();

/// Makes Ctrl-C (SIGINT) set a flag instead of ending the program, for the rest of the
/// process: what a terminal session wants, so that Ctrl-C stops an engine's thinking.
/// Returns whether the handler is in place. Call it after the line editor is made (it
/// installs handlers of its own); at the editor's prompt the terminal is in raw mode and
/// Ctrl-C arrives as a key, not as a signal.
pub fn catch_ctrl_c() -> bool {
    *HANDLER.get_or_init(|| ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst)).is_ok())
}

/// Takes (and clears) a Ctrl-C that came since the last call.
pub fn take_interrupt() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// What came of [`think`].
#[derive(Debug)]
pub enum Thought<T> {
    /// The answer, and the time it took.
    Done(T, Duration),
    /// Ctrl-C abandoned it after this long.
    Cancelled(Duration),
}

/// How often the indicator is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work` on its own thread; while it runs, `show` draws `WHO thinking… S s` on
/// `out` (one line, redrawn in place, cleared at the end). A Ctrl-C caught by
/// [`catch_ctrl_c`] abandons the work and sets `stop`, which the work may watch to end
/// early (the strong engine's [`set_stop`](crate::engines::Engine::set_stop)).
///
/// # Errors
/// The errors of `out`; a thread that cannot be started runs the work on this one.
pub fn think<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
    out: &mut dyn Write,
    who: &str,
    show: bool,
    stop: Option<&AtomicBool>,
) -> io::Result<Thought<T>> {
    let start = Instant::now();
    take_interrupt();
    let (send, receive) = mpsc::channel();
    let spawned = std::thread::Builder::new().name("wallrush-think".into()).spawn(move || {
        // The receiver may have gone (Ctrl-C): then the answer is not wanted.
        let _ = send.send(work());
    });
    if let Err(e) = spawned {
        return Err(io::Error::other(format!("cannot start the engine's thread: {e}")));
    }
    let mut drawn = false;
    let result = loop {
        match receive.recv_timeout(TICK) {
            Ok(answer) => break Thought::Done(answer, start.elapsed()),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Thought::Cancelled(start.elapsed());
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if take_interrupt() {
            break Thought::Cancelled(start.elapsed());
        }
        if show {
            write!(out, "\r{who} thinking… {:.1} s (Ctrl-C stops it)", start.elapsed().as_secs_f64())?;
            out.flush()?;
            drawn = true;
        }
    };
    if drawn {
        write!(out, "\r\x1b[K")?;
        out.flush()?;
    }
    if let (Thought::Cancelled(_), Some(stop)) = (&result, stop) {
        stop.store(true, Ordering::Relaxed);
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Ctrl-C (the flag the handler sets) hands control back and sets the stop flag,
    /// and work that watches the flag then ends instead of running on.
    #[test]
    fn ctrl_c_cancels_and_stops_the_work() {
        let stop = Arc::new(AtomicBool::new(false));
        let (ended, ends) = mpsc::channel();
        let watched = Arc::clone(&stop);
        let work = move || {
            // Without the flag this would never end.
            while !watched.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            let _ = ended.send(());
        };
        // Ctrl-C a little after the work has started.
        let interrupt = std::thread::spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            INTERRUPTED.store(true, Ordering::SeqCst);
        });
        let thought = think(work, &mut Vec::new(), "north", false, Some(&stop)).unwrap();
        interrupt.join().unwrap();
        assert!(matches!(thought, Thought::Cancelled(_)), "{thought:?}");
        assert!(stop.load(Ordering::Relaxed));
        ends.recv_timeout(Duration::from_secs(10)).expect("the work ended once stopped");
    }
}
