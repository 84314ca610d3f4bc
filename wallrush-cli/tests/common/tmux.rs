//! A tmux server of a test's own, to drive `wallrush` in a real terminal and read its
//! screen (`tmux capture-pane`). tmux is installed with `apt-get install -y tmux` when
//! missing and possible; otherwise the tests say why and skip.
#![allow(dead_code)]

use std::process::Command;
use std::time::{Duration, Instant};

/// Whether tmux runs, installing it when missing.
pub fn ensure_tmux() -> Result<(), String> {
    let works = || Command::new("tmux").arg("-V").output().is_ok_and(|o| o.status.success());
    if works() {
        return Ok(());
    }
    let install = || Command::new("apt-get").args(["install", "-y", "-q", "tmux"]).output();
    let mut result = install();
    if !result.as_ref().is_ok_and(|o| o.status.success()) {
        let _ = Command::new("apt-get").args(["update", "-q"]).output();
        result = install();
    }
    if works() {
        return Ok(());
    }
    Err(match result {
        Ok(o) => format!("apt-get install tmux failed: {}", String::from_utf8_lossy(&o.stderr).trim()),
        Err(e) => format!("apt-get could not run: {e}"),
    })
}

/// A tmux server of our own (its own socket), killed when dropped.
pub struct Tmux {
    pub socket: String,
}

impl Tmux {
    pub fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux").arg("-L").arg(&self.socket).args(args).output().expect("run tmux")
    }

    /// The screen as text (`escapes`: with colour codes).
    pub fn screen(&self, escapes: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", "play"];
        if escapes {
            args.push("-e");
        }
        String::from_utf8_lossy(&self.run(&args).stdout).into_owned()
    }

    /// Waits until the screen satisfies `ok`, returning it.
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen(false);
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn keys(&self, text: &str) {
        assert!(self.run(&["send-keys", "-t", "play", "-l", text]).status.success());
        assert!(self.run(&["send-keys", "-t", "play", "Enter"]).status.success());
    }

    pub fn alive(&self) -> bool {
        self.run(&["has-session", "-t", "play"]).status.success()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

impl Tmux {
    /// A server on a socket named after the test and the process, with one window
    /// `play` of 100 × 50 running `command`.
    pub fn start(tag: &str, command: &str) -> Tmux {
        let tmux = Tmux { socket: format!("wallrush-cli-{tag}-{}", std::process::id()) };
        let started = tmux.run(&["new-session", "-d", "-s", "play", "-x", "100", "-y", "50", command]);
        assert!(started.status.success(), "{}", String::from_utf8_lossy(&started.stderr));
        tmux
    }

    /// Types `text` as it is, without Enter.
    pub fn type_text(&self, text: &str) {
        assert!(self.run(&["send-keys", "-t", "play", "-l", text]).status.success());
    }

    /// Presses keys by their tmux names (`Left`, `BSpace`, `Tab`, `Up`, `C-c`, `Enter`).
    pub fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success());
    }

    /// Waits until the program has left (the window closed).
    pub fn wait_gone(&self) {
        let start = Instant::now();
        while self.alive() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "wallrush did not quit:\n{}",
                self.screen(false)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Whether a screen ends with a prompt (the last non-blank line ends with `> `).
pub trait EndsWithPrompt {
    /// See the trait.
    fn ends_with_prompt(&self) -> bool;
}

impl EndsWithPrompt for str {
    fn ends_with_prompt(&self) -> bool {
        self.lines().rev().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim_end().ends_with('>'))
    }
}
