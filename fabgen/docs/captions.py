"""Words for the figures' captions, made from the engine's results (see
:mod:`fabgen.docs.figures`): names, counts, lists, regions, scores and rankings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fabgen.geometry.lattice import Field, field_xy
from fabgen.rules import Position
from fabgen.rules.variants import NO_TIE_BREAK, STONES
from fabgen.text import and_list


def _name(position: Position, player: int | None) -> str:
    if player is None:
        return "nobody"
    return (position.players[player].name or f"player {player + 1}").lower()


def _field_name(position: Position, f: Field) -> str:
    return position.field_state(f).name


def _letter(position: Position, letters: Mapping[Field, str], f: Field) -> str:
    """The example's letter for a field, or its transcript name."""
    return letters.get(f, _field_name(position, f))


def _count(n: int, noun: str, verb_one: str = "", verb_many: str = "") -> str:
    """``1 stone lands``, ``2 stones land``; without verbs ``1 stone``, ``2 stones``."""
    text = f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    verb = verb_one if n == 1 else verb_many
    return f"{text} {verb}" if verb else text


def _letters(n: int) -> list[str]:
    return [chr(ord("A") + k) for k in range(n)]


def _region_letters(position: Position, found) -> dict[Field, str]:
    """A letter for each region, on its empty field nearest the region's middle."""
    out = {}
    for letter, region in zip(_letters(len(found)), found, strict=True):
        points = [field_xy(f) for f in region.fields]
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)

        def distance(f: Field, mx=mx, my=my) -> tuple:
            x, y = field_xy(f)
            return ((x - mx) ** 2 + (y - my) ** 2, f)

        empty = [f for f in region.fields if not position.stones(f)] or list(region.fields)
        out[min(empty, key=distance)] = letter
    return out


def _describe_region(position: Position, region) -> str:
    size = f"{len(region)} field{'s' if len(region) != 1 else ''}"
    players = sorted(region.players)
    if not players:
        held = "no stones"
    elif len(players) == 1:
        held = f"only {_name(position, players[0])} stones"
    else:
        held = and_list([_name(position, k) for k in players]) + " stones"
    growing = (
        "a growing field next to it" if region.next_to_growing else "no growing field next to it"
    )
    verdict = "settled" if region.settled else "not settled"
    return f"{size}, {held}, {growing}: {verdict}"


def _count_region(position: Position, letter: str, region) -> str:
    """How a region counts: ``A: 5 fields, blue's``; ``D: 2 fields, no stones, nobody's``."""
    size = f"{letter}: {_count(len(region), 'field')}"
    players = sorted(region.players)
    if len(players) == 1:
        return f"{size}, {_name(position, players[0])}'s"
    held = "no stones" if not players else and_list([_name(position, k) for k in players])
    return f"{size}, {held}, nobody's"


def _scores_text(position: Position, points: Sequence[int]) -> str:
    return ", ".join(f"{_name(position, k)} {p}" for k, p in enumerate(points))


def _ranking_text(position: Position, standings) -> str:
    """``1. red 7; 2. blue 5 and green 5 (shared place)``: one entry per place."""
    places: dict[int, list] = {}
    for s in standings:
        places.setdefault(s.rank, []).append(s)
    parts = []
    for rank, group in places.items():
        names = and_list([f"{_name(position, s.player)} {s.score}" for s in group])
        parts.append(f"{rank}. {names}" + (" (shared place)" if len(group) > 1 else ""))
    return "; ".join(parts)


def _tie_text(position: Position, standings, rule) -> str:
    """One sentence per group of tied scores, explaining how the variant ranks it."""
    by_score: dict[int, list] = {}
    for s in standings:
        by_score.setdefault(s.score, []).append(s)
    out = []
    for score, group in by_score.items():
        if len(group) < 2:
            continue
        names = and_list([_name(position, s.player) for s in group])
        if rule.tie_break == NO_TIE_BREAK:
            why = "they share the place"
        elif rule.tie_break == STONES:
            counts = and_list([f"{_name(position, s.player)} {s.stones}" for s in group])
            if len({s.rank for s in group}) == 1:
                why = f"they have as many stones on the board ({counts}) and share the place"
            else:
                why = f"{_name(position, group[0].player)} ranks higher, with more stones on "
                why += f"the board ({counts})"
        else:
            why = f"{_name(position, group[0].player)} ranks higher, moving later in the round"
        out.append(f"{names.capitalize()} tie on {score}: {why}.")
    return " ".join(out) or "No scores are tied."
