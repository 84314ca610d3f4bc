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
    take_interrupt();
    let thinking = Thinking::spawn(work)?;
    let mut drawn = false;
    let result = loop {
        match thinking.wait(TICK) {
            Polled::Done(answer) => break Thought::Done(answer, thinking.elapsed()),
            Polled::Lost => break Thought::Cancelled(thinking.elapsed()),
            Polled::Pending => {}
        }
        if take_interrupt() {
            break Thought::Cancelled(thinking.elapsed());
        }
        if show {
            write!(out, "\r{who} thinking… {:.1} s (Ctrl-C stops it)", thinking.elapsed().as_secs_f64())?;
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

/// What a look at [`Thinking`] finds.
#[derive(Debug)]
pub enum Polled<T> {
    /// Still working.
    Pending,
    /// The answer.
    Done(T),
    /// The thread ended without an answer (it panicked).
    Lost,
}

/// Work running on its own thread, looked at without waiting: what a screen that stays
/// responsive (the full-screen board) polls at every tick, where [`think`] waits.
///
/// ```
/// use std::time::Duration;
/// use wallrush_cli::thinking::{Polled, Thinking};
/// let thinking = Thinking::spawn(|| 6 * 7)?;
/// assert!(matches!(thinking.wait(Duration::from_secs(10)), Polled::Done(42)));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Thinking<T> {
    receive: mpsc::Receiver<T>,
    start: Instant,
}

impl<T: Send + 'static> Thinking<T> {
    /// Starts `work` on a thread of its own.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> io::Result<Thinking<T>> {
        let (send, receive) = mpsc::channel();
        std::thread::Builder::new()
            .name("wallrush-think".into())
            .spawn(move || {
                // The receiver may have gone (stopped): then the answer is not wanted.
                let _ = send.send(work());
            })
            .map_err(|e| io::Error::other(format!("cannot start the engine's thread: {e}")))?;
        Ok(Thinking { receive, start: Instant::now() })
    }

    /// The answer if it is there, without waiting.
    pub fn poll(&self) -> Polled<T> {
        match self.receive.try_recv() {
            Ok(answer) => Polled::Done(answer),
            Err(mpsc::TryRecvError::Empty) => Polled::Pending,
            Err(mpsc::TryRecvError::Disconnected) => Polled::Lost,
        }
    }

    /// The answer, waiting at most `timeout` for it.
    pub fn wait(&self, timeout: Duration) -> Polled<T> {
        match self.receive.recv_timeout(timeout) {
            Ok(answer) => Polled::Done(answer),
            Err(mpsc::RecvTimeoutError::Timeout) => Polled::Pending,
            Err(mpsc::RecvTimeoutError::Disconnected) => Polled::Lost,
        }
    }

    /// How long the work has run.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
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
