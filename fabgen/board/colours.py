"""The colour names a board file may give a seat (``colour = "red"``), with the colour
each is drawn in. Here in the board package because the board file reader checks names
against it; drawings (:mod:`fabgen.draw.position`) use it too.
"""

NAMED_COLOURS = {
    "red": "#d62728",
    "blue": "#1f5fbf",
    "green": "#2ca02c",
    "yellow": "#f0c419",
    "purple": "#8e44ad",
    "orange": "#ff7f0e",
    "black": "#000000",
    "white": "#ffffff",
    "brown": "#8c564b",
    "pink": "#e377c2",
    "grey": "#7f7f7f",
    "gray": "#7f7f7f",
    "cyan": "#17becf",
    "magenta": "#c2185b",
}


def drawn_colour(colour: str) -> str:
    """The ``#rrggbb`` a seat's colour is drawn in, so that ``"red"``, ``"Red"`` and
    ``"#D62728"`` are found to be one colour."""
    text = colour.strip().lower()
    text = NAMED_COLOURS.get(text, text)
    if len(text) == 4 and text.startswith("#"):  # #rgb
        text = "#" + "".join(c * 2 for c in text[1:])
    return text
