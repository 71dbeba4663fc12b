"""Misère quotients and genera of heap rules, against the command line."""

import json
import os
import signal
import subprocess
import threading
import time

import pytest

import grundy


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def untimed(report):
    return {k: v for k, v in report.items() if k != "seconds"}


@pytest.mark.parametrize("code,to", [("0.75", 12), ("0.31", 6), ("kayles", 30), ("sub:1,3,4", 20)])
def test_quotient_agrees_with_the_command_line(cli, code, to):
    q = grundy.rule(code).misere_quotient(to)
    assert untimed(q) == untimed(cli_json(cli, "misere", code, "--to", str(to)))
    assert isinstance(q["seconds"], float)


def test_quotient_until_proven(cli):
    q = grundy.rule("0.77").misere_quotient(until_proven=True)
    assert untimed(q) == untimed(cli_json(cli, "misere", "0.77", "--until-proven"))
    assert q["periodicity"] == {"status": "proven", "preperiod": 71, "period": 12}
    assert q["order"] == 40 and q["p_size"] == 9


def test_quotient_limits_as_the_command_line_takes_them(cli):
    q = grundy.rule("kayles").misere_quotient(30, max_order=4)
    assert untimed(q) == untimed(cli_json(cli, "misere", "kayles", "--to", "30", "--max-order", "4"))
    assert "within 4 elements" in q["stopped"]
    with pytest.raises(ValueError, match="--max-order 0"):
        grundy.rule("kayles").misere_quotient(30, max_order=0)
    with pytest.raises(ValueError, match="GiB of memory"):
        grundy.rule("kayles").misere_quotient(30, max_order=10**8)


def test_genus_agrees_with_the_command_line(cli):
    for code, start, to in [("kayles", 0, 20), ("4!.0", 13, 13), ("0.75", 3, 15)]:
        g = grundy.rule(code).genus(to, start=start)
        assert g == cli_json(cli, "seq", code, "--from", str(start), "--to", str(to), "--genus")
    assert grundy.rule("kayles").genus(7)["genus_full"][7] == "2^20"


def cli_error(cli, *args):
    out = subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    return out.stderr.strip().removeprefix("grundy: error: ")


@pytest.mark.parametrize(
    "call,args",
    [
        (lambda: grundy.rule("0.31").misere_quotient(), ["misere", "0.31"]),
        (lambda: grundy.rule("4!.0").misere_quotient(until_proven=True), ["misere", "4!.0", "--until-proven"]),
        (lambda: grundy.rule("0.31").misere_quotient(99999999), ["misere", "0.31", "--to", "99999999"]),
        (lambda: grundy.rule("0.77").genus(400), ["seq", "0.77", "--to", "400", "--genus"]),
        (lambda: grundy.rule("0.77").genus(3, start=9), ["seq", "0.77", "--from", "9", "--to", "3", "--genus"]),
    ],
)
def test_errors_are_the_command_lines(cli, call, args):
    with pytest.raises(grundy.GrundyError) as e:
        call()
    assert str(e.value) == cli_error(cli, *args)
    assert "\n" not in str(e.value)


def test_wrong_numbers():
    with pytest.raises(grundy.GrundyError, match="^to=-1: "):
        grundy.rule("0.77").genus(-1)
    with pytest.raises(grundy.GrundyError, match="^start=-2: "):
        grundy.rule("0.77").genus(5, start=-2)
    with pytest.raises(grundy.GrundyError, match="^to=-1: "):
        grundy.rule("0.77").misere_quotient(-1)
    with pytest.raises(TypeError):
        grundy.rule("0.77").misere_quotient("12")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        grundy.rule("0.77").genus(5, start=1.5)  # type: ignore[arg-type]


def test_ctrl_c_stops_a_quotient():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        # Grundy's game: its candidates grow for seconds at heap 29.
        grundy.rule("4!.0").misere_quotient(40)
    assert time.monotonic() - t0 < 10
    assert grundy.rule("0.75").misere_quotient(12)["order"] == 8
