"""The pictures in docs/ that the README and the documentation site show, made by
fabgen's own products (``make pictures``, ``python -m fabgen.pictures``).

A test makes them again and compares them with the committed files, so no page ever
shows something fabgen no longer makes. This script sits at the top of the layers,
beside the site's hook, because it calls the products (docs/design-notes.md, *Layers*).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

#: A laser file's hairlines vanish on screen; the tile picture draws them 0.6 mm wide.
PREVIEW_LINE_MM = 0.6


def readme_pictures() -> dict[str, bytes]:
    """``{path relative to the repository: SVG bytes}``."""
    return {
        "docs/tile.svg": tile_picture(),
        "docs/board-6p-hexagon-19.svg": setup_picture("6p-hexagon-19"),
        **balance_pictures(),
    }


def tile_picture() -> bytes:
    """``fabgen tile --corner-radius 2 --border 1.5 --label 7``, drawn for a screen."""
    from fabgen.geometry.tile import TileGeometry
    from fabgen.products.tile import TileParams, tile_files

    params = TileParams(
        TileGeometry.from_width(100, corner_radius=2.0),
        border=1.5,
        label="7",
        made_by={"command": "fabgen tile --corner-radius 2 --border 1.5 --label 7"},
        formats=("svg",),
        hairline=PREVIEW_LINE_MM,
    )
    return tile_files(params).files["tile.svg"]


def setup_picture(preset: str) -> bytes:
    """The setup diagram of ``fabgen layout --preset PRESET``."""
    from fabgen.board.files import load_preset
    from fabgen.products.layout import LayoutParams, setup_files

    return setup_files(LayoutParams(load_preset(preset)), ("svg",)).files[f"{preset}-setup.svg"]


#: The balance example of docs/balance.md: ``fabgen balance --preset 3p-triangle-4 --players
#: random --variant blog --games 300``.
BALANCE_EXAMPLE = ("3p-triangle-4", "random", "blog", 300)


@cache
def balance_pictures() -> dict[str, bytes]:
    from fabgen.board.files import load_preset
    from fabgen.play.balance import BalanceOptions, run_balance
    from fabgen.products.balance import balance_files

    name, player, variant, games = BALANCE_EXAMPLE
    run = run_balance(load_preset(name), BalanceOptions(games, (player,), variant))
    files = balance_files(run).files
    return {
        f"docs/{name}-win-rates.svg": files[f"{name}-win-rates.svg"],
        f"docs/{name}-territory.svg": files[f"{name}-territory.svg"],
    }


def main(root: str = ".") -> None:
    """Write the pictures under ``root`` (the repository) in one transaction."""
    from fabgen.export.transaction import write_transaction

    pictures = readme_pictures()
    write_transaction(root, pictures)
    for name in pictures:
        print(f"wrote {Path(root) / name}")


if __name__ == "__main__":
    main(*sys.argv[1:])
