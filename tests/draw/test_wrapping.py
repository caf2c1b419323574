"""Filling lines to measured widths (fabgen/draw/metrics.fill_lines): a text of any
length costs work in proportion to it, and a caller that shows a few lines fills no
more (a board's description of a million letters kept fabgen serve's setup diagram
busy for minutes)."""

from __future__ import annotations

import random

import pytest

from fabgen.draw.metrics import fill_lines, text_advance


class Ruler:
    """A width function that counts the characters it measures."""

    def __init__(self, height: float = 2.5):
        self.height = height
        self.measured = 0

    def __call__(self, line: str) -> float:
        self.measured += len(line)
        return text_advance(line, self.height)


def test_a_long_word_is_measured_in_pieces_not_whole_again_and_again():
    ruler = Ruler()
    word = "x" * 100_000
    lines = fill_lines(word, 50.0, ruler)
    assert "".join(lines) == word
    assert all(ruler(line) <= 50.0 for line in lines)
    assert all(ruler(line + "x") > 50.0 for line in lines[:-1])  # each piece as long as fits
    assert ruler.measured < 40 * len(word)  # (was 27 million characters: every cut measured
    # the rest of the word whole)


@pytest.mark.parametrize("text", ["x" * 1_000_000, "word " * 200_000])
def test_the_first_lines_of_a_huge_text_cost_no_more_than_a_few_lines(text):
    ruler = Ruler()
    lines = fill_lines(text, 50.0, ruler, most=3)
    assert len(lines) == 3 and all(ruler(line) <= 50.0 for line in lines)
    assert ruler.measured < 2 * len(text)  # (a long word is measured whole once)


def test_the_first_lines_are_those_of_the_whole_text():
    rng = random.Random(7)
    for _ in range(300):
        text = "".join(rng.choice("iWm lx.…中 ") for _ in range(rng.randint(0, 90)))
        room = rng.choice([0.5, 3.0, 12.0, 40.0])
        ruler = Ruler(rng.choice([1.0, 2.5]))
        whole = fill_lines(text, room, ruler)
        assert "".join(whole).replace(" ", "") == "".join(text.split())
        assert all(ruler(line) <= room or len(line) == 1 for line in whole)
        for most in (1, 2, 3):
            assert fill_lines(text, room, ruler, most) == whole[:most]
