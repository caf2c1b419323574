"""Binary STL writer: fixed 80-byte header, little-endian, byte-identical for a mesh."""

from __future__ import annotations

import numpy as np

_RECORD = np.dtype([("normal", "<f4", (3,)), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])


def stl_bytes(mesh, name: str) -> bytes:
    """The mesh as binary STL; ``name`` goes into the header (ASCII, cut at 80 bytes)."""
    header = f"fabgen {name} (mm)".encode("ascii", "replace")[:80].ljust(80, b" ")
    records = np.zeros(len(mesh.triangles), dtype=_RECORD)
    records["normal"] = mesh.normals()
    records["corners"] = mesh.corners
    count = np.array([len(records)], dtype="<u4").tobytes()
    return header + count + records.tobytes()
