"""A kit's stones of the height the maker gives (``[stones] height``): the setting of
``fabgen stones --height``, with its limits, refusals and layer note, and the bill of
materials following it; and the warning at a [stones] setting the design does not use
(docs/design-notes.md, *Building a kit*)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from fabgen.kitbuild.kitfile import load_kit
from fabgen.kitbuild.plan import plan_kit
from fabgen.kitbuild.render import PRODUCTS, filament_bom, kit_bom
from fabgen.pieces.params import DiscStone, PyramidStone

#: A height between 0.2 mm layers (on a 0.1 mm one): made as given, with a note.
TALL = 7.1


def _kit(folder, text: str):
    path = folder / "kit.toml"
    path.write_text(text)
    return load_kit(path)


def _stones(plan) -> list:
    return [p for p in plan.stones.pieces if not getattr(p, "kind", None)]


def _warnings(plan) -> list:
    return [f for f in plan.findings if f.severity == "warning"]


@pytest.fixture(scope="module")
def tall_kit(tmp_path_factory):
    """The kit's plan and its stones product (STEP, STL, 3MF plates) at :data:`TALL`."""
    plan = plan_kit(
        _kit(tmp_path_factory.mktemp("tall"), f"[stones]\nheight = {TALL}\nmarkers = false\n")
    )
    (stones,) = [p for p in PRODUCTS if p.title == "stones and markers"]
    return plan, stones.render(plan)


def _stl_faces(data: bytes) -> tuple[set[float], float]:
    """The heights of a binary STL's flat faces (triangles level in z), and its volume
    (signed tetrahedra), mm and mm³."""
    (count,) = struct.unpack_from("<I", data, 80)
    flat, volume = set(), 0.0
    for k in range(count):
        a, b, c = (struct.unpack_from("<3f", data, 84 + 50 * k + 12 + 12 * v) for v in range(3))
        if a[2] == b[2] == c[2]:
            flat.add(round(a[2], 3))
        volume += (
            a[0] * (b[1] * c[2] - b[2] * c[1])
            - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
        ) / 6
    return flat, volume


def test_a_kits_stones_are_made_at_its_height_and_its_bill_of_materials_follows(tall_kit):
    plan, files = tall_kit
    (stone,) = _stones(plan)
    (stl,) = [data for name, data in files.items() if name.endswith(".stl") and "stone" in name]
    flat, volume = _stl_faces(stl)
    # the top at the height as given (not rounded to a layer), the boss 1.6 mm above it
    assert max(z for z in flat if z < max(flat)) == pytest.approx(TALL, abs=1e-3)
    assert max(flat) == pytest.approx(TALL + stone.boss_height, abs=1e-3)
    bom = kit_bom(plan, files)
    assert bom["stones"]["height_mm"] == pytest.approx(max(flat), abs=0.01)
    assert bom["stones"]["pitch_mm"] == TALL
    # the filament is the taller stone's, read back from the plates
    filament = filament_bom(plan, files)["stones"][0]
    assert filament["cm3"] * 1000 / filament["pieces"] == pytest.approx(volume, rel=1e-3)
    usual = DiscStone(circle_diameter=plan.geometry.circle_diameter).volume
    assert volume > usual * 1.3


def test_a_height_between_layers_is_warned_of_in_fabgen_stones_words(
    tall_kit, cli, monkeypatch, tmp_path
):
    plan, _ = tall_kit
    (warning,) = _warnings(plan)
    assert (warning.code, warning.where) == ("kit-stones", "stones.height")
    assert f"(not {TALL} mm)" in warning.message
    # fabgen stones says it, and fabgen build prints it, before building anything:
    # both stopped there
    from fabgen.cli import stones_cmd
    from fabgen.errors import ParameterError
    from fabgen.kitbuild import render

    def stop(*_args, **_kw):
        raise ParameterError("count", "stopped before building")

    monkeypatch.setattr(stones_cmd, "_render", stop)
    monkeypatch.setattr(render, "render_kit", stop)
    result = cli("stones", "--height", f"{TALL}", "--count", "0")
    (note,) = [line for line in result.output.splitlines() if line.startswith("note: ")]
    assert warning.message == note.removeprefix("note: ")
    kit = tmp_path / "kit.toml"
    kit.write_text(f"[stones]\nheight = {TALL}\n")
    built = cli("build", kit, "--out", tmp_path / "out")
    assert f"warning [kit-stones] stones.height: {warning.message}\n" in built.output
    assert "stopped before building" in built.output


@pytest.mark.parametrize("design", ["disc", "pyramid"])
def test_a_height_on_a_layer_is_not_warned_of(tmp_path, design):
    plan = plan_kit(_kit(tmp_path, f"[stones]\ndesign = '{design}'\nheight = 7.2\n"))
    assert [s.height for s in _stones(plan)] == [7.2]
    assert _warnings(plan) == []


def test_the_default_kit_keeps_its_stones(tmp_path):
    """No height (0) is each design's own: the stones of before, with no note."""
    plan = plan_kit(load_kit(None))
    circles = plan.geometry.circle_diameter
    assert _stones(plan) == [DiscStone(circle_diameter=circles, clearance=0.2)]
    assert _warnings(plan) == []
    given = plan_kit(_kit(tmp_path, f"[stones]\nheight = {DiscStone.height}\n"))
    assert given.stones == plan.stones
    pyramid = plan_kit(_kit(tmp_path, "[stones]\ndesign = 'pyramid'\n"))
    assert _stones(pyramid) == [PyramidStone(circle_diameter=circles, clearance=0.2)]


@pytest.mark.parametrize(
    ("design", "height"),
    [("disc", "3"), ("disc", "300"), ("disc", "-1"), ("pyramid", "3")],
    ids=["too-low", "outside", "negative", "pyramid-leans"],
)
def test_a_refused_height_says_what_fabgen_stones_says(tmp_path, cli, design, height):
    stones = cli("stones", "--design", design, "--height", height, "--out", tmp_path / "s")
    assert stones.exit_code == 2
    said = " ".join(stones.output.split()).removeprefix("Error: ")
    assert said.startswith(f"--height {height}")
    kit = tmp_path / "kit.toml"
    kit.write_text(f"[stones]\ndesign = '{design}'\nheight = {height}\n")
    built = cli("build", kit, "--out", tmp_path / "out")
    assert built.exit_code == 2
    assert f"stones.height: {said.removeprefix('--height ')}" in " ".join(built.output.split())
    assert not (tmp_path / "s").exists() and not (tmp_path / "out").exists()


def test_each_seats_stone_is_warned_of_once(tmp_path):
    """The seats' stones differ only in their symbol, whose faces are at the same heights:
    one warning names them all (it was one per seat, six alike on a 6-seat board)."""
    from fabgen.pieces.params import layer_note

    plan = plan_kit(
        _kit(
            tmp_path,
            "[kit]\nboard = '6p-hexagon-19'\nplayers = 6\n"
            f"[stones]\nheight = {TALL}\nseat_symbols = true\nmarkers = false\n",
        )
    )
    stones = _stones(plan)
    assert len({s.symbol for s in stones}) == 6
    (warning,) = _warnings(plan)
    assert warning.where == "stones.height"
    first, *others = stones
    named = f"each seat's stone ({first.name}, {', '.join('-' + s.symbol for s in others)})"
    # the note of any one of them, the group named where the stone's name was
    for stone in stones:
        alone = layer_note(stone)
        assert warning.message == named + alone.removeprefix(stone.name)
    assert "its symbol's top at" in warning.message


#: A [stones] setting a design does not use, written in a kit file: (design, the line,
#: the setting, the start of its warning). The height was once the only one said; the
#: others were dropped without a word.
UNUSED = [
    ("laser", f"height = {TALL}", "height", f"{TALL} mm is not used: laser-cut stones are "
     "as thick as the sheet they are cut from"),
    ("none", f"height = {TALL}", "height", f"{TALL} mm is not used: the kit makes no stones"),
    ("laser", "clearance = 0.3", "clearance", "0.3 mm is not used: laser-cut stones are flat"),
    ("none", "clearance = 0.25", "clearance", "0.25 mm is not used: the kit makes no stones"),
    ("laser", "bed = '250x210'", "bed", "'250x210' is not used: laser-cut stones are cut on "
     "the laser, not printed"),

    ("none", "seat_symbols = true", "seat_symbols", "true is not used: the kit makes no "
     "stones"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("design", "line", "key", "said"), UNUSED, ids=[f"{u[0]}-{u[2]}" for u in UNUSED]
)
def test_a_setting_the_design_does_not_use_is_warned_of(tmp_path, design, line, key, said):
    """The kit is built as without the setting, with a warning at it (docs/design-notes.md,
    *Building a kit*); a kit file that does not write it gets none."""
    given = plan_kit(_kit(tmp_path, f"[stones]\ndesign = '{design}'\n{line}\n"))
    (warning,) = _warnings(given)
    assert (warning.code, warning.where) == ("kit-stones", f"stones.{key}")
    assert warning.message.startswith(said)
    assert warning.message.endswith("or give 0" if key == "height" else "or leave it out")
    assert warning.reason == "setting-not-used" and warning.facts["key"] == key
    plain = plan_kit(_kit(tmp_path, f"[stones]\ndesign = '{design}'\n"))
    assert _warnings(plain) == []
    assert given.stones == plain.stones
    assert (plain.stones is None) == (design == "none")


def test_every_unused_setting_is_warned_of_once_and_what_asks_for_nothing_not_at_all(
    tmp_path, cli, monkeypatch
):
    """Each setting the design does not use is said once, at its key, by fabgen build
    before it builds; false, and a value at its default (a kit file copied from the
    template writes every key), ask for nothing and are not said."""
    from fabgen.errors import ParameterError
    from fabgen.kitbuild import render

    every = (
        "[stones]\ndesign = 'laser'\ncount = 0\nclearance = 0.3\nheight = 7.1\n"
        "bed = '250x210'\nseat_symbols = false\nmarkers = true\n"
    )
    warned = _warnings(plan_kit(_kit(tmp_path, every)))
    assert sorted(w.where for w in warned) == ["stones.bed", "stones.clearance", "stones.height"]
    nothing = "[stones]\ndesign = 'none'\nheight = 0\nseat_symbols = false\nmarkers = false\n"
    assert _warnings(plan_kit(_kit(tmp_path, nothing))) == []
    template = (Path(__file__).parents[2] / "templates" / "kit.toml").read_text()
    assert 'design = "disc"' in template and "clearance = " in template and "bed = " in template
    for design in ("laser", "none"):
        copied = tmp_path / f"copied-{design}.toml"
        copied.write_text(template.replace('design = "disc"', f'design = "{design}"'))
        assert _warnings(plan_kit(load_kit(copied))) == []

    def stop(*_args, **_kw):
        raise ParameterError("count", "stopped before building")

    monkeypatch.setattr(render, "render_kit", stop)
    for text, said in ((every, warned), (nothing, [])):
        kit = tmp_path / "kit.toml"
        kit.write_text(text)
        built = cli("build", kit, "--out", tmp_path / "out").output
        assert [line for line in built.splitlines() if line.startswith("warning [")] == [
            w.text() for w in said
        ]
        assert "stopped before building" in built
