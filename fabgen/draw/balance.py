"""Pictures of a balance run (``fabgen balance``), on the ``print`` layer.

- :func:`win_rate_drawing`: one bar per seat, its win rate, with the 95 % interval as
  an error bar and a dashed line at an even share (1 / seats), beside machine seats a
  dotted one at the people's even share of the wins the machines left; its notes say who
  played which seat.
- :func:`territory_drawing`: the board, each field filled with the colour of the seat
  in whose territory it ended most often (white: nobody's) and that share written on
  it. Seats are drawn in their printed colours, each its own grey
  (:func:`fabgen.draw.position.stone_colour`): a club prints these in black and white.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from fabgen.board.checks.people import PeopleAlone
from fabgen.board.findings import machines_are, seat_list
from fabgen.draw.board_parts import text_width
from fabgen.draw.drawing import Circle, Drawing, Operation, Polyline, Style, Text
from fabgen.draw.ink import ink_on
from fabgen.draw.position import stone_colour
from fabgen.geometry.lattice import Field, field_xy, rotate_xy
from fabgen.text import counted

AXIS = Style(stroke="#000000", width=0.3)
GRID = Style(stroke="#bbbbbb", width=0.15)
EVEN = Style(stroke="#444444", width=0.3, dash=(1.5, 1.0))
PEOPLE_EVEN = Style(stroke="#444444", width=0.3, dash=(0.4, 0.8))
WHISKER = Style(stroke="#000000", width=0.45)
INK = Style(stroke=None, fill="#202020")
CELL_LINE = "#8c8c8c"
PAGE = Style(stroke=None, fill="#ffffff", width=0.0)
NOBODY = (1.0, 1.0, 1.0)
#: A start stack's ring on the territory picture, in field pitches.
RING = 0.42


def win_rate_drawing(report: dict, colours: Sequence[str | None]) -> Drawing:
    """Bars of the seats' win rates with their intervals (``report`` as made by
    :func:`fabgen.play.balance.balance_report`; ``colours`` per seat)."""
    seats = report["seats"]
    bar, gap, height = 14.0, 8.0, 80.0
    x0, y0 = 22.0, 28.0
    names = [_label(s["name"] or s["player"]) for s in seats]
    # A seat's slot is as wide as its name needs: longer names ran into each other.
    step = max([bar + gap] + [text_width(n, LABEL) + 2 for n in names])
    width = len(seats) * step + gap
    d = Drawing(0.0, 0.0, f"Win rates: {report['board']}", _metadata(report))
    shapes = d.layers.setdefault(Operation.PRINT, [])
    # Room above the highest error bar for its figure (2 mm and a 2.6 mm label), which
    # stood across the axis's top line.
    room = 1 - 5.0 / height
    top = _axis_top(max([s["ci_high"] / room for s in seats] + [1 / max(len(seats), 1)]))
    ticks = round(top * 10)
    for k in range(ticks + 1):
        y = y0 + height * k / ticks
        shapes.append(Polyline(((x0, y), (x0 + width, y)), style=GRID if k else AXIS))
        shapes.append(Text((x0 - 2, y - 1.2), f"{10 * k}%", 2.6, "right", INK))
    shapes.append(Polyline(((x0, y0), (x0, y0 + height)), style=AXIS))
    for k, s in enumerate(seats):
        left = x0 + gap + k * step + (step - bar - gap) / 2
        colour = stone_colour(colours[k] if k < len(colours) else None, k)
        y = y0 + height * s["win_rate"] / top
        fill = Style(stroke="#000000", fill=colour, width=0.25)
        shapes.append(Polyline(_rect(left, y0, left + bar, y), True, style=fill))
        mid = left + bar / 2
        lo, hi = y0 + height * s["ci_low"] / top, y0 + height * s["ci_high"] / top
        shapes.append(Polyline(((mid, lo), (mid, hi)), style=WHISKER))
        for yy in (lo, hi):
            shapes.append(Polyline(((mid - 3, yy), (mid + 3, yy)), style=WHISKER))
        shapes.append(Text((mid, y0 - 6), f"seat {s['seat']}", 3.0, "center", INK))
        shapes.append(Text((mid, y0 - 11), names[k], LABEL, "center", INK))
        shapes.extend(_label_on_white((mid, hi + 2), f"{100 * s['win_rate']:.1f}%", 2.6))
    even = y0 + height / len(seats) / top
    shapes.append(Polyline(((x0, even), (x0 + width, even)), style=EVEN))
    shapes.append(Text((x0 + width + 1, even - 1), "even", 2.6, "left", INK))
    machines = [s["seat"] for s in seats if s.get("kind", "player") != "player"]
    alone = PeopleAlone.of(seats, machines)
    beside = alone is not None and len(alone.people) > 1  # people beside machine seats
    if alone is not None and beside:
        shapes.extend(_people_even(alone, (x0, y0, width, height, top), even))
    lines = _notes(report, machines if beside else [])
    for i, line in enumerate(lines):  # the last line 9 mm above the axis's top line
        size = 3.6 if i == 0 else 3.0
        y = y0 + height + 9 + 5 * (len(lines) - 1 - i)
        shapes.append(Text((x0 - 12, y), line, size, "left", INK))
    return _on_page(d)


def _notes(report: dict, machines: list[int]) -> list[str]:
    """The lines above the bars: the board, the games, who played which seat, the test;
    and what the two even lines are where ``machines`` (their seats) play beside people."""
    t = report["test"]
    verdict = "the seats differ" if t["seats_differ"] else "no significant difference"
    tested = f"p = {t['p_value']:.4f} ({verdict})"
    if not report["finished"]:  # (as the text says: "p = 1.0000" of no game)
        tested = "not made, no game finished"
    lines = [
        f"Win rates on {report['board']}",
        f"{counted(report['finished'], 'finished game')} ({report['capped']} capped)",
        f"players: {_players(report)}",
        "error bars: 95% Wilson intervals",
        f"chi-square test of equal wins: {tested}",
    ]
    if machines:
        lines.append(
            f"even: 1 / seats; people: the people's wins shared evenly ({machines_are(machines)})"
        )
    return lines


def _people_even(alone: PeopleAlone, frame: tuple, even: float) -> list:
    """A dotted line at an even share of the wins the machines left the people: the
    even line (1 / seats) counts a machine as a seat, and on 4p-hexagon-19-machines
    every person's bar stood above it."""
    x0, y0, width, height, top = frame
    share = alone.share / len(alone.people)
    y = y0 + height * share / top
    label = y - 1  # the label's baseline, as "even"'s: a line through its middle
    if abs(y - even) < 3.2:  # clear of "even", on the far side
        label = y + 1.6 if y >= even else y - 3.6
    return [
        Polyline(((x0, y), (x0 + width, y)), style=PEOPLE_EVEN),
        Text((x0 + width + 1, label), "people", 2.6, "left", INK),
    ]


def _label_on_white(at: tuple[float, float], text: str, size: float) -> list:
    """``text`` centred at ``at`` on a white box: a win rate above its error bar sat on
    a grid line or the axis's top line, which ran through its figures."""
    half, pad = text_width(text, size) / 2 + 0.6, 0.6
    x, y = at
    box = Polyline(_rect(x - half, y - pad, x + half, y + size + pad), True, style=PAGE)
    return [box, Text(at, text, size, "center", INK)]


#: Cap height of a seat's name under its bar, and the longest name shown whole.
LABEL = 2.6
LABEL_CHARACTERS = 24


def _label(name: str) -> str:
    return name if len(name) <= LABEL_CHARACTERS else name[: LABEL_CHARACTERS - 3] + "..."


def _axis_top(value: float) -> float:
    """The axis maximum: the next tenth above the largest value (at most 100 %)."""
    return min(1.0, math.ceil(value * 10 + 1e-9) / 10) or 0.1


def _players(report: dict) -> str:
    """Who played which seat, ``seat 1 greedy; seats 2 and 3 random``, or the one
    player every seat had: the players' names alone ("greedy, random") did not say
    which seat each played."""
    seats: dict[str, list[str]] = {}
    for s in report["seats"]:
        seats.setdefault(s["player"], []).append(str(s["seat"]))
    if len(seats) == 1:
        return next(iter(seats))
    return "; ".join(f"{seat_list(numbers)} {player}" for player, numbers in seats.items())


def territory_drawing(
    fields: Sequence[Field],
    counts: Sequence[Sequence[int]],
    games: int,
    colours: Sequence[str | None],
    tile_of: Sequence[int],
    title: str,
    seat_labels: Sequence[str] = (),
    pitch_mm: float = 10.0,
    turn_deg: float = 0.0,
    stacks: Sequence[tuple[int, Field]] = (),
) -> Drawing:
    """The board with every field coloured by who it ended up scoring for.

    ``counts[seat][i]``: finished games in which field ``fields[i]`` was in a region
    scored by ``seat``; ``tile_of[i]``: its tile, for the tile borders; ``turn_deg``:
    the board turned as the setup diagram turns it (``BoardPlacement.rotation_deg``),
    so that the two pictures show it the same way up. ``stacks``: (seat, field) of the
    seats' start stacks, ringed in the seat's colour: the pictures of a board and of a
    copy with one stack moved looked alike, and the setup played was shown nowhere."""
    d = Drawing(0.0, 0.0, title, {"games": games})
    shapes = d.layers.setdefault(Operation.PRINT, [])
    rgb = [
        _rgb(stone_colour(colours[k] if k < len(colours) else None, k)) for k in range(len(counts))
    ]
    index = {f: i for i, f in enumerate(fields)}
    for i, f in enumerate(fields):
        shares = [row[i] / games if games else 0.0 for row in counts]
        top = max(range(len(counts)), key=lambda k: (counts[k][i], -k))
        # (the seat's own colour, never paler: a red field paled by a third printed
        # the grey of a blue one; the number says how often)
        weights = [0.0] * len(counts)
        weights[top] = 1.0 if counts[top][i] else 0.0
        colour = _mix(rgb, weights)
        cell = Style(stroke=CELL_LINE, fill=colour, width=0.2)
        shapes.append(Polyline(_hexagon(f, pitch_mm, turn_deg), True, style=cell))
        best = max(range(len(shares)), key=lambda k: (shares[k], -k)) if shares else 0
        if shares and shares[best] > 0:
            x, y = rotate_xy(field_xy(f, pitch_mm), turn_deg)
            ink = Style(stroke=None, fill=ink_on(colour))
            shapes.append(
                Text((x, y - 1.2), f"{100 * shares[best]:.0f}", 0.24 * pitch_mm, "center", ink)
            )
    shapes.extend(_tile_borders(fields, index, tile_of, pitch_mm, turn_deg))
    for seat, f in stacks:
        at = rotate_xy(field_xy(f, pitch_mm), turn_deg)
        shapes.extend(_ring(at, RING * pitch_mm, _hex(rgb[seat])))
    box = d.bbox()
    assert box is not None
    y = box[1] - pitch_mm
    for k in range(len(counts)):
        hexcol = _hex(rgb[k])
        swatch = Style(stroke="#000000", fill=hexcol, width=0.2)
        shapes.append(Polyline(_rect(box[0], y, box[0] + 4, y + 4), True, style=swatch))
        label = seat_labels[k] if k < len(seat_labels) else f"seat {k + 1}"
        shapes.append(Text((box[0] + 6, y + 0.8), label, 3.0, "left", INK))
        y -= 6
    if stacks:
        shapes.extend(_ring((box[0] + 2, y + 2), 1.8, "#ffffff"))
        shapes.append(
            Text(
                (box[0] + 6, y + 0.8),
                "a seat's start stack, ringed in its colour",
                3.0,
                "left",
                INK,
            )
        )
    notes = [
        title,
        f"{counted(games, 'finished game')}. Colour: the seat in whose territory",
        "the field ended most often (white: never anybody's). Number:",
        "% of the games in which that seat scored it.",
    ]
    for i, line in enumerate(notes):
        y = box[3] + 4 + 5 * (len(notes) - 1 - i)
        shapes.append(Text((box[0], y), line, 3.6 if i == 0 else 3.0, "left", INK))
    return _on_page(d)


def _ring(at: tuple[float, float], radius: float, colour: str) -> list[Circle]:
    """A ring in ``colour`` edged black, seen on a field of any colour."""
    return [
        Circle(at, radius, style=Style(stroke="#000000", width=1.1)),
        Circle(at, radius, style=Style(stroke=colour, width=0.6)),
    ]


def _on_page(d: Drawing, margin: float = 6.0) -> Drawing:
    # Text in its width in Vera: Text.bbox's narrow letters let a name of W's run off
    # the territory picture's right edge, and text_width's wide ones left a third of
    # the win rates' page empty.
    box = d.ink_bbox()
    assert box is not None  # (the picture is drawn: it has a box)
    x0, y0, x1, y1 = box
    page = Polyline(_rect(x0 - margin, y0 - margin, x1 + margin, y1 + margin), True, style=PAGE)
    d.layers[Operation.PRINT].insert(0, page)
    return d.fit_page(0.0)


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _hexagon(field: Field, pitch: float, turn_deg: float = 0.0) -> tuple:
    x, y = field_xy(field, pitch)
    r = pitch / math.sqrt(3.0)
    corners = (
        (x + r * math.cos(math.radians(30 + 60 * k)), y + r * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )
    return tuple(rotate_xy(p, turn_deg) for p in corners)


def _tile_borders(fields, index, tile_of, pitch: float, turn_deg: float) -> list[Polyline]:
    from fabgen.geometry.lattice import NEIGHBOUR_STEPS

    out = []
    line = Style(stroke="#000000", width=0.6)
    for i, (q, r) in enumerate(fields):
        corners = _hexagon((q, r), pitch, turn_deg)
        for d, (dq, dr) in enumerate(NEIGHBOUR_STEPS):
            n = index.get((q + dq, r + dr), -1)
            if n >= 0 and (n < i or tile_of[n] == tile_of[i]):
                continue
            out.append(Polyline((corners[(d - 1) % 6], corners[d]), style=line))
    return out


def _rgb(colour: str) -> tuple[float, float, float]:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def _mix(rgb: Sequence[tuple[float, float, float]], shares: Sequence[float]) -> str:
    rest = max(0.0, 1.0 - sum(shares))
    channels = [
        rest * NOBODY[c] + sum(s * col[c] for s, col in zip(shares, rgb, strict=True))
        for c in range(3)
    ]
    return _hex(channels)


def _hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{min(255, round(255 * v)):02x}" for v in rgb)


def _metadata(report: dict) -> dict:
    keys = ("board", "variant", "seed", "games", "finished", "capped")
    return {k: report[k] for k in keys}
