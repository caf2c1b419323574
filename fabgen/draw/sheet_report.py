"""The report of a sheet run: per sheet and in total, as JSON and as text.

Per sheet: pieces placed, material use (finished piece area / sheet area), the area
bound (sheet area / piece area: no arrangement can hold more pieces; also given for
the area inside the margins, a tighter bound), the part of the sheet in use (pieces are
placed from the bottom-left corner, so a sheet little used can be an offcut of that
size), cut, engrave, label and travel
lengths, the number of cut paths and the laser-time estimate
(:mod:`fabgen.draw.laser_job` lists the assumptions).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

from fabgen.draw.laser_job import ASSUMPTIONS, JobFigures, LaserSpeeds, format_duration, measure
from fabgen.draw.sheet import SheetDrawing
from fabgen.geometry.nesting import area_bound

REPORT_NAME = "sheets-report.json"


def sheet_json(sheet: SheetDrawing, speeds: LaserSpeeds) -> dict:
    spec = sheet.sheet
    n = len(sheet.placements)
    return {
        "name": sheet.name,
        "files": [f"{sheet.name}.svg", f"{sheet.name}.dxf"],
        "kind": sheet.kind,
        "colour": sheet.colour,
        "colour_name": sheet.colour_name,
        "marker": sheet.marker,
        "sheet_mm": [spec.width, spec.height],
        "margin_mm": spec.margin,
        "pieces": n,
        "material_use": round(n * sheet.piece_area / spec.area, 4),
        "area_bound": round(area_bound(spec.area, sheet.piece_area), 3),
        "usable_area_bound": round(area_bound(spec.usable_area, sheet.piece_area), 3),
        "used_mm": used_mm(sheet),
        "reference_square": sheet.reference_square,
        **measure(sheet.drawing).to_json(speeds),
        "placements": [
            {"number": sheet.first_number + k, **p.to_json()}
            for k, p in enumerate(sheet.placements)
        ],
    }


def used_mm(sheet: SheetDrawing) -> list[float]:
    """Width and height of the sheet's part in use: from its bottom-left corner to the
    farthest piece, its burn (half the kerf beyond the cut line) and the margin beyond
    that, as the pieces keep from the bottom-left edges (rounded up to 0.1 mm)."""
    box = sheet.drawing.bbox()
    if box is None:
        return [0.0, 0.0]
    spec = sheet.sheet
    beyond = sheet.burn + spec.margin
    return [
        min(spec.width, math.ceil((box[2] + beyond) * 10 - 1e-6) / 10),
        min(spec.height, math.ceil((box[3] + beyond) * 10 - 1e-6) / 10),
    ]


#: A sheet whose part in use is at most this share of it names that part as an offcut.
OFFCUT_SHARE = 0.5


def report_json(
    sheets: Sequence[SheetDrawing], speeds: LaserSpeeds, settings: dict | None = None
) -> dict:
    per_sheet = [sheet_json(s, speeds) for s in sheets]
    figures = sum((measure(s.drawing) for s in sheets), JobFigures())
    totals = {}
    for kind in sorted({s.kind for s in sheets}):
        mine = [s for s in sheets if s.kind == kind]
        sheet_area = sum(s.sheet.area for s in mine)
        piece_area = mine[0].piece_area
        pieces = sum(len(s.placements) for s in mine)
        totals[kind] = {
            "sheets": len(mine),
            "pieces": pieces,
            "material_use": round(pieces * piece_area / sheet_area, 4),
            "area_bound": round(area_bound(sheet_area, piece_area), 3),
        }
    return {
        "format": "fabgen sheets report",
        "version": 1,
        "settings": settings or {},
        "speeds_mm_per_s": speeds.to_json(),
        "assumptions": list(ASSUMPTIONS),
        "sheets": per_sheet,
        "totals": totals,
        "total": {"sheets": len(sheets), **figures.to_json(speeds)},
    }


def report_bytes(report: dict) -> bytes:
    return (json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def report_text(report: dict) -> str:
    lines = []
    for s in report["sheets"]:
        width, height = s["sheet_mm"]
        what = _pieces(s["kind"], s["pieces"])
        if s["colour"] is not None:
            name = s.get("colour_name")  # a kit's: the material, as its README.txt names it
            what += f" (colour {s['colour']}, {name})" if name else f" (colour {s['colour']})"
        if s.get("marker"):
            what = f"{s['pieces']} {s['marker']} marker{'s' if s['pieces'] != 1 else ''}"
        if s["reference_square"]:
            what += " + reference square"
        lines.append(
            f"{s['name']}: {width:g}×{height:g} mm, {what}, material use "
            f"{100 * s['material_use']:.1f} %, {_room(s['area_bound'], s['kind'])} "
            f"({s['usable_area_bound']:.1f} inside the margins)"
        )
        used_w, used_h = s.get("used_mm", (width, height))
        if used_w * used_h <= OFFCUT_SHARE * width * height:
            lines.append(
                f"    pieces within {used_w:g}×{used_h:g} mm from the bottom-left corner, "
                "margins included: an offcut that size will do"
            )
        lines.append("    " + _lengths(s))
    for kind, t in report["totals"].items():
        lines.append(
            f"{kind}: {_pieces(kind, t['pieces'])} on {t['sheets']} "
            f"sheet{'s' if t['sheets'] != 1 else ''}, material use "
            f"{100 * t['material_use']:.1f} %, {_room(t['area_bound'], kind)}"
        )
    lines.append("total: " + _lengths(report["total"]))
    v = report["speeds_mm_per_s"]
    lines.append(
        f"speeds: cut {v['cut']:g}, engrave {v['engrave']:g}, travel {v['travel']:g} mm/s "
        "(estimate without acceleration or pierce time)"
    )
    return "\n".join(lines)


def _lengths(d: dict) -> str:
    label = f", labels ~{d['label_length_mm']:.0f} mm" if d["label_length_mm"] else ""
    return (
        f"cut {d['cut_length_mm']:.0f} mm in {d['cut_paths']} "
        f"path{'s' if d['cut_paths'] != 1 else ''}, engrave "
        f"{d['engrave_length_mm']:.0f} mm{label}, travel {d['travel_length_mm']:.0f} mm; "
        f"laser time {format_duration(d['laser_time_s'])}"
    )


def _room(area_bound: float, kind: str) -> str:
    """The sheet area over a piece's: it read "area bound 17.3", which a maker could not
    tell from a count of pieces placed or a limit of the machine."""
    return f"room for {area_bound:.1f} {kind} by area alone"


def _pieces(kind: str, n: int) -> str:
    singular = {"tiles": "tile", "stones": "stone", "markers": "marker"}[kind]
    return f"{n} {singular if n == 1 else kind}"
