"""The appendix figures on machines, checked against the engine and an independent
exhaustive search, and the appendix's board recommendations against the presets."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from fabgen.docs.figures import (
    EXTREME,
    MACHINE,
    extreme_decision,
    extreme_figure,
    machine_figure,
)
from fabgen.draw.drawing import Operation, Polyline, Text
from fabgen.draw.position import ARROW_GAP, _arrow_shifts, position_drawing
from fabgen.geometry.lattice import step_between
from fabgen.play.search import SearchLimits, explosions_value, moves_by_tile, search_turn
from fabgen.rules import IllegalMove, play_turn
from fabgen.rules.names import field_name

TEMPLATE = Path(__file__).resolve().parents[2] / "templates"


def _explosions(position, moves) -> int:
    _, steps = play_turn(position, moves, record_steps=True)
    return sum(len(s.fields) for s in steps if s.kind == "explosion")


def _every_turn(position):
    """Every turn: one move or none per tile, in every order (independent of
    fabgen.play.search's pruning of orders)."""
    tiles = moves_by_tile(position, "online")
    for choice in itertools.product(*[[None, *moves] for moves in tiles]):
        chosen = [m for m in choice if m is not None]
        yield from itertools.permutations(chosen)


def test_extreme_figure_count_is_the_engines_and_the_maximum():
    import random

    position = EXTREME.position()
    figure = extreme_figure()
    decision = extreme_decision()
    played = _explosions(position, decision.moves)
    assert figure.facts["explosions"] == str(played) == str(decision.explosions)
    best = 0
    for turn in _every_turn(position):
        try:
            best = max(best, _explosions(position, list(turn)))
        except IllegalMove:
            continue
    assert played == best > 0
    full = search_turn(
        position, "online", explosions_value(position), random.Random(1), SearchLimits(10**6)
    )
    assert full.exhaustive and full.value == best
    assert figure.facts["move_sets"] == str(full.move_sets)
    # the arrows are the decision's moves; the same seed gives the same figure
    assert extreme_figure().facts == figure.facts


def test_machine_figure_follows_the_engine():
    figure = machine_figure()
    start = MACHINE.position()
    machine = start.next_player
    assert start.players[machine].kind == "machine"
    # the corner stack is full before the machine's first turn and only explodes then
    corner = next(iter(MACHINE.letter_fields()))
    assert start.stones(corner) == start.capacity(corner) == 3
    _, steps = play_turn(start, [], record_steps=True)
    first = [s.fields for s in steps if s.kind == "explosion"]
    assert first == [(corner,)] or [set(f) for f in first] == [{corner}]
    assert figure.facts["turns"].startswith("1")
    assert figure.facts["explosions"].startswith("1")
    # replay independently: each listed turn explodes the listed number of fields
    turns = [int(t) for t in re.findall(r"\d+", figure.facts["turns"])]
    counts = [int(n) for n in re.findall(r"\d+", figure.facts["explosions"])]
    seen, position, turn = [], start, 0
    while len(seen) < len(turns):
        player = position.next_player
        n = _explosions(position, [])
        position, _ = play_turn(position, [])
        if player == machine:
            turn += 1
            if n:
                seen.append((turn, n))
    assert seen == list(zip(turns, counts, strict=True))
    assert len(figure.panels) == len(turns) + 1


def _appendix() -> str:
    text = (TEMPLATE / "rulesheet" / "rules.md").read_text(encoding="utf-8")
    return text[text.index("## Appendix: seats that play themselves") :]


def test_appendix_recommends_existing_presets_for_every_table():
    named = set(re.findall(r"\b[1-6]p-[a-z0-9-]*[a-z0-9]", _appendix()))
    presets = {p.stem for p in (TEMPLATE / "boards").glob("*.toml")}
    assert named <= presets, named - presets
    needed = {
        "1p-triangle-5-machine",
        "1p-triangle-5-two-machines",
        "2p-diamond-5-machines",
        "3p-triangle-7-machines",
        "4p-hexagon-19-machines",
        "4p-diamond-5-stacks",
        "5p-hexagon-19-dummy",
        "5p-hexagon-18-stacks",
    }
    assert needed <= named, needed - named


def test_the_extreme_figure_names_the_fields_its_caption_names():
    figure = extreme_figure()
    texts = {
        t.text for t in figure.panels[0].drawing.layers[Operation.PRINT] if isinstance(t, Text)
    }
    for move in extreme_decision().moves:
        assert field_name(move.source) in texts and field_name(move.destination) in texts
        assert str(move) in figure.facts["moves"]


def _heads(drawing):
    """The arrowheads of a drawing: its closed three-corner polylines."""
    return [
        s
        for s in drawing.layers[Operation.PRINT]
        if isinstance(s, Polyline) and s.closed and len(s.points) == 3
    ]


@given(
    st.lists(
        st.tuples(st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2), st.integers(-2, 2)),
        min_size=1,
        max_size=4,
    )
)
def test_arrows_on_one_line_are_drawn_apart_and_others_on_their_line(ends):
    """Moves over the same fields (one each way, say) get arrows side by side whose
    heads do not touch; an arrow alone on its stretch of line runs centre to centre."""
    arrows = [((a, b), (c, d)) for a, b, c, d in ends if step_between((a, b), (c, d))]
    shifts = _arrow_shifts(arrows)
    for k, ((p, q), shift) in enumerate(zip(arrows, shifts, strict=True)):
        others = [other for j, other in enumerate(arrows) if j != k and _overlap((p, q), other)]
        if not others:
            assert shift == 0
        for j, other in enumerate(arrows):
            if j != k and _overlap((p, q), other):
                assert abs(shifts[j] - shift) >= ARROW_GAP - 1e-9


def _overlap(one, two) -> bool:
    """Do two arrows share a stretch of one line (more than a point)?"""
    cells_one = _cells(*one)
    cells_two = _cells(*two)
    return len(cells_one & cells_two) >= 2


def _cells(a, b):
    (dq, dr), n = step_between(a, b)
    return {(a[0] + k * dq, a[1] + k * dr) for k in range(n + 1)}


def test_two_moves_each_way_over_the_same_fields_have_heads_apart():
    position = EXTREME.position()
    a, b, c = (0, 0), (1, 0), (2, 0)
    drawing = position_drawing(position, arrows=[(a, b), (c, a)], pitch_mm=10.0)
    boxes = [s.bbox() for s in _heads(drawing)]
    assert len(boxes) == 2
    (x0, y0, x1, y1), (u0, v0, u1, v1) = boxes
    assert x1 < u0 or u1 < x0 or y1 < v0 or v1 < y0  # the heads do not overlap


def test_two_moves_each_way_do_not_stand_head_to_head():
    """The extreme machine's figure: a1-b1 and c1-a1 run side by side, one each way.
    Their heads stood beside each other between a1 and b1, each reaching past the
    other's base; now each stops at its own stone, the two apart along the line and
    1.5 mm or more apart at a pitch of 10 mm."""
    from shapely.geometry import Polygon

    figure = extreme_figure()
    heads = [Polygon(s.points) for s in _heads(figure.panels[0].drawing)]
    assert len(heads) == 2
    one, two = heads
    assert one.distance(two) >= 1.5
    (x0, _, x1, _), (u0, _, u1, _) = one.bounds, two.bounds  # the moves run along x
    assert x1 < u0 or u1 < x0
