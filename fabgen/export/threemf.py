"""3MF print plate writer: one named mesh object per copy, placed by its build item.

Written with :mod:`zipfile` for byte-identical output: fixed entry dates, fixed
compression, entries in sorted order, numbers in a fixed format. Each copy's mesh is
the piece's mesh in its own frame (centred on the z axis, standing on z = 0); the build
item's transform moves it to its place on the bed. Copies of one mesh share the same
vertex and triangle text, so a plate of 75 is written from one tessellation.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from fabgen import __version__
from fabgen.export.numbers import fmt

MODEL_PATH = "3D/3dmodel.model"
CORE_NS = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
FIXED_DATE = (2000, 1, 1, 0, 0, 0)

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="model" '
    'ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>'
    "</Types>\n"
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Target="/{MODEL_PATH}" Id="rel0" '
    'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>'
    "</Relationships>\n"
)


@dataclass(frozen=True)
class PlateItem:
    """One copy on the plate: its object name, its mesh and where its centre goes."""

    name: str
    mesh: object
    x: float
    y: float


def threemf_bytes(
    items: Sequence[PlateItem],
    title: str,
    description: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """A 3MF package with one object and one build item per entry of ``items``.

    ``progress(done, total)`` is called after each object, for long plates.
    """
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE_NS}">\n',
        f' <metadata name="Title">{escape(title)}</metadata>\n',
        f' <metadata name="Application">fabgen {__version__}</metadata>\n',
    ]
    if description:
        parts.append(f' <metadata name="Description">{escape(description)}</metadata>\n')
    parts.append(" <resources>\n")
    mesh_text: dict[int, str] = {}
    for number, item in enumerate(items, start=1):
        text = mesh_text.get(id(item.mesh))
        if text is None:
            text = mesh_text[id(item.mesh)] = _mesh_xml(item.mesh)
        parts.append(f'  <object id="{number}" name={quoteattr(item.name)} type="model">\n')
        parts += [text, "  </object>\n"]
        if progress is not None:
            progress(number, len(items))
    parts.append(" </resources>\n <build>\n")
    for number, item in enumerate(items, start=1):
        move = f"{fmt(item.x, 6)} {fmt(item.y, 6)} 0"
        parts.append(f'  <item objectid="{number}" transform="1 0 0 0 1 0 0 0 1 {move}"/>\n')
    parts.append(" </build>\n</model>\n")
    return _package({MODEL_PATH: "".join(parts).encode("utf-8")})


def _mesh_xml(mesh) -> str:
    vertices = "".join(
        f'<vertex x="{fmt(x, 6)}" y="{fmt(y, 6)}" z="{fmt(z, 6)}"/>'
        for x, y, z in mesh.vertices.tolist()
    )
    triangles = "".join(
        f'<triangle v1="{a}" v2="{b}" v3="{c}"/>' for a, b, c in mesh.triangles.tolist()
    )
    return (
        f"   <mesh>\n    <vertices>{vertices}</vertices>\n"
        f"    <triangles>{triangles}</triangles>\n   </mesh>\n"
    )


def _package(files: dict[str, bytes]) -> bytes:
    import io

    entries = {
        "[Content_Types].xml": CONTENT_TYPES.encode("utf-8"),
        "_rels/.rels": RELS.encode("utf-8"),
        **files,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, entries[name], compresslevel=6)
    return buffer.getvalue()
