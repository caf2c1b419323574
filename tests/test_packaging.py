"""The package as users install and start it."""

import os
import pathlib
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_subpackage_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "fabgen").rglob("__init__.py")
    }
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"


def test_help_lists_every_command_with_a_description(cli):
    from fabgen.cli import main

    result = cli("--help")
    assert result.exit_code == 0
    for name, command in main.commands.items():
        line = next(ln for ln in result.output.splitlines() if ln.strip().startswith(name + " "))
        assert len(line.split(None, 1)[1]) > 10, f"{name} has no description"
        assert command.help, f"{name} has no help text"


def test_startup_does_not_import_heavy_libraries():
    code = (
        "import sys; from fabgen.cli import main; "
        "heavy = [m for m in ('cadquery', 'OCP', 'ezdxf', 'reportlab', 'shapely', 'svgwrite') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_files_are_identical_across_processes(tmp_path):
    # Different hash seeds change set iteration order, which once reordered the DXF.
    for run, seed in (("a", "1"), ("b", "4")):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fabgen",
                "tile",
                "--label",
                "1",
                "--corner-radius",
                "1",
                "--out",
                str(tmp_path / run),
            ],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
    for name in ("tile.svg", "tile.dxf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_templates_ship_as_package_data():
    from importlib import resources

    assert resources.files("fabgen.templates").is_dir()


def test_every_file_of_the_web_app_ships_as_package_data():
    # setuptools globs each pattern in the package's folder; "static/*" takes no subfolder
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    web = ROOT / "fabgen" / "web"
    shipped = {
        p
        for pattern in config["tool"]["setuptools"]["package-data"]["fabgen.web"]
        for p in web.glob(pattern)
        if p.is_file()
    }
    files = {
        p for folder in ("static", "templates") for p in (web / folder).rglob("*") if p.is_file()
    }
    assert files, "no static files found"
    assert not files - shipped, (
        f"add to package-data: {sorted(str(p.relative_to(web)) for p in files - shipped)}"
    )
