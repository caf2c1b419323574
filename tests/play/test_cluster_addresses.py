"""``--scheduler`` addresses with a typo an organiser makes (a port with a letter or a
digit too many, ``tcp//`` without its colon) are refused for what they are, before
anything connects: exit 2, one paragraph, no files."""

import pytest

distributed = pytest.importorskip("distributed")


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("tcp://10.0.0.5:8786x", "(the port, after the last colon, is not a number)"),
        ("tcp://10.0.0.5:87860", "(the port is 87860, and a port is 1 to 65535)"),
        ("10.0.0.5:0", "(the port is 0, and a port is 1 to 65535)"),
        ("tcp//10.0.0.5:8786", "(the host tcp//10.0.0.5 has a slash, and a host name has none)"),
    ],
    ids=["a letter in the port", "a digit too many", "port 0", "tcp// without its colon"],
)
@pytest.mark.parametrize(
    "command", [("balance", "--games", "1"), ("validate", "--simulate", "1")], ids=lambda c: c[0]
)
def test_a_mistyped_scheduler_address_says_what_is_wrong(
    cli, tmp_path, monkeypatch, address, says, command
):
    """(A port of 87860 was "nothing listens on port 87860", the system having tried
    87860 - 65536; tcp// was "no address for tcp//10.0.0.5"; a letter was Python's
    "invalid literal for int() with base 10".)"""

    def no_client(*args, **kwargs):
        raise AssertionError(f"a Dask client was started for {address!r}")

    def no_connection(*args, **kwargs):
        raise AssertionError(f"a connection was tried for {address!r}")

    monkeypatch.setattr(distributed, "Client", no_client)
    monkeypatch.setattr("socket.create_connection", no_connection)
    out = tmp_path / "out"
    if command[0] == "balance":
        command += ("--out", out)
    result = cli(*command, "--preset", "2p-diamond-4", "--scheduler", address)
    assert result.exit_code == 2, result.output
    assert not out.exists() and result.stdout == ""
    assert f"--scheduler '{address}' is not an address of a Dask scheduler {says}" in result.stderr
    assert "give it as tcp://HOST:PORT" in result.stderr
    assert "Traceback" not in result.output and "invalid literal" not in result.stderr
