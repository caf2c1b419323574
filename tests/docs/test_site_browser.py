"""The documentation site in a real browser (Debian's chromium), opened as files, as
``make docs`` tells people to (site/index.html), and served over HTTP."""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("mkdocs_click")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def served(site):
    """The site's address on a local HTTP server."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def search_results(browser, start: str) -> list[str]:
    """The addresses of the results of a search typed into the menu's box of ``start``."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(start)
    page.fill("input[name=q]", "kerf")
    page.press("input[name=q]", "Enter")
    found = "#mkdocs-search-results article a"
    page.wait_for_selector(found, timeout=15000)
    links = page.eval_on_selector_all(found, "as => as.map(a => a.href)")
    page.close()
    assert not errors
    return links


@pytest.mark.parametrize("opened", ["as files", "served"])
def test_search_finds_pages(opened, site, served, browser):
    # Opened as files the page said "Searching..." for ever: the browser refused the
    # search worker and the index it reads.
    base = site.as_uri() if opened == "as files" else served
    links = search_results(browser, f"{base}/tutorials/tiles.html")
    assert f"{base}/tutorials/tiles.html#3-do-the-circles-line-up-fabgen-check-alignment" in links
    assert f"{base}/cli.html#fabgen-check-alignment" in links


def test_pictures_are_readable_on_a_phone(site, browser):
    # At 390 px the two pictures side by side on the home page and the balance page were
    # about 130 px wide each; they now take the page's width one above the other.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    shown = 0
    for path in sorted(site.rglob("*.html")):
        if path.name in ("404.html", "search.html"):
            continue
        page.goto(path.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path.name
        for img in page.query_selector_all(".rst-content img"):
            natural, width, right = img.evaluate(
                "i => [i.naturalWidth, i.getBoundingClientRect().width,"
                " i.getBoundingClientRect().right]"
            )
            assert natural > 0, f"{path.name}: {img.get_attribute('src')} did not load"
            assert width >= min(natural, 250), f"{path.name}: {img.get_attribute('src')} {width}"
            assert right <= 390, f"{path.name}: {img.get_attribute('src')} cut off"
            shown += 1
    context.close()
    assert shown >= 6
