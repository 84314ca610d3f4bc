//! The statistics of a match: the score with its 95 % interval, the Elo difference it
//! gives, and the sequential probability ratio test (SPRT) that stops a match once the
//! results decide between two hypotheses.
//!
//! Results are counted two ways. [`Trinomial`] counts games (wins, draws, losses);
//! [`Pentanomial`] counts pairs of games played from the same opening with the colours
//! swapped, by the pair's points (0, ½, 1, 1½ or 2). Pairs remove most of the noise the
//! openings bring, so their variance is the honest one when the games are paired.
//!
//! The SPRT is the generalized SPRT with the logistic Elo model, as fastchess and
//! OpenBench compute it: under each hypothesis `Elo = elo0` or `Elo = elo1` the expected
//! score is `1 / (1 + 10^(−elo/400))`; the log-likelihood ratio compares the most likely
//! distribution of the outcomes with that expected score under each, given the counts
//! (M. Van den Bergh, "Comments on Normalized Elo", proposition 1.1). The test accepts
//! H1 when the ratio reaches `ln((1 − β)/α)` and H0 when it falls to `ln(β/(1 − α))`.
//!
//! ```
//! use wallrush_cli::arena::stats::{Pentanomial, Sprt, Verdict};
//! let sprt: Sprt = "elo0=0,elo1=5".parse()?;
//! let (lower, upper) = sprt.bounds();
//! assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
//! // Pairs scoring 0, ½, 1, 1½ and 2 points.
//! let pairs = Pentanomial([10, 80, 220, 100, 20]);
//! let llr = sprt.llr_pentanomial(&pairs);
//! assert_eq!(sprt.verdict(llr), Verdict::Continue);
//! # Ok::<(), String>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// The 97.5 % quantile of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference a score in (0, 1) gives: `−400 · log10(1/p − 1)`; `None` at 0 or 1
/// and beyond.
pub fn elo_of_score(p: f64) -> Option<f64> {
    (p > 0.0 && p < 1.0).then(|| -400.0 * (1.0 / p - 1.0).log10() + 0.0)
}

/// The expected score at an Elo difference, in the logistic model.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Wilson score interval at 95 % of a proportion `p` seen over `n` trials: never
/// outside [0, 1], and never empty when `p` is 0 or 1.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Games counted by their result, for the first player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Trinomial {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// Pairs of games counted by the first player's points in the pair: index `k` holds the
/// pairs that scored `k / 2` points (0, ½, 1, 1½, 2). A pair of one win and one loss and
/// a pair of two draws both score 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pentanomial(pub [u32; 5]);

/// The score of a match with its 95 % interval.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// The first player's score per game, in [0, 1].
    pub score: f64,
    /// The 95 % interval of the score, inside [0, 1].
    pub interval: (f64, f64),
    /// Games the estimate is drawn from.
    pub games: u32,
}

impl Trinomial {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score with its interval from the per-game variance; `None` before any game.
    pub fn estimate(&self) -> Option<Estimate> {
        let n = self.games();
        let outcomes = [(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)];
        estimate(&outcomes, n, n)
    }
}

impl Pentanomial {
    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The pairs of `points` points for the first player (0, ½, 1, 1½ or 2 as 0 to 4
    /// halves); `None` beyond 4.
    pub fn add(&mut self, halves: usize) -> Option<()> {
        *self.0.get_mut(halves)? += 1;
        Some(())
    }

    /// The score with its interval from the variance of pair scores; `None` before any
    /// pair.
    pub fn estimate(&self) -> Option<Estimate> {
        let n = self.pairs();
        let outcomes: Vec<(f64, u32)> = (0..5).map(|k| (k as f64 / 4.0, self.0[k])).collect();
        estimate(&outcomes, n, 2 * n)
    }
}

/// The mean of `outcomes` (score, count) over `n` draws and its normal interval; the
/// Wilson interval over `games` games when the normal one leaves (0, 1) or has no width.
fn estimate(outcomes: &[(f64, u32)], n: u32, games: u32) -> Option<Estimate> {
    if n == 0 {
        return None;
    }
    let nf = f64::from(n);
    let score = outcomes.iter().map(|&(a, c)| a * f64::from(c)).sum::<f64>() / nf;
    let var = outcomes.iter().map(|&(a, c)| f64::from(c) * (a - score).powi(2)).sum::<f64>() / nf;
    let half = Z95 * (var / nf).sqrt();
    let interval = if half > 0.0 && score - half > 0.0 && score + half < 1.0 {
        (score - half, score + half)
    } else {
        wilson(score, f64::from(games))
    };
    Some(Estimate { score, interval, games })
}

impl Estimate {
    /// The Elo difference and its 95 % interval; `None` when one side won every game.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        Some((elo_of_score(self.score)?, elo_of_score(self.interval.0)?, elo_of_score(self.interval.1)?))
    }
}

impl fmt::Display for Estimate {
    /// `score 62.5% [55.1%, 69.9%], Elo +89 ± 54 [+36, +147]`, or, when one side won
    /// every game, `score 100.0% [83.9%, 100.0%], no estimate: one side won every game`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "score {:.1}% [{:.1}%, {:.1}%], ",
            100.0 * self.score,
            100.0 * self.interval.0,
            100.0 * self.interval.1
        )?;
        match self.elo() {
            Some((elo, lo, hi)) => write!(f, "Elo {elo:+.0} ± {:.0} [{lo:+.0}, {hi:+.0}]", (hi - lo) / 2.0),
            None => f.write_str("no estimate: one side won every game"),
        }
    }
}

/// A sequential probability ratio test: H0 `Elo = elo0` against H1 `Elo = elo1`, with
/// false-positive rate `alpha` and false-negative rate `beta`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Neither bound reached.
    Continue,
    /// The lower bound reached: H0 (`Elo = elo0`) accepted.
    H0,
    /// The upper bound reached: H1 (`Elo = elo1`) accepted.
    H1,
}

impl FromStr for Sprt {
    type Err = String;
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05`; alpha and beta default to 0.05.
    fn from_str(s: &str) -> Result<Sprt, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, None, None);
        for pair in s.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = pair.split_once('=').ok_or(format!("expected key=value, got {pair:?}"))?;
            let v: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or(format!("{k}: expected a number, got {v:?}"))?;
            let slot = match k.trim() {
                "elo0" => &mut elo0,
                "elo1" => &mut elo1,
                "alpha" => &mut alpha,
                "beta" => &mut beta,
                other => {
                    return Err(format!("unknown SPRT parameter {other:?}: expected elo0, elo1, alpha, beta"))
                }
            };
            if slot.replace(v).is_some() {
                return Err(format!("{k} is given twice"));
            }
        }
        let sprt = Sprt {
            elo0: elo0.ok_or("elo0 is missing")?,
            elo1: elo1.ok_or("elo1 is missing")?,
            alpha: alpha.unwrap_or(0.05),
            beta: beta.unwrap_or(0.05),
        };
        if sprt.elo0 >= sprt.elo1 {
            return Err("elo0 must be below elo1".into());
        }
        if sprt.elo0.abs() > 1000.0 || sprt.elo1.abs() > 1000.0 {
            return Err("elo0 and elo1 lie between -1000 and 1000".into());
        }
        if !(sprt.alpha > 0.0 && sprt.alpha < 1.0 && sprt.beta > 0.0 && sprt.beta < 1.0) {
            return Err("alpha and beta lie strictly between 0 and 1".into());
        }
        if sprt.alpha + sprt.beta >= 1.0 {
            return Err("alpha + beta must be below 1".into());
        }
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={},elo1={},alpha={},beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

impl Sprt {
    /// The bounds of the log-likelihood ratio: `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// Where a test stands at `llr`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The log-likelihood ratio of the games' results.
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        self.llr(&[0.0, 0.5, 1.0], &[t.losses, t.draws, t.wins])
    }

    /// The log-likelihood ratio of the pairs' results.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &p.0)
    }

    /// `N · Σ p̂ᵢ (ln p1ᵢ − ln p0ᵢ)`, where p̂ is the distribution of the outcomes
    /// (`scores`, per draw) and p0, p1 the most likely distributions with the expected
    /// scores of elo0 and elo1. An empty category counts as 0.001 of a draw, as in
    /// fastchess, so that the ratio is defined from the first result.
    fn llr(&self, scores: &[f64], counts: &[u32]) -> f64 {
        let counts: Vec<f64> = counts.iter().map(|&c| if c == 0 { 1e-3 } else { f64::from(c) }).collect();
        let total: f64 = counts.iter().sum();
        let phat: Vec<f64> = counts.iter().map(|c| c / total).collect();
        let p0 = most_likely(scores, &phat, score_of_elo(self.elo0));
        let p1 = most_likely(scores, &phat, score_of_elo(self.elo1));
        total * phat.iter().zip(p0.iter().zip(&p1)).map(|(ph, (a, b))| ph * (b.ln() - a.ln())).sum::<f64>()
    }
}

/// The distribution closest to `phat` (in likelihood) whose expected score is `s`:
/// `pᵢ = p̂ᵢ / (1 + θ (aᵢ − s))`, θ the root of `Σ p̂ᵢ (aᵢ − s) / (1 + θ (aᵢ − s)) = 0`
/// between `−1/(a_max − s)` and `−1/(a_min − s)`, where the sum falls from +∞ to −∞.
fn most_likely(scores: &[f64], phat: &[f64], s: f64) -> Vec<f64> {
    let f = |theta: f64| -> f64 {
        scores.iter().zip(phat).map(|(a, p)| p * (a - s) / (1.0 + theta * (a - s))).sum()
    };
    let (min, max) = scores.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &a| (lo.min(a), hi.max(a)));
    let (mut lo, mut hi) = (-1.0 / (max - s), -1.0 / (min - s));
    // Bisection to the limit of f64: the function falls monotonically on (lo, hi).
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    scores.iter().zip(phat).map(|(a, p)| p / (1.0 + theta * (a - s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn bounds() {
        let sprt: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        let (lo, hi) = sprt.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05).
        assert!(close(lo, -2.944_438_979, 1e-9) && close(hi, 2.944_438_979, 1e-9), "{lo} {hi}");
        let sprt: Sprt = "elo0=-5,elo1=0,alpha=0.1,beta=0.05".parse().unwrap();
        let (lo, hi) = sprt.bounds();
        // ln(0.05/0.9) = -2.890372, ln(0.95/0.1) = 2.251292.
        assert!(close(lo, -2.890_371_758, 1e-9) && close(hi, 2.251_291_799, 1e-9), "{lo} {hi}");
        assert_eq!(sprt.verdict(2.26), Verdict::H1);
        assert_eq!(sprt.verdict(-2.9), Verdict::H0);
        assert_eq!(sprt.verdict(0.0), Verdict::Continue);
    }

    #[test]
    fn specs_read_and_refuse() {
        let s: Sprt = "elo0=-5,elo1=0".parse().unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        assert_eq!(s.to_string().parse::<Sprt>(), Ok(s));
        for bad in [
            "",
            "elo0=0",
            "elo0=5,elo1=0",
            "elo0=0,elo1=5,alpha=0",
            "elo0=0,elo1=5,alpha=0.6,beta=0.5",
            "elo0=0,elo1=x",
            "elo0=0,elo1=5,gamma=1",
            "elo0=0,elo0=1,elo1=5",
            "elo0=0,elo1=inf",
            "elo0",
        ] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    // Reference values computed apart, at 40 digits with mpmath (a bracketing solver on
    // the Lagrange conditions, each solution checked against them). Command:
    //   python3 wallrush-cli/tests/arena_sprt_reference.py
    #[test]
    fn llr_of_known_counts() {
        let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        let cases = [
            ([10, 80, 220, 100, 20], 1.406_560_178),
            ([20, 100, 220, 80, 10], -1.908_442_670),
            ([0, 30, 200, 120, 50], 5.714_880_492),
        ];
        for (counts, want) in cases {
            let got = sprt.llr_pentanomial(&Pentanomial(counts));
            assert!(close(got, want, 1e-6), "{counts:?}: {got} against {want}");
        }
        let sprt: Sprt = "elo0=-5,elo1=0".parse().unwrap();
        let got = sprt.llr_trinomial(&Trinomial { wins: 300, draws: 100, losses: 280 });
        assert!(close(got, 0.419_981_380_7, 1e-6), "{got}");
    }

    #[test]
    fn llr_is_near_the_normal_approximation() {
        // For small Elo differences, LLR ≈ N (s1 − s0)(2 m − s0 − s1) / (2 v) over the
        // pair scores (mean m, variance v).
        let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        let counts = [40, 300, 900, 380, 60];
        let n = f64::from(counts.iter().sum::<u32>());
        let m = counts.iter().enumerate().map(|(k, &c)| k as f64 / 4.0 * f64::from(c)).sum::<f64>() / n;
        let v =
            counts.iter().enumerate().map(|(k, &c)| f64::from(c) * (k as f64 / 4.0 - m).powi(2)).sum::<f64>()
                / n;
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
        let approx = n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        let exact = sprt.llr_pentanomial(&Pentanomial(counts));
        assert!(close(exact, approx, 0.02 * approx.abs().max(1.0)), "{exact} {approx}");
    }

    #[test]
    fn elo_from_a_score() {
        assert_eq!(elo_of_score(0.5), Some(0.0));
        assert!(close(elo_of_score(0.75).unwrap(), 190.848_501_9, 1e-6));
        assert!(close(elo_of_score(0.25).unwrap(), -190.848_501_9, 1e-6));
        assert_eq!(elo_of_score(1.0), None);
        assert_eq!(elo_of_score(0.0), None);
        assert!(close(score_of_elo(190.848_501_9), 0.75, 1e-9));
    }

    #[test]
    fn intervals() {
        // 60 wins and 40 losses: per-game variance 0.24, half-width 1.96·√(0.24/100).
        let e = Trinomial { wins: 60, draws: 0, losses: 40 }.estimate().unwrap();
        let half = Z95 * (0.24f64 / 100.0).sqrt();
        assert!(close(e.interval.0, 0.6 - half, 1e-12) && close(e.interval.1, 0.6 + half, 1e-12));
        assert_eq!(e.to_string(), "score 60.0% [50.4%, 69.6%], Elo +70 ± 71 [+3, +144]");
        // Pairs: 10 pairs at 1½, 10 at 1: mean 0.625, variance 0.015625.
        let p = Pentanomial([0, 0, 10, 10, 0]).estimate().unwrap();
        assert_eq!(p.games, 40);
        assert!(close(p.score, 0.625, 1e-12));
        assert!(close(p.interval.1 - p.score, Z95 * (0.015_625f64 / 20.0).sqrt(), 1e-12));
        // Wilson for 10 of 10 (the reference script prints the lower end).
        let (lo, hi) = wilson(1.0, 10.0);
        assert!(close(lo, 0.722_467_200_1, 1e-9) && close(hi, 1.0, 1e-12), "{lo} {hi}");
    }

    #[test]
    fn elo_is_never_infinite() {
        let all = Trinomial { wins: 3, draws: 0, losses: 0 }.estimate().unwrap();
        assert_eq!(all.elo(), None);
        assert_eq!(all.to_string(), "score 100.0% [43.9%, 100.0%], no estimate: one side won every game");
        let none = Trinomial { wins: 0, draws: 0, losses: 5 }.estimate().unwrap();
        assert!(none.to_string().ends_with("no estimate: one side won every game"), "{none}");
        // A normal interval past 0 falls back to Wilson's, and stays finite.
        let few = Trinomial { wins: 0, draws: 1, losses: 3 }.estimate().unwrap();
        let (elo, lo, hi) = few.elo().unwrap();
        assert!(elo.is_finite() && lo.is_finite() && hi.is_finite() && lo < elo && elo < hi);
        // Every pair won, one game drawn: an estimate.
        let pairs = Pentanomial([0, 0, 0, 1, 9]).estimate().unwrap();
        assert!(pairs.elo().is_some(), "{pairs}");
        assert_eq!(Trinomial::default().estimate(), None);
    }
}
