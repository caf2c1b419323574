"""Number formatting shared by the text writers: short, stable, never ``-0``."""

from __future__ import annotations


def fmt(value: float, decimals: int = 7) -> str:
    """``value`` with at most ``decimals`` decimals and no trailing zeros (0.1 µm for mm)."""
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
