//! The state of the package's mutable objects behind a lock, so that one object can be
//! shared between threads.
//!
//! Every mutable class (`Game`, `Record`, the territory games' `Game`, the bots) is a
//! frozen PyO3 class holding a [`Locked`] value. Without it, PyO3's borrow flag refused a
//! call that came while another thread was inside a method (`RuntimeError: Already
//! borrowed`): a method that builds a Python object (an exception, a `Seat`) runs Python
//! code, during which the interpreter lets other threads in.
//!
//! Two rules keep the lock free of deadlocks: the closure given to [`Locked::with`] is
//! plain Rust (it never calls Python: arguments are read before, Python objects and
//! exceptions are built after, from what it returns), and a thread waiting for the lock
//! first releases the interpreter (`lock_py_attached`), so the holder can always finish.
//! Each method is one critical section, so what it does is atomic: a move read as text
//! is parsed and played on the same position.

use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::sync::MutexExt;

/// A value that one thread at a time may read or change.
pub(crate) struct Locked<T>(Mutex<T>);

impl<T> Locked<T> {
    /// `value`, behind its lock.
    pub(crate) fn new(value: T) -> Locked<T> {
        Locked(Mutex::new(value))
    }

    /// Runs `f` on the value with the lock held, and returns what it returns. `f` must
    /// not call Python.
    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        Python::attach(|py| self.with_py(py, f))
    }

    /// [`with`](Self::with) for a method that holds the interpreter already (`py`), so
    /// it is not attached again (a thread-local lookup and a guard per call, a few percent
    /// of a playout loop's ply).
    pub(crate) fn with_py<R>(&self, py: Python<'_>, f: impl FnOnce(&mut T) -> R) -> R {
        // A panic inside `f` (a bug: PyO3 turns it into PanicException) poisons the lock;
        // later calls go on with the value as it is rather than panic again.
        let mut guard = self.0.lock_py_attached(py).unwrap_or_else(PoisonError::into_inner);
        f(&mut guard)
    }
}

impl<T: Clone> Locked<T> {
    /// A copy of the value.
    pub(crate) fn snapshot(&self) -> T {
        self.with(|value| value.clone())
    }
}

impl<T: Clone> Clone for Locked<T> {
    fn clone(&self) -> Locked<T> {
        Locked::new(self.snapshot())
    }
}

impl<T: PartialEq + Clone> PartialEq for Locked<T> {
    /// Equal values; one lock at a time (a copy of one side is compared under the other's
    /// lock), so `a == b` and `b == a` in two threads cannot deadlock, nor `a == a`.
    fn eq(&self, other: &Locked<T>) -> bool {
        if std::ptr::eq(self, other) {
            return true;
        }
        let mine = self.snapshot();
        other.with(|theirs| *theirs == mine)
    }
}
