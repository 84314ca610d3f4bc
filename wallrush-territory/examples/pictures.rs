//! Draws the pictures of `docs/TERRITORY.md`: a Wall Go game and a card enclosure game,
//! each played part-way by the greedy bots, as SVG files.
//!
//! From the workspace root:
//!
//! ```text
//! cargo run -p wallrush-territory --example pictures -- docs/img
//! for f in wallgo enclosure; do rsvg-convert docs/img/$f.svg -o docs/img/$f.png; done
//! rm docs/img/wallgo.svg docs/img/enclosure.svg
//! ```
//!
//! With `--all` after the directory it also draws the pictures used to check the
//! renderers by eye: four Wall Go players, finished games, a placement setup.

use std::error::Error;
use std::path::Path;

use wallrush_territory::{enclosure, wallgo};

/// Lets the greedy bot (seeded with `seed`) play up to `plies` moves; returns the last.
fn wallgo_bot(
    pos: &mut wallgo::Position,
    seed: u64,
    plies: usize,
) -> Result<Option<wallgo::Move>, Box<dyn Error>> {
    let mut bot = wallgo::GreedyBot::new(seed);
    let mut last = None;
    for _ in 0..plies {
        let Some(m) = bot.choose(pos) else { break };
        pos.play(m)?;
        last = Some(m);
    }
    Ok(last)
}

/// The same for the card game.
fn enclosure_bot(
    pos: &mut enclosure::Position,
    seed: u64,
    plies: usize,
) -> Result<Option<enclosure::Move>, Box<dyn Error>> {
    let mut bot = enclosure::GreedyBot::new(seed);
    let mut last = None;
    for _ in 0..plies {
        let Some(m) = bot.choose(pos) else { break };
        pos.play(m)?;
        last = Some(m);
    }
    Ok(last)
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "docs/img".into());
    let all = args.any(|a| a == "--all");
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir)?;
    let save_wallgo = |name: &str, pos: &wallgo::Position, last: Option<wallgo::Move>| {
        let opts = wallgo::svg::SvgOptions::new().last_move(last);
        std::fs::write(dir.join(format!("{name}.svg")), wallgo::svg::board(pos, &opts))
    };

    // Wall Go, two players: the greedy bot plays both sides until territories form.
    let mut pos = wallgo::Position::two_player();
    let last = wallgo_bot(&mut pos, 11, 30)?;
    save_wallgo("wallgo", &pos, last)?;

    let save_enclosure = |name: &str, pos: &enclosure::Position, last: Option<enclosure::Move>| {
        let opts = enclosure::svg::SvgOptions::new().last_move(last);
        std::fs::write(dir.join(format!("{name}.svg")), enclosure::svg::board(pos, &opts))
    };

    // The card game: the greedy bot plays both sides until enclosures form (seed and
    // length chosen for a picture with finished and semi-finished enclosures, spent cards
    // and a vacated square).
    let mut pos = enclosure::Position::seeded(18);
    let last = enclosure_bot(&mut pos, 18, 46)?;
    save_enclosure("enclosure", &pos, last)?;

    if all {
        for seed in [1, 2, 3] {
            let mut pos = enclosure::Position::seeded(seed);
            let last = enclosure_bot(&mut pos, seed, 10)?;
            save_enclosure(&format!("enclosure-{seed}-early"), &pos, last)?;
            let last = enclosure_bot(&mut pos, seed, 10_000)?;
            save_enclosure(&format!("enclosure-{seed}-finished"), &pos, last)?;
        }
        let mut pos = wallgo::Position::two_player();
        let last = wallgo_bot(&mut pos, 11, 1000)?;
        save_wallgo("wallgo-finished", &pos, last)?;
        for players in [3, 4] {
            let mut pos = wallgo::Position::new(players)?;
            let last = wallgo_bot(&mut pos, 5, 40)?;
            save_wallgo(&format!("wallgo-{players}p"), &pos, last)?;
            let last = wallgo_bot(&mut pos, 5, 1000)?;
            save_wallgo(&format!("wallgo-{players}p-finished"), &pos, last)?;
        }
        let mut pos = wallgo::Position::new(4)?;
        let last = wallgo_bot(&mut pos, 5, 5)?;
        save_wallgo("wallgo-placing", &pos, last)?;
    }
    Ok(())
}
