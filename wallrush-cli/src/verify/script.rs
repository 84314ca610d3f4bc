//! Reports as scripts: the commands that led an engine to a disagreement, read back by
//! `wallrush verify --replay FILE` and kept in the example database.
//!
//! A script is any text whose lines (after leading blanks) are commands of the adapter
//! protocol: one `new VARIANT`, then `play MOVE` and `undo`, ending with the question
//! that disagreed (`legal`, `outcome`, `routes`, which are asked at every step anyway).
//! Other lines (a report's header and fields, `#` comments, text after ` #` on a line)
//! are skipped, so a report pasted whole into a file is a script. A `play` of a move
//! wallrush refuses is a probe: the engine must refuse it too.

use std::path::{Path, PathBuf};

use wallrush_core::notation::Notation;
use wallrush_core::{Move, Position, Variant};

use super::{Disagreement, Line, Runner};

/// One command of a script.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// `play MOVE`, the move in the engine's notation.
    Play(String),
    /// `undo`.
    Undo,
}

/// A parsed script.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Script {
    /// The variant of its `new`.
    pub variant: Variant,
    /// The commands after `new`.
    pub steps: Vec<Step>,
}

impl Script {
    /// Reads a script (or a whole report).
    ///
    /// # Errors
    /// No `new` line, a variant that cannot be read, a second `new`, a `play` without a
    /// move.
    pub fn parse(text: &str) -> Result<Script, String> {
        let mut variant = None;
        let mut steps = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split(" #").next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            match words.next() {
                Some("new") => {
                    if variant.is_some() {
                        return Err(format!("line {}: a second `new`", i + 1));
                    }
                    let rest: Vec<&str> = words.collect();
                    let v =
                        crate::parse_variant(&rest.join(" ")).map_err(|e| format!("line {}: {e}", i + 1))?;
                    variant = Some(v);
                }
                Some("play") if variant.is_some() => match (words.next(), words.next()) {
                    (Some(m), None) => steps.push(Step::Play(m.to_string())),
                    _ => return Err(format!("line {}: expected `play MOVE`", i + 1)),
                },
                Some("undo") if variant.is_some() && words.next().is_none() => steps.push(Step::Undo),
                _ => {}
            }
        }
        let variant = variant.ok_or("no `new VARIANT` line: not a verify script")?;
        Ok(Script { variant, steps })
    }
}

/// Runs `script` against the engine in lockstep: every position reached is compared
/// (without probes: the script's own probes are its refused `play` lines), each probe
/// must be refused, each `undo` must restore the position before.
pub fn replay(runner: &mut Runner, script: &Script) -> Line {
    let v = script.variant;
    let mut line = Line {
        choices: Vec::new(),
        moves: Vec::new(),
        found: None,
        pos: Position::new(v),
        script: Vec::new(),
    };
    let mut stack: Vec<Position> = Vec::new();
    let result = (|| -> Result<(), Box<(Disagreement, Position)>> {
        runner.new_game(&v).map_err(|d| Box::new((d, Position::new(v))))?;
        let mut pos = Position::new(v);
        runner.compare(&pos, &line.moves, false).map_err(|d| Box::new((d, pos.clone())))?;
        for step in &script.steps {
            match step {
                Step::Play(text) => match legal_move(runner.hello.notation, &pos, text) {
                    Some(m) => {
                        stack.push(pos.clone());
                        let at = line.moves.len();
                        line.moves.push(m);
                        runner
                            .play(&mut pos, m, at)
                            .map_err(|d| Box::new((d, stack[stack.len() - 1].clone())))?;
                    }
                    None => {
                        runner.probe(&pos, line.moves.len(), text).map_err(|d| Box::new((d, pos.clone())))?
                    }
                },
                Step::Undo => {
                    let Some(before) = stack.pop() else { continue };
                    line.moves.pop();
                    runner.undo(&before, &line.moves).map_err(|d| Box::new((d, before.clone())))?;
                    pos = before;
                    continue;
                }
            }
            runner.compare(&pos, &line.moves, false).map_err(|d| Box::new((d, pos.clone())))?;
        }
        Ok(())
    })();
    if let Err(e) = result {
        let (d, pos) = *e;
        line.found = Some(d);
        line.pos = pos;
    }
    line.script = runner.log.clone();
    line
}

/// The move `text` names at `pos`, when it is legal there.
fn legal_move(notation: Notation, pos: &Position, text: &str) -> Option<Move> {
    let m = match notation {
        Notation::Standard => text.parse::<Move>().ok()?,
        _ => notation.parse_move(pos, text).ok()?,
    };
    pos.is_legal(m).then_some(m)
}

/// The scripts saved in `dir`, oldest name first: (path, text).
pub fn saved(dir: &Path) -> Vec<(PathBuf, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths.into_iter().filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t))).collect()
}

/// Saves a report in `dir`, named by a hash of its script (the same script is kept once).
///
/// # Errors
/// The directory cannot be made or the file written.
pub fn save(dir: &Path, report: &str) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let script: String = report.lines().filter(|l| l.starts_with("    ")).collect::<Vec<_>>().join("\n");
    let path = dir.join(format!("{:016x}.txt", fnv1a(script.as_bytes())));
    std::fs::write(&path, report)?;
    Ok(path)
}

/// The 64-bit FNV-1a hash, stable across builds (for file names).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_reads_as_a_script() {
        let report = "disagreement 1 (legal) in game 2, found after 9 plies\n  \
                      variant:  size=5 players=2 walls=3 wall_length=2 goal=edge\n  \
                      moves:    c2 c4\n  script (wallrush verify --replay FILE runs it again):\n    \
                      new size=5 players=2 walls=3 wall_length=2 goal=edge\n    play c2\n    \
                      play a1a  # probe: refused\n    play c4\n    undo\n    legal\n";
        let s = Script::parse(report).unwrap();
        assert_eq!(s.variant.size(), 5);
        assert_eq!(
            s.steps,
            vec![Step::Play("c2".into()), Step::Play("a1a".into()), Step::Play("c4".into()), Step::Undo]
        );
        assert!(Script::parse("play c2\n").unwrap_err().contains("no `new"));
        assert!(Script::parse("new size=5\nnew size=5\n").unwrap_err().contains("second"));
        assert!(Script::parse("new size=99\n").is_err());
        assert!(Script::parse("new size=5\nplay\n").unwrap_err().contains("play MOVE"));
    }
}
