"""Products: every file fabgen makes, as a library function from parameters to named
files and a report (docs/design-notes.md, *Products*).

- :mod:`fabgen.products.output`: :class:`~fabgen.products.output.Files`, what every
  product returns, and the SVG and DXF of one drawing
- :mod:`fabgen.products.tile`: one island tile (SVG, DXF)
- :mod:`fabgen.products.sheet`: tiles and stones nested on laser sheets, the cut report
- :mod:`fabgen.products.layout`: a board's setup diagram, printed board, bill of
  materials, board file and start transcript
- :mod:`fabgen.products.stones`: stones and markers to print (STEP, STL, 3MF plates)
- :mod:`fabgen.products.rulesheet`: the rule sheet and quick reference (PDF)
- :mod:`fabgen.products.balance`: a balance run's report, pictures and saved games
- :mod:`fabgen.products.turn`: a turn's pictures step by step; a transcript one turn
  longer

The front ends (``cli``, ``web``, the picture script) and ``kitbuild`` turn their own
settings into a product's parameters, call it and hand the files to the one transaction
writer (:func:`fabgen.export.transaction.write_transaction`). A product never prints, writes
or knows a flag.
"""
