"""Triangle meshes of solids, for the STL and 3MF writers.

Tessellation is deterministic: fixed deflections, serial meshing, faces in topological
order, and vertices welded on a 1e-6 mm grid so that neighbouring faces share their
edge vertices and the mesh is watertight.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fabgen.pieces.printing import signed_volume, surface_area

#: Largest distance between the mesh and the true surface, mm.
LINEAR_DEFLECTION = 0.02
#: Largest angle between neighbouring facets on a curved surface, radians (about 11.5°).
ANGULAR_DEFLECTION = 0.2
WELD_DECIMALS = 6


@dataclass(frozen=True, eq=False)
class Mesh:
    """Vertices (n × 3, mm) and counter-clockwise triangles (m × 3 vertex indices)."""

    vertices: np.ndarray
    triangles: np.ndarray

    @property
    def corners(self) -> np.ndarray:
        """The triangles' corner coordinates, m × 3 × 3."""
        return self.vertices[self.triangles]

    def volume(self) -> float:
        """Enclosed volume (positive when the triangles face outward), as the filament
        read back from a written file is measured (:mod:`fabgen.pieces.printing`)."""
        return signed_volume(self.corners)

    def area(self) -> float:
        """Surface area, mm²."""
        return surface_area(self.corners)

    def normals(self) -> np.ndarray:
        a, b, c = (self.corners[:, i, :] for i in range(3))
        n = np.cross(b - a, c - a)
        length = np.linalg.norm(n, axis=1, keepdims=True)
        return n / np.where(length == 0, 1.0, length)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return self.vertices.min(axis=0), self.vertices.max(axis=0)


def tessellate(solid, linear: float = LINEAR_DEFLECTION, angular: float = ANGULAR_DEFLECTION):
    """The solid's surface as a welded, outward-facing :class:`Mesh`."""
    from OCP.BRep import BRep_Tool
    from OCP.BRepMesh import BRepMesh_IncrementalMesh
    from OCP.BRepTools import BRepTools
    from OCP.TopAbs import TopAbs_FACE, TopAbs_REVERSED
    from OCP.TopExp import TopExp_Explorer
    from OCP.TopLoc import TopLoc_Location
    from OCP.TopoDS import TopoDS

    shape = solid.wrapped
    BRepTools.Clean_s(shape)
    BRepMesh_IncrementalMesh(shape, linear, False, angular, False)
    index: dict[tuple[float, float, float], int] = {}
    triangles: list[tuple[int, int, int]] = []
    explorer = TopExp_Explorer(shape, TopAbs_FACE)
    while explorer.More():
        face = TopoDS.Face_s(explorer.Current())
        location = TopLoc_Location()
        mesh = BRep_Tool.Triangulation_s(face, location)
        explorer.Next()
        if mesh is None:
            continue
        trsf = location.Transformation()
        ids = [0]
        for i in range(1, mesh.NbNodes() + 1):
            p = mesh.Node(i).Transformed(trsf)
            key = tuple(round(v, WELD_DECIMALS) + 0.0 for v in (p.X(), p.Y(), p.Z()))
            ids.append(index.setdefault(key, len(index)))
        reverse = face.Orientation() == TopAbs_REVERSED
        for i in range(1, mesh.NbTriangles() + 1):
            a, b, c = mesh.Triangle(i).Get()
            tri = (ids[a], ids[c], ids[b]) if reverse else (ids[a], ids[b], ids[c])
            if len(set(tri)) == 3:
                triangles.append(tri)
    vertices = np.array(list(index), dtype=np.float64).reshape(-1, 3)
    return Mesh(vertices, np.array(triangles, dtype=np.int64).reshape(-1, 3))
