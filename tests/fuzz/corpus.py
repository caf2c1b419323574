"""A corpus of hostile input files, generated (nothing is checked in)."""

from __future__ import annotations

import math

import ezdxf

HUGE_INT = "1" + "0" * 5000
NUMBERS = ["nan", "inf", "-inf", "1e308", "-1e308", "0", "-1", "1e-320", HUGE_INT, "0.0"]
TEXTS = ["", "\x1b[2J\x1b]0;pwned\x07", "\u202eevil", "שלום 😀", "x" * 100_000, "\x00"]


def kit_files() -> dict[str, str]:
    """Kit files that must all be refused (exit 2) before anything is rendered."""
    kits = {
        "deep.toml": "a = " + "[" * 3000 + "]" * 3000 + "\n",
        "bigint.toml": f"[laser]\nspare_tiles = {HUGE_INT}\n",
        "binary.toml": "\x00\x01\x02\xff",
        "notoml.toml": "[tile\nwidth = ",
        "unknown.toml": "[tile]\nwidht = 100\n",
        "type.toml": "[tile]\nwidth = 'wide'\n",
        "section.toml": "tile = 5\n",
        "name.toml": '[kit]\nname = "\\u001b[31mred"\n',
        "longname.toml": f'[kit]\nname = "{"n" * 10_000}"\n',
        "board-missing.toml": '[kit]\nboard = "/nonexistent/board.toml"\n',
        "board-dir.toml": '[kit]\nboard = "/"\n',
        "board-devzero.toml": '[kit]\nboard = "/dev/zero"\n',
        "sheet.toml": '[laser]\nsheet = "nanxinf"\n',
        "sheet-huge.toml": '[laser]\nsheet = "100000x100000"\n',
        "bed.toml": '[stones]\nbed = "0x0"\n',
        "players.toml": "[kit]\nplayers = 1000000\n",
    }
    for key in ("width", "pitch", "circle_diameter", "kerf", "corner_radius", "border"):
        for value in ("nan", "inf", "-inf", "1e308", "-5"):
            kits[f"tile-{key}-{value}.toml"] = f"[tile]\n{key} = {value}\n"
    for key in ("margin", "cut_speed", "spare_tiles", "count", "clearance"):
        section = "stones" if key in ("count", "clearance") else "laser"
        for value in ("nan", "-1", "1e308"):
            if value == "nan" and key in ("spare_tiles", "count"):
                value = "1.5"
            kits[f"{section}-{key}-{value}.toml"] = f"[{section}]\n{key} = {value}\n"
    return kits


def board_files() -> dict[str, str]:
    head = '[board]\nname = "b"\norigin = "b2"\n'
    two = "\n[[players]]\nstart = [0, 0]\n[[players]]\nstart = [1, 0]\n"
    return {
        "deep.toml": "a = " + "[" * 3000 + "]" * 3000,
        "width-nan.toml": head + "tile_width_mm = nan\n",
        "width-inf.toml": head + "tile_width_mm = inf\n",
        "width-huge.toml": head + "tile_width_mm = 1e308\n",
        "width-bigint.toml": head + f"tile_width_mm = {HUGE_INT}\n",
        "name.toml": '[board]\nname = "../../etc/passwd"\n',
        "name-escape.toml": '[board]\nname = "\\u001b[2J"\n',
        "tiles.toml": head + "tiles = [[1e308, 0]]\n" + two,
        "tiles-bigint.toml": head + f"tiles = [[{HUGE_INT}, 0]]\n" + two,
        "tiles-many.toml": head
        + "tiles = ["
        + ", ".join(f"[{i}, {j}]" for i in range(100) for j in range(50))
        + "]\n"
        + two,
        "tiles-far.toml": head
        + "tiles = [[0, 0], [1, 0], [9223372036854775807, -9223372036854775808]]\n"
        + two,
        "origin-far.toml": '[board]\nname = "b"\norigin = "'
        + "z" * 3000
        + '1"\ntiles = [[0, 0], [1, 0]]\n'
        + two,
        "stacks-huge.toml": head
        + "tiles = [[0, 0], [1, 0]]\n"
        + f"[[players]]\nstart = [0, 0]\nstacks = {{ c3 = {HUGE_INT} }}\n"
        + "[[players]]\nstart = [1, 0]\n",
        "binary.toml": "\xff\xfe\x00",
    }


def transcripts() -> dict[str, str]:
    base = '{"format": "Atlantis transcript", "version": "1.0", '
    far = "z" * 2000 + "1"
    return {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "nan.json": base + '"segments": [["a1"]], "players": [{"stacks": {"a1": NaN}}]}',
        "bigint.json": base
        + f'"segments": [["a1"]], "players": [{{"stacks": {{"a1": {HUGE_INT}}}}}]}}',
        "huge-stack.json": base + '"segments": [["a1"]], "players": [{"stacks": {"a1": 1e308}}]}',
        "far-field.json": base + f'"segments": [["{far}"]]}}',
        "long-name.json": base
        + '"segments": [["a1"]], "players": [{"name": "'
        + "x" * 100_000
        + '"}]}',
        "escape-name.json": base + '"segments": [["a1"]], "players": [{"name": "\\u001b[2J"}]}',
        "many-turns.json": base
        + '"segments": [["a1","b1","a2","b2","c2","b3","c3"]], "players": [{}, {}], "turns": ['
        + ", ".join("[]" for _ in range(200_000))
        + "]}",
        "not-object.json": "[1, 2, 3]",
        "empty.json": "",
        "binary.json": "\x00\xff",
    }


def svg_files() -> dict[str, str]:
    head = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="100mm" height="100mm" viewBox="0 0 100 100">'
    )
    bomb = ['<circle id="l0" r="1"/>'] + [
        f'<g id="l{k}">' + "".join(f'<use xlink:href="#l{k - 1}"/>' for _ in range(10)) + "</g>"
        for k in range(1, 9)
    ]
    return {
        "use-loop.svg": head + '<g id="a"><use xlink:href="#a"/></g></svg>',
        "use-bomb.svg": head + "".join(bomb) + "</svg>",
        "deep.svg": head + "<g>" * 20_000 + "</g>" * 20_000 + "</svg>",
        "billion-laughs.svg": '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa">'
        + "".join(f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">' for k in range(8))
        + ']><svg xmlns="http://www.w3.org/2000/svg"><text>&i;</text></svg>',
        "nan.svg": head + '<circle cx="nan" cy="inf" r="1e308"/></svg>',
        "singular.svg": head + '<circle r="5" transform="matrix(1 1 1 1 0 0)"/></svg>',
        "skew.svg": head + '<g transform="skewX(89.9999)"><circle r="5"/></g></svg>',
        "huge-path.svg": head + '<path d="M 0 0 ' + "L 1e308 1e308 " * 10 + 'Z"/></svg>',
        "not-xml.svg": "<svg",
        "empty.svg": "",
        "text.svg": head + "<text>\x1b[2J</text></svg>",
    }


def dxf_files(folder) -> list:
    """DXF files written with ezdxf, then broken where ezdxf would not write the fault."""
    paths = []

    def save(doc, name, edit=None):
        path = folder / name
        doc.saveas(path)
        if edit:
            path.write_text(edit(path.read_text()))
        paths.append(path)

    doc = ezdxf.new("R2010")
    block = doc.blocks.new("SELF")
    block.add_blockref("SELF", (0, 0))
    doc.modelspace().add_blockref("SELF", (0, 0))
    save(doc, "self-insert.dxf")

    doc = ezdxf.new("R2010")
    doc.blocks.new("B0").add_circle((0, 0), 1)
    for k in range(1, 9):
        b = doc.blocks.new(f"B{k}")
        for i in range(10):
            b.add_blockref(f"B{k - 1}", (i, 0))
    doc.modelspace().add_blockref("B8", (0, 0))
    save(doc, "block-bomb.dxf")

    doc = ezdxf.new("R2010")
    doc.blocks.new("C").add_circle((0, 0), 1)
    doc.modelspace().add_blockref("C", (0, 0), dxfattribs={"xscale": 2.5})
    save(doc, "insert-scale-0.dxf", lambda t: t.replace("\n 41\n2.5\n", "\n 41\n0.0\n"))

    doc = ezdxf.new("R2010")
    doc.modelspace().add_ellipse((0, 0), major_axis=(1, 0), ratio=0.5)
    save(doc, "ellipse-0.dxf", lambda t: t.replace("\n 40\n0.5\n", "\n 40\n0.0\n"))

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 8
    doc.modelspace().add_circle((0, 0), 1)
    save(doc, "units-8.dxf")
    save(doc, "units-999.dxf", lambda t: t.replace("$INSUNITS\n 70\n8\n", "$INSUNITS\n 70\n999\n"))

    doc = ezdxf.new("R2010")
    doc.modelspace().add_circle((0, 0), 1)
    save(
        doc,
        "circle-nan.dxf",
        lambda t: t.replace("CIRCLE", "CIRCLE", 1).replace("\n 40\n1.0\n", "\n 40\nnan\n"),
    )
    save(doc, "circle-huge.dxf", lambda t: t.replace("\n 40\n1.0\n", "\n 40\n1e308\n"))

    # An extrusion of (0, 0, 0) divided by zero (a traceback), on an INSERT 'float
    # division'; a SPLINE reaching 1e300 (also endless_dxf below).
    doc = ezdxf.new("R2010")
    doc.modelspace().add_spline([(0, 0), (1e300, 1), (2, 2), (3, 0)])
    save(doc, "spline-huge.dxf")

    def no_direction(kind):
        codes = "\n210\n0.0\n220\n0.0\n230\n0.0\n  5\n"
        return lambda t: t.replace(f"{kind}\n  5\n", kind + codes, 1)

    doc = ezdxf.new("R2010")
    doc.modelspace().add_circle((0, 0), 1)
    save(doc, "extrusion-0.dxf", no_direction("CIRCLE"))

    doc = ezdxf.new("R2010")
    doc.blocks.new("C").add_circle((0, 0), 1)
    doc.modelspace().add_blockref("C", (0, 0))
    save(doc, "insert-extrusion-0.dxf", no_direction("INSERT"))

    doc = ezdxf.new("R2010")
    msp = doc.modelspace()
    for k in range(20_000):
        a = 2 * math.pi * k / 20_000
        b = 2 * math.pi * (k + 1) / 20_000
        msp.add_line((math.cos(a), math.sin(a)), (math.cos(b), math.sin(b)))
    save(doc, "many-lines.dxf")

    for name, text in {
        "empty.dxf": "",
        "garbage.dxf": "0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nnot-a-number\n0\nENDSEC\n0\nEOF\n",
        "truncated.dxf": "0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\n",
        "binary.dxf": "AutoCAD Binary DXF\r\n\x1a\x00" + "\x00" * 100,
    }.items():
        (folder / name).write_text(text, encoding="latin-1")
        paths.append(folder / name)
    return paths


def endless_dxf(folder):
    """An ELLIPSE of 1e300: flattened into points 0.005 mm apart, it never ended, in
    ezdxf's compiled code, which no alarm interrupts: run it in a child process."""
    doc = ezdxf.new("R2010")
    doc.modelspace().add_ellipse((0, 0), major_axis=(1e300, 0), ratio=0.5)
    path = folder / "ellipse-huge.dxf"
    doc.saveas(path)
    return path


def retraced_svg(folder, turns: int = 10_000):
    """A tile's seven circles inside a cut line that runs back and forth over one line
    ``turns`` times: repairing it (shapely's buffer(0)) took 44 s and 12 GB for 10,000,
    in compiled code no alarm interrupts: run it in a child process."""
    head = svg_files()["nan.svg"].split("<circle")[0]
    circles = "".join(f'<circle cx="{10 * k}" cy="50" r="3"/>' for k in range(1, 8))
    outline = "M 0 0 " + "L 100 100 L 0 0 " * turns + "L 100 0 Z"
    path = folder / f"retraced-{turns}.svg"
    path.write_text(f'{head}{circles}<path d="{outline}"/></svg>', "utf-8")
    return path
