"""The figures of the rule sheet, computed by the rules engine and drawn by the
drawing model.

Each figure starts from an :class:`Example`: a small hand-built position written with
field names, the moves the player to move makes, and letters for the fields the
caption talks about. The figure function plays the moves with
:func:`~fabgen.rules.play_turn` (recording every step), draws the positions it needs
with :func:`~fabgen.draw.position.position_drawing`, and collects *facts*: the
numbers and letters a caption quotes ("red scores 7"), taken from the engine's
results, never typed in. Change an example (one more stone, another move, another
variant) and both the drawing and the facts follow.

Figure functions take their example (and variant) as explicit arguments with the
examples below as defaults, so a test or another document can pass its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from fabgen.draw.model import Drawing
from fabgen.draw.position import position_drawing
from fabgen.geometry.lattice import Field, field_xy, hex_distance, step_between
from fabgen.play.machine import Decision, ExtremeMachine
from fabgen.rules import (
    IllegalMove,
    Move,
    Position,
    Status,
    Turn,
    game_over,
    get_variant,
    play_turn,
    position_from_names,
    ranking,
    regions,
    scores,
)
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.setup import DEFAULT_PLAYERS
from fabgen.rules.variants import NO_TIE_BREAK, PASSES, STONES

#: Field centres this far apart (mm) in the drawings; the rule sheet scales them.
PITCH = 10.0
#: White space around each drawing (mm); panels are set apart by the page layout.
MARGIN = 1.0


@dataclass(frozen=True)
class Example:
    """A position for a figure, written the way a transcript writes one.

    ``stacks[k]`` maps field names to player k's stacks (n stones on a live field,
    -n stones on a growing field, 0 for a dead field); ``moves`` are the moves of the
    player to move (``"c0-e2"``); ``letters`` names fields for the caption.
    ``kinds`` gives the seats' kinds (``"machine"``, ...; all people when empty) and
    ``next_player`` the seat to move (from 0; None: the first).
    """

    segments: tuple[str, ...]
    stacks: tuple[Mapping[str, int], ...]
    moves: tuple[str, ...] = ()
    letters: Mapping[str, str] = field(default_factory=dict)
    kinds: tuple[str, ...] = ()
    next_player: int | None = None

    def position(self) -> Position:
        players = None
        if self.kinds:
            players = [
                replace(p, kind=k)
                for p, k in zip(DEFAULT_PLAYERS[: len(self.kinds)], self.kinds, strict=True)
            ]
        options = {} if self.next_player is None else {"next_player": self.next_player}
        return position_from_names(list(self.segments), list(self.stacks), players, **options)

    def letter_fields(self) -> dict[Field, str]:
        return {parse_field(name): letter for name, letter in self.letters.items()}


@dataclass(frozen=True)
class Panel:
    """One drawing of a figure with a short label under it."""

    drawing: Drawing
    label: str = ""


@dataclass(frozen=True)
class Figure:
    """Panels side by side (``per_row`` to a row, 0 = all in one row) and the facts
    a caption may quote as ``{name}``. ``wide`` figures span the page."""

    name: str
    panels: tuple[Panel, ...]
    facts: Mapping[str, str] = field(default_factory=dict)
    per_row: int = 0
    wide: bool = False


# --- the examples -------------------------------------------------------------------
# Two tiles side by side (B2 and D1) or four tiles (B2, C5, D1, E4); field names as in
# the Atlantis transcript format.

TWO_TILES = ("B2", "D1")
FOUR_TILES = ("B2", "C5", "D1", "E4")

#: Red moves three stones from a to d; the blue stones on b and d cancel two of them.
MOVE = Example(
    TWO_TILES,
    ({"b2": 3, "a1": 1, "d0": 2}, {"c2": 1, "e2": 1, "e1": 2, "b3": 1}),
    moves=("b2-e2",),
    letters={"b2": "a", "c2": "b", "d2": "c", "e2": "d"},
)

#: Two red moves that reach the same blue stone: the one that gets there first loses
#: a stone to it. The order figure searches this position for such a pair of moves.
ORDER = Example(
    TWO_TILES,
    ({"a2": 2, "c0": 3}, {"c2": 1}),
    letters={"a2": "a", "c0": "b", "c2": "c", "c3": "d"},
)

#: Capacities on a board with some growing and dead fields.
CAPACITY = Example(
    TWO_TILES,
    ({"d2": -1, "c3": 0, "d1": 0, "b1": -2},),
)

#: Red's move starts a chain of four explosion waves.
CHAIN = Example(
    TWO_TILES,
    ({"e1": 2, "c0": 2, "d2": -3, "a1": 1, "a2": -1}, {"d0": 2, "c2": 1, "b3": 2}),
    moves=("c0-e2",),
    letters={"e2": "a", "e1": "b", "d2": "c", "d1": "d", "a2": "e"},
)

#: Three regions: one settled, two not (two colours; a growing field next to it).
REGIONS = Example(
    FOUR_TILES,
    (
        {"c4": -1, "b3": 0, "c1": 0, "c3": 0, "e5": 2, "c6": 1, "e2": 1},
        {"d2": 0, "d3": 0, "e3": 0, "a1": 2, "b2": 1, "d0": 1},
    ),
)

#: The end of a three-player game: every region settled, blue and green tied.
FINAL = Example(
    FOUR_TILES,
    (
        {"c1": 0, "c3": 0, "d2": 0, "e4": 2, "f5": 1, "d4": 1},
        {"b3": 0, "d1": 0, "e1": 0, "b2": 1, "a1": 2, "b1": 1},
        {"c4": 0, "d3": 0, "d5": 0, "c5": 1, "c6": 2},
    ),
)

#: A simple machine (blue, never moves) with a stack of 3 on the corner field a1 of
#: the board, which has 3 live neighbours; red's stones are far enough away not to
#: take part. Blue is to move.
MACHINE = Example(
    FOUR_TILES,
    ({"c3": 2, "d3": 1}, {"a1": 3}),
    letters={"a1": "a"},
    kinds=("player", "machine"),
    next_player=1,
)

#: Red plays as an extreme machine; two of its turns explode the most fields.
EXTREME = Example(
    TWO_TILES,
    (
        {"a1": 2, "c1": 2, "d1": -2, "e1": 1, "b3": -2},
        {"d0": 2, "c3": 2, "b1": 1, "e2": 1},
    ),
    kinds=("extreme-machine", "player"),
)
#: The seed that breaks the extreme machine's ties in the figure.
EXTREME_SEED = 0


# --- the figures --------------------------------------------------------------------


def key_figure() -> Figure:
    """How to read the figures: field states, stones, a move, a field about to explode."""
    cells = (
        ("live field", ["a1"], {}),
        ("growing field (red's, 1 stone)", ["a1"], {"a1": -1}),
        ("dead field", ["a1"], {"a1": 0}),
        ("3 red stones", ["a1"], {"a1": 3}),
        ("a move of 2 stones", ["a1 b1 c1"], {"a1": 2}),
        ("explodes next", ["a1"], {"a1": 1}),
    )
    panels = []
    for label, segments, stack in cells:
        position = position_from_names(segments, [stack])
        options: dict = {}
        if label.startswith("a move"):
            options["arrows"] = [((0, 0), (2, 0))]
        if label == "explodes next":
            options["highlight"] = [(0, 0)]
        panels.append(Panel(_draw(position, **options), label))
    return Figure("key", tuple(panels), {}, per_row=3)


def move_figure(example: Example = MOVE) -> Figure:
    """A move across opponent stones: before (with the arrow) and after. The facts
    describe the example's first move."""
    if not example.moves:
        raise ValueError("the move figure needs an example with at least one move")
    start = example.position()
    player = start.next_player
    _, steps = play_turn(start, example.moves, record_steps=True)
    moves = [s for s in steps if s.kind == "move"]
    after = moves[-1].position
    arrows = [_ends(m.fields) for m in moves]
    letters = example.letter_fields()
    source, target = arrows[0]
    moved = hex_distance(source, target)
    landed = _arrived(start, after, target, player)
    blockers = [f for f in moves[0].fields[1:] if start.stones(f) and start.owner(f) != player]
    facts = {
        "player": _name(start, player),
        "Player": _name(start, player).capitalize(),
        "moved": str(moved),
        "cancelled": str(moved - landed),
        "landed": _count(landed, "stone", "lands", "land") if landed else "no stone lands",
        "source": _letter(start, letters, source),
        "target": _letter(start, letters, target),
        "blockers": _join([_letter(start, letters, f) for f in blockers]) or "none",
        "opponent": _join(sorted({_name(start, start.owner(f)) for f in blockers})) or "opponent",
    }
    panels = (
        Panel(_draw(start, arrows=arrows, labels=letters), "before"),
        Panel(_draw(after, labels=letters), "after the move"),
    )
    return Figure("move", panels, facts, wide=True)


def order_pairs(position: Position) -> list[tuple[Move, Move]]:
    """Every pair of moves the player to move can make in either order, with
    different positions at the end of the turn; the pair whose two orders differ most
    in explosions first (then fewer stones moved, then board order), and of its two
    orders the one with more explosions first."""
    found = []
    for a in Turn(position).legal_moves():
        turn = Turn(position)
        turn.move(a)
        for b in turn.legal_moves():
            try:
                ab = play_turn(position, [a, b], record_steps=True)
                ba = play_turn(position, [b, a], record_steps=True)
            except IllegalMove:
                continue  # b first makes a illegal: not the same two moves
            if ab[0] == ba[0]:
                continue
            gain = _explosions(ab[1]) - _explosions(ba[1])
            stones = hex_distance(*a) + hex_distance(*b)
            found.append(((-abs(gain), stones, -gain, str(a), str(b)), (a, b)))
    return [pair for _, pair in sorted(found)]


def order_figure(example: Example = ORDER) -> Figure:
    """The same two moves in both orders: the position after the moves each time,
    the fields that then explode outlined. The pair is found by search
    (:func:`order_pairs`), so the figure shows what the engine says."""
    start = example.position()
    player = start.next_player
    pairs = order_pairs(start)
    if not pairs:
        raise ValueError("the order figure needs a position where two moves' order matters")
    first, second = pairs[0]
    letters = example.letter_fields()
    panels = [Panel(_draw(start, arrows=[first, second], labels=letters), "before")]
    facts = {"player": _name(start, player), "Player": _name(start, player).capitalize()}
    contested = [
        f for f in _path(first) & _path(second) if start.stones(f) and start.owner(f) != player
    ]
    facts["contested"] = _join(sorted(_letter(start, letters, f) for f in contested)) or "none"
    facts["opponent"] = _join(sorted({_name(start, start.owner(f)) for f in contested}))
    for n, moves in enumerate(((first, second), (second, first)), start=1):
        _, steps = play_turn(start, list(moves), record_steps=True)
        after = [s for s in steps if s.kind == "move"][-1].position
        waves = [s for s in steps if s.kind == "explosion"]
        order = ", then ".join(
            f"{_letter(start, letters, m.source)} to {_letter(start, letters, m.destination)}"
            for m in moves
        )
        ends = [(m.destination, after.stones(m.destination)) for m in moves]
        facts[f"order{n}"] = order
        facts[f"after{n}"] = _join(
            [f"{_count(k, 'stone')} on {_letter(start, letters, f)}" for f, k in ends]
        )
        exploded = _explosions(steps)
        facts[f"explosions{n}"] = (
            "no field explodes"
            if not exploded
            else _count(exploded, "explosion", "follows", "follow")
        )
        upcoming = waves[0].fields if waves else ()
        drawing = _draw(after, labels=letters, highlight=upcoming)
        panels.append(Panel(drawing, order))
    return Figure("order", tuple(panels), facts, wide=True)


def _path(move: Move) -> set[Field]:
    """The fields a move passes over and lands on."""
    found = step_between(move.source, move.destination)
    if found is None:
        return set()
    (dq, dr), n = found
    return {(move.source[0] + k * dq, move.source[1] + k * dr) for k in range(1, n + 1)}


def _explosions(steps) -> int:
    return sum(len(s.fields) for s in steps if s.kind == "explosion")


def capacity_figure(example: Example = CAPACITY) -> Figure:
    """Every live field labelled with its capacity, as the engine counts it."""
    position = example.position()
    capacities = {
        s.field: str(position.capacity(s.field))
        for s in position.fields()
        if s.status is Status.LIVE
    }
    values = sorted(int(v) for v in capacities.values())
    facts = {"lowest": str(values[0]), "highest": str(values[-1])}
    drawing = _draw(position, labels=capacities)
    return Figure("capacity", (Panel(drawing, ""),), facts)


def chain_figure(example: Example = CHAIN) -> Figure:
    """The explosion phase wave by wave: after the move, then after each wave.

    Each panel outlines the fields that explode in the next wave.
    """
    start = example.position()
    player = start.next_player
    _, steps = play_turn(start, example.moves, record_steps=True)
    moves = [s for s in steps if s.kind == "move"]
    waves = [s for s in steps if s.kind == "explosion"]
    letters = example.letter_fields()
    states = [moves[-1].position if moves else start] + [w.position for w in waves]
    arrows = [_ends(m.fields) for m in moves]
    panels = []
    for n, position in enumerate(states):
        upcoming = waves[n].fields if n < len(waves) else ()
        label = "after the move" if n == 0 else f"after wave {n}"
        if n == len(waves):
            label += ": all stable"
        shown = arrows if n == 0 else ()
        drawing = _draw(position, arrows=shown, labels=letters, highlight=upcoming)
        panels.append(Panel(drawing, label))
    facts = _chain_facts(start, player, states, waves, letters)
    if arrows:
        target = arrows[0][1]
        facts["moved"] = str(hex_distance(*arrows[0]))
        facts["target"] = _letter(start, letters, target)
        facts["target_stones"] = str(states[0].stones(target))
        facts["target_capacity"] = str(states[0].capacity(target))
    return Figure("chain", tuple(panels), facts, per_row=3, wide=True)


def _chain_facts(start, player, states, waves, letters) -> dict[str, str]:
    opponents = [k for k in range(len(start.players)) if k != player]
    exploded, died_empty, lost = 0, [], 0
    for before, wave in zip(states, waves, strict=False):
        for f in wave.fields:
            exploded += 1
            stones, cap = before.stones(f), before.capacity(f)
            lost += max(0, stones - cap)
            if before.status(f) is Status.GROWING and stones == 0 and cap == 0:
                died_empty.append(_letter(start, letters, f))
    end = states[-1]
    cancelled = sum(states[0].stones_on_board(k) - end.stones_on_board(k) for k in opponents)
    return {
        "player": _name(start, player),
        "Player": _name(start, player).capitalize(),
        "waves": str(len(waves)),
        "explosions": str(exploded),
        "lost": _count(lost, "stone"),
        "cancelled": _count(cancelled, "opponent stone"),
        "died_empty": _join(died_empty) or "none",
        "growing": str(len(end.growing_fields(player))),
        "dead": str(sum(1 for s in end.fields() if s.status is Status.DEAD)),
    }


def growth_figure(example: Example = CHAIN) -> Figure:
    """The growth phase of the same turn: before and after, with the growing fields
    that now could explode outlined (they wait for the player's next turn)."""
    start = example.position()
    player = start.next_player
    final, steps = play_turn(start, example.moves, record_steps=True)
    before = steps[-2].position  # the last move or explosion wave
    letters = example.letter_fields()
    grown = sorted(steps[-1].fields, key=lambda f: (_letter(start, letters, f), f))
    waiting = [f for f in grown if final.is_volatile(f)]
    new = [f for f in grown if start.status(f) is not Status.GROWING]
    old = [f for f in grown if f not in new]

    def names(fields) -> str:
        return _join([_letter(start, letters, f) for f in fields]) or "none"

    facts = {
        "player": _name(start, player),
        "Player": _name(start, player).capitalize(),
        "grown": names(grown),
        "grown_count": str(len(grown)),
        "new": names(new),
        "old": names(old),
        "waiting": names(waiting),
        "waiting_stones": _join([_count(final.stones(f), "stone") for f in waiting]) or "none",
        "waiting_capacity": _join([str(final.capacity(f)) for f in waiting]) or "0",
    }
    panels = (
        Panel(_draw(before, labels=letters), "after the explosions"),
        Panel(_draw(final, labels=letters, highlight=waiting), "after growth"),
    )
    return Figure("growth", panels, facts)


def regions_figure(example: Example = REGIONS) -> Figure:
    """Regions outlined and lettered A, B, … with what the engine says of each."""
    position = example.position()
    found = regions(position)
    lettered = list(zip(_letters(len(found)), found, strict=True))
    facts = {
        "regions": " ".join(f"{c}: {_describe_region(position, r)}." for c, r in lettered),
        "settled": _join([c for c, r in lettered if r.settled]) or "none",
        "unsettled": _join([c for c, r in lettered if not r.settled]) or "none",
        "scores": _scores_text(position, scores(position)),
    }
    drawing = _draw(
        position, labels=_region_letters(position, found), outlines=[r.fields for r in found]
    )
    return Figure("regions", (Panel(drawing, ""),), facts)


def scoring_figure(example: Example = FINAL, variant: str = "online") -> Figure:
    """A finished game: regions outlined, the scores and the ranking under ``variant``
    (with the tie, if any, explained by the variant's tie-break)."""
    position = example.position()
    rule = get_variant(variant)
    found = regions(position)
    points = scores(position)
    standings = ranking(position, rule)
    if not game_over(position, rule):
        state = "The game is not over yet"
    elif rule.end == PASSES:
        state = "The game is over: no growing field is left and every player passed in a row"
    else:
        state = "The game is over: every region is settled"
    facts = {
        "state": state,
        "scores": _scores_text(position, points),
        "ranking": _ranking_text(position, standings),
        "winner": _join([_name(position, s.player) for s in standings if s.rank == 1]),
        "tie": _tie_text(position, standings, rule),
        "variant": rule.name,
    }
    drawing = _draw(
        position, labels=_region_letters(position, found), outlines=[r.fields for r in found]
    )
    return Figure("scoring", (Panel(drawing, ""),), facts)


def machine_figure(example: Example = MACHINE, shown: int = 3, rounds: int = 20) -> Figure:
    """A simple machine's first explosions, played by the engine: the position before
    the machine's first turn and after each of its first ``shown`` turns that explode
    anything (at most ``rounds`` rounds), everybody else passing. Fields that will
    explode in the machine's next turn are outlined."""
    start = example.position()
    machine = start.next_player
    letters = example.letter_fields()
    panels = [Panel(_draw(start, labels=letters, highlight=_full(start, machine)), "before")]
    history: list[tuple[int, int, int]] = []  # (its turn, explosions, waves)
    position, turn = start, 0
    for _ in range(rounds * len(start.players)):
        if len(history) == shown or game_over(position, get_variant("online")):
            break
        player = position.next_player
        after, steps = play_turn(position, [], record_steps=True)
        if player == machine:
            turn += 1
            count = _explosions(steps)
            if count:
                waves = sum(1 for s in steps if s.kind == "explosion")
                history.append((turn, count, waves))
                drawing = _draw(after, labels=letters, highlight=_full(after, machine))
                panels.append(Panel(drawing, f"after its turn {turn}"))
        position = after
    corner = min(example.letter_fields()) if example.letters else None
    facts = {
        "machine": _name(start, machine),
        "Machine": _name(start, machine).capitalize(),
        "capacity": str(start.capacity(corner)) if corner else "",
        "turns": _join([str(t) for t, _, _ in history]),
        "explosions": _join([str(n) for _, n, _ in history]),
        "waves": _join([str(w) for _, _, w in history]),
        "growing": str(len(position.growing_fields(machine))),
        "fields": str(sum(1 for s in position.fields() if s.owner == machine)),
        "last": str(history[-1][0]) if history else "0",
    }
    return Figure("machine", tuple(panels), facts, per_row=len(panels), wide=True)


def extreme_decision(
    example: Example = EXTREME, seed: int = EXTREME_SEED, variant: str = "online"
) -> Decision:
    """The turn the player to move in ``example`` makes as an extreme machine."""
    return ExtremeMachine().decide(example.position(), variant, random.Random(seed))


def extreme_figure(
    example: Example = EXTREME, seed: int = EXTREME_SEED, variant: str = "online"
) -> Figure:
    """One extreme machine decision: its moves (arrows) and, after the explosion
    phase, each field that exploded labelled with the wave it exploded in."""
    start = example.position()
    player = start.next_player
    decision = extreme_decision(example, seed, variant)
    _, steps = play_turn(start, decision.moves, variant, record_steps=True)
    waves = [s for s in steps if s.kind == "explosion"]
    exploded: dict[Field, str] = {}
    for n, wave in enumerate(waves, start=1):
        for f in wave.fields:
            exploded[f] = f"{exploded[f]},{n}" if f in exploded else str(n)
    last = waves[-1].position if waves else steps[-2].position
    arrows = [(m.source, m.destination) for m in decision.moves]
    search = decision.search
    facts = {
        "player": _name(start, player),
        "Player": _name(start, player).capitalize(),
        "moves": _join(
            [f"{field_name(m.source)}-{field_name(m.destination)}" for m in decision.moves]
        )
        or "no move",
        "explosions": str(_explosions(steps)),
        "waves": str(len(waves)),
        "move_sets": str(search.move_sets),
        "turns": str(search.turns_examined),
        "ties": str(search.ties),
        "seed": str(seed),
        "search": "all of them"
        if decision.exhaustive
        else f"some of them, by a bounded search ({decision.limits})",
    }
    panels = (
        Panel(_draw(start, arrows=arrows), "its moves"),
        Panel(_draw(last, labels=exploded), "after the explosions"),
    )
    return Figure("extreme", panels, facts, wide=True)


#: The figures of the rule sheet by name, each with its default example.
FIGURES = {
    "key": key_figure,
    "move": move_figure,
    "order": order_figure,
    "capacity": capacity_figure,
    "chain": chain_figure,
    "growth": growth_figure,
    "regions": regions_figure,
    "scoring": scoring_figure,
    "machine": machine_figure,
    "extreme": extreme_figure,
}


def figure(name: str) -> Figure:
    """The figure called ``name`` with its default example."""
    try:
        return FIGURES[name]()
    except KeyError:
        known = ", ".join(FIGURES)
        raise KeyError(f"no figure called {name!r}; known figures: {known}") from None


# --- helpers ------------------------------------------------------------------------


def _draw(position: Position, **options) -> Drawing:
    return position_drawing(position, pitch_mm=PITCH, legend=False, margin_mm=MARGIN, **options)


def _full(position: Position, player: int) -> list[Field]:
    """``player``'s fields that will explode in their next explosion phase."""
    return [
        s.field for s in position.fields() if s.owner == player and position.is_volatile(s.field)
    ]


def _ends(fields: Sequence[Field]) -> tuple[Field, Field]:
    """A move step's fields are its source, then every field it passes, the target last."""
    return fields[0], fields[-1]


def _arrived(before: Position, after: Position, target: Field, player: int) -> int:
    """Stones of ``player`` that a move added to ``target``."""
    if after.owner(target) != player:
        return 0
    had = before.stones(target) if before.owner(target) == player else 0
    return after.stones(target) - had


def _name(position: Position, player: int | None) -> str:
    if player is None:
        return "nobody"
    return (position.players[player].name or f"player {player + 1}").lower()


def _field_name(position: Position, f: Field) -> str:
    return position.field_state(f).name


def _letter(position: Position, letters: Mapping[Field, str], f: Field) -> str:
    """The example's letter for a field, or its transcript name."""
    return letters.get(f, _field_name(position, f))


def _count(n: int, noun: str, verb_one: str = "", verb_many: str = "") -> str:
    """``1 stone lands``, ``2 stones land``; without verbs ``1 stone``, ``2 stones``."""
    text = f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    verb = verb_one if n == 1 else verb_many
    return f"{text} {verb}" if verb else text


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _letters(n: int) -> list[str]:
    return [chr(ord("A") + k) for k in range(n)]


def _region_letters(position: Position, found) -> dict[Field, str]:
    """A letter for each region, on its empty field nearest the region's middle."""
    out = {}
    for letter, region in zip(_letters(len(found)), found, strict=True):
        points = [field_xy(f) for f in region.fields]
        mx = sum(x for x, _ in points) / len(points)
        my = sum(y for _, y in points) / len(points)

        def distance(f: Field, mx=mx, my=my) -> tuple:
            x, y = field_xy(f)
            return ((x - mx) ** 2 + (y - my) ** 2, f)

        empty = [f for f in region.fields if not position.stones(f)] or list(region.fields)
        out[min(empty, key=distance)] = letter
    return out


def _describe_region(position: Position, region) -> str:
    size = f"{len(region)} field{'s' if len(region) != 1 else ''}"
    players = sorted(region.players)
    if not players:
        held = "no stones"
    elif len(players) == 1:
        held = f"only {_name(position, players[0])} stones"
    else:
        held = _join([_name(position, k) for k in players]) + " stones"
    growing = (
        "a growing field next to it" if region.next_to_growing else "no growing field next to it"
    )
    verdict = "settled" if region.settled else "not settled"
    return f"{size}, {held}, {growing}: {verdict}"


def _scores_text(position: Position, points: Sequence[int]) -> str:
    return ", ".join(f"{_name(position, k)} {p}" for k, p in enumerate(points))


def _ranking_text(position: Position, standings) -> str:
    """``1. red 7; 2. blue 5 and green 5 (shared place)``: one entry per place."""
    places: dict[int, list] = {}
    for s in standings:
        places.setdefault(s.rank, []).append(s)
    parts = []
    for rank, group in places.items():
        names = _join([f"{_name(position, s.player)} {s.score}" for s in group])
        parts.append(f"{rank}. {names}" + (" (shared place)" if len(group) > 1 else ""))
    return "; ".join(parts)


def _tie_text(position: Position, standings, rule) -> str:
    """One sentence per group of tied scores, explaining how the variant ranks it."""
    by_score: dict[int, list] = {}
    for s in standings:
        by_score.setdefault(s.score, []).append(s)
    out = []
    for score, group in by_score.items():
        if len(group) < 2:
            continue
        names = _join([_name(position, s.player) for s in group])
        if rule.tie_break == NO_TIE_BREAK:
            why = "they share the place"
        elif rule.tie_break == STONES:
            counts = _join([f"{_name(position, s.player)} {s.stones}" for s in group])
            if len({s.rank for s in group}) == 1:
                why = f"they have as many stones on the board ({counts}) and share the place"
            else:
                why = f"{_name(position, group[0].player)} ranks higher, with more stones on "
                why += f"the board ({counts})"
        else:
            why = f"{_name(position, group[0].player)} ranks higher, moving later in the round"
        out.append(f"{names.capitalize()} tie on {score}: {why}.")
    return " ".join(out) or "No scores are tied."
