"""A turn's files (docs/design-notes.md, *Products*): its pictures, step by step
(``fabgen rules turn --svg``; the steps are the engine's, from
:func:`fabgen.rules.turn.play_turn` with ``record_steps``, and the titles are the
command's text too), and a transcript with one more turn (``fabgen rules machine
--play``).
"""

from __future__ import annotations

from collections.abc import Sequence

from fabgen.products.output import Files
from fabgen.rules.names import field_name
from fabgen.rules.transcript import Transcript
from fabgen.rules.turn import Step


def step_title(step: Step) -> str:
    """The step's title, with the number of explosions for an explosion wave:
    ``explosion wave 1 (2 explosions): -a1, g1``."""
    if step.kind != "explosion":
        return step.title
    head, _, fields = step.title.partition(": ")
    n = len(step.fields)
    return f"{head} ({n} explosion{'s' if n != 1 else ''}): {fields}"


def score_changes(start, final) -> list[str]:
    """Each seat's score after the turn, with what the turn changed (``seat 1 (Red): 9
    (+2)``, :func:`~fabgen.rules.terminal.seat_score`), to check a scoresheet: the
    command's last lines and the last picture."""
    from fabgen.rules.scoring import scores
    from fabgen.rules.terminal import seat_score

    out = []
    for k, (before, after) in enumerate(zip(scores(start), scores(final), strict=True)):
        change = f" ({after - before:+d})" if after != before else ""
        out.append(f"{seat_score(final, k, after)}{change}")
    return out


def closing_lines(start, final, variant: str) -> list[str]:
    """The last two lines of ``fabgen rules turn``, which the rules viewer shows too:
    each seat's score after the turn with what it changed, then who moves next or,
    when the turn ended the game, why and the final ranking (nobody moves next then)."""
    from fabgen.rules.scoring import game_over

    scores = "scores after the turn: " + ", ".join(score_changes(start, final))
    if not game_over(final, variant):
        k = final.next_player
        return [scores, f"next to move: {final.players[k].label(k)}"]
    return [scores, f"this turn ends the game: {game_end_words(final, variant)}"]


def game_end_words(final, variant: str) -> str:
    """Why a finished game ended and its final ranking: ``every region is settled; final
    ranking: 1. seat 3 (Green): 27; 2. ...`` (the command's words, and the viewer's)."""
    from fabgen.rules.scoring import ranking
    from fabgen.rules.terminal import ranking_text
    from fabgen.rules.turn import game_over_reason
    from fabgen.rules.variants import get_variant

    why = game_over_reason(final, get_variant(variant)).split(": ", 1)[1]
    return f"{why}; final ranking: {ranking_text(final, ranking(final, variant))}"


def turn_picture_files(steps: Sequence[Step], names: bool = True) -> Files:
    """One SVG per step (``step-NN-SLUG.svg``), marked as the rule sheet marks its
    figures: the move as an arrow, and the fields that explode next outlined in red (the
    next wave's; after growth, the player's fields that will explode in their next
    turn); an explosion wave's picture also marks the fields that exploded in it with a
    burst. ``names``: field names (c3, -a1) on the fields. The board is turned as the
    setup diagram turns it (:func:`setup_turn`), so that the pictures show it the way up
    it lies on the table."""
    from fabgen.draw.position import position_drawing
    from fabgen.export.svg import render_svg

    files = {}
    turn = setup_turn(steps[0].position) if steps else 0.0
    for n, step in enumerate(steps):
        following = steps[n + 1] if n + 1 < len(steps) else None
        drawing = position_drawing(
            step.position,
            title=f"{n}. {step_title(step)}",
            highlight=_explodes_next(step, following),
            exploded=step.fields if step.kind == "explosion" else (),
            arrows=[(step.fields[0], step.fields[-1])] if step.kind == "move" else (),
            field_names=names,
            key=True,
            notes=_picture_notes(step, following)
            + (_score_notes(steps) if following is None else []),
            turn_deg=turn,
        )
        files[f"step-{n:02d}-{_slug(step)}.svg"] = render_svg(drawing)
    return Files(files)


def setup_turn(position) -> float:
    """How far (degrees, counter-clockwise) the setup diagram turns the position's board
    from the lattice's own axes: its tiles on their lattice, found as the play page finds
    it (3p-triangle-4 then points up, as it does in the diagram, the designer, the play
    page and the balance territory picture)."""
    from fabgen.board.model import Board
    from fabgen.board.placement import BoardPlacement

    return BoardPlacement(Board.from_segments(position.board.segments)).rotation_deg


def _explodes_next(step, following) -> tuple:
    if following is not None and following.kind == "explosion":
        return following.fields
    if step.kind == "growth":
        return tuple(f for f in step.fields if step.position.is_volatile(f))
    return ()


def _picture_notes(step, following) -> list[str]:
    notes = []
    pos = step.position
    k = pos.next_player
    if step.kind == "start" and pos.players[k].kind == "machine":  # as the command's text
        notes.append(f"{pos.players[k].label(k)} is a machine: it never moves")
    if step.kind == "explosion":
        n = len(step.fields)
        notes.append(f"this wave: {n} field{'s' if n != 1 else ''} exploded")
    if following is not None and following.kind == "explosion":
        n = len(following.fields)
        fields = "1 field explodes" if n == 1 else f"{n} fields explode"
        notes.append(f"next wave: {fields} (outlined)")
    elif step.kind == "growth" and _explodes_next(step, following):
        k = pos.owner(_explodes_next(step, following)[0])
        notes.append(f"outlined: they explode in {pos.players[k].label(k)}'s next turn")
    return notes


def _score_notes(steps) -> list[str]:
    """The last picture's scores, a seat a line (six seats do not fit on one)."""
    return ["scores after the turn:"] + [
        f"  {words}" for words in score_changes(steps[0].position, steps[-1].position)
    ]


def _slug(step) -> str:
    """start, move-c3-c5, explosion-wave-2, growth: short and safe as a file name."""
    if step.kind == "move":  # its fields run from the source to the destination
        source, destination = step.fields[0], step.fields[-1]
        return f"move-{field_name(source)}-{field_name(destination)}"
    if step.kind == "explosion":
        return step.title.split(":", 1)[0].replace(" ", "-")
    return step.kind


def longer_transcript_files(
    file_name: str, transcript: Transcript, moves: Sequence[tuple[str, str]]
) -> Files:
    """The transcript with one more turn (``moves`` as field names), under
    ``file_name``, written as the file wrote its turns (``fabgen rules machine --play``)."""
    import dataclasses

    from fabgen.rules.moves import Move
    from fabgen.rules.transcript import write_transcript

    turn = tuple(Move.from_names(a, b) for a, b in moves)
    # Results written in the file describe its old end, not the longer game.
    longer = dataclasses.replace(
        transcript, turns=(*transcript.move_list, turn), scores=None, game_over=None
    )
    return Files({file_name: write_transcript(longer).encode()})
