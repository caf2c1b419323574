"""Render a planned kit: every product's files in memory, then the bill of materials,
README.txt and manifest.json. The command line writes the result in one transaction
(:func:`fabgen.export.transaction.write_transaction`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from fabgen import __version__
from fabgen.board.colours import seat_colour
from fabgen.kitbuild.plan import KitPlan, StonePlan, stones_per_colour, tile_params
from fabgen.kitbuild.schema import setting_words

if TYPE_CHECKING:
    from fabgen.products.stones import Plate


@dataclass(frozen=True)
class Product:
    title: str
    render: Callable[[KitPlan], dict[str, bytes]]


def _laser_product(plan: KitPlan) -> dict[str, bytes]:
    """The tile and sheet products with the kit's settings, and one report (JSON and
    text) of every sheet the kit cuts: tiles, and laser-cut stones and markers."""
    from fabgen.draw.sheet_report import REPORT_NAME, report_bytes, report_text
    from fabgen.products.sheet import sheet_files
    from fabgen.products.tile import tile_files

    files = tile_files(tile_params(plan)).in_folder("laser")
    params = replace(plan.checked_sheet_params, report_name=None)
    files.update(sheet_files(params, plan.sheets).in_folder("laser"))
    report = laser_report(plan)
    files[f"laser/{REPORT_NAME}"] = report_bytes(report)
    files["laser/sheets-report.txt"] = (report_text(report) + "\n").encode("utf-8")
    return files


def laser_report(plan: KitPlan) -> dict:
    """The report of every sheet the kit cuts, by the names of their files."""
    from fabgen.products.sheet import named, sheet_report

    params = plan.checked_sheet_params
    sheets = named(params, plan.sheets)
    if plan.stones is not None and plan.stones.laser_sheets:
        sheets += [*plan.stones.laser_sheets, *plan.stones.marker_sheets]
    return sheet_report(params, sheets)


def _stones_product(plan: KitPlan) -> dict[str, bytes]:
    stones = plan.stones
    if stones is None:
        return {}
    if stones.laser_sheets:
        return _laser_stone_files(stones)
    from fabgen.products.stones import StoneSet, stone_files

    return stone_files(StoneSet(stones.pieces, stones.plates)).in_folder("3d")


def _laser_stone_files(stones: StonePlan) -> dict[str, bytes]:
    from fabgen.products.sheet import sheet_files

    assert stones.laser is not None  # (laser-cut stones are planned with their sheets)
    files = sheet_files(stones.laser, stones.laser_sheets).in_folder("laser")
    if stones.markers is None:
        return files
    files.update(sheet_files(stones.markers, stones.marker_sheets).in_folder("laser"))
    return files


def layout_params(plan: KitPlan):
    """The layout product's parameters of a kit: its board, tile width, papers and
    supply, and seat symbols when its stones carry them (design none makes no stones).
    (Read from the settings, not the stones planned: the kit page's quick preview plans
    none.)"""
    from fabgen.products.layout import LayoutParams

    stones = plan.kit.section("stones")
    marked = stones["seat_symbols"] and stones["design"] != "none"
    width = plan.checked_geometry.width
    return LayoutParams(
        plan.checked_board, width, plan.papers, supply=plan.supply, seat_symbols=marked
    )


def _board_product(plan: KitPlan) -> dict[str, bytes]:
    """The layout product with the kit's settings (:func:`layout_params`)."""
    from fabgen.products.layout import layout_files

    out = {}
    for name, data in layout_files(layout_params(plan)).files.items():
        folder = "board" if name.endswith((".toml", "-start.json")) else "print"
        if "-bom." in name:
            folder = "board"
        out[f"{folder}/{name}"] = data
    return out


def _rulesheet_product(plan: KitPlan) -> dict[str, bytes]:
    from fabgen.products.rulesheet import paper_setting, rulesheet_files

    return rulesheet_files(paper_setting(plan.papers)).in_folder("print")


PRODUCTS = (
    Product("laser files: a test tile and the board's tiles on sheets", _laser_product),
    Product("stones and markers", _stones_product),
    Product("setup diagram, printed board, board file", _board_product),
    Product("rule sheet and quick reference", _rulesheet_product),
)


def render_kit(
    plan: KitPlan, progress: Callable[[str], None] | None = None
) -> tuple[dict[str, bytes], dict[str, float]]:
    """Every file of the kit by relative path (with bom, README.txt and manifest.json),
    and the seconds each product took."""
    files: dict[str, bytes] = {}
    timings: dict[str, float] = {}
    for k, product in enumerate(PRODUCTS, start=1):
        start = time.perf_counter()
        files.update(product.render(plan))
        timings[product.title] = time.perf_counter() - start
        if progress:
            progress(f"[{k}/{len(PRODUCTS)}] {product.title}: {timings[product.title]:.1f} s")
    bom = kit_bom(plan, files)
    bom["filament"] = filament_bom(plan, files)
    files["bom.json"] = (json.dumps(bom, indent=2, sort_keys=True) + "\n").encode("utf-8")
    files["bom.txt"] = bom_text(bom).encode("utf-8")
    files["README.txt"] = readme_text(plan, files, bom["filament"]).encode("utf-8")
    files["manifest.json"] = manifest(plan, files)
    return files, timings


def kit_bom(plan: KitPlan, files: Iterable[str]) -> dict:
    """What the kit makes and what to get: tiles, stones, markers, sheets, paper;
    ``files`` names the kit's files (:func:`planned_files` names enough of them)."""
    board, supply, g = plan.checked_board, plan.checked_supply, plan.checked_geometry
    laser = plan.kit.section("laser")
    stones = plan.kit.section("stones")
    sheets = _count(files, "laser/tiles-sheet-", ".svg")
    bom = {
        "kit": plan.kit.name,
        "board": board.name,
        "players": len(board.seats),  # seats, as in the board's bom.json
        "people": board.people,
        "machines": board.machines,
        "tiles": {
            "count": len(board.tiles) + laser["spare_tiles"],
            "board": len(board.tiles),
            "spare": laser["spare_tiles"],
            "width_mm": round(g.width, 3),
            "sheets": sheets,
            "sheet_mm": laser["sheet"],
        },
        "stones": {
            "design": stones["design"],
            "per_colour": stones_per_colour(plan) if stones["design"] != "none" else 0,
            "colours": [seat_colour(s.colour, k) for k, s in enumerate(board.seats)],
            "basis": _stones_basis(plan),
            # per colour: a plain stone's plates are printed once in each colour
            "sheets": _count(files, "laser/stones-colour-", ".svg") // len(board.seats),
            "plates": _count(files, "3d/stone-", ".3mf")
            // (len(board.seats) if stones["seat_symbols"] else 1),
        },
        "markers": {
            "growing": supply.growing_markers,
            "dead": supply.dead_markers,
            "made": stones["markers"] and stones["design"] != "none",
            "sheets": _count(files, "laser/markers-", ".svg"),
            "plates": _count(files, "3d/marker-", ".3mf"),
        },
        "fields": supply.fields,
    }
    _add_sizes(bom, plan)
    _add_offcuts(bom, plan)
    return bom


def _add_offcuts(bom: dict, plan: KitPlan) -> None:
    """The sheets little used, by the part in use, as sheets-report.txt gives it ("an
    offcut that size will do"): a maker buying a coloured sheet for each colour's 35
    stones was told "on 1 sheet" of 600x400 mm, of which they take 145×139 mm."""
    bom["tiles"]["offcuts_mm"] = _offcuts(plan.sheets)
    stones = plan.stones
    if stones is None or not stones.laser_sheets:
        return
    # (every colour's sheets are laid out alike: colour 1's stand for each)
    bom["stones"]["offcuts_mm"] = _offcuts([s for s in stones.laser_sheets if s.colour == 1])
    bom["markers"]["offcuts_mm"] = _offcuts(stones.marker_sheets)


def _offcuts(sheets) -> list[list[float] | None]:
    """Per sheet, the part in use when at most half of it is (else None)."""
    from fabgen.draw.sheet_report import OFFCUT_SHARE, used_mm

    out: list[list[float] | None] = []
    for sheet in sheets:
        width, height = used_mm(sheet)
        small = width * height <= OFFCUT_SHARE * sheet.sheet.width * sheet.sheet.height
        out.append([width, height] if small else None)
    return out


def _add_sizes(bom: dict, plan: KitPlan) -> None:
    """Thicknesses and sizes a maker buys material by, from the plan (the kit page's
    preview shows them too): the tiles' sheet (``[laser] thickness``), the pieces' sizes
    and the markers' colours."""
    from fabgen.pieces.printing import marker_colours

    thickness = plan.kit.section("laser")["thickness"]
    bom["tiles"]["thickness_mm"] = thickness
    # (bom.txt said the spare tiles come "without a number" of a kit with none at all)
    bom["tiles"]["numbered"] = plan.kit.section("tile")["numbers"]
    bom["markers"]["colours"] = marker_colours(bom["stones"]["colours"])
    stones = plan.stones
    if stones is None:
        return
    if stones.laser_sheets:
        cut = stones.laser.job.stones if stones.laser else None
        assert cut is not None  # (laser-cut stones are planned with their sheets)
        across = round(cut.diameter, 2)
        bom["stones"].update(diameter_mm=across, height_mm=thickness)
        bom["stones"]["pitch_mm"] = thickness
        if bom["markers"]["made"]:
            bom["markers"].update(diameter_mm=across, thickness_mm=thickness)
        return
    from fabgen.pieces.params import Marker

    for piece in stones.pieces:
        height = round(piece.total_height, 2)
        across = round(2 * piece.radius, 2)  # (its diameter, a stone's derived if not given)
        marker = isinstance(piece, Marker)
        part = bom["markers"] if marker else bom["stones"]
        key = "thickness_mm" if marker else "height_mm"
        part.update({"diameter_mm": across, key: max(part.get(key, 0), height)})
        if not isinstance(piece, Marker):
            part["pitch_mm"] = round(piece.stack_pitch, 2)


def filament_bom(plan: KitPlan, files: dict[str, bytes]) -> dict | None:
    """The filament of each colour's stones and each kind of marker, read back from
    the kit's 3MF plates: printed solid (the most it takes), and the estimate of the
    plates' own descriptions (``SlicerSettings``) from the same meshes; None when
    nothing is printed. Only a built kit has it: the kit page's preview models no
    solids. README.txt gives the same figures."""
    from fabgen.pieces.params import PLA_DENSITY
    from fabgen.pieces.printing import FILAMENT_DIAMETER, Filament, read_plates
    from fabgen.products.stones import PRINT_SETTINGS

    stones = plan.stones
    if stones is None or not stones.plates:
        return None
    printed = read_plates([files[f"3d/{plate.file_name}"] for plate in stones.plates])
    marked = plan.kit.section("stones")["seat_symbols"]
    colours = [seat_colour(s.colour, k) for k, s in enumerate(plan.checked_board.seats)]
    out: dict = {"density_g_cm3": round(PLA_DENSITY * 1000, 3), "diameter_mm": FILAMENT_DIAMETER}
    out.update(infill_percent=100, stones=[], markers={})
    settings = PRINT_SETTINGS
    out["estimate"] = {
        "walls": settings.walls,
        "line_width_mm": settings.line_width,
        "layer_height_mm": settings.layer_height,
        "top_layers": settings.top_layers,
        "bottom_layers": settings.bottom_layers,
        "infill_percent": round(settings.infill * 100),
    }
    parts = []
    for k, colour in enumerate(colours):
        piece = printed[stones.pieces[k if marked else 0].name]
        out["stones"].append({"colour": colour, **_filament_part(piece)})
        parts.append(piece)
    for made in stones.pieces:
        kind = getattr(made, "kind", None)
        if kind is not None:
            out["markers"][kind] = _filament_part(printed[made.name])
            parts.append(printed[made.name])
    total = sum((p.filament for p in parts), Filament(0.0))
    estimate = sum(_estimate_grams(p) for p in parts)
    out["total"] = {**total.to_json(), "estimate_grams": round(estimate, 2)}
    return out


def _filament_part(piece) -> dict:
    """One colour's stones or one kind of marker in bom.json: printed solid and as
    estimated."""
    estimate = round(_estimate_grams(piece), 2)
    return {"pieces": piece.copies, **piece.filament.to_json(), "estimate_grams": estimate}


def _estimate_grams(piece) -> float:
    """Grams at the plates' slicer settings, of each copy's mesh as the plate holds it
    (the estimate's skin is per piece, so it is taken per copy)."""
    from fabgen.products.stones import filament_grams

    return filament_grams(piece)


def planned_files(plan: KitPlan) -> list[str]:
    """The sheet and plate files :func:`render_kit` writes, named from the plan without
    drawing or modelling them: what :func:`kit_bom` counts, for a preview of the kit's
    bill of materials that says what its ``bom.txt`` will (a test compares the two)."""
    from fabgen.products.sheet import named

    sheets = named(plan.checked_sheet_params, plan.sheets)
    stones = plan.stones
    plates: tuple[Plate, ...] = ()
    if stones is not None:
        # (the sheet parameters come with their sheets; no sheets, none named)
        if stones.laser is not None:
            sheets += named(stones.laser, stones.laser_sheets)
        if stones.markers is not None:
            sheets += named(stones.markers, stones.marker_sheets)
        plates = stones.plates
    return [f"laser/{s.name}.svg" for s in sheets] + [f"3d/{p.file_name}" for p in plates]


def board_folder_files(plan: KitPlan) -> dict[str, bytes]:
    """The kit's ``board/NAME.toml`` and ``board/NAME-start.json``, byte for byte as
    :func:`render_kit` writes them, made without rendering anything: ``fabgen build``
    checks before its work that they would not replace the kit's own board file."""
    from fabgen.products.layout import board_files

    return board_files(plan.checked_board).in_folder("board")


def _stones_basis(plan: KitPlan) -> str:
    """Why each colour has its stones: what the board needs and why, or the kit's own
    count beside that (a count of 50 was explained by the rule's 20 % of the fields).
    A kit that makes no stones gives the number, which no stones line above gives."""
    supply, stones = plan.checked_supply, plan.kit.section("stones")
    count, needed = stones["count"], supply.stones_per_player
    number = f"{count or needed}"
    if stones["design"] == "none":
        number += " (not made by this kit)"
    if count:
        return (
            f"{number}, as the kit sets them ({setting_words('stones', 'count')}); "
            f"the board needs about {needed}: {supply.stones_basis}"
        )
    if stones["design"] == "none":
        return f"{number}: {supply.stones_basis}"
    return supply.stones_basis


def _count(files: Iterable[str], prefix: str, suffix: str) -> int:
    """How many of the kit's files start with ``prefix`` and end with ``suffix``: the
    sheets and plates the bill of materials counts are the files the kit writes."""
    return sum(1 for n in files if n.startswith(prefix) and n.endswith(suffix))


def _made_on(part: dict, each: str = "") -> str:
    """``, on 2 sheets`` or ``, on 1 plate per colour``: what a maker cuts or prints
    them on."""
    for word in ("sheet", "plate"):
        n = part.get(f"{word}s", 0)
        if n:
            return f", on {n} {word}{'' if n == 1 else 's'}{each}"
    return ""


def seat_text(people: int, machines: int) -> str:
    """``3 players``, or with machine seats ``2 people, 2 machine seats``."""
    if not machines:
        return f"{people} player{'s' if people != 1 else ''}"
    who = "1 person" if people == 1 else f"{people} people"
    return f"{who}, {machines} machine seat{'s' if machines > 1 else ''}"


def bom_text(bom: dict) -> str:
    t, s, m = bom["tiles"], bom["stones"], bom["markers"]
    colours = ", ".join(str(c) for c in s["colours"])
    lines = [
        f"Bill of materials: kit '{bom['kit']}', board {bom['board']} "
        f"({seat_text(bom['people'], bom['machines'])}, {bom['fields']} fields)",
        f"  island tiles       {t['count']} ({t['board']} for the board + {t['spare']} spare"
        f"{', without a number' if t['spare'] and t['numbered'] else ''}), "
        f"{t['width_mm']:g} mm across the flats, on {t['sheets']} "
        f"sheet{'' if t['sheets'] == 1 else 's'} of {t['sheet_mm']} mm" + _offcut_words(t),
        f"  tile material      {t['thickness_mm']:g} mm sheet "
        f"({setting_words('laser', 'thickness')}; the default laser speeds suit 3 mm "
        "plywood); the cut lines fit any thickness",
    ]
    if s["design"] != "none":
        lines.append(
            f"  stones             {s['per_colour']} per colour × {len(s['colours'])} colours "
            f"({colours}); {_design_words(s['design'])}{_made_on(s, ' per colour')}"
            + _offcut_words(s)
        )
        lines.append(f"  stone size         {_stone_size(s)}")
    for kind in ("growing", "dead"):
        how = f"print in {m['colours'][kind]}" if m.get("plates") else ""
        how = f"cut from {m['colours'][kind]} material" if m.get("sheets") else how
        lines.append(
            f"  {kind + ' markers':<19}{m[kind]}"
            + (f" ({how})" if m["made"] else " (not made by this kit)")
        )
    if m["made"] and _made_on(m):
        lines.append(
            f"  markers            growing and dead{_made_on(m)}"
            + _offcut_words(m)
            + f"; {_mm(m['diameter_mm'])} mm "
            f"across, {_mm(m['thickness_mm'])} mm thick, in colours no seat uses (the symbols "
            "tell the kinds apart too)"
        )
    lines.append(f"  stones per colour: {s['basis']}")
    return "\n".join(lines + _filament_lines(bom.get("filament"))) + "\n"


def _design_words(design: str) -> str:
    """The stones' design as bom.txt says it: "laser" alone read as a machine, not as
    stones cut from a sheet."""
    return {"laser": "laser-cut discs"}.get(design, design)


def _offcut_words(part: dict) -> str:
    """`` (an offcut of 144.6×138.3 mm will do)``, ``... will do for the last)``."""
    per_sheet = part.get("offcuts_mm") or []
    offcuts = [size for size in per_sheet if size]
    if not offcuts:
        return ""
    sizes = list(dict.fromkeys(f"{w:g}×{h:g}" for w, h in offcuts))
    what = f"an offcut of {sizes[0]}" if len(sizes) == 1 else f"offcuts of {' and '.join(sizes)}"
    if len(offcuts) == len(per_sheet):
        which = " for each" if len(sizes) == 1 and len(offcuts) > 1 else ""
    elif offcuts == [per_sheet[-1]]:
        which = " for the last"
    else:
        which = f" for {len(offcuts)} of them"
    return f" ({what} mm will do{which})"


def _stone_size(s: dict) -> str:
    """``20.7 mm across, 6.6 mm high; a stack rises 5 mm a stone``."""
    size = f"{_mm(s['diameter_mm'])} mm across, {_mm(s['height_mm'])} mm high"
    if s["design"] == "laser":
        return f"{size} (the sheet's thickness)"
    return f"{size}; a stack rises {_mm(s['pitch_mm'])} mm a stone"


def _mm(value: float) -> str:
    """A size to a tenth of a mm, as the files' names give the diameter (d20.7)."""
    return f"{value:.1f}".removesuffix(".0")


def _filament_lines(filament: dict | None) -> list[str]:
    """What each colour's stones and each kind of marker take: printed solid, and
    about as much as the plates' estimate says."""
    from fabgen.pieces.printing import SOLID

    if filament is None:
        return []
    lines = [f'  filament           {SOLID}; "about": {_estimate_basis(filament)}:']
    parts = [(f"{p['colour']} stones", p) for p in filament["stones"]]
    parts += [(f"{kind} markers", p) for kind, p in filament["markers"].items()]
    for name, part in [*parts, ("in all", filament["total"])]:
        count = f"{part['pieces']}: " if "pieces" in part else ""
        lines.append(f"    {name:<17}{count}{_amount(part)}; about {_estimate(part)} g")
    return lines


def _estimate_basis(filament: dict) -> str:
    """``estimated for 2 walls, 6 top and 4 bottom layers of 0.2 mm, 15% infill, as each
    3MF plate's description says``."""
    basis = filament["estimate"]
    return (
        f"estimated for {basis['walls']} walls, {basis['top_layers']} top and "
        f"{basis['bottom_layers']} bottom layers of {basis['layer_height_mm']:g} mm, "
        f"{basis['infill_percent']}% infill, as each 3MF plate's description says"
    )


def _amount(part: dict) -> str:
    from fabgen.pieces.printing import Filament

    return Filament(part["cm3"] * 1000).text()


def _solid_grams(part: dict) -> str:
    """The grams of :func:`_amount`, alone."""
    from fabgen.pieces.printing import Filament
    from fabgen.products.stones import grams_text

    return grams_text(Filament(part["cm3"] * 1000).grams)


def _estimate(part: dict) -> str:
    from fabgen.products.stones import grams_text

    return grams_text(part["estimate_grams"])


FOLDER_NOTES = {
    "laser/": "laser cutter {colours}; {kerf}cut test-tile first and check {test_tile}; "
    "sheets-report.txt gives the laser time of every sheet",
    "3d/": "3D printer: .3mf plates open in PrusaSlicer, Cura or Bambu Studio, laid out "
    "to print as they are, {spacing} mm apart (a slicer's Arrange keeps more room, "
    "PrusaSlicer 6 mm, and may not fit a full plate: set its spacing to {spacing} mm, or "
    "give prusa-slicer --dont-arrange on its command line); .step for CAD, .stl for any "
    "slicer",
    "print/": "paper: print at 100 % (no 'fit to page'); {board}-setup.pdf shows where each "
    "numbered tile and the first stones go; {board}-board-*.pdf is the board at full size on "
    "pages to tape together (page 1 is the assembly map: check its 50 mm square); rule sheet "
    "and quick reference for every player",
    "board/": "the board as a board file (fabgen validate / layout) and as a transcript of the "
    "start position (fabgen rules turn, the online version); the board's bill of materials",
}


#: README.txt's prose is wrapped to this many characters (file names, paths and
#: commands are never broken, so a line with a long one may be longer).
README_WIDTH = 78


def readme_text(plan: KitPlan, files: dict[str, bytes], filament: dict | None = None) -> str:
    """The kit's README.txt; ``filament`` is bom.json's, whose figures it repeats for
    each colour and kind of marker (none without it)."""
    from fabgen.pieces.plate import DEFAULT_SPACING

    board = plan.checked_board
    lines = _wrap(
        f"Atlantis kit '{plan.kit.name}': board {board.name}, "
        f"{seat_text(board.people, board.machines)}, {len(board.tiles)} tiles. "
        f"Made by fabgen {__version__} from {Path(plan.kit.source).name}."
    )
    lines += ["", "What to do with each folder:"]
    for folder, note in FOLDER_NOTES.items():
        if any(n.startswith(folder) for n in files):
            note = note.format(
                colours=_laser_colours(plan),
                board=board.name,
                test_tile=_test_tile_size(plan.geometry),
                kerf=_kerf_words(plan.geometry),
                spacing=f"{DEFAULT_SPACING:g}",  # (the kit's plates: plan_kit's Bed)
            )
            text = f"{folder:<8} {note}"
            if folder == "print/" and len(plan.papers) > 1:
                text += f"; {_paper_choice(plan.papers)}"
            lines += _wrap(text, "  ", " " * 11)
    pieces = piece_lines(plan, filament)
    if pieces:
        lines.append("")
        for line in pieces:
            indent = line[: len(line) - len(line.lstrip())]
            lines += _wrap(line.lstrip(), indent, indent + "  ")
    lines += ["", "Files:"]
    for name in sorted([*files, "README.txt", "manifest.json"]):
        lines.append(f"  {name}")
    lines += [
        "",
        *_wrap(
            "bom.txt lists what to make and buy. manifest.json lists every file with its "
            "SHA-256, the kit settings and the fabgen version: building the same kit again "
            "gives the same files."
        ),
        "",
    ]
    return "\n".join(lines)


def _paper_choice(papers: tuple[str, ...]) -> str:
    """With both papers every print file comes twice, page for page: a maker prints one."""
    ends = " and ".join(f"-{p.lower()}.pdf" for p in papers)
    return f"the {ends} files are the same pages on two papers: print only those for yours"


def _wrap(text: str, indent: str = "", rest: str = "") -> list[str]:
    """``text`` in lines of at most :data:`README_WIDTH` characters, the first after
    ``indent``, the others after ``rest``; a word (a path, a pattern such as
    ``laser/stones-colour-1-sheet-*``) is never broken, at a hyphen or anywhere, nor a
    figure from its unit (a line ended "...; 17" and the next began "g of PLA")."""
    import re
    import textwrap

    kept = re.sub(r"(\d) (mm|g|m|%)(?=[\s,;.)]|$)", "\\1\u00a0\\2", text)  # (no-break space)
    lines = textwrap.wrap(
        kept,
        README_WIDTH,
        initial_indent=indent,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [line.replace("\u00a0", " ") for line in lines]


COLOUR_WORDS = {"#ff0000": "red", "#0000ff": "blue", "#000000": "black", "#00e000": "green"}


def _test_tile_size(geometry) -> str:
    """What to measure on the cut test tile: "check its width" left a maker to guess
    which width (across the flats or the corners) and how much; a rosette has no flats,
    but its circles' spacing is there to measure."""
    from fabgen.geometry.tile import OutlineKind

    if geometry.outline is OutlineKind.HEXAGON:
        return f"that it is {round(geometry.width, 2):g} mm across the flats"
    return f"that its circles are {round(geometry.pitch, 2):g} mm apart, centre to centre"


def _kerf_words(geometry) -> str:
    """Who allows for the kerf: a maker whose laser program also offsets the cut lines
    cut every tile a kerf too large, and README.txt said nothing of it."""
    if geometry.kerf <= 0:
        return ""
    kerf = f"{round(geometry.kerf, 3):g} mm"
    if geometry.cut_offset > 0:
        return (
            f"the cut lines are already moved out by half the {kerf} kerf, so keep your "
            "laser program's kerf offset off; "
        )
    return (
        f"set your laser program's kerf offset for the {kerf} kerf: the cut lines are not "
        "moved ([tile] compensate_kerf = false); "
    )


def _laser_colours(plan: KitPlan) -> str:
    """What each line colour of the laser files means, in the kit's colour profile."""
    from fabgen.draw.drawing import Operation
    from fabgen.export.profiles import get_profile

    profile = get_profile(plan.checked_sheet_params.profile)
    word = {op: COLOUR_WORDS.get(profile.colour(op), profile.colour(op)) for op in Operation}
    text = (
        f"({profile.name} colours): cut {word[Operation.CUT]} lines, "
        f"engrave {word[Operation.ENGRAVE]}"
    )
    numbered = plan.kit.section("tile")["numbers"]  # (without, no sheet has a number)
    if numbered and word[Operation.LABEL] != word[Operation.ENGRAVE]:
        text += f", tile numbers {word[Operation.LABEL]} (engrave them lightly, or leave them off)"
    return text


def piece_lines(plan: KitPlan, filament: dict | None = None) -> list[str]:
    """Which file makes the stones of which seat, and the markers of which kind. A seat
    is named in the setup diagram's words ("seat 4 (a machine)", "seat 2 (Machine A,
    a machine)", "seat 1 (Red)"), so the README and the diagram beside it agree. With
    bom.json's ``filament``, each line gives its PLA as bom.txt does."""
    from fabgen.board.model import seat_words
    from fabgen.geometry.symbols import MARKER_SYMBOLS, SYMBOL_WORDS, board_seat_symbols
    from fabgen.pieces.printing import marker_colours

    stones, settings = plan.stones, plan.kit.section("stones")
    if stones is None:
        return []
    seats = plan.checked_board.seats
    symbols = board_seat_symbols([seat.is_machine for seat in seats])
    marked = settings["seat_symbols"]
    lines = [f"Stones: {stones_per_colour(plan)} of each colour."]
    if filament is not None:
        basis = _estimate_basis(filament)
        lines[0] += (
            " PLA of each colour and kind of marker, as bom.txt gives it: printed solid "
            f"(100 % infill), and about what a slicer uses, {basis}:"
        )
    for k, seat in enumerate(seats):
        colour = seat_colour(seat.colour, k)  # the pictures' and the transcript's
        symbol = f", marked with {SYMBOL_WORDS[symbols[k]]}" if marked else ""
        if stones.laser_sheets:
            where = f"laser/stones-colour-{k + 1}-sheet-*: cut from {colour} material"
        else:
            piece = stones.pieces[k if marked else 0]
            where = f"3d/{piece.name}-plate*.3mf: print in {colour}"
        who = seat_words(seat.name, seat.kind)
        named = f"seat {k + 1} ({who})" if who else f"seat {k + 1}"
        grams = _grams(filament["stones"][k]) if filament else ""
        lines.append(f"  {where}, for {named}{symbol}{grams}")
    if settings["markers"]:
        supply = plan.checked_supply
        # (bom.txt's colours: none a seat's; README.txt said only the stones' colours)
        made_in = marker_colours(seat_colour(seat.colour, k) for k, seat in enumerate(seats))
        for kind, count in (("growing", supply.growing_markers), ("dead", supply.dead_markers)):
            if stones.laser_sheets:
                where = f"laser/markers-{kind}-sheet-*: cut from {made_in[kind]} material"
            else:
                (piece,) = [p for p in stones.pieces if getattr(p, "kind", None) == kind]
                where = f"3d/{piece.name}-plate*.3mf: print in {made_in[kind]}"
            grams = _grams(filament["markers"][kind]) if filament else ""
            lines.append(
                f"  {where}, {count} {kind} markers, marked with "
                f"{SYMBOL_WORDS[MARKER_SYMBOLS[kind]]}{grams}"
            )
    return lines


def _grams(part: dict) -> str:
    """``; 28 g of PLA printed solid, about 19 g``: bom.txt's figures of a colour or
    kind of marker, so a maker knows how much of each to have."""
    return f"; {_solid_grams(part)} g of PLA printed solid, about {_estimate(part)} g"


def manifest(plan: KitPlan, files: dict[str, bytes]) -> bytes:
    from fabgen.export.transaction import manifest_files

    entries = manifest_files(files)
    data = {
        "fabgen_version": __version__,
        "kit": plan.kit.settings,
        "kit_source": Path(plan.kit.source).name,
        "board": plan.checked_board.name,
        "files": entries,
    }
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode("utf-8")
