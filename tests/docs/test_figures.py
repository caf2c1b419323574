"""The rule-sheet figures are computed: facts come from the engine, and changing an
example, a variant or the engine changes the figure."""

from dataclasses import replace

import pytest

from fabgen.docs import figures as F
from fabgen.rules import Status, game_over, play_turn, ranking, regions, scores


def test_every_figure_has_panels_with_drawings():
    for name, make in F.FIGURES.items():
        figure = make()
        assert figure.name == name
        assert figure.panels
        for panel in figure.panels:
            assert panel.drawing.width > 0 and panel.drawing.height > 0
            assert panel.drawing.shapes("print")


def test_move_figure_facts_match_the_engine():
    figure = F.move_figure()
    start = F.MOVE.position()
    _, steps = play_turn(start, F.MOVE.moves, record_steps=True)
    move = steps[1]
    assert move.kind == "move"
    # The engine's own account of the move: 3 go, 2 cancelled, 1 lands.
    assert move.details == (
        "3 stones go 3 steps",
        "2 stones cancelled against opponent stones",
        "1 lands on e2",
    )
    assert figure.facts["moved"] == "3"
    assert figure.facts["cancelled"] == "2"
    assert figure.facts["landed"] == "1 stone lands"
    assert (figure.facts["source"], figure.facts["target"]) == ("a", "d")
    assert figure.facts["blockers"] == "b and d"
    before, after = figure.panels
    assert before.drawing != after.drawing


def test_chain_figure_shows_every_wave_and_its_facts_match_the_engine():
    figure = F.chain_figure()
    _, steps = play_turn(F.CHAIN.position(), F.CHAIN.moves, record_steps=True)
    waves = [s for s in steps if s.kind == "explosion"]
    assert len(figure.panels) == len(waves) + 1  # after the move, then after each wave
    assert figure.facts["waves"] == str(len(waves)) == "4"
    assert figure.facts["explosions"] == str(sum(len(w.fields) for w in waves))
    details = [d for w in waves for d in w.details]
    lost = sum(int(d.split(", ")[-1].split()[0]) for d in details if " lost " in d)
    assert figure.facts["lost"] == f"{lost} stone" + ("s" if lost != 1 else "")
    # The last wave: the first exploded field, growing, empty and cut off, dies.
    assert waves[-1].details[-1] == (
        "e2 explodes (growing -> dead): 0 stones, 0 live neighbours (no live neighbour left: "
        "d2 is dead, d1 is growing, e1 is growing)"
    )
    assert figure.facts["died_empty"] == "a"  # e2's letter
    assert figure.facts["cancelled"] == "3 opponent stones"
    # Each panel outlines the fields of the next wave; the last panel none.
    highlighted = [_highlighted(p.drawing) for p in figure.panels]
    assert [len(h) for h in highlighted] == [len(w.fields) for w in waves] + [0]


def test_growth_figure_counts_new_and_old_growing_fields():
    figure = F.growth_figure()
    final, _ = play_turn(F.CHAIN.position(), F.CHAIN.moves)
    assert figure.facts["grown"] == "b, d and e"
    assert figure.facts["new"] == "b and d" and figure.facts["old"] == "e"
    assert figure.facts["waiting"] == "b"
    assert final.is_volatile("e1") and final.status("e1") is Status.GROWING


def test_capacity_figure_prints_the_engines_capacities():
    figure = F.capacity_figure()
    position = F.CAPACITY.position()
    from fabgen.draw.position import LABEL

    numbers = sorted(t.text for t in _texts(figure.panels[0].drawing) if t.style == LABEL)
    expected = sorted(
        str(position.capacity(s.field)) for s in position.fields() if s.status is Status.LIVE
    )
    assert numbers == expected


def test_regions_and_scoring_captions_come_from_the_engine():
    regions_figure = F.regions_figure()
    position = F.REGIONS.position()
    found = regions(position)
    assert [r.settled for r in found] == [True, False, False]
    red, blue = scores(position)
    assert regions_figure.facts["scores"] == f"red {red}, blue {blue}"
    assert regions_figure.facts["settled"] == "A"
    final = F.FINAL.position()
    assert game_over(final)
    figure = F.scoring_figure()
    points = scores(final)
    assert figure.facts["scores"] == f"red {points[0]}, blue {points[1]}, green {points[2]}"
    standings = ranking(final)
    assert figure.facts["ranking"].startswith(f"1. red {standings[0].score}")
    assert figure.facts["state"] == "The game is over: every region is settled"


# --- a rules parameter changes: the figure follows ----------------------------------


def test_one_more_stone_changes_the_chain_figure():
    default = F.chain_figure()
    red, blue = F.CHAIN.stacks
    bigger = replace(F.CHAIN, stacks=({**red, "e1": 1}, blue))  # e1 holds 1 stone, not 2
    changed = F.chain_figure(bigger)
    assert [p.drawing for p in changed.panels] != [p.drawing for p in default.panels]
    assert changed.facts != default.facts


def test_stones_moved_change_the_move_figure():
    red, blue = F.MOVE.stacks
    # Two stones from b2 go two steps to d2: one is cancelled on c2, one lands.
    shorter = replace(F.MOVE, moves=("b2-d2",))
    figure = F.move_figure(shorter)
    assert figure.facts["moved"] == "2" and figure.facts["landed"] == "1 stone lands"
    assert figure.panels[0].drawing != F.move_figure().panels[0].drawing
    # With more blue stones in the way the move loses everything and stays legal.
    blocked = replace(F.MOVE, stacks=(red, {**blue, "e2": 3}))
    assert F.move_figure(blocked).facts["landed"] == "no stone lands"


def test_the_variant_changes_the_ranking_in_the_scoring_figure():
    final = F.FINAL.position()
    red, blue, green = scores(final)
    assert blue == green < red  # the example's tie, as the engine scores it
    online = F.scoring_figure(variant="online")
    older = F.scoring_figure(variant="online-2013")
    blog = F.scoring_figure(variant="blog")
    shared = F.scoring_figure(variant="1995")
    # Blue and green tie: online (the default) and 1995 share the place; the 2013
    # notes give it to the later player (green); blue has more stones on the board
    # and wins it under the blog's rule.
    tie = f"2. blue {blue} and green {green} (shared place)"
    assert online.facts["ranking"] == f"1. red {red}; {tie}"
    assert shared.facts["ranking"] == online.facts["ranking"]
    assert F.scoring_figure().facts == online.facts
    assert older.facts["ranking"] == f"1. red {red}; 2. green {green}; 3. blue {blue}"
    assert blog.facts["ranking"] == f"1. red {red}; 2. blue {blue}; 3. green {green}"
    assert "share the place" in online.facts["tie"]
    assert "moving later in the round" in older.facts["tie"]
    assert "more stones" in blog.facts["tie"]


def test_a_dead_field_more_changes_the_capacity_figure():
    (stacks,) = F.CAPACITY.stacks
    figure = F.capacity_figure(replace(F.CAPACITY, stacks=({**stacks, "b2": 0},)))
    assert figure.panels[0].drawing != F.capacity_figure().panels[0].drawing


def test_the_capacity_figure_draws_what_the_engine_says(monkeypatch):
    from fabgen.rules.state import Position

    default = F.capacity_figure()
    # A different capacity rule in the engine (say, every field one more): new numbers.
    rule = Position.capacity
    monkeypatch.setattr(Position, "capacity", lambda self, field: rule(self, field) + 1)
    changed = F.capacity_figure()
    assert changed.panels[0].drawing != default.panels[0].drawing
    assert int(changed.facts["highest"]) == int(default.facts["highest"]) + 1


def test_the_move_figure_needs_a_move():
    with pytest.raises(ValueError, match="at least one move"):
        F.move_figure(replace(F.MOVE, moves=()))


def test_captions_follow_the_engine_not_typed_in_numbers(monkeypatch):
    # If the engine scored differently, the caption would say so.
    monkeypatch.setattr(F, "scores", lambda position: [42] * len(position.players))
    assert F.regions_figure().facts["scores"] == "red 42, blue 42"


def test_unknown_figure_names_the_known_ones():
    with pytest.raises(KeyError, match="known figures: key, move"):
        F.figure("nonsense")


def _texts(drawing):
    from fabgen.draw.drawing import Text

    return [s for s in drawing.shapes("print") if isinstance(s, Text)]


def _highlighted(drawing):
    from fabgen.draw.drawing import Polyline
    from fabgen.draw.position import HIGHLIGHT

    return [s for s in drawing.shapes("print") if isinstance(s, Polyline) and s.style == HIGHLIGHT]


# --- the order of moves -------------------------------------------------------------


def test_the_order_figure_shows_two_orders_with_different_results():
    from fabgen.rules import play_turn

    start = F.ORDER.position()
    pairs = F.order_pairs(start)
    assert pairs, "the example has no pair of moves whose order matters"
    first, second = pairs[0]
    one, _ = play_turn(start, [first, second])
    other, _ = play_turn(start, [second, first])
    assert one != other  # the same two moves, two results
    # every pair the search offers really differs, both orders legal
    for a, b in pairs:
        assert play_turn(start, [a, b])[0] != play_turn(start, [b, a])[0]
    figure = F.order_figure()
    _, left, right = figure.panels
    assert left.drawing != right.drawing
    assert figure.facts["after1"] != figure.facts["after2"]
    assert figure.facts["contested"] != "none"  # the opponent stone both moves reach


def test_the_order_figure_follows_its_example():
    # Without the blue stone both orders give the same result: no pair is found.
    red, _ = F.ORDER.stacks
    calm = replace(F.ORDER, stacks=(red, {"e1": 1}))
    assert F.order_pairs(calm.position()) == []
    with pytest.raises(ValueError, match="order matters"):
        F.order_figure(calm)


@pytest.mark.parametrize("name", sorted(F.FIGURES))
def test_labels_keep_off_the_tile_borders(name):
    """A field's label was painted under the thick tile borders: the border ran through
    "b1" and "c1" of the extreme machine's figure (and the tops of a, c, d, e in the
    others). The letters, measured with Vera's real widths, keep clear of every border."""
    from shapely.geometry import LineString, box

    from fabgen.draw.drawing import Operation, Polyline, Text
    from fabgen.draw.metrics import ASCENT, text_advance
    from fabgen.draw.position import LABEL, TILE_LINE

    for panel in F.figure(name).panels:
        shapes = panel.drawing.layers[Operation.PRINT]
        borders = [
            LineString(s.points) for s in shapes if isinstance(s, Polyline) and s.style == TILE_LINE
        ]
        for t in shapes:
            if isinstance(t, Text) and t.style == LABEL:
                w = text_advance(t.text, t.height, bold=True)
                (x, y), h = t.position, t.height
                ink = box(x - w / 2, y, x + w / 2, y + ASCENT * h)
                gap = min(ink.distance(line) for line in borders) - TILE_LINE.width / 2
                assert gap > 0.1, f"{name}: label {t.text!r} is {gap:.2f} mm from a tile border"


def test_labels_are_painted_over_the_red_and_region_outlines():
    """The red "explodes next" outline runs round its cell just where a label at the
    top or bottom of the cell sits: it was painted over the label and ran through the
    top of "a" in the simple machine's figure (and c, d in the order figure, a to d in
    the chain figure, b in the growth figure). A label whose letters touch an
    outline's stroke is now painted after it, with its patch."""
    from shapely.geometry import LineString, box

    from fabgen.draw.drawing import Operation, Polyline, Text
    from fabgen.draw.metrics import ASCENT, text_advance
    from fabgen.draw.position import HIGHLIGHT, LABEL, OUTLINE

    touching = []
    for name in sorted(F.FIGURES):
        for panel in F.figure(name).panels:
            shapes = panel.drawing.layers[Operation.PRINT]
            lines = [
                (k, LineString((*s.points, s.points[0])).buffer(s.style.width / 2))
                for k, s in enumerate(shapes)
                if isinstance(s, Polyline) and s.style in (HIGHLIGHT, OUTLINE)
            ]
            for k, t in enumerate(shapes):
                if not (isinstance(t, Text) and t.style == LABEL):
                    continue
                w = text_advance(t.text, t.height, bold=True)
                (x, y), h = t.position, t.height
                ink = box(x - w / 2, y, x + w / 2, y + ASCENT * h)
                for j, stroke in lines:
                    if ink.intersects(stroke):
                        touching.append((name, t.text))
                        assert k > j, f"{name}: an outline is painted over label {t.text!r}"
                        patch = shapes[k - 1]  # the patch of cell colour behind the letters
                        assert isinstance(patch, Polyline) and patch.style.stroke is None
                        assert k - 1 > j, f"{name}: an outline crosses the patch of {t.text!r}"
    assert ("machine", "a") in touching  # the figures have such labels: the test tests
