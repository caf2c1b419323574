"""Statistics for self-play, with the standard library only.

- :func:`wilson_interval` and :func:`games_for_margin` (from
  :mod:`fabgen.board.checks.chance`, where the board checks may use them too): the
  95 % Wilson score interval of a rate, and the games that know a rate within a margin.
- :func:`chi_square_uniform`: Pearson's chi-square goodness-of-fit test of counts
  against equal expected counts (are the seats' wins equal?), with its p-value from
  the regularized upper incomplete gamma function.
- :func:`summary`: mean, 95th percentile (nearest rank) and maximum.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

# Below fabgen.play, so that the board checks' seat-balance finding can say what
# chance allows with the same figures; imported here for self-play's callers.
from fabgen.board.checks.chance import Z95, games_for_margin, wilson_interval

__all__ = [
    "Z95",
    "chi_square_sf",
    "chi_square_uniform",
    "games_for_margin",
    "gamma_q",
    "percentile",
    "summary",
    "wilson_interval",
]


def chi_square_uniform(observed: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's chi-square statistic of ``observed`` against equal expected counts,
    its degrees of freedom and the p-value. A p-value below 0.05 says the counts
    differ more than chance would make them differ in 1 of 20 runs."""
    k = len(observed)
    total = sum(observed)
    if k < 2 or total <= 0:
        return (0.0, max(k - 1, 0), 1.0)
    expected = total / k
    stat = sum((o - expected) ** 2 / expected for o in observed)
    df = k - 1
    return (stat, df, chi_square_sf(stat, df))


def chi_square_sf(x: float, df: int) -> float:
    """P(X ≥ x) for X chi-square distributed with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    return gamma_q(df / 2.0, x / 2.0)


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x): a series below
    x = a + 1, a continued fraction (Lentz) above, as in Numerical Recipes."""
    if x < a + 1.0:
        return 1.0 - _gamma_p_series(a, x)
    return _gamma_q_fraction(a, x)


def _gamma_p_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    n = a
    for _ in range(1000):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_q_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q ≤ 100): the smallest value with at
    least q % of the values at or below it, always one of the values."""
    if not values:
        return 0
    ordered = sorted(values)
    # In fractions: q / 100 * n in floats made the 7th percentile of 100 values the
    # 8th value (7.000000000000001 rounded up).
    rank = max(1, math.ceil(Fraction(q) * len(ordered) / 100))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    """``mean`` (rounded to 3 decimals), ``p95`` and ``max`` of the values."""
    if not values:
        return {"mean": 0.0, "p95": 0, "max": 0}
    return {
        "mean": round(sum(values) / len(values), 3),
        "p95": percentile(values, 95),
        "max": max(values),
    }
