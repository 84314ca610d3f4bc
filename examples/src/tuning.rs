//! What the tuning examples (`tune`, `tune_four`) share: seeded random openings and the
//! coordinate descent over integer weights.

use wallrush_core::{Move, Position, SplitMix64, Variant};

/// A position of `variant` after up to `plies` seeded random moves: a pawn move, or a
/// wall a third of the time (while walls are legal); fewer if the game ends first.
///
/// ```
/// use wallrush_core::{Position, SplitMix64, Variant};
/// use wallrush_examples::tuning::random_opening;
/// let a = random_opening(&mut SplitMix64::new(7), Variant::classic(), 6);
/// let b = random_opening(&mut SplitMix64::new(7), Variant::classic(), 6);
/// assert_eq!(a, b); // the same seed, the same opening
/// assert_ne!(a, Position::new(Variant::classic()));
/// ```
pub fn random_opening(rng: &mut SplitMix64, variant: Variant, plies: u32) -> Position {
    let mut pos = Position::new(variant);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        let (pawns, walls): (Vec<Move>, Vec<Move>) = legal.iter().partition(|m| matches!(m, Move::Pawn(_)));
        let pool = if walls.is_empty() || rng.next_u64() % 3 != 0 { pawns } else { walls };
        let Some(&m) = rng.pick(&pool) else { break };
        pos.play(m).expect("legal");
        if pos.is_game_over() {
            break;
        }
    }
    pos
}

/// Coordinate descent from `start`: each weight of `free` in turn moves by a step up or
/// down while that lowers `loss`, with steps of 40, 20, 10, 5 and 2 in turn until no
/// step lowers it. Returns the weights and their loss.
///
/// ```
/// use wallrush_examples::tuning::coordinate_descent;
/// // The second weight finds -7 by steps of 10, 5 and 2; the first is held.
/// let loss = |w: &[i32; 2]| f64::from((w[0] - 13).pow(2) + (w[1] + 7).pow(2));
/// let (w, l) = coordinate_descent([0, 0], &[1], loss);
/// assert_eq!(w, [0, -7]);
/// assert_eq!(l, 169.0);
/// ```
pub fn coordinate_descent<const N: usize>(
    start: [i32; N],
    free: &[usize],
    loss: impl Fn(&[i32; N]) -> f64,
) -> ([i32; N], f64) {
    let mut w = start;
    let mut best = loss(&w);
    for step in [40, 20, 10, 5, 2] {
        loop {
            let mut improved = false;
            for &i in free.iter().filter(|&&i| i < N) {
                for delta in [step, -step] {
                    let mut t = w;
                    t[i] += delta;
                    let l = loss(&t);
                    if l < best - 1e-12 {
                        best = l;
                        w = t;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    (w, best)
}

/// The number after `flag` in `args`, or `default` without the flag.
///
/// # Panics
///
/// On a value that is not a number (a tuning run should stop at once on a typo).
pub fn number(args: &[String], flag: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{flag}: a number")))
        .unwrap_or(default)
}

/// Weights written `A/B/C/…`, as the tuning examples print them: `None` unless there
/// are exactly `N` numbers.
///
/// ```
/// use wallrush_examples::tuning::weight_list;
/// assert_eq!(weight_list::<3>("100/-20/5"), Some([100, -20, 5]));
/// assert_eq!(weight_list::<3>("100/-20"), None);
/// assert_eq!(weight_list::<2>("100/x"), None);
/// ```
pub fn weight_list<const N: usize>(list: &str) -> Option<[i32; N]> {
    let v: Vec<i32> = list.split('/').map(|x| x.parse().ok()).collect::<Option<_>>()?;
    v.try_into().ok()
}

/// The indices after every `flag` in `args` (`--free 1,5 --free 8` gives 1, 5, 8).
///
/// # Panics
///
/// On an index that is not a number (a tuning run should stop at once on a typo).
pub fn indices(args: &[String], flag: &str) -> Vec<usize> {
    args.windows(2)
        .filter(|a| a[0] == flag)
        .flat_map(|a| a[1].split(',').map(|v| v.parse().unwrap_or_else(|_| panic!("{flag}: indices"))))
        .collect()
}
