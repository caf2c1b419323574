"""The stones product: STEP, STL and 3MF files read back, the plate report against the
plan, the kit's 3d/ files as ``fabgen stones`` makes them, and CadQuery loaded only
when a solid is built."""

import io
import subprocess
import sys
import zipfile
from xml.etree import ElementTree

import pytest

from fabgen.pieces.params import DiscStone, Marker
from fabgen.pieces.plate import Bed
from fabgen.products.stones import PRINT_SETTINGS, StoneSet, plan_plates, stone_files

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}


@pytest.fixture(scope="module")
def made():
    stone, marker = DiscStone(diameter=18.0), Marker(kind="dead")
    plates = plan_plates((stone,), 30, Bed(120, 120), stone.name)
    return stone_files(StoneSet((stone, marker), tuple(plates)))


def plate_objects(data: bytes) -> list[str]:
    model = zipfile.ZipFile(io.BytesIO(data)).read("3D/3dmodel.model")
    root = ElementTree.fromstring(model)
    objects = {o.get("id"): o.get("name") for o in root.findall(".//m:object", NS)}
    return [objects[i.get("objectid")] for i in root.findall(".//m:build/m:item", NS)]


def test_a_step_and_an_stl_per_piece_and_a_3mf_per_plate(made):
    stone = DiscStone(diameter=18.0)
    names = sorted(made.files)
    pieces = {n.rsplit(".", 1)[0] for n in names if not n.endswith(".3mf")}
    assert pieces == {stone.name, Marker(kind="dead").name}
    plates = [n for n in names if n.endswith(".3mf")]
    assert plates == sorted(p["file"] for p in made.report["plates"])
    for plate in made.report["plates"]:  # copies numbered plate by plate
        copies = plate_objects(made.files[plate["file"]])
        assert copies == [f"{stone.name} #{k}" for k in range(1, plate["pieces"] + 1)]
    assert sum(p["pieces"] for p in made.report["plates"]) == 30


def test_the_step_reads_back_with_the_piece_volume(made):
    from fabgen.export.step import read_step

    stone = DiscStone(diameter=18.0)
    solid = read_step(made.files[f"{stone.name}.step"])
    assert solid.Volume() == pytest.approx(stone.volume, rel=1e-7)


def test_the_report_follows_the_plates(made):
    plates = made.report["plates"]
    assert sum(p["pieces"] for p in plates) == 30
    assert all(p["pieces"] <= p["capacity"] and p["bed"] == "120×120 mm" for p in plates)
    assert all(p["filament_g"] > 0 for p in plates)
    assert made.report["print_settings"] == PRINT_SETTINGS.label()


def test_progress_is_reported_per_plate():
    seen = []
    plates = tuple(plan_plates((DiscStone(),), 3, Bed(), "three"))
    stone_files(StoneSet((), plates), lambda name, done, total: seen.append((name, done, total)))
    assert seen and seen[-1] == ("three-plate-3", 3, 3)


def test_the_kit_prints_its_stones_as_fabgen_stones_does(cli, tmp_path, default_plan, kit_files):
    stone = default_plan.stones.pieces[0]  # templates/kit.toml: plain discs, clearance 0.2
    per_colour = default_plan.stones.plates[0].pieces
    result = cli("stones", "--count", len(per_colour), "--out", tmp_path)
    assert result.exit_code == 0, result.output
    for path in sorted(tmp_path.iterdir()):
        assert path.read_bytes() == kit_files[f"3d/{path.name}"], path.name
    assert (tmp_path / f"{stone.name}.step").exists()


def test_no_products_module_loads_cadquery_when_imported():
    code = (
        "import sys, pkgutil, importlib, fabgen.products as p\n"
        "for m in pkgutil.iter_modules(p.__path__):\n"
        "    importlib.import_module(f'fabgen.products.{m.name}')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('cadquery', 'OCP')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
