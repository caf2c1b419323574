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
