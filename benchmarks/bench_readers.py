"""Reading other programs' files: a 20,000-entity DXF tile and a 1,000-turn transcript.

The DXF is an island tile as some CAD programs export it: the outline broken into
thousands of separate LINEs (in shuffled order, so they must be chained end to end),
the seven circles, and loose hatch lines that join nothing. It is read the way
``fabgen check-alignment --from`` reads it (parse, flatten, chain, find the tile).
The transcript is a random game of at least 1,000 turns on a 91-tile board (the game
is restarted from its start position until 1,000 turns are recorded, so the figure
is a replay of 1,000 turns), read from JSON text and replayed.

Run: .venv/bin/python benchmarks/bench_readers.py [--entities N] [--turns N] [--runs N]

Takes about 8 s; ``--runs 1`` about 6 s (2-core development machine shared with other
work, 2026-11-30).
"""

from __future__ import annotations

import argparse
import math
import random
import tempfile
from pathlib import Path

from timing import best_of

from fabgen.readers import shapes
from fabgen.readers.tile_drawing import read_tile_drawing
from fabgen.rules.random_games import random_game
from fabgen.rules.setup import start_position
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import replay


def tile_dxf(path: Path, entities: int) -> int:
    """Write a 100 mm tile with its outline in many LINEs; return the entity count."""
    import ezdxf

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 4
    msp = doc.modelspace()
    width, pitch = 100.0, 100.0 / math.sqrt(7)
    radius = width / math.sqrt(3)
    corners = [
        (radius * math.cos(math.pi / 3 * k), radius * math.sin(math.pi / 3 * k)) for k in range(6)
    ]
    outline_lines = (entities - 7) * 9 // 10
    per_edge = outline_lines // 6
    segments = []
    for k in range(6):
        (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 6]
        for s in range(per_edge):
            t0, t1 = s / per_edge, (s + 1) / per_edge
            segments.append(
                (
                    (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                    (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
                )
            )
    rng = random.Random(7)
    rng.shuffle(segments)
    for a, b in segments:
        msp.add_line(a, b)
    alpha = math.atan(math.sqrt(3) / 5)
    centres = [(0.0, 0.0)] + [
        (
            pitch * math.cos(math.pi / 6 - alpha + math.pi / 3 * k),
            pitch * math.sin(math.pi / 6 - alpha + math.pi / 3 * k),
        )
        for k in range(6)
    ]
    for c in centres:
        msp.add_circle(c, 0.3 * pitch)
    hatch = entities - len(segments) - 7
    for k in range(hatch):
        x = -40 + 80 * k / max(hatch, 1)
        msp.add_line((x, -20.0), (x + 0.5, -19.0))
    doc.saveas(path)
    return len(msp)


def read_without_fast_path(path: Path):
    """The reader as it was before LINE/CIRCLE-only files were read from the group codes."""
    fast = shapes._fast_dxf
    shapes._fast_dxf = lambda *_: None
    try:
        return read_tile_drawing(path)
    finally:
        shapes._fast_dxf = fast


def transcript_text(turns: int) -> tuple[str, int]:
    start = start_position(5, 3)
    moves: list = []
    seed = 0
    while len(moves) < turns:  # a game can end early: chain games from the start
        game, _ = random_game(start, seed, max_turns=turns)
        moves.extend(game)
        seed += 1
        if len(game) < turns:
            break
    text = write_transcript(transcript_from_position(start, turns=moves[:turns], with_state=False))
    return text, len(moves[:turns])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entities", type=int, default=20_000, help="DXF entities (20000)")
    parser.add_argument("--turns", type=int, default=1000, help="transcript turns (1000)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs, best kept (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tile.dxf"
        count = tile_dxf(path, args.entities)
        seconds = best_of(args.runs, lambda: read_tile_drawing(path))
        _, analysis = read_tile_drawing(path)
        print(
            f"DXF with {count} entities read and recognised in {seconds:.3f} s "
            f"(width {analysis.width_mm:.3f} mm, island: {analysis.is_island})"
        )
        before = best_of(args.runs, lambda: read_without_fast_path(path))
        print(f"  before (ezdxf full document load for every file): {before:.3f} s")
    text, played = transcript_text(args.turns)

    def read_and_replay():
        t = parse_transcript(text)
        replay(t.position, t.move_list)

    seconds = best_of(args.runs, read_and_replay)
    print(
        f"transcript with {played} turns ({len(text) // 1024} KiB) "
        f"read and replayed in {seconds:.3f} s"
    )


if __name__ == "__main__":
    main()
