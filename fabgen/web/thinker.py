"""The computer seats' turns: decided in a worker process, with a time cap.

``fabgen serve`` decides computer and extreme-machine turns in worker processes
(``python -m fabgen.web.thinker``, run by :class:`~fabgen.web.worker.LineWorker` as the
kit preview's worker is; up to :func:`thinkers`, one per decision under way), so a search
neither holds up the server's other requests (Python runs one thread at a time) or the
other games' decisions nor runs for ever: a decision that takes longer than
``LIMITS.think_seconds`` is abandoned (the worker is stopped and started again for the
next one) and the greedy player's turn is played instead, which the turn's words say.
Without a worker (the tests' app) turns are decided in the request's own thread. An
extreme machine, a board's machine seat or a person's seat given to it, goes the same
way; the worker has one thread, so the machine's look-ahead forks its second half there
(:mod:`fabgen.play.exact.lookahead`), and that half dies with the worker when a decision
is stopped (:func:`fabgen.signals.die_with`).

A request is one JSON line: the position as a transcript object, the player's name (as
:func:`fabgen.play.policy.get_policy` takes it), the rule variant and a seed; the answer
is the moves as ``[[source, destination], ...]`` and, for an extreme machine, how many
turns were as good (``ties``, ``all_ties``: the seed drew one of them, which the turn's
words say: docs/design-notes.md, *The play page*).
"""

from __future__ import annotations

import os
import random
import sys
import threading
from dataclasses import dataclass

from fabgen.errors import FabgenError
from fabgen.rules.moves import Move
from fabgen.rules.state import Position
from fabgen.web.limits import LIMITS

#: The strong player's budget for a plain ``strong`` seat and for hints.
HINT_PLAYER = "strong"


class Stopping(FabgenError):
    """A decision cut short because the server is stopping: the turn is not played
    (the greedy player's turn would be saved as if the computer had thought too long);
    a game's request answers with the turns before it, a hint with this error."""

    status = 503
    stopping = True

    def __init__(self):
        super().__init__("the server is stopping: ask again when fabgen serve runs again")


#: Decisions made at once, each in a worker process of its own (started when the others
#: are busy): one table's long decision (an extreme machine on a crowded board, a
#: strong:20000 seat: seconds) does not hold up the computer turns of the other tables.
#: No more than the cores (at least two, see :func:`thinkers`): long decisions sharing a
#: core would each take longer, and run into the time cap.
THINKERS = 4


def thinkers() -> int:
    """Decisions this computer makes at once."""
    return max(2, min(THINKERS, os.cpu_count() or 2))


@dataclass(frozen=True)
class DecidedTurn:
    """A decided turn: its moves, whether in time (else the greedy player's), and for an
    extreme machine the turns as good as it (``ties`` 0: not an extreme machine's)."""

    moves: list[Move]
    in_time: bool = True
    ties: int = 0
    all_ties: bool = True


class Thinker:
    """Decides turns: in worker processes when ``use_worker``, else in this thread."""

    def __init__(self, use_worker: bool = False):
        self._use_worker = use_worker
        self._workers: list = []  # every worker started (LineWorker)
        self._idle: list = []  # those not deciding now
        self._free = threading.Condition()
        self._closed = False

    def decide(
        self, position: Position, player: str, variant: str, seed: str
    ) -> tuple[list[Move], bool]:
        """The moves ``player`` makes, and whether it decided in time (else they are
        the greedy player's)."""
        choice = self.decide_turn(position, player, variant, seed)
        return choice.moves, choice.in_time

    def decide_turn(self, position: Position, player: str, variant: str, seed: str) -> DecidedTurn:
        """:meth:`decide`, with an extreme machine's ties."""
        if not self._use_worker:
            return choose_turn(position, player, variant, seed)
        from fabgen.rules.transcript import transcript_from_position, transcript_to_json

        request = {
            "position": transcript_to_json(transcript_from_position(position, with_passes=True)),
            "player": player,
            "variant": variant,
            "seed": seed,
        }
        worker = self._take()
        try:
            answer = worker.ask(request, timeout=LIMITS.think_seconds)
        finally:
            self._give_back(worker)
        if isinstance(answer, list):  # moves only (a stand-in worker's answer)
            answer = {"moves": answer}
        if isinstance(answer, dict):
            moves = [Move.from_names(a, b) for a, b in answer["moves"]]
            return DecidedTurn(moves, True, answer.get("ties", 0), answer.get("all_ties", True))
        if worker.closed:  # cut short by the server's stop, not too long
            raise Stopping()
        return DecidedTurn(choose(position, "greedy", variant, seed), False)

    def _take(self):
        """An idle worker, else a new one while fewer than :func:`thinkers` run, else the
        first to be done."""
        from fabgen.web.worker import LineWorker

        with self._free:
            while not self._idle and len(self._workers) >= thinkers() and not self._closed:
                self._free.wait()
            if self._closed:
                raise Stopping()
            if self._idle:
                return self._idle.pop()  # the one used last: loaded and warm
            worker = LineWorker([sys.executable, "-m", "fabgen.web.thinker"])
            self._workers.append(worker)
            return worker

    def _give_back(self, worker) -> None:
        with self._free:
            self._idle.append(worker)
            self._free.notify()

    def close(self) -> None:
        with self._free:
            self._closed = True
            workers = list(self._workers)
            self._free.notify_all()
        for worker in workers:
            worker.close()


def choose(position: Position, player: str, variant: str, seed: str) -> list[Move]:
    return choose_turn(position, player, variant, seed).moves


def choose_turn(position: Position, player: str, variant: str, seed: str) -> DecidedTurn:
    """The turn ``player`` makes; an extreme machine's with its ties (the same decision
    as ``fabgen rules machine``'s, drawn with the game's seed)."""
    from fabgen.play.machine import ExtremeMachine
    from fabgen.play.policy import get_policy
    from fabgen.rules.variants import get_variant

    policy = get_policy(player)
    rng = random.Random(seed)
    if not isinstance(policy, ExtremeMachine):
        return DecidedTurn(list(policy.choose_turn(position, get_variant(variant), rng)))
    decision = policy.decide(position, variant, rng)
    return DecidedTurn(list(decision.moves), True, decision.search.ties, decision.all_ties)


def answer(request: dict) -> dict:
    from fabgen.rules.names import field_name
    from fabgen.rules.transcript import transcript_from_json

    position = transcript_from_json(request["position"], "position (thinker)").position
    choice = choose_turn(position, request["player"], request["variant"], request["seed"])
    moves = [[field_name(m.source), field_name(m.destination)] for m in choice.moves]
    return {"moves": moves, "ties": choice.ties, "all_ties": choice.all_ties}


def main() -> None:
    from fabgen.web.worker import serve_lines

    serve_lines(answer)  # a failed answer is null: the server decides that turn itself


if __name__ == "__main__":
    main()
