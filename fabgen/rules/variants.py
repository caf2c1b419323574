"""Rule variants, selectable by name.

All variants share movement, explosion and growth (docs/design-notes.md, the rules). They differ
in when the game ends and how tied scores are ranked:

- ``online`` (default, the 2025 online rules): the game ends when every region is
  settled; the rules only say ties are possible and the online engine ranks nobody,
  so tied players share their place.
- ``online-2013`` (the online version's 2013 transcript-format notes): as ``online``,
  but tied players are ranked in reverse turn order (the later a player moves in a
  round, the better), which makes every rank distinct.
- ``blog`` (the maker's blog): same end; ties broken by the number of stones on the
  board (live and growing fields); equal stones share the rank.
- ``1995`` (the 1995 rules): the game ends when no growing field is left and every
  player has passed (a turn without moves) in a row; the rules name no tie-break, so
  equal scores share the rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from fabgen.errors import ParameterError, abridged

# End conditions
SETTLED = "settled"
PASSES = "passes"
# Tie-breaks
REVERSE_TURN_ORDER = "reverse-turn-order"
STONES = "stones"
NO_TIE_BREAK = "none"


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    end: str = SETTLED
    tie_break: str = NO_TIE_BREAK


ONLINE = Variant(
    "online",
    "current online rules: ends when every region is settled (or nothing can change); "
    "tied players share their place",
)
ONLINE_2013 = Variant(
    "online-2013",
    "online version's 2013 notes: ends when every region is settled (or nothing can "
    "change); ties go to the player later in turn order",
    tie_break=REVERSE_TURN_ORDER,
)
BLOG = Variant(
    "blog",
    "maker's blog: ends when every region is settled (or nothing can change); ties go to "
    "the player with more stones on the board",
    tie_break=STONES,
)
RULES_1995 = Variant(
    "1995",
    "1995 rules: ends when no growing field is left and all players passed in a row; "
    "ties are shared",
    end=PASSES,
)

DEFAULT = ONLINE
VARIANTS: dict[str, Variant] = {v.name: v for v in (ONLINE, ONLINE_2013, BLOG, RULES_1995)}


def meant_variant(name: object) -> str | None:
    """The variant a name typed in another case means ("Online": online), else None:
    refusals suggest it, as a preset's name typed nearly right is suggested."""
    said = name.strip().casefold() if isinstance(name, str) else None
    return said if said in VARIANTS and said != name else None


def get_variant(name: str | Variant) -> Variant:
    """The variant called ``name``; a clear error lists the known names."""
    if isinstance(name, Variant):
        return name
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):  # (TypeError: a list or dict from a JSON request)
        known = ", ".join(VARIANTS)
        meant = meant_variant(name)
        raise ParameterError.about(
            "variant",
            f"{abridged(str(name), quoted=True)} is not a rule variant: choose one of {known}"
            + (f" (did you mean {meant!r}?)" if meant else ""),
        ) from None
