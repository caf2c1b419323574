"""The bill of materials of a board: tiles, stones per colour, markers, in text and JSON.
Each seat's stones are named by the colour they are made in, its place's when the board
gives it none (docs/design-notes.md, *The board checks*)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from fabgen.board.colours import seat_colour
from fabgen.board.model import Board, SeatKind, seat_words
from fabgen.board.placement import BoardPlacement
from fabgen.board.supply import Supply, supply_needed
from fabgen.text import columns, padded

GROWING_BASIS = (
    "20% of the fields: a growing field explodes within six of its owner's turns, so only "
    "a few are growing at any time"
)
DEAD_BASIS = (
    "40% of the fields: dead fields pile up, but a tile whose fields are all dead can be "
    "lifted off and its markers used again"
)


def bill_of_materials(
    board: Board,
    width: float,
    printed_pages: Mapping[str, int] | None = None,
    supply: Supply | None = None,
) -> dict[str, object]:
    """What to make or buy for ``board`` with tiles ``width`` mm across the flats;
    ``printed_pages`` (paper name -> pages) adds the printed board. ``supply``: the
    pieces needed when not by the 20 % rule (simulated games)."""
    place = BoardPlacement(board, width)
    supply = supply or supply_needed(board)
    growing_basis, dead_basis = supply.markers_basis or (GROWING_BASIS, DEAD_BASIS)
    geometry = place.tile_geometry
    island = sum(t.coord is not None for t in board.tiles)
    colours = []
    for k, seat in enumerate(board.seats):
        colours.append(
            {
                "seat": k + 1,
                "name": seat.name,
                "colour": seat_colour(seat.colour, k),  # as the pictures draw it
                "kind": seat.kind.value,
                "count": supply.stones_per_player,
                "at_start": seat.stones,
            }
        )
    markers = supply.growing_markers + supply.dead_markers
    out: dict[str, object] = {
        "board": board.name,
        "description": board.description,
        "players": len(board.seats),
        "people": board.people,
        "machines": board.machines,
        "fields": supply.fields,
        "tiles": {
            "count": len(board.tiles),
            "island_tiles": island,
            "free_form_tiles": len(board.tiles) - island,
            "width_mm": round(width, 3),
            "pitch_mm": round(geometry.pitch, 3),
            "circle_diameter_mm": round(2 * geometry.circle_radius, 3),  # exact: r = d / 2
            "handedness": board.handedness.value,
        },
        # (two decimals: the text rounds again to whole mm, which from one decimal
        # made 115.47 mm 116 where the setup diagram says 115)
        "board_size_mm": [round(v, 2) for v in place.size],
        "stones": {
            "per_colour": supply.stones_per_player,
            "colours": colours,
            "total": supply.stones_total,
            "basis": supply.stones_basis,
            # (a position from the middle of a game: its seats hold stones, not start with them)
            "mid_game": supply.mid_game,
        },
        "growing_markers": {"count": supply.growing_markers, "basis": growing_basis},
        "dead_markers": {"count": supply.dead_markers, "basis": dead_basis},
        "total_pieces": supply.stones_total + markers,
    }
    if printed_pages:
        out["printed_board_pages"] = {k: printed_pages[k] for k in sorted(printed_pages)}
    return out


def bom_json(bom: dict[str, object]) -> str:
    return json.dumps(bom, indent=2, ensure_ascii=False) + "\n"


def bom_text(bom: dict) -> str:
    tiles, stones = bom["tiles"], bom["stones"]
    w, h = bom["board_size_mm"]
    seats = f"{bom['players']} players"
    if bom.get("machines"):
        people = "1 person" if bom["people"] == 1 else f"{bom['people']} people"
        machines = f"{bom['machines']} machine seat{'s' if bom['machines'] > 1 else ''}"
        seats = f"{people}, {machines}"
    lines = [f"Bill of materials: Atlantis board {bom['board']} ({seats})"]
    if bom["description"]:
        lines.append(bom["description"])
    lines.append("")
    kind = (
        ("island tile" if tiles["count"] == 1 else "island tiles")
        if not tiles["free_form_tiles"]
        else (f"tiles ({tiles['island_tiles']} island tiles, {tiles['free_form_tiles']} free-form)")
    )
    rows = [
        (
            "Tiles",
            tiles["count"],
            f"{kind}, {tiles['width_mm']:g} mm across the flats, circles "
            f"{tiles['circle_diameter_mm']:.1f} mm at a pitch of {tiles['pitch_mm']:.1f} mm "
            f"({tiles['handedness']} lattice)",
        ),
        ("Board", "", f"{w:.0f} × {h:.0f} mm, {bom['fields']} fields"),
        (
            "Stones",
            stones["total"],
            f"{stones['per_colour']} per colour × {len(stones['colours'])} colours "
            f"({stones['basis']})",
        ),
    ]
    for c in stones["colours"]:
        kind = c.get("kind", "player")
        words = seat_words(c["name"], SeatKind(kind))  # as the setup diagram names it
        who = f"  {words} (seat {c['seat']})" if words else f"  seat {c['seat']}"
        colour = f"{c['colour']} stones"
        when = "in this position" if stones.get("mid_game") else "at the start"
        note = f"{colour}, {c['at_start']} on the board {when}"
        if kind != "player":  # it spreads like a player, so it needs as many
            note += " (a machine explodes and grows like a player)"
        rows.append((who, c["count"], note))
    rows += [
        ("Growing markers", bom["growing_markers"]["count"], bom["growing_markers"]["basis"]),
        ("Dead markers", bom["dead_markers"]["count"], bom["dead_markers"]["basis"]),
        ("Pieces in all", bom["total_pieces"], "stones and markers"),
    ]
    for paper, pages in bom.get("printed_board_pages", {}).items():
        rows.append(("Printed board", pages, f"pages of {paper} with the assembly map"))
    width = max(columns(r[0]) for r in rows)  # terminal columns: 北京队长 takes 8
    for name, count, note in rows:
        lines.append(f"{padded(name, width)}  {count!s:>4}  {note}")
    return "\n".join(lines) + "\n"
