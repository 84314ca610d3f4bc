//! The engine's `hello` answer: which variants it plays and which commands it has.

use wallrush_core::notation::Notation;
use wallrush_core::{Goal, Variant};

/// What an engine declared in its `hello` answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hello {
    /// The notation it names moves in.
    pub notation: Notation,
    /// Board sizes.
    pub sizes: Vec<u32>,
    /// Seat counts.
    pub seats: Vec<u32>,
    /// Wall lengths.
    pub wall_lengths: Vec<u32>,
    /// Wall stocks.
    pub walls: Vec<u32>,
    /// Goals.
    pub goals: Vec<Goal>,
    /// Answers `routes`.
    pub routes: bool,
    /// Answers `undo`.
    pub undo: bool,
    /// Answers `outcome`.
    pub outcome: bool,
}

fn numbers(text: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let num = |s: &str| s.parse::<u32>().map_err(|_| format!("expected a number, got {s:?}"));
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b)?.min(255));
                out.extend(a..=b);
            }
            None => out.push(num(part)?),
        }
    }
    Ok(out)
}

impl Hello {
    /// Reads the payload of `ok ...` to `hello`: `key=value` words; missing keys keep
    /// the classic defaults (`notation=standard sizes=9 seats=2 wall_lengths=2 walls=10
    /// goals=edge`, no optional commands).
    ///
    /// # Errors
    /// A key or value that does not read.
    pub fn parse(text: &str) -> Result<Hello, String> {
        let mut h = Hello {
            notation: Notation::Standard,
            sizes: vec![9],
            seats: vec![2],
            wall_lengths: vec![2],
            walls: vec![10],
            goals: vec![Goal::Edge],
            routes: false,
            undo: false,
            outcome: false,
        };
        for word in text.split_whitespace() {
            let (k, v) =
                word.split_once('=').ok_or_else(|| format!("hello: expected key=value, got {word:?}"))?;
            match k {
                "notation" => h.notation = v.parse().map_err(|_| format!("hello: unknown notation {v:?}"))?,
                "sizes" => h.sizes = numbers(v)?,
                "seats" => h.seats = numbers(v)?,
                "wall_lengths" => h.wall_lengths = numbers(v)?,
                "walls" => h.walls = numbers(v)?,
                "goals" => {
                    h.goals = v
                        .split(',')
                        .map(|g| g.parse().map_err(|_| format!("hello: unknown goal {g:?}")))
                        .collect::<Result<_, _>>()?
                }
                "commands" => {
                    for c in v.split(',') {
                        match c {
                            "routes" => h.routes = true,
                            "undo" => h.undo = true,
                            "outcome" => h.outcome = true,
                            _ => {}
                        }
                    }
                }
                _ => {} // unknown keys are for later versions
            }
        }
        Ok(h)
    }

    /// Whether the engine plays `v`.
    pub fn supports(&self, v: &Variant) -> bool {
        self.sizes.contains(&u32::from(v.size()))
            && self.seats.contains(&u32::from(v.players()))
            && self.wall_lengths.contains(&u32::from(v.wall_length()))
            && self.walls.contains(&u32::from(v.walls()))
            && self.goals.contains(&v.goal())
    }
}

#[cfg(test)]
mod tests {
    use crate::verify::hello::Hello;
    use wallrush_core::notation::Notation;
    use wallrush_core::Variant;

    #[test]
    fn reads_ranges_and_defaults() {
        let h = Hello::parse("notation=wallrush sizes=3-7,9 seats=2,4 commands=routes,outcome").unwrap();
        assert_eq!(h.notation, Notation::WallRush);
        assert_eq!(h.sizes, vec![3, 4, 5, 6, 7, 9]);
        assert_eq!(h.seats, vec![2, 4]);
        assert_eq!((h.routes, h.undo, h.outcome), (true, false, true));
        assert_eq!(h.walls, vec![10]);
        assert!(h.supports(&Variant::classic()));
        assert!(!h.supports(&Variant::builder().walls(3).build().unwrap()));
        assert!(Hello::parse("sizes=x").is_err());
    }
}
