"""Who decides a turn: policies for seats that play themselves and for self-play.

Pure (above :mod:`fabgen.rules`, no file I/O). A policy is anything with a ``name`` and
``choose_turn(position, variant, rng) -> list[Move]``: the moves the player to move
makes this turn, legal in that order (explosion and growth then follow as usual).
Policies are looked up by name with :func:`get_policy`; each lives in its own module.
"""

from fabgen.play.policy import POLICY_NAMES, Policy, get_policy

__all__ = ["POLICY_NAMES", "Policy", "get_policy"]
