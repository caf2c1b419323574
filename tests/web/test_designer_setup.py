"""The board designer's setup diagram with the seats' symbols on its stones, as ``fabgen
layout --seat-symbols`` draws it (docs/web.md, *The kit, the designer and the rules
viewer*): read back from the downloaded SVG, not compared by its bytes."""

from __future__ import annotations

import pytest

from fabgen.draw.board_parts import print_seat_colour
from fabgen.geometry.symbols import RingPart, board_seat_symbols, symbol_parts
from fabgen.web.designer import board_from_state
from tests.products.test_layout import _marks_on_stones

#: Four people and two machines: the people's symbols and the machines' own (six in all).
PRESET = "4p-hexagon-19-machines"


def _download(client, state: dict, **options):
    return client.post("/api/board/download/setup-svg", json={"state": state, **options})


def test_the_setup_diagram_draws_each_seats_symbol_when_asked(client):
    # The designer's setup diagram had no symbols: a maker with engraved stones could
    # not match its seats to them, where fabgen layout --seat-symbols draws them.
    state = client.get(f"/api/board/preset/{PRESET}").get_json()["state"]
    board = board_from_state(state)
    symbols = board_seat_symbols([s.is_machine for s in board.seats])
    assert len(set(symbols)) == len(board.seats) == 6
    marks = _marks_on_stones(_download(client, state, seat_symbols=True).data)
    for k, seat in enumerate(board.seats):
        parts = symbol_parts(symbols[k], 1.0)
        want = sorted(
            ("ring" if isinstance(p, RingPart) else len(p.points) for p in parts), key=str
        )
        # every stone of the seat on the board, and its swatch in the legend
        stones = marks[print_seat_colour(board, k)]
        assert stones == [want] * (len(seat.stacks) + 1), (k, symbols[k])
    for plain in (_download(client, state), _download(client, state, seat_symbols=False)):
        marks = _marks_on_stones(plain.data)
        assert len(marks) == len(board.seats)
        assert all(inside == [] for stones in marks.values() for inside in stones)


@pytest.mark.parametrize(
    ("what", "sent", "quoted"),  # (quoted as JSON, which was sent: not Python's 'yes', None)
    [("setup-svg", "yes", '"yes"'), ("setup-pdf", "yes", '"yes"'), ("setup-svg", None, "null")],
)
def test_seat_symbols_other_than_true_or_false_are_refused(client, what, sent, quoted):
    state = client.get(f"/api/board/preset/{PRESET}").get_json()["state"]
    answer = client.post(f"/api/board/download/{what}", json={"state": state, "seat_symbols": sent})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith(
        f"seat_symbols must be true or false, got {quoted}:"
    )
