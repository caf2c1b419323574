"""fabgen: build and check a hand-made copy of the Atlantis hex-island game."""

__version__ = "0.1.0"
