//! The implementation under test: a child process spoken to one line at a time, every
//! answer bounded in length and in time, the process killed when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// The longest answer line read from an engine; a longer one is an error.
pub const MAX_ANSWER_BYTES: usize = 1 << 20;

/// What went wrong talking to the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// No answer within the time allowed.
    Timeout(Duration),
    /// The engine closed its output or could not be written to.
    Closed(String),
    /// An answer line that is too long, not UTF-8, or neither `ok` nor `refused`.
    Protocol(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Timeout(t) => write!(f, "no answer within {} ms", t.as_millis()),
            EngineError::Closed(m) => write!(f, "engine gone: {m}"),
            EngineError::Protocol(m) => write!(f, "protocol error: {m}"),
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
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    time: Duration,
}

impl Engine {
    /// Starts `command` through `sh -c`.
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
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no engine stdout")?;
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
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
        });
        Ok(Engine { command: command.to_string(), child, stdin, lines: rx, time })
    }

    /// The command line the engine was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Sends one command line and reads the answer.
    ///
    /// # Errors
    /// Timeouts, a closed engine, malformed answers.
    pub fn ask(&mut self, line: &str) -> Result<Answer, EngineError> {
        self.send(line)?;
        let text = self.next_line(self.time)?;
        let (word, rest) = text.split_once(' ').unwrap_or((text.as_str(), ""));
        match word {
            "ok" => Ok(Answer::Ok(rest.trim().to_string())),
            "refused" => Ok(Answer::Refused(rest.trim().to_string())),
            _ => Err(EngineError::Protocol(format!("expected `ok` or `refused`, got {:?}", clip(&text)))),
        }
    }

    /// Sends one command line, reading nothing (for dialects whose answers are not one
    /// `ok`/`refused` line: `wallrush arena`'s QTP and UCI players).
    ///
    /// # Errors
    /// A closed engine.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let stdin = self.stdin.as_mut().ok_or_else(|| EngineError::Closed("stdin closed".into()))?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .map_err(|e| EngineError::Closed(e.to_string()))
    }

    /// The next output line (without its line ending), waiting at most `time`.
    ///
    /// # Errors
    /// Timeouts, a closed engine, a line too long or not UTF-8.
    pub fn next_line(&mut self, time: Duration) -> Result<String, EngineError> {
        match self.lines.recv_timeout(time) {
            Ok(Ok(text)) => Ok(text),
            Ok(Err(m)) => {
                Err(if m.starts_with("end") { EngineError::Closed(m) } else { EngineError::Protocol(m) })
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(time)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Closed("output closed".into())),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"quit\n");
        }
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
