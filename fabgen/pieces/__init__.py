"""3D-printable game pieces: disc stones, nesting pyramids, growing and dead markers.

- :mod:`fabgen.pieces.params`: parameters, validation, analytic sizes (pure Python)
- :mod:`fabgen.pieces.plate`: laying out copies on a printer bed (pure Python)
- :mod:`fabgen.pieces.symbols`: seat and marker symbols extruded (`fabgen.geometry.symbols`)
- :mod:`fabgen.pieces.stone`, :mod:`~fabgen.pieces.pyramid`, :mod:`~fabgen.pieces.markers`:
  the CadQuery solids (helpers in :mod:`~fabgen.pieces.solids`);
  :func:`fabgen.pieces.build.build_piece` picks the right one
- pieces to STEP, STL and 3MF bytes on print plates: :mod:`fabgen.products.stones`
- :mod:`fabgen.pieces.printing`: the filament of the plates written, read back from
  their 3MF files; the sheets' thickness and the markers' colours (pure Python)

CadQuery is imported only inside functions, so importing this package stays cheap.
"""
