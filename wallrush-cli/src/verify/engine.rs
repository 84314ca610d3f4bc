//! The implementation under test: a child process spoken to one line at a time.
//!
//! Whatever the child does, the caller stays bounded in time and memory:
//! - every answer line is read by a thread into a channel of [`QUEUED_LINES`] lines, each at
//!   most [`MAX_ANSWER_BYTES`] long, so an engine that writes without end is held back by
//!   its own full pipe instead of filling wallrush's memory;
//! - every command is written by a second thread and waited for with the same time allowed
//!   as an answer, so an engine that stops reading its input cannot stall a write;
//! - an answer that was never asked for (a line waiting before a command is sent) drops
//!   the engine with [`EngineError::Unasked`];
//! - teardown kills the engine's whole process group, then reaps it: nothing is written to
//!   an engine on the way out.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::thread;
use std::time::Duration;

/// The longest answer line read from an engine; a longer one is an error.
pub const MAX_ANSWER_BYTES: usize = 1 << 20;

/// How many answer lines may wait to be read. With [`MAX_ANSWER_BYTES`] this bounds the
/// memory one engine can take (about 17 MiB, the line being read included).
pub const QUEUED_LINES: usize = 16;

/// What went wrong talking to the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// No answer within the time allowed.
    Timeout(Duration),
    /// A command not taken within the time allowed: the engine does not read its input.
    WriteTimeout(Duration),
    /// The engine closed its output or could not be written to.
    Closed(String),
    /// An answer line that is too long, not UTF-8, or neither `ok` nor `refused`.
    Protocol(String),
    /// An answer waiting before any command asked for it (the line is quoted, clipped).
    Unasked(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout(t) => write!(f, "no answer within {} ms", t.as_millis()),
            EngineError::WriteTimeout(t) => {
                write!(f, "the engine did not read a command within {} ms", t.as_millis())
            }
            EngineError::Closed(m) => write!(f, "engine gone: {m}"),
            EngineError::Protocol(m) => write!(f, "protocol error: {m}"),
            EngineError::Unasked(line) => {
                write!(f, "the engine wrote an answer it was not asked for ({line:?}); dropped")
            }
        }
    }
}

/// One answer: `ok PAYLOAD` or `refused REASON`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Answer {
    /// `ok`, with the rest of the line (maybe empty).
    Ok(String),
    /// `refused`, with the reason (maybe empty).
    Refused(String),
}

/// A running engine.
pub struct Engine {
    command: String,
    child: Child,
    /// Command lines to the writer thread, which answers each with the write's result.
    commands: Option<SyncSender<Vec<u8>>>,
    written: Receiver<Result<(), String>>,
    lines: Receiver<Result<String, String>>,
    time: Duration,
}

/// Reads `stdout` a line at a time into `tx` until the end, an error or a dropped receiver.
fn read_lines(stdout: impl Read, tx: SyncSender<Result<String, String>>) {
    let mut r = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let n = (&mut r).take(MAX_ANSWER_BYTES as u64 + 1).read_until(b'\n', &mut buf);
        let msg = match n {
            Ok(0) => Err(String::from("end of output")),
            Ok(_) if buf.len() > MAX_ANSWER_BYTES => {
                Err(format!("answer longer than {MAX_ANSWER_BYTES} bytes"))
            }
            Ok(_) => String::from_utf8(buf)
                .map(|s| s.trim_end_matches(['\n', '\r']).to_string())
                .map_err(|_| String::from("answer is not UTF-8")),
            Err(e) => Err(e.to_string()),
        };
        let stop = msg.is_err();
        if tx.send(msg).is_err() || stop {
            return;
        }
    }
}

/// Writes each command of `rx` to `stdin`, reporting each write on `done`.
fn write_lines(mut stdin: ChildStdin, rx: Receiver<Vec<u8>>, done: SyncSender<Result<(), String>>) {
    for bytes in rx {
        let r = stdin.write_all(&bytes).and_then(|()| stdin.flush()).map_err(|e| e.to_string());
        let failed = r.is_err();
        if done.send(r).is_err() || failed {
            return;
        }
    }
}

impl Engine {
    /// Starts `command` through `sh -c`, allowing `time` for every answer and every write.
    ///
    /// # Errors
    /// The spawn failure.
    pub fn spawn(command: &str, time: Duration) -> Result<Engine, String> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        // Its own process group, so the whole group (a shell's children too) is killed.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no engine stdin")?;
        let stdout = child.stdout.take().ok_or("no engine stdout")?;
        let (tx, lines) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || read_lines(stdout, tx));
        let (commands, rx) = mpsc::sync_channel(1);
        let (done, written) = mpsc::sync_channel(1);
        thread::spawn(move || write_lines(stdin, rx, done));
        Ok(Engine { command: command.to_string(), child, commands: Some(commands), written, lines, time })
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one command line and reads the one answer it asks for.
    ///
    /// # Errors
    /// Timeouts, a closed engine, malformed answers, an answer waiting before the command
    /// was sent ([`EngineError::Unasked`]).
    pub fn ask(&mut self, line: &str) -> Result<Answer, EngineError> {
        match self.lines.try_recv() {
            Ok(Ok(text)) => return Err(EngineError::Unasked(clip(&text))),
            Ok(Err(m)) => return Err(line_error(m)),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => return Err(EngineError::Closed("output closed".into())),
        }
        self.send(line)?;
        let text = self.next_line(self.time)?;
        let (word, rest) = text.split_once(' ').unwrap_or((text.as_str(), ""));
        match word {
            "ok" => Ok(Answer::Ok(rest.trim().to_string())),
            "refused" => Ok(Answer::Refused(rest.trim().to_string())),
            _ => Err(EngineError::Protocol(format!("expected `ok` or `refused`, got {:?}", clip(&text)))),
        }
    }

    /// Waits `wait` and checks that the engine wrote nothing meanwhile: an engine that
    /// writes unasked (a flood of answers without reading a command) is caught here even
    /// when it writes slower than the commands it is sent.
    ///
    /// # Errors
    /// [`EngineError::Unasked`] with the line written, or the error that ended its output.
    pub fn quiet(&mut self, wait: Duration) -> Result<(), EngineError> {
        match self.lines.recv_timeout(wait) {
            Ok(Ok(text)) => Err(EngineError::Unasked(clip(&text))),
            Ok(Err(m)) => Err(line_error(m)),
            Err(RecvTimeoutError::Timeout) => Ok(()),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Closed("output closed".into())),
        }
    }

    /// Sends one command line, reading nothing (for dialects whose answers are not one
    /// `ok`/`refused` line: `wallrush arena`'s QTP and UCI players). The write must be
    /// taken within the time allowed for an answer.
    ///
    /// # Errors
    /// A closed engine, or one that does not read ([`EngineError::WriteTimeout`]).
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let commands = self.commands.as_ref().ok_or_else(|| EngineError::Closed("stdin closed".into()))?;
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        // The writer takes one command at a time; a command still waiting means the last
        // write never finished, which the last call reported.
        let stuck = |e: &mut Engine| {
            e.commands = None;
            EngineError::WriteTimeout(e.time)
        };
        if commands.try_send(bytes).is_err() {
            return Err(stuck(self));
        }
        match self.written.recv_timeout(self.time) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(m)) => {
                self.commands = None;
                Err(EngineError::Closed(m))
            }
            Err(RecvTimeoutError::Timeout) => Err(stuck(self)),
            Err(RecvTimeoutError::Disconnected) => {
                self.commands = None;
                Err(EngineError::Closed("stdin closed".into()))
            }
        }
    }

    /// The next output line (without its line ending), waiting at most `time`.
    ///
    /// # Errors
    /// Timeouts, a closed engine, a line too long or not UTF-8.
    pub fn next_line(&mut self, time: Duration) -> Result<String, EngineError> {
        match self.lines.recv_timeout(time) {
            Ok(Ok(text)) => Ok(text),
            Ok(Err(m)) => Err(line_error(m)),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(time)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Closed("output closed".into())),
        }
    }
}

fn line_error(m: String) -> EngineError {
    if m.starts_with("end") {
        EngineError::Closed(m)
    } else {
        EngineError::Protocol(m)
    }
}

impl Drop for Engine {
    /// Kills the engine's process group, then reaps the engine. Nothing is written first:
    /// an engine that does not read would hold the write forever. The reader and writer
    /// threads end when the killed engine's pipes close.
    fn drop(&mut self) {
        self.commands = None;
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// At most 200 characters of `s`, for messages.
pub(crate) fn clip(s: &str) -> String {
    if s.chars().count() <= 200 {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(200).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_write_to_an_engine_that_never_reads_times_out_and_teardown_is_quick() {
        let start = Instant::now();
        let mut e = Engine::spawn("exec sleep 60", Duration::from_millis(200)).unwrap();
        // Far more than a pipe holds: the write cannot finish.
        let long = "x".repeat(4 << 20);
        assert_eq!(e.send(&long), Err(EngineError::WriteTimeout(Duration::from_millis(200))));
        assert!(matches!(e.send("hello"), Err(EngineError::Closed(_))));
        drop(e); // kills the engine; writes nothing to its full pipe
        assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    }

    #[test]
    fn answers_are_bounded_and_unasked_ones_drop_the_engine() {
        let mut e = Engine::spawn("read a; echo ok; exec yes ok", Duration::from_secs(5)).unwrap();
        assert_eq!(e.ask("hello"), Ok(Answer::Ok(String::new())));
        let deadline = Instant::now() + Duration::from_secs(5);
        let err = loop {
            match e.ask("legal") {
                Ok(_) if Instant::now() < deadline => continue,
                other => break other,
            }
        };
        assert_eq!(err, Err(EngineError::Unasked("ok".into())));
        let mut e = Engine::spawn("head -c 2000000 /dev/zero | tr '\\0' x", Duration::from_secs(5)).unwrap();
        assert_eq!(
            e.next_line(Duration::from_secs(5)),
            Err(EngineError::Protocol(format!("answer longer than {MAX_ANSWER_BYTES} bytes")))
        );
    }
}
