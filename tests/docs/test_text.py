"""The rule-sheet text format and the shipped texts."""

import pytest

from fabgen.docs.figures import FIGURES
from fabgen.docs.text import (
    FigureRef,
    Heading,
    Items,
    Para,
    TemplateError,
    fill_caption,
    load_document,
    parse_document,
    plain,
    to_markup,
)

SAMPLE = """# Atlantis: rules

> A lead
> in two lines.

## Moving

A paragraph
over two lines with **bold**.

- one
- two
  continued
1. first

@figure chain
Waves: {waves}.
"""


def test_parse_blocks_of_every_kind():
    doc = parse_document(SAMPLE)
    assert doc.title == "Atlantis: rules"
    assert doc.lead == "A lead in two lines."
    assert doc.blocks == (
        Heading(2, "Moving"),
        Para("A paragraph over two lines with **bold**."),
        Items(("one", "two continued", "first")),
        FigureRef("chain", "Waves: {waves}."),
    )
    assert doc.figure_names() == ["chain"]


def test_numbered_lists_and_subheadings():
    doc = parse_document("# T\n\n### Sub\n\n1. a\n2. b\n")
    assert doc.blocks == (Heading(3, "Sub"), Items(("a", "b"), numbered=True))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no title\n", "first line must be the title"),
        ("# T\n\n## Heading\nmore\n", "blank line after a heading"),
        ("# T\n\n- item\nloose line\n", "line 4: inside a list"),
        ("# T\n\n@figure\n", "'@figure NAME'"),
        ("# T\n\ntext\n\n# Again\n", "title must come first"),
    ],
)
def test_format_errors_say_where_and_what_to_do(text, message):
    with pytest.raises(TemplateError, match=message):
        parse_document(text, "rules.md")


def test_captions_are_filled_from_facts_and_unknown_names_are_refused():
    assert fill_caption("{a} and {b}", {"a": "1", "b": "2"}, "x") == "1 and 2"
    with pytest.raises(TemplateError, match=r"uses \{c\}.*facts are: a, b"):
        fill_caption("{c}", {"a": "1", "b": "2"}, "x")


def test_markup_escapes_everything_but_bold():
    assert to_markup("a < b & **c**") == "a &lt; b &amp; <b>c</b>"
    assert plain("**bold** text") == "bold text"


@pytest.mark.parametrize("name", ["rules", "quickref"])
def test_shipped_texts_use_known_figures_and_facts(name):
    doc = load_document(name)
    for block in doc.blocks:
        if isinstance(block, FigureRef):
            figure = FIGURES[block.name]()
            fill_caption(block.caption, figure.facts, block.name)  # no unknown fact


@pytest.mark.parametrize("name", ["rules", "quickref"])
def test_shipped_texts_only_use_characters_the_embedded_font_has(name):
    from importlib import resources

    from reportlab.pdfbase.ttfonts import TTFont

    text = resources.files("fabgen.templates").joinpath("rulesheet", f"{name}.md").read_text()
    cmap = TTFont("VeraCheck", "Vera.ttf").face.charToGlyph
    missing = sorted({ch for ch in text if ch not in "\n" and ord(ch) not in cmap})
    assert not missing, f"Vera has no glyph for {missing}: it would print as a box"
