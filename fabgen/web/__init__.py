"""``fabgen serve``: the kit configurator, the board designer and the rules viewer in a
browser. Thin like the CLI: :mod:`fabgen.web.app` (Flask) parses requests and calls
:mod:`fabgen.web.kitform`, :mod:`fabgen.web.designer` and :mod:`fabgen.web.viewer`,
which call the library. Every script and style is served from ``static/``: the pages
work without an internet connection.
"""

from __future__ import annotations


def create_app(preview_worker: bool = False):
    from fabgen.web.app import create_app as make

    return make(preview_worker)


__all__ = ["create_app"]
