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
examples of :mod:`fabgen.docs.examples` as defaults, so a test or another document can pass its own,
and the colour behind their drawings as ``background`` (white; a figure set on a tinted
panel takes the panel's colour, so that no white box shows round it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from fabgen.docs.captions import (
    _count,
    _count_region,
    _describe_region,
    _letter,
    _letters,
    _name,
    _ranking_text,
    _region_letters,
    _scores_text,
    _tie_text,
)
from fabgen.docs.examples import (  # the defaults of the figure functions
    CAPACITY,
    CHAIN,
    EXTREME,
    EXTREME_SEED,
    FINAL,
    MACHINE,
    MOVE,
    ORDER,
    REGIONS,
    Example,
    figure_players,
)
from fabgen.draw.drawing import Drawing
from fabgen.draw.position import PAGE, position_drawing
from fabgen.geometry.lattice import Field, hex_distance, step_between
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
from fabgen.rules.names import field_name
from fabgen.rules.scoring import all_settled
from fabgen.rules.variants import PASSES
from fabgen.text import and_list

#: Field centres this far apart (mm) in the drawings; the rule sheet scales them.
PITCH = 10.0
#: White space around each drawing (mm); panels are set apart by the page layout.
MARGIN = 1.0
#: The page behind each drawing (a figure on a tinted panel takes the panel's colour:
#: every figure function has a ``background``; None for none).
BACKGROUND = PAGE.fill


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


# --- the figures --------------------------------------------------------------------


def key_figure(*, background: str | None = BACKGROUND) -> Figure:
    """How to read the figures: field states, stones, a move, a field about to explode."""
    # (a panel's label, its board's segments and the stacks on it)
    cells: tuple[tuple[str, list[str], dict[str, int]], ...] = (
        ("live field", ["a1"], {}),
        ("growing field (red's, 1 stone)", ["a1"], {"a1": -1}),
        ("dead field", ["a1"], {"a1": 0}),
        ("3 red stones", ["a1"], {"a1": 3}),
        ("a move of 2 stones", ["a1 b1 c1"], {"a1": 2}),
        ("explodes next", ["a1"], {"a1": 1}),
    )
    panels = []
    for label, segments, stack in cells:
        position = position_from_names(segments, [stack], figure_players(1))
        options: dict = {}
        if label.startswith("a move"):
            options["arrows"] = [((0, 0), (2, 0))]
        if label == "explodes next":
            options["highlight"] = [(0, 0)]
        panels.append(Panel(_draw(position, background, **options), label))
    return Figure("key", tuple(panels), {}, per_row=3)


def move_figure(example: Example = MOVE, *, background: str | None = BACKGROUND) -> Figure:
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
        "blockers": and_list([_letter(start, letters, f) for f in blockers]) or "none",
        "opponent": (
            and_list(sorted({_name(start, start.owner(f)) for f in blockers})) or "opponent"
        ),
    }
    panels = (
        Panel(_draw(start, background, arrows=arrows, labels=letters), "before"),
        Panel(_draw(after, background, labels=letters), "after the move"),
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


def order_figure(example: Example = ORDER, *, background: str | None = BACKGROUND) -> Figure:
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
    panels = [Panel(_draw(start, background, arrows=[first, second], labels=letters), "before")]
    facts = {"player": _name(start, player), "Player": _name(start, player).capitalize()}
    contested = [
        f for f in _path(first) & _path(second) if start.stones(f) and start.owner(f) != player
    ]
    facts["contested"] = and_list(sorted(_letter(start, letters, f) for f in contested)) or "none"
    facts["opponent"] = and_list(sorted({_name(start, start.owner(f)) for f in contested}))
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
        facts[f"after{n}"] = and_list(
            [f"{_count(k, 'stone')} on {_letter(start, letters, f)}" for f, k in ends]
        )
        exploded = _explosions(steps)
        facts[f"explosions{n}"] = (
            "no field explodes"
            if not exploded
            else _count(exploded, "explosion", "follows", "follow")
        )
        upcoming = waves[0].fields if waves else ()
        drawing = _draw(after, background, labels=letters, highlight=upcoming)
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


def capacity_figure(example: Example = CAPACITY, *, background: str | None = BACKGROUND) -> Figure:
    """Every live field labelled with its capacity, as the engine counts it."""
    position = example.position()
    capacities = {
        s.field: str(position.capacity(s.field))
        for s in position.fields()
        if s.status is Status.LIVE
    }
    values = sorted(int(v) for v in capacities.values())
    facts = {"lowest": str(values[0]), "highest": str(values[-1])}
    drawing = _draw(position, background, labels=capacities)
    return Figure("capacity", (Panel(drawing, ""),), facts)


def chain_figure(example: Example = CHAIN, *, background: str | None = BACKGROUND) -> Figure:
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
        drawing = _draw(position, background, arrows=shown, labels=letters, highlight=upcoming)
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
        "died_empty": and_list(died_empty) or "none",
        "growing": str(len(end.growing_fields(player))),
        "dead": str(sum(1 for s in end.fields() if s.status is Status.DEAD)),
    }


def growth_figure(example: Example = CHAIN, *, background: str | None = BACKGROUND) -> Figure:
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
        return and_list([_letter(start, letters, f) for f in fields]) or "none"

    facts = {
        "player": _name(start, player),
        "Player": _name(start, player).capitalize(),
        "grown": names(grown),
        "grown_count": str(len(grown)),
        "new": names(new),
        "old": names(old),
        "waiting": names(waiting),
        "waiting_stones": and_list([_count(final.stones(f), "stone") for f in waiting]) or "none",
        "waiting_capacity": and_list([str(final.capacity(f)) for f in waiting]) or "0",
    }
    panels = (
        Panel(_draw(before, background, labels=letters), "after the explosions"),
        Panel(_draw(final, background, labels=letters, highlight=waiting), "after growth"),
    )
    return Figure("growth", panels, facts, wide=True)


def turn_figure(example: Example = CHAIN, *, background: str | None = BACKGROUND) -> Figure:
    """A whole turn after its move: the chain figure's panels, wave by wave, and the
    growth figure's last one, after growth; the facts of both. One figure, three to a
    row, so that growth stays next to the explosions it follows and the text about it
    (as a figure of its own it went to the next page, away from its text)."""
    chain = chain_figure(example, background=background)
    growth = growth_figure(example, background=background)
    panels = (*chain.panels, growth.panels[-1])
    return Figure("turn", panels, {**chain.facts, **growth.facts}, per_row=3, wide=True)


def regions_figure(example: Example = REGIONS, *, background: str | None = BACKGROUND) -> Figure:
    """Regions outlined and lettered A, B, … with what the engine says of each."""
    position = example.position()
    found = regions(position)
    lettered = list(zip(_letters(len(found)), found, strict=True))
    facts = {
        "regions": " ".join(f"{c}: {_describe_region(position, r)}." for c, r in lettered),
        "settled": and_list([c for c, r in lettered if r.settled]) or "none",
        "unsettled": and_list([c for c, r in lettered if not r.settled]) or "none",
        "scores": _scores_text(position, scores(position)),
    }
    drawing = _draw(
        position,
        background,
        labels=_region_letters(position, found),
        outlines=[r.fields for r in found],
    )
    return Figure("regions", (Panel(drawing, ""),), facts)


def scoring_figure(
    example: Example = FINAL, variant: str = "online", *, background: str | None = BACKGROUND
) -> Figure:
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
    elif all_settled(position):
        state = "The game is over: every region is settled"
    else:
        state = "The game is over: nothing can change any more"
    counted = [
        _count_region(position, c, r) for c, r in zip(_letters(len(found)), found, strict=True)
    ]
    facts = {
        "state": state,
        "regions": "; ".join(counted),
        "scores": _scores_text(position, points),
        "ranking": _ranking_text(position, standings),
        "winner": and_list([_name(position, s.player) for s in standings if s.rank == 1]),
        "tie": _tie_text(position, standings, rule),
        "variant": rule.name,
    }
    drawing = _draw(
        position,
        background,
        labels=_region_letters(position, found),
        outlines=[r.fields for r in found],
    )
    return Figure("scoring", (Panel(drawing, ""),), facts)


def machine_figure(
    example: Example = MACHINE,
    shown: int = 3,
    rounds: int = 20,
    *,
    background: str | None = BACKGROUND,
) -> Figure:
    """A simple machine's first explosions, played by the engine: the position before
    the machine's first turn and after each of its first ``shown`` turns that explode
    anything (at most ``rounds`` rounds), everybody else passing. Fields that will
    explode in the machine's next turn are outlined."""
    start = example.position()
    machine = start.next_player
    letters = example.letter_fields()
    panels = [
        Panel(_draw(start, background, labels=letters, highlight=_full(start, machine)), "before")
    ]
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
                drawing = _draw(after, background, labels=letters, highlight=_full(after, machine))
                panels.append(Panel(drawing, f"after its turn {turn}"))
        position = after
    corner = min(example.letter_fields()) if example.letters else None
    facts = {
        "machine": _name(start, machine),
        "Machine": _name(start, machine).capitalize(),
        "capacity": str(start.capacity(corner)) if corner else "",
        "turns": and_list([str(t) for t, _, _ in history]),
        "explosions": and_list([str(n) for _, n, _ in history]),
        "waves": and_list([str(w) for _, _, w in history]),
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
    example: Example = EXTREME,
    seed: int = EXTREME_SEED,
    variant: str = "online",
    *,
    background: str | None = BACKGROUND,
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
        "moves": and_list([str(m) for m in decision.moves]) or "no move",
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
    # The caption names the moves by field: those fields carry their names.
    names = {f: field_name(f) for move in arrows for f in move}
    panels = (
        Panel(_draw(start, background, arrows=arrows, labels=names), "its moves"),
        Panel(_draw(last, background, labels=exploded), "after the explosions"),
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
    "turn": turn_figure,
    "regions": regions_figure,
    "scoring": scoring_figure,
    "machine": machine_figure,
    "extreme": extreme_figure,
}


def figure(name: str, *, background: str | None = BACKGROUND) -> Figure:
    """The figure called ``name`` with its default example, on ``background``."""
    try:
        return FIGURES[name](background=background)
    except KeyError:
        known = ", ".join(FIGURES)
        raise KeyError(f"no figure called {name!r}; known figures: {known}") from None


# --- helpers ------------------------------------------------------------------------


def _draw(position: Position, background: str | None, **options) -> Drawing:
    return position_drawing(
        position,
        pitch_mm=PITCH,
        legend=False,
        margin_mm=MARGIN,
        background=background,
        **options,
    )


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
