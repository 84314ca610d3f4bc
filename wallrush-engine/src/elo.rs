//! Match statistics: the Elo difference a result gives, with its 95 % interval, as
//! match runners (the `wallrush arena` and `selfplay` commands, the match example)
//! report it. Needs the `std` feature (for `log10`).
//!
//! ```
//! use wallrush_engine::elo::Elo;
//! assert_eq!(Elo::from_results(60, 0, 40).unwrap().to_string(), "+70.4 ± 70.6");
//! assert_eq!(Elo::from_results(3, 0, 0).unwrap().to_string(), "+inf ± inf");
//! assert!(Elo::from_results(0, 0, 0).is_none());
//! ```

use core::fmt;
use std::format;
use std::string::ToString;

/// An Elo difference estimated from results, with the half-width of its 95 % confidence
/// interval.
///
/// The score `p = (W + D/2) / N` gives the difference `−400·log10(1/p − 1)`. The error bar
/// takes the standard deviation of the per-game score (1, ½, 0) around `p`, divided by √N,
/// maps `p ± 1.96·sd` through the same formula, and halves the distance (as cutechess-cli
/// does). A side without a loss (or a win) gives an infinite difference; an interval
/// reaching 0 or 1 gives an infinite error bar.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Elo {
    /// The difference (positive: the first side is stronger).
    pub diff: f64,
    /// Half-width of the 95 % interval.
    pub margin: f64,
}

/// The 97.5 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

impl Elo {
    /// The estimate for `wins`, `draws` and `losses` of the first side; `None` for no
    /// games.
    pub fn from_results(wins: u32, draws: u32, losses: u32) -> Option<Elo> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
        let p = (w + d / 2.0) / n;
        let var = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let sd = (var / n).sqrt();
        let (lo, hi) = (p - Z95 * sd, p + Z95 * sd);
        let margin = if lo <= 0.0 || hi >= 1.0 { f64::INFINITY } else { (elo_of(hi) - elo_of(lo)) / 2.0 };
        // `+ 0.0` writes an even score as +0, not -0.
        Some(Elo { diff: elo_of(p) + 0.0, margin })
    }
}

impl fmt::Display for Elo {
    /// `+70.4 ± 70.6`, `+inf ± inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let num = |x: f64| {
            if x.is_infinite() {
                if x > 0.0 {
                    "+inf".to_string()
                } else {
                    "-inf".to_string()
                }
            } else {
                format!("{x:+.1}")
            }
        };
        let margin =
            if self.margin.is_infinite() { "inf".to_string() } else { format!("{:.1}", self.margin) };
        write!(f, "{} ± {margin}", num(self.diff))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_formula() {
        let e = Elo::from_results(60, 0, 40).unwrap();
        assert!((e.diff - 70.4365).abs() < 1e-3, "{e:?}");
        assert!((e.margin - 70.5712).abs() < 1e-3, "{e:?}");
        assert_eq!(e.to_string(), "+70.4 ± 70.6");
        let e = Elo::from_results(30, 40, 30).unwrap();
        assert!(e.diff.abs() < 1e-9 && (e.margin - 53.158).abs() < 1e-3, "{e:?}");
        let e = Elo::from_results(40, 0, 60).unwrap();
        assert!((e.diff + 70.4365).abs() < 1e-3);
        let e = Elo::from_results(5, 0, 0).unwrap();
        assert_eq!(e.to_string(), "+inf ± inf");
        assert_eq!(Elo::from_results(0, 1, 3).unwrap().margin, f64::INFINITY);
        assert_eq!(Elo::from_results(0, 0, 0), None);
    }

    #[test]
    fn the_interval_of_an_even_match() {
        // From the arena's test: 50 % over 100 games is 0 ± about 70.
        let e = Elo::from_results(50, 0, 50).unwrap();
        assert!(e.diff.abs() < 1e-9);
        assert!((e.margin - 70.0).abs() < 3.0, "{e:?}");
        // 75 %: +191.
        let e = Elo::from_results(75, 0, 25).unwrap();
        assert!((e.diff - 190.8).abs() < 0.5, "{e:?}");
        assert!(Elo::from_results(3, 0, 0).unwrap().diff.is_infinite());
    }
}
