"""How far chance moves a win rate, for the checks and for self-play: the board
checks sit below :mod:`fabgen.play` and may not import it, so these pure helpers live
here and :mod:`fabgen.play.stats` passes them on (its callers are unchanged).

- :func:`wilson_interval`: the 95 % Wilson score interval of a rate. Unlike the
  normal approximation it stays inside [0, 1] and behaves near 0 and 1.
- :func:`games_for_margin`: the games after which a rate is known within a margin.
- :func:`chance_caveat`: what "no difference found" is worth at so many games.
"""

from __future__ import annotations

import math

#: The 97.5 % quantile of the standard normal distribution: a two-sided 95 % interval.
Z95 = 1.959963984540054

#: How closely (in win rate) advice on more games wants a seat's rate known (the
#: balance report's :data:`fabgen.play.balance.MARGIN` is this value).
MARGIN = 0.05


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the rate ``successes / trials`` (``(0, 1)`` when
    there are no trials: nothing is known)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The interval always holds p (exactly 0 at 0 successes, 1 at all): rounding of
    # centre ± half must not push it past p.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def games_for_margin(share: float, margin: float, z: float = Z95) -> int:
    """Games after which a win rate near ``share`` is known within ``± margin`` (95 %
    by default): the normal approximation's n = z² p (1 - p) / margin², rounded up."""
    return math.ceil(z * z * share * (1 - share) / (margin * margin) - 1e-9)


def chance_caveat(finished: int, seats: int) -> str:
    """What "no difference found" is worth after ``finished`` games of ``seats`` seats,
    as the balance report and the board check both say it: the range in which an even
    share's win rate falls by chance, and the games that tell a rate within
    :data:`MARGIN` (ten or twenty games of "no significant difference" read as "the
    board is fair", on a board whose seats won 0 to 30 %)."""
    even = 1 / seats
    low, high = wilson_interval(even * finished, finished)
    need = games_for_margin(even, MARGIN)
    more = (
        f"; about {need} games tell a seat's win rate within ±{100 * MARGIN:.0f} points"
        if finished < need
        else ""
    )
    return (
        f"with {finished} finished game{'s' if finished != 1 else ''}, an even seat's win "
        f"rate ({100 * even:.1f}%) falls anywhere in {100 * low:.1f} to {100 * high:.1f}% by "
        f"chance (95%): no difference found is not proof of fairness{more}"
    )
