"""A turn: movement (the player's choice), then explosion and growth (automatic).

The explosion phase works from a worklist. A position keeps a set of fields that may
be volatile: a superset of the volatile fields, kept up by whatever makes a field
volatile (stones arriving or growing up to its capacity, an explosion next to it);
the phase starts from the current player's volatile fields in
that set and afterwards only re-examines the neighbours of fields that exploded. It
runs in waves: wave 1 is every volatile field at the start, wave n + 1 the fields
that wave n made volatile. Each field explodes at most twice (live -> growing ->
dead), so a phase does at most two explosions per field, and the result does not
depend on the order (the tests check this against random orders).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fabgen.geometry.lattice import Field
from fabgen.rules.moves import MACHINE, IllegalMove, Move, play_move, refuse_machine
from fabgen.rules.scoring import (
    all_settled,
    game_over,
    game_over_check,
    shared_region,
    unsettled_pair,
)
from fabgen.rules.state import DEAD, GROWING, LIVE, NOBODY, Position
from fabgen.rules.variants import DEFAULT, PASSES, Variant, get_variant
from fabgen.text import counted


@dataclass(frozen=True)
class Explosion:
    """One field's explosion in a recorded wave, as data (``rules turn --format
    json``): what it held and its live neighbours just before it sent them its stones."""

    field: Field
    was_live: bool  # live -> growing; else growing -> dead
    stones: int
    #: Each live neighbour before this explosion: (field, owner or -1 when empty,
    #: stones). One stone goes to each; the rest (``lost``) leave the game.
    neighbours: tuple[tuple[Field, int, int], ...]

    @property
    def lost(self) -> int:
        return max(0, self.stones - len(self.neighbours))


@dataclass(frozen=True)
class Step:
    """One thing that happened in a turn, with the position right after it."""

    kind: str  # "start" | "move" | "explosion" | "growth"
    title: str
    details: tuple[str, ...]
    position: Position
    fields: tuple[Field, ...]  # the fields the step is about, for highlighting
    #: For an explosion wave, one line per line of ``details``: where that field's
    #: stones went (to check a chain by hand); empty for the other steps.
    effects: tuple[str, ...] = ()
    #: For an explosion wave, the same as data, one per field in the order exploded.
    explosions: tuple[Explosion, ...] = ()
    #: For a move, the stones that landed on its destination (the rest cancelled).
    landed: int | None = None


class Turn:
    """A turn being played: make moves one by one, then :meth:`finish`.

    Raises :class:`IllegalMove` (rule ``game-over``) when the game has already ended.
    """

    def __init__(self, position: Position, variant: Variant | str = DEFAULT, *, record_steps=False):
        self.variant = get_variant(variant)
        if game_over(position, self.variant):
            raise IllegalMove("game-over", game_over_reason(position, self.variant))
        self.player = position.next_player
        self.moves: list[Move] = []
        self._pos = position.copy()
        self._used: set[int] = set()
        self._arrived: dict[int, int] = {}
        self._steps: list[Step] | None = None
        if record_steps:
            label = position.players[self.player].label(self.player)
            self._steps = [Step("start", f"before the turn of {label}", (), position, ())]
        self._finished = False

    @property
    def position(self) -> Position:
        """The position after the moves so far."""
        return self._pos.copy()

    def move(self, move: Move | str) -> None:
        """Make a move; :class:`IllegalMove` names the rule it breaks."""
        if self._finished:
            raise RuntimeError("the turn is finished")
        if isinstance(move, str):
            move = Move.parse(move)
        refuse_machine(self._pos, self.player, move)
        path, landed = play_move(self._pos, self.player, move, self._used, self._arrived)
        self.moves.append(move)
        if self._steps is not None:
            self._record_move(move, path, landed)

    def legal_moves(self, tile: int | None = None) -> list[Move]:
        """Every move the player could make next (only from tile number ``tile`` of
        ``board.tiles`` if given), in board order."""
        pos, player = self._pos, self.player
        if pos.players[player].kind == MACHINE:
            return []  # a machine only passes
        board, status, owner, stones = pos.board, pos._status, pos._owner, pos._stones
        towards, fields, arrived, used = board.towards, board.fields, self._arrived, self._used
        out = []
        for t in range(len(board.tiles)) if tile is None else (tile,):
            if t in used:
                continue
            for i in board.tiles[t]:
                if owner[i] != player or status[i] != LIVE:
                    continue
                free = stones[i] - arrived.get(i, 0)
                source = fields[i]
                for d in range(6):
                    f = i
                    for _ in range(free):
                        f = towards[f][d]
                        if f < 0 or status[f] != LIVE:
                            break
                        out.append(Move(source, fields[f]))
        return out

    def finish(self) -> tuple[Position, list[Step]]:
        """Run the explosion and growth phases; the new position and the steps."""
        if self._finished:
            raise RuntimeError("the turn is finished")
        self._finished = True
        pos, player = self._pos, self.player
        waves: list | None = [] if self._steps is not None else None
        before = list(pos._status) if waves is not None else []  # to name lost capacity
        explode(pos, player, waves)
        grown = sorted(grow(pos, player))
        end_turn(pos, bool(self.moves))
        if self._steps is None:
            return pos, []
        return pos, [
            *self._steps,
            *_explosion_steps(pos, waves or [], player, before),
            _growth_step(pos, grown),
        ]

    def _record_move(self, move: Move, path: tuple[int, ...], landed: int) -> None:
        k = len(path)
        names = self._pos.board.names
        details = [f"{counted(k, 'stone')} {'goes' if k == 1 else 'go'} {counted(k, 'step')}"]
        if landed < k:
            details.append(f"{counted(k - landed, 'stone')} cancelled against opponent stones")
        details.append(f"{landed} {'lands' if landed == 1 else 'land'} on {names[path[-1]]}")
        title = f"move {len(self.moves)}: {move}"
        fields = (move.source, *(self._pos.board.fields[i] for i in path))
        assert self._steps is not None
        step = Step("move", title, tuple(details), self._pos.copy(), fields, landed=landed)
        self._steps.append(step)


def _explosion_steps(final: Position, waves: list, player: int, status: list) -> list[Step]:
    """One step per wave. ``status``: each field's status before the phase, kept up
    explosion by explosion, to say which neighbours no longer count for capacity."""
    steps = []
    for n, (snapshot, exploded) in enumerate(waves, start=1):
        names = final.board.names
        details, effects = [], []
        began = list(status)  # to say which neighbours exploded earlier in this wave
        for i, was_live, stones, cap, around in exploded:
            change = "live -> growing" if was_live else "growing -> dead"
            lost = ""
            if stones > cap:  # none of them has a field to go to when no neighbour is live
                lost = f", {stones - cap} lost" + (" over capacity" if cap else "")
            details.append(
                f"{names[i]} explodes ({change}): {counted(stones, 'stone')}, "
                f"{counted(cap, 'live neighbour')}{lost}"
                f"{_capacity_words(final.board, status, began, i, cap)}"
                f"{_arrived_words(names, i, stones, exploded)}"
            )
            status[i] = GROWING if was_live else DEAD
            effects.append(_where_stones_go(names, player, was_live, stones, around))
        title = f"explosion wave {n}: " + ", ".join(names[e[0]] for e in exploded)
        fields = tuple(final.board.fields[e[0]] for e in exploded)
        data = tuple(_explosion(final.board.fields, *e) for e in exploded)
        steps.append(
            Step("explosion", title, tuple(details), snapshot, fields, tuple(effects), data)
        )
    return steps


def _capacity_words(board, status: list, began: list, i: int, cap: int) -> str:
    """Its stones against its capacity, and why that capacity may be lower than the
    neighbours a player counts on the table: only live ones count (``(capacity 5 of
    its 6 neighbours: -i-1 is growing)``), and a neighbour that exploded earlier in the
    same wave is live on the board before the wave, so it is said so (``b3 turned
    growing earlier in this wave``; ``began``: the statuses when the wave began). A
    field with no live neighbour left names them all: a hand count of the board before
    the wave may give it one."""
    gone = [n for n in board.neighbours[i] if status[n] != LIVE]
    words = ", ".join(_gone_words(board.names[n], status[n], began[n]) for n in gone)
    if not cap:
        return f" (no live neighbour left: {words})" if words else " (no neighbour on the board)"
    if not gone:
        return f" (capacity {cap}: all its neighbours are live)"
    total = len(board.neighbours[i])
    return f" (capacity {cap} of its {total} neighbours: {words})"


def _gone_words(name: str, now: int, began: int) -> str:
    if now == began:
        return f"{name} is {_STATUS_WORDS[now]}"
    return f"{name} {'turned growing' if now == GROWING else 'died'} earlier in this wave"


_STATUS_WORDS = {GROWING: "growing", DEAD: "dead"}


def _arrived_words(names, i: int, stones: int, exploded: list) -> str:
    """Stones a field got from explosions earlier in its own wave, which the board
    before the wave does not show (``; it held 2 when the wave began, then one from
    -i0``). Empty when it got none."""
    sent = []
    for e in exploded:
        if e[0] == i:
            break
        if any(n == i for n, _, _ in e[4]):
            sent.append(names[e[0]])
    if not sent:
        return ""
    each = "one" if len(sent) == 1 else "one each"
    return f"; it held {stones - len(sent)} when the wave began, then {each} from {', '.join(sent)}"


def _explosion(fields, i: int, was_live: bool, stones: int, cap: int, around) -> Explosion:
    near = tuple((fields[n], owner, held) for n, owner, held in around)
    return Explosion(fields[i], was_live, stones, near)


def _where_stones_go(names, player: int, was_live: bool, stones: int, around) -> str:
    """Where an exploding field's stones go, in the text board's notation: one to each
    live neighbour, adding to the player's stones, landing on an empty field or
    cancelling one of another seat's stones."""
    from fabgen.rules.terminal import player_letter

    if not around:
        if was_live:
            return f"no live neighbour: {'its stones are' if stones != 1 else 'its stone is'} lost"
        return "no live neighbour is left: a growing field with none dies, stones or not"
    me = player_letter(player)
    parts = []
    for n, owner, held in around:
        if owner < 0:
            parts.append(f"{names[n]} (was empty, now 1{me})")
        elif owner != player:
            left = f"{held - 1}{player_letter(owner)}" if held > 1 else "empty"
            parts.append(f"{names[n]} (cancels one of {held}{player_letter(owner)}, now {left})")
        else:
            parts.append(f"{names[n]} (now {held + 1}{me})")
    return ("one stone to " if len(parts) == 1 else "one stone each to ") + ", ".join(parts)


def calm_words(position: Position, player: int) -> str:
    """Why nothing explodes in a turn, to settle a dispute at the table: every field of
    the player is below its capacity, and which come nearest (``no explosion: every
    field of seat 1 (Red) is below its capacity (its live neighbours); one stone short:
    -i-1 3 of 4, -i0 5 of 6``)."""
    pos, names = position, position.board.names
    mine = [
        i
        for i, o in enumerate(pos._owner)
        if o == player and pos._status[i] != DEAD and pos._stones[i]
    ]
    label = pos.players[player].label(player)
    if not mine:
        return f"no explosion: {label} has no stones on the board"
    gap = min(pos._cap[i] - pos._stones[i] for i in mine)
    nearest = sorted(
        (i for i in mine if pos._cap[i] - pos._stones[i] == gap), key=lambda i: names[i]
    )
    shown = ", ".join(f"{names[i]} {pos._stones[i]} of {pos._cap[i]}" for i in nearest[:8])
    more = f" and {len(nearest) - 8} more" if len(nearest) > 8 else ""
    short = "one stone short" if gap == 1 else f"the nearest, {gap} stones short"
    return (
        f"no explosion: every field of {label} is below its capacity (its live "
        f"neighbours); {short}: {shown}{more}"
    )


def calm_before(steps: list[Step], n: int, player: int) -> str | None:
    """:func:`calm_words` where a turn's steps say them, before step ``n``: a growth step
    with no explosion before it, on the board the moves left; else None. One rule for
    ``fabgen rules turn`` and the rules viewer."""
    if n == 0 or steps[n].kind != "growth" or steps[n - 1].kind == "explosion":
        return None
    return calm_words(steps[n - 1].position, player)


def chain_before(steps: list[Step], n: int, player: int) -> str | None:
    """The explosion phase in figures, before the growth step ``n`` that follows it: to
    check a chain worked out by hand at a glance (``the explosion phase: 4 waves, 6
    explosions (...), 3 stones lost, 1 opponent stone cancelled``); None elsewhere."""
    if n == 0 or steps[n].kind != "growth" or steps[n - 1].kind != "explosion":
        return None
    waves = [s for s in steps[:n] if s.kind == "explosion"]
    blasts = [e for s in waves for e in s.explosions]
    grew = sum(e.was_live for e in blasts)
    changes = [
        f"{grew} live -> growing" if grew else "",
        f"{len(blasts) - grew} growing -> dead" if len(blasts) > grew else "",
    ]
    cancelled = sum(0 <= o != player for e in blasts for _, o, _ in e.neighbours)
    return (
        f"the explosion phase: {counted(len(waves), 'wave')}, "
        f"{counted(len(blasts), 'explosion')} ({', '.join(c for c in changes if c)}), "
        f"{counted(sum(e.lost for e in blasts), 'stone')} lost, "
        f"{counted(cancelled, 'opponent stone')} cancelled"
    )


def _growth_step(pos: Position, grown: list[int]) -> Step:
    names = [pos.board.names[i] for i in grown]
    title = "growth: " + (", ".join(names) if names else "no growing fields")
    details = tuple(f"{name} gains a stone" for name in names)
    return Step("growth", title, details, pos, tuple(pos.board.fields[i] for i in grown))


def explode(pos: Position, player: int, waves: list | None = None) -> None:
    """The explosion phase for ``player`` on ``pos`` (a private copy), in place.

    With ``waves`` a list, appends ``(position after the wave, [(field index, was
    live, stones, capacity, live neighbours as (index, owner, stones) just before it
    exploded), ...])`` per wave. This is the hot path of a replay: flat
    lists and integer indices only.
    """
    status, owner, stones, cap = pos._status, pos._owner, pos._stones, pos._cap
    first: list[int] = []
    keep = set()
    for i in pos._hot:
        o = owner[i]
        if o >= 0 and stones[i] >= cap[i]:
            if o == player:
                first.append(i)
            else:
                keep.add(i)
    pos._hot = hot = keep
    if not first:
        return
    wave: list[int] | set[int] = first  # then each wave's set of the next
    pos._version += 1  # statuses change: cached regions are out of date
    nbrs, growing, former = pos.board.neighbours, pos._growing, pos._former
    record = waves is not None
    no_longer_live = []
    while wave:
        nxt: set[int] = set()
        exploded = []
        for f in sorted(wave) if record else wave:
            n_stones = stones[f]
            if owner[f] != player or n_stones < cap[f]:
                continue  # exploded already in this wave
            stones[f] = 0
            if record:  # and what its live neighbours hold before it sends its stones
                around = tuple((n, owner[n], stones[n]) for n in nbrs[f] if status[n] == LIVE)
                exploded.append((f, status[f] == LIVE, n_stones, cap[f], around))
            if status[f] == LIVE:
                status[f] = GROWING
                growing.add(f)
                no_longer_live.append(f)
                if not cap[f]:
                    nxt.add(f)  # a growing field with no live neighbours dies next
                # f no longer counts as a live neighbour: capacities go down, and a
                # growing neighbour may become volatile.
                for n in nbrs[f]:
                    c = cap[n] - 1
                    cap[n] = c
                    if status[n] == GROWING and stones[n] >= c:
                        if owner[n] == player:
                            nxt.add(n)
                        else:
                            hot.add(n)  # explodes in its owner's turn
            else:
                status[f] = DEAD
                owner[f] = NOBODY
                former[f] = player
                growing.discard(f)
            for n in nbrs[f]:
                if status[n] == LIVE:
                    c = cap[n]
                    o = owner[n]
                    if o == player:
                        k = stones[n] + 1
                        stones[n] = k
                        if k >= c:
                            nxt.add(n)
                    elif o < 0:
                        owner[n] = player
                        stones[n] = 1
                        if c <= 1:
                            nxt.add(n)
                    else:
                        # Cancels one stone. Its capacity went down by as much or not
                        # at all, so it does not become volatile.
                        k = stones[n] - 1
                        stones[n] = k
                        if not k:
                            owner[n] = NOBODY
        if exploded and waves is not None:  # only recorded when there are waves
            waves.append((pos.copy(), exploded))
        wave = nxt
    pos._relabel_after(no_longer_live)


def grow(pos: Position, player: int) -> list[int]:
    """The growth phase: each of the player's growing fields gains a stone. Returns
    those fields (in no particular order)."""
    owner, stones, cap, hot = pos._owner, pos._stones, pos._cap, pos._hot
    grown = [g for g in pos._growing if owner[g] == player]
    for g in grown:
        stones[g] += 1
        if stones[g] >= cap[g]:
            hot.add(g)
    return grown


def end_turn(pos: Position, moved: bool) -> None:
    pos.turns_played += 1
    pos.next_player = (pos.next_player + 1) % len(pos.players)
    pos.passes = 0 if moved else pos.passes + 1


def play_turn(
    position: Position,
    moves: Iterable[Move | str],
    variant: Variant | str = DEFAULT,
    *,
    record_steps: bool = False,
) -> tuple[Position, list[Step]]:
    """Play one turn for ``position.next_player``; the new position and, when
    ``record_steps``, every step (start, each move, each explosion wave, growth)."""
    turn = Turn(position, variant, record_steps=record_steps)
    for move in moves:
        turn.move(move)
    return turn.finish()


def explosion_phase(position: Position, player: int | None = None) -> tuple[Position, list]:
    """Only the explosion phase (no growth, turn not advanced), e.g. to see what a
    starting stack would do. Returns the position and the waves as
    ``[(position after the wave, [field, ...]), ...]``."""
    pos = position.copy()
    waves: list = []
    explode(pos, position.next_player if player is None else player, waves)
    fields = pos.board.fields
    return pos, [(snap, [fields[e[0]] for e in record]) for snap, record in waves]


def replay(
    position: Position, turns: Iterable[Sequence[Move]], variant: Variant | str = DEFAULT
) -> Position:
    """Play ``turns`` from ``position``; the final position.

    The first illegal move raises :class:`IllegalMove` with ``turn`` (0-based index
    into ``turns``) and ``player`` set. A turn after the end of the game is illegal.

    The hot path of replaying games: a legal one-stone move whose line the board has
    cached is carried out inline, exactly as :func:`~fabgen.rules.moves.play_move` would;
    any other move goes through ``play_move``, which carries it out or names the rule it
    breaks.
    """
    variant = get_variant(variant)
    if variant.end != PASSES:
        position.region_labels()  # kept with the start, shared by every game from it
    pos = position.copy()
    over = game_over_check(variant)
    # The end check is skipped while a certificate that the game goes on holds (see
    # unsettled_pair): no field changed status since, and fields pi and pj (unless
    # pi is -1) still hold stones of two different players. A new one is looked for
    # first among the fields where each player's stones last landed (they mostly
    # stay there until that player's next turn), then by the end check itself.
    proof = variant.end != PASSES
    version, pi, pj = -1, 0, 0
    landed = [-1] * len(pos.players)
    machine = [p.kind == MACHINE for p in pos.players]
    status, owner, stones, cap = pos._status, pos._owner, pos._stones, pos._cap  # in place
    lines = pos.board.lines
    players = len(pos.players)
    for t, moves in enumerate(turns):
        player = pos.next_player
        try:
            if version != pos._version or (pi >= 0 and not -1 < owner[pi] != owner[pj] > -1):
                found = proof and shared_region(pos, landed)
                if not found:
                    if over(pos):
                        raise IllegalMove("game-over", game_over_reason(pos, variant))
                    found = proof and unsettled_pair(pos)
                version, pi, pj = found or (-1, 0, 0)
            if moves:
                if machine[player]:
                    refuse_machine(pos, player, moves[0])
                used: set[int] = set()
                arrived: dict[int, int] = {}
                hot = pos._hot
                for move in moves:
                    line = lines.get(move)
                    if line is None:
                        play_move(pos, player, move, used, arrived)
                        continue
                    src, dst, _, tile, k = line
                    have = stones[src]
                    if (
                        have < k  # also when not on one line (k is then larger than any stack)
                        or status[src]  # LIVE is 0
                        or owner[src] != player
                        or tile in used
                        or src in arrived
                    ):
                        play_move(pos, player, move, used, arrived)  # checks, names the rule
                        continue
                    if k > 1:  # a few moves: play_move checks the path and lands them
                        if play_move(pos, player, move, used, arrived)[1]:
                            landed[player] = dst
                        continue
                    # Most moves: one stone, one step; carried out as play_move would.
                    if status[dst]:
                        play_move(pos, player, move, used, arrived)  # raises
                    used.add(tile)
                    stones[src] = have - 1
                    if have == 1:
                        owner[src] = NOBODY
                    o = owner[dst]
                    if o != player and o >= 0:  # cancels one opponent stone
                        there = stones[dst] - 1
                        stones[dst] = there
                        if not there:
                            owner[dst] = NOBODY
                        continue
                    owner[dst] = player
                    have = stones[dst] + 1
                    stones[dst] = have
                    arrived[dst] = arrived.get(dst, 0) + 1
                    landed[player] = dst
                    if have >= cap[dst]:
                        hot.add(dst)
        except IllegalMove as exc:
            exc.turn, exc.player = t, player
            exc.player_label = pos.players[player].label(player)
            raise
        if pos._hot:
            explode(pos, player)
        if pos._growing:
            grow(pos, player)
        pos.turns_played += 1
        pos.next_player = (player + 1) % players
        pos.passes = 0 if moves else pos.passes + 1
    return pos


def game_over_reason(position: Position, variant: Variant) -> str:
    if variant.end == PASSES:
        why = "no growing field is left and every player passed in a row"
    elif LIVE not in position._status:
        # (settled too, but "every region is settled" said of a board burnt to the last
        # field read as if land were held)
        why = "the whole board has burnt"
    elif all_settled(position):
        why = "every region is settled"
    else:
        why = (
            "nothing can change any more (every region is settled or holds only machines' "
            "stacks, and nothing grows next to them)"
        )
    return f"the game ended after {counted(position.turns_played, 'turn')} played: {why}"
