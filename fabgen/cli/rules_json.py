"""The JSON of ``fabgen rules replay`` and ``fabgen rules turn`` (keys in
docs/tutorials/check.md): plain JSON values built from the engine's own results.

Seats follow the rules commands' two conventions (docs/design-notes.md, *The rules as
the engine plays them*, rule 10): inside a transcript object (``position``) as the
format counts them, from 0 (``next_player``); everywhere else as people count them,
from 1 (``player``, as in replay's record of an illegal move).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from fabgen.rules.moves import Move
from fabgen.rules.names import field_name
from fabgen.rules.state import Position
from fabgen.rules.turn import Explosion, Step


def position_json(position: Position, variant: str) -> dict:
    """``rules replay``'s object for a final position: a transcript without turns, with
    turns_played, passes, game_over, scores, places and variant, and next_player only
    while the game goes on (a finished game has nobody to move; transcripts fabgen writes
    keep it, see docs/formats.md)."""
    from fabgen.rules.scoring import game_over, places, scores
    from fabgen.rules.transcript import transcript_from_position, transcript_to_json

    over = game_over(position, variant)
    results = {
        "game_over": over,
        "scores": scores(position),
        "places": places(position, variant),
        "variant": variant,
    }
    # The passes in a row under every variant, not only 1995's (whose end counts them):
    # a pass's position read back with 0 was not the engine's, and a file continued
    # under --variant 1995 needed those passes again before it could end.
    transcript = transcript_from_position(position, with_passes=True, results=results)
    if over:
        transcript = dataclasses.replace(transcript, next_player=None)
    return transcript_to_json(transcript)


def turn_json(
    file: str, start: Position, moves: Sequence[Move], steps: list[Step], variant: str
) -> dict:
    """``rules turn --format json``: the turn of ``start``'s player to move, step by
    step, then the scores and, when the turn ends the game, the places."""
    from fabgen.rules.scoring import game_over, places, scores

    final = steps[-1].position
    over = game_over(final, variant)
    report: dict = {
        "file": file,
        "turn": start.turns_played + 1,
        "player": start.next_player + 1,
        "moves": [_pair(m) for m in moves],
        "steps": [_step_json(n, step, steps) for n, step in enumerate(steps)],
        "scores_before": scores(start),
        "scores": scores(final),
        "game_over": over,
    }
    if over:
        report["places"] = places(final, variant)
    report["variant"] = variant
    report["position"] = position_json(final, variant)
    return report


def _pair(move: Move) -> list[str]:
    return [field_name(move.source), field_name(move.destination)]


def _step_json(n: int, step: Step, steps: list[Step]) -> dict:
    from fabgen.products.turn import step_title
    from fabgen.rules.turn import calm_before

    player = steps[0].position.next_player
    out: dict = {"step": n, "kind": step.kind, "title": step_title(step)}
    # (growth after no explosion: why none, the line the text prints before that step)
    out["calm"] = calm_before(steps, n, player)
    if step.kind == "move":
        out["move"] = [field_name(step.fields[0]), field_name(step.fields[-1])]
        out["stones"] = len(step.fields) - 1  # k stones go k steps
        out["landed"] = step.landed
    elif step.kind == "explosion":
        out["wave"] = sum(1 for s in steps[: n + 1] if s.kind == "explosion")
        out["explosions"] = [_explosion_json(e, player) for e in step.explosions]
        out["died"] = [field_name(e.field) for e in step.explosions if not e.was_live]
    elif step.kind == "growth":
        out["fields"] = [field_name(f) for f in step.fields]
    return out


def _explosion_json(e: Explosion, player: int) -> dict:
    """A field's explosion: its status before and after, its stones, its capacity, those
    lost, and each live neighbour that got a stone, as it was and as it is after."""
    sent = []
    for field, owner, held in e.neighbours:
        if owner < 0:
            now = (player, 1)
        elif owner != player:  # cancels one of another seat's stones
            now = (owner, held - 1) if held > 1 else (-1, 0)
        else:
            now = (player, held + 1)
        sent.append({"field": field_name(field), "was": _stack(owner, held), "now": _stack(*now)})
    return {
        "field": field_name(e.field),
        "status": "live" if e.was_live else "growing",
        "becomes": "growing" if e.was_live else "dead",
        "stones": e.stones,
        "capacity": len(e.neighbours),  # its live neighbours just then
        "lost": e.lost,
        "sent": sent,
    }


def _stack(owner: int, stones: int) -> dict:
    """A live field's stones: the seat (from 1) or null when empty."""
    return {"player": None if owner < 0 else owner + 1, "stones": stones}
