"""``fabgen serve``: the kit configurator, the board designer, the rules viewer and the
play page in a browser. Thin like the CLI: :mod:`fabgen.web.app` (Flask) parses
requests and calls :mod:`fabgen.web.kitform`, :mod:`fabgen.web.designer`,
:mod:`fabgen.web.viewer` and :mod:`fabgen.web.play`, which call the library. Every
script and style is served from ``static/``: the pages work without an internet
connection.
"""

from __future__ import annotations


def create_app(preview_worker: bool = False, games_dir=None, think_worker=None):
    from fabgen.web.app import create_app as make

    return make(preview_worker, games_dir, think_worker)


__all__ = ["create_app"]
