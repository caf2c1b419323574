"""Errors a maker can fix by changing an input.

The CLI prints the message of a :class:`FabgenError` as one paragraph and exits with
code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


class FabgenError(Exception):
    """Bad input: a parameter, flag or file the user can correct."""


class ParameterError(FabgenError, ValueError):
    """An impossible parameter or combination of parameters."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter


class InputFileError(FabgenError):
    """A file that cannot be read or does not describe what it should.

    ``where`` locates the problem inside the file (a JSON path such as
    ``$.players[1].stacks.c3``, a TOML key, an SVG element id).
    """

    def __init__(self, path: str, message: str, where: str | None = None):
        location = f"{path} at {where}" if where else str(path)
        super().__init__(f"{location}: {message}")
        self.path = str(path)
        self.where = where
        self.detail = message


class UserError(FabgenError):
    """A flag, value or combination the command line refuses before calling the library.

    Shown like every :class:`FabgenError`; kept free of click so that modules below the
    command line (``fabgen.limits``) can raise it without importing ``fabgen.cli``.
    """
