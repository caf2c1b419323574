"""Statistics of self-play: Wilson intervals, the chi-square test, percentiles."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fabgen.play.stats import (
    chi_square_sf,
    chi_square_uniform,
    games_for_margin,
    percentile,
    summary,
    wilson_interval,
)


def test_wilson_interval_of_a_textbook_case():
    # 5 of 10: centre 0.5, half-width z·sqrt(0.025 + z²/400)/(1 + z²/10) = 0.2634.
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_wilson_interval_stays_inside_0_and_1_at_the_ends():
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0.1 < high < 0.2  # "0 of 20" still allows a rate up to ~16 %
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and 0.8 < low < 0.9


@pytest.mark.parametrize(("rate", "trials"), [(0.5, 40), (0.3, 60), (0.1, 100)])
def test_intervals_cover_a_known_rate_in_about_95_percent_of_runs(rate, trials):
    """Coin flips with a known rate: the 95 % interval must contain it in about 95 %
    of 4000 simulated runs (the Wilson interval's coverage is close to nominal; a
    mistake in the formula, e.g. z = 1 or a missing square root, moves it far off)."""
    rng = random.Random(f"coverage {rate} {trials}")
    runs = 4000
    covered = 0
    for _ in range(runs):
        heads = sum(rng.random() < rate for _ in range(trials))
        low, high = wilson_interval(heads, trials)
        covered += low <= rate <= high
    assert 0.925 <= covered / runs <= 0.975


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_interval_contains_the_observed_rate(case):
    k, n = case
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


def test_chi_square_p_values_against_known_quantiles():
    # The 95 % quantiles of chi-square with 1, 2 and 5 degrees of freedom.
    assert chi_square_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_sf(5.991465, 2) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_sf(11.070498, 5) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_sf(0.0, 3) == 1.0


@given(st.floats(0.01, 60.0))
def test_chi_square_with_two_degrees_of_freedom_is_exponential(x):
    # With df = 2 the survival function is exactly exp(-x/2).
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9, abs=1e-300)


def test_goodness_of_fit_on_equal_and_unequal_counts():
    stat, df, p = chi_square_uniform([25, 25, 25, 25])
    assert (stat, df, p) == (0.0, 3, 1.0)
    stat, df, p = chi_square_uniform([10, 30])  # (10-20)²/20 + (30-20)²/20 = 10
    assert stat == pytest.approx(10.0) and df == 1
    assert p == pytest.approx(0.001565, abs=1e-6)


def test_percentile_is_nearest_rank_and_one_of_the_values():
    values = list(range(1, 101))
    assert percentile(values, 95) == 95
    assert percentile([3, 1, 2], 95) == 3
    assert summary([1, 2, 3, 10]) == {"mean": 4.0, "p95": 10, "max": 10}


@pytest.mark.parametrize("q", [1, 7, 14, 28, 50, 56, 95, 99.5, 100])
@pytest.mark.parametrize("n", [1, 7, 100, 200, 700, 1100])
def test_percentile_rank_is_exact_whatever_the_share(q, n):
    """The nearest rank is the least whole number at or above q % of n: q / 100 * n in
    floats made the 7th percentile of 100 values the 8th value."""
    values = list(range(1, n + 1))  # value k is of rank k
    rank = next(k for k in range(1, n + 1) if 100 * k >= q * n)
    assert percentile(values, q) == rank


@pytest.mark.parametrize("share", [1 / 2, 1 / 4, 1 / 5, 1 / 6])
@pytest.mark.parametrize("margin", [0.02, 0.05, 0.1])
def test_games_for_margin_is_the_fewest_whose_normal_interval_is_that_narrow(share, margin):
    def half_width(n: int) -> float:
        return 1.959963984540054 * math.sqrt(share * (1 - share) / n)

    n = games_for_margin(share, margin)
    assert half_width(n) <= margin < half_width(n - 1)
