//! The README's usage block ("## The program") cannot drift: every command line in it is
//! accepted by the real binary, and the scripted game it shows is played, then every later
//! line that reads its record (check, convert, svg) runs as written, in order.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::TempDir;

/// The command lines of the README's "## The program" block (comments removed).
fn readme_commands() -> Vec<String> {
    let readme = include_str!("../../README.md");
    let section = readme.split("## The program").nth(1).expect("a section ## The program");
    let block = section.split("```sh").nth(1).and_then(|b| b.split("```").next()).expect("a sh block");
    block
        .lines()
        .map(|l| l.split("  #").next().unwrap().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_wallrush"))
}

#[test]
fn every_readme_command_line_is_accepted() {
    let lines = readme_commands();
    assert!(lines.len() >= 10, "{lines:?}");
    for line in &lines {
        // The part after the last `| ` for a pipeline; `wallrush` first.
        let command = line.rsplit("| ").next().unwrap();
        let mut words = command.split_whitespace();
        assert_eq!(words.next(), Some("wallrush"), "{line}");
        let args: Vec<&str> = words.collect();
        // With --help appended, clap still refuses unknown options and bad values before it.
        let out = bin().args(&args).arg("--help").output().unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn the_scripted_game_of_the_readme_runs_and_the_lines_after_it_read_its_record() {
    let lines = readme_commands();
    let at = lines.iter().position(|l| l.starts_with("printf ")).expect("the scripted line");
    let line = &lines[at];
    // printf 'INPUT' | wallrush ARGS
    let input = line.split('\'').nth(1).unwrap().replace("\\n", "\n");
    let args: Vec<String> =
        line.rsplit("| wallrush ").next().unwrap().split_whitespace().map(String::from).collect();
    let dir = TempDir::new("readme");
    let mut child = bin()
        .args(&args)
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ply 1: south plays e2") && text.contains("saved "), "{text}");
    // Every later line that reads the saved record runs as written, in the README's order.
    let readers: Vec<&String> = lines[at + 1..].iter().filter(|l| l.contains("game.txt")).collect();
    assert!(readers.len() >= 3, "{readers:?}");
    for line in readers {
        let args: Vec<&str> = line.split_whitespace().skip(1).collect();
        let out = bin().args(&args).current_dir(dir.path()).output().unwrap();
        assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        if let Some(i) = args.iter().position(|a| *a == "-o") {
            let picture = std::fs::read_to_string(dir.path().join(args[i + 1])).unwrap();
            assert!(picture.starts_with("<svg "), "{line}");
        }
    }
}
