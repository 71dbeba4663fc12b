"""Heap sequences: values, periodicity, figures against the command line,
numpy round trips and sequence files, Ctrl-C."""

import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import grundy


@pytest.mark.parametrize("code,to", [("0.07", 500), ("0.6", 3000), ("4.0", 200), ("sub:1,3,4", 300)])
def test_sequence_agrees_with_the_command_line(cli, code, to):
    s = grundy.rule(code).sequence(to)
    out = subprocess.run([cli, "seq", code, "--to", str(to), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert s.values.tolist() == r["values"]
    assert s.checksum == r["checksum"]
    assert s.period == r["periodicity"]["period"]
    assert s.preperiod == r["periodicity"]["preperiod"]
    assert s.status == r["periodicity"]["status"]
    assert s.stats["max_value"] == r["max_value"]
    assert s.stats["p_count"] == r["p_count"]


def test_values_are_numpy_without_copy():
    s = grundy.rule("0.6").sequence(10**5)
    v = s.values
    assert isinstance(v, np.ndarray) and v.dtype == np.uint32 and len(v) == 10**5 + 1
    # The array is a view of the values the sequence holds in Rust: its
    # base is the sequence, and every view shares the same memory.
    assert v.base is s._s and not v.flags.owndata
    assert np.shares_memory(s.values, v)
    assert s[10] == v[10] and s[-1] == v[-1]


def test_proven_period_fills_the_rest():
    s = grundy.rule("kayles").sequence(10**6)
    assert (s.period, s.preperiod, s.status) == (12, 71, "proven")
    assert s.computed < 10**6 and len(s.values) == 10**6 + 1
    v = s.values
    assert (v[1000:1012] == v[1012:1024]).all()
    assert s.proved_at is not None


def test_file_round_trip(tmp_path, cli):
    s = grundy.rule("0.6").sequence(5000)
    path = tmp_path / "officers.gsq"
    s.save(path)
    t = grundy.load_sequence(path)
    assert np.array_equal(np.asarray(t.values), s.values)
    assert t.checksum == s.checksum and t.rule == "0.6"
    out = subprocess.run([cli, "seq", "--read", str(path), "--json", "--summary"], capture_output=True, text=True)
    assert json.loads(out.stdout)["checksum"] == s.checksum
    u = grundy.rule("0.6").sequence(5000, out=tmp_path / "b.gsq")
    assert (tmp_path / "b.gsq").read_bytes() == path.read_bytes()
    assert u.checksum == s.checksum


def test_values_are_read_only_and_save_writes_the_engines(tmp_path):
    s = grundy.rule("0.6").sequence(5000)
    s.save(tmp_path / "a.gsq")
    v = s.values
    assert not v.flags.writeable
    with pytest.raises(ValueError):
        v[3] = 99
    with pytest.raises(ValueError):
        v.flags.writeable = True
    with pytest.raises(ValueError):
        np.asarray(v)[3] = 99
    # A copy is the user's own; the sequence and its file do not change.
    w = v.copy()
    w[3] = 99
    s.save(tmp_path / "b.gsq")
    assert (tmp_path / "b.gsq").read_bytes() == (tmp_path / "a.gsq").read_bytes()
    assert s[3] == s.values[3] == 2
    # The same of a sequence read from a file, and of one whose end
    # follows from its period.
    for t in (grundy.load_sequence(tmp_path / "a.gsq"), grundy.rule("kayles").sequence(10**5)):
        with pytest.raises(ValueError):
            t.values[0] = 1


def test_values_without_numpy_are_a_read_only_memoryview():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import grundy\n"
        "v = grundy.rule('0.6').sequence(20).values\n"
        "assert isinstance(v, memoryview) and v.readonly, type(v)\n"
        "assert v.tolist()[:6] == [0, 0, 1, 2, 0, 1]\n"
        "try:\n"
        "    v[0] = 1\n"
        "except TypeError:\n"
        "    print('read-only')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "read-only"


def test_file_from_the_command_line(tmp_path, cli):
    path = tmp_path / "cli.gsq"
    subprocess.run([cli, "seq", "0.77", "--to", "2000", "--out", str(path), "--summary"], check=True,
                   capture_output=True)
    t = grundy.load_sequence(path)
    assert t.values.tolist() == grundy.rule("0.77").sequence(2000).values.tolist()


def test_ctrl_c_leaves_a_checkpoint_that_resume_continues(tmp_path):
    out = tmp_path / "long.gsq"
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt, match="saved to .*resume=True"):
        grundy.rule("0.6").sequence(3 * 10**7, out=out)
    assert time.monotonic() - t0 < 10
    assert [p.name for p in tmp_path.iterdir()] == ["long.gsq"]
    saved = grundy.load_sequence(out).values.tolist()
    assert 0 < len(saved) < 3 * 10**7
    assert saved == grundy.rule("0.6").sequence(len(saved) - 1).values.tolist()
    # Resumed: on to 5000 heaps further, the same values as a fresh run.
    to = len(saved) + 5000
    s = grundy.rule("0.6").sequence(to, out=out, resume=True)
    assert s.values.tolist() == grundy.rule("0.6").sequence(to).values.tolist()
    assert grundy.load_sequence(out).values.tolist() == s.values.tolist()
    # The module still works afterwards.
    assert grundy.rule("0.6").sequence(10).values.tolist()[:4] == [0, 0, 1, 2]


def test_resume_needs_the_same_rule_and_a_file(tmp_path):
    out = tmp_path / "k.gsq"
    with pytest.raises(grundy.GrundyError, match="give out="):
        grundy.rule("0.6").sequence(100, resume=True)
    # No file yet: a fresh run, written out.
    assert grundy.rule("0.77").sequence(100, out=out, resume=True).values.tolist()[:4] == [0, 1, 2, 3]
    with pytest.raises(grundy.GrundyError, match="holds values of"):
        grundy.rule("0.6").sequence(200, out=out, resume=True)


def test_progress_is_reported_and_can_stop_a_run(capsys):
    calls = []
    s = grundy.rule("0.6").sequence(5 * 10**5, progress=lambda done, to: calls.append((done, to)))
    assert calls[-1] == (5 * 10**5, 5 * 10**5) and len(s.values) == 5 * 10**5 + 1
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)

    def enough(done, to):
        raise ValueError("enough")

    t0 = time.monotonic()
    with pytest.raises(ValueError, match="enough"):
        grundy.rule("0.6").sequence(3 * 10**7, progress=enough)
    assert time.monotonic() - t0 < 10
    # A bar: tqdm's when it is installed, else a line on standard error.
    grundy.rule("0.6").sequence(2 * 10**5, progress=True)
    assert "heaps" in capsys.readouterr().err


def test_html_marks_the_period():
    s = grundy.rule("0.07").sequence(200)
    h = s._repr_html_()
    assert "<table" in h and "border-left" in h
    assert "period 34 from 53" in repr(s)


@pytest.mark.parametrize("code,method", [("0.8", "auto"), ("0.6", "naive"), ("sub:squares", "auto"),
                                         ("0.6", "auto")])
def test_ctrl_c_stops_every_engine_within_a_second(code, method):
    # The naive engine's heaps of 0.8 take ever longer (a three-way split of
    # a heap of n has n^2/12 options): the stop must be seen inside them.
    child = (
        "import signal, sys, grundy\n"
        # A child of a runner started with SIGINT ignored inherits that.
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "print('started', flush=True)\n"
        f"grundy.rule({code!r}).sequence(10**5 if {code!r} == '0.8' else 10**9 // 10, method={method!r})\n"
    )
    p = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    try:
        assert p.stdout.readline().strip() == "started"
        time.sleep(2.5)
        assert p.poll() is None, "the run ended before it could be stopped"
        t0 = time.monotonic()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=30)
        took = time.monotonic() - t0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert took < 1, f"stopped {took:.2f} s after Ctrl-C"
    assert p.returncode != 0 and err.rstrip().endswith("KeyboardInterrupt"), err


def test_patterns_and_claims_as_the_command_line_gives_them(cli):
    found = grundy.rule("0.77").sequence(500).pattern()
    assert found[0]["kind"] == "period" and found[0]["status"] == "proven", found
    assert found[0]["formula"] == "G(n + 12) = G(n) for n >= 71"
    assert grundy.rule("sub:squares").sequence(2000).pattern() == []
    for claim in ["0.07 has period 12 from 4", "0.07 has period 34 from 53", "sub:1,3,4 equals sub:1,4"]:
        answer = grundy.check(claim)
        out = subprocess.run([cli, "check", claim, "--json"], capture_output=True, text=True)
        assert json.loads(out.stdout) == answer, claim
    refuted = grundy.check("0.07 has period 12 from 4")
    assert refuted["verdict"] == "refuted" and refuted["counterexample"]["n"] == 4
    assert grundy.check("sub:1,3,4 equals sub:1,4")["counterexample"]["n"] == 5
    with pytest.raises(grundy.GrundyError):
        grundy.check("0.07 is nice")


def test_known_games_and_claims_about_files_and_tables(cli):
    found = grundy.rule("0.07").sequence(300).pattern()
    out = subprocess.run([cli, "pattern", "0.07", "--to", "300", "--json"], capture_output=True, text=True)
    assert json.loads(out.stdout)["findings"] == found
    assert found[1]["kind"] == "known_game" and found[1]["status"] == "proven", found
    assert found[1]["formula"] == "G(n) = G(n - 1) of dawson-chess (0.137)"
    script = str(pathlib.Path(__file__).parents[3] / "examples" / "scripts" / "kayles.rhai")
    for claim in [
        "G(x, y) = x xor y for twoheap:wythoff",
        "G(n) = n % 3 for sub:1,2",
        f"{script} equals 0.07",
    ]:
        answer = grundy.check(claim, 60)
        out = subprocess.run([cli, "check", claim, "--to", "60", "--json"], capture_output=True, text=True)
        assert json.loads(out.stdout) == answer, claim
    assert grundy.check("G(x, y) = x xor y for twoheap:wythoff")["counterexample"]["xy"] == [1, 1]
    assert grundy.check("G(n) = n % 3 for sub:1,2")["verdict"] == "proven"
