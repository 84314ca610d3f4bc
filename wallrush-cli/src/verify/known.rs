//! Declared differences: a small text file of rules an engine is known to follow
//! differently, reported as declared rather than as failures.
//!
//! ```text
//! # OpenSpiel's Quoridor
//! ply-cap 200          # games stop here: the engine draws them
//! extra-move pass      # the engine lists this move where wallrush lists none
//! ignore outcome       # differences in this aspect are declared (legal, outcome, routes,
//!                      # refusal, refusal:KIND)
//! ```

/// The declared differences.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Known {
    /// Games stop at this ply.
    pub ply_cap: Option<u32>,
    /// Move texts the engine may list that wallrush does not.
    pub extra_moves: Vec<String>,
    /// Aspects whose differences are declared.
    pub ignore: Vec<String>,
}

impl Known {
    /// Reads the file's text.
    ///
    /// # Errors
    /// A line that is not one of the three rules, with its line number.
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
                    k.ply_cap =
                        Some(arg.parse().map_err(|_| format!("line {}: ply-cap takes a number", i + 1))?)
                }
                "extra-move" if !arg.is_empty() => k.extra_moves.push(arg.to_string()),
                "ignore" if !arg.is_empty() => k.ignore.push(arg.to_string()),
                _ => {
                    return Err(format!(
                        "line {}: expected ply-cap N, extra-move TEXT or ignore ASPECT",
                        i + 1
                    ))
                }
            }
        }
        Ok(k)
    }

    /// Whether differences in `aspect` are declared.
    pub fn ignores(&self, aspect: &str) -> bool {
        self.ignore.iter().any(|a| a == aspect)
    }
}

#[cfg(test)]
mod tests {
    use super::Known;

    #[test]
    fn reads_the_rules() {
        let k = Known::parse("# x\nply-cap 200\nextra-move pass # forced pass\nignore outcome\n").unwrap();
        assert_eq!(k.ply_cap, Some(200));
        assert_eq!(k.extra_moves, vec!["pass"]);
        assert!(k.ignores("outcome") && !k.ignores("legal"));
        assert_eq!(
            Known::parse("cap 3").unwrap_err(),
            "line 1: expected ply-cap N, extra-move TEXT or ignore ASPECT"
        );
    }
}
