"""The solid of any piece: the one place that knows every piece builder.

Kept apart from :mod:`fabgen.pieces.solids` (the CadQuery helpers the builders use) so the
piece modules and the helpers do not import each other.
"""

from __future__ import annotations


def build_piece(piece):
    """The solid of any piece from :mod:`fabgen.pieces.params`."""
    from fabgen.pieces.params import DiscStone, Marker, PyramidStone
    from fabgen.signals import import_whole

    import_whole("cadquery")  # loaded whole, before any builder imports it
    if isinstance(piece, DiscStone):
        from fabgen.pieces.stone import build_disc_stone

        return build_disc_stone(piece)
    if isinstance(piece, PyramidStone):
        from fabgen.pieces.pyramid import build_pyramid

        return build_pyramid(piece)
    if isinstance(piece, Marker):
        from fabgen.pieces.markers import build_marker

        return build_marker(piece)
    raise TypeError(f"not a piece: {piece!r}")
