"""The balance product: the report, pictures, saved games and suggested board of a
played run, read back and checked against the run's parameters."""

import hashlib
import json
import re

import pytest

from fabgen.board.boardfile import parse_board_toml
from fabgen.board.files import load_preset
from fabgen.play.balance import BalanceOptions, run_balance
from fabgen.products.balance import balance_files
from fabgen.rules.transcript import parse_transcript
from tests.readback import SVG

BOARD = load_preset("2p-diamond-4")


@pytest.fixture(scope="module")
def run():
    return run_balance(BOARD, BalanceOptions(6, ("random",), "online", 5, 400, 2))


def test_the_files_of_a_run(run):
    made = balance_files(run)
    name = BOARD.name
    assert sorted(made.files) == sorted(
        [
            f"{name}-balance.json",
            f"{name}-win-rates.svg",
            f"{name}-territory.svg",
            f"{name}-game-00001.json",
            f"{name}-game-00002.json",
            f"{name}-balance-files.json",
        ]
    )
    assert json.loads(made.files[f"{name}-balance.json"]) == json.loads(json.dumps(made.report))
    # The list of the run's files names every other file with its digest.
    listed = json.loads(made.files[f"{name}-balance-files.json"])["files"]
    digests = {e["path"]: e["sha256"] for e in listed}
    others = {k: v for k, v in made.files.items() if k != f"{name}-balance-files.json"}
    assert digests == {k: hashlib.sha256(v).hexdigest() for k, v in others.items()}


def test_the_report_follows_the_options(run):
    report = balance_files(run).report
    assert report["games"] == 6
    assert [s["player"] for s in report["seats"]] == ["random", "random"]
    assert report["seed"] == 5 and report["variant"] == "online"


def test_the_saved_games_read_back_as_transcripts_of_the_board(run):
    made = balance_files(run)
    game = parse_transcript(made.files[f"{BOARD.name}-game-00001.json"].decode(), "saved")
    assert len(game.position.players) == len(BOARD.seats)
    assert game.move_list  # the game was played


def test_the_pictures_show_a_bar_per_seat(run):
    from xml.etree import ElementTree

    root = ElementTree.fromstring(balance_files(run).files[f"{BOARD.name}-win-rates.svg"])
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any("seat 1" in t.lower() or "red" in t.lower() for t in texts)


def test_with_board_adds_the_board_played(run):
    made = balance_files(run, with_board=True)
    board = parse_board_toml(made.files[f"{BOARD.name}.toml"].decode(), "played")
    assert board == BOARD


def test_the_pictures_pages_end_a_margin_past_their_widest_text(run):
    """Read back and measured in Vera: the widest line ends 6 mm inside the page's
    right edge, and no text runs past it (pages were sized at 0.9 cap heights a letter,
    and the win rates' page was a third empty on its right)."""
    from tests.products.test_turn import text_extents

    made = balance_files(run)
    for kind in ("win-rates", "territory"):
        extents, (_, _, width, _) = text_extents(made.files[f"{BOARD.name}-{kind}.svg"])
        widest = max(x1 for _, _, _, x1, _ in extents)
        assert widest <= width - 6.0 + 0.05, kind
        if kind == "win-rates":  # its notes are wider than its bars
            assert widest == pytest.approx(width - 6.0, abs=0.05)


def _drawn_report(seats: list[dict], games: int, p_value: float) -> dict:
    """A balance report of ``seats`` with the keys the win-rate picture reads."""
    return {
        "board": "b", "variant": "online", "seed": 0, "games": games, "finished": games,
        "capped": 0, "seats": seats, "test": {"p_value": p_value, "seats_differ": False},
    }  # fmt: skip


@pytest.mark.parametrize("highs", [[0.466] * 4 + [0.548], [0.76] * 5, [1.0] * 5])
def test_no_grid_line_runs_through_a_win_rate(highs):
    """The figure above an error bar stood on a grid line, or across the axis's top
    line (6p-hexagon-37 after 2 games: every "16.7%" on the 80 % line; a 5-seat board's
    "18.3%" on the 50 % line). Now the axis
    leaves room for it below 100 %, and a white box under it hides any line."""
    from fabgen.draw.balance import GRID, win_rate_drawing
    from fabgen.draw.board_parts import text_width
    from fabgen.draw.drawing import Operation, Polyline, Text

    seats = [
        {"seat": k + 1, "name": f"S{k}", "player": "strong", "win_rate": 0.2,
         "ci_low": 0.05, "ci_high": high}
        for k, high in enumerate(highs)
    ]  # fmt: skip
    shapes = win_rate_drawing(_drawn_report(seats, 12, 1.0), [None] * 5).layers[Operation.PRINT]
    grid = [(k, s) for k, s in enumerate(shapes) if isinstance(s, Polyline) and s.style == GRID]
    labels = [(k, s) for k, s in enumerate(shapes) if isinstance(s, Text) and s.text == "20.0%"]
    assert len(labels) == 5
    top = max(line.points[0][1] for _, line in grid)
    for k, label in labels:
        (x, y), h = label.position, label.height
        half = text_width(label.text, h) / 2
        if max(highs) < 0.9:
            assert y + h <= top, "the figure stands above the axis"
        for g, line in grid:
            gy = line.points[0][1]
            if not y <= gy <= y + h:
                continue
            boxes = [
                box.points
                for box in shapes[g + 1 : k]
                if isinstance(box, Polyline) and box.closed and box.style.fill == "#ffffff"
            ]
            assert any(
                min(p[0] for p in b) <= x - half
                and max(p[0] for p in b) >= x + half
                and min(p[1] for p in b) <= y
                and max(p[1] for p in b) >= y + h
                for b in boxes
            ), f"a grid line at {gy:.1f} runs through the figure at {y:.1f}"


def test_the_territory_picture_rings_each_start_stack_in_its_seats_colour():
    """The territory pictures of a board and of a copy with one stack moved looked
    alike: the setup played was shown nowhere. Each start stack is ringed, on a field's
    middle, in its seat's colour; start tiles (a stone a field) get no ring."""
    from xml.etree import ElementTree

    from fabgen.draw.position import stone_colour

    for name, rings in (("5p-hexagon-18-stacks", 5), ("3p-triangle-4", 0)):
        played = load_preset(name)
        run = run_balance(played, BalanceOptions(1, ("greedy",), max_turns=2))
        root = ElementTree.fromstring(balance_files(run).files[f"{name}-territory.svg"])
        middles = set()
        for path in root.iter(f"{SVG}path"):
            corners = path.get("d", "").strip("MZ ").split(" L ")
            if len(corners) == 6:  # a field's hexagon
                xy = [tuple(map(float, c.split(","))) for c in corners]
                middles.add(tuple(round(sum(v) / 6, 1) for v in zip(*xy, strict=True)))
        seats = [
            c.get("stroke")
            for c in root.iter(f"{SVG}circle")
            if c.get("stroke") != "#000000"
            and (round(float(c.get("cx")), 1), round(float(c.get("cy")), 1)) in middles
        ]
        assert len(seats) == rings
        wanted = [stone_colour(s.colour, k).lower() for k, s in enumerate(played.seats)]
        assert sorted(seats) == (sorted(wanted) if rings else [])


@pytest.mark.parametrize(
    "preset, players",
    [
        ("2p-diamond-4", ("greedy", "random")),
        ("2p-diamond-4", ("random",)),
        ("2p-diamond-5-machines", ("random",)),  # its machine seats 2 and 4 never move
        ("3p-triangle-4", ("random", "greedy", "random")),
    ],
)
def test_the_win_rates_picture_says_who_played_each_seat(preset, players):
    """The notes said "players: greedy, random", the players' names only: which played
    seat 1? Now ``players: seat 1 greedy; seat 2 random`` (``seats 1 and 3 random`` for
    a player in several), read back against the report, or one name when every seat
    played it; the line ends inside the page."""
    from xml.etree import ElementTree

    from tests.products.test_turn import text_extents

    made = balance_files(run_balance(load_preset(preset), BalanceOptions(1, players, seed=3)))
    svg = made.files[f"{preset}-win-rates.svg"]
    texts = [t.text or "" for t in ElementTree.fromstring(svg).iter(f"{SVG}text")]
    (line,) = [t for t in texts if t.startswith("players: ")]
    played = {s["seat"]: s["player"] for s in made.report["seats"]}
    said = line.removeprefix("players: ")
    if len(set(played.values())) == 1:
        assert said == played[1]
    else:
        shown = {}
        for group in said.split("; "):
            seats, player = re.fullmatch(r"seats? ([\d, and]+) (\S+)", group).groups()
            shown.update({int(n): player for n in re.findall(r"\d+", seats)})
        assert shown == played
    extents, (_, _, width, _) = text_extents(svg)
    assert max(x1 for _, _, _, x1, _ in extents) <= width - 6.0 + 0.05


@pytest.mark.parametrize(
    "rates", [(0.31, 0.01, 0.21, 0.08, 0.06, 0.33), (0.2, 0.14, 0.32, 0.0, 0.22, 0.12)]
)
def test_beside_machine_seats_the_win_rates_show_the_peoples_even_share(rates):
    """The even line (1 / seats) counts a machine as a seat: on 4p-hexagon-19-machines
    every person's bar but one stood above it. A dotted line, labelled "people", marks an
    even share of the wins the machines left, its label clear of "even"'s."""
    from fabgen.draw.balance import AXIS, EVEN, PEOPLE_EVEN, win_rate_drawing
    from fabgen.draw.drawing import Operation, Polyline, Text

    machines = {2, 5} if rates[1] < 0.1 else {6}
    seats = [
        {"seat": k + 1, "name": f"S{k}", "player": "strong", "win_rate": r, "ci_low": 0.0,
         "ci_high": r, "kind": "machine" if k + 1 in machines else "player"}
        for k, r in enumerate(rates)
    ]  # fmt: skip
    report = _drawn_report(seats, 100, 0.5)

    def parts(seats):
        shapes = win_rate_drawing({**report, "seats": seats}, [None] * 6).layers[Operation.PRINT]
        lines = {s.style: s.points[0][1] for s in shapes if isinstance(s, Polyline)}
        texts = {s.text: s for s in shapes if isinstance(s, Text)}
        return lines, texts

    lines, texts = parts(seats)
    people = [r for s, r in zip(seats, rates, strict=True) if s["kind"] == "player"]
    axis, even = lines[AXIS], lines[EVEN]
    share = sum(people) / len(people)
    assert (lines[PEOPLE_EVEN] - axis) / (even - axis) == pytest.approx(share * len(rates))
    said, kept = texts["people"].position[1], texts["even"].position[1]
    assert abs(said - kept) >= texts["even"].height, "the labels overlap"
    which = "seats 2 and 5 are machines" if len(machines) == 2 else "seat 6 is a machine"
    assert f"even: 1 / seats; people: the people's wins shared evenly ({which})" in texts
    # Without machine seats (or with one person), no such line.
    lines, texts = parts([{**s, "kind": "player"} for s in seats])
    assert PEOPLE_EVEN not in lines and "people" not in texts
