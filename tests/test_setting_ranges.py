"""The ranges the registry declares (the limits table, the options) are the ones the
commands apply: a value at each edge is accepted and one just outside refused."""

from __future__ import annotations

import pytest

from fabgen.draw.printed_board import PAPERS
from fabgen.settings import range_of

PRESET = "2p-diamond-4"

# setting: (command and the options it needs, the declared edges that are real checks)
EDGES = {
    "clearance": (("stones", "--count", "0"), ("low", "high")),
    "wall": (("stones", "--count", "0"), ("low",)),  # thick walls fail on the stone's size
    "page_margin": (("layout", "--preset", PRESET, "--paper", "letter"), ("low", "high")),
    "overlap": (("layout", "--preset", PRESET, "--paper", "letter"), ("low", "high")),
}
STEP = 0.01


def _flag(name: str) -> str:
    from fabgen.settings import SETTINGS

    flag = SETTINGS[name].flag
    assert flag is not None
    return flag


@pytest.mark.parametrize("name", EDGES)
def test_a_declared_edge_is_accepted_and_beyond_it_refused(cli, tmp_path, name, cq_if_stones):
    command, edges = EDGES[name]
    limit = range_of(name)
    for edge in edges:
        value = getattr(limit, edge)
        result = cli(*command, _flag(name), f"{value:g}", "--out", tmp_path / edge)
        assert result.exit_code == 0, (name, value, result.output)
        beyond = value - STEP if edge == "low" else value + STEP
        result = cli(*command, _flag(name), f"{beyond:g}", "--out", tmp_path / "no")
        assert result.exit_code == 2, (name, beyond, result.output)
        assert f"allowed: {limit.describe()}" in " ".join(result.output.split())
        assert not (tmp_path / "no").exists()


@pytest.fixture
def cq_if_stones(request):
    if EDGES[request.node.callspec.params["name"]][0][0] == "stones":
        pytest.importorskip("cadquery")


def test_the_page_bands_widest_bound_is_the_widest_papers():
    widest = max(min(p.width, p.height) / 4 for p in PAPERS.values())
    assert range_of("page_margin").high == range_of("overlap").high == widest


@pytest.mark.parametrize("name", ["page_margin", "overlap"])
def test_the_page_bands_range_says_each_papers_bound(cli, tmp_path, name):
    # It read "6 to 53.975 mm (at most ...: 52.5 mm on A4)": Letter's bound, A4's note.
    note = range_of(name).why
    for paper in PAPERS.values():
        assert f"{min(paper.width, paper.height) / 4:g} mm on {paper.name}" in note
    result = cli("layout", "--preset", PRESET, _flag(name), "60", "--out", tmp_path / "no")
    assert result.exit_code == 2
    assert note in " ".join(result.output.split())


@pytest.mark.parametrize("name", ["page_margin", "overlap"])
def test_a_narrower_paper_names_its_own_bound(cli, tmp_path, name):
    a4 = min(PAPERS["a4"].width, PAPERS["a4"].height) / 4  # 52.5 mm
    args = ("layout", "--preset", PRESET, "--paper", "a4", _flag(name))
    assert cli(*args, f"{a4:g}", "--out", tmp_path / "ok").exit_code == 0
    result = cli(*args, f"{a4 + STEP:g}", "--out", tmp_path / "no")
    assert result.exit_code == 2
    assert f"to {a4:g} mm" in result.output
    assert not (tmp_path / "no").exists()


def test_the_patch_takes_what_the_limits_page_says(cli):
    from fabgen.geometry.alignment import MAX_PATCH

    assert cli("check-alignment", "--patch", f"{MAX_PATCH}x1").exit_code == 0
    assert cli("check-alignment", "--patch", f"1x{MAX_PATCH}").exit_code == 0
    for patch in (f"{MAX_PATCH + 1}x1", f"1x{MAX_PATCH + 1}", "0x5"):
        result = cli("check-alignment", "--patch", patch)
        assert result.exit_code == 2
        assert f"1 to {MAX_PATCH} each" in result.output


def test_the_limits_page_says_what_the_patch_takes():
    from pathlib import Path

    from fabgen.geometry.alignment import MAX_PATCH
    from fabgen.site import WORK_LIMITS

    shown = {(w.module, w.constant) for w in WORK_LIMITS}
    assert ("fabgen.geometry.alignment", "MAX_PATCH") in shown
    text = " ".join((Path(__file__).parents[1] / "docs" / "limits.md").read_text().split())
    assert f"`check-alignment --patch` 1 to {MAX_PATCH} rows and 1 to {MAX_PATCH} columns" in text
    assert "4 digits a side" not in text
