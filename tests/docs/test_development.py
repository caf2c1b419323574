"""The contributor's pages name what the code has: every product (a module of
fabgen/products) is in the design notes' table of products, in the package's list and
in development.md's map of the code, as *Adding a product* asks."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import fabgen.products

ROOT = Path(__file__).resolve().parents[2]
NOTES = (ROOT / "docs" / "design-notes.md").read_text(encoding="utf-8")
DEVELOPMENT = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")


def products() -> set[str]:
    """The product modules (``output`` holds what every product returns)."""
    return {m.name for m in pkgutil.iter_modules(fabgen.products.__path__)} - {"output"}


def test_every_product_is_in_the_design_notes_table():
    section = NOTES.split("\n## Products\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    assert {m for row in rows for m in re.findall(r"`(\w+)\.\w+_files\(", row)} == products()


def test_every_product_is_in_the_packages_list():
    listed = set(re.findall(r":mod:`fabgen\.products\.(\w+)`", fabgen.products.__doc__ or ""))
    assert listed - {"output"} == products()


def test_every_product_is_in_the_map_of_the_code():
    found = re.search(r"\(`fabgen/products`: ([a-z, ]+)\)", " ".join(DEVELOPMENT.split()))
    assert found, "development.md lists the products as (`fabgen/products`: tile, ...)"
    assert set(found.group(1).split(", ")) == products()
