"""The policy interface and the registry of policies by name."""

from __future__ import annotations

import importlib
import random
from typing import Protocol, runtime_checkable

from fabgen.errors import ParameterError, abridged
from fabgen.rules.moves import Move
from fabgen.rules.state import Position
from fabgen.rules.variants import Variant
from fabgen.text import did_you_mean, meant


@runtime_checkable
class Policy(Protocol):
    """Decides the turn of the player to move in ``position``."""

    name: str

    def choose_turn(self, position: Position, variant: Variant, rng: random.Random) -> list[Move]:
        """The moves to make, in order (an empty list passes). ``rng`` is the only
        source of randomness, so a seeded generator makes the choice reproducible."""
        ...


#: Policy name -> "module:class". Each class takes no required arguments.
_REGISTRY: dict[str, str] = {
    "random": "fabgen.play.random_policy:RandomPolicy",
    "greedy": "fabgen.play.greedy:Greedy",
    "strong": "fabgen.play.strong:strong_player",
    "machine": "fabgen.play.machine:Machine",
    "extreme-machine": "fabgen.play.machine:ExtremeMachine",
}
POLICY_NAMES: tuple[str, ...] = tuple(_REGISTRY)
#: Players that take a parameter after a colon (``strong:2000``).
_PARAMETERISED = frozenset({"strong"})


def policy_name(name: str) -> str:
    """The registered name ``name`` stands for, as people type it: any case, and a space
    or ``_`` for a hyphen (``GREEDY``, ``Extreme_Machine``, ``extreme machine``);
    ``strong:N`` keeps its budget. A name that stands for none comes back as given, for
    :func:`get_policy` to refuse in the words it was typed."""
    base, colon, spec = name.strip().partition(":")
    words = base.lower().replace("_", " ").replace("-", " ").split()
    key = "-".join(words)
    return f"{key}{colon}{spec.strip()}" if key in _REGISTRY else name


def get_policy(name: str) -> Policy:
    """A new policy object for ``name`` (read by :func:`policy_name`); a clear error lists
    the known names.

    ``strong:N`` is the strong player with a budget of N positions per decision."""
    name = policy_name(name)
    base, colon, spec = name.partition(":")
    target = _REGISTRY.get(base)
    if target is None or (colon and base not in _PARAMETERISED):
        known = ", ".join(POLICY_NAMES)
        hint = did_you_mean(meant(base, POLICY_NAMES))
        raise ParameterError.about(
            "players",
            f"{abridged(name, quoted=True)} is not a player{hint}: "
            f"choose one of {known} (strong:N sets the strong player's budget, N positions "
            "evaluated per turn)",
        )
    module, cls = target.split(":")
    factory = getattr(importlib.import_module(module), cls)
    return factory(spec) if colon else factory()


def check_player_name(name: str) -> None:
    """Raise the error :func:`get_policy` gives for a bad name, without building it."""
    get_policy(name)
