"""The kit pipeline in one place: kit file -> plan -> render -> transaction.

- :mod:`fabgen.kitbuild.kitfile`: the kit file (SCHEMA, :func:`load_kit`, :func:`parse_kit`)
- :mod:`fabgen.kitbuild.plan`: :func:`plan_kit` checks everything and resolves the
  objects each product needs, before anything is rendered
- :mod:`fabgen.kitbuild.render`: :func:`render_kit` renders every product in memory,
  with bill of materials, README.txt and :func:`manifest`
- the products it renders, with the kit's settings: :mod:`fabgen.products` (the test
  tile, the sheets, one board's setup diagram, printed board and BOM, ...)
- the transaction: :func:`fabgen.export.transaction.write_transaction`, called by
  :func:`fabgen.cli.common.write_and_report` for ``build`` and every command that writes
"""
