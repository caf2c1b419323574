"""The ``fabgen`` command line: parse, call the library, print what was written.

Command modules import only click at module level so that ``fabgen --help`` and the
laser commands start fast; heavy libraries are imported inside the commands.
"""

from __future__ import annotations

import click

from fabgen import __version__
from fabgen.cli.common import BadInput
from fabgen.errors import FabgenError, ParameterError


class FabgenGroup(click.Group):
    """Turns :class:`FabgenError` from any subcommand into a clean exit 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        # The order of commands.ALL (a maker's workflow), not alphabetical.
        return list(self.commands)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        if args and args[0] == "help":  # (as git help, pip help: click knew no such command)
            topic = next((a for a in args[1:] if a in self.commands), None)
            shows = (
                f"fabgen {topic} --help shows its"
                if topic
                else "fabgen COMMAND --help shows a command's"
            )
            raise click.UsageError(
                f"No such command 'help': fabgen --help lists the commands, and {shows} options",
                ctx,
            )
        return super().resolve_command(ctx, args)

    def main(self, *args, **kwargs):
        """Everything the program prints, ``fabgen --help`` and the error message of
        :class:`BadInput` (which click prints after :meth:`invoke`) included, goes
        through the terminal-safe wrapper."""
        import sys

        from fabgen.text import StreamFailed, TerminalSafe

        # Names and labels from files are printed: never let them drive the terminal,
        # nor end in UnicodeEncodeError where the terminal is not UTF-8.
        # (A stream is None when its file descriptor was closed: click then skips it.)
        streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = (
            s if s is None or isinstance(s, TerminalSafe) else TerminalSafe(s) for s in streams
        )
        try:
            return super().main(*args, **kwargs)
        except StreamFailed as exc:  # (while printing --help or an error message)
            _stream_failed(exc)
        finally:
            sys.stdout, sys.stderr = streams

    def invoke(self, ctx: click.Context):
        from fabgen.text import StreamFailed, for_terminal

        try:
            return super().invoke(ctx)
        except ParameterError as exc:
            from fabgen.cli.options import named_for_the_command_line

            raise BadInput(for_terminal(named_for_the_command_line(exc))) from None
        except FabgenError as exc:
            raise BadInput(for_terminal(str(exc))) from None
        except click.NoSuchOption as exc:
            raise _with_meant_options(exc) from None
        except click.UsageError as exc:
            if exc.message.startswith("Got unexpected extra argument"):
                exc.message += _file_hint(exc.ctx)  # type: ignore[misc]
            _said_for_terminal(exc)
            raise
        except click.ClickException as exc:
            _said_for_terminal(exc)
            raise
        except StreamFailed as exc:
            _stream_failed(exc)
        except KeyboardInterrupt:
            # Exit 130 as shells report a command that SIGINT stopped (click says
            # "Aborted!" with 1); writes are transactions, so nothing is half written.
            click.echo("Stopped (Ctrl+C).", err=True)
            ctx.exit(128 + 2)


#: Options a newcomer may guess by meaning, where click's spelling match finds nothing
#: or the wrong one (``stones --size`` suggested --seat): the options meant, in order.
MEANT_OPTIONS = {
    "--size": ("--width", "--stone-diameter", "--sheet", "--bed", "--paper"),
    "--tile-size": ("--width",),
    "--diameter": ("--stone-diameter", "--circle-diameter"),
    "--board": ("--preset",),
    "--tiles": ("--count",),
    "--paper-size": ("--paper",),
    "--out": ("--svg", "--games-dir"),
    "-o": ("--out", "--svg", "--games-dir"),
    "--output": ("--out", "--svg", "--games-dir"),
    "--output-dir": ("--out", "--svg", "--games-dir"),
    "--outdir": ("--out", "--svg", "--games-dir"),
}


def _with_meant_options(exc: click.NoSuchOption) -> click.NoSuchOption:
    """``exc`` naming the command's options that a guessed name may mean (else as click
    says it: its usage lines point to --help). Design notes: *One definition per
    setting*, a newcomer's guesses."""
    from fabgen.text import for_terminal

    command = exc.ctx.command if exc.ctx else None
    options = {
        opt: param
        for param in (command.params if command else ())
        if isinstance(param, click.Option)
        for opt in param.opts
    }
    guessed = MEANT_OPTIONS.get(exc.option_name, ())
    meant = [options[o] for o in guessed if o in options]
    if meant:
        names = [p.opts[0] for p in meant]
        said = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        message = f"No such option '{exc.option_name}'. Did you mean {said}?"
    elif "--out" in (*guessed, exc.option_name) and exc.ctx:
        message = (
            f"No such option '{exc.option_name}': {exc.ctx.command_path} writes no files, "
            "it only prints (add > FILE to keep what it prints)"
        )
    else:
        _said_for_terminal(exc)
        return exc
    return click.NoSuchOption(exc.option_name, for_terminal(message), ctx=exc.ctx)


def _file_hint(ctx: click.Context | None) -> str:
    """What a command without a file argument does with a file: "fabgen check-alignment
    tile.svg" said only "Got unexpected extra argument (tile.svg)"."""
    from fabgen.cli.common import InputPath

    if ctx is None or any(isinstance(p, click.Argument) for p in ctx.command.params):
        return ""
    name = " ".join(["fabgen", *ctx.command_path.split()[1:]])  # (not the program's name)
    for param in ctx.command.params:
        if isinstance(param, click.Option) and isinstance(param.type, InputPath):
            flag = max(param.opts, key=len)
            return f": {name} reads a file given with {flag} ({name} {flag} FILE)"
    return (
        f": {name} takes no file, its settings are options ({name} --help); a kit file is "
        "built with fabgen build FILE, a board file checked with fabgen validate FILE and "
        "printed with fabgen layout FILE"
    )


def _said_for_terminal(exc: click.ClickException) -> None:
    """click's own error, its message made safe to print (it may quote what was typed)."""
    from fabgen.text import for_terminal

    # click types message Final, but its error of any kind is shown from it: replacing
    # it is the one way to keep the error's class, its usage line and exit code.
    exc.message = for_terminal(exc.message)  # type: ignore[misc]


def _stream_failed(exc: OSError) -> None:
    """Ends the program when its output cannot be written. A reader that went away
    (``fabgen boards | head -1``) is no error: stop quietly, as other tools do. Anything
    else (a full disk) is said on stderr, if it can be, with exit code 1."""
    import contextlib
    import errno
    import os

    if exc.errno != errno.EPIPE:
        with contextlib.suppress(OSError):
            click.echo(
                f"Error: could not print fabgen's output ({exc.strerror}). Any files the "
                "command wrote are complete; to see its output, send it to a terminal or "
                "to a file on a disk with room.",
                err=True,
            )
    # (Python would report the unflushed, broken stream once more at exit.)
    devnull = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    raise SystemExit(1)


@click.group(cls=FabgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fabgen")
def main() -> None:
    """Build and check a hand-made copy of the Atlantis hex-island game.

    Commands that write files write them into --out DIR (default: output/; rules turn
    into --svg DIR; rules machine --play prints the game unless given --out) and list
    them. Bad input stops with a message and exit code 2.
    """


def _register() -> None:
    from fabgen.cli import commands
    from fabgen.cli.help_text import use_whole_word_help

    for command in commands.ALL:
        main.add_command(command)
    use_whole_word_help(main)  # no help line ends in half a word ("extreme-")


_register()
