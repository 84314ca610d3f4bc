//! What the tuning examples (`tune`, `spsa`) share: the coordinate descent over integer
//! weights, SPSA's steps, and reading their flags. Their openings are the arena's
//! (`wallrush_cli::arena::opening`).

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

/// The word after the first `flag` in `args`, if any.
///
/// ```
/// use wallrush_examples::tuning::flag_value;
/// let args: Vec<String> = ["--seed", "3", "--tune"].map(String::from).to_vec();
/// assert_eq!(flag_value(&args, "--seed"), Some("3"));
/// assert_eq!(flag_value(&args, "--tune"), None);
/// assert_eq!(flag_value(&args, "--start"), None);
/// ```
pub fn flag_value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).map(String::as_str)
}

/// The number after `flag` in `args`, or `default` without the flag.
///
/// # Panics
///
/// On a value that is not a number (a tuning run should stop at once on a typo).
pub fn number(args: &[String], flag: &str, default: u64) -> u64 {
    flag_value(args, flag)
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
    weights_of_len(list, N)?.try_into().ok()
}

/// Weights written `A/B/C/…`, as [`weight_list`] reads them, for a count known only
/// at run time: `None` unless there are exactly `n` numbers.
///
/// ```
/// use wallrush_examples::tuning::weights_of_len;
/// assert_eq!(weights_of_len("74/-28", 2), Some(vec![74, -28]));
/// assert_eq!(weights_of_len("74/-28", 3), None);
/// assert_eq!(weights_of_len("74/x", 2), None);
/// ```
pub fn weights_of_len(list: &str, n: usize) -> Option<Vec<i32>> {
    let v: Vec<i32> = list.split('/').map(|x| x.parse().ok()).collect::<Option<_>>()?;
    (v.len() == n).then_some(v)
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

/// One parameter of an SPSA run ([`spsa_points`], [`spsa_step`]): its current value, the
/// size `c` of the perturbation each side plays with, and the bounds it is held in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpsaParam {
    /// What the parameter is, for reports.
    pub name: &'static str,
    /// The current estimate (a real number; the engines play it rounded).
    pub value: f64,
    /// The perturbation: the two sides of a game pair play `value ± c`.
    pub c: f64,
    /// The least value allowed.
    pub min: f64,
    /// The greatest value allowed.
    pub max: f64,
}

/// The two points an SPSA game pair plays for the signs `delta` (each +1 or −1): the
/// parameters at `value + c·Δ` and at `value − c·Δ`, rounded and held in their bounds.
///
/// ```
/// use wallrush_examples::tuning::{spsa_points, SpsaParam};
/// let p = [
///     SpsaParam { name: "a", value: 50.4, c: 10.0, min: 0.0, max: 100.0 },
///     SpsaParam { name: "b", value: 3.0, c: 5.0, min: 0.0, max: 100.0 },
/// ];
/// assert_eq!(spsa_points(&p, &[1, -1]), (vec![60, 0], vec![40, 8]));
/// ```
pub fn spsa_points(params: &[SpsaParam], delta: &[i8]) -> (Vec<i32>, Vec<i32>) {
    let at = |sign: f64| {
        params
            .iter()
            .zip(delta)
            .map(|(p, &d)| (p.value + sign * p.c * f64::from(d)).clamp(p.min, p.max).round() as i32)
            .collect()
    };
    (at(1.0), at(-1.0))
}

/// One SPSA step (the constant-gain form of Fishtest's tuner): after a game pair in which
/// the `+` point scored `result` more than the `−` point (from −2 to 2 over the two
/// games), each parameter moves by `rate · c · result · Δ`, held in its bounds. A pair the
/// `+` side won pulls every parameter toward the `+` point.
///
/// ```
/// use wallrush_examples::tuning::{spsa_step, SpsaParam};
/// let mut p = [
///     SpsaParam { name: "a", value: 50.0, c: 10.0, min: 0.0, max: 100.0 },
///     SpsaParam { name: "b", value: 1.0, c: 5.0, min: 0.0, max: 100.0 },
/// ];
/// spsa_step(&mut p, &[1, -1], 2.0, 0.05);
/// assert_eq!(p[0].value, 51.0); // + 0.05 · 10 · 2
/// assert_eq!(p[1].value, 0.5); // − 0.05 · 5 · 2
/// spsa_step(&mut p, &[1, -1], -2.0, 1.0);
/// assert_eq!((p[0].value, p[1].value), (31.0, 10.5));
/// spsa_step(&mut p, &[-1, 1], 2.0, 10.0);
/// assert_eq!((p[0].value, p[1].value), (0.0, 100.0)); // held in the bounds
/// ```
pub fn spsa_step(params: &mut [SpsaParam], delta: &[i8], result: f64, rate: f64) {
    for (p, &d) in params.iter_mut().zip(delta) {
        p.value = (p.value + rate * p.c * result * f64::from(d)).clamp(p.min, p.max);
    }
}
