"""Tiles and stones nested on laser sheets, with the cut report: ``fabgen sheet``, the
kit's tile sheets and laser-cut stones, the configurator's sheet preview
(docs/design-notes.md, *Products*).

Nesting is the slow part and also the check that the pieces fit, so a planner nests
first (:func:`nest`) and hands the sheets back to :func:`sheet_files`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from fabgen.draw.laser_job import LaserSpeeds
from fabgen.draw.sheet import STONE_SHARE, SheetDrawing, SheetJob
from fabgen.draw.sheet_report import REPORT_NAME
from fabgen.export.profiles import DEFAULT_PROFILE
from fabgen.geometry.tile import TileGeometry
from fabgen.products.output import Files, drawing_files

__all__ = ["STONE_SHARE", "SheetParams", "default_stone_diameter", "nest", "sheet_files"]


@dataclass(frozen=True)
class SheetParams:
    """What to nest (``job``), the speeds the laser-time estimate assumes, what the
    report records as the run's settings, and how to colour and name the files."""

    job: SheetJob
    speeds: LaserSpeeds = field(default_factory=LaserSpeeds)
    settings: Mapping[str, object] = field(default_factory=dict)
    profile: str = DEFAULT_PROFILE
    prefix: str = ""  # before every sheet's file name (the kit's "tiles-")
    report_name: str | None = REPORT_NAME  # None: no report (nor its file)


def default_stone_diameter(geometry: TileGeometry) -> float:
    """The diameter of a cut stone when none is given, mm."""
    return round(STONE_SHARE * 2.0 * geometry.circle_radius, 3)  # = the circle diameter


def nest(params: SheetParams) -> list[SheetDrawing]:
    """The sheets, nested (refused when a piece does not fit the sheet)."""
    from fabgen.draw.sheet import build_sheets

    return build_sheets(params.job)


def sheet_files(params: SheetParams, sheets: Sequence[SheetDrawing] | None = None) -> Files:
    """An SVG and a DXF per sheet and the report (JSON, as ``report_name``) of
    ``sheets``, nested here when not given."""
    from fabgen.draw.sheet_report import report_bytes

    sheets = nest(params) if sheets is None else sheets
    files: dict[str, bytes] = {}
    for sheet in sheets:
        files.update(
            drawing_files(params.prefix + sheet.name, sheet.drawing, profile=params.profile)
        )
    if params.report_name is None:
        return Files(files)
    report = sheet_report(params, named(params, sheets))
    files[params.report_name] = report_bytes(report)
    return Files(files, report)


def named(params: SheetParams, sheets: Sequence[SheetDrawing]) -> list[SheetDrawing]:
    """The sheets named as their files are (with ``params.prefix``)."""
    return [replace(s, name=params.prefix + s.name) for s in sheets]


def sheet_report(params: SheetParams, sheets: Sequence[SheetDrawing]) -> dict:
    """Material use, lengths and laser time per sheet and in total
    (:mod:`fabgen.draw.sheet_report`)."""
    from fabgen.draw.sheet_report import report_json

    return report_json(sheets, params.speeds, dict(params.settings))
