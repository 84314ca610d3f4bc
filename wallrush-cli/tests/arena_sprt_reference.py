"""Reference values for the SPRT tests of wallrush-cli/src/arena/stats.rs, computed
apart from the Rust code: the constrained maximum likelihood from its Lagrange
conditions (p_i = phat_i / (lam + mu * a_i), sum p_i = 1, sum a_i p_i = s, every
p_i > 0), solved at 40 digits by mpmath's bracketing solver (the Rust code bisects in
f64), with the same 0.001 for an empty category; each solution is checked against the
conditions. Run: python3 wallrush-cli/tests/arena_sprt_reference.py
"""

from mpmath import findroot, log, mp, mpf, sqrt

mp.dps = 40


def score_of_elo(elo):
    return 1 / (1 + mpf(10) ** (-mpf(elo) / 400))


def most_likely(scores, phat, s):
    # Eliminating lam (lam = 1 - mu * s) leaves one unknown, mu, on the interval where
    # every p_i > 0; mpmath's bracketing solver finds it.
    lo = -1 / (max(scores) - s)
    hi = -1 / (min(scores) - s)
    eps = (hi - lo) * mpf(10) ** -30

    def g(mu):
        return sum(p * (a - s) / (1 + mu * (a - s)) for a, p in zip(scores, phat))

    mu = findroot(g, (lo + eps, hi - eps), solver="anderson")
    p = [q / (1 + mu * (a - s)) for a, q in zip(scores, phat)]
    # The solution is a distribution with the expected score s.
    assert all(x > 0 for x in p)
    assert abs(sum(p) - 1) < mpf(10) ** -30
    assert abs(sum(a * x for a, x in zip(scores, p)) - s) < mpf(10) ** -30
    return p


def llr(scores, counts, elo0, elo1):
    counts = [mpf("0.001") if c == 0 else mpf(c) for c in counts]
    total = sum(counts)
    phat = [c / total for c in counts]
    p0 = most_likely(scores, phat, score_of_elo(elo0))
    p1 = most_likely(scores, phat, score_of_elo(elo1))
    return total * sum(ph * (log(b) - log(a)) for ph, a, b in zip(phat, p0, p1))


PENTA = [0, mpf(1) / 4, mpf(1) / 2, mpf(3) / 4, 1]
TRI = [0, mpf(1) / 2, 1]
for counts in ([10, 80, 220, 100, 20], [20, 100, 220, 80, 10], [0, 30, 200, 120, 50]):
    print("pentanomial", counts, "elo0=0,elo1=5:", mp.nstr(llr(PENTA, counts, 0, 5), 12))
print("trinomial L/D/W 280/100/300 elo0=-5,elo1=0:", mp.nstr(llr(TRI, [280, 100, 300], -5, 0), 12))
print("bounds 0.05/0.05:", mp.nstr(log(mpf("0.05") / mpf("0.95")), 12))
print("bounds alpha=0.1 beta=0.05:", mp.nstr(log(mpf("0.05") / mpf("0.9")), 12), mp.nstr(log(mpf("0.95") / mpf("0.1")), 12))
print("elo of 0.75:", mp.nstr(-400 * log(1 / mpf("0.75") - 1, 10), 12))
z = mpf("1.959963984540054")
for p, n in ((1, 10), (1, 3)):
    p, n = mpf(p), mpf(n)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    print(f"wilson {p}/{n}:", mp.nstr(centre - half, 10))
half = z * sqrt(mpf("0.24") / 100)
lo, hi = mpf("0.6") - half, mpf("0.6") + half
elo = lambda q: -400 * log(1 / q - 1, 10)
print("60/0/40:", mp.nstr(lo, 6), mp.nstr(hi, 6), "Elo", mp.nstr(elo(mpf("0.6")), 6), mp.nstr(elo(lo), 6), mp.nstr(elo(hi), 6), "half", mp.nstr((elo(hi) - elo(lo)) / 2, 6))
