//! Declared differences: a small text file of rules an engine is known to follow
//! differently, reported as declared rather than as failures.
//!
//! ```text
//! # OpenSpiel's Quoridor
//! ply-cap 200          # the engine draws every game at this ply: games stop there
//! ply-cap 4*size^2     # the same, growing with the board (OpenSpiel: 4 n²)
//! extra-move pass      # the engine lists this move where wallrush lists none
//! stop-before pass     # the engine cannot play this move: games stop before it
//! ignore outcome       # differences in this aspect are declared (legal, outcome, routes,
//!                      # refusal, refusal:KIND)
//! ```

/// The declared differences.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Known {
    /// The engine draws every game at this ply: games stop there, and that last
    /// position is not compared.
    pub ply_cap: Option<u32>,
    /// The same cap as a multiple of the board's cell count (`ply-cap K*size^2`).
    pub ply_cap_per_cell: Option<u32>,
    /// Move texts the engine may list that wallrush does not.
    pub extra_moves: Vec<String>,
    /// Aspects whose differences are declared.
    pub ignore: Vec<String>,
    /// Move texts (the engine's notation) the engine cannot play though they are legal:
    /// a game stops before one of them, counted as a declared difference.
    pub stop_before: Vec<String>,
}

impl Known {
    /// Reads the file's text.
    ///
    /// # Errors
    /// A line that is not one of the four rules, with its line number.
    pub fn parse(text: &str) -> Result<Known, String> {
        let mut k = Known::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (rule, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let arg = arg.trim();
            match rule {
                "ply-cap" => {
                    let bad = || format!("line {}: ply-cap takes a number or K*size^2", i + 1);
                    match arg.strip_suffix("*size^2") {
                        Some(k_) => k.ply_cap_per_cell = Some(k_.trim().parse().map_err(|_| bad())?),
                        None => k.ply_cap = Some(arg.parse().map_err(|_| bad())?),
                    }
                }
                "extra-move" if !arg.is_empty() => k.extra_moves.push(arg.to_string()),
                "ignore" if !arg.is_empty() => k.ignore.push(arg.to_string()),
                "stop-before" if !arg.is_empty() => k.stop_before.push(arg.to_string()),
                _ => {
                    return Err(format!(
                        "line {}: expected ply-cap N, extra-move TEXT, stop-before TEXT or ignore ASPECT",
                        i + 1
                    ))
                }
            }
        }
        Ok(k)
    }

    /// The ply at which the engine draws a game on a board of `size` (the smaller of
    /// the declared caps), if any.
    pub fn cap_at(&self, size: u8) -> Option<u32> {
        let per_cell = self.ply_cap_per_cell.map(|k| k.saturating_mul(u32::from(size) * u32::from(size)));
        match (self.ply_cap, per_cell) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether differences in `aspect` are declared.
    pub fn ignores(&self, aspect: &str) -> bool {
        self.ignore.iter().any(|a| a == aspect)
    }
}

#[cfg(test)]
mod tests {
    use crate::verify::known::Known;

    #[test]
    fn reads_the_rules() {
        let k = Known::parse("# x\nply-cap 200\nextra-move pass # forced pass\nignore outcome\n").unwrap();
        assert_eq!(k.ply_cap, Some(200));
        assert_eq!(k.extra_moves, vec!["pass"]);
        assert!(k.ignores("outcome") && !k.ignores("legal"));
        assert_eq!(k.cap_at(9), Some(200));
        let k = Known::parse("ply-cap 4*size^2\n").unwrap();
        assert_eq!((k.ply_cap, k.ply_cap_per_cell), (None, Some(4)));
        assert_eq!((k.cap_at(5), k.cap_at(9)), (Some(100), Some(324)));
        assert_eq!(Known::parse("ply-cap 4*size^2\nply-cap 200").unwrap().cap_at(9), Some(200));
        assert_eq!(
            Known::parse("ply-cap x*size^2").unwrap_err(),
            "line 1: ply-cap takes a number or K*size^2"
        );
        assert_eq!(
            Known::parse("cap 3").unwrap_err(),
            "line 1: expected ply-cap N, extra-move TEXT, stop-before TEXT or ignore ASPECT"
        );
        assert_eq!(Known::parse("stop-before pass").unwrap().stop_before, vec!["pass"]);
    }
}
