"""Progress of long runs of games (``balance``, ``boards --simulate``): a bar on a
terminal, else a plain line at most once a minute, nothing in a short run."""

import io

from fabgen.cli.common import LOG_EVERY, GamesProgress


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_without_a_terminal_a_line_at_most_once_a_minute():
    clock, log = Clock(), io.StringIO()
    with GamesProgress(200, stream=log, clock=clock) as bar:
        for _ in range(19):  # 190 games, one batch of 10 every 15 s
            clock.now += 15
            bar.update(10)
        clock.now += 15
        bar.update(10)  # the last batch: the report follows, no line
    lines = log.getvalue().splitlines()
    elapsed = 20 * 15
    assert len(lines) == int(elapsed // LOG_EVERY) - 1  # none at the end
    assert lines[0] == "played 40 of 200 games in 1.0 min, about 4.0 min left"
    assert lines[-1] == "played 160 of 200 games in 4.0 min, about 1.0 min left"


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as a console's stderr does."""

    def isatty(self):
        return True


def test_a_short_run_without_a_terminal_prints_nothing():
    clock, log = Clock(), io.StringIO()
    with GamesProgress(40, stream=log, clock=clock) as bar:
        for _ in range(4):
            clock.now += 2
            bar.update(10)
    assert log.getvalue() == ""


def test_on_a_terminal_it_is_a_bar():
    screen = Terminal()
    with GamesProgress(20, stream=screen) as bar:
        bar.update(10)
        bar.update(10)
    assert "playing" in screen.getvalue()


def test_the_bar_redraws_itself_through_the_terminal_safe_wrapper():
    """Every command's stderr is wrapped (fabgen.text.TerminalSafe): the bar's carriage
    returns and escape codes must reach the terminal as such, not as escaped text."""
    from fabgen.text import TerminalSafe

    screen = Terminal()
    with GamesProgress(20, stream=TerminalSafe(screen)) as bar:
        bar.update(10)
        bar.update(10)
    shown = screen.getvalue()
    assert "\r" in shown and "playing" in shown
    assert "\\u000d" not in shown


def test_time_spent_waiting_for_a_cluster_worker_is_left_out_of_the_estimate():
    """(A run that waited for its first worker projected the wait onto every game left:
    5 min of waiting and 1 min for 40 games said "about 24.0 min left" for 160 more.)"""
    clock, log = Clock(), io.StringIO()
    with GamesProgress(200, stream=log, clock=clock) as bar:
        clock.now += 300  # no worker for 5 minutes
        bar.leave_out(300)
        clock.now += 60
        bar.update(40)
    assert log.getvalue() == "played 40 of 200 games in 1.0 min, about 4.0 min left\n"


def test_the_bar_on_a_terminal_leaves_the_wait_out_too():
    progress = GamesProgress(20, stream=Terminal())
    with progress:
        began = progress.bar.start
        progress.leave_out(300)
        assert progress.bar.start == began + 300
