"""The rules viewer without the web server: one turn of a game, step by step.

What ``fabgen rules turn --svg`` shows, for any turn of an uploaded transcript: the
position before the turn, every move, every explosion wave and the growth, each as a
picture (:func:`fabgen.draw.position.position_drawing`) with the engine's words, and
each step's fields for the pages' shared board picture (``picture``: the board as the
setup diagram has it, :mod:`fabgen.web.picture`). At the end of the game so far, the
moves typed for the player to move are played.
"""

from __future__ import annotations

from fabgen.errors import FabgenError, ParameterError, abridged, requested
from fabgen.web.limits import LIMITS, TooMuchWork


class ViewerError(FabgenError):
    """A transcript or a turn the viewer cannot show."""


def turn_view(
    text: str,
    turn: object = None,
    moves: object = None,
    variant: str = "online",
    name: str = "game",
) -> dict:
    """Turn ``turn`` (0-based; default 0) of the transcript: its steps as SVG and text.
    With ``turn`` = the number of turns in the file, ``moves`` (``"c3-c5,f2-d2"``; an
    empty text passes) are played for the player to move; without moves that position
    is shown."""
    from fabgen.board.boardfile import name_from_stem
    from fabgen.rules.moves import IllegalMove, parse_moves
    from fabgen.rules.scoring import game_over, scores
    from fabgen.rules.terminal import describe_stacks, legend
    from fabgen.rules.transcript import parse_transcript
    from fabgen.rules.turn import play_turn, replay

    requested_variant(variant)
    source = f"{abridged(name_from_stem(name), 40)} (uploaded)"
    if len(text) > LIMITS.upload_bytes:
        raise TooMuchWork(
            f"{source}: larger than {LIMITS.upload_bytes // 1024} kB: is it a transcript?"
        )
    transcript = parse_transcript(text, source)
    played = transcript.move_list
    if len(played) > LIMITS.transcript_turns:
        raise TooMuchWork(
            f"{source}: {len(played)} turns is more than the viewer replays "
            f"({LIMITS.transcript_turns}); use fabgen rules replay"
        )
    t = _turn_number(turn, len(played))
    from fabgen.web.picture import position_geometry

    picture = position_geometry(transcript.position)  # start tiles as the game began
    try:
        start = replay(transcript.position, played[:t], variant)
    except IllegalMove as exc:
        raise ViewerError(f"{source}: illegal move at {exc}") from None
    if t < len(played):
        given = list(played[t])
    elif moves is not None:  # an empty text is a pass
        if not isinstance(moves, str) or len(moves) > LIMITS.moves_text:
            raise ParameterError("moves", "the moves must be text like c3-c5,f2-d2")
        given = parse_moves(moves)
    else:
        return _view(start, [], t, len(played), source, variant, describe_stacks, legend, picture)
    final, steps = play_turn(start, given, variant, record_steps=True)
    view = _view(start, steps, t, len(played), source, variant, describe_stacks, legend, picture)
    view["after"] = describe_stacks(final)
    view["scores_after"] = scores(final)
    view["game_over_after"] = game_over(final, variant)
    return view


def requested_variant(variant: object) -> str:
    """A request's rule variant, or a 400 naming the known ones (a request may send
    anything: a list, an object)."""
    from fabgen.rules.variants import VARIANTS

    if not isinstance(variant, str) or variant not in VARIANTS:
        shown = requested(variant)
        raise ParameterError("variant", f"unknown variant {shown}: {', '.join(VARIANTS)}")
    return variant


def _turn_number(turn: object, count: int) -> int:
    if turn is None:
        return 0
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn <= count:
        raise ParameterError("turn", f"turn must be a whole number from 0 to {count}")
    return turn


def _view(start, steps, t, count, source, variant, describe_stacks, legend, picture) -> dict:
    from fabgen.draw.position import position_drawing
    from fabgen.export.svg import render_svg
    from fabgen.rules.names import field_name
    from fabgen.rules.scoring import game_over, scores
    from fabgen.web.games import fields_json

    k = start.next_player
    if not steps:
        drawing = position_drawing(start, title=f"after {t} turns")
        shown = [
            {
                "title": "the position",
                "details": [],
                "svg": _svg(render_svg(drawing)),
                "board": fields_json(start),
                "fields": [],
            }
        ]
    else:
        shown = [
            {
                "title": f"{n}. {step.title}",
                "details": list(step.details),
                "svg": _svg(
                    render_svg(
                        position_drawing(
                            step.position, title=f"{n}. {step.title}", highlight=step.fields
                        )
                    )
                ),
                "board": fields_json(step.position),
                "fields": [field_name(f) for f in step.fields],
            }
            for n, step in enumerate(steps)
        ]
    return {
        "source": source,
        "turn": t,
        "turns": count,
        "player": start.players[k].label(k),
        "legend": legend(start),
        "before": describe_stacks(start),
        "scores": scores(start),
        "game_over": game_over(start, variant),
        "steps": shown,
        "picture": picture,
    }


def _svg(data: bytes) -> str:
    return data.decode("utf-8")
