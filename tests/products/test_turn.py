"""The turn products: a picture per step read back, and a transcript one turn longer."""

import math
from xml.etree import ElementTree

import pytest

from fabgen.board.files import load_preset
from fabgen.draw.position import CELL_LINE, FILL
from fabgen.products.turn import longer_transcript_files, step_title, turn_picture_files
from fabgen.rules.moves import parse_moves
from fabgen.rules.names import field_name
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import play_turn
from tests.readback import SVG

START = load_preset("3p-triangle-4").position()
MOVES = "-d1--c1"  # Red, one stone one step onto its own field


@pytest.fixture(scope="module")
def steps():
    _, steps = play_turn(START, parse_moves(MOVES), "online", record_steps=True)
    return steps


def texts(data: bytes) -> list[str]:
    return [t.text or "" for t in ElementTree.fromstring(data).iter(f"{SVG}text")]


def test_a_picture_per_step_titled_as_the_command_prints_it(steps):
    made = turn_picture_files(steps)
    names = list(made.files)
    assert len(names) == len(steps)
    assert names[0] == "step-00-start.svg" and names[1] == "step-01-move--d1--c1.svg"
    for n, (name, step) in enumerate(zip(names, steps, strict=True)):
        assert name.startswith(f"step-{n:02d}-")
        assert f"{n}. {step_title(step)}" in texts(made.files[name])
    assert made.report is None


def test_field_names_only_when_asked(steps):
    named = texts(turn_picture_files(steps[:1]).files["step-00-start.svg"])
    bare = texts(turn_picture_files(steps[:1], names=False).files["step-00-start.svg"])
    assert "-d1" in named and "-d1" not in bare


def test_the_longer_transcript_reads_back_with_the_turn_appended():
    transcript = transcript_from_position(START, turns=(), with_state=False)
    made = longer_transcript_files("game.json", transcript, [("-d1", "-c1")])
    assert list(made.files) == ["game.json"]
    longer = parse_transcript(made.files["game.json"].decode("utf-8"), "longer")
    assert longer.move_list == (tuple(parse_moves(MOVES)),)
    assert longer.scores is None and longer.game_over is None


def test_a_machines_turn_says_on_its_first_picture_that_it_never_moves():
    """Its pictures have no move arrow; the first says why, as the command's text does."""
    solo = load_preset("1p-triangle-5-machine").position()
    before, _ = play_turn(solo, [], "online")  # the person passes: the machine's turn
    k = before.next_player
    assert before.players[k].kind == "machine"
    _, steps = play_turn(before, [], "online", record_steps=True)
    made = turn_picture_files(steps)
    first, *rest = made.files.values()
    note = f"{before.players[k].label(k)} is a machine: it never moves"
    assert note in texts(first)
    assert all(note not in texts(p) for p in rest)
    _, people = play_turn(solo, [], "online", record_steps=True)
    assert not any(
        "is a machine" in t
        for t in texts(turn_picture_files(people[:1]).files["step-00-start.svg"])
    )


def test_the_last_picture_gives_every_seats_score_as_the_command_does(steps):
    from fabgen.rules.scoring import scores

    made = list(turn_picture_files(steps).files.values())
    last = [t.strip() for t in texts(made[-1])]
    before, after = scores(steps[0].position), scores(steps[-1].position)
    assert "scores after the turn:" in last
    for k, (b, a) in enumerate(zip(before, after, strict=True)):
        change = f" ({a - b:+d})" if a != b else ""
        assert f"{START.players[k].label(k)}: {a}{change}" in last
    assert all("scores after the turn:" not in texts(p) for p in made[:-1])


BURST_STROKE = "#c74a00"


def burst_fields(data: bytes) -> list[str]:
    """The fields a picture marks with a burst, read back: the name written in the cell
    under each burst's middle (the key's sample has no name under it)."""
    root = ElementTree.fromstring(data)
    names = [
        (float(t.get("x")), float(t.get("y")), t.text)
        for t in root.iter(f"{SVG}text")
        if t.get("text-anchor") == "middle"
    ]
    found = []
    for path in root.iter(f"{SVG}path"):
        if path.get("stroke") != BURST_STROKE:
            continue
        points = [tuple(map(float, p.split(","))) for p in path.get("d")[2:-2].split(" L ")]
        cx = sum(x for x, _ in points) / len(points)
        cy = sum(y for _, y in points) / len(points)
        radius = max(abs(x - cx) for x, _ in points)
        below = [
            (y - cy, text)
            for x, y, text in names
            if abs(x - cx) < 1e-3 and 0 < y - cy < radius and text
        ]
        found.append(min(below)[1] if below else "key")
    return found


def machine_turn():
    """A machine's turn on the solo triangle: its two full stacks explode in one wave."""
    solo = load_preset("1p-triangle-5-machine").position()
    before, _ = play_turn(solo, [], "online")  # the person passes: the machine's turn
    _, steps = play_turn(before, [], "online", record_steps=True)
    return steps


def test_an_explosion_wave_marks_the_fields_that_exploded_in_it_with_a_burst():
    steps = machine_turn()
    made = turn_picture_files(steps)
    waves = [n for n, step in enumerate(steps) if step.kind == "explosion"]
    assert waves  # the test tests: the machine's stacks are full
    for n, (step, data) in enumerate(zip(steps, made.files.values(), strict=True)):
        marked = burst_fields(data)
        if n in waves:
            exploded = sorted(field_name(f) for f in step.fields)
            assert sorted(m for m in marked if m != "key") == exploded
            assert marked.count("key") == 1  # and the key says what a burst means
            assert "exploded in this wave (orange burst)" in texts(data)
        else:
            assert marked == [] and "exploded in this wave (orange burst)" not in texts(data)


def test_a_machines_turn_has_no_move_in_its_key_a_persons_move_has():
    """A machine never moves: no picture of its turn draws an arrow, so none has "a move"
    in its key; the picture of a person's move has it, the picture before it not."""
    assert all("a move" not in texts(p) for p in turn_picture_files(machine_turn()).files.values())
    _, steps = play_turn(START, parse_moves(MOVES), "online", record_steps=True)
    made = turn_picture_files(steps)
    assert "a move" in texts(made.files["step-01-move--d1--c1.svg"])
    assert "a move" not in texts(made.files["step-00-start.svg"])


def _normalised(points, around):
    """``points`` moved to the centroid of ``around`` and scaled to its mean distance 1
    from it: two drawings of one board at different sizes and places then coincide."""
    cx = sum(x for x, _ in around) / len(around)
    cy = sum(y for _, y in around) / len(around)
    spread = sum(math.hypot(x - cx, y - cy) for x, y in around) / len(around)
    return [((x - cx) / spread, (y - cy) / spread) for x, y in points]


def _setup_fields_and_stones(path):
    """The setup diagram's field circles, and its stones (centre, colour) on them."""
    circles = list(ElementTree.parse(path).getroot().iter(f"{SVG}circle"))
    fields = [(float(c.get("cx")), float(c.get("cy"))) for c in circles if c.get("fill") == "none"]
    stones = [
        ((float(c.get("cx")), float(c.get("cy"))), c.get("fill"))
        for c in circles
        if c.get("fill") not in ("none", "#ffffff")
        and any(
            math.hypot(float(c.get("cx")) - x, float(c.get("cy")) - y) < 1e-6 for x, y in fields
        )
    ]
    return fields, stones


def _picture_cells_and_stones(data: bytes):
    """A turn picture's field cells (the middles of the hexagons with the cells' grey
    line, not the key's smaller samples), and its stones (centre, colour): the discs on
    a cell's middle."""
    root = ElementTree.fromstring(data)
    hexagons = []
    for path in root.iter(f"{SVG}path"):
        if path.get("stroke") == CELL_LINE.stroke and path.get("fill") in FILL.values():
            xy = [tuple(map(float, p.split(","))) for p in path.get("d")[2:-2].split(" L ")]
            x, y = sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)
            hexagons.append(((x, y), math.hypot(xy[0][0] - x, xy[0][1] - y)))
    cell = max(r for _, r in hexagons)
    middles = [middle for middle, r in hexagons if r > 0.9 * cell]
    stones = [
        ((float(c.get("cx")), float(c.get("cy"))), c.get("fill"))
        for c in root.iter(f"{SVG}circle")
        if any(
            math.hypot(float(c.get("cx")) - x, float(c.get("cy")) - y) < 1e-3 for x, y in middles
        )
    ]
    return middles, stones


@pytest.mark.parametrize("preset", ["3p-triangle-4", "2p-diamond-4"])
def test_the_pictures_show_the_board_the_way_up_the_setup_diagram_does(cli, tmp_path, preset):
    # The pictures drew the board on the lattice's own axes, some 19° off the setup
    # diagram (and the designer, play page and territory picture, which turn it as it
    # does): read back, every cell's middle lies on one of the diagram's field circles,
    # and every stone on a stone of its colour there (so a board that looks the same
    # turned a third, or half, of the way round is not passed either).
    game = tmp_path / "game.json"
    start = load_preset(preset).position()
    game.write_text(write_transcript(transcript_from_position(start, turns=(), with_state=False)))
    played = cli("rules", "turn", game, "--svg", tmp_path / "steps")
    assert played.exit_code == 0, played.output
    laid = cli("layout", "--preset", preset, "--out", tmp_path)
    assert laid.exit_code == 0, laid.output
    fields, stones = _setup_fields_and_stones(tmp_path / f"{preset}-setup.svg")
    diagram = _normalised(fields, fields)
    pictures = sorted((tmp_path / "steps").glob("*.svg"))
    assert len(pictures) >= 2  # the start and growth at least
    for picture in pictures:  # every step's picture
        middles, _ = _picture_cells_and_stones(picture.read_bytes())
        assert len(middles) == len(fields) == len(start.board.fields)
        for x, y in _normalised(middles, middles):
            assert min(math.hypot(x - u, y - v) for u, v in diagram) < 0.02
    data = (tmp_path / "steps" / "step-00-start.svg").read_bytes()
    middles, discs = _picture_cells_and_stones(data)
    assert len(discs) == len(stones) == sum(1 for s in start.fields() if s.stones)
    placed = list(
        zip(_normalised([p for p, _ in stones], fields), [c for _, c in stones], strict=True)
    )
    for (x, y), colour in zip(
        _normalised([p for p, _ in discs], middles), [c for _, c in discs], strict=True
    ):
        assert any(math.hypot(x - u, y - v) < 0.02 and c == colour for (u, v), c in placed)
    # The names stay upright, each under its own cell's middle, and the files the same
    # from run to run.
    names = {t.text: float(t.get("x")) for t in ElementTree.fromstring(data).iter(f"{SVG}text")}
    for state in start.fields():
        assert any(abs(names[state.name] - x) < 1e-3 for x, _ in middles)
    assert not any("transform" in e.attrib for e in ElementTree.fromstring(data).iter())
    again = tmp_path / "again"
    assert cli("rules", "turn", game, "--svg", again).exit_code == 0
    assert (again / "step-00-start.svg").read_bytes() == data


def text_extents(data: bytes):
    """(text, x0, y0, x1, y1) of every text in a picture, measured in Vera as reportlab
    measures it (the font the SVG asks for first, DejaVu Sans, is Vera's widths), and
    the picture's viewBox."""
    pdfmetrics = pytest.importorskip("reportlab.pdfbase.pdfmetrics")
    from fabgen.export.pdf import FONT, FONT_BOLD, register_fonts

    register_fonts()
    root = ElementTree.fromstring(data)
    out = []
    for t in root.iter(f"{SVG}text"):
        size, x, y = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
        font = FONT_BOLD if t.get("font-weight") == "bold" else FONT
        width = pdfmetrics.stringWidth(t.text or "", font, size)
        x0 = x - {"start": 0.0, "middle": width / 2, "end": width}[t.get("text-anchor")]
        out.append((t.text, x0, y - 0.76 * size, x0 + width, y + 0.24 * size))
    return out, [float(v) for v in root.get("viewBox").split()]


def test_a_small_boards_pictures_keep_their_title_and_key_on_the_page():
    """On three tiles the title of an explosion wave and the key are wider than the
    board: the page grows to them (it was fitted to 0.6 cap heights a letter and cut the
    title's last fields and the key's words off)."""
    transcript = parse_transcript(
        """{"format": "Atlantis transcript", "version": "1.0",
        "segments": [["a6", "b6", "b7", "a7", "-a6", "-a5", "a5"],
                     ["c5", "d5", "d6", "c6", "b5", "b4", "c4"],
                     ["-a3", "a3", "a4", "-a4", "-b3", "-b2", "-a2"]],
        "players": [{"name": "Alexandra", "color": "red",
                     "stacks": {"a6": -6, "b6": 3, "a5": -6, "a7": -6}},
                    {"name": "Blue", "color": "blue", "stacks": {"c5": 1}}]}""",
        "three.json",
    )
    _, steps = play_turn(transcript.position, parse_moves("b6-b7"), record_steps=True)
    assert any(step.kind == "explosion" for step in steps)  # the widest title and key
    for name, data in turn_picture_files(steps).files.items():
        extents, (vx, vy, vw, vh) = text_extents(data)
        for text, x0, y0, x1, y1 in extents:
            inside = vx <= x0 and x1 <= vx + vw and vy <= y0 and y1 <= vy + vh
            assert inside, f"{name}: {text!r} runs off the page"


def test_the_last_pictures_scores_are_indented_under_their_heading(steps):
    """Each seat's score stands indented under "scores after the turn:", by its x: an
    SVG viewer collapses leading spaces, and the lines stood flush with the heading."""
    data = list(turn_picture_files(steps).files.values())[-1]
    at = {t.text: float(t.get("x")) for t in ElementTree.fromstring(data).iter(f"{SVG}text")}
    from fabgen.products.turn import score_changes

    heading = at["scores after the turn:"]
    seats = [at[words] for words in score_changes(steps[0].position, steps[-1].position)]
    assert len(seats) == len(START.players)
    assert all(x > heading + 1.0 for x in seats)


def test_a_long_wave_title_wraps_at_the_board_instead_of_widening_the_page():
    """A wave of 30 explosions names 30 fields: the title wraps to the drawing's width,
    its lines read back in order make the whole title, and the page is no wider than the
    board and key need (it was twice as wide, the board at its left)."""
    import json

    position = load_preset("2p-diamond-4").position()
    data = json.loads(write_transcript(transcript_from_position(position, turns=())))
    taken = {f for player in data["players"] for f in player["stacks"]}
    free = [f for segment in data["segments"] for f in segment if f not in taken]
    data["players"][0]["stacks"].update({f: -6 for f in free[:30]})  # full growing fields
    start = parse_transcript(json.dumps(data), "wave.json").position
    _, steps = play_turn(start, [], record_steps=True)
    wave = steps[1]
    assert wave.kind == "explosion" and len(wave.fields) == 30
    data = turn_picture_files(steps[:3], names=False).files["step-01-explosion-wave-1.svg"]
    root = ElementTree.fromstring(data)
    title = f"1. {step_title(wave)}"
    assert root.find(f"{SVG}title").text == title
    extents, (_, _, width, _) = text_extents(data)
    top = sorted((y0, text, x1 - x0) for text, x0, y0, x1, _ in extents)
    lines = [text for _, text, _ in top[:3]]
    assert len(lines[0]) > 40 and " ".join(lines) == title
    one_line = sum(w for _, _, w in top[:3])  # the title's width unwrapped, about
    assert width < 0.6 * one_line
