"""Remake docs/serve-play.png, the picture of the play page (docs/web.md).

A game on 3p-triangle-4 (a person against greedy and strong) is played through the page
for a few turns, a field of the person is tapped so that its moves light up, and the
window is photographed by Debian's chromium through Playwright (the test extra)::

    .venv/bin/python docs/play_screenshot.py

The computers' choices depend on the game's id, so each run shows another position.
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

OUT = Path(__file__).with_name("serve-play.png")
CHROMIUM = "/usr/bin/chromium"
TURNS = 4


def main() -> None:
    photograph("/play", _play, OUT, height=1000)


def photograph(address: str, act, out: Path, height: int) -> None:
    """Serve the app (an empty games folder), open ``address`` in a 1280 px wide window,
    let ``act(page)`` set the page up, and photograph the whole page into ``out``."""
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from fabgen.web import create_app

    with tempfile.TemporaryDirectory() as games:
        server = make_server("127.0.0.1", 0, create_app(games_dir=games), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1280, "height": height})
                page.goto(f"http://127.0.0.1:{server.server_port}{address}")
                act(page)
                page.screenshot(path=str(out), full_page=True)
                browser.close()
        finally:
            server.shutdown()
    print(f"wrote {out}")


def _play(page) -> None:
    from fabgen.rules.moves import move_text  # (as the page shows a move)

    page.locator('#seat-list[data-board="preset:3p-triangle-4"] #seat-0').wait_for()
    page.locator("#seat-1").select_option("greedy")
    page.locator("#seat-2").select_option("strong")
    page.get_by_label("Show explosions wave by wave").set_checked(False)
    page.get_by_role("button", name="Start game").click()
    ready = "() => !busy && game && (game.over || !document.querySelector('#end-turn').disabled)"
    page.wait_for_function(ready)
    for _ in range(TURNS):
        page.get_by_role("button", name="Hint").click()
        page.locator("#status").filter(has_text="Hint: ").wait_for()
        for source, destination in page.evaluate("() => hinted"):
            page.locator(f'#board [data-field="{source}"]').click()
            page.locator(f'#board [data-field="{destination}"]').click()
            page.locator("#pending").filter(has_text=move_text(source, destination)).wait_for()
        page.get_by_role("button", name="End turn").click()
        page.wait_for_function(ready)
    page.get_by_label("Field names").check()
    source = page.evaluate("() => Object.keys(game.legal).at(-1)")
    page.locator(f'#board [data-field="{source}"]').click()
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")


if __name__ == "__main__":
    main()
