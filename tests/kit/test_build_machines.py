"""Kits for the presets with machine seats, dummies and stack starts: ``players`` counts
people, every machine colour gets its stones, and seat symbols tell machines apart."""

import json

import pytest

from fabgen.board.files import load_preset
from fabgen.geometry.symbols import (
    MACHINE_SYMBOLS,
    SEAT_SYMBOLS,
    SYMBOL_WORDS,
    board_seat_symbols,
)
from tests.rules.test_rules_machines import MACHINE_PRESETS

# The builds draw the rule sheets once per paper setting (tests/kit/conftest.py).
pytestmark = pytest.mark.usefixtures("rule_sheets_drawn_once")


def build(tmp_path, cli, text):
    kit = tmp_path / "kit.toml"
    kit.write_text(text)
    out = tmp_path / "out"
    return cli("build", kit, "--quiet", "--out", out), out


def build_preset(tmp_path, cli, preset, people, paper, stones):
    """Build the kit of a preset board; the builder's output folder."""
    result, out = build(
        tmp_path,
        cli,
        f'[kit]\nboard = "{preset}"\nplayers = {people}\npaper = "{paper}"\n'
        f'[stones]\ndesign = "{stones}"\n',
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize(
    ("preset", "people"),
    [
        ("2p-diamond-5-machines", 2),
        ("5p-hexagon-19-dummy", 5),
        ("4p-diamond-5-stacks", 4),
        ("3p-triangle-7-machines", 3),
    ],
)
def test_machine_and_stack_start_presets_build_complete_kits(tmp_path, cli, preset, people):
    board = load_preset(preset)
    out = build_preset(tmp_path, cli, preset, people, "a4", "laser")
    files = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    for name in (
        f"print/{preset}-setup.svg",
        f"print/{preset}-board-a4.pdf",
        f"board/{preset}.toml",
        f"board/{preset}-start.json",
        "print/rulesheet-a4.pdf",
        "laser/tiles-sheet-1.svg",
        "bom.json",
        "manifest.json",
    ):
        assert name in files, name
    # one colour of laser stones per seat, machines included
    seats = len(board.seats)
    assert any(f.startswith(f"laser/stones-colour-{seats}-sheet") for f in files)
    assert not any(f.startswith(f"laser/stones-colour-{seats + 1}-") for f in files)
    bom = json.loads((out / f"board/{preset}-bom.json").read_text())
    assert (bom["people"], bom["machines"]) == (people, board.machines)
    kinds = [c["kind"] for c in bom["stones"]["colours"]]
    assert kinds == [s.kind.value for s in board.seats]
    start = json.loads((out / f"board/{preset}-start.json").read_text())
    assert [p.get("kind", "player") for p in start["players"]] == kinds
    # the kit's own bill of materials and README count people and machines apart
    kit_bom = json.loads((out / "bom.json").read_text())
    assert (kit_bom["people"], kit_bom["machines"]) == (people, board.machines)
    assert kit_bom["players"] == seats
    who = f"{people} people" if people > 1 else "1 person"
    plain = f"{people} players,"
    seats_said = f"{who}, {board.machines} machine seat" if board.machines else plain
    for name in ("bom.txt", "README.txt"):
        text = " ".join((out / name).read_text().split())  # README.txt wraps its lines
        assert seats_said in text, (name, text[:300])
        assert f"{seats} players" not in text or not board.machines


def test_players_counts_people_not_machine_seats(tmp_path, cli):
    result, out = build(tmp_path, cli, '[kit]\nboard = "4p-hexagon-19-machines"\nplayers = 6\n')
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "players = 6 but the board 4p-hexagon-19-machines has 4 people and 2 machine seats" in (
        text
    )
    assert "players counts people, not machines" in text
    assert not out.exists()


def test_a_solo_kit_with_seat_symbols_gives_the_machines_their_own_shapes(tmp_path, cli):
    result, out = build(
        tmp_path,
        cli,
        '[kit]\nboard = "1p-triangle-5-two-machines"\nplayers = 1\npaper = "a4"\n'
        "[stones]\nseat_symbols = true\nmarkers = false\n",
    )
    assert result.exit_code == 0, result.output
    stones = sorted(p.name for p in (out / "3d").glob("stone-*.step"))
    assert stones == [
        "stone-disc-d20.7-c0.2-diamond.step",
        "stone-disc-d20.7-c0.2-hexagon.step",
        "stone-disc-d20.7-c0.2-ring.step",
    ]
    # README.txt says which plate is whose, in which colour, with which symbol.
    readme = (out / "README.txt").read_text()
    board = load_preset("1p-triangle-5-two-machines")
    symbols = board_seat_symbols([seat.is_machine for seat in board.seats])
    named = ["seat 1 (Red)", "seat 2 (Machine A, a machine)", "seat 3 (Machine B, a machine)"]
    for k, seat in enumerate(board.seats):
        (line,) = [x for x in readme_entries(readme) if f"for {named[k]}," in x]
        pattern = line.split()[0].removesuffix(":")
        assert f"-{symbols[k]}-plate" in pattern and list(out.glob(pattern))
        assert f"print in {seat.colour}" in line and SYMBOL_WORDS[symbols[k]] in line
    assert "print each stone plate once per player colour" not in readme


def test_the_kit_readme_names_seats_in_the_setup_diagram_s_words(tmp_path):
    """README.txt said "for seat 2 (Machine)" where the setup diagram beside it says
    "Seat 2: a machine": each seat's words are read back from the diagram's legend and
    found in README.txt's line for its stones."""
    import re
    from xml.etree import ElementTree

    from fabgen.kitbuild.kitfile import load_kit
    from fabgen.kitbuild.plan import plan_kit
    from fabgen.kitbuild.render import readme_text
    from fabgen.products.layout import LayoutParams, layout_files
    from tests.kit.test_seat_colours import TEMPLATE

    # a machine named "Machine", a named one, a person without a name, a named person
    text = (TEMPLATE.parent / "4p-hexagon-19-machines.toml").read_text()
    text = text.replace('name = "Machine A"', 'name = "Machine"').replace('name = "Blue"\n', "")
    (tmp_path / "club.toml").write_text(text)
    kit = '[kit]\nboard = "club.toml"\n[stones]\nseat_symbols = true\n'  # ", marked with"
    (tmp_path / "kit.toml").write_text(kit)
    plan = plan_kit(load_kit(tmp_path / "kit.toml"))
    svg = layout_files(LayoutParams(plan.board, 100.0, ("a4",))).files[
        f"{plan.board.name}-setup.svg"
    ]
    legend = " ".join(
        t.text or "" for t in ElementTree.fromstring(svg).iter() if t.tag.endswith("text")
    )
    heads = re.findall(r"Seat (\d+): (?:([^;:]+?), )?(?:moves|plays) \w+;", legend)
    assert [int(n) for n, _ in heads] == list(range(1, 7))
    readme = " ".join(readme_text(plan, {"3d/a.3mf": b""}).split())
    for n, who in heads:
        assert (f"for seat {n} ({who})," if who else f"for seat {n},") in readme
    assert "for seat 2 (a machine)," in readme and "for seat 3," in readme
    assert "for seat 5 (Machine B, a machine)," in readme and "(Machine)" not in readme


def readme_entries(readme: str) -> list[str]:
    """README.txt's lines with each wrapped note of a list joined to its first line
    (the lines after it are indented further)."""
    entries: list[str] = []
    for line in readme.splitlines():
        depth = len(line) - len(line.lstrip())
        above = len(entries[-1]) - len(entries[-1].lstrip()) if entries else 0
        if line.strip() and 0 < above < depth:  # (a heading's items are no continuation)
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    return entries


def test_board_seat_symbols_are_distinct_and_mark_machines():
    assert board_seat_symbols([False, True, True]) == ("ring", "hexagon", "diamond")
    assert board_seat_symbols([False] * 6) == tuple(SEAT_SYMBOLS.values())
    # a third machine colour falls back to its seat's symbol: still no two alike
    symbols = board_seat_symbols([False, True, True, True, False, False])
    assert symbols == ("ring", "hexagon", "diamond", "square", "star", "cross")
    assert len(set(symbols)) == 6
    assert set(MACHINE_SYMBOLS.values()).isdisjoint(SEAT_SYMBOLS.values())


#: The presets added with seat kinds (issue 11): machines, a dummy, stack starts and
#: the two six-seat boards the board tutorial (docs/tutorials/board.md) mentions.
SEAT_KIND_PRESETS = (
    *MACHINE_PRESETS,
    "4p-diamond-5-stacks",
    "5p-hexagon-18-stacks",
    "6p-hexagon-21",
    "6p-ring-18",
)


@pytest.mark.parametrize("preset", SEAT_KIND_PRESETS)
def test_every_seat_kind_preset_builds_a_kit_with_its_board_products(tmp_path, cli, preset):
    board = load_preset(preset)
    out = build_preset(tmp_path, cli, preset, board.people, "letter", "none")
    manifest = json.loads((out / "manifest.json").read_text())
    listed = {entry["path"] for entry in manifest["files"]}
    for name in (
        f"print/{preset}-setup.svg",
        f"print/{preset}-setup.pdf",
        f"print/{preset}-board-letter.pdf",
        f"board/{preset}.toml",
        f"board/{preset}-start.json",
        f"board/{preset}-bom.json",
        "bom.json",
    ):
        assert name in listed, name
        assert (out / name).is_file(), name
    # the board transcript holds the preset's start, seat by seat
    start = json.loads((out / f"board/{preset}-start.json").read_text())
    assert len(start["players"]) == len(board.seats)
    # the BOM gives every seat, machines included, a colour with enough stones for
    # its start, and counts the stones over all colours
    bom = json.loads((out / f"board/{preset}-bom.json").read_text())
    colours = bom["stones"]["colours"]
    assert [c["kind"] for c in colours] == [s.kind.value for s in board.seats]
    assert [c["at_start"] for c in colours] == [s.stones for s in board.seats]
    assert all(c["count"] >= c["at_start"] > 0 for c in colours)
    assert bom["stones"]["total"] == sum(c["count"] for c in colours)
    machines = [c for c in colours if c["kind"] != "player"]
    assert len(machines) == board.machines
    assert (bom["people"], bom["machines"]) == (board.people, board.machines)
