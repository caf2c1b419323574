"""Writing a transcript the online engine reads (see :mod:`fabgen.rules.transcript`)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fabgen.rules.moves import Move
from fabgen.rules.names import field_name
from fabgen.rules.state import Position
from fabgen.rules.transcript.format import (
    FORMAT,
    SEAT_COLOURS,
    VERSION,
    PlayerEntry,
    Transcript,
)


def transcript_to_json(t: Transcript) -> dict:
    """The transcript as plain JSON values, keys in the order they are written."""
    obj: dict = {"format": FORMAT, "version": VERSION}
    obj["segments"] = [[field_name(f) for f in s] for s in t.segments]
    if t.players is not None:
        obj["players"] = [_player_json(p, k) for k, p in enumerate(t.players)]
    if t.turns is not None:
        turns = [[_move_json(m) for m in moves] for moves in t.turns]
        if t.moves_key == "events":
            obj["events"] = [{"type": "turn", "moves": moves} for moves in turns]
        else:
            obj["turns"] = turns
    for key in ("next_player", "turns_played", "game_over"):
        if getattr(t, key) is not None:
            obj[key] = getattr(t, key)
    for key in ("scores", "places"):
        if getattr(t, key) is not None:
            obj[key] = list(getattr(t, key))
    if t.variant is not None:
        obj["variant"] = t.variant
    if t.passes is not None:
        obj["passes"] = t.passes
    return obj


def _move_json(move: Move) -> list[str]:
    return [field_name(move.source), field_name(move.destination)]


def _player_json(p: PlayerEntry, k: int) -> dict:
    out: dict = {}
    if p.name is not None:
        out["name"] = p.name
    # Always a colour: the online engine skips a player without one (design notes, rule 10).
    # "" or spaces is none; any other text (a "teal" fabgen cannot draw) is passed on as given.
    given = p.color is not None and p.color.strip()
    out["color"] = p.color if given else SEAT_COLOURS[k % len(SEAT_COLOURS)]
    if p.kind is not None:
        out["kind"] = p.kind
    if p.stacks is not None:
        out["stacks"] = dict(p.stacks)
    return out


def write_transcript(t: Transcript) -> str:
    """Readable, stable text: one segment, player or turn per line."""
    obj = transcript_to_json(t)
    lines = ["{"]
    items = list(obj.items())
    for n, (key, value) in enumerate(items):
        comma = "," if n < len(items) - 1 else ""
        if isinstance(value, list) and value and key not in ("scores", "places"):
            inner = [f"    {json_text(v)}" for v in value]
            body = ",\n".join(inner)
            lines.append(f'  "{key}": [\n{body}\n  ]{comma}')
        else:
            lines.append(f'  "{key}": {json_text(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def transcript_line(t: Transcript) -> str:
    """The transcript as one line of JSON (no newline)."""
    return json_text(transcript_to_json(t))


def json_text(value: object) -> str:
    """``value`` as one line of JSON, UTF-8 text as it is (the rules commands' JSON)."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    # A lone surrogate (read from a "\\ud800" escape) has no UTF-8 form: keep it escaped.
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def transcript_from_position(
    position: Position,
    *,
    turns: Sequence[Sequence[Move]] | None = None,
    with_state: bool = True,
    with_passes: bool = False,
    results: Mapping[str, Any] | None = None,  # as read from JSON
) -> Transcript:
    """A transcript describing ``position`` (lower-case stack keys in board order),
    optionally followed by ``turns``.

    ``with_state`` writes ``next_player`` and ``turns_played`` (needed unless the
    position is a fresh start), ``with_passes`` the passes in a row (needed by the
    1995 end condition); ``results`` may give ``game_over``, ``scores``, ``places``
    and ``variant``.
    """
    players = tuple(
        PlayerEntry(
            p.name,
            p.color,
            tuple((field_name(f), v) for f, v in position.stacks(k).items()),
            None if p.kind == "player" else p.kind,
        )
        for k, p in enumerate(position.players)
    )
    results = results or {}
    scores, places = results.get("scores"), results.get("places")
    return Transcript(
        position.board.segments,
        players,
        None if turns is None else tuple(tuple(m) for m in turns),
        next_player=position.next_player if with_state else None,
        turns_played=position.turns_played if with_state else None,
        game_over=results.get("game_over"),
        scores=None if scores is None else tuple(scores),
        places=None if places is None else tuple(places),
        variant=results.get("variant"),
        passes=position.passes if with_passes else None,
    )
